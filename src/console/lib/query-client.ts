import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults for a database console. Other tabs, scripts and apps write to the
 * same database, so answers are treated as stale at once and fetched again on
 * mount and on focus (a round trip to this tab's service worker costs ~2 ms). No
 * retries: they would only delay showing the server's error message.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 0, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
