import { describe, expect, test } from 'vitest';
import { basic, errorOf, testApi } from '../../test/helpers';

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('/v1/ext: assets in the modules database, byte for byte', () => {
  test.for([
    { name: 'an XQuery module', path: 'marklogic/snippet/custom/extractFirst.xqy', type: 'application/xquery', body: new TextEncoder().encode('xquery version "1.0-ml";\r\n(: tabs\tand CRLF :)\n1') },
    { name: 'JSON with odd whitespace', path: 'lib/conf.json', type: 'application/json', body: new TextEncoder().encode('{ "a" :  1 ,\n\t"b":[ 1,2 ] }\n') },
    { name: 'XML with a declaration', path: 'lib/conf.xml', type: 'application/xml', body: new TextEncoder().encode('<?xml version="1.0"?>\n<a  x="1" ><!-- c --></a>') },
    { name: 'binary bytes', path: 'img/pixel.png', type: 'image/png', body: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]) },
  ])('$name: PUT 201, GET the same bytes and type, PUT again 204', async ({ path, type, body }) => {
    const api = await testApi();
    const put = () => api.fetch(`/v1/ext/${path}`, { method: 'PUT', headers: { 'content-type': type }, body });
    expect((await put()).status).toBe(201);
    const res = await api.fetch(`/v1/ext/${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(await bytesOf(res)).toEqual(body);
    expect((await put()).status).toBe(204);
    // The node client's other spelling: /v1/ext/… and /LATEST/ext/… are one path.
    expect(await bytesOf(await api.fetch(`/LATEST/ext/${path}`))).toEqual(body);
  });

  test('assets live in the instance’s modules database, at /ext/…, not in its content database', async () => {
    const api = await testApi();
    await api.fetch('/v1/ext/a/m.sjs', { method: 'PUT', headers: { 'content-type': 'application/vnd.marklogic-javascript' }, body: 'x' });
    expect((await api.fetch('/v1/documents?uri=/ext/a/m.sjs&database=Modules&format=binary')).status).toBe(200);
    expect((await api.fetch('/v1/documents?uri=/ext/a/m.sjs')).status).toBe(404);
    // An instance's own modules database.
    await api.fetch('/v1/rest-apis', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rest-api":{"name":"shop"}}' });
    await api.fetch('/tabula/instances/shop/v1/ext/a/n.sjs', { method: 'PUT', headers: { 'content-type': 'application/vnd.marklogic-javascript' }, body: 'y' });
    expect((await api.fetch('/v1/documents?uri=/ext/a/n.sjs&database=shop-modules&format=binary')).status).toBe(200);
    expect((await api.fetch('/v1/ext/a/n.sjs')).status).toBe(404);
    expect(await (await api.fetch('/tabula/instances/shop/v1/ext/a/n.sjs')).text()).toBe('y');
  });

  test('a directory lists the assets under it (JSON and XML); none is 404', async () => {
    const api = await testApi();
    const paths = ['a/one.xqy', 'a/b/two.xqy', 'c/three.xqy'];
    for (const p of paths) await api.fetch(`/v1/ext/${p}`, { method: 'PUT', headers: { 'content-type': 'application/xquery' }, body: p });
    const list = async (path: string) => ((await (await api.fetch(`${path}?format=json`)).json()) as { assets: Array<{ asset: string }> }).assets.map((a) => a.asset);
    expect(await list('/v1/ext')).toEqual(paths.map((p) => `/ext/${p}`).sort());
    expect(await list('/v1/ext/')).toEqual(paths.map((p) => `/ext/${p}`).sort());
    expect(await list('/v1/ext/a/')).toEqual(['/ext/a/b/two.xqy', '/ext/a/one.xqy']);
    const xml = await (await api.fetch('/v1/ext/c/', { headers: { accept: 'application/xml' } })).text();
    expect(xml).toBe('<rapi:assets xmlns:rapi="http://marklogic.com/rest-api"><rapi:asset>/ext/c/three.xqy</rapi:asset></rapi:assets>');
    expect(await errorOf(await api.fetch('/v1/ext/nothing/'))).toMatchObject({ status: 404, code: 'RESTAPI-NODOCUMENT' });
  });

  test('DELETE removes an asset, or every asset under a directory', async () => {
    const api = await testApi();
    for (const p of ['a/one.xqy', 'a/two.xqy', 'b/three.xqy']) await api.fetch(`/v1/ext/${p}`, { method: 'PUT', headers: { 'content-type': 'application/xquery' }, body: p });
    expect((await api.fetch('/v1/ext/b/three.xqy', { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch('/v1/ext/b/three.xqy')).status).toBe(404);
    expect((await api.fetch('/v1/ext/a/', { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch('/v1/ext/')).status).toBe(404);
    // Deleting what is not there is not an error.
    expect((await api.fetch('/v1/ext/a/one.xqy', { method: 'DELETE' })).status).toBe(204);
  });

  test('roles: rest-admin writes and deletes, rest-reader reads, rest-writer cannot write', async () => {
    const api = await testApi({ auth: 'http' });
    const as = (user: string, type?: string) => ({ authorization: basic(user), ...(type ? { 'content-type': type } : {}) });
    expect(await errorOf(await api.fetch('/v1/ext/x.xqy', { method: 'PUT', headers: as('rest-writer', 'application/xquery'), body: '1' }))).toMatchObject({ status: 403, code: 'SEC-PRIV' });
    expect((await api.fetch('/v1/ext/x.xqy', { method: 'PUT', headers: as('rest-admin', 'application/xquery'), body: '1' })).status).toBe(201);
    expect(await (await api.fetch('/v1/ext/x.xqy', { headers: as('rest-reader') })).text()).toBe('1');
    expect((await api.fetch('/v1/ext/', { headers: as('rest-reader') })).status).toBe(200);
    expect((await api.fetch('/v1/ext/x.xqy', { method: 'DELETE', headers: as('rest-writer') })).status).toBe(403);
    expect((await api.fetch('/v1/ext/x.xqy', { method: 'DELETE', headers: as('rest-admin') })).status).toBe(204);
  });

  test('perm: adds permissions to an asset’s defaults', async () => {
    const api = await testApi();
    await api.fetch('/v1/ext/p.xqy?perm:app-user=execute', { method: 'PUT', headers: { 'content-type': 'application/xquery' }, body: '1' });
    const meta = (await (await api.fetch('/v1/documents?uri=/ext/p.xqy&database=Modules&category=permissions&format=json')).json()) as { permissions: Array<{ 'role-name': string; capabilities: string[] }> };
    const byRole = Object.fromEntries(meta.permissions.map((p) => [p['role-name'], [...p.capabilities].sort()]));
    expect(byRole['app-user']).toEqual(['execute']);
    expect(byRole['rest-admin']).toEqual(['execute', 'read', 'update']);
    expect(byRole['rest-reader']).toEqual(['execute', 'read']);
    expect(await errorOf(await api.fetch('/v1/ext/q.xqy?perm:no-such-role=read', { method: 'PUT', headers: { 'content-type': 'application/xquery' }, body: '1' }))).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
  });

  test.for([
    { name: 'an empty step', path: '/v1/ext/a//b.xqy', method: 'PUT', code: 'REST-INVALIDPARAM' },
    { name: 'an encoded slash', path: '/v1/ext/a%2Fb.xqy', method: 'PUT', code: 'REST-INVALIDPARAM' },
    { name: 'bad percent-encoding', path: '/v1/ext/a%FF.xqy', method: 'PUT', code: 'REST-INVALIDPARAM' },
    { name: 'a PUT of a directory', path: '/v1/ext/a/', method: 'PUT', code: 'REST-INVALIDPARAM' },
    { name: 'a database parameter', path: '/v1/ext/a.xqy?database=Documents', method: 'GET', code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'an unknown format', path: '/v1/ext/a.xqy?format=yaml', method: 'PUT', code: 'REST-INVALIDPARAM' },
  ])('$name → 400 $code, nothing stored', async ({ path, method, code }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method, headers: { 'content-type': 'application/xquery' }, body: method === 'PUT' ? '1' : undefined });
    expect(await errorOf(res)).toMatchObject({ status: 400, code });
    expect((await api.fetch('/v1/ext/')).status).toBe(404);
  });
});
