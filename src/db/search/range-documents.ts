/**
 * Which documents a range reference reads. One range index holds a name's values from JSON
 * properties and XML elements alike; as cts:json-property-range-query and
 * cts:element-range-query do, a json-property reference reads JSON documents and an element
 * (or attribute) reference XML ones. Range queries (evaluate.ts) and value lexicons
 * (run-values.ts) ask here. Range facets count the whole index instead (run-search.ts
 * facetsOf, and its test "range facets, buckets and sorting by a range index"): which of the
 * two MarkLogic does for a lexicon is not settled here.
 */
import type { DocumentFormat } from '../documents/types';
import type { Corpus } from './corpus';
import type { Scope } from './query-model';

/** The format of the documents a reference with this scope reads. */
export const rangeFormat = (scope: Scope): DocumentFormat => (scope.kind === 'json-property' ? 'json' : 'xml');

/**
 * The documents of `keys` (undefined: every document) that a reference with `scope` reads;
 * undefined again when that is every document, so an index walk needs no membership test.
 * Builds no set when every document is of the reference's format.
 */
export function rangeDocuments(corpus: Corpus, keys: ReadonlySet<number> | undefined, scope: Scope): ReadonlySet<number> | undefined {
  const format = rangeFormat(scope);
  if (corpus.countOf(format) === corpus.size) return keys && keys.size < corpus.size ? keys : undefined;
  const mine = new Set<number>();
  for (const k of keys ?? corpus.keys()) if (corpus.entry(k)?.format === format) mine.add(k);
  return mine;
}
