import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The service worker announces every committed write on this channel (sw/sw.ts), so
 * the console refetches what it shows when a script, another tab or a test writes —
 * not only on focus. A remote target sends nothing here; focus refetching covers it.
 */
export const CHANGES_CHANNEL = 'tabula:changes';

export function useLiveUpdates(queryClient: QueryClient): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANGES_CHANNEL);
    channel.onmessage = () => void refetchAfterWrite(queryClient);
    return () => channel.close();
  }, [queryClient]);
}

/**
 * Marks every query stale and refetches those on screen. An answer still on its way may
 * predate the write, and React Query keeps a query's first fetch running when it is
 * invalidated (it cancels only fetches of queries that already have data): that answer
 * would then stand, stale, for good. So fetches in flight are cancelled first. With an
 * engine host a first SPARQL answer can take a while (decision 0028), long enough for a write
 * to land in between.
 */
export async function refetchAfterWrite(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ fetchStatus: 'fetching' });
  await queryClient.invalidateQueries();
}
