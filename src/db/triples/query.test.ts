import { describe, expect, test, vi } from 'vitest';
import { nodeOxigraph } from '../../../test/oxigraph';
import type { Database } from '../database';
import { parseBindingParam } from './bindings';
import { admin, askValue, lines, openDb, principal, reader, rejection, rows, uniqueName } from './test-support';
import { prepareQuery, PreparedTexts, type PreparedQuery, type QueryOptions } from './query';

const P = 'PREFIX : <http://ex/> ';
const DEFAULT = 'http://marklogic.com/semantics#default-graph';

/** :d in the default graph, :a in :g1, :b in :g2, :s in :secret (which app-user may also read). */
async function seeded(): Promise<Database> {
  const db = await openDb(uniqueName('query'));
  await db.triples.update(P + 'INSERT DATA { :d :p 0 . GRAPH :g1 { :a :p 1 } GRAPH :g2 { :b :p 2 } }', { principal: admin });
  await db.triples.update(P + 'INSERT DATA { GRAPH :secret { :s :p 9 } }', { principal: admin, permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }] });
  return db;
}

const subjectsOf = async (db: Database, q: string, options: Partial<QueryOptions> = {}) =>
  rows(await db.triples.query(P + q, { principal: admin, ...options }))
    .map((r) => r.s)
    .sort();

describe('query forms', () => {
  test('SELECT gives the W3C JSON results object, head.vars included when nothing matches', async () => {
    const db = await seeded();
    const r = await db.triples.query(P + 'SELECT ?s ?o WHERE { ?s :none ?o }', { principal: admin });
    expect(r.form).toBe('SELECT');
    expect(r.form === 'SELECT' && r.results).toEqual({ head: { vars: ['s', 'o'] }, results: { bindings: [] } });
  });

  test('SELECT bindings carry types, datatypes and languages', async () => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update(P + 'INSERT DATA { :a :p "x"@en, 1, _:b }', { principal: admin });
    const r = await db.triples.query(P + 'SELECT ?o WHERE { :a :p ?o } ORDER BY ?o', { principal: admin });
    const terms = r.form === 'SELECT' ? r.results.results.bindings.map((b) => b.o) : [];
    expect(terms.map((t) => t.type).sort()).toEqual(['bnode', 'literal', 'literal']);
    expect(terms).toContainEqual({ type: 'literal', value: 'x', 'xml:lang': 'en' });
    expect(terms).toContainEqual({ type: 'literal', value: '1', datatype: 'http://www.w3.org/2001/XMLSchema#integer' });
  });

  test('ASK gives {head, boolean}', async () => {
    const db = await seeded();
    const ask = await db.triples.query(P + 'ASK { :a :p 1 }', { principal: admin });
    expect(ask.form === 'ASK' && ask.results).toEqual({ head: {}, boolean: true });
    expect(askValue(await db.triples.query(P + 'ASK { :a :p 2 }', { principal: admin }))).toBe(false);
  });

  test('CONSTRUCT and DESCRIBE give quads in the client spelling of IRIs', async () => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update('INSERT DATA { GRAPH <marklogic.com/g> { <marklogic.com/r1> <marklogic.com/p1> "literal1" } }', { principal: admin });
    const c = await db.triples.query('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', { principal: admin });
    expect(c.form).toBe('CONSTRUCT');
    expect(c.form === 'CONSTRUCT' && c.quads.map((q) => [q.subject.value, q.predicate.value, q.object.value])).toEqual([
      ['marklogic.com/r1', 'marklogic.com/p1', 'literal1'],
    ]);
    const d = await db.triples.query('DESCRIBE <marklogic.com/r1>', { principal: admin });
    expect(d.form === 'DESCRIBE' && d.quads.map((q) => q.subject.value)).toEqual(['marklogic.com/r1']);
  });

  test('relative IRIs in a query match the path forms stored', async () => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update('INSERT DATA { <marklogic.com/r1> <p> </my/thing> }', { principal: admin });
    expect(askValue(await db.triples.query('ASK { <marklogic.com/r1> <p> </my/thing> }', { principal: admin }))).toBe(true);
    expect(rows(await db.triples.query('SELECT ?o WHERE { ?s <p> ?o }', { principal: admin }))).toEqual([{ o: '/my/thing' }]);
  });

  test('base resolves relative IRIs against the client base', async () => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update('INSERT DATA { <a> <p> 1 }', { principal: admin, base: 'http://ex/' });
    expect(rows(await db.triples.query('SELECT ?s WHERE { ?s <p> 1 }', { principal: admin, base: 'http://ex/' }))).toEqual([{ s: 'http://ex/a' }]);
  });

  test.for([
    { name: 'SELECT', text: 'SELECT * WHERE { ?s ?p ?o }' },
    { name: 'ASK', text: 'PREFIX : <http://ex/>\n# a comment\nASK { }' },
    { name: 'CONSTRUCT', text: 'CONSTRUCT WHERE { ?s ?p ?o }' },
    { name: 'DESCRIBE', text: 'DESCRIBE <http://ex/a>' },
  ])('prepareQuery tells the form ($name) before the query runs, so a caller may refuse it first', async ({ name, text }) => {
    const db = await openDb(uniqueName('query'));
    await db.triples.ready();
    // Every evaluation goes through Store.query: none may happen until the caller runs the query.
    const evaluations = vi.spyOn(nodeOxigraph().Store.prototype, 'query');
    try {
      const prepared = await db.triples.prepareQuery(text, { principal: admin });
      expect(prepared.form).toBe(name);
      expect(evaluations).not.toHaveBeenCalled();
      await db.triples.runQuery(prepared);
      expect(evaluations).toHaveBeenCalled();
    } finally {
      evaluations.mockRestore();
    }
  });

  test.for([
    { name: 'SELECT with language, datatype, blank node and unbound values', text: 'SELECT ?s ?o ?x WHERE { ?s ?p ?o OPTIONAL { ?s <http://ex/none> ?x } }' },
    { name: 'ASK', text: 'ASK { ?s ?p ?o }' },
  ])('the engine text of a $name answer, when given, is the same answer as the results object', async ({ text }) => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update('INSERT DATA { <http://ex/a> <http://ex/p> "x"@en, 3, "s", _:b . _:b <http://ex/p> "2020-01-01"^^<http://www.w3.org/2001/XMLSchema#date> }', { principal: admin });
    const result = await db.triples.query(text, { principal: admin });
    if (result.form !== 'SELECT' && result.form !== 'ASK') throw new Error('expected results');
    expect(result.json).toBeDefined();
    expect(JSON.parse(result.json!)).toEqual(result.results);
  });

  test.for([
    { name: 'relative IRIs to map back', text: 'SELECT ?o WHERE { ?s ?p ?o }', options: {}, object: '</rel/thing>' },
    { name: 'a page of the solutions', text: 'SELECT ?s WHERE { ?s ?p ?o }', options: { pageLength: 1 }, object: '<http://ex/b>' },
    { name: 'SELECT * columns to reorder', text: 'SELECT * WHERE { ?s ?p ?o }', options: {}, object: '<http://ex/b>' },
  ])('there is no engine text when the answer differs from it: $name', async ({ text, options, object }) => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update(`INSERT DATA { <http://ex/a> <http://ex/p> ${object} }`, { principal: admin });
    const result = await db.triples.query(text, { principal: admin, ...options });
    expect(result.form === 'SELECT' && result.json).toBe(undefined);
    expect(JSON.stringify(result.form === 'SELECT' && result.results)).not.toContain('tabula-relative:');
  });

  test('a syntax error is 400 RESTAPI-INVALIDCONTENT with the parser message and position', async () => {
    const db = await seeded();
    const err = await rejection(db.triples.query('SELECT * WHERE { ?s ?p ', { principal: admin }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(err.message).toMatch(/SPARQL syntax error \(line 1, column \d+\): Expecting .*, got 'EOF'$/);
  });

  test.for([
    // The position is the offending token's, where an editor marks it, not the last accepted one's.
    { text: 'SELECT * WHERE { ?s ?p ?o . FILTER(?x = }', at: '}' },
    { text: 'SELECT * WHERE {\n  ?s ?p ?o .\n  FILTER(?x = # a comment\n\n   } ', at: '}' },
    { text: 'SELECT ?s WHERE { ?s ?p }', at: '}' },
    { text: 'SELECT 😀 WHERE { ?s ?p ?o }', at: '😀' },
  ])('a syntax error names the line and column of the offending token: $text', async ({ text, at }) => {
    const db = await seeded();
    const err = await rejection(db.triples.query(text, { principal: admin }));
    const offset = text.lastIndexOf(at);
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const line = text.slice(0, lineStart).split('\n').length;
    expect(err.message).toContain(`(line ${line}, column ${offset - lineStart + 1})`);
    expect(err.message).not.toContain('\n');
  });

  test('a query only Oxigraph parses (SPARQL 1.2) still runs, without bindings', async () => {
    const db = await openDb(uniqueName('query'));
    await db.triples.update(P + 'INSERT DATA { :a :p "x"@en, "y" }', { principal: admin });
    const text = 'VERSION "1.2" PREFIX : <http://ex/> SELECT ?o WHERE { :a :p ?o FILTER(hasLANG(?o)) }';
    expect(rows(await db.triples.query(text, { principal: admin }))).toEqual([{ o: 'x' }]);
    const err = await rejection(db.triples.query(text, { principal: admin, bindings: [{ name: 'o', value: 'x', lang: 'en' }] }));
    expect(err.code).toBe('RESTAPI-INVALIDCONTENT');
  });

  test('a query sparqljs accepts but Oxigraph refuses is 400 with the engine message', async () => {
    const db = await openDb(uniqueName('query'));
    const err = await rejection(db.triples.query('SELECT ?x { BIND(1 AS ?x) BIND(2 AS ?x) }', { principal: admin }));
    expect([err.code, err.status]).toEqual(['RESTAPI-INVALIDCONTENT', 400]);
    expect(err.message).toMatch(/error at 1:\d+/);
  });

  test('an update sent as a query is refused', async () => {
    const db = await seeded();
    expect((await rejection(db.triples.query('CLEAR ALL', { principal: admin }))).code).toBe('RESTAPI-INVALIDCONTENT');
  });
});

describe('dataset rules', () => {
  test('1. with no graph named, the default graph is the union of every graph', async () => {
    const db = await seeded();
    expect(await subjectsOf(db, 'SELECT ?s WHERE { ?s :p ?o }')).toEqual(['http://ex/a', 'http://ex/b', 'http://ex/d', 'http://ex/s']);
    expect(await subjectsOf(db, 'SELECT ?s WHERE { GRAPH ?g { ?s :p ?o } }')).toEqual(['http://ex/a', 'http://ex/b', 'http://ex/s']);
  });

  test('2. default-graph-uri names graphs; the reserved IRI names the graph of unnamed triples', async () => {
    const db = await seeded();
    expect(await subjectsOf(db, 'SELECT ?s WHERE { ?s :p ?o }', { defaultGraphs: ['http://ex/g1', 'http://ex/g2'] })).toEqual(['http://ex/a', 'http://ex/b']);
    expect(await subjectsOf(db, 'SELECT ?s WHERE { ?s :p ?o }', { defaultGraphs: [DEFAULT] })).toEqual(['http://ex/d']);
  });

  test('FROM and FROM NAMED in the query set the dataset when no parameter does', async () => {
    const db = await seeded();
    expect(await subjectsOf(db, 'SELECT ?s FROM :g1 WHERE { ?s :p ?o }')).toEqual(['http://ex/a']);
    expect(await subjectsOf(db, 'SELECT ?s FROM NAMED :g2 WHERE { GRAPH ?g { ?s :p ?o } }')).toEqual(['http://ex/b']);
    expect(await subjectsOf(db, 'SELECT ?s FROM NAMED :g2 WHERE { ?s :p ?o }')).toEqual([]);
  });

  test('3. request parameters win over FROM / FROM NAMED', async () => {
    const db = await seeded();
    expect(await subjectsOf(db, 'SELECT ?s FROM :g1 WHERE { ?s :p ?o }', { defaultGraphs: ['http://ex/g2'] })).toEqual(['http://ex/b']);
    const ask = await db.triples.query(P + 'ASK FROM :g2 { GRAPH ?g { :a :p 1 } }', { principal: admin, namedGraphs: ['http://ex/g1'] });
    expect(askValue(ask)).toBe(true);
    expect(await subjectsOf(db, 'SELECT ?s FROM :g1 WHERE { ?s :p ?o }', { namedGraphs: ['http://ex/g1'] })).toEqual([]);
  });

  test('a graph that does not exist is an empty graph, not an error', async () => {
    const db = await seeded();
    expect(askValue(await db.triples.query('ASK { }', { principal: admin, defaultGraphs: ['http://kasei.us/2009/09/sparql/data/data0.rdf'] }))).toBe(true);
    expect(await subjectsOf(db, 'SELECT ?s WHERE { ?s ?p ?o }', { defaultGraphs: ['http://ex/nope'] })).toEqual([]);
  });
});

describe('graph permissions in queries', () => {
  // Every graph carries rest-reader read, so only a user without rest-reader can be kept out of one.
  const outsider = principal('outsider', 'app-user');

  test.for([
    { name: 'the union', q: 'SELECT ?s WHERE { ?s :p ?o }', options: {}, sees: ['http://ex/s'] },
    { name: 'GRAPH ?g', q: 'SELECT ?s WHERE { GRAPH ?g { ?s :p ?o } }', options: {}, sees: ['http://ex/s'] },
    { name: 'FROM', q: 'SELECT ?s FROM :g1 FROM :secret WHERE { ?s :p ?o }', options: {}, sees: ['http://ex/s'] },
    { name: 'default-graph-uri', q: 'SELECT ?s WHERE { ?s :p ?o }', options: { defaultGraphs: ['http://ex/g1', DEFAULT, 'http://ex/secret'] }, sees: ['http://ex/s'] },
    { name: 'named-graph-uri', q: 'SELECT ?s WHERE { GRAPH ?g { ?s :p ?o } }', options: { namedGraphs: ['http://ex/g1', 'http://ex/secret'] }, sees: ['http://ex/s'] },
  ])('a user sees only the graphs it may read, through $name', async ({ q, options, sees }) => {
    const db = await seeded();
    expect(await subjectsOf(db, q, { ...options, principal: outsider })).toEqual(sees);
    expect((await subjectsOf(db, q, { ...options, principal: reader })).length).toBeGreaterThan(sees.length);
  });

  test('a user who may read every graph gets the same answers as admin', async () => {
    const db = await seeded();
    const q = 'SELECT ?s WHERE { ?s :p ?o }';
    expect(await subjectsOf(db, q, { principal: reader })).toEqual(await subjectsOf(db, q, { principal: admin }));
  });
});

describe('bindings', () => {
  test.for([
    { name: 'an IRI', bindings: [{ name: 's', value: 'http://ex/a' }], expected: ['http://ex/a'] },
    { name: 'a path-form IRI', bindings: [{ name: 's', value: 'marklogic.com/r1' }], expected: ['marklogic.com/r1'] },
    { name: 'a typed literal', bindings: [{ name: 'o', value: '2', type: 'integer' }], expected: ['http://ex/b'] },
    { name: 'a language-tagged string', bindings: [{ name: 'o', value: 'hello', lang: 'en' }], expected: ['http://ex/c'] },
    { name: 'a name given twice (one solution each)', bindings: [{ name: 'o', value: '1', type: 'integer' }, { name: 'o', value: '2', type: 'integer' }], expected: ['http://ex/a', 'http://ex/b'] },
    { name: 'two names (combined)', bindings: [{ name: 's', value: 'http://ex/a' }, { name: 'o', value: '2', type: 'integer' }], expected: [] },
  ])('bind $name', async ({ bindings, expected }) => {
    const db = await openDb(uniqueName('bind'));
    await db.triples.update(P + 'INSERT DATA { :a :p 1 . :b :p 2 . :c :p "hello"@en . <marklogic.com/r1> :p 3 }', { principal: admin });
    expect(await subjectsOf(db, 'SELECT ?s WHERE { ?s :p ?o }', { bindings })).toEqual(expected);
  });

  test('a bound value with quotes or braces stays one term (never spliced into the text)', async () => {
    const db = await openDb(uniqueName('bind'));
    await db.triples.update(P + 'INSERT DATA { :a :p "x\\" } . ?s ?p ?o . {" }', { principal: admin });
    expect(await subjectsOf(db, 'SELECT ?s WHERE { ?s :p ?o }', { bindings: [{ name: 'o', value: 'x" } . ?s ?p ?o . {', type: 'string' }] })).toEqual(['http://ex/a']);
  });

  test.for([
    { param: 'bind:s', value: 'http://x', expected: { name: 's', value: 'http://x' } },
    { param: 'bind:n:int', value: '5', expected: { name: 'n', value: '5', type: 'int' } },
    { param: 'bind:label@en-GB', value: 'colour', expected: { name: 'label', value: 'colour', lang: 'en-GB' } },
    { param: 'other', value: 'x', expected: undefined },
  ])('parseBindingParam reads $param', ({ param, value, expected }) => {
    expect(parseBindingParam(param, value)).toEqual(expected);
  });

  test.for(['bind:', 'bind:a b', 'bind:x:xs:int', 'bind:x@', 'bind:x@en:int'])('parseBindingParam refuses %s', (param) => {
    expect(() => parseBindingParam(param, 'v')).toThrow(/REST-INVALIDPARAM/);
  });
});

describe('paging', () => {
  const q = 'SELECT ?s WHERE { ?s :p ?o } ORDER BY ?s';
  test.for([
    { start: undefined, pageLength: undefined, expected: ['a', 'b', 'd', 's'] },
    { start: 2, pageLength: undefined, expected: ['b', 'd', 's'] },
    { start: 2, pageLength: 2, expected: ['b', 'd'] },
    { start: 9, pageLength: 2, expected: [] },
  ])('start=$start pageLength=$pageLength', async ({ start, pageLength, expected }) => {
    const db = await seeded();
    const r = rows(await db.triples.query(P + q, { principal: admin, start, pageLength }));
    expect(r.map((x) => x.s.replace('http://ex/', ''))).toEqual(expected);
  });

  test('pageLength=0 gives an empty result with empty head.vars', async () => {
    const db = await seeded();
    expect((await db.triples.query(P + q, { principal: admin, pageLength: 0 })).form === 'SELECT').toBe(true);
    const r = await db.triples.query(P + q, { principal: admin, pageLength: 0 });
    expect(r.form === 'SELECT' && r.results).toEqual({ head: { vars: [] }, results: { bindings: [] } });
  });

  test('start below 1 is refused', async () => {
    const db = await seeded();
    expect((await rejection(db.triples.query(P + q, { principal: admin, start: 0 }))).code).toBe('REST-INVALIDPARAM');
  });
});

test('CONSTRUCT results are triples, whatever graph they came from', async () => {
  const db = await seeded();
  const r = await db.triples.query(P + 'CONSTRUCT { ?s :q ?o } WHERE { GRAPH :g1 { ?s :p ?o } }', { principal: admin });
  expect(r.form === 'CONSTRUCT' && lines(r.quads)).toEqual(['<http://ex/a> <http://ex/q> "1"^^<http://www.w3.org/2001/XMLSchema#integer>']);
});

describe('prepared query texts kept between requests', () => {
  const ox = nodeOxigraph();
  const base = { principal: admin };
  const FROM = 'SELECT ?s FROM <http://ex/g1> WHERE { ?s ?p ?o }';
  const without = ({ options: _options, ...found }: PreparedQuery) => found;

  test.for([
    { name: 'a query Oxigraph parses alone', text: 'ASK {}', options: {} },
    { name: 'a query with FROM (parsed by sparqljs)', text: FROM, options: {} },
    { name: 'a query naming the reserved default graph', text: `SELECT * WHERE { GRAPH <${DEFAULT}> { ?s ?p ?o } }`, options: {} },
    { name: 'a query with a base', text: 'SELECT ?s FROM <g> WHERE { ?s ?p ?o }', options: { base: 'http://ex/' } },
  ])('$name: the second request finds what the first was prepared as, with its own options', ({ text, options }) => {
    const texts = new PreparedTexts();
    const first = texts.prepare(ox, text, { ...base, ...options });
    const second: QueryOptions = { principal: reader, start: 3, ...options };
    const known = texts.known(text, second);
    expect(known && without(known)).toEqual(without(prepareQuery(ox, text, second)));
    expect(known && without(known)).toEqual(without(first));
    expect(known?.options).toBe(second);
  });

  test.for([
    { name: 'bindings (the text that runs depends on them)', kept: { bindings: [{ name: 's', value: 'x' }] }, asked: { bindings: [{ name: 's', value: 'x' }] } },
    { name: 'another base', kept: { base: 'http://ex/' }, asked: { base: 'http://other/' } },
    { name: 'no base where one was given', kept: { base: 'http://ex/' }, asked: {} },
  ])('nothing is found for $name', ({ kept, asked }) => {
    const texts = new PreparedTexts();
    texts.prepare(ox, FROM, { ...base, ...kept });
    expect(texts.known(FROM, { ...base, ...asked })).toBeUndefined();
  });

  test('a text that fails is not kept: it fails again', () => {
    const texts = new PreparedTexts();
    const bad = 'SELECT ?s FROM WHERE {';
    expect(() => texts.prepare(ox, bad, base)).toThrow();
    expect(texts.known(bad, base)).toBeUndefined();
  });

  test.for([
    { name: 'entries', maxEntries: 2, maxChars: 1_000_000 },
    // Room for two of the texts below (each kept with a few characters of key prefix), not three.
    { name: 'characters', maxEntries: 100, maxChars: Math.round(2.5 * 'ASK { ?s0 ?p ?o }'.length) },
  ])('past its bound in $name the oldest text goes first', ({ maxEntries, maxChars }) => {
    const texts = new PreparedTexts(maxEntries, maxChars, maxChars);
    const q = (i: number) => `ASK { ?s${i} ?p ?o }`;
    for (let i = 0; i < 3; i++) texts.prepare(ox, q(i), base);
    expect([0, 1, 2].map((i) => texts.known(q(i), base) !== undefined)).toEqual([false, true, true]);
  });

  test('a repeated query runs with the permissions of its own user, not of the first', async () => {
    const db = await seeded();
    const text = P + 'SELECT ?s FROM :secret WHERE { ?s ?p ?o }';
    const asAdmin = rows(await db.triples.query(text, { principal: admin }));
    expect(asAdmin.map((r) => r.s)).toEqual(['http://ex/s']);
    expect(rows(await db.triples.query(text, { principal: principal('outsider') }))).toEqual([]);
    expect(rows(await db.triples.query(text, { principal: admin }))).toEqual(asAdmin);
  });
});
