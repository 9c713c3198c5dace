/**
 * `/v1/values` through the service worker over the search benchmark's database: stored
 * options with two values definitions on the search section's range indexes, a one-time
 * check of the answers against the in-page baseline, and the latency of the four requests
 * (category values; price values with five aggregates; both again restricted by the
 * search mix's two-term query) interleaved with the ping floor and the baseline. Runs in
 * the page.
 */
import type { ValuesResponse } from '../../src/wire/values';
import { JSON_TYPE, durationMs, expectStatus, searchUrl, timedPing } from './search-api';
import { searchQueries } from './search-data';
import { ROOT_COLLATION } from './search-data';
import { categoryValues, priceValues, timedBaseline, type Distinct } from './values-baseline';

/** The stored query options the values requests name. */
export const VALUES_OPTIONS = 'bench-values';

/** The search section's two range indexes as values definitions (the string one in its index's collation). */
const OPTIONS = {
  options: {
    values: [
      { name: 'category', range: { type: 'xs:string', collation: ROOT_COLLATION, 'json-property': 'category' } },
      { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } },
    ],
  },
};

const AGGREGATES = ['count', 'sum', 'avg', 'median', 'stddev'] as const;

export interface ValuesCase {
  name: string;
  definition: 'category' | 'price';
  aggregates: boolean;
  /** The string query restricting the values (null: every document). */
  q: string | null;
}

/** The four requests; `queryName` names the search mix's query that restricts the last two. */
export function valuesCases(queryName: string): ValuesCase[] {
  const query = searchQueries().find((s) => s.name === queryName);
  if (!query) throw new Error(`no query named ${queryName}`);
  return [
    { name: 'category', definition: 'category', aggregates: false, q: null },
    { name: 'price + aggregates', definition: 'price', aggregates: true, q: null },
    { name: 'category, restricted', definition: 'category', aggregates: false, q: query.q },
    { name: 'price + aggregates, restricted', definition: 'price', aggregates: true, q: query.q },
  ];
}

function valuesUrl(c: ValuesCase): string {
  const params = new URLSearchParams({ options: VALUES_OPTIONS, format: 'json' });
  if (c.q !== null) params.set('q', c.q);
  if (c.aggregates) for (const a of AGGREGATES) params.append('aggregate', a);
  return `/v1/values/${c.definition}?${params}`;
}

export async function valuesConfigure(): Promise<void> {
  await expectStatus(await fetch(`/v1/config/query/${VALUES_OPTIONS}`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(OPTIONS) }), [201, 204], 'PUT values options');
}

/** One values request to its last byte; the body is parsed after the clock stops. */
async function timedValues(c: ValuesCase): Promise<{ ms: number; body: ValuesResponse['values-response'] }> {
  const start = performance.now();
  const res = await fetch(valuesUrl(c));
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`values ${c.name}: expected 200, got ${res.status}: ${text.slice(0, 300)}`);
  return { ms, body: (JSON.parse(text) as ValuesResponse)['values-response'] };
}

/** What a values request answered: how many distinct values, their total frequency, and the aggregates by name. */
export interface ValuesAnswer {
  distinct: number;
  totalFrequency: number;
  aggregates: Record<string, string>;
}

function answerOf(c: ValuesCase, body: ValuesResponse['values-response']): ValuesAnswer {
  const values = body['distinct-value'] ?? [];
  const aggregates = Object.fromEntries((body['aggregate-result'] ?? []).map((a) => [a.name, a._value]));
  const answer = { distinct: values.length, totalFrequency: values.reduce((n, v) => n + v.frequency, 0), aggregates };
  if (answer.distinct === 0) throw new Error(`values ${c.name}: no values (the figure would measure an empty answer)`);
  const missing = c.aggregates ? AGGREGATES.filter((a) => !(a in aggregates)) : [];
  if (missing.length > 0 && answer.totalFrequency > 1) throw new Error(`values ${c.name}: no ${missing.join(', ')} in ${JSON.stringify(aggregates)}`);
  return answer;
}

/** The differences between two value → frequency maps, a few of them, for an error message. */
function differences(what: string, got: Map<string, number>, want: Array<Distinct<string | number>>): string | null {
  const expected = new Map(want.map((d) => [String(d.value), d.frequency]));
  const wrong = [...new Set([...expected.keys(), ...got.keys()])].filter((k) => got.get(k) !== expected.get(k));
  if (wrong.length === 0) return null;
  const shown = wrong.slice(0, 5).map((k) => `${k} ${got.get(k) ?? 0} (expected ${expected.get(k) ?? 0})`);
  return `${what}: ${wrong.length} values differ from the baseline: ${shown.join(', ')}${wrong.length > 5 ? ', …' : ''}`;
}

/** Relative difference, for the aggregates computed in doubles on both sides. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

export interface ValuesCheck {
  cases: Array<{ name: string; q: string | null } & ValuesAnswer>;
  /** The restricting query's total by `GET /v1/search`: what each restricted answer's frequencies must add up to. */
  restrictedTotal: number;
}

/**
 * Once, before any timing: the worker's category and price frequencies equal the baseline's,
 * the price aggregates agree with it (count and sum exactly), and a restricted answer counts
 * exactly the documents the same query finds (each document has one category and one price).
 * Any difference throws: a fast wrong answer is no benchmark. Needs {@link valuesBaselineLoad}.
 */
export async function valuesVerify({ query }: { query: string }): Promise<ValuesCheck> {
  const cases = valuesCases(query);
  const problems: string[] = [];
  const out: ValuesCheck['cases'] = [];
  const category = categoryValues();
  const price = priceValues();
  let restrictedTotal = -1;
  for (const c of cases) {
    const { body } = await timedValues(c);
    const answer = answerOf(c, body);
    out.push({ name: c.name, q: c.q, ...answer });
    if (c.q !== null) {
      if (restrictedTotal < 0) {
        const search = JSON.parse(await expectStatus(await fetch(searchUrl({ q: c.q, pageLength: '0' })), [200], `search ${c.q}`)) as { total: number };
        restrictedTotal = search.total;
      }
      if (answer.totalFrequency !== restrictedTotal) problems.push(`${c.name}: frequencies add up to ${answer.totalFrequency}, the search finds ${restrictedTotal}`);
      if (c.aggregates && answer.aggregates.count !== String(restrictedTotal)) problems.push(`${c.name}: count ${answer.aggregates.count}, the search finds ${restrictedTotal}`);
      continue;
    }
    const got = new Map((body['distinct-value'] ?? []).map((v) => [v._value, v.frequency]));
    const wrong = differences(c.name, got, c.definition === 'category' ? category : price.values);
    if (wrong) problems.push(wrong);
    if (!c.aggregates) continue;
    const a = answer.aggregates;
    const b = price.aggregates;
    if (a.count !== String(b.count)) problems.push(`${c.name}: count ${a.count}, the baseline ${b.count}`);
    if (Math.round(Number(a.sum) * 100) !== b.sumCents) problems.push(`${c.name}: sum ${a.sum}, the baseline ${b.sumCents / 100}`);
    for (const name of ['avg', 'median', 'stddev'] as const) {
      if (!near(Number(a[name]), b[name])) problems.push(`${c.name}: ${name} ${a[name]}, the baseline ${b[name]}`);
    }
  }
  if (problems.length > 0) throw new Error(`/v1/values disagrees with the baseline:\n  ${problems.join('\n  ')}`);
  return { cases: out, restrictedTotal };
}

export interface ValuesSamples {
  name: string;
  q: string | null;
  api: number[];
  /** `GET /v1/ping` right before each timed request. */
  ping: number[];
  /** The in-page computation of the same answer right after each request (mean of `baselineRepeats`); empty for restricted requests. */
  baseline: number[];
  /** The response's own metrics (ms). */
  metrics: Array<{ values: number | null; aggregate: number | null; total: number | null }>;
  answer: ValuesAnswer;
}

/**
 * The four requests through the worker with, per run, a ping before and (unrestricted
 * requests) the baseline after: on a shared 2-core machine figures taken minutes apart
 * differ by more than what is compared, so they are taken together. Needs
 * {@link valuesBaselineLoad}.
 */
export async function valuesLatency({ runs, warmup, query, baselineRepeats }: { runs: number; warmup: number; query: string; baselineRepeats: number }): Promise<ValuesSamples[]> {
  const out: ValuesSamples[] = [];
  for (const c of valuesCases(query)) {
    const s: ValuesSamples = { name: c.name, q: c.q, api: [], ping: [], baseline: [], metrics: [], answer: { distinct: 0, totalFrequency: 0, aggregates: {} } };
    for (let i = 0; i < warmup + runs; i++) {
      const ping = await timedPing();
      const { ms, body } = await timedValues(c);
      const baseline = c.q === null ? timedBaseline(c.definition, baselineRepeats) : undefined;
      if (i === 0 || i === warmup + runs - 1) s.answer = answerOf(c, body);
      if (i < warmup) continue;
      s.ping.push(ping);
      s.api.push(ms);
      if (baseline !== undefined) s.baseline.push(baseline);
      const m = body.metrics;
      s.metrics.push({ values: durationMs(m?.['values-resolution-time']), aggregate: durationMs(m?.['aggregate-resolution-time']), total: durationMs(m?.['total-time']) });
    }
    out.push(s);
  }
  return out;
}
