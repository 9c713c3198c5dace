/**
 * Write locks on documents held by open multi-statement transactions
 * (docs/decisions/0033-transactions.md). A transaction that writes a document holds its
 * lock until it commits or rolls back; any other write of that document — another
 * transaction's, or one outside any — waits for the holder to finish, as MarkLogic's
 * update locks make it wait, but for a bounded time: past {@link DocumentLocks.waitLimitMs}
 * (or the request's deadline, if sooner) it is refused 409 TABULA-LOCKED and changes nothing.
 * No wait is unbounded, so two transactions waiting for each other's documents cannot hang.
 *
 * Only writes lock: a document read inside a transaction does not stop others writing it.
 *
 * Locks are taken and checked inside the write queue (one write at a time), so a write that
 * found a document free cannot race a transaction taking it; waiting happens outside the
 * queue, so a waiting write holds up no one.
 */
import { DbError } from '../errors';
import type { Deadline } from '../deadline';

/** What holds a lock: an open transaction, and when it ends. */
export interface LockHolder {
  readonly id: string;
  readonly name: string;
  /** Resolves when the holder commits, rolls back or expires (its locks are released then). */
  readonly finished: Promise<void>;
}

/** How long a write waits for a document another transaction holds, unless its deadline comes first. */
export const LOCK_WAIT_MS = 10_000;

export class DocumentLocks {
  private readonly held = new Map<string, LockHolder>();
  /** Per holder, the URIs it holds (released together). */
  private readonly byHolder = new Map<string, Set<string>>();

  constructor(readonly waitLimitMs = LOCK_WAIT_MS) {}

  /** The first of `uris` another holder than `by` holds, with its holder. */
  private blocking(uris: Iterable<string>, by: string | undefined): { uri: string; holder: LockHolder } | undefined {
    if (this.held.size === 0) return undefined;
    for (const uri of uris) {
      const holder = this.held.get(uri);
      if (holder && holder.id !== by) return { uri, holder };
    }
    return undefined;
  }

  /**
   * Inside the write queue, before a write reads what it changes: throws {@link LockedNow}
   * if another holder than `by` (none: a write outside any transaction) holds one of `uris`.
   */
  check(uris: Iterable<string>, by?: string): void {
    const found = this.blocking(uris, by);
    if (found) throw new LockedNow(found.uri, found.holder);
  }

  /**
   * Outside the write queue: resolves once no other holder than `by` holds any of `uris`,
   * waiting for holders to finish; refuses 409 TABULA-LOCKED past the wait limit or the
   * deadline.
   */
  async waitFree(uris: readonly string[], by: string | undefined, deadline: Deadline): Promise<void> {
    const limit = Math.min(this.waitLimitMs, deadline.remaining());
    const started = Date.now();
    for (;;) {
      const found = this.blocking(uris, by);
      if (!found) return;
      const left = limit - (Date.now() - started);
      if (left <= 0 || !(await finishesWithin(found.holder, left))) throw lockedError(found.uri, found.holder, this.waitLimitMs);
    }
  }

  /** Takes `uris` for `holder` (inside the write queue, after {@link check}). */
  acquire(uris: Iterable<string>, holder: LockHolder): void {
    let mine = this.byHolder.get(holder.id);
    if (!mine) this.byHolder.set(holder.id, (mine = new Set()));
    for (const uri of uris) {
      this.held.set(uri, holder);
      mine.add(uri);
    }
  }

  /** Releases every lock `holderId` holds. */
  release(holderId: string): void {
    for (const uri of this.byHolder.get(holderId) ?? []) this.held.delete(uri);
    this.byHolder.delete(holderId);
  }
}

/** Inside the write queue, a document was found locked: the write gives the queue up and waits. */
export class LockedNow extends Error {
  constructor(
    readonly uri: string,
    readonly holder: LockHolder,
  ) {
    super(`${uri} is locked by transaction ${holder.id}`);
  }
}

function lockedError(uri: string, holder: LockHolder, waitLimitMs: number): DbError {
  return new DbError(
    'TABULA-LOCKED',
    `${uri} is written by the open transaction ${holder.id} (${holder.name}); waited ${waitLimitMs / 1000} s at most for it to commit or roll back`,
  );
}

/** Whether `holder` finishes within `ms`. */
async function finishesWithin(holder: LockHolder, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([holder.finished.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
