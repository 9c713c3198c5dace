/**
 * The SPARQL module's side of the wire: what it sends to `/v1/graphs/sparql` and how
 * it reads the answers. A recording fetch stands in for the server, so every request
 * is inspected as the server would receive it.
 */
import { describe, expect, test } from 'vitest';
import { keepRequest, recordingClient, type Responder } from '../../test/recording-client';
import { ApiError } from './create-client';
import { bindingParam, MAX_GET_QUERY_LENGTH, rdfJsonTriples, type SparqlApi } from './sparql';

function recording(responder: Responder = () => new Response(null, { status: 204 })) {
  const { client, requests } = recordingClient(responder, keepRequest);
  return { sparql: client.sparql as SparqlApi, requests };
}

const answer = (body: unknown, type: string, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': type } });

const params = (req: Request) => [...new URL(req.url).searchParams];

const selectJson = {
  head: { vars: ['s', 'name'] },
  results: {
    bindings: [
      { s: { type: 'uri', value: 'http://example.org/p1' }, name: { type: 'literal', value: 'Ada', 'xml:lang': 'en' } },
      { s: { type: 'bnode', value: 'b0' } },
    ],
  },
};

describe('query: the request', () => {
  test('POSTs the text as application/sparql-query, asking for the JSON of the form given', async () => {
    const { sparql, requests } = recording(() => answer(selectJson, 'application/sparql-results+json'));
    await sparql.query('SELECT * WHERE { ?s ?p ?o }', { form: 'SELECT' });
    const [req] = requests;
    expect(req.method).toBe('POST');
    expect(new URL(req.url).pathname).toBe('/v1/graphs/sparql');
    expect(req.headers.get('content-type')).toBe('application/sparql-query');
    expect(req.headers.get('accept')).toBe('application/sparql-results+json');
    expect(await req.text()).toBe('SELECT * WHERE { ?s ?p ?o }');
    expect(params(req)).toEqual([]);
  });

  test.for([
    { name: 'ASK asks for results JSON', form: 'ASK', accept: 'application/sparql-results+json' },
    { name: 'CONSTRUCT asks for RDF/JSON', form: 'CONSTRUCT', accept: 'application/rdf+json' },
    { name: 'DESCRIBE asks for RDF/JSON', form: 'DESCRIBE', accept: 'application/rdf+json' },
    { name: 'an unknown form accepts both, preferring results JSON', form: undefined, accept: 'application/sparql-results+json, application/rdf+json;q=0.9' },
  ] as const)('$name', async ({ form, accept }) => {
    const { sparql, requests } = recording(() => answer({ head: {}, boolean: true }, 'application/sparql-results+json'));
    await sparql.query('ASK {}', { form });
    expect(requests[0].headers.get('accept')).toBe(accept);
  });

  test('sends the dataset, base, paging and bindings as URL parameters, in order and repeated', async () => {
    const { sparql, requests } = recording(() => answer(selectJson, 'application/sparql-results+json'));
    await sparql.query('SELECT * {}', {
      defaultGraphs: ['http://g/1', 'marklogic.com/people'],
      namedGraphs: ['/my/graph'],
      base: 'http://base/',
      start: 3,
      pageLength: 10,
      bindings: [
        { name: 'who', value: 'http://example.org/p1' },
        { name: 'n', value: '42', type: 'int' },
        { name: 'n', value: '43', type: 'int' },
        { name: 'label', value: 'chat', lang: 'fr' },
      ],
    });
    expect(params(requests[0])).toEqual([
      ['default-graph-uri', 'http://g/1'],
      ['default-graph-uri', 'marklogic.com/people'],
      ['named-graph-uri', '/my/graph'],
      ['base', 'http://base/'],
      ['bind:who', 'http://example.org/p1'],
      ['bind:n:int', '42'],
      ['bind:n:int', '43'],
      ['bind:label@fr', 'chat'],
      ['start', '3'],
      ['pageLength', '10'],
    ]);
  });

  test('a document restriction goes as q, structuredQuery, options, collection and directory; empty parts are left out', async () => {
    const { sparql, requests } = recording(() => answer(selectJson, 'application/sparql-results+json'));
    const structuredQuery = JSON.stringify({ query: { 'term-query': { text: ['ada'] } } });
    await sparql.query('SELECT * {}', { restriction: { q: 'cat AND dog', structuredQuery, options: 'people', collections: ['a', 'b'], directory: '/d/' } });
    await sparql.query('SELECT * {}', { restriction: { q: '', options: '', collections: [] } });
    expect(params(requests[0])).toEqual([
      ['q', 'cat AND dog'],
      ['structuredQuery', structuredQuery],
      ['options', 'people'],
      ['collection', 'a'],
      ['collection', 'b'],
      ['directory', '/d/'],
    ]);
    expect(params(requests[1])).toEqual([]);
  });

  test('GET carries the query in the URL and sends no body', async () => {
    const { sparql, requests } = recording(() => answer(selectJson, 'application/sparql-results+json'));
    await sparql.query('SELECT ?x { ?x ?y "é&=" }', { method: 'GET', namedGraphs: ['http://g'] });
    expect(requests[0].method).toBe('GET');
    expect(requests[0].body).toBeNull();
    expect(params(requests[0])).toEqual([
      ['named-graph-uri', 'http://g'],
      ['query', 'SELECT ?x { ?x ?y "é&=" }'],
    ]);
  });

  test('auto sends a short query by GET and a long one by POST', async () => {
    const { sparql, requests } = recording(() => answer(selectJson, 'application/sparql-results+json'));
    const short = 'SELECT * { ?s ?p ?o }';
    const long = `SELECT * { ?s ?p "${'x'.repeat(MAX_GET_QUERY_LENGTH)}" }`;
    await sparql.query(short, { method: 'auto', defaultGraphs: ['http://g'] });
    await sparql.query(long, { method: 'auto', defaultGraphs: ['http://g'] });
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(params(requests[0])).toEqual([
      ['default-graph-uri', 'http://g'],
      ['query', short],
    ]);
    expect(params(requests[1])).toEqual([['default-graph-uri', 'http://g']]);
    expect(await requests[1].text()).toBe(long);
  });

  test.for([
    { name: 'a start below 1', options: { start: 0 }, error: /start must be an integer of at least 1/ },
    { name: 'a fractional page length', options: { pageLength: 2.5 }, error: /pageLength must be an integer of at least 0/ },
    { name: 'a binding with a bad variable name', options: { bindings: [{ name: '?x', value: 'v' }] }, error: /Not a SPARQL variable name: "\?x"/ },
  ])('refuses $name before sending anything', async ({ options, error }) => {
    const { sparql, requests } = recording();
    await expect(sparql.query('SELECT * {}', options)).rejects.toThrow(error);
    expect(requests).toHaveLength(0);
  });
});

describe('query: the answer', () => {
  test('reads SELECT results as variables and solutions, unbound variables absent', async () => {
    const { sparql } = recording(() => answer(selectJson, 'application/sparql-results+json; charset=utf-8'));
    expect(await sparql.query('SELECT * {}')).toEqual({ kind: 'select', vars: ['s', 'name'], bindings: selectJson.results.bindings });
  });

  test('reads an ASK answer as a boolean, also when labelled plain application/json', async () => {
    const { sparql } = recording(() => answer({ head: {}, boolean: false }, 'application/json'));
    expect(await sparql.query('ASK {}')).toEqual({ kind: 'ask', boolean: false });
  });

  test('reads CONSTRUCT results from RDF/JSON as triples', async () => {
    const rdfJson = { 'marklogic.com/r1': { 'marklogic.com/p1': [{ type: 'literal', value: 'literal1' }] } };
    const { sparql } = recording(() => answer(rdfJson, 'application/rdf+json'));
    expect(await sparql.query('CONSTRUCT WHERE { ?s ?p ?o }', { form: 'CONSTRUCT' })).toEqual({
      kind: 'graph',
      triples: [
        { subject: { type: 'uri', value: 'marklogic.com/r1' }, predicate: { type: 'uri', value: 'marklogic.com/p1' }, object: { type: 'literal', value: 'literal1' } },
      ],
    });
  });

  test('refuses an answer in a format it did not ask for', async () => {
    const { sparql } = recording(() => answer('s\r\nhttp://x\r\n', 'text/csv'));
    await expect(sparql.query('SELECT * {}')).rejects.toThrow('The SPARQL endpoint answered text/csv; expected');
  });

  test('refuses JSON that is not a results document', async () => {
    const { sparql } = recording(() => answer({ hello: 1 }, 'application/sparql-results+json'));
    await expect(sparql.query('SELECT * {}')).rejects.toThrow('not a SPARQL results document');
  });

  test('a syntax error rejects with the server errorResponse', async () => {
    const errorResponse = { statusCode: 400, status: 'Bad Request', messageCode: 'RESTAPI-INVALIDCONTENT', message: 'RESTAPI-INVALIDCONTENT: Parse error at 1:6' };
    const { sparql } = recording(() => answer({ errorResponse }, 'application/json', 400));
    const err = await sparql.query('ASK {').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).errorResponse).toEqual(errorResponse);
  });

  test('an aborted query rejects with the AbortError, not an ApiError', async () => {
    const controller = new AbortController();
    const { sparql } = recording(
      (req) =>
        new Promise<Response>((_, reject) => {
          req.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const pending = sparql.query('SELECT * {}', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('queryRaw', () => {
  test('asks for exactly the type given and returns the bytes and the media type', async () => {
    const { sparql, requests } = recording(() => answer('<http://s> <http://p> "o" .\n', 'application/n-triples; charset=utf-8'));
    const raw = await sparql.queryRaw('CONSTRUCT WHERE { ?s ?p ?o }', 'application/n-triples', { defaultGraphs: ['http://g'] });
    expect(requests[0].headers.get('accept')).toBe('application/n-triples');
    expect(params(requests[0])).toEqual([['default-graph-uri', 'http://g']]);
    expect(raw.contentType).toBe('application/n-triples');
    expect(await raw.blob.text()).toBe('<http://s> <http://p> "o" .\n');
  });

  test('a 406 rejects with the server message', async () => {
    const errorResponse = { statusCode: 406, status: 'Not Acceptable', messageCode: 'REST-UNACCEPTABLETYPE', message: 'Unsupported type' };
    const { sparql } = recording(() => answer({ errorResponse }, 'application/json', 406));
    await expect(sparql.queryRaw('ASK {}', 'text/turtle')).rejects.toMatchObject({ statusCode: 406, messageCode: 'REST-UNACCEPTABLETYPE' });
  });
});

describe('update', () => {
  test('POSTs the text as application/sparql-update with the using- graphs, permissions and bindings', async () => {
    const { sparql, requests } = recording(() => new Response(null, { status: 201 }));
    const result = await sparql.update('INSERT { ?s <p> ?o } WHERE { ?s <q> ?o }', {
      usingGraphs: ['http://g/1'],
      usingNamedGraphs: ['http://g/2'],
      base: 'http://base/',
      bindings: [{ name: 'o', value: '2024-01-01', type: 'date' }],
      permissions: [{ 'role-name': 'app-user', capabilities: ['read', 'update'] }],
    });
    expect(result).toEqual({ status: 201 });
    const [req] = requests;
    expect(req.method).toBe('POST');
    expect(req.headers.get('content-type')).toBe('application/sparql-update');
    expect(req.headers.has('accept')).toBe(false);
    expect(await req.text()).toBe('INSERT { ?s <p> ?o } WHERE { ?s <q> ?o }');
    expect(params(req)).toEqual([
      ['using-graph-uri', 'http://g/1'],
      ['using-named-graph-uri', 'http://g/2'],
      ['base', 'http://base/'],
      ['bind:o:date', '2024-01-01'],
      ['perm:app-user', 'read'],
      ['perm:app-user', 'update'],
    ]);
  });

  test.for([200, 204])('reports status %i as the server sent it', async (status) => {
    const { sparql } = recording(() => new Response(null, { status }));
    expect(await sparql.update('CLEAR ALL')).toEqual({ status });
  });

  test('a refused update rejects with the server errorResponse', async () => {
    const errorResponse = { statusCode: 403, status: 'Forbidden', messageCode: 'SEC-PRIV', message: 'You do not have permission to this method and URL.' };
    const { sparql } = recording(() => answer({ errorResponse }, 'application/json', 403));
    await expect(sparql.update('CLEAR ALL')).rejects.toMatchObject({ statusCode: 403, messageCode: 'SEC-PRIV' });
  });
});

describe('naming and cancelling a query', () => {
  test.for(['GET', 'POST'] as const)('a requestId goes as Tabula-Request-Id (%s); none, no header', async (method) => {
    const { sparql, requests } = recording(() => answer(selectJson, 'application/sparql-results+json'));
    await sparql.query('SELECT * {}', { method, requestId: 'run-7' });
    await sparql.query('SELECT * {}', { method });
    expect(requests.map((r) => [r.method, r.headers.get('tabula-request-id')])).toEqual([
      [method, 'run-7'],
      [method, null],
    ]);
  });

  test.for([
    [204, true],
    [404, false],
  ] as const)('cancel DELETEs /tabula/v1/requests/{id}; %i is %s', async ([status, cancelled]) => {
    const errorResponse = { statusCode: 404, status: 'Not Found', messageCode: 'RESTAPI-NODOCUMENT', message: 'no running request' };
    const { sparql, requests } = recording(() => (status === 204 ? new Response(null, { status }) : answer({ errorResponse }, 'application/json', status)));
    expect(await sparql.cancel('run 7/x')).toBe(cancelled);
    expect([requests[0].method, new URL(requests[0].url).pathname]).toEqual(['DELETE', '/tabula/v1/requests/run%207%2Fx']);
  });

  test('any other failure of a cancel is the caller\'s to see', async () => {
    const errorResponse = { statusCode: 500, status: 'Internal Server Error', messageCode: 'RESTAPI-INTERNALERROR', message: 'x' };
    const { sparql } = recording(() => answer({ errorResponse }, 'application/json', 500));
    await expect(sparql.cancel('a')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('bindingParam', () => {
  test.for([
    { name: 'an IRI without type or language', binding: { name: 's', value: 'v' }, param: 'bind:s' },
    { name: 'a typed literal with its XSD local name', binding: { name: 'n', value: '1', type: 'unsignedLong' }, param: 'bind:n:unsignedLong' },
    { name: 'a language-tagged string', binding: { name: 'l', value: 'x', lang: 'en-GB' }, param: 'bind:l@en-GB' },
    { name: 'a language with type string, which a tagged literal is', binding: { name: 'l', value: 'x', lang: 'de', type: 'string' }, param: 'bind:l@de' },
  ])('writes $name', ({ binding, param }) => {
    expect(bindingParam(binding)).toBe(param);
  });

  test.for([
    { name: 'a prefixed datatype', binding: { name: 'n', value: '1', type: 'xsd:int' }, error: /XSD local name/ },
    { name: 'a type other than string with a language', binding: { name: 'n', value: '1', type: 'int', lang: 'en' }, error: /not both/ },
    { name: 'a malformed language tag', binding: { name: 'n', value: '1', lang: 'en_GB' }, error: /not a language tag/ },
    { name: 'an empty name', binding: { name: '', value: '1' }, error: /Not a SPARQL variable name/ },
  ])('refuses $name', ({ binding, error }) => {
    expect(() => bindingParam(binding)).toThrow(error);
  });
});

test('rdfJsonTriples reads blank nodes, datatypes and languages into SPARQL JSON terms', () => {
  const triples = rdfJsonTriples({
    '_:b1': {
      'http://p': [
        { type: 'bnode', value: '_:b2' },
        { type: 'literal', value: '5', datatype: 'http://www.w3.org/2001/XMLSchema#integer' },
        { type: 'literal', value: 'hi', lang: 'en' },
      ],
    },
  });
  expect(triples.map((t) => [t.subject, t.object])).toEqual([
    [{ type: 'bnode', value: 'b1' }, { type: 'bnode', value: 'b2' }],
    [{ type: 'bnode', value: 'b1' }, { type: 'literal', value: '5', datatype: 'http://www.w3.org/2001/XMLSchema#integer' }],
    [{ type: 'bnode', value: 'b1' }, { type: 'literal', value: 'hi', 'xml:lang': 'en' }],
  ]);
});
