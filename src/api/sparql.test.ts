import { describe, expect, test } from 'vitest';
import { basic, errorResponse, testApi, type TestApi } from '../../test/helpers';
import { isStreamed } from './http/streamed-response';

const QUERY = { 'content-type': 'application/sparql-query' };
const UPDATE = { 'content-type': 'application/sparql-update' };
const JSON_RESULTS = { accept: 'application/sparql-results+json' };

async function update(api: TestApi, text: string, query = '', headers: Record<string, string> = {}) {
  return api.fetch(`/v1/graphs/sparql${query}`, { method: 'POST', headers: { ...UPDATE, ...headers }, body: text });
}

async function select(api: TestApi, text: string, query = '', headers: Record<string, string> = {}) {
  const res = await api.fetch(`/v1/graphs/sparql${query}`, { method: 'POST', headers: { ...QUERY, ...JSON_RESULTS, ...headers }, body: text });
  expect(res.status).toBe(200);
  return res.json();
}

const values = (results: { results: { bindings: Array<Record<string, { value: string }>> } }, name: string) =>
  results.results.bindings.map((b) => b[name]?.value);

const DATA = `PREFIX ex: <http://example.org/>
INSERT DATA {
  ex:ada ex:name "Ada" ; ex:age 36 .
  GRAPH ex:g1 { ex:grace ex:name "Grace"@en ; ex:knows ex:ada . }
  GRAPH ex:g2 { ex:alan ex:name "Alan" . }
}`;

async function seeded() {
  const api = await testApi();
  expect((await update(api, DATA)).status).toBe(201);
  return api;
}

describe('SPARQL queries', () => {
  test.for([
    { name: 'GET ?query=', run: (api: TestApi) => api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent('SELECT ?n WHERE { ?s <http://example.org/name> ?n }')}`, { headers: JSON_RESULTS }) },
    { name: 'POST application/sparql-query', run: (api: TestApi) => api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { ...QUERY, ...JSON_RESULTS }, body: 'SELECT ?n WHERE { ?s <http://example.org/name> ?n }' }) },
    {
      name: 'POST form',
      run: (api: TestApi) =>
        api.fetch('/v1/graphs/sparql', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...JSON_RESULTS },
          body: `query=${encodeURIComponent('SELECT ?n WHERE { ?s <http://example.org/name> ?n }')}`,
        }),
    },
  ])('a query by $name sees the union of all graphs when none is named', async ({ run }) => {
    const api = await seeded();
    const res = await run(api);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/sparql-results+json; charset=utf-8');
    expect(values(await res.json(), 'n').sort()).toEqual(['Ada', 'Alan', 'Grace']);
    // Built as the stream the service worker hands over without re-wrapping it.
    expect(isStreamed(res)).toBe(true);
  });

  test('default-graph-uri names the graphs of the default graph; the default graph is named by its reserved IRI', async () => {
    const api = await seeded();
    const q = 'SELECT ?n WHERE { ?s <http://example.org/name> ?n }';
    expect(values(await select(api, q, '?default-graph-uri=http://example.org/g1'), 'n')).toEqual(['Grace']);
    expect(values(await select(api, q, `?default-graph-uri=${encodeURIComponent('http://marklogic.com/semantics#default-graph')}`), 'n')).toEqual(['Ada']);
    expect(values(await select(api, q, '?default-graph-uri=http://example.org/g1&default-graph-uri=http://example.org/g2'), 'n').sort()).toEqual(['Alan', 'Grace']);
  });

  test('request parameters win over FROM and FROM NAMED', async () => {
    const api = await seeded();
    const q = 'SELECT ?g ?n FROM NAMED <http://example.org/g2> WHERE { GRAPH ?g { ?s <http://example.org/name> ?n } }';
    expect(values(await select(api, q, '?named-graph-uri=http://example.org/g1'), 'n')).toEqual(['Grace']);
  });

  test('bind: parameters bind IRIs, typed and language-tagged literals', async () => {
    const api = await seeded();
    const q = 'SELECT ?n WHERE { ?s <http://example.org/name> ?n }';
    expect(values(await select(api, q, '?bind:s=http://example.org/ada'), 'n')).toEqual(['Ada']);
    expect(values(await select(api, q, '?bind:n@en=Grace'), 'n')).toEqual(['Grace']);
    const byAge = await select(api, 'SELECT ?s WHERE { ?s <http://example.org/age> ?age }', '?bind:age:integer=36');
    expect(values(byAge, 's')).toEqual(['http://example.org/ada']);
    const two = await select(api, q, '?bind:s=http://example.org/ada&bind:s=http://example.org/alan');
    expect(values(two, 'n').sort()).toEqual(['Ada', 'Alan']);
  });

  test('start and pageLength page the solutions, 1-based', async () => {
    const api = await seeded();
    const q = 'SELECT ?n WHERE { ?s <http://example.org/name> ?n } ORDER BY ?n';
    expect(values(await select(api, q, '?start=2&pageLength=1'), 'n')).toEqual(['Alan']);
    expect(values(await select(api, q, '?start=3'), 'n')).toEqual(['Grace']);
    const none = await select(api, q, '?pageLength=0');
    expect(none.results.bindings).toEqual([]);
  });

  test.for([
    { accept: 'application/sparql-results+xml', type: 'application/sparql-results+xml', contains: '<sparql xmlns="http://www.w3.org/2005/sparql-results#">' },
    { accept: 'application/xml', type: 'application/xml', contains: '<literal>Ada</literal>' },
    { accept: 'text/csv', type: 'text/csv', contains: 'n\r\nAda\r\n' },
    { accept: 'text/tab-separated-values', type: 'text/tab-separated-values', contains: '?n\n"Ada"' },
    { accept: 'text/html', type: 'text/html', contains: '<title>SPARQL results</title>' },
    { accept: '', type: 'application/sparql-results+xml', contains: '<binding name="n">' },
  ])('SELECT answers $accept as $type', async ({ accept, type, contains }) => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { ...QUERY, ...(accept ? { accept } : {}) },
      body: 'SELECT ?n WHERE { <http://example.org/ada> <http://example.org/name> ?n }',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(await res.text()).toContain(contains);
  });

  test('SELECT as HTML links IRIs to the things view with MarkLogic escaping and escapes literals', async () => {
    const api = await testApi();
    await update(api, 'INSERT DATA { <http://example.org/id#1> <http://example.org/p> "<script>x</script>" }');
    const res = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { ...QUERY, accept: 'text/html' }, body: 'SELECT * WHERE { ?s ?p ?o }' });
    const html = await res.text();
    expect(html).toContain('<a href="/v1/graphs/things?iri=http%3a//example.org/id%231">http://example.org/id#1</a>');
    expect(html).not.toContain('<script>');
  });

  test('ASK answers a boolean', async () => {
    const api = await seeded();
    expect(await select(api, 'ASK { ?s <http://example.org/name> "Ada" }')).toEqual({ head: {}, boolean: true });
    const xml = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { ...QUERY, accept: 'application/sparql-results+xml' }, body: 'ASK { ?s ?p "nobody" }' });
    expect(await xml.text()).toContain('<boolean>false</boolean>');
  });

  test.for([
    { accept: 'text/turtle', contains: '<http://example.org/ada> <http://example.org/name> "Ada"' },
    { accept: 'application/n-triples', contains: '<http://example.org/ada> <http://example.org/name> "Ada" .' },
    { accept: 'application/rdf+json', contains: '"http://example.org/ada":{"http://example.org/name":[{"value":"Ada","type":"literal"}]}' },
    { accept: 'application/rdf+xml', contains: 'rdf:RDF' },
    { accept: 'application/ld+json', contains: '"@id"' },
    { accept: 'application/n-quads', contains: '<http://example.org/ada> <http://example.org/name> "Ada" .' },
  ])('CONSTRUCT answers $accept', async ({ accept, contains }) => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { ...QUERY, accept },
      body: 'CONSTRUCT { ?s <http://example.org/name> ?n } WHERE { ?s <http://example.org/name> ?n FILTER(?n = "Ada") }',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${accept}; charset=utf-8`);
    expect(await res.text()).toContain(contains);
  });

  test('Turtle declares the well-known prefixes it uses', async () => {
    const api = await testApi();
    await update(api, 'INSERT DATA { <http://example.org/p1> <http://xmlns.com/foaf/0.1/name> "Ada" }');
    const res = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { ...QUERY, accept: 'text/turtle' }, body: 'CONSTRUCT WHERE { ?s ?p ?o }' });
    const text = await res.text();
    expect(text).toContain('@prefix foaf: <http://xmlns.com/foaf/0.1/>');
    expect(text).toContain('foaf:name "Ada"');
  });

  test('DESCRIBE answers the triples of the node', async () => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { ...QUERY, accept: 'application/n-triples' }, body: 'DESCRIBE <http://example.org/ada>' });
    expect(await res.text()).toContain('<http://example.org/ada> <http://example.org/age>');
  });

  test.for([
    { name: 'a results type for CONSTRUCT', body: 'CONSTRUCT WHERE { ?s ?p ?o }', accept: 'application/sparql-results+json' },
    { name: 'an RDF type for SELECT', body: 'SELECT * WHERE { ?s ?p ?o }', accept: 'text/turtle' },
    { name: 'an unknown type', body: 'SELECT * WHERE { ?s ?p ?o }', accept: 'image/png' },
  ])('asking $name is 406', async ({ body, accept }) => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { ...QUERY, accept, 'x-error-accept': 'application/json' }, body });
    expect(res.status).toBe(406);
    expect((await errorResponse(res)).messageCode).toBe('REST-UNACCEPTABLETYPE');
  });

  test('a syntax error is 400 RESTAPI-INVALIDCONTENT with the parser message', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/graphs/sparql?query=' + encodeURIComponent('SELECT * WHERE { ?s ?p '), { headers: { accept: 'application/json' } });
    expect(res.status).toBe(400);
    const err = await errorResponse(res);
    expect(err.messageCode).toBe('RESTAPI-INVALIDCONTENT');
    expect(err.message.length).toBeGreaterThan(40);
  });

  test('path-form IRIs round-trip unchanged', async () => {
    const api = await testApi();
    expect((await update(api, 'INSERT DATA { GRAPH <marklogic.com/people> { <marklogic.com/r1> <marklogic.com/p1> "literal1" } }')).status).toBe(201);
    const r = await select(api, 'SELECT ?s ?g WHERE { GRAPH ?g { ?s ?p ?o } }');
    expect(r.results.bindings).toEqual([{ s: { type: 'uri', value: 'marklogic.com/r1' }, g: { type: 'uri', value: 'marklogic.com/people' } }]);
    const list = await (await api.fetch('/v1/graphs', { headers: { accept: 'text/uri-list' } })).text();
    expect(list.split('\r\n')).toContain('marklogic.com/people');
  });
});

describe('SPARQL updates', () => {
  test('an update that creates a graph answers 201, one that does not 200, an empty one 204', async () => {
    const api = await testApi();
    expect((await update(api, 'INSERT DATA { GRAPH <http://g/new> { <http://s> <http://p> 1 } }')).status).toBe(201);
    expect((await update(api, 'INSERT DATA { GRAPH <http://g/new> { <http://s> <http://p> 2 } }')).status).toBe(200);
    expect((await update(api, '')).status).toBe(204);
  });

  test('a form-encoded update is applied', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `update=${encodeURIComponent('INSERT DATA { <http://s> <http://p> "form" }')}`,
    });
    // The default graph always exists: writing to it creates no graph.
    expect(res.status).toBe(200);
    expect(values(await select(api, 'SELECT ?o WHERE { ?s ?p ?o }'), 'o')).toEqual(['form']);
  });

  test('DELETE/INSERT WHERE with using-graph-uri reads the named graph as the default graph', async () => {
    const api = await seeded();
    const res = await update(
      api,
      'INSERT { GRAPH <http://example.org/copy> { ?s a <http://example.org/Person> } } WHERE { ?s <http://example.org/name> ?n }',
      '?using-graph-uri=http://example.org/g2',
    );
    expect(res.status).toBe(201);
    expect(values(await select(api, 'SELECT ?s WHERE { GRAPH <http://example.org/copy> { ?s a ?c } }'), 's')).toEqual(['http://example.org/alan']);
  });

  test('using-graph-uri together with WITH in the update is 400', async () => {
    const api = await seeded();
    const res = await update(api, 'WITH <http://example.org/g1> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }', '?using-graph-uri=http://example.org/g2', { accept: 'application/json' });
    expect(res.status).toBe(400);
    expect((await select(api, 'ASK { GRAPH <http://example.org/g1> { ?s ?p ?o } }')).boolean).toBe(true);
  });

  test('an update is atomic: a failing operation undoes the ones before it', async () => {
    const api = await testApi();
    const res = await update(api, 'INSERT DATA { <http://s> <http://p> "kept?" } ; CREATE GRAPH <http://g> ; CREATE GRAPH <http://g>', '', { accept: 'application/json' });
    expect(res.status).toBe(400);
    expect((await select(api, 'ASK { ?s ?p ?o }')).boolean).toBe(false);
  });

  test('a syntax error in an update is 400 and changes nothing', async () => {
    const api = await testApi();
    const res = await update(api, 'INSERT DATA { <http://s> <http://p> ', '', { accept: 'application/json' });
    expect(res.status).toBe(400);
    expect((await errorResponse(res)).messageCode).toBe('RESTAPI-INVALIDCONTENT');
  });

  test('perm: gives a graph the update creates extra permissions, on top of the defaults', async () => {
    const api = await testApi();
    await update(api, 'INSERT DATA { GRAPH <http://g/p> { <http://s> <http://p> 1 } }', '?perm:app-user=read');
    const res = await api.fetch('/v1/graphs?graph=http://g/p&category=permissions&format=json');
    const perms = (await res.json()).permissions.map((p: { 'role-name': string }) => p['role-name']);
    expect(perms).toEqual(expect.arrayContaining(['rest-reader', 'rest-writer', 'app-user']));
  });

  test.for([
    { name: 'rest-reader may query', user: 'rest-reader', update: false, status: 200 },
    { name: 'rest-reader may not update', user: 'rest-reader', update: true, status: 403 },
    { name: 'rest-writer may update', user: 'rest-writer', update: true, status: 201 },
  ])('$name', async ({ user, update: isUpdate, status }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { ...(isUpdate ? UPDATE : QUERY), authorization: basic(user), accept: 'application/sparql-results+json' },
      body: isUpdate ? 'INSERT DATA { GRAPH <http://g> { <http://s> <http://p> 1 } }' : 'ASK {}',
    });
    expect(res.status).toBe(status);
  });

  test('NOW(), UUID() and blank nodes from an INSERT template are stored once, as first evaluated', async () => {
    const api = await testApi();
    await update(api, 'INSERT { <http://s> <http://t> ?now ; <http://u> ?id ; <http://b> [ <http://x> 1 ] } WHERE { BIND(NOW() AS ?now) BIND(UUID() AS ?id) }');
    const first = await select(api, 'SELECT ?now ?id ?b WHERE { <http://s> <http://t> ?now ; <http://u> ?id ; <http://b> ?b }');
    const again = await select(api, 'SELECT ?now ?id ?b WHERE { <http://s> <http://t> ?now ; <http://u> ?id ; <http://b> ?b }');
    expect(again).toEqual(first);
    expect(first.results.bindings).toHaveLength(1);
  });
});

describe('SELECT * columns', () => {
  test('come in the order the variables first appear in the query', async () => {
    const api = await testApi();
    await update(api, 'INSERT DATA { <http://s> <http://p> "o" }');
    const r = await select(api, 'SELECT * WHERE { ?subject ?predicate ?object }');
    expect(r.head.vars).toEqual(['subject', 'predicate', 'object']);
  });
});
