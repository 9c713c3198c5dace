/**
 * `/v1/ext`: assets in the instance's modules database (MarkLogic's REST Application
 * Developer's Guide, "Managing Dependent Libraries and Other Assets"). The dispatcher hands
 * these requests to the modules database's app (src/api/dispatch.ts), so `deps.db` here is
 * the modules database.
 *
 * - `PUT /v1/ext/{directories}/{asset}` stores the body, byte for byte, at the URI
 *   `/ext/{directories}/{asset}` with the request's Content-Type: 201 created, 204 replaced.
 *   `perm:{role}={capability}` adds permissions to the defaults every asset has. rest-admin.
 * - `GET` of an asset answers its bytes with the type it was stored with; of a directory
 *   (`/v1/ext/`, `/v1/ext/{directories}/`, ending in `/`) the list of assets under it, 404
 *   when there is none. rest-reader.
 * - `DELETE` removes an asset, or every asset under a directory. rest-admin.
 *
 * Tabula stores modules but runs none (docs/decisions/0034-databases-and-instances.md):
 * what would execute one is refused where it is asked for.
 *
 * @example
 * PUT /v1/ext/marklogic/snippet/custom/extractFirst.xqy  (Content-Type: application/xquery) → 201
 * GET /v1/ext/marklogic/ → {"assets":[{"asset":"/ext/marklogic/snippet/custom/extractFirst.xqy"}]}
 */
import type { Hono } from 'hono';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { requireRole } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { mediaType, structuredFormat } from './http/negotiate';
import { bytesBody, readBody } from './http/body';
import { escapeXml } from './http/xml-text';
import { metadataFromParams } from './documents-metadata';
import { DbError } from '../db/errors';
import type { Permission } from '../db/documents';
import type { ExtAssetList } from '../wire/instances';

const REST_API_NS = 'http://marklogic.com/rest-api';

/** Every asset's permissions, besides those `perm:` adds: rest-admin maintains it, rest-reader reads it. */
const ASSET_PERMISSIONS: Permission[] = [
  { 'role-name': 'rest-admin', capabilities: ['read', 'update', 'execute'] },
  { 'role-name': 'rest-reader', capabilities: ['read', 'execute'] },
];

interface ExtPath {
  /** The document URI: `/ext/…`. */
  uri: string;
  /** A directory (the path ends in `/`, or is `/v1/ext` itself). */
  directory: boolean;
}

/** The asset or directory the request path names; `..`, `.` and empty steps are refused. */
function extPath(c: ApiContext): ExtPath {
  const path = new URL(c.req.url).pathname;
  const rest = path.replace(/^\/(v1|LATEST)\/ext/, '');
  if (rest === '' || rest === '/') return { uri: '/ext/', directory: true };
  const directory = rest.endsWith('/');
  const steps = rest.slice(1, directory ? -1 : undefined).split('/');
  const decoded = steps.map((step) => {
    let text: string;
    try {
      text = decodeURIComponent(step);
    } catch {
      throw new DbError('REST-INVALIDPARAM', `the asset path ${rest} is not UTF-8 once percent-decoded`);
    }
    if (text === '' || text === '.' || text === '..' || text.includes('/')) {
      throw new DbError('REST-INVALIDPARAM', `the asset path ${rest} has an empty, "." or ".." step`);
    }
    return text;
  });
  return { uri: `/ext/${decoded.join('/')}${directory ? '/' : ''}`, directory };
}

function renderList(c: ApiContext, uris: readonly string[], format: 'json' | 'xml'): Response {
  if (format === 'json') {
    const body = { assets: uris.map((asset) => ({ asset })) } satisfies ExtAssetList;
    return c.body(JSON.stringify(body), 200, { 'content-type': 'application/json; charset=utf-8' });
  }
  const items = uris.map((u) => `<rapi:asset>${escapeXml(u)}</rapi:asset>`).join('');
  return c.body(`<rapi:assets xmlns:rapi="${REST_API_NS}">${items}</rapi:assets>`, 200, { 'content-type': 'application/xml; charset=utf-8' });
}

/** The URIs of the assets under a directory the user may read, in order. */
async function assetsUnder(deps: ApiDeps, c: ApiContext, directory: string): Promise<string[]> {
  const page = await deps.db.documents.list({ directory }, c.get('principal'), 1, Number.MAX_SAFE_INTEGER);
  return page.documents.map((d) => d.uri).sort();
}

export function registerExt(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const handlers = {
    GET: async (c: ApiContext) => {
      requireRole(c, 'rest-reader');
      const params = new Params(c.req.raw);
      const { uri, directory } = extPath(c);
      if (directory) {
        params.validate(['format']);
        const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
        const uris = await assetsUnder(deps, c, uri);
        if (uris.length === 0) throw new DbError('RESTAPI-NODOCUMENT', `no assets under ${uri}`, 404);
        return renderList(c, uris, format);
      }
      params.validate([]);
      const doc = await deps.db.documents.read(uri, c.get('principal'));
      if (!doc) throw new DbError('RESTAPI-NODOCUMENT', `asset ${uri} does not exist`, 404);
      const bytes = typeof doc.content === 'string' ? new TextEncoder().encode(doc.content) : doc.content;
      return new Response(bytesBody(bytes), { status: 200, headers: { 'content-type': doc.mimeType } });
    },
    PUT: async (c: ApiContext) => {
      requireRole(c, 'rest-admin');
      const params = new Params(c.req.raw);
      params.validate(['format'], ['perm:']);
      params.oneOf('format', ['xml', 'text', 'binary', 'json'] as const);
      const { uri, directory } = extPath(c);
      if (directory) throw new DbError('REST-INVALIDPARAM', `PUT needs an asset, not a directory: ${uri}`);
      const type = mediaType(c.req.header('content-type')) || 'application/octet-stream';
      const bytes = await readBody(c.req.raw, deps.db.maxPayloadBytes);
      const perms = metadataFromParams(params, deps.db.roles)?.permissions?.value ?? [];
      // Kept as bytes whatever the type: an asset comes back exactly as it was sent.
      const [outcome] = await deps.db.documents.write(
        [{ uri, content: { format: 'binary', content: bytes, mimeType: type }, metadata: { permissions: { mode: 'replace', value: [...ASSET_PERMISSIONS, ...perms] } } }],
        c.get('principal'),
        c.get('deadline'),
      );
      return c.body(null, outcome.created ? 201 : 204);
    },
    DELETE: async (c: ApiContext) => {
      requireRole(c, 'rest-admin');
      new Params(c.req.raw).validate([]);
      const { uri, directory } = extPath(c);
      const uris = directory ? await assetsUnder(deps, c, uri) : [uri];
      if (uris.length > 0) await deps.db.documents.remove(uris, c.get('principal'), { deadline: c.get('deadline') });
      return c.body(null, 204);
    },
  };
  endpoint(app, '/ext', handlers);
  endpoint(app, '/ext/*', handlers);
}
