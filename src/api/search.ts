/**
 * `/v1/search` and `/v1/qbe` (MarkLogic’s REST API reference, /v1/search):
 * - `GET /v1/search` with `q` (repeatable, ANDed), `structuredQuery`, `options`,
 *   `collection` (OR'd), `directory`, `start`, `pageLength`, `view`, `format`;
 *   no query at all matches every document;
 * - `POST /v1/search` with a structured query, a combined query (`{search: {query,
 *   qtext, options}}` or `<search:search>`) or a QBE, JSON or XML, ANDed with `q`;
 * - `GET`/`POST /v1/qbe` with a query by example (`view=structured|validate` too);
 * - `Accept: multipart/mixed`: the page's documents (and metadata, by `category`),
 *   the search response first when `view` asks for it (MarkLogic’s REST Application Developer’s Guide, reading documents matching a query);
 * - `DELETE /v1/search` removes a collection, a directory or everything (MarkLogic’s REST API reference, DELETE /v1/search).
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { QBE_NS, QbeError } from '../db/search';
import type { Query } from '../db/search';
import type { SearchRequest } from '../db/search';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { documentsFor, inTransaction, type RequestTransaction } from './http/transaction';
import { acceptTypes, mediaTypeParam, structuredFormat } from './http/negotiate';
import { assembleQuery, positiveInt } from './search-request';
import { bytesBody } from './http/body';
import { buildMultipart, newBoundary, type OutPart } from './http/multipart';
import { parseCategories } from './documents-metadata';
import { documentParts, isVersioned } from './documents';
import { combinedQueryJson, combinedQueryXml } from './serializers/query-serializer';
import { searchResponseJson, searchResponseXml } from './serializers/search-response';
import { escapeAttr, escapeText } from './serializers/markup';

export function registerSearch(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/search', {
    GET: (c) => search(c, deps, 'search'),
    POST: (c) => search(c, deps, 'search'),
    DELETE: (c) => removeAll(c, deps),
  });
  endpoint(app, '/qbe', {
    GET: (c) => search(c, deps, 'qbe'),
    POST: (c) => search(c, deps, 'qbe'),
  });
}

const SEARCH_PARAMS = ['q', 'structuredQuery', 'options', 'format', 'start', 'pageLength', 'view', 'category', 'collection', 'directory', 'database'];
const QBE_PARAMS = ['query', 'options', 'format', 'start', 'pageLength', 'view', 'category', 'collection', 'directory', 'database'];
const VIEWS = ['results', 'facets', 'metadata', 'all', 'none'] as const;
const QBE_VIEWS = [...VIEWS, 'structured', 'validate'] as const;

async function search(c: ApiContext, deps: ApiDeps, kind: 'search' | 'qbe'): Promise<Response> {
  requireRole(c, 'rest-reader');
  const req = c.req.raw;
  const params = new Params(req);
  params.checkShared(deps.db.name);
  const transaction = inTransaction(c, deps, params);
  params.refuseTransforms();
  params.validate(kind === 'search' ? SEARCH_PARAMS : QBE_PARAMS);
  const database = params.one('database');
  const view = params.oneOf('view', kind === 'search' ? VIEWS : QBE_VIEWS);
  const multipart = acceptTypes(req.headers.get('accept')).includes('multipart/mixed');
  if (params.has('category') && !multipart) throw new DbError('REST-INVALIDPARAM', 'category applies to a multipart bulk read (Accept: multipart/mixed)');

  let assembled: Awaited<ReturnType<typeof assembleQuery>>;
  try {
    assembled = await assembleQuery(req, params, deps, kind);
  } catch (e) {
    // Validation asked (`view=validate`, or `$validate: true` in the QBE): a QBE that does not
    // parse is answered 200 with the invalid-query report (MarkLogic’s REST API reference, /v1/qbe), on either endpoint.
    if (e instanceof QbeError && (e.validate || (kind === 'qbe' && view === 'validate'))) return invalidQbeReport(c, params, e);
    throw e;
  }
  const { query, qtext, options, qbe } = assembled;

  // `$validate: true` on a valid QBE validates while searching: the search goes on.
  if (kind === 'qbe' && (view === 'structured' || view === 'validate')) {
    return qbeReport(c, params, view, qbe!.query);
  }

  const start = positiveInt(params, 'start', 1, 1);
  const pageLength = positiveInt(params, 'pageLength', options['page-length'] ?? 10, 0);
  const request: SearchRequest = {
    query,
    qtext,
    options,
    start,
    pageLength,
    principal: c.get('principal'),
    deadline: c.get('deadline'),
    transaction: transaction.txid,
    ...(view && view !== 'structured' && view !== 'validate' ? { view } : {}),
  };
  if (multipart) return bulkRead(c, deps, params, request, view, transaction);
  const format = structuredFormat(req, params.oneOf('format', ['json', 'xml'] as const));
  const { response } = await deps.db.search.search(request);
  const text = format === 'json' ? searchResponseJson(response, { database }) : searchResponseXml(response, { database });
  return new Response(text, {
    status: 200,
    headers: { 'Content-Type': `application/${format}; charset=utf-8`, 'ML-Effective-Timestamp': String(deps.db.documents.effectiveTimestamp()) },
  });
}

/** `view=structured` (the QBE as a combined query) and `view=validate` / `$validate` (MarkLogic’s REST API reference, /v1/qbe). */
function qbeReport(c: ApiContext, params: Params, what: 'structured' | 'validate', query: Query): Response {
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  const body =
    what === 'structured'
      ? format === 'json'
        ? JSON.stringify(combinedQueryJson(query))
        : combinedQueryXml(query)
      : format === 'json'
        ? JSON.stringify({ 'valid-query': {} })
        : `<q:valid-query xmlns:q="${QBE_NS}"/>`;
  return new Response(body, { status: 200, headers: { 'Content-Type': `application/${format}; charset=utf-8` } });
}

/**
 * The report on a QBE that does not parse: `{"invalid-query": {"query-parse-errors": [{id, message}]}}`
 * or `<q:invalid-query><q:query-parse-errors><q:report id="QBE-…">message</q:report>…`.
 */
function invalidQbeReport(c: ApiContext, params: Params, e: QbeError): Response {
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  const message = e.detail.replace(/^Invalid query: /, '');
  const body =
    format === 'json'
      ? JSON.stringify({ 'invalid-query': { 'query-parse-errors': [{ id: e.qbeCode, message }] } })
      : `<q:invalid-query xmlns:q="${QBE_NS}"><q:query-parse-errors><q:report id="${escapeAttr(e.qbeCode)}">${escapeText(message)}</q:report></q:query-parse-errors></q:invalid-query>`;
  return new Response(body, { status: 200, headers: { 'Content-Type': `application/${format}; charset=utf-8` } });
}

/** A multipart bulk read by query (MarkLogic’s REST Application Developer’s Guide, reading documents matching a query): the page's documents, the response first when `view` asks. */
async function bulkRead(c: ApiContext, deps: ApiDeps, params: Params, request: SearchRequest, view: string | undefined, transaction: RequestTransaction): Promise<Response> {
  const categories = parseCategories(params);
  const withResponse = view !== undefined && view !== 'none';
  const { response, uris } = await deps.db.search.search({ ...request, view: withResponse ? (request.view ?? 'results') : 'none' });
  const boundary = mediaTypeParam(c.req.header('accept'), 'boundary') || newBoundary();
  const headers = new Headers({
    'vnd.marklogic.start': String(request.start),
    'vnd.marklogic.pageLength': String(request.pageLength),
    'vnd.marklogic.result-estimate': String(response.total),
    'ML-Effective-Timestamp': String(deps.db.documents.effectiveTimestamp()),
  });
  if (uris.length === 0 && !withResponse) {
    // A query that matches nothing is 404 with an empty body (MarkLogic’s REST Application Developer’s Guide, reading documents matching a query). A query that
    // matches but whose page holds no document (pageLength=0, start past the end) is an
    // empty read, as a multi-document GET of URIs that do not exist is: 200, the
    // estimate saying how many matched. The official client resolves [] for either, but
    // only with a multipart Content-Type and `Content-Length: 0`.
    headers.set('Content-Type', `multipart/mixed; boundary=${boundary}`);
    headers.set('Content-Length', '0');
    return new Response(null, { status: response.total === 0 ? 404 : 200, headers });
  }
  const docs = await transaction.documents.readMany(uris, request.principal, request.deadline);
  const parts: OutPart[] = [];
  if (withResponse) {
    const format = params.oneOf('format', ['json', 'xml'] as const) ?? 'xml';
    parts.push({
      headers: { 'Content-Type': `application/${format}`, 'Content-Disposition': 'inline' },
      body: format === 'json' ? searchResponseJson(response) : searchResponseXml(response),
    });
  }
  const versioned = await isVersioned(deps);
  const metaFormat = params.oneOf('format', ['json', 'xml'] as const) ?? 'json';
  for (const doc of docs) parts.push(...documentParts(doc, categories, metaFormat, versioned));
  const body = buildMultipart(parts, boundary);
  headers.set('Content-Type', `multipart/mixed; boundary=${boundary}`);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(bytesBody(body), { status: 200, headers });
}

async function removeAll(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const documents = documentsFor(c, deps, params);
  params.validate(['collection', 'directory']);
  const collection = params.one('collection');
  const directory = params.one('directory');
  if (collection !== undefined && directory !== undefined) {
    throw new DbError('REST-INVALIDPARAM', 'either the collection or the directory parameter, not both');
  }
  if (collection === '' || directory === '') throw new DbError('REST-INVALIDPARAM', 'collection and directory must not be empty');
  const principal = c.get('principal');
  if (collection === undefined && directory === undefined) {
    // Clearing the whole database is the admin's; a writer gets the real server's 400.
    if (!principal.roles.has('rest-admin') && !principal.roles.has('admin')) {
      if (principal.roles.has('rest-writer')) {
        throw new DbError('REST-INVALIDPARAM', "either the 'collection' or 'directory' parameter and the rest-writer role or the rest-admin role is required");
      }
      throw new DbError('SEC-PRIV');
    }
    await documents.removeWhere({}, principal, c.get('deadline'));
  } else {
    requireRole(c, 'rest-writer');
    const dir = directory === undefined ? undefined : directory.endsWith('/') ? directory : `${directory}/`;
    await documents.removeWhere({ collection, directory: dir }, principal, c.get('deadline'));
  }
  return new Response(null, { status: 204, statusText: 'Deleted' });
}
