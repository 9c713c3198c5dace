import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';

export const TRIPLES_PAGE_SIZE = 25;

/** One page of a graph's triples, in the stable order the client asks for. */
export function graphTriplesQueryOptions({ client, key }: Connection, graph: string, page: number) {
  return queryOptions({
    queryKey: graphKeys.page(key, graph, page),
    queryFn: ({ signal }) => client.graphs.triples(graph, { offset: (page - 1) * TRIPLES_PAGE_SIZE, limit: TRIPLES_PAGE_SIZE }, { signal }),
    // Paging keeps the old page on screen until the next one arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useGraphTriples(graph: string, page: number) {
  return useQuery(graphTriplesQueryOptions(useConnection(), graph, page));
}

export function graphCountQueryOptions({ client, key }: Connection, graph: string) {
  return queryOptions({
    queryKey: graphKeys.count(key, graph),
    queryFn: ({ signal }) => client.graphs.count(graph, { signal }),
  });
}

export function useGraphCount(graph: string) {
  return useQuery(graphCountQueryOptions(useConnection(), graph));
}
