/**
 * SPARQL queries: the form (SELECT, ASK, CONSTRUCT, DESCRIBE) from sparqljs, the dataset
 * by MarkLogic's and the SPARQL 1.1 Protocol's rules, bindings pre-bound (src/db/triples/prebinding.ts), evaluation by Oxigraph. SELECT and
 * ASK come back as the W3C SPARQL 1.1 JSON results object (Oxigraph writes it, so
 * `head.vars` is right even with no solutions); CONSTRUCT and DESCRIBE as quads. Every
 * IRI is in the client's spelling.
 */
import type { Deadline } from '../deadline';
import type * as Oxigraph from 'oxigraph';
import type { Query } from 'sparqljs';
import { DbError } from '../errors';
import type { Principal } from '../security/types';
import { boundTerms, type Binding } from './bindings';
import { AS_WRITTEN, chooseDataset, datasetOptions, evaluate, namesDefaultGraph, UNION, type Dataset } from './dataset';
import { rethrowTrap } from './engine-trap';
import { DEFAULT_GRAPH_IRI, keyOfClientIri, keyOfEngineIri } from './graph-names';
import { bindQuery } from './prebinding';
import { externalQuad, externalResults, RELATIVE_BASE, type JsonTerm } from './relative-iris';
import { baseIri, generateSparql, parseSparql } from './sparql-text';
import type { GraphAccess } from './graph-access';

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
  /** The request's deadline: a query whose evaluation ends past it is answered XDMP-EXTIME. */
  deadline?: Deadline;
  /** The client's name for this request (`Tabula-Request-Id`), by which it may be cancelled while it runs. */
  requestId?: string;
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

/**
 * `json`: the engine's own SPARQL JSON text, present when it already is the answer
 * (nothing to map back, no page to cut, columns in order). Writing it as it is spares a
 * parse and a re-serialisation, which cost more than many queries take to run; `results`
 * is then parsed only when read. `bytes`: the same text as UTF-8, when it came that way
 * from an engine host (which encodes it on its own thread); `json` is then decoded only
 * when read.
 */
export type QueryResult =
  | { form: 'SELECT'; results: SelectResults; json?: string; bytes?: Uint8Array }
  | { form: 'ASK'; results: AskResult; json?: string; bytes?: Uint8Array }
  | { form: 'CONSTRUCT' | 'DESCRIBE'; quads: Oxigraph.Quad[] };

/**
 * What a query text is, found before anything runs, with the options it will run with.
 * The caller reads `form` (to negotiate the answer's format, and refuse it, before any
 * work is done), then hands the whole of it back to run it.
 */
export interface PreparedQuery {
  form: QueryForm;
  /** The options the query was prepared with (bindings and base are already applied to `text`). */
  options: QueryOptions;
  /** The text Oxigraph runs. */
  text: string;
  /** The client's text, when `text` was generated from it (bindings applied). */
  written?: string;
  /** FROM / FROM NAMED of the query (engine IRIs), when it was parsed. */
  from?: { defaultGraphs: string[]; namedGraphs: string[] };
  /** Only when sparqljs refused a query Oxigraph may still accept. */
  unparsed?: boolean;
  /** Not parsed yet: Oxigraph's parse is the first (no FROM, no bindings). */
  unchecked?: boolean;
  /** Its patterns name the default graph by its reserved IRI (`GRAPH <…#default-graph>`). */
  namesDefault?: boolean;
}

/** The form keyword after the prologue (comments, BASE, PREFIX, VERSION), for queries only Oxigraph parses. */
const FORM = /^\s*(?:(?:#[^\n]*(?:\n|$)|BASE\s*<[^>]*>|PREFIX\s*[^\s:]*:\s*<[^>]*>|VERSION\s*(?:"[^"]*"|'[^']*'))\s*)*(SELECT|ASK|CONSTRUCT|DESCRIBE)\b/i;

/**
 * Finds the form of a query and applies the bindings. sparqljs parses it (~0.5–1 ms,
 * more than some queries take to run) only when something depends on the parse:
 * bindings, FROM / FROM NAMED (their graphs are filtered by permission and may name the
 * reserved default graph), or a form the prologue regex cannot find. Otherwise Oxigraph
 * parses it once, as it runs it; a syntax error is then reported with sparqljs's message.
 * A query sparqljs refuses but Oxigraph accepts (SPARQL 1.2) still runs, without bindings.
 */
export function prepareQuery(ox: typeof Oxigraph, text: string, options: QueryOptions): PreparedQuery {
  const form = FORM.exec(text)?.[1]?.toUpperCase() as QueryForm | undefined;
  const needsParse = !form || (options.bindings?.length ?? 0) > 0 || /\bFROM\b/i.test(text) || text.includes('marklogic.com/semantics#');
  if (!needsParse) return { form, options, text, unchecked: true };
  let ast: Query;
  try {
    ast = parseQuery(text, options.base);
  } catch (e) {
    rethrowTrap(e);
    if (!form || (options.bindings?.length ?? 0) > 0 || !acceptedByOxigraph(ox, text, options.base) || (e as DbError).detail?.startsWith('expected a SPARQL query')) throw e;
    return { form, options, text, unparsed: true, namesDefault: text.includes(DEFAULT_GRAPH_IRI) };
  }
  const terms = boundTerms(ox, options.bindings ?? []);
  const from = ast.from && { defaultGraphs: ast.from.default.map((t) => t.value), namedGraphs: ast.from.named.map((t) => t.value) };
  const bound = bindQuery(ast, terms);
  const namesDefault = namesDefaultGraph(ast.where);
  if (bound === ast) return { form: ast.queryType, options, text, from, namesDefault };
  return { form: ast.queryType, options, text: generateSparql(bound), written: text, from, namesDefault };
}

/**
 * What a query text was found to be, kept between requests: a client repeats the same
 * texts (an application's queries, a console's, the benchmark's), and checking the limits,
 * finding the form and — for a query with FROM — parsing it with sparqljs cost more than
 * a cheap query takes to run. What is kept depends on the text and the base alone (the
 * limits are constants; bindings change the text that runs, so a query with bindings is
 * analysed every time), never on the user or the data: permissions and the dataset are
 * decided when the query runs. Texts that failed are not kept — they are checked again.
 * Bounded in entries and in characters: the oldest go first.
 */
export class PreparedTexts {
  /** By base and text: what the first request's preparation found (its options are each request's own). */
  private readonly byText = new Map<string, Omit<PreparedQuery, 'options'>>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly maxChars = 4 * 1024 * 1024,
    /** A longer text is analysed every time rather than push out many others. */
    private readonly maxTextChars = 64 * 1024,
  ) {}

  /** The query an earlier request with the same text and base prepared, with these options; undefined when there is none. */
  known(text: string, options: QueryOptions): PreparedQuery | undefined {
    if ((options.bindings?.length ?? 0) > 0) return undefined;
    const found = this.byText.get(keyOf(text, options));
    return found && { ...found, options };
  }

  /** {@link prepareQuery}, kept for the next request with the same text and base when it has no bindings. */
  prepare(ox: typeof Oxigraph, text: string, options: QueryOptions): PreparedQuery {
    const prepared = prepareQuery(ox, text, options);
    if ((options.bindings?.length ?? 0) === 0) this.remember(keyOf(text, options), prepared);
    return prepared;
  }

  /** Without bindings the text that runs is the client's: the key's length measures an entry. */
  private remember(key: string, { options: _options, ...found }: PreparedQuery): void {
    if (key.length > this.maxTextChars) return;
    if (this.byText.has(key)) return;
    this.byText.set(key, found);
    this.chars += key.length;
    for (const oldest of this.byText.keys()) {
      if (this.byText.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.byText.delete(oldest);
      this.chars -= oldest.length;
    }
  }
}

/** The base's length first, so that no other base and text make the same key. */
const keyOf = (text: string, options: QueryOptions): string => `${options.base?.length ?? -1}:${options.base ?? ''}${text}`;

function parseQuery(text: string, base: string | undefined): Query {
  const parsed = parseSparql(text, base);
  if ((parsed as { type?: string }).type === undefined) throw new DbError('RESTAPI-INVALIDCONTENT', 'expected a SPARQL query, got an empty text');
  if (parsed.type !== 'query') throw new DbError('RESTAPI-INVALIDCONTENT', 'expected a SPARQL query, got an update (POST it as application/sparql-update or update=)');
  return parsed;
}

function acceptedByOxigraph(ox: typeof Oxigraph, text: string, base: string | undefined): boolean {
  try {
    // An empty store answers at once; only the parse matters here.
    new ox.Store().query(text, { base_iri: baseIri(base) });
    return true;
  } catch (e) {
    rethrowTrap(e);
    return false;
  }
}

/**
 * What Oxigraph's failure means. Its parse errors read `error at line:column: …` and are
 * syntax errors (RESTAPI-INVALIDCONTENT, as MarkLogic answers them); anything else failed a
 * query that parsed — an unknown function, a SERVICE call (there is no network) — and
 * must not look like bad syntax to the client.
 */
function evaluationError(message: string): DbError {
  if (/^error at \d+:\d+/.test(message)) return new DbError('RESTAPI-INVALIDCONTENT', `SPARQL syntax error: ${message}`);
  if (/custom function .* is not supported/i.test(message)) return new DbError('XDMP-UNDFUN', message);
  if (/service .* is not supported/i.test(message)) return new DbError('SEM-UNSUPPORTED', `${message}: SERVICE needs a network, which Tabula does not use`);
  return new DbError('RESTAPI-INVALIDREQ', `SPARQL query failed: ${message}`);
}

const SELECT_ALL = /\bSELECT\s+(?:DISTINCT\s+|REDUCED\s+)?\*/i;

/** Whether `start` / `pageLength` cut the solutions (or must be checked). */
const paged = (options: Pick<QueryOptions, 'start' | 'pageLength'>): boolean =>
  (options.start !== undefined && options.start !== 1) || options.pageLength !== undefined;

/**
 * A result carrying the engine's JSON text, parsed on first read of `results`. A class
 * rather than an object literal with a getter: V8 builds those slowly, on every query.
 */
class LazyResults {
  private parsed: SelectResults | AskResult | undefined;

  constructor(
    readonly form: 'SELECT' | 'ASK',
    private text: string | undefined,
    readonly bytes?: Uint8Array,
  ) {}

  get json(): string {
    return (this.text ??= utf8.decode(this.bytes));
  }

  get results(): SelectResults | AskResult {
    return (this.parsed ??= JSON.parse(this.json) as SelectResults | AskResult);
  }
}

const utf8 = new TextDecoder();

/** A SELECT or ASK result over the engine's JSON text (or its UTF-8 bytes), parsed only when `results` is read. */
export const withLazyResults = <F extends 'SELECT' | 'ASK'>(form: F, json: string | Uint8Array): Extract<QueryResult, { form: F }> =>
  (typeof json === 'string' ? new LazyResults(form, json) : new LazyResults(form, undefined, json)) as unknown as Extract<QueryResult, { form: F }>;

/**
 * `SELECT *` columns in the order the variables first appear in the query, as people
 * read it (and as MarkLogic answers): Oxigraph sorts them by name (?o ?p ?s).
 */
function inTextOrder(results: SelectResults, text: string): SelectResults {
  if (!SELECT_ALL.test(text)) return results;
  const first = new Map<string, number>();
  for (const m of text.matchAll(/[?$]([\p{L}\p{N}_][\p{L}\p{N}_\u00B7\u203F\u2040]*)/gu)) {
    if (!first.has(m[1])) first.set(m[1], m.index);
  }
  const at = (v: string) => first.get(v) ?? Number.MAX_SAFE_INTEGER;
  return { ...results, head: { ...results.head, vars: [...results.head.vars].sort((a, b) => at(a) - at(b)) } };
}

/** Runs a prepared query for the user of `access`. */
export function runQuery(access: GraphAccess, prepared: PreparedQuery): QueryResult {
  const { options } = prepared;
  const dataset = queryDataset(access, prepared, options);
  const engineOptions = { base_iri: baseIri(options.base), ...datasetOptions(access, dataset, prepared.namesDefault) };
  let answer: ReturnType<Oxigraph.Store['query']>;
  try {
    answer = evaluate(access.store, access.ox, engineOptions, () =>
      prepared.form === 'SELECT' || prepared.form === 'ASK'
        ? access.store.query(prepared.text, { ...engineOptions, results_format: 'application/sparql-results+json' })
        : access.store.query(prepared.text, engineOptions),
    );
  } catch (e) {
    rethrowTrap(e);
    // sparqljs's message (line, column, what was expected) for what it finds wrong too.
    if (prepared.unchecked) parseQuery(prepared.text, options.base);
    throw evaluationError((e as Error).message);
  }
  switch (prepared.form) {
    case 'SELECT': {
      const json = answer as string;
      const written = prepared.written ?? prepared.text;
      if (!json.includes(RELATIVE_BASE) && !paged(options) && !SELECT_ALL.test(written)) return withLazyResults('SELECT', json);
      return { form: 'SELECT', results: page(inTextOrder(externalResults(JSON.parse(json) as SelectResults), written), options) };
    }
    case 'ASK':
      return withLazyResults('ASK', answer as string);
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
