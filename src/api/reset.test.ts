/**
 * `POST /tabula/v1/reset` through the handler: an administrator empties the database (what
 * "empty" is comes from a database just opened, not from constants); anyone else is refused
 * and nothing changes. The database side is tested in depth in src/db/reset.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { basic, errorOf, testApi, type TestApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };
const as = (user: string, extra: Record<string, string> = {}) => ({ ...extra, authorization: basic(user) });

async function filled(): Promise<TestApi> {
  const api = await testApi({ auth: 'http' });
  const ok = async (path: string, init: RequestInit) => {
    const res = await api.fetch(path, { ...init, headers: { ...as('admin'), ...(init.headers as Record<string, string>) } });
    expect(res.status, `${init.method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  };
  await ok('/v1/documents?uri=/a.json&collection=c', { method: 'PUT', headers: J, body: '{"n":1}' });
  await ok('/v1/graphs?graph=http://example.org/g', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: '<http://e/s> <http://e/p> 1 .' });
  await ok('/v1/config/query/o', { method: 'PUT', headers: J, body: JSON.stringify({ options: { 'page-length': 3 } }) });
  await ok('/v1/config/properties', { method: 'PUT', headers: J, body: JSON.stringify({ debug: true }) });
  await ok('/manage/v2/roles', { method: 'POST', headers: J, body: JSON.stringify({ 'role-name': 'custom' }) });
  await ok(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, { method: 'PUT', headers: J, body: JSON.stringify({ 'collection-lexicon': true }) });
  return api;
}

/** What a client sees of a database: the documents, graphs, option sets, properties, roles and index settings. */
async function visible(api: TestApi): Promise<unknown> {
  const read = async (path: string) => {
    const res = await api.fetch(path, { headers: as('admin', { accept: 'application/json' }) });
    // Management answers carry the time they were made (`meta`): not part of the state.
    return [res.status, res.status === 200 ? JSON.parse(await res.text(), (k, v) => (k === 'meta' ? undefined : v)) : undefined];
  };
  const search = (await read('/v1/search?format=json&pageLength=0'))[1] as { total: number };
  return {
    documents: search.total,
    graphs: await read('/v1/graphs?format=json'),
    options: await read('/v1/config/query?format=json'),
    properties: await read('/v1/config/properties?format=json'),
    roles: await read('/manage/v2/roles?format=json'),
    indexes: await read(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties?format=json`),
  };
}

describe('POST /tabula/v1/reset', () => {
  test('an administrator empties the database: it then looks like one just opened', async () => {
    const api = await filled();
    const fresh = await testApi({ auth: 'http' });
    // Index settings name the database: compare each with its own name.
    const normalized = (v: unknown, name: string) => JSON.parse(JSON.stringify(v).split(name).join('<db>'));
    expect(normalized(await visible(api), api.db.name)).not.toEqual(normalized(await visible(fresh), fresh.db.name));
    const res = await api.fetch('/tabula/v1/reset', { method: 'POST', headers: as('admin') });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(normalized(await visible(api), api.db.name)).toEqual(normalized(await visible(fresh), fresh.db.name));
    // Usable at once.
    expect((await api.fetch('/v1/documents?uri=/b.json', { method: 'PUT', headers: as('admin', J), body: '{}' })).status).toBe(201);
  });

  test.for(['rest-writer', 'rest-admin'])('%s is refused with 403 SEC-PRIV, and nothing changes', async (user) => {
    const api = await filled();
    const before = await visible(api);
    expect(await errorOf(await api.fetch('/tabula/v1/reset', { method: 'POST', headers: as(user) }))).toMatchObject({ status: 403, code: 'SEC-PRIV' });
    expect(await visible(api)).toEqual(before);
  });

  test.for([
    { name: 'GET', init: { method: 'GET' }, status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
    { name: 'an unknown parameter', path: '?everything=yes', init: { method: 'POST' }, status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'another database', path: '?database=Elsewhere', init: { method: 'POST' }, status: 400, code: 'XDMP-NOSUCHDB' },
  ])('$name: refused, nothing changes', async ({ path, init, status, code }) => {
    const api = await filled();
    const before = await visible(api);
    const error = await errorOf(await api.fetch(`/tabula/v1/reset${path ?? ''}`, { ...init, headers: as('admin') }));
    expect(error).toMatchObject({ code });
    expect(error.status).toBe(status);
    expect(await visible(api)).toEqual(before);
  });
});
