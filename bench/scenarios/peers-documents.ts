/**
 * The documents peer in the page (no service worker): PouchDB as pouchdb-browser ships
 * it (its `idb` adapter, over IndexedDB), on the documents section's ~1 KB JSON records —
 * `bulkDocs` in batches, then single `put` (a new document), `get`, and `put` of a
 * changed document with the `_rev` it was read with. Runs in the peers page.
 */
import PouchDB from 'pouchdb-browser';
import { benchDocuments } from './documents';
import { deleteDatabase } from './idb-baseline';
import type { BulkResult } from './bulk-ingest';

/** PouchDB's idb adapter names its IndexedDB database `_pouch_` + the name. */
const idbName = (name: string) => `_pouch_${name}`;

async function freshPouch(name: string): Promise<PouchDB> {
  await deleteDatabase(idbName(name));
  return new PouchDB(name);
}

const asPouchDoc = (d: { uri: string; text: string }) => ({ _id: d.uri, ...(JSON.parse(d.text) as Record<string, unknown>) });

/** `bulkDocs` of `total` records, `batchSize` per call (each one IndexedDB transaction), records built before the clock starts. */
export async function pouchBulk({ total, batchSize, dbName }: { total: number; batchSize: number; dbName: string }): Promise<BulkResult & { adapter: string }> {
  const db = await freshPouch(dbName);
  const docs = benchDocuments('/bench/peers/', total).map(asPouchDoc);
  let maxBatchMs = 0;
  const start = performance.now();
  for (let i = 0; i < docs.length; i += batchSize) {
    const t = performance.now();
    const results = await db.bulkDocs(docs.slice(i, i + batchSize));
    const failed = results.find((r) => r.error);
    if (failed) throw new Error(`bulkDocs: ${failed.id}: ${failed.error} ${failed.reason ?? ''}`);
    maxBatchMs = Math.max(maxBatchMs, performance.now() - t);
  }
  const ms = performance.now() - start;
  const { doc_count } = await db.info();
  const adapter = db.adapter;
  await db.destroy();
  if (doc_count !== total) throw new Error(`PouchDB stored ${doc_count} of ${total} documents`);
  return { total, batchSize, batches: Math.ceil(total / batchSize), ms, docsPerSecond: (total / ms) * 1000, maxBatchMs, adapter };
}

export interface SingleLatencySamples {
  /** A new document. */
  create: number[];
  get: number[];
  /** The same document changed, with its revision. */
  replace: number[];
}

/** Single-document latency, phase by phase as the worker's latency scenario runs them; warm-up runs are not kept. */
export async function pouchLatency({ count, warmup, dbName }: { count: number; warmup: number; dbName: string }): Promise<SingleLatencySamples & { adapter: string }> {
  const db = await freshPouch(dbName);
  const docs = benchDocuments('/bench/single/', count + warmup).map(asPouchDoc);
  const timed = async (f: () => Promise<unknown>) => {
    const start = performance.now();
    await f();
    return performance.now() - start;
  };
  const out: SingleLatencySamples = { create: [], get: [], replace: [] };
  const revs: string[] = [];
  const phase = async (samples: number[], f: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < warmup + count; i++) {
      const ms = await timed(() => f(i));
      if (i >= warmup) samples.push(ms);
    }
  };
  await phase(out.create, async (i) => {
    revs[i] = (await db.put(docs[i])).rev;
  });
  await phase(out.get, async (i) => {
    const got = await db.get(docs[i]._id);
    if (got._rev !== revs[i]) throw new Error(`get ${docs[i]._id}: revision ${got._rev}, expected ${revs[i]}`);
  });
  await phase(out.replace, async (i) => {
    revs[i] = (await db.put({ ...docs[i], title: `changed ${i}`, _rev: revs[i] })).rev;
  });
  const adapter = db.adapter;
  await db.destroy();
  return { ...out, adapter };
}
