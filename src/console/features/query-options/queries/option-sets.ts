import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryOptionsJson } from '../../../../client/query-options';
import { useConnection, type Connection } from '../../../lib/connection';
import { indexKeys, optionsKeys } from './options-keys';

/** The stored sets (`GET /v1/config/query`). */
export function useOptionSetList() {
  const { client, key } = useConnection();
  return useQuery({ queryKey: optionsKeys.list(key), queryFn: ({ signal }) => client.queryOptions.list({ signal }) });
}

export function optionSetQueryOptions({ client, key }: Connection, name: string) {
  return queryOptions({ queryKey: optionsKeys.set(key, name), queryFn: ({ signal }) => client.queryOptions.read(name, { signal }) });
}

/** One set as JSON. */
export function useOptionSet(name: string) {
  return useQuery(optionSetQueryOptions(useConnection(), name));
}

/** One set as the server writes it in XML. */
export function useOptionSetXml(name: string, enabled: boolean) {
  const { client, key } = useConnection();
  return useQuery({ queryKey: optionsKeys.xml(key, name), queryFn: ({ signal }) => client.queryOptions.readXml(name, { signal }), enabled });
}

/** After a set changes: its own answers, the list, and which indexes sets need. */
function useRefreshAfterWrite() {
  const { key } = useConnection();
  const queryClient = useQueryClient();
  return (name: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: optionsKeys.set(key, name) }),
      queryClient.invalidateQueries({ queryKey: optionsKeys.xml(key, name) }),
      queryClient.invalidateQueries({ queryKey: optionsKeys.list(key) }),
      queryClient.invalidateQueries({ queryKey: indexKeys.report(key) }),
    ]);
}

export type SaveOptionSetInput = { name: string; options: QueryOptionsJson } | { name: string; xml: string };

/** Creates or replaces a set (PUT), from JSON or from XML. */
export function useSaveOptionSet() {
  const { client } = useConnection();
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (input: SaveOptionSetInput) => ('xml' in input ? client.queryOptions.writeXml(input.name, input.xml) : client.queryOptions.write(input.name, input.options)),
    // Awaited before the caller's onSuccess, so the editor reopens onto what was stored.
    onSuccess: (_result, { name }) => refresh(name),
  });
}

export function useDeleteOptionSet() {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => client.queryOptions.remove(name),
    onSuccess: async (_result, name) => {
      // The deleted set's own answers would now be 404s: drop them rather than refetch.
      queryClient.removeQueries({ queryKey: optionsKeys.set(key, name) });
      queryClient.removeQueries({ queryKey: optionsKeys.xml(key, name) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: optionsKeys.list(key) }), queryClient.invalidateQueries({ queryKey: indexKeys.report(key) })]);
    },
  });
}
