/**
 * Named query option sets (`/v1/config/query`), in the `query-options` object store, one
 * record per set in its JSON form (XML is converted on the way in and out).
 *
 * Every search reads a set, so all of them are read once and kept; this store is their
 * only writer, so the copy changes only after one of its own commits (as the instance
 * properties do). Readers get copies: a caller changing what it was given cannot change
 * the next search.
 *
 * A write runs in the write queue, computes the new set from committed state, lets the
 * caller check the result (`check`, e.g. validation) before anything is written, then
 * commits one transaction and only then answers.
 *
 * The child operations work on one top-level key ("child element" in MarkLogic's XML
 * terms): `constraint`, `page-length`, …
 *
 * @example
 * await db.queryOptions.put('shop', { 'page-length': 20 });   // { created: true }
 * await db.queryOptions.postChild('shop', 'constraint', { constraint: [{ name: 'tag', collection: { prefix: 'tag/' } }] });
 * await db.queryOptions.getChild('shop', 'constraint');      // { constraint: [ … ] }
 */
import { DbError } from '../errors';
import type { IDBPTransaction } from 'idb';
import type { StoredQueryOptions, TabulaIdb, TabulaSchema } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { QueryOptions } from './types';
import { watched } from '../storage/requests';

/** Inspects a set a write would store; throwing stops the write. */
export type OptionsCheck = (options: QueryOptions) => void;

export class QueryOptionsStore {
  private cache: Promise<Map<string, QueryOptions>> | undefined;

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
  ) {}

  /** The names of the stored sets, sorted. */
  async list(): Promise<string[]> {
    return [...(await this.all()).keys()].sort(compareNames);
  }

  /** A stored set, or undefined. */
  async get(name: string): Promise<QueryOptions | undefined> {
    const options = (await this.all()).get(name);
    return options === undefined ? undefined : structuredClone(options);
  }

  /** `{[child]: value}` of a stored set, or undefined when the set or its child is absent. */
  async getChild(name: string, child: string): Promise<QueryOptions | undefined> {
    const options = (await this.all()).get(name);
    if (options === undefined || options[child] === undefined) return undefined;
    return structuredClone({ [child]: options[child] });
  }

  /** Creates or replaces a set. */
  put(name: string, options: QueryOptions, check?: OptionsCheck): Promise<{ created: boolean }> {
    return this.write(name, () => options, check);
  }

  /**
   * Adds `options`' keys to a set (creating it if absent): array values are appended to
   * what is there; any other value replaces it (a set holds one `page-length`).
   */
  post(name: string, options: QueryOptions, check?: OptionsCheck): Promise<{ created: boolean }> {
    return this.write(name, (current) => appended(current ?? {}, options), check);
  }

  /** Replaces one child (`options` holds only that key), keeping the others; creates the set if absent. */
  putChild(name: string, child: string, options: QueryOptions, check?: OptionsCheck): Promise<{ created: boolean }> {
    return this.write(name, (current) => ({ ...current, [child]: onlyChild(child, options)[child] }), check);
  }

  /** Appends to one child (`options` holds only that key); creates the set if absent. */
  postChild(name: string, child: string, options: QueryOptions, check?: OptionsCheck): Promise<{ created: boolean }> {
    return this.write(name, (current) => appended(current ?? {}, onlyChild(child, options)), check);
  }

  /** Removes one child; true when there was one. The set stays, even if now empty. */
  deleteChild(name: string, child: string): Promise<boolean> {
    return this.queue.run(async () => {
      const current = (await this.all()).get(name);
      if (current === undefined || current[child] === undefined) return false;
      const { [child]: _removed, ...rest } = current;
      await this.commit((tx) => tx.store.put({ name, options: rest }), (sets) => sets.set(name, rest));
      return true;
    });
  }

  /** Removes a set; true when it existed. */
  delete(name: string): Promise<boolean> {
    return this.queue.run(async () => {
      if (!(await this.all()).has(name)) return false;
      await this.commit((tx) => tx.store.delete(name), (sets) => sets.delete(name));
      return true;
    });
  }

  /** Removes every set. */
  deleteAll(): Promise<void> {
    return this.queue.run(() => this.commit((tx) => tx.store.clear(), (sets) => sets.clear()));
  }

  private write(name: string, next: (current: QueryOptions | undefined) => QueryOptions, check?: OptionsCheck): Promise<{ created: boolean }> {
    return this.queue.run(async () => {
      const current = (await this.all()).get(name);
      // Callers' objects are not kept: a later change to them must not reach the store.
      const options = structuredClone(next(current === undefined ? undefined : structuredClone(current)));
      check?.(options);
      const record: StoredQueryOptions = { name, options };
      await this.commit((tx) => tx.store.put(record), (sets) => sets.set(name, options));
      return { created: current === undefined };
    });
  }

  /** One readwrite transaction; the cache follows only once it has committed. */
  private async commit(work: (tx: OptionsTx) => Promise<unknown>, after: (sets: Map<string, QueryOptions>) => void): Promise<void> {
    const sets = await this.all();
    const tx = watched(this.idb.transaction('query-options', 'readwrite'));
    await Promise.all([work(tx), tx.done]);
    after(sets);
  }

  /** The database was reset under this store: the next read finds no set stored. */
  storageCleared(): void {
    this.cache = undefined;
  }

  private all(): Promise<Map<string, QueryOptions>> {
    this.cache ??= watched(this.idb.transaction('query-options', 'readonly')).store.getAll().then((records) => new Map(records.map((r) => [r.name, r.options])));
    this.cache.catch(() => (this.cache = undefined));
    return this.cache;
  }
}

type OptionsTx = IDBPTransaction<TabulaSchema, ['query-options'], 'readwrite'>;

/** Names in code-point order (MarkLogic orders them with the codepoint collation of URIs). */
const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function appended(current: QueryOptions, added: QueryOptions): QueryOptions {
  const out: QueryOptions = { ...current };
  for (const [key, value] of Object.entries(added)) {
    const before = out[key];
    out[key] = Array.isArray(before) && Array.isArray(value) ? [...before, ...value] : value;
  }
  return out;
}

/** `options` when it holds exactly the one child; the server's 400 otherwise. */
function onlyChild(child: string, options: QueryOptions): QueryOptions {
  const keys = Object.keys(options);
  if (keys.length !== 1 || keys[0] !== child) {
    throw new DbError('REST-INVALIDPARAM', 'Options node submitted in request does not match options node in URL pattern');
  }
  return options;
}
