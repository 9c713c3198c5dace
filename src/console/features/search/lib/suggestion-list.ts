/**
 * The query box's suggestion list: which entry the arrow keys move to, and what choosing
 * an entry does. A suggestion is the whole query with its last token completed (MarkLogic’s REST API reference,
 * /v1/suggest); one ending in `:` names a constraint whose values come next, so it is not run.
 */

export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/** The active index after a key; -1 is "none" (the text as typed). Up from the first goes back to none. */
export function nextActive(active: number, count: number, key: ListKey): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= -1 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
}

/** Whether choosing the suggestion should run the search (a constraint name still waits for its value). */
export function completesQuery(suggestion: string): boolean {
  return !/:$/.test(suggestion.trimEnd());
}

/** Where a suggestion stops repeating what was typed: the rest is shown emphasised. */
export function typedPrefixLength(typed: string, suggestion: string): number {
  let i = 0;
  const lower = (s: string) => s.toLowerCase();
  while (i < typed.length && i < suggestion.length && lower(typed[i]) === lower(suggestion[i])) i++;
  return i;
}

/** The text whose last token the server would complete, or undefined when there is nothing to complete. */
export function partialToComplete(text: string, cursor: number): string | undefined {
  const before = text.slice(0, cursor);
  if (before.trim() === '' || /[\s(]$/.test(before)) return undefined;
  return text;
}
