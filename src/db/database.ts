/**
 * A Tabula database: the engine behind the REST API, with no HTTP in it.
 * Both hosts (service worker, Node) open one with their IndexedDB factory and hand
 * it to `createApi`.
 *
 * @example
 * const db = await Database.open({ indexedDB, name: 'tabula', oxigraph });
 * await db.documents.read('/a.json', principal);
 */
import { openStorage, type TabulaIdb } from './storage/schema';
import { Clock, WriteQueue } from './storage/write-queue';
import { DocumentStore } from './documents/store';
import { DocumentLocks } from './documents/locks';
import { seededUsers, UserStore } from './security/users';
import type { Principal } from './security/types';
import { RoleStore } from './security/roles';
import { PropertiesStore } from './config/properties';
import { DEFAULT_MAX_PAYLOAD_BYTES, SettingsStore } from './config/settings';
import { QueryOptionsStore } from './options/store';
import { IndexConfigStore } from './indexes/config';
import { TripleStore, type OxigraphFactory, type TripleStoreOptions } from './triples/triple-store';
import { TripleReplica } from './triples/replica';
import type { HostControl } from './triples/replica-link';
import { asPort, type FromHost, type Port, type ToHost } from './triples/replica-protocol';
import { SearchService, type SearchServiceOptions } from './search/search-service';
import { beforeDeadline, cancelledError, Deadline, realTiming, type RequestTiming } from './deadline';
import { clearStorage, requireAdmin } from './reset';
import { checkSnapshotName, SnapshotStore, type SnapshotInfo } from './snapshots/store';
import { DbError } from './errors';
import { utf8Length } from './util/bytes';
import { Transactions, type TransactionsOptions } from './transactions/registry';
import { commitScene, exportScene, mapSource, readScene, SCENE_QUADS, zipSource, type ImportMode, type SceneProgress, type SceneSource } from './scene';

export interface DatabaseOptions {
  /** The IndexedDB factory: `self.indexedDB` in a browser, fake-indexeddb in Node. */
  indexedDB: IDBFactory;
  /** The database's name (`Documents` when absent); its IndexedDB database is `tabula:` and its storage name. */
  name?: string;
  /**
   * What names its IndexedDB databases (`tabula:…`, `tabula-snapshots:…`) when it is not
   * `name`: a server's other databases are stored under their home database's name
   * (src/db/catalog), so two servers in one origin or process never share storage.
   */
  storageName?: string;
  /**
   * The server's users and roles, shared by every database of a server as MarkLogic's
   * Security database is (src/db/catalog). Absent, the database keeps its own: it is the
   * server's home database, and the users and roles live in its IndexedDB.
   */
  security?: Security;
  /**
   * The default of the largest request payload accepted, in bytes (413 beyond it); the
   * `max-payload-bytes` setting (`PUT /tabula/v1/settings`) overrides it. 256 MiB when absent.
   */
  maxPayloadBytes?: number;
  /**
   * The RDF engine, as a factory the host provides: in Node a (fresh, after a trap) load
   * of the `oxigraph` package, in the service worker an instance of the web build (the
   * first triples request awaits its wasm). The db layer never imports it at runtime.
   */
  oxigraph?: OxigraphFactory;
  /** Compaction thresholds and snapshot piece size of the triple store (tests). */
  triples?: TripleStoreOptions;
  /** Snapshot thresholds of the search index (tests). */
  search?: SearchServiceOptions;
  /** How request deadlines read time and how long a second of the time limit lasts (tests shorten it). */
  timing?: RequestTiming;
  /** The clock multi-statement transactions start and expire by (tests move it by hand). */
  transactions?: TransactionsOptions;
}

/** Users and roles: what authenticates a request and what permissions name, one set per server. */
export interface Security {
  users: UserStore;
  roles: RoleStore;
}

/** What an import wrote. */
export interface SceneImported {
  documents: number;
  triples: number;
  graphs: number;
  queryOptions: number;
}

/** The database reading for itself, whoever may read what it reads (never a request's principal). */
const EVERY_READER: Principal = { name: '(tabula)', roles: new Set(['admin']) };

export class Database {
  readonly name: string;
  readonly documents: DocumentStore;
  readonly users: UserStore;
  /** Built-in and created roles (`/manage/v2/roles`), held in memory once opened. */
  readonly roles: RoleStore;
  readonly properties: PropertiesStore;
  /** Named query option sets (`/v1/config/query`). */
  readonly queryOptions: QueryOptionsStore;
  /** Range index and lexicon settings (`/manage/v2/databases/{name}/properties`). */
  readonly indexes: IndexConfigStore;
  /** Open multi-statement transactions (`/v1/transactions`; docs/decisions/0033-transactions.md), in memory. */
  readonly transactions: Transactions;
  /** Triples, graphs and SPARQL; loaded from IndexedDB on first use. */
  readonly triples: TripleStore;
  /** The search index (kept in step with every document write) and search itself. */
  readonly search: SearchService;
  readonly clock: Clock;
  /** Tabula's own settings (`/tabula/v1/settings`): the payload limit. */
  readonly settings: SettingsStore;
  /** The single-writer queue every write of this database runs through. */
  readonly queue: WriteQueue;
  /** The scene import running now, and where it is. */
  private importing: SceneProgress | undefined;
  /** Named snapshots of this database, in an IndexedDB database of their own (src/db/snapshots). */
  readonly snapshots: SnapshotStore;
  private readonly timing: RequestTiming;
  /** Requests running now that their client named (`Tabula-Request-Id`), by name: what a cancel reaches. */
  private readonly running = new Map<string, Set<{ user: string; deadline: Deadline }>>();

  /** What names its storage: its `storageName`, else its name. */
  get storageKey(): string {
    return storageKey(this.options);
  }

  /** Whether the users and roles live in this database's storage (it is its server's home database). */
  readonly ownsSecurity: boolean;

  private constructor(
    readonly idb: TabulaIdb,
    /** What it was opened with: its siblings are opened with the same (src/db/catalog). */
    readonly options: DatabaseOptions,
  ) {
    this.name = options.name ?? 'Documents';
    this.ownsSecurity = options.security === undefined;
    this.clock = new Clock();
    this.timing = options.timing ?? realTiming;
    const queue = (this.queue = new WriteQueue());
    this.settings = new SettingsStore(idb, queue, { 'max-payload-bytes': options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES });
    this.properties = new PropertiesStore(idb, queue);
    this.queryOptions = new QueryOptionsStore(idb, queue);
    this.indexes = new IndexConfigStore(idb, queue);
    if (options.security) {
      ({ users: this.users, roles: this.roles } = options.security);
    } else {
      this.roles = new RoleStore(idb, queue);
      this.users = new UserStore(idb, queue, this.roles);
      this.roles.onUsersChanged = () => this.users.forget();
    }
    this.search = new SearchService(idb, queue, this.indexes, options.search);
    this.triples = new TripleStore(idb, queue, options.oxigraph, options.triples);
    this.documents = new DocumentStore(idb, queue, this.clock, this.properties, this.search, this.triples, new DocumentLocks(options.transactions?.lockWaitMs));
    this.transactions = new Transactions(
      this.documents,
      this.triples,
      queue,
      this.clock,
      async () => (await this.properties.get())['default-time-limit'],
      this.search,
      options.transactions,
    );
    this.triples.restrictBy({
      matchingUris: (query, principal, deadline, txid) => this.search.matchingUris(query, principal, deadline, txid),
      readDocuments: (uris, principal, deadline, txid) => (txid === undefined ? this.documents : this.transactions.use(txid, principal)).readMany(uris, principal, deadline),
      readStored: (uris) => this.documents.readMany(uris, EVERY_READER),
      generation: () => queue.generation(),
    });
    this.snapshots = new SnapshotStore(options.indexedDB, snapshotStorage(options));
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    const idb = await openStorage(options.indexedDB, mainStorage(options));
    const db = new Database(idb, options);
    if (db.ownsSecurity) await db.roles.load();
    await db.settings.load();
    if (db.ownsSecurity) await db.users.seed();
    return db;
  }

  /**
   * Deletes the storage of a database (closed first by its owner): its IndexedDB database
   * and its snapshots'. Resolves once both are gone; a connection left open elsewhere
   * (another tab's engine host) delays it until that closes.
   */
  static async deleteStorage(options: Pick<DatabaseOptions, 'indexedDB' | 'name' | 'storageName'>): Promise<void> {
    await Promise.all([mainStorage(options), snapshotStorage(options)].map((name) => deleteIdb(options.indexedDB, name)));
  }

  /**
   * Opens another database of this one's server (src/db/catalog): storage of its own, named
   * under this database's, and this database's users and roles. Only a home database
   * (one that keeps the users and roles) has siblings.
   */
  openSibling(name: string): Promise<Database> {
    if (!this.ownsSecurity) throw new Error(`${this.name} is not a home database`);
    return Database.open({ ...this.options, name, storageName: siblingStorage(this.options, name), security: { users: this.users, roles: this.roles } });
  }

  /** Deletes the storage of a sibling (see {@link openSibling}), closed first. */
  deleteSiblingStorage(name: string): Promise<void> {
    return Database.deleteStorage({ indexedDB: this.options.indexedDB, storageName: siblingStorage(this.options, name) });
  }

  /**
   * What the database holds: its documents (and their content's bytes), and the quads of its
   * triple store (every graph, embedded triples included, with the characters their N-Quads
   * take in storage). Reads every document record and loads the triple store: a view asked
   * for, not part of a request's path.
   */
  async counts(): Promise<{ documents: number; documentBytes: number; triples: number; tripleChars: number }> {
    let documents = 0;
    let documentBytes = 0;
    let cursor = await this.idb.transaction('documents').store.openCursor();
    while (cursor) {
      const { content } = cursor.value;
      documents++;
      documentBytes += typeof content === 'string' ? utf8Length(content) : content.byteLength;
      cursor = await cursor.continue();
    }
    const triples = await this.triples.size();
    return { documents, documentBytes, triples: triples.quads, tripleChars: triples.storedChars };
  }

  /**
   * The engine host's side (docs/decisions/0028-engine-host.md): a read replica of the
   * triple store of the database `name` holds in `indexedDB`, which answers a database's
   * SPARQL queries on the port {@link attachEngineHost} is given the other end of.
   */
  static async openTripleReplica(
    options: Pick<DatabaseOptions, 'indexedDB' | 'name'> & { oxigraph: OxigraphFactory; onStale?: () => void },
  ): Promise<TripleReplica> {
    const idb = await openStorage(options.indexedDB, `tabula:${options.name ?? 'Documents'}`);
    // A newer schema waits for every connection to close: the replica's gives way, and its
    // host ends (a new one, started with the new code, takes its place).
    idb.addEventListener('versionchange', () => {
      idb.close();
      options.onStale?.();
    });
    return new TripleReplica(idb, options.oxigraph);
  }

  /** From now on SPARQL queries run on the engine host at the other end of `port` (see {@link openTripleReplica}). */
  attachEngineHost(port: Port<FromHost, ToHost> | MessagePort, control: HostControl): void {
    this.triples.attachHost(asPort(port as MessagePort), control);
  }

  /**
   * How to ask the open pages for an engine host (resolving true when a page was asked): the
   * first SPARQL query that finds none asks, and waits a moment for it (decision 0028).
   */
  askForEngineHostWith(ask: () => Promise<boolean>): void {
    this.triples.setHostRequester(ask);
  }

  /**
   * Names a running request, so {@link cancelRequest} can reach it through its deadline;
   * the returned function forgets it (when its answer is out).
   */
  trackRequest(requestId: string, principal: Principal, deadline: Deadline): () => void {
    const entry = { user: principal.name, deadline };
    const named = this.running.get(requestId) ?? new Set();
    named.add(entry);
    this.running.set(requestId, named);
    return () => {
      named.delete(entry);
      if (named.size === 0 && this.running.get(requestId) === named) this.running.delete(requestId);
    };
  }

  /**
   * Ends a running request the client named `requestId` (its answer is 500 XDMP-CANCELED).
   * A query on an engine host ends at once (docs/decisions/0028-engine-host.md); work that
   * checks its deadline — a search, values, bulk reads and writes — at its next check,
   * committing nothing (docs/decisions/0029-cooperative-search.md). False when no such
   * request of this user (any user's, for an admin) is running.
   */
  cancelRequest(requestId: string, by: Principal): boolean {
    const onHost = this.triples.cancel(requestId, by);
    let found = false;
    for (const r of this.running.get(requestId) ?? []) {
      if (r.user !== by.name && !by.roles.has('admin')) continue;
      r.deadline.cancel(cancelledError(requestId));
      found = true;
    }
    return onHost || found;
  }

  /** Whether an engine host runs SPARQL queries now, and how many were attached since the database opened. */
  engineHost(): { attached: boolean; hosts: number } {
    return { attached: this.triples.hasHost(), hosts: this.triples.hostCount() };
  }

  /** The largest request body accepted now, in bytes (the `max-payload-bytes` setting). */
  get maxPayloadBytes(): number {
    return this.settings.get()['max-payload-bytes'];
  }

  /** A deadline for a request starting now, from the instance's `default-time-limit`. */
  async deadline(): Promise<Deadline> {
    const start = this.timing.now();
    return Deadline.after((await this.properties.get())['default-time-limit'], this.timing, start);
  }

  /**
   * Empties the database (src/db/reset.ts): documents, graphs, option sets, index settings
   * and instance properties gone, users and roles back to the seeded ones. Admin only
   * (403 SEC-PRIV). Ordered with every other write; a failure changes nothing.
   */
  async reset(principal: Principal): Promise<void> {
    requireAdmin(principal);
    await this.queue.run(async () => {
      // The users and roles are the server's, held by its home database alone.
      await clearStorage(this.idb, this.ownsSecurity ? seededUsers() : []);
      await this.storageReplaced();
    });
  }

  /**
   * The whole database as a scene archive (src/db/scene, docs/scenes.md): a zip stream of
   * one consistent state (writes wait while it is read). Admin only: it holds the users'
   * password digests.
   */
  exportScene(principal: Principal, generator: string): ReadableStream<Uint8Array> {
    requireAdmin(principal);
    // Another database's scene carries the server's users and roles, which its home database keeps.
    const security = this.ownsSecurity ? undefined : async () => ({ users: await this.users.list(), roles: this.roles.createdRoles() });
    return exportScene({ idb: this.idb, queue: this.queue, triples: this.triples, generator, security });
  }

  /**
   * Imports a scene (an archive's bytes, or entries built in memory): read and validated
   * completely first — TABULA-BADSCENE and nothing changed when anything is wrong — then
   * written in one transaction, ordered with every other write. `replace` empties the
   * database first; `merge` writes over it. Admin only.
   */
  async importScene(scene: Uint8Array | ReadonlyMap<string, Uint8Array>, mode: ImportMode, principal: Principal, trusted = false): Promise<SceneImported> {
    requireAdmin(principal);
    if (this.importing) throw new DbError('TABULA-BUSY', 'another scene import is running; try again when it has finished');
    const progress = (p: SceneProgress) => (this.importing = p);
    progress({ phase: 'documents', done: 0, total: 0 });
    try {
      return await this.importSceneNow(scene, mode, principal, trusted, progress);
    } finally {
      this.importing = undefined;
    }
  }

  /** Where the running scene import is (undefined when none is). */
  importProgress(): SceneProgress | undefined {
    return this.importing;
  }

  private async importSceneNow(
    scene: Uint8Array | ReadonlyMap<string, Uint8Array>,
    mode: ImportMode,
    principal: Principal,
    trusted: boolean,
    progress: (p: SceneProgress) => void,
  ): Promise<SceneImported> {
    const source: SceneSource = scene instanceof Uint8Array ? zipSource(scene) : mapSource(scene);
    const validateOptions = (await this.properties.get())['validate-options'];
    // Read, checked and written in the write queue: the body is checked inside the commit's transaction (scene/commit.ts).
    const counts = await this.queue.run(async () => {
      if (mode === 'merge') await this.triples.foldLog();
      const relabel = mode === 'merge' ? `m${this.clock.next().toString(36)}` : undefined;
      const checker = trusted ? undefined : await this.triples.nquadsChecker(SCENE_QUADS, relabel);
      try {
        const read = readScene(source, {
          trusted,
          onProgress: progress,
          checker,
          validateOptions,
          existingRoles: mode === 'merge' ? this.roles : { has: () => false },
        });
        const written = await commitScene(this.idb, read, mode, this.clock.next(), ({ documents }) => progress({ phase: 'writing', done: documents, total: documents }), this.ownsSecurity);
        await this.storageReplaced();
        if (!this.ownsSecurity) {
          // The scene's users and roles join the server's (kept by its home database), after its content commits.
          await this.roles.merge(read.head.roles ?? []);
          await this.users.merge(read.head.users ?? []);
        }
        // Before the import is acknowledged: its documents' triples are queryable, on the engine host too.
        await this.triples.indexImportedDocuments();
        return { ...written, graphs: read.head.graphs.length, queryOptions: read.head.options.length };
      } finally {
        checker?.free();
      }
    });
    return counts;
  }

  /** Saves the database, as a scene, under `name` in the browser's snapshot store (replacing one of that name). Admin only. */
  async saveSnapshot(name: string, principal: Principal, generator: string): Promise<SnapshotInfo> {
    requireAdmin(principal);
    checkSnapshotName(name);
    const archive = new Uint8Array(await new Response(this.exportScene(principal, generator)).arrayBuffer());
    const manifest = JSON.parse(new TextDecoder().decode(zipSource(archive).read('manifest.json'))) as { counts: Record<string, number> };
    return this.snapshots.save(name, archive, manifest.counts);
  }

  /** Replaces the database with the snapshot saved as `name` (404 when there is none). Admin only. */
  async restoreSnapshot(name: string, principal: Principal): Promise<SceneImported> {
    requireAdmin(principal);
    const archive = await this.snapshots.read(name);
    if (!archive) throw new DbError('RESTAPI-NODOCUMENT', `snapshot ${name} does not exist`, 404);
    return this.importScene(archive, 'replace', principal, true);
  }

  /** Storage was rewritten under every part (committed): each drops what it held, and loads on next use. */
  private async storageReplaced(): Promise<void> {
    // What open transactions staged was read from the state just replaced.
    this.transactions.rollbackAll();
    this.properties.storageCleared();
    this.queryOptions.storageCleared();
    this.indexes.storageCleared();
    if (this.ownsSecurity) {
      this.roles.storageCleared();
      await this.roles.load();
      this.users.forget();
    }
    await this.settings.load();
    this.search.storageCleared();
    this.triples.storageCleared();
  }

  /**
   * Resolves once every write queued before the call has finished and the background work
   * they (or anything earlier) made due is done: the search snapshot, the triple store's
   * compaction, range index builds. One may make another due (a build's writes, a snapshot
   * after a compaction's quiet spell), so it asks again until nothing is pending. It starts
   * nothing: an engine that is not loaded stays so. Past `deadline`, XDMP-EXTIME; the work
   * goes on in the background.
   */
  async idle(deadline: Deadline = Deadline.none): Promise<void> {
    for (;;) {
      await this.queue.run(() => Promise.resolve(), deadline);
      if (!this.search.busy() && !this.triples.busy()) return;
      const pending = Promise.all([this.search.settled(), this.search.rangeIndexesSettled(), this.triples.settled()]);
      await beforeDeadline(pending, deadline, 'waiting for background work (snapshots, compaction, index builds)');
    }
  }

  /** How many times each engine has been loaded from IndexedDB since the database was opened. */
  engineLoads(): { triples: number; search: number } {
    return { triples: this.triples.loadCount(), search: this.search.loadCount() };
  }

  /**
   * Whether nothing runs or waits in this database: no open transaction, no write queued,
   * no request its client named, no scene import — what closing an idle database asks.
   */
  quiet(): boolean {
    return this.transactions.openCount === 0 && !this.queue.busy() && this.running.size === 0 && this.importing === undefined && !this.search.busy() && !this.triples.busy();
  }

  close(): void {
    this.transactions.rollbackAll();
    this.triples.close();
    this.search.close();
    this.snapshots.close();
    this.idb.close();
  }
}

const storageKey = (options: Pick<DatabaseOptions, 'name' | 'storageName'>) => options.storageName ?? options.name ?? 'Documents';
const siblingStorage = (home: Pick<DatabaseOptions, 'name' | 'storageName'>, name: string) => `${storageKey(home)}/${name}`;
const mainStorage = (options: Pick<DatabaseOptions, 'name' | 'storageName'>) => `tabula:${storageKey(options)}`;
const snapshotStorage = (options: Pick<DatabaseOptions, 'name' | 'storageName'>) => `tabula-snapshots:${storageKey(options)}`;

function deleteIdb(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB database ${name} could not be deleted`));
  });
}
