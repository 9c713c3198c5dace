/**
 * The values benchmark, driven from Node, on the search benchmark's database (its
 * documents, its two range indexes; nothing is ingested again), in its page, after its
 * cold starts: `GET /v1/values/{name}` through the service worker against the same answer
 * computed in the page from an in-memory array of the indexed values (the floor).
 *
 * 1. Options with two values definitions (category: xs:string in the range index's
 *    collation; price: xs:decimal) are stored, and the generated documents' categories
 *    and prices read into arrays in the page.
 * 2. Checked once: the worker's category and price frequencies equal the baseline's, the
 *    price aggregates agree (count and sum exactly), and a restricted answer counts the
 *    documents its query finds. A difference fails the run.
 * 3. Four requests — category values; price values with count, sum, avg, median and stddev;
 *    both restricted by the search mix's two-term query — each run next to a
 *    `GET /v1/ping` and, unrestricted, the baseline computation.
 *
 * Targets are reported, not asserted. `BENCH_SKIP_VALUES=1` leaves the section out.
 */
import type { BenchPage } from './browser';
import { fmt, table } from './report';
import { againstPing, againstPingCells } from './search';
import { summarize, type Summary } from './stats';
import type * as Api from './scenarios/values-api';

export interface ValuesOptions {
  /** The search section's corpus: how many documents, under which URI prefix. */
  docs: number;
  prefix: string;
  /** The search mix's query that restricts the values (by name). */
  query: string;
  runs: number;
  warmup: number;
}

/** Unrestricted values with aggregates, and restricted by the two-term query: p50 over ping, ms. */
const LIMITS = { unrestrictedOverPing: 20, restrictedOverPing: 40 };

/** The values response's metrics the report shows, in its columns' order. */
const VALUES_METRICS = ['values', 'aggregate', 'total'] as const;

/** The baseline over 100k values takes milliseconds; over a few thousand, less than the 0.1 ms timer: each sample is a mean over about 100k values. */
const baselineRepeats = (docs: number) => Math.max(1, Math.round(100_000 / docs));

interface CaseFigures {
  name: string;
  q: string | null;
  distinct: number;
  totalFrequency: number;
  aggregates: Record<string, string>;
  api: Summary;
  ping: Summary;
  /** API p50 − the p50 of the pings taken between this request's runs. */
  overPingP50: number;
  /** The engine's own figures (the response's metrics), p50 of each. */
  engineP50: { values: number | null; aggregate: number | null; total: number | null };
  baseline: Summary | null;
}

interface Target {
  target: string;
  value: number;
  met: boolean;
}

export interface ValuesResults {
  parameters: ValuesOptions & { baselineRepeats: number; requests: Array<{ name: string; q: string | null }> };
  check: Api.ValuesCheck;
  latencyMs: { ping: Summary; requests: CaseFigures[] };
  targets: Target[];
}

export async function runValues(page: BenchPage, o: ValuesOptions, log: (line: string) => void): Promise<ValuesResults> {
  await page.evaluate(() => window.tabulaBench.valuesConfigure(), undefined);
  await page.evaluate((a) => window.tabulaBench.valuesBaselineLoad(a), { total: o.docs, prefix: o.prefix });
  const check = await page.evaluate((a) => window.tabulaBench.valuesVerify(a), { query: o.query });
  log(`  values checked: ${check.cases.map((c) => `${c.name} ${c.distinct} values`).join(', ')}; restricted answers count the ${check.restrictedTotal} documents the query finds`);

  const repeats = baselineRepeats(o.docs);
  const samples = await page.evaluate((a) => window.tabulaBench.valuesLatency(a), { runs: o.runs, warmup: o.warmup, query: o.query, baselineRepeats: repeats });
  await page.evaluate(() => window.tabulaBench.valuesBaselineForget(), undefined);

  const requests: CaseFigures[] = samples.map((s) => ({ name: s.name, q: s.q, ...s.answer, ...againstPing(s, VALUES_METRICS) }));
  const targets = requests.map((r): Target => {
    const limit = r.q === null ? LIMITS.unrestrictedOverPing : LIMITS.restrictedOverPing;
    return { target: `${r.name}: p50 − ping p50 ≤ ${limit} ms`, value: r.overPingP50, met: r.overPingP50 <= limit };
  });
  return {
    parameters: { ...o, baselineRepeats: repeats, requests: requests.map((r) => ({ name: r.name, q: r.q })) },
    check,
    latencyMs: { ping: summarize(samples.flatMap((s) => s.ping)), requests },
    targets,
  };
}

export function printValues(v: ValuesResults): void {
  const ping = v.latencyMs.ping;
  console.log(
    `\nValues latency (ms; GET /v1/values/{name}?options=…&format=json, every distinct value with its frequency; the price requests with aggregate=count,sum,avg,median,stddev; each run next to a ping and, unrestricted, the same answer computed in the page from an array of the indexed values, mean of ${v.parameters.baselineRepeats}; ping p50 ${fmt(ping.p50)}, p95 ${fmt(ping.p95)})`,
  );
  console.log(table(
    ['request', 'q', 'values', 'frequency total', 'p50', 'p95', 'p99', 'p50 − ping', 'engine: values', 'aggregates', 'total', 'in-page p50', 'p95'],
    v.latencyMs.requests.map((r) => [
      r.name,
      r.q ?? '–',
      String(r.distinct),
      String(r.totalFrequency),
      ...againstPingCells(r, VALUES_METRICS),
    ]),
  ));

  for (const r of v.latencyMs.requests.filter((x) => Object.keys(x.aggregates).length > 0)) {
    console.log(`  ${r.name}: ${Object.entries(r.aggregates).map(([name, value]) => `${name} ${value}`).join(', ')}`);
  }

  console.log('\nValues targets (reported, not asserted):');
  for (const t of v.targets) console.log(`  ${t.met ? 'met    ' : 'NOT met'}  ${t.target}: ${fmt(t.value, 1)} ms`);
}
