import { DOMParser, type Element, type Node } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { basic, errorOf, testApi, type TestApi } from '../../test/helpers';

const S = 'http://marklogic.com/appservices/search';
const RAPI = 'http://marklogic.com/rest-api';
const JSON_CT = { 'content-type': 'application/json' };
const XML_CT = { 'content-type': 'application/xml' };

/** A set using most of what users write: constraints of each common kind, grammar, snippets, sorting. */
const shop = {
  'page-length': 20,
  'return-metrics': false,
  'search-option': ['unfiltered'],
  'additional-query': ['<cts:collection-query xmlns:cts="http://marklogic.com/cts"><cts:uri>published</cts:uri></cts:collection-query>'],
  term: { empty: { apply: 'all-results' }, 'term-option': ['case-insensitive'] },
  constraint: [
    { name: 'genre', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/', 'json-property': 'genre', facet: true, 'facet-option': ['frequency-order', 'descending'] } },
    { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price', bucket: [{ name: 'cheap', lt: '10', label: 'Under 10' }, { name: 'dear', ge: '10', label: '10 and up' }] } },
    { name: 'title', word: { 'json-property': 'title', 'term-option': ['stemmed'] } },
    { name: 'tag', collection: { prefix: 'tag/' } },
    { name: 'addr', container: { element: { ns: '', name: 'address' } } },
    { name: 'prop', properties: null },
  ],
  'sort-order': [{ direction: 'descending', score: null }],
  'transform-results': { apply: 'snippet', 'per-match-tokens': 20, 'max-matches': 2, 'max-snippet-chars': 150 },
  grammar: { quotation: '"', joiner: [{ strength: 10, apply: 'infix', 'cts-element': 'cts:or-query', tokenize: 'word', label: 'OR' }] },
};

const restDefaults = { 'search-option': ['unfiltered'], 'quality-weight': 0, 'return-facets': true, 'return-results': true };

function xmlRoot(text: string): Element {
  const el = new DOMParser().parseFromString(text, 'application/xml').documentElement;
  if (!el) throw new Error(`not XML: ${text}`);
  return el as unknown as Element;
}

const elements = (el: Element): Element[] => Array.from(el.childNodes).filter((n: Node): n is Element => n.nodeType === n.ELEMENT_NODE);

const put = (api: TestApi, name: string, options: unknown, headers: Record<string, string> = JSON_CT) =>
  api.fetch(`/v1/config/query/${name}`, { method: 'PUT', headers, body: typeof options === 'string' ? options : JSON.stringify({ options }) });

const getJson = async (api: TestApi, path: string) => (await api.fetch(`${path}?format=json`)).json();

describe('GET /v1/config/query (the list)', () => {
  test('with nothing stored: [] in JSON, an empty rapi:query-options in XML', async () => {
    const api = await testApi();
    expect(await getJson(api, '/v1/config/query')).toEqual([]);
    const res = await api.fetch('/v1/config/query');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const root = xmlRoot(await res.text());
    expect([root.namespaceURI, root.localName, elements(root).length]).toEqual([RAPI, 'query-options', 0]);
  });

  test('names the stored sets in order, with their URIs, in JSON and XML', async () => {
    const api = await testApi();
    for (const name of ['zeta', 'alpha', 'default']) expect((await put(api, name, {})).status).toBe(201);
    expect(await getJson(api, '/v1/config/query')).toEqual([
      { name: 'alpha', uri: '/v1/config/query/alpha' },
      { name: 'default', uri: '/v1/config/query/default' },
      { name: 'zeta', uri: '/v1/config/query/zeta' },
    ]);
    const root = xmlRoot(await (await api.fetch('/v1/config/query')).text());
    const listed = elements(root).map((o) => {
      expect([o.namespaceURI, o.localName]).toEqual([RAPI, 'options']);
      return elements(o).map((c) => `${c.localName}=${c.textContent}`);
    });
    expect(listed).toEqual([
      ['name=alpha', 'uri=/v1/config/query/alpha'],
      ['name=default', 'uri=/v1/config/query/default'],
      ['name=zeta', 'uri=/v1/config/query/zeta'],
    ]);
  });

  test.for<{ name: string; path: string; headers: Record<string, string>; type: string }>([
    { name: 'format=json gives JSON', path: '/v1/config/query?format=json', headers: {}, type: 'json' },
    { name: 'Accept: application/json gives JSON', path: '/v1/config/query', headers: { accept: 'application/json' }, type: 'json' },
    { name: 'no Accept gives XML', path: '/v1/config/query', headers: {}, type: 'xml' },
    { name: 'format=xml wins over Accept', path: '/v1/config/query?format=xml', headers: { accept: 'application/json' }, type: 'xml' },
    { name: 'the /LATEST alias answers', path: '/LATEST/config/query?format=json', headers: {}, type: 'json' },
  ])('$name', async ({ path, headers, type }) => {
    const api = await testApi();
    const res = await api.fetch(path, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`application/${type}; charset=utf-8`);
  });
});

describe('GET /v1/config/query/{name}', () => {
  test('default, when nothing is stored under it, is the REST default set (JSON)', async () => {
    const api = await testApi();
    expect(await getJson(api, '/v1/config/query/default')).toEqual({ options: restDefaults });
  });

  test('default, when nothing is stored under it, is the REST default set (XML)', async () => {
    const api = await testApi();
    const text = await (await api.fetch('/v1/config/query/default')).text();
    expect(text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<options xmlns="${S}"><search-option>unfiltered</search-option><quality-weight>0</quality-weight><return-facets>true</return-facets><return-results>true</return-results></options>`,
    );
  });

  test('default, once stored, is what was stored', async () => {
    const api = await testApi();
    await put(api, 'default', { 'page-length': 3 });
    expect(await getJson(api, '/v1/config/query/default')).toEqual({ options: { 'page-length': 3 } });
  });

  test('a set never stored is 404 RESTAPI-NODOCUMENT', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/query/nope', { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toEqual({
      status: 404,
      code: 'RESTAPI-NODOCUMENT',
      message: "RESTAPI-NODOCUMENT: (err:FOER0000) Resource or document does not exist: category: options message: Options configuration 'nope' not found",
    });
  });

  test('a set written as JSON reads back as the same JSON', async () => {
    const api = await testApi();
    expect((await put(api, 'shop', shop)).status).toBe(201);
    const back = await getJson(api, '/v1/config/query/shop');
    expect(back.options).toMatchObject({ ...shop, 'additional-query': [expect.stringContaining('<cts:uri>published</cts:uri>')] });
  });

  test('a set written as JSON, read as XML and written back as XML, reads as the same JSON', async () => {
    const api = await testApi();
    await put(api, 'shop', shop);
    const xml = await (await api.fetch('/v1/config/query/shop', { headers: { accept: 'application/xml' } })).text();
    const root = xmlRoot(xml);
    expect([root.namespaceURI, root.localName]).toEqual([S, 'options']);
    expect(xml).toContain('<bucket name="cheap" lt="10">Under 10</bucket>');
    expect((await put(api, 'copy', xml, XML_CT)).status).toBe(201);
    expect(await getJson(api, '/v1/config/query/copy')).toEqual(await getJson(api, '/v1/config/query/shop'));
  });

  test('a set written as XML reads as its JSON form', async () => {
    const api = await testApi();
    const xml = `<search:options xmlns:search="${S}">
      <search:page-length>7</search:page-length>
      <search:constraint name="tag"><search:collection prefix="tag/" facet="false"/></search:constraint>
      <search:sort-order direction="descending"><search:score/></search:sort-order>
    </search:options>`;
    expect((await put(api, 'x', xml, { 'content-type': 'text/xml' })).status).toBe(201);
    expect(await getJson(api, '/v1/config/query/x')).toEqual({
      options: { 'page-length': 7, constraint: [{ name: 'tag', collection: { prefix: 'tag/', facet: false } }], 'sort-order': [{ direction: 'descending', score: null }] },
    });
  });

  test('an unknown parameter is 400 REST-UNSUPPORTEDPARAM', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/query/default?view=all', { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'REST-UNSUPPORTEDPARAM' });
  });
});

describe('PUT /v1/config/query/{name}', () => {
  test('answers 201 for a new set and 204 when replacing one, and replaces it whole', async () => {
    const api = await testApi();
    expect((await put(api, 's', { 'page-length': 5, debug: true })).status).toBe(201);
    const res = await put(api, 's', { 'return-facets': false });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { 'return-facets': false } });
  });

  test.for<{ name: string; headers: Record<string, string>; query: string; body: string }>([
    { name: 'JSON by Content-Type', headers: JSON_CT, query: '', body: '{"options":{"page-length":4}}' },
    { name: 'JSON by text/json with a charset', headers: { 'content-type': 'text/json; charset=utf-8' }, query: '', body: '{"options":{"page-length":4}}' },
    { name: 'XML by Content-Type', headers: XML_CT, query: '', body: `<options xmlns="${S}"><page-length>4</page-length></options>` },
    { name: 'JSON by format when there is no Content-Type', headers: {}, query: '?format=json', body: '{"options":{"page-length":4}}' },
    { name: 'XML when nothing says', headers: {}, query: '', body: `<options xmlns="${S}"><page-length>4</page-length></options>` },
    { name: 'JSON by format over a type that is neither', headers: { 'content-type': 'text/plain' }, query: '?format=json', body: '{"options":{"page-length":4}}' },
  ])('reads a body: $name', async ({ headers, query, body }) => {
    const api = await testApi();
    // Bytes, not a string: Fetch would give a string body a text/plain Content-Type.
    const res = await api.fetch(`/v1/config/query/s${query}`, { method: 'PUT', headers, body: new TextEncoder().encode(body) });
    expect(res.status).toBe(201);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { 'page-length': 4 } });
  });

  test.for<{ name: string; headers: Record<string, string>; body: string; status: number; code: string; message?: RegExp }>([
    { name: 'an empty body', headers: JSON_CT, body: '', status: 412, code: 'RESTAPI-EMPTYBODY' },
    { name: 'a body of another type', headers: { 'content-type': 'text/plain' }, body: 'page-length=1', status: 415, code: 'RESTAPI-INVALIDMIMETYPE' },
    { name: 'malformed JSON', headers: JSON_CT, body: '{"options":', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'malformed XML', headers: XML_CT, body: `<options xmlns="${S}">`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'XML sent as JSON', headers: JSON_CT, body: `<options xmlns="${S}"/>`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'JSON that is not an options node', headers: JSON_CT, body: '{"page-length": 4}', status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Unexpected Payload/ },
    { name: 'XML that is not an options node', headers: XML_CT, body: `<query xmlns="${S}"/>`, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Unexpected Payload/ },
    { name: 'an unknown option', headers: JSON_CT, body: '{"options":{"pagelength":4}}', status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Operation results in invalid Options: Unknown option "pagelength"\./ },
    {
      name: 'duplicate constraint names',
      headers: JSON_CT,
      body: JSON.stringify({ options: { constraint: [{ name: 'blah', collection: null }, { name: 'blah', properties: null }] } }),
      status: 400,
      code: 'RESTAPI-INVALIDCONTENT',
      message: /Invalid content: Operation results in invalid Options: Operator or constraint name "blah" is used more than once \(must be unique\)\./,
    },
    { name: 'a constraint without a kind', headers: JSON_CT, body: '{"options":{"constraint":[{"name":"a"}]}}', status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Constraint "a" has no kind/ },
    { name: 'a values range of a type Tabula has no index for', headers: JSON_CT, body: '{"options":{"values":[{"name":"v","range":{"type":"xs:gYear","json-property":"n"}}]}}', status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /range type "xs:gYear" is not supported/ },
    { name: 'an invalid set written as XML', headers: XML_CT, body: `<options xmlns="${S}"><page-length>many</page-length></options>`, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /page-length must be a non-negative integer, not "many"/ },
    { name: 'a bad format parameter', headers: JSON_CT, body: '{"options":{}}', status: 400, code: 'REST-INVALIDPARAM' },
  ])('refuses $name with $status $code, storing nothing', async ({ headers, body, status, code, message }) => {
    const api = await testApi();
    await put(api, 'kept', { 'page-length': 1 });
    const query = code === 'REST-INVALIDPARAM' ? '?format=csv' : '';
    for (const name of ['kept', 'new']) {
      const res = await api.fetch(`/v1/config/query/${name}${query}`, { method: 'PUT', headers: { ...headers, accept: 'application/json' }, body });
      const err = await errorOf(res);
      expect(err).toMatchObject({ status, code });
      if (message) expect(err.message).toMatch(message);
    }
    expect(await getJson(api, '/v1/config/query/kept')).toEqual({ options: { 'page-length': 1 } });
    expect(await getJson(api, '/v1/config/query')).toEqual([{ name: 'kept', uri: '/v1/config/query/kept' }]);
  });

  test('with validate-options off, an invalid set is stored as sent', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/config/properties', { method: 'PUT', headers: JSON_CT, body: '{"validate-options":false}' })).status).toBe(204);
    expect((await put(api, 'loose', { 'page-lenght': 10, constraint: [{ name: 'a' }, { name: 'a' }] })).status).toBe(201);
    expect(await getJson(api, '/v1/config/query/loose')).toEqual({ options: { 'page-lenght': '10', constraint: [{ name: 'a' }, { name: 'a' }] } });
  });

  test('with validate-options off, a body that is not options is still refused', async () => {
    const api = await testApi();
    await api.fetch('/v1/config/properties', { method: 'PUT', headers: JSON_CT, body: '{"validate-options":false}' });
    expect((await put(api, 'x', '{"constraint":[]}')).status).toBe(400);
  });
});

describe('POST /v1/config/query/{name}', () => {
  test('creates a set that does not exist (201)', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/query/s', { method: 'POST', headers: JSON_CT, body: JSON.stringify({ options: { 'page-length': 5 } }) });
    expect(res.status).toBe(201);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { 'page-length': 5 } });
  });

  test('appends the body’s children to an existing set (201)', async () => {
    const api = await testApi();
    await put(api, 's', { 'page-length': 5, constraint: [{ name: 'a', collection: null }] });
    const xml = `<options xmlns="${S}"><constraint name="b"><properties/></constraint><return-facets>false</return-facets></options>`;
    expect((await api.fetch('/v1/config/query/s', { method: 'POST', headers: XML_CT, body: xml })).status).toBe(201);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({
      options: { 'page-length': 5, constraint: [{ name: 'a', collection: null }, { name: 'b', properties: null }], 'return-facets': false },
    });
  });

  test.for<{ name: string; body: object; status: number; code: string; message: RegExp }>([
    { name: 'an append that makes a constraint name appear twice', body: { constraint: [{ name: 'a', properties: null }] }, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Operator or constraint name "a" is used more than once/ },
    { name: 'an options node with nothing to append', body: {}, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Unexpected Payload/ },
  ])('refuses $name, changing nothing', async ({ body, status, code, message }) => {
    const api = await testApi();
    await put(api, 's', { constraint: [{ name: 'a', collection: null }] });
    const res = await api.fetch('/v1/config/query/s', { method: 'POST', headers: { ...JSON_CT, accept: 'application/json' }, body: JSON.stringify({ options: body }) });
    const err = await errorOf(res);
    expect(err).toMatchObject({ status, code });
    expect(err.message).toMatch(message);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { constraint: [{ name: 'a', collection: null }] } });
  });
});

describe('DELETE /v1/config/query[/{name}]', () => {
  test('removes one set (204); the others stay', async () => {
    const api = await testApi();
    await put(api, 'a', {});
    await put(api, 'b', {});
    expect((await api.fetch('/v1/config/query/a', { method: 'DELETE' })).status).toBe(204);
    expect(await getJson(api, '/v1/config/query')).toEqual([{ name: 'b', uri: '/v1/config/query/b' }]);
    expect((await api.fetch('/v1/config/query/a?format=json')).status).toBe(404);
  });

  test('answers 204 for a set that does not exist', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/config/query/none', { method: 'DELETE' })).status).toBe(204);
  });

  test('with check=exists, a set that does not exist is 404', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/query/none?check=exists', { method: 'DELETE', headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 404, code: 'RESTAPI-NODOCUMENT' });
    await put(api, 'some', {});
    expect((await api.fetch('/v1/config/query/some?check=exists', { method: 'DELETE' })).status).toBe(204);
  });

  test('a check other than exists is 400 REST-INVALIDPARAM', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/query/none?check=maybe', { method: 'DELETE', headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
  });

  test('deleting default brings back the REST defaults', async () => {
    const api = await testApi();
    await put(api, 'default', { 'page-length': 3 });
    await api.fetch('/v1/config/query/default', { method: 'DELETE' });
    expect(await getJson(api, '/v1/config/query/default')).toEqual({ options: restDefaults });
  });

  test('DELETE /v1/config/query removes every set (204)', async () => {
    const api = await testApi();
    await put(api, 'a', {});
    await put(api, 'b', {});
    expect((await api.fetch('/v1/config/query', { method: 'DELETE' })).status).toBe(204);
    expect(await getJson(api, '/v1/config/query')).toEqual([]);
  });
});

describe('/v1/config/query/{name}/{child}', () => {
  test('GET gives an options node holding only that child, in JSON and XML', async () => {
    const api = await testApi();
    await put(api, 'shop', shop);
    const json = await getJson(api, '/v1/config/query/shop/constraint');
    expect(json).toEqual({ options: { constraint: shop.constraint } });
    expect(await getJson(api, '/v1/config/query/shop/page-length')).toEqual({ options: { 'page-length': 20 } });
    const root = xmlRoot(await (await api.fetch('/v1/config/query/shop/constraint')).text());
    expect([root.namespaceURI, root.localName]).toEqual([S, 'options']);
    expect(elements(root).map((e) => `${e.localName}:${e.getAttribute('name')}`)).toEqual(shop.constraint.map((c) => `constraint:${c.name}`));
  });

  test.for([
    { name: 'a child the set does not have', setup: true, path: '/v1/config/query/shop/values', what: 'shop/values' },
    { name: 'a set that does not exist', setup: false, path: '/v1/config/query/none/constraint', what: 'none/constraint' },
    { name: 'a child of the unstored default', setup: false, path: '/v1/config/query/default/search-option', what: 'default/search-option' },
  ])('GET of $name is 404 RESTAPI-NODOCUMENT', async ({ setup, path, what }) => {
    const api = await testApi();
    if (setup) await put(api, 'shop', shop);
    const err = await errorOf(await api.fetch(path, { headers: { accept: 'application/json' } }));
    expect(err).toMatchObject({ status: 404, code: 'RESTAPI-NODOCUMENT' });
    expect(err.message).toContain(`Child of options node at '${what}' not found`);
  });

  test('PUT replaces that child only (204)', async () => {
    const api = await testApi();
    await put(api, 's', { 'page-length': 5, constraint: [{ name: 'a', collection: null }] });
    const body = JSON.stringify({ options: { constraint: [{ name: 'b', properties: null }] } });
    expect((await api.fetch('/v1/config/query/s/constraint', { method: 'PUT', headers: JSON_CT, body })).status).toBe(204);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { 'page-length': 5, constraint: [{ name: 'b', properties: null }] } });
  });

  test('PUT creates the set when it does not exist', async () => {
    const api = await testApi();
    const body = `<options xmlns="${S}"><page-length>9</page-length></options>`;
    expect((await api.fetch('/v1/config/query/s/page-length', { method: 'PUT', headers: XML_CT, body })).status).toBe(204);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { 'page-length': 9 } });
  });

  test('POST appends to that child (201)', async () => {
    const api = await testApi();
    await put(api, 's', { constraint: [{ name: 'a', collection: null }] });
    const body = JSON.stringify({ options: { constraint: [{ name: 'b', properties: null }] } });
    expect((await api.fetch('/v1/config/query/s/constraint', { method: 'POST', headers: JSON_CT, body })).status).toBe(201);
    expect(await getJson(api, '/v1/config/query/s/constraint')).toEqual({ options: { constraint: [{ name: 'a', collection: null }, { name: 'b', properties: null }] } });
  });

  test('DELETE removes that child (204), and answers 204 when there is none', async () => {
    const api = await testApi();
    await put(api, 's', { 'page-length': 5, constraint: [{ name: 'a', collection: null }] });
    expect((await api.fetch('/v1/config/query/s/constraint', { method: 'DELETE' })).status).toBe(204);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: { 'page-length': 5 } });
    expect((await api.fetch('/v1/config/query/s/constraint', { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch('/v1/config/query/none/constraint', { method: 'DELETE' })).status).toBe(204);
  });

  test.for<{ name: string; method: string; body: object; status: number; code: string; message: RegExp }>([
    { name: 'PUT of another child', method: 'PUT', body: { 'page-length': 5 }, status: 400, code: 'REST-INVALIDPARAM', message: /Options node submitted in request does not match options node in URL pattern/ },
    { name: 'PUT of two children', method: 'PUT', body: { constraint: [{ name: 'b', properties: null }], 'page-length': 5 }, status: 400, code: 'REST-INVALIDPARAM', message: /does not match options node in URL pattern/ },
    { name: 'PUT of no child', method: 'PUT', body: {}, status: 400, code: 'REST-INVALIDPARAM', message: /does not match options node in URL pattern/ },
    { name: 'POST of another child', method: 'POST', body: { 'page-length': 5 }, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Child element in URL step must match child element in options payload/ },
    { name: 'POST of two children', method: 'POST', body: { constraint: [{ name: 'b', properties: null }], 'page-length': 5 }, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /All child elements in URL step must match child element in options payload/ },
    { name: 'PUT of an invalid child', method: 'PUT', body: { constraint: [{ name: 'x' }] }, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Operation results in invalid Options: Constraint "x" has no kind/ },
    { name: 'POST making a name appear twice', method: 'POST', body: { constraint: [{ name: 'a', properties: null }] }, status: 400, code: 'RESTAPI-INVALIDCONTENT', message: /Operator or constraint name "a" is used more than once/ },
  ])('$name is $status $code, changing nothing', async ({ method, body, status, code, message }) => {
    const api = await testApi();
    const before = { constraint: [{ name: 'a', collection: null }] };
    await put(api, 's', before);
    const res = await api.fetch('/v1/config/query/s/constraint', { method, headers: { ...JSON_CT, accept: 'application/json' }, body: JSON.stringify({ options: body }) });
    const err = await errorOf(res);
    expect(err).toMatchObject({ status, code });
    expect(err.message).toMatch(message);
    expect(await getJson(api, '/v1/config/query/s')).toEqual({ options: before });
  });

  test('an empty child body is 412 RESTAPI-EMPTYBODY', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/query/s/constraint', { method: 'POST', headers: { ...JSON_CT, accept: 'application/json' }, body: '' });
    expect(await errorOf(res)).toMatchObject({ status: 412, code: 'RESTAPI-EMPTYBODY' });
  });
});

describe('roles and methods', () => {
  const body = JSON.stringify({ options: { 'page-length': 5 } });
  const childBody = JSON.stringify({ options: { 'page-length': 6 } });
  test.for<{ user: string; method: string; path: string; body?: string; status: number }>([
    { user: 'rest-reader', method: 'GET', path: '/v1/config/query?format=json', status: 200 },
    { user: 'rest-reader', method: 'GET', path: '/v1/config/query/s?format=json', status: 200 },
    { user: 'rest-reader', method: 'GET', path: '/v1/config/query/s/page-length?format=json', status: 200 },
    { user: 'rest-reader', method: 'PUT', path: '/v1/config/query/n', body, status: 403 },
    { user: 'rest-reader', method: 'POST', path: '/v1/config/query/n', body, status: 403 },
    { user: 'rest-reader', method: 'DELETE', path: '/v1/config/query/s', status: 403 },
    { user: 'rest-reader', method: 'DELETE', path: '/v1/config/query', status: 403 },
    { user: 'rest-writer', method: 'PUT', path: '/v1/config/query/n', body, status: 403 },
    { user: 'rest-writer', method: 'PUT', path: '/v1/config/query/s/page-length', body: childBody, status: 403 },
    { user: 'rest-writer', method: 'POST', path: '/v1/config/query/s/page-length', body: childBody, status: 403 },
    { user: 'rest-writer', method: 'DELETE', path: '/v1/config/query/s/page-length', status: 403 },
    { user: 'rest-admin', method: 'PUT', path: '/v1/config/query/n', body, status: 201 },
    { user: 'rest-admin', method: 'PUT', path: '/v1/config/query/s/page-length', body: childBody, status: 204 },
    { user: 'rest-admin', method: 'DELETE', path: '/v1/config/query', status: 204 },
    { user: 'admin', method: 'POST', path: '/v1/config/query/n', body, status: 201 },
    { user: 'nobody', method: 'GET', path: '/v1/config/query/s?format=json', status: 403 },
  ])('$user: $method $path → $status', async ({ user, method, path, body: b, status }) => {
    const api = await testApi({ auth: 'http' });
    await api.db.users.create({ name: 'nobody', password: 'nobody', roles: [] });
    await api.db.queryOptions.put('s', { 'page-length': 5 });
    const res = await api.fetch(path, { method, body: b, headers: { ...(b ? JSON_CT : {}), authorization: basic(user), accept: 'application/json' } });
    expect(res.status).toBe(status);
    if (status === 403) expect(await errorOf(res)).toMatchObject({ code: 'SEC-PRIV', message: 'You do not have permission to this method and URL.' });
  });

  test('a forbidden write stores nothing', async () => {
    const api = await testApi({ defaultUser: 'rest-writer' });
    await api.fetch('/v1/config/query/n', { method: 'PUT', headers: JSON_CT, body });
    expect(await api.db.queryOptions.list()).toEqual([]);
  });

  test.for([
    { method: 'PUT', path: '/v1/config/query' },
    { method: 'POST', path: '/v1/config/query' },
    { method: 'PATCH', path: '/v1/config/query/s' },
    { method: 'PATCH', path: '/v1/config/query/s/constraint' },
  ])('$method $path → 405 REST-UNSUPPORTEDMETHOD', async ({ method, path }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method, headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 405, code: 'REST-UNSUPPORTEDMETHOD' });
  });
});

describe('durability', () => {
  test('an acknowledged write is in IndexedDB: a database opened afresh reads it', async () => {
    const api = await testApi();
    await put(api, 'shop', shop);
    const { Database } = await import('../db/database');
    const again = await Database.open({ indexedDB, name: api.db.name });
    try {
      expect(await again.queryOptions.list()).toContain('shop');
    } finally {
      again.close();
    }
  });
});
