/**
 * The graphs module on the wire: a recording fetch stands in for the server, so each
 * request can be checked as MarkLogic would receive it and each answer as it sends it.
 */
import { describe, expect, test } from 'vitest';
import { ApiError, createClient } from './create-client';
import { DEFAULT_GRAPH, parseRdfJson, parseUriList, selectBindings, splitStatements, type LoadProgress } from './graphs';

type Responder = (req: Request, body: string) => Response | Promise<Response>;

function recordingGraphs(responder: Responder = () => new Response(null, { status: 204 })) {
  const requests: Array<{ req: Request; body: string }> = [];
  const client = createClient({
    baseUrl: 'http://db.test:8000',
    fetch: async (input, init) => {
      const req = new Request(input, init);
      const body = req.body ? await req.clone().text() : '';
      requests.push({ req, body });
      return responder(req, body);
    },
  });
  return { graphs: client.graphs, requests };
}

const query = (req: Request) => new URL(req.url).searchParams;
const path = (req: Request) => new URL(req.url).pathname;

const json = (body: unknown, status = 200, type = 'application/json; charset=utf-8') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

const errorBody = (statusCode: number, messageCode: string, message: string) =>
  json({ errorResponse: { statusCode, status: 'Error', messageCode, message } }, statusCode);

const selectResult = (vars: string[], bindings: unknown[]) =>
  json({ head: { vars }, results: { bindings } }, 200, 'application/sparql-results+json; charset=utf-8');

const int = (n: number) => ({ type: 'literal', value: String(n), datatype: 'http://www.w3.org/2001/XMLSchema#integer' });
const uri = (value: string) => ({ type: 'uri', value });

describe('graph selection', () => {
  test.for([
    { name: 'a named graph by ?graph=', graph: 'http://example.org/g', expect: { graph: 'http://example.org/g' } },
    { name: 'a path-form graph IRI as written', graph: 'marklogic.com/people', expect: { graph: 'marklogic.com/people' } },
    { name: 'the default graph IRI by ?default', graph: DEFAULT_GRAPH, expect: { default: '' } },
  ])('selects $name', async ({ graph, expect: params }) => {
    const { graphs, requests } = recordingGraphs();
    await graphs.remove(graph);
    expect(requests[0].req.method).toBe('DELETE');
    expect(path(requests[0].req)).toBe('/v1/graphs');
    expect(Object.fromEntries(query(requests[0].req))).toEqual(params);
  });

  test('a quads payload without a graph addresses the whole store, with no parameters', async () => {
    const { graphs, requests } = recordingGraphs(() => new Response(null, { status: 204 }));
    await graphs.write(undefined, '<a:s> <a:p> <a:o> <a:g> .\n', { contentType: 'application/n-quads', mode: 'merge' });
    expect(requests[0].req.url).toBe('http://db.test:8000/v1/graphs');
    expect(requests[0].req.method).toBe('POST');
  });
});

describe('list and read', () => {
  test('lists graph IRIs from a text/uri-list answer with CRLF line ends and comments', async () => {
    const { graphs, requests } = recordingGraphs(
      () => new Response(`# graphs\r\nhttp://a.org/g1\r\nmarklogic.com/people\r\n${DEFAULT_GRAPH}\r\n\r\n`, { headers: { 'content-type': 'text/uri-list' } }),
    );
    expect(await graphs.list()).toEqual(['http://a.org/g1', 'marklogic.com/people', DEFAULT_GRAPH]);
    expect(requests[0].req.headers.get('accept')).toBe('text/uri-list');
  });

  test('reads a graph in the format asked for and reports the media type without parameters', async () => {
    const { graphs, requests } = recordingGraphs(() => new Response('<a:s> <a:p> <a:o> .\n', { headers: { 'content-type': 'application/n-triples; charset=utf-8' } }));
    const got = await graphs.read('http://a.org/g', { accept: 'application/n-triples' });
    expect(got).toEqual({ contentType: 'application/n-triples', text: '<a:s> <a:p> <a:o> .\n' });
    expect(requests[0].req.headers.get('accept')).toBe('application/n-triples');
    expect(query(requests[0].req).get('graph')).toBe('http://a.org/g');
  });

  test('reading a missing graph rejects with the server message', async () => {
    const { graphs } = recordingGraphs(() => errorBody(404, 'RESTAPI-NOTFOUND', 'Graph not found: http://a.org/none'));
    const err = await graphs.read('http://a.org/none', { accept: 'text/turtle' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 404, messageCode: 'RESTAPI-NOTFOUND', message: 'Graph not found: http://a.org/none' });
  });

  test('reads a graph as a Blob for downloads', async () => {
    const { graphs } = recordingGraphs(() => new Response('@prefix ex: <http://ex/> .', { headers: { 'content-type': 'text/turtle' } }));
    const blob = await graphs.readBlob('http://a.org/g', { accept: 'text/turtle' });
    expect(await blob.text()).toBe('@prefix ex: <http://ex/> .');
  });

  test.for([
    { name: 'exists when HEAD answers 200', status: 200, exists: true },
    { name: 'does not exist when HEAD answers 404', status: 404, exists: false },
  ])('a graph $name', async ({ status, exists }) => {
    const { graphs, requests } = recordingGraphs(() => new Response(null, { status }));
    expect(await graphs.exists('http://a.org/g')).toBe(exists);
    expect(requests[0].req.method).toBe('HEAD');
  });

  test('a HEAD failing for another reason than absence rejects', async () => {
    const { graphs } = recordingGraphs(() => new Response(null, { status: 403 }));
    await expect(graphs.exists('http://a.org/g')).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('write', () => {
  test.for([
    { name: 'replaces with PUT', mode: 'replace' as const, method: 'PUT', status: 201, created: true },
    { name: 'merges with POST', mode: 'merge' as const, method: 'POST', status: 204, created: false },
  ])('$name and reports whether the graph was created', async ({ mode, method, status, created }) => {
    const { graphs, requests } = recordingGraphs(() => new Response(null, { status }));
    const result = await graphs.write('http://a.org/g', '<x:s> <x:p> "o" .', { contentType: 'text/turtle', mode });
    expect(result).toEqual({ created });
    expect(requests[0].req.method).toBe(method);
    expect(requests[0].req.headers.get('content-type')).toBe('text/turtle');
    expect(requests[0].body).toBe('<x:s> <x:p> "o" .');
  });

  test('sends the base IRI and one perm parameter per role and capability', async () => {
    const { graphs, requests } = recordingGraphs();
    await graphs.write('http://a.org/g', '<s> <p> <o> .', {
      contentType: 'text/turtle',
      mode: 'merge',
      base: 'http://base.org/',
      permissions: [{ 'role-name': 'app-user', capabilities: ['read', 'update'] }],
    });
    const params = query(requests[0].req);
    expect(params.get('base')).toBe('http://base.org/');
    expect(params.getAll('perm:app-user')).toEqual(['read', 'update']);
    expect(requests[0].req.url).toContain('perm%3Aapp-user=read');
  });
});

describe('load', () => {
  const ntriples = (n: number) => Array.from({ length: n }, (_, i) => `<http://a.org/s${i}> <http://a.org/p> "${i}" .`).join('\n');

  test('splits N-Triples at line ends, replaces with the first piece and merges the rest, reporting progress', async () => {
    const { graphs, requests } = recordingGraphs((_req, body) => new Response(null, { status: body.includes('s0>') ? 201 : 204 }));
    const progress: LoadProgress[] = [];
    const result = await graphs.load('http://a.org/g', ntriples(25), {
      contentType: 'application/n-triples',
      mode: 'replace',
      chunkStatements: 10,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ created: true, requests: 3, statements: 25 });
    expect(requests.map((r) => r.req.method)).toEqual(['PUT', 'POST', 'POST']);
    expect(requests.map((r) => r.body.trim().split('\n').length)).toEqual([10, 10, 5]);
    expect(requests.map((r) => r.body).join('')).toBe(`${ntriples(25)}\n`);
    expect(progress.map((p) => p.done)).toEqual([0, 10, 20, 25]);
    expect(progress.every((p) => p.total === 25 && p.chunked)).toBe(true);
  });

  test('a merge sends every piece with POST', async () => {
    const { graphs, requests } = recordingGraphs();
    await graphs.load('http://a.org/g', ntriples(3), { contentType: 'application/n-triples', mode: 'merge', chunkStatements: 2 });
    expect(requests.map((r) => r.req.method)).toEqual(['POST', 'POST']);
  });

  test.for([
    { name: 'Turtle, whose prefixes span lines', contentType: 'text/turtle', text: '@prefix ex: <http://ex/> .\nex:a ex:p ex:b .\nex:b ex:p ex:c .' },
    { name: 'N-Triples with blank nodes, whose labels are scoped to one document', contentType: 'application/n-triples', text: '_:b1 <http://a/p> "1" .\n<http://a/s> <http://a/p> _:b1 .' },
  ])('sends $name whole, with indeterminate progress', async ({ contentType, text }) => {
    const { graphs, requests } = recordingGraphs();
    const progress: LoadProgress[] = [];
    const result = await graphs.load('http://a.org/g', text, { contentType, mode: 'merge', chunkStatements: 1, onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ created: false, requests: 1 });
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toBe(text);
    expect(progress).toEqual([{ done: 0, total: 0, chunked: false }]);
  });

  test('stops at the first refused piece and rejects with its message, after reporting what was committed', async () => {
    let n = 0;
    const { graphs, requests } = recordingGraphs(() => (++n === 2 ? errorBody(400, 'RESTAPI-INVALIDCONTENT', 'bad line 3') : new Response(null, { status: 204 })));
    const progress: number[] = [];
    const err = await graphs
      .load('http://a.org/g', ntriples(6), { contentType: 'application/n-triples', mode: 'merge', chunkStatements: 2, onProgress: (p) => progress.push(p.done) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 400, message: 'bad line 3' });
    expect(requests).toHaveLength(2);
    expect(progress).toEqual([0, 2]);
  });

  test('an empty N-Triples replacement is still sent, since it deletes the graph', async () => {
    const { graphs, requests } = recordingGraphs();
    const result = await graphs.load('http://a.org/g', '# nothing\n', { contentType: 'application/n-triples', mode: 'replace' });
    expect(result).toEqual({ created: false, requests: 1, statements: 0 });
    expect(requests[0].req.method).toBe('PUT');
    expect(requests[0].body).toBe('');
  });

  test('refuses a chunk size below one', async () => {
    const { graphs } = recordingGraphs();
    await expect(graphs.load('g', 'x', { contentType: 'application/n-triples', mode: 'merge', chunkStatements: 0 })).rejects.toThrow(RangeError);
  });
});

describe('splitStatements', () => {
  test.for([
    { name: 'LF line ends', text: '<a:1> <a:p> "x" .\n<a:2> <a:p> "y" .\n', counts: [2] },
    { name: 'CRLF line ends', text: '<a:1> <a:p> "x" .\r\n<a:2> <a:p> "y" .\r\n<a:3> <a:p> "z" .', counts: [2, 1] },
    { name: 'lone CR line ends', text: '<a:1> <a:p> "x" .\r<a:2> <a:p> "y" .\r<a:3> <a:p> "z" .', counts: [2, 1] },
    { name: 'comments and blank lines, which are not statements', text: '# c\n\n<a:1> <a:p> "x" .\n   \n# d\n<a:2> <a:p> "y" .\n', counts: [2] },
  ])('counts statements across $name', ({ text, counts }) => {
    expect(splitStatements(text, 'application/n-triples', 2)?.map((c) => c.statements)).toEqual(counts);
  });

  test('accepts N-Quads and a media type with parameters', () => {
    expect(splitStatements('<a:s> <a:p> <a:o> <a:g> .', 'application/n-quads; charset=utf-8', 5)).toEqual([{ text: '<a:s> <a:p> <a:o> <a:g> .\n', statements: 1 }]);
  });

  test.for(['text/turtle', 'application/trig', 'application/rdf+xml', 'application/ld+json', 'application/rdf+json'])('does not split %s', (type) => {
    expect(splitStatements('<a:s> <a:p> <a:o> .', type, 5)).toBeUndefined();
  });
});

describe('permissions', () => {
  test('reads the JSON permissions of a graph', async () => {
    const perms = [{ 'role-name': 'rest-reader', capabilities: ['read'] }];
    const { graphs, requests } = recordingGraphs(() => json({ permissions: perms }));
    expect(await graphs.readPermissions(DEFAULT_GRAPH)).toEqual(perms);
    expect(Object.fromEntries(query(requests[0].req))).toEqual({ default: '', category: 'permissions' });
    expect(requests[0].req.headers.get('accept')).toBe('application/json');
  });

  test.for([
    { name: 'replaces with PUT by default', mode: undefined, method: 'PUT' },
    { name: 'merges with POST', mode: 'merge' as const, method: 'POST' },
  ])('$name', async ({ mode, method }) => {
    const { graphs, requests } = recordingGraphs();
    const perms = [{ 'role-name': 'app-user', capabilities: ['read' as const] }];
    await graphs.writePermissions('http://a.org/g', perms, { mode });
    expect(requests[0].req.method).toBe(method);
    expect(Object.fromEntries(query(requests[0].req))).toEqual({ graph: 'http://a.org/g', category: 'permissions' });
    expect(requests[0].req.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0].body)).toEqual({ permissions: perms });
  });
});

describe('things', () => {
  test('asks for several nodes with one iri parameter each', async () => {
    const { graphs, requests } = recordingGraphs(() => new Response('', { headers: { 'content-type': 'text/turtle' } }));
    await graphs.things(['http://a.org/x#1', 'marklogic.com/r1'], { accept: 'text/turtle' });
    expect(path(requests[0].req)).toBe('/v1/graphs/things');
    expect(query(requests[0].req).getAll('iri')).toEqual(['http://a.org/x#1', 'marklogic.com/r1']);
  });

  test('describes a node from its RDF/JSON', async () => {
    const { graphs, requests } = recordingGraphs(() =>
      json({ 'http://a.org/p1': { 'http://xmlns.com/foaf/0.1/name': [{ type: 'literal', value: 'Ada', lang: 'en' }] } }, 200, 'application/rdf+json'),
    );
    expect(await graphs.describe('http://a.org/p1')).toEqual([
      { subject: uri('http://a.org/p1'), predicate: uri('http://xmlns.com/foaf/0.1/name'), object: { type: 'literal', value: 'Ada', lang: 'en' } },
    ]);
    expect(requests[0].req.headers.get('accept')).toBe('application/rdf+json');
  });

  test('a node without triples of its own has an empty description, not an error', async () => {
    const { graphs } = recordingGraphs(() => errorBody(404, 'RESTAPI-NOTFOUND', 'no such thing'));
    expect(await graphs.describe('http://a.org/nothing')).toEqual([]);
  });

  test('other failures of describe reject', async () => {
    const { graphs } = recordingGraphs(() => errorBody(406, 'REST-UNACCEPTABLETYPE', 'no rdf+json'));
    await expect(graphs.describe('http://a.org/x')).rejects.toMatchObject({ statusCode: 406 });
  });
});

describe('parseRdfJson', () => {
  test('reads IRIs, blank nodes, typed and language-tagged literals', () => {
    const triples = parseRdfJson({
      'http://a/s': {
        'http://a/p': [
          { type: 'uri', value: 'http://a/o' },
          { type: 'bnode', value: '_:b0' },
          { type: 'literal', value: '5', datatype: 'http://www.w3.org/2001/XMLSchema#integer' },
          { type: 'literal', value: 'plain' },
        ],
      },
      '_:b0': { 'http://a/q': [{ type: 'literal', value: 'hei', lang: 'no' }] },
    });
    expect(triples.map((t) => t.object)).toEqual([
      uri('http://a/o'),
      { type: 'bnode', value: 'b0' },
      { type: 'literal', value: '5', datatype: 'http://www.w3.org/2001/XMLSchema#integer' },
      { type: 'literal', value: 'plain' },
      { type: 'literal', value: 'hei', lang: 'no' },
    ]);
    expect(triples[4].subject).toEqual({ type: 'bnode', value: 'b0' });
  });

  test('refuses anything but an object of subjects', () => {
    expect(() => parseRdfJson([])).toThrow(TypeError);
    expect(() => parseRdfJson(null)).toThrow(TypeError);
  });
});

describe('SPARQL helpers', () => {
  test('counts triples per named graph and in the default graph, with two SELECTs sent as the official client sends them', async () => {
    const { graphs, requests } = recordingGraphs((req) =>
      query(req).has('default-graph-uri')
        ? selectResult(['n'], [{ n: int(4) }])
        : selectResult(['g', 'n'], [
            { g: uri('http://a.org/g1'), n: int(3) },
            { g: uri('marklogic.com/people'), n: int(12) },
          ]),
    );
    expect(await graphs.tripleCounts()).toEqual({ 'http://a.org/g1': 3, 'marklogic.com/people': 12, [DEFAULT_GRAPH]: 4 });
    for (const { req } of requests) {
      expect(req.method).toBe('POST');
      expect(path(req)).toBe('/v1/graphs/sparql');
      expect(req.headers.get('content-type')).toBe('application/sparql-query');
      expect(req.headers.get('accept')).toBe('application/sparql-results+json');
    }
    const grouped = requests.find((r) => !query(r.req).has('default-graph-uri'))!;
    expect(grouped.body).toBe('SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g');
    const unnamed = requests.find((r) => query(r.req).has('default-graph-uri'))!;
    expect(query(unnamed.req).getAll('default-graph-uri')).toEqual([DEFAULT_GRAPH]);
  });

  test('leaves out an empty default graph', async () => {
    const { graphs } = recordingGraphs((req) =>
      query(req).has('default-graph-uri') ? selectResult(['n'], [{ n: int(0) }]) : selectResult(['g', 'n'], [{ g: uri('http://a.org/g1'), n: int(1) }]),
    );
    expect(await graphs.tripleCounts()).toEqual({ 'http://a.org/g1': 1 });
  });

  test('pages a graph through default-graph-uri, ordered, with LIMIT and OFFSET', async () => {
    const { graphs, requests } = recordingGraphs(() =>
      selectResult(['s', 'p', 'o'], [{ s: uri('http://a/s'), p: uri('http://a/p'), o: { type: 'literal', value: 'x', 'xml:lang': 'en' } }]),
    );
    const triples = await graphs.triples('marklogic.com/people', { offset: 40, limit: 20 });
    expect(triples).toEqual([{ subject: uri('http://a/s'), predicate: uri('http://a/p'), object: { type: 'literal', value: 'x', lang: 'en' } }]);
    expect(query(requests[0].req).get('default-graph-uri')).toBe('marklogic.com/people');
    expect(requests[0].body).toBe('SELECT ?s ?p ?o WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o LIMIT 20 OFFSET 40');
  });

  test.for([
    { name: 'a negative offset', page: { offset: -1, limit: 10 } },
    { name: 'a fractional limit', page: { offset: 0, limit: 2.5 } },
  ])('refuses $name before sending anything', async ({ page }) => {
    const { graphs, requests } = recordingGraphs();
    await expect(graphs.triples('http://a/g', page)).rejects.toThrow(RangeError);
    expect(requests).toHaveLength(0);
  });

  test('finds incoming triples with the node bound as an IRI, not spliced into the query', async () => {
    const { graphs, requests } = recordingGraphs(() => selectResult(['s', 'p'], [{ s: uri('http://a/x'), p: uri('http://a/knows') }]));
    const iri = 'http://a.org/odd>iri';
    expect(await graphs.incoming(iri)).toEqual([{ subject: uri('http://a/x'), predicate: uri('http://a/knows'), object: uri(iri) }]);
    expect(query(requests[0].req).get('bind:o')).toBe(iri);
    expect(requests[0].body).not.toContain(iri);
    expect(requests[0].body).toContain('LIMIT 500');
  });

  test('a SPARQL error reaches the caller with the server message', async () => {
    const { graphs } = recordingGraphs(() => errorBody(400, 'RESTAPI-INVALIDCONTENT', 'Parse error at line 1'));
    await expect(graphs.count('http://a/g')).rejects.toMatchObject({ messageCode: 'RESTAPI-INVALIDCONTENT', message: 'Parse error at line 1' });
  });
});

describe('selectBindings', () => {
  test('reads the SPARQL 1.0 typed-literal form and drops unknown term types', () => {
    const rows = selectBindings({
      head: { vars: ['a', 'b'] },
      results: { bindings: [{ a: { type: 'typed-literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#int' }, b: { type: 'triple', value: {} } }] },
    });
    expect(rows).toEqual([{ a: { type: 'literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#int' }, b: undefined }]);
  });

  test('refuses an ASK answer where a SELECT was expected', () => {
    expect(() => selectBindings({ head: {}, boolean: true })).toThrow(/results.bindings/);
  });
});

test('parseUriList ignores surrounding whitespace', () => {
  expect(parseUriList('  http://a/g \n')).toEqual(['http://a/g']);
});
