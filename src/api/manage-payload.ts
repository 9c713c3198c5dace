/**
 * What the security resources of the Management API (`/manage/v2/users`, `/manage/v2/roles`)
 * share: the JSON payload, the permission entries it names (`{"role-name":…,"capability":…}`,
 * one capability each, as MarkLogic's role and user properties list default permissions),
 * the list-of-names fields, the 403 for users who may not manage security, and the
 * JSON/XML rendering of a permission list.
 */
import { DbError } from '../db/errors';
import { capabilities, type Capability, normalisePermissions, type Permission } from '../db/documents';
import { maySecure, type RoleLookup } from '../db/security';
import { isObject } from '../db/util';
import { readJsonObject } from './http/body';
import type { ApiContext } from './http/context';
import { escapeXml } from './http/xml-text';

export const SECURITY_NS = 'http://marklogic.com/manage/security';

/** 403 SEC-PRIV unless the acting user is admin or holds the security role. */
export function requireSecurity(c: ApiContext): void {
  if (!maySecure(c.get('principal'))) throw new DbError('SEC-PRIV');
}

/** A JSON object payload; `fields` are the keys this resource supports (others are refused by name). */
export async function readJsonPayload(req: Request, limit: number, what: string, fields: ReadonlySet<string>): Promise<Record<string, unknown>> {
  const body = await readJsonObject(req, limit, what, {
    json: (reason) => new DbError('XDMP-JSONDOC', reason),
    shape: (message) => new DbError('MANAGE-INVALIDPAYLOAD', message),
  });
  const unknown = Object.keys(body).filter((k) => !fields.has(k));
  if (unknown.length > 0) throw new DbError('MANAGE-INVALIDPAYLOAD', `unsupported ${what} properties: ${unknown.join(', ')}`);
  return body;
}

/** A role name or a list of them (`role`). */
export function nameList(value: unknown, field: string): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || !list.every((r): r is string => typeof r === 'string' && r !== '')) {
    throw new DbError('MANAGE-INVALIDPAYLOAD', `${field} must be a name or an array of non-empty names`);
  }
  return [...new Set(list)];
}

/**
 * `permission`: `[{"role-name":"r","capability":"read"}, …]` (one object also accepted).
 * Every role must exist, except `self` (a role naming itself in its own defaults).
 */
export function permissionList(value: unknown, roles: RoleLookup, self?: string): Permission[] {
  const list = Array.isArray(value) ? value : [value];
  const out: Permission[] = list.map((p: unknown) => {
    const entry = isObject(p) ? p : undefined;
    const role = entry?.['role-name'];
    const capability = entry?.capability;
    if (typeof role !== 'string' || typeof capability !== 'string') {
      throw new DbError('MANAGE-INVALIDPAYLOAD', 'each permission needs a role-name and a capability');
    }
    const extra = Object.keys(entry!).filter((k) => k !== 'role-name' && k !== 'capability');
    if (extra.length) throw new DbError('MANAGE-INVALIDPAYLOAD', `unsupported permission properties: ${extra.join(', ')}`);
    if (!capabilities.includes(capability as Capability)) {
      throw new DbError('MANAGE-INVALIDPAYLOAD', `invalid capability ${capability} for role ${role}; allowed: ${capabilities.join(', ')}`);
    }
    if (role !== self && !roles.has(role)) throw new DbError('SEC-ROLEDNE', `${role}`);
    return { 'role-name': role, capabilities: [capability as Capability] };
  });
  return normalisePermissions(out);
}

/** Permissions as the Management API lists them: one entry per role and capability. */
export const permissionEntries = (perms: readonly Permission[]) =>
  perms.flatMap((p) => p.capabilities.map((capability) => ({ 'role-name': p['role-name'], capability })));

export const permissionsXml = (perms: readonly Permission[]): string =>
  `<permissions>${permissionEntries(perms)
    .map((p) => `<permission><role-name>${escapeXml(p['role-name'])}</role-name><capability>${p.capability}</capability></permission>`)
    .join('')}</permissions>`;

export const MANAGE_XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const MANAGE_JSON_TYPE = 'application/json; charset=utf-8';
export const MANAGE_XML_TYPE = 'application/xml; charset=utf-8';

/** One entry of a Management API list: its address, numeric id and name. */
export interface ListItem {
  uriref: string;
  idref: string;
  nameref: string;
}

/** The namespace of the Management API's database resources. */
export const DATABASES_NS = 'http://marklogic.com/manage/databases';

/**
 * A Management API `…-default-list` (`user-default-list`, `role-default-list`,
 * `database-default-list`), as JSON or as XML in the security (or databases) namespace,
 * with the `meta` block the server sends.
 */
export function defaultListResponse(c: ApiContext, kind: 'user' | 'role' | 'database', uri: string, items: readonly ListItem[], format: 'json' | 'xml', startedAt: number): Response {
  const meta = { uri, 'current-time': new Date().toISOString(), 'elapsed-time': { units: 'sec', value: (Date.now() - startedAt) / 1000 } };
  const root = `${kind}-default-list`;
  if (format === 'json') {
    const body = { [root]: { meta, 'list-items': { 'list-count': { units: 'quantity', value: items.length }, 'list-item': items } } };
    return c.body(JSON.stringify(body), 200, { 'content-type': MANAGE_JSON_TYPE });
  }
  const xmlItems = items
    .map((i) => `<list-item><uriref>${escapeXml(i.uriref)}</uriref><idref>${i.idref}</idref><nameref>${escapeXml(i.nameref)}</nameref></list-item>`)
    .join('');
  const xml =
    `<${root} xmlns="${kind === 'database' ? DATABASES_NS : SECURITY_NS}">` +
    `<meta><uri>${meta.uri}</uri><current-time>${meta['current-time']}</current-time>` +
    `<elapsed-time units="sec">${meta['elapsed-time'].value}</elapsed-time></meta>` +
    `<list-items><list-count units="quantity">${items.length}</list-count>${xmlItems}</list-items></${root}>`;
  return c.body(MANAGE_XML_DECL + xml, 200, { 'content-type': MANAGE_XML_TYPE });
}
