/**
 * `/v1/rest-apis`: REST instances (MarkLogic's REST API reference, /v1/rest-apis; the
 * REST Application Developer's Guide, "Administering REST Client API Instances").
 *
 * - `POST /v1/rest-apis` with `{"rest-api": {"name": …}}` (or the `rapi:rest-api` XML form)
 *   creates an instance, and its content and modules databases when they do not exist:
 *   201. Only `name` is required; an instance's databases default to `<name>` and
 *   `<name>-modules`, its port to the next free one from 8003. A taken name or port is 400
 *   REST-INVALIDPARAM. In the Node host the port then answers (src/node/serve.ts); in the
 *   browser the instance is reached through `/tabula/instances/<name>/…` (src/api/dispatch.ts).
 * - `GET /v1/rest-apis[?database=&group=&format=]` lists them (the built-in `App-Services`
 *   first), `GET /v1/rest-apis/{name}` reads one, `DELETE /v1/rest-apis/{name}
 *   [?include=content&include=modules]` removes one and, asked to, its databases: 204.
 *
 * Roles: rest-admin, as MarkLogic asks (a rest-writer gets 403).
 */
import type { Hono } from 'hono';
import type { Element as XmlElement } from '@xmldom/xmldom';
import type { ApiContext, ApiDeps, ApiEnv } from './http/context';
import { requireRole } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { readJsonOrXmlText } from './http/body';
import { escapeXml } from './http/xml-text';
import { DbError } from '../db/errors';
import { parseJson } from '../db/json';
import { parseXml } from '../db/xml';
import type { InstanceRecord, InstanceSpec } from '../db/catalog';
import type { RestApiJson, RestApiListJson } from '../wire/instances';

const REST_API_NS = 'http://marklogic.com/rest-api';
const FIELDS = ['name', 'group', 'database', 'modules-database', 'port', 'error-format', 'forests-per-host', 'xdbc-enabled'] as const;
type Field = (typeof FIELDS)[number];

const invalid = (message: string) => new DbError('REST-INVALIDPARAM', message);

function toJson(i: InstanceRecord): RestApiJson {
  return { name: i.name, group: i.group, database: i.database, 'modules-database': i.modulesDatabase, port: String(i.port), 'error-format': i.errorFormat };
}

function instanceXml(i: InstanceRecord): string {
  const json = toJson(i);
  return `<rapi:rest-api>${Object.entries(json)
    .map(([k, v]) => `<rapi:${k}>${escapeXml(v)}</rapi:${k}>`)
    .join('')}</rapi:rest-api>`;
}

/** The payload's fields as strings (XML) or JSON values, before they are checked. */
async function readPayload(req: Request, limit: number): Promise<Partial<Record<Field, unknown>>> {
  const { json, text } = await readJsonOrXmlText(req, limit, '{"rest-api": {"name": …}}', invalid);
  let fields: Record<string, unknown>;
  if (json) {
    const body = parseJson(text, 'the instance', (reason) => new DbError('XDMP-JSONDOC', reason));
    const root = (body as Record<string, unknown> | null)?.['rest-api'];
    if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length !== 1 || typeof root !== 'object' || root === null || Array.isArray(root)) {
      throw invalid('the payload must be {"rest-api": {…}}');
    }
    fields = root as Record<string, unknown>;
  } else {
    const doc = parseXml(text, { what: 'the instance' }).documentElement;
    if (!doc || doc.namespaceURI !== REST_API_NS || doc.localName !== 'rest-api') throw invalid(`the payload must be a rest-api element in the ${REST_API_NS} namespace`);
    fields = {};
    for (let n = doc.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === n.TEXT_NODE && (n.nodeValue ?? '').trim() === '') continue;
      const el = n as XmlElement;
      if (n.nodeType !== n.ELEMENT_NODE || el.namespaceURI !== REST_API_NS) throw invalid(`unexpected content in rest-api: ${n.nodeName}`);
      const name = el.localName ?? el.nodeName;
      if (name in fields) throw invalid(`${name} is given twice`);
      fields[name] = (el.textContent ?? '').trim();
    }
  }
  const unknown = Object.keys(fields).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw invalid(`unsupported rest-api properties: ${unknown.join(', ')}`);
  return fields as Partial<Record<Field, unknown>>;
}

const optionalString = (value: unknown, field: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw invalid(`${field} must be a non-empty string`);
  return value;
};

/** A whole number given as a number or a string of digits. */
const wholeNumber = (value: unknown, field: string): number | undefined => {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw invalid(`${field} must be a whole number: ${JSON.stringify(value)}`);
  return n;
};

function instanceSpec(fields: Partial<Record<Field, unknown>>): InstanceSpec {
  const name = optionalString(fields.name, 'name');
  if (name === undefined) throw invalid('name is required');
  const errorFormat = optionalString(fields['error-format'], 'error-format');
  if (errorFormat !== undefined && errorFormat !== 'json' && errorFormat !== 'xml') {
    throw invalid(`error-format ${errorFormat}: Tabula answers errors in json or xml (html and compatible are not supported)`);
  }
  // Accepted because MarkLogic's deployment scripts send them; neither changes what Tabula does (decision 0034).
  const forests = wholeNumber(fields['forests-per-host'], 'forests-per-host');
  if (forests !== undefined && forests < 1) throw invalid(`forests-per-host must be at least 1: ${forests}`);
  const xdbc = fields['xdbc-enabled'];
  if (xdbc !== undefined && typeof xdbc !== 'boolean' && xdbc !== 'true' && xdbc !== 'false') throw invalid(`xdbc-enabled must be true or false: ${JSON.stringify(xdbc)}`);
  return {
    name,
    group: optionalString(fields.group, 'group'),
    database: optionalString(fields.database, 'database'),
    modulesDatabase: optionalString(fields['modules-database'], 'modules-database'),
    port: wholeNumber(fields.port, 'port'),
    errorFormat,
  };
}

function respond(c: ApiContext, format: 'json' | 'xml', json: unknown, xml: string): Response {
  if (format === 'json') return c.body(JSON.stringify(json), 200, { 'content-type': 'application/json; charset=utf-8' });
  return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8' });
}

export function registerRestApis(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/rest-apis', {
    GET: (c) => {
      requireRole(c, 'rest-admin');
      const params = new Params(c.req.raw);
      params.validate(['format', 'database', 'group']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      const database = params.one('database');
      const group = params.one('group');
      const list = deps.databases.instances().filter((i) => (database === undefined || i.database === database) && (group === undefined || i.group === group));
      const json = { 'rest-apis': list.map(toJson) } satisfies RestApiListJson;
      return respond(c, format, json, `<rapi:rest-apis xmlns:rapi="${REST_API_NS}">${list.map(instanceXml).join('')}</rapi:rest-apis>`);
    },
    POST: async (c) => {
      requireRole(c, 'rest-admin');
      new Params(c.req.raw).validate([]);
      const spec = instanceSpec(await readPayload(c.req.raw, deps.db.maxPayloadBytes));
      const { instance } = await deps.databases.createInstance(spec, c.get('principal'));
      return c.body(null, 201, { location: `/v1/rest-apis/${encodeURIComponent(instance.name)}` });
    },
  });
  endpoint(app, '/rest-apis/:name', {
    GET: (c) => {
      requireRole(c, 'rest-admin');
      const params = new Params(c.req.raw);
      params.validate(['format']);
      const format = structuredFormat(c.req.raw, params.one('format'));
      const instance = deps.databases.instance(c.req.param('name') ?? '');
      if (!instance) throw new DbError('RESTAPI-NOTFOUND', `instance ${c.req.param('name') ?? ''} does not exist`, 404);
      return respond(c, format, toJson(instance), instanceXml(instance).replace('<rapi:rest-api>', `<rapi:rest-api xmlns:rapi="${REST_API_NS}">`));
    },
    DELETE: async (c) => {
      requireRole(c, 'rest-admin');
      const params = new Params(c.req.raw);
      params.validate(['include']);
      const include = params.all('include');
      const bad = include.filter((i) => i !== 'content' && i !== 'modules');
      if (bad.length > 0) throw invalid(`include=${bad[0]}; allowed: content, modules`);
      await deps.databases.deleteInstance(c.req.param('name') ?? '', { content: include.includes('content'), modules: include.includes('modules') }, c.get('principal'));
      return c.body(null, 204);
    },
  });
}
