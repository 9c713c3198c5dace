/**
 * The scene benchmark, driven from Node, in a fresh page (a fresh database) loaded with the
 * semantics section's triples and the search section's documents, through the API:
 * export (`GET /tabula/v1/scene`, the archive read to a Blob in the page) and import
 * (`PUT /tabula/v1/scene`, replace) through the service worker, against the raw floor — the
 * same records read straight out of the worker's IndexedDB database and written into a
 * fresh one from the page (bench/scenarios/scene-api.ts) — into stores with the worker's key
 * paths and indexes, the floor the import is held to, and into bare stores, shown beside it.
 * The database's documents and triples are counted through the API before and after; a
 * difference fails the run.
 *
 * Target (reported, not asserted): export and import each at least 0.5× the raw rate.
 * `BENCH_SKIP_SCENES=1` leaves the section out.
 */
import type { BenchBrowser } from './browser';
import { controlledPage } from './page';
import { fmt, table } from './report';
import type * as Api from './scenarios/scene-api';

const WORKER_DB = 'tabula:Documents';
const TARGET_RATIO = 0.5;

export interface ScenesResults {
  before: { documents: number; triples: number };
  after: { documents: number; triples: number };
  archiveBytes: number;
  exportMs: number;
  importMs: number;
  importAnswer: Api.SceneImportFigures['answer'];
  raw: Api.RawFigures;
  ratios: { export: number; import: number };
  targets: Array<{ target: string; value: number; met: boolean }>;
}

export interface ScenesOptions {
  triples: number;
  docs: number;
  batchSize: number;
  compactionWaitMs: number;
}

const GRAPH = 'http://example.org/bench/bsbm';
const PREFIX = '/bench/search/';
const TRIPLES_PER_REQUEST = 250_000;

export async function runScenes(browser: BenchBrowser, baseURL: string, script: string, o: ScenesOptions, log: (line: string) => void): Promise<ScenesResults> {
  const page = await controlledPage(browser, baseURL, script);
  try {
    if (o.triples > 0) {
      await page.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), {
        triples: o.triples,
        perRequest: Math.min(TRIPLES_PER_REQUEST, o.triples),
        graph: GRAPH,
        dbName: WORKER_DB,
        compactionWaitMs: o.compactionWaitMs,
      });
    }
    if (o.docs > 0) {
      await page.evaluate((a) => window.tabulaBench.searchIngest(a), { total: o.docs, batchSize: o.batchSize, prefix: PREFIX, indexing: false, readyTimeoutMs: 120_000 });
    }
    const before = await page.evaluate(() => window.tabulaBench.sceneCounts(), undefined);
    log(`  the database holds ${before.documents} documents and ${before.triples} triples`);
    const exported = await page.evaluate(() => window.tabulaBench.sceneExport(), undefined);
    log(`  export: ${fmt(exported.bytes / 2 ** 20)} MB in ${fmt(exported.ms / 1000)} s`);
    const raw = await page.evaluate((a) => window.tabulaBench.sceneRawBaseline(a), { workerDb: WORKER_DB, copyDb: 'bench-scene-raw' });
    log(`  raw IndexedDB: ${raw.records} records read in ${fmt(raw.readMs / 1000)} s, written in ${fmt(raw.writeMs / 1000)} s (${fmt(raw.bareWriteMs / 1000)} s into bare stores: explicit keys, no indexes)`);
    const imported = await page.evaluate(() => window.tabulaBench.sceneImport(), undefined);
    log(`  import: ${fmt(imported.ms / 1000)} s (${imported.answer.documents} documents, ${imported.answer.triples} triples)`);
    await page.evaluate(() => window.tabulaBench.sceneForget(), undefined);
    const after = await page.evaluate(() => window.tabulaBench.sceneCounts(), undefined);
    if (after.documents !== before.documents || after.triples !== before.triples) {
      throw new Error(`the imported database differs: ${JSON.stringify(before)} before, ${JSON.stringify(after)} after`);
    }
    const ratios = { export: raw.readMs / exported.ms, import: raw.writeMs / imported.ms };
    return {
      before,
      after,
      archiveBytes: exported.bytes,
      exportMs: exported.ms,
      importMs: imported.ms,
      importAnswer: imported.answer,
      raw,
      ratios,
      targets: [
        { target: `export ≥ ${TARGET_RATIO}× the raw IndexedDB read`, value: ratios.export, met: ratios.export >= TARGET_RATIO },
        { target: `import ≥ ${TARGET_RATIO}× the raw IndexedDB write`, value: ratios.import, met: ratios.import >= TARGET_RATIO },
      ],
    };
  } finally {
    await page.close();
  }
}

export function printScenes(r: ScenesResults): void {
  const mb = r.archiveBytes / 2 ** 20;
  console.log(`\nScenes: the whole database (${r.before.documents} documents, ${r.before.triples} triples; a ${fmt(mb)} MB archive)`);
  console.log(table(
    ['operation', 's', 'MB/s', 'raw IndexedDB s', 'raw MB/s', 'scene / raw'],
    [
      ['export (GET /tabula/v1/scene)', fmt(r.exportMs / 1000), fmt(mb / (r.exportMs / 1000)), fmt(r.raw.readMs / 1000), fmt(mb / (r.raw.readMs / 1000)), fmt(r.ratios.export)],
      ['import (PUT /tabula/v1/scene)', fmt(r.importMs / 1000), fmt(mb / (r.importMs / 1000)), fmt(r.raw.writeMs / 1000), fmt(mb / (r.raw.writeMs / 1000)), fmt(r.ratios.import)],
    ],
  ));
  console.log(`  import against the write into bare stores (no indexes): ${fmt(r.raw.bareWriteMs / r.importMs)}`);
  for (const t of r.targets) console.log(`  ${t.met ? 'met' : 'NOT met'}: ${t.target} (${fmt(t.value)})`);
}
