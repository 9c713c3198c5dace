/** Range index settings as a client writes them: the api's and the db's tests of index configuration both send these. */
const ROOT = 'http://marklogic.com/collation/';
const CODEPOINT = 'http://marklogic.com/collation/codepoint';

export const genre = { 'scalar-type': 'string', 'namespace-uri': '', localname: 'genre', collation: ROOT, 'range-value-positions': false, 'invalid-values': 'reject' };
export const year = { 'scalar-type': 'int', 'namespace-uri': '', localname: 'year', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };
export const lang = {
  'scalar-type': 'string',
  'parent-namespace-uri': '',
  'parent-localname': 'doc',
  'namespace-uri': '',
  localname: 'lang',
  collation: CODEPOINT,
  'range-value-positions': false,
  'invalid-values': 'ignore',
};
