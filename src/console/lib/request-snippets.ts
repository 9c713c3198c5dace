/**
 * A request a console page sent, written out to be sent again elsewhere: as a curl
 * command for a shell, a `fetch(…)` call for a browser's console or a script, and a call
 * of MarkLogic's official Node.js client. Each is built from one description of the
 * request (method, URL, the headers that shape the answer, body), so the three send the
 * same thing the page did.
 *
 * The password is never written. curl asks for it (`--anyauth` lets it answer Digest or
 * Basic, whichever the server asks for); the fetch call and the Node client leave a
 * placeholder to fill in.
 */

import { rawAccept, requestUrl, type SearchRequestSpec } from '../../client/search';

/** A request as a page sent it. */
export interface RequestDescription {
  method: string;
  /** Absolute: the server's base URL (this page's origin for its own service worker), path and query. */
  url: string;
  /** The headers that shape the request and its answer (Accept, Content-Type), in the order sent. */
  headers: Readonly<Record<string, string>>;
  body?: string;
}

/** Who sends it and from where. */
export interface SnippetContext {
  /** The user the console acts as; absent, the service worker's own (admin). */
  user?: string;
  /** True when the console talks to this page's own service worker: fetch then takes a URL relative to the origin. */
  sameOrigin?: boolean;
}

/**
 * Where a client's requests go, for showing them: `base` absolute (this page's origin, followed by
 * the client's base path if it has one — a REST instance's `/tabula/instances/<name>`), and
 * `sameOrigin` when that is this page's own origin (a fetch snippet then takes a relative URL).
 */
export function requestBase(clientBaseUrl: string, origin: string): { base: string; sameOrigin: boolean } {
  const sameOrigin = clientBaseUrl === '' || clientBaseUrl.startsWith('/');
  return { base: sameOrigin ? `${origin}${clientBaseUrl}` : clientBaseUrl, sameOrigin };
}

/** A REST instance's path form in this browser: the official client names no such prefix. */
const INSTANCE_PATH = /^\/tabula\/instances\/[^/]+\//;

/** The operations a page's request stands for, to pick the official client's call for it. */
export type RequestKind = 'search' | 'sparql' | 'document' | 'values';

/** A search or values request as `client.search.raw` sends it; `baseUrl` is absolute (the page's origin for its own service worker). */
export function describeSearchRequest(baseUrl: string, spec: SearchRequestSpec): RequestDescription {
  const headers = { Accept: rawAccept(spec), ...(spec.contentType ? { 'Content-Type': spec.contentType } : {}) };
  return { method: spec.method, url: requestUrl(baseUrl, spec), headers, ...(spec.body !== undefined ? { body: spec.body } : {}) };
}

/** A request the client describes with its headers (a SPARQL query or update, a document read), sent to `baseUrl`. */
export function describeRequest(baseUrl: string, spec: { method: 'GET' | 'POST'; path: string; params: URLSearchParams; headers: Record<string, string>; body?: string }): RequestDescription {
  const url = requestUrl(baseUrl, { method: spec.method, path: spec.path, params: spec.params });
  return { method: spec.method, url, headers: spec.headers, ...(spec.body !== undefined ? { body: spec.body } : {}) };
}

/** A string as one POSIX shell word. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A string as a JavaScript string literal (single-quoted; line breaks and other controls escaped). */
export function jsString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must be escaped
  return `'${text.replace(/[\\'\u0000-\u001f\u2028\u2029]/g, (c) => {
    const named: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  })}'`;
}

/** A GET as curl with only an Accept header: the short form the Analytics page has always copied. */
export function curlCommand(url: string, { accept = 'application/json', user }: { accept?: string; user?: string } = {}): string {
  return curlSnippet({ method: 'GET', url, headers: { Accept: accept } }, { user });
}

/** `curl` with the method (when not GET), the headers and the body as sent. */
export function curlSnippet(request: RequestDescription, { user }: SnippetContext = {}): string {
  const words = ['curl'];
  if (user) words.push('--anyauth', '-u', shellQuote(user));
  if (request.method !== 'GET') words.push('-X', request.method);
  for (const [name, value] of Object.entries(request.headers)) words.push('-H', shellQuote(`${name}: ${value}`));
  // --data-binary reads a file when its value starts with @; --data-raw sends the same bytes without that.
  if (request.body !== undefined) words.push(request.body.startsWith('@') ? '--data-raw' : '--data-binary', shellQuote(request.body));
  words.push(shellQuote(request.url));
  return words.join(' ');
}

/** `fetch(url, init)`: the URL relative to the origin for the page's own service worker, absolute for a remote server. */
export function fetchSnippet(request: RequestDescription, { user, sameOrigin }: SnippetContext = {}): string {
  const url = sameOrigin ? relativeUrl(request.url) : request.url;
  const init = [`  method: ${jsString(request.method)},`, `  headers: ${jsObject(request.headers, '  ')},`];
  if (request.body !== undefined) init.push(`  body: ${jsString(request.body)},`);
  const auth = user ? [`// The console sent this as ${oneLine(user)}: add its Authorization header (Basic or Digest) to the headers.`] : [];
  return [...auth, `fetch(${jsString(url)}, {`, ...init, `});`].join('\n');
}

/**
 * A call of the official Node.js client (`npm install marklogic`). When the page's request
 * is what one of the client's own calls sends, that call is written; otherwise a comment
 * says why not and the request goes through `db.internal.sendRequest` as it was sent.
 */
export function nodeSnippet(request: RequestDescription, kind: RequestKind, { user }: SnippetContext = {}): string {
  const target = new URL(request.url);
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  const call = officialCall(request, kind, target);
  // The client's own calls name the database through the connection's `database`; a request sent as it was keeps it in its URL.
  const database = call.code ? target.searchParams.get('database') : null;
  const connection = [
    `  host: ${jsString(target.hostname)},`,
    `  port: ${port},`,
    ...(database !== null ? [`  database: ${jsString(database)},`] : []),
    `  user: ${jsString(user ?? 'admin')},`,
    `  password: '…',`,
    `  authType: 'DIGEST',`,
    ...(target.protocol === 'https:' ? ['  ssl: true,'] : []),
  ];
  const lines = [`const marklogic = require('marklogic');`];
  if (!user) lines.push(`// The console named no user: this browser's database then acts as admin.`);
  lines.push(`const db = marklogic.createDatabaseClient({`, ...connection, `});`);
  if (call.code) return [...lines, call.code].join('\n');
  return [...lines, ...call.why.map((line) => `// ${line}`), sendRequestCall(request, target)].join('\n');
}

/** The three snippets of a request, by the label a page offers them under. */
export function requestSnippets(request: RequestDescription, kind: RequestKind, context: SnippetContext = {}) {
  return [
    { label: 'Copy as curl', text: curlSnippet(request, context) },
    { label: 'Copy as fetch', text: fetchSnippet(request, context) },
    { label: 'Copy as Node client call', text: nodeSnippet(request, kind, context) },
  ] as const;
}

const print = `.result().then((answer) => console.log(answer), (error) => console.error(error));`;

/** The client's own call for the request, or why there is none that sends the same request. */
function officialCall(request: RequestDescription, kind: RequestKind, target: URL): { code?: string; why: string[] } {
  const names = [...target.searchParams.keys()];
  switch (kind) {
    case 'sparql': {
      if (INSTANCE_PATH.test(target.pathname)) {
        return { why: [`db.graphs.sparql() cannot send to a REST instance's path in this browser (${target.pathname.split('/', 4).join('/')}/…): it is sent as the console sent it.`] };
      }
      if (request.method !== 'POST' || request.headers['Content-Type'] !== 'application/sparql-query') {
        return { why: [`db.graphs.sparql() sends a query by POST as application/sparql-query; the console sent this one by ${request.method}.`] };
      }
      const known = (name: string) => ['default-graph-uri', 'named-graph-uri', 'base', 'database'].includes(name) || name.startsWith('bind:');
      const other = names.filter((name) => !known(name));
      if (other.length > 0) return { why: [`db.graphs.sparql() cannot send ${[...new Set(other)].join(', ')} as the console did.`] };
      return { code: sparqlCall(request, target.searchParams), why: [] };
    }
    case 'search':
      return {
        why: [
          'db.documents.query(qb.where(qb.parsedFrom(q))) would POST a combined query and read the matching documents,',
          'not send this request: it is sent as the console sent it.',
        ],
      };
    case 'values':
      return { why: ['db.values.read() POSTs its own values query, not this request: it is sent as the console sent it.'] };
    case 'document':
      return {
        why: [
          `db.documents.read({uris: [uri], categories: [...]}) adds format=json and category parameters of its own and reads`,
          'the answer as its descriptors: this request is sent as the console sent it.',
        ],
      };
  }
}

/** `db.graphs.sparql({…})` with the graphs, base and bindings of the URL. */
function sparqlCall(request: RequestDescription, params: URLSearchParams): string {
  const fields = [`  contentType: ${jsString(request.headers.Accept ?? 'application/sparql-results+json')},`];
  const defaults = params.getAll('default-graph-uri');
  const named = params.getAll('named-graph-uri');
  if (defaults.length > 0) fields.push(`  defaultGraphs: [${defaults.map(jsString).join(', ')}],`);
  if (named.length > 0) fields.push(`  namedGraphs: [${named.map(jsString).join(', ')}],`);
  const base = params.get('base');
  if (base !== null) fields.push(`  base: ${jsString(base)},`);
  const bindings = new Map<string, string[]>();
  for (const [name, value] of params) {
    const m = /^bind:([^:@]+)(?::(.+)|@(.+))?$/.exec(name);
    if (!m) continue;
    const [, variable, type, lang] = m;
    const entry = type ? `{ value: ${jsString(value)}, type: ${jsString(type)} }` : lang ? `{ value: ${jsString(value)}, lang: ${jsString(lang)} }` : jsString(value);
    bindings.set(variable, [...(bindings.get(variable) ?? []), entry]);
  }
  if (bindings.size > 0) {
    const entries = [...bindings].map(([variable, values]) => `    ${jsString(variable)}: ${values.length === 1 ? values[0] : `[${values.join(', ')}]`},`);
    fields.push(`  bindings: {`, ...entries, `  },`);
  }
  fields.push(`  query: ${jsString(request.body ?? '')},`);
  return [`db.graphs.sparql({`, ...fields, `})${print}`].join('\n');
}

/** The request as sent, through the client's connection and authentication. */
function sendRequestCall(request: RequestDescription, target: URL): string {
  const lines = [
    `db.internal.sendRequest(${jsString(target.pathname + target.search)}, (options) => {`,
    `  options.method = ${jsString(request.method)};`,
    `  options.headers = ${jsObject(request.headers, '  ')};`,
  ];
  if (request.body === undefined) return [...lines, `})${print}`].join('\n');
  return [...lines, `}, (operation) => {`, `  operation.requestBody = ${jsString(request.body)};`, `})${print}`].join('\n');
}

function jsObject(entries: Readonly<Record<string, string>>, indent: string): string {
  const fields = Object.entries(entries).map(([name, value]) => `${indent}  ${jsString(name)}: ${jsString(value)},`);
  return fields.length === 0 ? '{}' : ['{', ...fields, `${indent}}`].join('\n');
}

function relativeUrl(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** A user name in a comment: a line break in it would end the comment. */
const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ');
