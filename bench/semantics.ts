/**
 * The semantics benchmark, driven from Node: a BSBM-shaped dataset
 * (bench/scenarios/bsbm.ts) through the service worker, against Oxigraph-wasm in a
 * page on the same data in the same run.
 *
 * 1. Baseline (pages without the worker): load time of the dataset's N-Triples into a
 *    `Store` in pieces, at each cold-start size, in fresh pages (a fresh engine, like
 *    a worker that just started; the figure the targets use) and again warm.
 * 2. Bulk load through the API: `PUT /v1/graphs?graph=…` of the first piece, `POST` of
 *    the others, for each piece size (and one PUT of everything) — triples/s to the
 *    last acknowledgement (every acknowledgement follows its commit), a fresh database
 *    each time.
 * 3. Cold start, for 100k triples and for the full size: load with the fastest variant,
 *    let compaction finish, stop the worker (CDP), time the first request (a point
 *    lookup) to its answer; then the same after a ping, to split worker start from
 *    store load; then check the rebuilt store holds every triple.
 * 4. On the full size, warm, in the same page: each query of the mix through the
 *    endpoint and on an in-page store, interleaved run by run with `GET /v1/ping`.
 *
 * Targets are reported, not asserted. Pages and contexts are closed between phases:
 * a store of 1M triples holds 320–360 MB of wasm memory, in the worker and in the page.
 */
import type { BenchBrowser } from './browser';
import { controlledPage, plainPage } from './page';
import { fmt, table } from './report';
import { serviceWorkerControl } from '../src/testing/service-worker-control';
import { summarize, type Summary } from './stats';
import type * as Api from './scenarios/triples-api';
import type { BaselineLoad } from './scenarios/oxigraph-baseline';

export interface SemanticsOptions {
  triples: number;
  /** Triples per request of each bulk variant; `'all'`: one PUT. */
  bulkVariants: Array<number | 'all'>;
  baselineChunk: number;
  baselineLoadRuns: number;
  queryRuns: number;
  queryWarmup: number;
  coldRuns: number;
  /** How long a bulk load waits for the worker to compact its log afterwards. */
  compactionWaitMs: number;
}

const GRAPH = 'http://example.org/bench/bsbm';
/** The worker's IndexedDB database (src/db/database.ts: `tabula:` + the database name). */
const WORKER_DB = 'tabula:Documents';

export function semanticsOptionsFromEnv(env: NodeJS.ProcessEnv): SemanticsOptions {
  const triples = Number(env.BENCH_TRIPLES ?? 1_000_000);
  if (!Number.isInteger(triples) || triples < 5_000) throw new Error(`BENCH_TRIPLES must be an integer ≥ 5000, not ${env.BENCH_TRIPLES}`);
  return {
    triples,
    bulkVariants: (env.BENCH_TRIPLE_REQUESTS ?? '50000,100000,250000,all').split(',').map((v) => (v.trim() === 'all' ? 'all' : Number(v))),
    baselineChunk: Number(env.BENCH_BASELINE_CHUNK ?? 50_000),
    baselineLoadRuns: Number(env.BENCH_BASELINE_LOADS ?? 3),
    // 200 runs: the per-query target compares p50s a few tenths of a millisecond apart, and
    // on this shared 2-core machine a p50 of 50 runs moved by ±0.2 ms from run to run.
    queryRuns: Number(env.BENCH_QUERY_RUNS ?? 200),
    queryWarmup: Number(env.BENCH_QUERY_WARMUP ?? 10),
    coldRuns: Number(env.BENCH_COLD_RUNS ?? 3),
    compactionWaitMs: Number(env.BENCH_COMPACTION_WAIT ?? 30_000),
  };
}

type Bench = Window['tabulaBench'];

interface ColdStart {
  triples: number;
  load: Api.TriplesLoadResult;
  /** What IndexedDB held at the stop. */
  stored: Api.StoredTriples;
  /** Reading it from the page, three times: the IndexedDB share of a cold start. */
  idbReadMs: number[];
  /** First request after each stop (a point lookup) to its answer. */
  firstAnswerMs: number[];
  firstAnswer: Summary;
  /** The same query again at once: the warm figure. */
  warmQueryMs: number[];
  /** After a stop: a ping first (worker start + database open), then the query (store load + query). */
  pingFirst: Array<{ pingMs: number; queryMs: number }>;
  /** Counted after the last restart: the store rebuilt from IndexedDB alone. */
  triplesAfterRestart: number;
}

interface QueryFigures {
  name: string;
  kind: string;
  rows: number;
  endpoint: Summary;
  endpointPost: Summary;
  baseline: Summary;
  /** The pings interleaved with this query's runs. */
  ping: Summary;
  /** Endpoint p50 − ping p50. */
  overPingP50: number;
  sameAnswers: boolean;
}

export interface SemanticsResults {
  parameters: SemanticsOptions & { graph: string; dataset: string };
  dataset: { triples: number; bytes: number };
  baseline: {
    loads: BaselineLoadFigures[];
  };
  bulk: Api.TriplesLoadResult[];
  bestBulk: Api.TriplesLoadResult;
  coldStart: ColdStart[];
  /** `floor`: `ASK {}`, what any SPARQL answer costs over a ping. */
  latencyMs: { ping: Summary; floor: QueryFigures; queries: QueryFigures[] };
  targets: {
    bulkAtLeastHalfOfBaseline: { target: string; ratio: number; apiTriplesPerSecond: number; baselineTriplesPerSecond: number; met: boolean };
    coldStart: Array<{ target: string; triples: number; firstAnswerP50: number; limit: number; baselineLoadP50: number; idbReadMs: number; met: boolean }>;
    queries: Array<{ target: string; name: string; overPingP50: number; limit: number; met: boolean }>;
  };
}

interface BaselineLoadFigures {
  triples: number;
  perChunk: number;
  /** One fresh page per run. */
  runs: BaselineLoad[];
  fresh: Summary;
  warm: Summary;
  /** From the fresh p50. */
  triplesPerSecond: number;
  wasmMemoryBytes: number;
}

const median = (xs: number[]) => summarize(xs).p50;

/** Order-insensitive form of a SPARQL JSON results body, for comparing two engines' answers. */
function canonicalAnswer(body: string): string {
  const parsed = JSON.parse(body) as { head: { vars?: string[] }; results?: { bindings: Array<Record<string, unknown>> }; boolean?: boolean };
  if (!parsed.results) return JSON.stringify(parsed);
  const sortKeys = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]))
      : v;
  const rows = parsed.results.bindings.map((b) => JSON.stringify(sortKeys(b))).sort();
  return JSON.stringify({ vars: [...(parsed.head.vars ?? [])].sort(), rows });
}

const rowCount = (body: string) => (JSON.parse(body) as { results?: { bindings: unknown[] } }).results?.bindings.length ?? 1;

export async function runSemantics(browser: BenchBrowser, baseURL: string, script: string, o: SemanticsOptions, log: (line: string) => void): Promise<SemanticsResults> {
  const coldSizes = [...new Set([Math.min(100_000, o.triples), o.triples])];

  // 1. The baseline's load, in pages without the worker.
  const baselineLoads: BaselineLoadFigures[] = [];
  for (const triples of coldSizes) {
    const runs: BaselineLoad[] = [];
    for (let run = 0; run < o.baselineLoadRuns; run++) {
      const page = await plainPage(browser, baseURL, script);
      runs.push(await page.evaluate((a) => window.tabulaBench.oxigraphLoad(a), { triples, perChunk: o.baselineChunk, graph: GRAPH, keep: false }));
      await page.close();
    }
    const fresh = summarize(runs.map((r) => r.freshMs));
    baselineLoads.push({
      triples,
      perChunk: o.baselineChunk,
      runs,
      fresh,
      warm: summarize(runs.map((r) => r.warmMs)),
      triplesPerSecond: (triples / fresh.p50) * 1000,
      wasmMemoryBytes: Math.max(...runs.map((r) => r.wasmMemoryBytes)),
    });
  }
  const baselineLoadOf = (n: number) => baselineLoads.find((l) => l.triples === n)!;
  const bn = baselineLoadOf(o.triples);
  log(`  baseline: Oxigraph-wasm in a page loads ${o.triples} triples in ${fmt(bn.fresh.p50 / 1000)} s fresh, ${fmt(bn.warm.p50 / 1000)} s warm`);

  // 2. Bulk load variants, each into a fresh database.
  const bulk: Api.TriplesLoadResult[] = [];
  for (const perRequest of o.bulkVariants) {
    const page = await controlledPage(browser, baseURL, script);
    const r = await page.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), { triples: o.triples, perRequest, graph: GRAPH, dbName: WORKER_DB, compactionWaitMs: o.compactionWaitMs });
    await page.close();
    bulk.push(r);
    log(
      r.outcome === 'ok'
        ? `  bulk ${perRequest} per request: ${fmt(r.triplesPerSecond, 0)} triples/s (${fmt(r.ms / 1000)} s; ${r.settledMs === null ? 'no compaction seen' : `log compacted at ${fmt(r.settledMs / 1000)} s`})`
        : `  bulk ${perRequest} per request: refused, ${r.refusal!.status} ${r.refusal!.body.slice(0, 160)}`,
    );
  }
  const loaded = bulk.filter((b) => b.outcome === 'ok');
  if (loaded.length === 0) throw new Error('no bulk-load variant was accepted');
  const bestBulk = loaded.reduce((a, b) => (b.triplesPerSecond > a.triplesPerSecond ? b : a));

  // 3 and 4. Cold starts (and, on the full size, the warm query mix).
  const coldStart: ColdStart[] = [];
  let mix: Awaited<ReturnType<Bench['sparqlQueryMix']>> | undefined;
  for (const triples of coldSizes) {
    const page = await controlledPage(browser, baseURL, script);
    const load = await page.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), { triples, perRequest: bestBulk.perRequest, graph: GRAPH, dbName: WORKER_DB, compactionWaitMs: o.compactionWaitMs });
    const storedRuns: Api.StoredTriples[] = [];
    for (let i = 0; i < 3; i++) storedRuns.push(await page.evaluate((a) => window.tabulaBench.storedTriples(a), WORKER_DB));

    const worker = await serviceWorkerControl(page.session);
    const firstAnswerMs: number[] = [];
    const warmQueryMs: number[] = [];
    const pingFirst: ColdStart['pingFirst'] = [];
    for (let i = 0; i < o.coldRuns; i++) {
      await worker.stop();
      const first = await page.evaluate((a) => window.tabulaBench.timedRequest('query', a), triples);
      firstAnswerMs.push(first.ms);
      warmQueryMs.push((await page.evaluate((a) => window.tabulaBench.timedRequest('query', a), triples)).ms);
    }
    for (let i = 0; i < o.coldRuns; i++) {
      await worker.stop();
      const ping = await page.evaluate((a) => window.tabulaBench.timedRequest('ping', a), triples);
      const query = await page.evaluate((a) => window.tabulaBench.timedRequest('query', a), triples);
      pingFirst.push({ pingMs: ping.ms, queryMs: query.ms });
    }
    const after = await page.evaluate((a) => window.tabulaBench.graphSize(a), GRAPH);
    if (after.triples !== triples) throw new Error(`after a worker restart the graph holds ${after.triples} of ${triples} triples`);
    await worker.detach();

    if (triples === o.triples) {
      // The in-page store for the interleaved baseline, loaded by this page next to the worker's.
      await page.evaluate((a) => window.tabulaBench.oxigraphLoad(a), { triples, perChunk: o.baselineChunk, graph: GRAPH, keep: true });
      mix = await page.evaluate((a) => window.tabulaBench.sparqlQueryMix(a), { triples, runs: o.queryRuns, warmup: o.queryWarmup });
    }
    await page.close();
    const stored = storedRuns[storedRuns.length - 1];
    const idbReadMs = storedRuns.map((s) => s.ms);
    coldStart.push({
      triples,
      load,
      stored,
      idbReadMs,
      firstAnswerMs,
      firstAnswer: summarize(firstAnswerMs),
      warmQueryMs,
      pingFirst,
      triplesAfterRestart: after.triples,
    });
    log(`  cold start with ${triples} triples: first answer ${firstAnswerMs.map((ms) => fmt(ms, 0)).join(' / ')} ms`);
  }
  if (!mix) throw new Error('the query mix did not run');

  const ping = summarize(mix.flatMap((q) => q.ping));
  const figures: QueryFigures[] = mix.map((q) => {
    const endpoint = summarize(q.endpoint);
    const endpointPost = summarize(q.endpointPost);
    const pingHere = summarize(q.ping);
    return {
      name: q.name,
      kind: q.kind,
      rows: rowCount(q.endpointBody),
      endpoint,
      endpointPost,
      baseline: summarize(q.baseline),
      ping: pingHere,
      // At the timer's 0.1 ms resolution, against the pings taken between this query's runs.
      overPingP50: Math.round((endpoint.p50 - pingHere.p50) * 10) / 10,
      sameAnswers: canonicalAnswer(q.endpointBody) === canonicalAnswer(q.baselineBody),
    };
  });
  const [floor, ...queries] = figures;
  // Reported rather than thrown, so a long run keeps its figures; the table flags them.
  for (const q of figures.filter((f) => !f.sameAnswers)) log(`  WARNING: the endpoint and the in-page store answer ${q.name} differently`);
  for (const q of queries.filter((f) => f.rows === 0)) log(`  WARNING: ${q.name} has no results on this dataset (too small?), so it measures little`);

  const baselineRate = baselineLoadOf(o.triples).triplesPerSecond;
  const targets: SemanticsResults['targets'] = {
    bulkAtLeastHalfOfBaseline: {
      target: 'bulk load ≥ 0.6 × the in-page Oxigraph load rate (fresh page)',
      ratio: bestBulk.triplesPerSecond / baselineRate,
      apiTriplesPerSecond: bestBulk.triplesPerSecond,
      baselineTriplesPerSecond: baselineRate,
      met: bestBulk.triplesPerSecond >= 0.6 * baselineRate,
    },
    coldStart: coldStart.map((c) => {
      const baselineLoadP50 = baselineLoadOf(c.triples).fresh.p50;
      const idbReadMs = median(c.idbReadMs);
      // Issue 13: reading the snapshot must hide behind the load, so no allowance for it.
      const limit = baselineLoadP50;
      return {
        target: `cold start (${c.triples} triples) ≤ 1.0 × the in-page load (fresh page)`,
        triples: c.triples,
        firstAnswerP50: c.firstAnswer.p50,
        limit,
        baselineLoadP50,
        idbReadMs,
        met: c.firstAnswer.p50 <= limit,
      };
    }),
    queries: queries.map((q) => {
      // Relative to the query's own time, with 0.5 ms for the lightest: a fixed 0.5 ms was
      // inside the noise of two stores holding the same data (docs/decisions/0013-sparql-answer-path.md).
      const limit = Math.round(Math.max(q.baseline.p50 * 1.05, q.baseline.p50 + 0.5) * 10) / 10;
      // Wrong answers meet no target, however fast.
      const met = q.sameAnswers && q.overPingP50 <= limit;
      return { target: `${q.name}: endpoint p50 − ping p50 ≤ max(in-page p50 × 1.05, in-page p50 + 0.5 ms)`, name: q.name, overPingP50: q.overPingP50, limit, met };
    }),
  };

  return {
    parameters: { ...o, graph: GRAPH, dataset: 'BSBM-shaped N-Triples (bench/scenarios/bsbm.ts), seed 20090401' },
    dataset: { triples: o.triples, bytes: bulk[0].bytes },
    baseline: { loads: baselineLoads },
    bulk,
    bestBulk,
    coldStart,
    latencyMs: { ping, floor, queries },
    targets,
  };
}

export function printSemantics(s: SemanticsResults): void {
  const mb = (bytes: number) => fmt(bytes / 1e6, 1);
  const baselineN = s.baseline.loads.find((l) => l.triples === s.parameters.triples)!;
  console.log(`\nSemantics: BSBM-shaped dataset, ${s.dataset.triples} triples, ${mb(s.dataset.bytes)} MB of N-Triples`);

  console.log(`\nBulk load through the service worker (PUT /v1/graphs?graph=…, then POST; each acknowledged after its commit)`);
  console.log(table(
    ['triples per request', 'requests', 'load s', 'triples/s', 'slowest request s', 'log compacted at s', 'vs in-page Oxigraph'],
    s.bulk.map((b) =>
      b.outcome === 'ok'
        ? [String(b.perRequest), String(b.requests), fmt(b.ms / 1000), fmt(b.triplesPerSecond, 0), fmt(Math.max(...b.requestMs) / 1000), b.settledMs === null ? '–' : fmt(b.settledMs / 1000), fmt(b.triplesPerSecond / baselineN.triplesPerSecond)]
        : [String(b.perRequest), '1', `refused: ${b.refusal!.status}`, '–', '–', '–', '–'],
    ),
  ));
  console.log(table(
    ['in-page Oxigraph load', 'pieces of', 'pages', 'fresh p50 s', 'triples/s', 'warm p50 s', 'wasm init ms', 'wasm memory MB'],
    s.baseline.loads.map((l) => [
      `${l.triples} triples`,
      String(l.perChunk),
      String(l.runs.length),
      fmt(l.fresh.p50 / 1000),
      fmt(l.triplesPerSecond, 0),
      fmt(l.warm.p50 / 1000),
      fmt(median(l.runs.map((r) => r.initMs)), 0),
      mb(l.wasmMemoryBytes),
    ]),
  ));

  console.log(`\nCold start after a worker stop (first request: a point lookup; ms)`);
  console.log(table(
    ['triples', 'stored as', 'IndexedDB read', 'in-page load fresh', 'first answer p50', 'runs', 'warm query', 'ping first: ping', '+ query', 'limit'],
    s.coldStart.map((c, i) => [
      String(c.triples),
      `${c.stored.snapshotPieces} pieces ${mb(c.stored.snapshotChars)} MB (stored ${mb(c.stored.snapshotStoredBytes)} MB) + ${c.stored.logEntries} log ${mb(c.stored.logChars)} MB`,
      fmt(median(c.idbReadMs), 0),
      fmt(s.targets.coldStart[i].baselineLoadP50, 0),
      fmt(c.firstAnswer.p50, 0),
      c.firstAnswerMs.map((ms) => fmt(ms, 0)).join('/'),
      fmt(median(c.warmQueryMs), 1),
      fmt(median(c.pingFirst.map((p) => p.pingMs)), 0),
      fmt(median(c.pingFirst.map((p) => p.queryMs)), 0),
      fmt(s.targets.coldStart[i].limit, 0),
    ]),
  ));

  const ping = s.latencyMs.ping;
  console.log(
    `\nQuery mix, ${s.dataset.triples} triples (ms; GET /v1/graphs/sparql?query=, and the same by POST; SPARQL JSON results; each run next to a ping and an in-page run; ping p50 ${fmt(ping.p50)}, p95 ${fmt(ping.p95)})`,
  );
  const row = (q: QueryFigures, limit: string, met: string) => [
    q.name,
    String(q.rows),
    fmt(q.endpoint.p50),
    fmt(q.endpoint.p95),
    fmt(q.endpointPost.p50),
    fmt(q.ping.p50),
    fmt(q.overPingP50, 1),
    fmt(q.baseline.p50),
    fmt(q.baseline.p95),
    limit,
    q.sameAnswers ? met : `${met}, ANSWERS DIFFER`,
  ];
  console.log(table(
    ['query', 'rows', 'GET p50', 'p95', 'POST p50', 'ping p50', 'GET p50 − ping', 'in-page p50', 'p95', 'limit', 'met'],
    [
      row(s.latencyMs.floor, '–', '(floor)'),
      ...s.latencyMs.queries.map((q, i) => row(q, fmt(s.targets.queries[i].limit, 1), s.targets.queries[i].met ? 'yes' : 'NO')),
    ],
  ));

  console.log('\nSemantics targets (reported, not asserted):');
  const b = s.targets.bulkAtLeastHalfOfBaseline;
  console.log(`  ${b.met ? 'met    ' : 'NOT met'}  ${b.target}: ${fmt(b.ratio)} (${fmt(b.apiTriplesPerSecond, 0)} vs ${fmt(b.baselineTriplesPerSecond, 0)} triples/s)`);
  for (const c of s.targets.coldStart) console.log(`  ${c.met ? 'met    ' : 'NOT met'}  ${c.target}: ${fmt(c.firstAnswerP50, 0)} ms, limit ${fmt(c.limit, 0)} ms`);
  const q = s.targets.queries;
  console.log(`  ${q.every((t) => t.met) ? 'met    ' : 'NOT met'}  per query, endpoint p50 − ping p50 ≤ max(in-page p50 × 1.05, in-page p50 + 0.5 ms): ${q.filter((t) => t.met).length} of ${q.length}${q.some((t) => !t.met) ? ` (missed: ${q.filter((t) => !t.met).map((t) => t.name).join(', ')})` : ''}`);
}
