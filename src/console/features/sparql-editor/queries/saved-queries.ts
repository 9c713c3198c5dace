import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { SAVED_QUERIES_COLLECTION, SAVED_QUERY_MEDIA_TYPE, savedQueryText, savedQueryTitle, savedQueryUri } from '../lib/saved-queries';
import { sparqlKeys } from './sparql-keys';

export interface SavedQuery {
  uri: string;
  title: string;
  text: string;
}

/** More than a person keeps by hand; the menu says when there are more. */
export const SAVED_QUERIES_LIMIT = 200;

/** The saved queries, by title: the collection's documents, each read for its text. */
export function savedQueriesQueryOptions({ client, key }: Connection) {
  return queryOptions({
    queryKey: sparqlKeys.saved(key),
    queryFn: async ({ signal }): Promise<{ queries: SavedQuery[]; total: number }> => {
      const page = await client.search.list({ collection: SAVED_QUERIES_COLLECTION, pageLength: SAVED_QUERIES_LIMIT }, { signal });
      const queries = await Promise.all(
        page.results.map(async ({ uri }) => {
          const doc = await client.documents.read(uri, { signal });
          const text = doc.format === 'binary' ? '' : doc.text;
          return { uri, title: savedQueryTitle(uri, text), text };
        }),
      );
      return { queries: queries.sort((a, b) => a.title.localeCompare(b.title)), total: page.total };
    },
  });
}

export function useSavedQueries() {
  return useQuery(savedQueriesQueryOptions(useConnection()));
}

/** Stores a query under a title (replacing one saved under the same title), then lists again. */
export function useSaveQuery() {
  const connection = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ title, text }: { title: string; text: string }) =>
      connection.client.documents.write(savedQueryUri(title), savedQueryText(title, text), {
        format: 'text',
        contentType: SAVED_QUERY_MEDIA_TYPE,
        collections: [SAVED_QUERIES_COLLECTION],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sparqlKeys.saved(connection.key) }),
  });
}
