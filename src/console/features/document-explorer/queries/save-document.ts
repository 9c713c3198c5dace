import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentFormat } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { documentKeys } from './document-keys';

export interface SaveDocumentInput {
  uri: string;
  content: string;
  format: Exclude<DocumentFormat, 'binary'>;
  /** Only for new documents: replaces the collections. */
  collections?: string[];
}

/** Creates or replaces a document (PUT /v1/documents). */
export function useSaveDocument() {
  const { client, key, transactions } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uri, content, format, collections }: SaveDocumentInput) =>
      client.documents.write(uri, content, { format, collections }),
    // Awaited before the caller's onSuccess, so an editor closes onto the new content, not the old.
    onSuccess: (_result, { uri }) => {
      transactions.markUncommitted(client.transaction, [uri]);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.content(key, uri) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.metadata(key, uri) }),
        // The content is where its triples are.
        queryClient.invalidateQueries({ queryKey: documentKeys.triples(key, uri) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists(key) }),
      ]);
    },
  });
}
