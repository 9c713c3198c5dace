import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';

/** Deletes one graph (DELETE /v1/graphs?graph=…). */
export function useDeleteGraph() {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (graph: string) => client.graphs.remove(graph),
    // Every cached count, page and node may have included its triples. Only the list is
    // refetched now: the open graph's panel is about to close, not to refetch into a 404.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: graphKeys.all(key), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: graphKeys.list(key) });
    },
  });
}
