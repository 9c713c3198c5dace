import * as oxigraph from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { externalQuad, externalResults, RELATIVE_BASE, toExternal, toInternal } from './relative-iris';
import { parseSparql } from './sparql-text';

describe('relative IRIs', () => {
  test.for([
    { name: 'a host-and-path form', client: 'marklogic.com/people', engine: 'tabula-relative:marklogic.com/people' },
    { name: 'an absolute path', client: '/my/graph', engine: 'tabula-relative:/my/graph' },
    { name: 'an http IRI', client: 'http://example.org/g', engine: 'http://example.org/g' },
    { name: 'a URN', client: 'urn:isbn:123', engine: 'urn:isbn:123' },
  ])('$name maps to the engine and back unchanged', ({ client, engine }) => {
    expect(toInternal(client)).toBe(engine);
    expect(toExternal(toInternal(client))).toBe(client);
  });

  test.for(['marklogic.com/r1', '/my/graph', 'a/b#frag', 'x?y=1'])(
    'sparqljs and Oxigraph resolve <%s> against the relative base the same way',
    (iri) => {
      const ast = parseSparql(`SELECT * WHERE { <${iri}> ?p ?o }`, undefined);
      const fromSparqljs = ast.type === 'query' && ast.where?.[0].type === 'bgp' ? ast.where[0].triples[0].subject.value : undefined;
      const store = new oxigraph.Store();
      store.update(`INSERT DATA { <${iri}> <http://p> 1 }`, { base_iri: RELATIVE_BASE });
      const fromOxigraph = store.match()[0].subject.value;
      expect(fromSparqljs).toBe(fromOxigraph);
      expect(toExternal(fromOxigraph)).toBe(iri);
    },
  );

  test('a quad that mentions the relative scheme comes back as plain RDF/JS terms in the client spelling', () => {
    const q = oxigraph.quad(
      oxigraph.namedNode('tabula-relative:marklogic.com/r1'),
      oxigraph.namedNode('http://p'),
      oxigraph.literal('1', oxigraph.namedNode('tabula-relative:my-type')),
      oxigraph.namedNode('tabula-relative:/g'),
    );
    const out = externalQuad(q);
    expect([out.subject.value, out.predicate.value, out.object.value, out.graph.value]).toEqual(['marklogic.com/r1', 'http://p', '1', '/g']);
    expect(out.object.termType === 'Literal' && out.object.datatype.value).toBe('my-type');
    expect(out.subject.termType).toBe('NamedNode');
  });

  test('a quad without relative IRIs is returned as it is', () => {
    const q = oxigraph.quad(oxigraph.namedNode('http://s'), oxigraph.namedNode('http://p'), oxigraph.blankNode('b'));
    expect(externalQuad(q)).toBe(q);
  });

  test('SPARQL JSON results have URIs and datatypes in the client spelling', () => {
    const results = externalResults({
      head: { vars: ['s', 'o'] },
      results: {
        bindings: [
          {
            s: { type: 'uri' as const, value: 'tabula-relative:marklogic.com/r1' },
            o: { type: 'literal' as const, value: 'x', datatype: 'tabula-relative:t' },
          },
        ],
      },
    });
    expect(results.results.bindings[0]).toEqual({ s: { type: 'uri', value: 'marklogic.com/r1' }, o: { type: 'literal', value: 'x', datatype: 't' } });
  });
});
