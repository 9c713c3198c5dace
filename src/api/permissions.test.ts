/**
 * Document permissions as MarkLogic 10+ assigns them: a new document gets the request's
 * permissions plus the writing user's and its roles' default permissions, nothing else.
 * rest-writer's defaults are rest-reader read and rest-writer update; admin has none.
 */
import { describe, expect, test } from 'vitest';
import { basic, testApi, type TestApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };
/** Headers acting as a seeded user (`name`) or any user (`name:password`). */
const as = (user: string, extra: Record<string, string> = {}) => ({
  ...extra,
  authorization: user.includes(':') ? `Basic ${btoa(user)}` : basic(user),
});

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

/**
 * A document only the custom role `secret` may read must be invisible to everyone else in
 * every read path; `spy` (rest-reader + secret) sees it, which proves the filter is by role.
 */
describe('a document readable only by a custom role', () => {
  const RANGE = {
    'range-element-index': [{ 'scalar-type': 'int', 'namespace-uri': '', localname: 'servings', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' }],
    'collection-lexicon': true,
  };
  const OPTIONS = {
    options: {
      constraint: [
        { name: 'coll', collection: { prefix: '' } },
        { name: 'servings', range: { type: 'xs:int', 'json-property': 'servings', facet: true } },
      ],
      values: [
        { name: 'servings', range: { type: 'xs:int', 'json-property': 'servings' }, aggregate: [{ apply: 'sum' }] },
        { name: 'colls', collection: { prefix: '' } },
        { name: 'uris', uri: null },
      ],
      tuples: [{ name: 'coll-servings', indexes: [{ collection: { prefix: '' } }, { range: { type: 'xs:int', 'json-property': 'servings', facet: false } }] }],
    },
  };

  let shared: Promise<TestApi> | undefined;
  /** One database for the whole table: every case only reads. */
  function world(): Promise<TestApi> {
    shared ??= (async () => {
      const api = await testApi();
      const admin = (path: string, method: string, body: unknown) =>
        api.fetch(path, { method, headers: as('admin', J), body: JSON.stringify(body) }).then((r) => expect(r.status, path).toBeLessThan(300));
      await admin('/manage/v2/roles', 'POST', { 'role-name': 'secret' });
      await admin('/manage/v2/users', 'POST', { 'user-name': 'spy', password: 'spy', role: ['rest-reader', 'secret'] });
      await put(api, 'uri=/pub.json&collection=fruit', 'rest-writer', JSON.stringify({ title: 'Plain banana', servings: 2 }));
      await put(api, 'uri=/sec.json&collection=fruit&collection=classified&perm:secret=read', 'admin', JSON.stringify({ title: 'Secret banana zucchini', servings: 8 }));
      await admin('/v1/config/query/fo', 'PUT', OPTIONS);
      await admin(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, 'PUT', RANGE);
      await api.db.search.ready();
      await api.db.search.rangeIndexesSettled();
      return api;
    })();
    return shared;
  }

  const json = async (res: Response) => {
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text);
  };
  const search = async (api: TestApi, user: string, query: string) => json(await api.fetch(`/v1/search?format=json&${query}`, { headers: as(user) }));
  const uris = (r: { results?: Array<{ uri: string }> }) => (r.results ?? []).map((x) => x.uri).sort();
  const facet = (r: { facets?: Record<string, { facetValues: Array<{ name: string; count: number }> }> }, name: string) =>
    r.facets?.[name]?.facetValues.map((v) => [v.name, v.count]) ?? [];

  type Probe = (api: TestApi, user: string) => Promise<unknown>;
  const paths: Array<{ path: string; probe: Probe; others: unknown; spy: unknown }> = [
    {
      path: 'GET /v1/documents (one URI)',
      probe: async (api, user) => (await api.fetch('/v1/documents?uri=/sec.json', { headers: as(user, { accept: 'application/json' }) })).status,
      others: 404,
      spy: 200,
    },
    {
      path: 'GET /v1/documents (several URIs, multipart)',
      probe: async (api, user) => {
        const res = await api.fetch('/v1/documents?uri=/pub.json&uri=/sec.json', { headers: as(user, { accept: 'multipart/mixed; boundary=B' }) });
        return [...(await res.text()).matchAll(/filename="([^"]+)"/g)].map((m) => m[1]).sort();
      },
      others: ['/pub.json'],
      spy: ['/pub.json', '/sec.json'],
    },
    {
      path: 'search results and total',
      probe: async (api, user) => {
        const r = await search(api, user, 'q=banana');
        return [r.total, uris(r)];
      },
      others: [1, ['/pub.json']],
      spy: [2, ['/pub.json', '/sec.json']],
    },
    {
      path: 'search facets (collection and range)',
      probe: async (api, user) => {
        const r = await search(api, user, 'q=banana&options=fo');
        return [facet(r, 'coll'), facet(r, 'servings')];
      },
      others: [[['fruit', 1]], [['2', 1]]],
      spy: [[['classified', 1], ['fruit', 2]], [['2', 1], ['8', 1]]],
    },
    {
      path: 'a query matching only the hidden document',
      probe: async (api, user) => (await search(api, user, 'q=zucchini')).total,
      others: 0,
      spy: 1,
    },
    {
      path: 'the document listing (no query)',
      probe: async (api, user) => {
        const r = await search(api, user, 'collection=fruit');
        return [r.total, uris(r)];
      },
      others: [1, ['/pub.json']],
      spy: [2, ['/pub.json', '/sec.json']],
    },
    {
      path: 'QBE',
      probe: async (api, user) => {
        const res = await api.fetch('/v1/qbe?format=json', { method: 'POST', headers: as(user, J), body: JSON.stringify({ $query: { servings: 8 } }) });
        const r = await json(res);
        return [r.total, uris(r)];
      },
      others: [0, []],
      spy: [1, ['/sec.json']],
    },
    {
      path: 'suggest (words)',
      probe: async (api, user) => (await json(await api.fetch('/v1/suggest?partial-q=zuc&format=json', { headers: as(user) }))).suggestions,
      others: [],
      spy: ['zucchini'],
    },
    {
      path: 'suggest (collection values)',
      probe: async (api, user) => (await json(await api.fetch('/v1/suggest?partial-q=coll:cl&options=fo&format=json', { headers: as(user) }))).suggestions,
      others: [],
      spy: ['coll:classified'],
    },
    {
      path: 'values of a range index, with its aggregate',
      probe: async (api, user) => (await json(await api.fetch('/v1/values/servings?options=fo&format=json&aggregate=count', { headers: as(user) })))['values-response'],
      others: { name: 'servings', type: 'xs:int', 'distinct-value': [{ frequency: 1, _value: '2' }], 'aggregate-result': [{ name: 'sum', _value: '2' }, { name: 'count', _value: '1' }], metrics: expect.any(Object) },
      spy: {
        name: 'servings',
        type: 'xs:int',
        'distinct-value': [{ frequency: 1, _value: '2' }, { frequency: 1, _value: '8' }],
        'aggregate-result': [{ name: 'sum', _value: '10' }, { name: 'count', _value: '2' }],
        metrics: expect.any(Object),
      },
    },
    {
      path: 'values of the collection and URI lexicons',
      probe: async (api, user) => {
        const read = async (name: string) => (await json(await api.fetch(`/v1/values/${name}?options=fo&format=json`, { headers: as(user) })))['values-response']['distinct-value'];
        return [await read('colls'), await read('uris')];
      },
      others: [[{ frequency: 1, _value: 'fruit' }], [{ frequency: 1, _value: '/pub.json' }]],
      spy: [
        [{ frequency: 1, _value: 'classified' }, { frequency: 2, _value: 'fruit' }],
        [{ frequency: 1, _value: '/pub.json' }, { frequency: 1, _value: '/sec.json' }],
      ],
    },
    {
      path: 'tuples, restricted by a query',
      probe: async (api, user) => (await json(await api.fetch('/v1/values/coll-servings?options=fo&format=json&q=banana', { headers: as(user) })))['values-response'].tuple,
      others: [{ frequency: 1, 'distinct-value': ['fruit', '2'] }],
      spy: [
        { frequency: 1, 'distinct-value': ['classified', '8'] },
        { frequency: 1, 'distinct-value': ['fruit', '2'] },
        { frequency: 1, 'distinct-value': ['fruit', '8'] },
      ],
    },
  ];

  test.for(paths.flatMap((p) => ['rest-reader', 'rest-writer', 'spy'].map((user) => ({ ...p, user }))))('$path: as $user', async ({ probe, user, others, spy }) => {
    const api = await world();
    expect(await probe(api, user === 'spy' ? 'spy:spy' : user)).toEqual(user === 'spy' ? spy : others);
  });
});
