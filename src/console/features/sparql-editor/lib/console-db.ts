/**
 * The console's own IndexedDB database, `tabula-console`: what the person keeps in
 * this browser (query tabs, run history). Separate from the database the service
 * worker serves, so it survives a reset of that one and works against a remote server.
 *
 * Several browser tabs share it. Records are written one at a time (never a whole list
 * read, changed and written back), so two tabs cannot overwrite each other's changes;
 * each write is announced on a BroadcastChannel so the other tabs re-read.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { HistoryEntry } from './run-history-store';
import type { QueryTab } from './query-tab-store';

export const CONSOLE_DB_NAME = 'tabula-console';
const VERSION = 1;

export interface ConsoleDbSchema extends DBSchema {
  'sparql-tabs': { key: string; value: QueryTab };
  /** Keys increase with every run, so key order is run order. */
  'sparql-history': { key: number; value: HistoryEntry };
}

export type ConsoleDb = IDBPDatabase<ConsoleDbSchema>;

export function openConsoleDb(name = CONSOLE_DB_NAME): Promise<ConsoleDb> {
  const opening: Promise<ConsoleDb> = openDB<ConsoleDbSchema>(name, VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('sparql-tabs')) db.createObjectStore('sparql-tabs', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('sparql-history')) db.createObjectStore('sparql-history', { keyPath: 'id', autoIncrement: true });
    },
    // A newer console in another tab wants to upgrade: step aside rather than block it.
    blocking() {
      void opening.then((db) => db.close());
    },
  });
  return opening;
}

let shared: Promise<ConsoleDb> | undefined;

/** The page's one connection, opened on first use. */
export function consoleDb(): Promise<ConsoleDb> {
  shared ??= openConsoleDb().catch((err: unknown) => {
    shared = undefined;
    throw err;
  });
  return shared;
}

export type ConsoleStore = 'tabs' | 'history';

const CHANNEL = 'tabula-console:sparql-editor';

type Listener = (store: ConsoleStore) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | undefined;

/** The page's one channel: it hears the other pages, never its own posts. */
function pageChannel(): BroadcastChannel | undefined {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<{ store?: unknown }>) => {
      const store = e.data?.store;
      if (store === 'tabs' || store === 'history') notify(store);
    };
  }
  return channel;
}

function notify(store: ConsoleStore): void {
  for (const listener of [...listeners]) listener(store);
}

/**
 * Says that `store` changed, to this page and every other page of the origin. Readers
 * re-read on it, this page's included: a run that ends after its page component has
 * gone (the person opened an IRI) still shows up when the editor is opened again.
 */
export function announceChange(store: ConsoleStore): void {
  pageChannel()?.postMessage({ store });
  notify(store);
}

/** Calls `onChange` whenever `store` changes here or in another page; returns the unsubscribe. */
export function onStoreChange(store: ConsoleStore, onChange: () => void): () => void {
  pageChannel();
  const listener: Listener = (changed) => {
    if (changed === store) onChange();
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}
