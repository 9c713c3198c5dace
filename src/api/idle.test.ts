/**
 * `GET /tabula/v1/idle` through the handler: it answers 204 only once the background work
 * the writes before it made due is done (search snapshot, triple store compaction, range
 * index builds), loads no engine that was not loaded, is open to any authenticated user,
 * and obeys the request's time limit.
 */
import { describe, expect, test } from 'vitest';
import { basic, errorOf, reopened, testApi, type TestApi } from '../../test/helpers';
import type { RequestTiming } from '../db/deadline';

const J = { 'content-type': 'application/json' };
const TURTLE = { 'content-type': 'text/turtle' };

async function ok(api: TestApi, path: string, init: RequestInit = {}): Promise<void> {
  const res = await api.fetch(path, init);
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
}

const servings = { 'scalar-type': 'int', 'namespace-uri': '', localname: 'servings', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };

describe('GET /tabula/v1/idle waits for the background work a write made due', () => {
  test.for<{ name: string; open: Parameters<typeof testApi>[0]; before: (api: TestApi) => Promise<void>; pending: (api: TestApi) => Promise<boolean> }>([
    {
      name: 'the search snapshot',
      open: { search: { snapshotAfterChanges: 3, snapshotWhenIdleMs: 200 } },
      before: async (api) => {
        await ok(api, '/v1/search?format=json'); // loads the index, so writes feed it
        for (const n of [1, 2, 3]) await ok(api, `/v1/documents?uri=/${n}.json`, { method: 'PUT', headers: J, body: JSON.stringify({ n }) });
      },
      pending: async (api) => (await api.db.idb.count('search-snapshot')) === 0 || (await api.db.idb.count('search-changes')) > 0,
    },
    {
      name: 'the triple store compaction',
      open: { triples: { compactAfterEntries: 2, compactWhenIdleMs: 200 } },
      before: async (api) => {
        for (const n of [1, 2, 3]) await ok(api, `/v1/graphs?graph=http://example.org/g${n}`, { method: 'PUT', headers: TURTLE, body: `<http://e/s> <http://e/p> ${n} .` });
      },
      pending: async (api) => (await api.db.idb.count('triples-log')) > 0,
    },
    {
      name: 'a range index build',
      open: {},
      before: async (api) => {
        for (const n of [1, 2, 3]) await ok(api, `/v1/documents?uri=/${n}.json`, { method: 'PUT', headers: J, body: JSON.stringify({ servings: n }) });
        await ok(api, '/v1/search?format=json');
        await ok(api, `/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, { method: 'PUT', headers: J, body: JSON.stringify({ 'range-element-index': [servings] }) });
        // A search asks for the settings, which starts the build in the background.
        await ok(api, '/v1/search?format=json&q=x');
      },
      pending: async (api) => api.db.search.rangeIndexStatus().some((s) => s.state !== 'ready'),
    },
  ])('$name', async ({ open, before, pending }) => {
    const api = await testApi(open);
    await before(api);
    // Due but not yet done when idle is asked: otherwise the test proves nothing.
    expect(await pending(api)).toBe(true);
    const res = await api.fetch('/tabula/v1/idle');
    expect(res.status, await res.clone().text()).toBe(204);
    expect(await pending(api)).toBe(false);
    api.db.close();
  });

  test('the restored texts: after a start, a search answers before the index has read and decoded them; idle waits for that', async () => {
    const api = await testApi({ search: { snapshotAfterChanges: 2, snapshotWhenIdleMs: 50 } });
    await ok(api, '/v1/search?format=json');
    for (const n of [1, 2, 3, 4]) await ok(api, `/v1/documents?uri=/${n}.json`, { method: 'PUT', headers: J, body: JSON.stringify({ text: `word${n}` }) });
    await ok(api, '/tabula/v1/idle');
    expect(await api.db.idb.count('search-snapshot')).toBeGreaterThan(0);
    const again = await reopened(api, { auth: 'application' });
    await ok(again, '/v1/search?q=word1&format=json');
    // The index's own state: its texts not yet read or decoded (what a worker start leaves for later).
    const index = (again.db.search as unknown as { index: { unreadTexts?: unknown; decoding?: unknown } }).index;
    expect(index.unreadTexts !== undefined || index.decoding !== undefined).toBe(true);
    expect((await again.fetch('/tabula/v1/idle')).status).toBe(204);
    expect(index.unreadTexts === undefined && index.decoding === undefined).toBe(true);
  });

  test('it loads no engine: after writes only, neither the search index nor the triple store is loaded', async () => {
    const api = await testApi();
    await ok(api, '/v1/documents?uri=/a.json', { method: 'PUT', headers: J, body: '{"a":1}' });
    expect((await api.fetch('/tabula/v1/idle')).status).toBe(204);
    expect(api.db.engineLoads()).toEqual({ triples: 0, search: 0 });
    expect(api.db.search.loaded()).toBeUndefined();
  });

  test('with nothing pending it answers at once', async () => {
    const api = await testApi();
    expect((await api.fetch('/tabula/v1/idle')).status).toBe(204);
  });
});

describe('GET /tabula/v1/idle refusals', () => {
  test.for(['rest-reader', 'rest-writer', 'admin'])('%s may ask (any authenticated user)', async (user) => {
    const api = await testApi({ auth: 'http' });
    expect((await api.fetch('/tabula/v1/idle', { headers: { authorization: basic(user) } })).status).toBe(204);
  });

  test.for<{ name: string; path: string; init: RequestInit; status: number; code: string }>([
    { name: 'no credentials', path: '/tabula/v1/idle', init: {}, status: 401, code: 'SEC-AUTHREQUIRED' },
    { name: 'an unknown parameter', path: '/tabula/v1/idle?wait=1', init: { headers: { authorization: basic('admin') } }, status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'a POST', path: '/tabula/v1/idle', init: { method: 'POST', headers: { authorization: basic('admin') } }, status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
  ])('$name: $status $code', async ({ path, init, status, code }) => {
    const api = await testApi({ auth: 'http' });
    expect(await errorOf(await api.fetch(path, init))).toMatchObject({ status, code });
  });

  test('background work longer than the time limit: XDMP-EXTIME at the limit, and the work still completes', async () => {
    // A second of the time limit lasts 50 ms of the timer here; the clock itself stands still.
    const timing: RequestTiming = { now: () => 0, secondMs: 50 };
    const quietMs = 1_000;
    const api = await testApi({ timing, search: { snapshotAfterChanges: 1, snapshotWhenIdleMs: quietMs } });
    await ok(api, '/v1/search?format=json');
    await ok(api, '/v1/documents?uri=/a.json', { method: 'PUT', headers: J, body: '{"a":1}' });
    await api.db.properties.update({ 'default-time-limit': 1 });
    const started = performance.now();
    const err = await errorOf(await api.fetch('/tabula/v1/idle'));
    expect(err).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    expect(performance.now() - started).toBeLessThan(quietMs);
    await api.db.search.settled();
    expect(await api.db.idb.count('search-snapshot')).toBeGreaterThan(0);
  });
});
