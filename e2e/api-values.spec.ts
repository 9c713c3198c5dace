/**
 * `/v1/values` through the real service worker and the browser's IndexedDB (MarkLogic's REST API
 * reference, /v1/values). The Node API tests cover the endpoint in depth; these check that it
 * answers the same through the worker, in JSON and XML, by GET and by POST, and that what it
 * counts survives the worker being stopped (the range index is rebuilt from IndexedDB).
 */
import { test as base, expect, type ApiFetch } from 'tabula/testing';

// Every response in this file must come from the service worker (the fixtures' tabula.fetch checks).
const test = base.extend<{ api: ApiFetch }>({
  api: async ({ tabula }, use) => use(tabula.fetch),
});

const J = { 'content-type': 'application/json' };
const SIZES = ['S', 'M', 'M', 'L', 'M', 'S'];

/** Each size with its frequency, in codepoint order. */
const sizeCounts = () => [...new Set(SIZES)].sort().map((s) => ({ frequency: SIZES.filter((x) => x === s).length, _value: s }));

async function seed(api: ApiFetch): Promise<void> {
  for (const [i, size] of SIZES.entries()) {
    const res = await api(`/v1/documents?uri=/shirts/${i}.json`, { method: 'PUT', headers: J, body: JSON.stringify({ size, n: i }) });
    expect(res.status).toBeLessThan(300);
  }
  const index = { 'scalar-type': 'string', 'namespace-uri': '', localname: 'size', collation: 'http://marklogic.com/collation/codepoint', 'range-value-positions': false, 'invalid-values': 'reject' };
  expect((await api('/manage/v2/databases/Documents/properties', { method: 'PUT', headers: J, body: JSON.stringify({ 'range-element-index': [index] }) })).status).toBe(204);
  const options = { options: { values: [{ name: 'size', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', 'json-property': 'size' }, aggregate: [{ apply: 'count' }] }] } };
  expect((await api('/v1/config/query/shirts', { method: 'PUT', headers: J, body: JSON.stringify(options) })).status).toBe(201);
  await expect.poll(async () => (await api('/v1/values/size?options=shirts&format=json')).status, { timeout: 20_000 }).toBe(200);
}

test('list, read as JSON and XML, and POST with inline options', async ({ api }) => {
  await seed(api);
  const list = await api('/v1/values?options=shirts&format=json');
  expect(list.json()).toEqual({ 'values-list': { values: [{ name: 'size', uri: '/v1/values/size?options=shirts' }] } });

  const read = await api('/v1/values/size?options=shirts&format=json');
  expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = read.json() as { 'values-response': Record<string, unknown> };
  expect(body['values-response']).toMatchObject({ name: 'size', type: 'xs:string', 'distinct-value': sizeCounts(), 'aggregate-result': [{ name: 'count', _value: String(SIZES.length) }] });

  const xml = await api('/v1/values/size?options=shirts', { headers: { accept: 'application/xml' } });
  expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
  for (const { frequency, _value } of sizeCounts()) expect(xml.text).toContain(`<distinct-value frequency="${frequency}">${_value}</distinct-value>`);

  // Options that are not stored travel inline in a POSTed combined query, with its query.
  const posted = await api('/v1/values/sz?format=json&aggregate=count', {
    method: 'POST',
    headers: J,
    body: JSON.stringify({
      search: {
        options: { values: [{ name: 'sz', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', 'json-property': 'size' } }] },
        query: { queries: [{ 'value-query': { 'json-property': 'size', text: ['M', 'L'] } }] },
      },
    }),
  });
  expect(posted.status).toBe(200);
  const restricted = sizeCounts().filter((c) => c._value === 'M' || c._value === 'L');
  expect((posted.json() as { 'values-response': Record<string, unknown> })['values-response']).toMatchObject({
    'distinct-value': restricted,
    'aggregate-result': [{ name: 'count', _value: String(restricted.reduce((a, c) => a + c.frequency, 0)) }],
  });

  // A range without an index is refused as the server refuses it.
  const refused = await api('/v1/values/n?format=json', { method: 'POST', headers: J, body: JSON.stringify({ search: { options: { values: [{ name: 'n', range: { type: 'xs:int', 'json-property': 'n' } }] } } }) });
  expect(refused.status).toBe(400);
  expect((refused.json() as { errorResponse: { messageCode: string } }).errorResponse.messageCode).toBe('XDMP-ELEMRIDXNOTFOUND');
});

test('the values survive a stop of the service worker', async ({ api, tabula }) => {
  await seed(api);
  await tabula.stopWorker();
  const read = await api('/v1/values/size?options=shirts&format=json&frequency=fragment');
  expect(read.status).toBe(200);
  expect((read.json() as { 'values-response': Record<string, unknown> })['values-response']['distinct-value']).toEqual(sizeCounts());
});
