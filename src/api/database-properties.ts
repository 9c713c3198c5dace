/**
 * `GET` and `PUT /manage/v2/databases/{db}/properties`: the database's range indexes and
 * lexicons (MarkLogic’s Management API reference, database properties). `{db}` is any
 * database of the server (src/db/catalog); another name is 404 XDMP-NOSUCHDB, as the
 * Management API answers.
 *
 * Representations: JSON is a flat object (`database-name`, `range-element-index`,
 * `range-element-attribute-index`, `collection-lexicon`, `uri-lexicon`); XML is
 * `<database-properties>` in the manage namespace, lists wrapped as the server wraps
 * them (`<range-element-indexes><range-element-index>…`). GET answers JSON for
 * `format=json` or a JSON Accept, XML otherwise (the server's default, as for users).
 * PUT takes either, by Content-Type: each property sent replaces that setting (arrays
 * whole), the rest stay; 204.
 *
 * Roles: reading needs manage-user, writing manage-admin (admin has both).
 *
 * @example
 * PUT /manage/v2/databases/Documents/properties
 *   {"range-element-index":[{"scalar-type":"int","namespace-uri":"","localname":"year","collation":"","range-value-positions":false,"invalid-values":"reject"}]}
 *   → 204
 */
import type { Hono } from 'hono';
import type { Element as XmlElement } from '@xmldom/xmldom';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { readJsonOrXmlText } from './http/body';
import { DbError } from '../db/errors';
import type { Database } from '../db/database';
import { parseXml } from '../db/xml';
import type { IndexSettings, RangeElementAttributeIndex, RangeElementIndex } from '../db/indexes';
import { parseJson } from '../db/json';

const MANAGE_DB_NS = 'http://marklogic.com/manage/database/properties';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The Management API's roles; admin holds every privilege. */
export function requireManageRole(c: ApiContext, role: 'manage-user' | 'manage-admin'): void {
  const roles = c.get('principal').roles;
  if (roles.has('admin') || roles.has('manage-admin') || roles.has(role)) return;
  throw new DbError('SEC-PRIV');
}

/** Role, then parameters (`group-id` is accepted and means nothing: databases are not per group), then the database. */
async function prepare(c: ApiContext, deps: ApiDeps, role: 'manage-user' | 'manage-admin'): Promise<{ params: Params; db: Database }> {
  requireManageRole(c, role);
  const params = new Params(c.req.raw);
  params.validate(['format', 'group-id']);
  const db = await deps.databases.get(c.req.param('db') ?? '', 404);
  return { params, db };
}

type Entry = RangeElementIndex | RangeElementAttributeIndex;

/** Field order of each list's entries, as the server writes them. */
const elementFieldOrder: ReadonlyArray<keyof RangeElementIndex> = ['scalar-type', 'namespace-uri', 'localname', 'collation', 'range-value-positions', 'invalid-values'];
const attributeFieldOrder: ReadonlyArray<keyof RangeElementAttributeIndex> = [
  'scalar-type',
  'parent-namespace-uri',
  'parent-localname',
  'namespace-uri',
  'localname',
  'collation',
  'range-value-positions',
  'invalid-values',
];

const lists = [
  { name: 'range-element-index', wrapper: 'range-element-indexes', fields: elementFieldOrder as readonly string[] },
  { name: 'range-element-attribute-index', wrapper: 'range-element-attribute-indexes', fields: attributeFieldOrder as readonly string[] },
] as const;
const booleans = ['collection-lexicon', 'uri-lexicon'] as const;

function renderJson(name: string, settings: IndexSettings): string {
  const ordered = (entry: Entry, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, (entry as unknown as Record<string, unknown>)[f]]));
  const body: Record<string, unknown> = { 'database-name': name };
  for (const list of lists) body[list.name] = (settings[list.name] as Entry[]).map((e) => ordered(e, list.fields));
  for (const b of booleans) body[b] = settings[b];
  return JSON.stringify(body);
}

function renderXml(name: string, settings: IndexSettings): string {
  const el = (n: string, text: string) => (text === '' ? `<${n}/>` : `<${n}>${escapeXml(text)}</${n}>`);
  let xml = `<database-properties xmlns="${MANAGE_DB_NS}">${el('database-name', name)}`;
  for (const list of lists) {
    const entries = (settings[list.name] as Entry[])
      .map((e) => `<${list.name}>${list.fields.map((f) => el(f, String((e as unknown as Record<string, unknown>)[f]))).join('')}</${list.name}>`)
      .join('');
    xml += entries ? `<${list.wrapper}>${entries}</${list.wrapper}>` : `<${list.wrapper}/>`;
  }
  for (const b of booleans) xml += el(b, String(settings[b]));
  return XML_DECL + `${xml}</database-properties>`;
}

function childElements(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === n.ELEMENT_NODE) out.push(n as XmlElement);
    else if (n.nodeType === n.TEXT_NODE && (n.nodeValue ?? '').trim() !== '') {
      throw new DbError('MANAGE-INVALIDPAYLOAD', `unexpected text in ${el.nodeName}`);
    }
  }
  return out;
}

/** A property element: in the manage namespace; its local name. */
function propertyName(el: XmlElement): string {
  if (el.namespaceURI !== MANAGE_DB_NS) throw new DbError('MANAGE-INVALIDPAYLOAD', `element ${el.nodeName} is not in the ${MANAGE_DB_NS} namespace`);
  return el.localName ?? el.nodeName;
}

function textOnly(el: XmlElement): string {
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === n.ELEMENT_NODE) throw new DbError('MANAGE-INVALIDPAYLOAD', `${el.nodeName} must hold text only`);
  }
  return el.textContent ?? '';
}

/**
 * An XML payload as the JSON object the same settings would be: wrappers become arrays,
 * each entry an object of its fields' text (validation then treats both forms alike).
 */
function xmlPayload(text: string): Record<string, unknown> {
  const root = parseXml(text, { what: 'database properties' }).documentElement;
  if (!root || root.namespaceURI !== MANAGE_DB_NS || root.localName !== 'database-properties') {
    throw new DbError('MANAGE-INVALIDPAYLOAD', `expected a database-properties root element in the ${MANAGE_DB_NS} namespace`);
  }
  const out: Record<string, unknown> = {};
  for (const child of childElements(root)) {
    const name = propertyName(child);
    const list = lists.find((l) => l.wrapper === name);
    const key = list ? list.name : name;
    if (key in out) throw new DbError('MANAGE-INVALIDPAYLOAD', `${name} is given twice`);
    // No property's text has meaningful surrounding whitespace; pretty-printed payloads add some.
    if (!list) {
      out[key] = textOnly(child).trim();
      continue;
    }
    out[key] = childElements(child).map((entry) => {
      if (propertyName(entry) !== list.name) throw new DbError('MANAGE-INVALIDPAYLOAD', `${list.wrapper} holds ${list.name} elements, not ${entry.nodeName}`);
      const fields: Record<string, string> = {};
      for (const field of childElements(entry)) {
        const f = propertyName(field);
        if (f in fields) throw new DbError('MANAGE-INVALIDPAYLOAD', `${list.name} gives ${f} twice`);
        fields[f] = textOnly(field).trim();
      }
      return fields;
    });
  }
  return out;
}

export async function readPayload(req: Request, limit: number): Promise<Record<string, unknown>> {
  const { json, text } = await readJsonOrXmlText(req, limit, 'database properties', (message) => new DbError('MANAGE-INVALIDPAYLOAD', message));
  if (!json) return xmlPayload(text);
  const body = parseJson(text, 'database properties', (reason) => new DbError('XDMP-JSONDOC', reason));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DbError('MANAGE-INVALIDPAYLOAD', 'database properties must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export function registerDatabaseProperties(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/databases/:db/properties', {
    GET: async (c) => {
      const { params, db } = await prepare(c, deps, 'manage-user');
      const format = structuredFormat(c.req.raw, params.one('format'));
      const settings = await db.indexes.get();
      if (format === 'json') return c.body(renderJson(db.name, settings), 200, { 'content-type': 'application/json; charset=utf-8' });
      return c.body(renderXml(db.name, settings), 200, { 'content-type': 'application/xml; charset=utf-8' });
    },
    PUT: async (c) => {
      const { db } = await prepare(c, deps, 'manage-admin');
      const { 'database-name': name, ...rest } = await readPayload(c.req.raw, deps.db.maxPayloadBytes);
      if (name !== undefined && name !== db.name) {
        throw new DbError('MANAGE-INVALIDPAYLOAD', `database-name ${JSON.stringify(name)}: renaming the database is not supported (it is ${db.name})`);
      }
      await db.indexes.update(rest);
      return c.body(null, 204);
    },
  });
}
