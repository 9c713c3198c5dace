/** CONSTRUCT and DESCRIBE results in the shape the graph diagram draws (the graph store's triples). */
import type { Triple } from '../../../../client/graphs';
import type { RdfTriple, SparqlTerm } from '../../../../client/sparql';

/**
 * The result's triples with `lang` for `xml:lang`, without those holding a quoted triple
 * (SPARQL-star), which have no node to draw: `quoted` counts them, for the diagram to say so.
 */
export function diagramTriples(triples: readonly RdfTriple[]): { drawable: Triple[]; quoted: number } {
  const drawable: Triple[] = [];
  let quoted = 0;
  for (const t of triples) {
    const subject = rdfTerm(t.subject);
    const predicate = rdfTerm(t.predicate);
    const object = rdfTerm(t.object);
    if (subject && predicate && object) drawable.push({ subject, predicate, object });
    else quoted++;
  }
  return { drawable, quoted };
}

function rdfTerm(term: SparqlTerm): Triple['subject'] | undefined {
  switch (term.type) {
    case 'uri':
    case 'bnode':
      return { type: term.type, value: term.value };
    case 'literal': {
      const lang = term['xml:lang'];
      if (lang) return { type: 'literal', value: term.value, lang };
      return term.datatype ? { type: 'literal', value: term.value, datatype: term.datatype } : { type: 'literal', value: term.value };
    }
    default:
      return undefined;
  }
}
