/**
 * The baseline for search: raw FlexSearch in the page over the same texts (every string
 * value of each generated record), with its own tokenizer and default scoring — what the
 * library Tabula's term index is built on costs when it does nothing else. No snippets,
 * no facets, no phrases, no HTTP, no IndexedDB: the API's figures minus these is what
 * the rest costs. Runs in the page.
 */
import { Index } from 'flexsearch';
import { searchDocuments } from './search-data';

let kept: Index | undefined;

export interface FlexBuild {
  total: number;
  ms: number;
  docsPerSecond: number;
}

/** Indexes the first `total` documents (texts taken before the clock starts) and keeps the index for {@link flexQuery}. */
export function flexBaselineBuild({ total, prefix }: { total: number; prefix: string }): FlexBuild {
  const texts = searchDocuments(prefix, total).map((d) => d.plainText);
  // Whole words, case-folded, AND across the words of a query: the closest to an unstemmed word search.
  const index = new Index({ tokenize: 'strict' });
  const start = performance.now();
  for (let i = 0; i < texts.length; i++) index.add(i, texts[i]);
  const ms = performance.now() - start;
  kept = index;
  return { total, ms, docsPerSecond: (total / ms) * 1000 };
}

function index(): Index {
  if (!kept) throw new Error('no FlexSearch index kept: call flexBaselineBuild first');
  return kept;
}

/**
 * One query on the kept index, timed as the mean of `repeats` runs: a FlexSearch query
 * takes less than the page timer's 0.1 ms resolution. Its result cache is off (the
 * default), so each repeat does the whole lookup.
 */
export function flexQuery(text: string, limit: number, repeats: number): { ms: number; hits: number } {
  const ix = index();
  let hits = 0;
  const start = performance.now();
  for (let i = 0; i < repeats; i++) hits = ix.search(text, { limit }).length;
  return { ms: (performance.now() - start) / repeats, hits };
}

/** Every document the query matches (not timed). */
export function flexHits(text: string): number {
  return index().search(text, { limit: Number.MAX_SAFE_INTEGER }).length;
}

/** Frees the kept index. */
export function flexForget(): void {
  kept = undefined;
}
