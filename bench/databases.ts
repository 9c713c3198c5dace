/**
 * The databases benchmark (issue 16), driven from Node: two databases in one service worker,
 * each holding the search benchmark's documents, in one fresh page.
 *
 * 1. Ingest: `b` created (`POST /manage/v2/databases`); then the search benchmark's ingest with
 *    indexing (bench/scenarios/search-api.ts: its two range indexes, its stored options, one
 *    search first, bulk `POST /v1/documents` of `batchSize`) into the home database `Documents`,
 *    then the same into `b` with `database=b` (range indexes through
 *    `/manage/v2/databases/b/properties`, options through `/v1/config/query/…?database=b`). The
 *    same generator with the same seed, under the same URIs: both databases hold the same
 *    documents, so a search answers alike in each and what differs is only which database it
 *    runs in. Each database is checked to hold every document in its index and both facets,
 *    then `GET /tabula/v1/idle?database=…` is awaited for each, and the snapshot covering the
 *    ingest (as the search benchmark waits for it).
 * 2. Latency: the search benchmark's two-term query (snippets, both facets) in three modes
 *    taking turns in rounds — `Documents` only (no `database=`, as a client of the home database
 *    sends it), `b` only (`database=b`), and the two alternating run by run — each run a
 *    `GET /v1/ping` then the search. p50 over ping per mode, as the search benchmark computes it
 *    (the search's p50 − the pings' p50); the alternating runs' halves besides.
 * 3. Memory: the worker stopped (CDP), started again by a ping; then a search on `Documents`,
 *    then a search on `b`. After each step, once `/tabula/v1/idle` of the database searched
 *    has answered, a garbage collection is forced and the worker's heap read (CDP on its
 *    `service_worker` target: `HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`), and
 *    read again every second until it stops changing: the idle answer comes before a restarted
 *    index has read and decoded its texts (background work once no request runs), which adds
 *    much of its memory. What is read: the JS heap (V8's used size plus the embedder's: what the
 *    search indexes' objects and strings take), the ArrayBuffer backing stores (typed arrays), and the
 *    wasm memories, which V8 counts in neither (every live `WebAssembly.Memory`, found with
 *    `Runtime.queryObjects`: Oxigraph's, instantiated only once a request needs triples, so none
 *    after searches). `/tabula/v1/status` says which databases are open at each step.
 *    Repeated `memoryRuns` times; the figures are the median (nearest rank) of the runs.
 * 4. `DELETE /manage/v2/databases/b`, timed, and `open` checked afterwards.
 *
 * Targets, reported, not asserted: the alternating searches' p50 over ping ≤ 1.2 × that of the
 * searches on `Documents` only. `BENCH_SKIP_DATABASES=1` leaves the section out.
 */
import type { BenchBrowser, BenchPage } from './browser';
import { controlledPage } from './page';
import { fmt, table } from './report';
import { summarize } from './stats';
import { againstPing, againstPingCells, PREFIX, READY_TIMEOUT_MS, SEARCH_METRICS, TARGET_QUERY } from './search';
import { serviceWorkerControl } from '../src/testing/service-worker-control';
import type { DatabaseMode, DatabasesModeSamples } from './scenarios/databases-api';
import { searchQueries } from './scenarios/search-data';
import type { CorpusCheck, SearchIngestResult, SnapshotWait } from './scenarios/search-api';

export interface DatabasesOptions {
  /** Documents in each of the two databases (BENCH_DATABASES_DOCS). */
  docs: number;
  /** Documents per bulk request (BENCH_DATABASES_BATCH). */
  batchSize: number;
  /** Timed searches per mode (BENCH_DATABASES_RUNS), untimed before them (BENCH_DATABASES_WARMUP). */
  runs: number;
  warmup: number;
  /** Rounds the three modes take turns in (BENCH_DATABASES_ROUNDS). */
  rounds: number;
  /** Worker restarts the memory is read after (BENCH_DATABASES_MEMORY_RUNS). */
  memoryRuns: number;
  /** How long to wait for each database's idle and snapshot after the ingest, ms (BENCH_DATABASES_SETTLE_WAIT). */
  settleWaitMs: number;
}

/** The worker's home database, and the one the section creates. */
export const HOME = 'Documents';
export const OTHER = 'b';
const LIMITS = { alternatingOverOne: 1.2 };

export function databasesOptionsFromEnv(env: NodeJS.ProcessEnv): DatabasesOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not ${env[name]}`);
    return value;
  };
  return {
    docs: int('BENCH_DATABASES_DOCS', 100_000, 1_000),
    batchSize: int('BENCH_DATABASES_BATCH', 1_000, 1),
    runs: int('BENCH_DATABASES_RUNS', 200, 1),
    warmup: int('BENCH_DATABASES_WARMUP', 10, 0),
    rounds: int('BENCH_DATABASES_ROUNDS', 10, 1),
    memoryRuns: int('BENCH_DATABASES_MEMORY_RUNS', 3, 1),
    settleWaitMs: int('BENCH_DATABASES_SETTLE_WAIT', 120_000, 0),
  };
}

/** The IndexedDB database holding a database's records in the worker (src/db/database.ts: `tabula:` + its storage key; a sibling's is `<home>/<name>`). */
export function workerDbName(database: string): string {
  return database === HOME ? `tabula:${HOME}` : `tabula:${HOME}/${database}`;
}

/** What `Runtime.getHeapUsage` answers (the last two fields in recent Chromium only). */
export interface HeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/** The worker's live `WebAssembly.Memory` objects and their buffers' bytes. */
export interface WasmMemory {
  wasmMemories: number;
  wasmMemoryBytes: number;
}

export type MemoryStage = 'started' | 'one' | 'both';
export const MEMORY_STAGES: readonly MemoryStage[] = ['started', 'one', 'both'];

export interface MemoryReading {
  stage: MemoryStage;
  /** `open` of `/tabula/v1/status` at the reading. */
  open: string[];
  /** The request that started the step (the ping; the first search on each database), ms. */
  requestMs: number;
  /** Read once the heap had stopped growing ({@link heapSettled}): the restored texts decoded. */
  heap: HeapUsage & Partial<WasmMemory>;
  /** Read as soon as `/tabula/v1/idle` answered, before the texts were decoded. */
  heapAtIdle: HeapUsage & Partial<WasmMemory>;
  /** From the idle answer to the settled reading, ms; null when the heap was still changing at the wait's end. */
  settleMs: number | null;
}

/** How often the heap is read while waiting for it to settle, and how little the last readings may differ. */
export const SETTLE = { everyMs: 1_000, readings: 3, toleranceMB: 0.2 };

/**
 * Whether readings taken `SETTLE.everyMs` apart (totals in MB, oldest first) show a settled heap:
 * the last `SETTLE.readings` within `SETTLE.toleranceMB` of each other. Two alone could fall
 * either side of one long piece's decoding.
 */
export function heapSettled(totalsMB: readonly number[], settle = SETTLE): boolean {
  if (totalsMB.length < settle.readings) return false;
  const last = totalsMB.slice(-settle.readings);
  return Math.max(...last) - Math.min(...last) <= settle.toleranceMB;
}

export interface MemoryStageFigures {
  stage: MemoryStage;
  open: string[];
  requestMs: number;
  /** V8's used heap plus the embedder's, MB (10^6 bytes). */
  jsHeapMB: number;
  /** ArrayBuffer backing stores, MB; null when Chromium does not report them. */
  backingMB: number | null;
  /** The wasm memories' bytes, MB (Oxigraph's, once a request needed triples; null when not read). V8 counts them in neither figure above. */
  wasmMB: number | null;
  /** The three together (those reported). */
  totalMB: number;
  /** The total as soon as `/tabula/v1/idle` answered (the restored texts not decoded yet). */
  totalAtIdleMB: number;
  /** From the idle answer until the heap settled, ms; null when it had not within the wait. */
  settleMs: number | null;
}

const MB = 1e6;

/** One heap reading in MB. */
export function heapMB(h: HeapUsage & Partial<WasmMemory>): { jsHeapMB: number; backingMB: number | null; wasmMB: number | null; totalMB: number } {
  const jsHeapMB = (h.usedSize + (h.embedderHeapUsedSize ?? 0)) / MB;
  const backingMB = h.backingStorageSize === undefined ? null : h.backingStorageSize / MB;
  const wasmMB = h.wasmMemoryBytes === undefined ? null : h.wasmMemoryBytes / MB;
  return { jsHeapMB, backingMB, wasmMB, totalMB: jsHeapMB + (backingMB ?? 0) + (wasmMB ?? 0) };
}

/** One step's reading in MB. */
export function memoryOf(r: MemoryReading): MemoryStageFigures {
  return { stage: r.stage, open: r.open, requestMs: r.requestMs, ...heapMB(r.heap), totalAtIdleMB: heapMB(r.heapAtIdle).totalMB, settleMs: r.settleMs };
}

export interface MemoryFigures {
  /** Per stage, the median (nearest rank) of the runs, each figure on its own. */
  stages: MemoryStageFigures[];
  /** Both open − one open: what the second database's index holds; one open − started: the first's. */
  secondDatabaseMB: { jsHeap: number; backing: number | null; total: number };
  firstDatabaseMB: { jsHeap: number; backing: number | null; total: number };
  /** Whether `open` was as expected at every reading: the home database only until `b` was searched, then both. */
  openAsExpected: boolean;
}

/** The runs' readings (each run: started, one, both) into per-stage medians and the differences. */
export function memoryFigures(runs: MemoryReading[][]): MemoryFigures {
  const p50 = (xs: number[]) => summarize(xs).p50;
  const stages = MEMORY_STAGES.map((stage) => {
    const all = runs.map((run) => run.find((r) => r.stage === stage)).filter((r): r is MemoryReading => r !== undefined).map(memoryOf);
    if (all.length === 0) throw new Error(`no memory reading at stage ${stage}`);
    const known = (xs: Array<number | null>) => {
      const k = xs.filter((x): x is number => x !== null);
      return k.length === xs.length ? p50(k) : null;
    };
    return {
      stage,
      open: all[all.length - 1].open,
      requestMs: p50(all.map((f) => f.requestMs)),
      jsHeapMB: p50(all.map((f) => f.jsHeapMB)),
      backingMB: known(all.map((f) => f.backingMB)),
      wasmMB: known(all.map((f) => f.wasmMB)),
      totalMB: p50(all.map((f) => f.totalMB)),
      totalAtIdleMB: p50(all.map((f) => f.totalAtIdleMB)),
      // The slowest run's: any run that did not settle makes it null.
      settleMs: all.some((f) => f.settleMs === null) ? null : Math.max(...all.map((f) => f.settleMs!)),
    };
  });
  const diff = (a: MemoryStageFigures, b: MemoryStageFigures) => ({
    jsHeap: b.jsHeapMB - a.jsHeapMB,
    backing: a.backingMB === null || b.backingMB === null ? null : b.backingMB - a.backingMB,
    total: b.totalMB - a.totalMB,
  });
  const expected: Record<MemoryStage, string> = { started: HOME, one: HOME, both: [HOME, OTHER].sort().join() };
  const openAsExpected = runs.every((run) => run.every((r) => [...r.open].sort().join() === expected[r.stage]));
  return { stages, firstDatabaseMB: diff(stages[0], stages[1]), secondDatabaseMB: diff(stages[1], stages[2]), openAsExpected };
}

type PingFigures = ReturnType<typeof againstPing<(typeof SEARCH_METRICS)[number]>>;

export interface LatencyRow extends PingFigures {
  /** What the row measures: a mode, or one database's half of the alternating runs. */
  name: string;
  mode: DatabaseMode;
  /** The database searched, for a half of the alternating runs. */
  database?: string;
}

/** Only the samples of `mode`'s runs on `database` (null: the home one). */
function onDatabase(s: DatabasesModeSamples, database: string | null): DatabasesModeSamples {
  const keep = s.database.map((d) => d === database);
  const pick = <T>(xs: T[]) => xs.filter((_, i) => keep[i]);
  return { ...s, database: pick(s.database), api: pick(s.api), ping: pick(s.ping), metrics: pick(s.metrics), baseline: [] };
}

const MODE_NAMES: Record<DatabaseMode, string> = {
  one: `${HOME} only`,
  other: `${OTHER} only (database=${OTHER})`,
  alternating: `alternating ${HOME} / ${OTHER}`,
};

export interface LatencyFigures {
  rows: LatencyRow[];
  /** The alternating runs' p50 over ping ÷ the `Documents`-only runs'. */
  ratio: number;
  /** The same for `b` only: what `database=` and the second database cost without alternation. */
  otherOverOne: number;
  /** Hits of the query in each database (the same data: the same totals). */
  totals: Record<string, number>;
}

/** p50 over ping per mode, and per database within the alternating runs; the ratios. */
export function latencyFigures(samples: DatabasesModeSamples[]): LatencyFigures {
  const of = (mode: DatabaseMode) => {
    const s = samples.find((x) => x.mode === mode);
    if (!s) throw new Error(`no samples of mode ${mode}`);
    return s;
  };
  const row = (name: string, mode: DatabaseMode, s: DatabasesModeSamples, database?: string): LatencyRow => ({ name, mode, ...(database === undefined ? {} : { database }), ...againstPing(s, SEARCH_METRICS) });
  const rows = [
    ...(['one', 'other', 'alternating'] as const).map((mode) => row(MODE_NAMES[mode], mode, of(mode))),
    row(`  its ${HOME} runs`, 'alternating', onDatabase(of('alternating'), null), HOME),
    row(`  its ${OTHER} runs`, 'alternating', onDatabase(of('alternating'), OTHER), OTHER),
  ];
  const overPing = (mode: DatabaseMode) => rows.find((r) => r.mode === mode && r.database === undefined)!.overPingP50;
  const ratioOf = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  const totals: Record<string, number> = {};
  for (const s of samples) Object.assign(totals, s.totals);
  return { rows, ratio: ratioOf(overPing('alternating'), overPing('one')), otherOverOne: ratioOf(overPing('other'), overPing('one')), totals };
}

export interface DatabasesResults {
  parameters: DatabasesOptions & { databases: string[]; query: string; q: string; dataset: string };
  create: { ms: number; openBefore: string[] };
  ingest: Array<{ database: string; result: SearchIngestResult; check: CorpusCheck; idleMs: number; snapshot: SnapshotWait }>;
  warm: Array<{ database: string; ms: number }>;
  latency: LatencyFigures;
  memory: MemoryFigures & { runs: MemoryReading[][]; measure: string };
  deleted: { ms: number; openAfter: string[] };
  targets: { alternatingOverOne: { target: string; value: number; met: boolean } };
}

/** The service-worker target of the page's context (the one controlling it). */
async function workerTarget(browser: BenchBrowser, page: BenchPage): Promise<string> {
  const { targetInfos } = await browser.send<{ targetInfos: Array<{ targetId: string; type: string; url: string; browserContextId?: string }> }>('Target.getTargets');
  const workers = targetInfos.filter((t) => t.type === 'service_worker' && t.browserContextId === page.browserContextId);
  if (workers.length !== 1) throw new Error(`expected one running service worker in the page's context, found ${workers.length}`);
  return workers[0].targetId;
}

/**
 * The worker's heap after a forced collection, and its wasm memories (every live
 * `WebAssembly.Memory`, found by `Runtime.queryObjects` on its prototype, their buffers' bytes
 * summed), read over a session attached for the reading only.
 */
export async function workerHeap(browser: BenchBrowser, page: BenchPage): Promise<HeapUsage & WasmMemory> {
  const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId: await workerTarget(browser, page), flatten: true });
  const send = <T>(method: string, params: object = {}) => browser.send<T>(method, params, sessionId);
  try {
    await send('HeapProfiler.collectGarbage');
    const heap = await send<HeapUsage>('Runtime.getHeapUsage');
    const group = { objectGroup: 'bench-databases' };
    const proto = await send<{ result: { objectId?: string } }>('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype', ...group });
    const { objects } = await send<{ objects: { objectId?: string } }>('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId, ...group });
    const wasm = await send<{ result: { value?: { count: number; bytes: number } } }>('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: 'function () { return { count: this.length, bytes: this.reduce((n, m) => n + m.buffer.byteLength, 0) }; }',
      returnByValue: true,
    });
    await send('Runtime.releaseObjectGroup', group);
    const { count, bytes } = wasm.result.value ?? { count: 0, bytes: 0 };
    return { ...heap, wasmMemories: count, wasmMemoryBytes: bytes };
  } finally {
    await browser.send('Target.detachFromTarget', { sessionId });
  }
}

const dbParam = (database: string) => (database === HOME ? undefined : database);

export async function runDatabases(browser: BenchBrowser, baseURL: string, script: string, o: DatabasesOptions, log: (line: string) => void): Promise<DatabasesResults> {
  const page = await controlledPage(browser, baseURL, script);
  const openBefore = (await page.evaluate((d) => window.tabulaBench.databasesStatus(d), undefined)).open;
  const createMs = await page.evaluate((n) => window.tabulaBench.databasesCreate(n), OTHER);
  log(`  created ${OTHER} in ${fmt(createMs, 1)} ms (open before: ${openBefore.join(', ')})`);

  // 1. Ingest into each, checked; then each database's background work and snapshot awaited.
  const ingest: DatabasesResults['ingest'] = [];
  for (const database of [HOME, OTHER]) {
    const result = await page.evaluate((a) => window.tabulaBench.searchIngest(a), { total: o.docs, batchSize: o.batchSize, prefix: PREFIX, indexing: true, readyTimeoutMs: READY_TIMEOUT_MS, database: dbParam(database) });
    log(`  ${database}: ingest with indexing ${fmt(result.docsPerSecond, 0)} docs/s (${fmt(result.ms / 1000)} s)`);
    const check = await page.evaluate((a) => window.tabulaBench.searchVerify(a), { total: o.docs, prefix: PREFIX, database: dbParam(database) });
    ingest.push({ database, result, check, idleMs: 0, snapshot: { settledMs: null, changesLeft: 0 } });
  }
  for (const entry of ingest) {
    entry.idleMs = await page.evaluate((a) => window.tabulaBench.databasesIdle(a), { database: dbParam(entry.database), timeoutMs: o.settleWaitMs });
    entry.snapshot = await page.evaluate((a) => window.tabulaBench.searchSnapshotSettled(a), { dbName: workerDbName(entry.database), timeoutMs: o.settleWaitMs });
    log(
      `  ${entry.database}: ${entry.check.total} documents checked; idle after ${fmt(entry.idleMs / 1000)} s; ` +
        (entry.snapshot.settledMs === null ? `WARNING: no snapshot covered the ingest within the wait (${entry.snapshot.changesLeft} change entries left)` : `snapshot settled after ${fmt(entry.snapshot.settledMs / 1000)} s more`),
    );
  }

  // 2. One search each to warm, then the three modes.
  const warm: DatabasesResults['warm'] = [];
  for (const database of [HOME, OTHER]) warm.push({ database, ms: (await page.evaluate((a) => window.tabulaBench.databasesSearch(a), { query: TARGET_QUERY, database: dbParam(database) })).ms });
  const samples = await page.evaluate((a) => window.tabulaBench.databasesLatency(a), { query: TARGET_QUERY, other: OTHER, runs: o.runs, warmup: o.warmup, rounds: o.rounds });
  const latency = latencyFigures(samples);
  log(`  p50 over ping: ${latency.rows.map((r) => `${r.name.trim()} ${fmt(r.overPingP50, 1)} ms`).join('; ')}`);

  // 3. Memory after restarts: started (a ping), one database's index loaded, both.
  const worker = await serviceWorkerControl(page.session);
  const memoryRuns: MemoryReading[][] = [];
  // `/tabula/v1/idle` answers before a restarted index's texts are read and decoded (in the
  // background, once no request runs): the heap is read until it stops growing.
  const reading = async (stage: MemoryStage, requestMs: number, database: string): Promise<MemoryReading> => {
    await page.evaluate((a) => window.tabulaBench.databasesIdle(a), { database: dbParam(database), timeoutMs: o.settleWaitMs });
    const idleAt = Date.now();
    const heapAtIdle = await workerHeap(browser, page);
    const totals = [heapMB(heapAtIdle).totalMB];
    let heap = heapAtIdle;
    while (!heapSettled(totals) && Date.now() - idleAt < o.settleWaitMs) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE.everyMs));
      heap = await workerHeap(browser, page);
      totals.push(heapMB(heap).totalMB);
    }
    // The time to the first of the readings that agree.
    const settleMs = heapSettled(totals) ? (totals.length - SETTLE.readings) * SETTLE.everyMs : null;
    const { open } = await page.evaluate((d) => window.tabulaBench.databasesStatus(d), undefined);
    return { stage, open, requestMs, heap, heapAtIdle, settleMs };
  };
  for (let i = 0; i < o.memoryRuns; i++) {
    await worker.stop();
    const run: MemoryReading[] = [];
    run.push(await reading('started', (await page.evaluate((w) => window.tabulaBench.searchTimedRequest(w), 'ping')).ms, HOME));
    run.push(await reading('one', (await page.evaluate((a) => window.tabulaBench.databasesSearch(a), { query: TARGET_QUERY })).ms, HOME));
    run.push(await reading('both', (await page.evaluate((a) => window.tabulaBench.databasesSearch(a), { query: TARGET_QUERY, database: OTHER })).ms, OTHER));
    memoryRuns.push(run);
    log(`  memory run ${i + 1}: ${run.map((r) => { const m = memoryOf(r); return `${r.stage} [${r.open.join(', ')}] ${fmt(m.jsHeapMB, 1)} MB JS + ${m.backingMB === null ? '?' : fmt(m.backingMB, 1)} MB buffers`; }).join('; ')}`);
  }
  await worker.detach();
  const memory = memoryFigures(memoryRuns);
  if (!memory.openAsExpected) log(`  WARNING: /tabula/v1/status's open was not ${HOME} alone before ${OTHER} was searched and both after, in every run`);

  // 4. The created database deleted.
  const deleteMs = await page.evaluate((n) => window.tabulaBench.databasesDelete(n), OTHER);
  const openAfter = (await page.evaluate((d) => window.tabulaBench.databasesStatus(d), undefined)).open;
  log(`  deleted ${OTHER} in ${fmt(deleteMs, 0)} ms (open after: ${openAfter.join(', ')})`);
  await page.close();

  const totals = Object.values(latency.totals);
  if (new Set(totals).size !== 1) log(`  WARNING: the query's hits differ between the databases: ${JSON.stringify(latency.totals)}`);
  return {
    parameters: {
      ...o,
      databases: [HOME, OTHER],
      query: TARGET_QUERY,
      q: searchQueries().find((x) => x.name === TARGET_QUERY)!.q,
      dataset: `the search section's generated ~1 KB JSON (bench/scenarios/search-data.ts), the same seed and URIs (${PREFIX}…) in both databases`,
    },
    create: { ms: createMs, openBefore },
    ingest,
    warm,
    latency,
    memory: {
      ...memory,
      runs: memoryRuns,
      measure:
        'CDP on the worker target after HeapProfiler.collectGarbage: Runtime.getHeapUsage usedSize + embedderHeapUsedSize (JS heap), backingStorageSize (ArrayBuffer backing stores: typed arrays; wasm memory is not in it), and the live WebAssembly.Memory objects\' buffers (Runtime.queryObjects; Oxigraph\'s, instantiated only once a request needs triples: none here); total = the three; MB = 10^6 bytes',
    },
    deleted: { ms: deleteMs, openAfter },
    targets: {
      alternatingOverOne: {
        target: `search alternating ${HOME} / ${OTHER}: p50 over ping ≤ ${LIMITS.alternatingOverOne} × the same search on ${HOME} only`,
        value: latency.ratio,
        met: latency.ratio <= LIMITS.alternatingOverOne,
      },
    },
  };
}

export const DB_INGEST_HEAD = ['database', 'batches', 'load s', 'docs/s', 'slowest batch ms', 'first search ms', 'idle after s', 'snapshot settled s'];
export const DB_LATENCY_HEAD = ['runs', 'n', 'p50', 'p95', 'p99', 'p50 − ping', 'engine: query', 'facets', 'snippets', 'total'];
export const DB_MEMORY_HEAD = ['step', 'open', 'request ms', 'total at idle MB', 'settled after s', 'JS heap MB', 'buffers MB', 'wasm MB', 'total MB', 'total vs step before'];

export function databasesIngestRows(r: DatabasesResults): string[][] {
  return r.ingest.map((e) => [
    e.database,
    String(e.result.batches),
    fmt(e.result.ms / 1000),
    fmt(e.result.docsPerSecond, 0),
    fmt(e.result.maxBatchMs, 0),
    e.result.firstSearchMs === null ? '–' : fmt(e.result.firstSearchMs, 0),
    fmt(e.idleMs / 1000),
    e.snapshot.settledMs === null ? 'not within the wait' : fmt(e.snapshot.settledMs / 1000),
  ]);
}

export function databasesLatencyRows(l: LatencyFigures): string[][] {
  // againstPingCells ends with the baseline's two cells: this section has none.
  return l.rows.map((r) => [r.name, String(r.api.n), ...againstPingCells(r, SEARCH_METRICS).slice(0, -2)]);
}

const STAGE_NAMES: Record<MemoryStage, string> = {
  started: 'worker started (a ping)',
  one: `+ a search on ${HOME}`,
  both: `+ a search on ${OTHER}`,
};

export function databasesMemoryRows(m: MemoryFigures): string[][] {
  return m.stages.map((s, i) => [
    STAGE_NAMES[s.stage],
    s.open.join(', '),
    fmt(s.requestMs, 0),
    fmt(s.totalAtIdleMB, 1),
    s.settleMs === null ? 'not within the wait' : fmt(s.settleMs / 1000, 0),
    fmt(s.jsHeapMB, 1),
    s.backingMB === null ? '–' : fmt(s.backingMB, 1),
    s.wasmMB === null ? '–' : fmt(s.wasmMB, 1),
    fmt(s.totalMB, 1),
    i === 0 ? '–' : `+${fmt(s.totalMB - m.stages[i - 1].totalMB, 1)}`,
  ]);
}

export function printDatabases(r: DatabasesResults): void {
  const p = r.parameters;
  console.log(`\nDatabases: ${p.docs} search documents in each of ${p.databases.join(' and ')}, batches of ${p.batchSize}`);
  console.log(`\nIngest with indexing, one database after the other (the search section's ingest; ${OTHER} through database=${OTHER})`);
  console.log(table(DB_INGEST_HEAD, databasesIngestRows(r)));

  const ping = r.latency.rows[0].ping;
  console.log(`\nSearch on one database and alternating between two (ms; ${p.query}: ${p.q}, snippets and both facets; each run after a ping; ${p.runs} runs per mode in ${p.rounds} rounds; ping p50 ${fmt(ping.p50)})`);
  console.log(table(DB_LATENCY_HEAD, databasesLatencyRows(r.latency)));

  console.log(`\nThe worker's memory with one database's index loaded and with both (after a worker stop; median of ${r.memory.runs.length} runs; read when /tabula/v1/idle answers, then once the heap stopped changing (the restored texts decoded): JS heap = V8 used + embedder, buffers = ArrayBuffer backing stores, wasm = WebAssembly memories)`);
  console.log(table(DB_MEMORY_HEAD, databasesMemoryRows(r.memory)));
  const d = r.memory.secondDatabaseMB;
  console.log(`  the second database's index: +${fmt(d.total, 1)} MB (${fmt(d.jsHeap, 1)} MB JS heap, ${d.backing === null ? '?' : fmt(d.backing, 1)} MB buffers); the first's: +${fmt(r.memory.firstDatabaseMB.total, 1)} MB`);
  console.log(`  create ${OTHER}: ${fmt(r.create.ms, 1)} ms; delete it (${p.docs} documents): ${fmt(r.deleted.ms, 0)} ms, open afterwards: ${r.deleted.openAfter.join(', ')}`);

  console.log('\nDatabases targets (reported, not asserted):');
  const t = r.targets.alternatingOverOne;
  console.log(`  ${t.met ? 'met    ' : 'NOT met'}  ${t.target}: ${fmt(t.value)}× (${OTHER} only: ${fmt(r.latency.otherOverOne)}×)`);
}
