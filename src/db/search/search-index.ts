/**
 * The search index's lifecycle (db.search's durable side): the in-memory index loaded from
 * IndexedDB — the last snapshot plus the change log since —, kept in step with every
 * document write, its range indexes attached and rebuilt, snapshots written and the change
 * log pruned, and closing. Running a query over the loaded index is run-search.ts's; the
 * `SearchService` facade (search-service.ts) joins the two.
 *
 * Must (docs/architecture.md, Storage and durability; docs/decisions/0012-search-index.md):
 * - every committed document write reaches the index before its response
 *   ({@link SearchIndex.committed}, called by the document store after the commit);
 * - the index is a cache: on start it loads the last snapshot and re-indexes the
 *   documents named by `search-changes` entries newer than the snapshot's watermark,
 *   inside the write queue, so no write interleaves with the load and nothing is lost
 *   whenever the worker stops;
 * - snapshots are written in the background once writes pause, in one transaction
 *   with the pruning of the change entries they cover;
 * - the snapshot's texts are read after the rest (the first answer needs none of them
 *   unless it is a phrase, NEAR, a scope or a value), and nothing replaces them before:
 *   a snapshot is written only once they are read.
 */
import type { StoredDocument } from '../documents/types';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import { Corpus, TextsPending, type CorpusDump } from './corpus';
import { packDocsSteps, splitPiece, unpackPiece, type PackedIndex, type PackedTexts } from './snapshot-pack';
import type { TermIndexSnapshot } from './term-index';
import type { IndexConfigStore, IndexSettings } from '../indexes/config';
import { LiveRangeIndexes, type RangeIndexes, type RangeIndexStatus } from './live-range-indexes';
import { parseContent, type ParsedContent } from './analyze';
import type { RangeValue } from '../indexes/range-values';
import type { RangeEntries } from '../indexes/range-index';
import { abortQuietly, issueAll, watched } from '../storage/requests';
import { runInSlices, yieldToEventLoop } from '../util/event-loop';
import { beforeDeadline, Deadline, SLICE_MS } from '../deadline';

/** One committed write, as the document store reports it. */
export interface CommittedChange {
  /** The change log's key for this write (the watermark a snapshot records). */
  changeKey: number;
  written: StoredDocument[];
  deleted: string[];
}

interface SnapshotMeta {
  watermark: number;
  /** Records in the `search-snapshot` store: the head, each piece's documents, each piece's texts. */
  pieces: number;
  /** The pieces' layout; a snapshot of another (an older release's) is not read: every document is re-indexed. */
  format?: number;
  /** Pieces whose texts are stored apart, in the last records (keys `pieces − texts` on). */
  texts?: number;
  /** Tells this snapshot's text records from another's. */
  id?: string;
}

/** A piece's texts as stored: the snapshot they belong to with them. */
interface StoredTexts {
  snapshot: string;
  texts: PackedTexts;
}

/**
 * 2: variable-length word ids and postings, texts decoded on first need (decision 0012's
 * second amendment); 3: term frequencies with the postings (its third); 4: the range
 * indexes' sorted entries in the head instead of each document's values in its piece.
 */
const SNAPSHOT_FORMAT = 4;

interface SnapshotHead {
  corpus: Omit<CorpusDump, 'docs'>;
  terms: { content: TermIndexSnapshot; properties: TermIndexSnapshot };
  /** Each ready range index's sorted entries, restored as they are on a start. */
  ranges: Array<{ key: string; entries: RangeEntries }>;
}

const SNAPSHOT_META = 'search-snapshot';

/** A snapshot packed and not yet stored: its pieces in order, how many hold texts, its id, and the last change it holds. */
interface PackedSnapshot {
  pieces: unknown[];
  texts: number;
  id: string;
  watermark: number;
}
/** How long after the last request background work on the restored texts waits (the response is still being sent). */
const QUIET_MS = 100;
/**
 * Documents per snapshot piece (packed: ~2.5 MB of typed arrays for 5k documents of ~1 KB).
 * Each piece is packed, then stored, in one go while requests wait: 20k documents took ~0.5 s.
 */
const DOCS_PER_PIECE = 5_000;
/** Same durability as documents: see docs/decisions/0008-durability.md. */
const DURABILITY: IDBTransactionDurability = 'default';

export interface SearchIndexOptions {
  /** Changed documents since the last snapshot that make a new one due (default 1,000, or a tenth of the corpus). */
  snapshotAfterChanges?: number;
  /** Milliseconds without a write before a due snapshot is written (default 2,000). */
  snapshotWhenIdleMs?: number;
}

export class SearchIndex {
  private loading: Promise<Corpus> | undefined;
  private corpus: Corpus | undefined;
  private watermark = 0;
  private changedSinceSnapshot = 0;
  private lastWrite = 0;
  private snapshotting: Promise<void> | undefined;
  /** The background decoding of restored texts, while it runs. */
  private decoding: Promise<void> | undefined;
  private closed = false;
  /**
   * The restored texts while they are not read: they are read in a transaction of their
   * own after the first answer (or as soon as something needs one), so the first answer
   * reads only the rest of the snapshot.
   */
  private unreadTexts: { corpus: Corpus; read: () => Promise<void>; reading?: Promise<void> } | undefined;
  /** Requests running over the index ({@link serving}), and what waits for none to be. */
  private serving_ = 0;
  /** Writes committed while requests ran over the index, in commit order, applied when the last one ends. */
  private deferred: Array<(corpus: Corpus) => void> = [];
  /**
   * Open transactions' uncommitted documents, as staged (each URI's state; null: deleted):
   * what the corpus's private entries are made from, now or when it loads
   * (docs/decisions/0033-transactions.md).
   */
  private readonly overlays = new Map<string, Map<string, StoredDocument | null>>();
  /** Private entry key → its document (a transaction's documents are read from here, not IndexedDB). */
  private readonly stagedDocs = new Map<number, StoredDocument>();
  /** Requests waiting for {@link deferred} to be applied. */
  private readonly applied: Array<() => void> = [];
  /** A snapshot is being packed (between its stages, requests may run): writes are held back as while a request runs. */
  private packing = false;
  private lastServed = 0;
  private readonly quietWaiters: Array<() => void> = [];
  /** Completed loads since this instance was made (`GET /tabula/v1/status`). */
  private loads = 0;
  private readonly ranges: LiveRangeIndexes;
  /** What {@link checkWrite} parsed and extracted, per document object, until it is indexed. */
  private readonly prepared = new WeakMap<StoredDocument, { content: ParsedContent | null; values: Record<string, RangeValue[]> | undefined }>();

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    private readonly indexes: IndexConfigStore,
    private readonly options: SearchIndexOptions = {},
  ) {
    this.ranges = new LiveRangeIndexes(indexes, queue, (uris) => this.readUris(uris));
  }

  /** The range indexes as running a search asks of them (comparisons, facets, sorting). */
  get rangeIndexes(): RangeIndexes {
    return this.ranges;
  }

  /** The database's index settings (whether the collection and URI lexicons are on). */
  indexSettings(): Promise<IndexSettings> {
    return this.indexes.get();
  }

  /** The range indexes' state (re-indexing progress). */
  rangeIndexStatus(): RangeIndexStatus[] {
    return this.ranges.status();
  }

  /** Before a write's transaction: the index settings its values are checked against. */
  beforeWrite(): Promise<void> {
    return this.ranges.prepare();
  }

  /**
   * Inside a write's transaction, before it commits: a value a range index rejects fails
   * the write (XDMP-RANGEINDEX). The parse and the values are kept for {@link committed}
   * (the same document objects come back), so a write parses each document once.
   */
  checkWrite(docs: readonly StoredDocument[]): void {
    // Nothing to check, and no index in memory to feed: the write only logs its change.
    if (!this.corpus && this.ranges.keys().length === 0) return;
    for (const doc of docs) {
      let content: ParsedContent | null;
      try {
        content = parseContent(doc);
      } catch {
        content = null;
      }
      this.prepared.set(doc, { content, values: this.ranges.valuesOf(doc, content) });
    }
  }

  /** Resolves when background re-indexing is done (tests). */
  rangeIndexesSettled(): Promise<void> {
    return this.ranges.settled();
  }

  /** Indexes a document in the corpus, its range values too. */
  private index(corpus: Corpus, doc: StoredDocument): void {
    const prepared = this.prepared.get(doc);
    const entry = corpus.put(doc, prepared?.content ?? null);
    this.ranges.put(entry.key, this.rangeValues(doc, prepared));
  }

  /** A document's range index values: as its write's check found them, else computed now. */
  private rangeValues(doc: StoredDocument, prepared: { values: Record<string, RangeValue[]> | undefined } | undefined): Record<string, RangeValue[]> | undefined {
    try {
      return prepared ? prepared.values : this.ranges.valuesOf(doc);
    } catch {
      // Written before an index that rejects it existed: that index skips it (re-indexing does the same).
      return undefined;
    }
  }

  private unindex(corpus: Corpus, uri: string): void {
    const key = corpus.keyOf(uri);
    if (key === undefined) return;
    corpus.remove(uri);
    this.ranges.remove(key);
  }

  /** The corpus, loaded on first use. */
  ready(): Promise<Corpus> {
    this.loading ??= this.queue
      .run(() => this.load())
      .catch((e: unknown) => {
        this.loading = undefined;
        throw e;
      });
    return this.loading;
  }

  /** The loaded corpus, if it is loaded (writes before the first search need not load it). */
  loaded(): Corpus | undefined {
    return this.corpus;
  }

  /**
   * A committed write: applied to the index at once when it is loaded (a load in
   * progress runs in the write queue, so it cannot be half-way here). Synchronous.
   */
  committed(change: CommittedChange): void {
    this.lastWrite = Date.now();
    const corpus = this.corpus;
    if (!corpus) return;
    // A request running over the index yields the thread between its chunks: it must not find
    // the index changed when it resumes. The write is acknowledged all the same, and applied
    // as soon as no request runs; a request arriving meanwhile waits for that ({@link serving}).
    this.whenFree((c) => this.apply(c, change));
  }

  /**
   * Changes the loaded corpus at once, or — while a request runs over it or a snapshot is
   * being packed — as soon as none does, in the order asked.
   */
  private whenFree(change: (corpus: Corpus) => void): void {
    const corpus = this.corpus;
    if (!corpus) return;
    if (this.serving_ > 0 || this.packing) this.deferred.push(change);
    else change(corpus);
  }

  /**
   * A transaction's write staged documents (null: deleted): they are indexed as its private
   * entries, which only its own requests see. Synchronous, like {@link committed}.
   */
  staged(txid: string, docs: ReadonlyMap<string, StoredDocument | null>): void {
    let overlay = this.overlays.get(txid);
    if (!overlay) this.overlays.set(txid, (overlay = new Map()));
    for (const [uri, doc] of docs) overlay.set(uri, doc);
    this.whenFree((c) => {
      for (const [uri, doc] of docs) this.stageOne(c, txid, uri, doc);
    });
  }

  /** A transaction ended (committed or not): its private entries go; a commit's documents arrive through {@link committed}. */
  transactionEnded(txid: string): void {
    if (!this.overlays.delete(txid)) return;
    this.whenFree((c) => {
      for (const key of c.unstage(txid)) {
        this.ranges.remove(key);
        this.stagedDocs.delete(key);
      }
      this.snapshotIfDue();
    });
  }

  /** The document of a transaction's private entry, if `key` is one. */
  stagedDocument(key: number): StoredDocument | undefined {
    return this.stagedDocs.get(key);
  }

  private stageOne(corpus: Corpus, txid: string, uri: string, doc: StoredDocument | null): void {
    const prepared = doc ? this.prepared.get(doc) : undefined;
    const { entry, replaced } = corpus.stage(txid, uri, doc, prepared?.content ?? null);
    if (replaced !== undefined) {
      this.ranges.remove(replaced);
      this.stagedDocs.delete(replaced);
    }
    if (!entry || !doc) return;
    this.stagedDocs.set(entry.key, doc);
    this.ranges.put(entry.key, this.rangeValues(doc, prepared));
  }

  /** Applies the writes held back, once no request runs and no snapshot is being packed, and wakes who waits for them. */
  private applyDeferred(): void {
    if (this.serving_ > 0 || this.packing) return;
    const deferred = this.deferred.splice(0);
    if (this.corpus) for (const change of deferred) change(this.corpus);
    for (const wake of this.applied.splice(0)) wake();
  }

  private apply(corpus: Corpus, change: CommittedChange): void {
    for (const uri of change.deleted) this.unindex(corpus, uri);
    for (const doc of change.written) {
      this.unindex(corpus, doc.uri);
      this.index(corpus, doc);
    }
    this.watermark = Math.max(this.watermark, change.changeKey);
    this.changedSinceSnapshot += change.written.length + change.deleted.length;
    this.snapshotIfDue();
  }

  close(): void {
    this.closed = true;
  }

  /**
   * The database was reset (documents, change log and snapshot emptied in the reset's
   * transaction, which ran in the write queue, so no load or write is half-way): the index
   * goes back to not loaded, as in a database just opened; the next use loads it, empty.
   * A snapshot waiting for a quiet spell finds no corpus and writes nothing.
   */
  storageCleared(): void {
    this.deferred = [];
    this.overlays.clear();
    this.stagedDocs.clear();
    for (const wake of this.applied.splice(0)) wake();
    this.loading = undefined;
    this.corpus = undefined;
    this.unreadTexts = undefined;
    this.watermark = 0;
    this.changedSinceSnapshot = 0;
    this.ranges.storageCleared();
  }

  /** Resolves when no snapshot is pending and the restored texts are decoded (tests, `Database.idle`). */
  async settled(): Promise<void> {
    while (this.snapshotting || this.decoding || this.unreadTexts) {
      if (this.unreadTexts) await this.textsRead();
      else await (this.snapshotting ?? this.decoding);
    }
  }

  /**
   * Background work is pending: a snapshot waiting for a quiet spell or being written, a range
   * index build, or the restored texts still to be read and decoded after a start.
   */
  busy(): boolean {
    return this.snapshotting !== undefined || this.decoding !== undefined || this.unreadTexts !== undefined || this.ranges.busy();
  }

  /** How many times the index has been loaded from IndexedDB since this instance was made. */
  loadCount(): number {
    return this.loads;
  }

  /** Writes a snapshot now (tests; normally automatic once writes pause). */
  snapshot(): Promise<void> {
    return this.queue.run(() => this.writeSnapshot());
  }

  /** Stored documents by URI, in one read transaction (undefined where none). */
  async readUris(uris: readonly string[]): Promise<Array<StoredDocument | undefined>> {
    if (uris.length === 0) return [];
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    const docs = await issueAll(uris, (u) => tx.store.get(u));
    await tx.done;
    return docs;
  }

  // ---- durability -------------------------------------------------------------------

  private async load(): Promise<Corpus> {
    await this.ranges.prepare();
    const corpus = new Corpus();
    const tx = watched(this.idb.transaction(['search-snapshot', 'search-changes', 'config'], 'readonly'));
    const meta = (await tx.objectStore('config').get(SNAPSHOT_META)) as SnapshotMeta | undefined;
    const current = meta !== undefined && meta.format === SNAPSHOT_FORMAT && meta.texts !== undefined && meta.id !== undefined;
    const firstText = current ? meta.pieces - meta.texts! : 0;
    const snapshotStore = tx.objectStore('search-snapshot');
    // The texts (most of the bytes) are left for later; the count tells that they are all there.
    const [pieces, stored] = current ? await Promise.all([snapshotStore.getAll(IDBKeyRange.upperBound(firstText, true)), snapshotStore.count()]) : [[], 0];
    const range = IDBKeyRange.lowerBound(meta?.watermark ?? 0, true);
    const changeLog = tx.objectStore('search-changes');
    const [changeKeys, changes] = await Promise.all([changeLog.getAllKeys(range), changeLog.getAll(range)]);
    await tx.done;
    const usable = current && stored === meta.pieces && pieces.length === firstText;
    const decoders: Array<() => void> = [];
    const restoredRanges = new Map<string, RangeEntries>();
    if (usable) {
      const [head, ...docPieces] = pieces as [SnapshotHead, ...PackedIndex[]];
      const unpacked = docPieces.map((p) => unpackPiece(p));
      corpus.restore({ ...head.corpus, docs: unpacked.flatMap((u) => u.docs) }, head.terms);
      for (const { key, entries } of head.ranges) restoredRanges.set(key, entries);
      decoders.push(...unpacked.map((u) => u.decode));
      this.watermark = meta.watermark;
      this.unreadTexts = { corpus, read: () => this.readTexts(corpus, meta, unpacked.map((u) => u.arrive)) };
    } else if (meta) {
      console.error(
        meta.format === SNAPSHOT_FORMAT
          ? '[tabula] the search snapshot is incomplete; re-indexing every document'
          : '[tabula] the search snapshot is of an older layout; re-indexing every document',
      );
    }
    // The range indexes first: the replayed writes reach them as any write does.
    await this.ranges.attach(corpus, restoredRanges);
    const stale = !usable;
    const uris = stale ? undefined : [...new Set(changes.flatMap((c) => c.uris))];
    await this.catchUp(corpus, uris);
    if (changeKeys.length > 0) this.watermark = Math.max(this.watermark, changeKeys[changeKeys.length - 1]);
    this.changedSinceSnapshot = stale ? corpus.size : (uris?.length ?? 0);
    // Open transactions' documents, staged before the corpus was loaded.
    for (const [txid, docs] of this.overlays) for (const [uri, doc] of docs) this.stageOne(corpus, txid, uri, doc);
    this.corpus = corpus;
    this.loads++;
    this.snapshotIfDue();
    this.decodeLater(corpus, decoders);
    return corpus;
  }

  /**
   * Reads the restored texts (once; every caller waits for the same read). Nothing can have
   * replaced them since the load: a snapshot is written only once they are read, and a reset
   * discards this corpus. Should they be gone anyway, the index is loaded again.
   */
  private textsRead(): Promise<void> {
    const unread = this.unreadTexts;
    if (!unread) return Promise.resolve();
    unread.reading ??= unread.read().catch((e: unknown) => {
      unread.reading = undefined;
      throw e;
    });
    return unread.reading;
  }

  private async readTexts(corpus: Corpus, meta: SnapshotMeta, arrivals: Array<(texts: PackedTexts) => void>): Promise<void> {
    const tx = watched(this.idb.transaction('search-snapshot', 'readonly'));
    const stored = (await tx.store.getAll(IDBKeyRange.lowerBound(meta.pieces - meta.texts!))) as StoredTexts[];
    await tx.done;
    if (this.unreadTexts?.corpus !== corpus) return;
    this.unreadTexts = undefined;
    if (this.corpus !== corpus) return;
    if (stored.length !== arrivals.length || stored.some((s) => s.snapshot !== meta.id)) {
      console.error('[tabula] the search snapshot changed before its texts were read; loading the index again');
      this.storageCleared();
      return;
    }
    stored.forEach((s, i) => arrivals[i](s.texts));
    corpus.restoredTextsArrived();
  }

  /**
   * Runs a request over the index (a search, values, a suggestion): background decoding
   * waits while any runs, so the first answer after a start does not share the thread with
   * it. A request that needs a restored text not read yet reads the texts and runs again
   * (requests only read the index, so running one twice changes nothing).
   *
   * While any request runs, committed writes wait to be applied (it may have yielded the
   * thread mid-way: docs/decisions/0029-cooperative-search.md); a request arriving while a
   * write waits waits for it in turn, so it sees every write acknowledged before it began.
   */
  async serving<T>(work: () => Promise<T>, deadline: Deadline = Deadline.none): Promise<T> {
    while (this.deferred.length > 0) {
      await beforeDeadline(new Promise<void>((resolve) => this.applied.push(resolve)), deadline, 'waiting for a running search to let a write into the index');
    }
    this.serving_++;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await work();
        } catch (e) {
          if (!(e instanceof TextsPending) || attempt === 3) throw e;
          await this.textsRead();
        }
      }
    } finally {
      if (--this.serving_ === 0) {
        this.applyDeferred();
        this.lastServed = Date.now();
        for (const wake of this.quietWaiters.splice(0)) wake();
      }
    }
  }

  /** Resolves when no request has run over the index for a moment (its response is out). */
  private async quiet(): Promise<void> {
    for (;;) {
      if (this.serving_ > 0) await new Promise<void>((resolve) => this.quietWaiters.push(resolve));
      const wait = this.lastServed + QUIET_MS - Date.now();
      if (wait <= 0 && this.serving_ === 0) return;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /**
   * Decodes the restored texts a piece at a time once the first answer is out, when no
   * request is running: a query needing a text of a piece not yet decoded decodes it itself, so
   * this only keeps that cost off later queries.
   */
  private decodeLater(corpus: Corpus, decoders: Array<() => void>): void {
    if (decoders.length === 0) return;
    const decoding = (async () => {
      await this.quiet();
      if (this.closed) return;
      await this.textsRead();
      for (const decode of decoders) {
        await yieldToEventLoop();
        await this.quiet();
        if (this.closed || this.corpus !== corpus) return;
        decode();
      }
      corpus.restoredTextsDecoded();
    })()
      .catch((e: unknown) => {
        // Closing the database ends the read of the texts: nothing is wrong then.
        if (!this.closed) console.error('[tabula] reading or decoding the search snapshot texts failed; they are read and decoded when first needed', e);
      })
      .finally(() => {
        if (this.decoding === decoding) this.decoding = undefined;
      });
    this.decoding = decoding;
  }

  /** Re-indexes the documents named (or, with none named, every document) from the document store, in batches. */
  private async catchUp(corpus: Corpus, uris: string[] | undefined): Promise<void> {
    if (uris === undefined) {
      let after: string | undefined;
      for (;;) {
        const tx = watched(this.idb.transaction('documents', 'readonly'));
        const batch = await tx.store.getAll(after === undefined ? undefined : IDBKeyRange.lowerBound(after, true), 1_000);
        await tx.done;
        for (const doc of batch) this.index(corpus, doc);
        if (batch.length < 1_000) return;
        after = batch[batch.length - 1].uri;
        await yieldToEventLoop();
      }
    }
    for (let i = 0; i < uris.length; i += 1_000) {
      const slice = uris.slice(i, i + 1_000);
      const docs = await this.readUris(slice);
      slice.forEach((uri, j) => {
        const doc = docs[j];
        if (doc) {
          this.unindex(corpus, uri);
          this.index(corpus, doc);
        } else this.unindex(corpus, uri);
      });
      await yieldToEventLoop();
    }
  }

  private snapshotIfDue(): void {
    const corpus = this.corpus;
    if (!corpus || this.snapshotting || this.closed) return;
    const due = Math.max(this.options.snapshotAfterChanges ?? 1_000, Math.floor(corpus.size / 10));
    if (this.changedSinceSnapshot < due) return;
    const idle = this.options.snapshotWhenIdleMs ?? 2_000;
    this.snapshotting = (async () => {
      for (;;) {
        const wait = this.lastWrite + idle - Date.now();
        if (this.closed) return;
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        // A write in progress when the spell seemed over is queued ahead of this: then wait again.
        const done = await this.queue.run(async () => {
          if (Date.now() - this.lastWrite < idle) return false;
          await this.writeSnapshot();
          return true;
        });
        if (done) return;
      }
    })()
      .catch((e: unknown) => console.error('[tabula] writing the search snapshot failed; the change log is kept', e))
      .finally(() => (this.snapshotting = undefined));
  }

  /** Snapshot pieces, their meta and the pruning of covered changes, in ONE transaction. */
  private async writeSnapshot(): Promise<void> {
    // The restored texts are in the snapshot about to be replaced: read them first.
    await this.textsRead();
    const corpus = this.corpus;
    // Not while a transaction's private entries are in the corpus: a snapshot holds committed
    // documents only. The transaction's end makes one due again.
    if (!corpus || corpus.anyStaged) return;
    // It runs in the write queue, so no write commits while it is packed; requests (which only
    // read) may run between its stages, each a long piece of work at 100k documents. Writes a
    // request held back stay held until the pieces and the watermark are taken: applied between
    // two stages, they would be in some of the pieces and not in others.
    this.packing = true;
    let packed: PackedSnapshot | undefined;
    try {
      packed = await this.pack(corpus);
    } finally {
      this.packing = false;
      this.applyDeferred();
    }
    if (!packed || this.corpus !== corpus) return;
    const { pieces, texts, id, watermark } = packed;
    const tx = watched(this.idb.transaction(['search-snapshot', 'search-changes', 'config'], 'readwrite', { durability: DURABILITY }));
    try {
      const store = tx.objectStore('search-snapshot');
      await store.clear();
      // One piece at a time, each put from the last one's success: a put copies its piece
      // on this thread, and all of them at once (~50 MB at 100k documents) held every other
      // request for a second or two.
      for (const [i, piece] of pieces.entries()) await store.put(piece, i);
      await tx.objectStore('config').put({ watermark, pieces: pieces.length, format: SNAPSHOT_FORMAT, texts, id } satisfies SnapshotMeta, SNAPSHOT_META);
      if (watermark > 0) await tx.objectStore('search-changes').delete(IDBKeyRange.upperBound(watermark));
      await tx.done;
    } catch (e) {
      abortQuietly(tx);
      throw e;
    }
    this.changedSinceSnapshot = 0;
  }

  /** The snapshot's pieces of `corpus` as it is now, and the watermark they hold; undefined if the corpus was dropped meanwhile. */
  private async pack(corpus: Corpus): Promise<PackedSnapshot | undefined> {
    const watermark = this.watermark;
    const { contentOrder, ...terms } = await runInSlices(corpus.termSnapshots(), SLICE_MS);
    await yieldToEventLoop();
    if (this.corpus !== corpus) return undefined;
    const { docs, ...rest } = corpus.dump(contentOrder);
    const head: SnapshotHead = { corpus: rest, terms, ranges: this.ranges.entries() };
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const indexes: PackedIndex[] = [];
    const texts: StoredTexts[] = [];
    for (let i = 0; i < docs.length; i += DOCS_PER_PIECE) {
      const piece = splitPiece(await runInSlices(packDocsSteps(docs.slice(i, i + DOCS_PER_PIECE), contentOrder), SLICE_MS));
      indexes.push(piece.index);
      texts.push({ snapshot: id, texts: piece.texts });
      await yieldToEventLoop();
      if (this.corpus !== corpus) return undefined;
    }
    return { pieces: [head, ...indexes, ...texts], texts: texts.length, id, watermark };
  }
}
