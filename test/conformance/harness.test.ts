/**
 * The harness itself: if comparison were lax, every conformance test would pass
 * for the wrong reason. These pin what counts as the same result.
 */
import { describe, expect, test } from 'vitest';
import { compareQuads, compareResults, isomorphic } from './compare';
import { readManifest } from './manifest';
import { queryShape, updateShape } from './query-shape';
import { readCsv, readRdfResult, readSrj, readSrx, readTsv, type QueryResult, type Solution } from './results';
import { bnode, iri, literal, type RdfTerm } from './terms';
import { XSD } from '../../src/db/triples/xsd-lexical';
import { apiPath } from './http-exchanges';

const solutions = (vars: string[], rows: Array<Record<string, RdfTerm>>): QueryResult => ({
  kind: 'solutions',
  vars,
  rows: rows.map((r) => new Map(Object.entries(r)) as Solution),
  ordered: true,
});

describe('comparing solutions', () => {
  test.for([
    {
      name: 'rows in another order match when order is not asserted',
      expected: solutions(['x'], [{ x: iri('http://a') }, { x: iri('http://b') }]),
      actual: solutions(['x'], [{ x: iri('http://b') }, { x: iri('http://a') }]),
      ordered: false,
      same: true,
    },
    {
      name: 'rows in another order differ under ORDER BY',
      expected: solutions(['x'], [{ x: iri('http://a') }, { x: iri('http://b') }]),
      actual: solutions(['x'], [{ x: iri('http://b') }, { x: iri('http://a') }]),
      ordered: true,
      same: false,
    },
    {
      name: 'a duplicated row is not the same multiset',
      expected: solutions(['x'], [{ x: iri('http://a') }, { x: iri('http://a') }]),
      actual: solutions(['x'], [{ x: iri('http://a') }, { x: iri('http://b') }]),
      ordered: false,
      same: false,
    },
    {
      name: 'blank nodes match under a renaming',
      expected: solutions(['x', 'y'], [{ x: bnode('a'), y: bnode('a') }, { x: bnode('b'), y: iri('http://c') }]),
      actual: solutions(['x', 'y'], [{ x: bnode('q'), y: iri('http://c') }, { x: bnode('r'), y: bnode('r') }]),
      ordered: false,
      same: true,
    },
    {
      name: 'one blank-node renaming holds across the whole result, not per row',
      expected: solutions(['x'], [{ x: bnode('a') }, { x: bnode('b') }]),
      actual: solutions(['x'], [{ x: bnode('q') }, { x: bnode('q') }]),
      ordered: false,
      same: false,
    },
    {
      name: 'an unbound variable differs from a bound one',
      expected: solutions(['x', 'y'], [{ x: iri('http://a') }]),
      actual: solutions(['x', 'y'], [{ x: iri('http://a'), y: literal('') }]),
      ordered: false,
      same: false,
    },
    {
      name: 'variables are compared as a set',
      expected: solutions(['x', 'y'], []),
      actual: solutions(['y', 'x'], []),
      ordered: false,
      same: true,
    },
    {
      name: 'a missing variable in the head differs',
      expected: solutions(['x', 'y'], []),
      actual: solutions(['x'], []),
      ordered: false,
      same: false,
    },
    {
      name: 'language tags compare case-insensitively',
      expected: solutions(['x'], [{ x: literal('chat', undefined, 'en-GB') }]),
      actual: solutions(['x'], [{ x: literal('chat', undefined, 'en-gb') }]),
      ordered: false,
      same: true,
    },
    {
      name: 'typed literals compare by value where the store canonicalises',
      expected: solutions(['x'], [{ x: literal('01', XSD + 'integer') }, { x: literal('1.0E6', XSD + 'double') }]),
      actual: solutions(['x'], [{ x: literal('1', XSD + 'integer') }, { x: literal('1000000', XSD + 'double') }]),
      ordered: false,
      same: true,
    },
    {
      name: 'the same lexical form with another datatype differs',
      expected: solutions(['x'], [{ x: literal('1', XSD + 'integer') }]),
      actual: solutions(['x'], [{ x: literal('1', XSD + 'decimal') }]),
      ordered: false,
      same: false,
    },
    {
      name: 'xsd:string and a simple literal are the same term',
      expected: solutions(['x'], [{ x: literal('a', XSD + 'string') }]),
      actual: solutions(['x'], [{ x: literal('a') }]),
      ordered: false,
      same: true,
    },
    {
      name: 'a boolean differs from solutions',
      expected: { kind: 'boolean', value: true } as QueryResult,
      actual: solutions([], [{}]),
      ordered: false,
      same: false,
    },
  ])('$name', ({ expected, actual, ordered, same }) => {
    expect(compareResults(expected, actual, { ordered }) === undefined).toBe(same);
  });
});

describe('comparing graphs', () => {
  const triple = (s: RdfTerm, p: string, o: RdfTerm) => ({ subject: s, predicate: iri(p), object: o });

  test('isomorphic graphs with blank-node chains match', () => {
    const expected = [triple(bnode('a'), 'http://p', bnode('b')), triple(bnode('b'), 'http://p', iri('http://end'))];
    const actual = [triple(bnode('y'), 'http://p', iri('http://end')), triple(bnode('x'), 'http://p', bnode('y'))];
    expect(compareQuads(expected, actual)).toBeUndefined();
  });

  test('a chain and a fork of blank nodes differ', () => {
    const expected = [triple(bnode('a'), 'http://p', bnode('b')), triple(bnode('b'), 'http://p', bnode('c'))];
    const actual = [triple(bnode('x'), 'http://p', bnode('y')), triple(bnode('x'), 'http://p', bnode('z'))];
    expect(compareQuads(expected, actual)).toContain('expected 2 rows');
  });

  test('duplicate triples collapse, as in an RDF graph', () => {
    const t = triple(iri('http://s'), 'http://p', literal('o'));
    expect(compareQuads([t], [t, t])).toBeUndefined();
  });

  test('the same triple in another graph differs', () => {
    const t = triple(iri('http://s'), 'http://p', literal('o'));
    expect(compareQuads([t], [{ ...t, graph: iri('http://g') }])).toBeDefined();
  });

  test('the search needs backtracking when a first choice is wrong', () => {
    const tuples = (names: string[][]) => names.map(([s, o]) => [bnode(s), iri('http://p'), o.startsWith('_') ? bnode(o.slice(1)) : iri(o)]);
    // _:a and _:b look alike until _:b's second triple rules out the first pairing.
    const expected = tuples([['a', 'http://x'], ['b', 'http://x'], ['b', 'http://y']]);
    const actual = tuples([['q', 'http://x'], ['q', 'http://y'], ['r', 'http://x']]);
    expect(isomorphic(expected, actual, false)).toBe(true);
  });
});

describe('reading results', () => {
  test('SPARQL XML: variables, every term kind, and a boolean', () => {
    const xml = `<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"><head><variable name="s"/><variable name="o"/></head>
      <results><result><binding name="s"><bnode>r1</bnode></binding><binding name="o"><literal xml:lang="EN">hi</literal></binding></result>
      <result><binding name="s"><uri>http://a</uri></binding><binding name="o"><literal datatype="${XSD}integer">07</literal></binding></result></results></sparql>`;
    expect(readSrx(xml)).toEqual(solutions(['s', 'o'], [{ s: bnode('r1'), o: literal('hi', undefined, 'en') }, { s: iri('http://a'), o: literal('7', XSD + 'integer') }]));
    expect(readSrx('<sparql xmlns="http://www.w3.org/2005/sparql-results#"><head/><boolean>true</boolean></sparql>')).toEqual({ kind: 'boolean', value: true });
  });

  test('SPARQL JSON, with the pre-1.1 typed-literal type', () => {
    const json = JSON.stringify({ head: { vars: ['x'] }, results: { bindings: [{ x: { type: 'typed-literal', value: '1', datatype: XSD + 'boolean' } }] } });
    expect(readSrj(json)).toEqual(solutions(['x'], [{ x: literal('true', XSD + 'boolean') }]));
  });

  test('TSV: terms in Turtle syntax, bare numbers typed, empty fields unbound', () => {
    const tsv = '?a\t?b\n<http://a>\t-3\n"x\\ty"@en\t\n_:b1\t1.0e6\n';
    expect(readTsv(tsv)).toEqual(
      solutions(['a', 'b'], [{ a: iri('http://a'), b: literal('-3', XSD + 'integer') }, { a: literal('x\ty', undefined, 'en') }, { a: bnode('b1'), b: literal('1000000', XSD + 'double') }]),
    );
  });

  test('CSV: quoted fields, blank nodes kept apart, numbers by value', () => {
    const expected = readCsv('a,b\r\n"x,""y""",_:b\r\n1.0E6,\r\n');
    const actual = readCsv('a,b\r\n"x,""y""",_:z\r\n1000000,\r\n');
    expect(compareResults(expected, actual)).toBeUndefined();
    expect(expected.rows[1].has('b')).toBe(false);
  });

  test('an RDF result set with rs:index is ordered; without it, not', () => {
    const rs = (index: boolean) => `@prefix rs: <http://www.w3.org/2001/sw/DataAccess/tests/result-set#> .
      [] a rs:ResultSet ; rs:resultVariable "x" ;
        rs:solution [ ${index ? 'rs:index 2 ;' : ''} rs:binding [ rs:variable "x" ; rs:value <http://b> ] ] ,
                    [ ${index ? 'rs:index 1 ;' : ''} rs:binding [ rs:variable "x" ; rs:value <http://a> ] ] .`;
    const ordered = readRdfResult(rs(true), 'text/turtle', 'http://base/');
    expect(ordered).toMatchObject({ kind: 'solutions', ordered: true });
    expect(ordered.kind === 'solutions' && ordered.rows.map((r) => r.get('x')?.value)).toEqual(['http://a', 'http://b']);
    expect(readRdfResult(rs(false), 'text/turtle', 'http://base/')).toMatchObject({ kind: 'solutions', ordered: false });
  });

  test('an RDF document without rs:ResultSet is a graph result', () => {
    expect(readRdfResult('<http://s> <http://p> "o" .', 'application/n-triples', 'http://base/')).toMatchObject({ kind: 'graph', quads: [{ object: literal('o') }] });
  });
});

describe('reading a query before sending it', () => {
  test.for([
    {
      name: 'the form, and FROM graphs resolved against the base and prefixes',
      text: 'PREFIX : <http://ex/>\nSELECT * FROM <data.ttl> FROM NAMED :g WHERE { ?s ?p ?o }',
      shape: { form: 'SELECT', from: ['http://base/dir/data.ttl'], fromNamed: ['http://ex/g'], orderBy: false },
    },
    {
      name: 'ORDER BY of a subquery does not order the result',
      text: 'SELECT * { { SELECT ?s { ?s ?p ?o } ORDER BY ?s LIMIT 1 } }',
      shape: { form: 'SELECT', from: [], fromNamed: [], orderBy: false },
    },
    {
      name: 'keywords in comments, strings and IRIs are not keywords',
      text: '# FROM <x> ORDER BY\nASK { ?s <http://ex/ORDER> "FROM <y> ORDER BY" }',
      shape: { form: 'ASK', from: [], fromNamed: [], orderBy: false },
    },
    {
      name: 'a top-level ORDER BY after a less-than comparison',
      text: 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o FILTER(?o < 3) } ORDER BY ?s',
      shape: { form: 'CONSTRUCT', from: [], fromNamed: [], orderBy: true },
    },
  ])('$name', ({ text, shape }) => {
    expect(queryShape(text, 'http://base/dir/q.rq')).toEqual(shape);
  });

  test.for([
    { name: 'INSERT DATA reads nothing', text: 'INSERT DATA { <a> <b> <c> }', shape: { datasetClause: false, readsPattern: false } },
    { name: 'DELETE WHERE reads a pattern', text: 'DELETE WHERE { ?s ?p ?o }', shape: { datasetClause: false, readsPattern: true } },
    { name: 'WITH names the dataset', text: 'WITH <g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }', shape: { datasetClause: true, readsPattern: true } },
    { name: 'USING inside a string is not a clause', text: 'INSERT { <a> <b> "USING" } WHERE {}', shape: { datasetClause: false, readsPattern: true } },
  ])('update: $name', ({ text, shape }) => {
    expect(updateShape(text, 'http://base/')).toEqual(shape);
  });
});

describe('reading manifests', () => {
  test('mf:include is followed and only mf:entries run', () => {
    const gsp = readManifest('sparql11/graph-store-protocol/manifest.ttl');
    expect(gsp.map((t) => t.id.replace(/^.*#/, ''))).toContain('put_get_default');
    // Defined in manifest-direct.ttl but missing from its entries list.
    expect(gsp.map((t) => t.id.replace(/^.*#/, ''))).not.toContain('head_non_existing_direct');
    expect(gsp).toHaveLength(13);
  });

  test('update tests name their graphs by rdfs:label, and files by their published IRI', () => {
    const test = readManifest('sparql11/add/manifest.ttl').find((t) => t.id.endsWith('#add01'));
    expect(test).toMatchObject({
      kind: 'update-evaluation',
      request: 'https://w3c.github.io/rdf-tests/sparql/sparql11/add/add-01.ru',
      data: ['https://w3c.github.io/rdf-tests/sparql/sparql11/add/add-default.ttl'],
      graphData: [{ file: 'https://w3c.github.io/rdf-tests/sparql/sparql11/add/add-01-pre.ttl', name: 'http://example.org/g1' }],
    });
  });

  test('protocol exchanges keep their order, headers, body encoding and expectations', () => {
    const test = readManifest('sparql11/protocol/manifest.ttl').find((t) => t.id.endsWith('#bad_query_non_utf8'));
    expect(test).toMatchObject({
      kind: 'protocol',
      exchanges: [
        {
          method: 'POST',
          path: '/sparql/',
          headers: [['content-type', 'application/sparql-query; charset=UTF-16']],
          body: 'ASK {}',
          bodyEncoding: 'UTF-16',
          expect: { statuses: ['StatusCode4xx'] },
        },
      ],
    });
  });

  test.for([
    ['/sparql/?query=ASK%20%7B%7D', '/v1/graphs/sparql?query=ASK%20%7B%7D'],
    ['/sparql/', '/v1/graphs/sparql'],
    ['/gsp?graph=http%3A%2F%2Fx', '/v1/graphs?graph=http%3A%2F%2Fx'],
    ['/gsp?default', '/v1/graphs?default'],
    ['/gsp/person/1.ttl', undefined],
  ])('the manifest path %s is %s on this API', ([path, mapped]) => {
    expect(apiPath(path as string)).toBe(mapped);
  });
});
