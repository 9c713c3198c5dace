import { useQuery } from '@tanstack/react-query';
import { useConnection } from '../../../lib/connection';
import { searchKeys } from './search-keys';

/** The option sets to choose from: `default`, then the stored ones. */
export function useOptionSetNames() {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: searchKeys.optionSets(key),
    queryFn: ({ signal }) => client.search.optionSetNames({ signal }),
  });
}

/** The constraints of the chosen option set: the cheat-sheet lists them, refinements are recognised by them. */
export function useConstraints(optionSet: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: searchKeys.constraints(key, optionSet),
    queryFn: ({ signal }) => client.search.constraints(optionSet, { signal }),
  });
}
