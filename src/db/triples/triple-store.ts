/**
 * The triple store (db.triples): one Oxigraph store per database, in memory, rebuilt
 * from IndexedDB on first use, made durable by a snapshot plus an ordered change log.
 *
 * Must (docs/architecture.md, Storage and durability):
 * - load lazily, once: requests arriving during the load wait for it and never see
 *   partial data; feed Oxigraph in chunks and yield between them;
 * - run every write through the database's write queue; apply it in memory, commit its
 *   log entry and registry changes in ONE IndexedDB transaction, and acknowledge only
 *   after the commit; on any failure undo the in-memory changes, so a failed request
 *   changes nothing;
 * - let reads see committed state only: while a write is between its first in-memory
 *   change and its commit (or undo), reads wait at the gate;
 * - compact (snapshot + empty log, one transaction) after a write has been acknowledged,
 *   never on a request's path, and once writes pause; a worker stopped mid-way leaves
 *   the old snapshot and log.
 *
 * @example
 * const db = await Database.open({ indexedDB, oxigraph });
 * await db.triples.update('INSERT DATA { <s> <p> "o" }', { principal });
 * const { results } = await db.triples.query('SELECT * WHERE { ?s ?p ?o }', { principal });
 */
import type * as Oxigraph from 'oxigraph';
import { Deadline } from '../deadline';
import { DbError } from '../errors';
import type { Permission } from '../documents/types';
import type { Principal } from '../security/types';
import { abortQuietly, issueAll, watched } from '../storage/requests';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import { yieldToEventLoop } from '../util/event-loop';
import { readAhead } from '../util/read-ahead';
import { entrySize, logRecords, replayEntry, storedRecord, type LogEntry, type StoredLogEntry } from './change-set';
import { embeddedEffect, triplesChanged } from './embedded/embedded-change';
import type { DocumentChange } from '../documents/store';
import { isEngineTrap } from './engine-trap';
import { checkSparqlLimits } from './sparql-limits';
import { checkClientIri, checkGraphIri, keyOfClientIri, termOfKey } from './graph-names';
import * as graphOperations from './graph-operations';
import type { RdfPayload } from './graph-operations';
import { splitAtLineEnds, toNQuads } from './nquads';
import { pieceNQuads, snapshotPiece } from './snapshot-piece';
import { PreparedTexts, runQuery, type PreparedQuery, type QueryOptions, type QueryResult } from './query';
import * as things from './things';
import { applyUpdate, prepareUpdate, type UpdateOptions, type UpdateOutcome } from './update';
import { GraphAccess } from './graph-access';
import { quadsOnlyIn, withoutQuads } from './embedded/hidden';
import {
  buildView,
  free,
  RestrictedViews,
  viewKey,
  ViewAccess,
  type DocumentRestriction,
  type RestrictedView,
  type RestrictionSource,
} from './embedded/restricted-view';
import { EMBEDDED_STALE_KEY, loadStoredTriples, OWNERS_KEY, READERS_KEY, type StoredTriples } from './load';
import { engineQuadId, QuadOwners } from './embedded/quad-owners';
import { EmbeddedReaders } from './embedded/readers';
import { WriteContext } from './write-context';
import type { JournalOp, TripleJournal } from './transaction-journal';
import { fromPortable, HostGone, ReplicaLink, type HostControl } from './replica-link';
import type { FromHost, Port, ToHost } from './replica-protocol';

export type OxigraphModule = typeof Oxigraph;

/**
 * How a host hands over the engine: a function giving the Oxigraph module to use (or a
 * promise of it while its wasm instantiates). It is asked on each load: again after a
 * failed load, so a failed instantiation is retried by the next request instead of
 * sticking, and with the module it gave when that module trapped — it must then give a
 * NEW instance with its own wasm memory, the trap having broken the old one for good
 * (docs/decisions/0014-engine-traps.md).
 */
export type OxigraphFactory = (broken?: OxigraphModule) => OxigraphModule | Promise<OxigraphModule>;

/** Who a trap is blamed on: the request's input (400) or the engine (500). */
type Blame = 'input' | 'engine';

export interface TripleStoreOptions {
  /** Compact when the log holds more entries than this (default 1,000). */
  compactAfterEntries?: number;
  /** …or more characters of N-Quads than this (default 16 M). */
  compactAfterChars?: number;
  /** Size of a snapshot piece, in characters (default 4 M). */
  snapshotChunkChars?: number;
  /**
   * Milliseconds without a write before a due compaction runs (default 1,000). A log
   * four times past its limit is compacted at once whatever the writes do — by characters,
   * only once it also holds more than `urgentAfterChars`.
   */
  compactWhenIdleMs?: number;
  /** Characters of log below which a compaction always waits for writes to pause (default 256 M). */
  urgentAfterChars?: number;
  /** Milliseconds a query whose engine host went away waits for the next host before running here (default 3,000). */
  hostReturnMs?: number;
  /** Milliseconds after asking the pages for a host and finding none to run it before a query asks again (default 1,000). */
  hostAskAgainMs?: number;
}

/** Options of the graph-store writes. */
export interface GraphWriteOptions {
  principal: Principal;
  /** The request's deadline: a write that ends past it is undone (500 XDMP-EXTIME). */
  deadline?: Deadline;
  /** `perm:{role}`: added to the default permissions of graphs the write creates. */
  permissions?: readonly Permission[];
  /** The open transaction it is part of (docs/decisions/0033-transactions.md): staged there, committed with it. */
  journal?: TripleJournal;
}

export interface GraphWriteOutcome {
  /** True when the write created the graph (answer 201). */
  created: boolean;
}

/** Same durability as documents: see docs/decisions/0008-durability.md. */
const DURABILITY: IDBTransactionDurability = 'default';

/** Runs a prepared query within its deadline: the engine cannot be interrupted, so a result that comes back too late is discarded. */
function runWithin(access: GraphAccess, prepared: PreparedQuery): QueryResult {
  const deadline = prepared.options.deadline ?? Deadline.none;
  deadline.check('the SPARQL query');
  const result = runQuery(access, prepared);
  deadline.check('the SPARQL query');
  return result;
}

/** How many times an ask for an engine host no host answered is repeated (see askForHost). */
const HOST_ASK_RETRIES = 2;

/** Documents read at a time when their triples are indexed after a scene import. */
const REBUILD_BATCH = 500;

/** Snapshot pieces (4 MB each) read ahead of the one a scene export is encoding. */
const PIECES_AHEAD = 3;

/** The engine in use; compaction waits until the log is as large as `snapshotChars`. */
type LoadedEngine = StoredTriples;

export class TripleStore {
  private loading: Promise<LoadedEngine> | undefined;
  /** The module whose instance trapped: the next load asks the factory for another. */
  private broken: OxigraphModule | undefined;
  /** Set while a write's changes are in memory but not yet committed (or undone). */
  private gate: Promise<void> | undefined;
  private compacting: Promise<void> | undefined;
  private readonly compactAfterEntries: number;
  private readonly compactAfterChars: number;
  private readonly chunkChars: number;
  private readonly idleMs: number;
  private readonly urgentAfterChars: number;
  /**
   * How long a query whose engine host went away (its page closed, or it was restarted
   * after a cancel) waits for the next host before it runs in this worker instead.
   */
  private readonly hostReturnMs: number;
  private readonly hostAskAgainMs: number;
  /**
   * `performance.now()` before which a query that finds no host does not ask the pages again:
   * the last asking found no console page to run one. A page opened since is asked by the
   * first query after it, and asking is not paid by every query of a session without one.
   */
  private askAgainAt = 0;
  /** `performance.now()` of the last write's end: a pending compaction waits for a quiet spell after it. */
  private lastWrite = 0;
  /** Set when the log is far past its limit: a pending compaction stops waiting. */
  private urgent = false;
  /** Ends the wait of a pending compaction early. */
  private wake: (() => void) | undefined;
  private closed = false;
  /** Completed loads since this instance was made, replacements after a trap included (`GET /tabula/v1/status`). */
  private loads = 0;
  /** The engine host queries run on, while one is attached. */
  private host: ReplicaLink | undefined;
  private hostsAttached = 0;
  private requestHost: (() => Promise<boolean>) | undefined;
  /** The pages were asked for a host, and none went away since. */
  private hostAsked = false;
  /** `performance.now()` until which a query waits for a host that is on its way. */
  private hostExpectedUntil = 0;
  /** Queries waiting for a host to replace one that went away. */
  private readonly hostWaiters: Array<() => void> = [];
  /** Counts the document writes that changed who may read documents holding triples (a host's answer is checked against it). */
  private readersChanged = 0;
  /** Where restricted queries find their documents, once the database has said. */
  private documentSource: RestrictionSource | undefined;
  /** Views of restricted queries kept for the next query with the same restriction. */
  private readonly views = new RestrictedViews();
  /** What earlier requests' query texts were found to be (docs/decisions/0013-sparql-answer-path.md). */
  private readonly preparedTexts = new PreparedTexts();

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    private readonly oxigraph: OxigraphFactory | undefined,
    options: TripleStoreOptions = {},
  ) {
    this.compactAfterEntries = options.compactAfterEntries ?? 1_000;
    this.compactAfterChars = options.compactAfterChars ?? 16 * 1024 * 1024;
    this.chunkChars = options.snapshotChunkChars ?? 4 * 1024 * 1024;
    this.idleMs = options.compactWhenIdleMs ?? 1_000;
    this.urgentAfterChars = options.urgentAfterChars ?? 256 * 1024 * 1024;
    this.hostReturnMs = options.hostReturnMs ?? 3_000;
    this.hostAskAgainMs = options.hostAskAgainMs ?? 1_000;
  }

  /** Loads the store from IndexedDB (once; every caller shares the same load). */
  async ready(): Promise<void> {
    await this.engine();
  }

  // ---- SPARQL ------------------------------------------------------------------

  /**
   * Parses and checks a SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE) without running
   * it: the caller learns its form, and may refuse it (an unacceptable answer type)
   * before any work is done, then runs it with {@link runQuery}. Limits, syntax and
   * bindings are checked here (docs/decisions/0013-sparql-answer-path.md).
   */
  async prepareQuery(text: string, options: QueryOptions): Promise<PreparedQuery> {
    // A text seen before (without bindings) was checked and analysed then: nothing in it changes.
    const known = this.preparedTexts.known(text, options);
    if (known) return known;
    checkSparqlLimits(text, 'SPARQL query');
    return this.withModule('input', (ox) => this.preparedTexts.prepare(ox, text, options));
  }

  /**
   * Runs a prepared query for the principal it was prepared for, within its deadline: on
   * the engine host's replica while one is attached (docs/decisions/0028-engine-host.md),
   * else here. A query whose host went away before answering runs on the next host, if
   * one arrives soon, or here.
   */
  async runQuery(prepared: PreparedQuery, journal?: TripleJournal): Promise<QueryResult> {
    const deadline = prepared.options.deadline ?? Deadline.none;
    const evaluate = (access: GraphAccess) => runWithin(access, prepared);
    const { principal } = prepared.options;
    // Inside a transaction: here, over the store with the transaction's changes (the host's replica has none of them).
    if (journal) return this.replaying(journal, principal, 'input', false, evaluate);
    // A user who may not read some documents holding triples: here, with their quads out of sight (the host's replica keeps no reader table).
    if (await this.hidesSomething(principal)) return this.readingAs(principal, 'input', evaluate);
    // A write that hid something from this user while the host answered may have reached the host first: that answer is not used.
    const readersBefore = this.readersChanged;
    const checked = async (result: QueryResult): Promise<QueryResult> =>
      this.readersChanged !== readersBefore && (await this.hidesSomething(principal)) ? this.readingAs(principal, 'input', evaluate) : result;
    for (let attempt = 0; attempt < 2; attempt++) {
      // The first query with no host asks the pages for one; so does one whose host went away.
      if (!this.usableHost()) await this.askForHost();
      const host = attempt === 0 ? await this.returningHost(this.hostExpectedUntil - performance.now()) : await this.returningHost();
      if (!host) break;
      try {
        deadline.check('the SPARQL query');
        const result = await host.query(prepared);
        return checked(fromPortable(await this.module(), result));
      } catch (e) {
        if (!(e instanceof HostGone)) throw e;
      }
    }
    return this.readingAs(principal, 'input', evaluate);
  }

  /**
   * Runs a prepared query on the triples of the documents `restriction` matches
   * (./embedded/restricted-view.ts): always in this worker, on a view built from those
   * documents or kept from an earlier query with the same restriction by the same user.
   */
  async runRestricted(prepared: PreparedQuery, restriction: DocumentRestriction, journal?: TripleJournal): Promise<QueryResult> {
    const source = this.documentSource;
    if (!source) throw new DbError('RESTAPI-INTERNALERROR', 'this database was opened without documents to restrict a SPARQL query to');
    const { principal } = prepared.options;
    const deadline = prepared.options.deadline ?? Deadline.none;
    const key = viewKey(principal, restriction);
    const run = (view: RestrictedView) => runWithin(new ViewAccess(view, principal), prepared);
    if (journal) {
      // Inside a transaction: its documents and its graph changes; never kept for another query.
      const txid = journal.owner.id;
      const docs = await source.readDocuments(await source.matchingUris(restriction.query, principal, deadline, txid), principal, deadline, txid);
      deadline.check('the restricted SPARQL query');
      const view =
        restriction.managedGraphs.length > 0
          ? await this.replaying(journal, principal, 'input', false, (ctx) => buildView(ctx.ox, docs, deadline, { access: ctx, graphs: restriction.managedGraphs }))
          : await this.withModule('input', (ox) => buildView(ox, docs, deadline));
      try {
        return await this.onView(view, run);
      } finally {
        free(view.store);
      }
    }
    const generation = source.generation();
    const kept = this.current && this.views.get(key, generation, this.current);
    if (kept) return this.onView(kept, run);
    const uris = await source.matchingUris(restriction.query, principal, deadline);
    const docs = await source.readDocuments(uris, principal, deadline);
    deadline.check('the restricted SPARQL query');
    const build = (ox: OxigraphModule, engine?: LoadedEngine) =>
      buildView(ox, docs, deadline, engine && { access: new GraphAccess(engine, principal), graphs: restriction.managedGraphs });
    // Managed triples are read off this worker's engine; documents' triples need only the module.
    const view = restriction.managedGraphs.length > 0 ? await this.reading('input', (engine) => build(engine.ox, engine)) : await this.withModule('input', (ox) => build(ox));
    // Built while no write ran, and none has since: what the database holds, until the next write.
    const keptNow = generation % 2 === 0 && source.generation() === generation && this.views.put(key, generation, view);
    try {
      return await this.onView(view, run);
    } finally {
      if (!keptNow) free(view.store);
    }
  }

  /**
   * Whether `principal` may not read some document holding triples. An administrator reads
   * everything; anyone else is checked against the reader table, which comes with this
   * worker's engine (loaded for it, when an engine host answered until now).
   */
  private async hidesSomething(principal: Principal): Promise<boolean> {
    if (principal.roles.has('admin') || !this.documentSource || !this.oxigraph) return false;
    return (await this.readable()).readers.hiddenFrom(principal) !== undefined;
  }

  /**
   * Runs `run` on the engine as `principal` sees it: the quads only documents it may not read
   * hold are out of the store for the time of the (synchronous) run (./embedded/hidden.ts).
   * Those quads are found from the documents as stored, outside the run; a write committed in
   * between makes it try again, and after two tries it holds writes back for the last.
   */
  private async readingAs<T>(principal: Principal, blame: Blame, run: (access: GraphAccess) => T): Promise<T> {
    const plain = (engine: LoadedEngine) => run(new GraphAccess(engine, principal));
    const source = this.documentSource;
    if (principal.roles.has('admin') || !source) return this.reading(blame, plain);
    const attempt = async (): Promise<{ value: T } | undefined> => {
      const generation = source.generation();
      const engine = await this.readable();
      const hidden = await this.hiddenQuads(engine, principal);
      // Decided in the same turn as the read: a write applied meanwhile may have hidden something.
      return this.reading(blame, (now) => {
        // Nothing hidden from this user (the usual case): no reason to mind the writes.
        if (!now.readers.hiddenFrom(principal)) return { value: plain(now) };
        if (now !== engine || source.generation() !== generation) return undefined;
        return { value: withoutQuads(now.store, hidden, () => plain(now)) };
      });
    };
    for (let i = 0; i < 2; i++) {
      const done = await attempt();
      if (done) return done.value;
    }
    const done = await this.queue.run(attempt);
    if (!done) throw new DbError('RESTAPI-INTERNALERROR', 'the triple store changed while a read was held back for it');
    return done.value;
  }

  /** What was last found hidden, for the engine and write generation it was found at. */
  private hiddenKept: { engine: LoadedEngine; generation: number; key: string; quads: Oxigraph.Quad[] } | undefined;

  /** The quads `principal` may not see of documents' triples (none for most users). */
  private async hiddenQuads(engine: LoadedEngine, principal: Principal): Promise<Oxigraph.Quad[]> {
    const hidden = engine.readers.hiddenFrom(principal);
    const source = this.documentSource;
    if (!hidden || !source) return [];
    const generation = source.generation();
    const kept = this.hiddenKept;
    if (kept && kept.engine === engine && kept.generation === generation && kept.key === hidden.key) return kept.quads;
    const docs = await source.readStored(hidden.uris);
    const quads = quadsOnlyIn(engine, docs);
    this.hiddenKept = { engine, generation, key: hidden.key, quads };
    return quads;
  }

  /** Runs `use` on a view, under the same watch for traps as every engine call. */
  private async onView<T>(view: RestrictedView, use: (view: RestrictedView) => T): Promise<T> {
    try {
      return use(view);
    } catch (e) {
      throw this.survive(e, view.ox, 'input');
    }
  }

  /** Where restricted queries find their documents (the database's search and document store). */
  restrictBy(source: RestrictionSource): void {
    this.documentSource = source;
  }

  /** Prepares and runs a SPARQL query, for callers with nothing to decide in between. */
  async query(text: string, options: QueryOptions): Promise<QueryResult> {
    return this.runQuery(await this.prepareQuery(text, options));
  }

  /** Runs a SPARQL update atomically; syntax errors are reported before anything queues. */
  async update(text: string, options: UpdateOptions & { journal?: TripleJournal }): Promise<UpdateOutcome> {
    checkSparqlLimits(text, 'SPARQL update');
    const parsed = prepareUpdate(text, options);
    // A transaction's update runs again at each replay and at the commit, after this request's deadline.
    const { journal, ...applied } = options;
    const replayed = journal ? { ...applied, deadline: undefined } : applied;
    return this.write(
      options.principal,
      options.permissions,
      'input',
      (ctx) => {
        applyUpdate(ctx, parsed, replayed);
        return { created: ctx.createdGraphs(), changed: ctx.changed };
      },
      options.deadline,
      // Its WHERE reads: what the user may not read of documents' triples is out of sight meanwhile.
      true,
      journal,
      text.length,
    );
  }

  // ---- multi-statement transactions (docs/decisions/0033-transactions.md) -----------------

  /**
   * Stages a transaction's graph write: in the write queue, it is run over the store with the
   * transaction's earlier changes, its answer (or its error) taken, and everything undone;
   * kept in the journal only if it ran without failing.
   */
  private stage(journal: TripleJournal, op: JournalOp, blame: Blame, deadline: Deadline, size: number): Promise<unknown> {
    return this.queue.run(async () => {
      journal.owner.checkWritable();
      const value = await this.replaying(journal, op.principal, blame, op.reads, (ctx) => {
        ctx.requesting(op.permissions);
        return op.work(ctx);
      });
      deadline.check('the triple write');
      journal.append(op, size);
      return value;
    }, deadline);
  }

  /** Runs a read as `principal`, inside the transaction of `journal` when there is one. */
  private readingIn<T>(journal: TripleJournal | undefined, principal: Principal, blame: Blame, run: (access: GraphAccess) => T): Promise<T> {
    return journal ? this.replaying(journal, principal, blame, false, run) : this.readingAs(principal, blame, run);
  }

  /**
   * Runs `then` on the store as a transaction sees it — its documents' embedded triples and
   * its graph writes applied over what is committed — and undoes all of it in the same
   * synchronous turn, so no other request sees any of it. What `principal` may not read of
   * documents' triples is out of sight meanwhile.
   */
  private async replaying<T>(journal: TripleJournal, principal: Principal, blame: Blame, reads: boolean, then: (ctx: WriteContext) => T): Promise<T> {
    const documents = await journal.owner.documentChanges();
    for (let attempt = 1; ; attempt++) {
      const engine = await this.readable();
      const hidden = reads || journal.reads ? await this.hiddenQuads(engine, principal) : [];
      const done = await this.reading(blame, (now) => (now === engine ? { value: this.replayedOn(now, journal, documents, principal, hidden, then) } : undefined));
      if (done) return done.value;
      // The store was reloaded meanwhile (a trap, a reset): its hidden quads are found again.
      if (attempt === 3) throw new DbError('RESTAPI-INTERNALERROR', 'the triple store was reloaded while a transaction read it');
    }
  }

  private replayedOn<T>(engine: LoadedEngine, journal: TripleJournal, documents: readonly DocumentChange[], principal: Principal, hidden: Oxigraph.Quad[], then: (ctx: WriteContext) => T): T {
    const undoDocuments = applyDocumentTriples(engine, documents);
    try {
      return withoutQuads(engine.store, hidden, () => {
        const ctx = new WriteContext(engine, principal, [], true);
        try {
          journal.replay(ctx);
          return then(ctx);
        } finally {
          this.undoReplay(ctx);
        }
      });
    } finally {
      undoDocuments();
    }
  }

  /** Undoes a replay; a store that cannot be put back is reloaded from IndexedDB. */
  private undoReplay(ctx: WriteContext): void {
    let undone = false;
    try {
      undone = ctx.rollback();
    } catch {
      undone = false;
    }
    if (!undone) this.forgetEngine();
  }

  /**
   * A transaction's graph writes applied for good, inside its commit's turn in the write
   * queue: the records its commit adds to its IndexedDB transaction, and what to do once that
   * has committed, or failed. Until one of them, no read sees the changes (the gate is shut).
   */
  async commitJournal(journal: TripleJournal): Promise<JournalCommit | undefined> {
    if (journal.empty) return undefined;
    const engine = await this.engine();
    const principal = journal.ops[0].principal;
    const hidden = journal.reads ? await this.hiddenQuads(engine, principal) : [];
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    const release = () => {
      this.gate = undefined;
      open();
      this.lastWrite = performance.now();
    };
    const ctx = new WriteContext(engine, principal);
    try {
      withoutQuads(engine.store, hidden, () => journal.replay(ctx));
    } catch (e) {
      if (isEngineTrap(e)) {
        release();
        throw this.survive(e, engine.ox, 'input');
      }
      this.undo(ctx);
      release();
      throw e;
    }
    const entry = ctx.changes.entry();
    const registry = ctx.registryChanges();
    return {
      logRecords: entry ? logRecords(entry).map(storedRecord) : [],
      graphRecords: registry,
      committed: () => {
        this.host?.forward(entry, registry);
        ctx.commitRegistry();
        if (entry?.owners) engine.owners.apply(entry.owners);
        if (entry) logged(engine, entry);
        release();
        if (engine.ox !== this.broken) this.compactIfDue(engine);
      },
      failed: () => {
        this.undo(ctx);
        release();
      },
    };
  }

  // ---- triples embedded in documents (docs/decisions/0032-embedded-triples.md) ------------

  /**
   * A document write's effect on the triples its documents embed, worked out inside the
   * write's transaction (the write queue holds every other change back): the log records to
   * add in that transaction, and what to apply once it has committed. Undefined when no
   * document of the write embeds a triple, before or after it (nothing loaded for that);
   * `'load-first'` when some does and the engine is not loaded: the caller gives up its
   * transaction, awaits {@link ready} and runs the write again.
   */
  documentsChanging(changes: readonly DocumentChange[]): EmbeddedWrite | 'load-first' | undefined {
    // A database opened without an engine (some tests) indexes no triple at all.
    if (!this.oxigraph) return undefined;
    const changed = triplesChanged(changes);
    if (!changed) return undefined;
    // Inside the write queue: no graph-store write is half-way, so a loaded engine is a readable one.
    const loading = this.loading;
    const engine = this.loadedEngine;
    if (!loading || !engine) return 'load-first';
    let effect: ReturnType<typeof embeddedEffect>;
    try {
      effect = embeddedEffect(engine, engine.owners, changed);
    } catch (e) {
      throw this.survive(e, engine.ox, 'engine');
    }
    const readers = changed.readers.length > 0 ? { readers: changed.readers } : {};
    if (effect.owners.hi.length === 0 && !readers.readers) return undefined;
    const entry: LogEntry = { cleared: [], removed: effect.removed, added: effect.added === '' ? [] : [{ text: effect.added }], owners: effect.owners, ...readers };
    return {
      records: logRecords(entry).map(storedRecord),
      committed: () => {
        // Reloaded since (a trap): the new load read this change from IndexedDB.
        if (this.loading !== loading) return;
        try {
          replayEntry(engine.ox, engine.store, entry, engine.owners, engine.readers);
        } catch (e) {
          console.error('[tabula] applying a document write to the triple store failed; it is reloaded from IndexedDB', e);
          if (isEngineTrap(e)) this.discard(engine.ox);
          else this.forgetEngine();
          return;
        }
        if (entry.readers) this.readersChanged++;
        this.host?.forward(entry, []);
        logged(engine, entry);
        this.lastWrite = performance.now();
        this.compactIfDue(engine);
      },
    };
  }

  /**
   * How many quads the store holds (every graph, embedded triples included) and how many
   * characters of N-Quads its snapshot and log take in storage; loads the store.
   */
  async size(): Promise<{ quads: number; storedChars: number }> {
    const engine = await this.readable();
    return { quads: engine.store.size, storedChars: engine.snapshotChars + engine.logChars };
  }

  // ---- graph store (/v1/graphs) --------------------------------------------------------

  /** Graph IRIs the user may read, as clients wrote them, plus the default graph (while it has triples) and the catalogue. */
  async listGraphs(principal: Principal, journal?: TripleJournal): Promise<string[]> {
    return this.readingIn(journal, principal, 'engine', (access) => graphOperations.listGraphs(access));
  }

  /** The triples of a graph (`DEFAULT_GRAPH_IRI` for the default graph); undefined when missing or unreadable. */
  async graphTriples(iri: string, principal: Principal, journal?: TripleJournal): Promise<Oxigraph.Quad[] | undefined> {
    const key = keyOfClientIri(checkGraphIri(iri));
    return this.readingIn(journal, principal, 'engine', (access) => graphOperations.graphQuads(access, key));
  }

  /** Whether a graph exists for this user (HEAD). */
  async hasGraph(iri: string, principal: Principal, journal?: TripleJournal): Promise<boolean> {
    const key = keyOfClientIri(checkGraphIri(iri));
    return this.readingIn(journal, principal, 'engine', (access) => graphOperations.graphVisible(access, key));
  }

  /** PUT ?graph / ?default: replaces the graph's triples; an empty payload deletes it. */
  replaceGraph(iri: string, payload: RdfPayload, options: GraphWriteOptions): Promise<GraphWriteOutcome> {
    const key = keyOfClientIri(checkGraphIri(iri));
    const work = (ctx: WriteContext) => ({ created: graphOperations.replaceGraph(ctx, key, payload) });
    return this.write(options.principal, options.permissions, 'input', work, options.deadline, false, options.journal, payload.text.length);
  }

  /** POST ?graph / ?default: adds the payload's triples to the graph (created when missing). */
  mergeGraph(iri: string, payload: RdfPayload, options: GraphWriteOptions): Promise<GraphWriteOutcome> {
    const key = keyOfClientIri(checkGraphIri(iri));
    const work = (ctx: WriteContext) => ({ created: graphOperations.mergeGraph(ctx, key, payload) });
    return this.write(options.principal, options.permissions, 'input', work, options.deadline, false, options.journal, payload.text.length);
  }

  /**
   * PUT / POST without graph or default: a quad payload (N-Quads, TriG) naming its own
   * graphs; triples outside any graph go to the default graph. `replace` empties each
   * graph the payload names first. Returns the graphs created.
   */
  writeQuads(payload: RdfPayload, mode: 'replace' | 'merge', options: GraphWriteOptions): Promise<{ created: string[] }> {
    const work = (ctx: WriteContext) => ({ created: graphOperations.writeQuads(ctx, payload, mode) });
    return this.write(options.principal, options.permissions, 'input', work, options.deadline, false, options.journal, payload.text.length);
  }

  /** DELETE ?graph / ?default. False when the graph does not exist for this user (404). */
  deleteGraph(iri: string, principal: Principal, deadline?: Deadline, journal?: TripleJournal): Promise<boolean> {
    const key = keyOfClientIri(checkGraphIri(iri));
    return this.write(principal, undefined, 'engine', (ctx) => graphOperations.deleteGraph(ctx, key), deadline, false, journal);
  }

  /** DELETE without parameters: every graph the user can see. */
  deleteAll(principal: Principal, deadline?: Deadline, journal?: TripleJournal): Promise<void> {
    return this.write(principal, undefined, 'engine', (ctx) => graphOperations.deleteAll(ctx), deadline, false, journal);
  }

  /** A graph's permissions; undefined when missing or unreadable. */
  async graphPermissions(iri: string, principal: Principal, journal?: TripleJournal): Promise<Permission[] | undefined> {
    const key = keyOfClientIri(checkGraphIri(iri));
    if (journal) return this.replaying(journal, principal, 'engine', false, (access) => graphOperations.graphPermissions(access, key));
    return this.reading('engine', (engine) => graphOperations.graphPermissions(new GraphAccess(engine, principal), key));
  }

  /** PUT (`replace`, defaults kept) or POST (`merge`) of a graph's permissions; a missing graph is created empty. */
  setGraphPermissions(iri: string, permissions: readonly Permission[], mode: 'replace' | 'merge', principal: Principal, journal?: TripleJournal): Promise<GraphWriteOutcome> {
    const key = keyOfClientIri(checkGraphIri(iri));
    return this.write(principal, undefined, 'engine', (ctx) => ({ created: graphOperations.setGraphPermissions(ctx, key, permissions, mode) }), undefined, false, journal);
  }

  /** DELETE of permissions: back to the defaults. False when the graph does not exist for this user. */
  resetGraphPermissions(iri: string, principal: Principal, journal?: TripleJournal): Promise<boolean> {
    const key = keyOfClientIri(checkGraphIri(iri));
    return this.write(principal, undefined, 'engine', (ctx) => graphOperations.resetGraphPermissions(ctx, key), undefined, false, journal);
  }

  // ---- things ------------------------------------------------------------------

  /** Subject nodes (IRIs and blank nodes) of the readable graphs, at most `limit`. */
  async subjects(principal: Principal, limit = things.THINGS_LIMIT, journal?: TripleJournal): Promise<Array<Oxigraph.NamedNode | Oxigraph.BlankNode>> {
    return this.readingIn(journal, principal, 'engine', (access) => things.subjects(access, limit));
  }

  /** The triples of the given nodes (client IRIs), each once; empty when none has any. */
  async describe(iris: readonly string[], principal: Principal, limit = things.THINGS_LIMIT, journal?: TripleJournal): Promise<Oxigraph.Quad[]> {
    return this.readingIn(journal, principal, 'input', (access) => things.describe(access, iris, limit));
  }

  /**
   * Checks IRIs that request parameters carry (`[parameter, value]` pairs) with the
   * engine's own IRI parser: the first the engine could not use is 400 REST-INVALIDPARAM
   * naming its parameter. No pairs, no engine load.
   */
  async checkClientIris(pairs: ReadonlyArray<readonly [string, string]>): Promise<void> {
    if (pairs.length === 0) return;
    await this.withModule('input', (ox) => {
      for (const [param, value] of pairs) checkClientIri(ox, value, param);
    });
  }

  /**
   * Runs `use` with the initialised Oxigraph module (serialisers need its Store for some
   * syntaxes; multipart payloads are parsed part by part), under the same watch for traps
   * as every other engine call: `blame` says whether a trap is the input's fault (400).
   */
  async withModule<T>(blame: Blame, use: (ox: OxigraphModule) => T): Promise<T> {
    // With an engine host, queries no longer need this worker's store: only its module.
    if (!this.usableHost()) return this.reading(blame, (engine) => use(engine.ox));
    const ox = await this.module();
    try {
      return use(ox);
    } catch (e) {
      throw this.survive(e, ox, blame);
    }
  }

  // ---- the engine host ------------------------------------------------------------

  /**
   * Hands SPARQL queries to an engine host's read replica from now on (replacing any
   * earlier host): it is told to load the store, and every committed write is forwarded
   * to it (docs/decisions/0028-engine-host.md).
   */
  attachHost(port: Port<FromHost, ToHost>, control: HostControl): void {
    this.host?.close();
    // A restarted host comes back as a new link: until then, queries wait for it.
    const restart = () => {
      this.expectHost(this.hostReturnMs);
      control.restart();
    };
    const link = new ReplicaLink(port, { gone: control.gone, restart });
    this.host = link;
    this.hostsAttached++;
    link.load();
    const forget = () => {
      if (this.host !== link) return;
      this.host = undefined;
      // Its page closed: another page may run the next host once asked.
      this.hostAsked = false;
    };
    control.gone.then(forget, forget);
    for (const arrived of this.hostWaiters.splice(0)) arrived();
  }

  /** Ends the query the client named `requestId` (XDMP-CANCELED for it); false when no such query is running on a host. */
  cancel(requestId: string, by: Principal): boolean {
    return this.host?.cancel(requestId, by) ?? false;
  }

  /**
   * How the database asks the open pages for a host: resolves true when some page was asked.
   * Asked on the first query that finds none, and again after a host went away, so a page
   * starts its host only once SPARQL is used (decision 0028).
   */
  setHostRequester(ask: () => Promise<boolean>): void {
    this.requestHost = ask;
  }

  private async askForHost(retries = HOST_ASK_RETRIES): Promise<void> {
    if (!this.requestHost || this.hostAsked || performance.now() < this.askAgainAt) return;
    this.hostAsked = true;
    if (await this.requestHost().catch(() => false)) {
      this.expectHost(this.hostReturnMs);
      // A page asked before it listens (the console registers its listener once it has
      // started) loses the ask: no host comes, and none would be asked for again. Asked once
      // more while no host has attached at all — a page already running one only offers it again.
      if (retries > 0) {
        setTimeout(() => {
          if (this.host || this.closed || !this.hostAsked) return;
          this.hostAsked = false;
          void this.askForHost(retries - 1);
        }, this.hostReturnMs);
      }
    } else {
      // No page could run one: a console opened later must still be asked.
      this.hostAsked = false;
      this.askAgainAt = performance.now() + this.hostAskAgainMs;
    }
  }

  /** Whether an engine host is attached and usable. */
  hasHost(): boolean {
    return this.usableHost() !== undefined;
  }

  /** How many engine hosts were attached since this instance was made (`GET /tabula/v1/status`). */
  hostCount(): number {
    return this.hostsAttached;
  }

  /** A host is on its way (a page runs one, and was asked for it): for `withinMs`, queries wait for it. */
  expectHost(withinMs: number): void {
    this.hostExpectedUntil = performance.now() + withinMs;
  }

  private usableHost(): ReplicaLink | undefined {
    return this.host?.usable ? this.host : undefined;
  }

  /** The host that replaced one that went away, if it arrives within `withinMs`. */
  private async returningHost(withinMs = this.hostReturnMs): Promise<ReplicaLink | undefined> {
    if (this.usableHost() || this.closed || withinMs <= 0) return this.usableHost();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, withinMs);
      this.hostWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    return this.usableHost();
  }

  /** The engine module in use, without loading the store. */
  private async module(): Promise<OxigraphModule> {
    if (this.current) return this.current;
    if (!this.oxigraph) throw new DbError('RESTAPI-INTERNALERROR', 'this host started the database without an RDF engine (Database.open needs oxigraph)');
    return this.oxigraph(this.broken);
  }

  // ---- durability ----------------------------------------------------------------

  /**
   * The stored triples as N-Quads pieces cut at line ends (text, or UTF-8 bytes), for a scene export; the caller
   * holds the write queue. Changes still in the log are folded into a snapshot first
   * (loading the engine only then), so what is read is the snapshot alone, a few pieces at
   * a time (the next read while the caller encodes this one) — never the whole store as one
   * string.
   */
  async *storedNQuads(): AsyncGenerator<string | Uint8Array> {
    await this.foldLog();
    const tx = watched(this.idb.transaction('config', 'readonly'));
    const [owners] = await Promise.all([tx.store.get(OWNERS_KEY), tx.done]);
    if (owners !== undefined) {
      // Documents hold some quads: those are the documents' (the import indexes them again), not the graph store's.
      yield* this.managedNQuads();
      return;
    }
    const snapshot = watched(this.idb.transaction('triples-snapshot', 'readonly'));
    const [keys] = await Promise.all([snapshot.store.getAllKeys(), snapshot.done]);
    const read = (key: number) => async () => {
      const tx = watched(this.idb.transaction('triples-snapshot', 'readonly'));
      const [piece] = await Promise.all([tx.store.get(key), tx.done]);
      return piece === undefined ? undefined : pieceNQuads(piece);
    };
    for await (const text of readAhead(keys.map(read), PIECES_AHEAD)) if (text !== undefined) yield text;
  }

  /**
   * The engine's quads but those only documents hold, as N-Quads pieces: the documents' quads
   * are out of the store for the time of the (synchronous) dump (./embedded/hidden.ts).
   */
  private async *managedNQuads(): AsyncGenerator<string> {
    const engine = await this.readable();
    const docs = this.documentSource ? await this.documentSource.readStored([...engine.readers.uris()]) : [];
    const dump = await this.reading('engine', (now) => {
      if (now !== engine) throw new DbError('RESTAPI-INTERNALERROR', 'the triple store was reloaded during an export');
      return withoutQuads(now.store, quadsOnlyIn(now, docs), () => now.store.dump({ format: 'application/n-quads' }));
    });
    for (const piece of splitAtLineEnds(dump, this.chunkChars)) yield piece;
  }

  /** After a scene import: indexes the triples of the documents it wrote, when some may hold any (see {@link rebuildEmbedded}). */
  async indexImportedDocuments(): Promise<void> {
    const tx = watched(this.idb.transaction('config', 'readonly'));
    const [stale] = await Promise.all([tx.store.get(EMBEDDED_STALE_KEY), tx.done]);
    if (stale !== undefined && this.oxigraph) await this.ready();
  }

  /**
   * Folds changes still in the log into the snapshot (loading the engine only then), so
   * the snapshot alone holds every triple; the caller holds the write queue.
   */
  async foldLog(): Promise<void> {
    const tx = watched(this.idb.transaction('triples-log', 'readonly'));
    const [logged] = await Promise.all([tx.store.count(), tx.done]);
    if (logged > 0) await this.compactNow(await this.engine());
  }

  /**
   * A checker of N-Quads pieces (a scene's triples, read before an import commits): each
   * piece is loaded into a scratch store of the engine, synchronously — the import checks a
   * piece and writes it in the same turn of its IndexedDB transaction (docs/scenes.md,
   * Import). A syntax error is the scene's (TABULA-BADSCENE, with the engine's words); a trap
   * replaces the engine. With `relabel` (a merge into stored triples), a piece comes back with
   * every blank node label prefixed by it: a scene's `_:b1` is not the store's `_:b1`. The
   * caller frees the checker.
   */
  async nquadsChecker(what: string, relabel?: string): Promise<NQuadsChecker> {
    if (!this.oxigraph) throw new DbError('RESTAPI-INTERNALERROR', 'this host started the database without an RDF engine (Database.open needs oxigraph)');
    const ox = await this.oxigraph(this.broken);
    const scratch = new ox.Store();
    const fresh = (term: Oxigraph.Term) => (term.termType === 'BlankNode' ? ox.blankNode(`${relabel}${term.value}`) : term);
    return {
      check: (piece) => {
        try {
          scratch.load(piece, { format: 'application/n-quads' });
          if (relabel === undefined || !piece.includes('_:')) return piece;
          const quads = ox.parse(piece, { format: 'application/n-quads' }) as Oxigraph.Quad[];
          return toNQuads(quads.map((q) => ox.quad(fresh(q.subject) as Oxigraph.Quad_Subject, q.predicate, fresh(q.object) as Oxigraph.Quad_Object, q.graph)));
        } catch (e) {
          if (isEngineTrap(e)) {
            this.discard(ox);
            throw new DbError('TABULA-ENGINETRAP', `${(e as Error).message} while reading ${what}; the engine was restarted and nothing changed`);
          }
          throw new DbError('TABULA-BADSCENE', `${what}: ${e instanceof Error ? e.message : String(e)}`);
        }
      },
      count: () => scratch.size,
      free: () => (scratch as { free?: () => void }).free?.(),
    };
  }

  /** Writes a snapshot and empties the log now (normally automatic, after writes). */
  compact(): Promise<void> {
    return this.queue.run(async () => this.compactNow(await this.engine()));
  }

  /**
   * The one place engine calls run for reads: a trap drops the broken engine (the next
   * request loads a fresh one from IndexedDB) and answers this request with an error.
   */
  private async reading<T>(blame: Blame, run: (engine: LoadedEngine) => T): Promise<T> {
    const engine = await this.readable();
    try {
      return run(engine);
    } catch (e) {
      throw this.survive(e, engine.ox, blame);
    }
  }

  /**
   * `e`, or — when it is a trap — the error that reports it, once the broken engine is
   * dropped: its module instance is handed back to the factory for a fresh one, and the
   * next request reloads the store from IndexedDB (which holds every committed write).
   */
  private survive(e: unknown, ox: OxigraphModule, blame: Blame): unknown {
    if (!isEngineTrap(e)) return e;
    this.discard(ox);
    const message = (e as Error).message;
    console.warn(`[tabula] the RDF engine trapped (${message}); it is replaced and reloaded from IndexedDB`);
    return blame === 'input'
      ? new DbError('TABULA-ENGINETRAP', `${message}; the engine was restarted and nothing changed`)
      : new DbError('RESTAPI-INTERNALERROR', `the RDF engine failed (${message}); it was restarted`);
  }

  /** Forgets the engine built on `ox` (a trapped module instance), so the next use loads a fresh one. */
  private discard(ox: OxigraphModule): void {
    this.broken = ox;
    // Views live in the same module instance: none of them can be trusted now.
    this.views.clear();
    // A newer engine (another request saw the trap first) is kept.
    if (this.current !== ox) return;
    this.current = undefined;
    this.forgetEngine();
  }

  /** Resolves when no compaction is pending (tests, orderly shutdown, `Database.idle`). */
  async settled(): Promise<void> {
    while (this.compacting) await this.compacting;
  }

  /** A compaction is pending (waiting for a quiet spell or running). */
  busy(): boolean {
    return this.compacting !== undefined;
  }

  /** How many times the store has been loaded into an engine since this instance was made. */
  loadCount(): number {
    return this.loads;
  }

  /** The database is closing: a compaction still waiting for a quiet spell is dropped (the log keeps everything). */
  close(): void {
    this.closed = true;
    this.wake?.();
    this.host?.close();
    this.host = undefined;
  }

  /**
   * The database was reset (snapshot, log and graph registry emptied in the reset's
   * transaction, inside the write queue, so no write is half-way): the engine is dropped
   * and the next use builds a fresh store from the empty storage, as in a database just
   * opened. The old store is not freed here: a read that already holds it may still be
   * about to run on it; it is collected once nothing does.
   */
  storageCleared(): void {
    this.forgetEngine();
    this.current = undefined;
    this.host?.load();
  }

  /** The module of the engine in use (set when a load completes). */
  private current: OxigraphModule | undefined;
  /** The engine in use, once loaded (the value {@link loading} resolved to). */
  private loadedEngine: LoadedEngine | undefined;

  /** Drops the engine in use: the next use loads one from IndexedDB. */
  private forgetEngine(): void {
    this.loading = undefined;
    this.loadedEngine = undefined;
  }

  private engine(): Promise<LoadedEngine> {
    this.loading ??= this.load().catch((e: unknown) => {
      this.forgetEngine();
      throw e;
    });
    return this.loading;
  }

  /**
   * The engine once loaded and no write is half-way. Asked again after the gate opens:
   * the write may have dropped the engine (an undo that failed, a trap).
   */
  private async readable(): Promise<LoadedEngine> {
    for (;;) {
      while (this.gate) await this.gate;
      const engine = await this.engine();
      if (!this.gate) return engine;
    }
  }

  private async load(): Promise<LoadedEngine> {
    if (!this.oxigraph) throw new DbError('RESTAPI-INTERNALERROR', 'this host started the database without an RDF engine (Database.open needs oxigraph)');
    const broken = this.broken;
    let ox: OxigraphModule | undefined;
    // Handed over still starting: the stored triples are read while the engine instantiates.
    const starting = Promise.resolve(this.oxigraph(broken)).then((instance) => {
      if (instance === broken) throw new DbError('RESTAPI-INTERNALERROR', 'the RDF engine trapped and its host gave no fresh instance to replace it');
      return (ox = instance);
    });
    try {
      const engine = await loadStoredTriples(this.idb, starting);
      if (engine.stale) await this.rebuildEmbedded(engine);
      this.broken = undefined;
      this.current = engine.ox;
      this.loadedEngine = engine;
      this.loads++;
      return engine;
    } catch (e) {
      if (!ox || !isEngineTrap(e)) throw e;
      // Stored data the engine cannot take is no request's fault.
      this.broken = ox;
      throw new DbError('RESTAPI-INTERNALERROR', `the RDF engine failed loading the stored triples (${(e as Error).message})`);
    }
  }

  /**
   * Indexes the triples of documents written without it (a scene import: EMBEDDED_STALE_KEY in
   * load.ts), on an engine still being loaded: the documents' quads the engine holds are taken
   * out (a merge may have replaced their documents), then every document that holds triples —
   * those the reader table names and those the import wrote — is indexed as a new write would
   * be, and a compaction stores the result, deleting the mark in the same transaction. A worker
   * stopped before that finds the mark again at its next load.
   */
  private async rebuildEmbedded(engine: LoadedEngine): Promise<void> {
    const source = this.documentSource;
    if (!source || !engine.stale) return;
    const { ox, store, owners } = engine;
    for (const graph of [...owners.graphs()]) {
      const ours: Oxigraph.Quad[] = [];
      for (const q of store.match(null, null, null, termOfKey(ox, graph))) if (owners.documentsOnly(engineQuadId(q))) ours.push(q);
      for (const q of ours) store.delete(q);
    }
    const uris = [...new Set([...engine.readers.uris(), ...engine.stale.uris])];
    engine.owners = new QuadOwners();
    engine.readers = new EmbeddedReaders();
    for (let first = 0; first < uris.length; first += REBUILD_BATCH) {
      const docs = await source.readStored(uris.slice(first, first + REBUILD_BATCH));
      const changed = triplesChanged(docs.map((after) => ({ after })));
      if (!changed) continue;
      const effect = embeddedEffect(engine, engine.owners, changed);
      const entry: LogEntry = { cleared: [], removed: effect.removed, added: effect.added === '' ? [] : [{ text: effect.added }], owners: effect.owners, readers: changed.readers };
      replayEntry(ox, store, entry, engine.owners, engine.readers);
      await yieldToEventLoop();
    }
    await this.compactNow(engine, true);
    // The engine host's replica loaded what was stored before.
    this.host?.load();
  }

  /**
   * The write path: queued, applied in memory behind the gate, committed in one
   * transaction, undone on any failure.
   */
  private write<T>(
    principal: Principal,
    permissions: readonly Permission[] | undefined,
    blame: Blame,
    work: (ctx: WriteContext) => T,
    deadline = Deadline.none,
    reads = false,
    journal?: TripleJournal,
    /** What the write costs a transaction's size limit (its payload's characters). */
    size = 0,
  ): Promise<T> {
    if (journal) return this.stage(journal, { principal, permissions, work, reads }, blame, deadline, size) as Promise<T>;
    return this.queue.run(async () => {
      const engine = await this.engine();
      // Found before the gate closes (it reads documents); in the write queue, nothing changes meanwhile.
      const hidden = reads ? await this.hiddenQuads(engine, principal) : [];
      let open!: () => void;
      this.gate = new Promise<void>((resolve) => (open = resolve));
      const ctx = new WriteContext(engine, principal, permissions);
      try {
        // Put back before the change set is logged: a graph it dumps holds them.
        const value = withoutQuads(engine.store, hidden, () => work(ctx));
        // The engine's work cannot be interrupted; a write that ends past the deadline is undone below.
        deadline.check('the triple write');
        const entry = ctx.changes.entry();
        const registry = ctx.registryChanges();
        if (entry || registry.length > 0) {
          await this.commit(entry, registry);
          // Before the answer: a query the client sends next finds the replica up to date.
          this.host?.forward(entry, registry);
        }
        ctx.commitRegistry();
        // Marks on documents' quads the write set or cleared (docs/decisions/0032-embedded-triples.md).
        if (entry?.owners) engine.owners.apply(entry.owners);
        if (entry) logged(engine, entry);
        return value;
      } catch (e) {
        // After a trap the engine is dropped whole: undoing would call into the broken instance.
        if (isEngineTrap(e)) throw this.survive(e, engine.ox, blame);
        this.undo(ctx);
        throw e;
      } finally {
        this.gate = undefined;
        open();
        this.lastWrite = performance.now();
        if (engine.ox !== this.broken) this.compactIfDue(engine);
      }
    }, deadline);
  }

  private async commit(entry: LogEntry | undefined, registry: ReturnType<WriteContext['registryChanges']>): Promise<void> {
    const tx = watched(this.idb.transaction(['triples-log', 'graphs'], 'readwrite', { durability: DURABILITY }));
    try {
      const graphs = tx.objectStore('graphs');
      const log = tx.objectStore('triples-log');
      await issueAll<(() => Promise<unknown>) | undefined, unknown>(
        [...(entry ? logRecords(entry).map((record) => () => log.add(storedRecord(record))) : []), ...registry.map(({ iri, record }) => () => (record ? graphs.put(record) : graphs.delete(iri)))],
        (issue) => (issue ? issue() : Promise.resolve()),
      );
      await tx.done;
    } catch (e) {
      abortQuietly(tx);
      throw e;
    }
  }

  private undo(ctx: WriteContext): void {
    let undone = false;
    try {
      undone = ctx.rollback();
    } catch (e) {
      console.error('[tabula] undoing a failed triple write failed; reloading the store', e);
    }
    // The store no longer matches what is committed: rebuild it from IndexedDB on next
    // use. The gate is still closed, so no read sees the abandoned state meanwhile.
    if (!undone) this.forgetEngine();
  }

  private compactIfDue(engine: LoadedEngine): void {
    // A fixed size threshold would rewrite the whole snapshot after nearly every large
    // write (a 100k-triple POST is ~22 M characters): wait until the log is as large as
    // the snapshot, so the cost of compacting stays proportional to what was written.
    const charLimit = Math.max(this.compactAfterChars, engine.snapshotChars);
    const entriesOver = engine.logEntries / this.compactAfterEntries;
    const charsOver = engine.logChars / charLimit;
    if (Math.max(entriesOver, charsOver) <= 1) return;
    // A dump blocks the worker for seconds at a million triples, and in a burst of writes
    // (a bulk load sent in pieces) it is stale by the next piece: wait until writes pause,
    // unless they never do and the log has grown far past its limit — by entries, or by
    // characters once the log is large in itself: a bulk load into a small store passes four
    // times its limit after three 22 MB pieces, and its log (payloads as sent, replayed as
    // fast as a snapshot loads) is no reason to stop the load for a dump.
    if (entriesOver > 4 || (charsOver > 4 && engine.logChars > this.urgentAfterChars)) {
      this.urgent = true;
      this.wake?.();
    }
    if (this.compacting) return;
    // Queued behind the write that triggered it, so that write is acknowledged first; it
    // runs on the engine in use then (a failed write may have had the store rebuilt since).
    this.compacting = this.compactWhenQuiet()
      .catch((e: unknown) => console.error('[tabula] triple store compaction failed; the log is kept', e))
      .finally(() => {
        this.compacting = undefined;
        this.urgent = false;
      });
  }

  /**
   * Waits for a quiet spell, then compacts in the write queue — unless a write ran in the
   * meantime (one in progress when the spell seemed over is queued ahead): then it waits
   * again, so a steady stream of writes is never interrupted by a dump.
   */
  private async compactWhenQuiet(): Promise<void> {
    for (;;) {
      await this.quietSpell();
      if (this.closed) return;
      const done = await this.queue.run(async () => {
        if (!this.urgent && performance.now() - this.lastWrite < this.idleMs) return false;
        await this.compactNow(await this.engine());
        return true;
      });
      if (done) return;
    }
  }

  /** Resolves once `idleMs` have passed since the last write (at once when urgent or closed). */
  private async quietSpell(): Promise<void> {
    for (;;) {
      const wait = this.lastWrite + this.idleMs - performance.now();
      if (wait <= 0 || this.urgent || this.closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /**
   * Snapshot + empty log in ONE transaction: a stop half-way leaves the previous pair
   * intact. The pieces are made into Blobs before it opens (a transaction left idle
   * between requests commits), yielding between pieces so requests are answered meanwhile.
   */
  private async compactNow(engine: LoadedEngine, rebuilt = false): Promise<void> {
    let dump: string;
    try {
      dump = engine.store.dump({ format: 'application/n-quads' });
    } catch (e) {
      throw this.survive(e, engine.ox, 'engine');
    }
    const pieces = [];
    for (const text of splitAtLineEnds(dump, this.chunkChars)) {
      pieces.push(await snapshotPiece(text));
      await yieldToEventLoop();
    }
    // The owner table as it is now, beside the dump (taken in the same turn: nothing changes either in between).
    const owners = engine.owners.size > 0 ? engine.owners.snapshot() : undefined;
    const readers = engine.readers.size > 0 ? engine.readers.snapshot() : undefined;
    const tx = watched(this.idb.transaction(['triples-snapshot', 'triples-log', 'config'], 'readwrite', { durability: DURABILITY }));
    try {
      const snapshot = tx.objectStore('triples-snapshot');
      const config = tx.objectStore('config');
      await snapshot.clear();
      await issueAll<() => Promise<unknown>, unknown>(
        [
          ...pieces.map((piece, i) => () => snapshot.put(piece, i)),
          () => tx.objectStore('triples-log').clear(),
          () => (owners ? config.put(owners, OWNERS_KEY) : config.delete(OWNERS_KEY)),
          () => (readers ? config.put(readers, READERS_KEY) : config.delete(READERS_KEY)),
          ...(rebuilt ? [() => config.delete(EMBEDDED_STALE_KEY)] : []),
        ],
        (issue) => issue(),
      );
      await tx.done;
    } catch (e) {
      abortQuietly(tx);
      throw e;
    }
    engine.logEntries = 0;
    engine.logChars = 0;
    engine.snapshotChars = dump.length;
  }
}

/** Counts a committed entry into the log's size, which decides when to compact. */
function logged(engine: LoadedEngine, entry: LogEntry): void {
  engine.logEntries++;
  engine.logChars += entrySize(entry);
}

/**
 * The triples a transaction's documents embed, put into the store for the time of one of its
 * reads: the quads they add that are not there, and the quads they take away that nothing
 * else holds; returns what puts the store back.
 */
function applyDocumentTriples(engine: LoadedEngine, documents: readonly DocumentChange[]): () => void {
  const changed = documents.length > 0 ? triplesChanged(documents) : undefined;
  if (!changed) return () => undefined;
  const effect = embeddedEffect(engine, engine.owners, changed);
  const { ox, store } = engine;
  const removed = effect.removed === '' ? [] : (ox.parse(effect.removed, { format: 'application/n-quads' }) as Oxigraph.Quad[]).filter((q) => store.has(q));
  const added = effect.added === '' ? [] : (ox.parse(effect.added, { format: 'application/n-quads' }) as Oxigraph.Quad[]).filter((q) => !store.has(q));
  for (const q of removed) store.delete(q);
  for (const q of added) store.add(q);
  return () => {
    for (const q of added) store.delete(q);
    for (const q of removed) store.add(q);
  };
}

/** A transaction's graph writes as its commit stores them ({@link TripleStore.commitJournal}). */
export interface JournalCommit {
  /** `triples-log` records to add in the commit's IndexedDB transaction. */
  logRecords: StoredLogEntry[];
  /** Graph registry records to put (or, null, to delete) in it. */
  graphRecords: Array<{ iri: string; record: unknown }>;
  committed(): void;
  failed(): void;
}

/** A document write's part in the triple store ({@link TripleStore.documentsChanging}). */
export interface EmbeddedWrite {
  /** `triples-log` records to add in the write's transaction. */
  records: StoredLogEntry[];
  /** Once the transaction has committed: applies the change to the engine in use. */
  committed(): void;
}

/** Checks a scene's N-Quads a piece at a time (TripleStore.nquadsChecker). */
export interface NQuadsChecker {
  /** The piece as it is to be stored (relabelled, for a merge); throws TABULA-BADSCENE or TABULA-ENGINETRAP. */
  check(piece: string): string;
  /** Distinct quads checked so far. */
  count(): number;
  free(): void;
}
