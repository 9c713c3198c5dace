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
  /** Loads from IndexedDB since the database was opened by this host. */
  loads: { triples: number; search: number };
}

/**
 * What an open console page posts to the service worker every ~20 s so the browser does not
 * stop it for being idle (src/console/lib/keep-worker-warm.ts; sw/sw.ts answers it).
 */
export interface KeepAliveMessage {
  type: 'tabula:keep-alive';
}

/**
 * `GET`/`PUT /tabula/v1/settings`: Tabula's own settings (src/db/config/settings.ts). A PUT
 * sends the ones to change; the answer, and a GET, has them all.
 */
export interface TabulaSettings {
  /** The largest request body accepted, in bytes (1 MiB – 2 GiB; default 256 MiB). */
  'max-payload-bytes': number;
}
