import { describe, expect, test } from 'vitest';
import { testApi, type TestApi } from '../../test/helpers';

/**
 * Relative IRIs in graph-store payloads: resolved against `base=` or a base the payload
 * declares; without either, 400 XDMP-BASEURI ("Undeclared base URI") and nothing stored.
 */
const BASE = 'http://b.org/dir/';
const KEPT = '<http://e/kept> <http://e/p> "kept" .';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const enc = encodeURIComponent;

async function lines(api: TestApi, graph: string): Promise<string[]> {
  const res = await api.fetch(`/v1/graphs?graph=${enc(graph)}`, { headers: { accept: 'application/n-triples' } });
  return res.status === 200 ? (await res.text()).trim().split('\n').filter(Boolean).sort() : [];
}

async function graphList(api: TestApi): Promise<string> {
  return (await api.fetch('/v1/graphs')).text();
}

/** A store holding one graph, `http://e/g`, with one triple. */
async function seeded(): Promise<TestApi> {
  const api = await testApi();
  expect((await api.fetch('/v1/graphs?graph=http://e/g', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: KEPT })).status).toBe(201);
  return api;
}

const multipart = (type: string, body: string) =>
  `--B\r\nContent-Disposition: form-data; name="a"; filename="a"\r\nContent-Type: ${type}\r\n\r\n${body}\r\n--B--\r\n`;

// `graph`: the graph the accepted payload lands in (the request's, or the one it names resolved against BASE).
const cases = [
  { name: 'Turtle, a relative subject', type: 'text/turtle', body: '<a> <http://e/p> <http://e/o> .', expected: ['<http://b.org/dir/a> <http://e/p> <http://e/o> .'] },
  { name: 'Turtle, a relative datatype', type: 'text/turtle', body: '<http://e/s> <http://e/p> "1"^^<t> .', expected: ['<http://e/s> <http://e/p> "1"^^<http://b.org/dir/t> .'] },
  { name: 'Turtle, a relative prefix', type: 'text/turtle', body: '@prefix x: <../x/> . <http://e/s> x:p <http://e/o> .', expected: ['<http://e/s> <http://b.org/x/p> <http://e/o> .'] },
  { name: 'N-Triples, a path-form predicate', type: 'application/n-triples', body: '<http://e/s> <marklogic.com/p> <http://e/o> .', expected: ['<http://e/s> <http://b.org/dir/marklogic.com/p> <http://e/o> .'] },
  { name: 'N-Quads, a relative graph name', type: 'application/n-quads', body: '<http://e/s> <http://e/p> <http://e/o> <g> .', graph: 'http://b.org/dir/g', expected: ['<http://e/s> <http://e/p> <http://e/o> .'] },
  { name: 'TriG, a relative graph name', type: 'application/trig', body: '<g> { <http://e/s> <http://e/p> <http://e/o> }', graph: 'http://b.org/dir/g', expected: ['<http://e/s> <http://e/p> <http://e/o> .'] },
  { name: 'TriG, a relative object', type: 'application/trig', body: '<http://e/t> { <http://e/s> <http://e/p> </o> }', graph: 'http://e/t', expected: ['<http://e/s> <http://e/p> <http://b.org/o> .'] },
  { name: 'N3, a relative object', type: 'text/n3', body: '<http://e/s> <http://e/p> <o> .', expected: ['<http://e/s> <http://e/p> <http://b.org/dir/o> .'] },
  {
    name: 'RDF/XML, a relative rdf:about and rdf:resource',
    type: 'application/rdf+xml',
    body: `<rdf:RDF xmlns:rdf="${RDF}" xmlns:e="http://e/"><rdf:Description rdf:about="s"><e:p rdf:resource="#o"/></rdf:Description></rdf:RDF>`,
    expected: ['<http://b.org/dir/s> <http://e/p> <http://b.org/dir/#o> .'],
  },
  { name: 'JSON-LD, a relative @id', type: 'application/ld+json', body: '{"@id":"s","http://e/p":"o"}', expected: ['<http://b.org/dir/s> <http://e/p> "o" .'] },
  { name: 'JSON-LD, a relative object @id', type: 'application/ld+json', body: '{"@id":"http://e/s","http://e/p":{"@id":"o"}}', expected: ['<http://e/s> <http://e/p> <http://b.org/dir/o> .'] },
  { name: 'JSON-LD, a relative @vocab', type: 'application/ld+json', body: '{"@context":{"@vocab":"v#"},"@id":"http://e/s","p":"o"}', expected: ['<http://e/s> <http://b.org/dir/v#p> "o" .'] },
  { name: 'RDF/JSON, a relative object', type: 'application/rdf+json', body: '{"http://e/s":{"http://e/p":[{"type":"uri","value":"o"}]}}', expected: ['<http://e/s> <http://e/p> <http://b.org/dir/o> .'] },
  { name: 'RDF/JSON, a path-form subject', type: 'application/rdf+json', body: '{"marklogic.com/r1":{"http://e/p":[{"type":"literal","value":"o"}]}}', expected: ['<http://b.org/dir/marklogic.com/r1> <http://e/p> "o" .'] },
  { name: 'a multipart Turtle part', type: 'multipart/form-data; boundary=B', body: multipart('text/turtle', '<a> <http://e/p> "o" .'), expected: ['<http://b.org/dir/a> <http://e/p> "o" .'] },
  {
    name: 'a multipart RDF/XML part',
    type: 'multipart/form-data; boundary=B',
    body: multipart('application/rdf+xml', `<rdf:RDF xmlns:rdf="${RDF}" xmlns:e="http://e/"><rdf:Description rdf:about="a"><e:p>o</e:p></rdf:Description></rdf:RDF>`),
    expected: ['<http://b.org/dir/a> <http://e/p> "o" .'],
  },
];

const quads = (type: string) => ['application/n-quads', 'application/trig'].includes(type);

describe('relative IRIs in graph-store payloads', () => {
  test.for(cases.flatMap((c) => (['PUT', 'POST'] as const).map((method) => ({ ...c, method }))))(
    '$method $name without a base is 400 XDMP-BASEURI and changes nothing; the next request works',
    async ({ type, body, method }) => {
      const api = await seeded();
      const before = await graphList(api);
      // Quad syntaxes name their graphs: sent without graph=, a PUT would replace each graph named.
      const query = quads(type) ? '' : '?graph=http://e/g';
      const res = await api.fetch(`/v1/graphs${query}`, { method, headers: { 'content-type': type, accept: 'application/json' }, body });
      expect(res.status).toBe(400);
      const error = (await res.json()).errorResponse;
      expect(error.messageCode).toBe('XDMP-BASEURI');
      expect(error.message).toContain('Undeclared base URI');
      expect(await lines(api, 'http://e/g')).toEqual([KEPT]);
      expect(await graphList(api)).toBe(before);
      const next = await api.fetch('/v1/graphs?graph=http://e/next', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: KEPT });
      expect(next.status).toBe(201);
    },
  );

  test.for(cases)('$name with base= is stored resolved against it', async ({ type, body, graph, expected }) => {
    const api = await testApi();
    const target = graph ?? 'http://e/g';
    const query = quads(type) ? '' : `graph=${enc(target)}&`;
    const res = await api.fetch(`/v1/graphs?${query}base=${enc(BASE)}`, { method: 'PUT', headers: { 'content-type': type, accept: 'application/json' }, body });
    expect(res.status).toBe(201);
    expect(await lines(api, target)).toEqual(expected);
  });

  test.for([
    { name: 'Turtle @base', type: 'text/turtle', body: '@base <http://in/> . <a> <http://e/p> <b> .', expected: ['<http://in/a> <http://e/p> <http://in/b> .'] },
    { name: 'TriG BASE', type: 'application/trig', body: 'BASE <http://in/> <http://e/g> { <a> <http://e/p> <b> }', expected: ['<http://in/a> <http://e/p> <http://in/b> .'] },
    { name: 'N3 @base', type: 'text/n3', body: '@base <http://in/> . <a> <http://e/p> <b> .', expected: ['<http://in/a> <http://e/p> <http://in/b> .'] },
    {
      name: 'RDF/XML xml:base',
      type: 'application/rdf+xml',
      body: `<rdf:RDF xml:base="http://in/" xmlns:rdf="${RDF}" xmlns:e="http://e/"><rdf:Description rdf:about="a"><e:p rdf:resource="b"/></rdf:Description></rdf:RDF>`,
      expected: ['<http://in/a> <http://e/p> <http://in/b> .'],
    },
    { name: 'JSON-LD @base', type: 'application/ld+json', body: '{"@context":{"@base":"http://in/"},"@id":"a","http://e/p":{"@id":"b"}}', expected: ['<http://in/a> <http://e/p> <http://in/b> .'] },
  ])('a base the payload declares ($name) resolves its relative IRIs without base=', async ({ type, body, expected }) => {
    const api = await testApi();
    const query = quads(type) ? '' : '?graph=http://e/g';
    expect((await api.fetch(`/v1/graphs${query}`, { method: 'PUT', headers: { 'content-type': type }, body })).status).toBe(201);
    expect(await lines(api, 'http://e/g')).toEqual(expected);
  });

  test('a path-form graph name in graph= is still accepted for a payload of absolute IRIs', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/graphs?graph=marklogic.com/people', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: KEPT })).status).toBe(201);
    expect(await lines(api, 'marklogic.com/people')).toEqual([KEPT]);
  });

  test('SPARQL Update still writes path-form IRIs without a base', async () => {
    const api = await testApi();
    const update = 'INSERT DATA { GRAPH <marklogic.com/g> { <marklogic.com/r1> <http://e/p> "o" } }';
    expect((await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: update })).ok).toBe(true);
    expect(await lines(api, 'marklogic.com/g')).toEqual(['<marklogic.com/r1> <http://e/p> "o" .']);
  });
});
