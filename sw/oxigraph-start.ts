/**
 * The RDF engine in a browser worker — the service worker and the engine host alike: a
 * replaceable instance of Oxigraph's web build, its wasm fetched from `wasm()`. An
 * instance that trapped is broken for good: the database hands it back and gets a new one
 * (newInstance, added to web.js by the build: sw/oxigraph-instances.ts), initialised from
 * the same wasm (docs/decisions/0014-engine-traps.md).
 */
import initOxigraph, * as oxigraph from 'oxigraph/web.js';
import { newInstance } from 'oxigraph/web.js';
import { replaceableInstance } from '../src/api/host';

export type Oxigraph = typeof oxigraph;

/** The engine factory `Database.open({ oxigraph })` and `Database.openTripleReplica` ask for. */
export function startOxigraph(wasm: () => Promise<Response | string>): (broken?: unknown) => Promise<Oxigraph> {
  async function initialised(instance: Oxigraph, init: typeof initOxigraph): Promise<Oxigraph> {
    // `npm run dev` builds the workers in memory: no file is served at the wasm's URL, but
    // its build inlines the wasm where web.js looks for it by default.
    await init({ module_or_path: await wasm() }).catch(() => init());
    return instance;
  }
  return replaceableInstance<Oxigraph>((previous) => {
    if (!previous) return initialised(oxigraph, initOxigraph);
    const next = newInstance();
    return initialised(next, next.default);
  });
}
