/**
 * Graph data as sent and request parameters as MarkLogic reads them: bindings checked
 * against their XSD type, the default graph's reserved IRI, relative IRIs, IRI-valued
 * parameters, database=, empty bodies, timestamps.
 */
import { describe, expect, test } from 'vitest';
import { errorResponse, testApi, type TestApi } from '../../test/helpers';

const JSON_RESULTS = { accept: 'application/sparql-results+json' };

const sparqlGet = (api: TestApi, query: string, extra = '') =>
  api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(query)}${extra}`, { headers: JSON_RESULTS });

async function allTriples(api: TestApi): Promise<string[]> {
  const res = await sparqlGet(api, 'SELECT * WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }');
  return (await res.json()).results.bindings.map((b: Record<string, { value: string }>) => `${b.s.value} ${b.p.value} ${b.o.value}`);
}

describe('bind: values typed by name', () => {
  test.for([
    { param: 'bind:u:nosuchtype=5', why: 'nosuchtype is not an XSD datatype' },
    { param: 'bind:u:unsignedLong=abc', why: '"abc" is not a valid xsd:unsignedLong' },
    { param: 'bind:u:unsignedLong=-1', why: '"-1" is not a valid xsd:unsignedLong' },
    { param: 'bind:u:byte=128', why: '"128" is not a valid xsd:byte' },
    { param: 'bind:u:int=2147483648', why: '"2147483648" is not a valid xsd:int' },
    { param: 'bind:u:decimal=1e3', why: '"1e3" is not a valid xsd:decimal' },
    { param: 'bind:u:boolean=yes', why: '"yes" is not a valid xsd:boolean' },
    { param: 'bind:u:date=2021-02-30', why: '"2021-02-30" is not a valid xsd:date' },
    { param: 'bind:u:dateTime=2021-01-01', why: '"2021-01-01" is not a valid xsd:dateTime' },
    { param: 'bind:u:integer=%205', why: '" 5" is not a valid xsd:integer' },
  ])('$param is 400 REST-INVALIDPARAM saying why', async ({ param, why }) => {
    const api = await testApi();
    const res = await sparqlGet(api, 'SELECT ?u WHERE {}', `&${param}`);
    expect(res.status).toBe(400);
    const err = await errorResponse(res);
    expect(err.messageCode).toBe('REST-INVALIDPARAM');
    expect(err.message).toContain(why);
  });

  test.for([
    'bind:u:unsignedLong=18446744073709551615',
    'bind:u:int=-2147483648',
    'bind:u:decimal=-.5',
    'bind:u:double=-INF',
    'bind:u:float=1.5E-3',
    'bind:u:boolean=0',
    'bind:u:date=2024-02-29Z',
    'bind:u:dateTime=2021-01-01T24:00:00%2B14:00',
    'bind:u:time=13:20:00.5',
    'bind:u:duration=P1Y2MT3.5S',
    'bind:u:gYearMonth=2021-12',
    'bind:u:string=%20any%20thing%20',
    'bind:u:hexBinary=0FB7',
    'bind:u:language=en-GB',
  ])('%s is a value of its type and binds', async (param) => {
    const api = await testApi();
    const res = await sparqlGet(api, 'SELECT ?u WHERE {}', `&${param}`);
    expect(res.status).toBe(200);
  });

  test('an update with an invalid binding is 400 and changes nothing', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/graphs/sparql?bind:v:int=x', {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-update' },
      body: 'INSERT DATA { <http://s> <http://p> "o" } ; INSERT { <http://s> <http://q> ?v } WHERE {}',
    });
    expect(res.status).toBe(400);
    expect((await errorResponse(res)).messageCode).toBe('REST-INVALIDPARAM');
    expect(await allTriples(api)).toEqual([]);
  });
});

describe('the default graph named by its reserved IRI', () => {
  const DG = 'http://marklogic.com/semantics#default-graph';
  const seed = async () => {
    const api = await testApi();
    await api.fetch('/v1/graphs?default', { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: '<http://ex/d> <http://ex/p> _:b .\n_:b <http://ex/q> "in default" .\n' });
    await api.fetch('/v1/graphs?graph=http://ex/g', { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: '<http://ex/n> <http://ex/p> "in g" .\n' });
    return api;
  };
  const rows = async (res: Response) => {
    expect(res.status).toBe(200);
    return (await res.json()).results.bindings.map((b: Record<string, { value: string }>) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v.value])));
  };

  test.for([
    { name: 'GRAPH <…#default-graph> over the union', query: `SELECT ?o WHERE { GRAPH <${DG}> { ?s <http://ex/q> ?o } }`, extra: '' },
    { name: 'a prefixed GRAPH sem:default-graph', query: `PREFIX sem: <http://marklogic.com/semantics#> SELECT ?o WHERE { GRAPH sem:default-graph { ?s <http://ex/q> ?o } }`, extra: '' },
    { name: 'FROM NAMED', query: `SELECT ?o FROM NAMED <${DG}> WHERE { GRAPH ?g { ?s <http://ex/q> ?o } }`, extra: '' },
    { name: 'named-graph-uri', query: 'SELECT ?o WHERE { GRAPH ?g { ?s <http://ex/q> ?o } }', extra: `&named-graph-uri=${encodeURIComponent(DG)}` },
    { name: 'GRAPH <…> joined with the default graph through a blank node', query: `SELECT ?o WHERE { <http://ex/d> <http://ex/p> ?b GRAPH <${DG}> { ?b <http://ex/q> ?o } }`, extra: '' },
  ])('$name finds the triples of the default graph', async ({ query, extra }) => {
    const api = await seed();
    expect(await rows(await sparqlGet(api, query, extra))).toEqual([{ o: 'in default' }]);
    // The copy under the reserved IRI lasts only as long as the query.
    expect(await rows(await sparqlGet(api, 'SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }'))).toEqual([{ g: 'http://ex/g' }]);
  });

  test('GRAPH ?g with the default graph among the named graphs binds its reserved IRI', async () => {
    const api = await seed();
    const res = await sparqlGet(api, 'SELECT ?g ?o WHERE { GRAPH ?g { ?s ?p ?o FILTER isLiteral(?o) } }', `&named-graph-uri=${encodeURIComponent(DG)}&named-graph-uri=http://ex/g`);
    expect((await rows(res)).sort((a: { o: string }, b: { o: string }) => a.o.localeCompare(b.o))).toEqual([
      { g: DG, o: 'in default' },
      { g: 'http://ex/g', o: 'in g' },
    ]);
  });

  test('an update WHERE with GRAPH <…#default-graph> and using-named-graph-uri reads the default graph', async () => {
    const api = await seed();
    const update = (body: string, extra = '') =>
      api.fetch(`/v1/graphs/sparql${extra}`, { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body });
    expect((await update(`INSERT { GRAPH <http://ex/copy> { ?s ?p ?o } } WHERE { GRAPH <${DG}> { ?s <http://ex/q> ?o . ?s ?p ?o } }`)).status).toBe(201);
    expect((await update('INSERT { GRAPH <http://ex/copy2> { ?s ?p ?o } } WHERE { GRAPH ?g { ?s <http://ex/q> ?o . ?s ?p ?o } }', `?using-named-graph-uri=${encodeURIComponent(DG)}`)).status).toBe(201);
    for (const g of ['http://ex/copy', 'http://ex/copy2']) {
      const res = await api.fetch(`/v1/graphs?graph=${g}`, { headers: { accept: 'application/n-triples' } });
      expect((await res.text()).trim()).toMatch(/^_:\S+ <http:\/\/ex\/q> "in default" \.$/);
    }
  });
});

describe('IRI-valued parameters', () => {
  const DESCRIBE = `/v1/graphs/sparql?query=${encodeURIComponent('DESCRIBE <http://seed/s>')}`;
  const UPDATE = (q: string) => ({ url: `/v1/graphs/sparql?${q}`, init: { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: 'INSERT DATA { <http://s> <http://p> "o" }' } });
  const put = (q: string) => ({ url: `/v1/graphs?${q}`, init: { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: '<http://s> <http://p> "o" .' } });
  test.for([
    { param: 'named-graph-uri', url: `${DESCRIBE}&named-graph-uri=%00`, init: {} },
    { param: 'default-graph-uri', url: `${DESCRIBE}&default-graph-uri=http://a/%25zz`, init: {} },
    { param: 'base', url: `${DESCRIBE}&base=http://%5Bx/`, init: {} },
    { param: 'using-graph-uri', ...UPDATE('using-graph-uri=http://a%23b%23c') },
    { param: 'using-named-graph-uri', ...UPDATE('using-named-graph-uri=%00') },
    { param: 'graph', ...put('graph=http://a:port/') },
    { param: 'base', ...put('graph=http://ex/g&base=http://a/%25') },
    { param: 'graph', url: '/v1/graphs?graph=http://a/%EF%BF%BE', init: {} },
    { param: 'graph', url: '/v1/graphs?graph=http://a/%0A', init: { method: 'DELETE' } },
    { param: 'iri', url: '/v1/graphs/things?iri=%01', init: {} },
  ])('$param with an invalid IRI is 400 REST-INVALIDPARAM naming it ($url)', async ({ param, url, init }) => {
    const api = await testApi();
    const res = await api.fetch(url, init);
    expect(res.status).toBe(400);
    const err = await errorResponse(res);
    expect(err.messageCode).toBe('REST-INVALIDPARAM');
    expect(err.message).toContain(`${param}: invalid IRI`);
    expect(await allTriples(api)).toEqual([]);
  });

  test('path forms and the values the official client sends stay valid', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/graphs?graph=marklogic.com/people', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: '<http://s> <http://p> "o" .' })).status).toBe(201);
    const update = await api.fetch('/v1/graphs/sparql?using-named-graph-uri=true', { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: 'INSERT DATA { <http://s> <http://p> "o2" }' });
    expect(update.status).toBe(200);
  });
});

const TTL_BODY = { headers: { 'content-type': 'text/turtle' }, body: '<http://s> <http://p> "o" .' };
const withParam = (url: string, param: string) => `${url}${url.includes('?') ? '&' : '?'}${param}`;
const SPARQL_Q = `/v1/graphs/sparql?query=${encodeURIComponent('SELECT * WHERE { ?s ?p ?o }')}`;
/** Every endpoint whose parameters include database and timestamp, with a request that would otherwise succeed. */
const ENDPOINTS: Array<{ name: string; url: string; init?: RequestInit }> = [
  { name: 'GET /v1/documents', url: '/v1/documents?uri=/a.json' },
  { name: 'PUT /v1/documents', url: '/v1/documents?uri=/b.json', init: { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"b":1}' } },
  { name: 'DELETE /v1/documents', url: '/v1/documents?uri=/a.json', init: { method: 'DELETE' } },
  { name: 'GET /v1/search', url: '/v1/search?q=a&format=json' },
  { name: 'GET /v1/suggest', url: '/v1/suggest?partial-q=a' },
  { name: 'GET /v1/graphs', url: '/v1/graphs?graph=http://ex/g' },
  { name: 'PUT /v1/graphs', url: '/v1/graphs?graph=http://ex/new', init: { method: 'PUT', ...TTL_BODY } },
  { name: 'GET /v1/graphs/things', url: '/v1/graphs/things?iri=http://s' },
  { name: 'GET /v1/graphs/sparql', url: SPARQL_Q },
  { name: 'POST /v1/graphs/sparql (update)', url: '/v1/graphs/sparql', init: { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: 'INSERT DATA { GRAPH <http://ex/new> { <http://s> <http://p> "o" } }' } },
];

async function seededForEndpoints() {
  const api = await testApi();
  await api.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"a":"a"}' });
  await api.fetch('/v1/graphs?graph=http://ex/g', { method: 'PUT', ...TTL_BODY });
  return api;
}

async function unchanged(api: TestApi) {
  expect((await api.fetch('/v1/documents?uri=/a.json')).status).toBe(200);
  expect((await api.fetch('/v1/documents?uri=/b.json')).status).toBe(404);
  expect((await api.fetch('/v1/graphs?graph=http://ex/new')).status).toBe(404);
}

describe('database=', () => {
  test.for(ENDPOINTS)('$name with the database\'s own name is accepted', async ({ url, init }) => {
    const api = await seededForEndpoints();
    const res = await api.fetch(withParam(url, `database=${api.db.name}`), init);
    expect(res.status).toBeLessThan(300);
  });

  test.for(ENDPOINTS)('$name with another database is 400 XDMP-NOSUCHDB and changes nothing', async ({ url, init }) => {
    const api = await seededForEndpoints();
    const res = await api.fetch(withParam(url, 'database=Other'), init);
    expect(res.status).toBe(400);
    const err = await errorResponse(res);
    expect(err.messageCode).toBe('XDMP-NOSUCHDB');
    expect(err.message).toBe('XDMP-NOSUCHDB: (err:FOER0000) No such database: Other');
    await unchanged(api);
  });
});

describe('timestamp=', () => {
  test.for(ENDPOINTS)('$name with a timestamp is 400 saying point-in-time reads are not supported', async ({ url, init }) => {
    const api = await seededForEndpoints();
    const res = await api.fetch(withParam(url, 'timestamp=1700000000000'), init);
    expect(res.status).toBe(400);
    const err = await errorResponse(res);
    expect(err.messageCode).toBe('REST-UNSUPPORTEDPARAM');
    expect(err.message).toContain('point-in-time reads are not supported');
    await unchanged(api);
  });
});

describe('ML-Effective-Timestamp on graph reads', () => {
  test.for([
    { name: 'GET /v1/graphs?graph=', url: '/v1/graphs?graph=http://ex/g' },
    { name: 'HEAD /v1/graphs?graph=', url: '/v1/graphs?graph=http://ex/g', init: { method: 'HEAD' } },
    { name: 'GET /v1/graphs (list)', url: '/v1/graphs' },
    { name: 'GET /v1/graphs/things', url: '/v1/graphs/things?iri=http://s' },
    { name: 'a SPARQL query', url: SPARQL_Q },
  ])('$name carries the database time it read, as document reads do', async ({ url, init }) => {
    const api = await seededForEndpoints();
    const before = Number((await api.fetch('/v1/documents?uri=/a.json')).headers.get('ML-Effective-Timestamp'));
    const res = await api.fetch(url, init);
    expect(res.status).toBe(200);
    const stamp = Number(res.headers.get('ML-Effective-Timestamp'));
    expect(Number.isSafeInteger(stamp) && stamp >= before).toBe(true);
  });
});

describe('empty graph-store bodies', () => {
  test.for(['PUT', 'POST'])('%s /v1/graphs with an empty body is 412 RESTAPI-EMPTYBODY and changes nothing', async (method) => {
    const api = await seededForEndpoints();
    const before = await allTriples(api);
    for (const url of ['/v1/graphs?graph=http://ex/g', '/v1/graphs?default', '/v1/graphs']) {
      const res = await api.fetch(url, { method, headers: { 'content-type': 'text/turtle' }, body: '' });
      expect(res.status).toBe(412);
      expect((await errorResponse(res)).messageCode).toBe('RESTAPI-EMPTYBODY');
    }
    expect(await allTriples(api)).toEqual(before);
  });
});
