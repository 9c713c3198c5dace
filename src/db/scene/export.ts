/**
 * Exporting a whole database as a scene archive (docs/scenes.md): every entry produced on
 * demand, in the write queue, so the archive is one consistent state — writes sent while
 * it is read wait for it — and no more than a batch of documents is in memory at once.
 * The zip itself is client-zip's (docs/decisions/0025-scenes-and-tabula-paths.md): a
 * streaming, store-only writer made for service workers, ZIP64 when needed.
 */
import { makeZip } from 'client-zip';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { TripleStore } from '../triples/triple-store';
import { contentBytes } from '../documents/content';
import type { StoredDocument } from '../documents/types';
import { defaultIndexSettings } from '../indexes/config';
import { watched } from '../storage/requests';
import {
  DATABASE, DOCUMENTS_DIR, GRAPHS, MANIFEST, METADATA_DIR, OPTIONS_DIR, PROPERTIES, QUADS, ROLES, SCENE_FORMAT, SCENE_VERSION, USERS,
  sceneEntryPath, uniquePath, type SceneManifest, type SceneMetadata,
} from './layout';

/** Bytes of archive handed to the reader at a time. */
const CHUNK_BYTES = 256 * 1024;

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Documents read per IndexedDB transaction while exporting. */
const BATCH = 1_000;
const encoder = new TextEncoder();

interface Entry {
  name: string;
  input: Uint8Array | ReadableStream<Uint8Array>;
  size?: number;
}

export interface ExportSources {
  idb: TabulaIdb;
  queue: WriteQueue;
  triples: TripleStore;
  /** `tabula <version>`, for the manifest. */
  generator: string;
}

const json = (name: string, value: unknown): Entry => {
  const input = encoder.encode(`${JSON.stringify(value, null, 2)}\n`);
  return { name, input, size: input.length };
};

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
 * The scene as a zip stream. The write queue is held from the first pull until the last
 * entry is produced, the reader cancels, or nobody has read for {@link EXPORT_STALL_MS}
 * (then the stream fails): one state, never half of two, and never a queue held forever
 * by a reader that went away without saying so.
 */
export function exportScene(sources: ExportSources, stallMs = EXPORT_STALL_MS): ReadableStream<Uint8Array> {
  let release: (() => void) | undefined;
  let stalled = false;
  /** Entries handed to the writer: its end record needs a ZIP64 record past 65,535. */
  let count = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const letGo = () => {
    clearTimeout(timer);
    release?.();
  };
  async function* entries(): AsyncGenerator<Entry> {
    const held = new Promise<void>((resolve) => (release = resolve));
    await new Promise<void>((entered) => {
      // The queued task only waits; the export's own errors are the stream's.
      void sources.queue.run(async () => {
        entered();
        await held;
      });
    });
    try {
      for await (const entry of sceneEntries(sources)) {
        if (stalled) throw new Error(`the export was abandoned: nobody read it for ${stallMs / 1000} s`);
        count++;
        yield entry;
      }
    } finally {
      letGo();
    }
  }
  const files = entries();
  const reader = withZip64End(makeZip(files, { buffersAreUTF8: true }), () => count).getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      clearTimeout(timer);
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        timer = setTimeout(() => {
          stalled = true;
          letGo();
        }, stallMs);
      } catch (e) {
        letGo();
        controller.error(e);
      }
    },
    async cancel(reason) {
      letGo();
      await reader.cancel(reason);
      await files.return(undefined);
    },
  });
}

/**
 * client-zip's stream, in chunks of about CHUNK_BYTES, with the ZIP64 end record it leaves out.
 *
 * client-zip (2.5) yields several small chunks per entry (header, name, data, descriptor), and
 * each chunk that crosses a stream or leaves the worker costs more than its bytes: they are
 * gathered here into one chunk per CHUNK_BYTES, read in one loop (no TransformStream, whose
 * per-chunk cost showed in the export's time).
 *
 * It writes ZIP64 records only for sizes past 4 GB; past 65,535 entries it saturates the
 * count in the end record and writes no ZIP64 end record, which some readers take at its word
 * (fflate lists 65,535). So the last chunk — the end record — is held back, and preceded by the
 * ZIP64 end record and locator the format asks for.
 */
export function withZip64End(zip: ReadableStream<Uint8Array>, entries: () => number): ReadableStream<Uint8Array> {
  const reader = zip.getReader();
  let held: Uint8Array | undefined;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const batch: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (held) {
            const extra = zip64End(held, entries(), written + size);
            if (extra) batch.push(extra);
            batch.push(held);
            size += (extra?.length ?? 0) + held.length;
          }
          if (size > 0) controller.enqueue(concat(batch, size));
          controller.close();
          return;
        }
        if (held) {
          batch.push(held);
          size += held.length;
        }
        held = value;
        if (size >= CHUNK_BYTES) break;
      }
      controller.enqueue(concat(batch, size));
      written += size;
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The ZIP64 end record and locator to put before `end` (client-zip's end record, at byte `at`), when it needs them. */
function zip64End(end: Uint8Array, entries: number, at: number): Uint8Array | undefined {
  const view = new DataView(end.buffer, end.byteOffset, end.byteLength);
  if (end.length !== 22 || view.getUint32(0, true) !== 0x06054b50 || entries < 0xffff) return undefined;
  const dirSize = view.getUint32(12, true);
  const dirOffset = view.getUint32(16, true);
  if (dirSize === 0xffffffff || dirOffset === 0xffffffff) return undefined;
  const extra = new Uint8Array(56 + 20);
  const v = new DataView(extra.buffer);
  v.setUint32(0, 0x06064b50, true);
  v.setBigUint64(4, 44n, true);
  v.setUint16(12, 45, true);
  v.setUint16(14, 45, true);
  v.setBigUint64(24, BigInt(entries), true);
  v.setBigUint64(32, BigInt(entries), true);
  v.setBigUint64(40, BigInt(dirSize), true);
  v.setBigUint64(48, BigInt(dirOffset), true);
  v.setUint32(56, 0x07064b50, true);
  v.setBigUint64(64, BigInt(at), true);
  v.setUint32(72, 1, true);
  return extra;
}

async function* sceneEntries({ idb, triples, generator }: ExportSources): AsyncGenerator<Entry> {
  const read = watched(idb.transaction(['documents', 'graphs', 'query-options', 'config', 'roles', 'users'], 'readonly'));
  const [documents, graphs, options, indexes, properties, roles, users] = await Promise.all([
    read.objectStore('documents').count(),
    read.objectStore('graphs').getAll(),
    read.objectStore('query-options').getAll(),
    read.objectStore('config').get('indexes'),
    read.objectStore('config').get('properties'),
    read.objectStore('roles').getAll(),
    read.objectStore('users').getAll(),
    read.done,
  ]);
  const manifest: SceneManifest = {
    format: SCENE_FORMAT,
    version: SCENE_VERSION,
    created: new Date().toISOString(),
    generator,
    counts: { documents, graphs: graphs.length, queryOptions: options.length, users: users.length, roles: roles.length },
  };
  yield json(MANIFEST, manifest);
  yield json(DATABASE, { ...defaultIndexSettings, ...(indexes as object | undefined) });
  yield json(PROPERTIES, properties ?? {});
  for (const { name, options: body } of options) yield json(`${OPTIONS_DIR}${encodeURIComponent(name)}.json`, { options: body });
  yield json(ROLES, roles);
  yield json(USERS, users);
  yield json(GRAPHS, graphs);
  yield { name: QUADS, input: textStream(triples.storedNQuads()) };
  const used = new Set<string>();
  const readBatch = async (after: string | undefined): Promise<StoredDocument[]> => {
    const tx = watched(idb.transaction('documents', 'readonly'));
    const [batch] = await Promise.all([tx.store.getAll(after === undefined ? undefined : IDBKeyRange.lowerBound(after, true), BATCH), tx.done]);
    return batch;
  };
  // The next batch is read while this one is zipped: measured, the worker otherwise waits on
  // IndexedDB for a third of an export. (The write queue is held, so the batches are one state.)
  let next: Promise<StoredDocument[]> | undefined = readBatch(undefined);
  while (next) {
    const batch: StoredDocument[] = await next;
    next = batch.length === BATCH ? readBatch(batch[batch.length - 1].uri) : undefined;
    next?.catch(() => undefined); // observed here; awaited (and thrown) on the next turn
    for (const doc of batch) {
      const path = uniquePath(sceneEntryPath(doc.uri), used);
      const content = contentBytes(doc.content);
      yield { name: `${DOCUMENTS_DIR}${path}`, input: content, size: content.length };
      yield json(`${METADATA_DIR}${path}.json`, metadataEntry(doc));
    }
  }
}

/** Pieces of text as a byte stream, encoded one piece at a time. */
function textStream(pieces: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
