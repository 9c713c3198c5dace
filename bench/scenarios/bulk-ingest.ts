/**
 * Bulk ingest through the service worker: `POST /v1/documents` with `multipart/mixed`
 * bodies of `batchSize` documents, one request (one transaction) at a time. Bodies are
 * built before the clock starts, so the figure is the database's, not the builder's.
 * Runs in the page.
 */
import { buildMultipart, quoteParam } from '../../src/client/multipart';
import { benchDocuments } from './documents';

export interface BulkOptions {
  total: number;
  batchSize: number;
  /** URI prefix, distinct per run. */
  prefix: string;
}

export interface BulkResult {
  total: number;
  batchSize: number;
  batches: number;
  ms: number;
  docsPerSecond: number;
  /** Slowest single batch request. */
  maxBatchMs: number;
}

export async function bulkIngest({ total, batchSize, prefix }: BulkOptions): Promise<BulkResult> {
  const docs = benchDocuments(prefix, total);
  const bodies: { body: Blob; contentType: string }[] = [];
  for (let i = 0; i < docs.length; i += batchSize) {
    bodies.push(
      buildMultipart(
        docs.slice(i, i + batchSize).map((d) => ({
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename=${quoteParam(d.uri)}` },
          body: d.text,
        })),
      ),
    );
  }

  let maxBatchMs = 0;
  const start = performance.now();
  for (const { body, contentType } of bodies) {
    const t = performance.now();
    const res = await fetch('/v1/documents', { method: 'POST', headers: { 'content-type': contentType, accept: 'application/json' }, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`bulk POST: expected 200, got ${res.status}: ${text.slice(0, 300)}`);
    maxBatchMs = Math.max(maxBatchMs, performance.now() - t);
  }
  const ms = performance.now() - start;

  // Spot-check that what was acknowledged is readable: a benchmark of lost writes is worthless.
  for (const i of [0, Math.floor(total / 2), total - 1]) {
    const res = await fetch(`/v1/documents?uri=${encodeURIComponent(docs[i].uri)}`);
    const text = await res.text();
    if (res.status !== 200 || JSON.stringify(JSON.parse(text)) !== docs[i].text) throw new Error(`bulk ingest lost ${docs[i].uri}`);
  }
  return { total, batchSize, batches: bodies.length, ms, docsPerSecond: (total / ms) * 1000, maxBatchMs };
}
