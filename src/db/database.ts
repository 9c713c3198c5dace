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
import { seededUsers, UserStore } from './security/users';
import type { Principal } from './security/types';
import { RoleStore } from './security/roles';
import { PropertiesStore } from './config/properties';
import { QueryOptionsStore } from './options/store';
import { IndexConfigStore } from './indexes/config';
import { TripleStore, type OxigraphFactory, type TripleStoreOptions } from './triples/triple-store';
import { SearchService, type SearchServiceOptions } from './search/search-service';
import { beforeDeadline, Deadline, realTiming, type RequestTiming } from './deadline';
import { clearStorage, requireAdmin } from './reset';

export interface DatabaseOptions {
  /** The IndexedDB factory: `self.indexedDB` in a browser, fake-indexeddb in Node. */
  indexedDB: IDBFactory;
  /** IndexedDB database name; one per Tabula database. */
  name?: string;
  /** Largest request payload accepted, in bytes (413 beyond it). */
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
}

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
  /** Triples, graphs and SPARQL; loaded from IndexedDB on first use. */
  readonly triples: TripleStore;
  /** The search index (kept in step with every document write) and search itself. */
  readonly search: SearchService;
  readonly clock: Clock;
  readonly maxPayloadBytes: number;
  /** The single-writer queue every write of this database runs through. */
  readonly queue: WriteQueue;
  private readonly timing: RequestTiming;

  private constructor(readonly idb: TabulaIdb, options: DatabaseOptions) {
    this.name = options.name ?? 'Documents';
    this.clock = new Clock();
    this.maxPayloadBytes = options.maxPayloadBytes ?? 64 * 1024 * 1024;
    this.timing = options.timing ?? realTiming;
    const queue = (this.queue = new WriteQueue());
    this.properties = new PropertiesStore(idb, queue);
    this.queryOptions = new QueryOptionsStore(idb, queue);
    this.indexes = new IndexConfigStore(idb, queue);
    this.roles = new RoleStore(idb, queue);
    this.users = new UserStore(idb, queue, this.roles);
    this.roles.onUsersChanged = () => this.users.forget();
    this.search = new SearchService(idb, queue, this.indexes, options.search);
    this.documents = new DocumentStore(idb, queue, this.clock, this.properties, this.search);
    this.triples = new TripleStore(idb, queue, options.oxigraph, options.triples);
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    const idb = await openStorage(options.indexedDB, `tabula:${options.name ?? 'Documents'}`);
    const db = new Database(idb, options);
    await db.roles.load();
    await db.users.seed();
    return db;
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
      await clearStorage(this.idb, seededUsers());
      // Committed: every part drops what it held in memory, and loads (empty) on next use.
      this.properties.storageCleared();
      this.queryOptions.storageCleared();
      this.indexes.storageCleared();
      this.roles.storageCleared();
      this.users.forget();
      this.search.storageCleared();
      this.triples.storageCleared();
    });
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

  close(): void {
    this.triples.close();
    this.search.close();
    this.idb.close();
  }
}
