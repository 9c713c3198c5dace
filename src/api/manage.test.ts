import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { basic, errorOf, nodeOxigraph, testApi } from '../../test/helpers';
import { Database } from '../db/database';

const SECURITY_NS = 'http://marklogic.com/manage/security';
const JSON_CT = { 'content-type': 'application/json' };
const seeded = ['admin', 'rest-admin', 'rest-reader', 'rest-writer'];

/** Basic credentials for a seeded user (`name`) or any user (`name:password`). */
const authOf = (user: string) => (user.includes(':') ? `Basic ${btoa(user)}` : basic(user));

const createAlice = (api: Awaited<ReturnType<typeof testApi>>, extra: Record<string, unknown> = {}) =>
  api.fetch('/manage/v2/users', {
    method: 'POST',
    headers: JSON_CT,
    body: JSON.stringify({ 'user-name': 'alice', password: 's3cret', description: 'a writer', role: ['rest-writer'], ...extra }),
  });

describe('GET /manage/v2/users', () => {
  test.for<{ name: string; path: string; headers: Record<string, string> }>([
    { name: 'format=json', path: '/manage/v2/users?format=json', headers: {} },
    { name: 'Accept: application/json', path: '/manage/v2/users', headers: { accept: 'application/json' } },
  ])('lists every user as a user-default-list ($name)', async ({ path, headers }) => {
    const api = await testApi();
    const res = await api.fetch(path, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const list = (await res.json())['user-default-list'];
    expect(list['list-items']['list-count']).toEqual({ units: 'quantity', value: 4 });
    const items = list['list-items']['list-item'];
    expect(items.map((i: { nameref: string }) => i.nameref)).toEqual(seeded);
    for (const item of items) {
      expect(item.uriref).toBe(`/manage/v2/users/${item.nameref}`);
      expect(item.idref).toMatch(/^\d+$/);
    }
    expect(new Set(items.map((i: { idref: string }) => i.idref)).size).toBe(4);
  });

  test('without a JSON request the list is XML in the manage security namespace', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/users');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
    expect([doc.documentElement?.namespaceURI, doc.documentElement?.localName]).toEqual([SECURITY_NS, 'user-default-list']);
    const names = Array.from(doc.getElementsByTagNameNS(SECURITY_NS, 'nameref')).map((n) => n.textContent);
    expect(names).toEqual(seeded);
    expect(doc.getElementsByTagNameNS(SECURITY_NS, 'list-count')[0]?.textContent).toBe('4');
  });

  test('a created user appears in the list, a deleted one disappears', async () => {
    const api = await testApi();
    await createAlice(api);
    await api.fetch('/manage/v2/users/rest-reader', { method: 'DELETE' });
    const list = (await (await api.fetch('/manage/v2/users?format=json')).json())['user-default-list'];
    expect(list['list-items']['list-item'].map((i: { nameref: string }) => i.nameref)).toEqual(['admin', 'alice', 'rest-admin', 'rest-writer']);
    expect(list['list-items']['list-count'].value).toBe(4);
  });
});

describe('POST /manage/v2/users', () => {
  test('creates the user → 201 with its Location; it can then sign in with its roles', async () => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/manage/v2/users', {
      method: 'POST',
      headers: { ...JSON_CT, authorization: basic('admin') },
      body: JSON.stringify({ 'user-name': 'alice', password: 's3cret', description: 'a writer', role: ['rest-writer'] }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/manage/v2/users/alice');

    const asAlice = { authorization: basic('alice', 's3cret'), accept: 'application/json' };
    expect((await api.fetch('/v1/ping', { headers: asAlice })).status).toBe(204);
    expect((await api.fetch('/v1/config/properties', { headers: asAlice })).status).toBe(200); // rest-writer inherits rest-reader
    expect((await api.fetch('/v1/config/properties', { method: 'PUT', headers: { ...asAlice, ...JSON_CT }, body: '{}' })).status).toBe(403);
    expect((await api.fetch('/v1/ping', { headers: { authorization: basic('alice', 'wrong') } })).status).toBe(401);
  });

  test.for([
    { name: 'a single role as a string', extra: { role: 'rest-reader' }, roles: ['rest-reader'] },
    { name: 'no role at all', extra: { role: undefined }, roles: [] },
    { name: 'no description', extra: { description: undefined }, roles: ['rest-writer'] },
  ])('accepts $name', async ({ extra, roles }) => {
    const api = await testApi();
    expect((await createAlice(api, extra)).status).toBe(201);
    expect((await api.db.users.get('alice'))?.roles).toEqual(roles);
  });

  test.for([
    { name: 'a taken user name', body: { 'user-name': 'admin', password: 'x' }, status: 400, code: 'SEC-USEREXISTS' },
    { name: 'an unknown role', body: { 'user-name': 'bob', password: 'x', role: ['wizard'] }, status: 400, code: 'SEC-ROLEDNE' },
    { name: 'no user-name', body: { password: 'x' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'no password', body: { 'user-name': 'bob' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'an empty password', body: { 'user-name': 'bob', password: '' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a numeric user-name', body: { 'user-name': 7, password: 'x' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'roles that are not strings', body: { 'user-name': 'bob', password: 'x', role: [1] }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a non-string description', body: { 'user-name': 'bob', password: 'x', description: {} }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'an unsupported field', body: { 'user-name': 'bob', password: 'x', 'external-name': ['cn=bob'] }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a JSON array', body: [{ 'user-name': 'bob', password: 'x' }], status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
  ])('$name → $status $code, and no user is created', async ({ body, status, code }) => {
    const api = await testApi();
    const before = await api.db.users.list();
    const res = await api.fetch('/manage/v2/users', { method: 'POST', headers: JSON_CT, body: JSON.stringify(body) });
    expect(await errorOf(res)).toMatchObject({ status, code });
    expect(await api.db.users.list()).toEqual(before);
  });

  test('malformed JSON → 400 XDMP-JSONDOC', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/users', { method: 'POST', headers: JSON_CT, body: '{"user-name":' });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'XDMP-JSONDOC' });
  });

  test('a payload over the instance limit → 413, no user created', async () => {
    const api = await testApi({ maxPayloadBytes: 32 });
    const res = await createAlice(api);
    expect(await errorOf(res)).toMatchObject({ status: 413, code: 'RESTAPI-PAYLOADTOOLARGE' });
    expect(await api.db.users.get('alice')).toBeUndefined();
  });

  test('a payload that is not JSON → 415', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/users', { method: 'POST', headers: { 'content-type': 'application/xml', accept: 'application/json' }, body: '<user-properties/>' });
    expect(await errorOf(res)).toMatchObject({ status: 415, code: 'RESTAPI-INVALIDMIMETYPE' });
  });
});

describe('GET /manage/v2/users/{name}', () => {
  test('JSON has the name, description, roles and default permissions, never the password or its digest', async () => {
    const api = await testApi();
    await createAlice(api);
    const res = await api.fetch('/manage/v2/users/alice?format=json');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ 'user-name': 'alice', description: 'a writer', role: ['rest-writer'], permission: [] });
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain((await api.db.users.get('alice'))!.digestHa1);
  });

  test('XML is user-properties in the manage security namespace', async () => {
    const api = await testApi();
    await createAlice(api);
    const text = await (await api.fetch('/manage/v2/users/alice')).text();
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    expect([doc.documentElement?.namespaceURI, doc.documentElement?.localName]).toEqual([SECURITY_NS, 'user-properties']);
    expect(doc.getElementsByTagNameNS(SECURITY_NS, 'user-name')[0]?.textContent).toBe('alice');
    expect(Array.from(doc.getElementsByTagNameNS(SECURITY_NS, 'role')).map((r) => r.textContent)).toEqual(['rest-writer']);
    expect(text).not.toContain('digest');
  });

  test('a user name with characters that need escaping round-trips through the path', async () => {
    const api = await testApi();
    await api.db.users.create({ name: 'a b/é', password: 'x', roles: [] });
    const list = await (await api.fetch('/manage/v2/users?format=json')).json();
    const item = list['user-default-list']['list-items']['list-item'].find((i: { nameref: string }) => i.nameref === 'a b/é');
    const res = await api.fetch(`${item.uriref}?format=json`);
    expect(res.status).toBe(200);
    expect((await res.json())['user-name']).toBe('a b/é');
  });

  test('an absent user → 404 SEC-USERDNE', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/users/ghost', { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 404, code: 'SEC-USERDNE' });
  });
});

describe('DELETE /manage/v2/users/{name}', () => {
  test('deletes the user → 204; it can no longer sign in', async () => {
    const api = await testApi({ auth: 'http' });
    await api.db.users.create({ name: 'alice', password: 's3cret', roles: ['rest-reader'] });
    const res = await api.fetch('/manage/v2/users/alice', { method: 'DELETE', headers: { authorization: basic('admin') } });
    expect(res.status).toBe(204);
    expect((await api.fetch('/v1/ping', { headers: { authorization: basic('alice', 's3cret') } })).status).toBe(401);
  });

  test('an absent user → 404 SEC-USERDNE', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/users/ghost', { method: 'DELETE', headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 404, code: 'SEC-USERDNE' });
  });

  test('the last admin → 400, and it stays', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/users/admin', { method: 'DELETE', headers: { accept: 'application/json' } });
    expect((await errorOf(res)).status).toBe(400);
    expect(await api.db.users.get('admin')).toBeDefined();
  });
});

describe('roles, methods and parameters', () => {
  test.for([
    { user: 'rest-admin', method: 'GET', path: '/manage/v2/users' },
    { user: 'rest-writer', method: 'GET', path: '/manage/v2/users/admin' },
    { user: 'rest-reader', method: 'POST', path: '/manage/v2/users' },
    { user: 'rest-admin', method: 'DELETE', path: '/manage/v2/users/rest-reader' },
  ])('$user: $method $path → 403 SEC-PRIV', async ({ user, method, path }) => {
    const api = await testApi({ auth: 'http' });
    const body = method === 'POST' ? JSON.stringify({ 'user-name': 'x', password: 'x' }) : undefined;
    const res = await api.fetch(path, { method, body, headers: { ...JSON_CT, authorization: basic(user), accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SEC-PRIV', message: 'You do not have permission to this method and URL.' });
    expect((await api.db.users.list()).map((u) => u.name)).toEqual(seeded);
  });

  test('no credentials under auth "http" → 401', async () => {
    const api = await testApi({ auth: 'http' });
    expect((await api.fetch('/manage/v2/users')).status).toBe(401);
  });

  test.for([
    { method: 'PUT', path: '/manage/v2/users' },
    { method: 'DELETE', path: '/manage/v2/users' },
    { method: 'PUT', path: '/manage/v2/users/admin' },
    { method: 'POST', path: '/manage/v2/users/admin' },
  ])('$method $path → 405', async ({ method, path }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method, headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 405, code: 'REST-UNSUPPORTEDMETHOD' });
  });

  test.for([
    { path: '/manage/v2/users?view=weird', code: 'REST-UNSUPPORTEDPARAM' },
    { path: '/manage/v2/users?format=html', code: 'REST-INVALIDPARAM' },
    { path: '/manage/v2/users/admin?foo=1', code: 'REST-UNSUPPORTEDPARAM' },
  ])('$path → 400 $code', async ({ path, code }) => {
    const api = await testApi();
    const res = await api.fetch(path, { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 400, code });
  });
});

describe('/manage/v2/roles', () => {
  type Api = Awaited<ReturnType<typeof testApi>>;
  const post = (api: Api, body: unknown, user = 'admin') =>
    api.fetch('/manage/v2/roles', { method: 'POST', headers: { ...JSON_CT, authorization: authOf(user) }, body: JSON.stringify(body) });
  const roleNames = async (api: Api): Promise<string[]> =>
    (await (await api.fetch('/manage/v2/roles?format=json')).json())['role-default-list']['list-items']['list-item'].map((i: { nameref: string }) => i.nameref);
  const sales = {
    'role-name': 'sales',
    description: 'sales team',
    role: ['rest-reader'],
    privilege: [{ 'privilege-name': 'any-uri', action: 'http://marklogic.com/xdmp/privileges/any-uri', kind: 'execute' }],
    permission: [{ 'role-name': 'sales', capability: 'read' }, { 'role-name': 'sales', capability: 'update' }],
  };

  test('a created role answers 201 with its Location, is listed beside the built-in ones and reads back as role properties', async () => {
    const api = await testApi();
    const res = await post(api, sales);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/manage/v2/roles/sales');
    const names = await roleNames(api);
    expect(names).toEqual(expect.arrayContaining(['admin', 'rest-reader', 'rest-writer', 'sales']));
    expect(names).toEqual([...names].sort());
    for (const path of ['/manage/v2/roles/sales/properties?format=json', '/manage/v2/roles/sales?format=json']) {
      expect(await (await api.fetch(path)).json()).toEqual(sales);
    }
    const xml = new DOMParser().parseFromString(await (await api.fetch('/manage/v2/roles/sales/properties')).text(), 'application/xml');
    expect([xml.documentElement?.namespaceURI, xml.documentElement?.localName]).toEqual([SECURITY_NS, 'role-properties']);
    expect(Array.from(xml.getElementsByTagNameNS(SECURITY_NS, 'capability')).map((n) => n.textContent)).toEqual(['read', 'update']);
  });

  test.for([
    { name: 'a taken name', body: { 'role-name': 'rest-reader' }, status: 400, code: 'SEC-ROLEEXISTS' },
    { name: 'an inherited role that does not exist', body: { 'role-name': 'r', role: ['ghost'] }, status: 400, code: 'SEC-ROLEDNE' },
    { name: 'a default permission for a role that does not exist', body: { 'role-name': 'r', permission: [{ 'role-name': 'ghost', capability: 'read' }] }, status: 400, code: 'SEC-ROLEDNE' },
    { name: 'an unknown capability', body: { 'role-name': 'r', permission: [{ 'role-name': 'r', capability: 'fly' }] }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a privilege without a kind', body: { 'role-name': 'r', privilege: [{ 'privilege-name': 'p', action: 'a' }] }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'an unsupported property', body: { 'role-name': 'r', compartment: 'c' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'no role-name', body: { description: 'd' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a JSON array', body: [{ 'role-name': 'r' }], status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
  ])('$name → $status $code, and no role is created', async ({ body, status, code }) => {
    const api = await testApi();
    const before = await roleNames(api);
    const res = await post(api, body);
    expect(await errorOf(res)).toMatchObject({ status, code });
    expect(await roleNames(api)).toEqual(before);
  });

  test.for([
    { user: 'rest-admin', method: 'POST', path: '/manage/v2/roles' },
    { user: 'rest-writer', method: 'GET', path: '/manage/v2/roles' },
    { user: 'rest-reader', method: 'GET', path: '/manage/v2/roles/rest-reader/properties' },
    { user: 'rest-admin', method: 'DELETE', path: '/manage/v2/roles/sales' },
  ])('$user gets 403 SEC-PRIV for $method $path', async ({ user, method, path }) => {
    const api = await testApi();
    await post(api, sales);
    const res = await api.fetch(path, { method, headers: { ...JSON_CT, authorization: basic(user) }, body: method === 'POST' ? JSON.stringify({ 'role-name': 'x' }) : undefined });
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SEC-PRIV' });
    expect(await roleNames(api)).toContain('sales');
  });

  test('a user holding the security role may manage roles without being admin', async () => {
    const api = await testApi();
    await createAlice(api, { role: ['security'] });
    expect((await post(api, sales, 'alice:s3cret')).status).toBe(201);
  });

  test.for([
    { name: 'GET of a role that does not exist', method: 'GET', path: '/manage/v2/roles/ghost/properties', status: 404, code: 'SEC-ROLEDNE' },
    { name: 'DELETE of a role that does not exist', method: 'DELETE', path: '/manage/v2/roles/ghost', status: 404, code: 'SEC-ROLEDNE' },
    { name: 'DELETE of a built-in role', method: 'DELETE', path: '/manage/v2/roles/rest-reader', status: 400, code: 'RESTAPI-INVALIDREQ' },
    { name: 'PUT of a built-in role', method: 'PUT', path: '/manage/v2/roles/rest-writer/properties', status: 400, code: 'RESTAPI-INVALIDREQ' },
    { name: 'PUT renaming a role', method: 'PUT', path: '/manage/v2/roles/sales/properties', body: { 'role-name': 'other' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'PUT making a role inherit itself', method: 'PUT', path: '/manage/v2/roles/sales/properties', body: { role: ['buyers'] }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
  ])('$name → $status $code', async ({ method, path, body, status, code }) => {
    const api = await testApi();
    await post(api, sales);
    await post(api, { 'role-name': 'buyers', role: ['sales'] });
    const res = await api.fetch(path, { method, headers: JSON_CT, body: method === 'PUT' ? JSON.stringify(body ?? { description: 'x' }) : undefined });
    expect(await errorOf(res)).toMatchObject({ status, code });
    expect((await (await api.fetch('/manage/v2/roles/sales/properties?format=json')).json()).role).toEqual(['rest-reader']);
  });

  test('PUT of properties replaces those sent and keeps the others', async () => {
    const api = await testApi();
    await post(api, sales);
    const res = await api.fetch('/manage/v2/roles/sales/properties', {
      method: 'PUT',
      headers: JSON_CT,
      body: JSON.stringify({ description: 'renamed team', permission: [{ 'role-name': 'rest-reader', capability: 'read' }] }),
    });
    expect(res.status).toBe(204);
    expect(await (await api.fetch('/manage/v2/roles/sales/properties?format=json')).json()).toEqual({
      ...sales,
      description: 'renamed team',
      permission: [{ 'role-name': 'rest-reader', capability: 'read' }],
    });
  });

  test('deleting a role removes it from the list and from the users and roles that named it', async () => {
    const api = await testApi();
    await post(api, sales);
    await post(api, { 'role-name': 'buyers', role: ['sales'], permission: [{ 'role-name': 'sales', capability: 'read' }] });
    await createAlice(api, { role: ['rest-writer', 'sales'] });
    expect((await api.fetch('/manage/v2/roles/sales', { method: 'DELETE' })).status).toBe(204);
    expect(await roleNames(api)).not.toContain('sales');
    expect((await (await api.fetch('/manage/v2/users/alice?format=json')).json()).role).toEqual(['rest-writer']);
    expect(await (await api.fetch('/manage/v2/roles/buyers/properties?format=json')).json()).toMatchObject({ role: [], permission: [] });
  });

  test('roles are durable: a database reopened from the same storage still has them', async () => {
    const api = await testApi();
    await post(api, sales);
    const reopened = await Database.open({ indexedDB, name: api.db.name, oxigraph: nodeOxigraph });
    try {
      expect(reopened.roles.get('sales')?.permissions).toEqual([{ 'role-name': 'sales', capabilities: ['read', 'update'] }]);
    } finally {
      reopened.close();
    }
  });
});

describe('default permissions of users and roles', () => {
  const docPermissions = async (api: Awaited<ReturnType<typeof testApi>>, user: string) => {
    const put = await api.fetch('/v1/documents?uri=/d.json', { method: 'PUT', body: '{}', headers: { ...JSON_CT, authorization: authOf(user) } });
    expect(put.status).toBe(201);
    return (await (await api.fetch('/v1/documents?uri=/d.json&category=permissions&format=json')).json()).permissions;
  };

  test('a user created with default permissions gives them to the documents it creates, with its roles’ defaults', async () => {
    const api = await testApi();
    const res = await createAlice(api, { permission: [{ 'role-name': 'app-user', capability: 'read' }] });
    expect(res.status).toBe(201);
    expect((await (await api.fetch('/manage/v2/users/alice/properties?format=json')).json()).permission).toEqual([{ 'role-name': 'app-user', capability: 'read' }]);
    expect(await docPermissions(api, 'alice:s3cret')).toEqual([
      { 'role-name': 'app-user', capabilities: ['read'] },
      { 'role-name': 'rest-reader', capabilities: ['read'] },
      { 'role-name': 'rest-writer', capabilities: ['update'] },
    ]);
  });

  test('a created role’s default permissions reach the documents of its users, also through inheritance', async () => {
    const api = await testApi();
    await api.fetch('/manage/v2/roles', { method: 'POST', headers: JSON_CT, body: JSON.stringify({ 'role-name': 'sales', permission: [{ 'role-name': 'sales', capability: 'read' }] }) });
    await api.fetch('/manage/v2/roles', { method: 'POST', headers: JSON_CT, body: JSON.stringify({ 'role-name': 'sales-writer', role: ['sales', 'rest-writer'] }) });
    await createAlice(api, { role: ['sales-writer'] });
    expect(await docPermissions(api, 'alice:s3cret')).toEqual([
      { 'role-name': 'sales', capabilities: ['read'] },
      { 'role-name': 'rest-reader', capabilities: ['read'] },
      { 'role-name': 'rest-writer', capabilities: ['update'] },
    ]);
  });

  test('PUT of a user’s properties changes its default permissions and roles', async () => {
    const api = await testApi();
    await createAlice(api);
    const res = await api.fetch('/manage/v2/users/alice/properties', {
      method: 'PUT',
      headers: JSON_CT,
      body: JSON.stringify({ role: ['rest-writer', 'app-user'], permission: [{ 'role-name': 'app-user', capability: 'update' }] }),
    });
    expect(res.status).toBe(204);
    const props = await (await api.fetch('/manage/v2/users/alice/properties?format=json')).json();
    expect(props).toMatchObject({ role: ['rest-writer', 'app-user'], permission: [{ 'role-name': 'app-user', capability: 'update' }] });
  });
});
