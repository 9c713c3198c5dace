import { DEFAULT_GRAPH, GRAPH_CATALOGUE } from '../../../../client/graphs';

export interface GraphSummary {
  iri: string;
  triples: number;
}

/**
 * One row per graph: the IRIs `GET /v1/graphs` lists joined with the SPARQL counts.
 * A graph known to either side is shown (a listed graph may be empty; a counted one
 * may be missing from a server's list). The catalogue IRI is left out: it names the
 * graphs' metadata, not triples anyone browses. The default graph comes first.
 */
export function summariseGraphs(listed: readonly string[], counts: Readonly<Record<string, number>>): GraphSummary[] {
  const iris = new Set([...listed, ...Object.keys(counts)]);
  iris.delete(GRAPH_CATALOGUE);
  return [...iris]
    .map((iri) => ({ iri, triples: counts[iri] ?? 0 }))
    .sort((a, b) => (a.iri === DEFAULT_GRAPH ? -1 : b.iri === DEFAULT_GRAPH ? 1 : a.iri < b.iri ? -1 : a.iri > b.iri ? 1 : 0));
}

/** How a graph is named in the console: the default graph by its role, others by IRI. */
export function graphLabel(iri: string): string {
  return iri === DEFAULT_GRAPH ? 'Default graph' : iri;
}
