import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentMetadata } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { documentKeys } from './document-keys';

/** Replaces the metadata categories given (PUT /v1/documents?category=metadata). */
export function useSaveDocumentMetadata(uri: string) {
  const { client, key, transactions } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metadata: Partial<DocumentMetadata>) => client.documents.writeMetadata(uri, metadata),
    onSuccess: () => {
      transactions.markUncommitted(client.transaction, [uri]);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.metadata(key, uri) }),
        // Collections are the graphs its triples are in.
        queryClient.invalidateQueries({ queryKey: documentKeys.triples(key, uri) }),
        // Collections decide what a collection-filtered listing shows.
        queryClient.invalidateQueries({ queryKey: documentKeys.lists(key) }),
      ]);
    },
  });
}
