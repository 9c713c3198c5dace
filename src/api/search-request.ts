/**
 * Reading what a search request asks (shared by `/v1/search`, `/v1/qbe` and
 * `/v1/suggest`): the body's parts (structured, combined, cts or QBE, JSON or XML) and the
 * parameters, handed to the database, which resolves the options and assembles the query
 * (src/db/search/assemble.ts).
 */
import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { DbError } from '../db/errors';
import { normalizeOptions, optionsFromElement } from '../db/options';
import {
  assembleQuery as assembleFromParts,
  MalformedQuery,
  parseXmlAs,
  QBE_NS,
  QuerySourceFailure,
  type AssembledQuery,
  type QueryBodyParts as BodyParts,
  type QueryEndpoint,
  type QueryParameters,
  type QuerySource,
} from '../db/search';
import { isObject, strictUtf8 } from '../db/util';
import { CTS_NS, SEARCH_NS } from '../db/xml';
import type { ApiDeps } from './http/context';
import type { Params } from './http/params';
import { mediaType } from './http/negotiate';
import { readBody } from './http/body';
import { parseJson } from '../db/json';

/** The options and the query of a request. A GET has no body; a POST's body is read first. */
export async function assembleQuery(req: Request, params: Params, deps: ApiDeps, endpoint: QueryEndpoint): Promise<AssembledQuery> {
  const body = req.method === 'POST' ? await readSearchBody(req, deps, endpoint === 'qbe' ? 'qbe' : 'search') : undefined;
  return assembledFrom(endpoint, params, body, deps);
}

/** The query of parameters and body parts already read (undefined: no body), failures reported as the API reports them. */
export async function assembledFrom(endpoint: QueryEndpoint, params: QueryParameters, body: BodyParts | undefined, deps: ApiDeps): Promise<AssembledQuery> {
  try {
    return await assembleFromParts(endpoint, params, body, deps.db);
  } catch (e) {
    throw e instanceof QuerySourceFailure ? reportedAs(e.source, e.error) : e;
  }
}

type QueryCode = 'REST-INVALIDPARAM' | 'RESTAPI-INVALIDCONTENT';

/**
 * The codes MarkLogic's REST layer gives a failing part of a search by where it came from
 * (every other part keeps the database's code):
 * - a structured query or QBE in a URL parameter: a malformed one is a bad parameter;
 * - a body's string queries and inline options: every 400 of theirs, an unknown
 *   constraint included, is the body's invalid content.
 */
const REPORTED_AS: Record<QuerySource, { code: QueryCode; recodes: (e: DbError) => boolean }> = {
  parameter: { code: 'REST-INVALIDPARAM', recodes: (e) => e instanceof MalformedQuery },
  qtext: { code: 'RESTAPI-INVALIDCONTENT', recodes: isQueryFault },
  options: { code: 'RESTAPI-INVALIDCONTENT', recodes: isQueryFault },
};

function isQueryFault(e: DbError): boolean {
  return e.status === 400 && (e.code === 'REST-INVALIDPARAM' || e.code === 'RESTAPI-INVALIDCONTENT');
}

/** `error`, a failure of a part of a search from `source`, as the API reports it. */
export function reportedAs(source: QuerySource, error: DbError): DbError {
  const { code, recodes } = REPORTED_AS[source];
  if (error.code === code || !recodes(error)) return error;
  return error instanceof MalformedQuery ? error.reportedAs(code) : new DbError(code, error.detail);
}

/** Runs `parse` (a part of a search from `source`), its failures reported as {@link reportedAs} says. */
export function reported<T>(source: QuerySource, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw e instanceof DbError ? reportedAs(source, e) : e;
  }
}

/** The parts of a POST body: structured, combined or QBE, JSON or XML (MarkLogic’s REST Application Developer’s Guide, combined queries). */
async function readSearchBody(req: Request, deps: ApiDeps, kind: 'search' | 'qbe'): Promise<BodyParts> {
  const bytes = await readBody(req, deps.db.maxPayloadBytes);
  if (bytes.byteLength === 0) return { qtext: [] };
  const type = mediaType(req.headers.get('content-type'));
  const text = strictUtf8(bytes, () => new DbError('RESTAPI-INVALIDCONTENT', 'the request body is not UTF-8'));
  if (isJson(type)) return jsonBody(text, kind);
  if (isXml(type)) return xmlBody(text, kind);
  if (type === 'multipart/mixed') throw new DbError('REST-INVALIDMIMETYPE', 'a multipart query (XML QBE with options) is not accepted; send a combined query');
  throw new DbError('REST-INVALIDMIMETYPE', `a search body is JSON or XML, not ${type || 'untyped'}`);
}

export const isJson = (t: string) => t === 'application/json' || t === 'text/json' || t.endsWith('+json');
export const isXml = (t: string) => t === 'application/xml' || t === 'text/xml' || t.endsWith('+xml');

const parseJsonQuery = (text: string): Record<string, unknown> => {
  const json = parseJson(text, 'query', (reason) => new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: the body is not well-formed JSON: ${reason}`));
  if (!isObject(json)) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: the body must be a JSON object');
  return json;
};

const jsonBody = (text: string, kind: 'search' | 'qbe'): BodyParts => jsonParts(parseJsonQuery(text), kind);

function jsonParts(json: Record<string, unknown>, kind: 'search' | 'qbe'): BodyParts {
  if (kind === 'qbe') {
    // The client's form: {"search": {"options": …, "$query": …}}, or the QBE itself.
    if (isObject(json.search)) {
      const { options, ...qbe } = json.search;
      return { qbe: { json: qbe }, qtext: [], ...inlineOptionsOf(options) };
    }
    return { qbe: { json }, qtext: [] };
  }
  const keys = Object.keys(json);
  // A QBE is accepted by /v1/search as by /v1/qbe, with its own $format, $validate and $response beside $query.
  if ('$query' in json && keys.every((k) => QBE_KEYS.includes(k))) return { qbe: { json }, qtext: [] };
  if (keys.length !== 1) throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query root object structure: expected one of query, ctsquery, search, $query; got ${keys.join(', ') || 'nothing'}`);
  if ('query' in json) return { structured: { json: json.query }, qtext: [] };
  if ('ctsquery' in json) return { cts: { json }, qtext: [] };
  if (!('search' in json)) {
    throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query root object structure: ${keys[0]} is not a query (expected query, ctsquery, search or $query)`);
  }
  const s = json.search;
  if (!isObject(s)) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: search must be an object');
  const parts: BodyParts = { qtext: [] };
  const kinds = ['query', '$query', 'ctsquery'].filter((k) => k in s);
  if (kinds.length > 1) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: Too many subqueries');
  const qbeExtras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === 'query') parts.structured = { json: value };
    else if (key === '$query') parts.qbe = { json: { $query: value } };
    else if (key === 'qtext') parts.qtext = qtextOf(value);
    else if (key === 'options') Object.assign(parts, inlineOptionsOf(value));
    else if (key === 'ctsquery') parts.cts = { json: { ctsquery: value } };
    else if (key === '$format' || key === '$validate' || key === '$response') qbeExtras[key] = value;
    else throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: unknown key ${key} in a combined query`);
  }
  if (Object.keys(qbeExtras).length > 0) {
    if (!parts.qbe) throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: ${Object.keys(qbeExtras).join(', ')} belong to a query by example ($query)`);
    parts.qbe = { json: { ...(parts.qbe as { json: Record<string, unknown> }).json, ...qbeExtras } };
  }
  return parts;
}

const QBE_KEYS = ['$query', '$format', '$validate', '$response'];

function inlineOptionsOf(value: unknown): Pick<BodyParts, 'inlineOptions'> {
  if (value === undefined) return {};
  return { inlineOptions: reported('options', () => normalizeOptions(value)) };
}

function qtextOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string')) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: qtext must be a string or an array of strings');
  return list as string[];
}

const xmlBody = (text: string, kind: 'search' | 'qbe'): BodyParts => xmlParts(parseXmlAs(text, 'query'), kind);

function xmlParts(root: Element, kind: 'search' | 'qbe'): BodyParts {
  if (root.namespaceURI === QBE_NS) return { qbe: { xml: root }, qtext: [] };
  if (kind === 'qbe') throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: a query by example in XML is q:qbe or q:query in ${QBE_NS}`);
  if (root.namespaceURI === CTS_NS) return { cts: { xml: root }, qtext: [] };
  if (root.namespaceURI !== SEARCH_NS) throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: expected search:query or search:search in ${SEARCH_NS}, or a cts query in ${CTS_NS}`);
  if (root.localName === 'query') return { structured: { xml: root }, qtext: [] };
  if (root.localName !== 'search') throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: search:${root.localName} is not a query`);
  const parts: BodyParts = { qtext: [] };
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) {
      if (n.nodeType === 3 && (n.nodeValue ?? '').trim() !== '') throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: unexpected text in search:search');
      continue;
    }
    const el = n as unknown as Element;
    const name = el.localName;
    const tooMany = () => parts.qbe || parts.structured || parts.cts;
    if (el.namespaceURI === QBE_NS) {
      if (tooMany()) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: Too many subqueries');
      parts.qbe = { xml: el };
    } else if (el.namespaceURI === CTS_NS) {
      if (tooMany()) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: Too many subqueries');
      parts.cts = { xml: el };
    } else if (el.namespaceURI !== SEARCH_NS) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: unexpected element {${el.namespaceURI ?? ''}}${name} in search:search (expected search:query, a cts query, a QBE, search:qtext or search:options)`);
    } else if (name === 'query') {
      if (tooMany()) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: Too many subqueries');
      parts.structured = { xml: el };
    } else if (name === 'qtext') parts.qtext.push(el.textContent ?? '');
    else if (name === 'options') parts.inlineOptions = reported('options', () => optionsFromElement(el));
    else throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: unexpected search:${name} in search:search`);
  }
  return parts;
}

/**
 * A combined query carrying a SPARQL query (`POST /v1/graphs/sparql` with a JSON or XML body,
 * as the official clients send a SPARQL query with a document query): `{"search": {…,
 * "sparql": "SELECT …"}}`, or `search:search` holding `search:sparql`. The rest is a combined
 * search and restricts the documents whose triples the query sees. `key` is the search part
 * as sent, without the SPARQL text: the same restriction under another query has the same key.
 */
export function sparqlCombinedQuery(text: string, type: string): { parts: BodyParts; sparql: string; key: string } {
  if (isJson(type)) {
    const json = parseJsonQuery(text);
    const keys = Object.keys(json);
    if (keys.length !== 1 || !isObject(json.search)) {
      throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: a SPARQL query with a document query is {"search": {…, "sparql": "…"}}, not ${keys.join(', ') || 'an empty object'}`);
    }
    const { sparql, ...search } = json.search;
    if (typeof sparql !== 'string') throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: search.sparql must hold the SPARQL query as a string');
    return { parts: jsonParts({ search }, 'search'), sparql, key: JSON.stringify(search) };
  }
  if (isXml(type)) {
    const root = parseXmlAs(text, 'query');
    if (root.namespaceURI !== SEARCH_NS || root.localName !== 'search') {
      throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: a SPARQL query with a document query is search:search (in ${SEARCH_NS}) holding search:sparql`);
    }
    const found: Element[] = [];
    for (let n = root.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1 && (n as Element).namespaceURI === SEARCH_NS && (n as Element).localName === 'sparql') found.push(n as Element);
    }
    if (found.length !== 1) throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: search:search must hold one search:sparql with the SPARQL query, not ${found.length}`);
    const sparql = found[0].textContent ?? '';
    root.removeChild(found[0]);
    return { parts: xmlParts(root, 'search'), sparql, key: new XMLSerializer().serializeToString(root) };
  }
  throw new DbError('RESTAPI-INVALIDMIMETYPE', `unsupported Content-Type for SPARQL: ${type}`);
}

export function positiveInt(params: Params, name: string, fallback: number, min: number): number {
  const raw = params.one(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) throw new DbError('REST-INVALIDPARAM', `${name} must be an integer >= ${min}: ${raw}`);
  return Number(raw);
}

