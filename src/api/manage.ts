/**
 * The management paths under `/manage/v2` that Tabula implements: users
 * (reference/marklogic-rest.md §9.2), which need the admin role, and the database's
 * index properties (§9.3, ./database-properties.ts).
 *
 * @example
 * POST /manage/v2/users {"user-name":"alice","password":"s3cret","role":["rest-writer"]} → 201
 * GET  /manage/v2/users?format=json → {"user-default-list":{…,"list-items":{"list-count":…,"list-item":[…]}}}
 */
import type { Hono } from 'hono';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { mediaType, structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { readBody } from './http/body';
import { DbError } from '../db/errors';
import { userId, type NewUser } from '../db/security/users';
import type { StoredUser } from '../db/security/types';
import { registerDatabaseProperties } from './database-properties';
import { parseJson } from '../db/json/parse';

const SECURITY_NS = 'http://marklogic.com/manage/security';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

const userUri = (name: string) => `/manage/v2/users/${encodeURIComponent(name)}`;

/** Admin role, then only the parameters `allowed`. */
function prepare(c: ApiContext, allowed: readonly string[]): Params {
  requireRole(c, 'admin');
  const params = new Params(c.req.raw);
  params.validate(allowed);
  return params;
}

function renderList(c: ApiContext, format: 'json' | 'xml', users: StoredUser[], startedAt: number): Response {
  const meta = {
    uri: '/manage/v2/users',
    'current-time': new Date().toISOString(),
    'elapsed-time': { units: 'sec', value: (Date.now() - startedAt) / 1000 },
  };
  const items = users.map((u) => ({ uriref: userUri(u.name), idref: userId(u.name), nameref: u.name }));
  if (format === 'json') {
    const body = {
      'user-default-list': {
        meta,
        'list-items': { 'list-count': { units: 'quantity', value: items.length }, 'list-item': items },
      },
    };
    return c.body(JSON.stringify(body), 200, { 'content-type': JSON_TYPE });
  }
  const xmlItems = items
    .map((i) => `<list-item><uriref>${escapeXml(i.uriref)}</uriref><idref>${i.idref}</idref><nameref>${escapeXml(i.nameref)}</nameref></list-item>`)
    .join('');
  const xml =
    `<user-default-list xmlns="${SECURITY_NS}">` +
    `<meta><uri>${meta.uri}</uri><current-time>${meta['current-time']}</current-time>` +
    `<elapsed-time units="sec">${meta['elapsed-time'].value}</elapsed-time></meta>` +
    `<list-items><list-count units="quantity">${items.length}</list-count>${xmlItems}</list-items>` +
    `</user-default-list>`;
  return c.body(XML_DECL + xml, 200, { 'content-type': XML_TYPE });
}

/** A user's properties; never the password digest. */
function renderUser(c: ApiContext, user: StoredUser, format: 'json' | 'xml'): Response {
  if (format === 'json') {
    const body = { 'user-name': user.name, description: user.description ?? '', role: user.roles };
    return c.body(JSON.stringify(body), 200, { 'content-type': JSON_TYPE });
  }
  const xml =
    `<user-properties xmlns="${SECURITY_NS}">` +
    `<user-name>${escapeXml(user.name)}</user-name>` +
    `<description>${escapeXml(user.description ?? '')}</description>` +
    `<roles>${user.roles.map((r) => `<role>${escapeXml(r)}</role>`).join('')}</roles>` +
    `</user-properties>`;
  return c.body(XML_DECL + xml, 200, { 'content-type': XML_TYPE });
}

const userFields = new Set(['user-name', 'password', 'role', 'description']);

/** The JSON payload of `POST /manage/v2/users`, checked field by field. */
async function readNewUser(req: Request, limit: number): Promise<NewUser> {
  const type = mediaType(req.headers.get('content-type'));
  if (!/^(application|text)\/([^+]+\+)?json$/.test(type)) {
    throw new DbError('RESTAPI-INVALIDMIMETYPE', `mime type: ${type || 'none'}; a user is created from a JSON payload`);
  }
  const bytes = await readBody(req, limit);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (e) {
    throw new DbError('XDMP-JSONDOC', e instanceof Error ? e.message : String(e));
  }
  const body = parseJson(text, 'user payload', (reason) => new DbError('XDMP-JSONDOC', reason));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'the user payload must be a JSON object');
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((k) => !userFields.has(k));
  if (unknown.length > 0) throw new DbError('RESTAPI-INVALIDCONTENT', `unsupported user properties: ${unknown.join(', ')}`);
  const { 'user-name': name, password, description } = fields;
  const role = fields.role ?? [];
  if (typeof name !== 'string' || name === '') throw new DbError('RESTAPI-INVALIDCONTENT', 'user-name is required (a non-empty string)');
  if (typeof password !== 'string' || password === '') throw new DbError('RESTAPI-INVALIDCONTENT', 'password is required (a non-empty string)');
  if (description !== undefined && typeof description !== 'string') throw new DbError('RESTAPI-INVALIDCONTENT', 'description must be a string');
  const roles = typeof role === 'string' ? [role] : role;
  if (!Array.isArray(roles) || !roles.every((r): r is string => typeof r === 'string')) {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'role must be a role name or an array of role names');
  }
  return { name, password, roles, description };
}

/** The `:name` path segment; endpoint() handlers are not typed by their path, hence the check. */
function nameParam(c: ApiContext): string {
  const name = c.req.param('name');
  if (name === undefined) throw new Error(`route for ${c.req.path} has no :name segment`);
  return name;
}

export function registerManage(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const users = deps.db.users;

  registerDatabaseProperties(app, deps);

  endpoint(app, '/users', {
    GET: async (c) => {
      const startedAt = Date.now();
      const params = prepare(c, ['format']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      return renderList(c, format, await users.list(), startedAt);
    },
    POST: async (c) => {
      prepare(c, []);
      const created = await users.create(await readNewUser(c.req.raw, deps.db.maxPayloadBytes));
      return c.body(null, 201, { location: userUri(created.name) });
    },
  });

  endpoint(app, '/users/:name', {
    GET: async (c) => {
      const params = prepare(c, ['format']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      const name = nameParam(c);
      const user = await users.get(name);
      if (!user) throw new DbError('SEC-USERDNE', `User does not exist: ${name}`);
      return renderUser(c, user, format);
    },
    DELETE: async (c) => {
      prepare(c, []);
      await users.delete(nameParam(c));
      return c.body(null, 204);
    },
  });
}
