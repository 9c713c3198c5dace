import { describe, expect, test } from 'vitest';
import { basic, errorOf, reopened, testApi, type TestApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };
const enc = encodeURIComponent;

/** Opens a transaction and returns its id (from the 303's Location). */
async function open(api: TestApi, query = '', headers: Record<string, string> = {}): Promise<string> {
  const res = await api.fetch(`/v1/transactions${query}`, { method: 'POST', headers });
  expect(res.status).toBe(303);
  return res.headers.get('location')!.slice('/v1/transactions/'.length);
}

const finish = (api: TestApi, txid: string, result: 'commit' | 'rollback', headers: Record<string, string> = {}) =>
  api.fetch(`/v1/transactions/${txid}?result=${result}`, { method: 'POST', headers });

const put = (api: TestApi, uri: string, body: string, txid?: string, headers: Record<string, string> = J) =>
  api.fetch(`/v1/documents?uri=${enc(uri)}${txid ? `&txid=${txid}` : ''}`, { method: 'PUT', body, headers });

/** The document's content as `txid` (or no transaction) sees it; undefined when it is not there. */
async function read(api: TestApi, uri: string, txid?: string, headers: Record<string, string> = {}): Promise<string | undefined> {
  const res = await api.fetch(`/v1/documents?uri=${enc(uri)}${txid ? `&txid=${txid}` : ''}`, { headers });
  if (res.status === 404) return undefined;
  expect(res.status).toBe(200);
  return res.text();
}

async function status(api: TestApi, txid: string, format = 'json') {
  const res = await api.fetch(`/v1/transactions/${txid}?format=${format}`);
  return { res, body: format === 'json' && res.status === 200 ? ((await res.json()) as { 'transaction-status': Record<string, unknown> })['transaction-status'] : undefined };
}

/** A clock the test moves. */
function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('POST /v1/transactions and the status document', () => {
  test('opening answers 303 See Other to the status document, with the HostId cookie', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/transactions', { method: 'POST' });
    expect(res.status).toBe(303);
    expect(await res.text()).toBe('');
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/transactions\/\d+$/);
    expect(res.headers.get('set-cookie')).toMatch(/^HostId=\d+; path=\/$/);
    // /LATEST answers with its own prefix.
    const latest = await api.fetch('/LATEST/transactions', { method: 'POST' });
    expect(latest.headers.get('location')).toMatch(/^\/LATEST\/transactions\/\d+$/);
  });

  test('the status document names the transaction, its time limit and its state, in JSON and XML', async () => {
    const clock = manualClock();
    const api = await testApi({ transactions: { now: clock.now } });
    const named = await open(api, '?name=order-42&timeLimit=120');
    const { res, body } = await status(api, named);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toMatchObject({
      'transaction-id': named,
      'transaction-name': 'order-42',
      'transaction-mode': 'update',
      'transaction-state': 'active',
      'time-limit': '120',
      'max-time-limit': '3600',
      'start-time': new Date(clock.now()).toISOString(),
      database: { 'database-name': api.db.name },
    });
    expect((body!.host as Record<string, string>)['host-id']).toMatch(/^\d+$/);
    // Without a name or limit: MarkLogic's default name, and the instance's default-time-limit.
    const defaults = (await status(api, await open(api))).body!;
    expect(defaults['transaction-name']).toBe('client-txn');
    const props = (await (await api.fetch('/v1/config/properties?format=json')).json()) as Record<string, unknown>;
    expect(defaults['time-limit']).toBe(String(props['default-time-limit']));

    const xml = await api.fetch(`/v1/transactions/${named}`, { headers: { accept: 'application/xml' } });
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const text = await xml.text();
    expect(text).toContain('<rapi:transaction-status xmlns:rapi="http://marklogic.com/rest-api">');
    expect(text).toContain(`<rapi:transaction-id>${named}</rapi:transaction-id>`);
    expect(text).toContain('<rapi:transaction-name>order-42</rapi:transaction-name>');
  });

  test.for([
    { query: '?timeLimit=abc', code: 'REST-INVALIDPARAM' },
    { query: '?timeLimit=1.5', code: 'REST-INVALIDPARAM' },
    { query: '?timeLimit=-1', code: 'REST-INVALIDPARAM' },
    { query: '?timeLimit=0', code: 'REST-INVALIDPARAM' },
    { query: '?timeLimit=3601', code: 'REST-INVALIDPARAM' },
    { query: '?timeLimit=10&timeLimit=20', code: 'REST-REPEATEDPARAM' },
    { query: '?colour=red', code: 'REST-UNSUPPORTEDPARAM' },
  ])('opening with $query answers 400 $code and opens nothing', async ({ query, code }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/transactions${query}`, { method: 'POST' });
    expect(await errorOf(res)).toMatchObject({ status: 400, code });
    expect(api.db.transactions.openCount).toBe(0);
  });

  test('a rest-reader may not open a transaction; a rest-writer may', async () => {
    const api = await testApi();
    const denied = await api.fetch('/v1/transactions', { method: 'POST', headers: { authorization: basic('rest-reader') } });
    expect(await errorOf(denied)).toMatchObject({ status: 403, code: 'SEC-PRIV' });
    await open(api, '', { authorization: basic('rest-writer') });
  });

  test.for([
    { name: 'GET and POST only on a transaction', method: 'DELETE', path: (t: string) => `/v1/transactions/${t}`, status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
    { name: 'POST only on the collection', method: 'GET', path: () => '/v1/transactions', status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
    { name: 'a finish without result', method: 'POST', path: (t: string) => `/v1/transactions/${t}`, status: 400, code: 'REST-REQUIREDPARAM' },
    { name: 'a finish with another result', method: 'POST', path: (t: string) => `/v1/transactions/${t}?result=maybe`, status: 400, code: 'REST-INVALIDPARAM' },
  ])('$name: $status $code', async ({ method, path, status: expected, code }) => {
    const api = await testApi();
    const txid = await open(api);
    expect(await errorOf(await api.fetch(path(txid), { method }))).toMatchObject({ status: expected, code });
  });
});

describe('isolation: a transaction sees its own writes; every other request sees them once committed', () => {
  test('a document written in a transaction is invisible outside it until the commit, then visible to all', async () => {
    const api = await testApi();
    const txid = await open(api);
    expect((await put(api, '/order.json', '{"id":42}', txid)).status).toBe(201);
    expect(await read(api, '/order.json', txid)).toBe('{"id":42}');
    expect(await read(api, '/order.json')).toBeUndefined();
    expect((await finish(api, txid, 'commit')).status).toBe(204);
    expect(await read(api, '/order.json')).toBe('{"id":42}');
  });

  test('a rollback leaves nothing: documents, metadata, deletes', async () => {
    const api = await testApi();
    await put(api, '/kept.json', '{"v":1}');
    const txid = await open(api);
    await put(api, '/new.json', '{"v":2}', txid);
    await put(api, '/kept.json', '{"v":3}', txid);
    const meta = await api.fetch(`/v1/documents?uri=/kept.json&category=collections&txid=${txid}`, {
      method: 'PUT',
      body: '{"collections":["c"]}',
      headers: J,
    });
    expect(meta.status).toBe(204);
    expect(await read(api, '/kept.json', txid)).toBe('{"v":3}');
    expect((await finish(api, txid, 'rollback')).status).toBe(204);
    expect(await read(api, '/new.json')).toBeUndefined();
    expect(await read(api, '/kept.json')).toBe('{"v":1}');
    const collections = await (await api.fetch('/v1/documents?uri=/kept.json&category=collections&format=json')).json();
    expect(collections).toEqual({ collections: [] });
  });

  test('every document write inside a transaction: bulk, server-assigned URI, PATCH, metadata, DELETE', async () => {
    const api = await testApi();
    await put(api, '/a.json', '{"n":1}');
    await put(api, '/gone.json', '{"n":0}');
    const txid = await open(api);
    const boundary = 'BOUND';
    const bulkBody = [
      `--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/b1.json"\r\n\r\n{"n":11}`,
      `--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/b2.json"\r\n\r\n{"n":12}`,
      `--${boundary}--\r\n`,
    ].join('\r\n');
    const bulk = await api.fetch(`/v1/documents?txid=${txid}`, { method: 'POST', body: bulkBody, headers: { 'content-type': `multipart/mixed; boundary=${boundary}`, accept: 'application/json' } });
    expect(bulk.status).toBe(200);
    const assigned = await api.fetch(`/v1/documents?extension=json&directory=/orders/&txid=${txid}`, { method: 'POST', body: '{"n":99}', headers: J });
    expect(assigned.status).toBe(201);
    const assignedUri = new URL(assigned.headers.get('location')!, 'http://x').searchParams.get('uri')!;
    const patch = await api.fetch(`/v1/documents?uri=/a.json&txid=${txid}`, {
      method: 'PATCH',
      body: JSON.stringify({ patch: [{ replace: { select: '/n', content: 2 } }] }),
      headers: J,
    });
    expect(patch.status).toBe(204);
    expect((await api.fetch(`/v1/documents?uri=/gone.json&txid=${txid}`, { method: 'DELETE' })).status).toBe(204);

    const inside = { '/b1.json': '{"n":11}', '/b2.json': '{"n":12}', [assignedUri]: '{"n":99}', '/a.json': '{"n":2}', '/gone.json': undefined };
    const outside = { '/b1.json': undefined, '/b2.json': undefined, [assignedUri]: undefined, '/a.json': '{"n":1}', '/gone.json': '{"n":0}' };
    for (const [uri, content] of Object.entries(inside)) expect(await read(api, uri, txid), uri).toBe(content);
    for (const [uri, content] of Object.entries(outside)) expect(await read(api, uri), uri).toBe(content);
    expect((await finish(api, txid, 'commit')).status).toBe(204);
    for (const [uri, content] of Object.entries(inside)) expect(await read(api, uri), uri).toBe(content);
  });

  test('a multipart read inside a transaction mixes its writes with committed documents', async () => {
    const api = await testApi();
    await put(api, '/c1.json', '{"c":1}');
    const txid = await open(api);
    await put(api, '/c2.json', '{"c":2}', txid);
    const res = await api.fetch(`/v1/documents?uri=/c1.json&uri=/c2.json&txid=${txid}`, { headers: { accept: 'multipart/mixed' } });
    const body = await res.text();
    expect(body).toContain('{"c":1}');
    expect(body).toContain('{"c":2}');
    const outside = await (await api.fetch('/v1/documents?uri=/c1.json&uri=/c2.json', { headers: { accept: 'multipart/mixed' } })).text();
    expect(outside).not.toContain('{"c":2}');
  });

  test('DELETE /v1/search by collection inside a transaction deletes only there', async () => {
    const api = await testApi();
    for (const n of [1, 2]) await api.fetch(`/v1/documents?uri=/col${n}.json&collection=batch`, { method: 'PUT', body: `{"n":${n}}`, headers: J });
    const txid = await open(api);
    await api.fetch(`/v1/documents?uri=/col3.json&collection=batch&txid=${txid}`, { method: 'PUT', body: '{"n":3}', headers: J });
    expect((await api.fetch(`/v1/search?collection=batch&txid=${txid}`, { method: 'DELETE' })).status).toBe(204);
    for (const n of [1, 2, 3]) expect(await read(api, `/col${n}.json`, txid)).toBeUndefined();
    for (const n of [1, 2]) expect(await read(api, `/col${n}.json`)).toBe(`{"n":${n}}`);
    await finish(api, txid, 'commit');
    for (const n of [1, 2, 3]) expect(await read(api, `/col${n}.json`)).toBeUndefined();
  });

  test('search, facets and triples see a transaction’s documents only once it commits', async () => {
    const api = await testApi();
    const txid = await open(api);
    const doc = JSON.stringify({ word: 'zebrafish', triple: { subject: 'http://e/s', predicate: 'http://e/p', object: 'http://e/o' } });
    await put(api, '/fish.json', doc, txid);
    const total = async () => ((await (await api.fetch('/v1/search?q=zebrafish&format=json')).json()) as { total: number }).total;
    const ask = async () =>
      ((await (await api.fetch(`/v1/graphs/sparql?query=${enc('ASK { <http://e/s> <http://e/p> <http://e/o> }')}`, { headers: { accept: 'application/sparql-results+json' } })).json()) as { boolean: boolean }).boolean;
    expect(await total()).toBe(0);
    expect(await ask()).toBe(false);
    await finish(api, txid, 'commit');
    expect(await total()).toBe(1);
    expect(await ask()).toBe(true);
  });
});

describe('ids that are not open', () => {
  test('commit or rollback twice, or after the other: 400 XDMP-NOTXN; a data request with the id: 400 XDMP-RWINVAL', async () => {
    const api = await testApi();
    const committed = await open(api);
    expect((await finish(api, committed, 'commit')).status).toBe(204);
    expect(await errorOf(await finish(api, committed, 'commit'))).toMatchObject({ status: 400, code: 'XDMP-NOTXN' });
    expect(await errorOf(await finish(api, committed, 'rollback'))).toMatchObject({ status: 400, code: 'XDMP-NOTXN' });
    const rolled = await open(api);
    expect((await finish(api, rolled, 'rollback')).status).toBe(204);
    expect(await errorOf(await finish(api, rolled, 'rollback'))).toMatchObject({ status: 400, code: 'XDMP-NOTXN' });
    const late = await errorOf(await put(api, '/late.json', '{}', committed));
    expect(late).toMatchObject({ status: 400, code: 'XDMP-RWINVAL' });
    expect(late.message).toContain(`transaction ${committed} was committed`);
    expect(await read(api, '/late.json')).toBeUndefined();
  });

  test.for([
    { name: 'an unknown id', txid: '12345' },
    { name: 'an id that is not a number', txid: 'abc' },
    { name: 'an empty id', txid: '' },
  ])('$name on a data request: 400 XDMP-RWINVAL, and nothing written', async ({ txid }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/documents?uri=/x.json&txid=${txid}`, { method: 'PUT', body: '{}', headers: J });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'XDMP-RWINVAL' });
    expect(await read(api, '/x.json')).toBeUndefined();
    expect(await errorOf(await api.fetch(`/v1/documents?uri=/x.json&txid=${txid}`))).toMatchObject({ status: 400, code: 'XDMP-RWINVAL' });
  });

  test('the status of an unknown or finished id: 400 REST-INVALIDPARAM', async () => {
    const api = await testApi();
    expect(await errorOf((await status(api, '999')).res)).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
    const txid = await open(api);
    await finish(api, txid, 'rollback');
    const res = (await status(api, txid)).res;
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
  });

  test('past its time limit a transaction is rolled back: its writes are gone and its id answers 400', async () => {
    const clock = manualClock();
    const api = await testApi({ transactions: { now: clock.now } });
    const txid = await open(api, '?timeLimit=30');
    await put(api, '/soon.json', '{}', txid);
    clock.advance(29_000);
    expect(await read(api, '/soon.json', txid)).toBe('{}');
    clock.advance(1_000);
    const expired = await errorOf(await api.fetch(`/v1/documents?uri=/soon.json&txid=${txid}`));
    expect(expired).toMatchObject({ status: 400, code: 'XDMP-RWINVAL' });
    expect(expired.message).toContain('exceeded its time limit');
    expect(await errorOf(await finish(api, txid, 'commit'))).toMatchObject({ status: 400, code: 'XDMP-NOTXN' });
    expect(await read(api, '/soon.json')).toBeUndefined();
    // Its lock went with it: anyone may write the document now.
    expect((await put(api, '/soon.json', '{"after":true}')).status).toBe(201);
  });
});

describe('durability', () => {
  test('a committed transaction survives a worker stop; an open one is lost, and its id then answers 400', async () => {
    const api = await testApi();
    const committed = await open(api);
    await put(api, '/kept.json', '{"k":1}', committed);
    await finish(api, committed, 'commit');
    const pending = await open(api);
    await put(api, '/lost.json', '{"l":1}', pending);

    const after = await reopened(api, { auth: 'application' });
    expect(await read(after, '/kept.json')).toBe('{"k":1}');
    expect(await read(after, '/lost.json')).toBeUndefined();
    expect(await errorOf(await after.fetch(`/v1/documents?uri=/lost.json&txid=${pending}`))).toMatchObject({ status: 400, code: 'XDMP-RWINVAL' });
    expect(await errorOf(await finish(after, pending, 'commit'))).toMatchObject({ status: 400, code: 'XDMP-NOTXN' });
  });

  test('emptying the database rolls back every open transaction', async () => {
    const api = await testApi();
    const txid = await open(api);
    await put(api, '/before-reset.json', '{}', txid);
    expect((await api.fetch('/tabula/v1/reset', { method: 'POST' })).status).toBe(204);
    expect(await errorOf(await finish(api, txid, 'commit'))).toMatchObject({ status: 400, code: 'XDMP-NOTXN' });
    expect(await read(api, '/before-reset.json')).toBeUndefined();
  });
});

describe('permissions inside a transaction', () => {
  const W = { ...J, authorization: basic('rest-writer') };

  test('a transaction belongs to the user who opened it', async () => {
    const api = await testApi();
    const txid = await open(api, '', { authorization: basic('rest-writer') });
    const other = await api.fetch(`/v1/documents?uri=/o.json&txid=${txid}`, { method: 'PUT', body: '{}', headers: { ...J, authorization: basic('rest-reader') } });
    expect(other.status).toBe(403);
    const status = await api.fetch(`/v1/transactions/${txid}?format=json`, { headers: { authorization: basic('rest-reader') } });
    expect(await errorOf(status)).toMatchObject({ status: 403, code: 'SEC-PERMDENIED' });
  });

  test('document permissions apply inside a transaction as outside', async () => {
    const api = await testApi();
    // Written by admin without permissions: a rest-writer may neither read nor update it.
    await put(api, '/admin-only.json', '{"secret":1}');
    const txid = await open(api, '', { authorization: basic('rest-writer') });
    expect(await read(api, '/admin-only.json', txid, { authorization: basic('rest-writer') })).toBeUndefined();
    const res = await put(api, '/admin-only.json', '{"secret":2}', txid, W);
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SEC-PERMDENIED' });
    // Its own document, with the default permissions: readable by rest-reader once committed.
    await put(api, '/mine.json', '{"mine":1}', txid, W);
    await finish(api, txid, 'commit', { authorization: basic('rest-writer') });
    expect(await read(api, '/mine.json', undefined, { authorization: basic('rest-reader') })).toBe('{"mine":1}');
    expect(await read(api, '/admin-only.json')).toBe('{"secret":1}');
  });
});

describe('concurrency', () => {
  test('two transactions writing different documents both commit', async () => {
    const api = await testApi();
    const [t1, t2] = [await open(api), await open(api)];
    await put(api, '/one.json', '{"t":1}', t1);
    await put(api, '/two.json', '{"t":2}', t2);
    expect(await read(api, '/two.json', t1)).toBeUndefined();
    expect(await read(api, '/one.json', t2)).toBeUndefined();
    await Promise.all([finish(api, t1, 'commit'), finish(api, t2, 'commit')]);
    expect(await read(api, '/one.json')).toBe('{"t":1}');
    expect(await read(api, '/two.json')).toBe('{"t":2}');
  });

  test('a second writer of a document a transaction holds waits for its commit, then writes over it', async () => {
    const api = await testApi();
    const t1 = await open(api);
    const t2 = await open(api);
    await put(api, '/shared.json', '{"by":"t1"}', t1);
    let settled = false;
    const second = put(api, '/shared.json', '{"by":"t2"}', t2).then((r) => ((settled = true), r));
    const outside = put(api, '/shared.json', '{"by":"none"}');
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    expect(await read(api, '/shared.json')).toBeUndefined();
    expect((await finish(api, t1, 'commit')).status).toBe(204);
    // t2 waited for t1 and took the lock next; the write outside waits for t2 in turn.
    expect((await second).status).toBe(204);
    expect(await read(api, '/shared.json', t2)).toBe('{"by":"t2"}');
    expect(await read(api, '/shared.json')).toBe('{"by":"t1"}');
    await finish(api, t2, 'commit');
    expect((await outside).status).toBe(204);
    expect(await read(api, '/shared.json')).toBe('{"by":"none"}');
  });

  test('a writer that waits past the lock limit is refused 409 TABULA-LOCKED and changes nothing; crossed waits end too', async () => {
    const api = await testApi({ transactions: { lockWaitMs: 100 } });
    const t1 = await open(api);
    const t2 = await open(api);
    await put(api, '/a.json', '{"by":"t1"}', t1);
    await put(api, '/b.json', '{"by":"t2"}', t2);
    const blocked = await errorOf(await put(api, '/a.json', '{"by":"none"}'));
    expect(blocked).toMatchObject({ status: 409, code: 'TABULA-LOCKED' });
    expect(blocked.message).toContain(t1);
    // Each waits for the other's document: neither hangs.
    const [x, y] = await Promise.all([put(api, '/b.json', '{"by":"t1"}', t1), put(api, '/a.json', '{"by":"t2"}', t2)]);
    expect([x.status, y.status]).toEqual([409, 409]);
    await finish(api, t1, 'commit');
    await finish(api, t2, 'commit');
    expect(await read(api, '/a.json')).toBe('{"by":"t1"}');
    expect(await read(api, '/b.json')).toBe('{"by":"t2"}');
  });
});

describe('bounds', () => {
  test('a transaction past maxTransactionDocuments is refused 400 TABULA-LIMIT and keeps what it had', async () => {
    const api = await testApi();
    const txid = await open(api);
    const documents = api.db.transactions.use(txid, { name: 'admin', roles: new Set(['admin']) });
    const write = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ uri: `/bulk/${from + i}.json`, content: { format: 'json' as const, content: '{}', mimeType: 'application/json' } }));
    await documents.write(write(0, 9_999), { name: 'admin', roles: new Set(['admin']) });
    const refused = await put(api, '/bulk/a.json', '{}', txid).then(() => put(api, '/bulk/b.json', '{}', txid));
    expect(await errorOf(refused)).toMatchObject({ status: 400, code: 'TABULA-LIMIT' });
    expect(await read(api, '/bulk/a.json', txid)).toBe('{}');
    expect(await read(api, '/bulk/b.json', txid)).toBeUndefined();
  });

  test('more than maxOpenTransactions at once: 400 TABULA-LIMIT', async () => {
    const api = await testApi();
    for (let i = 0; i < 100; i++) await open(api);
    expect(await errorOf(await api.fetch('/v1/transactions', { method: 'POST' }))).toMatchObject({ status: 400, code: 'TABULA-LIMIT' });
  });
});

describe('searches inside a transaction see what it sees', () => {
  const ROOT = 'http://marklogic.com/collation/';
  const COLOURS = [
    { uri: '/paint/1.json', colour: 'red', qty: 3 },
    { uri: '/paint/2.json', colour: 'blue', qty: 5 },
    { uri: '/paint/3.json', colour: 'red', qty: 7 },
  ];
  const OPTIONS = {
    options: {
      constraint: [{ name: 'colour', range: { type: 'xs:string', collation: ROOT, 'json-property': 'colour', facet: true } }],
      values: [
        { name: 'qty', range: { type: 'xs:int', 'json-property': 'qty' }, aggregate: [{ apply: 'sum' }] },
        { name: 'uris', uri: null },
      ],
    },
  };

  async function paintShop(loadIndexFirst: boolean): Promise<TestApi> {
    const api = await testApi();
    const index = (localname: string, type: string) => ({ 'scalar-type': type, 'namespace-uri': '', localname, collation: type === 'string' ? ROOT : '', 'range-value-positions': false, 'invalid-values': 'reject' });
    const props = await api.fetch(`/manage/v2/databases/${enc(api.db.name)}/properties`, {
      method: 'PUT',
      headers: J,
      body: JSON.stringify({ 'range-element-index': [index('colour', 'string'), index('qty', 'int')] }),
    });
    expect(props.status).toBeLessThan(300);
    expect((await api.fetch('/v1/config/query/paint', { method: 'PUT', headers: J, body: JSON.stringify(OPTIONS) })).status).toBeLessThan(300);
    for (const p of COLOURS) await put(api, p.uri, JSON.stringify({ colour: p.colour, qty: p.qty, note: `${p.colour} paint` }));
    if (loadIndexFirst) {
      await api.db.search.ready();
      await api.db.search.rangeIndexesSettled();
    }
    return api;
  }

  /** The transaction's changes: paint 2 turns red, paint 3 is deleted, paint 4 (green) is new. */
  async function change(api: TestApi, txid: string) {
    await put(api, '/paint/2.json', JSON.stringify({ colour: 'red', qty: 6, note: 'red paint' }), txid);
    expect((await api.fetch(`/v1/documents?uri=/paint/3.json&txid=${txid}`, { method: 'DELETE' })).status).toBe(204);
    await put(api, '/paint/4.json', JSON.stringify({ colour: 'green', qty: 11, note: 'green paint' }), txid);
  }
  const after = [
    { uri: '/paint/1.json', colour: 'red', qty: 3 },
    { uri: '/paint/2.json', colour: 'red', qty: 6 },
    { uri: '/paint/4.json', colour: 'green', qty: 11 },
  ];

  interface Seen {
    uris: string[];
    facet: Record<string, number>;
    qty: { values: Record<string, number>; sum: string };
    lexicon: string[];
  }

  /** What a search, a facet, a values lexicon and a URI lexicon show, inside `txid` or outside. */
  async function seen(api: TestApi, txid?: string): Promise<Seen> {
    const tx = txid ? `&txid=${txid}` : '';
    const search = (await (await api.fetch(`/v1/search?q=paint&options=paint&format=json&pageLength=50${tx}`)).json()) as {
      results: Array<{ uri: string }>;
      facets: { colour: { facetValues: Array<{ name: string; count: number }> } };
    };
    const values = (await (await api.fetch(`/v1/values/qty?options=paint&format=json&aggregate=sum${tx}`)).json()) as {
      'values-response': { 'distinct-value': Array<{ frequency: number; _value: string }>; 'aggregate-result': Array<{ _value: string }> };
    };
    const uris = (await (await api.fetch(`/v1/values/uris?options=paint&format=json${tx}`)).json()) as { 'values-response': { 'distinct-value': Array<{ _value: string }> } };
    return {
      uris: search.results.map((r) => r.uri).sort(),
      facet: Object.fromEntries(search.facets.colour.facetValues.map((v) => [v.name, v.count])),
      qty: {
        values: Object.fromEntries(values['values-response']['distinct-value'].map((v) => [v._value, v.frequency])),
        sum: values['values-response']['aggregate-result'][0]._value,
      },
      lexicon: uris['values-response']['distinct-value'].map((v) => v._value),
    };
  }

  /** The same, computed from the documents. */
  function expected(docs: Array<{ uri: string; colour: string; qty: number }>): Seen {
    const facet: Record<string, number> = {};
    const values: Record<string, number> = {};
    for (const d of docs) {
      facet[d.colour] = (facet[d.colour] ?? 0) + 1;
      values[String(d.qty)] = (values[String(d.qty)] ?? 0) + 1;
    }
    const uris = docs.map((d) => d.uri).sort();
    return { uris, facet, qty: { values, sum: String(docs.reduce((a, d) => a + d.qty, 0)) }, lexicon: uris };
  }

  test.for([{ loadIndexFirst: true }, { loadIndexFirst: false }])(
    'search results, facets, values and aggregates (index loaded before the transaction’s writes: $loadIndexFirst)',
    async ({ loadIndexFirst }) => {
      const api = await paintShop(loadIndexFirst);
      const txid = await open(api);
      await change(api, txid);
      expect(await seen(api, txid)).toEqual(expected(after));
      expect(await seen(api)).toEqual(expected(COLOURS));
      await finish(api, txid, 'commit');
      expect(await seen(api)).toEqual(expected(after));
    },
  );

  test('after a rollback, searches see the committed documents only, as before', async () => {
    const api = await paintShop(true);
    const txid = await open(api);
    await change(api, txid);
    await finish(api, txid, 'rollback');
    expect(await seen(api)).toEqual(expected(COLOURS));
  });

  test('two transactions do not see each other’s documents', async () => {
    const api = await paintShop(true);
    const t1 = await open(api);
    const t2 = await open(api);
    await change(api, t1);
    await put(api, '/paint/9.json', JSON.stringify({ colour: 'blue', qty: 1, note: 'blue paint' }), t2);
    expect(await seen(api, t1)).toEqual(expected(after));
    expect(await seen(api, t2)).toEqual(expected([...COLOURS, { uri: '/paint/9.json', colour: 'blue', qty: 1 }]));
  });

  test('a QBE inside a transaction finds its documents; outside, the committed ones', async () => {
    const api = await paintShop(true);
    const txid = await open(api);
    await change(api, txid);
    const qbe = async (tx: string) => {
      const res = await api.fetch(`/v1/qbe?format=json${tx}`, { method: 'POST', headers: J, body: JSON.stringify({ $query: { colour: 'red' } }) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { results: Array<{ uri: string }> }).results.map((r) => r.uri).sort();
    };
    const red = (docs: typeof COLOURS) => docs.filter((d) => d.colour === 'red').map((d) => d.uri).sort();
    expect(await qbe(`&txid=${txid}`)).toEqual(red(after));
    expect(await qbe('')).toEqual(red(COLOURS));
  });

  test('a multipart bulk read by query and suggestions inside a transaction', async () => {
    const api = await paintShop(true);
    const txid = await open(api);
    await change(api, txid);
    const bulk = await (await api.fetch(`/v1/search?q=green&txid=${txid}`, { headers: { accept: 'multipart/mixed' } })).text();
    expect(bulk).toContain('"colour":"green"');
    const outside = await api.fetch('/v1/search?q=green', { headers: { accept: 'multipart/mixed' } });
    expect(await outside.text()).not.toContain('green');
    const suggest = async (tx: string) => ((await (await api.fetch(`/v1/suggest?partial-q=gre&format=json${tx}`)).json()) as { suggestions: string[] }).suggestions;
    expect(await suggest(`&txid=${txid}`)).toContain('green');
    expect(await suggest('')).not.toContain('green');
  });

  test('no search snapshot holds a transaction’s documents: after a stop they are gone from search too', async () => {
    const api = await paintShop(true);
    const txid = await open(api);
    await change(api, txid);
    await api.db.search.snapshot();
    const restarted = await reopened(api, { auth: 'application' });
    expect(await seen(restarted)).toEqual(expected(COLOURS));
  });
});

describe('graphs, SPARQL and things inside a transaction', () => {
  const EX = 'http://example.org/';
  const TTL = { 'content-type': 'text/turtle' };
  const NT = { 'content-type': 'application/n-triples' };
  const tx = (txid?: string) => (txid ? `&txid=${txid}` : '');

  async function ask(api: TestApi, pattern: string, txid?: string): Promise<boolean> {
    const res = await api.fetch(`/v1/graphs/sparql?query=${enc(`ASK { ${pattern} }`)}${tx(txid)}`, { headers: { accept: 'application/sparql-results+json' } });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { boolean: boolean }).boolean;
  }

  async function graphStatus(api: TestApi, graph: string, txid?: string): Promise<number> {
    return (await api.fetch(`/v1/graphs?graph=${enc(graph)}${tx(txid)}`, { headers: { accept: 'application/n-triples' } })).status;
  }

  const update = (api: TestApi, text: string, txid?: string) =>
    api.fetch(`/v1/graphs/sparql?${txid ? `txid=${txid}` : ''}`, { method: 'POST', body: text, headers: { 'content-type': 'application/sparql-update' } });

  test('a graph written in a transaction is seen by its GET, SPARQL and things, and by no one else until the commit', async () => {
    const api = await testApi();
    const txid = await open(api);
    const put = await api.fetch(`/v1/graphs?graph=${enc(`${EX}g`)}&txid=${txid}`, { method: 'PUT', body: `<${EX}s> <${EX}p> <${EX}o> .`, headers: NT });
    expect(put.status).toBe(201);
    expect(await graphStatus(api, `${EX}g`, txid)).toBe(200);
    expect(await graphStatus(api, `${EX}g`)).toBe(404);
    expect(await ask(api, `GRAPH <${EX}g> { <${EX}s> <${EX}p> <${EX}o> }`, txid)).toBe(true);
    expect(await ask(api, `GRAPH <${EX}g> { <${EX}s> <${EX}p> <${EX}o> }`)).toBe(false);
    const listed = await (await api.fetch(`/v1/graphs?txid=${txid}`, { headers: { accept: 'text/uri-list' } })).text();
    expect(listed).toContain(`${EX}g`);
    expect(await (await api.fetch('/v1/graphs', { headers: { accept: 'text/uri-list' } })).text()).not.toContain(`${EX}g`);
    expect((await api.fetch(`/v1/graphs/things?iri=${enc(`${EX}s`)}&txid=${txid}`, { headers: { accept: 'application/n-triples' } })).status).toBe(200);
    expect((await api.fetch(`/v1/graphs/things?iri=${enc(`${EX}s`)}`, { headers: { accept: 'application/n-triples' } })).status).toBe(404);

    expect((await finish(api, txid, 'commit')).status).toBe(204);
    expect(await graphStatus(api, `${EX}g`)).toBe(200);
    expect(await ask(api, `GRAPH <${EX}g> { <${EX}s> <${EX}p> <${EX}o> }`)).toBe(true);
  });

  test('SPARQL updates inside a transaction build on each other and on what is committed; a rollback leaves nothing', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?graph=${enc(`${EX}people`)}`, { method: 'PUT', body: `<${EX}ann> <${EX}age> 30 . <${EX}bob> <${EX}age> 40 .`, headers: TTL });
    const txid = await open(api);
    expect((await update(api, `INSERT DATA { GRAPH <${EX}people> { <${EX}cy> <${EX}age> 50 } }`, txid)).status).toBe(200);
    // The second update's WHERE sees the first's insert and the committed triples.
    const older = await update(api, `INSERT { GRAPH <${EX}people> { ?x <${EX}senior> true } } WHERE { GRAPH <${EX}people> { ?x <${EX}age> ?a FILTER(?a >= 40) } }`, txid);
    expect(older.status).toBe(200);
    expect((await update(api, `DELETE DATA { GRAPH <${EX}people> { <${EX}ann> <${EX}age> 30 } }`, txid)).status).toBe(200);
    const seniors = async (txid?: string) => {
      const res = await api.fetch(`/v1/graphs/sparql?query=${enc(`SELECT ?x WHERE { GRAPH <${EX}people> { ?x <${EX}senior> true } } ORDER BY ?x`)}${tx(txid)}`, {
        headers: { accept: 'application/sparql-results+json' },
      });
      return ((await res.json()) as { results: { bindings: Array<{ x: { value: string } }> } }).results.bindings.map((b) => b.x.value);
    };
    expect(await seniors(txid)).toEqual([`${EX}bob`, `${EX}cy`]);
    expect(await ask(api, `GRAPH <${EX}people> { <${EX}ann> <${EX}age> 30 }`, txid)).toBe(false);
    expect(await seniors()).toEqual([]);
    expect(await ask(api, `GRAPH <${EX}people> { <${EX}ann> <${EX}age> 30 }`)).toBe(true);
    await finish(api, txid, 'rollback');
    expect(await seniors()).toEqual([]);
    expect(await ask(api, `GRAPH <${EX}people> { <${EX}cy> ?p ?o }`)).toBe(false);
    expect(await ask(api, `GRAPH <${EX}people> { <${EX}ann> <${EX}age> 30 }`)).toBe(true);
  });

  test('a committed write made outside while the transaction was open is kept: the transaction’s writes apply over it', async () => {
    const api = await testApi();
    const txid = await open(api);
    await update(api, `INSERT DATA { GRAPH <${EX}log> { <${EX}a> <${EX}by> "txn" } }`, txid);
    await update(api, `INSERT DATA { GRAPH <${EX}log> { <${EX}b> <${EX}by> "outside" } }`);
    expect(await ask(api, `GRAPH <${EX}log> { <${EX}b> <${EX}by> "outside" }`, txid)).toBe(true);
    await finish(api, txid, 'commit');
    expect(await ask(api, `GRAPH <${EX}log> { <${EX}a> <${EX}by> "txn" }`)).toBe(true);
    expect(await ask(api, `GRAPH <${EX}log> { <${EX}b> <${EX}by> "outside" }`)).toBe(true);
  });

  test('a document’s embedded triples are queryable inside its transaction, and by everyone after the commit', async () => {
    const api = await testApi();
    const txid = await open(api);
    const doc = JSON.stringify({ note: 'rush order', triple: { subject: `${EX}order42`, predicate: `${EX}status`, object: `${EX}placed` } });
    await put(api, '/orders/42.json', doc, txid);
    const pattern = `<${EX}order42> <${EX}status> <${EX}placed>`;
    expect(await ask(api, pattern, txid)).toBe(true);
    expect(await ask(api, pattern)).toBe(false);
    // Restricted to the transaction's documents by a document query.
    const restricted = await api.fetch(`/v1/graphs/sparql?q=${enc('rush')}&query=${enc(`ASK { ${pattern} }`)}&txid=${txid}`, { headers: { accept: 'application/sparql-results+json' } });
    expect(((await restricted.json()) as { boolean: boolean }).boolean).toBe(true);
    await finish(api, txid, 'commit');
    expect(await ask(api, pattern)).toBe(true);
  });

  test('documents and graphs of one transaction commit together and survive a worker stop; an open one’s graphs do not', async () => {
    const api = await testApi();
    const committed = await open(api);
    await put(api, '/order.json', '{"id":1}', committed);
    await api.fetch(`/v1/graphs?graph=${enc(`${EX}orders`)}&txid=${committed}`, { method: 'PUT', body: `<${EX}o1> <${EX}total> 12 .`, headers: TTL });
    await finish(api, committed, 'commit');
    const pending = await open(api);
    await api.fetch(`/v1/graphs?graph=${enc(`${EX}drafts`)}&txid=${pending}`, { method: 'PUT', body: `<${EX}d1> <${EX}total> 3 .`, headers: TTL });

    const after = await reopened(api, { auth: 'application' });
    expect(await read(after, '/order.json')).toBe('{"id":1}');
    expect(await ask(after, `GRAPH <${EX}orders> { <${EX}o1> <${EX}total> 12 }`)).toBe(true);
    expect(await graphStatus(after, `${EX}drafts`)).toBe(404);
  });

  test('a graph write inside a transaction that fails changes nothing, and the transaction goes on', async () => {
    const api = await testApi();
    const txid = await open(api);
    await api.fetch(`/v1/graphs?graph=${enc(`${EX}ok`)}&txid=${txid}`, { method: 'PUT', body: `<${EX}s> <${EX}p> 1 .`, headers: TTL });
    const bad = await api.fetch(`/v1/graphs?graph=${enc(`${EX}bad`)}&txid=${txid}`, { method: 'PUT', body: '<unterminated', headers: TTL });
    expect(bad.status).toBe(400);
    expect(await graphStatus(api, `${EX}bad`, txid)).toBe(404);
    expect(await graphStatus(api, `${EX}ok`, txid)).toBe(200);
    await finish(api, txid, 'commit');
    expect(await graphStatus(api, `${EX}ok`)).toBe(200);
  });
});
