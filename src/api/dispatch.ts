/**
 * Which database answers a request (docs/decisions/0034-databases-and-instances.md). A
 * request reaches one instance — the one its host port serves, or the one its path names
 * in the browser's path form — and, within it:
 *
 * - `/v1/ext/…` the instance's modules database;
 * - a request with `database=<name>` naming a database of the server, that database;
 * - anything else, the instance's content database.
 *
 * The chosen database's own handler then answers it, authentication first. A `database=`
 * naming no database reaches the content database's handler, whose endpoints answer 400
 * XDMP-NOSUCHDB once the user is known (src/api/http/params.ts, `checkShared`).
 *
 * The path form: `/tabula/instances/<instance>/<API path>` — `…/v1/search?q=x` is
 * `/v1/search?q=x` on that instance. A browser origin has no ports to tell instances apart.
 */
import type { Databases, InstanceRecord } from '../db/catalog';
import { mediaType } from './http/negotiate';
import { readBody } from './http/body';

/** The path form's prefix: `/tabula/instances/<name>` then the API path. */
const INSTANCE_PATH = /^\/tabula\/instances\/([^/]+)(\/.*)$/;
const EXT_PATH = /^\/(v1|LATEST)\/ext(\/|$)/;
const SPARQL_PATH = /^\/(v1|LATEST)\/graphs\/sparql\/?$/;

export interface Routed {
  /** The request to hand on: the original, or at the API path the path form names. */
  request: Request;
  instance: InstanceRecord;
  /** The database whose handler answers. */
  database: string;
  /** The path form's prefix the request came under (`/tabula/instances/<name>`), empty otherwise. */
  basePath: string;
}

/**
 * Where `request` goes. `bound` is the instance the host serves on this port (the built-in
 * one when absent). Undefined when the path form names no instance: the caller answers 404.
 */
export async function route(request: Request, databases: Databases, bound: string | undefined): Promise<Routed | { unknownInstance: string }> {
  // Cut from the serialised URL rather than parsed: every request passes here (as in Params).
  const url = splitUrl(request.url);
  let instance = (bound === undefined ? undefined : databases.instance(bound)) ?? databases.builtinInstance();
  let path = url.pathname;
  let basePath = '';
  const named = INSTANCE_PATH.exec(path);
  if (named) {
    const found = databases.instance(decodeURIComponentSafe(named[1]));
    if (!found) return { unknownInstance: named[1] };
    instance = found;
    path = named[2];
    basePath = url.pathname.slice(0, url.pathname.length - path.length);
  }
  let database = instance.database;
  if (EXT_PATH.test(path)) database = instance.modulesDatabase;
  else {
    const asked = (await databaseParam(url, request, path, databases)) ?? database;
    if (databases.has(asked)) database = asked;
  }
  const rewritten = path === url.pathname ? request : rebuilt(request, new URL(path + url.search, request.url));
  return { request: rewritten, instance, database, basePath };
}

/** The path and query (with its `?`) of a serialised absolute URL. */
function splitUrl(href: string): { pathname: string; search: string } {
  const start = href.indexOf('/', href.indexOf('//') + 2);
  if (start < 0) return { pathname: '/', search: '' };
  const hash = href.indexOf('#', start);
  const end = hash < 0 ? href.length : hash;
  const q = href.indexOf('?', start);
  if (q < 0 || q > end) return { pathname: href.slice(start, end), search: '' };
  return { pathname: href.slice(start, q), search: href.slice(q, end) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The one `database` value of the query string (or of a SPARQL form body), undefined when
 * absent, repeated or undecodable: the handler then reports it as it reports any bad parameter.
 */
async function databaseParam(url: { search: string }, request: Request, path: string, databases: Databases): Promise<string | undefined> {
  let values = url.search.includes('database=') ? safeParams(url.search).getAll('database') : [];
  if (values.length === 0 && request.method === 'POST' && SPARQL_PATH.test(path) && mediaType(request.headers.get('content-type')) === 'application/x-www-form-urlencoded') {
    // A SPARQL form POST may carry its parameters in the body; read from a copy, within the payload limit.
    const body = await readBody(request.clone(), databases.home.maxPayloadBytes).catch(() => undefined);
    const text = body && new TextDecoder().decode(body);
    if (text?.includes('database=')) values = safeParams(text).getAll('database');
  }
  return values.length === 1 ? values[0] : undefined;
}

function safeParams(text: string): URLSearchParams {
  try {
    return new URLSearchParams(text);
  } catch {
    return new URLSearchParams();
  }
}

/** The same request at another URL; the body stream is handed on, not copied. */
function rebuilt(request: Request, url: URL): Request {
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    redirect: request.redirect,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}
