/**
 * Multi-statement transactions through the client: what `client.transactions` sends to
 * `/v1/transactions` and how it reads the 303 and the status document (a recording fetch
 * stands in for the server), which requests a client made by `withTransaction` sends with
 * `txid`, and the whole round against Tabula's real handler (fresh in-memory database per test).
 */
import { describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepRequest, recordingClient, type Responder } from '../../test/recording-client';
import { ApiError, createClient, type TabulaClient } from './create-client';
import { carriesTransaction, expiresAt, inTransaction, readTransactionStatus } from './transactions';

const statusDocument = (id = '9876543210', extra: Record<string, string> = {}) => ({
  'transaction-status': {
    host: { 'host-id': '1', 'host-name': 'localhost' },
    server: { 'server-id': '2', 'server-name': 'Tabula' },
    database: { 'database-id': '3', 'database-name': 'Documents' },
    'transaction-id': id,
    'transaction-name': 'order',
    'transaction-mode': 'update',
    'transaction-timestamp': '0',
    'transaction-state': 'active',
    canceled: 'false',
    'start-time': '2026-01-01T00:00:00.000Z',
    'time-limit': '120',
    'max-time-limit': '3600',
    user: 'admin',
    admin: 'true',
    ...extra,
  },
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** A response as a fetch that followed a redirect hands it back: at the URL it ended at. */
const followed = (res: Response, url: string): Response => Object.defineProperty(res, 'url', { value: url });

function recording(responder: Responder = () => new Response(null, { status: 204 })) {
  return recordingClient(responder, keepRequest);
}

const path = (req: Request) => new URL(req.url).pathname;
const params = (req: Request) => [...new URL(req.url).searchParams];

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError,
  );

describe('open: POST /v1/transactions', () => {
  test('sends the name and time limit and asks for JSON; a followed 303 is the status document', async () => {
    const { client, requests } = recording(() => followed(json(statusDocument()), 'http://db.test:8000/v1/transactions/9876543210'));
    const { txid, status } = await client.transactions.open({ name: 'order', timeLimit: 120 });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect([req.method, path(req), req.headers.get('accept')]).toEqual(['POST', '/v1/transactions', 'application/json']);
    expect(params(req)).toEqual([
      ['name', 'order'],
      ['timeLimit', '120'],
    ]);
    expect(txid).toBe('9876543210');
    expect(status).toMatchObject({ txid, name: 'order', state: 'active', startTime: '2026-01-01T00:00:00.000Z', timeLimit: 120, maxTimeLimit: 3600, user: 'admin' });
    expect(status.document['database']['database-name']).toBe('Documents');
  });

  test('without options it sends no parameters: the server names it and sets its time limit', async () => {
    const { client, requests } = recording(() => json(statusDocument()));
    await client.transactions.open();
    expect(params(requests[0])).toEqual([]);
  });

  test('a 303 handed back (not followed) is followed here: the status is read at its Location', async () => {
    const { client, requests } = recording((req) =>
      req.method === 'POST' ? new Response(null, { status: 303, headers: { location: '/v1/transactions/77' } }) : json(statusDocument('77')),
    );
    const { txid, status } = await client.transactions.open({ name: 'order' });
    expect(txid).toBe('77');
    expect(status.txid).toBe('77');
    expect(requests.map((r) => `${r.method} ${path(r)}`)).toEqual(['POST /v1/transactions', 'GET /v1/transactions/77']);
    expect(params(requests[1])).toEqual([['format', 'json']]);
  });

  test('a followed answer that is not JSON: the id is the last segment of the URL it ended at', async () => {
    const { client, requests } = recording((req) =>
      req.method === 'POST'
        ? followed(new Response('<rapi:transaction-status/>', { headers: { 'content-type': 'application/xml' } }), 'http://db.test:8000/v1/transactions/55')
        : json(statusDocument('55')),
    );
    expect((await client.transactions.open()).txid).toBe('55');
    expect(`${requests[1].method} ${path(requests[1])}`).toBe('GET /v1/transactions/55');
  });

  test.for([0, -1, 1.5, Number.NaN])('a time limit of %s is refused before anything is sent', async (timeLimit) => {
    const { client, requests } = recording();
    await expect(client.transactions.open({ timeLimit })).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });

  test('the server’s refusal rejects with its ApiError', async () => {
    const { client } = recording(() => json({ errorResponse: { statusCode: 403, status: 'Forbidden', messageCode: 'SEC-PRIV', message: 'no' } }, 403));
    const err = await rejection(client.transactions.open());
    expect(err).toBeInstanceOf(ApiError);
    expect([err.statusCode, err.messageCode]).toEqual([403, 'SEC-PRIV']);
  });
});

describe('status, commit and rollback', () => {
  test('status: GET /v1/transactions/{txid} as JSON, the id encoded', async () => {
    const { client, requests } = recording(() => json(statusDocument('a b')));
    expect((await client.transactions.status('a b')).txid).toBe('a b');
    expect(new URL(requests[0].url).pathname).toBe('/v1/transactions/a%20b');
    expect(requests[0].headers.get('accept')).toBe('application/json');
  });

  test.for(['commit', 'rollback'] as const)('%s: POST /v1/transactions/{txid}?result=%s', async (result) => {
    const { client, requests } = recording();
    await client.transactions[result]('42');
    expect([requests[0].method, path(requests[0])]).toEqual(['POST', '/v1/transactions/42']);
    expect(params(requests[0])).toEqual([['result', result]]);
  });

  test('an empty id is refused before anything is sent', async () => {
    const { client, requests } = recording();
    await expect(client.transactions.status('')).rejects.toThrow(TypeError);
    await expect(client.transactions.commit('')).rejects.toThrow(TypeError);
    expect(requests).toHaveLength(0);
  });

  test('a status without an id, a start time or a time limit is not a status', () => {
    expect(() => readTransactionStatus({ nope: 1 })).toThrow('not a transaction status');
    expect(() => readTransactionStatus(statusDocument('1', { 'start-time': 'soon' }))).toThrow('without a start time');
    expect(() => readTransactionStatus(statusDocument('1', { 'time-limit': '' }))).toThrow('without a start time');
  });

  test('it expires its time limit after its start', () => {
    expect(expiresAt(readTransactionStatus(statusDocument()))).toBe(Date.UTC(2026, 0, 1) + 120_000);
  });
});

describe('withTransaction: which requests carry txid', () => {
  const calls: Array<{ name: string; run: (c: TabulaClient) => Promise<unknown>; txid: boolean }> = [
    { name: 'documents.read', run: (c) => c.documents.read('/a.json'), txid: true },
    { name: 'documents.readMetadata', run: (c) => c.documents.readMetadata('/a.json'), txid: true },
    { name: 'documents.write', run: (c) => c.documents.write('/a.json', '{}'), txid: true },
    { name: 'documents.writeMetadata', run: (c) => c.documents.writeMetadata('/a.json', { collections: ['c'] }), txid: true },
    { name: 'documents.remove', run: (c) => c.documents.remove('/a.json'), txid: true },
    { name: 'documents.bulkWrite', run: (c) => c.documents.bulkWrite([{ uri: '/a.json', content: '{}' }]), txid: true },
    { name: 'search.query', run: (c) => c.search.query({ q: 'x' }), txid: true },
    { name: 'search.post', run: (c) => c.search.post({ query: { queries: [] } }), txid: true },
    { name: 'search.qbe', run: (c) => c.search.qbe({ $query: { a: 1 } }), txid: true },
    { name: 'search.suggest', run: (c) => c.search.suggest('x'), txid: true },
    { name: 'search.remove', run: (c) => c.search.remove({ collection: 'c' }), txid: true },
    { name: 'values.list', run: (c) => c.values.list('shop'), txid: true },
    { name: 'values.read', run: (c) => c.values.read('price'), txid: true },
    { name: 'values.preview', run: (c) => c.values.preview('price', {}), txid: true },
    { name: 'ping', run: (c) => c.ping(), txid: false },
    { name: 'queryOptions.list', run: (c) => c.search.optionSetNames(), txid: false },
    { name: 'transactions.status', run: (c) => c.transactions.status('7'), txid: false },
    { name: 'transactions.commit', run: (c) => c.transactions.commit('7'), txid: false },
    { name: 'sparql.query', run: (c) => c.sparql.query('ASK {}', { form: 'ASK' }), txid: true },
    { name: 'graphs.list', run: (c) => c.graphs.list(), txid: true },
    { name: 'graphs.write', run: (c) => c.graphs.write('http://g', '<a:b> <a:c> <a:d> .', { contentType: 'application/n-triples', mode: 'replace' }), txid: true },
  ];

  test.for(calls)('$name: txid sent $txid', async ({ run, txid }) => {
    const { client, requests } = recording();
    // Whatever the answer, the request was sent as it would be: only its URL matters here.
    await run(client.withTransaction('123')).catch(() => undefined);
    expect(requests.length).toBeGreaterThan(0);
    expect(new URL(requests[0].url).searchParams.get('txid')).toBe(txid ? '123' : null);
  });

  test('the client it was made from is unchanged, and one made with none sends none', async () => {
    const { client, requests } = recording();
    const tx = client.withTransaction('123');
    expect([client.transaction, tx.transaction]).toEqual([undefined, '123']);
    await client.documents.remove('/a.json');
    await tx.withTransaction(undefined).documents.remove('/a.json');
    await tx.documents.remove('/a.json');
    expect(requests.map((r) => new URL(r.url).searchParams.get('txid'))).toEqual([null, null, '123']);
  });

  test('a values read reports the URL it went to, txid included', async () => {
    const answer = { 'values-response': { name: 'price', type: 'xs:decimal', 'distinct-value': [] } };
    const { client } = recording(() => json(answer));
    const read = await client.withTransaction('123').values.read('price', { options: 'shop' });
    expect(read.url).toBe('http://db.test:8000/v1/values/price?options=shop&format=json&txid=123');
    expect(read.request.params.get('txid')).toBe('123');
  });

  test('inTransaction adds txid only where the path takes one, and leaves the request given alone', () => {
    const spec = { method: 'GET' as const, path: '/v1/search', params: new URLSearchParams({ q: 'x' }) };
    const sent = inTransaction(spec, '5');
    expect(sent.params.toString()).toBe('q=x&txid=5');
    expect(spec.params.toString()).toBe('q=x');
    expect(inTransaction(spec, undefined)).toBe(spec);
    expect(inTransaction({ ...spec, path: '/v1/config/query' }, '5').params.has('txid')).toBe(false);
    expect(['/v1/documents', '/v1/search', '/v1/qbe', '/v1/suggest', '/v1/values', '/v1/values/price', '/LATEST/documents'].every(carriesTransaction)).toBe(true);
    expect(['/v1/ping', '/v1/transactions', '/v1/values/a/b', '/v1/documentsx', '/tabula/v1/reset'].some(carriesTransaction)).toBe(false);
    expect(['/v1/graphs', '/v1/graphs/sparql', '/v1/graphs/things'].map(carriesTransaction)).toEqual([true, true, true]);
  });
});

describe('against the real handler', () => {
  async function connect(options: { user?: string; password?: string } = {}) {
    const api = await testApi();
    return createClient({ ...options, baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  }

  test('writes inside a transaction are seen inside it only, until the commit; then the id is gone', async () => {
    const client = await connect();
    await client.documents.write('/committed.json', '{"word":"apple"}');
    const { txid, status } = await client.transactions.open({ name: 'order', timeLimit: 90 });
    expect(txid).toMatch(/^\d+$/);
    expect(status).toMatchObject({ txid, name: 'order', state: 'active', timeLimit: 90, user: 'admin' });
    expect(expiresAt(status) - Date.parse(status.startTime)).toBe(90_000);

    const tx = client.withTransaction(txid);
    expect(await tx.documents.write('/order.json', '{"word":"zebrafish"}', { collections: ['orders'] })).toEqual({ created: true });
    await tx.documents.bulkWrite([{ uri: '/bulk.json', content: '{"word":"zebrafish"}' }]);
    await tx.documents.remove('/committed.json');

    // Inside: its own writes, by every read it makes.
    const inside = await tx.documents.read('/order.json');
    expect(inside.format === 'json' && JSON.parse(inside.text)).toEqual({ word: 'zebrafish' });
    expect((await tx.documents.readMetadata('/order.json')).collections).toEqual(['orders']);
    expect((await tx.search.query({ q: 'zebrafish' })).results.map((r) => r.uri).sort()).toEqual(['/bulk.json', '/order.json']);
    expect((await tx.search.qbe({ $query: { word: 'zebrafish' } })).total).toBe(2);
    expect(await tx.search.suggest('zebra')).toContain('zebrafish');
    expect(await tx.values.list()).toEqual([]);
    expect((await rejection(tx.documents.read('/committed.json'))).statusCode).toBe(404);

    // Outside: the committed state.
    expect((await rejection(client.documents.read('/order.json'))).statusCode).toBe(404);
    expect((await client.search.query({ q: 'zebrafish' })).total).toBe(0);
    expect((await client.documents.read('/committed.json')).size).toBeGreaterThan(0);

    await client.transactions.commit(txid);
    expect((await client.search.query({ q: 'zebrafish' })).total).toBe(2);
    expect((await rejection(client.documents.read('/committed.json'))).statusCode).toBe(404);

    // Ended: a second commit, the status, and any request naming it are refused.
    expect(await rejection(client.transactions.commit(txid))).toMatchObject({ statusCode: 400, messageCode: 'XDMP-NOTXN' });
    expect(await rejection(client.transactions.status(txid))).toMatchObject({ statusCode: 400, messageCode: 'REST-INVALIDPARAM' });
    expect(await rejection(tx.documents.read('/order.json'))).toMatchObject({ statusCode: 400, messageCode: 'XDMP-RWINVAL' });
  });

  test('a rollback leaves nothing, and a rollback after it is refused', async () => {
    const client = await connect();
    const { txid } = await client.transactions.open();
    const tx = client.withTransaction(txid);
    await tx.documents.write('/draft.json', '{"d":1}');
    await client.transactions.rollback(txid);
    expect((await rejection(client.documents.read('/draft.json'))).statusCode).toBe(404);
    expect(await rejection(client.transactions.rollback(txid))).toMatchObject({ statusCode: 400, messageCode: 'XDMP-NOTXN' });
  });

  test('graphs and SPARQL from a client in a transaction run inside it', async () => {
    const client = await connect();
    const { txid } = await client.transactions.open();
    const tx = client.withTransaction(txid);
    await tx.graphs.write('http://example.org/g', '<http://e/s> <http://e/p> <http://e/o> .', { contentType: 'application/n-triples', mode: 'replace' });
    expect(await tx.graphs.list()).toContain('http://example.org/g');
    expect(await tx.sparql.query('ASK { <http://e/s> <http://e/p> <http://e/o> }', { form: 'ASK' })).toMatchObject({ boolean: true });
    // Outside it, the graph is there only after the commit.
    expect(await client.graphs.list()).not.toContain('http://example.org/g');
    await client.transactions.commit(txid);
    expect(await client.graphs.list()).toContain('http://example.org/g');
  });

  test('a rest-reader may not open one: 403', async () => {
    const reader = await connect({ user: 'rest-reader', password: 'rest-reader' });
    expect(await rejection(reader.transactions.open())).toMatchObject({ statusCode: 403 });
  });
});
