/**
 * The values of a values or tuples definition over the documents a query matches (db.search's
 * side of `/v1/values/{name}`; MarkLogic's REST Application Developer's Guide, "Analytics: values
 * and tuples"): distinct values (or value combinations) with their frequencies, ordered, limited
 * and paged, plus the whole list the aggregates (../values/aggregates.ts) are computed from.
 *
 * Semantics:
 * - Only documents the query matches and the acting user may read count (run-search.ts's
 *   `readableMatches`, the same step a search takes; `readableKeys` says "all" without a set
 *   of every key when the whole database is asked for and readable).
 * - A range index's values are counted by the range index itself, the same count its facets
 *   use, over the documents of the reference's format (JSON for a json-property, XML for an
 *   element or attribute, as range queries match); a missing or building index is refused as a search refuses it (XDMP-ELEMRIDXNOTFOUND
 *   and kin). The collection lexicon (collection URIs, `prefix` filtering) and the URI lexicon
 *   (document URIs) must be enabled in the database's index settings, else XDMP-COLLXCNNOTFOUND
 *   and XDMP-URILXCNNOTFOUND, as the server answers; both compare by codepoint.
 * - Frequency: `item` (the REST default) counts occurrences, repeats in a document included;
 *   `fragment` counts documents. A document is in a collection, and has its URI, once — but a
 *   binary document with properties reports its URI twice, its properties being a fragment of
 *   their own with the same URI.
 * - Tuples: every combination of a document's values (one per index, the cartesian product)
 *   co-occurs in it; its fragment frequency is the documents it co-occurs in, its item
 *   frequency the product of the values' occurrences, summed over those documents.
 * - Order: item order (each index's comparator; a tuple by its first value, then the next…),
 *   reversed for `descending`; frequency order by frequency, ties in ascending item order.
 * - `limit` keeps the first N values in that order (what the lexicon produces); `all` is that
 *   list, and `start` (1-based) and `pageLength` (absent: all) slice it.
 *
 * Cost: one count per index over the matching keys (a walk of the index, or of the few
 * documents' own values); tuples add one pass over the matching documents.
 */
import { DbError } from '../errors';
import { Deadline } from '../deadline';
import { limitError, limits } from '../limits';
import { orderCounts } from '../indexes/range-index';
import { comparatorFor, type CompareValues, type RangeValue } from '../indexes/range-values';
import type { Principal } from '../security/types';
import type { DistinctTuple, DistinctValue } from '../values/aggregates';
import type { ValuesDefinition, ValuesSource } from '../values/definitions';
import type { Corpus } from './corpus';
import type { ValueLexicon } from './live-range-indexes';
import { rangeDocuments, rangeFormat } from './range-documents';
import type { Query, RangeType } from './query-model';
import { collectionCounts, readableKeys, type LoadedIndex } from './run-search';
import type { SearchIndex } from './search-index';

export interface ValuesRequest {
  /** The whole query (as db/search/assemble.ts builds it); `{kind: 'true'}` for every document. */
  query: Query;
  principal: Principal;
  definition: ValuesDefinition;
  /** The request's `frequency`; else the definition's, else `item`. */
  frequency?: 'item' | 'fragment';
  /** The request's `direction`; else the definition's. */
  direction?: 'ascending' | 'descending';
  /** The request's `limit`; else the definition's `limit=N`; else none. */
  limit?: number;
  /** 1-based; default 1. */
  start?: number;
  /** Absent: every value from `start` on. */
  pageLength?: number;
  deadline?: Deadline;
  /** The open transaction it runs in: its uncommitted documents count (docs/decisions/0033-transactions.md). */
  transaction?: string;
}

export type ValuesOutcome =
  | {
      kind: 'values';
      type: RangeType;
      collation?: string;
      /** The page. */
      values: DistinctValue[];
      /** Every value the lexicon produced (ordered, limited, not paged): what the aggregates read. */
      all: DistinctValue[];
    }
  | {
      kind: 'tuples';
      /** The type of each tuple's values, in the definition's order. */
      types: RangeType[];
      /** The collation of each index (undefined where its type has none). */
      collations: Array<string | undefined>;
      tuples: DistinctTuple[];
      all: DistinctTuple[];
    };

/** What running values reads of the index: what a search reads, and the lexicon settings. */
export type ValuesIndex = LoadedIndex & Pick<SearchIndex, 'indexSettings'>;

/** The collation the collection and URI lexicons order by. */
const CODEPOINT = 'http://marklogic.com/collation/codepoint';
/** Documents (or combinations) between two deadline checks while tuples are gathered, each also a chance to let other requests run. */
const CHECK_EVERY = 1024;

export async function runValues(index: ValuesIndex, request: ValuesRequest): Promise<ValuesOutcome> {
  const deadline = request.deadline ?? Deadline.none;
  const def = request.definition;
  const settings = await index.indexSettings();
  for (const s of def.sources) {
    if (s.kind === 'collection' && !settings['collection-lexicon']) throw new DbError('XDMP-COLLXCNNOTFOUND', `Values ${JSON.stringify(def.name)}: the collection lexicon is not enabled (collection-lexicon in the database's index settings)`);
    if (s.kind === 'uri' && !settings['uri-lexicon']) throw new DbError('XDMP-URILXCNNOTFOUND', `Values ${JSON.stringify(def.name)}: the URI lexicon is not enabled (uri-lexicon in the database's index settings)`);
  }
  const corpus = await index.ready();
  // Refused before the query runs: a missing or building range index.
  const lexicons = def.sources.map((s) => lexiconOf(index, corpus, s));
  const { readable } = await readableKeys(index, request.query, request.principal, deadline, 'the values', request.transaction);
  const frequency = request.frequency ?? def.frequency ?? 'item';
  const direction = request.direction ?? def.direction;
  const limit = request.limit ?? def.limit;
  const from = (request.start ?? 1) - 1;
  const page = <T>(all: T[]): T[] => all.slice(from, request.pageLength === undefined ? undefined : from + request.pageLength);

  const collations = lexicons.map((l) => l.collation);
  if (lexicons.length === 1) {
    const [lexicon] = lexicons;
    const counts = orderCounts(lexicon.counts(readable, frequency), def.order, direction);
    const all = (limit === undefined ? counts : counts.slice(0, limit)).map((c): DistinctValue => ({ value: c.value, frequency: c.count }));
    if (def.kind === 'values') return { kind: 'values', type: lexicon.type, ...(lexicon.collation ? { collation: lexicon.collation } : {}), values: page(all), all };
    // `style: consistent` on one index: the same values, each a tuple of one.
    const tuples = all.map((v): DistinctTuple => ({ values: [v.value], frequency: v.frequency }));
    return { kind: 'tuples', types: [lexicon.type], collations, tuples: page(tuples), all: tuples };
  }
  deadline.check('the values');
  const counts = orderCounts(await tupleCounts(def.name, lexicons, readable, () => corpus.keys(), frequency, deadline), def.order, direction);
  const all = (limit === undefined ? counts : counts.slice(0, limit)).map((c): DistinctTuple => ({ values: c.values, frequency: c.count }));
  return { kind: 'tuples', types: lexicons.map((l) => l.type), collations, tuples: page(all), all };
}

/** The lexicon a source names; a range index that is missing or being built is refused here. */
function lexiconOf(index: ValuesIndex, corpus: Corpus, source: ValuesSource): ValueLexicon {
  if (source.kind === 'range') {
    const lexicon = index.rangeIndexes.lexicon(source.index);
    // A json-property reference reads JSON documents and an element or attribute reference XML
    // ones, as a range query and a range facet do (range-documents.ts).
    const format = rangeFormat(source.index.scope);
    const ofFormat = (k: number) => corpus.entry(k)?.format === format;
    return {
      type: lexicon.type,
      collation: lexicon.collation,
      compare: lexicon.compare,
      counts: (keys, frequency) => lexicon.counts(rangeDocuments(corpus, keys, source.index.scope), frequency),
      docValues: (key) => (ofFormat(key) ? lexicon.docValues(key) : undefined),
    };
  }
  const compare = comparatorFor('string', CODEPOINT);
  const ascending = (list: Array<{ value: RangeValue; count: number }>) => list.sort((a, b) => compare(a.value, b.value));
  const once = (values: string[]) => ({ values: values.sort(compare), occurrences: values.map(() => 1) });
  if (source.kind === 'collection') {
    const prefix = source.prefix ?? '';
    return {
      type: 'string',
      collation: CODEPOINT,
      compare,
      // A document is in a collection once: both frequencies count documents.
      counts: (keys) => ascending(collectionCounts(corpus, keys, prefix)),
      docValues: (key) => {
        const values = corpus.entry(key)?.collections.filter((c) => c.startsWith(prefix)) ?? [];
        return values.length > 0 ? once(values) : undefined;
      },
    };
  }
  // A binary document's properties (extracted from it, or set) are a fragment of their own
  // under the same URI: the URI lexicon reports that URI with a frequency of 2.
  const uriCount = (k: number): number => (corpus.entry(k)!.format === 'binary' && corpus.propertiesOf(k) ? 2 : 1);
  return {
    type: 'string',
    collation: CODEPOINT,
    compare,
    counts: (keys) => ascending([...(keys ?? corpus.keys())].map((k) => ({ value: corpus.entry(k)!.uri, count: uriCount(k) }))),
    docValues: (key) => {
      const uri = corpus.entry(key)?.uri;
      return uri === undefined ? undefined : { values: [uri], occurrences: [uriCount(key)] };
    },
  };
}

/**
 * The distinct combinations of the lexicons' values co-occurring in documents of `keys` (undefined: all), with
 * their frequencies, in ascending item order. Each value is numbered by its place among its
 * index's distinct values, so equal values (under a collation, say) are one and a tuple's
 * order is the order of its numbers.
 */
async function tupleCounts(name: string, lexicons: ValueLexicon[], keys: ReadonlySet<number> | undefined, all: () => Iterable<number>, frequency: 'item' | 'fragment', deadline: Deadline): Promise<Array<{ values: RangeValue[]; count: number }>> {
  const distinct = lexicons.map((l) => l.counts(keys, 'fragment').map((c) => c.value));
  const n = lexicons.length;
  // A combination is keyed by its numbers in mixed radix (one digit per index) while that is
  // exact, so counting it allocates nothing unless it is new; else by its numbers as text.
  const exact = distinct.reduce((space, d) => space * Math.max(d.length, 1), 1) <= Number.MAX_SAFE_INTEGER;
  const byKey = new Map<number | string, { ids: number[]; count: number }>();
  const ids: number[][] = Array.from({ length: n }, () => []);
  const weights: number[][] = Array.from({ length: n }, () => []);
  const at: number[] = new Array<number>(n);
  let seen = 0;
  let steps = 0;
  for (const key of keys ?? all()) {
    if (++seen % CHECK_EVERY === 0) await deadline.pace('the values');
    let complete = true;
    for (let i = 0; i < n && complete; i++) {
      const own = lexicons[i].docValues(key);
      ids[i].length = 0;
      weights[i].length = 0;
      own?.values.forEach((v, j) => {
        const id = rankOf(distinct[i], v, lexicons[i].compare);
        if (id < 0) return;
        ids[i].push(id);
        weights[i].push(frequency === 'item' ? own.occurrences[j] : 1);
      });
      complete = ids[i].length > 0;
    }
    if (!complete) continue;
    // Every combination, as an odometer over the indexes' values. One document's combinations
    // multiply (three arrays of a thousand values are a billion), so the deadline is checked
    // (and the thread given to other requests) inside this loop too, not only between documents.
    at.fill(0);
    for (;;) {
      if (++steps % CHECK_EVERY === 0) await deadline.pace('the values');
      let weight = 1;
      let number = 0;
      for (let i = 0; i < n; i++) {
        weight *= weights[i][at[i]];
        number = number * distinct[i].length + ids[i][at[i]];
      }
      const id = exact ? number : at.map((a, i) => ids[i][a]).join(',');
      const found = byKey.get(id);
      if (found) found.count += weight;
      else {
        if (byKey.size >= limits.maxValuesTuples) throw limitError('maxValuesTuples', `the tuples of ${JSON.stringify(name)}`);
        byKey.set(id, { ids: at.map((a, i) => ids[i][a]), count: weight });
      }
      let i = n - 1;
      while (i >= 0 && ++at[i] === ids[i].length) at[i--] = 0;
      if (i < 0) break;
    }
  }
  const tuples = [...byKey.values()].sort((a, b) => {
    for (let i = 0; i < n; i++) if (a.ids[i] !== b.ids[i]) return a.ids[i] - b.ids[i];
    return 0;
  });
  return tuples.map((t) => ({ values: t.ids.map((id, i) => distinct[i][id]), count: t.count }));
}

/** The position of `v` among `sorted` distinct values, or −1. */
function rankOf(sorted: readonly RangeValue[], v: RangeValue, compare: CompareValues): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(sorted[mid], v);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}
