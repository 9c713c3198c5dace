import { selectBindings, type RdfTerm } from '../../../../client/graphs';
import type { SparqlQueryOptions } from '../../../../client/sparql';
import type { TabulaClient } from '../../../../client/create-client';

export type Row = Record<string, RdfTerm | undefined>;

/**
 * A SELECT through `/v1/graphs/sparql`, its solutions as RDF terms. Graphs are scoped
 * with `default-graph-uri` (the protocol's FROM: the default graph by its own IRI, as
 * MarkLogic's dataset rules allow) and terms travel as `bind:` values, so no IRI is ever
 * spliced into a query's text.
 */
export async function select(client: TabulaClient, query: string, options: SparqlQueryOptions = {}): Promise<Row[]> {
  const result = await client.sparql.query(query, { ...options, form: 'SELECT' });
  if (result.kind !== 'select') throw new Error('The SPARQL endpoint answered a SELECT with something other than solutions');
  return selectBindings({ results: { bindings: result.bindings } });
}

/** The `?n` of a COUNT query's one solution. */
export function countOf(rows: readonly Row[]): number {
  const n = Number(rows[0]?.n?.value);
  return Number.isFinite(n) ? n : 0;
}

export const inGraph = (graph: string): SparqlQueryOptions => ({ defaultGraphs: [graph] });

export const bind = (name: string, iri: string) => ({ name, value: iri });

/** LIMIT/OFFSET of a 1-based page. */
export function pageClause(page: number, size: number): string {
  return `LIMIT ${size} OFFSET ${(Math.max(1, Math.floor(page)) - 1) * size}`;
}
