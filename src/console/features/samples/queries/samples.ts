import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SampleSummary } from '../../../../client/create-client';
import { useConnection, type Connection } from '../../../lib/connection';
import { meansNoSamples } from '../lib/availability';

/** Query keys of the samples; each starts with the connection key (see document-keys.ts). */
const sampleKeys = {
  list: (connection: string) => ['samples', connection, 'list'] as const,
  empty: (connection: string) => ['samples', connection, 'database-empty'] as const,
};

/** The server's samples; `null` when it has none (a MarkLogic server), so nothing offers them. */
export function samplesQueryOptions({ client, key }: Connection) {
  return queryOptions({
    queryKey: sampleKeys.list(key),
    queryFn: async ({ signal }): Promise<SampleSummary[] | null> => {
      try {
        return await client.samples.list({ signal });
      } catch (error) {
        if (meansNoSamples(error)) return null;
        throw error;
      }
    },
    // The list is part of the build: it does not change under a running console.
    staleTime: Infinity,
    retry: false,
  });
}

export function useSamples() {
  return useQuery(samplesQueryOptions(useConnection()));
}

/** Whether the database holds nothing: no document and no triple. */
export function databaseEmptyQueryOptions({ client, key }: Connection) {
  return queryOptions({
    queryKey: sampleKeys.empty(key),
    queryFn: async ({ signal }): Promise<boolean> => {
      const [documents, triples] = await Promise.all([
        client.search.list({ pageLength: 0 }, { signal }),
        // GET: a POST would be announced as a write and make every page refetch. With no graph
        // named, a query sees every graph (MarkLogic's rule), so one pattern covers them all.
        client.sparql.query('ASK { ?s ?p ?o }', { form: 'ASK', method: 'GET', signal }),
      ]);
      return documents.total === 0 && triples.kind === 'ask' && !triples.boolean;
    },
  });
}

/** Only asked where the server has samples: the answer matters for nothing else. */
export function useDatabaseEmpty(enabled: boolean) {
  return useQuery({ ...databaseEmptyQueryOptions(useConnection()), enabled });
}

/** Replaces the database with a sample; then every page's data is stale, as after "Reset database…". */
export function useLoadSample() {
  const { client } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => client.samples.load(name),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
