/**
 * The baseline for bulk ingest: the same documents written straight into IndexedDB from
 * the page — a separate database shaped like Tabula's documents store (keyPath `uri`, a
 * multi-entry collections index), records shaped like a stored document, one
 * transaction per batch. What the API adds on top (HTTP, multipart parsing, JSON
 * checks, the worker hop) is the difference. Runs in the page.
 */
import { benchDocuments } from './documents';

export interface BaselineOptions {
  total: number;
  batchSize: number;
  /** IndexedDB database name, deleted before and after the run. */
  dbName: string;
}

export interface BaselineResult {
  total: number;
  batchSize: number;
  ms: number;
  docsPerSecond: number;
}

/** An IndexedDB request as a promise (the scene scenario uses it too). */
export const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

export const deleteDatabase = (name: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
  });

export async function idbBaseline({ total, batchSize, dbName }: BaselineOptions): Promise<BaselineResult> {
  await deleteDatabase(dbName);
  const open = indexedDB.open(dbName, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('documents', { keyPath: 'uri' });
    store.createIndex('collections', 'metadata.collections', { multiEntry: true });
  };
  const db = await request(open);

  const records = benchDocuments('/baseline/', total).map((d, i) => ({
    uri: d.uri,
    format: 'json',
    content: d.text,
    mimeType: 'application/json',
    metadata: {
      collections: [],
      permissions: [
        { 'role-name': 'rest-reader', capabilities: ['read'] },
        { 'role-name': 'rest-writer', capabilities: ['update'] },
      ],
      properties: {},
      quality: 0,
      metadataValues: {},
    },
    version: i + 1,
  }));

  const start = performance.now();
  for (let i = 0; i < records.length; i += batchSize) {
    const tx = db.transaction('documents', 'readwrite');
    const store = tx.objectStore('documents');
    for (const record of records.slice(i, i + batchSize)) store.put(record);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
    });
  }
  const ms = performance.now() - start;

  const count = await request(db.transaction('documents').objectStore('documents').count());
  db.close();
  await deleteDatabase(dbName);
  if (count !== total) throw new Error(`baseline stored ${count} of ${total} records`);
  return { total, batchSize, ms, docsPerSecond: (total / ms) * 1000 };
}
