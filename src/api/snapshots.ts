/**
 * Named snapshots kept in the browser (docs/scenes.md, Snapshots; src/db/snapshots): the
 * database saved as a scene under a name, listed, downloaded, restored, deleted. Tabula's
 * own paths (docs/decisions/0025-scenes-and-tabula-paths.md); admin only, as scenes are.
 *
 * | request                                      | answer                                              |
 * |----------------------------------------------|-----------------------------------------------------|
 * | GET /tabula/v1/snapshots                     | 200 {"snapshots":[{name, created, size, counts}]}   |
 * | PUT /tabula/v1/snapshots/{name}              | 201 (new) or 200 (replaced), the snapshot's entry   |
 * | GET /tabula/v1/snapshots/{name}              | 200 application/zip, the scene it holds             |
 * | POST /tabula/v1/snapshots/{name}/restore     | 200 what was restored (as PUT /tabula/v1/scene)     |
 * | DELETE /tabula/v1/snapshots/{name}           | 204; 404 when there is none                         |
 */
import type { Hono } from 'hono';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import type { SceneImported, SnapshotInfo, SnapshotList } from '../wire/scenes';
import { Params } from './http/params';
import { endpoint } from './http/routing';
import { bytesBody } from './http/body';
import { DbError } from '../db/errors';
import { GENERATOR } from './scene';

const missing = (name: string) => new DbError('RESTAPI-NODOCUMENT', `snapshot ${name} does not exist`, 404);

/** Admin first (as every scene operation), then the parameters (only `database`). */
function prepare(c: ApiContext, deps: ApiDeps): void {
  requireRole(c, 'admin');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['database']);
}

/** The name as the client wrote it, percent-decoded (by the router, once). */
const nameOf = (c: ApiContext): string => c.req.param('name') ?? '';

export function registerSnapshots(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const snapshots = deps.db.snapshots;
  endpoint(app, '/snapshots', {
    GET: async (c) => {
      prepare(c, deps);
      return c.json({ snapshots: await snapshots.list() } satisfies SnapshotList);
    },
  });
  endpoint(app, '/snapshots/:name/restore', {
    POST: async (c) => {
      prepare(c, deps);
      return c.json((await deps.db.restoreSnapshot(nameOf(c), c.get('principal'))) satisfies SceneImported);
    },
  });
  endpoint(app, '/snapshots/:name', {
    GET: async (c) => {
      prepare(c, deps);
      const name = nameOf(c);
      const archive = await snapshots.read(name);
      if (!archive) throw missing(name);
      return new Response(bytesBody(archive), {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${encodeURIComponent(name)}.zip"` },
      });
    },
    PUT: async (c) => {
      prepare(c, deps);
      const name = nameOf(c);
      const existed = (await snapshots.info(name)) !== undefined;
      const info = await deps.db.saveSnapshot(name, c.get('principal'), GENERATOR);
      return c.json(info satisfies SnapshotInfo, existed ? 200 : 201);
    },
    DELETE: async (c) => {
      prepare(c, deps);
      const name = nameOf(c);
      if (!(await snapshots.delete(name))) throw missing(name);
      return c.body(null, 204);
    },
  });
}
