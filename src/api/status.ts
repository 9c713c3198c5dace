/**
 * `GET /tabula/v1/status`: when this host — the service worker, or the Node process — started,
 * and how many times each engine (the triple store, the search index) has been loaded from
 * IndexedDB since. A browser stops an idle worker and the next request starts a new one, which
 * loads its engines again (docs/architecture.md, Storage and durability): a changed `started`
 * or a grown count says a request paid for that cold start. Any authenticated user. Tabula's
 * own path (docs/decisions/0025-scenes-and-tabula-paths.md).
 */
import type { Hono } from 'hono';
import type { TabulaStatus } from '../wire/tabula';
import type { ApiDeps, ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';

/**
 * Read when the module is evaluated: in the service worker that is the worker's start (it is
 * one chunk, evaluated once per start), in Node the process's.
 */
const STARTED = new Date().toISOString();

export function registerStatus(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/status', {
    GET: (c) => {
      const params = new Params(c.req.raw);
      params.checkShared(deps.db.name);
      params.validate([]);
      return c.json({ started: STARTED, database: deps.db.name, open: deps.databases.openNames(), loads: deps.db.engineLoads(), engineHost: deps.db.engineHost() } satisfies TabulaStatus);
    },
  });
}
