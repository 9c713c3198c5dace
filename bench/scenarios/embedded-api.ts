/**
 * Documents with embedded triples through the service worker, and SPARQL restricted by a
 * document query (docs/decisions/0032-embedded-triples.md), as a client uses them: bulk
 * ingest of the search benchmark's documents with and without ~10 triples each, a check
 * that the store holds every triple and the index every tag, the restricted query through
 * `GET /v1/graphs/sparql?query=…&q=…` interleaved with the ping floor and the same query on
 * an in-page Oxigraph store holding only the matching documents' triples. Runs in the page.
 *
 * Document `i` is the search benchmark's record `i` (search-data.ts) under its own prefix,
 * plus `mark`: two tag words, `ka{i mod 10} kb{⌊i/10⌋ mod 10}`, so the two-term AND of one
 * pair matches exactly the documents of one residue of `i` mod 100 (1%); and, in the variant
 * with triples, `facts`: its title, author, category, price, date, distinct tags and rating
 * as triples about `http://bench.example/doc/{i}`, and `cites`, an earlier document of the
 * same residue (document r + 100k, k ≥ 1, cites one of r, r + 100, …, r + 100(k − 1), by a
 * seeded draw; the first hundred cite themselves), so a join through `cites` stays inside a
 * restriction to that residue.
 * Everything depends on `i` alone, as in search-data.ts.
 */
import initOxigraph, * as oxigraph from 'oxigraph/web.js';
import { random } from './random';
import { bulkBodies, expectStatus, timedPing } from './search-api';
import { searchDocument } from './search-data';

const BENCH = 'http://bench.example/';
const P = `${BENCH}p/`;
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const SPARQL_JSON = 'application/sparql-results+json';
/** Where the service-worker build emits the wasm (dist/web_bg.wasm); bench/page.ts points web.js there too. */
const OXIGRAPH_WASM = '/web_bg.wasm';
/** The seed of each document's `cites` choice (search-data.ts seeds the text with others). */
const CITES_SEED = 31_337;

/**
 * Only the triples of documents rest-reader may read go into the shared store (decision 0032),
 * and the page's default user (admin) gives a document no permission: both ingests send what
 * rest-writer gives by default, so they differ in the triples alone.
 */
const PERMISSIONS = [
  { 'role-name': 'rest-reader', capabilities: ['read'] },
  { 'role-name': 'rest-writer', capabilities: ['update'] },
];

/** The restricted query: each document of the residue with its title and price, joined through `cites` to the category of the document it cites. */
export const EMBEDDED_QUERY = `PREFIX p: <${P}>
SELECT ?s ?title ?price ?cat WHERE { ?s p:title ?title ; p:price ?price ; p:cites ?c . ?c p:category ?cat } ORDER BY ?title ?s`;

/** Document `i`'s two tag words; for `i` < 100 also the two-term query matching the documents of residue `i` mod 100. */
export const markOf = (i: number) => `ka${i % 10} kb${Math.floor(i / 10) % 10}`;

type Term = string | { value: string; datatype: string } | { value: string; 'xml:lang': string };
interface Fact {
  triple: { subject: string; predicate: string; object: Term };
}

const docIri = (i: number) => `${BENCH}doc/${i}`;

/** The document that document `i` cites: an earlier one of its residue mod 100 (itself for the first hundred). */
function citesOf(i: number): number {
  const k = Math.floor(i / 100);
  return k === 0 ? i : (i % 100) + 100 * Math.floor(random(CITES_SEED + i)() * k);
}

interface SourceRecord {
  id: number;
  title: string;
  author: string;
  category: string;
  price: number;
  date: string;
  rating: number;
  tags: string[];
  mark?: string;
  facts?: Fact[];
}

/** Document `i`'s triples, each distinct (a tag drawn twice is one triple): what the store must hold of it. */
function factsOf(i: number, r: SourceRecord): Fact[] {
  const s = docIri(i);
  const fact = (p: string, object: Term): Fact => ({ triple: { subject: s, predicate: `${P}${p}`, object } });
  const typed = (value: string, type: string) => ({ value, datatype: `${XSD}${type}` });
  return [
    fact('title', typed(r.title, 'string')),
    fact('author', { value: r.author, 'xml:lang': 'en' }),
    fact('category', `${BENCH}category/${r.category}`),
    fact('price', typed(String(r.price), 'decimal')),
    fact('date', typed(r.date, 'date')),
    ...[...new Set(r.tags)].map((tag) => fact('tag', typed(tag, 'string'))),
    fact('cites', docIri(citesOf(i))),
    fact('rating', typed(String(r.rating), 'integer')),
  ];
}

export interface EmbeddedDocument {
  uri: string;
  /** The JSON text sent to the API. */
  text: string;
  collection: string;
  /** The triples its text embeds (none without triples). */
  triples: number;
}

/** Document `i`, with its triples or without, and its facts. */
function embeddedDocument(prefix: string, i: number, withTriples: boolean): EmbeddedDocument & { facts: Fact[] } {
  const base = searchDocument(prefix, i);
  const record = JSON.parse(base.text) as SourceRecord;
  record.mark = markOf(i);
  const facts = factsOf(i, record);
  if (withTriples) record.facts = facts;
  return { uri: base.uri, text: JSON.stringify(record), collection: base.collection, triples: withTriples ? facts.length : 0, facts };
}

/** The documents whose two tag words are those of `residue`, under `prefix`, of the first `total`. */
function matching(prefix: string, total: number, residue: number) {
  const out: Array<{ i: number; facts: Fact[] }> = [];
  for (let i = residue; i < total; i += 100) out.push({ i, facts: embeddedDocument(prefix, i, true).facts });
  return out;
}

export interface EmbeddedIngestOptions {
  total: number;
  batchSize: number;
  prefix: string;
  /** Whether each document embeds its triples (`facts`); the rest of the text is the same. */
  triples: boolean;
}

export interface EmbeddedIngestResult {
  /** The search made before the ingest, on the empty database: it loads the (empty) index, so every write then updates it. */
  firstSearchMs: number;
  total: number;
  batchSize: number;
  triples: boolean;
  /** The triples the documents embed, from the generator. */
  embeddedTriples: number;
  batches: number;
  bytes: number;
  /** From the first request sent to the last acknowledged (each acknowledged after its commit). */
  ms: number;
  docsPerSecond: number;
  maxBatchMs: number;
  /** Each batch's time, in order (a write that compacts the triple log waits for it). */
  batchMs: number[];
}

/** The triples the documents of an ingest embed, by `prefix total`: what {@link embeddedVerify} expects without generating them again. */
const embeddedCounts = new Map<string, number>();

/** A string search to its last byte; its total. */
async function timedSearch(q: string): Promise<{ ms: number; total: number }> {
  const start = performance.now();
  const text = await expectStatus(await fetch(`/v1/search?${new URLSearchParams({ q, format: 'json', pageLength: '0' })}`), [200], `search ${q}`);
  return { ms: performance.now() - start, total: (JSON.parse(text) as { total: number }).total };
}

/**
 * Bulk `POST /v1/documents` of the generated documents; bodies built before the clock starts
 * (generation is never timed). A search is made first, as a database whose documents are
 * searched has its index loaded: every write then updates it. (Without, the first search after
 * 100k writes indexes them all within its request, and ran past the 60 s time limit.)
 */
export async function embeddedIngest({ total, batchSize, prefix, triples }: EmbeddedIngestOptions): Promise<EmbeddedIngestResult> {
  let embeddedTriples = 0;
  const docs: EmbeddedDocument[] = [];
  for (let i = 0; i < total; i++) {
    const { uri, text, collection, triples: n } = embeddedDocument(prefix, i, triples);
    docs.push({ uri, text, collection, triples: n });
    embeddedTriples += n;
  }
  if (triples) embeddedCounts.set(`${prefix} ${total}`, embeddedTriples);
  const bodies = bulkBodies(docs, batchSize, { permissions: PERMISSIONS });
  const bytes = bodies.reduce((n, b) => n + b.body.size, 0);
  // The bodies hold the texts: the page keeps only the documents it reads back (100k texts are ~300 MB).
  const spot = [0, Math.floor(total / 2), total - 1].map((i) => docs[i]);
  docs.length = 0;
  const firstSearchMs = (await timedSearch(markOf(0))).ms;

  const batchMs: number[] = [];
  const start = performance.now();
  for (const { body, contentType } of bodies) {
    const t = performance.now();
    const res = await fetch('/v1/documents', { method: 'POST', headers: { 'content-type': contentType, accept: 'application/json' }, body });
    await expectStatus(res, [200], 'bulk POST');
    batchMs.push(Math.round((performance.now() - t) * 10) / 10);
  }
  const ms = performance.now() - start;

  // Spot-check that what was acknowledged is readable: a benchmark of lost writes is worthless.
  for (const d of spot) {
    const text = await expectStatus(await fetch(`/v1/documents?uri=${encodeURIComponent(d.uri)}`), [200], `GET ${d.uri}`);
    if (JSON.stringify(JSON.parse(text)) !== d.text) throw new Error(`bulk ingest lost ${d.uri}`);
  }
  return { firstSearchMs, total, batchSize, triples, embeddedTriples, batches: bodies.length, bytes, ms, docsPerSecond: (total / ms) * 1000, maxBatchMs: Math.max(...batchMs), batchMs };
}

interface SparqlJson {
  results: { bindings: Array<{ [name: string]: { value: string } | undefined }> };
}

/** A SPARQL query through the endpoint by GET, restricted by the string query `q` when given; time to the last byte, parsed after the clock stops. */
async function timedSparql(query: string, q?: string): Promise<{ ms: number; body: SparqlJson }> {
  const params = new URLSearchParams({ query });
  if (q !== undefined) params.set('q', q);
  const start = performance.now();
  const res = await fetch(`/v1/graphs/sparql?${params}`, { headers: { accept: SPARQL_JSON } });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`SPARQL query${q === undefined ? '' : ` restricted by ${q}`}: expected 200, got ${res.status}: ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text) as SparqlJson };
}

const countOf = (body: SparqlJson) => Number(body.results.bindings[0]?.n?.value ?? NaN);
/** Every quad of the named graphs: each document is in one collection, so each of its triples is one quad. */
const COUNT_ALL = 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }';

export interface EmbeddedCheck {
  /** Triples the store holds, counted by SPARQL. */
  triples: number;
  countMs: number;
  /** Documents the two-term query finds by `GET /v1/search`. */
  matching: number;
  searchMs: number;
}

/**
 * After the ingest with triples: the store holds exactly the triples generated, and the
 * two-term query finds exactly the documents of its residue (the generator's counts, never
 * an answer's). A difference throws.
 */
export async function embeddedVerify({ total, prefix, residue }: { total: number; prefix: string; residue: number }): Promise<EmbeddedCheck> {
  let expected = embeddedCounts.get(`${prefix} ${total}`);
  if (expected === undefined) {
    expected = 0;
    for (let i = 0; i < total; i++) expected += embeddedDocument(prefix, i, true).triples;
  }
  const count = await timedSparql(COUNT_ALL);
  const triples = countOf(count.body);
  if (triples !== expected) throw new Error(`the store holds ${triples} triples, the documents embed ${expected}`);

  const wantMatching = matching(prefix, total, residue).length;
  const q = markOf(residue);
  const { ms: searchMs, total: found } = await timedSearch(q);
  if (found !== wantMatching) throw new Error(`search ${q} finds ${found} documents, ${wantMatching} were generated with those words`);
  return { triples, countMs: count.ms, matching: found, searchMs };
}

/** How long the triple log must stay as it is to count as settled: a due compaction starts after a second without writes. */
const LOG_QUIET_MS = 5_000;

/**
 * Waits until the worker has snapshotted its search index (it does once writes pause) and its
 * triple log is compacted or has stayed as it is for {@link LOG_QUIET_MS} (the log is compacted
 * only past its limits — 1,000 entries or 16 M characters by default — so a small run leaves
 * it); null after `timeoutMs`.
 */
export async function embeddedSettled({ dbName, timeoutMs }: { dbName: string; timeoutMs: number }): Promise<{ settledMs: number | null; triplesLog: number; searchChanges: number }> {
  const request = <T>(req: IDBRequest<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const db = await request(indexedDB.open(dbName));
  try {
    const start = performance.now();
    let log = { entries: -1, since: start };
    let pinged = start;
    for (;;) {
      // A worker with no event for 30 s is stopped: the figures would then time a cold start.
      if (performance.now() - pinged > 5_000) {
        await (await fetch('/v1/ping')).arrayBuffer();
        pinged = performance.now();
      }
      const tx = db.transaction(['triples-log', 'search-changes', 'config'], 'readonly');
      const [triplesLog, searchChanges, snapshot] = await Promise.all([
        request(tx.objectStore('triples-log').count()),
        request(tx.objectStore('search-changes').count()),
        request(tx.objectStore('config').get('search-snapshot')),
      ]);
      const now = performance.now();
      if (triplesLog !== log.entries) log = { entries: triplesLog, since: now };
      const logSettled = triplesLog === 0 || now - log.since >= LOG_QUIET_MS;
      if (logSettled && searchChanges === 0 && snapshot !== undefined) return { settledMs: now - start, triplesLog, searchChanges };
      if (now - start > timeoutMs) return { settledMs: null, triplesLog, searchChanges };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    db.close();
  }
}

type Store = InstanceType<typeof oxigraph.Store>;
// wasm-bindgen gives every class `free()`; the typings leave it out.
const free = (store: Store) => (store as unknown as { free(): void }).free();
let floor: Store | undefined;

const literal = (value: string) => `"${value.replace(/["\\\n\r]/g, (c) => ({ '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r' })[c]!)}"`;
function nTriple({ triple: { subject, predicate, object } }: Fact): string {
  const o = typeof object === 'string' ? `<${object}>` : 'datatype' in object ? `${literal(object.value)}^^<${object.datatype}>` : `${literal(object.value)}@${object['xml:lang']}`;
  return `<${subject}> <${predicate}> ${o} .\n`;
}

export interface FloorLoad {
  /** Instantiating the wasm (`init`). */
  initMs: number;
  /** Loading the matching documents' N-Triples (made before the clock starts) into a new store. */
  loadMs: number;
  documents: number;
  triples: number;
}

/**
 * The floor: an Oxigraph store in the page holding only the triples of the documents the
 * restriction matches, from the same generator, kept for {@link embeddedLatency}. Its size is
 * checked against the generator's count.
 */
export async function embeddedFloorLoad({ total, prefix, residue }: { total: number; prefix: string; residue: number }): Promise<FloorLoad> {
  const docs = matching(prefix, total, residue);
  const text = docs.flatMap((d) => d.facts.map(nTriple)).join('');
  const expected = docs.reduce((n, d) => n + d.facts.length, 0);
  const t = performance.now();
  await initOxigraph({ module_or_path: OXIGRAPH_WASM });
  const initMs = performance.now() - t;
  if (floor) free(floor);
  floor = new oxigraph.Store();
  const start = performance.now();
  floor.load(text, { format: 'application/n-triples' });
  const loadMs = performance.now() - start;
  if (floor.size !== expected) throw new Error(`the floor's store holds ${floor.size} triples, the matching documents embed ${expected}`);
  return { initMs, loadMs, documents: docs.length, triples: expected };
}

export function embeddedFloorForget(): void {
  if (floor) free(floor);
  floor = undefined;
}

/** The query on the floor's store, as the endpoint runs it for a user who may read every graph, results serialised as SPARQL JSON; `repeats` runs, the mean. */
function timedFloor(query: string, repeats: number): { ms: number; body: string } {
  if (!floor) throw new Error('no floor store: call embeddedFloorLoad first');
  let body = '';
  const start = performance.now();
  for (let r = 0; r < repeats; r++) body = floor.query(query, { use_default_graph_as_union: true, results_format: SPARQL_JSON }) as string;
  return { ms: (performance.now() - start) / repeats, body };
}

/** The first restricted query, with no view of its restriction yet: the view's build included. */
export async function embeddedFirstRestricted({ residue }: { residue: number }): Promise<{ ms: number; rows: number; query: string; q: string }> {
  const q = markOf(residue);
  const { ms, body } = await timedSparql(EMBEDDED_QUERY, q);
  return { ms, rows: body.results.bindings.length, query: EMBEDDED_QUERY, q };
}

const rowKey = (b: SparqlJson['results']['bindings'][number]) => ['s', 'title', 'price', 'cat'].map((k) => b[k]?.value ?? '').join(' | ');

export interface AnswerCheck {
  /** Rows of the restricted query: one per matching document (each cites one of the same residue, which has one category). */
  restrictedRows: number;
  /** Triples the restricted view holds, counted by SPARQL with the same restriction. */
  restrictedTriples: number;
  /** Rows of the query with no restriction: one per document. */
  unrestrictedRows: number;
}

/**
 * Once, before any timing: the restricted answer's rows equal the floor's (every value),
 * its subjects are exactly the matching documents, a restricted count finds exactly their
 * triples, and the unrestricted answer has a row per document (each has one title, one
 * price, one `cites`, and every document one category). A difference throws.
 */
export async function embeddedVerifyAnswers({ total, prefix, residue }: { total: number; prefix: string; residue: number }): Promise<AnswerCheck> {
  const docs = matching(prefix, total, residue);
  const q = markOf(residue);
  const restricted = (await timedSparql(EMBEDDED_QUERY, q)).body.results.bindings;
  const floorRows = (JSON.parse(timedFloor(EMBEDDED_QUERY, 1).body) as SparqlJson).results.bindings;
  const got = restricted.map(rowKey).sort();
  const want = floorRows.map(rowKey).sort();
  const differing = got.filter((r, i) => r !== want[i]);
  if (got.length !== want.length || differing.length > 0) {
    throw new Error(`restricted query: ${got.length} rows through the worker, ${want.length} on the floor's store; first difference: ${differing[0] ?? '(lengths)'}`);
  }
  const subjects = new Set(restricted.map((b) => b.s?.value));
  const missing = docs.filter((d) => !subjects.has(docIri(d.i)));
  if (restricted.length !== docs.length || missing.length > 0) {
    throw new Error(`restricted query: ${restricted.length} rows for ${docs.length} matching documents (${missing.length} missing, e.g. ${missing[0]?.i ?? '–'})`);
  }

  const restrictedTriples = countOf((await timedSparql(COUNT_ALL, q)).body);
  const wantTriples = docs.reduce((n, d) => n + d.facts.length, 0);
  if (restrictedTriples !== wantTriples) throw new Error(`restricted count: ${restrictedTriples} triples, the matching documents embed ${wantTriples}`);

  const unrestrictedRows = (await timedSparql(EMBEDDED_QUERY)).body.results.bindings.length;
  if (unrestrictedRows !== total) throw new Error(`unrestricted query: ${unrestrictedRows} rows for ${total} documents`);
  return { restrictedRows: restricted.length, restrictedTriples, unrestrictedRows };
}

export interface EmbeddedSamples {
  api: number[];
  /** `GET /v1/ping` right before each timed query. */
  ping: number[];
  /** The floor's query right after each restricted one (each the mean of `floorRepeats`); empty for the unrestricted query. */
  baseline: number[];
  metrics: Array<Record<never, number | null>>;
}

export interface EmbeddedLatencyOptions {
  residue: number;
  runs: number;
  warmup: number;
  unrestrictedRuns: number;
}

/**
 * The restricted query through the worker (its view kept from the first) with, per run, a
 * ping before and the floor's query after: on a shared 2-core machine figures taken minutes
 * apart differ by more than what is compared, so they are taken together. The floor is
 * repeated within a sample when one run is under a millisecond (the page timer's resolution
 * is 0.1 ms). Then the same query with no restriction, fewer runs (it answers every document).
 */
export async function embeddedLatency({ residue, runs, warmup, unrestrictedRuns }: EmbeddedLatencyOptions): Promise<{ restricted: EmbeddedSamples; unrestricted: EmbeddedSamples; floorRepeats: number }> {
  const q = markOf(residue);
  const trial = Array.from({ length: 10 }, () => timedFloor(EMBEDDED_QUERY, 1).ms).sort((a, b) => a - b)[4];
  const floorRepeats = trial >= 1 ? 1 : Math.min(100, Math.ceil(1 / Math.max(trial, 0.01)));
  const restricted: EmbeddedSamples = { api: [], ping: [], baseline: [], metrics: [] };
  for (let i = 0; i < warmup + runs; i++) {
    const ping = await timedPing();
    const { ms } = await timedSparql(EMBEDDED_QUERY, q);
    const baseline = timedFloor(EMBEDDED_QUERY, floorRepeats).ms;
    if (i < warmup) continue;
    restricted.ping.push(ping);
    restricted.api.push(ms);
    restricted.baseline.push(baseline);
    restricted.metrics.push({});
  }
  const unrestricted: EmbeddedSamples = { api: [], ping: [], baseline: [], metrics: [] };
  for (let i = 0; i < Math.min(warmup, 1) + unrestrictedRuns; i++) {
    const ping = await timedPing();
    const { ms } = await timedSparql(EMBEDDED_QUERY);
    if (i < Math.min(warmup, 1)) continue;
    unrestricted.ping.push(ping);
    unrestricted.api.push(ms);
    unrestricted.metrics.push({});
  }
  return { restricted, unrestricted, floorRepeats };
}
