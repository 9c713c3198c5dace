/**
 * One multi-statement transaction (docs/decisions/0033-transactions.md): who opened it and
 * when, its time limit, its state, and its uncommitted documents — each URI's state as the
 * transaction left it (a document, or deleted) — held in memory and bounded.
 */
import { DbError } from '../errors';
import { checkLimit } from '../limits';
import type { LockHolder } from '../documents/locks';
import type { StoredDocument } from '../documents/types';

/**
 * `active`: open. `committing`: its commit was asked for and waits for its turn in the write
 * queue, behind writes of the transaction queued before it (which still run). `commit-started`:
 * its commit runs; nothing may change it now. The rest are ends.
 */
export type TransactionState = 'active' | 'committing' | 'commit-started' | 'committed' | 'rolled back' | 'expired';

/** How a transaction ended, for the message a later use of its id gets. */
export type TransactionEnd = 'committed' | 'rolled back' | 'expired';

export class Transaction implements LockHolder {
  private state_: TransactionState = 'active';
  private finish!: () => void;
  readonly finished = new Promise<void>((resolve) => {
    this.finish = resolve;
  });
  /** Each URI the transaction changed: the document as it left it, or null (deleted). */
  private readonly docs = new Map<string, StoredDocument | null>();
  /** What {@link docs} and its graph writes hold, in the units of `maxTransactionBytes`. */
  private bytes = 0;
  /** Graph writes staged (each counts as a document against `maxTransactionDocuments`). */
  private graphWrites = 0;

  constructor(
    readonly id: string,
    readonly name: string,
    /** Who opened it: only this user may use it. */
    readonly user: string,
    /** When it opened, in milliseconds since the epoch (the registry's clock). */
    readonly startedAt: number,
    /** Seconds it may stay open; past them it is rolled back. */
    readonly timeLimit: number,
  ) {}

  get state(): TransactionState {
    return this.state_;
  }

  get expiresAt(): number {
    return this.startedAt + this.timeLimit * 1000;
  }

  /** Requests may use it (a commit or rollback has not been asked for). */
  get open(): boolean {
    return this.state_ === 'active';
  }

  /**
   * A write of it may still change it: it is open, or its commit waits behind this write in
   * the write queue. Checked inside the queue right before a write stages its documents.
   */
  get writable(): boolean {
    return this.state_ === 'active' || this.state_ === 'committing';
  }

  get ended(): boolean {
    return this.state_ === 'committed' || this.state_ === 'rolled back' || this.state_ === 'expired';
  }

  /** Whether it changed `uri`, and to what (null: deleted). */
  has(uri: string): boolean {
    return this.docs.has(uri);
  }

  get(uri: string): StoredDocument | null | undefined {
    return this.docs.get(uri);
  }

  /** Each URI it changed, with the document as it left it (null: deleted). */
  entries(): IterableIterator<[string, StoredDocument | null]> {
    return this.docs.entries();
  }

  /** Every change, for its commit. */
  changes(): Array<{ uri: string; after?: StoredDocument }> {
    return [...this.docs].map(([uri, after]) => ({ uri, after: after ?? undefined }));
  }

  /**
   * Records a write's documents (null: deleted), all or none: past the size limits nothing is
   * recorded and the write is refused 400 TABULA-LIMIT. Synchronous, after {@link writable}.
   */
  stage(changes: ReadonlyMap<string, StoredDocument | null>): void {
    let bytes = this.bytes;
    let added = 0;
    for (const [uri, doc] of changes) {
      const before = this.docs.get(uri);
      if (before === undefined && !this.docs.has(uri)) added++;
      bytes += sizeOf(doc) - sizeOf(before ?? null);
    }
    checkLimit('maxTransactionDocuments', this.docs.size + this.graphWrites + added, `transaction ${this.id}`);
    checkLimit('maxTransactionBytes', bytes, `transaction ${this.id}`);
    for (const [uri, doc] of changes) this.docs.set(uri, doc);
    this.bytes = bytes;
  }

  /** Counts a graph write of `bytes` (its payload) against the limits, or refuses it (400 TABULA-LIMIT). */
  admitGraphWrite(bytes: number): void {
    checkLimit('maxTransactionDocuments', this.docs.size + this.graphWrites + 1, `transaction ${this.id}`);
    checkLimit('maxTransactionBytes', this.bytes + bytes, `transaction ${this.id}`);
    this.graphWrites++;
    this.bytes += bytes;
  }

  /** Its commit was asked for. */
  committing(): void {
    this.state_ = 'committing';
  }

  /** Its commit's turn in the write queue came. */
  commitStarted(): void {
    this.state_ = 'commit-started';
  }

  /** It ended: its documents are dropped (committed, or not) and whoever waits for its locks wakes. */
  end(how: TransactionEnd): void {
    if (this.ended) return;
    this.state_ = how;
    this.docs.clear();
    this.bytes = 0;
    this.graphWrites = 0;
    this.finish();
  }

  /** 400 XDMP-RWINVAL unless requests may use it. */
  checkOpen(): void {
    if (!this.open) throw notOpen(this.id, this.state_);
  }
}

/** A data request named a transaction that is not open. */
export function notOpen(txid: string, state: TransactionState | undefined): DbError {
  return new DbError('XDMP-RWINVAL', `xdmp:set-transaction(${txid}): ${describe(txid, state)}`);
}

export function describe(txid: string, state: TransactionState | undefined): string {
  switch (state) {
    case undefined:
      return `no transaction with identifier ${txid}`;
    case 'committing':
    case 'commit-started':
      return `transaction ${txid} is being committed`;
    case 'expired':
      return `transaction ${txid} exceeded its time limit and was rolled back`;
    default:
      return `transaction ${txid} was ${state}`;
  }
}

/** What a document costs the transaction's byte limit: its content and its metadata. */
function sizeOf(doc: StoredDocument | null): number {
  if (!doc) return 0;
  const content = typeof doc.content === 'string' ? doc.content.length : doc.content.byteLength;
  return content + JSON.stringify(doc.metadata).length;
}
