/**
 * `/v1/graphs/sparql`: SPARQL queries and updates (MarkLogic’s REST API reference,
 * /v1/graphs/sparql). Requests are sent as the official Node client sends them: the text as the
 * body (`application/sparql-query` / `application/sparql-update`), every other
 * parameter in the URL, `bind:` values as parameters so the server binds RDF terms
 * rather than splicing strings into the query.
 *
 * @example
 * const rows = await client.sparql.query('SELECT ?s WHERE { ?s a ?c }', { bindings: [{ name: 'c', value: 'http://xmlns.com/foaf/0.1/Person' }] });
 * if (rows.kind === 'select') console.log(rows.vars, rows.bindings.length);
 * await client.sparql.update('INSERT DATA { GRAPH <g> { <s> <p> "o" } }'); // { status: 201 } when it created <g>
 */
import { cancelRequest, namedRequest, type Send } from './transport';
import type { Permission } from './types';
import type { RdfJson, RdfJsonObject, SparqlJsonBinding as SparqlSolution, SparqlJsonTerm as SparqlTerm } from '../wire/rdf';

/** RDF/JSON, and terms as the W3C SPARQL 1.1 JSON results format writes them (blank-node labels without `_:`). */
export type { RdfJson, RdfJsonObject, SparqlSolution, SparqlTerm };

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

/**
 * A value bound to a query variable. Without `type` or `lang` it is an IRI; with
 * `type` (an XSD local name: `int`, `date`, `string`…) a typed literal; with `lang`
 * a language-tagged string.
 */
export interface SparqlBindingValue {
  name: string;
  value: string;
  type?: string;
  lang?: string;
}

export interface SparqlRequestOptions {
  /** Base IRI for relative IRIs in the text. */
  base?: string;
  /** A name may occur several times: each value gives its own solutions. */
  bindings?: readonly SparqlBindingValue[];
  signal?: AbortSignal;
}

export interface SparqlQueryOptions extends SparqlRequestOptions {
  /** `default-graph-uri`: the graphs merged into the query's default graph. */
  defaultGraphs?: readonly string[];
  /** `named-graph-uri`: the graphs available to `GRAPH`. */
  namedGraphs?: readonly string[];
  /** 1-based index of the first solution (SELECT only). */
  start?: number;
  /** Solutions to return at most (SELECT only). */
  pageLength?: number;
  /**
   * The query's form when the caller knows it: the request then asks for exactly
   * that form's JSON. Without it, both JSON forms are acceptable and the server picks.
   */
  form?: QueryForm;
  /**
   * A document query: the query then sees only the triples of the documents it matches
   * (MarkLogic's `q`, `structuredQuery`, `options`, `collection`, `directory` on
   * /v1/graphs/sparql; the parts are ANDed, as a search ANDs them).
   */
  restriction?: DocumentRestriction;
  /**
   * POST (the default, as the official client sends it: no length limit), GET
   * (`?query=`: safe and cacheable), or `auto`: GET while the URL stays within
   * {@link MAX_GET_QUERY_LENGTH} characters, POST beyond.
   */
  method?: 'GET' | 'POST' | 'auto';
  /**
   * A name for this request (Tabula's `Tabula-Request-Id` header), by which
   * {@link SparqlApi.cancel} can end it while it runs. Tabula only: a MarkLogic server
   * has no such header, and a browser would ask it first whether it may be sent.
   */
  requestId?: string;
}

/** Which documents' triples a query sees: each part given is ANDed with the others. */
export interface DocumentRestriction {
  /** A string query (the search grammar of the options set). */
  q?: string;
  /** A structured query, serialised (JSON or XML). */
  structuredQuery?: string;
  /** The name of a stored query options set the query is read with. */
  options?: string;
  collections?: readonly string[];
  /** A directory, its whole subtree. */
  directory?: string;
}

/** The request parameters of a document restriction (what is empty is left out). */
export function restrictionParams(r: DocumentRestriction | undefined, params = new URLSearchParams()): URLSearchParams {
  if (!r) return params;
  if (r.q) params.set('q', r.q);
  if (r.structuredQuery) params.set('structuredQuery', r.structuredQuery);
  if (r.options) params.set('options', r.options);
  for (const c of r.collections ?? []) params.append('collection', c);
  if (r.directory) params.set('directory', r.directory);
  return params;
}

export interface SparqlUpdateOptions extends SparqlRequestOptions {
  /** `using-graph-uri`: the graphs the update's WHERE reads as its default graph. */
  usingGraphs?: readonly string[];
  /** `using-named-graph-uri`. */
  usingNamedGraphs?: readonly string[];
  /** `perm:{role}={capability}` for graphs the update creates. */
  permissions?: readonly Permission[];
}

export interface RdfTriple {
  subject: SparqlTerm;
  predicate: SparqlTerm;
  object: SparqlTerm;
}

export type SparqlQueryResult =
  | { kind: 'select'; vars: string[]; bindings: SparqlSolution[] }
  | { kind: 'ask'; boolean: boolean }
  | { kind: 'graph'; triples: RdfTriple[] };

/** A result in the serialisation asked for, untouched (for display or download). */
export interface SparqlRawResult {
  /** The media type the server answered with, without parameters. */
  contentType: string;
  blob: Blob;
}

export interface SparqlUpdateResult {
  /** 200, 201 when the update created a graph, 204 for an empty update. */
  status: number;
}

export interface SparqlApi {
  /** Runs a query and reads its answer as JSON: solutions, a boolean or triples. */
  query(query: string, options?: SparqlQueryOptions): Promise<SparqlQueryResult>;
  /**
   * Ends the query sent with `requestId` while it runs (`DELETE /tabula/v1/requests/{id}`,
   * Tabula only); its own answer is then 500 XDMP-CANCELED. False when it was not running
   * where it could be stopped (already answered, or run where nothing can interrupt it).
   */
  cancel(requestId: string): Promise<boolean>;
  /** Runs a query asking for `accept` (any results or RDF media type) and returns the bytes as sent. */
  queryRaw(query: string, accept: string, options?: Omit<SparqlQueryOptions, 'form'>): Promise<SparqlRawResult>;
  update(update: string, options?: SparqlUpdateOptions): Promise<SparqlUpdateResult>;
}

export const SPARQL_PATH = '/v1/graphs/sparql';

/** The longest query string `auto` sends by GET: well inside the 8 KB most servers and proxies allow for a URL. */
export const MAX_GET_QUERY_LENGTH = 4000;

const RESULTS_JSON = 'application/sparql-results+json';
const RDF_JSON = 'application/rdf+json';

const jsonAcceptFor: Record<QueryForm, string> = {
  SELECT: RESULTS_JSON,
  ASK: RESULTS_JSON,
  CONSTRUCT: RDF_JSON,
  DESCRIBE: RDF_JSON,
};

// As the server reads them (src/api/sparql-request.ts): SPARQL's VARNAME, an XSD local
// name, a BCP 47 tag. Refused here so a typo fails before it costs a round trip.
const VARNAME = /^[A-Za-z_\u00C0-\uFFFF0-9][A-Za-z_\u00B7\u00C0-\uFFFF0-9-]*$/;
const XSD_LOCAL_NAME = /^[A-Za-z][A-Za-z0-9]*$/;
const LANG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** A SPARQL request as it is sent (without the client's credentials and base URL): what a page shows and copies. */
export interface SparqlRequestSpec {
  method: 'GET' | 'POST';
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
  body?: string;
}

/** The request {@link SparqlApi.query} sends for `query` (`accept` given, {@link SparqlApi.queryRaw}'s). */
export function sparqlQueryRequest(query: string, options: SparqlQueryOptions = {}, accept = options.form ? jsonAcceptFor[options.form] : `${RESULTS_JSON}, ${RDF_JSON};q=0.9`): SparqlRequestSpec {
  const params = new URLSearchParams();
  for (const g of options.defaultGraphs ?? []) params.append('default-graph-uri', g);
  for (const g of options.namedGraphs ?? []) params.append('named-graph-uri', g);
  appendCommon(params, options);
  restrictionParams(options.restriction, params);
  if (options.start !== undefined) params.set('start', String(checkInteger('start', options.start, 1)));
  if (options.pageLength !== undefined) params.set('pageLength', String(checkInteger('pageLength', options.pageLength, 0)));
  if (options.method === 'GET' || options.method === 'auto') {
    const withQuery = new URLSearchParams(params);
    withQuery.set('query', query);
    if (options.method === 'GET' || withQuery.toString().length <= MAX_GET_QUERY_LENGTH) {
      return { method: 'GET', path: SPARQL_PATH, params: withQuery, headers: { Accept: accept, ...named(options) } };
    }
  }
  return { method: 'POST', path: SPARQL_PATH, params, headers: { 'Content-Type': 'application/sparql-query', Accept: accept, ...named(options) }, body: query };
}

const named = ({ requestId }: SparqlQueryOptions): Record<string, string> => namedRequest(requestId);

/** The request {@link SparqlApi.update} sends. */
export function sparqlUpdateRequest(update: string, options: SparqlUpdateOptions = {}): SparqlRequestSpec {
  const params = new URLSearchParams();
  for (const g of options.usingGraphs ?? []) params.append('using-graph-uri', g);
  for (const g of options.usingNamedGraphs ?? []) params.append('using-named-graph-uri', g);
  appendCommon(params, options);
  for (const p of options.permissions ?? []) {
    for (const capability of p.capabilities) params.append(`perm:${p['role-name']}`, capability);
  }
  return { method: 'POST', path: SPARQL_PATH, params, headers: { 'Content-Type': 'application/sparql-update' }, body: update };
}

export function createSparqlApi(send: Send): SparqlApi {
  const sendSpec = ({ method, path, params, headers, body }: SparqlRequestSpec, signal?: AbortSignal) => send(method, path, params, { signal, headers, body });

  return {
    async query(query, options = {}) {
      const spec = sparqlQueryRequest(query, options);
      const accept = spec.headers.Accept;
      const res = await sendSpec(spec, options.signal);
      const type = mediaType(res.headers.get('content-type'));
      if (type === RESULTS_JSON || type === 'application/json') return readResultsJson(await res.json());
      if (type === RDF_JSON) return { kind: 'graph', triples: rdfJsonTriples(await res.json()) };
      await res.body?.cancel();
      throw new Error(`The SPARQL endpoint answered ${type || 'without a Content-Type'}; expected ${accept}`);
    },

    async queryRaw(query, accept, options = {}) {
      const res = await sendSpec(sparqlQueryRequest(query, options, accept), options.signal);
      const blob = await res.blob();
      return { contentType: mediaType(res.headers.get('content-type')), blob };
    },

    cancel(requestId) {
      return cancelRequest(send, requestId);
    },

    async update(update, options = {}) {
      const res = await sendSpec(sparqlUpdateRequest(update, options), options.signal);
      await res.body?.cancel();
      return { status: res.status };
    },
  };
}

function appendCommon(params: URLSearchParams, { base, bindings }: SparqlRequestOptions): void {
  if (base !== undefined && base !== '') params.set('base', base);
  for (const b of bindings ?? []) params.append(bindingParam(b), b.value);
}

/** `bind:name` (IRI), `bind:name:type` (typed literal) or `bind:name@lang`. */
export function bindingParam({ name, type, lang }: SparqlBindingValue): string {
  if (!VARNAME.test(name)) throw new TypeError(`Not a SPARQL variable name: "${name}"`);
  if (lang) {
    // MarkLogic refuses a type with a language, except string, which a tagged literal is anyway.
    if (type && type !== 'string') throw new TypeError(`?${name}: a value has a datatype or a language, not both`);
    if (!LANG.test(lang)) throw new TypeError(`?${name}: not a language tag: "${lang}"`);
    return `bind:${name}@${lang}`;
  }
  if (type) {
    if (!XSD_LOCAL_NAME.test(type)) throw new TypeError(`?${name}: the datatype is an XSD local name such as int or date, not "${type}"`);
    return `bind:${name}:${type}`;
  }
  return `bind:${name}`;
}

function checkInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  return value;
}

function readResultsJson(body: unknown): SparqlQueryResult {
  const doc = body as { head?: { vars?: string[] }; boolean?: unknown; results?: { bindings?: SparqlSolution[] } };
  if (typeof doc?.boolean === 'boolean') return { kind: 'ask', boolean: doc.boolean };
  if (!doc || !Array.isArray(doc.results?.bindings)) throw new Error('The SPARQL endpoint answered JSON that is not a SPARQL results document');
  return { kind: 'select', vars: doc.head?.vars ?? [], bindings: doc.results.bindings };
}

/** Flattens RDF/JSON into triples whose terms have the shape of SPARQL JSON results. */
export function rdfJsonTriples(doc: RdfJson): RdfTriple[] {
  const triples: RdfTriple[] = [];
  for (const [s, predicates] of Object.entries(doc ?? {})) {
    const subject: SparqlTerm = s.startsWith('_:') ? { type: 'bnode', value: s.slice(2) } : { type: 'uri', value: s };
    for (const [p, objects] of Object.entries(predicates)) {
      const predicate: SparqlTerm = { type: 'uri', value: p };
      for (const o of objects) triples.push({ subject, predicate, object: rdfJsonTerm(o) });
    }
  }
  return triples;
}

function rdfJsonTerm(o: RdfJsonObject): SparqlTerm {
  switch (o.type) {
    case 'uri':
      return { type: 'uri', value: o.value };
    case 'bnode':
      return { type: 'bnode', value: o.value.startsWith('_:') ? o.value.slice(2) : o.value };
    default: {
      const term: SparqlTerm = { type: 'literal', value: o.value };
      if (o.lang) term['xml:lang'] = o.lang;
      else if (o.datatype) term.datatype = o.datatype;
      return term;
    }
  }
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}
