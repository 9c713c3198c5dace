import { expect, test } from 'vitest';
import { formatSparql } from './format-sparql';
import { analyseSparql } from './sparql-syntax';

test('writes a query one clause a line, keeping its prefixes, relative IRIs and `a`', () => {
  const text = 'PREFIX foaf: <http://xmlns.com/foaf/0.1/> select ?n where { ?s foaf:name ?n ; a foaf:Person . ?s <rel> "#not a comment" } LIMIT 5';
  const result = formatSparql(text);
  expect(result).toEqual({
    ok: true,
    text: 'PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT ?n WHERE {\n  ?s foaf:name ?n;\n    a foaf:Person;\n    <rel> "#not a comment".\n}\nLIMIT 5\n',
  });
  // Formatting again changes nothing, and the text still parses to the same query.
  if (result.ok) {
    expect(formatSparql(result.text)).toEqual(result);
    expect(analyseSparql(result.text).error).toBeUndefined();
  }
});

test('keeps the comment block on top, the title of the query', () => {
  const result = formatSparql('# People\n# by name\nSELECT * { ?s ?p ?o }');
  expect(result).toEqual({ ok: true, text: '# People\n# by name\nSELECT * WHERE { ?s ?p ?o. }\n' });
});

test('leaves a text with comments inside, or with a syntax error, as it is', () => {
  expect(formatSparql('SELECT * {\n  ?s ?p ?o # every triple\n}')).toEqual({ ok: false, reason: expect.stringMatching(/comments/) });
  expect(formatSparql('SELECT * { ?s ?p }')).toEqual({ ok: false, reason: expect.stringMatching(/syntax errors/) });
});

test('a BASE the query declares is kept', () => {
  const result = formatSparql('BASE <http://b/> SELECT * { <x> ?p ?o }');
  expect(result.ok && result.text).toBe('BASE <http://b/>\nSELECT * WHERE { <http://b/x> ?p ?o. }\n');
});
