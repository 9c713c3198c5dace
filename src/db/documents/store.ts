/**
 * The document store: durable documents with metadata, permissions and versions.
 *
 * Must (docs/architecture.md, Storage and durability):
 * - run every write through the write queue, in ONE IndexedDB transaction, so a
 *   request is atomic — all of its documents are stored or none;
 * - await only IndexedDB requests inside a transaction (all computation is synchronous);
 * - resolve only after the transaction has committed (`tx.done`).
 * Documents a user may not read are invisible to that user, as in MarkLogic.
 */
import { unwrap, type IDBPObjectStore } from 'idb';
import { DbError } from '../errors';
import { abortQuietly, issueAll, watched } from '../storage/requests';
import { Deadline } from '../deadline';
import type { TabulaIdb, TabulaSchema } from '../storage/schema';
import type { Clock, WriteQueue } from '../storage/write-queue';
import type { PropertiesStore, UpdatePolicy } from '../config/properties';
import type { Principal } from '../security/types';
import { applyMetadataUpdate, resetCategories, type MetadataUpdate } from './metadata';
import type { DocumentFormat, Metadata, MetadataCategory, StoredDocument } from './types';
import { DocumentLocks, LockedNow } from './locks';

export interface ContentWrite {
  format: DocumentFormat;
  content: string | Uint8Array;
  mimeType: string;
}

export interface DocumentWrite {
  uri: string;
  /** Absent: a metadata-only write, of a document that must exist. */
  content?: ContentWrite;
  metadata?: MetadataUpdate;
  /** The version the client holds (If-Match, or `versionId` in a bulk part). */
  ifMatch?: string;
}

export interface WriteOutcome {
  uri: string;
  created: boolean;
  version: number;
  document: StoredDocument;
}

export interface ListFilter {
  /** Documents whose URI starts with this (recursive). */
  directory?: string;
  collection?: string;
}

export interface ListPage {
  total: number;
  documents: StoredDocument[];
}

type WriteStores = ['documents', 'search-changes', 'triples-log', 'graphs'];
type DocumentsStore = IDBPObjectStore<TabulaSchema, WriteStores, 'documents', 'readwrite'>;

/** What a committed write changed, for search to follow (src/db/search/search-index.ts, through the SearchService facade). */
export interface CommitListener {
  /** Before a write's transaction opens (what {@link checkWrite} needs, loaded). */
  beforeWrite(): Promise<void>;
  /** Inside the transaction, before it commits: throws to refuse documents (a range index rejecting a value). */
  checkWrite(docs: readonly StoredDocument[]): void;
  committed(change: { changeKey: number; written: StoredDocument[]; deleted: string[] }): void;
}

/** One document of a write: as stored before it (none: new) and after it (none: deleted). */
export interface DocumentChange {
  before?: StoredDocument;
  after?: StoredDocument;
}

/**
 * The triple store's part in a document write: the triples documents embed
 * (docs/decisions/0032-embedded-triples.md) are logged in the write's own transaction.
 */
export interface DocumentTriples {
  /**
   * Inside the transaction, before it commits: the `triples-log` records to add and what to
   * do once committed; undefined when no document of the write embeds a triple, before or
   * after; `'load-first'` when some does and the triple store is not loaded.
   */
  documentsChanging(changes: readonly DocumentChange[]): { records: unknown[]; committed(): void } | 'load-first' | undefined;
  /** Loads the triple store (awaited outside any transaction). */
  ready(): Promise<void>;
}

/**
 * A multi-statement transaction as its commit sees it (src/db/transactions): its documents'
 * final states, read once the commit's turn in the write queue comes, and what to tell it
 * once they are committed (still in that turn, so no write of the transaction can follow).
 */
export interface CommittingTransaction {
  readonly id: string;
  changes(): Array<{ uri: string; after?: StoredDocument }>;
  /**
   * Its graph writes, applied for good (the triple store's part: src/db/triples), with the
   * records to store in the same IndexedDB transaction; undefined when it wrote no graph.
   */
  graphWrites?(): Promise<GraphCommit | undefined>;
  committed(): void;
}

/** A transaction's graph writes as its commit stores them, and what follows the commit's outcome. */
export interface GraphCommit {
  logRecords: unknown[];
  graphRecords: Array<{ iri: string; record: unknown }>;
  committed(): void;
  failed(): void;
}

/** What the api may call on the documents, committed (the store) or inside a transaction (src/db/transactions). */
export type DocumentAccess = Pick<
  DocumentStore,
  'read' | 'readMany' | 'write' | 'update' | 'remove' | 'resetMetadata' | 'removeWhere' | 'updatePolicy' | 'effectiveTimestamp'
>;

/** A write found the triple store not loaded: it is given up, the store loaded, and the write run again. */
class LoadTriplesFirst extends Error {}

export const canRead = (p: Principal, doc: StoredDocument) =>
  p.roles.has('admin') || doc.metadata.permissions.some((perm) => p.roles.has(perm['role-name']) && perm.capabilities.includes('read'));

export const canUpdate = (p: Principal, doc: StoredDocument) =>
  p.roles.has('admin') || doc.metadata.permissions.some((perm) => p.roles.has(perm['role-name']) && perm.capabilities.includes('update'));

/** The stored form: `readers` kept in step with the permissions. */
export const withReaders = (doc: StoredDocument): StoredDocument => ({ ...doc, readers: readersOf(doc) });

/** The roles that may read `doc` (the `readers` index). */
export const readersOf = (doc: StoredDocument): string[] => doc.metadata.permissions.filter((p) => p.capabilities.includes('read')).map((p) => p['role-name']);

/**
 * The browser's default: a write is acknowledged when its transaction has committed
 * (it survives a worker or browser restart); only an OS crash can lose the last
 * moments. `strict` (flush to disk before `complete`) cost about a third of bulk-ingest
 * throughput here; see docs/decisions/0008-durability.md.
 */
const DURABILITY: IDBTransactionDurability = 'default';

export const isVersioned = (policy: UpdatePolicy) => policy === 'version-optional' || policy === 'version-required';

/**
 * Optimistic locking (MarkLogic’s REST API reference, /v1/documents): only under the version-* policies. A new
 * document may be created without a version; `0` means "I believe it is new".
 */
export function checkVersion(policy: UpdatePolicy, uri: string, existing: StoredDocument | undefined, ifMatch: string | undefined): void {
  if (!isVersioned(policy)) return;
  if (ifMatch === undefined || ifMatch.trim() === '') {
    if (policy === 'version-required' && existing) throw new DbError('RESTAPI-CONTENTNOVERSION', `uri ${uri} has current version ${existing.version}`);
    return;
  }
  const v = ifMatch.replace(/"/g, '').trim();
  if (!/^\d+$/.test(v)) throw new DbError('REST-INVALIDPARAM', `invalid version (If-Match): ${ifMatch}`);
  if (v === '0') {
    if (existing) throw new DbError('RESTAPI-CONTENTNOVERSION', `uri ${uri} has current version ${existing.version}`);
    return;
  }
  if (!existing || String(existing.version) !== v) {
    throw new DbError('RESTAPI-CONTENTWRONGVERSION', `uri ${uri} has current version ${existing?.version ?? 'none'} that doesn't match ${v}`);
  }
}

/**
 * One write's effect on the document as it stands (none: new): the stored document after it,
 * with update permission, the version (under the version-* policies) and metadata rules
 * checked. Shared by committed writes and writes inside a transaction.
 */
export function applyWrite(
  w: DocumentWrite,
  existing: StoredDocument | undefined,
  principal: Principal,
  policy: UpdatePolicy,
  version: number,
): WriteOutcome {
  if (existing && !canUpdate(principal, existing)) {
    throw new DbError('SEC-PERMDENIED', `update of ${w.uri} by ${principal.name}`);
  }
  if (!w.content) {
    if (!existing) throw new DbError('RESTAPI-NODOCUMENT', `category: metadata message: ${w.uri}`);
    const metadata = applyMetadataUpdate(existing.metadata, w.metadata ?? {}, false, principal.defaultPermissions ?? []);
    return { uri: w.uri, created: false, version: existing.version, document: { ...existing, metadata } };
  }
  checkVersion(policy, w.uri, existing, w.ifMatch);
  const overwrite = policy === 'overwrite-metadata';
  const metadata = applyMetadataUpdate(existing?.metadata, w.metadata ?? {}, overwrite, principal.defaultPermissions ?? []);
  const document: StoredDocument = { uri: w.uri, ...w.content, metadata, version };
  return { uri: w.uri, created: !existing, version, document };
}

/** The URIs a request writes, in order of first appearance; content written twice is XDMP-CONFLICTINGUPDATES. */
export function urisOfWrites(writes: readonly DocumentWrite[]): Set<string> {
  const seen = new Set<string>();
  for (const w of writes) {
    if (seen.has(w.uri) && w.content) throw new DbError('XDMP-CONFLICTINGUPDATES', `${w.uri} is written twice in one request`);
    seen.add(w.uri);
  }
  return seen;
}

/**
 * A PATCH's effect on the document as it stands: the document after it, or undefined when
 * `change` changes nothing. A content change takes a new version (`nextVersion`).
 */
export function applyUpdate(
  uri: string,
  doc: StoredDocument | undefined,
  principal: Principal,
  policy: UpdatePolicy,
  ifMatch: string | undefined,
  change: (doc: StoredDocument) => { content?: string; metadata?: Metadata } | undefined,
  nextVersion: () => number,
): StoredDocument | undefined {
  if (!doc || !canRead(principal, doc)) throw new DbError('RESTAPI-NODOCUMENT', `category: content message: ${uri}`);
  if (!canUpdate(principal, doc)) throw new DbError('SEC-PERMDENIED', `update of ${uri} by ${principal.name}`);
  checkVersion(policy, uri, doc, ifMatch);
  const result = change(doc);
  if (!result) return undefined;
  const version = result.content !== undefined ? nextVersion() : doc.version;
  return withReaders({ ...doc, content: result.content ?? doc.content, metadata: result.metadata ?? doc.metadata, version });
}

/** The documents a delete by URI removes (those that exist and `principal` may see), its checks passed. */
export function checkRemovals(
  uris: readonly string[],
  docs: ReadonlyArray<StoredDocument | undefined>,
  principal: Principal,
  policy: UpdatePolicy,
  options: { checkExists?: boolean; ifMatch?: string },
): StoredDocument[] {
  if (uris.length > 1 && isVersioned(policy) && (policy === 'version-required' || options.ifMatch)) {
    throw new DbError('RESTAPI-INVALIDREQ', 'cannot delete multiple documents with optimistic locking');
  }
  docs.forEach((doc, i) => {
    const visible = doc && canRead(principal, doc) ? doc : undefined;
    if (!visible) {
      if (options.checkExists) throw new DbError('XDMP-DOCNOTFOUND', uris[i]);
      return;
    }
    if (!canUpdate(principal, visible)) throw new DbError('SEC-PERMDENIED', `delete of ${uris[i]} by ${principal.name}`);
    checkVersion(policy, uris[i], visible, options.ifMatch);
  });
  return docs.filter((d): d is StoredDocument => d !== undefined);
}

/** The documents of a metadata reset, reset (the missing and unreadable skipped). */
export function resetMetadataOf(docs: ReadonlyArray<StoredDocument | undefined>, categories: readonly MetadataCategory[], principal: Principal): StoredDocument[] {
  return docs
    .filter((d): d is StoredDocument => !!d && canRead(principal, d))
    .map((doc) => {
      if (!canUpdate(principal, doc)) throw new DbError('SEC-PERMDENIED', `update of ${doc.uri} by ${principal.name}`);
      return withReaders({ ...doc, metadata: resetCategories(doc.metadata, categories, principal.defaultPermissions ?? []) });
    });
}

/** The documents a delete by collection or directory removes: every one `principal` may see, each of which it must be allowed to update. */
export function checkRemoveAll(docs: ReadonlyArray<StoredDocument | undefined>, principal: Principal): StoredDocument[] {
  const visible = docs.filter((d): d is StoredDocument => !!d && canRead(principal, d));
  for (const doc of visible) {
    if (!canUpdate(principal, doc)) throw new DbError('SEC-PERMDENIED', `delete of ${doc.uri} by ${principal.name}`);
  }
  return visible;
}

export class DocumentStore {
  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    private readonly clock: Clock,
    private readonly properties: PropertiesStore,
    /** Told of every committed write before the write's promise resolves (the search index). */
    private readonly listener?: CommitListener,
    /** Logs and applies the triples documents embed. */
    private readonly triples?: DocumentTriples,
    /** The documents open transactions have written, which other writes wait for (docs/decisions/0033-transactions.md). */
    readonly locks = new DocumentLocks(),
  ) {}

  /**
   * Runs a write in the write queue; one that needs the triple store loaded first
   * ({@link embeddedTriples}) gave up its transaction, and runs again once it is. One that
   * found a document an open transaction holds ({@link DocumentLocks.check}) gave up the
   * queue too, waits outside it for the transaction to end, and runs again.
   */
  private async queued<T>(work: () => Promise<T>, deadline: Deadline): Promise<T> {
    for (;;) {
      try {
        return await this.queue.run(async () => {
          for (;;) {
            try {
              return await work();
            } catch (e) {
              if (!(e instanceof LoadTriplesFirst)) throw e;
              await this.triples!.ready();
            }
          }
        }, deadline);
      } catch (e) {
        if (!(e instanceof LockedNow)) throw e;
        await this.locks.waitFree([e.uri], undefined, deadline);
      }
    }
  }

  /** Inside a write's transaction: adds the triple store's records for the triples its documents embed. */
  private embeddedTriples(tx: WriteTransaction, changes: readonly DocumentChange[]): { committed(): void } | undefined {
    if (!this.triples || changes.length === 0) return undefined;
    const change = this.triples.documentsChanging(changes);
    if (change === 'load-first') throw new LoadTriplesFirst();
    if (!change) return undefined;
    const log = unwrap(tx.objectStore('triples-log'));
    // A failed add aborts the transaction, which the write then reports.
    for (const record of change.records) log.add(record);
    return change;
  }

  private tell(changeKey: number, written: StoredDocument[], deleted: string[]): void {
    this.listener?.committed({ changeKey, written, deleted });
  }

  /** The latest committed timestamp (ML-Effective-Timestamp). */
  effectiveTimestamp(): number {
    return this.clock.current();
  }

  /** A document as the user may see it: undefined when missing or unreadable. */
  async read(uri: string, principal: Principal): Promise<StoredDocument | undefined> {
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    const doc = await tx.store.get(uri);
    return doc && canRead(principal, doc) ? doc : undefined;
  }

  /** Several documents in one snapshot, in request order, the missing and unreadable left out. */
  async readMany(uris: readonly string[], principal: Principal, deadline = Deadline.none): Promise<StoredDocument[]> {
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    const docs = await issueAll(uris, (u) => tx.store.get(u));
    await tx.done;
    deadline.check('the bulk read');
    const seen = new Set<string>();
    return docs.filter((d): d is StoredDocument => {
      if (!d || seen.has(d.uri) || !canRead(principal, d)) return false;
      seen.add(d.uri);
      return true;
    });
  }

  /** The update policy in force (instance property `update-policy`). */
  async updatePolicy(): Promise<UpdatePolicy> {
    return (await this.properties.get())['update-policy'];
  }

  /**
   * Writes documents atomically. Content writes create or replace; metadata-only
   * writes need the document to exist. Checks update permission and versions.
   */
  write(writes: readonly DocumentWrite[], principal: Principal, deadline = Deadline.none): Promise<WriteOutcome[]> {
    const seen = urisOfWrites(writes);
    return this.queued(async () => {
      this.locks.check(seen);
      const policy = await this.updatePolicy();
      await this.listener?.beforeWrite();
      const version = this.clock.next();
      const tx = writeTransaction(this.idb);
      const store = tx.objectStore('documents');
      try {
        const existing = await getExisting(store, writes.map((w) => w.uri));
        // Later writes in the same request see earlier ones (metadata part for a document written just before).
        const current = new Map<string, StoredDocument | undefined>();
        writes.forEach((w, i) => {
          if (!current.has(w.uri)) current.set(w.uri, existing[i]);
        });
        // Every URI ends written or the transaction aborts (a metadata-only write of a missing document throws).
        const logged = tx.objectStore('search-changes').add({ uris: [...current.keys()] });
        logged.catch(() => undefined);
        // The stored form of each URI as last put, in the order the URIs first appear.
        const stored = new Map<string, StoredDocument>();
        const outcomes: WriteOutcome[] = [];
        const raw = unwrap(store);
        let previous: Promise<unknown> | undefined;
        for (let start = 0; start < writes.length; start += PUT_CHUNK) {
          // A write's content may be checked only now (a bulk write's is: src/api/documents-write.ts),
          // so IndexedDB stores one chunk while the next is checked; a refusal aborts the lot.
          let last: IDBRequest | undefined;
          for (const w of writes.slice(start, start + PUT_CHUNK)) {
            const outcome = applyWrite(w, current.get(w.uri), principal, policy, version);
            current.set(w.uri, outcome.document);
            outcomes.push(outcome);
            const doc = withReaders(outcome.document);
            stored.set(w.uri, doc);
            last = raw.put(doc);
          }
          // Waiting on the chunk before last (an IndexedDB request, which keeps the transaction
          // open) hands the chunk just issued to the database before the next is prepared.
          const issued = last && requestDone(last);
          if (previous) await previous;
          previous = issued;
        }
        const written = [...stored.values()];
        // A URI written twice (content, then a metadata part) was put twice; the later put stands.
        this.listener?.checkWrite(written);
        const before = new Map(writes.map((w, i) => [w.uri, existing[i]]));
        const embedded = this.embeddedTriples(tx, written.map((after) => ({ before: before.get(after.uri), after })));
        deadline.check('the write');
        const changeKey = (await logged) as number;
        await tx.done;
        embedded?.committed();
        this.tell(changeKey, written, []);
        return outcomes;
      } catch (e) {
        abortQuietly(tx);
        throw e;
      }
    }, deadline);
  }

  /**
   * Replaces one document through `change`, which gets the current document and
   * returns the new content and/or metadata (PATCH). Synchronous by contract:
   * it runs inside the transaction.
   */
  update(
    uri: string,
    principal: Principal,
    ifMatch: string | undefined,
    change: (doc: StoredDocument) => { content?: string; metadata?: Metadata } | undefined,
    deadline = Deadline.none,
  ): Promise<{ changed: boolean; version: number }> {
    return this.queued(async () => {
      this.locks.check([uri]);
      const policy = await this.updatePolicy();
      await this.listener?.beforeWrite();
      const tx = writeTransaction(this.idb);
      const store = tx.objectStore('documents');
      try {
        const doc = await store.get(uri);
        const updated = applyUpdate(uri, doc, principal, policy, ifMatch, change, () => this.clock.next());
        if (!updated) {
          abortQuietly(tx);
          return { changed: false, version: doc!.version };
        }
        const version = updated.version;
        this.listener?.checkWrite([updated]);
        const embedded = this.embeddedTriples(tx, [{ before: doc, after: updated }]);
        deadline.check('the patch');
        const changeKey = await logChange(tx, [uri], () => putAll(store, [updated]));
        await tx.done;
        embedded?.committed();
        this.tell(changeKey, [updated], []);
        return { changed: true, version };
      } catch (e) {
        abortQuietly(tx);
        throw e;
      }
    }, deadline);
  }

  /**
   * Deletes documents (missing ones are skipped unless `checkExists`). Under
   * versioning, `ifMatch` guards a single document.
   */
  remove(uris: readonly string[], principal: Principal, options: { checkExists?: boolean; ifMatch?: string; deadline?: Deadline } = {}): Promise<void> {
    const deadline = options.deadline ?? Deadline.none;
    return this.queued(async () => {
      this.locks.check(uris);
      const policy = await this.updatePolicy();
      const tx = writeTransaction(this.idb);
      const store = tx.objectStore('documents');
      try {
        const docs = await issueAll(uris, (u) => store.get(u));
        const gone = checkRemovals(uris, docs, principal, policy, options);
        const deleted = gone.map((d) => d.uri);
        if (deleted.length === 0) {
          await tx.done;
          return;
        }
        const embedded = this.embeddedTriples(tx, gone.map((before) => ({ before })));
        deadline.check('the delete');
        const changeKey = await logChange(tx, deleted, () => deleteAll(store, deleted));
        await tx.done;
        embedded?.committed();
        this.tell(changeKey, [], deleted);
      } catch (e) {
        abortQuietly(tx);
        throw e;
      }
    }, deadline);
  }

  /** Resets metadata categories to their defaults; missing documents are skipped. */
  resetMetadata(uris: readonly string[], categories: readonly MetadataCategory[], principal: Principal, deadline = Deadline.none): Promise<void> {
    return this.queued(async () => {
      this.locks.check(uris);
      const tx = writeTransaction(this.idb);
      const store = tx.objectStore('documents');
      try {
        const docs = await issueAll(uris, (u) => store.get(u));
        const written = resetMetadataOf(docs, categories, principal);
        const before = new Map(docs.map((d) => [d?.uri, d]));
        const embedded = this.embeddedTriples(tx, written.map((after) => ({ before: before.get(after.uri), after })));
        deadline.check('the metadata reset');
        const changeKey = await logChange(tx, written.map((d) => d.uri), () => putAll(store, written));
        await tx.done;
        embedded?.committed();
        this.tell(changeKey, written, []);
      } catch (e) {
        abortQuietly(tx);
        throw e;
      }
    }, deadline);
  }

  /**
   * Deletes every document in a collection, under a directory, or all of them
   * (DELETE /v1/search). All or nothing: one the user may not update fails the lot.
   */
  removeWhere(filter: ListFilter, principal: Principal, deadline = Deadline.none): Promise<number> {
    return this.queued(async () => {
      const tx = writeTransaction(this.idb);
      const store = tx.objectStore('documents');
      try {
        const uris = await matchingUris(store, filter);
        this.locks.check(uris);
        const docs = await issueAll(uris, (u) => store.get(u));
        const visible = checkRemoveAll(docs, principal);
        const deleted = visible.map((d) => d.uri);
        const embedded = this.embeddedTriples(tx, visible.map((before) => ({ before })));
        deadline.check('the delete');
        const changeKey = await logChange(tx, deleted, () => deleteAll(store, deleted));
        await tx.done;
        embedded?.committed();
        this.tell(changeKey, [], deleted);
        return visible.length;
      } catch (e) {
        abortQuietly(tx);
        throw e;
      }
    }, deadline);
  }

  // ---- what a multi-statement transaction needs (src/db/transactions) -------------------

  /** Stored documents by URI, whoever may read them (undefined where none): a transaction's view starts from these. */
  async readStored(uris: readonly string[]): Promise<Array<StoredDocument | undefined>> {
    if (uris.length === 0) return [];
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    const docs = await issueAll(uris, (u) => tx.store.get(u));
    await tx.done;
    return docs;
  }

  /** The stored URIs under a directory and/or in a collection, in URI order, whoever may read them. */
  async storedUris(filter: ListFilter): Promise<string[]> {
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    const uris = await matchingUris(tx.store, filter);
    await tx.done;
    return uris;
  }

  /**
   * Commits a transaction's documents — each URI's final state, a document or none — in one
   * IndexedDB transaction with the change log and the embedded triples' log, so a worker stop
   * cannot split it (docs/decisions/0033-transactions.md). A document whose content the
   * transaction wrote takes the commit's version; one whose metadata alone changed keeps its
   * own. Permissions were checked as each write of the transaction ran, against the state it
   * saw, which the transaction's locks have kept from changing since.
   */
  commitChanges(committing: CommittingTransaction, deadline = Deadline.none): Promise<void> {
    return this.queued(async () => {
      // Read only now: the transaction's writes queued before its commit have run.
      const changes = committing.changes();
      const uris = changes.map((c) => c.uri);
      this.locks.check(uris, committing.id);
      await this.listener?.beforeWrite();
      const version = this.clock.next();
      // Applied in memory now, out of every reader's sight until the outcome is known.
      const graphs = await committing.graphWrites?.();
      const tx = writeTransaction(this.idb);
      const store = tx.objectStore('documents');
      try {
        // The graph writes' records first: replayed in key order, they come before the documents' triples, as they were applied.
        if (graphs) {
          const log = unwrap(tx.objectStore('triples-log'));
          const registry = unwrap(tx.objectStore('graphs'));
          for (const record of graphs.logRecords) log.add(record);
          for (const { iri, record } of graphs.graphRecords) {
            if (record) registry.put(record);
            else registry.delete(iri);
          }
        }
        const before = await getExisting(store, uris);
        const written: StoredDocument[] = [];
        const deleted: string[] = [];
        const documentChanges: DocumentChange[] = [];
        changes.forEach(({ uri, after }, i) => {
          const was = before[i];
          if (after) {
            const doc = withReaders(!was || was.version !== after.version ? { ...after, version } : after);
            written.push(doc);
            documentChanges.push({ before: was, after: doc });
          } else if (was) {
            deleted.push(uri);
            documentChanges.push({ before: was });
          }
        });
        if (documentChanges.length === 0) {
          deadline.check('the commit');
          await tx.done;
          graphs?.committed();
          committing.committed();
          return;
        }
        this.listener?.checkWrite(written);
        const embedded = this.embeddedTriples(tx, documentChanges);
        deadline.check('the commit');
        const changeKey = await logChange(tx, [...written.map((d) => d.uri), ...deleted], () => Promise.all([putAll(store, written), deleteAll(store, deleted)]));
        await tx.done;
        graphs?.committed();
        committing.committed();
        embedded?.committed();
        this.tell(changeKey, written, deleted);
      } catch (e) {
        abortQuietly(tx);
        graphs?.failed();
        throw e;
      }
    }, deadline);
  }

  /**
   * A page of the documents under a directory and/or in a collection, in URI order,
   * counting only what the user may read. `start` is 1-based.
   */
  async list(filter: ListFilter, principal: Principal, start: number, pageLength: number): Promise<ListPage> {
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    let uris = await matchingUris(tx.store, filter);
    if (!principal.roles.has('admin')) {
      // Only keys are read: the readers index names the documents each role may read.
      const readable = new Set<string>();
      const perRole = await issueAll(principal.roles, (role) => tx.store.index('readers').getAllKeys(role));
      perRole.forEach((keys) => keys.forEach((k) => readable.add(k as string)));
      uris = uris.filter((u) => readable.has(u));
    }
    const page = await issueAll(uris.slice(start - 1, start - 1 + pageLength), (u) => tx.store.get(u));
    await tx.done;
    return { total: uris.length, documents: page.filter((d): d is StoredDocument => !!d) };
  }
}

type AnyDocumentsStore = DocumentsStore | IDBPObjectStore<TabulaSchema, ['documents'], 'documents', 'readonly'>;

/**
 * A write transaction: the documents, the change log search catches up from, the triple
 * store's log (embedded triples) and its graph registry (a transaction's commit writes graphs).
 */
function writeTransaction(idb: TabulaIdb) {
  return watched(idb.transaction(['documents', 'search-changes', 'triples-log', 'graphs'], 'readwrite', { durability: DURABILITY }));
}

type WriteTransaction = ReturnType<typeof writeTransaction>;

/**
 * Logs the URIs a transaction changes (in it) and issues the changes themselves;
 * resolves to the change's key once all are done. The log request is observed even
 * when issuing a change throws.
 */
async function logChange(tx: WriteTransaction, uris: string[], change: () => Promise<unknown>): Promise<number> {
  const issues: Array<() => Promise<unknown>> = [() => tx.objectStore('search-changes').add({ uris }), change];
  const [changeKey] = await issueAll(issues, (issue) => issue());
  return changeKey as number;
}

/** Writes per chunk of a bulk write: large enough that waiting between chunks is rare. */
const PUT_CHUNK = 250;

/** A raw request as a promise, observed so that a failure nobody awaits is not unhandled (the transaction reports it). */
function requestDone(req: IDBRequest): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    req.addEventListener('success', () => resolve());
    req.addEventListener('error', () => reject(req.error ?? new Error('IndexedDB request failed')));
  });
  done.catch(() => undefined);
  return done;
}

/**
 * Puts documents without a promise each. Nothing reads a put's result, and idb's promise per
 * request (two listeners added and removed, a wrapper, a resolution) cost about a sixth of
 * a bulk write's time in the worker. A put that fails aborts the transaction, so the caller's
 * `tx.done` rejects; one that throws as it is issued (a value the structured clone refuses)
 * throws here, and the caller aborts.
 */
function putAll(store: DocumentsStore, docs: readonly StoredDocument[]): Promise<void> {
  const raw = unwrap(store);
  for (const doc of docs) raw.put(doc);
  return Promise.resolve();
}

/** Deletes by URI the same way as {@link putAll}: failures abort the transaction. */
function deleteAll(store: DocumentsStore, uris: readonly string[]): Promise<void> {
  const raw = unwrap(store);
  for (const uri of uris) raw.delete(uri);
  return Promise.resolve();
}

/** URIs matching a filter, sorted, using the primary key range and the collections index. */
async function matchingUris(store: AnyDocumentsStore, filter: ListFilter): Promise<string[]> {
  const range = filter.directory ? IDBKeyRange.bound(filter.directory, `${filter.directory}\uffff`, false, true) : undefined;
  const byDirectory = (await store.getAllKeys(range)) as string[];
  if (filter.collection === undefined) return byDirectory;
  const inCollection = new Set((await store.index('collections').getAllKeys(filter.collection)) as string[]);
  return byDirectory.filter((u) => inCollection.has(u));
}

/**
 * The stored documents for `uris` (undefined where none). One request per URI costs
 * ~50 µs each in Chromium, so first ask which keys exist between the smallest and the
 * largest URI: for a batch of new documents that is one request. Only when that range
 * holds more keys than the batch could match is it read key by key.
 */
async function getExisting(store: DocumentsStore, uris: readonly string[]): Promise<Array<StoredDocument | undefined>> {
  if (uris.length <= 2) return issueAll(uris, (u) => store.get(u));
  let min = uris[0];
  let max = uris[0];
  for (const u of uris) {
    if (u < min) min = u;
    if (u > max) max = u;
  }
  const limit = uris.length * 2;
  const keys = (await store.getAllKeys(IDBKeyRange.bound(min, max), limit)) as string[];
  if (keys.length >= limit) return issueAll(uris, (u) => store.get(u));
  const present = new Set(keys);
  return issueAll(uris, (u) => (present.has(u) ? store.get(u) : Promise.resolve(undefined)));
}

