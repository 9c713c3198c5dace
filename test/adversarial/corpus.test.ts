/**
 * The adversarial corpus (issue 9): fixed-seed, property-generated hostile requests for
 * every endpoint family, through the handler. Every answer must be below 500 (bar a
 * deliberate engine rebuild), every error must carry a well-formed error body, the
 * handler must answer each within a bound, and a refused request must leave the whole
 * database as it was. Failures are collected and reported together, each with its
 * request, so one run shows everything that is wrong.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import * as oxigraph from 'oxigraph';
import { Database } from '../../src/db/database';
import { createApi } from '../../src/api/app';
import { nodeOxigraph } from '../../src/node/oxigraph-engine';
import { describeSpec, hostileRequest, initOf, type RequestSpec } from './requests';
import { SEED_REQUESTS } from './seed';
import { answerProblem } from './checks';
import { differences, snapshotDb, trackCommittedWrites } from './snapshot';

const SEED = Number(process.env.CORPUS_SEED ?? 20261126);
const RUNS = Number(process.env.CORPUS_RUNS ?? 10_000);
/** A hang detector, not a speed target: every request here is small or refused early. */
const BOUND_MS = 5_000;

describe('the adversarial corpus', () => {
  test(`${RUNS} hostile requests (seed ${SEED}) never crash, hang, answer without an error body or change the database when refused`, async () => {
    // Named Documents, as the hosts name theirs: the management paths address it by name.
    const db = await Database.open({ indexedDB, name: 'Documents', oxigraph: nodeOxigraph });
    const api = createApi({ db, auth: 'application' });
    const send = async (spec: RequestSpec) => api.fetch(new Request(`http://localhost:8000${spec.path}${spec.query ? `?${spec.query}` : ''}`, initOf(spec)));
    for (const spec of SEED_REQUESTS) expect((await send(spec)).status, describeSpec(spec)).toBeLessThan(300);
    await db.search.settled();

    const specs = fc.sample(hostileRequest, { seed: SEED, numRuns: RUNS });
    const problems: string[] = [];
    const written = trackCommittedWrites();
    let before = await snapshotDb(db.idb);
    written.stores.clear();
    const statuses = new Map<number, number>();
    const times: number[] = [];
    let snapMs = 0;
    let sendMs = 0;
    for (const [i, spec] of specs.entries()) {
      const started = performance.now();
      let answer;
      try {
        // A request whose promise never settles is a hang too: give up on it after the bound.
        answer = await Promise.race([
          send(spec).then(async (res) => ({ status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() })),
          new Promise<undefined>((resolve) => setTimeout(resolve, 2 * BOUND_MS)),
        ]);
        if (answer === undefined) {
          problems.push(`#${i} never answered: ${describeSpec(spec)}`);
          break;
        }
      } catch (err) {
        problems.push(`#${i} threw ${String(err).slice(0, 200)}: ${describeSpec(spec)}`);
        continue;
      }
      const ms = performance.now() - started;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (process.env.CORPUS_LOG) console.log(answer.status, answer.body.slice(0, 160).replace(/\s+/g, ' '), '<=', describeSpec(spec).slice(0, 200));
      if (process.env.CORPUS_SLOW && ms > Number(process.env.CORPUS_SLOW)) console.log(`slow ${Math.round(ms)} ms ${answer.status}: ${describeSpec(spec).slice(0, 300)}`);
      if (ms > BOUND_MS) problems.push(`#${i} took ${Math.round(ms)} ms: ${describeSpec(spec)}`);
      const problem = answerProblem(spec.method, spec.path, answer);
      if (problem) problems.push(`#${i} ${problem}: ${describeSpec(spec)}`);
      sendMs += ms;
      times.push(ms);
      if (written.stores.size > 0) {
        const snapStart = performance.now();
        const stores = new Set(written.stores);
        written.stores.clear();
        const after = await snapshotDb(db.idb, before, stores);
        if (answer.status >= 400) {
          const changed = differences(oxigraph, before, after);
          if (changed.length) problems.push(`#${i} refused (${answer.status}) but changed ${changed.join(', ')}: ${describeSpec(spec)}`);
        }
        before = after;
        snapMs += performance.now() - snapStart;
      }
      if (problems.length >= 60) break;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(q * (times.length - 1))]?.toFixed(1);
    console.log(`corpus: answer p50 ${at(0.5)} ms, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}`);
    console.log(`corpus: ${specs.length} requests; ${Math.round(sendMs)} ms answering, ${Math.round(snapMs)} ms in snapshots; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(problems).toEqual([]);
  }, 600_000);
});

