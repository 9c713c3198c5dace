/**
 * The search benchmark, driven from Node: generated ~1 KB JSON documents of
 * English-looking text (bench/scenarios/search-data.ts) through the service worker,
 * against raw FlexSearch in the page on the same texts in the same run.
 *
 * 1. Ingest, bulk `POST /v1/documents` (multipart, a batch per request, each acknowledged
 *    after its commit), timed to the last acknowledgement, twice, each into a fresh
 *    database: without search (no search has run, so the index is not loaded and a write
 *    only logs its change), then with indexing (two range indexes — category string,
 *    price decimal — and the options stored, one search made first: every write then
 *    updates the loaded index and both range indexes). The second database is checked
 *    to hold every document in its index and in both facets.
 * 2. Once the worker has written its snapshot: what IndexedDB holds of the index, then
 *    FlexSearch's index build over the same texts, then the query mix — one term, two
 *    terms AND, a phrase, a range constraint AND a word, NEAR, a word in a tenth of the
 *    documents — by `GET /v1/search` with
 *    stored options (both range constraints as facets, snippets on), each run next to
 *    a `GET /v1/ping` and, for the queries it can answer, FlexSearch (limit 10).
 * 3. A search running for seconds (ten phrases of function words, ORed): pings and a
 *    document read sent while it runs (issue 13's target: p95 within 50 ms), then a
 *    search of ten other words cancelled a quarter of a second after it was sent
 *    (`DELETE /tabula/v1/requests/{id}`; it runs ~1 s to its end), how soon its client
 *    hears, and how soon the next search answers
 *    (docs/decisions/0029-cooperative-search.md).
 * 4. Cold start: stop the worker (CDP), time the first search (the two-term query) to
 *    its answer; then the same after a ping first, to split worker start from index
 *    load; then check the restarted index still finds every document.
 *
 * Targets are reported, not asserted.
 */
import type { BenchBrowser, BenchPage } from './browser';
import { controlledPage } from './page';
import { fmt, table } from './report';
import { serviceWorkerControl } from '../src/testing/service-worker-control';
import { summarize, type Summary } from './stats';
import type * as Api from './scenarios/search-api';
import type { FlexBuild } from './scenarios/search-flexsearch';
import type { LongQueryProbe } from './scenarios/engine-host';

export interface SearchOptions {
  docs: number;
  batchSize: number;
  runs: number;
  warmup: number;
  coldRuns: number;
  /** How long to wait for the worker's snapshot after the ingest. */
  snapshotWaitMs: number;
}

/** The worker's IndexedDB database (src/db/database.ts: `tabula:` + the database name). */
const WORKER_DB = 'tabula:Documents';
export const PREFIX = '/bench/search/';
/** How long the first search may wait for new (empty) range indexes to be built. */
export const READY_TIMEOUT_MS = 30_000;

/** The query of the latency target, also the first request of each cold start. */
export const TARGET_QUERY = 'two-term-and';
/** A FlexSearch query takes less than the page timer's 0.1 ms resolution: each sample is the mean of this many. */
const BASELINE_REPEATS = 100;

/**
 * A long search: two-word phrases ORed, over a ring of ten of the commonest words — each word's
 * position table made on first use, each phrase checked in most documents. The cancelled run
 * takes ten other words, so it does not find the first run's tables made.
 */
const longSearch = (words: string[]) => words.map((w, i) => `"${w} ${words[(i + 1) % words.length]}"`).join(' OR ');
const LONG_SEARCH = longSearch(['the', 'of', 'and', 'to', 'a', 'in', 'is', 'that', 'it', 'for']);
const LONG_SEARCH_CANCELLED = longSearch(['was', 'on', 'with', 'as', 'be', 'by', 'at', 'this', 'are', 'from']);
/** When the second long search is cancelled: it runs ~1 s to its end over 100k documents. */
const CANCEL_AFTER_MS = 250;
/** The target for a ping or a document read sent while a long request runs (docs/decisions/0029-cooperative-search.md). */
const WHILE_RUNNING_P95_MS = 50;

const LIMITS = { twoTermP50: 20, twoTermP95: 60, coldStartMs: 3_000, ingestRatio: 0.5, coldFirstAnswerMs: 1_500, snapshotRatio: 0.5 };

/** Issue 13's latency targets, as p50 − ping (ms), by query name. */
const OVER_PING_TARGETS: Record<string, number> = { phrase: 30, near: 30, 'one-term-10pct': 15 };

export function searchOptionsFromEnv(env: NodeJS.ProcessEnv): SearchOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not ${env[name]}`);
    return value;
  };
  return {
    docs: int('BENCH_SEARCH_DOCS', 100_000, 1_000),
    batchSize: int('BENCH_SEARCH_BATCH', 1_000, 1),
    runs: int('BENCH_SEARCH_RUNS', 50, 1),
    warmup: int('BENCH_SEARCH_WARMUP', 10, 0),
    coldRuns: int('BENCH_SEARCH_COLD_RUNS', 3, 1),
    snapshotWaitMs: int('BENCH_SEARCH_SNAPSHOT_WAIT', 120_000, 0),
  };
}

interface QueryFigures {
  name: string;
  kind: string;
  q: string;
  total: number;
  snippetMatches: number;
  api: Summary;
  ping: Summary;
  /** API p50 − the p50 of the pings taken between this query's runs. */
  overPingP50: number;
  /** The engine's own figures (the response's metrics), p50 of each. */
  engineP50: { query: number | null; facet: number | null; snippet: number | null; total: number | null };
  baseline: Summary | null;
  baselineHits: number | null;
}

interface ColdStart {
  /** First search after each stop, to its answer. */
  firstSearchMs: number[];
  firstSearch: Summary;
  /** The same search again at once. */
  warmSearchMs: number[];
  /** After a stop: a ping first (worker start + database open), then the search (index load + search). */
  pingFirst: Array<{ pingMs: number; searchMs: number }>;
  /** Found by a search over everything after the last restart: the index restored whole. */
  totalAfterRestart: number;
}

export interface SearchResults {
  parameters: SearchOptions & { dataset: string; queries: Array<{ name: string; q: string }> };
  dataset: { documents: number; bytes: number };
  ingest: { withoutSearch: Api.SearchIngestResult; withIndexing: Api.SearchIngestResult; ratio: number };
  stored: { snapshot: Api.SnapshotWait; reads: Api.StoredSearchIndex[]; documents: { documents: number; bytes: number } };
  baseline: FlexBuild;
  latencyMs: { ping: Summary; queries: QueryFigures[] };
  longSearch: { q: string; ran: LongQueryProbe & { pingSummary: Summary; getSummary: Summary }; cancelled: LongQueryProbe };
  coldStart: ColdStart;
  targets: {
    whileLongSearch: Array<{ target: string; value: number; met: boolean }>;
    ingestWithIndexingAtLeastHalf: { target: string; ratio: number; met: boolean };
    twoTermP50: { target: string; value: number; met: boolean };
    twoTermP95: { target: string; value: number; met: boolean };
    coldStart: { target: string; p50: number; max: number; met: boolean };
    coldFirstAnswer: { target: string; p50: number; max: number; met: boolean };
    snapshotSize: { target: string; snapshotBytes: number; documentBytes: number; ratio: number; met: boolean };
    overPing: Array<{ target: string; query: string; value: number; met: boolean }>;
  };
}

const median = (xs: number[]) => summarize(xs).p50;
const medianOrNull = (xs: Array<number | null>) => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length > 0 ? median(known) : null;
};

/** The search response's metrics the report shows, in its columns' order. */
export const SEARCH_METRICS = ['query', 'facet', 'snippet', 'total'] as const;

/** The timed runs of one request, the pings and in-page baseline taken between them, and the engine's own metrics by name. */
interface RequestSamples<K extends string> {
  api: number[];
  ping: number[];
  baseline: number[];
  metrics: Array<Record<K, number | null>>;
}

/** A request's figures beside its pings: p50 over ping, each engine metric's p50, the baseline's summary (null when it had none). */
export function againstPing<K extends string>(s: RequestSamples<K>, metricNames: readonly K[]) {
  const api = summarize(s.api);
  const ping = summarize(s.ping);
  return {
    api,
    ping,
    // At the timer's 0.1 ms resolution.
    overPingP50: Math.round((api.p50 - ping.p50) * 10) / 10,
    engineP50: Object.fromEntries(metricNames.map((k) => [k, medianOrNull(s.metrics.map((m) => m[k]))])) as Record<K, number | null>,
    baseline: s.baseline.length > 0 ? summarize(s.baseline) : null,
  };
}

/** {@link againstPing}'s figures as table cells: p50, p95, p99, p50 − ping, the engine's metrics in the order given, the baseline's p50 and p95. */
export function againstPingCells<K extends string>(f: ReturnType<typeof againstPing<K>>, metricNames: readonly K[]): string[] {
  return [
    fmt(f.api.p50),
    fmt(f.api.p95),
    fmt(f.api.p99),
    fmt(f.overPingP50, 1),
    ...metricNames.map((k) => (f.engineP50[k] === null ? '–' : fmt(f.engineP50[k]))),
    f.baseline ? fmt(f.baseline.p50, 3) : '–',
    f.baseline ? fmt(f.baseline.p95, 3) : '–',
  ];
}

/**
 * `afterwards`, when given, runs in the benchmark's page once the search figures are taken, on
 * the same database (the values section measures there rather than ingest the corpus again).
 */
export async function runSearch(
  browser: BenchBrowser,
  baseURL: string,
  script: string,
  o: SearchOptions,
  log: (line: string) => void,
  afterwards?: (page: BenchPage) => Promise<void>,
): Promise<SearchResults> {
  const ingestOptions = { total: o.docs, batchSize: o.batchSize, prefix: PREFIX, readyTimeoutMs: READY_TIMEOUT_MS };

  // 1a. Without search: a fresh database, no search ever made.
  const plain = await controlledPage(browser, baseURL, script);
  const withoutSearch = await plain.evaluate((a) => window.tabulaBench.searchIngest(a), { ...ingestOptions, indexing: false });
  await plain.close();
  log(`  ingest without search: ${fmt(withoutSearch.docsPerSecond, 0)} docs/s (${fmt(withoutSearch.ms / 1000)} s)`);

  // 1b. With indexing, in the page the rest of the benchmark uses.
  const page = await controlledPage(browser, baseURL, script);
  const withIndexing = await page.evaluate((a) => window.tabulaBench.searchIngest(a), { ...ingestOptions, indexing: true });
  log(`  ingest with indexing: ${fmt(withIndexing.docsPerSecond, 0)} docs/s (${fmt(withIndexing.ms / 1000)} s)`);
  const check = await page.evaluate((a) => window.tabulaBench.searchVerify(a), { total: o.docs, prefix: PREFIX });
  log(`  index checked: ${check.total} documents, ${check.categories} categories, ${check.buckets} price buckets as generated`);

  // 2. The snapshot, what IndexedDB holds, the baseline build, the query mix.
  const snapshot = await page.evaluate((a) => window.tabulaBench.searchSnapshotSettled(a), { dbName: WORKER_DB, timeoutMs: o.snapshotWaitMs });
  log(
    snapshot.settledMs === null
      ? `  WARNING: no snapshot covered the ingest within ${fmt(o.snapshotWaitMs / 1000, 0)} s (${snapshot.changesLeft} change entries left): a cold start replays them`
      : `  snapshot written ${fmt(snapshot.settledMs / 1000)} s after the ingest's check`,
  );
  const reads: Api.StoredSearchIndex[] = [];
  for (let i = 0; i < 3; i++) reads.push(await page.evaluate((a) => window.tabulaBench.storedSearchIndex(a), WORKER_DB));
  const documentBytes = await page.evaluate((a) => window.tabulaBench.storedDocumentBytes(a), WORKER_DB);
  log(`  snapshot ${fmt(reads[0].bytes / 1e6, 1)} MB for ${fmt(documentBytes.bytes / 1e6, 1)} MB of stored document content (${documentBytes.documents} documents)`);

  const baseline = await page.evaluate((a) => window.tabulaBench.flexBaselineBuild(a), { total: o.docs, prefix: PREFIX });
  log(`  FlexSearch in the page indexes ${o.docs} texts at ${fmt(baseline.docsPerSecond, 0)} docs/s (${fmt(baseline.ms / 1000)} s)`);
  const samples = await page.evaluate((a) => window.tabulaBench.searchLatency(a), { runs: o.runs, warmup: o.warmup, baselineRepeats: BASELINE_REPEATS });
  await page.evaluate(() => window.tabulaBench.flexForget(), undefined);

  // 3. A long search run to its end with probes, then another cancelled well before its end.
  const searchUrl = (q: string) => `/v1/search?format=json&q=${encodeURIComponent(q)}`;
  const nextUrl = searchUrl('customer service');
  const docUri = `${PREFIX}7.json`;
  const ranProbe = await page.evaluate((a) => window.tabulaBench.longRequestProbe(a), { url: searchUrl(LONG_SEARCH), accept: 'application/json', probeMs: 120_000, docUri, cancel: false, nextUrl });
  const ran = { ...ranProbe, pingSummary: summarize(ranProbe.ping), getSummary: summarize(ranProbe.get) };
  log(`  long search ${ran.queryStatus} after ${fmt(ran.queryMs, 0)} ms; ${ran.ping.length} pings while it ran, p95 ${fmt(ran.pingSummary.p95, 1)} ms, max ${fmt(ran.pingSummary.max, 1)} ms`);
  const cancelled = await page.evaluate((a) => window.tabulaBench.longRequestProbe(a), { url: searchUrl(LONG_SEARCH_CANCELLED), accept: 'application/json', probeMs: CANCEL_AFTER_MS, docUri, cancel: true, nextUrl });
  log(`  long search cancelled after ~${CANCEL_AFTER_MS} ms: ${cancelled.cancelStatus ?? '–'}, answered ${cancelled.queryStatus} ${fmt(cancelled.cancelToAnswerMs ?? NaN, 0)} ms after the cancel; next search ${fmt(cancelled.nextQueryMs, 0)} ms`);

  // 4. Cold starts.
  const worker = await serviceWorkerControl(page.session);
  const firstSearchMs: number[] = [];
  const warmSearchMs: number[] = [];
  const pingFirst: ColdStart['pingFirst'] = [];
  for (let i = 0; i < o.coldRuns; i++) {
    await worker.stop();
    firstSearchMs.push((await page.evaluate((w) => window.tabulaBench.searchTimedRequest(w), TARGET_QUERY)).ms);
    warmSearchMs.push((await page.evaluate((w) => window.tabulaBench.searchTimedRequest(w), TARGET_QUERY)).ms);
  }
  for (let i = 0; i < o.coldRuns; i++) {
    await worker.stop();
    const ping = await page.evaluate((w) => window.tabulaBench.searchTimedRequest(w), 'ping');
    const search = await page.evaluate((w) => window.tabulaBench.searchTimedRequest(w), TARGET_QUERY);
    pingFirst.push({ pingMs: ping.ms, searchMs: search.ms });
  }
  await worker.detach();
  const after = await page.evaluate((a) => window.tabulaBench.searchVerify(a), { total: o.docs, prefix: PREFIX });
  log(`  cold start: first search ${firstSearchMs.map((ms) => fmt(ms, 0)).join(' / ')} ms`);
  if (afterwards) await afterwards(page);
  await page.close();

  const queries: QueryFigures[] = samples.map((s) => ({
    name: s.name,
    kind: s.kind,
    q: s.q,
    total: s.answer.total,
    snippetMatches: s.answer.snippetMatches,
    ...againstPing(s, SEARCH_METRICS),
    baselineHits: s.baselineHits,
  }));
  const tenth = queries.find((q) => q.name === 'one-term-10pct');
  if (tenth) log(`  one-term-10pct (${tenth.q}) hits ${tenth.total} of ${o.docs} documents (${fmt((tenth.total / o.docs) * 100, 1)}%)`);
  for (const q of queries.filter((f) => f.total === 0)) log(`  WARNING: ${q.name} has no hits on this dataset, so it measures little`);
  // Stemming only adds matches: fewer hits than FlexSearch's exact words means lost documents.
  for (const q of queries.filter((f) => f.baselineHits !== null && f.total < f.baselineHits)) log(`  WARNING: ${q.name}: the API finds ${q.total}, FlexSearch ${q.baselineHits}`);

  const twoTerm = queries.find((q) => q.name === TARGET_QUERY)!;
  const snapshotBytes = reads[reads.length - 1].bytes;
  const snapshotRatio = snapshotBytes / documentBytes.bytes;
  const firstSearch = summarize(firstSearchMs);
  const ratio = withIndexing.docsPerSecond / withoutSearch.docsPerSecond;
  return {
    parameters: {
      ...o,
      dataset: 'generated ~1 KB JSON, Zipf-distributed English words (bench/scenarios/search-data.ts)',
      queries: queries.map((q) => ({ name: q.name, q: q.q })),
    },
    dataset: { documents: o.docs, bytes: withoutSearch.bytes },
    ingest: { withoutSearch, withIndexing, ratio },
    stored: { snapshot, reads, documents: documentBytes },
    baseline,
    latencyMs: { ping: summarize(samples.flatMap((s) => s.ping)), queries },
    longSearch: { q: LONG_SEARCH, ran, cancelled },
    coldStart: { firstSearchMs, firstSearch, warmSearchMs, pingFirst, totalAfterRestart: after.total },
    targets: {
      whileLongSearch: [
        { target: `ping while a long search runs, p95 ≤ ${WHILE_RUNNING_P95_MS} ms`, value: ran.pingSummary.p95, met: ran.pingSummary.p95 <= WHILE_RUNNING_P95_MS },
        { target: `document GET while a long search runs, p95 ≤ ${WHILE_RUNNING_P95_MS} ms`, value: ran.getSummary.p95, met: ran.getSummary.p95 <= WHILE_RUNNING_P95_MS },
      ],
      ingestWithIndexingAtLeastHalf: { target: `ingest with indexing ≥ ${LIMITS.ingestRatio} × the ingest without search`, ratio, met: ratio >= LIMITS.ingestRatio },
      twoTermP50: { target: `two-term search with snippets and facets: p50 < ${LIMITS.twoTermP50} ms`, value: twoTerm.api.p50, met: twoTerm.api.p50 < LIMITS.twoTermP50 },
      twoTermP95: { target: `two-term search with snippets and facets: p95 < ${LIMITS.twoTermP95} ms`, value: twoTerm.api.p95, met: twoTerm.api.p95 < LIMITS.twoTermP95 },
      // Every run, not the median: a user meets whichever start they get.
      coldStart: { target: `cold start (worker stopped → first search answered) < ${LIMITS.coldStartMs / 1000} s, every run`, p50: firstSearch.p50, max: firstSearch.max, met: firstSearch.max < LIMITS.coldStartMs },
      coldFirstAnswer: {
        target: `first search answered after a worker stop ≤ ${LIMITS.coldFirstAnswerMs / 1000} s, every run`,
        p50: firstSearch.p50,
        max: firstSearch.max,
        met: firstSearch.max <= LIMITS.coldFirstAnswerMs,
      },
      snapshotSize: {
        target: `snapshot bytes ≤ ${LIMITS.snapshotRatio} × the stored documents' content bytes`,
        snapshotBytes,
        documentBytes: documentBytes.bytes,
        ratio: snapshotRatio,
        met: snapshotRatio <= LIMITS.snapshotRatio,
      },
      overPing: queries
        .filter((q) => OVER_PING_TARGETS[q.name] !== undefined)
        .map((q) => ({ target: `${q.name} (${q.kind}, snippets and both facets): p50 − ping ≤ ${OVER_PING_TARGETS[q.name]} ms`, query: q.name, value: q.overPingP50, met: q.overPingP50 <= OVER_PING_TARGETS[q.name] })),
    },
  };
}

export function printSearch(s: SearchResults): void {
  const mb = (bytes: number) => fmt(bytes / 1e6, 1);
  console.log(`\nSearch: ${s.dataset.documents} generated JSON documents, ${mb(s.dataset.bytes)} MB of multipart bodies, batches of ${s.parameters.batchSize}`);

  console.log(`\nIngest through the service worker (bulk POST /v1/documents, multipart; each batch acknowledged after its commit)`);
  const { withoutSearch: a, withIndexing: b } = s.ingest;
  console.log(table(
    ['variant', 'batches', 'load s', 'docs/s', 'slowest batch ms', 'vs without search'],
    [
      ['without search (index not loaded: changes logged only)', String(a.batches), fmt(a.ms / 1000), fmt(a.docsPerSecond, 0), fmt(a.maxBatchMs, 0), '1.00'],
      ['with indexing (index loaded, 2 range indexes)', String(b.batches), fmt(b.ms / 1000), fmt(b.docsPerSecond, 0), fmt(b.maxBatchMs, 0), fmt(s.ingest.ratio)],
      ['FlexSearch in the page (index.add only)', '–', fmt(s.baseline.ms / 1000), fmt(s.baseline.docsPerSecond, 0), '–', fmt(s.baseline.docsPerSecond / a.docsPerSecond)],
    ],
  ));

  const last = s.stored.reads[s.stored.reads.length - 1];
  console.log(`\nThe index in IndexedDB after the ingest`);
  console.log(table(
    ['snapshot written after s', 'pieces', 'payload MB (est.)', 'change entries left', 'read ms (3 runs)', 'origin usage MB'],
    [[
      s.stored.snapshot.settledMs === null ? 'not within the wait' : fmt(s.stored.snapshot.settledMs / 1000),
      String(last.pieces),
      mb(last.bytes),
      String(last.changes),
      s.stored.reads.map((r) => fmt(r.ms, 0)).join('/'),
      last.originUsageBytes === null ? '–' : mb(last.originUsageBytes),
    ]],
  ));

  const ping = s.latencyMs.ping;
  console.log(
    `\nSearch latency (ms; GET /v1/search?q=…&options=…&format=json, 10 results with snippets, category and price facets; each run next to a ping and FlexSearch, limit 10, mean of ${BASELINE_REPEATS} repeats; ping p50 ${fmt(ping.p50)}, p95 ${fmt(ping.p95)})`,
  );
  console.log(table(
    ['query', 'q', 'hits', 'p50', 'p95', 'p99', 'p50 − ping', 'engine: query', 'facets', 'snippets', 'total', 'FlexSearch p50', 'p95', 'FlexSearch hits'],
    s.latencyMs.queries.map((q) => [
      q.name,
      q.q,
      String(q.total),
      ...againstPingCells(q, SEARCH_METRICS),
      q.baselineHits === null ? '–' : String(q.baselineHits),
    ]),
  ));

  const c = s.coldStart;
  console.log(`\nCold start after a worker stop (first request: the two-term search; ms)`);
  console.log(table(
    ['first search p50', 'runs', 'warm search p50', 'ping first: ping p50', '+ search p50', 'documents found after restarts'],
    [[
      fmt(c.firstSearch.p50, 0),
      c.firstSearchMs.map((ms) => fmt(ms, 0)).join('/'),
      fmt(median(c.warmSearchMs), 1),
      fmt(median(c.pingFirst.map((p) => p.pingMs)), 0),
      fmt(median(c.pingFirst.map((p) => p.searchMs)), 0),
      String(c.totalAfterRestart),
    ]],
  ));

  const l = s.longSearch;
  console.log(`\nA long search (${l.q}) and what else answers meanwhile`);
  console.log(
    table(
      ['run', 'probes', 'ping p50', 'ping p95', 'ping max', 'GET p95', 'cancel', 'cancel→answer', 'search answered', 'next search'],
      [
        ['to its end', String(l.ran.ping.length), fmt(l.ran.pingSummary.p50, 1), fmt(l.ran.pingSummary.p95, 1), fmt(l.ran.pingSummary.max, 1), fmt(l.ran.getSummary.p95, 1), '–', '–', `${l.ran.queryStatus} ${fmt(l.ran.queryMs, 0)}`, fmt(l.ran.nextQueryMs, 0)],
        ['cancelled', String(l.cancelled.ping.length), '', '', '', '', String(l.cancelled.cancelStatus ?? '–'), l.cancelled.cancelToAnswerMs === undefined ? '–' : fmt(l.cancelled.cancelToAnswerMs, 0), `${l.cancelled.queryStatus} ${fmt(l.cancelled.queryMs, 0)}`, fmt(l.cancelled.nextQueryMs, 0)],
      ],
    ),
  );

  console.log('\nSearch targets (reported, not asserted):');
  const t = s.targets;
  const line = (met: boolean, text: string) => console.log(`  ${met ? 'met    ' : 'NOT met'}  ${text}`);
  line(t.ingestWithIndexingAtLeastHalf.met, `${t.ingestWithIndexingAtLeastHalf.target}: ${fmt(t.ingestWithIndexingAtLeastHalf.ratio)}`);
  line(t.twoTermP50.met, `${t.twoTermP50.target}: ${fmt(t.twoTermP50.value)} ms`);
  line(t.twoTermP95.met, `${t.twoTermP95.target}: ${fmt(t.twoTermP95.value)} ms`);
  line(t.coldStart.met, `${t.coldStart.target}: p50 ${fmt(t.coldStart.p50, 0)} ms, slowest ${fmt(t.coldStart.max, 0)} ms`);
  line(t.coldFirstAnswer.met, `${t.coldFirstAnswer.target}: p50 ${fmt(t.coldFirstAnswer.p50, 0)} ms, slowest ${fmt(t.coldFirstAnswer.max, 0)} ms`);
  line(t.snapshotSize.met, `${t.snapshotSize.target}: ${mb(t.snapshotSize.snapshotBytes)} MB vs ${mb(t.snapshotSize.documentBytes)} MB (${fmt(t.snapshotSize.ratio)}×)`);
  for (const o of t.overPing) line(o.met, `${o.target}: ${fmt(o.value, 1)} ms`);
  for (const o of t.whileLongSearch) line(o.met, `${o.target}: ${fmt(o.value, 1)} ms`);
}
