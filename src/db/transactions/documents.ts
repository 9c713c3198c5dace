/**
 * The documents as one transaction sees and changes them (docs/decisions/0033-transactions.md):
 * its own writes over what is committed. It answers the same calls as the document store
 * (`DocumentAccess`), so a request with `txid` runs the same handler code; its writes are
 * checked exactly as committed writes are — permissions, versions, metadata, range index
 * values — by the same functions (src/db/documents/store.ts), but staged in the transaction
 * instead of stored, under the locks of the documents they change.
 *
 * Writes run in the write queue like any other, so a document a transaction first reads
 * there cannot be changed by a write that has not seen its lock.
 */
import { Deadline } from '../deadline';
import type { WriteQueue, Clock } from '../storage/write-queue';
import type { Principal } from '../security/types';
import { LockedNow, type DocumentLocks } from '../documents/locks';
import {
  applyUpdate,
  applyWrite,
  canRead,
  checkRemovals,
  checkRemoveAll,
  resetMetadataOf,
  urisOfWrites,
  withReaders,
  type CommitListener,
  type DocumentAccess,
  type DocumentStore,
  type DocumentWrite,
  type ListFilter,
  type WriteOutcome,
} from '../documents/store';
import type { Metadata, MetadataCategory, StoredDocument } from '../documents/types';
import type { Transaction } from './transaction';

/** What a write of the transaction stages: each URI's new state (null: deleted), and its answer. */
interface Staged<T> {
  result: T;
  staged: Map<string, StoredDocument | null>;
}

/**
 * The search index's part: the write checks it makes of a committed write (range index
 * values), and the transaction's documents, indexed for its own searches only.
 */
export type TransactionIndex = Pick<CommitListener, 'beforeWrite' | 'checkWrite'> & {
  staged(txid: string, docs: ReadonlyMap<string, StoredDocument | null>): void;
  transactionEnded(txid: string): void;
};

export class TransactionDocuments implements DocumentAccess {
  constructor(
    private readonly txn: Transaction,
    private readonly store: DocumentStore,
    private readonly queue: WriteQueue,
    private readonly clock: Clock,
    private readonly locks: DocumentLocks,
    private readonly index?: TransactionIndex,
  ) {}

  /** The transaction's view of `uris`: what it wrote (deleted: undefined), else what is stored. */
  private async current(uris: readonly string[]): Promise<Array<StoredDocument | undefined>> {
    const stored = new Map<string, StoredDocument | undefined>();
    const unwritten = uris.filter((u) => !this.txn.has(u));
    const docs = await this.store.readStored(unwritten);
    unwritten.forEach((u, i) => stored.set(u, docs[i]));
    return uris.map((u) => (this.txn.has(u) ? (this.txn.get(u) ?? undefined) : stored.get(u)));
  }

  effectiveTimestamp(): number {
    return this.store.effectiveTimestamp();
  }

  updatePolicy(): ReturnType<DocumentStore['updatePolicy']> {
    return this.store.updatePolicy();
  }

  async read(uri: string, principal: Principal): Promise<StoredDocument | undefined> {
    const [doc] = await this.current([uri]);
    return doc && canRead(principal, doc) ? doc : undefined;
  }

  async readMany(uris: readonly string[], principal: Principal, deadline = Deadline.none): Promise<StoredDocument[]> {
    const docs = await this.current(uris);
    deadline.check('the bulk read');
    const seen = new Set<string>();
    return docs.filter((d): d is StoredDocument => {
      if (!d || seen.has(d.uri) || !canRead(principal, d)) return false;
      seen.add(d.uri);
      return true;
    });
  }

  write(writes: readonly DocumentWrite[], principal: Principal, deadline = Deadline.none): Promise<WriteOutcome[]> {
    const uris = [...urisOfWrites(writes)];
    return this.changing(uris, deadline, async () => {
      const policy = await this.store.updatePolicy();
      await this.index?.beforeWrite();
      const version = this.clock.next();
      const existing = await this.current(uris);
      const current = new Map(uris.map((u, i) => [u, existing[i]]));
      const staged = new Map<string, StoredDocument | null>();
      const outcomes = writes.map((w) => {
        const outcome = applyWrite(w, current.get(w.uri), principal, policy, version);
        current.set(w.uri, outcome.document);
        staged.set(w.uri, withReaders(outcome.document));
        return outcome;
      });
      this.index?.checkWrite([...staged.values()] as StoredDocument[]);
      deadline.check('the write');
      return { result: outcomes, staged };
    });
  }

  update(
    uri: string,
    principal: Principal,
    ifMatch: string | undefined,
    change: (doc: StoredDocument) => { content?: string; metadata?: Metadata } | undefined,
    deadline = Deadline.none,
  ): Promise<{ changed: boolean; version: number }> {
    return this.changing<{ changed: boolean; version: number }>([uri], deadline, async () => {
      const policy = await this.store.updatePolicy();
      await this.index?.beforeWrite();
      const [doc] = await this.current([uri]);
      const updated = applyUpdate(uri, doc, principal, policy, ifMatch, change, () => this.clock.next());
      if (!updated) return { result: { changed: false, version: doc!.version }, staged: new Map<string, StoredDocument | null>() };
      this.index?.checkWrite([updated]);
      deadline.check('the patch');
      return { result: { changed: true, version: updated.version }, staged: new Map<string, StoredDocument | null>([[uri, updated]]) };
    });
  }

  remove(uris: readonly string[], principal: Principal, options: { checkExists?: boolean; ifMatch?: string; deadline?: Deadline } = {}): Promise<void> {
    const deadline = options.deadline ?? Deadline.none;
    return this.changing(uris, deadline, async () => {
      const policy = await this.store.updatePolicy();
      const gone = checkRemovals(uris, await this.current(uris), principal, policy, options);
      deadline.check('the delete');
      return { result: undefined, staged: new Map(gone.map((d) => [d.uri, null])) };
    });
  }

  resetMetadata(uris: readonly string[], categories: readonly MetadataCategory[], principal: Principal, deadline = Deadline.none): Promise<void> {
    return this.changing(uris, deadline, async () => {
      const written = resetMetadataOf(await this.current(uris), categories, principal);
      deadline.check('the metadata reset');
      return { result: undefined, staged: new Map(written.map((d) => [d.uri, d])) };
    });
  }

  /** Deletes every document in a collection, under a directory, or all of them, as the transaction sees them. */
  removeWhere(filter: ListFilter, principal: Principal, deadline = Deadline.none): Promise<number> {
    return this.changing(undefined, deadline, async () => {
      const uris = new Set(await this.store.storedUris(filter));
      for (const [uri, doc] of this.txn.entries()) {
        if (doc && matches(doc, filter)) uris.add(uri);
      }
      this.locks.check(uris, this.txn.id);
      const docs = await this.current([...uris]);
      const visible = checkRemoveAll(docs, principal);
      deadline.check('the delete');
      return { result: visible.length, staged: new Map(visible.map((d) => [d.uri, null])) };
    });
  }

  /**
   * Runs a write of the transaction in the write queue, under the locks of `uris` (when known
   * before it runs; otherwise the work checks them): waits outside the queue for another
   * transaction holding one of them, and stages what the work returns only if the transaction
   * may still change — it may have been rolled back, or expired, while the work awaited.
   */
  private async changing<T>(uris: readonly string[] | undefined, deadline: Deadline, work: () => Promise<Staged<T>>): Promise<T> {
    let waitFor = uris;
    for (;;) {
      if (waitFor) await this.locks.waitFree(waitFor, this.txn.id, deadline);
      try {
        return await this.queue.run(async () => {
          if (!this.txn.writable) this.txn.checkOpen();
          if (uris) this.locks.check(uris, this.txn.id);
          const { result, staged } = await work();
          if (!this.txn.writable) this.txn.checkOpen();
          this.txn.stage(staged);
          this.locks.acquire(staged.keys(), this.txn);
          this.index?.staged(this.txn.id, staged);
          return result;
        }, deadline);
      } catch (e) {
        if (!(e instanceof LockedNow)) throw e;
        waitFor = [e.uri];
      }
    }
  }
}

/** Whether a document lies under a directory and in a collection, as the store lists them. */
function matches(doc: StoredDocument, filter: ListFilter): boolean {
  if (filter.directory !== undefined && !doc.uri.startsWith(filter.directory)) return false;
  if (filter.collection !== undefined && !doc.metadata.collections.includes(filter.collection)) return false;
  return true;
}
