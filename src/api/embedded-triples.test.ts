/**
 * Triples embedded in documents, through the handler (docs/decisions/0032-embedded-triples.md):
 * documents written with /v1/documents (as rest-writer, whose default permissions let
 * rest-reader read them) are queried with /v1/graphs/sparql. Every object form of JSON and XML,
 * graphs from collections, PUT, PATCH and DELETE, a failed bulk write, a reopen.
 */
import { describe, expect, test } from 'vitest';
import { basic, reopened, testApi, type TestApi } from '../../test/helpers';

const EX = 'http://example.org/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const WRITER = { authorization: basic('rest-writer') };
const J = { 'content-type': 'application/json', ...WRITER };
const X = { 'content-type': 'application/xml', ...WRITER };

interface Term {
  type: string;
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

/** Every triple as SPARQL JSON terms, with its graph (absent: the default graph). */
async function triples(api: TestApi): Promise<Array<{ g?: string; s: string; p: string; o: Term }>> {
  const query = 'SELECT ?g ?s ?p ?o WHERE { { GRAPH ?g { ?s ?p ?o } } UNION { ?s ?p ?o FILTER NOT EXISTS { GRAPH ?any { ?s ?p ?o } } } }';
  const res = await api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(query)}`, { headers: { accept: 'application/sparql-results+json', ...WRITER } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { bindings: Array<Record<string, Term>> } };
  return body.results.bindings
    .map((b) => ({ ...(b.g ? { g: b.g.value } : {}), s: b.s.value, p: b.p.value, o: b.o }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const put = async (api: TestApi, query: string, body: string, headers: Record<string, string>) => {
  const res = await api.fetch(`/v1/documents?${query}`, { method: 'PUT', body, headers });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
};

const jsonTriple = (object: unknown) => JSON.stringify({ about: { triple: { subject: `${EX}s`, predicate: `${EX}p`, object } } });
const xmlTriple = (object: string) =>
  `<d xmlns:sem="http://marklogic.com/semantics"><sem:triple><sem:subject>${EX}s</sem:subject><sem:predicate>${EX}p</sem:predicate>${object}</sem:triple></d>`;

describe('the object of an embedded triple, in every form', () => {
  test.for([
    { name: 'JSON string: an IRI', body: jsonTriple(`${EX}o`), headers: J, object: { type: 'uri', value: `${EX}o` } },
    { name: 'JSON {value}: an IRI', body: jsonTriple({ value: `${EX}o` }), headers: J, object: { type: 'uri', value: `${EX}o` } },
    { name: 'JSON {value, datatype}', body: jsonTriple({ value: '42', datatype: `${XSD}integer` }), headers: J, object: { type: 'literal', value: '42', datatype: `${XSD}integer` } },
    { name: 'JSON {value, xml:lang}', body: jsonTriple({ value: 'chat', 'xml:lang': 'fr' }), headers: J, object: { type: 'literal', value: 'chat', 'xml:lang': 'fr' } },
    { name: 'XML object without attributes: an IRI', body: xmlTriple(`<sem:object>${EX}o</sem:object>`), headers: X, object: { type: 'uri', value: `${EX}o` } },
    { name: 'XML datatype', body: xmlTriple(`<sem:object datatype="${XSD}date">2024-05-01</sem:object>`), headers: X, object: { type: 'literal', value: '2024-05-01', datatype: `${XSD}date` } },
    { name: 'XML xml:lang', body: xmlTriple('<sem:object xml:lang="de">Katze</sem:object>'), headers: X, object: { type: 'literal', value: 'Katze', 'xml:lang': 'de' } },
  ])('$name', async ({ body, headers, object }) => {
    const api = await testApi();
    await put(api, `uri=/d&collection=${encodeURIComponent(`${EX}c`)}`, body, headers);
    expect(await triples(api)).toEqual([{ g: `${EX}c`, s: `${EX}s`, p: `${EX}p`, o: object }]);
  });
});

describe('embedded triples follow their document', () => {
  test('graphs from collections; PUT replaces, PATCH changes, DELETE removes; all of it after a reopen', async () => {
    const api = await testApi();
    await put(api, `uri=/a.json&collection=${encodeURIComponent(`${EX}c1`)}&collection=${encodeURIComponent(`${EX}c2`)}`, jsonTriple(`${EX}one`), J);
    await put(api, 'uri=/b.json', jsonTriple(`${EX}two`), J);
    const o = (value: string) => ({ type: 'uri', value: `${EX}${value}` });
    expect(await triples(api)).toEqual(
      [
        { g: `${EX}c1`, s: `${EX}s`, p: `${EX}p`, o: o('one') },
        { g: `${EX}c2`, s: `${EX}s`, p: `${EX}p`, o: o('one') },
        { s: `${EX}s`, p: `${EX}p`, o: o('two') },
      ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    const patch = { patch: [{ replace: { select: '/about/triple/object', content: `${EX}three` } }] };
    expect((await api.fetch('/v1/documents?uri=/b.json', { method: 'PATCH', body: JSON.stringify(patch), headers: J })).status).toBe(204);
    expect((await api.fetch('/v1/documents?uri=/a.json', { method: 'DELETE', headers: WRITER })).status).toBe(204);
    const left = [{ s: `${EX}s`, p: `${EX}p`, o: o('three') }];
    expect(await triples(api)).toEqual(left);
    expect(await triples(await reopened(api))).toEqual(left);
  });

  test('a bulk write refused part-way stores no document and no triple', async () => {
    const api = await testApi();
    const boundary = 'b';
    const part = (uri: string, body: string) => `--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="${uri}"\r\n\r\n${body}\r\n`;
    const body = `${part('/ok.json', jsonTriple(`${EX}o`))}${part('/bad.json', '{"not json')}--${boundary}--\r\n`;
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: { 'content-type': `multipart/mixed; boundary=${boundary}`, ...WRITER } });
    expect(res.status).toBe(400);
    expect((await api.fetch('/v1/documents?uri=/ok.json', { headers: WRITER })).status).toBe(404);
    expect(await triples(api)).toEqual([]);
  });
});

describe('the graph store and the graphs of collections', () => {
  test('a collection’s graph is listed and served to a user who may read one of its documents, and is no graph for one who may not', async () => {
    const api = await testApi();
    const admin = (path: string, body: unknown) =>
      api.fetch(path, { method: 'POST', headers: { authorization: basic('admin'), 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => expect(r.status).toBeLessThan(300));
    await admin('/manage/v2/roles', { 'role-name': 'secret' });
    await admin('/manage/v2/users', { 'user-name': 'spy', password: 'spy', role: ['rest-reader', 'secret'] });
    const secret = `${EX}secret`;
    const pub = `${EX}public`;
    await put(api, `uri=/p.json&collection=${encodeURIComponent(pub)}`, jsonTriple(`${EX}one`), J);
    const res = await api.fetch(`/v1/documents?uri=/s.json&collection=${encodeURIComponent(secret)}&perm:secret=read`, { method: 'PUT', body: jsonTriple(`${EX}two`), headers: { ...J, authorization: basic('admin') } });
    expect(res.status).toBeLessThan(300);
    const as = (user: string, accept = 'text/uri-list') => ({ headers: { authorization: basic(user), accept } });
    const list = async (user: string) => (await (await api.fetch('/v1/graphs', as(user))).text()).split(/\r?\n/).filter((l) => l.startsWith(EX)).sort();
    expect(await list('rest-reader')).toEqual([pub]);
    expect(await list('spy')).toEqual([pub, secret].sort());
    const graph = (iri: string, user: string, method = 'GET') => api.fetch(`/v1/graphs?graph=${encodeURIComponent(iri)}`, { method, ...as(user, 'application/n-triples') });
    expect((await (await graph(pub, 'rest-reader')).text()).trim()).toBe(`<${EX}s> <${EX}p> <${EX}one> .`);
    expect((await (await graph(secret, 'spy')).text()).trim()).toBe(`<${EX}s> <${EX}p> <${EX}two> .`);
    expect((await graph(secret, 'rest-reader')).status).toBe(404);
    expect((await graph(secret, 'rest-reader', 'HEAD')).status).toBe(404);
    expect((await graph(secret, 'spy', 'HEAD')).status).toBe(200);
  });
});

describe('hostile documents', () => {
  const sparqlCount = async (api: TestApi) => {
    const res = await api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent('SELECT (COUNT(*) AS ?n) WHERE { { GRAPH ?g { ?s ?p ?o } } UNION { ?s ?p ?o } }')}`, { headers: { accept: 'application/sparql-results+json', ...WRITER } });
    expect(res.status).toBe(200);
    return Number(((await res.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value);
  };

  test('IRIs written to break out of their N-Triples line are no triple; a literal may hold anything; the snapshot still loads', async () => {
    const api = await testApi();
    const value = 'a "quoted" value\\ with a\nnew line" . <x> <y> <z> .';
    const body = JSON.stringify({
      t1: { triple: { subject: `${EX}s> <${EX}p> "injected" .\n<${EX}evil`, predicate: `${EX}p`, object: `${EX}o` } },
      t2: { triple: { subject: `${EX}s`, predicate: `${EX}p`, object: { value, datatype: `${XSD}string` } } },
      t3: { triple: { subject: `${EX}s`, predicate: `${EX}q`, object: { value: 'v', datatype: `${EX}type> "x" .\n<${EX}y` } } },
    });
    await put(api, 'uri=/hostile.json', body, J);
    const found = await triples(api);
    expect(found).toEqual([{ s: `${EX}s`, p: `${EX}p`, o: { type: 'literal', value } }]);
    // Through the engine's own dump and a reload: the same one triple.
    await api.db.triples.compact();
    expect(await triples(await reopened(api))).toEqual(found);
  });

  test('a document embedding 5,000 triples is indexed whole', async () => {
    const api = await testApi();
    const facts = Array.from({ length: 5000 }, (_, i) => ({ triple: { subject: `${EX}s${i}`, predicate: `${EX}p`, object: { value: String(i), datatype: `${XSD}integer` } } }));
    await put(api, 'uri=/many.json', JSON.stringify({ facts }), J);
    expect(await sparqlCount(api)).toBe(5000);
  });

  test('a triple nested past the depth limit is refused with the document, and nothing changes', async () => {
    const api = await testApi();
    let nested: unknown = { triple: { subject: `${EX}s`, predicate: `${EX}p`, object: `${EX}o` } };
    for (let i = 0; i < 600; i++) nested = { a: nested };
    const res = await api.fetch('/v1/documents?uri=/deep.json', { method: 'PUT', body: JSON.stringify(nested), headers: J });
    expect(res.status).toBe(400);
    expect((await api.fetch('/v1/documents?uri=/deep.json', { headers: WRITER })).status).toBe(404);
    expect(await sparqlCount(api)).toBe(0);
  });
});

