import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkProgress } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { uriInDirectory } from '../lib/directory-listing';
import { documentKeys } from './document-keys';

export interface UploadInput {
  dir: string;
  files: readonly File[];
}

/** Files per multipart POST: each batch is one transaction on the server. */
export const UPLOAD_BATCH_SIZE = 50;

/**
 * Uploads files into a directory as documents named after the files, in batches
 * of multipart POSTs. `progress` counts the files already committed.
 */
export function useUploadDocuments() {
  const { client, key, transactions } = useConnection();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ dir, files }: UploadInput) => {
      const documents = files.map((file) => ({ uri: uriInDirectory(dir, file.name), content: file }));
      let written = 0;
      try {
        return await client.documents.bulkWrite(documents, {
          batchSize: UPLOAD_BATCH_SIZE,
          onProgress: (progress) => {
            written = progress.written;
            setProgress(progress);
          },
        });
      } finally {
        // In a transaction, the batches written before any failure are in it, uncommitted.
        transactions.markUncommitted(client.transaction, documents.slice(0, written).map((d) => d.uri));
      }
    },
    onMutate: ({ files }) => setProgress({ written: 0, total: files.length }),
    // Even a failed upload may have committed earlier batches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(key) }),
  });
  return { ...mutation, progress };
}
