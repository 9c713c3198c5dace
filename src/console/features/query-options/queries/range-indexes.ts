import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IndexReport, IndexUpdate } from '../../../../client/indexes';
import { useConnection } from '../../../lib/connection';
import { indexKeys } from './options-keys';

/** While an index is being built, how often its progress is asked for. */
export const PROGRESS_POLL_MS = 500;

/** The database's range index definitions (`GET /manage/v2/databases/{db}/properties`). */
export function useDatabaseIndexes() {
  const { client, key } = useConnection();
  return useQuery({ queryKey: indexKeys.settings(key), queryFn: ({ signal }) => client.indexes.read({ signal }) });
}

const building = (report: IndexReport | undefined) => report?.rangeIndexes.some((s) => s.state === 'building') ?? false;

/** Which indexes each set needs and how far each index is built; polled while any is building. */
export function useIndexReport() {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: indexKeys.report(key),
    queryFn: ({ signal }) => client.indexes.report({ signal }),
    refetchInterval: (query) => (building(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

/** Replaces the lists given (the API replaces each list sent), then refreshes definitions and progress. */
export function useUpdateIndexes() {
  const { client, key } = useConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: IndexUpdate) => client.indexes.update(update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: indexKeys.all(key) }),
  });
}
