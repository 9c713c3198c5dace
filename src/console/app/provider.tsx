import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiWorkerProvider } from '../lib/api-worker-status';
import { ConnectionProvider } from '../lib/connection';
import type { StartupStore } from '../lib/register-api-worker';
import { createQueryClient } from '../lib/query-client';
import { useLiveUpdates } from '../lib/live-updates';

export function AppProvider({ startup, children }: { startup: StartupStore; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useLiveUpdates(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider>
        <ApiWorkerProvider startup={startup}>{children}</ApiWorkerProvider>
      </ConnectionProvider>
    </QueryClientProvider>
  );
}
