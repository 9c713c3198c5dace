/**
 * Named snapshots through the handler: save, list, download, restore (also from a database
 * opened afresh on the same storage, as after a worker stop), delete; refusals change nothing.
 */
import { describe, expect, test } from 'vitest';
import { errorOf, reopened as reopen, type TestApi } from '../../test/helpers';
import { as, filled, J, ok, visibleState } from '../../test/database-state';

const send = (api: TestApi, method: string, path: string, user = 'admin') => api.fetch(path, { method, headers: as(user) });

describe('/tabula/v1/snapshots', () => {
  test('save, change, restore: the database is as saved; the snapshot survives a reopen of the storage', async () => {
    const api = await filled();
    const saved = await visibleState(api);
    const res = await send(api, 'PUT', '/tabula/v1/snapshots/before%20demo');
    expect(res.status, await res.clone().text()).toBe(201);
    const info = (await res.json()) as { name: string; size: number; counts: { documents: number } };
    expect(info).toMatchObject({ name: 'before demo', counts: { documents: 1 } });
    expect((await send(api, 'PUT', '/tabula/v1/snapshots/before%20demo')).status).toBe(200);

    await ok(api, '/v1/documents?uri=/later.json', { method: 'PUT', headers: J, body: '{}' });
    await ok(api, '/tabula/v1/reset', { method: 'POST' });
    expect(await visibleState(api)).not.toEqual(saved);

    // A database opened afresh on the same storage: what a service worker does after a stop.
    const reopened = await reopen(api);
    const list = (await (await send(reopened, 'GET', '/tabula/v1/snapshots')).json()) as { snapshots: Array<{ name: string; size: number }> };
    expect(list.snapshots.map((s) => s.name)).toEqual(['before demo']);
    const restored = await send(reopened, 'POST', '/tabula/v1/snapshots/before%20demo/restore');
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(await visibleState(reopened)).toEqual(saved);
    expect((await send(reopened, 'GET', '/v1/documents?uri=/later.json')).status).toBe(404);

    const download = await send(reopened, 'GET', '/tabula/v1/snapshots/before%20demo');
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect((await download.arrayBuffer()).byteLength).toBe(list.snapshots[0].size);

    expect((await send(reopened, 'DELETE', '/tabula/v1/snapshots/before%20demo')).status).toBe(204);
    expect(((await (await send(reopened, 'GET', '/tabula/v1/snapshots')).json()) as { snapshots: unknown[] }).snapshots).toEqual([]);
    reopened.db.close();
  });

  test('a name is percent-decoded once: "100%25%20sure" is the snapshot "100% sure"', async () => {
    const api = await filled();
    const res = await send(api, 'PUT', '/tabula/v1/snapshots/100%25%20sure');
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ name: '100% sure' });
    expect((await send(api, 'POST', '/tabula/v1/snapshots/100%25%20sure/restore')).status).toBe(200);
  });

  test.for([
    { name: 'restore of a snapshot that does not exist', method: 'POST', path: '/snapshots/nope/restore', status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'download of one that does not exist', method: 'GET', path: '/snapshots/nope', status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'delete of one that does not exist', method: 'DELETE', path: '/snapshots/nope', status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'a name with a control character', method: 'PUT', path: '/snapshots/a%01b', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a name with a slash', method: 'PUT', path: '/snapshots/a%2Fb', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a save by a non-admin', method: 'PUT', path: '/snapshots/x', user: 'rest-admin', status: 403, code: 'SEC-PRIV' },
    { name: 'a list by a non-admin', method: 'GET', path: '/snapshots', user: 'rest-writer', status: 403, code: 'SEC-PRIV' },
    { name: 'an unknown parameter', method: 'PUT', path: '/snapshots/x?keep=1', status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'POST on a snapshot', method: 'POST', path: '/snapshots/x', status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
  ])('$name: $status $code, nothing changes', async ({ method, path, user, status, code }) => {
    const api = await filled();
    const before = await visibleState(api);
    expect(await errorOf(await send(api, method, `/tabula/v1${path}`, user))).toMatchObject({ status, code });
    expect(await visibleState(api)).toEqual(before);
    expect(((await (await send(api, 'GET', '/tabula/v1/snapshots')).json()) as { snapshots: unknown[] }).snapshots).toEqual([]);
  });
});
