/**
 * `POST /tabula/v1/reset`: the whole database back to empty — documents, graphs, option
 * sets, index settings and instance properties gone, users and roles back to the seeded
 * ones (src/db/reset.ts). Tabula's own path: MarkLogic has no such operation, and nothing
 * under `/tabula/` can collide with its API (docs/decisions/0025-scenes-and-tabula-paths.md).
 * Admin only (403 SEC-PRIV, as the Management API answers non-admins); 204 once committed.
 */
import type { Hono } from 'hono';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';

export function registerReset(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/reset', { POST: (c) => reset(c, deps) });
}

async function reset(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['database']);
  await deps.db.reset(c.get('principal'));
  return c.body(null, 204);
}
