import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import { DEFAULT_OPTIONS } from '../lib/search-state';
import { searchKeys } from './search-keys';

export const SUGGESTION_LIMIT = 10;

/** Completions of `partial` from `/v1/suggest` with the chosen options; none while there is nothing to complete. */
export function useSuggestions(partial: string | undefined, cursor: number | undefined, optionSet: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: searchKeys.suggestions(key, optionSet, partial ?? '', cursor),
    queryFn: ({ signal }) =>
      client.search.suggest(
        partial!,
        {
          ...(optionSet !== DEFAULT_OPTIONS ? { options: optionSet } : {}),
          limit: SUGGESTION_LIMIT,
          // The end of the text is the server's default; saying so would only lengthen the URL.
          ...(cursor !== undefined && cursor < partial!.length ? { cursorPosition: cursor } : {}),
        },
        { signal },
      ),
    enabled: partial !== undefined,
    // The list stays put while the next keystroke's completions are fetched.
    placeholderData: keepPreviousData,
  });
}
