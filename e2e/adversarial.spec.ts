/**
 * The adversarial corpus through the real service worker (issue 9): a fixed-seed sample
 * of the hostile requests the Node corpus sends (test/adversarial/requests.ts), sent
 * from the page. Every answer must come from the worker, be below 500 (bar a deliberate
 * engine rebuild) and carry a well-formed error body when it is an error; a refused
 * request must leave the browser's IndexedDB as it was; and the worker must still
 * answer afterwards.
 */
import fc from 'fast-check';
import { test, expect } from 'tabula/testing';
import { hostileRequest, describeSpec, type RequestSpec } from '../test/adversarial/requests';
import { SEED_REQUESTS } from '../test/adversarial/seed';
import { answerProblem } from '../test/adversarial/checks';

const SEED = 20261126;
const RUNS = 300;

interface PageAnswer {
  status: number;
  contentType: string;
  body: string;
  /** Stores whose records differ from before the request. */
  changed: string[];
  ms: number;
}

test(`${RUNS} hostile requests through the service worker never crash it, answer without an error body, or change the database when refused`, async ({ page }) => {
  test.setTimeout(240_000);
  const notFromWorker: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/(v1|LATEST|manage)\//.test(path) && !r.fromServiceWorker()) notFromWorker.push(`${r.request().method()} ${path}`);
  });

  const send = (specs: RequestSpec[]) =>
    page.evaluate(async (specs) => {
      // The worker's database (sw/sw.ts opens it as Documents), read from the page: same origin.
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('tabula:Documents');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const STORES = ['documents', 'users', 'roles', 'config', 'graphs', 'query-options', 'triples-snapshot', 'triples-log'].filter((s) => idb.objectStoreNames.contains(s));
      const serialise = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (x instanceof Uint8Array || x instanceof ArrayBuffer ? `bytes:${Array.from(new Uint8Array(x as ArrayBuffer)).join(',')}` : x));
      const snapshot = () =>
        new Promise<Record<string, string>>((resolve, reject) => {
          const tx = idb.transaction(STORES, 'readonly');
          const out: Record<string, string> = {};
          for (const name of STORES) {
            const keys = tx.objectStore(name).getAllKeys();
            const values = tx.objectStore(name).getAll();
            values.onsuccess = () => {
              const pairs = keys.result.map((k, i) => [k, values.result[i]]).filter(([k]) => !(name === 'config' && k === 'search-snapshot'));
              out[name] = serialise(pairs);
            };
          }
          tx.oncomplete = () => resolve(out);
          tx.onerror = () => reject(tx.error);
        });
      const answers: PageAnswer[] = [];
      let before = await snapshot();
      for (const spec of specs) {
        const started = performance.now();
        const body = spec.body === undefined ? undefined : 'text' in spec.body ? spec.body.text : new Uint8Array(spec.body.bytes);
        let res: Response;
        try {
          res = await fetch(`${spec.path}${spec.query ? `?${spec.query}` : ''}`, { method: spec.method, headers: spec.headers, body });
        } catch (err) {
          answers.push({ status: 0, contentType: '', body: String(err), changed: [], ms: performance.now() - started });
          continue;
        }
        const text = await res.text();
        const ms = performance.now() - started;
        const after = await snapshot();
        const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
        before = after;
        answers.push({ status: res.status, contentType: res.headers.get('content-type') ?? '', body: res.status >= 400 ? text : text.slice(0, 200), changed, ms });
      }
      idb.close();
      return answers;
    }, specs);

  const seeded = await send(SEED_REQUESTS);
  expect(seeded.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);

  const specs = fc.sample(hostileRequest, { seed: SEED, numRuns: RUNS });
  const answers = await send(specs);
  const problems: string[] = [];
  for (const [i, a] of answers.entries()) {
    const spec = specs[i];
    if (a.status === 0) problems.push(`#${i} fetch failed (${a.body}): ${describeSpec(spec)}`);
    const problem = a.status === 0 ? undefined : answerProblem(spec.method, spec.path, a);
    if (problem) problems.push(`#${i} ${problem}: ${describeSpec(spec)}`);
    if (a.status >= 400 && a.changed.length) problems.push(`#${i} refused (${a.status}) but changed ${a.changed.join(', ')}: ${describeSpec(spec)}`);
    if (a.ms > 10_000) problems.push(`#${i} took ${Math.round(a.ms)} ms: ${describeSpec(spec)}`);
  }
  expect(problems).toEqual([]);
  expect(notFromWorker).toEqual([]);

  // And the worker still answers, with its data.
  const after = await page.evaluate(async () => (await fetch('/v1/ping')).status);
  expect(after).toBe(204);
});
