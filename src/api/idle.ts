/**
 * `GET /tabula/v1/idle`: 204 once every write queued before the request has finished and
 * the background work the database had due — the search snapshot, the triple store's
 * compaction, range index builds — is done (`Database.idle`, src/db/database.ts). For tests
 * and demos that must not race the database's quiet-time work. It starts nothing (an engine
 * not loaded stays so). Any authenticated user; within the request's time limit
 * (XDMP-EXTIME past it, docs/decisions/0016-time-limit.md). Tabula's own path
 * (docs/decisions/0025-scenes-and-tabula-paths.md).
 */
import type { Hono } from 'hono';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';

export function registerIdle(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/idle', { GET: (c) => idle(c, deps) });
}

async function idle(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate([]);
  await deps.db.idle(c.get('deadline'));
  return c.body(null, 204);
}
