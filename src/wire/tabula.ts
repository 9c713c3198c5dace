/**
 * Tabula's own endpoints (`/tabula/v1/…`, docs/decisions/0025-scenes-and-tabula-paths.md):
 * the JSON they read and answer.
 */

/**
 * `POST /tabula/v1/faults`: what the next `requests` API requests outside `/tabula/` suffer.
 * `latencyMs` delays each before it is handled; `status` answers it with that status instead,
 * `error: "quota"` as a storage quota error would (the two exclude each other).
 */
export interface FaultPlan {
  /** 1–1,000; 1 when absent. */
  requests?: number;
  /** 0–60,000. */
  latencyMs?: number;
  /** 400–599. */
  status?: number;
  error?: 'quota';
}

/** `GET /tabula/v1/faults`: what is armed, `requests` counting down; `null` when nothing is. */
export interface FaultsState {
  faults: (FaultPlan & { requests: number }) | null;
}

/** `GET /tabula/v1/status`: this host's start and how often each engine was loaded since. */
export interface TabulaStatus {
  /** When this service worker (or Node process) started, ISO 8601. */
  started: string;
  /** The database this status is of (`database=`; the instance's content database by default). */
  database: string;
  /** The databases open in this host now (each holds its engines in memory; an idle one is closed). */
  open: string[];
  /** Loads from IndexedDB since the database was opened by this host. */
  loads: { triples: number; search: number };
  /**
   * The engine host SPARQL queries run on (docs/decisions/0028-engine-host.md): whether one is
   * attached now, and how many were since the database was opened (each restart is one more).
   */
  engineHost: { attached: boolean; hosts: number };
}

/**
 * What an open console page posts to the service worker every ~20 s so the browser does not
 * stop it for being idle (src/console/lib/keep-worker-warm.ts; sw/sw.ts answers it).
 */
export interface KeepAliveMessage {
  type: 'tabula:keep-alive';
}

/**
 * What the service worker tells the origin's pages about its first start, on the
 * `tabula:startup` BroadcastChannel (sw/install-progress.ts posts, src/console/lib/startup-progress.ts
 * shows it): while installing, the bytes of the precached files (the console, the engine host
 * and the RDF engine's wasm) received of all there are; then that it is activating. A page may
 * post `{type: 'tabula:startup?'}` on the channel to hear where the worker is now.
 */
export interface StartupMessage {
  type: 'tabula:startup';
  phase: 'downloading' | 'activating';
  /** Bytes of the precached files received, or found already cached. */
  received: number;
  /** Bytes of all the precached files (0 while unknown). */
  total: number;
  /** The file being downloaded (`/web_bg.wasm`). */
  file?: string;
}

/**
 * The engine host (docs/decisions/0028-engine-host.md): a page of the origin starts a
 * dedicated worker (`/engine-host.js`) that runs SPARQL queries for the service worker.
 * What the page, the service worker and the host worker post to each other about it.
 */
export type EngineHostMessage =
  /** Page → service worker, with the port to the host worker: `id` names the host's Web Lock, held while it lives. */
  | { type: 'tabula:engine-host'; id: string }
  /** Service worker → pages: a (re)started service worker has no host; the page running one offers it again. */
  | { type: 'tabula:engine-host-wanted' }
  /** Service worker → the host's page: end that host (it is running a cancelled or overdue query) and start another. */
  | { type: 'tabula:engine-host-restart'; id: string }
  /** Page → host worker: hold the lock `tabula:engine-host:{id}`, then say `ready`. */
  | { type: 'tabula:engine-host-start'; id: string }
  /** Host worker → page: the lock is held; ports may come. */
  | { type: 'tabula:engine-host-ready' }
  /** Page → host worker, with a port: serve the service worker at its other end. */
  | { type: 'tabula:engine-host-port' };


/**
 * `GET`/`PUT /tabula/v1/settings`: Tabula's own settings (src/db/config/settings.ts). A PUT
 * sends the ones to change; the answer, and a GET, has them all.
 */
export interface TabulaSettings {
  /** The largest request body accepted, in bytes (1 MiB – 2 GiB; default 256 MiB). */
  'max-payload-bytes': number;
}
