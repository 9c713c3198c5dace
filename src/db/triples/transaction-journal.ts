/**
 * A multi-statement transaction's graph writes (docs/decisions/0033-transactions.md): each
 * write as the request made it — the same work a committed write runs on a WriteContext —
 * kept in order. Nothing of it is in the store between requests: whenever the transaction
 * reads or writes triples, its writes are replayed over the committed store (with its
 * documents' embedded triples), used, and undone in the same synchronous turn, so no other
 * request ever sees them; its commit replays them once more, for good, in the commit's
 * IndexedDB transaction.
 */
import type { Permission } from '../documents/types';
import type { Principal } from '../security/types';
import type { DocumentChange } from './embedded/embedded-change';
import type { WriteContext } from './write-context';

/** One graph write of a transaction. */
export interface JournalOp {
  principal: Principal;
  /** `perm:{role}` of the request. */
  permissions?: readonly Permission[];
  work: (ctx: WriteContext) => unknown;
  /** Its work reads (a SPARQL update's WHERE): what the user may not read is out of sight meanwhile. */
  reads: boolean;
}

/** What the transaction that owns a journal lets it do. */
export interface JournalOwner {
  readonly id: string;
  /** Throws unless the transaction may still change (open, or its commit queued behind this write). */
  checkWritable(): void;
  /** Throws past the transaction's limits, counting a write of `bytes` more. */
  admit(bytes: number): void;
  /** The transaction's documents before and after it (for the triples they embed), read from storage. */
  documentChanges(): Promise<DocumentChange[]>;
}

export class TripleJournal {
  private readonly ops_: JournalOp[] = [];

  constructor(readonly owner: JournalOwner) {}

  get ops(): readonly JournalOp[] {
    return this.ops_;
  }

  get empty(): boolean {
    return this.ops_.length === 0;
  }

  /** Whether some write reads (its replay needs the user's hidden quads out of sight). */
  get reads(): boolean {
    return this.ops_.some((op) => op.reads);
  }

  /** Replays every write on `ctx`, in order, each with its request's permissions. */
  replay(ctx: WriteContext): void {
    for (const op of this.ops_) {
      ctx.requesting(op.permissions);
      op.work(ctx);
    }
  }

  /** Adds a write that was just run over the journal's replay without failing (synchronously after it). */
  append(op: JournalOp, bytes: number): void {
    this.owner.checkWritable();
    this.owner.admit(bytes);
    this.ops_.push(op);
  }

  /** The transaction ended: nothing is kept. */
  clear(): void {
    this.ops_.length = 0;
  }
}
