/**
 * The editor's tabs as React state, backed by IndexedDB. Typing changes the state at
 * once and the record a moment later (one write per pause, not per key); until then
 * the local edit wins over what another browser tab writes, and after it the newer
 * record does. Which tab is selected belongs to this browser tab only (sessionStorage).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { announceChange, consoleDb, onStoreChange } from './console-db';
import { deleteTab, ensureTab, listTabs, newTab, putTab, type QueryTab } from './query-tab-store';

const SAVE_DELAY_MS = 300;
const SELECTED_KEY = 'tabula.sparql-editor.selected-tab';

export interface QueryTabs {
  /** `undefined` until first read. */
  tabs: QueryTab[] | undefined;
  active: QueryTab | undefined;
  error: unknown;
  select(id: string): void;
  add(fields?: Partial<Pick<QueryTab, 'text' | 'parameters'>>): void;
  close(id: string): void;
  update(id: string, patch: Partial<Pick<QueryTab, 'text' | 'parameters'>>): void;
}

export function useQueryTabs(): QueryTabs {
  const [tabs, setTabs] = useState<QueryTab[] | undefined>();
  const [selected, setSelected] = useState<string | null>(() => readSelected());
  const [error, setError] = useState<unknown>();
  const tabsRef = useRef<QueryTab[]>([]);
  /** Local edits not yet written, by tab id. */
  const unsaved = useRef(new Map<string, QueryTab>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const show = useCallback((next: QueryTab[]) => {
    tabsRef.current = next;
    setTabs(next);
  }, []);

  const reload = useCallback(async () => {
    const stored = await listTabs(await consoleDb());
    show(stored.map((t) => unsaved.current.get(t.id) ?? t));
  }, [show]);

  const save = useCallback(async (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    const tab = unsaved.current.get(id);
    if (!tab) return;
    await putTab(await consoleDb(), tab);
    // Another edit may have arrived while this one was being written.
    if (unsaved.current.get(id) === tab) unsaved.current.delete(id);
    announceChange('tabs');
  }, []);

  const saveAll = useCallback(() => {
    for (const id of [...unsaved.current.keys()]) void save(id).catch(setError);
  }, [save]);

  useEffect(() => {
    let live = true;
    consoleDb()
      .then((db) => ensureTab(db, () => newTab([])))
      .then(() => (live ? reload() : undefined))
      .catch((err: unknown) => live && setError(err));
    const stop = onStoreChange('tabs', () => void reload().catch(setError));
    // Leaving the page must not lose the last keystrokes.
    window.addEventListener('pagehide', saveAll);
    return () => {
      live = false;
      stop();
      window.removeEventListener('pagehide', saveAll);
      saveAll();
    };
  }, [reload, saveAll]);

  const select = useCallback((id: string) => {
    setSelected(id);
    writeSelected(id);
  }, []);

  const update = useCallback<QueryTabs['update']>(
    (id, patch) => {
      const current = tabsRef.current.find((t) => t.id === id);
      if (!current) return;
      const next = { ...current, ...patch, updatedAt: Date.now() };
      unsaved.current.set(id, next);
      show(tabsRef.current.map((t) => (t.id === id ? next : t)));
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => void save(id).catch(setError), SAVE_DELAY_MS),
      );
    },
    [save, show],
  );

  const add = useCallback<QueryTabs['add']>(
    (fields = {}) => {
      const tab = newTab(tabsRef.current, fields);
      show([...tabsRef.current, tab]);
      select(tab.id);
      consoleDb()
        .then((db) => putTab(db, tab))
        .then(() => announceChange('tabs'))
        .catch(setError);
    },
    [select, show],
  );

  const close = useCallback<QueryTabs['close']>(
    (id) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      unsaved.current.delete(id);
      const before = tabsRef.current;
      const index = before.findIndex((t) => t.id === id);
      const rest = before.filter((t) => t.id !== id);
      if (rest.length > 0) {
        show(rest);
        if (id === (selected ?? before[0]?.id)) select(rest[Math.min(index, rest.length - 1)].id);
      }
      consoleDb()
        .then(async (db) => {
          await deleteTab(db, id);
          // The bar is never empty: closing the last tab opens a fresh one.
          if (rest.length === 0) await ensureTab(db, () => newTab([]));
          announceChange('tabs');
        })
        .catch(setError);
    },
    [select, selected, show],
  );

  const active = tabs?.find((t) => t.id === selected) ?? tabs?.[0];
  return { tabs, active, error, select, add, close, update };
}

function readSelected(): string | null {
  try {
    return sessionStorage.getItem(SELECTED_KEY);
  } catch {
    return null;
  }
}

function writeSelected(id: string): void {
  try {
    sessionStorage.setItem(SELECTED_KEY, id);
  } catch {
    // Storage disabled: the selection lasts as long as the page.
  }
}
