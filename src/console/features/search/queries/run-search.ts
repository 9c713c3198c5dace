import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Runs one described search request; the text is kept so the page can show what came back.
 * A search given up — stopped, or replaced by the next before it answered — is cancelled on
 * this browser's database too, not only left unread (docs/decisions/0029-cooperative-search.md);
 * a remote server is only left.
 */
export function useSearchRun(request: SearchRequestSpec) {
  const { client, key, settings } = useConnection();
  const id = requestId(request);
  const cancelOnAbort = settings.target === 'local';
  return useQuery({
    queryKey: searchKeys.run(key, id),
    queryFn: async ({ signal }): Promise<SearchRun> => {
      const began = performance.now();
      const raw = await client.search.raw(request, { signal, cancelOnAbort });
      const elapsedMs = performance.now() - began;
      return { response: readSearchResponse(raw.text), text: raw.text, contentType: raw.contentType, elapsedMs };
    },
    // Paging and refining keep the old answer on screen until the next arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** Stops the request's search while it runs: its answer is no longer awaited, and a local one is cancelled. */
export function useStopSearch(request: SearchRequestSpec): () => void {
  const { key } = useConnection();
  const queryClient = useQueryClient();
  const id = requestId(request);
  return useCallback(() => void queryClient.cancelQueries({ queryKey: searchKeys.run(key, id), exact: true }), [queryClient, key, id]);
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
