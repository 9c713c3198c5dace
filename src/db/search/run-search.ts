/**
 * Running a search (db.search's query side): evaluating a query against the loaded index —
 * results in order and paged, facets, snippets and extracted data, metrics — and
 * completing a partial query text. The index itself, loaded and kept current and durable,
 * is search-index.ts's; running a search only reads it.
 */
import type { StoredDocument } from '../documents/types';
import { DbError } from '../errors';
import type { QueryOptions, RangeConstraintDef } from '../options/types';
import type { Principal } from '../security/types';
import { Deadline } from '../deadline';
import { constraintKind, rangeRefOf } from './constraints';
import type { Corpus, DocEntry } from './corpus';
import { Evaluator } from './evaluate';
import { suggest, type SuggestRequest } from './suggest';
import type { PhraseMatcher } from './matchers';
import type { Query, RangeIndexRef } from './query-model';
import { rank, scoringTerms, type Ranking, type Relevance } from './rank';
import type { FacetResult, SearchResponse, SearchResult } from './response-model';
import { DEFAULT_SNIPPET, snippet } from './snippet';
import { checkExtractPaths, extractDocumentData } from './extract-document-data';
import { resolvedBuckets } from './buckets';
import type { RangeIndexes } from './live-range-indexes';
import { orderFacetValues } from './facet-order';
import { contentNodes, foldKey, forEachWord, type ContentNode } from './analyze';
import type { SearchIndex } from './search-index';

export interface SearchRequest {
  /** The whole query: string, structured, QBE, parameters and additional-query already combined. */
  query: Query;
  /** The string queries as sent (for qtext). */
  qtext: string[];
  /** The effective options (stored or default, merged with inline ones). */
  options: QueryOptions;
  start: number;
  pageLength: number;
  /** The `view` parameter: overrides return-results / return-facets / return-metrics (MarkLogic’s REST Application Developer’s Guide, combined queries). */
  view?: 'results' | 'facets' | 'metadata' | 'all' | 'none';
  principal: Principal;
  /** The request's deadline: checked between the search's stages and inside its evaluation. */
  deadline?: Deadline;
  /** The open transaction it runs in (`txid`): it sees that transaction's uncommitted documents (docs/decisions/0033-transactions.md). */
  transaction?: string;
}

export interface SearchOutcome {
  response: SearchResponse;
  /** URIs of the page's results, in order (multipart bulk reads fetch them). */
  uris: string[];
}

/** A `/v1/suggest` request: the partial text, what restricts the documents completed from, and who asks. */
export type SuggestionRequest = Omit<SuggestRequest, 'documents' | 'rangeValues'> & { restrict: Query; principal: Principal; deadline?: Deadline; transaction?: string };

/** What running a search reads of the index: the loaded corpus, its range indexes and the stored documents. */
export type LoadedIndex = Pick<SearchIndex, 'ready' | 'rangeIndexes' | 'readUris' | 'stagedDocument'>;

/** Documents read to find how a suggested word is written. */
const SURFACE_DOCS = 3;

/** Completions of a partial query text (`/v1/suggest`), from what `principal` may read of what `restrict` matches. */
export async function runSuggest(index: LoadedIndex, request: SuggestionRequest): Promise<string[]> {
  const { corpus, readable: documents } = await readableMatches(index, request.restrict, request.principal, request.deadline ?? Deadline.none, 'the suggestion', request.transaction);
  const rangeValues = (range: RangeConstraintDef, name: string): string[] => {
    try {
      return index.rangeIndexes.facet(rangeRefOf(range, `constraint ${name}`), documents, []).values.map((v) => v.name);
    } catch {
      return []; // no such index (yet): nothing to complete from
    }
  };
  return suggest(corpus, { ...request, documents, rangeValues, surfaces: (folded, holders) => surfaces(index, corpus, folded, holders) });
}

/**
 * How a folded word is written in the first few documents holding it (reading a handful
 * bounds the cost per suggestion; other spellings elsewhere are not looked for).
 */
async function surfaces(index: LoadedIndex, corpus: Corpus, folded: string, holders: number[]): Promise<string[]> {
  const docs = await readEntries(index, corpus, holders.slice(0, SURFACE_DOCS));
  const found = new Set<string>();
  for (const doc of docs.values()) {
    let nodes: ContentNode[];
    try {
      nodes = contentNodes(doc);
    } catch {
      continue; // indexed from content that no longer parses: nothing to spell it from
    }
    for (const node of nodes) if (node.kind === 'text') forEachWord(node.text, (w) => foldKey(w) === folded && found.add(w));
  }
  return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The loaded corpus, an evaluator over it, and what `principal` may read of what `query`
 * matches — of the committed documents, or inside `transaction` of what it sees. Waiting
 * for the index (its load, a range-index build) counts against the request's deadline too:
 * `stage` names the request when it runs out.
 */
export async function readableMatches(
  index: LoadedIndex,
  query: Query,
  principal: Principal,
  deadline: Deadline,
  stage: string,
  transaction?: string,
): Promise<{ corpus: Corpus; evaluator: Evaluator; readable: Set<number> }> {
  const corpus = await index.ready();
  deadline.check(stage);
  const evaluator = new Evaluator({
    corpus,
    deadline,
    range: (ref, op, values) => index.rangeIndexes.matching(ref, op, values),
    read: (keys) => readEntries(index, corpus, keys),
  });
  const visible = corpus.visibility(transaction);
  const readableBy = visible ? (k: number) => visible(k) && canRead(principal, corpus.entry(k)!) : (k: number) => canRead(principal, corpus.entry(k)!);
  // Every document (no query, or an empty one): the readable ones straight from the corpus,
  // rather than a set of every key first and a filtered copy of it after.
  if (query.kind === 'true') return { corpus, evaluator, readable: new Set(filterKeys(corpus.keys(), readableBy)) };
  const matched = await evaluator.docs(query, { target: 'content', scopes: [] });
  // An admin reads everything: the matches as they are (a set the evaluator made for this search).
  return { corpus, evaluator, readable: principal.roles.has('admin') && !visible ? matched : filterSet(matched, readableBy) };
}

/**
 * The documents of `query` that `principal` may read, as {@link readableMatches} finds them,
 * except that "every document" is `undefined` rather than a set of every key: a lexicon over
 * the whole database then walks its index without a membership test, and nothing builds a
 * set of a hundred thousand keys to say "all".
 */
export async function readableKeys(
  index: LoadedIndex,
  query: Query,
  principal: Principal,
  deadline: Deadline,
  stage: string,
  transaction?: string,
): Promise<{ corpus: Corpus; readable: Set<number> | undefined }> {
  if (query.kind === 'true') {
    const corpus = await index.ready();
    deadline.check(stage);
    // While a transaction has uncommitted documents, some entries are not everyone's.
    let all = corpus.visibility(transaction) === undefined;
    for (const k of all ? corpus.keys() : []) {
      if (!canRead(principal, corpus.entry(k)!)) {
        all = false;
        break;
      }
    }
    if (all) return { corpus, readable: undefined };
  }
  const { corpus, readable } = await readableMatches(index, query, principal, deadline, stage, transaction);
  return { corpus, readable };
}

export async function runSearch(index: LoadedIndex, request: SearchRequest): Promise<SearchOutcome> {
  // MarkLogic's plan reports its own index resolution (term lists, fragment counts); Tabula's
  // evaluator has no such plan to describe, and an invented one would mislead: refused by name.
  if (request.options['return-plan'] === true) {
    throw new DbError('REST-INVALIDPARAM', 'return-plan is not supported: Tabula does not report query plans (set return-plan to false, or use return-query to see the resolved query)');
  }
  const began = performance.now();
  const deadline = request.deadline ?? Deadline.none;
  const { corpus, evaluator, readable } = await readableMatches(index, request.query, request.principal, deadline, 'the search', request.transaction);
  const o = request.options;
  const returns = returnsOf(o, request.view);
  const terms = scoringTerms(request.query, evaluator);
  // With no document of another quality than 0 the term adds nothing, and is not computed.
  const qualityWeight = typeof o['quality-weight'] === 'number' && corpus.anyQuality() ? o['quality-weight'] : 0;
  const keys = [...readable];
  const ranking = await rank(keys, terms, evaluator, corpus.size, qualityWeight, (k) => corpus.entry(k)!.quality);
  // Positions in `keys`, in result order — as far as the requested page reaches.
  deadline.check('the search');
  const ordered = await order(index.rangeIndexes, keys, ranking, o, corpus, request.start - 1 + request.pageLength, deadline);
  deadline.check('the search');
  const queried = performance.now();

  const response: SearchResponse = {
    snippetFormat: o['transform-results']?.apply ?? 'snippet',
    total: readable.size,
    start: request.start,
    pageLength: request.pageLength,
  };
  const pageAt = ordered.slice(request.start - 1, request.start - 1 + request.pageLength);
  const page = pageAt.map((i) => keys[i]);
  // The page's documents are read from IndexedDB while the facets are counted: the read
  // waits on the browser, the counting runs here (a few milliseconds each on 100k documents).
  const reading = returns.results ? pageDocuments(index, corpus, page, request) : undefined;
  reading?.catch(() => undefined); // awaited below, after the facets
  let facetMs = 0;
  let facets: Record<string, FacetResult> | undefined;
  if (returns.facets) {
    const t = performance.now();
    facets = facetsOf(index.rangeIndexes, corpus, readable, o);
    facetMs = performance.now() - t;
    deadline.check('the search');
  }
  let snippetMs = 0;
  if (reading) {
    const t = performance.now();
    response.results = await results(corpus, page, await reading, (j) => ranking.relevance(pageAt[j]), request, terms.filter((x) => x.frame.target === 'content').map((x) => x.phrase));
    snippetMs = performance.now() - t;
    deadline.check('the search');
  }
  if (facets && (Object.keys(facets).length > 0 || request.view === 'facets' || request.view === 'all')) response.facets = facets;
  if (o['return-qtext'] !== false && request.qtext.length > 0) response.qtext = request.qtext;
  if (o['return-query'] === true) response.query = request.query;
  if (returns.metrics) {
    response.metrics = { queryResolutionMs: queried - began, facetResolutionMs: facetMs, snippetResolutionMs: snippetMs, totalMs: performance.now() - began };
  }
  return { response, uris: page.map((k) => corpus.entry(k)!.uri) };
}

/**
 * The matching documents in result order — by the options' sort orders (score
 * descending by default), ties broken by URI so equal scores list predictably — as
 * positions in `keys`. By score alone only the first `needed` are put in order (a
 * bounded selection, not a sort of every match).
 */
function order(rangeIndexes: RangeIndexes, keys: readonly number[], ranking: Ranking, o: QueryOptions, corpus: Corpus, needed: number, deadline: Deadline): Promise<number[]> {
  const orders = o['sort-order'] && o['sort-order'].length > 0 ? o['sort-order'] : [{ direction: 'descending' as const, score: null }];
  // URIs only break ties: read when compared, not listed for every match first.
  const uriOf = (i: number) => corpus.entry(keys[i])!.uri;
  const scores = ranking.scores;
  const byUri = (a: number, b: number) => {
    const [ua, ub] = [uriOf(a), uriOf(b)];
    return ua < ub ? -1 : ua > ub ? 1 : 0;
  };
  const comparators = orders.map((order) => {
    const sign = order.direction === 'ascending' ? 1 : -1;
    if ('score' in order || (!order['json-property'] && !order.element)) return (a: number, b: number) => sign * (scores[a] - scores[b]);
    const ref = sortRef(order);
    const direction = order.direction ?? 'ascending';
    const values = keys.map((k) => rangeIndexes.sortValue(ref, k, direction));
    return (a: number, b: number) => {
      const va = values[a];
      const vb = values[b];
      // Documents without a value sort last either way.
      if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
      return (direction === 'ascending' ? 1 : -1) * rangeIndexes.compare(ref, va, vb);
    };
  });
  const compare = (a: number, b: number) => {
    for (const c of comparators) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return byUri(a, b);
  };
  return firstInOrder(keys.length, Math.min(needed, keys.length), compare, () => deadline.pace('the search'));
}

/** The page's stored documents, when its results show them (snippets, raw content, extracted data). */
async function pageDocuments(index: LoadedIndex, corpus: Corpus, page: number[], request: SearchRequest): Promise<Map<number, StoredDocument>> {
  const apply = request.options['transform-results']?.apply ?? 'snippet';
  const extract = request.options['extract-document-data'];
  if (extract) checkExtractPaths(extract);
  return apply === 'snippet' || apply === 'raw' || extract ? readEntries(index, corpus, page) : new Map<number, StoredDocument>();
}

async function results(corpus: Corpus, page: number[], docs: Map<number, StoredDocument>, relevance: (i: number) => Relevance, request: SearchRequest, phrases: PhraseMatcher[]): Promise<SearchResult[]> {
  const transform = request.options['transform-results'];
  const apply = transform?.apply ?? 'snippet';
  const extract = request.options['extract-document-data'];
  const snippetOptions = {
    perMatchTokens: transform?.['per-match-tokens'] ?? DEFAULT_SNIPPET.perMatchTokens,
    maxMatches: transform?.['max-matches'] ?? DEFAULT_SNIPPET.maxMatches,
    maxSnippetChars: transform?.['max-snippet-chars'] ?? DEFAULT_SNIPPET.maxSnippetChars,
  };
  const deadline = request.deadline ?? Deadline.none;
  const out: SearchResult[] = [];
  for (let i = 0; i < page.length; i++) {
    await deadline.pace('the search'); // a snippet parses its whole document
    const key = page[i];
    const e = corpus.entry(key)!;
    const r = relevance(i);
    const result: SearchResult = {
      index: request.start + i,
      uri: e.uri,
      path: `fn:doc(${JSON.stringify(e.uri)})`,
      score: r.score,
      confidence: r.confidence,
      fitness: r.fitness,
      mimetype: e.mimeType,
      format: e.format,
    };
    const doc = docs.get(key);
    if (apply === 'empty-snippet') result.matches = null;
    else if (apply === 'raw') result.content = doc ? rawContent(doc) : undefined;
    else if (doc) result.matches = e.format === 'binary' ? [] : snippet(doc, phrases, snippetOptions);
    else result.matches = [];
    if (extract && doc) Object.assign(result, extractDocumentData(doc, extract));
    out.push(result);
  }
  return out;
}

function facetsOf(rangeIndexes: RangeIndexes, corpus: Corpus, keys: ReadonlySet<number>, o: QueryOptions): Record<string, FacetResult> {
  const out: Record<string, FacetResult> = {};
  for (const c of o.constraint ?? []) {
    const kind = constraintKind(c);
    if (kind === 'collection' && c.collection?.facet !== false) {
      out[c.name] = collectionFacet(corpus, keys, c.collection?.prefix ?? '', c.collection?.['facet-option'] ?? []);
    } else if (kind === 'range' && c.range && c.range.facet !== false) {
      const r = c.range;
      const ref = rangeRefOf(r, `constraint ${c.name}`);
      out[c.name] = rangeIndexes.facet(ref, keys, r['facet-option'] ?? [], resolvedBuckets(r, new Date(), `constraint ${c.name}`));
    }
  }
  return out;
}

/** Matches between two paces while the page's results are selected. */
const SELECT_CHUNK = 8192;

async function readEntries(index: LoadedIndex, corpus: Corpus, keys: number[]): Promise<Map<number, StoredDocument>> {
  const out = new Map<number, StoredDocument>();
  // A transaction's private entries are its uncommitted documents, held in memory.
  const stored: number[] = [];
  for (const k of keys) {
    const staged = index.stagedDocument(k);
    if (staged) out.set(k, staged);
    else stored.push(k);
  }
  const docs = await index.readUris(stored.map((k) => corpus.entry(k)!.uri));
  stored.forEach((k, i) => {
    const doc = docs[i];
    if (doc) out.set(k, doc);
  });
  return out;
}

/**
 * Positions 0…n−1 with the first `k` in `compare` order: a bounded max-heap keeps the k
 * best seen so far (O(n log k)); the rest are not ordered. All of them when k = n.
 */
async function firstInOrder(n: number, k: number, compare: (a: number, b: number) => number, pace: () => Promise<void>): Promise<number[]> {
  if (k <= 0) return [];
  if (k * 8 >= n) return Array.from({ length: n }, (_, i) => i).sort(compare).slice(0, k);
  // heap[0] is the worst of the k kept.
  const heap: number[] = [];
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l], heap[m])) m = l;
      if (r < heap.length && worse(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (i % SELECT_CHUNK === SELECT_CHUNK - 1) await pace();
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (compare(i, heap[0]) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(compare);
}

function canRead(p: Principal, e: DocEntry): boolean {
  return p.roles.has('admin') || e.readers.some((r) => p.roles.has(r));
}

function* filterKeys(keys: Iterable<number>, keep: (k: number) => boolean): Generator<number> {
  for (const k of keys) if (keep(k)) yield k;
}

function filterSet(s: Set<number>, keep: (k: number) => boolean): Set<number> {
  const out = new Set<number>();
  for (const k of s) if (keep(k)) out.add(k);
  return out;
}

/** return-results / return-facets / return-metrics after the `view` parameter (MarkLogic’s REST Application Developer’s Guide, combined queries). */
function returnsOf(o: QueryOptions, view: SearchRequest['view']): { results: boolean; facets: boolean; metrics: boolean } {
  switch (view) {
    case 'all':
      return { results: true, facets: true, metrics: true };
    case 'facets':
      return { results: false, facets: true, metrics: false };
    case 'metadata':
      return { results: false, facets: false, metrics: true };
    case 'results':
      // Facets as the options say: the official client's calculate() sends view=results with
      // return-facets in its inline options and gets the facets back from the real server.
      return { results: true, facets: o['return-facets'] !== false, metrics: false };
    case 'none':
      return { results: false, facets: false, metrics: false };
    default:
      return { results: o['return-results'] !== false, facets: o['return-facets'] !== false, metrics: o['return-metrics'] !== false };
  }
}

function collectionFacet(corpus: Corpus, keys: ReadonlySet<number>, prefix: string, facetOptions: string[]): FacetResult {
  const values = collectionCounts(corpus, keys, prefix).map(({ value, count }) => {
    const name = value.slice(prefix.length);
    return { name, count, value: name };
  });
  return { type: 'collection', values: orderFacetValues(values, facetOptions) };
}

/**
 * The collections starting with `prefix` that documents of `keys` are in, each with how many
 * of them are (unordered): the collection facet's count and the collection lexicon's (/v1/values).
 */
/** The collections of documents in `keys` (undefined: every document) whose URI starts with `prefix`, with how many documents each. */
export function collectionCounts(corpus: Corpus, keys: ReadonlySet<number> | undefined, prefix: string): Array<{ value: string; count: number }> {
  const out: Array<{ value: string; count: number }> = [];
  for (const name of corpus.collectionNames()) {
    if (!name.startsWith(prefix)) continue;
    const members = corpus.collection(name);
    let n = keys ? 0 : members.size;
    if (keys) for (const k of members) if (keys.has(k)) n++;
    if (n > 0) out.push({ value: name, count: n });
  }
  return out;
}

/** A sort order's range index; without a type, xs:string (the official client's `orderBy('name')` sends none). */
function sortRef(order: NonNullable<QueryOptions['sort-order']>[number]): RangeIndexRef {
  return rangeRefOf({ ...order, type: order.type ?? 'xs:string' }, 'sort-order');
}

/** `raw` results: JSON as a value, XML and text as text (MarkLogic’s REST API reference, /v1/search). */
function rawContent(doc: StoredDocument): unknown {
  if (doc.format === 'json') return JSON.parse(doc.content as string);
  if (doc.format === 'binary') return undefined;
  return doc.content as string;
}
