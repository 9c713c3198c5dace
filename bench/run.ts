/**
 * `npm run bench`: the benchmarks, in headless Debian Chromium driven over a bare
 * DevTools pipe (bench/browser.ts; why not Playwright: docs/decisions/0011), through the
 * real service worker of the built app (dist/, served in-process by scripts/preview.mjs).
 *
 * Figures: GET /v1/ping latency (the floor every endpoint is measured against), single
 * PUT and GET latency, bulk ingest of 20,000 ~1 KB JSON documents at a few batch sizes,
 * and as the baseline the same records written straight into IndexedDB from the page
 * in the same run. Targets are reported, not asserted. Prints a table and writes
 * bench/results/latest.json.
 *
 * Semantics (bench/semantics.ts): a BSBM-shaped dataset through the service worker —
 * bulk load, cold start after a worker stop, a mix of ten queries — against
 * Oxigraph-wasm in a page on the same data; written as the `semantics` section.
 *
 * Search (bench/search.ts): generated ~1 KB JSON documents of English-looking text
 * through the service worker — ingest with and without indexing, the query latency
 * mix with snippets and facets, cold start after a worker stop — against raw
 * FlexSearch in a page on the same texts; written as the `search` section.
 *
 * Values (bench/values.ts): on the search section's database, after its figures,
 * `GET /v1/values/{name}` for the category and price range indexes — every distinct value
 * with its frequency, the price's count/sum/avg/median/stddev, unrestricted and restricted
 * by the two-term query — against the same answer computed in a page from an array of the
 * indexed values; written as the `values` section.
 *
 * Embedded (bench/embedded.ts): the search section's documents with ~10 embedded triples each
 * through the service worker — ingest against the same documents without triples, and a SPARQL
 * query restricted by a two-term string query matching 1% of them — against the same query on
 * an in-page Oxigraph store holding only those documents' triples; written as the `embedded`
 * section.
 *
 * Transactions (bench/transactions.ts): multi-statement transactions through the service worker —
 * transactions of ten PUTs with `txid`, opened and committed, against the same documents written
 * as bulk requests of ten, alternating in one page; and a read with `txid` of one of 1,000
 * documents a transaction holds uncommitted, against the same read without `txid` of a committed
 * document and the ping; written as the `transactions` section.
 *
 * Scenes (bench/scenes.ts): export and import (`/tabula/v1/scene`) of a database holding the
 * semantics section's triples and the search section's documents, against the same records read and written straight in
 * IndexedDB from the page; written as the `scenes` section.
 *
 * Databases (bench/databases.ts): two databases in one worker, the home `Documents` and a created
 * `b`, each holding the search section's documents (same generator and seed) with its range
 * indexes and options — the two-term search on `Documents` only, on `b` only, and alternating
 * between them, each p50 over ping (target: alternating ≤ 1.2 × `Documents` only); and the worker's
 * memory (CDP heap usage after a forced GC) after a stop with one database's index loaded, then
 * both; written as the `databases` section.
 *
 * Peers (bench/peers.ts): the libraries a user would pick instead, doing the same work in a
 * page beside Tabula through the service worker — Comunica over an N3 store and quadstore
 * over IndexedDB on the BSBM triples and the ten queries, PouchDB on the documents, Orama
 * and MiniSearch on the search documents — with the ratio and whether Tabula is at least
 * as fast; written as the `peers` section.
 *
 * Options (environment): BENCH_COUNT (latency samples, default 500), BENCH_TOTAL
 * (bulk documents, default 20000), BENCH_BATCHES (default "100,500,1000,2000");
 * BENCH_TRIPLES (default 1000000), BENCH_TRIPLE_REQUESTS (triples per request of each
 * bulk variant, default "50000,100000,250000,all"), BENCH_QUERY_RUNS (default 200),
 * BENCH_QUERY_WARMUP (default 10), BENCH_COLD_RUNS (default 3), BENCH_BASELINE_LOADS
 * (fresh pages per baseline load, default 3), BENCH_BASELINE_CHUNK (default 50000),
 * BENCH_COMPACTION_WAIT (ms a bulk load waits for the log's compaction, default 30000);
 * BENCH_SEARCH_DOCS (default 100000), BENCH_SEARCH_BATCH (documents per bulk request,
 * default 1000), BENCH_SEARCH_RUNS (default 50), BENCH_SEARCH_WARMUP (default 10),
 * BENCH_SEARCH_COLD_RUNS (default 3), BENCH_SEARCH_SNAPSHOT_WAIT (ms, default 120000);
 * BENCH_PEERS_TRIPLES (default 100000), BENCH_PEERS_RUNS (runs per query, default 20),
 * BENCH_PEERS_WARMUP (default 3), BENCH_PEERS_CAP (ms a peer's query run may take, default
 * 30000), BENCH_PEERS_BUDGET (ms of runs per query and peer before sampling stops, default
 * 60000), BENCH_PEERS_TOTAL (documents, default BENCH_TOTAL), BENCH_PEERS_BATCHES (default
 * BENCH_BATCHES), BENCH_PEERS_LATENCY (single-document samples, default BENCH_COUNT),
 * BENCH_PEERS_DOCS (search documents, default BENCH_SEARCH_DOCS); BENCH_EMBEDDED_DOCS (default 100000),
 * BENCH_EMBEDDED_BATCH (documents per bulk request, default 1000), BENCH_EMBEDDED_RUNS (default 50),
 * BENCH_EMBEDDED_WARMUP (default 10), BENCH_EMBEDDED_UNRESTRICTED_RUNS (default 5),
 * BENCH_EMBEDDED_SETTLE_WAIT (ms, default 120000); BENCH_ENGINEHOST_TRIPLES (default
 * 100000), BENCH_ENGINEHOST_RUNS (per query, default 30), BENCH_ENGINEHOST_WARMUP (default 5),
 * BENCH_ENGINEHOST_PROBE_MS (how long pings run beside the long query, default 4000);
 * BENCH_TXN_COUNT (transactions committed, and bulk requests they are compared with, default
 * 1000), BENCH_TXN_DOCS (documents per transaction and per bulk request, default 10),
 * BENCH_TXN_ROUNDS (rounds the two alternate in, default 10), BENCH_TXN_UNCOMMITTED (documents the
 * read benchmark's transaction holds, default 1000), BENCH_TXN_UNCOMMITTED_BATCH (per bulk POST
 * with txid, default 100), BENCH_TXN_READ_RUNS (default 500), BENCH_TXN_READ_WARMUP (default 50);
 * BENCH_DATABASES_DOCS (documents in each of the two databases, default 100000),
 * BENCH_DATABASES_BATCH (documents per bulk request, default 1000), BENCH_DATABASES_RUNS (timed
 * searches per mode, default 200), BENCH_DATABASES_WARMUP (default 10), BENCH_DATABASES_ROUNDS
 * (rounds the modes take turns in, default 10), BENCH_DATABASES_MEMORY_RUNS (worker restarts the
 * memory is read after, default 3), BENCH_DATABASES_SETTLE_WAIT (ms, default 120000);
 * BENCH_SKIP_DOCUMENTS=1 / BENCH_SKIP_SEMANTICS=1 / BENCH_SKIP_SEARCH=1 / BENCH_SKIP_VALUES=1 / BENCH_SKIP_EMBEDDED=1 / BENCH_SKIP_SCENES=1 /
 * BENCH_SKIP_PEERS=1 / BENCH_SKIP_ENGINEHOST=1 / BENCH_SKIP_TRANSACTIONS=1 / BENCH_SKIP_DATABASES=1 leave a part out (its sections are then null in latest.json; values runs on the search
 * section's database, so skipping search skips it too; it takes BENCH_SEARCH_RUNS and
 * BENCH_SEARCH_WARMUP; peers reuses the documents section's bulk figures when that section
 * ran on the same documents and batch sizes). A full run takes about 35 minutes, plus about 3 for
 * the transactions section and about 5 for the databases section (its two 100k ingests ~45 s each).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, platform, release } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createPreviewServer } from '../scripts/preview.mjs';
import type * as Scenarios from './scenarios/page-entry';
import { summarize, type Summary } from './stats';
import { chromiumArgs } from '../e2e/chromium';
import { launchBenchBrowser, type BenchBrowser } from './browser';
import { controlledPage, pageScript, peersScript } from './page';
import { fmt, table } from './report';
import { printSemantics, runSemantics, semanticsOptionsFromEnv, type SemanticsResults } from './semantics';
import { PREFIX as SEARCH_PREFIX, TARGET_QUERY, printSearch, runSearch, searchOptionsFromEnv, type SearchResults } from './search';
import { printValues, runValues, type ValuesResults } from './values';
import { embeddedOptionsFromEnv, printEmbedded, runEmbedded, type EmbeddedResults } from './embedded';
import { printScenes, runScenes, type ScenesResults } from './scenes';
import { peersOptionsFromEnv, printPeers, runPeers, type PeersResults } from './peers';
import { engineHostOptionsFromEnv, printEngineHost, runEngineHost, type EngineHostResults } from './engine-host';
import { printTransactions, runTransactions, transactionsOptionsFromEnv, type TransactionsResults } from './transactions';
import { databasesOptionsFromEnv, printDatabases, runDatabases, type DatabasesResults } from './databases';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

const count = Number(process.env.BENCH_COUNT ?? 500);
const total = Number(process.env.BENCH_TOTAL ?? 20_000);
const batchSizes = (process.env.BENCH_BATCHES ?? '100,500,1000,2000').split(',').map(Number);
const skipDocuments = process.env.BENCH_SKIP_DOCUMENTS === '1';
const skipSemantics = process.env.BENCH_SKIP_SEMANTICS === '1';
const skipSearch = process.env.BENCH_SKIP_SEARCH === '1';
const skipValues = skipSearch || process.env.BENCH_SKIP_VALUES === '1';
const skipEmbedded = process.env.BENCH_SKIP_EMBEDDED === '1';
const skipScenes = process.env.BENCH_SKIP_SCENES === '1';
const skipPeers = process.env.BENCH_SKIP_PEERS === '1';
const skipEngineHost = process.env.BENCH_SKIP_ENGINEHOST === '1';
const skipTransactions = process.env.BENCH_SKIP_TRANSACTIONS === '1';
const skipDatabases = process.env.BENCH_SKIP_DATABASES === '1';
const semanticsOptions = semanticsOptionsFromEnv(process.env);
const searchOptions = searchOptionsFromEnv(process.env);
const embeddedOptions = embeddedOptionsFromEnv(process.env);
const transactionsOptions = transactionsOptionsFromEnv(process.env);
const databasesOptions = databasesOptionsFromEnv(process.env);
const peersOptions = peersOptionsFromEnv(process.env, {
  bulkVariants: semanticsOptions.bulkVariants,
  compactionWaitMs: semanticsOptions.compactionWaitMs,
  total,
  batchSizes,
  latencyCount: count,
  docs: searchOptions.docs,
  searchBatch: searchOptions.batchSize,
});

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

type DocumentsResults = Awaited<ReturnType<typeof runDocuments>>;

/** The document benchmark: latency, bulk ingest, and the IndexedDB baseline. */
async function runDocuments(browser: BenchBrowser, baseURL: string, script: string) {
  const latencyPage = await controlledPage(browser, baseURL, script);
  const samples = await latencyPage.evaluate((o) => window.tabulaBench.latency(o), { count, warmup: 50 });
  await latencyPage.close();
  const latency = { ping: summarize(samples.ping), put: summarize(samples.put), get: summarize(samples.get) };

  const bulk: Awaited<ReturnType<typeof Scenarios.bulkIngest>>[] = [];
  const baseline: Awaited<ReturnType<typeof Scenarios.idbBaseline>>[] = [];
  for (const batchSize of batchSizes) {
    // Each run gets its own context, so every ingest starts from an empty database.
    const page = await controlledPage(browser, baseURL, script);
    bulk.push(await page.evaluate((o) => window.tabulaBench.bulkIngest(o), { total, batchSize, prefix: `/bench/bulk-${batchSize}/` }));
    baseline.push(await page.evaluate((o) => window.tabulaBench.idbBaseline(o), { total, batchSize, dbName: `bench-baseline-${batchSize}` }));
    await page.close();
    console.log(`  batch ${batchSize}: API ${fmt(bulk.at(-1)!.docsPerSecond, 0)} docs/s, IndexedDB ${fmt(baseline.at(-1)!.docsPerSecond, 0)} docs/s`);
  }

  const bestBulk = bulk.reduce((a, b) => (b.docsPerSecond > a.docsPerSecond ? b : a));
  const ratios = bulk.map((b, i) => ({ batchSize: b.batchSize, bulkOverBaseline: b.docsPerSecond / baseline[i].docsPerSecond }));
  // Differences are compared at the timer's 0.1 ms resolution, not in float noise.
  const overPing = (p50: number) => Math.round((p50 - latency.ping.p50) * 10) / 10;
  const targets = {
    bulkAtLeastHalfOfBaseline: {
      target: 'bulk ingest ≥ 0.5 × the IndexedDB baseline at the same batch size',
      best: Math.max(...ratios.map((r) => r.bulkOverBaseline)),
      met: ratios.some((r) => r.bulkOverBaseline >= 0.5),
    },
    putWithin2msOfPing: { target: 'PUT p50 − ping p50 ≤ 2 ms', value: overPing(latency.put.p50), met: overPing(latency.put.p50) <= 2 },
    getWithin2msOfPing: { target: 'GET p50 − ping p50 ≤ 2 ms', value: overPing(latency.get.p50), met: overPing(latency.get.p50) <= 2 },
  };
  return { latency, bulk, baseline, ratios, targets, bestBulk };
}

function printDocuments({ latency, bulk, baseline, targets, bestBulk }: DocumentsResults): void {
  printLatency(latency);
  printBulk(bulk, baseline);
  console.log('\nTargets (reported, not asserted):');
  for (const t of Object.values(targets)) {
    const figure = 'best' in t ? `best ratio ${fmt(t.best)}` : `${fmt(t.value)} ms`;
    console.log(`  ${t.met ? 'met    ' : 'NOT met'}  ${t.target}: ${figure}`);
  }
  console.log(`  fastest bulk: batch ${bestBulk.batchSize}, ${fmt(bestBulk.docsPerSecond, 0)} docs/s`);
}

async function main(): Promise<void> {
  const server = createPreviewServer({ root: join(root, 'dist') });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const script = await pageScript();
  const browser = await launchBenchBrowser();

  const loadBefore = loadavg();
  try {
    console.log(`Chromium ${browser.version} · ${baseURL} · latency n=${count} · bulk ${total} docs, batches ${batchSizes.join('/')}`);
    const documents = skipDocuments ? null : await runDocuments(browser, baseURL, script);
    if (documents) printDocuments(documents);

    let transactions: TransactionsResults | null = null;
    if (!skipTransactions) {
      const t = transactionsOptions;
      console.log(`\nTransactions: ${t.transactions} transactions of ${t.docsPerTransaction} PUTs against ${t.transactions} bulk requests of ${t.docsPerTransaction}; reads in a transaction holding ${t.uncommitted} uncommitted documents, ${t.readRuns} runs`);
      transactions = await runTransactions(browser, baseURL, script, t, (line) => console.log(line));
      printTransactions(transactions);
    }

    let semantics: SemanticsResults | null = null;
    if (!skipSemantics) {
      console.log(`\nSemantics: ${semanticsOptions.triples} BSBM-shaped triples, bulk variants ${semanticsOptions.bulkVariants.join('/')} triples per request`);
      semantics = await runSemantics(browser, baseURL, script, semanticsOptions, (line) => console.log(line));
      printSemantics(semantics);
    }

    let engineHost: EngineHostResults | null = null;
    if (!skipEngineHost) {
      const options = engineHostOptionsFromEnv();
      console.log(`\nEngine host: ${options.triples} triples, SPARQL in the service worker and then on the page's engine host`);
      engineHost = await runEngineHost(browser, baseURL, script, options, (line) => console.log(line));
      printEngineHost(engineHost);
    }

    let search: SearchResults | null = null;
    // Filled by the search section's callback, in its page.
    const values: { results: ValuesResults | null } = { results: null };
    if (!skipSearch) {
      console.log(`\nSearch: ${searchOptions.docs} generated JSON documents, bulk batches of ${searchOptions.batchSize}, ${searchOptions.runs} runs per query`);
      const log = (line: string) => console.log(line);
      const valuesOptions = { docs: searchOptions.docs, prefix: SEARCH_PREFIX, query: TARGET_QUERY, runs: searchOptions.runs, warmup: searchOptions.warmup };
      search = await runSearch(browser, baseURL, script, searchOptions, log, skipValues ? undefined : async (page) => {
        log('\nValues: /v1/values on the search benchmark\'s database');
        values.results = await runValues(page, valuesOptions, log);
      });
      printSearch(search);
      if (values.results) printValues(values.results);
    }

    let databases: DatabasesResults | null = null;
    if (!skipDatabases) {
      const d = databasesOptions;
      console.log(`\nDatabases: ${d.docs} search documents in each of two databases, bulk batches of ${d.batchSize}, ${d.runs} searches per mode`);
      databases = await runDatabases(browser, baseURL, script, d, (line) => console.log(line));
      printDatabases(databases);
    }

    let embedded: EmbeddedResults | null = null;
    if (!skipEmbedded) {
      console.log(`\nEmbedded: ${embeddedOptions.docs} documents with ~10 embedded triples each, bulk batches of ${embeddedOptions.batchSize}, ${embeddedOptions.runs} runs of the restricted query`);
      embedded = await runEmbedded(browser, baseURL, script, embeddedOptions, (line) => console.log(line));
      printEmbedded(embedded);
    }

    let scenes: ScenesResults | null = null;
    if (!skipScenes) {
      console.log('\nScenes: export and import of the semantics section\'s triples and the search section\'s documents');
      const sceneOptions = { triples: semanticsOptions.triples, docs: searchOptions.docs, batchSize: searchOptions.batchSize, compactionWaitMs: semanticsOptions.compactionWaitMs };
      console.log(`  loading ${sceneOptions.triples} triples and ${sceneOptions.docs} documents into a fresh database`);
      scenes = await runScenes(browser, baseURL, script, sceneOptions, (line) => console.log(line));
      printScenes(scenes);
    }

    let peers: PeersResults | null = null;
    if (!skipPeers) {
      console.log(`\nPeers: ${peersOptions.triples} triples, ${peersOptions.total} documents, ${peersOptions.docs} search documents, ${peersOptions.runs} runs per query`);
      // The documents section's bulk figures stand for Tabula's when they measured the same work.
      const sameBulk = documents !== null && peersOptions.total === total && peersOptions.batchSizes.join() === batchSizes.join();
      peers = await runPeers(browser, baseURL, script, await peersScript(), peersOptions, { bulk: sameBulk ? documents.bulk : undefined }, (line) => console.log(line));
      printPeers(peers);
    }

    const results = {
      date: new Date().toISOString(),
      environment: {
        chromium: browser.version,
        chromiumArgs: [...chromiumArgs, '--remote-debugging-pipe'],
        driver: 'bare DevTools pipe, no Network domain (bench/browser.ts)',
        node: process.version,
        os: `${platform()} ${release()}`,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? null,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        commit: git('rev-parse', 'HEAD'),
        uncommittedChanges: (git('status', '--porcelain') ?? '').length > 0,
        // Other processes on a 2-core box move every figure; a 1-minute load above ~1 means noise.
        loadAverage1mBefore: loadBefore[0],
        loadAverage1mAfter: loadavg()[0],
        timerNote: 'performance.now() in a non-isolated page: 0.1 ms resolution',
      },
      parameters: {
        latencySamples: count,
        latencyWarmup: 50,
        bulkTotal: total,
        batchSizes,
        documentBytes: 'about 1 KB of JSON',
        skipped: [...(skipDocuments ? ['documents'] : []), ...(skipSemantics ? ['semantics'] : []), ...(skipSearch ? ['search'] : []), ...(skipValues ? ['values'] : []), ...(skipEmbedded ? ['embedded'] : []), ...(skipScenes ? ['scenes'] : []), ...(skipPeers ? ['peers'] : []), ...(skipEngineHost ? ['engineHost'] : []), ...(skipTransactions ? ['transactions'] : []), ...(skipDatabases ? ['databases'] : [])],
      },
      latencyMs: documents?.latency ?? null,
      bulk: documents?.bulk ?? null,
      baseline: documents?.baseline ?? null,
      ratios: documents?.ratios ?? null,
      targets: documents?.targets ?? null,
      transactions,
      semantics,
      engineHost,
      search,
      values: values.results,
      databases,
      embedded,
      scenes,
      peers,
    };
    const out = join(here, 'results', 'latest.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwrote ${out}`);
  } finally {
    await browser.close();
    server.close();
    server.closeAllConnections();
  }
}

function printLatency(latency: Record<'ping' | 'put' | 'get', Summary>): void {
  console.log('\nLatency through the service worker (ms, sequential, ~1 KB JSON)');
  console.log(table(
    ['request', 'n', 'p50', 'p95', 'p99', 'mean', 'p50 − ping p50'],
    (['ping', 'put', 'get'] as const).map((k) => [
      { ping: 'GET /v1/ping', put: 'PUT document', get: 'GET document' }[k],
      String(latency[k].n),
      fmt(latency[k].p50),
      fmt(latency[k].p95),
      fmt(latency[k].p99),
      fmt(latency[k].mean),
      k === 'ping' ? '–' : fmt(latency[k].p50 - latency.ping.p50),
    ]),
  ));
}

function printBulk(
  bulk: Awaited<ReturnType<typeof Scenarios.bulkIngest>>[],
  baseline: Awaited<ReturnType<typeof Scenarios.idbBaseline>>[],
): void {
  console.log(`\nBulk ingest of ${total} JSON documents (docs/s; one request / one transaction per batch)`);
  console.log(table(
    ['batch', 'API docs/s', 'API s', 'slowest batch ms', 'IndexedDB docs/s', 'IndexedDB s', 'API / IndexedDB'],
    bulk.map((b, i) => [
      String(b.batchSize),
      fmt(b.docsPerSecond, 0),
      fmt(b.ms / 1000),
      fmt(b.maxBatchMs, 0),
      fmt(baseline[i].docsPerSecond, 0),
      fmt(baseline[i].ms / 1000),
      fmt(b.docsPerSecond / baseline[i].docsPerSecond),
    ]),
  ));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
