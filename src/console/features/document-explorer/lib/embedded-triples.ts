/**
 * The triples a document embeds (docs/decisions/0032-embedded-triples.md): JSON `triple`
 * objects and XML `sem:triple` elements, indexed in the graphs named by the document's
 * collections (the default graph when it has none). They are read with one SPARQL query
 * restricted to that document — `/v1/graphs/sparql` with a `document-query` as its
 * `structuredQuery` — so a MarkLogic server answers it the same way.
 */
import type { RdfTerm } from '../../../../client/graphs';
import type { DocumentFormat } from '../../../../client/types';
import type { DocumentRestriction, SparqlQueryResult, SparqlTerm } from '../../../../client/sparql';

/** Triples shown per document; a document embedding more says so. */
export const EMBEDDED_TRIPLES_LIMIT = 500;

/**
 * Every triple the restricted dataset holds, with the graph it is in: `GRAPH ?g` for the
 * collections' graphs; the default graph (a document without collections) is what the union
 * holds outside every named graph. One more than the limit is asked for, to know there are more.
 */
export const EMBEDDED_TRIPLES_QUERY = `SELECT ?s ?p ?o ?g WHERE {
  { GRAPH ?g { ?s ?p ?o } }
  UNION
  { ?s ?p ?o FILTER NOT EXISTS { GRAPH ?any { ?s ?p ?o } } }
}
ORDER BY ?g ?s ?p ?o
LIMIT ${EMBEDDED_TRIPLES_LIMIT + 1}`;

/** The document query that selects exactly the document at `uri`. */
export function documentRestriction(uri: string): DocumentRestriction {
  return { structuredQuery: JSON.stringify({ query: { 'document-query': { uri: [uri] } } }) };
}

/** Only JSON and XML documents can embed triples: text and binary ones are never asked about. */
export const canEmbedTriples = (format: DocumentFormat): boolean => format === 'json' || format === 'xml';

export interface EmbeddedTriple {
  subject: RdfTerm;
  predicate: RdfTerm;
  object: RdfTerm;
  /** The graph (a collection of the document); absent: the default graph. */
  graph?: string;
}

export interface EmbeddedTriples {
  triples: EmbeddedTriple[];
  /** More than {@link EMBEDDED_TRIPLES_LIMIT}: only the first ones are in `triples`. */
  truncated: boolean;
}

/** The rows of {@link EMBEDDED_TRIPLES_QUERY}'s answer. */
export function readEmbeddedTriples(result: SparqlQueryResult): EmbeddedTriples {
  if (result.kind !== 'select') throw new Error(`Expected solutions, the server answered ${result.kind === 'ask' ? 'a boolean' : 'triples'}`);
  const triples: EmbeddedTriple[] = [];
  for (const row of result.bindings) {
    const subject = row.s && rdfTerm(row.s);
    const predicate = row.p && rdfTerm(row.p);
    const object = row.o && rdfTerm(row.o);
    if (!subject || !predicate || !object) continue;
    triples.push({ subject, predicate, object, ...(row.g?.type === 'uri' ? { graph: row.g.value } : {}) });
  }
  return { triples: triples.slice(0, EMBEDDED_TRIPLES_LIMIT), truncated: triples.length > EMBEDDED_TRIPLES_LIMIT };
}

/** A SPARQL JSON term as the graph browser's terms are (a quoted triple has no such form: left out). */
export function rdfTerm(term: SparqlTerm): RdfTerm | undefined {
  switch (term.type) {
    case 'uri':
    case 'bnode':
      return { type: term.type, value: term.value };
    case 'literal':
      return {
        type: 'literal',
        value: term.value,
        ...(term['xml:lang'] ? { lang: term['xml:lang'] } : term.datatype ? { datatype: term.datatype } : {}),
      };
    default:
      return undefined;
  }
}
