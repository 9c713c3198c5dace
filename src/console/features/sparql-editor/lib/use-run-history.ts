/** The run history as React state, re-read whenever this or another browser tab records a run. */
import { useCallback, useEffect, useState } from 'react';
import { announceChange, consoleDb, onStoreChange } from './console-db';
import { addHistoryEntry, clearHistory, listHistory, type HistoryEntry } from './run-history-store';

export interface RunHistory {
  /** Newest first; `undefined` until first read. */
  entries: HistoryEntry[] | undefined;
  error: unknown;
  record(entry: HistoryEntry): Promise<void>;
  clear(): Promise<void>;
}

export function useRunHistory(): RunHistory {
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>();
  const [error, setError] = useState<unknown>();

  const reload = useCallback(async () => {
    setEntries(await listHistory(await consoleDb()));
  }, []);

  useEffect(() => {
    reload().catch(setError);
    return onStoreChange('history', () => void reload().catch(setError));
  }, [reload]);

  // Both re-read through the announcement, which reaches this page's readers too.
  const record = useCallback(async (entry: HistoryEntry) => {
    await addHistoryEntry(await consoleDb(), entry);
    announceChange('history');
  }, []);

  const clear = useCallback(async () => {
    await clearHistory(await consoleDb());
    announceChange('history');
  }, []);

  return { entries, error, record, clear };
}
