import { queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { documentKeys } from './document-keys';

export function getDocumentMetadataQueryOptions({ client, key }: Connection, uri: string) {
  return queryOptions({
    queryKey: documentKeys.metadata(key, uri),
    queryFn: ({ signal }) => client.documents.readMetadata(uri, { signal }),
  });
}

export function useDocumentMetadata(uri: string) {
  return useQuery(getDocumentMetadataQueryOptions(useConnection(), uri));
}
