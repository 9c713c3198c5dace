import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { documentKeys, type ListScope } from './document-keys';

export const PAGE_SIZE = 20;

/** One page of the documents in a directory (recursively) and/or collection, via GET /v1/search. */
export function listDocumentsQueryOptions({ client, key }: Connection, scope: ListScope) {
  return queryOptions({
    queryKey: documentKeys.list(key, scope),
    queryFn: ({ signal }) =>
      client.search.list(
        {
          directory: scope.dir || undefined,
          collection: scope.collection || undefined,
          start: (scope.page - 1) * PAGE_SIZE + 1,
          pageLength: PAGE_SIZE,
        },
        { signal },
      ),
    // Paging keeps the old page on screen until the next one arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useListDocuments(scope: ListScope) {
  return useQuery(listDocumentsQueryOptions(useConnection(), scope));
}
