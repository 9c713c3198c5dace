import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { sortOrderOption } from '../lib/server-sort';
import { documentKeys, type ListScope } from './document-keys';

export const PAGE_SIZE = 20;

/**
 * Inline options that bring each result's document along (`extract-document-data` with
 * `selected: all`; MarkLogic's REST Application Developer's Guide, "Extracting a Portion of
 * Matching Documents") instead of snippets, so the listing's field columns need no request
 * per document. Binary documents have nothing to extract and come back without content.
 */
export const LISTING_OPTIONS = {
  'extract-document-data': { selected: 'all' },
  'transform-results': { apply: 'empty-snippet' },
} as const;

/**
 * One page of the documents in a directory (recursively) and/or collection, with their
 * content: one POST /v1/search with a combined query carrying {@link LISTING_OPTIONS} (and
 * the `sort-order` of a server-side sort).
 */
export function listDocumentsQueryOptions({ client, key }: Connection, scope: ListScope) {
  return queryOptions({
    queryKey: documentKeys.list(key, scope),
    queryFn: ({ signal }) =>
      client.search.post(
        { search: { options: { ...LISTING_OPTIONS, ...(scope.sort ? sortOrderOption(scope.sort) : {}) } } },
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
