/**
 * The engine-host section (docs/decisions/0028-engine-host.md): one page, one database of
 * BSBM triples, measured first with SPARQL running in the service worker (no host: what
 * a page that starts none gets, and what Tabula did before), then with the page's engine
 * host attached. For each: the BSBM query mix through the endpoint (the hop to the host is
 * the price of every query), and a query running for seconds while the page pings and
 * reads a document — the target is that those still answer within 50 ms at p95 — then
 * cancelled, with how soon its client hears and how soon the next query is answered.
 */
import type { BenchBrowser } from './browser';
import { controlledPage } from './page';
import { fmt, table } from './report';
import { summarize, type Summary } from './stats';
import type { LongQueryProbe } from './scenarios/engine-host';

const GRAPH = 'http://example.org/bench/bsbm';
const WORKER_DB = 'tabula:Documents';
const DOC = '/bench/engine-host/probe.json';
/** Sixty million solutions to count from no data: ~9 s of the engine's time on the bench machine. */
const LONG_QUERY = `SELECT (COUNT(*) AS ?n) WHERE { VALUES ?x { 1 2 3 4 5 6 } ${Array.from({ length: 7 }, (_, i) => `VALUES ?v${i} { 1 2 3 4 5 6 7 8 9 10 }`).join(' ')} }`;
/** The target for a ping or a document read sent while the long query runs. */
const WHILE_RUNNING_P95_MS = 50;

export interface EngineHostOptions {
  triples: number;
  runs: number;
  warmup: number;
  probeMs: number;
}

export function engineHostOptionsFromEnv(env = process.env): EngineHostOptions {
  return {
    triples: Number(env.BENCH_ENGINEHOST_TRIPLES ?? 100_000),
    runs: Number(env.BENCH_ENGINEHOST_RUNS ?? 30),
    warmup: Number(env.BENCH_ENGINEHOST_WARMUP ?? 5),
    probeMs: Number(env.BENCH_ENGINEHOST_PROBE_MS ?? 4_000),
  };
}

interface Side {
  /** Per query: endpoint p50 − ping p50, ms. */
  overhead: Array<{ name: string; endpointP50: number; pingP50: number; overP50: number }>;
  probe: LongQueryProbe & { pingSummary: Summary; getSummary: Summary };
}

export interface EngineHostResults {
  triples: number;
  longQuery: string;
  attachedMs: number;
  worker: Side;
  host: Side;
  /** Triples per second of a bulk load (50k-triple requests) before and after the host was attached. */
  bulk: { withoutHost: number; withHost: number };
  targets: Array<{ target: string; value: number; met: boolean }>;
}

export async function runEngineHost(browser: BenchBrowser, baseURL: string, script: string, o: EngineHostOptions, log: (line: string) => void): Promise<EngineHostResults> {
  const page = await controlledPage(browser, baseURL, script);
  try {
    const bulkWorker = await page.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), { triples: o.triples, perRequest: 50_000, graph: GRAPH, dbName: WORKER_DB, compactionWaitMs: 60_000 });
    await page.evaluate((a) => window.tabulaBench.engineHostDocument(a), { uri: DOC });
    const side = async (label: string, cancel: boolean): Promise<Side> => {
      const mix = await page.evaluate((a) => window.tabulaBench.tabulaSparqlRuns(a), { triples: o.triples, runs: o.runs, warmup: o.warmup });
      const overhead = mix.map((q) => {
        const endpointP50 = summarize(q.ms).p50;
        const pingP50 = summarize(q.ping).p50;
        return { name: q.name, endpointP50, pingP50, overP50: endpointP50 - pingP50 };
      });
      const probe = await page.evaluate((a) => window.tabulaBench.longQueryProbe(a), { text: LONG_QUERY, probeMs: o.probeMs, docUri: DOC, cancel });
      log(`  ${label}: long query ${probe.queryStatus} after ${fmt(probe.queryMs, 0)} ms; ${probe.ping.length} pings while it ran, p95 ${fmt(summarize(probe.ping).p95, 1)} ms`);
      return { overhead, probe: { ...probe, pingSummary: summarize(probe.ping), getSummary: summarize(probe.get) } };
    };
    const worker = await side('in the service worker', true);
    const { attachedMs } = await page.evaluate((a) => window.tabulaBench.engineHostStart(a), { timeoutMs: 120_000 });
    log(`  engine host attached after ${fmt(attachedMs, 0)} ms`);
    const host = await side('on the engine host', true);
    // The same load again, into another graph, with the host attached: each write is also
    // forwarded to the host and loaded there before it is acknowledged.
    const bulkHost = await page.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), { triples: o.triples, perRequest: 50_000, graph: `${GRAPH}/again`, dbName: WORKER_DB, compactionWaitMs: 60_000 });
    log(`  bulk load of ${o.triples} triples in 50k-triple requests: ${fmt(bulkWorker.triplesPerSecond, 0)}/s without a host, ${fmt(bulkHost.triplesPerSecond, 0)}/s with one`);
    const targets = [
      { target: `ping while a long query runs, p95 ≤ ${WHILE_RUNNING_P95_MS} ms`, value: host.probe.pingSummary.p95, met: host.probe.pingSummary.p95 <= WHILE_RUNNING_P95_MS },
      { target: `document GET while a long query runs, p95 ≤ ${WHILE_RUNNING_P95_MS} ms`, value: host.probe.getSummary.p95, met: host.probe.getSummary.p95 <= WHILE_RUNNING_P95_MS },
    ];
    return { triples: o.triples, longQuery: LONG_QUERY, attachedMs, worker, host, bulk: { withoutHost: bulkWorker.triplesPerSecond, withHost: bulkHost.triplesPerSecond }, targets };
  } finally {
    await page.close();
  }
}

export function printEngineHost(r: EngineHostResults): void {
  console.log(`\nEngine host: ${r.triples} triples; a long query (${fmt(r.host.probe.queryMs / 1000, 1)} s to its cancel on the host) and what else answers meanwhile`);
  const row = (label: string, s: Side): string[] => [
    label,
    String(s.probe.ping.length),
    fmt(s.probe.pingSummary.p50, 1),
    fmt(s.probe.pingSummary.p95, 1),
    fmt(s.probe.pingSummary.max, 1),
    fmt(s.probe.getSummary.p95, 1),
    String(s.probe.cancelStatus ?? '–'),
    s.probe.cancelToAnswerMs === undefined ? '–' : fmt(s.probe.cancelToAnswerMs, 0),
    fmt(s.probe.queryMs, 0),
    fmt(s.probe.nextQueryMs, 0),
  ];
  console.log(
    table(['SPARQL runs', 'probes', 'ping p50', 'ping p95', 'ping max', 'GET p95', 'cancel', 'cancel→answer', 'query answered', 'next query'], [row('in the service worker', r.worker), row('on the engine host', r.host)]),
  );
  console.log(`  host attached ${fmt(r.attachedMs, 0)} ms after the page started it (its replica then loads before its first answer)`);
  console.log(`  bulk load, 50k-triple requests: ${fmt(r.bulk.withoutHost, 0)} triples/s without a host, ${fmt(r.bulk.withHost, 0)} with one (${fmt(r.bulk.withHost / r.bulk.withoutHost)}×)`);
  console.log('\nThe BSBM mix, endpoint p50 − ping p50 (ms): the hop to the host is paid by every query');
  console.log(
    table(
      ['query', 'service worker', 'engine host', 'difference'],
      r.worker.overhead.map((w, i) => {
        const h = r.host.overhead[i];
        return [w.name, fmt(w.overP50), fmt(h.overP50), fmt(h.overP50 - w.overP50)];
      }),
    ),
  );
  for (const t of r.targets) console.log(`  ${t.met ? 'met    ' : 'NOT met'}  ${t.target}: ${fmt(t.value, 1)} ms`);
}
