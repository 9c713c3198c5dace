/**
 * Document permissions as MarkLogic 10+ assigns them: a new document gets the request's
 * permissions plus the writing user's and its roles' default permissions, nothing else.
 * rest-writer's defaults are rest-reader read and rest-writer update; admin has none.
 */
import { describe, expect, test } from 'vitest';
import { basic, testApi, type TestApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };
const as = (user: string, extra: Record<string, string> = {}) => ({ ...extra, authorization: basic(user) });

const REST_DEFAULTS = [
  { 'role-name': 'rest-reader', capabilities: ['read'] },
  { 'role-name': 'rest-writer', capabilities: ['update'] },
];

async function put(api: TestApi, query: string, user: string, body = '{"v":1}', headers: Record<string, string> = J) {
  const res = await api.fetch(`/v1/documents?${query}`, { method: 'PUT', body, headers: as(user, headers) });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

async function permissionsOf(api: TestApi, uri: string): Promise<unknown> {
  const res = await api.fetch(`/v1/documents?uri=${encodeURIComponent(uri)}&category=permissions&format=json`, { headers: as('admin') });
  expect(res.status).toBe(200);
  return (await res.json()).permissions;
}

describe('default permissions of a new document', () => {
  test.for([
    { name: 'admin writing without permissions gives it none', user: 'admin', query: '', expected: [] },
    { name: 'a rest-writer gives it its role’s defaults', user: 'rest-writer', query: '', expected: REST_DEFAULTS },
    { name: 'a rest-admin gives it rest-writer’s defaults, inherited', user: 'rest-admin', query: '', expected: REST_DEFAULTS },
    {
      name: 'admin naming a permission gives it only that one',
      user: 'admin',
      query: '&perm:app-user=read',
      expected: [{ 'role-name': 'app-user', capabilities: ['read'] }],
    },
    {
      name: 'a rest-writer naming a permission gives it that one and its defaults',
      user: 'rest-writer',
      query: '&perm:app-user=read',
      expected: [...REST_DEFAULTS, { 'role-name': 'app-user', capabilities: ['read'] }],
    },
  ])('$name', async ({ user, query, expected }) => {
    const api = await testApi();
    await put(api, `uri=/d.json${query}`, user);
    expect(await permissionsOf(api, '/d.json')).toEqual(expected);
  });

  test.for([
    { reader: 'rest-reader', status: 404 },
    { reader: 'rest-writer', status: 404 },
    { reader: 'rest-admin', status: 404 },
    { reader: 'admin', status: 200 },
  ])('a document admin wrote with no permissions answers $status to $reader', async ({ reader, status }) => {
    const api = await testApi();
    await put(api, 'uri=/admin-only.json', 'admin');
    const res = await api.fetch('/v1/documents?uri=/admin-only.json', { headers: as(reader, { accept: 'application/json' }) });
    expect(res.status).toBe(status);
  });

  test('a bulk write by a rest-writer gives every new document its defaults, with the default metadata part’s permissions', async () => {
    const api = await testApi();
    const B = 'BND';
    const body =
      `--${B}\r\nContent-Type: application/json\r\nContent-Disposition: inline; category=metadata\r\n\r\n` +
      `{"permissions":[{"role-name":"app-user","capabilities":["read"]}]}\r\n` +
      `--${B}\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/b/1.json"\r\n\r\n{"n":1}\r\n--${B}--\r\n`;
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: as('rest-writer', { 'content-type': `multipart/mixed; boundary=${B}` }) });
    expect(res.status).toBe(200);
    expect(await permissionsOf(api, '/b/1.json')).toEqual([...REST_DEFAULTS, { 'role-name': 'app-user', capabilities: ['read'] }]);
  });
});

describe('permissions of an existing document', () => {
  /** A document whose permissions admin set to app-user read and rest-writer read and update (no rest-reader). */
  async function narrowed(): Promise<TestApi> {
    const api = await testApi();
    await put(api, 'uri=/e.json', 'rest-writer');
    const body = JSON.stringify({ permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }, { 'role-name': 'rest-writer', capabilities: ['read', 'update'] }] });
    await put(api, 'uri=/e.json&category=permissions', 'admin', body);
    return api;
  }
  const NARROWED = [
    { 'role-name': 'app-user', capabilities: ['read'] },
    { 'role-name': 'rest-writer', capabilities: ['read', 'update'] },
  ];

  test.for([
    { name: 'a content PUT without metadata keeps them', query: '', body: '{"v":2}', expected: NARROWED },
    {
      name: 'perm: parameters replace the roles named and add no defaults',
      query: '&perm:app-builder=read',
      body: '{"v":2}',
      expected: [...NARROWED, { 'role-name': 'app-builder', capabilities: ['read'] }],
    },
    {
      name: 'a metadata-only PUT replaces them by those sent and the writer’s defaults',
      query: '&category=permissions',
      body: '{"permissions":[{"role-name":"app-builder","capabilities":["read"]}]}',
      expected: [{ 'role-name': 'rest-reader', capabilities: ['read'] }, { 'role-name': 'rest-writer', capabilities: ['update'] }, { 'role-name': 'app-builder', capabilities: ['read'] }],
    },
  ])('a rest-writer’s update: $name', async ({ query, body, expected }) => {
    const api = await narrowed();
    await put(api, `uri=/e.json${query}`, 'rest-writer', body);
    expect(await permissionsOf(api, '/e.json')).toEqual(expected);
  });

  test.for([
    { user: 'rest-writer', expected: REST_DEFAULTS },
    { user: 'admin', expected: [] },
  ])('DELETE of the permissions category by $user resets them to that user’s defaults', async ({ user, expected }) => {
    const api = await narrowed();
    const res = await api.fetch('/v1/documents?uri=/e.json&category=permissions', { method: 'DELETE', headers: as(user) });
    expect(res.status).toBe(204);
    expect(await permissionsOf(api, '/e.json')).toEqual(expected);
  });

  test('under overwrite-metadata a rest-writer’s content PUT resets them to its defaults', async () => {
    const api = await narrowed();
    const res = await api.fetch('/v1/config/properties', { method: 'PUT', body: JSON.stringify({ 'update-policy': 'overwrite-metadata' }), headers: J });
    expect(res.status).toBe(204);
    await put(api, 'uri=/e.json', 'rest-writer', '{"v":2}');
    expect(await permissionsOf(api, '/e.json')).toEqual(REST_DEFAULTS);
  });
});

describe('graph permissions keep the defaults the graph spec requires', () => {
  test('a graph admin creates still carries rest-reader read and rest-writer update', async () => {
    const api = await testApi();
    const iri = 'http://example.org/g';
    const res = await api.fetch(`/v1/graphs?graph=${encodeURIComponent(iri)}`, {
      method: 'PUT',
      body: '<http://example.org/s> <http://example.org/p> "o" .',
      headers: as('admin', { 'content-type': 'application/n-triples' }),
    });
    expect(res.status).toBe(201);
    const perms = await api.fetch(`/v1/graphs?graph=${encodeURIComponent(iri)}&category=permissions`, { headers: as('admin', { accept: 'application/json' }) });
    expect((await perms.json()).permissions).toEqual(expect.arrayContaining(REST_DEFAULTS));
  });
});
