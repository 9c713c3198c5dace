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
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ dir, files }: UploadInput) =>
      client.documents.bulkWrite(
        files.map((file) => ({ uri: uriInDirectory(dir, file.name), content: file })),
        { batchSize: UPLOAD_BATCH_SIZE, onProgress: setProgress },
      ),
    onMutate: ({ files }) => setProgress({ written: 0, total: files.length }),
    // Even a failed upload may have committed earlier batches.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(key) }),
  });
  return { ...mutation, progress };
}
