import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoadProgress, LoadResult, WriteMode } from '../../../../client/graphs';
import { useConnection } from '../../../lib/connection';
import type { RdfFormat } from '../lib/rdf-formats';
import { graphKeys } from './graph-keys';

export interface ImportInput {
  /** A file, or pasted text. */
  source: File | string;
  format: RdfFormat;
  /** A graph IRI (the default graph's included); undefined: the graphs a quads payload names. */
  graph: string | undefined;
  mode: WriteMode;
  base?: string;
}

/**
 * Imports RDF into a graph. Line-based payloads go in pieces of {@link IMPORT_CHUNK}
 * statements so `progress` can count them; others go whole (`progress.chunked` false).
 */
export const IMPORT_CHUNK = 10_000;

export function useImportRdf() {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ source, format, graph, mode, base }: ImportInput): Promise<LoadResult> => {
      const text = typeof source === 'string' ? source : await source.text();
      return client.graphs.load(graph, text, {
        contentType: format.mediaType,
        mode,
        base: base || undefined,
        chunkStatements: IMPORT_CHUNK,
        onProgress: setProgress,
      });
    },
    onMutate: () => setProgress(null),
    // Even a failed import may have committed its first pieces.
    onSettled: () => queryClient.invalidateQueries({ queryKey: graphKeys.all(key) }),
  });
  return { ...mutation, progress };
}
