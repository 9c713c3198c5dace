/**
 * The engine host: a dedicated worker an open page starts (src/console/lib/engine-host.ts)
 * so SPARQL queries run off the service worker's only thread (docs/decisions/0028-engine-host.md).
 * It holds a read replica of the triple store (src/db/triples/replica.ts) over the same
 * IndexedDB and answers the service worker on the ports the page hands it. Wiring only.
 *
 * Built by vite.host.config.ts as one ES-module chunk (dist/engine-host.js), precached by
 * the service worker's build, so it starts offline too.
 *
 * @module
 */
import oxigraphWasmUrl from 'oxigraph/web_bg.wasm?url&no-inline';
import { Database } from '../src/db/database';
import type { EngineHostMessage } from '../src/wire/tabula';
import { hostLock } from './engine-hosts';
import { startOxigraph } from './oxigraph-start';

declare const self: DedicatedWorkerGlobalScope;

// The worker's fetches go through the service worker, which answers the wasm from its precache.
const oxigraph = startOxigraph(async () => oxigraphWasmUrl);
// A newer version of the database's schema (a new deployment) ends this host: its page starts one with the new code.
const replica = Database.openTripleReplica({ indexedDB: self.indexedDB, name: 'Documents', oxigraph, onStale: () => self.close() });
// A host that cannot open the database ends itself: its lock is released, and the service
// worker runs queries itself again.
replica.catch((e: unknown) => {
  console.error('[tabula] the engine host could not open the database; it stops', e);
  self.close();
});

self.addEventListener('message', (event: MessageEvent<EngineHostMessage>) => {
  const message = event.data;
  if (message.type === 'tabula:engine-host-start') {
    // Held until this worker ends: the service worker waits for it to learn of that end.
    void navigator.locks.request(hostLock(message.id), () => {
      self.postMessage({ type: 'tabula:engine-host-ready' } satisfies EngineHostMessage);
      return new Promise<never>(() => {});
    });
  } else if (message.type === 'tabula:engine-host-port') {
    const [port] = event.ports;
    void replica.then((r) => r.serve(port), () => undefined);
  }
});
