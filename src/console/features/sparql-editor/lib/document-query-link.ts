/**
 * Opening the SPARQL editor on the triples of some documents: another page (Search) links to
 * `#/sparql?q=…&options=…&structuredQuery=…`, and the editor opens a new query tab whose
 * document query is that one. The link is consumed once: the editor then replaces it with
 * plain `#/sparql`, so a reload does not open the tab again.
 */
import { formatHash } from '../../../lib/hash-route';
import { emptyDocumentQuery, emptyParameters, type DocumentQuery, type RequestParameters } from './request-parameters';

export const SPARQL_ROUTE = '/sparql';

/** The editor opening a tab restricted to the documents `documentQuery` matches; plain `#/sparql` without one. */
export function sparqlHref(documentQuery: Partial<DocumentQuery> = {}): string {
  return formatHash(SPARQL_ROUTE, { q: documentQuery.q, options: documentQuery.options, structuredQuery: documentQuery.structuredQuery });
}

/** The document query a link carries; `undefined` when it carries none. */
export function readDocumentQueryLink(params: URLSearchParams): DocumentQuery | undefined {
  const d: DocumentQuery = {
    q: params.get('q') ?? '',
    structuredQuery: params.get('structuredQuery') ?? '',
    options: params.get('options') ?? '',
  };
  return d.q || d.structuredQuery || d.options ? d : undefined;
}

/**
 * A tab querying the documents' triples: each with its graph (a collection of a document it
 * is in; none for the default graph), named after the document query in its leading comment.
 */
export function restrictedQueryTab(documentQuery: DocumentQuery): { text: string; parameters: RequestParameters } {
  const text = `# Triples: ${describe(documentQuery)}
# Only those of the documents the document query (Parameters) matches.
SELECT ?s ?p ?o ?g WHERE {
  { GRAPH ?g { ?s ?p ?o } }
  UNION
  { ?s ?p ?o FILTER NOT EXISTS { GRAPH ?any { ?s ?p ?o } } }
}
ORDER BY ?s ?p ?o ?g
LIMIT 100
`;
  return { text, parameters: { ...emptyParameters, documentQuery: { ...emptyDocumentQuery, ...documentQuery } } };
}

/** The tab's name (its label shows the first 31 characters). */
function describe({ q, structuredQuery }: DocumentQuery): string {
  const words = q.replace(/\s+/g, ' ').trim();
  if (words && structuredQuery.trim()) return `${words} + structured query`;
  if (words) return words;
  if (structuredQuery.trim()) return 'structured query';
  return 'every document';
}
