import { describe, expect, test } from 'vitest';
import { basic, reopened, testApi, type TestApi } from '../../test/helpers';

const JSON_TYPE = { 'content-type': 'application/json' };

async function putDoc(api: TestApi, uri: string, body: unknown, collections: string[] = []): Promise<void> {
  const qs = new URLSearchParams({ uri });
  for (const c of collections) qs.append('collection', c);
  const res = await api.fetch(`/v1/documents?${qs}`, {
    method: 'PUT',
    headers: { 'content-type': typeof body === 'string' && body.startsWith('<') ? 'application/xml' : typeof body === 'string' ? 'text/plain' : 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

const OPTIONS = {
  options: {
    constraint: [
      { name: 'coll', collection: { prefix: '' } },
      { name: 'cuisine', value: { 'json-property': 'cuisine' } },
      { name: 'title', word: { 'json-property': 'title' } },
      { name: 'servings', range: { type: 'xs:int', 'json-property': 'servings', facet: true } },
    ],
    'return-query': true,
  },
};

/** A handful of recipes, named options `recipes`, and a range index on servings. */
async function recipes(): Promise<TestApi> {
  const api = await testApi();
  await putDoc(api, '/r/soup.json', { title: 'Tomato soup', cuisine: 'italian', servings: 4, body: 'A warming soup of tomatoes and basil' }, ['recipes', 'italian']);
  await putDoc(api, '/r/stew.json', { title: 'Beef stew', cuisine: 'french', servings: 6, body: 'Thicker than a soup' }, ['recipes', 'french']);
  await putDoc(api, '/r/salad.json', { title: 'Green salad', cuisine: 'french', servings: 2, body: 'Crisp leaves, no soup' }, ['recipes', 'french']);
  await putDoc(api, '/notes/a.txt', 'Remember the soup tomorrow');
  await putDoc(api, '/x/doc.xml', '<doc><title>XML soup</title></doc>');
  const res = await api.fetch('/v1/config/query/recipes', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(OPTIONS) });
  expect(res.status, await res.clone().text()).toBe(201);
  const idx = await api.fetch(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, {
    method: 'PUT',
    headers: JSON_TYPE,
    body: JSON.stringify({ 'range-element-index': [{ 'scalar-type': 'int', 'namespace-uri': '', localname: 'servings', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' }] }),
  });
  expect(idx.status, await idx.clone().text()).toBe(204);
  await api.db.search.ready();
  await api.db.search.rangeIndexesSettled();
  return api;
}

async function searchJson(api: TestApi, path: string, init?: RequestInit) {
  const res = await api.fetch(path, init);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as {
    total: number;
    start: number;
    'page-length': number;
    results?: Array<{ uri: string; index: number; score: number; matches: Array<{ 'match-text': unknown[] }> }>;
    facets?: Record<string, { type: string; facetValues: Array<{ name: string; count: number; value: unknown }> }>;
    qtext?: string;
    query?: unknown;
  };
}

const resultUris = (r: { results?: Array<{ uri: string }> }) => (r.results ?? []).map((x) => x.uri).sort();

describe('GET /v1/search', () => {
  test.for([
    { name: 'a term', q: 'soup', expected: ['/notes/a.txt', '/r/salad.json', '/r/soup.json', '/r/stew.json', '/x/doc.xml'] },
    { name: 'AND and implicit AND', q: 'soup tomatoes', expected: ['/r/soup.json'] },
    { name: 'OR', q: 'salad OR stew', expected: ['/r/salad.json', '/r/stew.json'] },
    { name: 'a negated term', q: 'soup -thicker', expected: ['/notes/a.txt', '/r/salad.json', '/r/soup.json', '/x/doc.xml'] },
    { name: 'a phrase', q: '"tomato soup"', expected: ['/r/soup.json'] },
    { name: 'a value constraint', q: 'cuisine:french', expected: ['/r/salad.json', '/r/stew.json'] },
    { name: 'a word constraint', q: 'title:soup', expected: ['/r/soup.json'] },
    { name: 'a collection constraint', q: 'coll:italian', expected: ['/r/soup.json'] },
    { name: 'a range comparison', q: 'servings GE 4', expected: ['/r/soup.json', '/r/stew.json'] },
    { name: 'a range equality', q: 'servings:2', expected: ['/r/salad.json'] },
    { name: 'NEAR', q: 'warming NEAR/3 tomatoes', expected: ['/r/soup.json'] },
  ])('q: $name', async ({ q, expected }) => {
    const api = await recipes();
    const r = await searchJson(api, `/v1/search?options=recipes&format=json&q=${encodeURIComponent(q)}`);
    expect(resultUris(r)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  test('no query: every document, paged; collection and directory parameters restrict it', async () => {
    const api = await recipes();
    const all = await searchJson(api, '/v1/search?format=json&pageLength=2&start=2');
    expect([all.total, all.start, all['page-length'], all.results!.map((r) => r.index)]).toEqual([5, 2, 2, [2, 3]]);
    expect(resultUris(await searchJson(api, '/v1/search?format=json&collection=french&collection=italian'))).toEqual(['/r/salad.json', '/r/soup.json', '/r/stew.json']);
    expect(resultUris(await searchJson(api, '/v1/search?format=json&directory=/notes'))).toEqual(['/notes/a.txt']);
    expect(resultUris(await searchJson(api, '/v1/search?format=json&q=soup&directory=/r/&collection=french'))).toEqual(['/r/salad.json', '/r/stew.json']);
  });

  test('facets, snippets, qtext and the query come back as the options ask', async () => {
    const api = await recipes();
    const r = await searchJson(api, '/v1/search?options=recipes&format=json&q=tomato');
    expect(r.results![0].matches[0]['match-text']).toContainEqual({ highlight: 'Tomato' });
    expect(r.facets!.coll.facetValues.map((v) => [v.name, v.count])).toEqual([
      ['italian', 1],
      ['recipes', 1],
    ]);
    expect(r.facets!.servings).toEqual({ type: 'xs:int', facetValues: [{ name: '4', count: 1, value: 4 }] });
    expect(r.qtext).toBe('tomato');
    expect(r.query).toBeDefined();
  });

  test('a structuredQuery parameter (JSON and XML)', async () => {
    const api = await recipes();
    const json = JSON.stringify({ query: { queries: [{ 'value-query': { 'json-property': 'cuisine', text: ['french'] } }, { 'term-query': { text: ['salad'] } }] } });
    expect(resultUris(await searchJson(api, `/v1/search?format=json&structuredQuery=${encodeURIComponent(json)}`))).toEqual(['/r/salad.json']);
    const xml = '<query xmlns="http://marklogic.com/appservices/search"><collection-query><uri>italian</uri></collection-query></query>';
    expect(resultUris(await searchJson(api, `/v1/search?format=json&structuredQuery=${encodeURIComponent(xml)}`))).toEqual(['/r/soup.json']);
  });

  test('XML is the default response format, with the search namespace', async () => {
    const api = await recipes();
    const res = await api.fetch('/v1/search?q=salad');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toMatch(/^(<\?xml[^>]*\?>\s*)?<search:response[^>]* total="1"/);
    expect(xml).toContain('uri="/r/salad.json"');
    expect(xml).toContain('<search:highlight>salad</search:highlight>');
  });

  test.for([
    { name: 'an unbalanced parenthesis', path: '/v1/search?q=(soup', code: 'REST-INVALIDPARAM' },
    { name: 'an unknown constraint', path: '/v1/search?q=nope:x', code: 'REST-INVALIDPARAM' },
    { name: 'unknown options', path: '/v1/search?options=missing', code: 'REST-INVALIDPARAM' },
    { name: 'start 0', path: '/v1/search?start=0', code: 'REST-INVALIDPARAM' },
    { name: 'a negative pageLength', path: '/v1/search?pageLength=-1', code: 'REST-INVALIDPARAM' },
    { name: 'a bad view', path: '/v1/search?view=everything', code: 'REST-INVALIDPARAM' },
    { name: 'a malformed structuredQuery', path: '/v1/search?structuredQuery=%7Bnope', code: 'REST-INVALIDPARAM' },
    { name: 'category without multipart', path: '/v1/search?category=content', code: 'REST-INVALIDPARAM' },
    { name: 'an unsupported parameter', path: '/v1/search?colour=red', code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'a range query without an index', path: '/v1/search?structuredQuery=' + encodeURIComponent(JSON.stringify({ query: { 'range-query': { 'json-property': 'price', type: 'xs:int', value: ['1'], 'range-operator': 'GT' } } })), code: 'XDMP-ELEMRIDXNOTFOUND' },
  ])('400 for $name', async ({ path, code }) => {
    const api = await recipes();
    const res = await api.fetch(`${path}${path.includes('?') ? '&' : '?'}format=json`);
    const body = (await res.json()) as { errorResponse: { messageCode: string; statusCode: number } };
    expect([res.status, body.errorResponse.messageCode]).toEqual([400, code]);
  });
});

describe('options', () => {
  test("the options' additional-query (serialised cts XML) restricts every search made with them", async () => {
    const api = await recipes();
    const options = { options: { 'additional-query': ['<cts:collection-query xmlns:cts="http://marklogic.com/cts"><cts:uri>french</cts:uri></cts:collection-query>'] } };
    const res = await api.fetch('/v1/config/query/frenchonly', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(options) });
    expect(res.status).toBe(201);
    expect(resultUris(await searchJson(api, '/v1/search?format=json&q=soup&options=frenchonly'))).toEqual(['/r/salad.json', '/r/stew.json']);
  });

  test('the stored default options apply when none are named', async () => {
    const api = await recipes();
    await api.fetch('/v1/config/query/default', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ options: { 'page-length': 2, 'return-facets': false } }) });
    const r = await searchJson(api, '/v1/search?format=json');
    expect([r['page-length'], r.results!.length, r.facets]).toEqual([2, 2, undefined]);
  });
});

describe('POST /v1/search', () => {
  test.for([
    { name: 'a structured query', body: { query: { queries: [{ 'word-query': { 'json-property': 'title', text: ['stew'] } }] } }, expected: ['/r/stew.json'] },
    { name: 'a combined query with qtext', body: { search: { qtext: 'soup', query: { queries: [{ 'collection-query': { uri: ['french'] } }] } } }, expected: ['/r/salad.json', '/r/stew.json'] },
    {
      name: 'a combined query with inline options',
      body: { search: { qtext: 'kind:french', options: { constraint: [{ name: 'kind', value: { 'json-property': 'cuisine' } }] } } },
      expected: ['/r/salad.json', '/r/stew.json'],
    },
    { name: 'a QBE', body: { $query: { cuisine: 'italian' } }, expected: ['/r/soup.json'] },
  ])('$name (ANDed with q)', async ({ body, expected }) => {
    const api = await recipes();
    const r = await searchJson(api, '/v1/search?format=json', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify(body) });
    expect(resultUris(r)).toEqual(expected);
  });

  test('an XML combined query', async () => {
    const api = await recipes();
    const body =
      '<search xmlns="http://marklogic.com/appservices/search"><qtext>soup</qtext><query><collection-query><uri>italian</uri></collection-query></query></search>';
    const r = await searchJson(api, '/v1/search?format=json', { method: 'POST', headers: { 'content-type': 'application/xml' }, body });
    expect(resultUris(r)).toEqual(['/r/soup.json']);
  });

  test.for([
    { name: 'a body that is not JSON or XML', headers: { 'content-type': 'text/plain' }, body: 'soup', status: 415, code: 'REST-INVALIDMIMETYPE' },
    { name: 'malformed JSON', headers: JSON_TYPE, body: '{', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'two query roots', headers: JSON_TYPE, body: JSON.stringify({ query: {}, search: {} }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'bad qtext in a body', headers: JSON_TYPE, body: JSON.stringify({ search: { qtext: '"open' } }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
  ])('$name → $status', async ({ headers, body, status, code }) => {
    const api = await recipes();
    const res = await api.fetch('/v1/search?format=json', { method: 'POST', headers, body });
    const err = (await res.json()) as { errorResponse: { messageCode: string } };
    expect([res.status, err.errorResponse.messageCode]).toEqual([status, code]);
  });

  test('multipart bulk read: the page documents, with the search response first when view asks', async () => {
    const api = await recipes();
    const res = await api.fetch('/v1/search?q=french&options=recipes&category=content&format=json', {
      method: 'POST',
      headers: { ...JSON_TYPE, accept: 'multipart/mixed; boundary=BND' },
      body: JSON.stringify({ search: { qtext: 'cuisine:french' } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('vnd.marklogic.result-estimate')).toBe('2');
    const text = await res.text();
    expect(text.match(/Content-Disposition: attachment; filename="\/r\/(salad|stew)\.json"; category=content; format=json/g)).toHaveLength(2);
    const withView = await api.fetch('/v1/search?q=salad&view=results&format=json', { headers: { accept: 'multipart/mixed; boundary=BND' } });
    const parts = (await withView.text()).split('--BND');
    expect(parts[1]).toContain('Content-Disposition: inline');
    expect(parts[1]).toContain('"total":1');
    const none = await api.fetch('/v1/search?q=nothingatall', { headers: { accept: 'multipart/mixed' } });
    expect(none.status).toBe(404);
  });

  // recipes() puts three documents in the collection `recipes`.
  test.for([
    { what: 'a query matching nothing', query: 'q=nothingatall', status: 404, estimate: '0' },
    { what: 'pageLength=0 (the reproducer: format=xml)', query: 'collection=recipes&pageLength=0&format=xml', status: 200, estimate: '3' },
    { what: 'start past the last match', query: 'collection=recipes&start=4', status: 200, estimate: '3' },
  ])('multipart bulk read with no document on the page, $what: $status, empty multipart body', async ({ query, status, estimate }) => {
    const api = await recipes();
    const res = await api.fetch(`/v1/search?${query}`, { headers: { accept: 'multipart/mixed; boundary=BND' } });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('multipart/mixed; boundary=BND');
    expect(res.headers.get('content-length')).toBe('0');
    expect(res.headers.get('vnd.marklogic.result-estimate')).toBe(estimate);
    expect(await res.text()).toBe('');
  });
});

describe('/v1/qbe', () => {
  test('GET and POST a query by example; view=structured shows it as a combined query', async () => {
    const api = await recipes();
    const q = encodeURIComponent(JSON.stringify({ $query: { cuisine: 'french', servings: { $lt: 4 } } }));
    expect(resultUris(await searchJson(api, `/v1/qbe?format=json&query=${q}`))).toEqual(['/r/salad.json']);
    const posted = await searchJson(api, '/v1/qbe?format=json', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ $query: { title: { $word: 'soup' } } }) });
    expect(resultUris(posted)).toEqual(['/r/soup.json']);
    const structured = await api.fetch(`/v1/qbe?format=json&view=structured&query=${encodeURIComponent(JSON.stringify({ $query: { cuisine: 'french' } }))}`);
    expect(await structured.json()).toMatchObject({ search: { query: { queries: [{ 'value-query': { 'json-property': 'cuisine' } }] } } });
  });

  test.for([
    { name: 'no query', path: '/v1/qbe', code: 'REST-REQUIREDPARAM' },
    { name: 'an unknown $ key', path: `/v1/qbe?query=${encodeURIComponent(JSON.stringify({ $query: { a: { $nope: 1 } } }))}`, code: 'REST-INVALIDPARAM' },
  ])('400 for $name', async ({ path, code }) => {
    const api = await recipes();
    const res = await api.fetch(`${path}${path.includes('?') ? '&' : '?'}format=json`);
    const err = (await res.json()) as { errorResponse: { messageCode: string } };
    expect([res.status, err.errorResponse.messageCode]).toEqual([400, code]);
  });
});

describe('search and permissions, transactions', () => {
  test('a document is found by the next request after its write, and gone after its delete', async () => {
    const api = await recipes();
    await putDoc(api, '/new.json', { title: 'Fresh pumpkin soup' });
    expect(resultUris(await searchJson(api, '/v1/search?format=json&q=pumpkin'))).toEqual(['/new.json']);
    await api.fetch('/v1/documents?uri=/new.json', { method: 'DELETE' });
    expect((await searchJson(api, '/v1/search?format=json&q=pumpkin')).total).toBe(0);
  });

  test('rest-reader may search; anonymous requests on the http host may not', async () => {
    const api = await testApi({ auth: 'http' });
    const ok = await api.fetch('/v1/search?format=json', { headers: { authorization: basic('rest-reader') } });
    expect(ok.status).toBe(200);
    expect((await api.fetch('/v1/search?format=json')).status).toBe(401);
  });
});

describe('/v1/suggest', () => {
  test('completes words, constraint names and constraint values', async () => {
    const api = await recipes();
    const words = await api.fetch('/v1/suggest?partial-q=tom&format=json');
    // As written in the documents: the title's "Tomato" keeps its capital.
    expect(await words.json()).toEqual({ suggestions: ['Tomato', 'tomatoes', 'tomorrow'] });
    const constraint = await api.fetch('/v1/suggest?partial-q=salad%20co&options=recipes&format=json');
    expect(((await constraint.json()) as { suggestions: string[] }).suggestions).toContain('salad coll:');
    const values = await api.fetch('/v1/suggest?partial-q=coll:fr&options=recipes&format=json');
    expect(await values.json()).toEqual({ suggestions: ['coll:french'] });
  });
});

describe('/v1/config/indexes', () => {
  test('reports, per option set, the range indexes it needs and whether they exist; and every index with its progress', async () => {
    const api = await recipes();
    const missing = { options: { constraint: [{ name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } }] } };
    await api.fetch('/v1/config/query/prices', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(missing) });
    const res = await api.fetch('/v1/config/indexes?format=json');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { 'index-summaries': Array<{ 'query-options': string; complete: boolean; indexes: Array<{ state: string }> }>; 'range-indexes': Array<{ localname: string; state: string; documents: number }> };
    const byName = Object.fromEntries(body['index-summaries'].map((s) => [s['query-options'], s]));
    expect(byName.recipes).toMatchObject({ complete: true, indexes: [{ usedBy: 'constraint servings', 'scalar-type': 'int', 'json-property': 'servings', state: 'ready' }] });
    expect(byName.prices).toMatchObject({ complete: false, indexes: [{ 'json-property': 'price', state: 'missing' }] });
    expect(byName.default).toMatchObject({ complete: true, 'index-count': 0 });
    expect(body['range-indexes']).toMatchObject([{ localname: 'servings', 'scalar-type': 'int', state: 'ready', documents: 3 }]);
    const one = await api.fetch('/v1/config/indexes/prices?format=json');
    expect(await one.json()).toMatchObject({ 'index-summary': { 'query-options': 'prices', complete: false } });
    expect((await api.fetch('/v1/config/indexes/nothing?format=json')).status).toBe(404);
    const xml = await (await api.fetch('/v1/config/indexes?format=xml')).text();
    expect(xml).toContain('<rapi:index-summary query-options="prices"');
  });
});

describe('search after a worker stop, from the snapshot', () => {
  const queries = ['soup', '"tomato soup"', 'soup NEAR/3 basil', 'title:soup', 'cuisine:french', 'servings GT 3 AND soup', 'coll:recipes'];
  /** The answer without its timings, which differ run to run. */
  const answer = async (api: TestApi, q: string) => {
    const body = await searchJson(api, `/v1/search?${new URLSearchParams({ q, options: 'recipes', format: 'json' })}`);
    return { ...body, metrics: undefined };
  };

  test('every answer (results, snippets, facets) is the same as the first request after the stop and once the texts are decoded', async () => {
    const api = await recipes();
    const before = await Promise.all(queries.map((q) => answer(api, q)));
    await api.db.search.snapshot();
    api.db.close();
    for (const [i, q] of queries.entries()) {
      const first = await reopened(api, { auth: 'application' });
      expect(await answer(first, q), `${q}, first after the stop`).toEqual(before[i]);
      first.db.close();
    }
    const again = await reopened(api, { auth: 'application' });
    await answer(again, 'nothing-at-all');
    await again.db.search.settled();
    for (const [i, q] of queries.entries()) expect(await answer(again, q), `${q}, texts decoded`).toEqual(before[i]);
  });
});

test('a document GET after a worker stop answers without loading the search index or the triple store', async () => {
  const api = await recipes();
  await api.db.search.snapshot();
  api.db.close();
  const again = await reopened(api, { auth: 'application' });
  const res = await again.fetch('/v1/documents?uri=/r/soup.json');
  expect(res.status).toBe(200);
  expect(((await res.json()) as { title: string }).title).toBe('Tomato soup');
  expect(again.db.search.loaded()).toBeUndefined();
  expect(again.db.search.loadCount()).toBe(0);
  expect(again.db.triples.loadCount()).toBe(0);
});
