/**
 * `/v1/transactions` and `/v1/transactions/{txid}`: multi-statement transactions (MarkLogic's
 * REST API reference, /v1/transactions; MarkLogic's REST Application Developer's Guide,
 * "Managing Transactions"). Opening one answers 303 See Other to its status document; data
 * requests name it with `txid`; `result=commit` or `result=rollback` ends it with 204. The
 * database side, and what Tabula does differently, is docs/decisions/0033-transactions.md.
 *
 * @example
 * POST /v1/transactions?name=order&timeLimit=120   → 303, Location: /v1/transactions/1234…
 * PUT  /v1/documents?uri=/order.json&txid=1234…     → 201 (seen only inside the transaction)
 * POST /v1/transactions/1234…?result=commit          → 204 (now everyone sees it)
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { RAPI_NS } from '../db/xml';
import type { TransactionStatus } from '../db/transactions';
import type { TransactionStatusJson } from '../wire/transactions';
import { basePathOf, requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';

export function registerTransactions(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/transactions', { POST: (c) => open(c, deps) });
  endpoint(app, '/transactions/:txid', {
    GET: (c) => status(c, deps),
    POST: (c) => finish(c, deps),
  });
}

async function open(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['name', 'timeLimit']);
  const name = params.one('name');
  const limit = params.one('timeLimit');
  if (limit !== undefined && !/^\d+$/.test(limit)) throw new DbError('REST-INVALIDPARAM', `invalid time limit: ${limit}`);
  const txn = await deps.db.transactions.begin(c.get('principal'), { name: name || undefined, timeLimit: limit === undefined ? undefined : Number(limit) });
  // Back to the same instance and database: a browser follows the 303 before its script sees it.
  const database = params.one('database');
  const location = `${basePathOf(c)}${prefixOf(c)}/transactions/${txn.id}${database === undefined ? '' : `?database=${encodeURIComponent(database)}`}`;
  return new Response(null, {
    status: 303,
    statusText: 'See Other',
    // MarkLogic's cookie for load balancers to send the transaction's requests to its host;
    // clients send it back, and one host has nothing to route.
    headers: { Location: location, 'Set-Cookie': `HostId=${hostIdOf(c)}; path=/` },
  });
}

async function status(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['format']);
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  const body = statusJson(deps.db.transactions.status(txidOf(c), c.get('principal')), c, deps);
  if (format === 'json') return c.body(JSON.stringify(body), 200, { 'content-type': 'application/json; charset=utf-8' });
  return c.body(statusXml(body), 200, { 'content-type': 'application/xml; charset=utf-8' });
}

async function finish(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['result']);
  const result = params.oneOf('result', ['commit', 'rollback'] as const);
  if (result === undefined) throw new DbError('REST-REQUIREDPARAM', 'Required parameter: result (commit or rollback)');
  const txid = txidOf(c);
  if (result === 'commit') await deps.db.transactions.commit(txid, c.get('principal'), c.get('deadline'));
  else deps.db.transactions.rollback(txid, c.get('principal'));
  return new Response(null, { status: 204, statusText: result === 'commit' ? 'Committed' : 'Rolled Back' });
}

/** `/v1` or `/LATEST`, as the request came in: the Location names the status on the same path. */
const prefixOf = (c: ApiContext): string => (new URL(c.req.url).pathname.startsWith('/LATEST/') ? '/LATEST' : '/v1');

const hostNameOf = (c: ApiContext): string => new URL(c.req.url).hostname;

/** A stable decimal id for a name, as MarkLogic gives hosts, servers and databases numeric ids (FNV-1a, 64 bits). */
function idOf(name: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(name)) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString();
}

const hostIdOf = (c: ApiContext): string => idOf(`host:${hostNameOf(c)}`);

function statusJson(s: TransactionStatus, c: ApiContext, deps: ApiDeps): TransactionStatusJson {
  const server = 'Tabula';
  return {
    'transaction-status': {
      host: { 'host-id': hostIdOf(c), 'host-name': hostNameOf(c) },
      server: { 'server-id': idOf(`server:${server}`), 'server-name': server },
      database: { 'database-id': idOf(`database:${deps.db.name}`), 'database-name': deps.db.name },
      'transaction-id': s.id,
      'transaction-name': s.name,
      'transaction-mode': 'update',
      'transaction-timestamp': '0',
      'transaction-state': s.state === 'active' ? 'active' : 'committing',
      canceled: 'false',
      'start-time': new Date(s.startedAt).toISOString(),
      'time-limit': String(s.timeLimit),
      'max-time-limit': String(s.maxTimeLimit),
      user: s.user,
      admin: String(s.admin),
    },
  };
}

/** The same document as `rapi:transaction-status`, one element per name. */
function statusXml(body: TransactionStatusJson): string {
  const element = (name: string, value: string | Record<string, string>): string =>
    typeof value === 'string'
      ? `<rapi:${name}>${escapeXml(value)}</rapi:${name}>`
      : `<rapi:${name}>${Object.entries(value)
          .map(([k, v]) => element(k, v))
          .join('')}</rapi:${name}>`;
  const children = Object.entries(body['transaction-status'])
    .map(([k, v]) => element(k, v))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rapi:transaction-status xmlns:rapi="${RAPI_NS}">${children}</rapi:transaction-status>`;
}

/** The `{txid}` of the path (opaque: any text without a slash). */
const txidOf = (c: ApiContext): string => c.req.param('txid') ?? '';
