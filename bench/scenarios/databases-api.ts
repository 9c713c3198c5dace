/**
 * Several databases through the service worker (issue 16), as a client in a page uses them:
 * `POST /manage/v2/databases` to create one, `database=<name>` to send a request to it,
 * `GET /tabula/v1/idle` and `/tabula/v1/status` of each, and the search benchmark's searches
 * on one database against the same searches alternating between two. The ingest, the options
 * and the range indexes are the search benchmark's (search-api.ts, with its `database`
 * option). Runs in the page.
 */
import type { TabulaStatus } from '../../src/wire/tabula';
import { durationMs, expectStatus, shapeOf, timedPing, timedSearch, withDatabase, type EngineMetrics } from './search-api';
import { searchQueries } from './search-data';

/** Creates an empty database: 201 expected. Resolves to the request's ms. */
export async function databasesCreate(name: string): Promise<number> {
  const start = performance.now();
  const res = await fetch('/manage/v2/databases', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'database-name': name }) });
  await expectStatus(res, [201], `POST /manage/v2/databases ${name}`);
  return performance.now() - start;
}

/** Deletes a created database: 204 expected. Resolves to the request's ms. */
export async function databasesDelete(name: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`/manage/v2/databases/${encodeURIComponent(name)}`, { method: 'DELETE' });
  await expectStatus(res, [204], `DELETE /manage/v2/databases/${name}`);
  return performance.now() - start;
}

/**
 * `GET /tabula/v1/idle?database=…` until it answers 204: the writes sent so far and the
 * background work they made due (the search snapshot, range index builds) are done. A wait
 * past the request's time limit (XDMP-EXTIME) is asked again, up to `timeoutMs`.
 */
export async function databasesIdle({ database, timeoutMs }: { database?: string; timeoutMs: number }): Promise<number> {
  const start = performance.now();
  for (;;) {
    const res = await fetch(withDatabase('/tabula/v1/idle', database));
    const text = await res.text();
    if (res.status === 204) return performance.now() - start;
    if (!text.includes('XDMP-EXTIME') || performance.now() - start > timeoutMs) throw new Error(`idle ${database ?? '(home)'}: ${res.status}: ${text.slice(0, 300)}`);
  }
}

/** `GET /tabula/v1/status?database=…`: which databases the worker has open, and this one's engine loads. */
export async function databasesStatus(database?: string): Promise<TabulaStatus> {
  return JSON.parse(await expectStatus(await fetch(withDatabase('/tabula/v1/status', database)), [200], `status ${database ?? '(home)'}`)) as TabulaStatus;
}

/** One search of the named query of the mix in `database` (none: the home one), timed, its answer checked. */
export async function databasesSearch({ query, database }: { query: string; database?: string }): Promise<{ ms: number; total: number }> {
  const q = searchQueries().find((x) => x.name === query);
  if (!q) throw new Error(`no query named ${query}`);
  const { ms, body } = await timedSearch(q.q, database);
  shapeOf(`${query} in ${database ?? '(home)'}`, body);
  return { ms, total: body.total };
}

/** The three ways the searches are sent: the home database only, the other only, the two alternating. */
export const DATABASE_MODES = ['one', 'other', 'alternating'] as const;
export type DatabaseMode = (typeof DATABASE_MODES)[number];

export interface DatabasesModeSamples {
  mode: DatabaseMode;
  /** Per timed run: the database searched (null: the home one, no `database=`). */
  database: Array<string | null>;
  api: number[];
  /** `GET /v1/ping` right before each timed search. */
  ping: number[];
  baseline: number[];
  metrics: EngineMetrics[];
  /** Hits of the first and last answer of each database searched (the same data: the same totals). */
  totals: Record<string, number>;
}

export interface DatabasesLatencyOptions {
  /** The name of a query of the search section's mix (search-data.ts). */
  query: string;
  /** The second database (the home one is searched without `database=`). */
  other: string;
  /** Timed runs per mode, split over the rounds. */
  runs: number;
  /** Untimed runs per mode, before the first round. */
  warmup: number;
  /** Rounds the modes take turns in (the order rotating), so drift on a shared machine reaches all three. */
  rounds: number;
}

/** Runs per round for `runs` over `rounds`: as even as can be, the first rounds taking the remainder. */
export function runsPerRound(runs: number, rounds: number): number[] {
  return Array.from({ length: rounds }, (_, r) => Math.floor(runs / rounds) + (r < runs % rounds ? 1 : 0));
}

/** Which database the `i`th run of a mode searches (null: the home one): alternating starts with the home one. */
export function databaseOfRun(mode: DatabaseMode, i: number, other: string): string | null {
  if (mode === 'one') return null;
  if (mode === 'other') return other;
  return i % 2 === 0 ? null : other;
}

/**
 * The query, each run a ping then the search, in three modes — the home database only, the
 * other database only, the two alternating run by run — taking turns in rounds.
 */
export async function databasesLatency(o: DatabasesLatencyOptions): Promise<DatabasesModeSamples[]> {
  const q = searchQueries().find((x) => x.name === o.query);
  if (!q) throw new Error(`no query named ${o.query}`);
  const samples = new Map<DatabaseMode, DatabasesModeSamples>(DATABASE_MODES.map((mode) => [mode, { mode, database: [], api: [], ping: [], baseline: [], metrics: [], totals: {} }]));
  // Each mode's own run counter, so the alternation runs on across rounds.
  const counters = new Map<DatabaseMode, number>(DATABASE_MODES.map((mode) => [mode, 0]));

  const run = async (mode: DatabaseMode, timed: boolean, check: boolean) => {
    const i = counters.get(mode)!;
    counters.set(mode, i + 1);
    const database = databaseOfRun(mode, i, o.other);
    const ping = await timedPing();
    const { ms, body } = await timedSearch(q.q, database ?? undefined);
    const s = samples.get(mode)!;
    if (check) {
      shapeOf(`${o.query} (${mode}) in ${database ?? '(home)'}`, body);
      s.totals[database ?? '(home)'] = body.total;
    }
    if (!timed) return;
    s.database.push(database);
    s.ping.push(ping);
    s.api.push(ms);
    const m = body.metrics ?? {};
    s.metrics.push({
      query: durationMs(m['query-resolution-time']),
      facet: durationMs(m['facet-resolution-time']),
      snippet: durationMs(m['snippet-resolution-time']),
      total: durationMs(m['total-time']),
    });
  };

  // Warm-up: every mode, its first two runs checked (both databases of the alternation).
  for (const mode of DATABASE_MODES) for (let i = 0; i < Math.max(o.warmup, 2); i++) await run(mode, false, i < 2);
  const perRound = runsPerRound(o.runs, o.rounds);
  for (let r = 0; r < o.rounds; r++) {
    const order = DATABASE_MODES.map((_, k) => DATABASE_MODES[(k + r) % DATABASE_MODES.length]);
    for (const mode of order) for (let i = 0; i < perRound[r]; i++) await run(mode, true, r === o.rounds - 1 && i >= perRound[r] - 2);
  }
  return [...samples.values()];
}
