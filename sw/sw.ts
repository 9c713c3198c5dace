/**
 * The service worker: wiring only. It precaches the console's app shell, answers every
 * same-origin API path with the Hono handler over the origin's IndexedDB, and takes
 * control of open pages at once. Everything that decides anything lives in src/api and
 * src/db, where Node tests reach it.
 *
 * Built by vite.sw.config.ts as ONE ES-module chunk (dist/sw.js) and registered with
 * `{type: 'module'}`: dynamic `import()` and top-level `await` are not allowed in a
 * service worker (docs/architecture.md, Platform facts).
 *
 * @module
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import initOxigraph, * as oxigraph from 'oxigraph/web.js';
import { newInstance } from 'oxigraph/web.js';
import oxigraphWasmUrl from 'oxigraph/web_bg.wasm?url&no-inline';
import { Database } from '../src/db/database';
import { DbError } from '../src/db/errors';
import { createApi, isApiPath } from '../src/api/app';
import { errorResponse } from '../src/api/http/errors';
import { forRespondWith } from '../src/api/http/streamed-response';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

type Api = ReturnType<typeof createApi>;

// The RDF engine's wasm is instantiated from the precached copy (the build emits it as an
// asset and lists it in the precache): offline, and ~20 ms instead of ~40 ms on every
// worker start (docs/architecture.md, Platform facts). Before the first install has finished
// precaching it comes from the network. Instantiation starts with the database; only the
// first request that needs triples waits for it, and a failure is retried by the next one.
// An instance that trapped is broken for good: the database hands it back and gets a new
// one (newInstance, added to web.js by the build: sw/oxigraph-instances.ts), initialised
// from the same wasm (docs/decisions/0014-engine-traps.md).
type Oxigraph = typeof oxigraph;
let current: Oxigraph | undefined;
let starting: Promise<Oxigraph> | undefined;

async function initialised(instance: Oxigraph, init: typeof initOxigraph): Promise<Oxigraph> {
  const cached = await matchPrecache(oxigraphWasmUrl);
  // `npm run dev` builds the worker in memory: no file is served at that URL, but its
  // build inlines the wasm where web.js looks for it by default.
  await init({ module_or_path: cached ?? oxigraphWasmUrl }).catch(() => init());
  return instance;
}

/** `broken`: the instance that trapped (compared by identity only). */
function startOxigraph(broken?: unknown): Promise<Oxigraph> {
  if (current && current !== broken) return Promise.resolve(current);
  if (!starting) {
    const next = current ? newInstance() : oxigraph;
    starting = initialised(next, next === oxigraph ? initOxigraph : next.default)
      .then((instance) => (current = instance))
      .finally(() => (starting = undefined));
  }
  return starting;
}

// Opened on the first API request, not at evaluation: the browser may start the worker
// for an unrelated event, and a failed open must reach a request to be reported.
let api: Promise<Api> | undefined;

function openApi(): Promise<Api> {
  if (api) return api;
  // Begin instantiating now, alongside the open; its failure is reported by the request that needs triples.
  startOxigraph().catch(() => undefined);
  api = Database.open({ indexedDB: self.indexedDB, name: 'Documents', oxigraph: startOxigraph })
    .then((db) => createApi({ db, auth: 'application', defaultUser: 'admin' }))
    .catch((err: unknown) => {
      // Forget the failure so the next request tries again (e.g. after a blocked upgrade ends).
      api = undefined;
      const detail = err instanceof Error ? err.message : String(err);
      throw new DbError('RESTAPI-INTERNALERROR', `the database could not be opened: ${detail}`);
    });
  return api;
}

// Pages of the origin (the console in every tab) learn of committed writes here, so
// what they show follows writes made by scripts, other tabs and tests. The console
// listens on the same channel name (src/console/lib/live-updates.ts).
const changes = new BroadcastChannel('tabula:changes');
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Endpoints whose POST is a query (a search body, a combined query), never a write. */
const QUERY_POSTS = /^\/(v1|LATEST)\/(search|qbe|suggest|values(\/[^/]+)?)$/;

/**
 * Whether a request only reads. A query sent by POST (SPARQL, search, QBE, suggest,
 * values) is a read: announcing it would make every listening page refetch — and
 * re-POST its own queries — forever.
 */
async function readsOnly(request: Request): Promise<boolean> {
  if (READS.has(request.method)) return true;
  if (request.method !== 'POST') return false;
  const path = new URL(request.url).pathname;
  if (QUERY_POSTS.test(path)) return true;
  if (!path.endsWith('/graphs/sparql')) return false;
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/sparql-update') return false;
  if (type === 'application/x-www-form-urlencoded') return !new URLSearchParams(await request.clone().text()).has('update');
  return true;
}

async function answerApi(request: Request): Promise<Response> {
  try {
    const handler = await openApi();
    const read = await readsOnly(request);
    const response = await handler.fetch(request);
    if (!read && response.ok) {
      changes.postMessage({ method: request.method, path: new URL(request.url).pathname });
    }
    // A body handed to respondWith as a stream costs ~0.5 ms less per answer than the
    // same body as a string or bytes (measured in this Chromium by the benchmark). Hot
    // answers arrive as streams already (src/api/http/streamed-response.ts).
    return forRespondWith(response);
  } catch (err) {
    return errorResponse(err, request);
  }
}

// Registered before Workbox's own listener so an API URL typed in the address bar (a
// navigation) is answered by the API, never by the app-shell fallback below.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && isApiPath(url.pathname)) {
    event.respondWith(answerApi(event.request));
  }
});

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Without claim(), the page that registered the worker stays uncontrolled until reload.
  event.waitUntil(self.clients.claim());
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Console routes are client-side: any other navigation gets the precached shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !isApiPath(url.pathname),
  createHandlerBoundToURL('/index.html'),
);
