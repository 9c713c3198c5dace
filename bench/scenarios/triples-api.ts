/**
 * The triple store through the service worker, as a client uses it: bulk loading a
 * graph over `/v1/graphs`, SPARQL queries over `/v1/graphs/sparql` (next to the same
 * queries on an in-page store), and the pieces the runner needs around a worker
 * restart (one timed request, a look at what IndexedDB holds). Runs in the page.
 */
import { nTriplesChunks } from './bsbm';
import { baselineQuery } from './oxigraph-baseline';
import { dataset, datasetBytes, queries } from './triples-data';

const SPARQL_JSON = 'application/sparql-results+json';

export interface TriplesLoadOptions {
  triples: number;
  /** Triples per request; `'all'`: one PUT of the whole dataset. */
  perRequest: number | 'all';
  /** The graph loaded (its IRI). */
  graph: string;
  /** The worker's IndexedDB database, watched for the compaction after the load. */
  dbName: string;
  /** How long to wait for that compaction (it runs once writes pause; none may be due). */
  compactionWaitMs: number;
}

export interface TriplesLoadResult {
  triples: number;
  perRequest: number | 'all';
  bytes: number;
  /** `ok`: every request acknowledged; `refused`: the first request was answered with an error (reported, not thrown). */
  outcome: 'ok' | 'refused';
  refusal?: { status: number; body: string };
  requests: number;
  /** From the first request sent to the last one acknowledged (each acknowledged after its commit). */
  ms: number;
  triplesPerSecond: number;
  /** Each request's time, in order. */
  requestMs: number[];
  /** Until the log was compacted into a snapshot after the load (null: not within the wait; none was due). */
  settledMs: number | null;
}

async function expectStatus(res: Response, expected: number[], what: string): Promise<string> {
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${what}: expected ${expected.join(' or ')}, got ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

/**
 * A query through the endpoint; its results and the time to the last byte. GET
 * (`?query=`) as the console sends a query of this size — the same kind of request as
 * the ping floor; POST (`application/sparql-query`) as the official client sends any.
 */
export async function sparqlSelect(text: string, method: 'GET' | 'POST' = 'GET'): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const res =
    method === 'GET'
      ? await fetch(`/v1/graphs/sparql?query=${encodeURIComponent(text)}`, { headers: { accept: SPARQL_JSON } })
      : await fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: SPARQL_JSON }, body: text });
  const body = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`SPARQL query: expected 200, got ${res.status}: ${body.slice(0, 300)}`);
  return { ms, body };
}

async function countGraph(graph: string): Promise<number> {
  const { body } = await sparqlSelect(`SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${graph}> { ?s ?p ?o } }`);
  return Number((JSON.parse(body) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value);
}

/**
 * `PUT /v1/graphs?graph=…` with the first piece, then `POST` (merge) with each next one
 * — or one PUT of everything. Bodies are built before the clock starts. The worker
 * compacts its log once writes pause: the settled time is when IndexedDB shows it done.
 * The graph is then counted, since a benchmark of lost writes is worthless.
 */
export async function triplesBulkLoad({ triples, perRequest, graph, dbName, compactionWaitMs }: TriplesLoadOptions): Promise<TriplesLoadResult> {
  const { lines } = dataset(triples);
  // Sent as Blobs, made before the clock starts, as a file a user uploads is: a string body is
  // encoded to UTF-8 by the page when it is sent, which took half of every request's time
  // (100k triples: 2.9–4.1 s per request with strings, 1.3–1.4 s with Blobs) — the page's
  // work, not the database's; the in-page baseline gets its strings ready-made too.
  const bodies = nTriplesChunks(lines, perRequest === 'all' ? lines.length : perRequest).map((text) => new Blob([text], { type: 'application/n-triples' }));
  const url = `/v1/graphs?graph=${encodeURIComponent(graph)}`;
  const headers = { 'content-type': 'application/n-triples' };
  const base = { triples, perRequest, bytes: datasetBytes(triples) };

  const requestMs: number[] = [];
  const start = performance.now();
  for (let i = 0; i < bodies.length; i++) {
    const t = performance.now();
    const res = await fetch(url, { method: i === 0 ? 'PUT' : 'POST', headers, body: bodies[i] });
    if (i === 0 && res.status >= 400) {
      return { ...base, outcome: 'refused', refusal: { status: res.status, body: (await res.text()).slice(0, 500) }, requests: 1, ms: 0, triplesPerSecond: 0, requestMs: [], settledMs: 0 };
    }
    await expectStatus(res, i === 0 ? [201] : [204], `${i === 0 ? 'PUT' : 'POST'} of piece ${i + 1}/${bodies.length}`);
    requestMs.push(performance.now() - t);
  }
  const ms = performance.now() - start;
  const settledMs = (await logCompacted(dbName, compactionWaitMs)) ? performance.now() - start : null;

  const counted = await countGraph(graph);
  if (counted !== triples) throw new Error(`bulk load of ${triples} triples: the graph holds ${counted}`);
  return { ...base, outcome: 'ok', requests: bodies.length, ms, triplesPerSecond: (triples / ms) * 1000, requestMs, settledMs };
}

export interface GraphCheck {
  triples: number;
}

/** How many triples the graph holds now (after a restart: what was rebuilt from IndexedDB). */
export async function graphSize(graph: string): Promise<GraphCheck> {
  return { triples: await countGraph(graph) };
}

/** One timed request: the first after a worker stop measures the cold start. */
export async function timedRequest(what: 'ping' | 'query', triples: number): Promise<{ ms: number; rows?: number }> {
  if (what === 'ping') {
    const start = performance.now();
    const res = await fetch('/v1/ping');
    await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 204) throw new Error(`ping: expected 204, got ${res.status}`);
    return { ms };
  }
  const point = queries(triples)[0];
  const { ms, body } = await sparqlSelect(point.text);
  return { ms, rows: (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length };
}

/** Waits until the worker's triple log is empty (compacted); false after `timeoutMs`. Counting reads no values. */
async function logCompacted(dbName: string, timeoutMs: number): Promise<boolean> {
  const db = await request(indexedDB.open(dbName));
  try {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      const entries = await request(db.transaction('triples-log', 'readonly').objectStore('triples-log').count());
      if (entries === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  } finally {
    db.close();
  }
}

export interface StoredTriples {
  /** One readonly transaction, `getAll` of the snapshot, the log and the graph registry: what a cold start reads. */
  ms: number;
  snapshotPieces: number;
  snapshotChars: number;
  /** What IndexedDB holds of them (Blob or deflated bytes, or the characters of plain pieces). */
  snapshotStoredBytes: number;
  logEntries: number;
  logChars: number;
  graphs: number;
}

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

interface LogEntryShape {
  removed: string;
  /** Text, bytes, or (a bulk load logged as sent) a Blob of them. */
  added: Array<{ text: string | Uint8Array | Blob }>;
}

/**
 * Reads what the worker reads when its triple store starts, from the page (same
 * origin, same IndexedDB), without changing anything: the IndexedDB share of a cold
 * start, and the shape the store was left in (snapshot pieces, log entries).
 */
export async function storedTriples(dbName: string): Promise<StoredTriples> {
  const db = await request(indexedDB.open(dbName));
  try {
    const start = performance.now();
    const tx = db.transaction(['triples-snapshot', 'triples-log', 'graphs'], 'readonly');
    const [pieces, entries, graphs] = await Promise.all([
      request(tx.objectStore('triples-snapshot').getAll() as IDBRequest<Array<string | { size: number; deflated: Uint8Array } | { size: number; blob: Blob }>>),
      request(tx.objectStore('triples-log').getAll() as IDBRequest<LogEntryShape[]>),
      request(tx.objectStore('graphs').getAll()),
    ]);
    const ms = performance.now() - start;
    return {
      ms,
      snapshotPieces: pieces.length,
      // Pieces are Blobs (src/db/triples/snapshot-piece.ts) or, written by an older version or a scene import, deflated bytes or plain text.
      snapshotChars: pieces.reduce((n, p) => n + (typeof p === 'string' ? p.length : p.size), 0),
      snapshotStoredBytes: pieces.reduce((n, p) => n + (typeof p === 'string' ? p.length : 'blob' in p ? p.blob.size : p.deflated.byteLength), 0),
      logEntries: entries.length,
      logChars: entries.reduce((n, e) => n + e.removed.length + e.added.reduce((m, a) => m + (a.text instanceof Blob ? a.text.size : a.text.length), 0), 0),
      graphs: graphs.length,
    };
  } finally {
    db.close();
  }
}

export interface QueryMixOptions {
  triples: number;
  runs: number;
  warmup: number;
}

export interface QuerySamples {
  name: string;
  kind: string;
  /** By GET (the figure the target uses). */
  endpoint: number[];
  /** The same query by POST. */
  endpointPost: number[];
  baseline: number[];
  /** `GET /v1/ping` right before each timed endpoint run. */
  ping: number[];
  /** The results of the last run of each, for comparing the answers. */
  endpointBody: string;
  baselineBody: string;
}

/** The same query on the in-page store, timed. */
function timedBaseline(text: string): { ms: number; body: string } {
  const start = performance.now();
  const body = baselineQuery(text);
  return { ms: performance.now() - start, body };
}

/**
 * The query mix through the endpoint and, interleaved, on the in-page store the page
 * loaded (oxigraphLoad with keep), with a `GET /v1/ping` (the floor of any round trip
 * through the worker) before each run: on a shared 2-core machine, figures taken
 * minutes apart differ by more than what is compared, so the three are taken together.
 * `ASK {}` comes first as the floor of a SPARQL answer (an answer with a body).
 */
export async function sparqlQueryMix({ triples, runs, warmup }: QueryMixOptions): Promise<QuerySamples[]> {
  const mix = [{ name: 'ask-empty', kind: 'the floor of a SPARQL answer: ASK {}', text: 'ASK {}' }, ...queries(triples)];
  const out: QuerySamples[] = [];
  for (const q of mix) {
    const s: QuerySamples = { name: q.name, kind: q.kind, endpoint: [], endpointPost: [], baseline: [], ping: [], endpointBody: '', baselineBody: '' };
    for (let i = 0; i < warmup + runs; i++) {
      const ping = await timedRequest('ping', triples);
      const endpoint = await sparqlSelect(q.text, 'GET');
      const post = await sparqlSelect(q.text, 'POST');
      const baseline = timedBaseline(q.text);
      if (post.body !== endpoint.body) throw new Error(`${q.name}: GET and POST answered differently`);
      if (i >= warmup) {
        s.ping.push(ping.ms);
        s.endpoint.push(endpoint.ms);
        s.endpointPost.push(post.ms);
        s.baseline.push(baseline.ms);
      }
      s.endpointBody = endpoint.body;
      s.baselineBody = baseline.body;
    }
    out.push(s);
  }
  return out;
}
