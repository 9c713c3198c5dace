/**
 * The collection picker's type-ahead: which of the lexicon's collections match what is
 * typed (those starting with it first, then those containing it, case ignored), and — when
 * none does — the closest ones by edit distance, so a typo offers what was meant instead
 * of an empty listing.
 */

export interface CollectionCount {
  collection: string;
  /** Documents in it (within the directory being browsed). */
  count: number;
}

/** The collections matching `typed`: prefix matches, then substring matches, each in lexicon order. */
export function matchCollections(all: readonly CollectionCount[], typed: string): CollectionCount[] {
  const needle = typed.trim().toLowerCase();
  if (!needle) return [...all];
  const starts: CollectionCount[] = [];
  const contains: CollectionCount[] = [];
  for (const c of all) {
    const name = c.collection.toLowerCase();
    if (name.startsWith(needle)) starts.push(c);
    else if (name.includes(needle)) contains.push(c);
  }
  return [...starts, ...contains];
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), case ignored. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0][j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[s.length][t.length];
}

/**
 * Up to `max` collections close to `typed`, nearest first: within a third of the longer
 * name's length (at least 2 edits), comparing `typed` with the whole name and with the name's
 * start of the same length (a typo in the first letters of a long name).
 */
export function suggestCollections(all: readonly CollectionCount[], typed: string, max = 3): CollectionCount[] {
  const needle = typed.trim();
  if (!needle) return [];
  return all
    .map((c) => {
      const distance = Math.min(editDistance(needle, c.collection), editDistance(needle, c.collection.slice(0, needle.length)) + 0.5);
      return { c, distance, allowed: Math.max(2, Math.floor(Math.max(needle.length, c.collection.length) / 3)) };
    })
    .filter(({ distance, allowed }) => distance <= allowed)
    .sort((x, y) => x.distance - y.distance || y.c.count - x.c.count)
    .slice(0, max)
    .map(({ c }) => c);
}
