/**
 * The service worker's side of the engine host (docs/decisions/0028-engine-host.md):
 * takes the port a page offers, attaches it to the database with the means to learn of
 * the host's end (its Web Lock, granted to us once it is released) and to have it
 * restarted (a message to its page), and asks the pages for a host when the worker
 * (re)starts. Wiring only; the protocol is src/db/triples/replica-link.ts.
 */
import type { Database } from '../src/db/database';
import type { EngineHostMessage } from '../src/wire/tabula';

declare const self: ServiceWorkerGlobalScope;

/** The Web Lock a host worker holds while it lives (sw/engine-host.ts takes it). */
export const hostLock = (id: string): string => `tabula:engine-host:${id}`;

/** How long the first SPARQL query of a started worker waits for an open page's host before running here. */
const FIRST_HOST_MS = 1_000;

/** Attaches the host at the other end of `port`, offered by the page `clientId`. */
export function attachHost(db: Database, port: MessagePort, id: string, clientId: string): void {
  const gone = navigator.locks.request(hostLock(id), () => undefined).then(() => undefined);
  const restart = () => {
    void self.clients.get(clientId).then((client) => client?.postMessage({ type: 'tabula:engine-host-restart', id } satisfies EngineHostMessage));
  };
  db.attachEngineHost(port, { gone, restart });
}

/** Asks the open pages for a host (the one running it answers with a new port); the first query waits a moment for it. */
export async function askForHost(db: Database): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  // A page's offer may have arrived with the request that opened the database.
  if (pages.length === 0 || db.engineHost().attached) return;
  db.expectEngineHost(FIRST_HOST_MS);
  for (const page of pages) page.postMessage({ type: 'tabula:engine-host-wanted' } satisfies EngineHostMessage);
}
