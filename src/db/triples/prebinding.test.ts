import { describe, expect, test } from 'vitest';
import type { Database } from '../database';
import type { Binding } from './bindings';
import { admin, dump, openDb, rejection, rows, uniqueName } from './test-support';
import { XSD } from './xsd-lexical';

const P = 'PREFIX : <http://ex/> ';

/** Path-form IRIs in <g> and <marklogic.com/graph2> (as test-basic writes them), plain ones in :g1. */
async function seeded(): Promise<Database> {
  const db = await openDb(uniqueName('prebind'));
  await db.triples.update(
    P +
      `INSERT DATA {
        GRAPH <g> { <marklogic.com/r1> <marklogic.com/p1> "literal1" . <marklogic.com/r2> <marklogic.com/p2> "literal2" . <marklogic.com/r3> <marklogic.com/p1> "literal3" }
        GRAPH <marklogic.com/graph2> { <marklogic.com/r1> <marklogic.com/p1> "literal1" . <marklogic.com/r2> <marklogic.com/p2> "literal2" }
        GRAPH :g1 { :a :p 1 . :b :p 2 . :c :p 3 . :a :knows :b . :b :knows :c }
      }`,
    { principal: admin },
  );
  return db;
}

const iri = (name: string, value: string): Binding => ({ name, value });
const int = (name: string, value: number): Binding => ({ name, value: String(value), type: 'integer' });
const str = (name: string, value: string): Binding => ({ name, value, type: 'string' });

/** Rows as sorted `var=value` strings, http://ex/ shortened to `:`. */
async function answer(db: Database, query: string, bindings: Binding[]): Promise<string[]> {
  const result = await db.triples.query(P + query, { principal: admin, bindings });
  return rows(result)
    .map((r) =>
      Object.entries(r)
        .map(([k, v]) => `${k}=${v.replace('http://ex/', ':')}`)
        .join(' '),
    )
    .sort();
}

describe('a variable bound to one value is that value wherever the variable appears', () => {
  test.for([
    {
      name: 'in a FILTER inside a GRAPH group (test-basic)',
      query: 'SELECT ?s WHERE { GRAPH <g> { ?s ?p ?o FILTER(?p = ?b1) } }',
      bindings: [iri('b1', 'marklogic.com/p1')],
      expected: ['s=marklogic.com/r1', 's=marklogic.com/r3'],
    },
    {
      name: 'in a triple pattern inside a GRAPH group',
      query: 'SELECT ?o WHERE { GRAPH <g> { ?s ?b1 ?o } }',
      bindings: [iri('b1', 'marklogic.com/p1')],
      expected: ['o=literal1', 'o=literal3'],
    },
    {
      name: 'as the subject of a property path',
      query: 'SELECT ?x WHERE { ?s :knows+ ?x }',
      bindings: [iri('s', 'http://ex/a')],
      expected: ['x=:b', 'x=:c'],
    },
    {
      name: 'as a GRAPH name',
      query: 'SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } }',
      bindings: [iri('g', 'marklogic.com/graph2')],
      expected: ['s=marklogic.com/r1', 's=marklogic.com/r2'],
    },
    {
      name: 'in a BIND expression inside a nested group',
      query: 'SELECT ?y WHERE { { :a :p ?v BIND(?v + ?n AS ?y) } }',
      bindings: [int('n', 10)],
      expected: ['y=11'],
    },
    {
      name: 'inside FILTER EXISTS',
      query: 'SELECT ?s WHERE { ?s :p ?v FILTER EXISTS { ?s :knows ?who } }',
      bindings: [iri('who', 'http://ex/c')],
      expected: ['s=:b'],
    },
    {
      name: 'in a FILTER of an OPTIONAL, which keeps the rows it does not extend',
      query: 'SELECT ?s ?k WHERE { ?s :p ?v OPTIONAL { ?s :knows ?k FILTER(?k = ?who) } }',
      bindings: [iri('who', 'http://ex/c')],
      expected: ['s=:a', 's=:b k=:c', 's=:c'],
    },
    {
      name: 'inside a sub-select that projects it (grouped by it)',
      query: 'SELECT ?s ?n WHERE { { SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?s } }',
      bindings: [iri('s', 'http://ex/a')],
      expected: ['s=:a n=2'],
    },
    {
      name: 'but not inside a sub-select that does not project it (its own variable)',
      query: 'SELECT ?s ?n WHERE { ?s :p 1 { SELECT (COUNT(?o) AS ?n) WHERE { ?x :p ?o } } }',
      bindings: [iri('x', 'http://ex/b')],
      expected: ['s=:a n=3'],
    },
    {
      name: 'in a nested VALUES block, whose disagreeing rows go',
      query: 'SELECT ?s WHERE { { VALUES ?s { :a :b } ?s :p ?v } }',
      bindings: [iri('s', 'http://ex/b')],
      expected: ['s=:b'],
    },
    {
      name: 'in BOUND(), which is then true',
      query: 'SELECT ?s WHERE { { ?s :p ?v FILTER(BOUND(?k)) } }',
      bindings: [iri('k', 'http://ex/anything')],
      expected: ['s=:a', 's=:b', 's=:c'],
    },
    {
      name: 'as a literal predicate, which matches nothing',
      query: 'SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } }',
      bindings: [str('p', 'x')],
      expected: [],
    },
    {
      name: 'as a literal GRAPH name, which names no graph',
      query: 'SELECT ?s WHERE { { GRAPH ?g { ?s ?p ?o } } UNION { BIND(:none AS ?s) } }',
      bindings: [str('g', 'x')],
      expected: ['s=:none'],
    },
    {
      name: 'as a typed literal compared in a FILTER in every graph',
      query: 'SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o FILTER(?o = ?lit) } }',
      bindings: [str('lit', 'literal2')],
      expected: ['s=marklogic.com/r2', 's=marklogic.com/r2'],
    },
  ])('$name', async ({ query, bindings, expected }) => {
    expect(await answer(await seeded(), query, bindings)).toEqual(expected);
  });

  test('without the binding the same nested FILTER sees the variable unbound and matches nothing', async () => {
    expect(await answer(await seeded(), 'SELECT ?s WHERE { GRAPH <g> { ?s ?p ?o FILTER(?p = ?b1) } }', [])).toEqual([]);
  });

  test('the bound variable stays in the results: SELECT * shows it, in the order the query names it', async () => {
    const db = await seeded();
    const r = await db.triples.query('SELECT * WHERE { GRAPH <g> { ?s ?p ?o FILTER(?p = ?b1) } }', { principal: admin, bindings: [iri('b1', 'marklogic.com/p1')] });
    expect(r.form === 'SELECT' && r.results.head.vars).toEqual(['s', 'p', 'o', 'b1']);
    expect(rows(r)).toEqual(
      expect.arrayContaining([{ s: 'marklogic.com/r1', p: 'marklogic.com/p1', o: 'literal1', b1: 'marklogic.com/p1' }]),
    );
    expect(rows(r)).toHaveLength(2);
  });

  test('ORDER BY and GROUP BY the bound variable work on the bound term', async () => {
    const db = await seeded();
    expect(await answer(db, 'SELECT ?p (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?p ORDER BY ?p', [iri('p', 'marklogic.com/p1')])).toEqual([
      'p=marklogic.com/p1 n=3',
    ]);
  });

  test('CONSTRUCT templates see the bound term', async () => {
    const db = await seeded();
    const r = await db.triples.query(P + 'CONSTRUCT { ?s :tagged ?tag } WHERE { GRAPH :g1 { ?s :p 1 } }', { principal: admin, bindings: [str('tag', 'one')] });
    expect(r.form === 'CONSTRUCT' && r.quads.map((q) => [q.subject.value, q.predicate.value, q.object.value])).toEqual([['http://ex/a', 'http://ex/tagged', 'one']]);
  });

  test('DESCRIBE of a bound variable, with no WHERE, describes the bound resource', async () => {
    const db = await seeded();
    const r = await db.triples.query('DESCRIBE ?x', { principal: admin, bindings: [iri('x', 'marklogic.com/r2')] });
    expect(r.form === 'DESCRIBE' && r.quads.map((q) => [q.subject.value, q.object.value])).toEqual([
      ['marklogic.com/r2', 'literal2'],
      ['marklogic.com/r2', 'literal2'],
    ]);
  });

  test('a name the query never mentions changes nothing (no column, no extra rows)', async () => {
    const db = await seeded();
    const r = await db.triples.query(P + 'SELECT * WHERE { GRAPH :g1 { ?s :p ?v } }', { principal: admin, bindings: [int('unused', 1), int('unused', 2)] });
    expect(r.form === 'SELECT' && r.results.head.vars).toEqual(['s', 'v']);
    expect(rows(r)).toHaveLength(3);
  });
});

describe('a variable bound to several values gives the rows of each value', () => {
  test.for([
    {
      name: 'in a FILTER inside a GRAPH group (test-basic "SPARQL query with array", nested)',
      query: 'SELECT ?s WHERE { GRAPH :g1 { ?s :p ?v FILTER(?v = ?ids) } }',
      bindings: [int('ids', 1), int('ids', 2)],
      expected: ['s=:a', 's=:b'],
    },
    {
      name: 'with the variable in the results, one row per value',
      query: 'SELECT ?s ?ids WHERE { ?s :p ?ids }',
      bindings: [int('ids', 2), int('ids', 3), int('ids', 9)],
      expected: ['s=:b ids=2', 's=:c ids=3'],
    },
    {
      name: 'with blank nodes in the pattern (each copy gets its own)',
      query: 'SELECT ?s WHERE { { ?s :knows [ :p ?v ] FILTER(?s = ?who) } }',
      bindings: [iri('who', 'http://ex/a'), iri('who', 'http://ex/b'), iri('who', 'http://ex/c')],
      expected: ['s=:a', 's=:b'],
    },
    {
      name: 'combined with another bound name every way',
      query: 'SELECT ?s WHERE { { ?s :p ?v FILTER(?v = ?ids && ?s != ?not) } }',
      bindings: [int('ids', 1), int('ids', 2), iri('not', 'http://ex/a')],
      expected: ['s=:b'],
    },
    {
      name: 'aggregated over all values together',
      query: 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH :g1 { ?s :p ?v FILTER(?v = ?ids) } }',
      bindings: [int('ids', 1), int('ids', 2), int('ids', 3)],
      expected: ['n=3'],
    },
  ])('$name', async ({ query, bindings, expected }) => {
    expect(await answer(await seeded(), query, bindings)).toEqual(expected);
  });

  test('more than 1024 combinations of values are refused with REST-INVALIDPARAM', async () => {
    const db = await seeded();
    const bindings = ['a', 'b', 'c'].flatMap((name) => Array.from({ length: 11 }, (_, i) => int(name, i)));
    const err = await rejection(db.triples.query('SELECT * WHERE { ?a ?b ?c }', { principal: admin, bindings }));
    expect(err.code).toBe('REST-INVALIDPARAM');
    expect(err.message).toContain('1331');
  });
});

describe('updates are pre-bound the same way, templates included', () => {
  test('test-basic: a bound predicate in a nested FILTER copies only its triples', async () => {
    const db = await seeded();
    await db.triples.update(
      'INSERT { GRAPH <marklogic.com/graph3> { ?s ?p ?o } } WHERE { GRAPH <marklogic.com/graph2> { ?s ?p ?o . filter (?p = ?b1) } }',
      { principal: admin, bindings: [iri('b1', 'marklogic.com/p1')] },
    );
    expect((await dump(db)).filter((l) => l.startsWith('marklogic.com/graph3 '))).toEqual(['marklogic.com/graph3 marklogic.com/r1 marklogic.com/p1 "literal1"']);
  });

  test('a bound variable in a template is the bound term, graph name included', async () => {
    const db = await seeded();
    const out = await db.triples.update(P + 'INSERT { GRAPH ?dest { ?s :tag ?t } } WHERE { GRAPH :g1 { ?s :p 1 } }', {
      principal: admin,
      bindings: [iri('dest', 'marklogic.com/dest'), { name: 't', value: '2024-05-01', type: 'date' }],
    });
    expect(out.created).toEqual(['marklogic.com/dest']);
    const tagged = (await db.triples.graphTriples('marklogic.com/dest', admin))?.map((q) => [q.subject.value, q.object.value, q.object.termType === 'Literal' ? q.object.datatype.value : '']);
    expect(tagged).toEqual([['http://ex/a', '2024-05-01', `${XSD}date`]]);
  });

  test('DELETE WHERE with a bound subject deletes only its triples', async () => {
    const db = await seeded();
    await db.triples.update(P + 'DELETE WHERE { GRAPH :g1 { ?s :p ?v } }', { principal: admin, bindings: [iri('s', 'http://ex/a')] });
    expect(await answer(db, 'SELECT ?s WHERE { GRAPH :g1 { ?s :p ?v } }', [])).toEqual(['s=:b', 's=:c']);
  });

  test('several values in a nested FILTER delete the rows of each', async () => {
    const db = await seeded();
    await db.triples.update(P + 'DELETE { GRAPH :g1 { ?s :p ?v } } WHERE { GRAPH :g1 { ?s :p ?v FILTER(?v = ?ids) } }', {
      principal: admin,
      bindings: [int('ids', 1), int('ids', 2)],
    });
    expect(await answer(db, 'SELECT ?s WHERE { GRAPH :g1 { ?s :p ?v } }', [])).toEqual(['s=:c']);
  });
});
