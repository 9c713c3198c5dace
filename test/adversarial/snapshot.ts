/**
 * A snapshot of everything a database holds durably, to check that a refused request
 * changed nothing. Derived state (the search index's snapshot and change list) is left
 * out: it is rebuilt from the documents, and it changes in the background. The triple
 * store's snapshot and log change their shape when it compacts (also in the
 * background), so they are compared by what they hold — the quads they replay to —
 * whenever their raw records differ.
 */
import type * as Oxigraph from 'oxigraph';
import type { TabulaIdb } from '../../src/db/storage/schema';
import { readRecord, replayEntry, type LogEntry } from '../../src/db/triples/change-set';
import { loadKeepingLabels } from '../../src/db/triples/nquads';
import { pieceNQuads, type SnapshotPiece } from '../../src/db/triples/snapshot-piece';

/** Stores holding primary data, compared record by record. */
const PRIMARY = ['documents', 'users', 'roles', 'config', 'graphs', 'query-options'] as const;
/** The config keys that belong to derived state. */
const DERIVED_CONFIG_KEYS = new Set(['search-snapshot']);

export interface DbSnapshot {
  /** Store name → its records, serialised in key order. */
  primary: Record<string, string>;
  /** The triple store's raw snapshot pieces and log, serialised. */
  triplesRaw: string;
  /** The snapshot pieces' N-Quads (a Blob or deflated piece read back as its text). */
  chunks: string[];
  log: LogEntry[];
}

/** A piece's N-Quads as text: a Blob's contents are not in its serialised form. */
const pieceText = async (piece: SnapshotPiece): Promise<string> => {
  const text = await pieceNQuads(piece);
  return typeof text === 'string' ? text : new TextDecoder().decode(text);
};

const serialise = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? `bytes:${Array.from(v).join(',')}` : v));

/**
 * Reads the durable state; with `previous` and `stores`, only those stores are read
 * again and the rest is taken from `previous` (they have not been written since).
 */
export async function snapshotDb(idb: TabulaIdb, previous?: DbSnapshot, stores?: ReadonlySet<string>): Promise<DbSnapshot> {
  const wanted = (name: string) => !previous || !stores || stores.has(name);
  const primaryNames = PRIMARY.filter(wanted);
  const triples = wanted('triples-snapshot') || wanted('triples-log');
  const names = [...primaryNames, ...(triples ? (['triples-snapshot', 'triples-log'] as const) : [])];
  const primary: Record<string, string> = { ...previous?.primary };
  if (names.length === 0) return { ...previous!, primary };
  const tx = idb.transaction(names, 'readonly');
  const reads = primaryNames.map(async (name) => {
    const store = tx.objectStore(name);
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    const pairs = keys.map((k, i) => [k, values[i]] as const).filter(([k]) => !(name === 'config' && DERIVED_CONFIG_KEYS.has(String(k))));
    primary[name] = serialise(pairs);
  });
  const [, pieces, records] = await Promise.all([
    Promise.all(reads),
    triples ? tx.objectStore('triples-snapshot').getAll() : Promise.resolve(undefined),
    triples ? tx.objectStore('triples-log').getAll() : Promise.resolve(undefined),
    tx.done,
  ]);
  const chunks = pieces ? await Promise.all(pieces.map(pieceText)) : previous!.chunks;
  // A Blob's bytes are not in its serialised form: the log's are read back.
  const log = records ? await Promise.all(records.map(readRecord)) : previous!.log;
  return { primary, triplesRaw: triples ? serialise([chunks, log]) : previous!.triplesRaw, chunks, log };
}

/** The quads a snapshot's triple records replay to, one N-Quads line each, sorted. */
export function replayedQuads(ox: typeof Oxigraph, snapshot: DbSnapshot): string[] {
  const store = new ox.Store();
  for (const chunk of snapshot.chunks) loadKeepingLabels(ox, store, chunk);
  for (const entry of snapshot.log) replayEntry(ox, store, entry);
  return store
    .dump({ format: 'application/n-quads' })
    .split('\n')
    .filter((line) => line !== '')
    .sort();
}

/** Where two snapshots differ (store names, or `triples`); empty when they hold the same. */
export function differences(ox: typeof Oxigraph, a: DbSnapshot, b: DbSnapshot): string[] {
  const out = Object.keys(a.primary).filter((name) => a.primary[name] !== b.primary[name]);
  if (a.triplesRaw !== b.triplesRaw && replayedQuads(ox, a).join('\n') !== replayedQuads(ox, b).join('\n')) out.push('triples');
  return out;
}

/**
 * Records the stores that committed read-write transactions of every IndexedDB database
 * of this realm touched (the caller empties the set when it has looked). A store no
 * transaction wrote cannot have changed, so only the written ones are read again.
 */
export function trackCommittedWrites(): { stores: Set<string> } {
  const written = { stores: new Set<string>() };
  const proto = globalThis.IDBDatabase.prototype;
  const original = proto.transaction;
  proto.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = original.apply(this, args);
    if (tx.mode !== 'readonly') tx.addEventListener('complete', () => { for (const name of Array.from(tx.objectStoreNames)) written.stores.add(name); });
    return tx;
  } as IDBDatabase['transaction'];
  return written;
}
