/**
 * `GET /tabula/v1/scene` (export) and `PUT /tabula/v1/scene` (import): a whole database as
 * one zip archive, in the layout docs/scenes.md describes (src/db/scene). Tabula's own path
 * (docs/decisions/0025-scenes-and-tabula-paths.md). Admin only: a scene holds the users'
 * password digests, and an import replaces everything.
 *
 * | request                               | answer                                                       |
 * |---------------------------------------|--------------------------------------------------------------|
 * | GET /tabula/v1/scene                  | 200 application/zip, streamed; a download file name           |
 * | PUT /tabula/v1/scene[?mode=merge]     | 200 {"documents","triples","graphs","queryOptions"} written  |
 * | a damaged, truncated or invalid scene | 400 TABULA-BADSCENE naming the entry and the fault; nothing changed |
 * | PUT while another import runs          | 409 TABULA-BUSY                                              |
 * | GET /tabula/v1/scene/progress          | 200 {"importing":false} or {"importing":true,"phase","done","total"} |
 */
import type { Hono } from 'hono';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import type { SceneImported, SceneProgressAnswer } from '../wire/scenes';
import { Params } from './http/params';
import { endpoint } from './http/routing';
import { readBody } from './http/body';
import { limits } from '../db/limits';
import { DbError } from '../db/errors';

/** What the manifest names as the scene's writer. */
export const GENERATOR = 'tabula 0.1.0';

export function registerScene(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/scene/progress', {
    GET: (c) => {
      const params = new Params(c.req.raw);
      params.checkShared(deps.db.name);
      params.validate(['database']);
      requireRole(c, 'admin');
      const progress = deps.db.importProgress();
      return c.json((progress ? { importing: true, ...progress } : { importing: false }) satisfies SceneProgressAnswer);
    },
  });
  endpoint(app, '/scene', {
    GET: (c) => exportScene(c, deps),
    PUT: (c) => importScene(c, deps),
  });
}

function exportScene(c: ApiContext, deps: ApiDeps): Response {
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['database']);
  const stream = deps.db.exportScene(c.get('principal'), GENERATOR);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="tabula-${deps.db.name}-${day}.zip"`,
    },
  });
}

async function importScene(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['database', 'mode']);
  const mode = params.oneOf('mode', ['replace', 'merge'] as const) ?? 'replace';
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== '' && type !== 'application/zip' && type !== 'application/octet-stream' && type !== 'application/x-zip-compressed') {
    throw new DbError('RESTAPI-INVALIDMIMETYPE', `mime type: ${type}; a scene is application/zip`);
  }
  // The principal is checked before the body is read: a non-admin's upload is not worth receiving.
  requireRole(c, 'admin');
  const bytes = await readBody(c.req.raw, limits.maxSceneBytes);
  const written = await deps.db.importScene(bytes, mode, c.get('principal'));
  return c.json(written satisfies SceneImported, 200);
}
