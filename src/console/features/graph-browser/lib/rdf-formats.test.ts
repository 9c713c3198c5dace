import { describe, expect, test } from 'vitest';
import { exportFileName, formatById, formatForFileName, rdfFormats } from './rdf-formats';

describe('formatForFileName', () => {
  test.for([
    { name: 'people.ttl', id: 'turtle' },
    { name: 'DUMP.NT', id: 'ntriples' },
    { name: 'all.nq', id: 'nquads' },
    { name: 'g.trig', id: 'trig' },
    { name: 'onto.owl', id: 'rdfxml' },
    { name: 'data.jsonld', id: 'jsonld' },
    { name: 'talis.json', id: 'rdfjson' },
  ])('recognises $name', ({ name, id }) => {
    expect(formatForFileName(name)?.id).toBe(id);
  });

  test.for(['notes.txt', 'no-extension', 'archive.ttl.gz'])('does not guess for %s', (name) => {
    expect(formatForFileName(name)).toBeUndefined();
  });
});

describe('exportFileName', () => {
  test.for([
    { graph: 'http://example.org/graphs/people', id: 'turtle', out: 'people.ttl' },
    { graph: 'http://marklogic.com/semantics#default-graph', id: 'ntriples', out: 'default-graph.nt' },
    { graph: 'marklogic.com/people', id: 'rdfxml', out: 'people.rdf' },
    { graph: 'urn:x:a b/c?', id: 'jsonld', out: 'c.jsonld' },
    { graph: 'http://a.org/???', id: 'turtle', out: 'graph.ttl' },
  ])('names $graph as $out', ({ graph, id, out }) => {
    expect(exportFileName(graph, formatById(id))).toBe(out);
  });
});

test('every format has a distinct media type and first extension', () => {
  expect(new Set(rdfFormats.map((f) => f.mediaType)).size).toBe(rdfFormats.length);
  expect(new Set(rdfFormats.map((f) => f.extensions[0])).size).toBe(rdfFormats.length);
});
