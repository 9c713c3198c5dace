/**
 * The baseline for the triple store: Oxigraph's wasm build straight in the page, on
 * the same N-Triples — what the service worker adds on top (HTTP, the worker hop,
 * IndexedDB commits, the log, permissions, result mapping) is the difference.
 *
 * Load: the dataset's N-Triples in pieces (built before the clock starts) into a new
 * `Store`, into the same named graph the API loads — first in a fresh page (a fresh
 * engine, as a restarted worker has), then again in the same page (warm). Queries:
 * `Store.query` with the default graph as the union of all graphs (what the endpoint
 * does for a user who may read every graph) and `results_format` JSON, so the
 * baseline also serialises its results the way the endpoint needs them. Runs in the
 * page; the wasm is the one the service-worker build emits next to sw.js.
 */
import initOxigraph, * as oxigraph from 'oxigraph/web.js';
import { nTriplesChunks } from './bsbm';
import { dataset } from './triples-data';

/** Where the service-worker build emits the wasm (dist/web_bg.wasm); bench/page.ts points web.js there too. */
const OXIGRAPH_WASM = '/web_bg.wasm';

export interface BaselineLoadOptions {
  triples: number;
  perChunk: number;
  graph: string;
  /** Keep the store of the second load for {@link baselineQuery}. */
  keep: boolean;
}

export interface BaselineLoad {
  /** Instantiating the wasm (`init`). */
  initMs: number;
  /** The first load in this page: a fresh engine, as in a worker that just started. */
  freshMs: number;
  /** A second load into a new store in the same page, the engine warm. */
  warmMs: number;
  /** wasm linear memory after both loads (it never shrinks). */
  wasmMemoryBytes: number;
}

type Store = InstanceType<typeof oxigraph.Store>;
// wasm-bindgen gives every class `free()`; the typings leave it out.
const free = (store: Store) => (store as unknown as { free(): void }).free();

let kept: Store | undefined;

/**
 * Loads the dataset twice into fresh stores: the first load runs on code V8 has just
 * compiled (what a restarted worker runs), the second on code it has optimised since.
 */
export async function oxigraphLoad({ triples, perChunk, graph, keep }: BaselineLoadOptions): Promise<BaselineLoad> {
  const chunks = nTriplesChunks(dataset(triples).lines, perChunk);
  const t = performance.now();
  const wasm = await initOxigraph({ module_or_path: OXIGRAPH_WASM });
  const initMs = performance.now() - t;
  const to_graph_name = oxigraph.namedNode(graph);
  const load = (): { store: Store; ms: number } => {
    const store = new oxigraph.Store();
    const start = performance.now();
    for (const chunk of chunks) store.load(chunk, { format: 'application/n-triples', to_graph_name });
    const ms = performance.now() - start;
    if (store.size !== triples) throw new Error(`baseline load of ${triples} triples: the store holds ${store.size}`);
    return { store, ms };
  };
  const fresh = load();
  free(fresh.store);
  const warm = load();
  if (keep) kept = warm.store;
  else free(warm.store);
  return { initMs, freshMs: fresh.ms, warmMs: warm.ms, wasmMemoryBytes: wasm.memory.buffer.byteLength };
}

/**
 * Runs a query on the store {@link oxigraphLoad} kept, the way the endpoint runs it for
 * a user who may read every graph, results serialised as SPARQL JSON.
 */
export function baselineQuery(text: string): string {
  if (!kept) throw new Error('no store kept: call oxigraphLoad with keep first');
  return kept.query(text, { use_default_graph_as_union: true, results_format: 'application/sparql-results+json' }) as string;
}
