/**
 * The scene benchmark's page side: export (`GET /tabula/v1/scene`) and import (`PUT`) of
 * the worker's whole database, against the raw floor — the same records read straight out
 * of the worker's IndexedDB database (documents, triple snapshot pieces, the small stores)
 * and written into a fresh one, one transaction per thousand records, from this page.
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
  writeMs: number;
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

  await deleteDatabase(copyDb);
  const open = indexedDB.open(copyDb, 1);
  open.onupgradeneeded = () => {
    for (const name of STORES) open.result.createObjectStore(name);
  };
  const copy = await request(open);
  const writeStart = performance.now();
  try {
    for (const name of STORES) {
      const rows = read[name];
      for (let i = 0; i < rows.length; i += BATCH) {
        const tx = copy.transaction(name, 'readwrite');
        const store = tx.objectStore(name);
        for (const row of rows.slice(i, i + BATCH)) store.put(row.value, row.key);
        await done(tx);
      }
    }
  } finally {
    copy.close();
  }
  const writeMs = performance.now() - writeStart;
  await deleteDatabase(copyDb);
  return { readMs, writeMs, records, contentUnits };
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
