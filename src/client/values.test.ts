/**
 * The values module's side of the wire: what it sends to `/v1/values` and how it reads the
 * answers, against a recording fetch that sees each request as the server receives it.
 */
import { describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepRequest, keepWithBody, recordingClient, type Responder } from '../../test/recording-client';
import { ApiError, createClient } from './create-client';
import { readValuesResponse, valuesRequest } from './values';

const priceAnswer = {
  'values-response': {
    name: 'price',
    type: 'xs:decimal',
    'distinct-value': [
      { frequency: 3, _value: '9.99' },
      { frequency: 1, _value: '12.5' },
    ],
    'aggregate-result': [{ name: 'sum', _value: '42.47' }],
    metrics: { 'values-resolution-time': 'PT0.0005S', 'total-time': 'PT0.001S' },
  },
};

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function recording(responder: Responder = () => answer(priceAnswer)) {
  const { client, requests } = recordingClient(responder, keepRequest);
  return { values: client.values, requests };
}

const params = (req: Request) => [...new URL(req.url).searchParams];
const path = (req: Request) => new URL(req.url).pathname;

describe('list: GET /v1/values', () => {
  test('names the option set and asks for JSON; answers each definition with its URI', async () => {
    const list = { 'values-list': { values: [{ name: 'price', uri: '/v1/values/price?options=shop' }, { name: 'cat-price', uri: '/v1/values/cat-price?options=shop' }] } };
    const { values, requests } = recording(() => answer(list));
    expect(await values.list('shop')).toEqual(list['values-list'].values);
    const [req] = requests;
    expect([req.method, path(req), req.headers.get('accept')]).toEqual(['GET', '/v1/values', 'application/json']);
    expect(params(req)).toEqual([
      ['options', 'shop'],
      ['format', 'json'],
    ]);
  });

  test('without a name the server chooses its default set', async () => {
    const { values, requests } = recording(() => answer({ 'values-list': { values: [] } }));
    expect(await values.list()).toEqual([]);
    expect(params(requests[0])).toEqual([['format', 'json']]);
  });

  test('JSON that is not a list rejects', async () => {
    const { values } = recording(() => answer({ nope: 1 }));
    await expect(values.list('shop')).rejects.toThrow('not a list of values definitions');
  });
});

describe('read: GET /v1/values/{name}', () => {
  test('sends queries, scope, aggregates and orders as parameters, repeated where the API repeats them', async () => {
    const { values, requests } = recording();
    const structured = { query: { 'collection-query': { uri: ['shop'] } } };
    await values.read('price', {
      q: ['cheap', 'cat:toys'],
      structuredQuery: structured,
      options: 'shop',
      collection: ['a', 'b'],
      directory: '/items',
      start: 3,
      pageLength: 20,
      aggregates: ['sum', 'avg'],
      view: 'all',
      direction: 'descending',
      frequency: 'fragment',
      limit: 100,
    });
    const [req] = requests;
    expect([req.method, path(req), req.headers.get('accept')]).toEqual(['GET', '/v1/values/price', 'application/json']);
    expect(params(req)).toEqual([
      ['q', 'cheap'],
      ['q', 'cat:toys'],
      ['structuredQuery', JSON.stringify(structured)],
      ['options', 'shop'],
      ['collection', 'a'],
      ['collection', 'b'],
      ['directory', '/items/'],
      ['start', '3'],
      ['pageLength', '20'],
      ['aggregate', 'sum'],
      ['aggregate', 'avg'],
      ['view', 'all'],
      ['direction', 'descending'],
      ['frequency', 'fragment'],
      ['limit', '100'],
      ['format', 'json'],
    ]);
  });

  test('returns the answer, its text, the request described and the exact URL it went to', async () => {
    const { values, requests } = recording();
    const read = await values.read('cat price', { options: 'shop', structuredQuery: '<query xmlns="http://marklogic.com/appservices/search"/>' });
    expect(read.response).toEqual(priceAnswer);
    expect(read.text).toBe(JSON.stringify(priceAnswer));
    expect(read.url).toBe(requests[0].url);
    expect(read.url).toBe(
      `http://db.test:8000/v1/values/cat%20price?structuredQuery=${encodeURIComponent('<query xmlns="http://marklogic.com/appservices/search"/>').replace(/%20/g, '+')}&options=shop&format=json`,
    );
    expect(read.request).toEqual(valuesRequest('cat price', { options: 'shop', structuredQuery: '<query xmlns="http://marklogic.com/appservices/search"/>' }));
  });

  test('a tuples answer comes back as the server wrote it', async () => {
    const tuples = { 'values-response': { name: 'cat-price', types: { type: ['xs:string', 'xs:decimal'] }, tuple: [{ frequency: 2, 'distinct-value': ['toys', '9.99'] }] } };
    const { values } = recording(() => answer(tuples));
    expect((await values.read('cat-price')).response).toEqual(tuples);
  });

  test("an aggregate that does not apply rejects with the server's code and message", async () => {
    const error = { errorResponse: { statusCode: 400, status: 'Bad Request', messageCode: 'SEARCH-INVALAGGREGATE', message: 'sum does not apply to xs:string' } };
    const { values } = recording(() => answer(error, 400));
    const err = (await values.read('cats', { aggregates: ['sum'] }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.statusCode, err.messageCode, err.message]).toEqual([400, 'SEARCH-INVALAGGREGATE', 'sum does not apply to xs:string']);
  });

  test.for([
    { name: 'an empty name', def: '', query: {}, error: TypeError },
    { name: 'a limit of 0', def: 'price', query: { limit: 0 }, error: RangeError },
    { name: 'start 0', def: 'price', query: { start: 0 }, error: RangeError },
  ])('refuses $name before sending anything', async ({ def, query, error }) => {
    const { values, requests } = recording();
    await expect(values.read(def, query)).rejects.toThrow(error);
    expect(requests).toHaveLength(0);
  });

  test('JSON that is not a values response rejects', () => {
    expect(() => readValuesResponse('{"total":0}')).toThrow('not a values response');
  });
});

describe('preview: POST /v1/values/{name} with the options inline', () => {
  test('sends a combined query holding the options, and pageLength', async () => {
    const { client, requests } = recordingClient(() => answer(priceAnswer), keepWithBody);
    const options = { values: [{ name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } }] };
    expect(await client.values.preview('price', options, { pageLength: 10 })).toEqual(priceAnswer);
    const { req, body } = await requests[0];
    expect([req.method, path(req), params(req)]).toEqual(['POST', '/v1/values/price', [['format', 'json'], ['pageLength', '10']]]);
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(body)).toEqual({ search: { options } });
  });

  test('refuses an answer that is not a values-response', async () => {
    const { values } = recording(() => answer({ total: 1 }));
    await expect(values.preview('a b', {})).rejects.toThrow('not a values response');
  });
});

describe('against the real handler', () => {
  test('lists the definitions and reads values, tuples and aggregates as the server writes them', async () => {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    const items = [
      { category: 'toys', price: 5 },
      { category: 'toys', price: 7 },
      { category: 'home', price: 7 },
    ];
    for (const [i, item] of items.entries()) await client.documents.write(`/i/${i}.json`, JSON.stringify(item));
    const json = { 'content-type': 'application/json' };
    const category = { type: 'xs:string', collation: 'http://marklogic.com/collation/', 'json-property': 'category' };
    const price = { type: 'xs:int', 'json-property': 'price' };
    const options = { options: { values: [{ name: 'category', range: category }], tuples: [{ name: 'category-price', range: [category, price] }] } };
    expect((await api.fetch('/v1/config/query/shop', { method: 'PUT', headers: json, body: JSON.stringify(options) })).status).toBe(201);
    const index = (localname: string, type: string) => ({ 'scalar-type': type, 'namespace-uri': '', localname, collation: type === 'string' ? category.collation : '', 'range-value-positions': false, 'invalid-values': 'reject' });
    const props = { 'range-element-index': [index('category', 'string'), index('price', 'int')] };
    expect((await api.fetch(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, { method: 'PUT', headers: json, body: JSON.stringify(props) })).status).toBe(204);
    await api.db.search.ready();
    await api.db.search.rangeIndexesSettled();

    expect((await client.values.list('shop')).map((d) => d.name)).toEqual(['category', 'category-price']);
    const read = await client.values.read('category', { options: 'shop', aggregates: ['count'], view: 'all' });
    expect(read.response['values-response']['distinct-value']).toEqual([
      { frequency: 1, _value: 'home' },
      { frequency: 2, _value: 'toys' },
    ]);
    expect(read.response['values-response']['aggregate-result']).toEqual([{ name: 'count', _value: '3' }]);
    expect(read.url).toBe('http://localhost:8000/v1/values/category?options=shop&aggregate=count&view=all&format=json');
    const tuples = await client.values.read('category-price', { options: 'shop', q: 'toys' });
    expect(tuples.response['values-response'].tuple?.map((t) => [t['distinct-value'], t.frequency])).toEqual([
      [['toys', '5'], 1],
      [['toys', '7'], 1],
    ]);
    const refused = (await client.values.read('category', { options: 'shop', aggregates: ['sum'] }).catch((e: unknown) => e)) as ApiError;
    expect([refused.statusCode, refused.messageCode]).toEqual([400, 'SEARCH-INVALAGGREGATE']);
  });
});
