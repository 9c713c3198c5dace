import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { basic, testApi } from '../../test/helpers';

const SECURITY_NS = 'http://marklogic.com/manage/security';
const JSON_CT = { 'content-type': 'application/json' };
const seeded = ['admin', 'rest-admin', 'rest-reader', 'rest-writer'];

async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = await res.json();
  return { status: res.status, code: body.errorResponse.messageCode, message: body.errorResponse.message };
}

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
    { name: 'no user-name', body: { password: 'x' }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'no password', body: { 'user-name': 'bob' }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an empty password', body: { 'user-name': 'bob', password: '' }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a numeric user-name', body: { 'user-name': 7, password: 'x' }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'roles that are not strings', body: { 'user-name': 'bob', password: 'x', role: [1] }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a non-string description', body: { 'user-name': 'bob', password: 'x', description: {} }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an unsupported field', body: { 'user-name': 'bob', password: 'x', 'external-name': ['cn=bob'] }, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a JSON array', body: [{ 'user-name': 'bob', password: 'x' }], status: 400, code: 'RESTAPI-INVALIDCONTENT' },
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
  test('JSON has the name, description and roles, never the password or its digest', async () => {
    const api = await testApi();
    await createAlice(api);
    const res = await api.fetch('/manage/v2/users/alice?format=json');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ 'user-name': 'alice', description: 'a writer', role: ['rest-writer'] });
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
