/**
 * The database the corpus starts from, as requests (so the same seed runs through the
 * handler in Node and through the service worker): documents of every format with
 * metadata, query options with a range constraint and its index, values and tuples
 * definitions over it, and a graph.
 */
import { SEED_GRAPH, type RequestSpec } from './requests';

const put = (path: string, query: string, contentType: string, text: string): RequestSpec => ({
  method: 'PUT',
  path,
  query,
  headers: [['content-type', contentType]],
  body: { text },
});

export const SEED_REQUESTS: RequestSpec[] = [
  put('/manage/v2/databases/Documents/properties', '', 'application/json', JSON.stringify({
    'range-element-index': [{ 'scalar-type': 'decimal', 'namespace-uri': '', localname: 'total', collation: '', 'range-value-positions': false, 'invalid-values': 'ignore' }],
  })),
  put('/v1/config/query/shop', '', 'application/json', JSON.stringify({
    options: {
      constraint: [{ name: 'total', range: { type: 'xs:decimal', 'json-property': 'total' } }, { name: 'tag', value: { 'json-property': 'tag' } }],
      'return-facets': true,
      values: [{ name: 'total', range: { type: 'xs:decimal', 'json-property': 'total' }, aggregate: [{ apply: 'avg' }] }, { name: 'uris', uri: null }],
      tuples: [{ name: 'pairs', indexes: [{ range: { type: 'xs:decimal', 'json-property': 'total' } }, { uri: null }] }],
    },
  })),
  put('/v1/documents', 'uri=/seed/a.json&collection=c1&prop:p=1', 'application/json', '{"total":12.5,"tag":"x","a":[1,{"b":"word"}]}'),
  put('/v1/documents', 'uri=/seed/b.xml&collection=c2', 'application/xml', '<r xmlns:x="urn:x"><a x:y="1">t</a><total>3</total></r>'),
  put('/v1/documents', 'uri=/seed/c.txt', 'text/plain', 'plain text words'),
  { method: 'PUT', path: '/v1/documents', query: 'uri=/seed/d.bin', headers: [['content-type', 'application/octet-stream']], body: { bytes: [0, 1, 2, 255] } },
  put('/v1/graphs', `graph=${encodeURIComponent(SEED_GRAPH)}`, 'text/turtle', '@prefix ex: <http://example.org/> . ex:s ex:p "o" , ex:s2 ; ex:n 5 . ex:s2 ex:p ex:s .'),
  put('/v1/graphs', 'default', 'application/n-triples', '<http://example.org/d> <http://example.org/p> "in default" .'),
];
