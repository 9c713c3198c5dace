/**
 * `/v1/config/properties` and `/v1/config/properties/{name}`: the instance properties
 * (MarkLogic’s REST Application Developer’s Guide, error reporting). Reads need rest-reader, writes rest-admin.
 *
 * Representations: JSON is a flat object (`{"debug":false,…}`, `{"debug":false}` for
 * one property); XML is `<rapi:properties>` with one child per property sorted by name,
 * or the single `<rapi:debug>` element. Request bodies come in either form, chosen by
 * Content-Type, then `format`, and XML when neither says (MarkLogic’s REST Application Developer’s Guide, content negotiation).
 *
 * @example
 * PUT /v1/config/properties  {"update-policy":"version-required"}  → 204
 * GET /v1/config/properties/update-policy?format=json              → {"update-policy":"version-required"}
 */
import type { Hono } from 'hono';
import type { Element as XmlElement } from '@xmldom/xmldom';
import { parseJson } from '../db/json';
import { parseXml } from '../db/xml';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { mediaType, structuredFormat, type DataFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { readBody } from './http/body';
import { DbError } from '../db/errors';
import { propertyFromText, propertyName, propertyNames, type InstanceProperties, type PropertyName } from '../db/config';
import { strictUtf8 } from '../db/util';
import { RAPI_NS } from '../db/xml';

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

const isJsonType = (t: string) => /^(application|text)\/([^+]+\+)?json$/.test(t);
const isXmlType = (t: string) => /^(application|text)\/([^+]+\+)?xml$/.test(t);

function render(c: ApiContext, format: DataFormat, props: Partial<InstanceProperties>, single?: PropertyName): Response {
  const names = propertyNames.filter((n) => props[n] !== undefined);
  if (format === 'json') {
    const ordered = Object.fromEntries(names.map((n) => [n, props[n]]));
    return c.body(JSON.stringify(ordered), 200, { 'content-type': 'application/json; charset=utf-8' });
  }
  const element = (n: PropertyName, ns = '') => `<rapi:${n}${ns}>${escapeXml(String(props[n]))}</rapi:${n}>`;
  const xml = single
    ? element(single, ` xmlns:rapi="${RAPI_NS}"`)
    : `<rapi:properties xmlns:rapi="${RAPI_NS}">${names.map((n) => element(n)).join('')}</rapi:properties>`;
  return c.body(XML_DECL + xml, 200, { 'content-type': 'application/xml; charset=utf-8' });
}

/** The body's format: Content-Type if it says JSON or XML, else `format`, else XML; anything else is 415. */
function bodyFormat(req: Request, formatParam: string | undefined): DataFormat {
  const type = mediaType(req.headers.get('content-type'));
  if (isJsonType(type)) return 'json';
  if (isXmlType(type)) return 'xml';
  if (formatParam === 'json' || formatParam === 'xml') return formatParam;
  if (type === '') return 'xml';
  throw new DbError('RESTAPI-INVALIDMIMETYPE', `mime type: ${type}; properties are JSON or XML`);
}

function rootElement(text: string): XmlElement {
  const doc = parseXml(text, { what: 'properties', malformed: (e) => new DbError('RESTAPI-INVALIDCONTENT', `invalid XML: ${e.detail || e.message}`) });
  if (!doc.documentElement) throw new DbError('RESTAPI-INVALIDCONTENT', 'invalid XML: missing root element');
  return doc.documentElement;
}

/** A property element: in the rest-api namespace, text only. Returns its name and typed value. */
function xmlProperty(el: XmlElement): [PropertyName, unknown] {
  if (el.namespaceURI !== RAPI_NS) {
    throw new DbError('RESTAPI-INVALIDCONTENT', `element ${el.nodeName} is not in the ${RAPI_NS} namespace`);
  }
  const name = propertyName(el.localName ?? el.nodeName);
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === n.ELEMENT_NODE) throw new DbError('RESTAPI-INVALIDCONTENT', `property ${name} must hold text only`);
  }
  return [name, propertyFromText(name, el.textContent ?? '')];
}

function childElements(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === n.ELEMENT_NODE) out.push(n as XmlElement);
    else if (n.nodeType === n.TEXT_NODE && (n.nodeValue ?? '').trim() !== '') {
      throw new DbError('RESTAPI-INVALIDCONTENT', `unexpected text in ${el.nodeName}`);
    }
  }
  return out;
}

/**
 * The properties a PUT body sets, as name → value (XML values already typed). With
 * `single`, the body must hold exactly that property, bare (`<rapi:debug>`) or wrapped.
 */
async function readChanges(req: Request, params: Params, limit: number, single?: PropertyName): Promise<Record<string, unknown>> {
  const format = bodyFormat(req, params.oneOf('format', ['json', 'xml'] as const));
  const text = strictUtf8(await readBody(req, limit), () => new DbError('RESTAPI-INVALIDCONTENT', 'the request body is not valid UTF-8'));
  if (text.trim() === '') throw new DbError('RESTAPI-INVALIDCONTENT', 'empty request body; expected properties');
  const changes: Record<string, unknown> = {};
  if (format === 'json') {
    const value = parseJson(text, 'properties', (reason) => new DbError('XDMP-JSONDOC', reason));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new DbError('RESTAPI-INVALIDCONTENT', 'properties must be a JSON object');
    }
    Object.assign(changes, value);
  } else {
    const root = rootElement(text);
    const isWrapper = root.namespaceURI === RAPI_NS && root.localName === 'properties';
    const elements = isWrapper ? childElements(root) : single ? [root] : undefined;
    if (!elements) throw new DbError('RESTAPI-INVALIDCONTENT', `expected a rapi:properties root element, not ${root.nodeName}`);
    for (const el of elements) {
      const [name, value] = xmlProperty(el);
      if (name in changes) throw new DbError('RESTAPI-INVALIDCONTENT', `property ${name} given twice`);
      changes[name] = value;
    }
  }
  if (single) {
    const names = Object.keys(changes);
    if (names.length !== 1 || names[0] !== single) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `expected exactly the property ${single}, got: ${names.join(', ') || 'none'}`);
    }
  }
  return changes;
}

/** The `:name` path segment; endpoint() handlers are not typed by their path, hence the check. */
function nameParam(c: ApiContext): string {
  const name = c.req.param('name');
  if (name === undefined) throw new Error(`route for ${c.req.path} has no :name segment`);
  return name;
}

export function registerConfigProperties(app: Hono<ApiEnv>, deps: ApiDeps): void {
  const props = deps.db.properties;

  /** Role first (as the server authorises before validating), then the only parameter: format. */
  const prepare = (c: ApiContext, role: 'rest-reader' | 'rest-admin'): Params => {
    requireRole(c, role);
    const params = new Params(c.req.raw);
    params.checkShared(deps.db.name);
    params.validate(['format']);
    return params;
  };

  endpoint(app, '/config/properties', {
    GET: async (c) => {
      const params = prepare(c, 'rest-reader');
      const format = structuredFormat(c.req.raw, params.one('format'));
      return render(c, format, await props.get());
    },
    PUT: async (c) => {
      const params = prepare(c, 'rest-admin');
      await props.update(await readChanges(c.req.raw, params, deps.db.maxPayloadBytes));
      return c.body(null, 204);
    },
    DELETE: async (c) => {
      prepare(c, 'rest-admin');
      await props.reset();
      return c.body(null, 204);
    },
  });

  endpoint(app, '/config/properties/:name', {
    GET: async (c) => {
      const params = prepare(c, 'rest-reader');
      const name = propertyName(nameParam(c));
      const format = structuredFormat(c.req.raw, params.one('format'));
      const all = await props.get();
      return render(c, format, { [name]: all[name] }, name);
    },
    PUT: async (c) => {
      const params = prepare(c, 'rest-admin');
      const name = propertyName(nameParam(c));
      await props.update(await readChanges(c.req.raw, params, deps.db.maxPayloadBytes, name));
      return c.body(null, 204);
    },
    DELETE: async (c) => {
      prepare(c, 'rest-admin');
      await props.reset(nameParam(c));
      return c.body(null, 204);
    },
  });
}
