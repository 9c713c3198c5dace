import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readSearchResponse, requestUrl, type SearchRequestSpec } from '../../../../client/search';
import type { SearchResponse } from '../../../../client/types';
import { useConnection } from '../../../lib/connection';
import { searchKeys } from './search-keys';

export interface SearchRun {
  response: SearchResponse;
  /** The answer's text as received, for the request panel. */
  text: string;
  contentType: string;
  /** Measured around the request: the round trip as this page saw it. */
  elapsedMs: number;
}

/** Runs one described search request; the text is kept so the page can show what came back. */
export function useSearchRun(request: SearchRequestSpec) {
  const { client, key } = useConnection();
  const id = requestId(request);
  return useQuery({
    queryKey: searchKeys.run(key, id),
    queryFn: async ({ signal }): Promise<SearchRun> => {
      const began = performance.now();
      const raw = await client.search.raw(request, { signal });
      const elapsedMs = performance.now() - began;
      return { response: readSearchResponse(raw.text), text: raw.text, contentType: raw.contentType, elapsedMs };
    },
    // Paging and refining keep the old answer on screen until the next arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** The same request in another format, as the server writes it (fetched only when shown). */
export function useRawAnswer(request: SearchRequestSpec, enabled: boolean) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: searchKeys.raw(key, requestId(request)),
    queryFn: ({ signal }) => client.search.raw(request, { signal }),
    enabled,
  });
}

export const requestId = (request: SearchRequestSpec) => `${request.method} ${requestUrl('', request)}${request.body ? `\n${request.body}` : ''}`;
