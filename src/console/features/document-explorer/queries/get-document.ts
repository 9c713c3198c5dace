import { queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { documentKeys } from './document-keys';

export function getDocumentQueryOptions({ client, key }: Connection, uri: string) {
  return queryOptions({
    queryKey: documentKeys.content(key, uri),
    queryFn: ({ signal }) => client.documents.read(uri, { signal }),
  });
}

export function useDocument(uri: string) {
  return useQuery(getDocumentQueryOptions(useConnection(), uri));
}
