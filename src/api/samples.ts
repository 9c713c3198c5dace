/**
 * The bundled sample scenes (src/db/samples): `GET /tabula/v1/samples` lists them,
 * `POST /tabula/v1/samples/{name}` replaces the database with one — through the same
 * import as any scene (docs/scenes.md), so a sample is checked as an uploaded scene would
 * be. Tabula's own paths (docs/decisions/0025-scenes-and-tabula-paths.md).
 *
 * | request                          | answer                                                   |
 * |----------------------------------|----------------------------------------------------------|
 * | GET /tabula/v1/samples           | 200 {"samples":[{"name","title","description"}]}         |
 * | POST /tabula/v1/samples/{name}   | 204 once the database holds the sample; admin only (403) |
 * | POST for a name that is no sample| 404 RESTAPI-NODOCUMENT naming the samples there are      |
 */
import type { Hono } from 'hono';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';
import { DbError } from '../db/errors';
import { samples } from '../db/samples';
import type { SamplesList } from '../wire/samples';

function prepare(c: ApiContext, deps: ApiDeps): void {
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['database']);
}

export function registerSamples(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/samples', {
    GET: (c) => {
      prepare(c, deps);
      const list: SamplesList = { samples: samples.map(({ name, title, description }) => ({ name, title, description })) };
      return c.json(list);
    },
  });
  endpoint(app, '/samples/:name', {
    POST: async (c) => {
      requireRole(c, 'admin');
      prepare(c, deps);
      const name = c.req.param('name');
      const sample = samples.find((s) => s.name === name);
      if (!sample) throw new DbError('RESTAPI-NODOCUMENT', `no sample named ${name}; the samples are ${samples.map((s) => s.name).join(', ')}`, 404);
      await deps.db.importScene(sample.entries(), 'replace', c.get('principal'));
      return c.body(null, 204);
    },
  });
}
