/**
 * `/v1/graphs` and `/v1/graphs/things`: the graph store (MarkLogic’s REST API reference,
 * /v1/graphs and /v1/graphs/things), plus the few fixed SPARQL queries a graph browser needs — triple
 * counts, a graph's triples in pages, the triples pointing at a node — sent to
 * `/v1/graphs/sparql` as a real MarkLogic server would receive them.
 *
 * Graphs are named by IRI everywhere. The default graph's reserved IRI selects
 * `?default`, so callers can treat it as one graph among the others.
 */
import { ApiError } from './api-error';
import type { Send } from './transport';
import type { Permission } from './types';
import type { RdfJsonObject, SparqlJsonTerm } from '../wire/rdf';

/** Where triples loaded without a graph live (MarkLogic’s Semantics Developer’s Guide, the default graph). */
export const DEFAULT_GRAPH = 'http://marklogic.com/semantics#default-graph';
/** Listed by `GET /v1/graphs` beside the graphs, but holds no triples of its own (MarkLogic’s reserved graph IRIs). */
export const GRAPH_CATALOGUE = 'http://marklogic.com/semantics#graphs';

/** An RDF term as the SPARQL JSON results and RDF/JSON write it; blank-node labels without `_:`. */
export type RdfTerm =
  | { type: 'uri'; value: string }
  | { type: 'bnode'; value: string }
  | { type: 'literal'; value: string; datatype?: string; lang?: string };

export interface Triple {
  subject: RdfTerm;
  predicate: RdfTerm;
  object: RdfTerm;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export type WriteMode = 'replace' | 'merge';

export interface GraphWriteOptions extends RequestOptions {
  /** The RDF media type of the body, e.g. `text/turtle`. */
  contentType: string;
  /** `replace` (PUT) or `merge` (POST). */
  mode: WriteMode;
  /** Base IRI for relative IRIs in the payload. */
  base?: string;
  /** Extra permissions for a graph this write creates (`perm:{role}`). */
  permissions?: readonly Permission[];
}

export interface LoadProgress {
  /** Statements sent and committed so far; always 0 for a payload sent in one request. */
  done: number;
  total: number;
  /** `false` when the payload could not be split and goes in one request: show indeterminate progress. */
  chunked: boolean;
}

export interface LoadOptions extends GraphWriteOptions {
  /** Statements per request when the payload can be split. Default 10,000. */
  chunkStatements?: number;
  onProgress?: (progress: LoadProgress) => void;
}

export interface LoadResult {
  /** A graph was created (some request answered 201). */
  created: boolean;
  requests: number;
  /** Statements sent, when the payload was split; undefined otherwise. */
  statements?: number;
}

export interface GraphContent {
  /** The media type the server answered with, without parameters. */
  contentType: string;
  text: string;
}

export interface GraphsApi {
  /** `GET /v1/graphs`: the IRIs of the graphs the user may read, as the server lists them. */
  list(options?: RequestOptions): Promise<string[]>;
  /** `HEAD`: whether the graph exists. */
  exists(graph: string, options?: RequestOptions): Promise<boolean>;
  /** The graph in the RDF format `accept` names. Rejects with a 404 ApiError for a missing graph. */
  read(graph: string, options: RequestOptions & { accept: string }): Promise<GraphContent>;
  /** The same as a Blob, for downloads. */
  readBlob(graph: string, options: RequestOptions & { accept: string }): Promise<Blob>;
  /**
   * One PUT or POST of an RDF payload into a graph, or — `graph` undefined — of a quads
   * payload (N-Quads, TriG) whose graphs are named inline. An empty replacement deletes the graph.
   */
  write(graph: string | undefined, body: string | Blob, options: GraphWriteOptions): Promise<{ created: boolean }>;
  /**
   * Writes a payload in pieces when it can be split without changing its meaning (N-Triples
   * and N-Quads without blank nodes, at line ends), so large files show progress; otherwise
   * in one request. A replacement replaces with its first piece and merges the rest. Not
   * atomic across pieces: a failure leaves the pieces already committed.
   */
  load(graph: string | undefined, text: string, options: LoadOptions): Promise<LoadResult>;
  /** `DELETE`: removes the graph; deleting a missing graph is the server's call (404 or 204). */
  remove(graph: string, options?: RequestOptions): Promise<void>;
  readPermissions(graph: string, options?: RequestOptions): Promise<Permission[]>;
  /** `PUT` (replace) or `POST` (merge) `category=permissions`. */
  writePermissions(graph: string, permissions: readonly Permission[], options?: RequestOptions & { mode?: WriteMode }): Promise<void>;
  /** `GET /v1/graphs/things?iri=…` in the RDF format `accept` names. */
  things(iris: string | readonly string[], options: RequestOptions & { accept: string }): Promise<GraphContent>;
  /** The triples of a node as `/v1/graphs/things` describes it (RDF/JSON); none when it has none (404). */
  describe(iri: string, options?: RequestOptions): Promise<Triple[]>;
  /** Triples per graph (SPARQL), the default graph included under {@link DEFAULT_GRAPH} when it has any. */
  tripleCounts(options?: RequestOptions): Promise<Record<string, number>>;
  /** The number of triples in one graph (SPARQL). */
  count(graph: string, options?: RequestOptions): Promise<number>;
  /** A page of a graph's triples in a stable order (SPARQL `ORDER BY ?s ?p ?o LIMIT … OFFSET …`). */
  triples(graph: string, page: { offset: number; limit: number }, options?: RequestOptions): Promise<Triple[]>;
  /** Triples whose object is the IRI, in any graph, first `limit` of them by predicate then subject (SPARQL). */
  incoming(iri: string, options?: RequestOptions & { limit?: number }): Promise<Triple[]>;
}

const SPARQL_RESULTS_JSON = 'application/sparql-results+json';
const RDF_JSON = 'application/rdf+json';
const LINE_FORMATS = new Set(['application/n-triples', 'application/n-quads', 'text/x-nquads']);
const DEFAULT_CHUNK_STATEMENTS = 10_000;
const DEFAULT_INCOMING_LIMIT = 500;

export function createGraphsApi(send: Send): GraphsApi {
  const discard = async (res: Response) => {
    await res.body?.cancel();
  };

  const get = (graph: string, accept: string, signal: AbortSignal | undefined) =>
    send('GET', '/v1/graphs', graphParams(graph), { signal, headers: { Accept: accept } });

  /** A SELECT sent as the official client sends it: the text as the body, the rest in the URL. */
  const select = async (query: string, params: URLSearchParams, signal: AbortSignal | undefined) => {
    const res = await send('POST', '/v1/graphs/sparql', params, {
      signal,
      headers: { 'Content-Type': 'application/sparql-query', Accept: SPARQL_RESULTS_JSON },
      body: query,
    });
    return selectBindings(await res.json());
  };

  const api: GraphsApi = {
    async list({ signal } = {}) {
      const res = await send('GET', '/v1/graphs', undefined, { signal, headers: { Accept: 'text/uri-list' } });
      return parseUriList(await res.text());
    },

    async exists(graph, { signal } = {}) {
      try {
        await discard(await send('HEAD', '/v1/graphs', graphParams(graph), { signal }));
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 404) return false;
        throw err;
      }
    },

    async read(graph, { accept, signal }) {
      const res = await get(graph, accept, signal);
      return { contentType: mediaType(res.headers.get('content-type')), text: await res.text() };
    },

    async readBlob(graph, { accept, signal }) {
      return (await get(graph, accept, signal)).blob();
    },

    async write(graph, body, { contentType, mode, base, permissions, signal }) {
      const params = graphParams(graph);
      if (base) params.set('base', base);
      for (const p of permissions ?? []) for (const c of p.capabilities) params.append(`perm:${p['role-name']}`, c);
      const res = await send(mode === 'replace' ? 'PUT' : 'POST', '/v1/graphs', params, {
        signal,
        headers: { 'Content-Type': contentType },
        body,
      });
      await discard(res);
      return { created: res.status === 201 };
    },

    async load(graph, text, options) {
      const { chunkStatements = DEFAULT_CHUNK_STATEMENTS, onProgress, mode, ...write } = options;
      if (!(chunkStatements >= 1)) throw new RangeError(`chunkStatements must be at least 1, got ${chunkStatements}`);
      const chunks = splitStatements(text, write.contentType, chunkStatements);
      if (!chunks) {
        onProgress?.({ done: 0, total: 0, chunked: false });
        const { created } = await api.write(graph, text, { ...write, mode });
        return { created, requests: 1 };
      }
      const total = chunks.reduce((n, c) => n + c.statements, 0);
      let done = 0;
      let created = false;
      onProgress?.({ done, total, chunked: true });
      // Nothing to split still means one request: an empty replacement deletes the graph.
      const pieces = chunks.length > 0 ? chunks : [{ text: '', statements: 0 }];
      for (const [i, chunk] of pieces.entries()) {
        const result = await api.write(graph, chunk.text, { ...write, mode: i === 0 ? mode : 'merge' });
        created ||= result.created;
        done += chunk.statements;
        onProgress?.({ done, total, chunked: true });
      }
      return { created, requests: pieces.length, statements: total };
    },

    async remove(graph, { signal } = {}) {
      await discard(await send('DELETE', '/v1/graphs', graphParams(graph), { signal }));
    },

    async readPermissions(graph, { signal } = {}) {
      const params = graphParams(graph);
      params.set('category', 'permissions');
      const res = await send('GET', '/v1/graphs', params, { signal, headers: { Accept: 'application/json' } });
      const body = (await res.json()) as { permissions?: Permission[] };
      return body.permissions ?? [];
    },

    async writePermissions(graph, permissions, { signal, mode = 'replace' } = {}) {
      const params = graphParams(graph);
      params.set('category', 'permissions');
      const res = await send(mode === 'replace' ? 'PUT' : 'POST', '/v1/graphs', params, {
        signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ permissions }),
      });
      await discard(res);
    },

    async things(iris, { accept, signal }) {
      const params = new URLSearchParams();
      for (const iri of typeof iris === 'string' ? [iris] : iris) params.append('iri', iri);
      const res = await send('GET', '/v1/graphs/things', params, { signal, headers: { Accept: accept } });
      return { contentType: mediaType(res.headers.get('content-type')), text: await res.text() };
    },

    async describe(iri, { signal } = {}) {
      let content: GraphContent;
      try {
        content = await api.things(iri, { accept: RDF_JSON, signal });
      } catch (err) {
        // The things service answers 404 for a node that is no triple's subject (MarkLogic’s REST API reference, /v1/graphs/things).
        if (err instanceof ApiError && err.statusCode === 404) return [];
        throw err;
      }
      return parseRdfJson(JSON.parse(content.text));
    },

    async tripleCounts({ signal } = {}) {
      const [named, unnamed] = await Promise.all([
        select('SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g', new URLSearchParams(), signal),
        api.count(DEFAULT_GRAPH, { signal }),
      ]);
      const counts: Record<string, number> = {};
      for (const row of named) {
        const g = row.g;
        if (g?.type === 'uri') counts[g.value] = integerValue(row.n);
      }
      if (unnamed > 0) counts[DEFAULT_GRAPH] = unnamed;
      return counts;
    },

    async count(graph, { signal } = {}) {
      // `default-graph-uri` names graphs, the default graph by its own IRI (MarkLogic's dataset rules),
      // so one query counts any graph without putting its IRI into the query text.
      const rows = await select('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', new URLSearchParams({ 'default-graph-uri': graph }), signal);
      return rows.length > 0 ? integerValue(rows[0].n) : 0;
    },

    async triples(graph, { offset, limit }, { signal } = {}) {
      const query = `SELECT ?s ?p ?o WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o LIMIT ${whole(limit, 'limit')} OFFSET ${whole(offset, 'offset')}`;
      const rows = await select(query, new URLSearchParams({ 'default-graph-uri': graph }), signal);
      return rows.flatMap((row) => (row.s && row.p && row.o ? [{ subject: row.s, predicate: row.p, object: row.o }] : []));
    },

    async incoming(iri, { signal, limit = DEFAULT_INCOMING_LIMIT } = {}) {
      // The IRI travels as a binding (an RDF term), never spliced into the query text.
      const params = new URLSearchParams({ 'bind:o': iri });
      const query = `SELECT DISTINCT ?s ?p WHERE { ?s ?p ?o } ORDER BY ?p ?s LIMIT ${whole(limit, 'limit')}`;
      const rows = await select(query, params, signal);
      const object: RdfTerm = { type: 'uri', value: iri };
      return rows.flatMap((row) => (row.s && row.p ? [{ subject: row.s, predicate: row.p, object }] : []));
    },
  };
  return api;
}

/** `?graph=IRI`, `?default` for the default graph's IRI, nothing for the whole store. */
function graphParams(graph: string | undefined): URLSearchParams {
  if (graph === undefined) return new URLSearchParams();
  if (graph === DEFAULT_GRAPH) return new URLSearchParams({ default: '' });
  return new URLSearchParams({ graph });
}

function whole(n: number, name: string): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number, got ${n}`);
  return n;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** `text/uri-list` (RFC 2483): one IRI a line, CRLF or LF, `#` lines are comments. */
export function parseUriList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export interface StatementChunk {
  text: string;
  statements: number;
}

/**
 * Splits a line-based payload (N-Triples, N-Quads) into pieces of at most `size`
 * statements at line ends. Undefined when the payload must travel whole: other
 * formats (a Turtle prefix or a TriG block spans lines) and any payload with blank
 * nodes, whose labels are scoped to one document — `_:b1` in two requests would be
 * two different nodes. The check is textual, so `_:` inside a literal also keeps a
 * payload whole; that is only slower, never wrong.
 */
export function splitStatements(text: string, contentType: string, size: number): StatementChunk[] | undefined {
  if (!LINE_FORMATS.has(mediaType(contentType)) || text.includes('_:')) return undefined;
  const chunks: StatementChunk[] = [];
  let lines: string[] = [];
  let statements = 0;
  // Any run of CR and LF ends a line in N-Triples; a literal cannot hold a raw one.
  for (const line of text.split(/[\r\n]+/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    lines.push(line);
    statements++;
    if (statements === size) {
      chunks.push({ text: `${lines.join('\n')}\n`, statements });
      lines = [];
      statements = 0;
    }
  }
  if (statements > 0) chunks.push({ text: `${lines.join('\n')}\n`, statements });
  return chunks;
}

/** A SPARQL JSON term as a server may send it: every field is checked before it is used. */
type UncheckedTerm = Partial<Record<keyof Extract<SparqlJsonTerm, { type: 'literal' }>, string>>;

/** The rows of a W3C SPARQL JSON SELECT result, each variable as an RdfTerm. */
export function selectBindings(body: unknown): Array<Record<string, RdfTerm | undefined>> {
  const bindings = (body as { results?: { bindings?: unknown } })?.results?.bindings;
  if (!Array.isArray(bindings)) throw new TypeError('The server answered a SELECT without results.bindings');
  return bindings.map((row: Record<string, UncheckedTerm>) => {
    const out: Record<string, RdfTerm | undefined> = {};
    for (const [name, term] of Object.entries(row ?? {})) out[name] = sparqlTerm(term);
    return out;
  });
}

function sparqlTerm(term: UncheckedTerm): RdfTerm | undefined {
  const value = term?.value;
  if (typeof value !== 'string') return undefined;
  switch (term.type) {
    case 'uri':
      return { type: 'uri', value };
    case 'bnode':
      return { type: 'bnode', value };
    // `typed-literal` is the SPARQL 1.0 JSON form some servers still send.
    case 'literal':
    case 'typed-literal':
      return literal(value, term.datatype, term['xml:lang']);
    default:
      return undefined;
  }
}

function literal(value: string, datatype: string | undefined, lang: string | undefined): RdfTerm {
  if (lang) return { type: 'literal', value, lang };
  if (datatype) return { type: 'literal', value, datatype };
  return { type: 'literal', value };
}

function integerValue(term: RdfTerm | undefined): number {
  const n = Number(term?.value);
  return Number.isFinite(n) ? n : 0;
}

/** RDF/JSON (`application/rdf+json`, one of MarkLogic’s RDF formats): subject → predicate → objects; blank nodes as `_:label`. */
export function parseRdfJson(doc: unknown): Triple[] {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new TypeError('RDF/JSON must be an object of subjects');
  const triples: Triple[] = [];
  for (const [s, predicates] of Object.entries(doc as Record<string, Record<string, Partial<RdfJsonObject>[]>>)) {
    const subject = resource(s);
    for (const [p, objects] of Object.entries(predicates ?? {})) {
      const predicate: RdfTerm = { type: 'uri', value: p };
      for (const o of Array.isArray(objects) ? objects : []) {
        if (typeof o?.value !== 'string') continue;
        const object: RdfTerm =
          o.type === 'literal'
            ? literal(o.value, o.datatype, o.lang)
            : o.type === 'bnode'
              ? { type: 'bnode', value: o.value.replace(/^_:/, '') }
              : { type: 'uri', value: o.value };
        triples.push({ subject, predicate, object });
      }
    }
  }
  return triples;
}

function resource(name: string): RdfTerm {
  return name.startsWith('_:') ? { type: 'bnode', value: name.slice(2) } : { type: 'uri', value: name };
}
