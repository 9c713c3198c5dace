/**
 * Users kept in IndexedDB (`users` store, keyed by name), seeded on first start with
 * the accounts this project seeds (README, Users): admin/admin and rest-admin, rest-writer, rest-reader
 * (password = name). Only HA1 digests are stored (./passwords.ts).
 *
 * Must:
 * - write through the WriteQueue and resolve only after the transaction committed;
 * - never leave the database without a user holding the admin role.
 *
 * @example
 * await db.users.create({ name: 'alice', password: 's3cret', roles: ['rest-writer'] });
 * const user = await db.users.checkBasic('alice', 's3cret'); // StoredUser | undefined
 */
import { DbError } from '../errors';
import type { Permission } from '../documents/types';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import { builtinRoleLookup, type RoleLookup, type Role, type StoredUser } from './types';
import { digestHa1, digestMatches, md5Hex, passwordMatches, type DigestFields } from './passwords';
import { issueAll, watched } from '../storage/requests';

export interface NewUser {
  name: string;
  password: string;
  roles: readonly string[];
  description?: string;
  /** The user's own default permissions. */
  permissions?: Permission[];
}

/** A change of a user's properties; what is absent stays. */
export interface UserChange {
  password?: string;
  roles?: readonly string[];
  description?: string;
  permissions?: Permission[];
}

const seedUsers: ReadonlyArray<{ name: string; role: Role; description: string }> = [
  { name: 'admin', role: 'admin', description: 'Administrator' },
  { name: 'rest-admin', role: 'rest-admin', description: 'REST administrator' },
  { name: 'rest-writer', role: 'rest-writer', description: 'REST writer' },
  { name: 'rest-reader', role: 'rest-reader', description: 'REST reader' },
];

/** The users a new database starts with (password = name): what {@link UserStore.seed} writes, and a reset writes back. */
export function seededUsers(): StoredUser[] {
  return seedUsers.map(({ name, role, description }) => ({ name, description, roles: [role], digestHa1: digestHa1(name, name) }));
}

/**
 * A stable numeric id for a user, shaped like MarkLogic's (a decimal 64-bit number).
 * Derived from the name so it needs no storage of its own.
 */
export function userId(name: string): string {
  return BigInt(`0x${md5Hex(`user:${name}`).slice(0, 16)}`).toString(10);
}

// ':' would make Basic credentials ambiguous; control characters cannot travel in headers.
// eslint-disable-next-line no-control-regex
const invalidNameChars = /[:\u0000-\u001f\u007f]/;

/** A name a user may have: not empty, no `:`, no control characters. */
export const isUserName = (name: string): boolean => name !== '' && !invalidNameChars.test(name);

function validateNewUser(user: NewUser, roles: RoleLookup): void {
  if (typeof user.name !== 'string' || user.name.trim() === '') {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'user name must be a non-empty string');
  }
  if (invalidNameChars.test(user.name)) {
    throw new DbError('RESTAPI-INVALIDCONTENT', `user name may not contain ':' or control characters: ${user.name}`);
  }
  if (typeof user.password !== 'string' || user.password === '') {
    throw new DbError('RESTAPI-INVALIDCONTENT', 'password must be a non-empty string');
  }
  for (const role of user.roles) {
    if (!roles.has(role)) throw new DbError('SEC-ROLEDNE', role);
  }
}

const holdsAdmin = (u: StoredUser) => u.roles.includes('admin');

export class UserStore {
  /**
   * All users, read once: every request looks up its acting user, and this store is
   * the only writer of the users, so the copy changes only after its own commits.
   * Rebuilt from IndexedDB when the worker starts.
   */
  private cache: Promise<Map<string, StoredUser>> | undefined;

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    private readonly roles: RoleLookup = builtinRoleLookup,
  ) {}

  /** Drops the in-memory copy after another store rewrote users (a role deletion). */
  forget(): void {
    this.cache = undefined;
  }

  private users(): Promise<Map<string, StoredUser>> {
    this.cache ??= watched(this.idb.transaction('users', 'readonly')).store.getAll().then((all) => new Map(all.map((u) => [u.name, u])));
    this.cache.catch(() => (this.cache = undefined));
    return this.cache;
  }

  /** Creates admin/admin, rest-admin, rest-writer, rest-reader when no user exists yet. */
  seed(): Promise<void> {
    return this.queue.run(async () => {
      const tx = watched(this.idb.transaction('users', 'readwrite'));
      if ((await tx.store.count()) === 0) {
        await issueAll(seededUsers(), (user) => tx.store.put(user));
      }
      await tx.done;
      this.cache = undefined;
    });
  }

  async get(name: string): Promise<StoredUser | undefined> {
    return (await this.users()).get(name);
  }

  /** Every user, by name. */
  async list(): Promise<StoredUser[]> {
    return [...(await this.users()).values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** 400 SEC-USEREXISTS for a taken name, 400 SEC-ROLEDNE for a role that does not exist. */
  async create(user: NewUser): Promise<StoredUser> {
    validateNewUser(user, this.roles);
    const stored: StoredUser = {
      name: user.name,
      roles: [...new Set(user.roles)],
      digestHa1: digestHa1(user.name, user.password),
      ...(user.description !== undefined ? { description: user.description } : {}),
      ...(user.permissions?.length ? { permissions: user.permissions } : {}),
    };
    return this.queue.run(async () => {
      const tx = watched(this.idb.transaction('users', 'readwrite'));
      if (await tx.store.get(user.name)) {
        tx.abort();
        await tx.done.catch(() => undefined);
        throw new DbError('SEC-USEREXISTS', user.name);
      }
      await Promise.all([tx.store.put(stored), tx.done]);
      this.cache = undefined;
      return stored;
    });
  }

  /** Changes a user's properties. 404 SEC-USERDNE; 400 SEC-ROLEDNE; 400 when it would take admin from the last user holding it. */
  update(name: string, change: UserChange): Promise<StoredUser> {
    if (change.password !== undefined && (typeof change.password !== 'string' || change.password === '')) {
      throw new DbError('RESTAPI-INVALIDCONTENT', 'password must be a non-empty string');
    }
    for (const role of change.roles ?? []) if (!this.roles.has(role)) throw new DbError('SEC-ROLEDNE', `${role}`);
    return this.queue.run(async () => {
      const tx = this.idb.transaction('users', 'readwrite');
      const refuse = async (err: DbError) => {
        tx.abort();
        await tx.done.catch(() => undefined);
        return err;
      };
      const user = await tx.store.get(name);
      if (!user) throw await refuse(new DbError('SEC-USERDNE', `${name}`));
      const next: StoredUser = {
        ...user,
        ...(change.roles ? { roles: [...new Set(change.roles)] } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.permissions ? { permissions: change.permissions } : {}),
        ...(change.password !== undefined ? { digestHa1: digestHa1(name, change.password) } : {}),
      };
      if (holdsAdmin(user) && !holdsAdmin(next) && (await tx.store.getAll()).filter(holdsAdmin).length <= 1) {
        throw await refuse(new DbError('RESTAPI-INVALIDREQ', `cannot take the admin role from ${name}: it is the last user with it`));
      }
      void tx.store.put(next);
      await tx.done;
      this.cache = undefined;
      return next;
    });
  }

  /** 404 SEC-USERDNE when absent; 400 when it would remove the last user holding admin. */
  delete(name: string): Promise<void> {
    return this.queue.run(async () => {
      const tx = watched(this.idb.transaction('users', 'readwrite'));
      const refuse = async (err: DbError) => {
        tx.abort();
        await tx.done.catch(() => undefined);
        return err;
      };
      const user = await tx.store.get(name);
      if (!user) throw await refuse(new DbError('SEC-USERDNE', name));
      if (holdsAdmin(user)) {
        const admins = (await tx.store.getAll()).filter(holdsAdmin);
        if (admins.length <= 1) {
          throw await refuse(new DbError('RESTAPI-INVALIDREQ', `cannot delete ${name}: it is the last user with the admin role`));
        }
      }
      await Promise.all([tx.store.delete(name), tx.done]);
      this.cache = undefined;
    });
  }

  /**
   * Writes users a scene brought into another database of the server (src/db/catalog):
   * each replaces the user of its name, in one transaction.
   */
  merge(users: readonly StoredUser[]): Promise<void> {
    if (users.length === 0) return Promise.resolve();
    return this.queue.run(async () => {
      const tx = watched(this.idb.transaction('users', 'readwrite'));
      await Promise.all([...users.map((u) => tx.store.put(u)), tx.done]);
      this.cache = undefined;
    });
  }

  /** The user, when `password` is theirs (HTTP Basic). */
  async checkBasic(name: string, password: string): Promise<StoredUser | undefined> {
    const user = await this.get(name);
    return user && passwordMatches(user.digestHa1, name, password) ? user : undefined;
  }

  /** The user, when the Digest response proves their password (nonce and uri are the caller's to check). */
  async checkDigest(name: string, fields: DigestFields): Promise<StoredUser | undefined> {
    const user = await this.get(name);
    return user && digestMatches(user.digestHa1, fields) ? user : undefined;
  }
}
