import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SearchScope } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { documentKeys } from './document-keys';

/** Deletes every document of a directory or of a collection (DELETE /v1/search). */
export function useDeleteDocumentsInScope() {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: SearchScope) => client.search.remove(scope),
    // Any cached document may have been among them: mark them all stale, but refetch only
    // the listings, since the caller is about to close the open document.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(key), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: documentKeys.lists(key) });
    },
  });
}
