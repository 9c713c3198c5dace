/**
 * Multi-statement transactions (MarkLogic's REST API reference, /v1/transactions; MarkLogic's
 * REST Application Developer's Guide, "Managing Transactions"): open one, read its status,
 * commit or roll it back. A client made by `client.withTransaction(txid)` sends `txid` with
 * every request to the paths that run inside a transaction ({@link carriesTransaction}), so
 * its reads see the transaction's own uncommitted writes and its writes stay private until
 * the commit.
 *
 * Opening answers 303 See Other to the status document. A browser's `fetch` (and Node's)
 * follows it with a GET, so the answer read is the status itself; a fetch that hands the
 * 303 back (a handler called directly, as the tests do) is followed here.
 *
 * @example
 * const { txid } = await client.transactions.open({ name: 'order', timeLimit: 120 });
 * const tx = client.withTransaction(txid);
 * await tx.documents.write('/order.json', '{"total": 12}'); // seen only through `tx`
 * await client.transactions.commit(txid); // now everyone sees it
 */
import type { TransactionStatusJson } from '../wire/transactions';
import { checkInteger } from './search';
import type { Send } from './transport';

export type { TransactionStatusJson } from '../wire/transactions';

export const TRANSACTIONS_PATH = '/v1/transactions';

/** The paths whose requests run inside a transaction when they name one (`txid`): every data endpoint. */
const TRANSACTIONAL = /^\/(v1|LATEST)\/(documents|search|qbe|suggest|values(\/[^/]+)?|graphs(\/(sparql|things))?)$/;

/** Whether a request to `path` runs inside the transaction it names: the one rule the client follows and a page shows. */
export function carriesTransaction(path: string): boolean {
  return TRANSACTIONAL.test(path);
}

/**
 * The request as it goes out inside transaction `txid` (none: unchanged): `txid` added to
 * its parameters when its path takes one. Pages use it to show and copy what was really sent.
 */
export function inTransaction<T extends { path: string; params: URLSearchParams }>(spec: T, txid: string | undefined): T {
  if (txid === undefined || !carriesTransaction(spec.path)) return spec;
  const params = new URLSearchParams(spec.params);
  params.set('txid', txid);
  return { ...spec, params };
}

/** A transaction as its status document describes it. */
export interface TransactionStatus {
  txid: string;
  name: string;
  /** `active` while open; `committing` once its commit is asked for. */
  state: string;
  /** When it opened (ISO 8601, the server's clock). */
  startTime: string;
  /** Seconds it may stay open from `startTime`; past them the server rolls it back. */
  timeLimit: number;
  /** The largest time limit the server grants. */
  maxTimeLimit: number;
  /** The user who opened it: only that user may use it. */
  user: string;
  /** The status document as the server sent it. */
  document: TransactionStatusJson['transaction-status'];
}

export interface OpenTransactionOptions {
  /** Shown in the status; the server's default is `client-txn`. */
  name?: string;
  /** Seconds it may stay open; the server's default is the instance property `default-time-limit`. */
  timeLimit?: number;
  signal?: AbortSignal;
}

export interface OpenedTransaction {
  txid: string;
  status: TransactionStatus;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface TransactionsApi {
  /** `POST /v1/transactions`: opens a transaction and reads its status. A rest-reader is refused (403). */
  open(options?: OpenTransactionOptions): Promise<OpenedTransaction>;
  /** `GET /v1/transactions/{txid}`. An unknown or ended transaction rejects with 400 REST-INVALIDPARAM. */
  status(txid: string, options?: RequestOptions): Promise<TransactionStatus>;
  /** Makes its writes everyone's, in one go (204). An ended one rejects with 400 XDMP-NOTXN. */
  commit(txid: string, options?: RequestOptions): Promise<void>;
  /** Drops its writes (204). An ended one rejects with 400 XDMP-NOTXN. */
  rollback(txid: string, options?: RequestOptions): Promise<void>;
}

/** When the server rolls the transaction back unless it ends first: milliseconds since the epoch. */
export function expiresAt(status: Pick<TransactionStatus, 'startTime' | 'timeLimit'>): number {
  return Date.parse(status.startTime) + status.timeLimit * 1000;
}

/** The status document read into a {@link TransactionStatus}; anything else rejects. */
export function readTransactionStatus(body: unknown): TransactionStatus {
  const doc = (body as Partial<TransactionStatusJson> | null)?.['transaction-status'];
  const id = doc?.['transaction-id'];
  if (!doc || typeof id !== 'string' || id === '') throw new Error('The server answered JSON that is not a transaction status');
  const seconds = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN);
  const status: TransactionStatus = {
    txid: id,
    name: String(doc['transaction-name'] ?? ''),
    state: String(doc['transaction-state'] ?? ''),
    startTime: String(doc['start-time'] ?? ''),
    timeLimit: seconds(doc['time-limit']),
    maxTimeLimit: seconds(doc['max-time-limit']),
    user: String(doc.user ?? ''),
    document: doc,
  };
  if (Number.isNaN(Date.parse(status.startTime)) || Number.isNaN(status.timeLimit)) {
    throw new Error('The server answered a transaction status without a start time or a time limit');
  }
  return status;
}

const ACCEPT_JSON = { Accept: 'application/json' };

const statusPath = (txid: string) => `${TRANSACTIONS_PATH}/${encodeURIComponent(txid)}`;

/** The last segment of the status path a 303 or a followed redirect names: the transaction's id. */
function txidFromPath(url: string): string | undefined {
  const path = new URL(url, 'http://base.invalid').pathname;
  const m = /\/transactions\/([^/]+)$/.exec(path);
  return m ? decodeURIComponent(m[1]) : undefined;
}

export function createTransactionsApi(send: Send): TransactionsApi {
  const status: TransactionsApi['status'] = async (txid, { signal } = {}) => {
    if (txid === '') throw new TypeError('A transaction id is required');
    const res = await send('GET', statusPath(txid), new URLSearchParams({ format: 'json' }), { signal, headers: ACCEPT_JSON });
    return readTransactionStatus(await res.json());
  };

  const finish = async (txid: string, result: 'commit' | 'rollback', signal: AbortSignal | undefined) => {
    if (txid === '') throw new TypeError('A transaction id is required');
    const res = await send('POST', statusPath(txid), new URLSearchParams({ result }), { signal });
    await res.body?.cancel();
  };

  return {
    async open({ name, timeLimit, signal } = {}) {
      const params = new URLSearchParams();
      if (name) params.set('name', name);
      if (timeLimit !== undefined) params.set('timeLimit', String(checkInteger('timeLimit', timeLimit, 1)));
      const res = await send('POST', TRANSACTIONS_PATH, params, { signal, headers: ACCEPT_JSON });
      if (res.status === 303) {
        // Not followed (a handler called directly): the Location names the status.
        await res.body?.cancel();
        const txid = txidFromPath(res.headers.get('location') ?? '');
        if (txid === undefined) throw new Error('The server opened a transaction without naming it (Location)');
        return { txid, status: await status(txid, { signal }) };
      }
      // Followed: this is the status document, at the URL that names the transaction.
      const type = res.headers.get('content-type') ?? '';
      if (/json/i.test(type)) {
        const read = readTransactionStatus(await res.json());
        return { txid: read.txid, status: read };
      }
      await res.body?.cancel();
      const txid = res.url ? txidFromPath(res.url) : undefined;
      if (txid === undefined) throw new Error('The server opened a transaction without naming it');
      return { txid, status: await status(txid, { signal }) };
    },

    status,

    commit(txid, { signal } = {}) {
      return finish(txid, 'commit', signal);
    },

    rollback(txid, { signal } = {}) {
      return finish(txid, 'rollback', signal);
    },
  };
}
