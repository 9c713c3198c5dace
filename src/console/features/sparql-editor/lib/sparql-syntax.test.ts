import { describe, expect, test } from 'vitest';
import { analyseSparql, declaredPrefixes, guessOperation, prologueEnd } from './sparql-syntax';

describe('analyseSparql', () => {
  test.for([
    { name: 'a SELECT is a query of form SELECT', text: 'SELECT * WHERE { ?s ?p ?o }', operation: 'query', form: 'SELECT' },
    { name: 'an ASK is a query of form ASK', text: 'ASK {}', operation: 'query', form: 'ASK' },
    { name: 'a CONSTRUCT is a query of form CONSTRUCT', text: 'CONSTRUCT WHERE { ?s ?p ?o }', operation: 'query', form: 'CONSTRUCT' },
    { name: 'a DESCRIBE is a query of form DESCRIBE', text: 'DESCRIBE <http://example.org/x>', operation: 'query', form: 'DESCRIBE' },
    { name: 'INSERT DATA is an update', text: 'INSERT DATA { <http://s> <http://p> "o" }', operation: 'update', form: undefined },
    { name: 'several update operations are one update', text: 'CLEAR ALL ; LOAD <http://x>', operation: 'update', form: undefined },
    { name: 'path-form IRIs parse without a base', text: 'INSERT DATA { GRAPH <marklogic.com/people> { <marklogic.com/r1> <marklogic.com/p1> "literal1" } }', operation: 'update', form: undefined },
    { name: 'an empty text is no operation', text: '  \n', operation: null, form: undefined },
    { name: 'comments and a prologue alone are no operation', text: '# notes\nPREFIX ex: <http://example.org/>\n', operation: null, form: undefined },
  ])('$name', ({ text, operation, form }) => {
    const analysis = analyseSparql(text);
    expect(analysis.error).toBeUndefined();
    expect(analysis.operation).toBe(operation);
    expect(analysis.form).toBe(form);
  });

  test.for([
    {
      name: 'an unexpected token is marked where it stands, past blanks and comments',
      text: 'SELECT * WHERE {\n ?s ?p ?o . FILTER(?x = # nothing\n }',
      marked: '}',
      line: 3,
      column: 2,
      message: /^Unexpected '}' — expected an expression$/,
    },
    {
      name: 'a character no token starts with is marked',
      text: 'SELECT * { ?s ?p ?o } LIMIT 5 extra',
      marked: 'e',
      line: 1,
      column: 31,
      message: /^Unexpected 'e' — expected .*'OFFSET'/,
    },
    {
      name: 'a bad first word is marked at the start',
      text: '\n  FOO',
      marked: 'F',
      line: 2,
      column: 3,
      message: /^Unexpected 'F' — expected PREFIX, a query/,
    },
    {
      name: 'a text that stops early is marked at its end',
      text: 'SELECT * WHERE { ?s ?p ?o ',
      marked: '',
      line: 1,
      column: 27,
      message: /^Unexpected end of the query — expected a term/,
    },
    {
      name: 'an undeclared prefix is marked where it is used',
      text: 'SELECT * WHERE {\n  ?s foaf:name ?o }',
      marked: 'foaf:name',
      line: 2,
      column: 6,
      message: /^Unknown prefix: foaf$/,
    },
    {
      name: 'an ungrouped variable is marked at its first use',
      text: 'SELECT ?x { ?x ?y ?z } GROUP BY ?y',
      marked: '?x',
      line: 1,
      column: 8,
      message: /ungrouped variable/,
    },
  ])('$name', ({ text, marked, line, column, message }) => {
    const { error } = analyseSparql(text);
    expect(error).toBeDefined();
    expect(text.slice(error!.from, error!.to)).toBe(marked);
    expect([error!.line, error!.column]).toEqual([line, column]);
    expect(error!.message).toMatch(message);
  });

  test('a text that does not parse is still told apart as query or update', () => {
    expect(analyseSparql('PREFIX ex: <http://e/>\nINSERT DATA { ex:a ex:b }')).toMatchObject({ operation: 'update', error: expect.anything() });
    expect(analyseSparql('# find\nASK { ?s ').form).toBe('ASK');
  });

  test('a relative IRI is resolved against the base given', () => {
    expect(analyseSparql('SELECT * { <a> <b> ?c }', 'http://example.org/').error).toBeUndefined();
  });
});

describe('guessOperation', () => {
  test.for([
    { text: 'select ?x {', expected: { operation: 'query', form: 'SELECT' } },
    { text: 'BASE <http://b/> PREFIX : <http://e/> DELETE WHERE {', expected: { operation: 'update' } },
    { text: 'WITH <g> DELETE {', expected: { operation: 'update' } },
    { text: '# comment only', expected: { operation: null } },
    { text: 'nonsense', expected: { operation: null } },
  ])('reads "$text"', ({ text, expected }) => {
    expect(guessOperation(text)).toEqual(expected);
  });
});

describe('declaredPrefixes', () => {
  test('finds every declaration, the empty prefix included, and ignores commented ones', () => {
    const text = 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\n# PREFIX old: <http://old/>\nprefix : <http://e/>\nSELECT * { ?s foaf:name "#PREFIX x: <http://no/>" }';
    expect(declaredPrefixes(text)).toEqual({ foaf: 'http://xmlns.com/foaf/0.1/', '': 'http://e/' });
  });
});

describe('prologueEnd', () => {
  test.for([
    { name: 'after the last declaration', text: 'PREFIX a: <http://a/>\nBASE <http://b/>\nSELECT *', offset: 38, hasDeclarations: true },
    { name: 'at the start of an undecorated query', text: 'SELECT *', offset: 0, hasDeclarations: false },
    { name: 'below leading comments when there is no declaration', text: '# My query\n\nSELECT *', offset: 12, hasDeclarations: false },
  ])('is $name', ({ text, offset, hasDeclarations }) => {
    expect(prologueEnd(text)).toEqual({ offset, hasDeclarations });
  });
});
