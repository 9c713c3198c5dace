/**
 * The multi-statement transaction the console runs in while a person keeps one open: what
 * it knows of it (id, name, when the server rolls it back, the documents it wrote in it),
 * how it ended, and how it is kept in sessionStorage so a reload of the tab goes on in the
 * same transaction (another tab has its own). Pure: connection.tsx holds the state.
 */
import { ApiError } from '../../client/create-client';
import { expiresAt, type TransactionStatus } from '../../client/transactions';

export interface OpenTransaction {
  txid: string;
  name: string;
  /** Seconds it was given. */
  timeLimit: number;
  /** When the server rolls it back unless it ends first (ms since the epoch): start-time + time-limit. */
  expiresAt: number;
  /** Documents this console wrote in it, not committed yet: the explorer marks them. */
  uncommitted: ReadonlySet<string>;
}

/** committed and rolled back: as asked; expired: its time limit passed; lost: the server no longer knows it (a stopped worker, a reset). */
export type TransactionOutcome = 'committed' | 'rolled back' | 'expired' | 'lost';

export interface EndedTransaction {
  txid: string;
  name: string;
  outcome: TransactionOutcome;
  /** Why it was found lost: the server's refusal. */
  error?: unknown;
}

export function openedTransaction(status: TransactionStatus): OpenTransaction {
  return { txid: status.txid, name: status.name, timeLimit: status.timeLimit, expiresAt: expiresAt(status), uncommitted: new Set() };
}

/** The transaction with `uris` marked as written in it. */
export function withUncommitted(transaction: OpenTransaction, uris: readonly string[]): OpenTransaction {
  if (uris.every((uri) => transaction.uncommitted.has(uri))) return transaction;
  return { ...transaction, uncommitted: new Set([...transaction.uncommitted, ...uris]) };
}

/** Part of every query key while it is open, so nothing read inside it is shown outside it, or the reverse. */
export const transactionKey = (connectionKey: string, transaction: OpenTransaction | undefined): string =>
  transaction ? `${connectionKey}|txid:${transaction.txid}` : connectionKey;

/** Milliseconds left before its time limit (never below 0). */
export const remainingMs = (transaction: Pick<OpenTransaction, 'expiresAt'>, now: number): number => Math.max(0, transaction.expiresAt - now);

/** Time left as a clock: `0:59`, `12:05`, `1:00:00` (whole seconds, rounded up, so it reads 0:00 only once it has expired). */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** What a person reads once it has ended. */
export function endedText({ txid, name, outcome }: EndedTransaction): string {
  const which = `Transaction ${name ? `“${name}” ` : ''}(${txid})`;
  switch (outcome) {
    case 'committed':
      return `${which} committed: its writes are now everyone’s.`;
    case 'rolled back':
      return `${which} rolled back: its writes are discarded.`;
    case 'expired':
      return `${which} expired: its time limit passed, and the server rolls back its writes.`;
    case 'lost':
      return `${which} is no longer open on the server: its uncommitted writes are gone.`;
  }
}

/**
 * Whether a request failed because the transaction it named is not open any more: a data
 * request is refused 400 XDMP-RWINVAL, a commit or rollback 400 XDMP-NOTXN.
 */
export function transactionGone(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 400 && (error.messageCode === 'XDMP-RWINVAL' || error.messageCode === 'XDMP-NOTXN');
}

/** Whether the status of an open transaction failed because the server does not know it (400) rather than for a passing reason (network, 5xx). */
export const statusSaysGone = (error: unknown): boolean => error instanceof ApiError && error.statusCode === 400;

export const TRANSACTION_STORAGE_KEY = 'tabula.transaction';

interface StoredTransaction {
  /** The connection it was opened on: it belongs to that server and user. */
  connection: string;
  txid: string;
  name: string;
  timeLimit: number;
  expiresAt: number;
  uncommitted: string[];
}

/** The transaction this tab kept open on `connection`, unless it has expired meanwhile; read defensively. */
export function loadTransaction(storage: Pick<Storage, 'getItem'> | undefined, connection: string, now: number): OpenTransaction | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(TRANSACTION_STORAGE_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  const r = raw as Partial<StoredTransaction> | null;
  if (!r || typeof r !== 'object' || r.connection !== connection || typeof r.txid !== 'string' || r.txid === '') return undefined;
  if (typeof r.expiresAt !== 'number' || !(r.expiresAt > now) || typeof r.timeLimit !== 'number') return undefined;
  const uncommitted = Array.isArray(r.uncommitted) ? r.uncommitted.filter((u): u is string => typeof u === 'string') : [];
  return { txid: r.txid, name: typeof r.name === 'string' ? r.name : '', timeLimit: r.timeLimit, expiresAt: r.expiresAt, uncommitted: new Set(uncommitted) };
}

export function saveTransaction(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, connection: string, transaction: OpenTransaction | undefined): void {
  try {
    if (!transaction) {
      storage?.removeItem(TRANSACTION_STORAGE_KEY);
      return;
    }
    const stored: StoredTransaction = { connection, ...transaction, uncommitted: [...transaction.uncommitted] };
    storage?.setItem(TRANSACTION_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage can be full or disabled; the transaction still applies to this page.
  }
}
