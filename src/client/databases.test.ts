/**
 * Databases and REST instances through the client: which requests a client made by
 * `withDatabase` sends with `database=` (a recording fetch stands in for the server), what
 * `client.databases` and `client.instances` send and how they read the answers, and the whole
 * round against Tabula's real handler (a fresh in-memory server per test).
 */
import { describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepRequest, keepWithBody, recordingClient, type Responder } from '../../test/recording-client';
import { ApiError, asSent, createClient, type TabulaClient } from './create-client';
import { carriesDatabase, inDatabase, instanceBaseUrl, instancePath, readDatabaseCounts, readDatabaseList, readInstanceList } from './databases';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

function recording(responder: Responder = () => new Response(null, { status: 204 })) {
  return recordingClient(responder, keepRequest);
}

const line = (req: Request) => `${req.method} ${new URL(req.url).pathname}`;
const params = (req: Request) => [...new URL(req.url).searchParams];

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError,
  );

describe('carriesDatabase: the paths that take database=', () => {
  test.for([
    ...['/v1/documents', '/LATEST/documents', '/v1/search', '/v1/qbe', '/v1/suggest', '/v1/values', '/v1/values/price'].map((path) => ({ path, carries: true })),
    ...['/v1/graphs', '/v1/graphs/sparql', '/v1/graphs/things'].map((path) => ({ path, carries: true })),
    ...['/v1/config/query', '/v1/config/query/shop', '/v1/config/query/shop/constraint', '/v1/config/properties', '/v1/config/properties/debug'].map((path) => ({ path, carries: true })),
    ...['/v1/config/indexes', '/v1/config/indexes/shop', '/v1/transactions', '/v1/transactions/123'].map((path) => ({ path, carries: true })),
    ...['reset', 'scene', 'scene/progress', 'snapshots', 'snapshots/before', 'snapshots/before/restore', 'samples', 'samples/shop', 'idle', 'status', 'settings'].map((p) => ({ path: `/tabula/v1/${p}`, carries: true })),
    // Refused there (400 REST-UNSUPPORTEDPARAM), or meaningless.
    ...['/v1/ping', '/ping', '/v1/ext/x.sjs', '/v1/rest-apis', '/v1/rest-apis/shop', '/manage/v2/databases', '/manage/v2/databases/shop', '/manage/v2/databases/shop/properties', '/manage/v2/users'].map((path) => ({ path, carries: false })),
    ...['/tabula/v1/requests/abc', '/tabula/v1/faults', '/v1/documentsx', '/v1/values/a/b', '/v1/config/properties/a/b', '/v1/transactions/1/2', '/tabula/v1/snapshots/a/b'].map((path) => ({ path, carries: false })),
  ])('$path: $carries', ({ path, carries }) => {
    expect(carriesDatabase(path)).toBe(carries);
  });

  test('inDatabase adds database only where the path takes it, and leaves the request given alone', () => {
    const spec = { method: 'GET' as const, path: '/v1/search', params: new URLSearchParams({ q: 'x' }) };
    const sent = inDatabase(spec, 'shop');
    expect(sent.params.toString()).toBe('q=x&database=shop');
    expect(spec.params.toString()).toBe('q=x');
    expect(inDatabase(spec, undefined)).toBe(spec);
    expect(inDatabase({ ...spec, path: '/v1/ping' }, 'shop').params.has('database')).toBe(false);
  });

  test('asSent adds both txid and database, each where its path takes it', () => {
    const search = { path: '/v1/search', params: new URLSearchParams({ q: 'x' }) };
    expect(asSent(search, { transaction: '7', database: 'shop' }).params.toString()).toBe('q=x&txid=7&database=shop');
    expect(asSent({ path: '/v1/config/query', params: new URLSearchParams() }, { transaction: '7', database: 'shop' }).params.toString()).toBe('database=shop');
    expect(asSent(search, {})).toBe(search);
  });
});

describe('withDatabase: which requests carry database', () => {
  const calls: Array<{ name: string; run: (c: TabulaClient) => Promise<unknown>; database: boolean }> = [
    { name: 'documents.read', run: (c) => c.documents.read('/a.json'), database: true },
    { name: 'documents.readMetadata', run: (c) => c.documents.readMetadata('/a.json'), database: true },
    { name: 'documents.write', run: (c) => c.documents.write('/a.json', '{}'), database: true },
    { name: 'documents.remove', run: (c) => c.documents.remove('/a.json'), database: true },
    { name: 'documents.bulkWrite', run: (c) => c.documents.bulkWrite([{ uri: '/a.json', content: '{}' }]), database: true },
    { name: 'search.query', run: (c) => c.search.query({ q: 'x' }), database: true },
    { name: 'search.qbe', run: (c) => c.search.qbe({ $query: { a: 1 } }), database: true },
    { name: 'search.suggest', run: (c) => c.search.suggest('x'), database: true },
    { name: 'search.optionSetNames', run: (c) => c.search.optionSetNames(), database: true },
    { name: 'values.read', run: (c) => c.values.read('price'), database: true },
    { name: 'sparql.query', run: (c) => c.sparql.query('ASK {}', { form: 'ASK' }), database: true },
    { name: 'graphs.list', run: (c) => c.graphs.list(), database: true },
    { name: 'queryOptions.list', run: (c) => c.queryOptions.list(), database: true },
    { name: 'indexes.report', run: (c) => c.indexes.report(), database: true },
    { name: 'transactions.open', run: (c) => c.transactions.open(), database: true },
    { name: 'transactions.commit', run: (c) => c.transactions.commit('7'), database: true },
    { name: 'database.reset', run: (c) => c.database.reset(), database: true },
    { name: 'database.exportScene', run: (c) => c.database.exportScene(), database: true },
    { name: 'snapshots.list', run: (c) => c.snapshots.list(), database: true },
    { name: 'snapshots.restore', run: (c) => c.snapshots.restore('before'), database: true },
    { name: 'samples.list', run: (c) => c.samples.list(), database: true },
    { name: 'samples.load', run: (c) => c.samples.load('shop'), database: true },
    { name: 'ping', run: (c) => c.ping(), database: false },
    { name: 'indexes.read (the database is in its path)', run: (c) => c.indexes.read(), database: false },
    { name: 'databases.list', run: (c) => c.databases.list(), database: false },
    { name: 'databases.counts', run: (c) => c.databases.counts('other'), database: false },
    { name: 'databases.create', run: (c) => c.databases.create('other'), database: false },
    { name: 'databases.remove', run: (c) => c.databases.remove('other'), database: false },
    { name: 'instances.list', run: (c) => c.instances.list(), database: false },
    { name: 'instances.create', run: (c) => c.instances.create('other'), database: false },
    { name: 'instances.remove', run: (c) => c.instances.remove('other'), database: false },
  ];

  test.for(calls)('$name: database sent $database', async ({ run, database }) => {
    const { client, requests } = recording();
    // Whatever the answer, the request was sent as it would be: only its URL matters here.
    await run(client.withDatabase('shop')).catch(() => undefined);
    expect(requests.length).toBeGreaterThan(0);
    expect(new URL(requests[0].url).searchParams.getAll('database')).toEqual(database ? ['shop'] : []);
  });

  test('the client it was made from is unchanged; one made with none sends none; a transaction keeps the database', async () => {
    const { client, requests } = recording();
    const shop = client.withDatabase('shop');
    expect([client.databaseName, shop.databaseName, shop.withTransaction('9').databaseName]).toEqual([undefined, 'shop', 'shop']);
    await client.documents.remove('/a.json');
    await shop.withDatabase(undefined).documents.remove('/a.json');
    await shop.documents.remove('/a.json');
    await shop.withTransaction('9').documents.remove('/a.json');
    expect(requests.map((r) => params(r).filter(([k]) => k !== 'uri'))).toEqual([[], [], [['database', 'shop']], [['txid', '9'], ['database', 'shop']]]);
  });

  test('the range index properties read and written are the client’s database’s, unless a call names another', async () => {
    const { client, requests } = recording(() => json({ 'database-name': 'shop' }));
    await client.withDatabase('shop').indexes.read();
    await client.withDatabase('shop').indexes.update({});
    await client.withDatabase('shop').indexes.read({ database: 'other' });
    await client.indexes.read();
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/manage/v2/databases/shop/properties',
      '/manage/v2/databases/shop/properties',
      '/manage/v2/databases/other/properties',
      '/manage/v2/databases/Documents/properties',
    ]);
  });

  test('a values read reports the URL it went to, database included', async () => {
    const { client } = recording(() => json({ 'values-response': { name: 'price', type: 'xs:decimal', 'distinct-value': [] } }));
    const read = await client.withDatabase('shop').withTransaction('5').values.read('price');
    expect(read.url).toBe('http://db.test:8000/v1/values/price?format=json&txid=5&database=shop');
  });
});

const listAnswer = (names: string[]) => ({
  'database-default-list': {
    meta: { uri: '/manage/v2/databases', 'current-time': '2026-01-01T00:00:00Z', 'elapsed-time': { units: 'sec', value: 0 } },
    'list-items': {
      'list-count': { units: 'quantity', value: names.length },
      'list-item': names.map((n) => ({ uriref: `/manage/v2/databases/${n}`, idref: '1', nameref: n })),
    },
  },
});

const countsAnswer = (name: string, documents: number | string, bytes: number, triples: number) => ({
  'database-counts': {
    meta: { uri: `/manage/v2/databases/${name}`, 'current-time': '2026-01-01T00:00:00Z' },
    name,
    'count-properties': {
      documents: { units: 'quantity', value: documents },
      'document-bytes': { units: 'bytes', value: bytes },
      triples: { units: 'quantity', value: triples },
      'triple-chars': { units: 'quantity', value: triples * 40 },
    },
  },
});

describe('client.databases', () => {
  test('list: GET /manage/v2/databases as JSON, the names in the server’s order', async () => {
    const names = ['Documents', 'Modules', 'shop'];
    const { client, requests } = recording(() => json(listAnswer(names)));
    expect(await client.databases.list()).toEqual(names);
    expect([line(requests[0]), requests[0].headers.get('accept')]).toEqual(['GET /manage/v2/databases', 'application/json']);
    expect(params(requests[0])).toEqual([['format', 'json']]);
  });

  test.for([
    { name: 'a one-item list written as an object', body: { 'database-default-list': { 'list-items': { 'list-item': { nameref: 'Documents' } } } }, names: ['Documents'] },
    { name: 'an empty list left out', body: { 'database-default-list': { 'list-items': { 'list-count': { value: 0 } } } }, names: [] },
    { name: 'items without a name, skipped', body: { 'database-default-list': { 'list-items': { 'list-item': [{ nameref: '' }, { idref: '1' }, { nameref: 'a' }] } } }, names: ['a'] },
  ])('list reads $name', ({ body, names }) => {
    expect(readDatabaseList(body)).toEqual(names);
  });

  test.for([null, [], { 'user-default-list': {} }, 'Documents'])('list refuses %j', (body) => {
    expect(() => readDatabaseList(body)).toThrow('not a list of databases');
  });

  test.for([
    { name: 'shop', documents: 3, bytes: 120, triples: 7 },
    { name: 'a b', documents: 0, bytes: 0, triples: 0 },
  ])('counts of $name: GET …/{name}?view=counts, read into numbers', async ({ name, documents, bytes, triples }) => {
    const { client, requests } = recording(() => json(countsAnswer(name, documents, bytes, triples)));
    expect(await client.databases.counts(name)).toEqual({ name, documents, documentBytes: bytes, triples, tripleChars: triples * 40 });
    expect(new URL(requests[0].url).pathname).toBe(`/manage/v2/databases/${encodeURIComponent(name)}`);
    expect(params(requests[0])).toEqual([
      ['view', 'counts'],
      ['format', 'json'],
    ]);
  });

  test('counts written as strings (a server that generates its JSON from XML) are numbers; missing ones 0', () => {
    const body = countsAnswer('shop', '12', 1, 1);
    delete (body['database-counts']['count-properties'] as Partial<typeof body['database-counts']['count-properties']>).triples;
    expect(readDatabaseCounts(body)).toMatchObject({ documents: 12, triples: 0 });
    expect(() => readDatabaseCounts({ counts: 1 })).toThrow('not a database’s counts');
  });

  test('create: POST {"database-name": …} as JSON; remove: DELETE …/{name}, the name encoded', async () => {
    const { client, requests } = recordingClient(() => new Response(null, { status: 201 }), keepWithBody);
    await client.databases.create('my db');
    await client.databases.remove('my db');
    expect(requests.map(({ req }) => line(req))).toEqual(['POST /manage/v2/databases', 'DELETE /manage/v2/databases/my%20db']);
    expect(requests[0].req.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0].body)).toEqual({ 'database-name': 'my db' });
  });

  test('an empty name is refused before anything is sent', async () => {
    const { client, requests } = recording();
    await expect(client.databases.create('')).rejects.toThrow(TypeError);
    await expect(client.databases.remove('')).rejects.toThrow(TypeError);
    await expect(client.databases.counts('')).rejects.toThrow(TypeError);
    await expect(client.instances.remove('')).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });

  test('the server’s refusal rejects with its ApiError and message', async () => {
    const refusal = { statusCode: 400, status: 'Bad Request', messageCode: 'ADMIN-DUPLICATENAME', message: 'ADMIN-DUPLICATENAME: shop exists' };
    const { client } = recording(() => json({ errorResponse: refusal }, 400));
    const err = await rejection(client.databases.create('shop'));
    expect(err).toBeInstanceOf(ApiError);
    expect([err.statusCode, err.messageCode, err.message]).toEqual([400, refusal.messageCode, refusal.message]);
  });
});

describe('client.instances', () => {
  const instance = (name: string, port: string) => ({ name, group: 'Default', database: name, 'modules-database': `${name}-modules`, port, 'error-format': 'json' });

  test('list: GET /v1/rest-apis as JSON, each instance read', async () => {
    const { client, requests } = recording(() => json({ 'rest-apis': [instance('App-Services', '8000'), instance('shop', '8003')] }));
    expect(await client.instances.list()).toEqual([
      { name: 'App-Services', group: 'Default', database: 'App-Services', modulesDatabase: 'App-Services-modules', port: '8000' },
      { name: 'shop', group: 'Default', database: 'shop', modulesDatabase: 'shop-modules', port: '8003' },
    ]);
    expect(line(requests[0])).toBe('GET /v1/rest-apis');
    expect(params(requests[0])).toEqual([['format', 'json']]);
  });

  test('list reads a one-item list written as an object and a port written as a number; refuses anything else', () => {
    expect(readInstanceList({ 'rest-apis': { ...instance('a', '1'), port: 8011 } })).toMatchObject([{ name: 'a', port: '8011' }]);
    expect(readInstanceList({ 'rest-apis': [] })).toEqual([]);
    expect(() => readInstanceList({ instances: [] })).toThrow('not a list of REST instances');
  });

  test.for([
    { name: 'a name only', spec: 'shop', payload: { 'rest-api': { name: 'shop' } } },
    {
      name: 'every field',
      spec: { name: 'shop', database: 'content', modulesDatabase: 'mods', port: 8011, group: 'Default' },
      payload: { 'rest-api': { name: 'shop', database: 'content', 'modules-database': 'mods', port: 8011, group: 'Default' } },
    },
  ])('create with $name: POST {"rest-api": …}', async ({ spec, payload }) => {
    const { client, requests } = recordingClient(() => new Response(null, { status: 201 }), keepWithBody);
    await client.instances.create(spec);
    expect(line(requests[0].req)).toBe('POST /v1/rest-apis');
    expect(JSON.parse(requests[0].body)).toEqual(payload);
  });

  test.for([
    { options: {}, include: [] },
    { options: { content: true }, include: ['content'] },
    { options: { content: true, modules: true }, include: ['content', 'modules'] },
  ])('remove with $options: include=$include', async ({ options, include }) => {
    const { client, requests } = recording();
    await client.instances.remove('shop', options);
    expect(line(requests[0])).toBe('DELETE /v1/rest-apis/shop');
    expect(new URL(requests[0].url).searchParams.getAll('include')).toEqual(include);
  });
});

describe('where a REST instance answers', () => {
  test.for([
    { name: 'this page’s origin: the path form', baseUrl: undefined, instance: { name: 'shop', port: '8003' }, expected: '/tabula/instances/shop' },
    { name: 'a name needing escapes', baseUrl: '', instance: { name: 'a b/c' }, expected: '/tabula/instances/a%20b%2Fc' },
    { name: 'a remote server: its host at the instance’s port', baseUrl: 'http://127.0.0.1:8000', instance: { name: 'shop', port: '8003' }, expected: 'http://127.0.0.1:8003' },
    { name: 'a remote server without a port: the port added', baseUrl: 'https://ml.example.com/', instance: { name: 'shop', port: '8443' }, expected: 'https://ml.example.com:8443' },
    { name: 'a remote server’s path is kept', baseUrl: 'http://h:8000/base/', instance: { name: 'shop', port: '8011' }, expected: 'http://h:8011/base' },
  ])('$name', ({ baseUrl, instance, expected }) => {
    expect(instanceBaseUrl(baseUrl, instance)).toBe(expected);
  });

  test.for(['', 'x', '0', '65536', undefined])('a remote instance without a usable port (%j) cannot be reached', (port) => {
    expect(() => instanceBaseUrl('http://h:8000', { name: 'shop', port })).toThrow(/no port/);
  });

  test('an instance has a name', () => {
    expect(() => instancePath('')).toThrow(TypeError);
  });
});

describe('against the real handler', () => {
  async function connect() {
    const api = await testApi();
    return createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  }

  test('a database created is listed, holds what is written to it alone, counts it, and is gone once removed', async () => {
    const client = await connect();
    // The home database, then Modules, then the created ones by name.
    const before = await client.databases.list();
    const [home] = before;
    expect(before).toEqual([home, 'Modules']);

    await client.databases.create('demo');
    expect(await client.databases.list()).toEqual([home, 'Modules', 'demo']);
    const demo = client.withDatabase('demo');
    const docs = [
      { uri: '/a.json', content: '{"a":1}' },
      { uri: '/b.json', content: '{"bb":22}' },
    ];
    for (const d of docs) await demo.documents.write(d.uri, d.content);
    await demo.graphs.write('http://example.org/g', '<http://e/s> <http://e/p> "o" .', { contentType: 'application/n-triples', mode: 'replace' });

    expect((await demo.search.list({})).results.map((r) => r.uri).sort()).toEqual(docs.map((d) => d.uri));
    expect((await client.search.list({})).total).toBe(0);
    expect((await rejection(client.documents.read('/a.json'))).statusCode).toBe(404);
    const counts = await client.databases.counts('demo');
    expect(counts).toMatchObject({ name: 'demo', documents: docs.length, triples: 1 });
    expect(counts.documentBytes).toBe(docs.reduce((n, d) => n + new TextEncoder().encode(d.content).byteLength, 0));
    expect(await client.databases.counts(home)).toMatchObject({ documents: 0, triples: 0 });

    await client.databases.remove('demo');
    expect(await client.databases.list()).toEqual(before);
    expect(await rejection(demo.documents.read('/a.json'))).toMatchObject({ statusCode: 400, messageCode: 'XDMP-NOSUCHDB' });
  });

  test('a sample loaded, a scene imported and a reset through withDatabase land in that database alone', async () => {
    const client = await connect();
    const [home] = await client.databases.list();
    const [sample] = await client.samples.list();
    await client.databases.create('lib');
    await client.databases.create('copy');
    const lib = client.withDatabase('lib');
    await lib.samples.load(sample.name);
    const loaded = await client.databases.counts('lib');
    expect(loaded.documents).toBeGreaterThan(0);
    expect(await client.databases.counts(home)).toMatchObject({ documents: 0, triples: 0 });

    // The scene of `lib`, imported into `copy`: the same counts.
    const written = await client.withDatabase('copy').database.importScene(await lib.database.exportScene());
    expect(written.documents).toBe(loaded.documents);
    expect(await client.databases.counts('copy')).toEqual({ ...loaded, name: 'copy' });

    await lib.database.reset();
    expect(await client.databases.counts('lib')).toMatchObject({ documents: 0, triples: 0 });
    expect((await client.databases.counts('copy')).documents).toBe(loaded.documents);
  });

  test('refusals carry the server’s code: a taken name, a bad name, the home database, one an instance uses', async () => {
    const client = await connect();
    const [home] = await client.databases.list();
    await client.databases.create('taken');
    expect(await rejection(client.databases.create('taken'))).toMatchObject({ statusCode: 400, messageCode: 'ADMIN-DUPLICATENAME' });
    expect(await rejection(client.databases.create('-bad name'))).toMatchObject({ statusCode: 400, messageCode: 'MANAGE-INVALIDPAYLOAD' });
    expect(await rejection(client.databases.remove(home))).toMatchObject({ statusCode: 400, messageCode: 'MANAGE-INVALIDREQUEST' });
    expect(await rejection(client.databases.remove('Modules'))).toMatchObject({ statusCode: 400, messageCode: 'MANAGE-INVALIDREQUEST' });
  });

  test('an instance created brings its databases; removed with include=content&include=modules, they go too', async () => {
    const client = await connect();
    const [builtIn] = await client.instances.list();
    expect(builtIn).toMatchObject({ name: 'App-Services', modulesDatabase: 'Modules', port: '8000' });

    await client.instances.create('shop');
    const shop = (await client.instances.list()).find((i) => i.name === 'shop');
    expect(shop).toMatchObject({ database: 'shop', modulesDatabase: 'shop-modules' });
    expect(shop?.port).toMatch(/^\d+$/);
    expect(await client.databases.list()).toEqual(expect.arrayContaining(['shop', 'shop-modules']));
    // A database an instance uses cannot be deleted on its own.
    expect(await rejection(client.databases.remove('shop'))).toMatchObject({ statusCode: 400, messageCode: 'MANAGE-INVALIDREQUEST' });

    await client.instances.remove('shop', { content: true, modules: true });
    expect((await client.instances.list()).map((i) => i.name)).toEqual(['App-Services']);
    expect(await client.databases.list()).toEqual([builtIn.database, 'Modules']);
  });

  test('a client at an instance’s path reaches its content database without naming one, and 404 RESTAPI-NOTFOUND once it is gone', async () => {
    const api = await testApi();
    const at = (baseUrl: string) => createClient({ baseUrl, fetch: (input, init) => api.fetch(new URL(String(input), 'http://localhost:8000').href, init) });
    const client = at('http://localhost:8000');
    await client.instances.create('shop');
    const shop = at(instanceBaseUrl('', { name: 'shop' }));
    await shop.documents.write('/s.json', '{"s":1}');
    expect((await shop.search.list({})).results.map((r) => r.uri)).toEqual(['/s.json']);
    expect(await client.databases.counts('shop')).toMatchObject({ documents: 1 });
    expect((await client.search.list({})).total).toBe(0);
    // The server's paths answer under it too.
    expect(await shop.databases.list()).toEqual(await client.databases.list());
    const open = await shop.transactions.open();
    await shop.withTransaction(open.txid).documents.write('/t.json', '{"t":1}');
    await shop.transactions.commit(open.txid);
    expect(await client.databases.counts('shop')).toMatchObject({ documents: 2 });

    await client.instances.remove('shop');
    const gone = await rejection(shop.ping());
    expect(gone).toMatchObject({ statusCode: 404, messageCode: 'RESTAPI-NOTFOUND' });
    expect(gone.message).toContain('instance shop does not exist');
    expect(gone.request?.url).toBe('/tabula/instances/shop/v1/ping');
  });
});
