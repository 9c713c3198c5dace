/**
 * Search through the service worker, as a client uses it: bulk ingest of the generated
 * documents (with and without a loaded search index), a check that the index holds
 * every document, the query mix through `GET /v1/search` interleaved with the ping
 * floor and the in-page FlexSearch baseline, and the pieces the runner needs around a
 * worker restart (one timed request, what IndexedDB holds of the index). Runs in the
 * page.
 */
import { buildMultipart, quoteParam } from '../../src/client/multipart';
import { PRICE_BUCKETS, ROOT_COLLATION, priceBucket, queryTerms, searchDocuments, searchQueries, type SearchDocument } from './search-data';
import { flexHits, flexQuery } from './search-flexsearch';

/** The stored query options every benchmark search names. */
export const SEARCH_OPTIONS = 'bench-search';

/** Two range constraints, both faceted (category by frequency, price in buckets), snippets on. */
const OPTIONS = {
  options: {
    constraint: [
      { name: 'category', range: { type: 'xs:string', 'json-property': 'category', collation: ROOT_COLLATION, facet: true, 'facet-option': ['frequency-order', 'descending'] } },
      { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price', facet: true, bucket: PRICE_BUCKETS } },
    ],
    'transform-results': { apply: 'snippet' },
    'return-facets': true,
    'page-length': 10,
  },
};

const rangeIndex = (type: string, localname: string, collation: string) => ({
  'scalar-type': type,
  'namespace-uri': '',
  localname,
  collation,
  'range-value-positions': false,
  'invalid-values': 'reject',
});

/** The worker's home database is named `Documents` (src/sw); `database` names another (bench/databases.ts). */
const propertiesUrl = (database = 'Documents') => `/manage/v2/databases/${encodeURIComponent(database)}/properties`;
const INDEXES = { 'range-element-index': [rangeIndex('string', 'category', ROOT_COLLATION), rangeIndex('decimal', 'price', '')] };

export const JSON_TYPE = { 'content-type': 'application/json' };

export async function expectStatus(res: Response, expected: number[], what: string): Promise<string> {
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${what}: expected ${expected.join(' or ')}, got ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

/**
 * `url` with `database=<name>` added when a database is named; without one, `url` unchanged
 * (the request goes to the worker's home database, `Documents`).
 */
export function withDatabase(url: string, database?: string): string {
  if (database === undefined) return url;
  return `${url}${url.includes('?') ? '&' : '?'}database=${encodeURIComponent(database)}`;
}

export const searchUrl = (params: Record<string, string>, database?: string) => withDatabase(`/v1/search?${new URLSearchParams({ options: SEARCH_OPTIONS, format: 'json', ...params })}`, database);

/** The response fields the benchmark reads. */
export interface SearchJson {
  total: number;
  results?: Array<{ uri: string; matches?: Array<{ 'match-text': unknown[] }> }>;
  facets?: Record<string, { type: string; facetValues: Array<{ name: string; count: number }> }>;
  metrics?: Record<string, string>;
}

/** Bulk bodies: per batch, the documents of each collection after a default metadata part naming it. */
/**
 * Bulk bodies: per batch, each collection's documents after a metadata part naming it (and
 * `metadata`'s other fields, permissions say).
 */
export function bulkBodies<D extends Pick<SearchDocument, 'uri' | 'text' | 'collection'>>(docs: D[], batchSize: number, metadata: Record<string, unknown> = {}): Array<{ body: Blob; contentType: string }> {
  const bodies: Array<{ body: Blob; contentType: string }> = [];
  for (let i = 0; i < docs.length; i += batchSize) {
    const byCollection = new Map<string, D[]>();
    for (const d of docs.slice(i, i + batchSize)) {
      const list = byCollection.get(d.collection);
      if (list) list.push(d);
      else byCollection.set(d.collection, [d]);
    }
    const parts = [...byCollection].flatMap(([collection, list]) => [
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'inline; category=metadata' }, body: JSON.stringify({ collections: [collection], ...metadata }) },
      ...list.map((d) => ({ headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename=${quoteParam(d.uri)}` }, body: d.text })),
    ]);
    bodies.push(buildMultipart(parts));
  }
  return bodies;
}

export interface SearchIngestOptions {
  total: number;
  batchSize: number;
  prefix: string;
  /**
   * false: a fresh database where no search has run (the index is not loaded, so a write
   * only logs its change). true: first the two range indexes and the options, and one
   * search, so every write updates the loaded index and the range indexes.
   */
  indexing: boolean;
  /** How long the first search may be refused while the new range indexes are built. */
  readyTimeoutMs: number;
  /** The database written to (and configured, with `indexing`); none: the home database, `Documents`. */
  database?: string;
}

export interface SearchIngestResult {
  total: number;
  batchSize: number;
  indexing: boolean;
  batches: number;
  bytes: number;
  /** From the first request sent to the last acknowledged (each acknowledged after its commit). */
  ms: number;
  docsPerSecond: number;
  maxBatchMs: number;
  /** The search before the ingest (indexing only): loading an empty index. */
  firstSearchMs: number | null;
}

/** Stores the options and defines the range indexes (both before any document is written), in `database` (none: the home one). */
async function configure(database?: string): Promise<void> {
  await expectStatus(await fetch(propertiesUrl(database), { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(INDEXES) }), [204], 'PUT database properties');
  await expectStatus(await fetch(withDatabase(`/v1/config/query/${SEARCH_OPTIONS}`, database), { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(OPTIONS) }), [201, 204], 'PUT query options');
}

/** The first search; a range index still being built refuses it (XDMP-ELEMRIDXNOTFOUND), so it is retried until the deadline. */
async function firstSearch(timeoutMs: number, database?: string): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const start = performance.now();
    const res = await fetch(searchUrl({ q: queryTerms().single }, database));
    const text = await res.text();
    if (res.status === 200) return performance.now() - start;
    if (performance.now() > deadline || !text.includes('RIDXNOTFOUND')) throw new Error(`first search: ${res.status}: ${text.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function searchIngest({ total, batchSize, prefix, indexing, readyTimeoutMs, database }: SearchIngestOptions): Promise<SearchIngestResult> {
  const docs = searchDocuments(prefix, total);
  const bodies = bulkBodies(docs, batchSize);
  const bytes = bodies.reduce((n, b) => n + b.body.size, 0);
  let firstSearchMs: number | null = null;
  if (indexing) {
    await configure(database);
    firstSearchMs = await firstSearch(readyTimeoutMs, database);
  }

  let maxBatchMs = 0;
  const start = performance.now();
  for (const { body, contentType } of bodies) {
    const t = performance.now();
    const res = await fetch(withDatabase('/v1/documents', database), { method: 'POST', headers: { 'content-type': contentType, accept: 'application/json' }, body });
    await expectStatus(res, [200], 'bulk POST');
    maxBatchMs = Math.max(maxBatchMs, performance.now() - t);
  }
  const ms = performance.now() - start;

  // Spot-check that what was acknowledged is readable: a benchmark of lost writes is worthless.
  for (const i of [0, Math.floor(total / 2), total - 1]) {
    const text = await expectStatus(await fetch(withDatabase(`/v1/documents?uri=${encodeURIComponent(docs[i].uri)}`, database)), [200], `GET ${docs[i].uri}`);
    if (JSON.stringify(JSON.parse(text)) !== docs[i].text) throw new Error(`bulk ingest lost ${docs[i].uri}`);
  }
  return { total, batchSize, indexing, batches: bodies.length, bytes, ms, docsPerSecond: (total / ms) * 1000, maxBatchMs, firstSearchMs };
}

export interface CorpusCheck {
  total: number;
  categories: number;
  buckets: number;
}

/**
 * Every document found, and both facets count exactly what was generated: the index and
 * the range indexes hold the whole corpus (a search over a partial index is fast and wrong).
 */
export async function searchVerify({ total, prefix, database }: { total: number; prefix: string; database?: string }): Promise<CorpusCheck> {
  const docs = searchDocuments(prefix, total);
  const body = JSON.parse(await expectStatus(await fetch(searchUrl({ pageLength: '0' }, database)), [200], 'search everything')) as SearchJson;
  if (body.total !== total) throw new Error(`the index finds ${body.total} of ${total} documents`);
  const expected = (key: (d: SearchDocument) => string) => {
    const counts = new Map<string, number>();
    for (const d of docs) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
    return counts;
  };
  const compare = (facet: string, want: Map<string, number>) => {
    const got = new Map((body.facets?.[facet]?.facetValues ?? []).map((v) => [v.name, v.count]));
    const wrong = [...new Set([...want.keys(), ...got.keys()])].filter((k) => got.get(k) !== want.get(k));
    if (wrong.length > 0) throw new Error(`facet ${facet}: ${wrong.map((k) => `${k} ${got.get(k) ?? 0} (expected ${want.get(k) ?? 0})`).join(', ')}`);
    return got.size;
  };
  return {
    total: body.total,
    categories: compare('category', expected((d) => d.category)),
    buckets: compare('price', expected((d) => priceBucket(d.price))),
  };
}

/** `PT1.5S` → 1500 (the search metrics are xs:duration strings). */
export function durationMs(text: string | undefined): number | null {
  const m = text ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(text) : null;
  if (!m) return null;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}

export interface EngineMetrics {
  query: number | null;
  facet: number | null;
  snippet: number | null;
  total: number | null;
}

/** One search (in `database`; none: the home one) to its last byte; the body is read after the clock stops. */
export async function timedSearch(q: string, database?: string): Promise<{ ms: number; body: SearchJson }> {
  const start = performance.now();
  const res = await fetch(searchUrl({ q }, database));
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`search ${q}: expected 200, got ${res.status}: ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as SearchJson };
}

export async function timedPing(): Promise<number> {
  const start = performance.now();
  const res = await fetch('/v1/ping');
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 204) throw new Error(`ping: expected 204, got ${res.status}`);
  return ms;
}

/** What a search answered, checked: results with snippets and both facets, or the figure measures less than it claims. */
export function shapeOf(name: string, body: SearchJson): { total: number; results: number; snippetMatches: number; facets: string[] } {
  const results = body.results ?? [];
  const facets = Object.keys(body.facets ?? {}).sort();
  if (results.length !== Math.min(10, body.total)) throw new Error(`${name}: ${results.length} results of ${body.total}`);
  if (facets.join() !== 'category,price') throw new Error(`${name}: facets ${facets.join() || 'none'}`);
  const snippetMatches = results.reduce((n, r) => n + (r.matches?.length ?? 0), 0);
  if (results.length > 0 && snippetMatches === 0) throw new Error(`${name}: results without snippets`);
  return { total: body.total, results: results.length, snippetMatches, facets };
}

export interface SearchSamples {
  name: string;
  kind: string;
  q: string;
  api: number[];
  /** `GET /v1/ping` right before each timed search. */
  ping: number[];
  /** FlexSearch in the page (limit 10; each the mean of `baselineRepeats` runs) right after each search; empty when it cannot answer the query. */
  baseline: number[];
  metrics: EngineMetrics[];
  answer: ReturnType<typeof shapeOf>;
  /** Every FlexSearch hit (no limit), counted once: stemming makes the API's total the larger. */
  baselineHits: number | null;
}

/**
 * The query mix through the worker with, per run, a ping before (the floor of any round
 * trip through the worker) and the FlexSearch query after: on a shared 2-core machine
 * figures taken minutes apart differ by more than what is compared, so they are taken
 * together.
 */
export async function searchLatency({ runs, warmup, baselineRepeats }: { runs: number; warmup: number; baselineRepeats: number }): Promise<SearchSamples[]> {
  const out: SearchSamples[] = [];
  for (const query of searchQueries()) {
    const s: SearchSamples = { name: query.name, kind: query.kind, q: query.q, api: [], ping: [], baseline: [], metrics: [], answer: { total: 0, results: 0, snippetMatches: 0, facets: [] }, baselineHits: null };
    for (let i = 0; i < warmup + runs; i++) {
      const ping = await timedPing();
      const { ms, body } = await timedSearch(query.q);
      const baseline = query.baseline === undefined ? undefined : flexQuery(query.baseline, 10, baselineRepeats).ms;
      if (i === 0 || i === warmup + runs - 1) s.answer = shapeOf(query.name, body);
      if (i < warmup) continue;
      s.ping.push(ping);
      s.api.push(ms);
      if (baseline !== undefined) s.baseline.push(baseline);
      const m = body.metrics ?? {};
      s.metrics.push({
        query: durationMs(m['query-resolution-time']),
        facet: durationMs(m['facet-resolution-time']),
        snippet: durationMs(m['snippet-resolution-time']),
        total: durationMs(m['total-time']),
      });
    }
    if (query.baseline !== undefined) s.baselineHits = flexHits(query.baseline);
    out.push(s);
  }
  return out;
}

/** One timed request, a ping or the named query of the mix: the first after a worker stop measures the cold start. */
export async function searchTimedRequest(what: string): Promise<{ ms: number; total?: number }> {
  if (what === 'ping') return { ms: await timedPing() };
  const query = searchQueries().find((q) => q.name === what);
  if (!query) throw new Error(`no query named ${what}`);
  const { ms, body } = await timedSearch(query.q);
  shapeOf('cold-start search', body);
  return { ms, total: body.total };
}

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** The search index's state in IndexedDB: the change log not yet in a snapshot, and the snapshot's meta. */
async function indexState(db: IDBDatabase): Promise<{ changes: number; snapshot: { watermark: number; pieces: number } | undefined }> {
  const tx = db.transaction(['search-changes', 'config'], 'readonly');
  const [changes, snapshot] = await Promise.all([
    request(tx.objectStore('search-changes').count()),
    request(tx.objectStore('config').get('search-snapshot') as IDBRequest<{ watermark: number; pieces: number } | undefined>),
  ]);
  return { changes, snapshot };
}

export interface SnapshotWait {
  /** From the call until a snapshot covered every change (null: not within the wait). */
  settledMs: number | null;
  changesLeft: number;
}

/** Waits until the worker has written a snapshot covering every logged change (it does once writes pause). */
export async function searchSnapshotSettled({ dbName, timeoutMs }: { dbName: string; timeoutMs: number }): Promise<SnapshotWait> {
  const db = await request(indexedDB.open(dbName));
  try {
    const start = performance.now();
    for (;;) {
      const state = await indexState(db);
      if (state.snapshot && state.changes === 0) return { settledMs: performance.now() - start, changesLeft: 0 };
      if (performance.now() - start > timeoutMs) return { settledMs: null, changesLeft: state.changes };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
}

export interface StoredSearchIndex {
  /** One readonly transaction reading the snapshot pieces and the change log: the IndexedDB share of a cold start. */
  ms: number;
  pieces: number;
  /** The pieces' payload, estimated: string lengths, typed arrays' bytes, 8 per number. */
  bytes: number;
  changes: number;
  /** The origin's whole IndexedDB usage (documents included), as the browser reports it. */
  originUsageBytes: number | null;
}

function payloadBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number') return 8;
  if (typeof value === 'boolean') return 4;
  if (value === null || value === undefined) return 0;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + payloadBytes(v), 0);
  if (value instanceof Map) return [...value].reduce((n, [k, v]) => n + payloadBytes(k) + payloadBytes(v), 0);
  if (value instanceof Set) return [...value].reduce((n: number, v) => n + payloadBytes(v), 0);
  if (typeof value === 'object') return Object.entries(value).reduce((n, [k, v]) => n + k.length + payloadBytes(v), 0);
  return 0;
}

/**
 * The stored documents' content, in characters (the generated texts are ASCII, so bytes too):
 * what the snapshot's size is weighed against. Read in batches, changing nothing.
 */
export async function storedDocumentBytes(dbName: string): Promise<{ documents: number; bytes: number }> {
  const db = await request(indexedDB.open(dbName));
  try {
    let documents = 0;
    let bytes = 0;
    let after: IDBKeyRange | undefined;
    for (;;) {
      const tx = db.transaction('documents', 'readonly');
      const batch = await request(tx.objectStore('documents').getAll(after, 5_000) as IDBRequest<Array<{ uri: string; content: string | Uint8Array }>>);
      for (const d of batch) bytes += typeof d.content === 'string' ? d.content.length : d.content.byteLength;
      documents += batch.length;
      if (batch.length < 5_000) return { documents, bytes };
      after = IDBKeyRange.lowerBound(batch[batch.length - 1].uri, true);
    }
  } finally {
    db.close();
  }
}

/** Reads what a starting worker reads of the search index, from the page, changing nothing. */
export async function storedSearchIndex(dbName: string): Promise<StoredSearchIndex> {
  const db = await request(indexedDB.open(dbName));
  try {
    const start = performance.now();
    const tx = db.transaction(['search-snapshot', 'search-changes', 'config'], 'readonly');
    const [pieces, changes] = await Promise.all([request(tx.objectStore('search-snapshot').getAll()), request(tx.objectStore('search-changes').getAll())]);
    const ms = performance.now() - start;
    const estimate = await navigator.storage?.estimate?.();
    return { ms, pieces: pieces.length, bytes: payloadBytes(pieces), changes: changes.length, originUsageBytes: estimate?.usage ?? null };
  } finally {
    db.close();
  }
}
