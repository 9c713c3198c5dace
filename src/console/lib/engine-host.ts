/**
 * Runs the origin's engine host while this page is open: a dedicated worker
 * (`/engine-host.js`) in which the service worker's SPARQL queries run, so a long query
 * no longer stops every other request (docs/decisions/0028-engine-host.md). One page of
 * the origin runs it — the one holding the Web Lock `tabula:engine-host`; the others wait
 * for the lock and take over when that page closes. The page starts the worker when the
 * service worker first asks for it (its first SPARQL query), and hands the service worker a
 * port to it: then, when a (re)started service worker asks again, when a new worker version
 * takes control, and after ending a host the service worker asked to restart (a cancelled or
 * overdue query).
 *
 * Turned off for a browser profile with `localStorage['tabula.engineHost'] = 'off'`: then
 * the service worker runs queries itself, as it does when no page is open.
 */
import type { EngineHostMessage } from '../../wire/tabula';

/** The Web Lock held by the page that runs the origin's engine host. */
export const ENGINE_HOST_LOCK = 'tabula:engine-host';

/** The lock the host worker holds while it lives (sw/engine-host.ts takes it, the service worker waits for it). */
const hostLock = (id: string): string => `${ENGINE_HOST_LOCK}:${id}`;

/** A host that ends sooner than this after its start is not started again. */
const MIN_LIFETIME_MS = 10_000;

/** What this module needs of the browser (fakes in tests). */
export interface EngineHostPlatform {
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;
  locks: Pick<LockManager, 'request'>;
  startWorker(): Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;
  newId(): string;
  channel(): { port1: MessagePort; port2: MessagePort };
}

const browser = (): EngineHostPlatform | undefined => {
  const nav = globalThis.navigator;
  if (!nav?.serviceWorker || !nav.locks || typeof Worker === 'undefined') return undefined;
  return {
    container: nav.serviceWorker,
    locks: nav.locks,
    startWorker: () => new Worker('/engine-host.js', { type: 'module', name: 'tabula-engine-host' }),
    newId: () => crypto.randomUUID(),
    channel: () => new MessageChannel(),
  };
};

/** Whether this browser profile turned the engine host off. */
export function engineHostDisabled(): boolean {
  try {
    return globalThis.localStorage?.getItem('tabula.engineHost') === 'off';
  } catch {
    return false;
  }
}

/** Waits for the lock, then runs the host for the page's lifetime. Resolves when this page runs it. */
export function runEngineHost(platform: EngineHostPlatform | undefined = browser()): Promise<void> {
  if (!platform || engineHostDisabled()) return Promise.resolve();
  return new Promise<void>((running) => {
    // The lock is held for as long as the page lives: the callback's promise never settles.
    const hold = (startNow: boolean) => {
      host(platform, startNow);
      running();
      return new Promise<never>(() => {});
    };
    void platform.locks.request(ENGINE_HOST_LOCK, { ifAvailable: true }, (lock) => {
      if (lock) return hold(false);
      // Another page runs the host. When it closes, this one takes over at once: SPARQL is in
      // use, and a query whose host went with that page is waiting for the next.
      void platform.locks.request(ENGINE_HOST_LOCK, () => hold(true));
      return undefined;
    });
  });
}

function host(platform: EngineHostPlatform, startNow: boolean): void {
  let worker: ReturnType<EngineHostPlatform['startWorker']>;
  let id = '';
  let ready = false;

  const offer = () => {
    const controller = platform.container.controller;
    if (!ready || !controller) return;
    const { port1, port2 } = platform.channel();
    worker.postMessage({ type: 'tabula:engine-host-port' } satisfies EngineHostMessage, [port1]);
    controller.postMessage({ type: 'tabula:engine-host', id } satisfies EngineHostMessage, [port2]);
  };

  let startedAt = 0;
  const start = () => {
    const mine = (id = platform.newId());
    ready = false;
    startedAt = Date.now();
    worker = platform.startWorker();
    worker.addEventListener('message', (event: MessageEvent<EngineHostMessage>) => {
      if (event.data?.type !== 'tabula:engine-host-ready') return;
      ready = true;
      offer();
      // Granted when the worker ends. Ended on purpose (a restart) it has been replaced already;
      // otherwise (it crashed, or a new schema ended it) it is started again — unless it did not
      // last a while, which would make a loop of a host that cannot start.
      void platform.locks.request(hostLock(mine), () => {
        if (id !== mine) return;
        if (Date.now() - startedAt < MIN_LIFETIME_MS) {
          console.warn('[tabula] the engine host ended soon after it started; SPARQL queries run in the service worker');
          return;
        }
        start();
      });
    });
    worker.postMessage({ type: 'tabula:engine-host-start', id: mine } satisfies EngineHostMessage);
  };

  platform.container.addEventListener('message', (event: MessageEvent<EngineHostMessage>) => {
    const message = event.data;
    // Started when the service worker first needs it (its first SPARQL query), then offered again on each ask.
    if (message?.type === 'tabula:engine-host-wanted') {
      if (id === '') start();
      else offer();
    }
    else if (message?.type === 'tabula:engine-host-restart' && message.id === id) {
      // The only way to stop an engine in the middle of a query is to end its thread.
      worker.terminate();
      start();
    }
  });
  platform.container.addEventListener('controllerchange', offer);
  if (startNow) start();
}
