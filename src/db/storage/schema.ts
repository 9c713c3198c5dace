/**
 * The IndexedDB schema, in one place. Every durable thing lives here; in-memory
 * structures are caches rebuilt from these stores.
 *
 * Must:
 * - never `await` non-IndexedDB work inside a transaction (it auto-commits when idle);
 * - acknowledge a write only after `tx.done` resolves;
 * - bump {@link SCHEMA_VERSION} and extend `upgrade` (never rewrite old steps) on a schema change.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StoredDocument } from '../documents/types';
import type { StoredUser } from '../security/types';

export const SCHEMA_VERSION = 1;

export interface TabulaSchema extends DBSchema {
  documents: {
    key: string;
    value: StoredDocument;
    indexes: { collections: string; readers: string };
  };
  users: {
    key: string;
    value: StoredUser;
  };
  /** Small named settings: instance properties, counters. */
  config: {
    key: string;
    value: unknown;
  };
}

export type TabulaIdb = IDBPDatabase<TabulaSchema>;

export function openStorage(factory: IDBFactory, name: string): Promise<TabulaIdb> {
  // idb reads the global indexedDB; hosts without one (Node) pass fake-indexeddb's
  // factory, so install it for the duration of the open call.
  const g = globalThis as { indexedDB?: IDBFactory };
  // In a browser (the service worker) the global already is the factory, and it is
  // read-only: assigning it throws.
  if (g.indexedDB === factory) return open(name);
  const previous = g.indexedDB;
  g.indexedDB = factory;
  try {
    return open(name);
  } finally {
    if (previous !== undefined) g.indexedDB = previous;
  }
}

function open(name: string): Promise<TabulaIdb> {
  return openDB<TabulaSchema>(name, SCHEMA_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const docs = db.createObjectStore('documents', { keyPath: 'uri' });
        docs.createIndex('collections', 'metadata.collections', { multiEntry: true });
        docs.createIndex('readers', 'readers', { multiEntry: true });
        db.createObjectStore('users', { keyPath: 'name' });
        db.createObjectStore('config');
      }
    },
    // A newer worker (after a deploy) upgrading the schema must not wait on this
    // connection: close it; this worker is about to be replaced anyway.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
    },
    blocked() {
      console.warn(`[tabula] opening ${name} waits for an older connection to close`);
    },
  });
}
