/**
 * Whether this browser's database can take requests yet. The worker is started
 * once, at boot (main.tsx); every part of the console that calls the local API
 * waits on this status rather than on a promise of its own.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useConnection } from './connection';

export type ApiWorkerStatus = { state: 'starting' } | { state: 'ready' } | { state: 'failed'; error: unknown };

const ApiWorkerContext = createContext<ApiWorkerStatus>({ state: 'starting' });

export function ApiWorkerProvider({ worker, children }: { worker: Promise<void>; children: ReactNode }) {
  const [status, setStatus] = useState<ApiWorkerStatus>({ state: 'starting' });
  useEffect(() => {
    let live = true;
    worker.then(
      () => live && setStatus({ state: 'ready' }),
      (error: unknown) => live && setStatus({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [worker]);
  return <ApiWorkerContext.Provider value={status}>{children}</ApiWorkerContext.Provider>;
}

export function useApiWorkerStatus(): ApiWorkerStatus {
  return useContext(ApiWorkerContext);
}

/** True when requests may be sent: the target is remote, or the local worker controls the page. */
export function useApiReady(): boolean {
  const { settings } = useConnection();
  const status = useApiWorkerStatus();
  return settings.target === 'remote' || status.state === 'ready';
}
