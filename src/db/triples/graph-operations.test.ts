import { describe, expect, test } from 'vitest';
import { admin, dump, lines, openDb, principal, reader, rejection, uniqueName, writer } from './test-support';

const DEFAULT = 'http://marklogic.com/semantics#default-graph';
const CATALOGUE = 'http://marklogic.com/semantics#graphs';
const fresh = () => openDb(uniqueName('graphs'));
const ttl = (text: string) => ({ text, format: 'text/turtle' });
const objects = async (db: Awaited<ReturnType<typeof fresh>>, iri: string) =>
  (await db.triples.graphTriples(iri, admin))?.map((q) => q.object.value).sort();

describe('listing and reading graphs', () => {
  test('an empty store lists only the catalogue; the default graph appears once it has triples', async () => {
    const db = await fresh();
    expect(await db.triples.listGraphs(admin)).toEqual([CATALOGUE]);
    await db.triples.mergeGraph(DEFAULT, ttl('<http://s> <http://p> "o" .'), { principal: admin });
    await db.triples.mergeGraph('marklogic.com/people', ttl('<http://r1> <http://p> "o" .'), { principal: admin });
    expect(await db.triples.listGraphs(admin)).toEqual(['marklogic.com/people', DEFAULT, CATALOGUE]);
  });

  test('a graph reads back as quads in the client spelling; a missing graph is undefined', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('/my/graph', ttl('<http://r1> <http://p1> "literal1" .'), { principal: admin });
    const quads = await db.triples.graphTriples('/my/graph', admin);
    expect(quads?.map((q) => [q.subject.value, q.predicate.value, q.object.value, q.graph.value])).toEqual([
      ['http://r1', 'http://p1', 'literal1', '/my/graph'],
    ]);
    expect(await db.triples.graphTriples('/other', admin)).toBeUndefined();
    expect(await db.triples.hasGraph('/my/graph', admin)).toBe(true);
    expect(await db.triples.hasGraph('/other', admin)).toBe(false);
  });

  test('the default graph always exists; the catalogue reads as empty', async () => {
    const db = await fresh();
    expect(await db.triples.graphTriples(DEFAULT, admin)).toEqual([]);
    expect(await db.triples.graphTriples(CATALOGUE, admin)).toEqual([]);
  });

  test.for(['', 'has space', 'a<b', 'bad\u0001char'])('the graph IRI %j is refused', async (iri) => {
    const db = await fresh();
    expect((await rejection(db.triples.graphTriples(iri, admin))).code).toBe('REST-INVALIDPARAM');
  });
});

describe('replace (PUT) and merge (POST)', () => {
  test('PUT creates a graph (created) and then replaces its triples (not created)', async () => {
    const db = await fresh();
    expect(await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1", "2" .'), { principal: admin })).toEqual({ created: true });
    expect(await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "3" .'), { principal: admin })).toEqual({ created: false });
    expect(await objects(db, 'http://g')).toEqual(['3']);
  });

  test('PUT of an empty graph deletes the graph', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin });
    expect(await db.triples.replaceGraph('http://g', ttl('# nothing\n'), { principal: admin })).toEqual({ created: false });
    expect(await db.triples.graphTriples('http://g', admin)).toBeUndefined();
  });

  test('POST adds triples, creating the graph the first time', async () => {
    const db = await fresh();
    expect(await db.triples.mergeGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin })).toEqual({ created: true });
    expect(await db.triples.mergeGraph('http://g', ttl('<http://s> <http://p> "1", "2" .'), { principal: admin })).toEqual({ created: false });
    expect(await objects(db, 'http://g')).toEqual(['1', '2']);
  });

  test('blank nodes of separate payloads are separate nodes', async () => {
    const db = await fresh();
    await db.triples.mergeGraph('http://g', { text: '_:b <http://p> "1" .', format: 'application/n-triples' }, { principal: admin });
    await db.triples.mergeGraph('http://g', { text: '_:b <http://p> "2" .', format: 'application/n-triples' }, { principal: admin });
    const subjects = new Set((await db.triples.graphTriples('http://g', admin))?.map((q) => q.subject.value));
    expect(subjects.size).toBe(2);
  });

  test.for([
    { format: 'text/turtle', text: '@prefix ex: <http://ex/> . ex:s ex:p "o" .' },
    { format: 'application/n-triples', text: '<http://ex/s> <http://ex/p> "o" .' },
    { format: 'application/rdf+xml', text: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://ex/"><rdf:Description rdf:about="http://ex/s"><ex:p>o</ex:p></rdf:Description></rdf:RDF>' },
    { format: 'application/ld+json', text: '{"@id": "http://ex/s", "http://ex/p": "o"}' },
    { format: 'text/n3', text: '<http://ex/s> <http://ex/p> "o" .' },
    { format: 'text/turtle; charset=utf-8', text: '<http://ex/s> <http://ex/p> "o" .' },
  ])('reads $format', async ({ format, text }) => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', { text, format }, { principal: admin });
    expect(lines((await db.triples.graphTriples('http://g', admin)) ?? [])).toEqual(['<http://ex/s> <http://ex/p> "o" <http://g>']);
  });

  test('relative IRIs resolve against base (N-Triples included), and without one are refused with XDMP-BASEURI', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g1', { text: '<s> <p> "o" .', format: 'text/turtle', base: 'http://ex/' }, { principal: admin });
    await db.triples.replaceGraph('http://g2', { text: '<marklogic.com/r1> <marklogic.com/p1> "o" .', format: 'application/n-triples', base: 'http://ex/' }, { principal: admin });
    expect((await db.triples.graphTriples('http://g1', admin))?.[0].subject.value).toBe('http://ex/s');
    expect((await db.triples.graphTriples('http://g2', admin))?.[0].subject.value).toBe('http://ex/marklogic.com/r1');
    for (const format of ['text/turtle', 'application/n-triples']) {
      const err = await rejection(db.triples.replaceGraph('http://g2', { text: '<marklogic.com/r2> <http://p> "o" .', format }, { principal: admin }));
      expect([err.code, err.status]).toEqual(['XDMP-BASEURI', 400]);
    }
    expect((await db.triples.graphTriples('http://g2', admin))?.[0].subject.value).toBe('http://ex/marklogic.com/r1');
  });

  test.for([
    { name: 'a syntax error', payload: ttl('<http://s> <http://p> "unterminated .'), code: 'RESTAPI-INVALIDCONTENT', status: 400 },
    { name: 'an unknown format', payload: { text: 'x', format: 'application/x-nothing' }, code: 'RESTAPI-INVALIDMIMETYPE', status: 415 },
    { name: 'quads naming another graph', payload: { text: '<http://s> <http://p> "o" <http://other> .', format: 'application/n-quads' }, code: 'RESTAPI-INVALIDCONTENT', status: 400 },
  ])('a payload with $name stores nothing', async ({ payload, code, status }) => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "before" .'), { principal: admin });
    const before = await dump(db);
    const err = await rejection(db.triples.replaceGraph('http://g', payload, { principal: admin }));
    expect([err.code, err.status]).toEqual([code, status]);
    expect(err.message).toMatch(/Invalid|mime/i);
    expect(await dump(db)).toEqual(before);
    expect((await rejection(db.triples.mergeGraph('http://g', payload, { principal: admin }))).code).toBe(code);
    expect(await dump(db)).toEqual(before);
  });

  test('the parser message reaches the client', async () => {
    const db = await fresh();
    const err = await rejection(db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "x .'), { principal: admin }));
    expect(err.message).toMatch(/Parser error/);
  });

  test('the default graph counts as created when it was empty', async () => {
    const db = await fresh();
    expect(await db.triples.replaceGraph(DEFAULT, ttl('_:a <http://p> "o" .'), { principal: admin })).toEqual({ created: true });
    expect(await db.triples.replaceGraph(DEFAULT, ttl('_:a <http://p> "o2" .'), { principal: admin })).toEqual({ created: false });
  });

  test('the catalogue cannot be written', async () => {
    const db = await fresh();
    expect((await rejection(db.triples.replaceGraph(CATALOGUE, ttl('<http://s> <http://p> "o" .'), { principal: admin }))).code).toBe('RESTAPI-INVALIDREQ');
  });
});

describe('quad payloads (no graph parameter)', () => {
  const nquads = (text: string) => ({ text, format: 'application/n-quads' });

  test('graphs are named inline; triples without a graph go to the default graph', async () => {
    const db = await fresh();
    const out = await db.triples.writeQuads(nquads('<http://s> <http://p> "d" .\n<http://s> <http://p> "1" <http://g1> .\n_:b <http://p> _:c <http://g2> .\n'), 'merge', { principal: admin });
    expect(out.created.sort()).toEqual(['http://g1', 'http://g2', DEFAULT]);
    expect(await db.triples.listGraphs(admin)).toEqual(['http://g1', 'http://g2', DEFAULT, CATALOGUE]);
  });

  test('replace empties only the graphs the payload names', async () => {
    const db = await fresh();
    await db.triples.writeQuads(nquads('<http://s> <http://p> "1" <http://g1> .\n<http://s> <http://p> "2" <http://g2> .\n'), 'merge', { principal: admin });
    const out = await db.triples.writeQuads({ text: '<http://g1> { <http://s> <http://p> "new" }', format: 'application/trig' }, 'replace', { principal: admin });
    expect(out.created).toEqual([]);
    expect(await objects(db, 'http://g1')).toEqual(['new']);
    expect(await objects(db, 'http://g2')).toEqual(['2']);
  });

  test('merge into existing graphs adds to them', async () => {
    const db = await fresh();
    await db.triples.writeQuads(nquads('<http://s> <http://p> "1" <http://g1> .\n'), 'merge', { principal: admin });
    await db.triples.writeQuads(nquads('<http://s> <http://p> "2" <http://g1> .\n<http://s> <http://p> "3" <http://g3> .\n'), 'merge', { principal: admin });
    expect(await objects(db, 'http://g1')).toEqual(['1', '2']);
    expect(await objects(db, 'http://g3')).toEqual(['3']);
  });

  test('a blank node shared by two graphs of one payload stays one node', async () => {
    const db = await fresh();
    await db.triples.writeQuads(nquads('_:b <http://p> "1" <http://g1> .\n_:b <http://p> "2" <http://g2> .\n'), 'merge', { principal: admin });
    const [a] = (await db.triples.graphTriples('http://g1', admin)) ?? [];
    const [b] = (await db.triples.graphTriples('http://g2', admin)) ?? [];
    expect(a.subject.value).toBe(b.subject.value);
  });
});

describe('deleting', () => {
  test('DELETE of a graph removes it; of a missing graph answers false', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin });
    expect(await db.triples.deleteGraph('http://g', admin)).toBe(true);
    expect(await db.triples.deleteGraph('http://g', admin)).toBe(false);
    expect(await db.triples.listGraphs(admin)).toEqual([CATALOGUE]);
  });

  test('DELETE of the default graph empties it', async () => {
    const db = await fresh();
    await db.triples.replaceGraph(DEFAULT, ttl('<http://s> <http://p> "1" .'), { principal: admin });
    expect(await db.triples.deleteGraph(DEFAULT, admin)).toBe(true);
    expect(await db.triples.graphTriples(DEFAULT, admin)).toEqual([]);
  });

  test('DELETE of everything removes every graph', async () => {
    const db = await fresh();
    await db.triples.writeQuads({ text: '<http://s> <http://p> "d" .\n<http://s> <http://p> "1" <http://g1> .\n', format: 'application/n-quads' }, 'merge', { principal: admin });
    await db.triples.deleteAll(admin);
    expect(await db.triples.listGraphs(admin)).toEqual([CATALOGUE]);
    expect(await dump(db)).toEqual([]);
  });
});

describe('graph permissions', () => {
  const defaults = [
    { 'role-name': 'rest-reader', capabilities: ['read'] },
    { 'role-name': 'rest-writer', capabilities: ['update'] },
  ];

  test('a new graph carries the defaults plus perm:', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin, permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }] });
    expect(await db.triples.graphPermissions('http://g', admin)).toEqual([...defaults, { 'role-name': 'app-user', capabilities: ['read'] }]);
  });

  test('perm: on a write to an existing graph does not change its permissions', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin });
    await db.triples.mergeGraph('http://g', ttl('<http://s> <http://p> "2" .'), { principal: admin, permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }] });
    expect(await db.triples.graphPermissions('http://g', admin)).toEqual(defaults);
  });

  test('merge adds, replace keeps only the defaults and what is given, reset goes back to the defaults', async () => {
    const db = await fresh();
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin });
    await db.triples.setGraphPermissions('http://g', [{ 'role-name': 'app-user', capabilities: ['read'] }], 'merge', admin);
    await db.triples.setGraphPermissions('http://g', [{ 'role-name': 'app-builder', capabilities: ['update'] }], 'merge', admin);
    expect((await db.triples.graphPermissions('http://g', admin))?.map((p) => p['role-name'])).toEqual(['rest-reader', 'rest-writer', 'app-user', 'app-builder']);
    await db.triples.setGraphPermissions('http://g', [{ 'role-name': 'app-builder', capabilities: ['read'] }], 'replace', admin);
    expect(await db.triples.graphPermissions('http://g', admin)).toEqual([...defaults, { 'role-name': 'app-builder', capabilities: ['read'] }]);
    expect(await db.triples.resetGraphPermissions('http://g', admin)).toBe(true);
    expect(await db.triples.graphPermissions('http://g', admin)).toEqual(defaults);
  });

  test('permissions set on a missing graph create it, empty', async () => {
    const db = await fresh();
    expect(await db.triples.setGraphPermissions('http://new', [{ 'role-name': 'app-user', capabilities: ['read'] }], 'replace', admin)).toEqual({ created: true });
    expect(await db.triples.listGraphs(admin)).toEqual(['http://new', CATALOGUE]);
    expect(await db.triples.resetGraphPermissions('http://missing', admin)).toBe(false);
  });

  test('the default graph has permissions too', async () => {
    const db = await fresh();
    expect(await db.triples.graphPermissions(DEFAULT, admin)).toEqual(defaults);
  });

  test('a graph the user cannot read is missing to it; one it cannot update refuses writes', async () => {
    const db = await fresh();
    const outsider = principal('outsider', 'app-user');
    await db.triples.replaceGraph('http://g', ttl('<http://s> <http://p> "1" .'), { principal: admin });
    expect(await db.triples.graphTriples('http://g', outsider)).toBeUndefined();
    expect(await db.triples.graphPermissions('http://g', outsider)).toBeUndefined();
    expect(await db.triples.listGraphs(outsider)).toEqual([CATALOGUE]);
    expect(await db.triples.deleteGraph('http://g', outsider)).toBe(false);
    const err = await rejection(db.triples.mergeGraph('http://g', ttl('<http://s> <http://p> "2" .'), { principal: reader }));
    expect([err.code, err.status]).toEqual(['SEC-PERMDENIED', 403]);
    await expect(db.triples.mergeGraph('http://g', ttl('<http://s> <http://p> "2" .'), { principal: writer })).resolves.toEqual({ created: false });
  });
});

describe('path-form IRIs in N-Triples and N-Quads, with a base', () => {
  const B = 'http://b/';
  const PATHS = [
    '<marklogic.com/r1> <marklogic.com/p1> <marklogic.com/o1> <marklogic.com/inline/path> .',
    '<marklogic.com/r1> <marklogic.com/p1> "1"^^<marklogic.com/type> <marklogic.com/inline/path> .',
    '<marklogic.com/r1> <marklogic.com/p1> "a <x> and \\"<y>\\" # <z>" <marklogic.com/inline/path> . # <comment>',
    '</r2> <http://ex/p> "default graph" .',
    '',
  ].join('\n');
  const triplesOf = async (db: Awaited<ReturnType<typeof fresh>>, iri: string) =>
    (await db.triples.graphTriples(iri, admin))
      ?.map((q) => [q.subject.value, q.predicate.value, q.object.value, q.object.termType === 'Literal' ? q.object.datatype.value : q.object.termType].join(' '))
      .sort();
  const expected = [
    'http://b/marklogic.com/r1 http://b/marklogic.com/p1 1 http://b/marklogic.com/type',
    'http://b/marklogic.com/r1 http://b/marklogic.com/p1 a <x> and "<y>" # <z> http://www.w3.org/2001/XMLSchema#string',
    'http://b/marklogic.com/r1 http://b/marklogic.com/p1 http://b/marklogic.com/o1 NamedNode',
  ];

  test.for(['application/n-quads', 'text/x-nquads'])('%s naming a path-form graph lands there, every position resolved and literals as written', async (format) => {
    const db = await fresh();
    expect((await db.triples.writeQuads({ text: PATHS, format, base: B }, 'merge', { principal: admin })).created.sort()).toEqual(['http://b/marklogic.com/inline/path', DEFAULT]);
    expect(await triplesOf(db, 'http://b/marklogic.com/inline/path')).toEqual(expected);
    expect(await triplesOf(db, DEFAULT)).toEqual(['http://b/r2 http://ex/p default graph http://www.w3.org/2001/XMLSchema#string']);
  });

  test.for(['application/n-quads', 'application/n-triples'])('%s with path forms and no base is refused with XDMP-BASEURI, storing nothing', async (format) => {
    const db = await fresh();
    const text = format === 'application/n-quads' ? PATHS : '<marklogic.com/r1> <http://ex/p> "o" .';
    const err = await rejection(db.triples.writeQuads({ text, format }, 'merge', { principal: admin }));
    expect([err.code, err.status]).toEqual(['XDMP-BASEURI', 400]);
    expect(await dump(db)).toEqual([]);
  });

  test('N-Triples with path forms in every position load into the graph named by the request', async () => {
    const db = await fresh();
    const text = PATHS.split('\n').slice(0, 3).map((l) => l.replace(' <marklogic.com/inline/path> .', ' .')).join('\n');
    await db.triples.replaceGraph('marklogic.com/nt', { text, format: 'application/n-triples', base: B }, { principal: admin });
    expect(await triplesOf(db, 'marklogic.com/nt')).toEqual(expected);
  });

  test('merged into a graph that has triples, sent as bytes', async () => {
    const db = await fresh();
    await db.triples.mergeGraph('marklogic.com/nt', { ...ttl('<marklogic.com/r0> <marklogic.com/p1> "before" .'), base: B }, { principal: admin });
    const bytes = new TextEncoder().encode('<marklogic.com/r1> <marklogic.com/p1> "é <x>" .\n_:b <marklogic.com/p1> "blank" .\n');
    await db.triples.mergeGraph('marklogic.com/nt', { text: bytes, format: 'application/n-triples', base: B }, { principal: admin });
    expect((await db.triples.graphTriples('marklogic.com/nt', admin))?.map((q) => q.object.value).sort()).toEqual(['before', 'blank', 'é <x>']);
  });

  test('a client base resolves them as Turtle would', async () => {
    const db = await fresh();
    await db.triples.writeQuads({ text: '<s> <../p> "o" <g> .\n', format: 'application/n-quads', base: 'http://ex/a/b' }, 'merge', { principal: admin });
    expect(lines((await db.triples.graphTriples('http://ex/a/g', admin)) ?? [])).toEqual(['<http://ex/a/s> <http://ex/p> "o" <http://ex/a/g>']);
  });

  test('they come back after a restart (the load is logged with its IRIs resolved)', async () => {
    const name = uniqueName('graphs-nq');
    const db = await openDb(name);
    await db.triples.writeQuads({ text: PATHS, format: 'application/n-quads', base: B }, 'replace', { principal: admin });
    await db.triples.mergeGraph('marklogic.com/inline/path', { text: '<marklogic.com/r9> <marklogic.com/p1> "later" .', format: 'application/n-triples', base: B }, { principal: admin });
    const before = await dump(db);
    db.close();
    const reopened = await openDb(name);
    expect(await dump(reopened)).toEqual(before);
    expect(before).toContain('marklogic.com/inline/path http://b/marklogic.com/r9 http://b/marklogic.com/p1 "later"');
  });

  test('an invalid path-form IRI is a 400 naming its line, and stores nothing', async () => {
    const db = await fresh();
    const err = await rejection(db.triples.writeQuads({ text: '<marklogic.com/r1> <marklogic.com/p1> "o" <g> .\n<a> <b{c> "o" <g> .\n', format: 'application/n-quads', base: B }, 'merge', { principal: admin }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(err.message).toMatch(/line 2 column 5: <b\{c>/);
    expect(await dump(db)).toEqual([]);
  });

  test('another error in a payload with path forms is reported as it is', async () => {
    const db = await fresh();
    const err = await rejection(db.triples.writeQuads({ text: '<marklogic.com/r1> <marklogic.com/p1> "o" <g> .\n<a> <b> "unterminated <g> .\n', format: 'application/n-quads', base: B }, 'merge', { principal: admin }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(err.message).toMatch(/line 2/);
  });
});
