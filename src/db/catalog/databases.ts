/**
 * A server's databases and REST instances (docs/decisions/0034-databases-and-instances.md).
 *
 * - The home database is the one a host opens: it keeps the server's users and roles
 *   (MarkLogic's Security database), and is the built-in instance's content database.
 * - `Modules` (the built-in instance's modules database) and every created database are
 *   siblings: storage of their own, the home's users and roles, opened on first use and
 *   closed again when idle ({@link releaseIdle}).
 * - The catalogue (src/db/catalog/store.ts) records the created databases and instances.
 *   Changes to it run one at a time, in a queue of its own.
 *
 * @example
 * const server = await Databases.open(home);
 * await server.createInstance({ name: 'shop' }, admin); // creates `shop` and `shop-modules`
 * const shop = await server.get('shop');
 */
import type { Database } from '../database';
import { DbError } from '../errors';
import type { Principal } from '../security/types';
import { WriteQueue } from '../storage/write-queue';
import { checkLimit } from '../limits';
import { CatalogStore } from './store';
import {
  checkName,
  checkPort,
  DEFAULT_GROUP,
  DEFAULT_INSTANCE,
  FIRST_CHOSEN_PORT,
  MODULES_DATABASE,
  type DatabaseRecord,
  type ErrorFormat,
  type InstanceRecord,
} from './records';

/** What a host does for an instance's port: the Node host listens on it (src/node/serve.ts); the browser has no ports. */
export interface PortBinder {
  /** Starts answering `instance` on its port; rejects (nothing listening) when the port cannot be taken. */
  open(instance: InstanceRecord): Promise<void>;
  close(instance: InstanceRecord): Promise<void>;
}

/** A new instance as asked for; what is absent is chosen as MarkLogic chooses it. */
export interface InstanceSpec {
  name: string;
  database?: string;
  modulesDatabase?: string;
  port?: number;
  group?: string;
  errorFormat?: ErrorFormat;
}

/** What removing an instance removes besides it. */
export interface InstanceRemoval {
  content?: boolean;
  modules?: boolean;
}

interface Opened {
  db: Promise<Database>;
  /** When a request last asked for it (`now()`). */
  used: number;
  /** Requests holding it now ({@link Databases.lease}). */
  leases: number;
  /** Called when the last lease ends (a deletion waiting for the requests it let finish). */
  unleased?: () => void;
}

/** How long a database no request has asked for stays open; then {@link Databases.releaseIdle} closes it. */
export const IDLE_RELEASE_MS = 5 * 60_000;

/** How long deleting a database waits for the requests using it to answer before it closes it anyway. */
const DROP_WAIT_MS = 60_000;

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Who changes the catalogue: rest-admin for instances, as MarkLogic asks; manage-admin for databases; admin for both. */
function requireRole(principal: Principal, role: 'manage-admin' | 'rest-admin'): void {
  if (!principal.roles.has('admin') && !principal.roles.has(role)) throw new DbError('SEC-PRIV');
}

export class Databases {
  private readonly opened = new Map<string, Opened>();
  private readonly queue = new WriteQueue();
  private binder: PortBinder | undefined;
  private sweeper: ReturnType<typeof setInterval> | undefined;

  private constructor(
    readonly home: Database,
    private readonly store: CatalogStore,
    private defaultPort: number,
    private readonly now: () => number,
  ) {
    this.opened.set(home.name, { db: Promise.resolve(home), used: now(), leases: 0 });
  }

  /**
   * The catalogue of the server whose home database is `home`. `port` is the built-in
   * instance's (the Node host's own; 8000, MarkLogic's, in the browser).
   */
  static async open(home: Database, options: { port?: number; now?: () => number } = {}): Promise<Databases> {
    const store = await CatalogStore.open(home.options.indexedDB, `tabula-catalog:${home.storageKey}`);
    return new Databases(home, store, options.port ?? 8000, options.now ?? Date.now);
  }

  /** The built-in instance's port, once the host knows it (it listened on a port the system chose). */
  setBuiltinPort(port: number): void {
    this.defaultPort = port;
  }

  /** From now on instances are opened on and closed off their ports by `binder`: the host's listeners. */
  bindPorts(binder: PortBinder): void {
    this.binder = binder;
  }

  // ---- databases ----------------------------------------------------------------------

  /** Every database's name: the home database, `Modules`, then the created ones by name. */
  names(): string[] {
    return [this.home.name, MODULES_DATABASE, ...[...this.store.databases.keys()].sort(byName)];
  }

  has(name: string): boolean {
    return name === this.home.name || name === MODULES_DATABASE || this.store.databases.has(name);
  }

  /** The database `name`, opened on first use: 400 XDMP-NOSUCHDB (`status` to differ) when there is none. */
  get(name: string, status?: number): Promise<Database> {
    if (!this.has(name)) return Promise.reject(new DbError('XDMP-NOSUCHDB', name, status));
    const opened = this.opened.get(name);
    if (opened) {
      opened.used = this.now();
      return opened.db;
    }
    const entry: Opened = { db: this.home.openSibling(name), used: this.now(), leases: 0 };
    this.opened.set(name, entry);
    // A failed open is forgotten, so the next request tries again.
    entry.db.catch(() => {
      if (this.opened.get(name) === entry) this.opened.delete(name);
    });
    return entry.db;
  }

  /**
   * The database `name` for a request, which holds it open until `release` (an idle sweep
   * never closes a database a request is using, however long it runs).
   */
  async lease(name: string): Promise<{ db: Database; release: () => void }> {
    const db = await this.get(name);
    const entry = this.opened.get(name);
    if (!entry) return { db, release: () => undefined };
    entry.leases++;
    let released = false;
    return {
      db,
      release: () => {
        if (released) return;
        released = true;
        entry.leases--;
        entry.used = this.now();
        if (entry.leases === 0) entry.unleased?.();
      },
    };
  }

  /** The database `name` if it is open now (no open is started). */
  async ifOpen(name: string): Promise<Database | undefined> {
    return this.opened.get(name)?.db.catch(() => undefined);
  }

  /** Creates an empty database (`POST /manage/v2/databases`): 400 ADMIN-DUPLICATENAME when the name is taken. */
  createDatabase(name: string, principal: Principal): Promise<DatabaseRecord> {
    requireRole(principal, 'manage-admin');
    checkName(name, 'database', 'MANAGE-INVALIDPAYLOAD');
    return this.queue.run(async () => {
      if (this.has(name)) throw new DbError('ADMIN-DUPLICATENAME', `database ${name} exists`);
      checkLimit('maxDatabases', this.store.databases.size + 1, 'databases');
      const record: DatabaseRecord = { name, created: this.now() };
      await this.store.change({ putDatabases: [record] });
      return record;
    });
  }

  /**
   * Deletes a created database and everything it holds. The built-in ones cannot be
   * deleted, nor one an instance uses (400 MANAGE-INVALIDREQUEST, nothing changed).
   */
  deleteDatabase(name: string, principal: Principal): Promise<void> {
    requireRole(principal, 'manage-admin');
    return this.queue.run(async () => {
      this.checkDeletable(name);
      await this.store.change({ deleteDatabases: [name] });
      await this.dropStorage(name);
    });
  }

  private checkDeletable(name: string, except?: string): void {
    if (!this.has(name)) throw new DbError('XDMP-NOSUCHDB', name, 404);
    if (name === this.home.name) throw new DbError('MANAGE-INVALIDREQUEST', `database ${name} is the server's home database: it holds the users and roles, and cannot be deleted`);
    for (const instance of this.instances()) {
      if (instance.name === except) continue;
      if (instance.database === name || instance.modulesDatabase === name) {
        const role = instance.database === name ? 'content' : 'modules';
        throw new DbError('MANAGE-INVALIDREQUEST', `database ${name} is the ${role} database of the instance ${instance.name}; delete the instance first`);
      }
    }
  }

  /**
   * Closes a database taken out of the catalogue — once the requests using it have answered
   * (no new one can start: its name is gone), at most {@link DROP_WAIT_MS}, and its queued
   * writes are done — and deletes its storage.
   */
  private async dropStorage(name: string): Promise<void> {
    const opened = this.opened.get(name);
    this.opened.delete(name);
    if (opened && opened.leases > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        opened.unleased = resolve;
        timer = setTimeout(resolve, DROP_WAIT_MS);
      });
      clearTimeout(timer);
    }
    const db = await opened?.db.catch(() => undefined);
    if (db) {
      await db.queue.run(() => Promise.resolve()).catch(() => undefined);
      db.close();
    }
    await this.home.deleteSiblingStorage(name);
  }

  /**
   * Closes the databases (never the home one) no request has asked for in `idleMs` and in
   * which nothing runs or waits: what they hold in memory — the search index, the triple
   * store — is released, and the next request opens them again. Resolves to the names closed.
   */
  async releaseIdle(idleMs = IDLE_RELEASE_MS): Promise<string[]> {
    const closed: string[] = [];
    const now = this.now();
    for (const [name, entry] of [...this.opened]) {
      if (name === this.home.name || entry.leases > 0 || now - entry.used < idleMs) continue;
      const db = await entry.db.catch(() => undefined);
      if (db && !db.quiet()) continue;
      if (this.opened.get(name) !== entry || entry.leases > 0 || now - entry.used < idleMs) continue;
      this.opened.delete(name);
      db?.close();
      closed.push(name);
    }
    return closed;
  }

  /** Sweeps idle databases every `everyMs` ({@link releaseIdle}) until {@link close}; the timer keeps no process alive. */
  releaseIdleEvery(everyMs = 60_000, idleMs = IDLE_RELEASE_MS): void {
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => void this.releaseIdle(idleMs).catch(() => undefined), everyMs);
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  /** The names of the databases open now. */
  openNames(): string[] {
    return [...this.opened.keys()];
  }

  // ---- instances ----------------------------------------------------------------------

  /** The built-in instance, then the created ones by name. */
  instances(): InstanceRecord[] {
    return [this.builtinInstance(), ...[...this.store.instances.values()].sort((a, b) => byName(a.name, b.name))];
  }

  instance(name: string): InstanceRecord | undefined {
    return name === DEFAULT_INSTANCE ? this.builtinInstance() : this.store.instances.get(name);
  }

  /** `App-Services`: the home database, `Modules`, the host's port. */
  builtinInstance(): InstanceRecord {
    return { name: DEFAULT_INSTANCE, group: DEFAULT_GROUP, database: this.home.name, modulesDatabase: MODULES_DATABASE, port: this.defaultPort, errorFormat: 'json', builtin: true };
  }

  /**
   * Creates an instance (`POST /v1/rest-apis`) and its content and modules databases when
   * they do not exist: the content database is named after the instance and the modules one
   * `<name>-modules` when the spec names none; the port is the next free one from 8003 when it
   * names none. A taken name or port is 400 REST-INVALIDPARAM, nothing created. Resolves to
   * the instance and the databases created for it.
   */
  createInstance(spec: InstanceSpec, principal: Principal): Promise<{ instance: InstanceRecord; created: string[] }> {
    requireRole(principal, 'rest-admin');
    checkName(spec.name, 'instance', 'REST-INVALIDPARAM');
    const database = checkName(spec.database ?? spec.name, 'database', 'REST-INVALIDPARAM');
    const modulesDatabase = checkName(spec.modulesDatabase ?? `${spec.name}-modules`, 'database', 'REST-INVALIDPARAM');
    if (spec.port !== undefined) checkPort(spec.port);
    const group = spec.group ?? DEFAULT_GROUP;
    if (group !== DEFAULT_GROUP) throw new DbError('REST-INVALIDPARAM', `group ${group}: Tabula has one group, ${DEFAULT_GROUP}`);
    if (database === modulesDatabase) throw new DbError('REST-INVALIDPARAM', `database ${database} cannot be both the content and the modules database`);
    return this.queue.run(async () => {
      if (this.instance(spec.name)) throw new DbError('REST-INVALIDPARAM', `instance ${spec.name} exists`);
      const taken = new Map(this.instances().map((i) => [i.port, i.name]));
      let port = spec.port;
      if (port !== undefined && taken.has(port)) throw new DbError('REST-INVALIDPARAM', `port ${port} is in use by the instance ${taken.get(port)}`);
      if (port === undefined) for (port = FIRST_CHOSEN_PORT; taken.has(port); port++);
      const instance: InstanceRecord = { name: spec.name, group, database, modulesDatabase, port: checkPort(port), errorFormat: spec.errorFormat ?? 'json' };
      const created = [database, modulesDatabase].filter((name) => !this.has(name));
      checkLimit('maxInstances', this.store.instances.size + 1, 'instances');
      checkLimit('maxDatabases', this.store.databases.size + created.length, 'databases');
      await this.binder?.open(instance);
      try {
        await this.store.change({ putInstances: [instance], putDatabases: created.map((name) => ({ name, created: this.now() })) });
      } catch (e) {
        await this.binder?.close(instance).catch(() => undefined);
        throw e;
      }
      return { instance, created };
    });
  }

  /**
   * Removes an instance (`DELETE /v1/rest-apis/{name}`): its port closes; `content` and
   * `modules` remove its databases too, unless another instance uses one or it is the home
   * database (400 MANAGE-INVALIDREQUEST, nothing removed). The built-in instance stays.
   */
  deleteInstance(name: string, removal: InstanceRemoval, principal: Principal): Promise<void> {
    requireRole(principal, 'rest-admin');
    return this.queue.run(async () => {
      const instance = this.instance(name);
      if (!instance) throw new DbError('RESTAPI-NOTFOUND', `instance ${name} does not exist`, 404);
      if (instance.builtin) throw new DbError('MANAGE-INVALIDREQUEST', `${name} is the built-in instance and cannot be deleted`);
      const drop = [...(removal.content ? [instance.database] : []), ...(removal.modules ? [instance.modulesDatabase] : [])];
      for (const db of drop) this.checkDeletable(db, name);
      await this.store.change({ deleteInstances: [name], deleteDatabases: drop });
      await this.binder?.close(instance).catch(() => undefined);
      for (const db of drop) await this.dropStorage(db);
    });
  }

  /** Closes every open database but the home one (its host closes that) and the catalogue. */
  close(): void {
    clearInterval(this.sweeper);
    for (const [name, entry] of this.opened) if (name !== this.home.name) void entry.db.then((db) => db.close(), () => undefined);
    this.opened.clear();
    this.store.close();
  }
}
