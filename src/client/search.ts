/**
 * `/v1/search`, `/v1/qbe`, `/v1/suggest` and the option-set names of `/v1/config/query`
 * (MarkLogic’s REST API reference: /v1/search, /v1/qbe, /v1/config/query, /v1/suggest): searching as MarkLogic's own clients do. A
 * string query goes by GET; a structured or combined query, or a query by example, is
 * POSTed as JSON (an object) or XML (a string).
 *
 * Every request is first described as a {@link SearchRequestSpec}, then sent: a page can
 * show exactly what went over the wire and send the same request again in the other
 * format ({@link withFormat}) without rebuilding it.
 *
 * @example
 * const page = await client.search.query({ q: 'soup cuisine:french', options: 'recipes', pageLength: 20 });
 * page.results[0].matches; // [{ path, 'match-text': ['Tomato ', { highlight: 'soup' }] }]
 * await client.search.post({ search: { qtext: 'soup', query: { queries: [{ 'collection-query': { uri: ['recipes'] } }] } } });
 * await client.search.qbe({ $query: { cuisine: 'french' } });
 * await client.search.suggest('tom', { options: 'recipes' }); // ['tomato', 'tomatoes']
 */
import { cancelledOnAbort, cancelRequest, namedRequest, type Send } from './transport';
import type { SearchResponse } from './types';

export type ResponseFormat = 'json' | 'xml';

export type SearchView = 'results' | 'facets' | 'metadata' | 'all' | 'none';

/** What restricts and pages a search, besides the query itself. */
export interface SearchScopeParams {
  /** A named option set; omitted, the server's `default`. */
  options?: string;
  /** 1-based index of the first result. */
  start?: number;
  pageLength?: number;
  /** Documents in any of these collections. */
  collection?: string | readonly string[];
  /** Documents under this directory (a slash is added when missing, as MarkLogic's clients do). */
  directory?: string;
  view?: SearchView;
}

export interface SearchQuery extends SearchScopeParams {
  /** String queries (MarkLogic’s Search Developer’s Guide, string query grammar); several are ANDed. */
  q?: string | readonly string[];
}

/** Kept for the explorer's listing, which was written against this name. */
export type ListQuery = SearchQuery;

export type SearchScope = { collection: string } | { directory: string };

/** `{"query": {…}}`: a structured query (MarkLogic’s Search Developer’s Guide, structured queries). */
export interface StructuredQueryBody {
  query: Record<string, unknown>;
}

/** `{"search": {…}}`: a combined query — a structured query or QBE, qtext and inline options (MarkLogic’s REST Application Developer’s Guide, combined queries). */
export interface CombinedQueryBody {
  search: {
    query?: Record<string, unknown>;
    $query?: Record<string, unknown>;
    qtext?: string | string[];
    /** The content of `{"options": …}`: merged over the named options. */
    options?: Record<string, unknown>;
  };
}

/** A JSON body, or XML text (`<search:query>`, `<search:search>`, `<q:qbe>`). */
export type SearchBody = StructuredQueryBody | CombinedQueryBody | string;

/** A query by example: `{"$query": {…}}` (JSON) or XML text. */
export type QueryByExample = { $query: Record<string, unknown> } & Record<string, unknown> | string;

/** A search request as it is sent (without the client's credentials and base URL). */
export interface SearchRequestSpec {
  method: 'GET' | 'POST';
  path: string;
  params: URLSearchParams;
  /** The POST body, as sent. */
  body?: string;
  contentType?: string;
}

/** An answer as the server sent it. */
export interface RawSearchAnswer {
  status: number;
  /** Media type without parameters. */
  contentType: string;
  text: string;
}

export interface SuggestOptions {
  /** String queries restricting the documents the completions come from. */
  q?: string | readonly string[];
  options?: string;
  /** At most this many suggestions (server default 10). */
  limit?: number;
  /** Where in `partialQ` the token to complete ends (default: its end). */
  cursorPosition?: number;
}

/** A constraint of an option set, as far as a search box needs to know it. */
export interface ConstraintSummary {
  name: string;
  /** `collection`, `value`, `word`, `range`, `container`, `properties`, … */
  kind: string;
  /** For range constraints: `xs:int`, `xs:string`, … */
  type?: string;
  /** Whether the search response carries a facet for it. */
  facet: boolean;
  /** Bucket names of a bucketed range constraint: what `name:bucket` takes. */
  buckets?: string[];
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface SearchRequestOptions extends RequestOptions {
  /**
   * Names the request (header `Tabula-Request-Id`), so {@link SearchApi.cancel} can end it while
   * it runs. Tabula only: a page aborting its fetch does not stop the service worker's work.
   */
  requestId?: string;
  /**
   * Names the request (with `requestId`, or a fresh name) and cancels it on the server too when
   * `signal` aborts before its answer is read. Tabula only: another server refuses the header.
   */
  cancelOnAbort?: boolean;
}

export interface SearchApi {
  /** A string query (and scope) by GET, answered as JSON. */
  query(query?: SearchQuery, options?: SearchRequestOptions): Promise<SearchResponse>;
  /** The same as {@link SearchApi.query}; the document explorer's name for listing a scope. */
  list(query?: ListQuery, options?: SearchRequestOptions): Promise<SearchResponse>;
  /** POSTs a structured query, a combined query or a QBE (JSON object or XML text), ANDed with `q`. */
  post(body: SearchBody, query?: SearchQuery, options?: SearchRequestOptions): Promise<SearchResponse>;
  /** `POST /v1/qbe`: a query by example. */
  qbe(example: QueryByExample, scope?: SearchScopeParams, options?: SearchRequestOptions): Promise<SearchResponse>;
  /**
   * Ends the search sent with `requestId` while it runs (`DELETE /tabula/v1/requests/{id}`): its
   * answer is then an ApiError, 500 XDMP-CANCELED. False when no such request is running.
   */
  cancel(requestId: string): Promise<boolean>;
  /** Completions of `partialQ` (`/v1/suggest`): each is the whole text with its last token completed. */
  suggest(partialQ: string, suggest?: SuggestOptions, options?: RequestOptions): Promise<string[]>;
  /** Sends a described request and returns the answer untouched (for display, or the XML form). */
  raw(spec: SearchRequestSpec, options?: SearchRequestOptions): Promise<RawSearchAnswer>;
  /** The names of the stored option sets, `default` first (it always exists, stored or not). */
  optionSetNames(options?: RequestOptions): Promise<string[]>;
  /** The constraints of an option set (`default` included). */
  constraints(optionSet: string, options?: RequestOptions): Promise<ConstraintSummary[]>;
  /** Deletes every document of a collection or a directory (DELETE /v1/search, MarkLogic’s REST API reference). */
  remove(scope: SearchScope, options?: RequestOptions): Promise<void>;
}

export const SEARCH_PATH = '/v1/search';
export const QBE_PATH = '/v1/qbe';
export const SUGGEST_PATH = '/v1/suggest';
export const CONFIG_QUERY_PATH = '/v1/config/query';

const ACCEPT: Record<ResponseFormat, string> = { json: 'application/json', xml: 'application/xml' };

/** `GET /v1/search` with a string query: the request {@link SearchApi.query} sends. */
export function searchRequest(query: SearchQuery = {}, format: ResponseFormat = 'json'): SearchRequestSpec {
  const params = new URLSearchParams();
  for (const q of list(query.q)) params.append('q', q);
  appendScope(params, query);
  params.set('format', format);
  return { method: 'GET', path: SEARCH_PATH, params };
}

/** `POST /v1/search` with a body: the request {@link SearchApi.post} sends. */
export function postSearchRequest(body: SearchBody, query: SearchQuery = {}, format: ResponseFormat = 'json'): SearchRequestSpec {
  const { params } = searchRequest(query, format);
  return { method: 'POST', path: SEARCH_PATH, params, ...bodyOf(body, 'search') };
}

/** `POST /v1/qbe`: the request {@link SearchApi.qbe} sends. */
export function qbeRequest(example: QueryByExample, scope: SearchScopeParams = {}, format: ResponseFormat = 'json'): SearchRequestSpec {
  const params = new URLSearchParams();
  appendScope(params, scope);
  params.set('format', format);
  return { method: 'POST', path: QBE_PATH, params, ...bodyOf(example, 'qbe') };
}

/** The same request answered in `format` (the `format` parameter wins over Accept, MarkLogic’s REST Application Developer’s Guide, error reporting). */
export function withFormat(spec: SearchRequestSpec, format: ResponseFormat): SearchRequestSpec {
  const params = new URLSearchParams(spec.params);
  params.set('format', format);
  return { ...spec, params };
}

/** The Accept {@link SearchApi.raw} sends with a described request: the one its `format` names, else either. */
export function rawAccept(spec: SearchRequestSpec): string {
  const format = spec.params.get('format');
  return format === 'xml' ? ACCEPT.xml : format === 'json' ? ACCEPT.json : `${ACCEPT.json}, ${ACCEPT.xml}`;
}

/** The URL a request goes to, for display: `baseUrl` ('' for this page's origin) + path + query. */
export function requestUrl(baseUrl: string, spec: SearchRequestSpec): string {
  const query = spec.params.toString();
  return `${baseUrl}${spec.path}${query ? `?${query}` : ''}`;
}

/** A JSON search response as this client returns it: `results` always an array. */
export function readSearchResponse(text: string): SearchResponse {
  const body = JSON.parse(text) as SearchResponse;
  if (!body || typeof body !== 'object' || typeof body.total !== 'number') {
    throw new Error('The server answered JSON that is not a search response');
  }
  return { ...body, results: body.results ?? [] };
}

/**
 * The constraints of an option set in its JSON form (the content of `{"options": …}`).
 * A constraint's kind is its one key besides `name` (and `annotation`, which any may carry).
 */
export function constraintSummaries(options: unknown): ConstraintSummary[] {
  const constraint = (options as { constraint?: unknown } | null)?.constraint;
  const defs = Array.isArray(constraint) ? constraint : constraint && typeof constraint === 'object' ? [constraint] : [];
  const out: ConstraintSummary[] = [];
  for (const def of defs as Array<Record<string, unknown>>) {
    if (!def || typeof def.name !== 'string') continue;
    const kind = Object.keys(def).find((k) => k !== 'name' && k !== 'annotation') ?? 'unknown';
    const body = (def[kind] ?? {}) as Record<string, unknown>;
    const summary: ConstraintSummary = { name: def.name, kind, facet: false };
    if (kind === 'range') {
      if (typeof body.type === 'string') summary.type = body.type;
      // Range constraints facet unless they say otherwise (MarkLogic’s Search Developer’s Guide, query options reference).
      summary.facet = body.facet !== false;
      const buckets = [...asArray(body.bucket), ...asArray(body['computed-bucket'])]
        .map((b) => (b as { name?: unknown })?.name)
        .filter((n): n is string => typeof n === 'string');
      if (buckets.length > 0) summary.buckets = buckets;
    } else if (kind === 'collection') {
      summary.facet = (body as { facet?: unknown } | null)?.facet !== false;
    }
    out.push(summary);
  }
  return out;
}

export function createSearchApi(send: Send): SearchApi {
  /** Sends a described request and reads its answer with `read`, the request named and cancelled on abort as asked. */
  const sendSpec = <T>(spec: SearchRequestSpec, accept: string, { signal, requestId, cancelOnAbort }: SearchRequestOptions, read: (res: Response) => Promise<T>) => {
    const sendNamed = async (name: string | undefined) =>
      read(
        await send(spec.method, spec.path, spec.params, {
          signal,
          headers: { Accept: accept, ...(spec.contentType ? { 'Content-Type': spec.contentType } : {}), ...namedRequest(name) },
          body: spec.body,
        }),
      );
    return cancelOnAbort ? cancelledOnAbort(send, signal, requestId, sendNamed) : sendNamed(requestId);
  };

  // Descriptions are built inside the async functions, so a bad argument rejects like any failure.
  const searchJson = async (describe: () => SearchRequestSpec, options: SearchRequestOptions = {}) =>
    readSearchResponse(await sendSpec(describe(), ACCEPT.json, options, (res) => res.text()));

  const query: SearchApi['query'] = (q = {}, options = {}) => searchJson(() => searchRequest(q), options);

  return {
    query,
    list: query,

    post(body, q = {}, options = {}) {
      return searchJson(() => postSearchRequest(body, q), options);
    },

    qbe(example, scope = {}, options = {}) {
      return searchJson(() => qbeRequest(example, scope), options);
    },

    cancel(requestId) {
      return cancelRequest(send, requestId);
    },

    async suggest(partialQ, opts = {}, { signal } = {}) {
      const params = new URLSearchParams({ 'partial-q': partialQ });
      for (const q of list(opts.q)) params.append('q', q);
      if (opts.options) params.set('options', opts.options);
      if (opts.limit !== undefined) params.set('limit', String(checkInteger('limit', opts.limit, 1)));
      if (opts.cursorPosition !== undefined) {
        const cursor = checkInteger('cursorPosition', opts.cursorPosition, 0);
        if (cursor > partialQ.length) throw new RangeError(`cursorPosition ${cursor} is past the end of the text (${partialQ.length})`);
        params.set('cursor-position', String(cursor));
      }
      params.set('format', 'json');
      const res = await send('GET', SUGGEST_PATH, params, { signal, headers: { Accept: ACCEPT.json } });
      const body = (await res.json()) as { suggestions?: unknown };
      if (!Array.isArray(body?.suggestions)) throw new Error('The server answered JSON that is not a list of suggestions');
      return body.suggestions.map(String);
    },

    raw(spec, options = {}) {
      return sendSpec(spec, rawAccept(spec), options, async (res) => ({ status: res.status, contentType: mediaType(res.headers.get('content-type')), text: await res.text() }));
    },

    async optionSetNames({ signal } = {}) {
      const res = await send('GET', CONFIG_QUERY_PATH, new URLSearchParams({ format: 'json' }), { signal, headers: { Accept: ACCEPT.json } });
      const body = (await res.json()) as unknown;
      if (!Array.isArray(body)) throw new Error('The server answered JSON that is not a list of option sets');
      const names = body.map((entry) => (entry as { name?: unknown })?.name).filter((n): n is string => typeof n === 'string');
      return ['default', ...[...new Set(names)].filter((n) => n !== 'default').sort()];
    },

    async constraints(optionSet, { signal } = {}) {
      if (optionSet === '') throw new TypeError('constraints: an option set name is required');
      const path = `${CONFIG_QUERY_PATH}/${encodeURIComponent(optionSet)}`;
      const res = await send('GET', path, new URLSearchParams({ format: 'json' }), { signal, headers: { Accept: ACCEPT.json } });
      const body = (await res.json()) as { options?: unknown };
      return constraintSummaries(body?.options);
    },

    async remove(scope, { signal } = {}) {
      const params =
        'collection' in scope
          ? new URLSearchParams({ collection: scope.collection })
          : new URLSearchParams({ directory: asDirectory(scope.directory) });
      const res = await send('DELETE', SEARCH_PATH, params, { signal });
      await res.body?.cancel();
    },
  };
}

/** Adds a scope's parameters in the order the API documents them; `/v1/values` takes the same ones. */
export function appendScope(params: URLSearchParams, scope: SearchScopeParams): void {
  if (scope.options) params.set('options', scope.options);
  for (const c of list(scope.collection)) params.append('collection', c);
  if (scope.directory) params.set('directory', asDirectory(scope.directory));
  if (scope.start !== undefined) params.set('start', String(checkInteger('start', scope.start, 1)));
  if (scope.pageLength !== undefined) params.set('pageLength', String(checkInteger('pageLength', scope.pageLength, 0)));
  if (scope.view) params.set('view', scope.view);
}

function bodyOf(body: SearchBody | QueryByExample, what: 'search' | 'qbe'): Pick<SearchRequestSpec, 'body' | 'contentType'> {
  if (typeof body === 'string') {
    if (!body.trimStart().startsWith('<')) throw new TypeError(`A ${what === 'qbe' ? 'query by example' : 'search body'} given as text must be XML`);
    return { body, contentType: 'application/xml' };
  }
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

/** A parameter the API repeats, given once or as a list. */
export const list = (v: string | readonly string[] | undefined): readonly string[] => (v === undefined ? [] : typeof v === 'string' ? [v] : v);

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** MarkLogic treats `directory` as a URI prefix ending in `/`; add it as its own client does. */
function asDirectory(dir: string): string {
  return dir.endsWith('/') ? dir : `${dir}/`;
}

export function checkInteger(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  return value;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}
