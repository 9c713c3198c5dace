import { queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { sourceDocumentsQuery } from '../lib/source-documents';
import { graphKeys } from './graph-keys';

/** Documents listed per node; the total says how many more there are. */
export const SOURCE_DOCUMENTS_LIMIT = 100;

export interface SourceDocuments {
  /** URIs of the first {@link SOURCE_DOCUMENTS_LIMIT} matches, in URI order. */
  uris: string[];
  /** How many documents match in all. */
  total: number;
}

/** The documents embedding a triple with the node as subject or object (a structured query POSTed to /v1/search). */
export function sourceDocumentsQueryOptions({ client, key }: Connection, iri: string) {
  return queryOptions({
    queryKey: graphKeys.sources(key, iri),
    queryFn: async ({ signal }): Promise<SourceDocuments> => {
      const page = await client.search.post(sourceDocumentsQuery(iri), { pageLength: SOURCE_DOCUMENTS_LIMIT }, { signal });
      return { uris: page.results.map((r) => r.uri).sort(), total: page.total };
    },
  });
}

export function useSourceDocuments(iri: string) {
  return useQuery(sourceDocumentsQueryOptions(useConnection(), iri));
}
