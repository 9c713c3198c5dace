/**
 * The RDF engine in Node: the `oxigraph` package, one module instance shared by the
 * process's databases until it traps. A WebAssembly trap breaks the instance's linear
 * memory for good, so the broken one is replaced by a NEW load of the package: its
 * `node.js` instantiates its wasm when evaluated, and evaluating it again (out of the
 * require cache) gives an instance with its own memory (~60 ms: the wasm is compiled
 * again). See docs/decisions/0014-engine-traps.md.
 *
 * @example
 * const db = await Database.open({ indexedDB, oxigraph: nodeOxigraph });
 */
import { createRequire } from 'node:module';
import type * as Oxigraph from 'oxigraph';

type OxigraphModule = typeof Oxigraph;

const require = createRequire(import.meta.url);
const entry = require.resolve('oxigraph');

let shared: OxigraphModule | undefined;

/** A new instance of the package, with its own wasm memory. */
export function freshOxigraph(): OxigraphModule {
  delete require.cache[entry];
  return require(entry) as OxigraphModule;
}

/**
 * The engine factory for `Database.open`: the shared instance, replaced by a fresh one
 * when `broken` is it (databases that still hold the broken one get the new one when
 * they ask in turn).
 */
export function nodeOxigraph(broken?: OxigraphModule): OxigraphModule {
  if (!shared) shared = require(entry) as OxigraphModule;
  else if (shared === broken) shared = freshOxigraph();
  return shared;
}
