import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import type { CollectionCount } from '../lib/collection-match';
import { documentKeys } from './document-keys';

/** Collections read at once; with more, the picker asks the lexicon by prefix as the person types. */
export const COLLECTIONS_LIMIT = 1000;

export interface CollectionList {
  collections: CollectionCount[];
  /** More collections start with `prefix` than were read. */
  truncated: boolean;
}

/** The collection lexicon's collections under `dir`, starting with `prefix`, with their document counts. */
export function useCollections(dir: string, prefix: string, enabled = true) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: documentKeys.collections(key, dir, prefix),
    queryFn: async ({ signal }): Promise<CollectionList> => {
      const values = await client.lexicons.collections({ directory: dir || undefined, prefix, pageLength: COLLECTIONS_LIMIT + 1 }, { signal });
      return { collections: values.slice(0, COLLECTIONS_LIMIT).map((v) => ({ collection: v.value, count: v.frequency })), truncated: values.length > COLLECTIONS_LIMIT };
    },
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}
