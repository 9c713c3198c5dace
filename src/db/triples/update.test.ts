import { describe, expect, test } from 'vitest';
import { admin, dump, openDb, principal, rejection, rows, uniqueName, writer } from './test-support';
import type { Database } from '../database';

const P = 'PREFIX : <http://ex/> ';
const fresh = () => openDb(uniqueName('update'));
const select = async (db: Database, q: string) => rows(await db.triples.query(P + q, { principal: admin }));

describe('INSERT DATA and DELETE DATA', () => {
  test('inserting into a new named graph creates it, under the name the client wrote', async () => {
    const db = await fresh();
    const out = await db.triples.update(P + 'INSERT DATA { :a :b 1 . GRAPH <marklogic.com/people> { <marklogic.com/r1> :p "x" } }', { principal: admin });
    expect(out).toEqual({ created: ['marklogic.com/people'], changed: true });
    expect(await dump(db)).toEqual([
      'http://marklogic.com/semantics#default-graph http://ex/a http://ex/b "1"',
      'marklogic.com/people marklogic.com/r1 http://ex/p "x"',
    ]);
  });

  test('inserting into an existing graph creates nothing', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :b 1 } }', { principal: admin });
    expect(await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :b 2 } }', { principal: admin })).toEqual({ created: [], changed: true });
  });

  test('inserting a triple that is already there changes nothing', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :b 1 }', { principal: admin });
    expect(await db.triples.update(P + 'INSERT DATA { :a :b 1 }', { principal: admin })).toEqual({ created: [], changed: false });
  });

  test('blank nodes get fresh labels; one label is one node within the operation', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { _:x :p 1 . _:x :q 2 . _:y :p 3 }', { principal: admin });
    const found = await select(db, 'SELECT ?s ?p WHERE { ?s ?p ?o } ORDER BY ?p');
    const subjects = new Set(found.map((r) => r.s));
    expect(subjects.size).toBe(2);
    for (const s of subjects) expect(s).not.toMatch(/^_:(e_)?[xy]$/);
    await db.triples.update(P + 'INSERT DATA { _:x :p 4 }', { principal: admin });
    expect(new Set((await select(db, 'SELECT ?s WHERE { ?s :p ?o }')).map((r) => r.s)).size).toBe(3);
  });

  test('DELETE DATA removes exactly the triples named', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :b 1, 2 . GRAPH :g { :a :b 1 } }', { principal: admin });
    await db.triples.update(P + 'DELETE DATA { :a :b 1 . GRAPH :g { :a :b 1 } }', { principal: admin });
    expect(await dump(db)).toEqual(['http://marklogic.com/semantics#default-graph http://ex/a http://ex/b "2"']);
  });

  test('the reserved default-graph IRI names the graph of unnamed triples', async () => {
    const db = await fresh();
    const out = await db.triples.update(P + 'INSERT DATA { GRAPH <http://marklogic.com/semantics#default-graph> { :a :b 1 } }', { principal: admin });
    expect(out.created).toEqual([]);
    expect(await select(db, 'SELECT ?s WHERE { ?s :b 1 }')).toEqual([{ s: 'http://ex/a' }]);
    expect(await db.triples.listGraphs(admin)).toEqual(['http://marklogic.com/semantics#default-graph', 'http://marklogic.com/semantics#graphs']);
  });
});

describe('DELETE / INSERT … WHERE', () => {
  test('WITH names the graph of the templates and of the WHERE', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :age 1 . GRAPH :g { :a :age 2 } }', { principal: admin });
    await db.triples.update(P + 'WITH :g DELETE { ?s :age ?v } INSERT { ?s :age ?w } WHERE { ?s :age ?v BIND(?v + 10 AS ?w) }', { principal: admin });
    expect(await dump(db)).toEqual([
      'http://ex/g http://ex/a http://ex/age "12"',
      'http://marklogic.com/semantics#default-graph http://ex/a http://ex/age "1"',
    ]);
  });

  test('without WITH or USING the WHERE sees the union of all graphs, and templates write the default graph', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { GRAPH :g1 { :a :p 1 } GRAPH :g2 { :b :p 2 } }', { principal: admin });
    await db.triples.update(P + 'INSERT { ?s :seen true } WHERE { ?s :p ?o }', { principal: admin });
    expect(await select(db, 'SELECT ?s WHERE { GRAPH <http://marklogic.com/semantics#default-graph> { ?s :seen true } } ORDER BY ?s')).toEqual([{ s: 'http://ex/a' }, { s: 'http://ex/b' }]);
    const r = await db.triples.query(P + 'SELECT ?s WHERE { ?s :seen true } ORDER BY ?s', { principal: admin, defaultGraphs: ['http://marklogic.com/semantics#default-graph'] });
    expect(rows(r)).toEqual([{ s: 'http://ex/a' }, { s: 'http://ex/b' }]);
  });

  test('USING restricts the WHERE to the graphs named', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { GRAPH :g1 { :a :p 1 } GRAPH :g2 { :b :p 2 } }', { principal: admin });
    await db.triples.update(P + 'INSERT { GRAPH :out { ?s :p ?o } } USING :g2 WHERE { ?s :p ?o }', { principal: admin });
    expect((await db.triples.graphTriples('http://ex/out', admin))?.map((q) => q.subject.value)).toEqual(['http://ex/b']);
  });

  test('using-graph-uri and using-named-graph-uri set the dataset of every WHERE', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { GRAPH :g1 { :a :p 1 } GRAPH :g2 { :b :p 2 } }', { principal: admin });
    await db.triples.update(P + 'INSERT { GRAPH :out { ?s :from ?g } } WHERE { GRAPH ?g { ?s :p ?o } }', { principal: admin, usingNamedGraphs: ['http://ex/g1'] });
    await db.triples.update(P + 'INSERT { GRAPH :out { ?s :default true } } WHERE { ?s :p ?o }', { principal: admin, usingGraphs: ['http://ex/g2'] });
    expect((await db.triples.graphTriples('http://ex/out', admin))?.map((q) => `${q.subject.value} ${q.object.value}`).sort()).toEqual([
      'http://ex/a http://ex/g1',
      'http://ex/b true',
    ]);
  });

  test.for([
    { name: 'WITH', update: 'WITH :g INSERT { ?s :p 1 } WHERE { ?s ?p ?o }' },
    { name: 'USING', update: 'INSERT { ?s :p 1 } USING :g WHERE { ?s ?p ?o }' },
    { name: 'USING NAMED', update: 'INSERT { ?s :p 1 } USING NAMED :g WHERE { GRAPH ?g { ?s ?p ?o } }' },
  ])('using-graph-uri together with $name in the update is refused', async ({ update }) => {
    const db = await fresh();
    const err = await rejection(db.triples.update(P + update, { principal: admin, usingGraphs: ['http://ex/x'] }));
    expect([err.code, err.status]).toEqual(['REST-INVALIDPARAM', 400]);
  });

  test('using-named-graph-uri with INSERT DATA is accepted (the Node client sends it as "true")', async () => {
    const db = await fresh();
    await expect(db.triples.update(P + 'INSERT DATA { :a :b 1 }', { principal: admin, usingNamedGraphs: ['true'] })).resolves.toMatchObject({ changed: true });
  });

  test('DELETE WHERE deletes every match', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :p 1 . :b :p 2 . :c :q 3 . GRAPH :g { :d :p 4 } }', { principal: admin });
    await db.triples.update(P + 'DELETE WHERE { ?s :p ?o }', { principal: admin });
    await db.triples.update(P + 'DELETE WHERE { GRAPH :g { ?s :p ?o } }', { principal: admin });
    expect(await dump(db)).toEqual(['http://marklogic.com/semantics#default-graph http://ex/c http://ex/q "3"']);
  });

  test('template triples with an unbound variable or a literal subject are skipped', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :p "lit" }', { principal: admin });
    const out = await db.triples.update(P + 'INSERT { ?o :q 1 . ?s :r ?unbound . ?s :ok 1 } WHERE { ?s :p ?o }', { principal: admin });
    expect(out.changed).toBe(true);
    expect(await select(db, 'SELECT ?p WHERE { ?s ?p ?o } ORDER BY ?p')).toEqual([{ p: 'http://ex/ok' }, { p: 'http://ex/p' }]);
  });

  test('template blank nodes are fresh for every solution', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :p 1 . :b :p 2 }', { principal: admin });
    await db.triples.update(P + 'INSERT { ?s :note _:n . _:n :v ?o } WHERE { ?s :p ?o }', { principal: admin });
    const notes = await select(db, 'SELECT ?s ?n ?v WHERE { ?s :note ?n . ?n :v ?v } ORDER BY ?s');
    expect(notes.map((r) => r.v)).toEqual(['1', '2']);
    expect(notes[0].n).not.toBe(notes[1].n);
  });

  test('a WHERE with no solution changes nothing', async () => {
    const db = await fresh();
    expect(await db.triples.update(P + 'DELETE { ?s ?p ?o } WHERE { ?s :none ?o }', { principal: admin })).toEqual({ created: [], changed: false });
  });

  test('bindings bind variables of the WHERE as RDF terms', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :a :p 1 . :b :p 2 }', { principal: admin });
    await db.triples.update(P + 'DELETE { ?s :p ?o } WHERE { ?s :p ?o }', { principal: admin, bindings: [{ name: 's', value: 'http://ex/a' }] });
    expect(await select(db, 'SELECT ?s WHERE { ?s :p ?o }')).toEqual([{ s: 'http://ex/b' }]);
  });
});

describe('graph management', () => {
  const seeded = async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { :d :p 0 . GRAPH :g1 { :a :p 1 } GRAPH :g2 { :b :p 2 } }', { principal: admin });
    return db;
  };
  const graphs = (db: Database) => db.triples.listGraphs(admin);

  test.for([
    { update: 'CLEAR GRAPH :g1', left: ['http://ex/g1', 'http://ex/g2', 'http://marklogic.com/semantics#default-graph'], triples: 2 },
    { update: 'DROP GRAPH :g1', left: ['http://ex/g2', 'http://marklogic.com/semantics#default-graph'], triples: 2 },
    { update: 'CLEAR DEFAULT', left: ['http://ex/g1', 'http://ex/g2'], triples: 2 },
    { update: 'DROP DEFAULT', left: ['http://ex/g1', 'http://ex/g2'], triples: 2 },
    { update: 'CLEAR NAMED', left: ['http://ex/g1', 'http://ex/g2', 'http://marklogic.com/semantics#default-graph'], triples: 1 },
    { update: 'DROP NAMED', left: ['http://marklogic.com/semantics#default-graph'], triples: 1 },
    { update: 'CLEAR ALL', left: ['http://ex/g1', 'http://ex/g2'], triples: 0 },
    { update: 'DROP ALL', left: [], triples: 0 },
  ])('$update', async ({ update, left, triples }) => {
    const db = await seeded();
    await db.triples.update(P + update, { principal: admin });
    expect(await graphs(db)).toEqual([...left, 'http://marklogic.com/semantics#graphs']);
    expect((await dump(db)).length).toBe(triples);
  });

  test.for([
    { update: 'CLEAR GRAPH :nope', code: 'XDMP-SPQLNOSUCHGRAPH' },
    { update: 'DROP GRAPH :nope', code: 'XDMP-SPQLNOSUCHGRAPH' },
    { update: 'CREATE GRAPH :g1', code: 'XDMP-SPQLGRAPHEXIST' },
    { update: 'ADD :nope TO :g1', code: 'XDMP-SPQLNOSUCHGRAPH' },
    { update: 'LOAD <http://example.org/data.ttl>', code: 'RESTAPI-INVALIDREQ' },
  ])('$update fails with $code, and succeeds silently with SILENT', async ({ update, code }) => {
    const db = await seeded();
    const err = await rejection(db.triples.update(P + update, { principal: admin }));
    expect([err.code, err.status]).toEqual([code, 400]);
    const silent = update.replace(/^(\w+)/, '$1 SILENT');
    await expect(db.triples.update(P + silent, { principal: admin })).resolves.toMatchObject({ created: [] });
  });

  test('CREATE makes an empty graph that is listed and visible to GRAPH ?g', async () => {
    const db = await fresh();
    expect(await db.triples.update('CREATE GRAPH </my/graph>', { principal: admin })).toEqual({ created: ['/my/graph'], changed: true });
    expect(await graphs(db)).toEqual(['/my/graph', 'http://marklogic.com/semantics#graphs']);
    expect(rows(await db.triples.query('SELECT ?g WHERE { GRAPH ?g { } }', { principal: admin }))).toEqual([{ g: '/my/graph' }]);
    expect(await db.triples.graphTriples('/my/graph', admin)).toEqual([]);
  });

  test.for([
    { op: 'ADD', g1: ['"1"'], g2: ['"1"', '"2"'] },
    { op: 'COPY', g1: ['"1"'], g2: ['"1"'] },
    { op: 'MOVE', g1: undefined, g2: ['"1"'] },
  ])('$op :g1 TO :g2', async ({ op, g1, g2 }) => {
    const db = await seeded();
    await db.triples.update(`${P}${op} :g1 TO :g2`, { principal: admin });
    const objects = async (g: string) => (await db.triples.graphTriples(g, admin))?.map((q) => JSON.stringify(q.object.value)).sort();
    expect(await objects('http://ex/g1')).toEqual(g1);
    expect(await objects('http://ex/g2')).toEqual(g2);
  });

  test('COPY DEFAULT TO a new graph creates it', async () => {
    const db = await seeded();
    expect(await db.triples.update(P + 'COPY DEFAULT TO :copy', { principal: admin })).toEqual({ created: ['http://ex/copy'], changed: true });
  });
});

describe('a request is all or nothing', () => {
  test('a failing second operation leaves nothing of the first, in memory or on disk', async () => {
    const name = uniqueName('atomic');
    const db = await openDb(name);
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :p 1 } }', { principal: admin });
    const before = await dump(db);
    const err = await rejection(
      db.triples.update(P + 'INSERT DATA { :x :p 1 . GRAPH :new { :y :p 2 } } ; DELETE DATA { GRAPH :g { :a :p 1 } } ; DROP GRAPH :g ; CREATE GRAPH :new', { principal: admin }),
    );
    expect(err.code).toBe('XDMP-SPQLGRAPHEXIST');
    expect(await dump(db)).toEqual(before);
    expect(await db.triples.listGraphs(admin)).toEqual(['http://ex/g', 'http://marklogic.com/semantics#graphs']);
    db.close();
    expect(await dump(await openDb(name))).toEqual(before);
  });

  test('a syntax error is reported with the position and changes nothing', async () => {
    const db = await fresh();
    const err = await rejection(db.triples.update('INSERT DATA { <a> <b> ', { principal: admin }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(err.message).toMatch(/line 1, column \d+/);
  });

  test.for([
    ['a graph', 'INSERT DATA { GRAPH <http://example.F%URorg/g2> { <http://e/s> <http://e/p> 1 } }'],
    ['a subject', 'INSERT DATA { <http://e/%zz> <http://e/p> 1 }'],
    ['a datatype', 'INSERT DATA { <http://e/s> <http://e/p> "1"^^<http://e/%G1> }'],
  ])('an IRI the engine refuses (%s with a bad percent escape) is 400 and changes nothing', async ([, update]) => {
    const db = await fresh();
    const before = await dump(db);
    const err = await rejection(db.triples.update(update, { principal: admin }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(err.message).toMatch(/invalid IRI <[^>]*%/);
    expect(await dump(db)).toEqual(before);
    // The engine is fine for the next update.
    await db.triples.update('INSERT DATA { <http://e/s> <http://e/p> 2 }', { principal: admin });
  });

  test('a query sent as an update is refused', async () => {
    const db = await fresh();
    expect((await rejection(db.triples.update('SELECT * WHERE { ?s ?p ?o }', { principal: admin }))).code).toBe('RESTAPI-INVALIDCONTENT');
  });

  test('an empty update changes nothing', async () => {
    const db = await fresh();
    expect(await db.triples.update('', { principal: admin })).toEqual({ created: [], changed: false });
  });
});

describe('graph permissions in updates', () => {
  test('perm: adds permissions to the graphs an update creates, on top of the defaults', async () => {
    const db = await fresh();
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :p 1 } }', { principal: admin, permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }] });
    expect(await db.triples.graphPermissions('http://ex/g', admin)).toEqual([
      { 'role-name': 'rest-reader', capabilities: ['read'] },
      { 'role-name': 'rest-writer', capabilities: ['update'] },
      { 'role-name': 'app-user', capabilities: ['read'] },
    ]);
  });

  test('a role given update on a graph lets its users change it', async () => {
    const db = await fresh();
    const builder = principal('builder', 'app-builder');
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :p 1 } }', { principal: admin, permissions: [{ 'role-name': 'app-builder', capabilities: ['update'] }] });
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :p 2 } }', { principal: builder });
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :p 3 } }', { principal: writer });
    expect((await db.triples.graphTriples('http://ex/g', admin))?.length).toBe(3);
  });

  test('a user without update permission on a graph cannot change it, and the request changes nothing', async () => {
    const db = await fresh();
    const plain = principal('plain-writer', 'app-builder');
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :a :p 1 } }', { principal: admin });
    const err = await rejection(db.triples.update(P + 'INSERT DATA { GRAPH :mine { :x :p 1 } GRAPH :g { :a :p 2 } }', { principal: plain }));
    expect([err.code, err.status]).toEqual(['SEC-PERMDENIED', 403]);
    expect(await db.triples.listGraphs(admin)).toEqual(['http://ex/g', 'http://marklogic.com/semantics#graphs']);
  });

  test('CLEAR ALL by a user leaves the graphs it cannot read alone', async () => {
    const db = await fresh();
    const app = principal('app', 'app-user', 'app-builder');
    await db.triples.update(P + 'INSERT DATA { GRAPH :shared { :a :p 1 } }', { principal: admin });
    await db.triples.update(P + 'INSERT DATA { GRAPH :app { :b :p 2 } }', { principal: admin, permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }, { 'role-name': 'app-builder', capabilities: ['update'] }] });
    await db.triples.update('DROP ALL', { principal: app });
    expect(await db.triples.listGraphs(admin)).toEqual(['http://ex/shared', 'http://marklogic.com/semantics#graphs']);
  });
});
