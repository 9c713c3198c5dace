import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiWorkerProvider } from '../lib/api-worker-status';
import { ConnectionProvider } from '../lib/connection';
import { createQueryClient } from '../lib/query-client';
import { useLiveUpdates } from '../lib/live-updates';

export function AppProvider({ worker, children }: { worker: Promise<void>; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useLiveUpdates(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionProvider>
        <ApiWorkerProvider worker={worker}>{children}</ApiWorkerProvider>
      </ConnectionProvider>
    </QueryClientProvider>
  );
}
