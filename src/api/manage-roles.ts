/**
 * Roles through the Management API: `GET|POST /manage/v2/roles`, `GET|DELETE
 * /manage/v2/roles/{name}`, `GET|PUT /manage/v2/roles/{name}/properties`. The payload
 * names what MarkLogic's role properties name: `role-name`, `description`, `role`
 * (inherited roles), `privilege` ({privilege-name, action, kind}) and `permission` (the
 * role's default permissions, {role-name, capability}). Admin or the security role only.
 * Built-in roles are listed and readable but cannot be changed or deleted.
 *
 * @example
 * POST /manage/v2/roles {"role-name":"sales","role":["rest-reader"],"permission":[{"role-name":"sales","capability":"read"}]} → 201
 * GET  /manage/v2/roles/sales/properties?format=json → {"role-name":"sales",…}
 */
import type { Hono } from 'hono';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { DbError } from '../db/errors';
import { md5Hex, type Privilege, type RoleLookup, type StoredRole } from '../db/security';
import { isObject } from '../db/util';
import { defaultListResponse, MANAGE_JSON_TYPE, MANAGE_XML_DECL, MANAGE_XML_TYPE, nameList, permissionEntries, permissionList, permissionsXml, readJsonPayload, requireSecurity, SECURITY_NS } from './manage-payload';


const roleUri = (name: string) => `/manage/v2/roles/${encodeURIComponent(name)}`;

/** A stable decimal id shaped like MarkLogic's, derived from the name. */
export const roleId = (name: string): string => BigInt(`0x${md5Hex(`role:${name}`).slice(0, 16)}`).toString(10);

const roleFields = new Set(['role-name', 'description', 'role', 'privilege', 'permission']);

function prepare(c: ApiContext, allowed: readonly string[]): Params {
  requireSecurity(c);
  const params = new Params(c.req.raw);
  params.validate(allowed);
  return params;
}

function privilegeList(value: unknown): Privilege[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((p: unknown) => {
    const entry = isObject(p) ? p : {};
    const { 'privilege-name': name, action, kind } = entry;
    if (typeof name !== 'string' || name === '' || typeof action !== 'string' || action === '' || (kind !== 'execute' && kind !== 'uri')) {
      throw new DbError('MANAGE-INVALIDPAYLOAD', 'each privilege needs a privilege-name, an action and a kind (execute or uri)');
    }
    const extra = Object.keys(entry).filter((k) => !['privilege-name', 'action', 'kind'].includes(k));
    if (extra.length) throw new DbError('MANAGE-INVALIDPAYLOAD', `unsupported privilege properties: ${extra.join(', ')}`);
    return { 'privilege-name': name, action, kind };
  });
}

/** The role a payload describes; `name` (from the path) for a PUT, where absent fields keep `current`'s values. */
async function readRole(req: Request, limit: number, roles: RoleLookup, current?: StoredRole): Promise<StoredRole> {
  const fields = await readJsonPayload(req, limit, 'role', roleFields);
  const name = fields['role-name'] ?? current?.name;
  if (typeof name !== 'string' || name.trim() === '') throw new DbError('MANAGE-INVALIDPAYLOAD', 'role-name is required (a non-empty string)');
  // ':' and control characters could not travel in a perm:{role} parameter or a header.
  // eslint-disable-next-line no-control-regex
  if (/[:\u0000-\u001f\u007f]/.test(name)) throw new DbError('MANAGE-INVALIDPAYLOAD', `role-name may not contain ':' or control characters: ${name}`);
  if (current && name !== current.name) throw new DbError('MANAGE-INVALIDPAYLOAD', `renaming a role is not supported: ${current.name}`);
  const description = fields.description ?? current?.description;
  if (description !== undefined && typeof description !== 'string') throw new DbError('MANAGE-INVALIDPAYLOAD', 'description must be a string');
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    roles: fields.role === undefined ? (current?.roles ?? []) : nameList(fields.role, 'role'),
    privileges: fields.privilege === undefined ? (current?.privileges ?? []) : privilegeList(fields.privilege),
    permissions: fields.permission === undefined ? (current?.permissions ?? []) : permissionList(fields.permission, roles, name),
  };
}

function renderList(c: ApiContext, format: 'json' | 'xml', roles: StoredRole[], startedAt: number): Response {
  const items = roles.map((x) => ({ uriref: roleUri(x.name), idref: roleId(x.name), nameref: x.name }));
  return defaultListResponse(c, 'role', '/manage/v2/roles', items, format, startedAt);
}

function renderRole(c: ApiContext, role: StoredRole, format: 'json' | 'xml'): Response {
  if (format === 'json') {
    const body = {
      'role-name': role.name,
      description: role.description ?? '',
      role: role.roles,
      privilege: role.privileges,
      permission: permissionEntries(role.permissions),
    };
    return c.body(JSON.stringify(body), 200, { 'content-type': MANAGE_JSON_TYPE });
  }
  const privileges = role.privileges
    .map((p) => `<privilege><privilege-name>${escapeXml(p['privilege-name'])}</privilege-name><action>${escapeXml(p.action)}</action><kind>${p.kind}</kind></privilege>`)
    .join('');
  const xml =
    `<role-properties xmlns="${SECURITY_NS}">` +
    `<role-name>${escapeXml(role.name)}</role-name><description>${escapeXml(role.description ?? '')}</description>` +
    `<roles>${role.roles.map((r) => `<role>${escapeXml(r)}</role>`).join('')}</roles>` +
    `<privileges>${privileges}</privileges>${permissionsXml(role.permissions)}</role-properties>`;
  return c.body(MANAGE_XML_DECL + xml, 200, { 'content-type': MANAGE_XML_TYPE });
}

function existing(c: ApiContext, deps: ApiDeps): StoredRole {
  const name = c.req.param('name') ?? '';
  const role = deps.db.roles.get(name);
  // The Management API answers 404 for a role path that names no role.
  if (!role) throw new DbError('SEC-ROLEDNE', `${name}`, 404);
  return role;
}

export function registerRoles(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const roles = deps.db.roles;
  const show = (c: ApiContext) => {
    const params = prepare(c, ['format']);
    return renderRole(c, existing(c, deps), structuredFormat(c.req.raw, params.one('format')));
  };

  endpoint(app, '/roles', {
    GET: (c) => {
      const startedAt = Date.now();
      const params = prepare(c, ['format']);
      return renderList(c, structuredFormat(c.req.raw, params.one('format')), roles.list(), startedAt);
    },
    POST: async (c) => {
      prepare(c, []);
      const created = await roles.create(await readRole(c.req.raw, deps.db.maxPayloadBytes, roles));
      return c.body(null, 201, { location: roleUri(created.name) });
    },
  });

  endpoint(app, '/roles/:name', {
    GET: show,
    DELETE: async (c) => {
      prepare(c, []);
      await roles.delete(c.req.param('name') ?? '');
      return c.body(null, 204);
    },
  });

  endpoint(app, '/roles/:name/properties', {
    GET: show,
    PUT: async (c) => {
      prepare(c, []);
      const current = existing(c, deps);
      const next = await readRole(c.req.raw, deps.db.maxPayloadBytes, roles, current);
      await roles.update(current.name, next);
      return c.body(null, 204);
    },
  });
}
