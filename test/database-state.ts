/**
 * A database holding something of every kind a whole-database operation (reset, scene
 * export and import) must handle, written through the API as a client would; and what a
 * client can see of a database, to compare two of them.
 */
import { expect } from 'vitest';
import { basic, testApi, type TestApi } from './helpers';

export const J = { 'content-type': 'application/json' };
export const as = (user: string, extra: Record<string, string> = {}) => ({ ...extra, authorization: basic(user) });

/** Sends a request as admin; fails the test unless it succeeds. */
export async function ok(api: TestApi, path: string, init: RequestInit): Promise<Response> {
  const res = await api.fetch(path, { ...init, headers: { ...as('admin'), ...(init.headers as Record<string, string>) } });
  expect(res.status, `${init.method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res;
}

export async function filled(): Promise<TestApi> {
  const api = await testApi({ auth: 'http' });
  await ok(api, '/v1/documents?uri=/a.json&collection=c', { method: 'PUT', headers: J, body: '{"n":1}' });
  await ok(api, '/v1/graphs?graph=http://example.org/g', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: '<http://e/s> <http://e/p> 1 .' });
  await ok(api, '/v1/config/query/o', { method: 'PUT', headers: J, body: JSON.stringify({ options: { 'page-length': 3 } }) });
  await ok(api, '/v1/config/properties', { method: 'PUT', headers: J, body: JSON.stringify({ debug: true }) });
  await ok(api, '/manage/v2/roles', { method: 'POST', headers: J, body: JSON.stringify({ 'role-name': 'custom' }) });
  await ok(api, `/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, { method: 'PUT', headers: J, body: JSON.stringify({ 'collection-lexicon': true }) });
  return api;
}

/** What a client sees of a database: the documents, graphs, option sets, properties, roles and index settings. */
export async function visible(api: TestApi): Promise<unknown> {
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

/** `visible`, with the database's own name (which index settings carry) replaced by `<db>`: two databases compared. */
export async function visibleState(api: TestApi): Promise<unknown> {
  return JSON.parse(JSON.stringify(await visible(api)).split(api.db.name).join('<db>'));
}
