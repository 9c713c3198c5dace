import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ValuesQuery, ValuesRead } from '../../../../client/create-client';
import { requestUrl } from '../../../../client/search';
import { valuesRequest } from '../../../../client/values';
import { useConnection } from '../../../lib/connection';
import { DEFAULT_OPTIONS } from '../../search/lib/search-state';
import { analyticsKeys } from './analytics-keys';

/** The values and tuples definitions of an option set. */
export function useValuesDefinitions(optionSet: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: analyticsKeys.definitions(key, optionSet),
    queryFn: ({ signal }) => client.values.list(optionSet === DEFAULT_OPTIONS ? undefined : optionSet, { signal }),
  });
}

/** The option set as JSON: what the definitions read (their sources), which the list does not say. */
export function useOptionSetJson(optionSet: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: analyticsKeys.optionSet(key, optionSet),
    queryFn: ({ signal }) => client.queryOptions.read(optionSet, { signal }),
  });
}

export interface ValuesRun extends ValuesRead {
  /** The media type of the answer, for the request panel (a values read always asks for JSON). */
  contentType: string;
}

/** One read of a definition; nothing is asked until a definition is chosen. */
export function useValuesRead(name: string, query: ValuesQuery, enabled = true) {
  const { client, key } = useConnection();
  const id = name ? requestUrl('', valuesRequest(name, query)) : '';
  return useQuery({
    queryKey: analyticsKeys.read(key, id),
    queryFn: async ({ signal }): Promise<ValuesRun> => ({ ...(await client.values.read(name, query, { signal })), contentType: 'application/json' }),
    enabled: enabled && name !== '',
    // A new query keeps the old counts on screen until the new ones arrive, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
