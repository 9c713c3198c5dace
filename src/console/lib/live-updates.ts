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
    channel.onmessage = () => void queryClient.invalidateQueries();
    return () => channel.close();
  }, [queryClient]);
}
