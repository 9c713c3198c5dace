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

/** The Web Lock the console page running the host holds (src/console/lib/engine-host.ts takes it). */
const PAGE_LOCK = 'tabula:engine-host';

/** The Web Lock a host worker holds while it lives (sw/engine-host.ts takes it). */
export const hostLock = (id: string): string => `${PAGE_LOCK}:${id}`;

/** Attaches the host at the other end of `port`, offered by the page `clientId`. */
export function attachHost(db: Database, port: MessagePort, id: string, clientId: string): void {
  const gone = navigator.locks.request(hostLock(id), () => undefined).then(() => undefined);
  const restart = () => {
    void self.clients.get(clientId).then((client) => client?.postMessage({ type: 'tabula:engine-host-restart', id } satisfies EngineHostMessage));
  };
  db.attachEngineHost(port, { gone, restart });
}

/**
 * Asks the open pages for a host: the console page holding the lock `tabula:engine-host`
 * starts it (or offers it again). True when such a page exists — only then is a host on its
 * way (a page without the console, or with the host turned off, holds no lock).
 */
export async function askForHost(): Promise<boolean> {
  const { held = [] } = await navigator.locks.query();
  if (!held.some((lock) => lock.name === PAGE_LOCK)) return false;
  for (const page of await self.clients.matchAll({ type: 'window' })) page.postMessage({ type: 'tabula:engine-host-wanted' } satisfies EngineHostMessage);
  return true;
}
