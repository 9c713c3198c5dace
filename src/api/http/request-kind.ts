/**
 * Which requests only read. A host that tells listening pages "something changed" after
 * a write (the service worker does, on the `tabula:changes` channel) asks this before it
 * hands the request to the handler: a query sent by POST (SPARQL, search, QBE, suggest,
 * values) is a read, and announcing it would make every listening page refetch — and
 * re-POST its own queries — forever.
 *
 * Decided from the method, the path and, for a SPARQL POST, the content type or the form
 * field (`query=` or `update=`), as MarkLogic's REST Application Developer's Guide tells
 * the SPARQL protocol's query and update operations apart. The body is read from a clone,
 * so the request can still be answered afterwards.
 *
 * @example
 * if (!(await isReadOnly(request)) && response.ok) announce(changeNotice(request));
 */

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const INSTANCE_PREFIX = /^\/tabula\/instances\/[^/]+(?=\/)/;

/** Endpoints whose POST is a query (a search body, a combined query), never a write. */
const QUERY_POSTS = /^\/(v1|LATEST)\/(search|qbe|suggest|values(\/[^/]+)?)$/;

/**
 * Tabula's paths that change the host, not the data: arming faults (src/api/faults.ts),
 * cancelling a request (src/api/requests.ts). Announced, they would make the console
 * refetch, and the refetch would take the fault meant for the next request a person makes.
 */
const HOST_ONLY = /^\/tabula\/v1\/(faults|requests\/[^/]+)$/;

/**
 * Multi-statement transactions (docs/decisions/0033-transactions.md): opening one and rolling
 * one back change nothing anyone reads; a commit does, and is announced.
 */
const TRANSACTION_ONLY = /^\/(v1|LATEST)\/transactions(\/[^/]+)?$/;

/**
 * Whether `request` changes nothing another page can see: any GET, HEAD or OPTIONS, a query
 * POST, a SPARQL query (never an update), a fault; a write inside an open transaction (`txid`:
 * seen by that transaction alone until its commit, which is announced); opening or rolling back
 * a transaction.
 */
export async function isReadOnly(request: Request): Promise<boolean> {
  if (READ_METHODS.has(request.method)) return true;
  const url = new URL(request.url);
  // Under a REST instance's path form (docs/decisions/0034-databases-and-instances.md) the
  // API path follows the prefix: `/tabula/instances/shop/v1/search` is a search too.
  const path = url.pathname.replace(INSTANCE_PREFIX, '');
  if (HOST_ONLY.test(path)) return true;
  if (url.searchParams.has('txid')) return true;
  if (TRANSACTION_ONLY.test(path)) return url.searchParams.get('result') !== 'commit';
  if (request.method !== 'POST') return false;
  if (QUERY_POSTS.test(path)) return true;
  if (!path.endsWith('/graphs/sparql')) return false;
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/sparql-update') return false;
  if (type === 'application/x-www-form-urlencoded') return !new URLSearchParams(await request.clone().text()).has('update');
  return true;
}

/** What a host announces after a write succeeded: its method and path (no query string, no body). */
export interface ChangeNotice {
  method: string;
  path: string;
}

export const changeNotice = (request: Request): ChangeNotice => ({ method: request.method, path: new URL(request.url).pathname });
