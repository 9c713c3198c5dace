/**
 * `GET /tabula/v1/settings` (any authenticated user) and `PUT /tabula/v1/settings` (admin): Tabula's
 * own settings, which MarkLogic keeps where a REST client does not reach — today the largest
 * request body accepted, `max-payload-bytes` (src/db/config/settings.ts, docs/limits.md). A PUT
 * names the settings to change; every one is checked before anything is written (400
 * RESTAPI-INVALIDCONTENT), and it answers with them all. Tabula's own path
 * (docs/decisions/0025-scenes-and-tabula-paths.md).
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import type { TabulaSettings } from '../wire/tabula';
import { readJsonObject } from './http/body';
import { requireRole, type ApiDeps, type ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';

/** A settings body is a few dozen bytes; this bounds it whatever the payload limit is. */
const MAX_BODY_BYTES = 64 * 1024;

/** `database` (which database's settings) is the only parameter. */
function sharedOnly(req: Request, database: string): void {
  const params = new Params(req);
  params.checkShared(database);
  params.validate([]);
}

export function registerSettings(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/settings', {
    GET: (c) => {
      sharedOnly(c.req.raw, deps.db.name);
      return c.json(deps.db.settings.get() satisfies TabulaSettings);
    },
    PUT: async (c) => {
      requireRole(c, 'admin');
      sharedOnly(c.req.raw, deps.db.name);
      const invalid = (message: string) => new DbError('RESTAPI-INVALIDCONTENT', message);
      const changes = await readJsonObject(c.req.raw, Math.min(MAX_BODY_BYTES, deps.db.maxPayloadBytes), 'settings', {
        json: (reason) => invalid(`the settings body is not JSON: ${reason}`),
        shape: invalid,
      });
      return c.json((await deps.db.settings.update(changes)) satisfies TabulaSettings);
    },
  });
}
