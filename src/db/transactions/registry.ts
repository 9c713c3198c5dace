/**
 * The open multi-statement transactions of a database (`/v1/transactions`;
 * docs/decisions/0033-transactions.md): opening one, finding the one a request names,
 * committing it in one IndexedDB transaction, rolling it back, and rolling back those past
 * their time limit. Everything here is memory: a worker stop loses every open transaction,
 * as a MarkLogic host restart does, and their ids then answer as unknown.
 */
import { DbError } from '../errors';
import { checkLimit } from '../limits';
import { randomUnsigned64 } from '../util/random-id';
import { Deadline } from '../deadline';
import { MAX_TIME_LIMIT } from '../config/properties';
import type { WriteQueue, Clock } from '../storage/write-queue';
import type { Principal } from '../security/types';
import type { DocumentStore } from '../documents/store';
import type { StoredDocument } from '../documents/types';
import type { TripleStore } from '../triples/triple-store';
import { TripleJournal } from '../triples/transaction-journal';
import { describe, notOpen, Transaction, type TransactionEnd, type TransactionState } from './transaction';
import { TransactionDocuments, type TransactionIndex } from './documents';

/** Ended transactions remembered, so a late use of one is told how it ended (the oldest forgotten first). */
const REMEMBERED_ENDS = 1_000;

export interface TransactionsOptions {
  /** Milliseconds since the epoch: when transactions start and expire (tests move it by hand). */
  now?: () => number;
  /** How long a write waits for a document another transaction holds (src/db/documents/locks.ts; tests shorten it). */
  lockWaitMs?: number;
}

/** What `GET /v1/transactions/{txid}` reports. */
export interface TransactionStatus {
  id: string;
  name: string;
  state: TransactionState;
  user: string;
  admin: boolean;
  /** Milliseconds since the epoch. */
  startedAt: number;
  /** Seconds. */
  timeLimit: number;
  maxTimeLimit: number;
}

export class Transactions {
  private readonly open = new Map<string, OpenTransaction>();
  private readonly ends = new Map<string, TransactionEnd>();
  private readonly now: () => number;

  constructor(
    private readonly store: DocumentStore,
    private readonly triples: TripleStore,
    private readonly queue: WriteQueue,
    private readonly clock: Clock,
    /** The time limit a transaction gets when it names none (the instance's `default-time-limit`). */
    private readonly defaultTimeLimit: () => Promise<number>,
    /** The search index: its write checks, and each transaction's documents for its own searches. */
    private readonly index?: TransactionIndex,
    options: TransactionsOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Opens a transaction for `principal`; `timeLimit` in seconds, at most {@link MAX_TIME_LIMIT}. */
  async begin(principal: Principal, options: { name?: string; timeLimit?: number } = {}): Promise<Transaction> {
    this.expire();
    const timeLimit = options.timeLimit ?? (await this.defaultTimeLimit());
    if (!Number.isInteger(timeLimit) || timeLimit < 1 || timeLimit > MAX_TIME_LIMIT) {
      throw new DbError('REST-INVALIDPARAM', `invalid time limit: ${timeLimit} (a whole number of seconds from 1 to ${MAX_TIME_LIMIT})`);
    }
    checkLimit('maxOpenTransactions', this.open.size + 1, 'open transactions');
    const txn = new Transaction(newId(this.open), options.name ?? 'client-txn', principal.name, this.now(), timeLimit);
    const documents = new TransactionDocuments(txn, this.store, this.queue, this.clock, this.store.locks, this.index);
    // Its documents as committed before it changed them (its locks keep them so): what their embedded triples were.
    const originals = new Map<string, StoredDocument | undefined>();
    const triples = new TripleJournal({
      id: txn.id,
      checkWritable: () => {
        if (!txn.writable) txn.checkOpen();
      },
      admit: (bytes) => txn.admitGraphWrite(bytes),
      documentChanges: async () => {
        const changes = txn.changes();
        const unread = changes.filter((c) => !originals.has(c.uri));
        const stored = await this.store.readStored(unread.map((c) => c.uri));
        unread.forEach((c, i) => originals.set(c.uri, stored[i]));
        // As the transaction stood when asked; a write it stages meanwhile is seen by its next use.
        return changes.map(({ uri, after }) => ({ before: originals.get(uri), after }));
      },
    });
    // A real timer ends it even when nobody asks after it; requests also check the clock
    // ({@link expire}), which is what a test moving `now` relies on.
    const timer = setTimeout(() => this.expire(), timeLimit * 1000 + 1);
    (timer as { unref?: () => void }).unref?.();
    this.open.set(txn.id, { txn, documents, triples, timer });
    return txn;
  }

  /**
   * The transaction a data request names (`txid`), open and `principal`'s: its documents are
   * what the request reads and writes. Unknown, ended or expired: 400 XDMP-RWINVAL.
   */
  use(txid: string, principal: Principal): TransactionDocuments {
    return this.scope(txid, principal).documents;
  }

  /** The transaction a data request names, its documents and its graph writes (see {@link use}). */
  scope(txid: string, principal: Principal): { documents: TransactionDocuments; triples: TripleJournal } {
    const entry = this.entry(txid);
    if (!entry) throw notOpen(txid, this.ends.get(txid));
    this.checkUser(entry.txn, principal);
    entry.txn.checkOpen();
    return entry;
  }

  /** A transaction's status (`GET /v1/transactions/{txid}`); not open: 400 REST-INVALIDPARAM. */
  status(txid: string, principal: Principal): TransactionStatus {
    const entry = this.entry(txid);
    if (!entry) throw new DbError('REST-INVALIDPARAM', `non-existent transaction id: ${txid} (${describe(txid, this.ends.get(txid))})`);
    const { txn } = entry;
    this.checkUser(txn, principal);
    return {
      id: txn.id,
      name: txn.name,
      state: txn.state,
      user: txn.user,
      admin: principal.roles.has('admin'),
      startedAt: txn.startedAt,
      timeLimit: txn.timeLimit,
      maxTimeLimit: MAX_TIME_LIMIT,
    };
  }

  /**
   * Commits: every document the transaction changed, in one IndexedDB transaction, after the
   * transaction's writes queued before it. Resolves once committed. A commit that fails rolls
   * the transaction back (its writes are lost, as a failed commit loses them in MarkLogic).
   */
  async commit(txid: string, principal: Principal, deadline = Deadline.none): Promise<void> {
    const { txn, triples } = this.finishing(txid, principal);
    txn.committing();
    try {
      await this.store.commitChanges(
        {
          id: txn.id,
          changes: () => {
            txn.commitStarted();
            return txn.changes();
          },
          graphWrites: () => this.triples.commitJournal(triples),
          committed: () => this.end(txn, 'committed'),
        },
        deadline,
      );
    } finally {
      this.end(txn, 'rolled back');
    }
  }

  /** Rolls back: nothing the transaction did remains. */
  rollback(txid: string, principal: Principal): void {
    this.end(this.finishing(txid, principal).txn, 'rolled back');
  }

  /** The database was emptied or replaced: every open transaction is rolled back. */
  rollbackAll(): void {
    for (const { txn } of [...this.open.values()]) this.end(txn, 'rolled back');
  }

  /** How many transactions are open. */
  get openCount(): number {
    this.expire();
    return this.open.size;
  }

  /** The open transaction `txid` names, once those past their time limit are rolled back. */
  private entry(txid: string) {
    this.expire();
    return this.open.get(txid);
  }

  /** A commit or rollback's transaction: open, and `principal`'s; otherwise 400 XDMP-NOTXN. */
  private finishing(txid: string, principal: Principal) {
    const entry = this.entry(txid);
    if (!entry || !entry.txn.open) {
      const state = entry?.txn.state ?? this.ends.get(txid);
      throw new DbError('XDMP-NOTXN', `${txid}${state ? ` (${describe(txid, state)})` : ''}`);
    }
    this.checkUser(entry.txn, principal);
    return entry;
  }

  private checkUser(txn: Transaction, principal: Principal): void {
    if (txn.user !== principal.name && !principal.roles.has('admin')) {
      throw new DbError('SEC-PERMDENIED', `transaction ${txn.id} belongs to ${txn.user}, not ${principal.name}`);
    }
  }

  /** Rolls back every open transaction past its time limit (a commit already asked for runs on). */
  private expire(): void {
    const now = this.now();
    for (const { txn } of [...this.open.values()]) {
      if (txn.open && now >= txn.expiresAt) this.end(txn, 'expired');
    }
  }

  private end(txn: Transaction, how: TransactionEnd): void {
    if (txn.ended) return;
    txn.end(how);
    this.open.get(txn.id)?.triples.clear();
    this.store.locks.release(txn.id);
    this.index?.transactionEnded(txn.id);
    clearTimeout(this.open.get(txn.id)?.timer);
    this.open.delete(txn.id);
    this.ends.set(txn.id, how);
    if (this.ends.size > REMEMBERED_ENDS) this.ends.delete(this.ends.keys().next().value!);
  }
}

interface OpenTransaction {
  txn: Transaction;
  documents: TransactionDocuments;
  triples: TripleJournal;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * A new transaction id: a random unsigned 64-bit number in decimal, as MarkLogic's are, so an
 * id from before a worker restart is not given out again.
 */
function newId(taken: ReadonlyMap<string, unknown>): string {
  for (;;) {
    const id = randomUnsigned64();
    if (!taken.has(id)) return id;
  }
}
