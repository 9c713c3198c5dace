/**
 * The search module's side of the wire: what it sends to `/v1/search`, `/v1/qbe`,
 * `/v1/suggest` and `/v1/config/query`, and how it reads the answers — first against a
 * recording fetch (every request inspected as the server receives it), then against
 * Tabula's real handler, so the shapes it expects are the ones the server gives.
 */
import { describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepRequest, recordingClient, type Responder } from '../../test/recording-client';
import { ApiError, createClient, type TabulaClient } from './create-client';
import { constraintSummaries, postSearchRequest, qbeRequest, readSearchResponse, requestUrl, searchRequest, withFormat } from './search';

const emptyPage = { total: 0, start: 1, 'page-length': 10 };

function recording(responder: Responder = () => answer(emptyPage)) {
  const { client, requests } = recordingClient(responder, keepRequest);
  return { search: client.search, requests };
}

const answer = (body: unknown, type = 'application/json', status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });

const params = (req: Request) => [...new URL(req.url).searchParams];
const path = (req: Request) => new URL(req.url).pathname;

describe('query: GET /v1/search', () => {
  test('sends string queries, scope and paging as parameters, repeated where the API repeats them, and asks for JSON', async () => {
    const { search, requests } = recording();
    await search.query({ q: ['soup', 'cuisine:french'], options: 'recipes', collection: ['a', 'b'], directory: '/r', start: 11, pageLength: 5, view: 'all' });
    const [req] = requests;
    expect([req.method, path(req), req.headers.get('accept')]).toEqual(['GET', '/v1/search', 'application/json']);
    expect(params(req)).toEqual([
      ['q', 'soup'],
      ['q', 'cuisine:french'],
      ['options', 'recipes'],
      ['collection', 'a'],
      ['collection', 'b'],
      ['directory', '/r/'],
      ['start', '11'],
      ['pageLength', '5'],
      ['view', 'all'],
      ['format', 'json'],
    ]);
  });

  test('an answer without results (view=facets) still has a results array', async () => {
    const { search } = recording(() => answer({ ...emptyPage, facets: { c: { type: 'collection', facetValues: [] } } }));
    const page = await search.query({ view: 'facets' });
    expect(page.results).toEqual([]);
    expect(page.facets).toEqual({ c: { type: 'collection', facetValues: [] } });
  });

  test.for([
    { name: 'start 0', query: { start: 0 } },
    { name: 'a fractional start', query: { start: 1.5 } },
    { name: 'a negative pageLength', query: { pageLength: -1 } },
  ])('refuses $name before sending anything', async ({ query }) => {
    const { search, requests } = recording();
    await expect(search.query(query)).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });

  test("a 400 rejects with the server's code and message", async () => {
    const error = { errorResponse: { statusCode: 400, status: 'Bad Request', messageCode: 'REST-INVALIDPARAM', message: 'unbalanced parentheses' } };
    const { search } = recording(() => answer(error, 'application/json', 400));
    const err = (await search.query({ q: '(soup' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.statusCode, err.messageCode, err.message]).toEqual([400, 'REST-INVALIDPARAM', 'unbalanced parentheses']);
  });

  test('list is the same GET, so the explorer keeps working', async () => {
    const { search, requests } = recording();
    await search.list({ directory: '/docs', collection: 'c', start: 21, pageLength: 20 });
    expect(Object.fromEntries(params(requests[0]))).toEqual({ directory: '/docs/', collection: 'c', start: '21', pageLength: '20', format: 'json' });
  });
});

describe('post and qbe: bodies', () => {
  test.for([
    {
      name: 'a combined query object goes as JSON',
      body: { search: { qtext: 'soup', options: { 'return-query': true } } },
      type: 'application/json',
      text: '{"search":{"qtext":"soup","options":{"return-query":true}}}',
    },
    { name: 'XML text goes as XML', body: '<search xmlns="http://marklogic.com/appservices/search"><qtext>soup</qtext></search>', type: 'application/xml', text: undefined },
  ])('$name', async ({ body, type, text }) => {
    const { search, requests } = recording();
    await search.post(body, { q: 'extra', options: 'recipes' });
    const [req] = requests;
    expect([req.method, path(req), req.headers.get('content-type')]).toEqual(['POST', '/v1/search', type]);
    expect(await req.text()).toBe(text ?? body);
    expect(params(req)).toEqual([
      ['q', 'extra'],
      ['options', 'recipes'],
      ['format', 'json'],
    ]);
  });

  test('a query by example is POSTed to /v1/qbe with its scope', async () => {
    const { search, requests } = recording();
    await search.qbe({ $query: { cuisine: 'french' } }, { collection: 'recipes', pageLength: 3 });
    const [req] = requests;
    expect([req.method, path(req), await req.text()]).toEqual(['POST', '/v1/qbe', '{"$query":{"cuisine":"french"}}']);
    expect(params(req)).toEqual([
      ['collection', 'recipes'],
      ['pageLength', '3'],
      ['format', 'json'],
    ]);
  });

  test('text that is not XML is refused: a string query belongs in q', async () => {
    const { search, requests } = recording();
    await expect(search.post('soup')).rejects.toThrow(/must be XML/);
    expect(requests).toHaveLength(0);
  });
});

describe('request descriptions', () => {
  test('withFormat asks for the other format without touching the original', () => {
    const json = searchRequest({ q: 'a b', start: 2 });
    const xml = withFormat(json, 'xml');
    expect(json.params.get('format')).toBe('json');
    expect(xml.params.get('format')).toBe('xml');
    expect(requestUrl('http://h:1', xml)).toBe('http://h:1/v1/search?q=a+b&start=2&format=xml');
  });

  test('POST descriptions carry their body and its type', () => {
    expect(postSearchRequest({ query: { queries: [] } })).toMatchObject({ method: 'POST', body: '{"query":{"queries":[]}}', contentType: 'application/json' });
    expect(qbeRequest('<q:qbe xmlns:q="http://marklogic.com/appservices/querybyexample"/>', {}, 'xml').params.get('format')).toBe('xml');
  });

  test('raw sends a description and returns the answer as sent, asking for the format it names', async () => {
    const xml = '<search:response total="0"/>';
    const { search, requests } = recording(() => answer(xml, 'application/xml; charset=utf-8'));
    const raw = await search.raw(withFormat(searchRequest({ q: 'x' }), 'xml'));
    expect(raw).toEqual({ status: 200, contentType: 'application/xml', text: xml });
    expect(requests[0].headers.get('accept')).toBe('application/xml');
  });

  test('readSearchResponse refuses JSON that is not a search response', () => {
    expect(() => readSearchResponse('{"suggestions":[]}')).toThrow(/not a search response/);
    expect(readSearchResponse('{"total":0,"start":1,"page-length":10}').results).toEqual([]);
  });
});

describe('suggest: GET /v1/suggest', () => {
  test('sends partial-q, the restricting queries, options, limit and cursor position', async () => {
    const { search, requests } = recording(() => answer({ suggestions: ['tomato', 'tomatoes'] }));
    expect(await search.suggest('tom soup', { q: ['a', 'b'], options: 'recipes', limit: 5, cursorPosition: 3 })).toEqual(['tomato', 'tomatoes']);
    expect(params(requests[0])).toEqual([
      ['partial-q', 'tom soup'],
      ['q', 'a'],
      ['q', 'b'],
      ['options', 'recipes'],
      ['limit', '5'],
      ['cursor-position', '3'],
      ['format', 'json'],
    ]);
  });

  test.for([
    { name: 'a limit of 0', opts: { limit: 0 } },
    { name: 'a cursor past the end', opts: { cursorPosition: 4 } },
    { name: 'a negative cursor', opts: { cursorPosition: -1 } },
  ])('refuses $name', async ({ opts }) => {
    const { search, requests } = recording();
    await expect(search.suggest('tom', opts)).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });
});

describe('option sets', () => {
  test('names: default first whether stored or not, then the others sorted, once each', async () => {
    const list = [{ name: 'zeta', uri: '/v1/config/query/zeta' }, { name: 'default', uri: '' }, { name: 'alpha', uri: '' }];
    const { search, requests } = recording(() => answer(list));
    expect(await search.optionSetNames()).toEqual(['default', 'alpha', 'zeta']);
    expect([path(requests[0]), params(requests[0])]).toEqual(['/v1/config/query', [['format', 'json']]]);
  });

  test('constraints reads the named set as JSON, its name encoded in the path', async () => {
    const { search, requests } = recording(() => answer({ options: { constraint: [{ name: 'c', collection: { prefix: '' } }] } }));
    expect(await search.constraints('my set')).toEqual([{ name: 'c', kind: 'collection', facet: true }]);
    expect(new URL(requests[0].url).pathname).toBe('/v1/config/query/my%20set');
  });

  test.for([
    { name: 'no constraints', options: {}, expected: [] },
    { name: 'a value constraint does not facet', options: { constraint: [{ name: 'v', value: { 'json-property': 'p' } }] }, expected: [{ name: 'v', kind: 'value', facet: false }] },
    {
      name: 'a range constraint facets unless it says not to, with its type',
      options: {
        constraint: [
          { name: 'n', range: { type: 'xs:int', 'json-property': 'n' } },
          { name: 'm', annotation: ['why'], range: { type: 'xs:date', facet: false, 'json-property': 'm' } },
        ],
      },
      expected: [
        { name: 'n', kind: 'range', type: 'xs:int', facet: true },
        { name: 'm', kind: 'range', type: 'xs:date', facet: false },
      ],
    },
    {
      name: 'bucket names of a bucketed range',
      options: { constraint: [{ name: 'size', range: { type: 'xs:int', bucket: [{ name: 'small', lt: '3' }, { name: 'big', ge: '3', label: 'Big' }] } }] },
      expected: [{ name: 'size', kind: 'range', type: 'xs:int', facet: true, buckets: ['small', 'big'] }],
    },
    { name: 'a collection facet turned off', options: { constraint: [{ name: 'c', collection: { facet: false } }] }, expected: [{ name: 'c', kind: 'collection', facet: false }] },
    { name: 'a lone constraint object (XML converted as one)', options: { constraint: { name: 'w', word: { element: { name: 't' } } } }, expected: [{ name: 'w', kind: 'word', facet: false }] },
  ])('constraintSummaries: $name', ({ options, expected }) => {
    expect(constraintSummaries(options)).toEqual(expected);
  });
});

describe('against the real handler', () => {
  async function seeded(): Promise<TabulaClient> {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    await client.documents.write('/r/soup.json', JSON.stringify({ title: 'Tomato soup', servings: 4 }), { collections: ['recipes', 'italian'] });
    await client.documents.write('/r/stew.json', JSON.stringify({ title: 'Beef stew', servings: 6 }), { collections: ['recipes', 'french'] });
    await client.documents.write('/n/a.txt', 'a tomato note');
    const options = { options: { constraint: [{ name: 'coll', collection: { prefix: '' } }, { name: 'title', word: { 'json-property': 'title' } }] } };
    const put = await api.fetch('/v1/config/query/recipes', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
    expect(put.status).toBe(201);
    return client;
  }

  test('a string query returns results with highlighted snippets and facets keyed by constraint', async () => {
    const client = await seeded();
    const page = await client.search.query({ q: 'tomato', options: 'recipes' });
    expect(page.total).toBe(2);
    const soup = page.results.find((r) => r.uri === '/r/soup.json')!;
    expect(Array.isArray(soup.matches) && soup.matches[0]['match-text']).toContainEqual({ highlight: 'Tomato' });
    expect(page.facets?.coll.facetValues?.map((v) => [v.name, v.count])).toEqual([
      ['italian', 1],
      ['recipes', 1],
    ]);
    expect(page.metrics?.['total-time']).toMatch(/^PT/);
  });

  test('post, qbe, suggest, raw XML and the option sets all answer as the types say', async () => {
    const client = await seeded();
    const posted = await client.search.post({ search: { qtext: 'coll:french' } }, { options: 'recipes' });
    expect(posted.results.map((r) => r.uri)).toEqual(['/r/stew.json']);
    const byExample = await client.search.qbe({ $query: { title: { $word: 'stew' } } });
    expect(byExample.results.map((r) => r.uri)).toEqual(['/r/stew.json']);
    expect(await client.search.suggest('coll:fr', { options: 'recipes' })).toEqual(['coll:french']);
    const xml = await client.search.raw(withFormat(searchRequest({ q: 'beef' }), 'xml'));
    expect(xml.contentType).toBe('application/xml');
    expect(xml.text).toContain('<search:highlight>Beef</search:highlight>');
    expect(await client.search.optionSetNames()).toEqual(['default', 'recipes']);
    expect(await client.search.constraints('recipes')).toEqual([
      { name: 'coll', kind: 'collection', facet: true },
      { name: 'title', kind: 'word', facet: false },
    ]);
    expect(await client.search.constraints('default')).toEqual([]);
  });

  test.for([
    { name: 'an unbalanced parenthesis', run: (c: TabulaClient) => c.search.query({ q: '(soup' }), code: 'REST-INVALIDPARAM' },
    { name: 'unknown options', run: (c: TabulaClient) => c.search.query({ options: 'nope' }), code: 'REST-INVALIDPARAM' },
    { name: 'an unknown option set read for its constraints', run: (c: TabulaClient) => c.search.constraints('nope'), code: 'RESTAPI-NODOCUMENT' },
  ])("$name rejects with the server's code", async ({ run, code }) => {
    const client = await seeded();
    const err = (await run(client).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.messageCode).toBe(code);
  });
});

describe('naming and cancelling a search', () => {
  test.for(['query', 'post', 'qbe'] as const)('%s: a requestId goes as Tabula-Request-Id; none, no header', async (how) => {
    const { search, requests } = recording();
    const send = (requestId?: string) =>
      how === 'query' ? search.query({ q: 'x' }, { requestId }) : how === 'post' ? search.post({ query: { queries: [] } }, {}, { requestId }) : search.qbe({ $query: { a: 1 } }, {}, { requestId });
    await send('s-1');
    await send();
    expect(requests.map((r) => r.headers.get('tabula-request-id'))).toEqual(['s-1', null]);
  });

  test.for([
    { name: 'named by the caller', requestId: 'mine-1' as string | undefined, cancelOnAbort: true },
    { name: 'named afresh', requestId: undefined, cancelOnAbort: true },
    { name: 'not asked to', requestId: 'mine-2', cancelOnAbort: false },
  ])('cancelOnAbort ($name): an abort before the answer sends the cancel for the name the search went with', async ({ requestId, cancelOnAbort }) => {
    let respond: (res: Response) => void = () => {};
    const { search, requests } = recording((req) => (req.method === 'DELETE' ? new Response(null, { status: 204 }) : new Promise<Response>((resolve) => (respond = resolve))));
    const controller = new AbortController();
    const running = search.raw(searchRequest({ q: 'x' }), { signal: controller.signal, requestId, cancelOnAbort }).catch((e: unknown) => e);
    await expect.poll(() => requests.length).toBe(1);
    const named = requests[0].headers.get('tabula-request-id');
    if (cancelOnAbort) expect(named).toMatch(requestId ?? /^[0-9a-f-]{36}$/);
    else expect(named).toBe(requestId);
    controller.abort();
    respond(answer(emptyPage));
    await running;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const cancels = requests.slice(1).map((r) => `${r.method} ${path(r)}`);
    expect(cancels).toEqual(cancelOnAbort ? [`DELETE /tabula/v1/requests/${named}`] : []);
  });

  test('cancelOnAbort: an abort after the answer was read sends nothing', async () => {
    const { search, requests } = recording();
    const controller = new AbortController();
    await search.query({ q: 'x' }, { signal: controller.signal, cancelOnAbort: true });
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  test('against the handler: a search held by a fault and abandoned by its caller ends on the server, XDMP-CANCELED', async () => {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    const fault = { requests: 1, latencyMs: 60_000 };
    expect((await api.fetch('/tabula/v1/faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) })).status).toBe(200);
    const controller = new AbortController();
    // The handler here does not stop on the signal itself (a fetch into a service worker does
    // not either): only the cancel ends its wait, long before the latency armed.
    const running = client.search.query({ q: 'anything' }, { signal: controller.signal, cancelOnAbort: true }).catch((e: unknown) => e);
    // The fault is taken once the search is under way (and named).
    await expect.poll(async () => ((await (await api.fetch('/tabula/v1/faults')).json()) as { faults: unknown }).faults, { interval: 5, timeout: 2_000 }).toBeNull();
    const started = performance.now();
    controller.abort();
    expect(await running).toMatchObject({ statusCode: 500, messageCode: 'XDMP-CANCELED' });
    expect(performance.now() - started).toBeLessThan(fault.latencyMs / 2);
  });

  test('against the handler: a named search held by a fault is cancelled, its caller sees XDMP-CANCELED, a second cancel finds nothing', async () => {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    const armed = await api.fetch('/tabula/v1/faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requests: 1, latencyMs: 300 }) });
    expect(armed.status).toBe(200);
    const running = client.search.query({ q: 'anything' }, { requestId: 'held-search' }).catch((e: unknown) => e);
    await expect.poll(() => client.search.cancel('held-search'), { interval: 5, timeout: 2_000 }).toBe(true);
    expect(await running).toMatchObject({ statusCode: 500, messageCode: 'XDMP-CANCELED' });
    expect(await running).toBeInstanceOf(ApiError);
    expect(await client.search.cancel('held-search')).toBe(false);
  });
});
