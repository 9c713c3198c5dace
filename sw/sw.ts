/**
 * The service worker: wiring only. It precaches the console's app shell, answers every
 * same-origin API path with the Hono handler over the origin's IndexedDB, and takes
 * control of open pages at once. Everything that decides anything lives in src/api and
 * src/db, where Node tests reach it.
 *
 * Built by vite.sw.config.ts as ONE classic-script chunk (dist/sw.js, an IIFE) and
 * registered with `{type: 'classic'}`: dynamic `import()` and top-level `await` are not
 * allowed in a service worker, and Chromium keeps V8's code cache only for a classic
 * service worker's script (docs/architecture.md, Platform facts;
 * docs/decisions/0031-classic-service-worker.md).
 *
 * @module
 */
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import oxigraphWasmUrl from 'oxigraph/web_bg.wasm?url&no-inline';
import { Database } from '../src/db/database';
import { createApi, isApiPath, needsTriples } from '../src/api/app';
import { answerRequests, openOnDemand } from '../src/api/host';
import { startOxigraph } from './oxigraph-start';
import type { EngineHostMessage, KeepAliveMessage } from '../src/wire/tabula';
import { askForHost, attachHost } from './engine-hosts';
import { installProgress, type SizedEntry } from './install-progress';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<(PrecacheEntry & SizedEntry) | string> };

// A first visit waits for the install (precaching ~7 MB): the pages hear its progress in bytes
// on this channel, and may ask for it again (sw/install-progress.ts).
const manifest = self.__WB_MANIFEST;
const startup = new BroadcastChannel('tabula:startup');
const progress = installProgress({ entries: manifest, post: (message) => startup.postMessage(message) });
startup.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
  if (event.data?.type === 'tabula:startup?') progress.repeat();
});
addPlugins([progress.plugin]);

// The RDF engine's wasm is instantiated from the precached copy (the build emits it as an
// asset and lists it in the precache): offline, and ~20 ms instead of ~40 ms on every
// worker start (docs/architecture.md, Platform facts). Before the first install has finished
// precaching it comes from the network. Instantiation starts with the first request that
// needs triples (or when the triple store first asks), not with the database: it holds the
// worker's thread ~70 ms, which a ping or a search after a stop would wait behind
// (docs/decisions/0031-classic-service-worker.md). A failure is retried by the next request.
const oxigraph = startOxigraph(async () => (await matchPrecache(oxigraphWasmUrl)) ?? oxigraphWasmUrl);

// Opened on the first API request (src/api/host.ts says why). An open page runs an engine
// host for SPARQL queries (docs/decisions/0028-engine-host.md), started when the first query
// asks the pages for one.
// The home database (`Documents`) is opened here; the others a request names are opened by
// the handler on first use and closed again when idle (docs/decisions/0034-databases-and-instances.md).
const database = openOnDemand(() =>
  Database.open({ indexedDB: self.indexedDB, name: 'Documents', oxigraph }).then(async (db) => {
    db.askForEngineHostWith(askForHost);
    const api = createApi({ db, auth: 'application', defaultUser: 'admin' });
    (await api.databases()).releaseIdleEvery();
    return { db, api };
  }),
);
const api = () => database().then(({ api }) => api);

// Pages of the origin (the console in every tab) learn of committed writes here, so
// what they show follows writes made by scripts, other tabs and tests. The console
// listens on the same channel name (src/console/lib/live-updates.ts).
const changes = new BroadcastChannel('tabula:changes');

// A body handed to respondWith as a stream costs ~0.5 ms less per answer than the same
// body as a string or bytes (measured in this Chromium by the benchmark): answerRequests
// hands every answer over as a stream (src/api/http/streamed-response.ts).
const answerApi = answerRequests({ api, announce: (notice) => changes.postMessage(notice) });

// Registered before Workbox's own listener so an API URL typed in the address bar (a
// navigation) is answered by the API, never by the app-shell fallback below.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && isApiPath(url.pathname)) {
    // Begun before the open, alongside it; a failure is reported by the request itself.
    if (needsTriples(url.pathname)) oxigraph().catch(() => undefined);
    event.respondWith(answerApi(event.request));
  }
});

// An open console posts this every ~20 s (src/console/lib/keep-worker-warm.ts): the event itself
// restarts the browser's idle count, so there is nothing to do but accept it. A page running
// the engine host offers it with a port (src/console/lib/engine-host.ts).
self.addEventListener('message', (event) => {
  const message = event.data as Partial<KeepAliveMessage | EngineHostMessage> | null;
  if (message?.type === 'tabula:keep-alive') event.waitUntil(Promise.resolve());
  else if (message?.type === 'tabula:engine-host' && typeof message.id === 'string' && event.ports[0] && event.source instanceof Client) {
    const [port] = event.ports;
    const { id } = message;
    const page = event.source.id;
    event.waitUntil(database().then(({ db }) => attachHost(db, port, id, page), (e: unknown) => console.warn('[tabula] the engine host was not attached', e)));
  }
});

self.addEventListener('install', () => {
  progress.started();
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  progress.activating();
  // Without claim(), the page that registered the worker stays uncontrolled until reload.
  event.waitUntil(self.clients.claim());
});

cleanupOutdatedCaches();
precacheAndRoute(manifest);

// Console routes are client-side: any other navigation gets the precached shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !isApiPath(url.pathname),
  createHandlerBoundToURL('/index.html'),
);
