import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '../../../../client/create-client';
import { useConnection, type Connection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';

export function graphPermissionsQueryOptions({ client, key }: Connection, graph: string) {
  return queryOptions({
    queryKey: graphKeys.permissions(key, graph),
    queryFn: ({ signal }) => client.graphs.readPermissions(graph, { signal }),
  });
}

export function useGraphPermissions(graph: string) {
  return useQuery(graphPermissionsQueryOptions(useConnection(), graph));
}

/** Replaces a graph's permissions (PUT category=permissions). */
export function useSaveGraphPermissions(graph: string) {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: Permission[]) => client.graphs.writePermissions(graph, permissions, { mode: 'replace' }),
    // Awaited, so the editor shows what the server kept (it always adds the defaults back).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: graphKeys.permissions(key, graph) }),
  });
}
