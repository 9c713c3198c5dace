/**
 * Reading a SPARQL 1.1 Protocol request to `/v1/graphs/sparql`: which operation,
 * its text, the dataset parameters, `bind:` values, paging and permissions
 * (MarkLogic’s REST API reference, /v1/graphs/sparql; the W3C SPARQL 1.1 Protocol tests).
 *
 * Forms: `GET ?query=`; `POST` with `application/sparql-query`, `application/sparql-update`
 * or `application/x-www-form-urlencoded` (`query=` / `update=`, other parameters in the
 * body or the URL). `text/plain` is read as a query, as MarkLogic does (this is where
 * MarkLogic parity wins over the W3C test `bad_query_wrong_media_type`). Bodies must be
 * UTF-8. Exactly one of query or update.
 */
import { DbError } from '../db/errors';
import { decodeUtf8, type Permission } from '../db/documents';
import type { RoleLookup } from '../db/security';
import type { Binding } from '../db/triples';
import { readBody } from './http/body';
import { mediaType, mediaTypeParam } from './http/negotiate';
import { Params } from './http/params';
import { isJson, isXml, sparqlCombinedQuery } from './search-request';
import type { QueryBodyParts, QueryParameters } from '../db/search';

export interface SparqlRequest {
  operation: 'query' | 'update';
  text: string;
  defaultGraphs: string[];
  namedGraphs: string[];
  usingGraphs: string[];
  usingNamedGraphs: string[];
  base?: string;
  /** `bind:` values, in the triple store's form (a typed literal's datatype by its XSD local name). */
  bindings: Binding[];
  /** 1-based index of the first solution (SELECT only). */
  start: number;
  /** Solutions to return at most (SELECT only); undefined = all. */
  pageLength?: number;
  /** Permissions for graphs an update creates (`perm:{role}`). */
  permissions: Permission[];
  /** The document query restricting which documents' triples a query sees, when the request has one. */
  restriction?: RequestedRestriction;
  /** The open transaction the request runs in (docs/decisions/0033-transactions.md). */
  txid?: string;
}

/**
 * A restriction as the request states it: the search parameters (`q`, `structuredQuery`,
 * `options`, `collection`, `directory`) and a combined body's search part; the database
 * assembles them as it assembles a search.
 */
export interface RequestedRestriction {
  params: QueryParameters;
  body?: QueryBodyParts;
  /** The restriction as sent (parameters and body's search part), naming it for the view cache. */
  key: string;
}

const DATASET = ['default-graph-uri', 'named-graph-uri', 'using-graph-uri', 'using-named-graph-uri'];
// `optimize` (the query analyser's effort) and `default-rulesets` (whether the database's
// default inference rulesets apply; Tabula has none, so include = exclude) cannot change
// an answer here; the official client sends them from optimizeLevel / defaultRulesets.
const HINTS = ['optimize', 'default-rulesets'];
/** The document query restricting a SPARQL query to some documents' triples (docs/decisions/0032-embedded-triples.md). */
const RESTRICTION = ['q', 'structuredQuery', 'options', 'collection', 'directory'];
const ALLOWED = ['query', 'update', ...DATASET, ...RESTRICTION, 'base', 'start', 'pageLength', 'txid', ...HINTS];
// Parameters of the real API that need capabilities Tabula does not have yet
// (inference). Refused by name, never ignored.
const NOT_YET = ['ruleset'];

const VARNAME = /^[A-Za-z_\u00C0-\uFFFF0-9][A-Za-z_\u00B7\u00C0-\uFFFF0-9-]*$/;
const LANG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;
const CAPABILITIES = ['read', 'update', 'execute'];

/** Reads and validates the request; throws DbError for anything malformed. */
export async function readSparqlRequest(req: Request, options: { maxBytes: number; database: string; roles: RoleLookup }): Promise<SparqlRequest> {
  const params = new Params(req);
  let bodyText: string | undefined;
  let bodyOperation: 'query' | 'update' | undefined;
  let combined: ReturnType<typeof sparqlCombinedQuery> | undefined;

  if (req.method === 'POST') {
    const contentType = req.headers.get('content-type');
    const type = mediaType(contentType);
    const charset = mediaTypeParam(contentType, 'charset');
    if (charset && !/^utf-?8$/i.test(charset)) {
      throw new DbError('RESTAPI-INVALIDMIMETYPE', `SPARQL requests must be UTF-8, not charset=${charset}`);
    }
    const text = decodeUtf8(await readBody(req, options.maxBytes), 'SPARQL request');
    if (type === 'application/x-www-form-urlencoded') {
      params.append(text);
    } else if (type === 'application/sparql-query' || type === 'text/plain') {
      bodyText = text;
      bodyOperation = 'query';
    } else if (type === 'application/sparql-update') {
      bodyText = text;
      bodyOperation = 'update';
    } else if (type === '') {
      throw new DbError('RESTAPI-INVALIDMIMETYPE', 'a SPARQL POST needs a Content-Type: application/sparql-query, application/sparql-update or application/x-www-form-urlencoded');
    } else if (isJson(type) || isXml(type)) {
      // A combined query: the search part restricts the documents whose triples the SPARQL query sees.
      combined = sparqlCombinedQuery(text, type);
      bodyText = combined.sparql;
      bodyOperation = 'query';
    } else {
      throw new DbError('RESTAPI-INVALIDMIMETYPE', `unsupported Content-Type for SPARQL: ${type}`);
    }
  }

  params.checkShared(options.database);
  for (const name of params.names()) {
    if (name === 'database') continue;
    if (NOT_YET.includes(name)) throw new DbError('REST-UNSUPPORTEDPARAM', `invalid parameters: ${name} for /v1/graphs/sparql (not supported yet)`);
    if (!ALLOWED.includes(name) && !name.startsWith('bind:') && !name.startsWith('perm:')) {
      throw new DbError('REST-UNSUPPORTEDPARAM', `invalid parameters: ${name} for /v1/graphs/sparql`);
    }
  }
  intParam(params.one('optimize'), 'optimize', 0);
  const rulesets = params.one('default-rulesets');
  if (rulesets !== undefined && rulesets !== 'include' && rulesets !== 'exclude') {
    throw new DbError('REST-INVALIDPARAM', `default-rulesets must be include or exclude: ${rulesets}`);
  }

  const queries = params.all('query');
  const updates = params.all('update');
  if (queries.length > 1 || updates.length > 1) throw new DbError('REST-REPEATEDPARAM', 'query and update may only appear once');
  const candidates = [
    ...queries.map((text) => ({ operation: 'query' as const, text })),
    ...updates.map((text) => ({ operation: 'update' as const, text })),
    ...(bodyOperation ? [{ operation: bodyOperation, text: bodyText ?? '' }] : []),
  ];
  if (candidates.length === 0) throw new DbError('REST-REQUIREDPARAM', 'Required parameter: query or update');
  if (candidates.length > 1) throw new DbError('REST-INVALIDPARAM', 'a request carries exactly one query or one update');
  const { operation, text } = candidates[0];
  if (operation === 'update' && req.method !== 'POST') throw new DbError('REST-INVALIDPARAM', 'SPARQL updates must be sent with POST');
  if (operation === 'query' && text.trim() === '') throw new DbError('REST-REQUIREDPARAM', 'the SPARQL query is empty');

  const datasetFor: Record<'query' | 'update', string[]> = {
    query: ['default-graph-uri', 'named-graph-uri'],
    update: ['using-graph-uri', 'using-named-graph-uri'],
  };
  for (const name of DATASET) {
    if (params.has(name) && !datasetFor[operation].includes(name)) {
      throw new DbError('REST-INVALIDPARAM', `${name} applies to SPARQL ${operation === 'query' ? 'updates' : 'queries'}, not ${operation === 'query' ? 'queries' : 'updates'}`);
    }
  }

  const restricting = RESTRICTION.filter((name) => params.has(name));
  if (operation === 'update' && restricting.length > 0) {
    // The API lists the document query among the parameters of a SPARQL query only (MarkLogic's REST API reference, POST /v1/graphs/sparql).
    throw new DbError('REST-INVALIDPARAM', `${restricting[0]} restricts SPARQL queries to the triples of matching documents; it does not apply to updates`);
  }
  const restriction: RequestedRestriction | undefined =
    restricting.length > 0 || combined
      ? { params, ...(combined ? { body: combined.parts } : {}), key: JSON.stringify([...RESTRICTION.map((name) => params.all(name)), combined?.key ?? null]) }
      : undefined;

  return {
    ...(restriction ? { restriction } : {}),
    operation,
    text,
    defaultGraphs: params.all('default-graph-uri'),
    namedGraphs: params.all('named-graph-uri'),
    usingGraphs: params.all('using-graph-uri'),
    usingNamedGraphs: params.all('using-named-graph-uri'),
    base: params.one('base'),
    bindings: readBindings(params.entries()),
    start: intParam(params.one('start'), 'start', 1) ?? 1,
    pageLength: intParam(params.one('pageLength'), 'pageLength', 0),
    permissions: readPermissions(params.entries(), options.roles),
    ...(params.has('txid') ? { txid: params.one('txid') } : {}),
  };
}

function intParam(raw: string | undefined, name: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new DbError('REST-INVALIDPARAM', `${name} must be an integer >= ${min}: ${raw}`);
  return Number(raw);
}

/** `bind:name`, `bind:name:type`, `bind:name@lang` — a name may repeat to bind several values. */
function readBindings(params: Iterable<[string, string]>): Binding[] {
  const out: Binding[] = [];
  for (const [key, value] of params) {
    if (!key.startsWith('bind:')) continue;
    const spec = key.slice('bind:'.length);
    const at = spec.indexOf('@');
    const colon = spec.indexOf(':');
    let binding: Binding;
    if (at >= 0) {
      const lang = spec.slice(at + 1);
      if (!LANG.test(lang)) throw new DbError('REST-INVALIDPARAM', `invalid language tag in ${key}`);
      binding = { name: spec.slice(0, at), value, lang };
    } else if (colon >= 0) {
      const type = spec.slice(colon + 1);
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(type)) throw new DbError('REST-INVALIDPARAM', `invalid datatype in ${key}: an XSD local name such as int or date`);
      binding = { name: spec.slice(0, colon), value, type };
    } else {
      binding = { name: spec, value };
    }
    if (!VARNAME.test(binding.name)) throw new DbError('REST-INVALIDPARAM', `invalid variable name in ${key}`);
    out.push(binding);
  }
  return out;
}

/** `perm:{role}=capability` parameters (graph capabilities: read, update, execute). */
export function readPermissions(params: Iterable<[string, string]>, roles: RoleLookup): Permission[] {
  const out: Permission[] = [];
  for (const [key, capability] of params) {
    if (!key.startsWith('perm:')) continue;
    const role = key.slice('perm:'.length);
    if (!roles.has(role)) throw new DbError('SEC-ROLEDNE', `sec:role-name = ${role}`);
    if (!CAPABILITIES.includes(capability)) {
      throw new DbError('REST-INVALIDPARAM', `invalid capability ${capability} for role ${role}; allowed: ${CAPABILITIES.join(', ')}`);
    }
    out.push({ 'role-name': role, capabilities: [capability as Permission['capabilities'][number]] });
  }
  return out;
}
