/**
 * Building an engine's store from what IndexedDB holds: the snapshot pieces, the log
 * replayed on top, the graph registry. The triple store loads its own engine this way,
 * and so does a read replica in the engine host (replica.ts), from the same storage.
 */
import type * as Oxigraph from 'oxigraph';
import { watched } from '../storage/requests';
import type { TabulaIdb } from '../storage/schema';
import { yieldToEventLoop } from '../util/event-loop';
import { readAhead } from '../util/read-ahead';
import { entrySize, readRecord, replayEntry, setGraphExists } from './change-set';
import { keyOfRecord, type Engine } from './graph-access';
import { DEFAULT_KEY } from './graph-names';
import type { GraphRecord } from './graph-permissions';
import { loadKeepingLabels } from './nquads';
import { QuadOwners, type OwnersSnapshot } from './embedded/quad-owners';
import { EmbeddedReaders, type ReadersSnapshot } from './embedded/readers';
import { pieceLabelled, pieceNQuads, pieceSize } from './snapshot-piece';

type OxigraphModule = typeof Oxigraph;

/** Where a compaction keeps the owner table beside the snapshot (`config` store). */
export const OWNERS_KEY = 'triples-owners';
/** The `config` key of the table of who may read the documents holding triples, written with each snapshot. */
export const READERS_KEY = 'triples-readers';
/**
 * The `config` key set when documents were written without their triples being indexed (a
 * scene import writes its documents straight to IndexedDB): the URIs of those that may hold
 * triples. The next load indexes them (TripleStore.rebuildEmbedded) and its compaction deletes it.
 */
export const EMBEDDED_STALE_KEY = 'triples-embedded-stale';

/** What {@link EMBEDDED_STALE_KEY} holds. */
export interface EmbeddedStale {
  uris: string[];
}

/** A loaded engine with what the loader saw of the log and the snapshot. */
export interface StoredTriples extends Engine {
  /** Who holds each embedded quad (docs/decisions/0032-embedded-triples.md). */
  owners: QuadOwners;
  /** Who may read the documents holding triples (./embedded/readers.ts). */
  readers: EmbeddedReaders;
  /** Documents whose triples are still to be indexed ({@link EMBEDDED_STALE_KEY}). */
  stale?: EmbeddedStale;
  logEntries: number;
  logChars: number;
  /** Characters in the snapshot. */
  snapshotChars: number;
}

/**
 * Snapshot pieces whose bytes are being read while the engine loads the one before them:
 * the browser reads a Blob at a few tens of MB/s on a busy machine, and the engine takes a
 * 4 MB piece in ~0.1 s.
 */
const PIECES_AHEAD = 16;

/**
 * Loads the stored triples into a new store of `ox`, in one readonly transaction (one
 * consistent state). Every snapshot piece is asked for at once, and loaded as it comes: a
 * Blob piece comes out as a handle, its bytes read while the engine loads the pieces
 * before it (docs/decisions/0027-triple-cold-start.md). One `getAll` of the pieces would
 * wait until IndexedDB has made a handle of every Blob (measured: 1.2 s at 1M triples).
 *
 * `engine` may still be starting: the reads are asked for first, so IndexedDB reads while
 * the wasm is instantiated (after a worker stop, ~70 ms of the worker's thread:
 * docs/decisions/0031-classic-service-worker.md). If it fails, nothing was loaded.
 */
export async function loadStoredTriples(idb: TabulaIdb, engine: OxigraphModule | Promise<OxigraphModule>): Promise<StoredTriples> {
  const tx = watched(idb.transaction(['triples-snapshot', 'triples-log', 'graphs', 'config'], 'readonly'));
  const snapshot = tx.objectStore('triples-snapshot');
  const keys = await snapshot.getAllKeys();
  const gets = keys.map((key) => snapshot.get(key));
  for (const get of gets) get.catch(() => undefined); // observed here; awaited in turn below
  const rest = Promise.all([tx.objectStore('triples-log').getAll(), tx.objectStore('graphs').getAll(), tx.objectStore('config').get(OWNERS_KEY), tx.objectStore('config').get(READERS_KEY), tx.objectStore('config').get(EMBEDDED_STALE_KEY), tx.done]);
  rest.catch(() => undefined);
  const ox = await engine;
  const store = new ox.Store();
  let snapshotChars = 0;
  // Each request is let go once handed out, so its piece can be collected once loaded: a large live heap slows V8 down.
  const reads = gets.map((_, i) => async () => {
    const get = gets[i];
    gets[i] = Promise.resolve(undefined);
    const piece = await get;
    if (piece === undefined) return undefined;
    snapshotChars += pieceSize(piece);
    return { text: await pieceNQuads(piece), labelled: pieceLabelled(piece) };
  });
  for await (const piece of readAhead(reads, PIECES_AHEAD)) {
    if (!piece) continue;
    // The engine wrote this text itself (a dump): its checks would find nothing.
    loadKeepingLabels(ox, store, piece.text, { lenient: true, labelled: piece.labelled });
    await yieldToEventLoop();
  }
  const [log, graphs, ownersSnapshot, readersSnapshot, stale] = await rest;
  const owners = ownersSnapshot ? QuadOwners.restore(ownersSnapshot as OwnersSnapshot) : new QuadOwners();
  const readers = readersSnapshot ? EmbeddedReaders.restore(readersSnapshot as ReadersSnapshot) : new EmbeddedReaders();
  let logChars = 0;
  for (let i = 0; i < log.length; i++) {
    const entry = await readRecord(log[i]);
    replayEntry(ox, store, entry, owners, readers);
    logChars += entrySize(entry);
    if (i % 100 === 99) await yieldToEventLoop();
  }
  const registry = new Map(graphs.map((r) => [r.iri, r]));
  syncGraphSet(store, registry);
  return { ox, store, registry, owners, readers, ...(stale ? { stale: stale as EmbeddedStale } : {}), logEntries: log.length, logChars, snapshotChars };
}

/**
 * After a load, Oxigraph's set of named graphs is made to match the registry: empty
 * graphs are not in a snapshot (N-Quads cannot say "this graph exists, empty"). A graph
 * the registry does not name but that holds quads is a collection's (documents' triples),
 * and {@link setGraphExists} leaves it.
 */
function syncGraphSet(store: Oxigraph.Store, registry: Map<string, GraphRecord>): void {
  const registered = new Set<string>();
  for (const record of registry.values()) {
    const key = keyOfRecord(record);
    if (key === DEFAULT_KEY) continue;
    registered.add(key);
    setGraphExists(store, key, true);
  }
  const present = store.query('SELECT ?g WHERE { GRAPH ?g { } }') as Array<Map<string, Oxigraph.Term>>;
  for (const row of present) {
    const g = row.get('g')!;
    if (g.termType === 'NamedNode' && !registered.has(g.value)) setGraphExists(store, g.value, false);
  }
}
