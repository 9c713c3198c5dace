import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import { documentKeys } from './document-keys';

/** Deletes one document (DELETE /v1/documents). */
export function useDeleteDocument() {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uri: string) => client.documents.remove(uri),
    // The open panel still observes the document's own queries until the caller navigates
    // away; they are left to go stale rather than refetched into a 404 under its feet.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists(key) }),
  });
}
