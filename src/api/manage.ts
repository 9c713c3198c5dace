/**
 * The management paths under `/manage/v2` that Tabula implements: users
 * (MarkLogic’s Management API reference, users and roles) and roles (./manage-roles.ts), which need admin or
 * the security role, and the database's index properties (MarkLogic’s Management API, database properties; ./database-properties.ts).
 * A user's `permission` list is its own default permissions.
 *
 * @example
 * POST /manage/v2/users {"user-name":"alice","password":"s3cret","role":["rest-writer"]} → 201
 * GET  /manage/v2/users?format=json → {"user-default-list":{…,"list-items":{"list-count":…,"list-item":[…]}}}
 */
import type { Hono } from 'hono';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { DbError } from '../db/errors';
import { type NewUser, type RoleLookup, type StoredUser, type UserChange, userId } from '../db/security';
import { registerDatabaseProperties } from './database-properties';
import { registerManageDatabases } from './manage-databases';
import { registerRoles } from './manage-roles';
import { defaultListResponse, MANAGE_JSON_TYPE, MANAGE_XML_DECL, MANAGE_XML_TYPE, nameList, permissionEntries, permissionList, permissionsXml, readJsonPayload, requireSecurity, SECURITY_NS } from './manage-payload';

const userUri = (name: string) => `/manage/v2/users/${encodeURIComponent(name)}`;

/** Admin or the security role, then only the parameters `allowed`. */
function prepare(c: ApiContext, allowed: readonly string[]): Params {
  requireSecurity(c);
  const params = new Params(c.req.raw);
  params.validate(allowed);
  return params;
}

function renderList(c: ApiContext, format: 'json' | 'xml', users: StoredUser[], startedAt: number): Response {
  const items = users.map((x) => ({ uriref: userUri(x.name), idref: userId(x.name), nameref: x.name }));
  return defaultListResponse(c, 'user', '/manage/v2/users', items, format, startedAt);
}

/** A user's properties; never the password digest. */
function renderUser(c: ApiContext, user: StoredUser, format: 'json' | 'xml'): Response {
  if (format === 'json') {
    const body = { 'user-name': user.name, description: user.description ?? '', role: user.roles, permission: permissionEntries(user.permissions ?? []) };
    return c.body(JSON.stringify(body), 200, { 'content-type': MANAGE_JSON_TYPE });
  }
  const xml =
    `<user-properties xmlns="${SECURITY_NS}">` +
    `<user-name>${escapeXml(user.name)}</user-name>` +
    `<description>${escapeXml(user.description ?? '')}</description>` +
    `<roles>${user.roles.map((r) => `<role>${escapeXml(r)}</role>`).join('')}</roles>` +
    permissionsXml(user.permissions ?? []) +
    `</user-properties>`;
  return c.body(MANAGE_XML_DECL + xml, 200, { 'content-type': MANAGE_XML_TYPE });
}

const userFields = new Set(['user-name', 'password', 'role', 'description', 'permission']);

const optionalString = (value: unknown, field: string): string | undefined => {
  if (value !== undefined && typeof value !== 'string') throw new DbError('MANAGE-INVALIDPAYLOAD', `${field} must be a string`);
  return value;
};

/** The JSON payload of `POST /manage/v2/users`, checked field by field. */
async function readNewUser(req: Request, limit: number, roles: RoleLookup): Promise<NewUser> {
  const fields = await readJsonPayload(req, limit, 'user', userFields);
  const { 'user-name': name, password } = fields;
  if (typeof name !== 'string' || name === '') throw new DbError('MANAGE-INVALIDPAYLOAD', 'user-name is required (a non-empty string)');
  if (typeof password !== 'string' || password === '') throw new DbError('MANAGE-INVALIDPAYLOAD', 'password is required (a non-empty string)');
  return {
    name,
    password,
    roles: fields.role === undefined ? [] : nameList(fields.role, 'role'),
    description: optionalString(fields.description, 'description'),
    permissions: fields.permission === undefined ? undefined : permissionList(fields.permission, roles),
  };
}

/** `PUT /manage/v2/users/{name}/properties`: the properties present replace the user's; renaming is not supported. */
async function readUserChange(req: Request, limit: number, name: string, roles: RoleLookup): Promise<UserChange> {
  const fields = await readJsonPayload(req, limit, 'user', userFields);
  if (fields['user-name'] !== undefined && fields['user-name'] !== name) {
    throw new DbError('MANAGE-INVALIDPAYLOAD', `renaming a user is not supported: ${name}`);
  }
  return {
    password: optionalString(fields.password, 'password'),
    description: optionalString(fields.description, 'description'),
    roles: fields.role === undefined ? undefined : nameList(fields.role, 'role'),
    permissions: fields.permission === undefined ? undefined : permissionList(fields.permission, roles),
  };
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
  registerManageDatabases(app, deps);
  registerRoles(app, deps);

  endpoint(app, '/users', {
    GET: async (c) => {
      const startedAt = Date.now();
      const params = prepare(c, ['format']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      return renderList(c, format, await users.list(), startedAt);
    },
    POST: async (c) => {
      prepare(c, []);
      const created = await users.create(await readNewUser(c.req.raw, deps.db.maxPayloadBytes, deps.db.roles));
      return c.body(null, 201, { location: userUri(created.name) });
    },
  });

  endpoint(app, '/users/:name', {
    GET: async (c) => {
      const params = prepare(c, ['format']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      const name = nameParam(c);
      const user = await users.get(name);
      if (!user) throw new DbError('SEC-USERDNE', name);
      return renderUser(c, user, format);
    },
    DELETE: async (c) => {
      prepare(c, []);
      await users.delete(nameParam(c));
      return c.body(null, 204);
    },
  });

  endpoint(app, '/users/:name/properties', {
    GET: async (c) => {
      const params = prepare(c, ['format']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      const name = nameParam(c);
      const user = await users.get(name);
      if (!user) throw new DbError('SEC-USERDNE', `${name}`);
      return renderUser(c, user, format);
    },
    PUT: async (c) => {
      prepare(c, []);
      const name = nameParam(c);
      await users.update(name, await readUserChange(c.req.raw, deps.db.maxPayloadBytes, name, deps.db.roles));
      return c.body(null, 204);
    },
  });
}
