/**
 * SPARQL queries: the form (SELECT, ASK, CONSTRUCT, DESCRIBE) from sparqljs, the dataset
 * by the spec's rules, bindings as a VALUES block, evaluation by Oxigraph. SELECT and
 * ASK come back as the W3C SPARQL 1.1 JSON results object (Oxigraph writes it, so
 * `head.vars` is right even with no solutions); CONSTRUCT and DESCRIBE as quads. Every
 * IRI is in the client's spelling.
 */
import type * as Oxigraph from 'oxigraph';
import type { Query } from 'sparqljs';
import { DbError } from '../errors';
import type { Principal } from '../security/types';
import { valuesPattern, withBindings, type Binding } from './bindings';
import { AS_WRITTEN, chooseDataset, datasetOptions, UNION, type Dataset } from './dataset';
import { keyOfClientIri, keyOfEngineIri } from './graph-names';
import { externalQuad, externalResults, type JsonTerm } from './relative-iris';
import { baseIri, generateSparql, parseSparql } from './sparql-text';
import type { GraphAccess } from './write-context';

export interface QueryOptions {
  principal: Principal;
  /** `default-graph-uri` (client IRIs); with `namedGraphs`, replaces the query's FROM / FROM NAMED. */
  defaultGraphs?: readonly string[];
  /** `named-graph-uri` (client IRIs). */
  namedGraphs?: readonly string[];
  /** `base`: the initial base IRI of the query. */
  base?: string;
  bindings?: readonly Binding[];
  /** 1-based index of the first SELECT solution returned (default 1). */
  start?: number;
  /** Most SELECT solutions returned (default all; 0 gives an empty result with empty `head.vars`). */
  pageLength?: number;
}

export type QueryForm = 'SELECT' | 'ASK' | 'CONSTRUCT' | 'DESCRIBE';

export interface SelectResults {
  head: { vars: string[]; link?: string[] };
  results: { bindings: Array<Record<string, JsonTerm>> };
}

export interface AskResult {
  head: { link?: string[] };
  boolean: boolean;
}

export type QueryResult =
  | { form: 'SELECT'; results: SelectResults }
  | { form: 'ASK'; results: AskResult }
  | { form: 'CONSTRUCT' | 'DESCRIBE'; quads: Oxigraph.Quad[] };

/** What a query text is, found before anything runs (for content negotiation, errors). */
export interface PreparedQuery {
  form: QueryForm;
  /** The text Oxigraph runs. */
  text: string;
  /** FROM / FROM NAMED of the query (engine IRIs), when it was parsed. */
  from?: { defaultGraphs: string[]; namedGraphs: string[] };
  /** Only when sparqljs refused a query Oxigraph may still accept. */
  unparsed?: boolean;
}

const FORM = /^\s*(?:(?:#[^\n]*\n|BASE\s*<[^>]*>|PREFIX\s*[^\s:]*:\s*<[^>]*>)\s*)*(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/i;

/**
 * Parses a query and applies the bindings. sparqljs's message is kept for syntax
 * errors; a query sparqljs refuses but Oxigraph accepts still runs (without bindings).
 */
export function prepareQuery(ox: typeof Oxigraph, text: string, options: Pick<QueryOptions, 'base' | 'bindings'>): PreparedQuery {
  let ast: Query;
  try {
    const parsed = parseSparql(text, options.base);
    if ((parsed as { type?: string }).type === undefined) throw new DbError('RESTAPI-INVALIDCONTENT', 'expected a SPARQL query, got an empty text');
    if (parsed.type !== 'query') throw new DbError('RESTAPI-INVALIDCONTENT', 'expected a SPARQL query, got an update (POST it as application/sparql-update or update=)');
    ast = parsed;
  } catch (e) {
    const form = FORM.exec(text)?.[1]?.toUpperCase() as QueryForm | undefined;
    if (!form || (options.bindings?.length ?? 0) > 0 || !acceptedByOxigraph(ox, text, options.base) || (e as DbError).detail?.startsWith('expected a SPARQL query')) throw e;
    return { form, text, unparsed: true };
  }
  const values = valuesPattern(ox, options.bindings ?? []);
  const from = ast.from && { defaultGraphs: ast.from.default.map((t) => t.value), namedGraphs: ast.from.named.map((t) => t.value) };
  if (!values) return { form: ast.queryType, text, from };
  return { form: ast.queryType, text: generateSparql({ ...ast, where: withBindings(ast.where, values) }), from };
}

function acceptedByOxigraph(ox: typeof Oxigraph, text: string, base: string | undefined): boolean {
  try {
    // An empty store answers at once; only the parse matters here.
    new ox.Store().query(text, { base_iri: baseIri(base) });
    return true;
  } catch {
    return false;
  }
}

/** Runs a prepared query for the user of `access`. */
export function runQuery(access: GraphAccess, prepared: PreparedQuery, options: QueryOptions): QueryResult {
  const dataset = queryDataset(access, prepared, options);
  const engineOptions = { base_iri: baseIri(options.base), ...datasetOptions(access, dataset) };
  let answer: ReturnType<Oxigraph.Store['query']>;
  try {
    answer =
      prepared.form === 'SELECT' || prepared.form === 'ASK'
        ? access.store.query(prepared.text, { ...engineOptions, results_format: 'application/sparql-results+json' })
        : access.store.query(prepared.text, engineOptions);
  } catch (e) {
    throw new DbError('RESTAPI-INVALIDCONTENT', `SPARQL query failed: ${(e as Error).message}`);
  }
  switch (prepared.form) {
    case 'SELECT':
      return { form: 'SELECT', results: page(externalResults(JSON.parse(answer as string) as SelectResults), options) };
    case 'ASK':
      return { form: 'ASK', results: JSON.parse(answer as string) as AskResult };
    default:
      return { form: prepared.form, quads: (answer as Oxigraph.Quad[]).map(externalQuad) };
  }
}

function queryDataset(access: GraphAccess, prepared: PreparedQuery, options: QueryOptions): Dataset {
  const params = {
    defaultGraphs: (options.defaultGraphs ?? []).map(keyOfClientIri),
    namedGraphs: (options.namedGraphs ?? []).map(keyOfClientIri),
  };
  const from = prepared.from && {
    defaultGraphs: prepared.from.defaultGraphs.map(keyOfEngineIri),
    namedGraphs: prepared.from.namedGraphs.map(keyOfEngineIri),
  };
  const dataset = chooseDataset(params, from);
  // A query sparqljs could not parse may still carry FROM: let Oxigraph honour it when
  // nothing is hidden from this user (otherwise the readable union is the safe answer).
  if (dataset === UNION && prepared.unparsed && /\bFROM\b/i.test(prepared.text) && access.readsEverything()) {
    return AS_WRITTEN;
  }
  return dataset;
}

/** `start` / `pageLength` over the solutions, after the query's own ORDER BY / LIMIT. */
function page(results: SelectResults, options: Pick<QueryOptions, 'start' | 'pageLength'>): SelectResults {
  const start = options.start ?? 1;
  if (!Number.isInteger(start) || start < 1) throw new DbError('REST-INVALIDPARAM', `start must be a positive integer, not ${start}`);
  const length = options.pageLength;
  if (length !== undefined && (!Number.isInteger(length) || length < 0)) throw new DbError('REST-INVALIDPARAM', `pageLength must be a non-negative integer, not ${length}`);
  if (length === 0) return { head: { ...results.head, vars: [] }, results: { bindings: [] } };
  if (start === 1 && length === undefined) return results;
  const end = length === undefined ? undefined : start - 1 + length;
  return { head: results.head, results: { bindings: results.results.bindings.slice(start - 1, end) } };
}
