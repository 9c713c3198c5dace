import { queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { summariseGraphs } from '../lib/graph-summaries';
import { graphKeys } from './graph-keys';

/** Every readable graph with its triple count: the graph list joined with SPARQL counts. */
export function listGraphsQueryOptions({ client, key }: Connection) {
  return queryOptions({
    queryKey: graphKeys.list(key),
    queryFn: async ({ signal }) => {
      const [listed, counts] = await Promise.all([client.graphs.list({ signal }), client.graphs.tripleCounts({ signal })]);
      return summariseGraphs(listed, counts);
    },
  });
}

export function useGraphList() {
  return useQuery(listGraphsQueryOptions(useConnection()));
}
