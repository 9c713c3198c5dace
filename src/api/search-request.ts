/**
 * Reading what a search request asks (shared by `/v1/search`, `/v1/qbe` and
 * `/v1/suggest`): the option set — named, or `default`, merged with a combined query's
 * inline options (MarkLogic’s REST Application Developer’s Guide, combined queries) — and the query, from `q`, `structuredQuery`, the
 * body (structured, combined or QBE, JSON or XML), `collection` and `directory`, all
 * ANDed, with the options' `additional-query`.
 */
import type { Element } from '@xmldom/xmldom';
import { DbError } from '../db/errors';
import { isObject, strictUtf8 } from '../db/util';
import type { QueryOptions } from '../db/options/types';
import { mergeOptions } from '../db/options/merge';
import { normalizeOptions, optionsFromElement } from '../db/options/convert';
import { effectiveOptions, restDefaultOptions } from '../db/options/defaults';
import { validateOptions } from '../db/options/validate';
import { parseQueryText } from '../db/search/grammar';
import { parseStructuredQuery, parseStructuredQueryText, parseStructuredQueryXml, parseXmlAs } from '../db/search/structured';
import { SEARCH_NS } from '../db/xml/namespaces';
import { parseQbe, parseQbeText, parseQbeXml, QBE_NS, type ParsedQbe } from '../db/search/qbe';
import type { Query } from '../db/search/query-model';
import type { ApiDeps } from './http/context';
import { resolvedRangeIndexes } from '../db/indexes/config';
import { additionalQueries, CTS_NS, parseCtsJson, parseCtsXml } from '../db/search/cts';
import { typedRangeConstraints } from '../db/search/range-types';
import type { Params } from './http/params';
import { mediaType } from './http/negotiate';
import { readBody } from './http/body';
import { parseJson } from '../db/json/parse';

/** What a request body holds, before the options it may carry are known. */
interface BodyParts {
  structured?: { json: unknown } | { xml: Element };
  /** A serialised cts query: `{"ctsquery": …}` or a `<cts:*-query>` element (MarkLogic’s REST Application Developer’s Guide, combined queries). */
  cts?: { json: unknown } | { xml: Element };
  qbe?: { json: unknown } | { xml: Element };
  qtext: string[];
  inlineOptions?: QueryOptions;
}

export type QueryEndpoint = 'search' | 'qbe' | 'suggest';

export interface AssembledQuery {
  /** Every part ANDed (the options' empty query when there is none). */
  query: Query;
  /** The string queries as sent: `q` parameters, then the body's `qtext`. */
  qtext: string[];
  options: QueryOptions;
  /** The query by example, when there was one. */
  qbe?: ParsedQbe;
}

/** The options and the query of a request. `q` is part of the query except for suggest, where it restricts the documents. */
export async function assembleQuery(req: Request, params: Params, deps: ApiDeps, endpoint: QueryEndpoint): Promise<AssembledQuery> {
  const body = req.method === 'POST' ? await readSearchBody(req, deps, endpoint === 'qbe' ? 'qbe' : 'search') : { qtext: [] };
  if ([body.qbe, body.structured, body.cts].filter(Boolean).length > 1) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: Too many subqueries (a combined query holds one query)');
  const options = await resolveOptions(deps, params.one('options'), body.inlineOptions);

  const queries: Query[] = [];
  const qtext = [...params.all('q'), ...body.qtext];
  for (const q of params.all('q')) queries.push(parseQueryText(q, options));
  for (const q of body.qtext) queries.push(reThrownAs('RESTAPI-INVALIDCONTENT', () => parseQueryText(q, options)));
  if (endpoint !== 'qbe') {
    const structuredParam = params.one('structuredQuery');
    if (structuredParam !== undefined) queries.push(parseStructuredQueryText(structuredParam, options));
  }
  if (body.structured) {
    queries.push('json' in body.structured ? parseStructuredQuery(body.structured.json, options) : parseStructuredQueryXml(body.structured.xml, options));
  }
  let qbe: ParsedQbe | undefined;
  // A QBE comparison without $datatype, and a cts range value without an index type, take the type of the name's range index.
  const context = body.qbe || body.cts || endpoint === 'qbe' ? { rangeIndexes: resolvedRangeIndexes(await deps.db.indexes.get()) } : {};
  if (body.cts) queries.push('json' in body.cts ? parseCtsJson(body.cts.json, context) : parseCtsXml(body.cts.xml, context));
  const parsedQbe = (qbe: NonNullable<BodyParts['qbe']>, options: QueryOptions): ParsedQbe =>
    'json' in qbe ? parseQbe(qbe.json, options, context) : parseQbeXml(qbe.xml, options, context);
  if (endpoint === 'qbe') {
    const text = params.one('query');
    if (req.method === 'GET' && text === undefined) throw new DbError('REST-REQUIREDPARAM', 'Required parameter: query (a query by example)');
    qbe = text !== undefined ? parseQbeText(text, options, context) : body.qbe ? parsedQbe(body.qbe, options) : undefined;
    if (!qbe) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: POST /v1/qbe needs a query by example as its body');
  } else if (body.qbe) {
    qbe = parsedQbe(body.qbe, options);
  }
  if (qbe) queries.push(qbe.query);
  if (options['additional-query']?.length) {
    queries.push(...additionalQueries(options, { rangeIndexes: resolvedRangeIndexes(await deps.db.indexes.get()) }));
  }
  if (endpoint !== 'suggest') {
    const collections = params.all('collection');
    if (collections.length > 0) queries.push({ kind: 'collection', uris: collections });
    const directory = params.one('directory');
    if (directory !== undefined) {
      if (directory === '') throw new DbError('REST-INVALIDPARAM', 'directory must not be empty');
      queries.push({ kind: 'directory', uris: [directory.endsWith('/') ? directory : `${directory}/`], infinite: true });
    }
  }
  return { query: andOf(queries, options), qtext, options, ...(qbe ? { qbe } : {}) };
}

/**
 * The named options (or `default`), with a combined query's inline options merged in
 * (MarkLogic’s REST Application Developer’s Guide, combined queries), untyped range constraints typed from the database's range indexes.
 */
export async function resolveOptions(deps: ApiDeps, name: string | undefined, inline: QueryOptions | undefined): Promise<QueryOptions> {
  if (name === '') throw new DbError('REST-INVALIDPARAM', 'options must name an option set');
  const stored = await deps.db.queryOptions.get(name ?? 'default');
  if (name !== undefined && name !== 'default' && !stored) throw new DbError('REST-INVALIDPARAM', `No configured options: ${name}`);
  const base = stored ?? restDefaultOptions();
  let merged = base;
  if (inline) {
    merged = mergeOptions(base, inline);
    // The merged set is what must make sense: inline options may refer to stored constraints.
    if ((await deps.db.properties.get())['validate-options']) {
      reThrownAs('RESTAPI-INVALIDCONTENT', () => validateOptions(merged));
    }
  }
  return typedRangeConstraints(effectiveOptions(merged), resolvedRangeIndexes(await deps.db.indexes.get()));
}

/** Several queries are ANDed; none is the options' empty query (all results, unless it says none). */
export function andOf(queries: Query[], options: QueryOptions): Query {
  if (queries.length === 1) return queries[0];
  if (queries.length > 1) return { kind: 'and', queries };
  return options.term?.empty?.apply === 'no-results' ? { kind: 'false' } : { kind: 'true' };
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

const isJson = (t: string) => t === 'application/json' || t === 'text/json' || t.endsWith('+json');
const isXml = (t: string) => t === 'application/xml' || t === 'text/xml' || t.endsWith('+xml');

function jsonBody(text: string, kind: 'search' | 'qbe'): BodyParts {
  const json = parseJson(text, 'query', (reason) => new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: the body is not well-formed JSON: ${reason}`));
  if (!isObject(json)) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: the body must be a JSON object');
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
  return { inlineOptions: reThrownAs('RESTAPI-INVALIDCONTENT', () => normalizeOptions(value)) };
}

function qtextOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string')) throw new DbError('RESTAPI-INVALIDCONTENT', 'Invalid query: qtext must be a string or an array of strings');
  return list as string[];
}

function xmlBody(text: string, kind: 'search' | 'qbe'): BodyParts {
  const root = parseXmlAs(text, 'RESTAPI-INVALIDCONTENT', 'query');
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
    else if (name === 'options') parts.inlineOptions = reThrownAs('RESTAPI-INVALIDCONTENT', () => optionsFromElement(el));
    else throw new DbError('RESTAPI-INVALIDCONTENT', `Invalid query: unexpected search:${name} in search:search`);
  }
  return parts;
}


export function positiveInt(params: Params, name: string, fallback: number, min: number): number {
  const raw = params.one(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) throw new DbError('REST-INVALIDPARAM', `${name} must be an integer >= ${min}: ${raw}`);
  return Number(raw);
}


/** Runs `parse`, reporting its 400s under `code` (the same text is bad in a body and in a parameter differently). */
export function reThrownAs<T>(code: 'RESTAPI-INVALIDCONTENT' | 'REST-INVALIDPARAM', parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof DbError && e.status === 400 && (e.code === 'REST-INVALIDPARAM' || e.code === 'RESTAPI-INVALIDCONTENT') && e.code !== code) throw new DbError(code, e.detail);
    throw e;
  }
}

