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
import type { StoredRole, StoredUser } from '../security/types';
import type { StoredLogEntry } from '../triples/change-set';
import type { GraphRecord } from '../triples/graph-permissions';
import type { SnapshotPiece } from '../triples/snapshot-piece';
import type { QueryOptions } from '../options/types';

/** A named query option set as stored (its JSON form; XML is converted on the way in and out). */
export interface StoredQueryOptions {
  name: string;
  options: QueryOptions;
}

/** One committed document write, for the search index to catch up with after a restart. */
export interface SearchChange {
  /** The URIs written or deleted by that transaction. */
  uris: string[];
}

export const SCHEMA_VERSION = 4;

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
  /** Roles created through `/manage/v2/roles`, keyed by name (built-in roles live in code). */
  roles: {
    key: string;
    value: StoredRole;
  };
  /** Small named settings: instance properties, counters. */
  config: {
    key: string;
    value: unknown;
  };
  /** The triple store's last snapshot: N-Quads in pieces of ~4 MB cut at line ends, as Blobs (src/db/triples/snapshot-piece.ts), keyed 0, 1, 2… */
  'triples-snapshot': {
    key: number;
    value: SnapshotPiece;
  };
  /** Changes committed since the snapshot, in commit order (auto-increment keys). */
  'triples-log': {
    key: number;
    value: StoredLogEntry;
  };
  /** The graph registry: one record per named graph, keyed by its IRI as the client wrote it. */
  graphs: {
    key: string;
    value: GraphRecord;
  };
  /** Named query option sets (`/v1/config/query`), keyed by name. */
  'query-options': {
    key: string;
    value: StoredQueryOptions;
  };
  /**
   * Document changes in commit order (auto-increment keys), written in the same
   * transaction as the documents: the search index's snapshot records the last key it
   * reflects (its watermark), and a start re-indexes what came after.
   */
  'search-changes': {
    key: number;
    value: SearchChange;
  };
  /** The search index's last snapshot, in pieces keyed 0, 1, 2…; its watermark is in `config`. */
  'search-snapshot': {
    key: number;
    value: unknown;
  };
}

export type TabulaIdb = IDBPDatabase<TabulaSchema>;

export function openStorage(factory: IDBFactory, name: string): Promise<TabulaIdb> {
  return withFactory(factory, () => open(name));
}

/**
 * Runs `open` with `factory` as the global indexedDB, which idb reads: hosts without one
 * (Node) pass fake-indexeddb's factory, installed for the duration of the call.
 */
export function withFactory<T>(factory: IDBFactory, open: () => T): T {
  const g = globalThis as { indexedDB?: IDBFactory };
  // In a browser (the service worker) the global already is the factory, and it is
  // read-only: assigning it throws.
  if (g.indexedDB === factory) return open();
  const previous = g.indexedDB;
  g.indexedDB = factory;
  try {
    return open();
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
      if (oldVersion < 2) {
        db.createObjectStore('triples-snapshot');
        db.createObjectStore('triples-log', { autoIncrement: true });
        db.createObjectStore('graphs', { keyPath: 'iri' });
      }
      if (oldVersion < 3) {
        db.createObjectStore('query-options', { keyPath: 'name' });
        db.createObjectStore('search-changes', { autoIncrement: true });
        db.createObjectStore('search-snapshot');
      }
      if (oldVersion < 4) {
        db.createObjectStore('roles', { keyPath: 'name' });
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
