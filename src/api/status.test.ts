/**
 * `GET /tabula/v1/status` through the handler: when the host started, and each engine's load
 * count — which grows only when an engine is loaded (first use, or after a reset dropped it).
 */
import { describe, expect, test } from 'vitest';
import { basic, errorOf, testApi, type TestApi } from '../../test/helpers';
import type { TabulaStatus } from '../wire/tabula';

const status = async (api: TestApi, headers: Record<string, string> = {}) => (await (await api.fetch('/tabula/v1/status', { headers })).json()) as TabulaStatus;
const ok = async (api: TestApi, path: string, init: RequestInit = {}) => expect((await api.fetch(path, init)).status).toBeLessThan(300);

describe('GET /tabula/v1/status', () => {
  test('the start is a time before now that does not change; a fresh database has loaded nothing', async () => {
    const api = await testApi();
    const first = await status(api);
    expect(Date.parse(first.started)).toBeLessThanOrEqual(Date.now());
    expect(first.loads).toEqual({ triples: 0, search: 0 });
    expect(first.engineHost).toEqual({ attached: false, hosts: 0 });
    expect((await status(api)).started).toBe(first.started);
  });

  test.for<{ name: string; steps: Array<[string, RequestInit?]>; loads: TabulaStatus['loads'] }>([
    { name: 'a document write loads nothing', steps: [['/v1/documents?uri=/a.json', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' }]], loads: { triples: 0, search: 0 } },
    { name: 'searches load the index once', steps: [['/v1/search?format=json'], ['/v1/search?format=json&q=x']], loads: { triples: 0, search: 1 } },
    { name: 'graph writes and reads load the store once', steps: [['/v1/graphs?graph=http://e/g', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: '<http://e/s> <http://e/p> 1 .' }], ['/v1/graphs?graph=http://e/g']], loads: { triples: 1, search: 0 } },
    { name: 'a reset drops both; the next use loads each again', steps: [['/v1/search?format=json'], ['/v1/graphs/sparql?query=ASK%7B%7D'], ['/tabula/v1/reset', { method: 'POST' }], ['/v1/search?format=json'], ['/v1/graphs/sparql?query=ASK%7B%7D']], loads: { triples: 2, search: 2 } },
  ])('$name', async ({ steps, loads }) => {
    const api = await testApi();
    for (const [path, init] of steps) await ok(api, path, init);
    expect((await status(api)).loads).toEqual(loads);
  });

  test.for(['rest-reader', 'admin'])('%s may ask', async (user) => {
    const api = await testApi({ auth: 'http' });
    expect((await api.fetch('/tabula/v1/status', { headers: { authorization: basic(user) } })).status).toBe(200);
  });

  test('no credentials: 401', async () => {
    const api = await testApi({ auth: 'http' });
    expect(await errorOf(await api.fetch('/tabula/v1/status'))).toMatchObject({ status: 401, code: 'SEC-AUTHREQUIRED' });
  });
});
