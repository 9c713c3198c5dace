import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueryOptionsJson } from '../../../../client/query-options';
import { useConnection } from '../../../lib/connection';
import { optionsKeys } from './options-keys';

/** How many values (or tuples) the preview asks for. */
export const VALUES_PREVIEW_LENGTH = 10;

/**
 * The first values of one `values` or `tuples` definition of options that are not saved:
 * a GET of /v1/values/{name} can only name stored options, so the options travel inline
 * in a combined query POSTed there (MarkLogic's REST API reference, /v1/values). Disabled
 * while there are no readable options or no definition is picked. `indexEpoch` stands for
 * the database's index settings and states: when they change, the same options ask again.
 */
export function usePreviewValues(options: QueryOptionsJson | undefined, definition: string, indexEpoch: string) {
  const { client, key } = useConnection();
  const sent = options === undefined ? '' : JSON.stringify(options);
  return useQuery({
    queryKey: optionsKeys.values(key, sent, definition, indexEpoch),
    queryFn: ({ signal }) => client.values.preview(definition, options ?? {}, { pageLength: VALUES_PREVIEW_LENGTH, signal }),
    enabled: options !== undefined && definition !== '',
    placeholderData: keepPreviousData,
  });
}
