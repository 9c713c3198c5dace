/**
 * Exporting a whole database as a scene archive (docs/scenes.md): every entry produced on
 * demand, in the write queue, so the archive is one consistent state — writes sent while
 * it is read wait for it — and no more than a batch of documents is in memory at once.
 * The zip is written by our own synchronous, store-only writer (zip-writer.ts; why, in
 * docs/decisions/0025-scenes-and-tabula-paths.md): each pull of the stream writes entries
 * until a chunk is full, awaiting only to read the next batch of documents or N-Quads piece.
 */
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { TripleStore } from '../triples/triple-store';
import type { StoredDocument } from '../documents/types';
import type { StoredRole, StoredUser } from '../security/types';
import { defaultIndexSettings } from '../indexes/config';
import { watched } from '../storage/requests';
import { utf8 } from '../util/bytes';
import { readAhead } from '../util/read-ahead';
import {
  DATABASE, DOCUMENTS_DIR, GRAPHS, MANIFEST, METADATA_DIR, OPTIONS_DIR, PROPERTIES, QUADS, ROLES, SCENE_FORMAT, SCENE_VERSION, USERS,
  sceneEntryPath, uniquePath, type SceneManifest, type SceneMetadata,
} from './layout';
import { ZIP_CHUNK_BYTES, ZipWriter } from './zip-writer';

/** Documents read per IndexedDB transaction while exporting. */
const BATCH = 1_000;
/** Batches read ahead of the one being zipped. */
const BATCHES_AHEAD = 3;

export interface ExportSources {
  idb: TabulaIdb;
  queue: WriteQueue;
  triples: TripleStore;
  /** `tabula <version>`, for the manifest. */
  generator: string;
  /** The server's users and roles when `idb` does not keep them (a database other than its server's home one). */
  security?: () => Promise<{ users: StoredUser[]; roles: StoredRole[] }>;
}

const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export function metadataEntry(doc: StoredDocument): SceneMetadata {
  const m = doc.metadata;
  return {
    uri: doc.uri,
    format: doc.format,
    mimeType: doc.mimeType,
    collections: m.collections,
    permissions: m.permissions,
    properties: m.properties,
    quality: m.quality,
    metadataValues: m.metadataValues,
  };
}

/** How long an export holds the write queue with nobody reading the archive before it gives up. */
export const EXPORT_STALL_MS = 60_000;

/**
 * Entries written one per `next()`, synchronously: the stream stops between two when its
 * chunk is full, and goes on from there at the next pull.
 */
type Run = Iterator<unknown>;
/** A run that writes nothing: yielded after an entry's piece written by the producer itself. */
const NOTHING: Run = [].values();

/**
 * The scene as a zip stream. The write queue is held from the first pull until the last
 * entry is produced, the reader cancels, or nobody has read for {@link EXPORT_STALL_MS}
 * (then the stream fails): one state, never half of two, and never a queue held forever
 * by a reader that went away without saying so.
 */
export function exportScene(sources: ExportSources, stallMs = EXPORT_STALL_MS): ReadableStream<Uint8Array> {
  let release: (() => void) | undefined;
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const letGo = () => {
    clearTimeout(timer);
    release?.();
  };
  const zip = new ZipWriter();
  async function* held(): AsyncGenerator<Run> {
    const held = new Promise<void>((resolve) => (release = resolve));
    await new Promise<void>((entered) => {
      // The queued task only waits; the export's own errors are the stream's.
      void sources.queue.run(async () => {
        entered();
        await held;
      });
    });
    try {
      yield* sceneRuns(sources, zip);
    } finally {
      letGo();
    }
  }
  const runs = held();
  let run: Run = NOTHING;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      clearTimeout(timer);
      try {
        if (stalled) throw new Error(`the export was abandoned: nobody read it for ${stallMs / 1000} s`);
        let finished = false;
        while (zip.pending < ZIP_CHUNK_BYTES) {
          if (!run.next().done) continue;
          const next = await runs.next();
          if (next.done) {
            zip.finish();
            finished = true;
            break;
          }
          run = next.value;
        }
        for (const chunk of zip.take()) controller.enqueue(chunk);
        if (finished) return controller.close();
        timer = setTimeout(() => {
          stalled = true;
          letGo();
        }, stallMs);
      } catch (e) {
        letGo();
        controller.error(e);
        await runs.return(undefined).catch(() => undefined);
      }
    },
    async cancel() {
      letGo();
      await runs.return(undefined);
    },
  });
}

/**
 * Writes the scene's entries into `zip`, in the layout's order (docs/scenes.md). What is
 * known up front (manifest, configuration, security) and each N-Quads piece are written here,
 * between awaits; each batch of documents is yielded as a run, written as the stream pulls.
 */
async function* sceneRuns({ idb, triples, generator, security }: ExportSources, zip: ZipWriter): AsyncGenerator<Run> {
  const read = watched(idb.transaction(['documents', 'graphs', 'query-options', 'config', 'roles', 'users'], 'readonly'));
  const [documents, graphs, options, indexes, properties, ownRoles, ownUsers] = await Promise.all([
    read.objectStore('documents').count(),
    read.objectStore('graphs').getAll(),
    read.objectStore('query-options').getAll(),
    read.objectStore('config').get('indexes'),
    read.objectStore('config').get('properties'),
    read.objectStore('roles').getAll(),
    read.objectStore('users').getAll(),
    read.done,
  ]);
  const { roles, users } = security ? await security() : { roles: ownRoles, users: ownUsers };
  const manifest: SceneManifest = {
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    created: new Date().toISOString(),
    generator,
    counts: { documents, graphs: graphs.length, queryOptions: options.length, users: users.length, roles: roles.length },
  };
  zip.text(MANIFEST, jsonText(manifest));
  zip.text(DATABASE, jsonText({ ...defaultIndexSettings, ...(indexes as object | undefined) }));
  zip.text(PROPERTIES, jsonText(properties ?? {}));
  for (const { name, options: body } of options) zip.text(`${OPTIONS_DIR}${encodeURIComponent(name)}.json`, jsonText({ options: body }));
  zip.text(ROLES, jsonText(roles));
  zip.text(USERS, jsonText(users));
  zip.text(GRAPHS, jsonText(graphs));
  zip.beginStream(QUADS);
  for await (const piece of triples.storedNQuads()) {
    zip.streamChunk(typeof piece === 'string' ? utf8(piece) : piece);
    yield NOTHING;
  }
  zip.endStream();
  const used = new Set<string>();
  // Batches read ahead while this one is zipped: measured, the worker otherwise waits on
  // IndexedDB for a third of an export. Their bounds come from the keys, read first, so
  // several can be under way at once. (The write queue is held: the batches are one state.)
  const keysTx = watched(idb.transaction('documents', 'readonly'));
  const [uris] = await Promise.all([keysTx.store.getAllKeys(), keysTx.done]);
  const readBatch = (first: number) => async (): Promise<StoredDocument[]> => {
    const tx = watched(idb.transaction('documents', 'readonly'));
    const range = IDBKeyRange.bound(uris[first], uris[Math.min(first + BATCH, uris.length) - 1]);
    const [batch] = await Promise.all([tx.store.getAll(range), tx.done]);
    return batch;
  };
  const batches = function* () {
    for (let first = 0; first < uris.length; first += BATCH) yield readBatch(first);
  };
  for await (const batch of readAhead(batches(), BATCHES_AHEAD)) yield documentRun(zip, batch, used);
}

/** A batch of documents, one document (its content and metadata entries) per step. */
function* documentRun(zip: ZipWriter, batch: readonly StoredDocument[], used: Set<string>): Generator<void> {
  for (const doc of batch) {
    const path = uniquePath(sceneEntryPath(doc.uri), used);
    if (typeof doc.content === 'string') zip.text(`${DOCUMENTS_DIR}${path}`, doc.content);
    else zip.file(`${DOCUMENTS_DIR}${path}`, doc.content);
    zip.text(`${METADATA_DIR}${path}.json`, jsonText(metadataEntry(doc)));
    yield;
  }
}
