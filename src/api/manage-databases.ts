/**
 * `/manage/v2/databases`: the server's databases (MarkLogic's Management API reference,
 * databases; docs/decisions/0034-databases-and-instances.md).
 *
 * - `GET /manage/v2/databases` lists them (`database-default-list`; XML unless JSON is asked).
 * - `POST /manage/v2/databases` with `{"database-name": …}` and, optionally, index
 *   properties (those `PUT …/properties` takes) creates an empty one: 201. A taken name is
 *   400 ADMIN-DUPLICATENAME.
 * - `GET /manage/v2/databases/{name}` names it; with `view=counts` it says what the database
 *   holds: documents, their bytes, triples (which loads its triple store).
 * - `DELETE /manage/v2/databases/{name}` deletes it and everything it holds: 204. The home
 *   database (it keeps the users and roles) and one an instance uses are refused, 400
 *   MANAGE-INVALIDREQUEST.
 *
 * Roles: reading needs manage-user, the rest manage-admin (admin has both).
 */
import type { Hono } from 'hono';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { DbError } from '../db/errors';
import { userId } from '../db/security';
import { readPayload, requireManageRole } from './database-properties';
import { DATABASES_NS, defaultListResponse, MANAGE_JSON_TYPE, MANAGE_XML_DECL, MANAGE_XML_TYPE } from './manage-payload';
import type { DatabaseCountsJson, Quantity } from '../wire/instances';

const databaseUri = (name: string) => `/manage/v2/databases/${encodeURIComponent(name)}`;
/** A stable id for a name, as the Management API gives every resource a numeric one. */
const databaseId = (name: string) => userId(`database:${name}`);

function prepare(c: ApiContext, role: 'manage-user' | 'manage-admin', allowed: readonly string[]): Params {
  requireManageRole(c, role);
  const params = new Params(c.req.raw);
  params.validate(allowed);
  return params;
}

function renderCounts(c: ApiContext, name: string, counts: Awaited<ReturnType<ApiDeps['db']['counts']>>, format: 'json' | 'xml'): Response {
  const q = (value: number, units: Quantity['units'] = 'quantity'): Quantity => ({ units, value });
  const meta = { uri: databaseUri(name), 'current-time': new Date().toISOString() };
  const properties = {
    documents: q(counts.documents),
    'document-bytes': q(counts.documentBytes, 'bytes'),
    triples: q(counts.triples),
    'triple-chars': q(counts.tripleChars),
  };
  if (format === 'json') {
    const body = { 'database-counts': { meta, name, 'count-properties': properties } } satisfies DatabaseCountsJson;
    return c.body(JSON.stringify(body), 200, { 'content-type': MANAGE_JSON_TYPE });
  }
  const xml =
    `<database-counts xmlns="${DATABASES_NS}"><meta><uri>${escapeXml(meta.uri)}</uri><current-time>${meta['current-time']}</current-time></meta>` +
    `<name>${escapeXml(name)}</name><count-properties>` +
    Object.entries(properties)
      .map(([k, v]) => `<${k} units="${v.units}">${v.value}</${k}>`)
      .join('') +
    `</count-properties></database-counts>`;
  return c.body(MANAGE_XML_DECL + xml, 200, { 'content-type': MANAGE_XML_TYPE });
}

export function registerManageDatabases(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/databases', {
    GET: (c) => {
      const startedAt = Date.now();
      const params = prepare(c, 'manage-user', ['format', 'group-id', 'view']);
      params.oneOf('view', ['default'] as const);
      const format = structuredFormat(c.req.raw, params.one('format'));
      const items = deps.databases.names().map((name) => ({ uriref: databaseUri(name), idref: databaseId(name), nameref: name }));
      return defaultListResponse(c, 'database', '/manage/v2/databases', items, format, startedAt);
    },
    POST: async (c) => {
      prepare(c, 'manage-admin', ['format']);
      const { 'database-name': name, ...properties } = await readPayload(c.req.raw, deps.db.maxPayloadBytes);
      if (typeof name !== 'string' || name === '') throw new DbError('MANAGE-INVALIDPAYLOAD', 'database-name is required (a non-empty string)');
      const principal = c.get('principal');
      await deps.databases.createDatabase(name, principal);
      if (Object.keys(properties).length > 0) {
        try {
          await (await deps.databases.get(name)).indexes.update(properties);
        } catch (e) {
          // Created with its properties or not at all.
          await deps.databases.deleteDatabase(name, principal).catch(() => undefined);
          throw e;
        }
      }
      return c.body(null, 201, { location: databaseUri(name) });
    },
  });
  endpoint(app, '/databases/:db', {
    GET: async (c) => {
      const params = prepare(c, 'manage-user', ['format', 'group-id', 'view']);
      const view = params.oneOf('view', ['default', 'counts'] as const) ?? 'default';
      const format = structuredFormat(c.req.raw, params.one('format'));
      const name = c.req.param('db') ?? '';
      const db = await deps.databases.get(name, 404);
      if (view === 'counts') return renderCounts(c, name, await db.counts(), format);
      const meta = { uri: databaseUri(name), 'current-time': new Date().toISOString() };
      if (format === 'json') return c.body(JSON.stringify({ 'database-default': { meta, id: databaseId(name), name } }), 200, { 'content-type': MANAGE_JSON_TYPE });
      const xml = `<database-default xmlns="${DATABASES_NS}"><meta><uri>${escapeXml(meta.uri)}</uri><current-time>${meta['current-time']}</current-time></meta><id>${databaseId(name)}</id><name>${escapeXml(name)}</name></database-default>`;
      return c.body(MANAGE_XML_DECL + xml, 200, { 'content-type': MANAGE_XML_TYPE });
    },
    DELETE: async (c) => {
      prepare(c, 'manage-admin', ['group-id']);
      await deps.databases.deleteDatabase(c.req.param('db') ?? '', c.get('principal'));
      return c.body(null, 204);
    },
  });
}
