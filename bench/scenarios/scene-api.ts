/**
 * The scene benchmark's page side: export (`GET /tabula/v1/scene`) and import (`PUT`) of
 * the worker's whole database, against the raw floor — the same records read straight out
 * of the worker's IndexedDB database (documents, triple snapshot pieces, the small stores)
 * and written into a fresh one, one transaction per thousand records, from this page: into
 * stores shaped like the worker's (the same key paths and indexes, which every write of a
 * document maintains: the floor the import is held to), and, for comparison, into bare
 * stores (explicit keys, no indexes).
 * Runs in the page.
 */
import { deleteDatabase, request } from './idb-baseline';

const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });

/** Stores copied by the raw floor: what a scene holds (the search stores are derived and left out, as a scene leaves them). */
const STORES = ['documents', 'triples-snapshot', 'graphs', 'query-options', 'config', 'roles', 'users'] as const;
const BATCH = 1_000;

declare global {
  interface Window {
    benchScene?: Blob;
  }
}

export interface SceneExportFigures {
  ms: number;
  bytes: number;
}

/** Exports the worker's database; the archive stays in the page for the import. */
export async function sceneExport(): Promise<SceneExportFigures> {
  const start = performance.now();
  const res = await fetch('/tabula/v1/scene');
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  const blob = await res.blob();
  const ms = performance.now() - start;
  window.benchScene = blob;
  return { ms, bytes: blob.size };
}

export interface SceneImportFigures {
  ms: number;
  answer: { documents: number; triples: number; graphs: number; queryOptions: number };
}

/** Imports the archive the export left in the page (replace). */
export async function sceneImport(): Promise<SceneImportFigures> {
  const blob = window.benchScene;
  if (!blob) throw new Error('no exported scene in the page');
  const start = performance.now();
  const res = await fetch('/tabula/v1/scene', { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: blob });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`import: ${res.status} ${text}`);
  return { ms, answer: JSON.parse(text) as SceneImportFigures['answer'] };
}

export function sceneForget(): void {
  delete window.benchScene;
}

export interface RawFigures {
  readMs: number;
  /** Into stores shaped like the worker's: the same key paths and indexes. */
  writeMs: number;
  /** Into bare stores: explicit keys, no indexes. */
  bareWriteMs: number;
  records: number;
  /** Characters of text and bytes of binary read (the documents' content and the triple pieces). */
  contentUnits: number;
}

/** The floor: every record of the scene's stores read from the worker's database, then written into a fresh one. */
export async function sceneRawBaseline({ workerDb, copyDb }: { workerDb: string; copyDb: string }): Promise<RawFigures> {
  const source = await request(indexedDB.open(workerDb));
  const read: Record<string, Array<{ key: IDBValidKey; value: unknown }>> = {};
  let records = 0;
  let contentUnits = 0;
  const readStart = performance.now();
  try {
    for (const name of STORES) {
      read[name] = [];
      let after: IDBValidKey | undefined;
      for (;;) {
        const tx = source.transaction(name, 'readonly');
        const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
        const [keys, values] = await Promise.all([request(tx.objectStore(name).getAllKeys(range, BATCH)), request(tx.objectStore(name).getAll(range, BATCH))]);
        await done(tx);
        keys.forEach((key, i) => read[name].push({ key, value: values[i] }));
        for (const v of values) {
          const content = typeof v === 'string' ? v : (v as { content?: unknown } | undefined)?.content;
          if (typeof content === 'string') contentUnits += content.length;
          else if (content instanceof Uint8Array) contentUnits += content.length;
        }
        records += keys.length;
        if (keys.length < BATCH) break;
        after = keys[keys.length - 1];
      }
    }
  } finally {
    source.close();
  }
  const readMs = performance.now() - readStart;

  const shapes = await storeShapes(workerDb);
  const writeMs = await writeCopy(copyDb, read, shapes);
  const bareWriteMs = await writeCopy(copyDb, read, undefined);
  return { readMs, writeMs, bareWriteMs, records, contentUnits };
}

interface StoreShape {
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexes: Array<{ name: string; keyPath: string | string[]; multiEntry: boolean; unique: boolean }>;
}

/** The key path, key generator and indexes of each of the scene's stores in the worker's database, read from it. */
async function storeShapes(workerDb: string): Promise<Record<string, StoreShape>> {
  const db = await request(indexedDB.open(workerDb));
  try {
    const tx = db.transaction([...STORES], 'readonly');
    const shapes: Record<string, StoreShape> = {};
    for (const name of STORES) {
      const store = tx.objectStore(name);
      const indexes = [...store.indexNames].map((n) => {
        const index = store.index(n);
        return { name: n, keyPath: index.keyPath, multiEntry: index.multiEntry, unique: index.unique };
      });
      shapes[name] = { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
    }
    await done(tx);
    return shapes;
  } finally {
    db.close();
  }
}

/** Writes the records read into a fresh database `copyDb` (stores shaped as `shapes` say, or bare), then deletes it; the time of the writes. */
async function writeCopy(copyDb: string, read: Record<string, Array<{ key: IDBValidKey; value: unknown }>>, shapes: Record<string, StoreShape> | undefined): Promise<number> {
  await deleteDatabase(copyDb);
  const open = indexedDB.open(copyDb, 1);
  open.onupgradeneeded = () => {
    for (const name of STORES) {
      const shape = shapes?.[name];
      const store = open.result.createObjectStore(name, shape ? { keyPath: shape.keyPath, autoIncrement: shape.autoIncrement } : undefined);
      for (const i of shape?.indexes ?? []) store.createIndex(i.name, i.keyPath, { multiEntry: i.multiEntry, unique: i.unique });
    }
  };
  const copy = await request(open);
  const start = performance.now();
  try {
    for (const name of STORES) {
      const inline = shapes?.[name].keyPath != null;
      const rows = read[name];
      for (let i = 0; i < rows.length; i += BATCH) {
        const tx = copy.transaction(name, 'readwrite');
        const store = tx.objectStore(name);
        for (const row of rows.slice(i, i + BATCH)) {
          if (inline) store.put(row.value);
          else store.put(row.value, row.key);
        }
        await done(tx);
      }
    }
  } finally {
    copy.close();
  }
  const ms = performance.now() - start;
  await deleteDatabase(copyDb);
  return ms;
}

/** What the worker's database holds, by the API: documents (search total) and triples (SPARQL count over the default graph, which is every graph's union, as on MarkLogic). */
export async function sceneCounts(): Promise<{ documents: number; triples: number }> {
  const search = await fetch('/v1/search?format=json&pageLength=0');
  const total = ((await search.json()) as { total: number }).total;
  const sparql = await fetch(`/v1/graphs/sparql?query=${encodeURIComponent('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')}`, {
    headers: { accept: 'application/sparql-results+json' },
  });
  const n = ((await sparql.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value;
  return { documents: total, triples: Number(n) };
}
