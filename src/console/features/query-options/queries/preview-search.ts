import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOptionsJson } from '../../../../client/query-options';
import { useConnection } from '../../../lib/connection';
import { optionsKeys } from './options-keys';

/**
 * A search with options that are not saved: a combined query `{"search": {"qtext",
 * "options"}}` POSTed to /v1/search (MarkLogic’s REST Application Developer’s Guide, combined queries), so the person sees what the set
 * does — results, snippets, facets, or the server's objection — before saving it.
 * Disabled while there are no readable options to send.
 */
export function usePreviewSearch(options: QueryOptionsJson | undefined, qtext: string) {
  const { client, key } = useConnection();
  const sent = options === undefined ? '' : JSON.stringify(options);
  return useQuery({
    queryKey: optionsKeys.preview(key, sent, qtext),
    queryFn: ({ signal }) => client.search.post({ search: { ...(qtext.trim() ? { qtext } : {}), options: options ?? {} } }, {}, { signal }),
    enabled: options !== undefined,
    // The last answer stays on screen while the next edit's is on its way.
    placeholderData: keepPreviousData,
  });
}
