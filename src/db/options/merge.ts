/**
 * Inline options on top of a stored set, as MarkLogic merges the options of a combined
 * query with the named (or default) ones (`sut:merge-options`, MarkLogic’s REST Application Developer’s Guide, combined queries):
 *
 * - each top-level key of the inline options replaces the stored key entirely;
 * - except `constraint`, `values` and `tuples`, which are replaced entry by entry, by
 *   `name` (stored entries of other names stay);
 * - `additional-query` accumulates: both sets' queries apply (they have no name to
 *   replace by);
 * - `search-option` is replaced by group: an inline `filtered` removes a stored
 *   `unfiltered`, an inline `score-simple` removes a stored `score-logtfidf`, and stored
 *   options of other groups stay.
 *
 * Neither argument is changed. Inline entries come first, as in the server's result.
 *
 * @example
 * mergeOptions({ 'search-option': ['unfiltered', 'score-simple'] }, { 'search-option': ['filtered'] });
 * // { 'search-option': ['filtered', 'score-simple'] }
 */
import type { QueryOptions } from './types';

/** Search options that exclude one another, by group (an option not listed is its own group). */
export const SEARCH_OPTION_GROUPS: Readonly<Record<string, readonly string[]>> = {
  filtered: ['filtered', 'unfiltered'],
  score: ['score-logtfidf', 'score-logtf', 'score-simple', 'score-random', 'score-zero', 'score-bm25'],
  faceted: ['faceted', 'unfaceted'],
  checked: ['checked', 'unchecked'],
  fragment: ['any', 'document', 'properties', 'locks'],
  format: ['format-json', 'format-xml', 'format-text', 'format-binary'],
};

const groupOfOption = new Map(Object.entries(SEARCH_OPTION_GROUPS).flatMap(([group, members]) => members.map((m) => [m, group] as const)));

/** The group a search option belongs to; `sample=10` is in the group of `sample`. */
export function searchOptionGroup(option: string): string {
  const name = option.replace(/=.*$/s, '').trim();
  return groupOfOption.get(name) ?? name;
}

const BY_NAME = new Set(['constraint', 'values', 'tuples']);

export function mergeOptions(stored: QueryOptions, inline: QueryOptions | undefined): QueryOptions {
  if (!inline) return { ...stored };
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inline)) {
    const before = stored[key];
    if (before === undefined) merged[key] = value;
    else if (BY_NAME.has(key)) merged[key] = byName(asArray(value), asArray(before));
    else if (key === 'additional-query') merged[key] = [...asArray(value), ...asArray(before)];
    else if (key === 'search-option') merged[key] = byGroup(asArray(value) as string[], asArray(before) as string[]);
    else merged[key] = value;
  }
  for (const [key, value] of Object.entries(stored)) if (!(key in merged)) merged[key] = value;
  return merged as QueryOptions;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

const nameOf = (entry: unknown): unknown => (entry !== null && typeof entry === 'object' ? (entry as { name?: unknown }).name : undefined);

function byName(inline: unknown[], stored: unknown[]): unknown[] {
  const replaced = new Set<unknown>(inline.map(nameOf).filter((n) => n !== undefined));
  return [...inline, ...stored.filter((entry) => !replaced.has(nameOf(entry)))];
}

function byGroup(inline: string[], stored: string[]): string[] {
  const groups = new Set(inline.map((o) => searchOptionGroup(String(o))));
  return [...inline, ...stored.filter((o) => !groups.has(searchOptionGroup(String(o))))];
}
