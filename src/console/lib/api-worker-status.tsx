/**
 * Whether this browser's database can take requests yet, and how its start goes. The worker is
 * started once, at boot (main.tsx, startApiWorker); every part of the console that calls the
 * local API waits on this status rather than on a promise of its own.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useConnection } from './connection';
import type { StartupStore } from './register-api-worker';
import { initialStartup, type StartupState } from './startup-progress';

export type ApiWorkerStatus = { state: 'starting' } | { state: 'ready' } | { state: 'failed'; error: unknown };

const idle: StartupStore = { get: () => initialStartup, subscribe: () => () => {} };
const StartupContext = createContext<StartupStore>(idle);

export function ApiWorkerProvider({ startup, children }: { startup: StartupStore; children: ReactNode }) {
  return <StartupContext.Provider value={startup}>{children}</StartupContext.Provider>;
}

/** The start step by step (the worker gate's progress). */
export function useStartupProgress(): StartupState {
  const store = useContext(StartupContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useApiWorkerStatus(): ApiWorkerStatus {
  const progress = useStartupProgress();
  if (progress.stage === 'ready') return { state: 'ready' };
  if (progress.stage === 'failed') return { state: 'failed', error: progress.error };
  return { state: 'starting' };
}

/** True when requests may be sent: the target is remote, or the local worker controls the page. */
export function useApiReady(): boolean {
  const { settings } = useConnection();
  const status = useApiWorkerStatus();
  return settings.target === 'remote' || status.state === 'ready';
}
