import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import { walkDirectory } from '../lib/directory-walk';
import { documentKeys } from './document-keys';

/**
 * Every immediate subfolder of `dir` with its document count, from the URI lexicon (within
 * `collection` when one is chosen); see directory-walk.ts. Under the listings' key, so any
 * write that refreshes the listing refreshes the folders too.
 */
export function useSubfolders(dir: string, collection: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: documentKeys.folders(key, dir, collection),
    queryFn: ({ signal }) =>
      walkDirectory(dir, {
        uris: (start, pageLength) => client.lexicons.uris({ directory: dir || undefined, collection: collection || undefined, start, pageLength }, { signal }),
        count: async (folder) => (await client.search.query({ directory: folder, collection: collection || undefined, pageLength: 0 }, { signal })).total,
      }),
    placeholderData: keepPreviousData,
    // A lexicon turned off is an answer, not a hiccup to retry.
    retry: false,
  });
}
