/**
 * A node's triples in any graph, by SPARQL: the outgoing ones (the node as subject)
 * and the incoming ones (as object), each counted and paged on its own, so a node
 * with thousands of links costs one page. DISTINCT: a triple stored in two graphs is
 * one statement about the node. The node travels as `bind:s` / `bind:o`.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RdfTerm, Triple } from '../../../../client/graphs';
import type { TabulaClient } from '../../../../client/create-client';
import { useConnection, type Connection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';
import { bind, countOf, pageClause, select } from './sparql-select';

export type Side = 'outgoing' | 'incoming';

export const NODE_PAGE_SIZE = 25;
/** Links of each side one diagram expansion draws at most; the tables page through the rest. */
export const DIAGRAM_SIDE_LIMIT = 30;

const pageQuery: Record<Side, string> = {
  // Links to other nodes before literal values: what a diagram needs first, and a stable order for paging.
  outgoing: 'SELECT DISTINCT ?p ?o WHERE { ?s ?p ?o } ORDER BY isLiteral(?o) ?p ?o',
  incoming: 'SELECT DISTINCT ?s ?p WHERE { ?s ?p ?o } ORDER BY ?p ?s',
};
// The sub-select projects the bound variable, so the binding reaches inside it (MarkLogic substitutes bound variables wherever they appear).
const countQuery: Record<Side, string> = {
  outgoing: 'SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { ?s ?p ?o } }',
  incoming: 'SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { ?s ?p ?o } }',
};
const boundName: Record<Side, string> = { outgoing: 's', incoming: 'o' };

async function fetchSide(client: TabulaClient, iri: string, side: Side, page: number, size: number, signal: AbortSignal): Promise<Triple[]> {
  const rows = await select(client, `${pageQuery[side]} ${pageClause(page, size)}`, { bindings: [bind(boundName[side], iri)], signal });
  const node: RdfTerm = { type: 'uri', value: iri };
  return rows.flatMap((r): Triple[] =>
    side === 'outgoing' ? (r.p && r.o ? [{ subject: node, predicate: r.p, object: r.o }] : []) : r.s && r.p ? [{ subject: r.s, predicate: r.p, object: node }] : [],
  );
}

async function fetchCount(client: TabulaClient, iri: string, side: Side, signal: AbortSignal): Promise<number> {
  return countOf(await select(client, countQuery[side], { bindings: [bind(boundName[side], iri)], signal }));
}

export function nodeSideQueryOptions({ client, key }: Connection, iri: string, side: Side, page: number) {
  return queryOptions({
    queryKey: graphKeys.nodeSide(key, iri, side, page, NODE_PAGE_SIZE),
    queryFn: ({ signal }) => fetchSide(client, iri, side, page, NODE_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNodeSide(iri: string, side: Side, page: number) {
  return useQuery(nodeSideQueryOptions(useConnection(), iri, side, page));
}

export function nodeCountQueryOptions({ client, key }: Connection, iri: string, side: Side) {
  return queryOptions({
    queryKey: graphKeys.nodeSide(key, iri, side, 'count'),
    queryFn: ({ signal }) => fetchCount(client, iri, side, signal),
  });
}

export function useNodeCount(iri: string, side: Side) {
  return useQuery(nodeCountQueryOptions(useConnection(), iri, side));
}

/** The triples of the blank nodes a node points at (one level): they have no IRI of their own to open. */
export function useReachedBlankNodes(iri: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: [...graphKeys.node(key, iri), 'blank'],
    queryFn: async ({ signal }): Promise<Triple[]> => {
      const rows = await select(client, 'SELECT DISTINCT ?b ?p ?o WHERE { ?s ?x ?b . FILTER(isBlank(?b)) ?b ?p ?o } ORDER BY ?b ?p ?o LIMIT 200', { bindings: [bind('s', iri)], signal });
      return rows.flatMap((r) => (r.b && r.p && r.o ? [{ subject: r.b, predicate: r.p, object: r.o }] : []));
    },
  });
}

export interface Neighbourhood {
  /** The first {@link DIAGRAM_SIDE_LIMIT} outgoing and incoming triples. */
  triples: Triple[];
  /** How many links the node has in all, both sides. */
  total: number;
}

/** What a diagram draws for a node: the start of both sides, and how many links there are in all. */
export function neighbourhoodQueryOptions({ client, key }: Connection, iri: string) {
  return queryOptions({
    queryKey: [...graphKeys.node(key, iri), 'neighbourhood'],
    queryFn: async ({ signal }): Promise<Neighbourhood> => {
      const [outgoing, incoming, outCount, inCount] = await Promise.all([
        fetchSide(client, iri, 'outgoing', 1, DIAGRAM_SIDE_LIMIT, signal),
        fetchSide(client, iri, 'incoming', 1, DIAGRAM_SIDE_LIMIT, signal),
        fetchCount(client, iri, 'outgoing', signal),
        fetchCount(client, iri, 'incoming', signal),
      ]);
      return { triples: [...outgoing, ...incoming], total: outCount + inCount };
    },
  });
}

export function useNeighbourhood(iri: string) {
  return useQuery(neighbourhoodQueryOptions(useConnection(), iri));
}
