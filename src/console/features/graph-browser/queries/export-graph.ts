import { useMutation } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import { saveBlob } from '../../../lib/save-blob';
import { exportFileName, type RdfFormat } from '../lib/rdf-formats';

/** Downloads a graph in a format (GET /v1/graphs with that Accept). */
export function useExportGraph() {
  const { client } = useConnection();
  return useMutation({
    mutationFn: async ({ graph, format }: { graph: string; format: RdfFormat }) => {
      const blob = await client.graphs.readBlob(graph, { accept: format.mediaType });
      saveBlob(new Blob([blob], { type: format.mediaType }), exportFileName(graph, format));
    },
  });
}
