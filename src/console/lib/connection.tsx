/**
 * The active connection — target, user, and the client built from them — shared
 * by every part of the console. Changing it persists the settings and drops all
 * cached server state, since it may belong to another database or another user.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createClient, type TabulaClient } from '../../client/create-client';
import { clientOptions, connectionKey, loadSettings, saveSettings, type ConnectionSettings } from './connection-settings';

export interface Connection {
  settings: ConnectionSettings;
  client: TabulaClient;
  /** Part of every query key, so no answer is ever shown under another connection. */
  key: string;
  update(settings: ConnectionSettings): void;
}

const ConnectionContext = createContext<Connection | null>(null);

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(() => loadSettings(storage()));
  const update = useCallback(
    (next: ConnectionSettings) => {
      saveSettings(storage(), next);
      queryClient.clear();
      setSettings(next);
    },
    [queryClient],
  );
  const value = useMemo<Connection>(
    () => ({ settings, client: createClient(clientOptions(settings)), key: connectionKey(settings), update }),
    [settings, update],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}

export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error('useConnection must be used inside <ConnectionProvider>');
  return connection;
}
