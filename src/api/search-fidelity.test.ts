/**
 * Search as a MarkLogic client expects it, where Tabula used to differ: untyped range
 * constraints and facets, extract-document-data namespaces, return-plan, QBE validation
 * and format, cts query bodies. Table-driven through the real handler; expected values
 * come from the documents written here.
 */
import { describe, expect, test } from 'vitest';
import { testApi, type TestApi } from '../../test/helpers';

const JSON_TYPE = { 'content-type': 'application/json' };
const XML_TYPE = { 'content-type': 'application/xml' };

interface Fruit {
  uri: string;
  content: string | Record<string, unknown>;
}

/** Three JSON fruit and two XML fruit; `tag` and `price` in both formats. */
const FRUIT: Fruit[] = [
  { uri: '/f/apple.json', content: { name: 'apple', tag: 'red', price: 3 } },
  { uri: '/f/banana.json', content: { name: 'banana', tag: 'yellow', price: 1 } },
  { uri: '/f/cherry.json', content: { name: 'cherry', tag: 'red', price: 8 } },
  { uri: '/f/plum.xml', content: '<fruit xmlns:f="urn:f"><name>plum</name><tag>purple</tag><price>5</price><f:origin>Spain</f:origin></fruit>' },
  { uri: '/f/lime.xml', content: '<fruit xmlns:f="urn:f"><name>lime</name><tag>green</tag><price>2</price><f:origin>Mexico</f:origin></fruit>' },
];
const contentOf = (f: Fruit) => (typeof f.content === 'string' ? { tag: /<tag>(.*)<\/tag>/.exec(f.content)![1], price: Number(/<price>(.*)<\/price>/.exec(f.content)![1]) } : (f.content as { tag: string; price: number }));

interface IndexDef {
  localname: string;
  type: string;
  collation?: string;
}

async function fruitApi(indexes: IndexDef[] = [{ localname: 'tag', type: 'string' }, { localname: 'price', type: 'int' }]): Promise<TestApi> {
  const api = await testApi();
  for (const f of FRUIT) {
    const res = await api.fetch(`/v1/documents?uri=${encodeURIComponent(f.uri)}`, {
      method: 'PUT',
      headers: typeof f.content === 'string' ? XML_TYPE : JSON_TYPE,
      body: typeof f.content === 'string' ? f.content : JSON.stringify(f.content),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const res = await api.fetch(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, {
    method: 'PUT',
    headers: JSON_TYPE,
    body: JSON.stringify({
      'range-element-index': indexes.map((i) => ({
        'scalar-type': i.type,
        'namespace-uri': '',
        localname: i.localname,
        collation: i.type === 'string' ? (i.collation ?? 'http://marklogic.com/collation/') : '',
        'range-value-positions': false,
        'invalid-values': 'ignore',
      })),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(204);
  await api.db.search.ready();
  await api.db.search.rangeIndexesSettled();
  return api;
}

async function post(api: TestApi, path: string, body: unknown, headers: Record<string, string> = JSON_TYPE): Promise<{ status: number; text: string; json: () => any }> {
  const res = await api.fetch(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

/** Facet values of `prop` over `docs`, as MarkLogic lists them: item order, with counts. */
function expectedFacet(docs: Fruit[], prop: 'tag' | 'price'): Array<{ name: string; count: number }> {
  const counts = new Map<string | number, number>();
  for (const d of docs) {
    const v = contentOf(d)[prop];
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([v, count]) => ({ name: String(v), count }));
}

describe('a range constraint or facet without a type takes the type of its range index', () => {
  test.for([
    { name: 'a string facet', prop: 'tag' as const, type: 'xs:string' },
    { name: 'an int facet', prop: 'price' as const, type: 'xs:int' },
  ])('$name: the facet counts by the one index on the property', async ({ prop, type }) => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json&pageLength=0', { search: { options: { constraint: [{ name: prop, range: { 'json-property': prop, facet: true } }] } } });
    expect(r.status, r.text).toBe(200);
    const facet = r.json().facets[prop];
    expect(facet.type).toBe(type);
    expect(facet.facetValues.map((v: { name: string; count: number }) => ({ name: v.name, count: v.count }))).toEqual(expectedFacet(FRUIT, prop));
  });

  test.for([
    { name: 'an equality', qtext: 'tag:red', expected: FRUIT.filter((f) => contentOf(f).tag === 'red') },
    // An element range matches XML elements, as cts:element-range-query does.
    { name: 'a comparison on an element', qtext: 'price GT 2', expected: FRUIT.filter((f) => typeof f.content === 'string' && contentOf(f).price > 2) },
  ])('an untyped range constraint in a string query compares by the index type: $name', async ({ qtext, expected }) => {
    const api = await fruitApi();
    const options = { constraint: [{ name: 'tag', range: { 'json-property': 'tag' } }, { name: 'price', range: { element: { name: 'price', ns: '' } } }] };
    const r = await post(api, '/v1/search?format=json', { search: { qtext, options } });
    expect(r.status, r.text).toBe(200);
    expect(r.json().results.map((x: { uri: string }) => x.uri).sort()).toEqual(expected.map((f) => f.uri).sort());
  });

  test('a stored option set with an untyped range constraint is accepted and used', async () => {
    const api = await fruitApi();
    const put = await api.fetch('/v1/config/query/untyped', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ options: { constraint: [{ name: 'tag', range: { 'json-property': 'tag' } }] } }) });
    expect(put.status, await put.text()).toBe(201);
    const res = await api.fetch('/v1/search?options=untyped&q=tag:yellow&format=json');
    const body = (await res.json()) as { results: Array<{ uri: string }>; facets: Record<string, { type: string }> };
    expect(body.results.map((x) => x.uri)).toEqual(['/f/banana.json']);
    expect(body.facets.tag.type).toBe('xs:string');
  });

  test.for([
    {
      name: 'no range index on the property: XDMP-ELEMRIDXNOTFOUND naming it',
      indexes: [{ localname: 'price', type: 'int' }],
      code: 'XDMP-ELEMRIDXNOTFOUND',
      message: /cts:json-property-reference\("tag"\) -- No element range index for tag/,
    },
    {
      name: 'two indexes on the property (two types): SEARCH-INVALARGS naming both',
      indexes: [{ localname: 'tag', type: 'string' }, { localname: 'tag', type: 'anyURI' }],
      code: 'SEARCH-INVALARGS',
      message: /several range indexes \(xs:string \(collation http:\/\/marklogic.com\/collation\/\), xs:anyURI \(collation http:\/\/marklogic.com\/collation\/\)\)/,
    },
    {
      name: 'two string indexes with different collations: SEARCH-INVALARGS',
      indexes: [{ localname: 'tag', type: 'string' }, { localname: 'tag', type: 'string', collation: 'http://marklogic.com/collation/codepoint' }],
      code: 'SEARCH-INVALARGS',
      message: /several range indexes/,
    },
  ])('$name', async ({ indexes, code, message }) => {
    const api = await fruitApi(indexes);
    const r = await post(api, '/v1/search?format=json', { search: { options: { constraint: [{ name: 'tag', range: { 'json-property': 'tag' } }] } } });
    expect(r.status, r.text).toBe(400);
    expect(r.json().errorResponse.messageCode).toBe(code);
    expect(r.json().errorResponse.message).toMatch(message);
  });

  test('a collation picks one of two string indexes on the property', async () => {
    const api = await fruitApi([{ localname: 'tag', type: 'string' }, { localname: 'tag', type: 'string', collation: 'http://marklogic.com/collation/codepoint' }]);
    const options = { constraint: [{ name: 'tag', range: { 'json-property': 'tag', collation: 'http://marklogic.com/collation/codepoint' } }] };
    const r = await post(api, '/v1/search?format=json&pageLength=0', { search: { options } });
    expect(r.status, r.text).toBe(200);
    expect(r.json().facets.tag.facetValues.map((v: { name: string }) => v.name)).toEqual(expectedFacet(FRUIT, 'tag').map((v) => v.name));
  });
});

describe('extract-document-data binds the prefixes of its extract paths', () => {
  const xmlOrigins = FRUIT.filter((f) => typeof f.content === 'string').map((f) => ({ uri: f.uri, origin: /<f:origin>(.*)<\/f:origin>/.exec(f.content as string)![1] }));
  const extracted = (r: { json: () => any }) =>
    Object.fromEntries((r.json().results as Array<{ uri: string; extracted?: { content: string[] } }>).map((x) => [x.uri, x.extracted?.content ?? null]));

  test.for([
    { name: 'JSON options with namespaces', options: { 'extract-document-data': { selected: 'include', 'extract-path': ['/fruit/f:origin'], namespaces: { f: 'urn:f' } } } },
    { name: 'JSON options naming the namespace under another prefix', options: { 'extract-document-data': { 'extract-path': ['/fruit/o:origin'], namespaces: { o: 'urn:f' } } } },
  ])('$name: each XML document gives its namespaced element', async ({ options }) => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json&directory=/f/', { search: { options } });
    expect(r.status, r.text).toBe(200);
    const got = extracted(r);
    for (const { uri, origin } of xmlOrigins) {
      expect(got[uri]).toHaveLength(1);
      expect(got[uri]![0]).toMatch(new RegExp(`^<f:origin xmlns:f="urn:f">${origin}</f:origin>$`));
    }
  });

  test('an option set written as XML keeps the prefixes in scope of its extract paths, and reads back as JSON namespaces', async () => {
    const api = await fruitApi();
    const xml = '<options xmlns="http://marklogic.com/appservices/search" xmlns:f="urn:f"><extract-document-data selected="include"><extract-path>/fruit/f:origin</extract-path></extract-document-data></options>';
    const put = await api.fetch('/v1/config/query/ex', { method: 'PUT', headers: XML_TYPE, body: xml });
    expect(put.status, await put.text()).toBe(201);
    const read = (await (await api.fetch('/v1/config/query/ex?format=json')).json()) as { options: Record<string, unknown> };
    expect(read.options['extract-document-data']).toEqual({ selected: 'include', 'extract-path': ['/fruit/f:origin'], namespaces: { f: 'urn:f' } });
    const res = await api.fetch('/v1/search?options=ex&format=json&directory=/f/');
    const body = (await res.json()) as unknown;
    const got = extracted({ json: () => body });
    for (const { uri, origin } of xmlOrigins) expect(got[uri]![0]).toContain(`>${origin}</f:origin>`);
  });

  test('a prefix the namespaces do not bind is refused with 400 REST-INVALIDPARAM naming the path', async () => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json&directory=/f/', { search: { options: { 'extract-document-data': { 'extract-path': ['/fruit/g:origin'], namespaces: { f: 'urn:f' } } } } });
    expect(r.status, r.text).toBe(400);
    expect(r.json().errorResponse.messageCode).toBe('REST-INVALIDPARAM');
    expect(r.json().errorResponse.message).toContain('/fruit/g:origin');
  });

  test('namespaces that are not a prefix map are refused with 400 RESTAPI-INVALIDCONTENT', async () => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json', { search: { options: { 'extract-document-data': { 'extract-path': ['/fruit/f:origin'], namespaces: ['urn:f'] } } } });
    expect(r.status, r.text).toBe(400);
    expect(r.json().errorResponse.messageCode).toBe('RESTAPI-INVALIDCONTENT');
  });
});

describe('return-plan', () => {
  test.for([
    { name: 'inline in a combined query', path: '/v1/search?format=json', body: { search: { options: { 'return-plan': true } } } },
    { name: 'inline with a query by example', path: '/v1/qbe?format=json', body: { search: { options: { 'return-plan': true }, $query: { tag: 'red' } } } },
  ])('is refused by name, 400 REST-INVALIDPARAM, never silently ignored: $name', async ({ path, body }) => {
    const api = await fruitApi();
    const r = await post(api, path, body);
    expect(r.status, r.text).toBe(400);
    expect(r.json().errorResponse.messageCode).toBe('REST-INVALIDPARAM');
    expect(r.json().errorResponse.message).toMatch(/return-plan is not supported/);
  });

  test('in a stored option set: the set is kept, a search with it is refused by name', async () => {
    const api = await fruitApi();
    const put = await api.fetch('/v1/config/query/planned', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ options: { 'return-plan': true } }) });
    expect(put.status, await put.text()).toBe(201);
    const res = await api.fetch('/v1/search?options=planned&format=json');
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(text).toMatch(/return-plan is not supported/);
  });

  test('return-plan false searches as usual', async () => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json', { search: { options: { 'return-plan': false } } });
    expect(r.status, r.text).toBe(200);
    expect(r.json().total).toBe(FRUIT.length);
  });
});

describe('a QBE asked to validate itself', () => {
  const BAD_WORD = { $query: { $word: { text: 'red' } }, $validate: true };
  test.for([
    { name: 'POST /v1/qbe', path: '/v1/qbe?format=json', body: BAD_WORD },
    { name: 'POST /v1/search', path: '/v1/search?format=json', body: BAD_WORD },
    { name: 'a combined query on /v1/search', path: '/v1/search?format=json', body: { search: { $query: BAD_WORD.$query, $validate: true } } },
  ])('answers an invalid one 200 with the invalid-query report naming QBE-WORDOPERATOR: $name', async ({ path, body }) => {
    const api = await fruitApi();
    const r = await post(api, path, body);
    expect(r.status, r.text).toBe(200);
    const report = r.json()['invalid-query']['query-parse-errors'];
    expect(report).toHaveLength(1);
    expect(report[0].id).toBe('QBE-WORDOPERATOR');
    expect(report[0].message).toMatch(/\$query\.\$word/);
  });

  test('the report is XML when XML is asked', async () => {
    const api = await fruitApi();
    const r = await post(api, '/v1/qbe?format=xml', { $query: { price: { $gt: [1, 2] } }, $validate: true });
    expect(r.status, r.text).toBe(200);
    expect(r.text).toMatch(/^<q:invalid-query xmlns:q="http:\/\/marklogic.com\/appservices\/querybyexample"><q:query-parse-errors><q:report id="QBE-RANGEOPERATOR">[^<]*\$gt[^<]*<\/q:report><\/q:query-parse-errors><\/q:invalid-query>$/);
  });

  test('view=validate reports an invalid XML QBE the same way', async () => {
    const api = await fruitApi();
    const qbe = '<q:qbe xmlns:q="http://marklogic.com/appservices/querybyexample"><q:query><q:word></q:word></q:query></q:qbe>';
    const r = await post(api, '/v1/qbe?format=json&view=validate', qbe, XML_TYPE);
    expect(r.status, r.text).toBe(200);
    expect(r.json()['invalid-query']['query-parse-errors'][0].id).toBe('QBE-WORDOPERATOR');
  });

  test('a valid one searches as usual', async () => {
    const api = await fruitApi();
    const r = await post(api, '/v1/qbe?format=json', { $query: { tag: 'red' }, $validate: true });
    expect(r.status, r.text).toBe(200);
    const uris = (r.json().results as Array<{ uri: string }>).map((x) => x.uri).sort();
    expect(uris).toEqual(FRUIT.filter((f) => typeof f.content !== 'string' && contentOf(f).tag === 'red').map((f) => f.uri).sort());
  });

  test('an invalid one without $validate is still a 400', async () => {
    const api = await fruitApi();
    const r = await post(api, '/v1/qbe?format=json', { $query: { $word: { text: 'red' } } });
    expect(r.status, r.text).toBe(400);
    expect(r.json().errorResponse.messageCode).toBe('RESTAPI-INVALIDCONTENT');
  });
});

describe('a QBE matches documents of its own format', () => {
  const isJson = (f: Fruit) => typeof f.content !== 'string';
  test.for([
    { name: 'a JSON $gt range', path: '/v1/qbe?format=json', body: { $query: { price: { $gt: 1 } } }, expected: FRUIT.filter((f) => isJson(f) && contentOf(f).price > 1) },
    { name: 'a JSON $le range', path: '/v1/qbe?format=json', body: { $query: { price: { $le: 5 } } }, expected: FRUIT.filter((f) => isJson(f) && contentOf(f).price <= 5) },
    { name: 'a JSON QBE with $format xml', path: '/v1/qbe?format=json', body: { $query: { price: { $gt: 1 } }, $format: 'xml' }, expected: FRUIT.filter((f) => !isJson(f) && contentOf(f).price > 1) },
    {
      name: 'an XML $gt range',
      path: '/v1/qbe?format=json',
      body: '<q:qbe xmlns:q="http://marklogic.com/appservices/querybyexample"><q:query><price><q:gt>1</q:gt></price></q:query></q:qbe>',
      expected: FRUIT.filter((f) => !isJson(f) && contentOf(f).price > 1),
    },
    { name: 'a JSON range through /v1/search', path: '/v1/search?format=json', body: { $query: { price: { $ge: 2 } } }, expected: FRUIT.filter((f) => isJson(f) && contentOf(f).price >= 2) },
  ])('$name', async ({ path, body, expected }) => {
    const api = await fruitApi();
    const r = await post(api, path, body, typeof body === 'string' ? XML_TYPE : JSON_TYPE);
    expect(r.status, r.text).toBe(200);
    expect((r.json().results as Array<{ uri: string }>).map((x) => x.uri).sort()).toEqual(expected.map((f) => f.uri).sort());
  });

  test('a structured json-property range query matches JSON documents, an element one XML documents', async () => {
    const api = await fruitApi();
    for (const [scope, json] of [[{ 'json-property': 'price' }, true], [{ element: { name: 'price', ns: '' } }, false]] as const) {
      const r = await post(api, '/v1/search?format=json', { query: { queries: [{ 'range-query': { ...scope, type: 'xs:int', 'range-operator': 'GT', value: [0] } }] } });
      expect(r.status, r.text).toBe(200);
      expect((r.json().results as Array<{ uri: string }>).map((x) => x.uri).sort()).toEqual(FRUIT.filter((f) => isJson(f) === json).map((f) => f.uri).sort());
    }
  });
});

describe('POST /v1/search with a cts query', () => {
  const CTS = 'xmlns:cts="http://marklogic.com/cts"';
  const isJson = (f: Fruit) => typeof f.content !== 'string';
  const red = FRUIT.filter((f) => isJson(f) && contentOf(f).tag === 'red');
  const cheapJson = FRUIT.filter((f) => isJson(f) && contentOf(f).price < 4);
  const xmlOver2 = FRUIT.filter((f) => !isJson(f) && contentOf(f).price > 2);
  test.for([
    { name: 'a JSON ctsquery', body: { ctsquery: { jsonPropertyValueQuery: { property: ['tag'], value: ['red'] } } }, expected: red },
    { name: 'a JSON ctsquery range, typed by the index', body: { ctsquery: { jsonPropertyRangeQuery: { property: ['price'], operator: '<', value: [4] } } }, expected: cheapJson },
    { name: 'a cts XML element', body: `<cts:json-property-value-query ${CTS}><cts:property>tag</cts:property><cts:value>red</cts:value></cts:json-property-value-query>`, expected: red },
    { name: 'a cts XML element range on XML documents', body: `<cts:element-range-query ${CTS} operator="&gt;"><cts:element>price</cts:element><cts:value>2</cts:value></cts:element-range-query>`, expected: xmlOver2 },
    { name: 'a combined query whose query is a ctsquery', body: { search: { ctsquery: { jsonPropertyValueQuery: { property: ['tag'], value: ['red'] } }, options: { 'return-query': true } } }, expected: red },
    { name: 'a combined query with qtext and a ctsquery, ANDed', body: { search: { ctsquery: { jsonPropertyRangeQuery: { property: ['price'], operator: '<', value: [4] } }, qtext: 'apple' } }, expected: cheapJson.filter((f) => contentOf(f).price === 3) },
    {
      name: 'an XML combined query holding a cts query',
      body: `<search:search xmlns:search="http://marklogic.com/appservices/search"><cts:json-property-value-query ${CTS}><cts:property>tag</cts:property><cts:value>red</cts:value></cts:json-property-value-query></search:search>`,
      expected: red,
    },
  ])('$name finds what it selects', async ({ body, expected }) => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json', body, typeof body === 'string' ? XML_TYPE : JSON_TYPE);
    expect(r.status, r.text).toBe(200);
    expect((r.json().results as Array<{ uri: string }>).map((x) => x.uri).sort()).toEqual(expected.map((f) => f.uri).sort());
  });

  test.for([
    { name: 'a ctsquery beside a structured query', body: { search: { ctsquery: { trueQuery: {} }, query: { queries: [] } } }, message: /Too many subqueries/ },
    {
      name: 'a cts query beside search:query in XML',
      body: `<search:search xmlns:search="http://marklogic.com/appservices/search"><search:query/><cts:true-query ${CTS}/></search:search>`,
      message: /Too many subqueries/,
    },
    { name: 'an unknown cts kind', body: { ctsquery: { noSuchQuery: {} } }, message: /noSuchQuery/ },
  ])('refuses $name with 400 RESTAPI-INVALIDCONTENT', async ({ body, message }) => {
    const api = await fruitApi();
    const r = await post(api, '/v1/search?format=json', body, typeof body === 'string' ? XML_TYPE : JSON_TYPE);
    expect(r.status, r.text).toBe(400);
    expect(r.json().errorResponse.messageCode).toBe('RESTAPI-INVALIDCONTENT');
    expect(r.json().errorResponse.message).toMatch(message);
  });
});

describe('/v1/suggest', () => {
  const NOTES = [
    { uri: '/n/1.json', content: { note: 'aSuggestA and a silent night' } },
    { uri: '/n/2.json', content: { note: 'aSuggestB in the silence' } },
    { uri: '/n/3.json', content: { note: 'riverside Ripe' } },
  ];
  const wordsOf = (prefix: string) =>
    [...new Set(NOTES.flatMap((n) => n.content.note.split(/\s+/)))].filter((w) => w.toLowerCase().startsWith(prefix.toLowerCase()) && w.toLowerCase() !== prefix.toLowerCase()).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  async function notesApi(): Promise<TestApi> {
    const api = await testApi();
    for (const n of NOTES) {
      const res = await api.fetch(`/v1/documents?uri=${n.uri}`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(n.content) });
      expect(res.status).toBe(201);
    }
    return api;
  }
  const suggestions = async (api: TestApi, query: string): Promise<string[]> => {
    const res = await api.fetch(`/v1/suggest?${query}&format=json`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return (JSON.parse(text) as { suggestions: string[] }).suggestions;
  };

  test.for([
    { name: 'a lower-case partial', partial: 'asug', expected: wordsOf('asug') },
    { name: 'a mixed-case partial', partial: 'aSug', expected: wordsOf('aSug') },
    { name: 'a word written with a capital', partial: 'rip', expected: wordsOf('rip') },
  ])('suggestions keep the case of the words they come from: $name', async ({ partial, expected }) => {
    const api = await notesApi();
    expect(expected.length).toBeGreaterThan(0);
    expect(await suggestions(api, `partial-q=${partial}`)).toEqual(expected);
  });

  test.for([
    { name: 'inside the first token', partial: 'silent ri', cursor: 3, expected: wordsOf('sil').map((w) => `${w} ri`) },
    { name: 'at the end of the first token', partial: 'silent ri', cursor: 6, expected: wordsOf('silent').map((w) => `${w} ri`) },
    { name: 'at the end of the text', partial: 'silent ri', cursor: 9, expected: wordsOf('ri').map((w) => `silent ${w}`) },
    { name: 'inside a middle token', partial: 'a sil ri', cursor: 4, expected: wordsOf('si').map((w) => `a ${w} ri`) },
  ])('cursor-position completes the token at the cursor and keeps the rest of the text: $name', async ({ partial, cursor, expected }) => {
    const api = await notesApi();
    expect(await suggestions(api, `partial-q=${encodeURIComponent(partial)}&cursor-position=${cursor}`)).toEqual(expected);
  });

  test.for([
    { name: 'no format and no Accept', headers: {} as Record<string, string>, type: 'application/xml' },
    { name: 'Accept: application/json (the official client)', headers: { accept: 'application/json' }, type: 'application/json' },
    { name: 'Accept: application/xml', headers: { accept: 'application/xml' }, type: 'application/xml' },
  ])('the answer is XML unless JSON is asked for: $name', async ({ headers, type }) => {
    const api = await notesApi();
    const res = await api.fetch('/v1/suggest?partial-q=sil', { headers });
    expect(res.headers.get('content-type')).toMatch(new RegExp(`^${type}`));
    const text = await res.text();
    const expected = wordsOf('sil');
    if (type === 'application/json') expect(JSON.parse(text)).toEqual({ suggestions: expected });
    else expect(text).toBe(`<search:suggestions xmlns:search="http://marklogic.com/appservices/search">${expected.map((w) => `<search:suggestion>${w}</search:suggestion>`).join('')}</search:suggestions>`);
  });
});
