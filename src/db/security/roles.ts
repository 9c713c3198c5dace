/**
 * Roles: MarkLogic's built-in ones (./types.ts, fixed) and those created through
 * `/manage/v2/roles`, kept in IndexedDB (`roles` store, keyed by name). A role
 * inherits other roles and carries default permissions; a user's effective roles and
 * default permissions are computed from here when a request authenticates.
 *
 * Must:
 * - answer `has`, `inherits` and `principalOf` synchronously (metadata validation and
 *   permission checks are synchronous), so every role is held in memory after {@link RoleStore.load};
 * - write through the WriteQueue and change the memory copy only after the commit;
 * - never let a role inherit itself, directly or through others, nor name a role that does not exist.
 *
 * @example
 * await db.roles.create({ name: 'sales', roles: ['rest-reader'], privileges: [],
 *   permissions: [{ 'role-name': 'sales', capabilities: ['read'] }] });
 * db.roles.principalOf(user); // { name, roles: {sales, rest-reader, …}, defaultPermissions }
 */
import { DbError } from '../errors';
import { issueAll, watched } from '../storage/requests';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { Permission } from '../documents/types';
import { normalisePermissions } from '../documents/metadata';
import {
  builtinDefaultPermissions,
  builtinRoles,
  effectiveRoles,
  type Principal,
  type RoleLookup,
  type StoredRole,
  type StoredUser,
} from './types';

export const isBuiltinRole = (name: string): boolean => Object.hasOwn(builtinRoles, name);

const builtinRole = (name: string): StoredRole => ({
  name,
  description: `built-in role ${name}`,
  roles: [...builtinRoles[name]],
  privileges: [],
  permissions: [...(builtinDefaultPermissions[name] ?? [])],
});

const byName = (a: StoredRole, b: StoredRole) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export class RoleStore implements RoleLookup {
  /** Created roles, by name; empty until {@link load}. */
  private created = new Map<string, StoredRole>();

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
  ) {}

  /** Reads the created roles into memory; the database awaits it before answering anything. */
  async load(): Promise<void> {
    const all = await this.idb.getAll('roles');
    this.created = new Map(all.map((r) => [r.name, r]));
  }

  /** The database was reset (its storage emptied in the reset's transaction): no created role is left. */
  storageCleared(): void {
    this.created = new Map();
  }

  has(name: string): boolean {
    return isBuiltinRole(name) || this.created.has(name);
  }

  get(name: string): StoredRole | undefined {
    return isBuiltinRole(name) ? builtinRole(name) : this.created.get(name);
  }

  /** Every role, built in and created, by name. */
  list(): StoredRole[] {
    return [...Object.keys(builtinRoles).map(builtinRole), ...this.created.values()].sort(byName);
  }

  /** The created roles (not the built-in ones), by name: what a scene carries. */
  createdRoles(): StoredRole[] {
    return [...this.created.values()].sort(byName);
  }

  /**
   * Writes roles a scene brought into another database of the server (src/db/catalog):
   * each replaces a created role of its name, in one transaction. Built-in names are skipped.
   */
  merge(roles: readonly StoredRole[]): Promise<void> {
    const created = roles.filter((r) => !isBuiltinRole(r.name));
    if (created.length === 0) return Promise.resolve();
    return this.queue.run(async () => {
      const tx = watched(this.idb.transaction('roles', 'readwrite'));
      await Promise.all([...created.map((r) => tx.store.put(r)), tx.done]);
      for (const r of created) this.created.set(r.name, r);
    });
  }

  /** The roles `name` inherits directly (none for a role that does not exist). */
  inherits(name: string): readonly string[] {
    return isBuiltinRole(name) ? builtinRoles[name] : (this.created.get(name)?.roles ?? []);
  }

  /**
   * The acting user as permission checks see it: its roles with everything they
   * inherit, and its default permissions — its own and those of every role it holds,
   * directly or by inheritance (what MarkLogic's xdmp:default-permissions returns).
   */
  principalOf(user: Pick<StoredUser, 'name' | 'roles' | 'permissions'>): Principal {
    const roles = effectiveRoles(user.roles, (r) => this.inherits(r));
    const defaults: Permission[] = [...(user.permissions ?? [])];
    for (const r of roles) defaults.push(...(this.get(r)?.permissions ?? []));
    return { name: user.name, roles, defaultPermissions: normalisePermissions(defaults) };
  }

  /** 400 SEC-ROLEEXISTS for a taken name; see {@link check} for the rest. */
  create(role: StoredRole): Promise<StoredRole> {
    return this.queue.run(async () => {
      if (this.has(role.name)) throw new DbError('SEC-ROLEEXISTS', `${role.name}`);
      this.check(role);
      await this.idb.put('roles', role);
      this.created.set(role.name, role);
      return role;
    });
  }

  /** Replaces a created role's properties (its name stays). 404 SEC-ROLEDNE; built-in roles cannot change. */
  update(name: string, next: Omit<StoredRole, 'name'>): Promise<StoredRole> {
    return this.queue.run(async () => {
      this.existingCreated(name, 'changed');
      const role: StoredRole = { ...next, name };
      this.check(role);
      await this.idb.put('roles', role);
      this.created.set(name, role);
      return role;
    });
  }

  /**
   * Removes a created role, and with it every mention in users' and other roles'
   * role lists and default permissions, in one transaction. Documents and graphs keep
   * permissions naming it (as on MarkLogic, nobody holds it any more).
   */
  delete(name: string): Promise<void> {
    return this.queue.run(async () => {
      this.existingCreated(name, 'deleted');
      const tx = watched(this.idb.transaction(['roles', 'users'], 'readwrite'));
      const updatedRoles: StoredRole[] = [];
      for (const r of this.created.values()) {
        if (r.name === name) continue;
        const next = { ...r, roles: r.roles.filter((x) => x !== name), permissions: r.permissions.filter((p) => p['role-name'] !== name) };
        if (next.roles.length !== r.roles.length || next.permissions.length !== r.permissions.length) updatedRoles.push(next);
      }
      const users = await tx.objectStore('users').getAll();
      const writes: Array<() => Promise<unknown>> = [() => tx.objectStore('roles').delete(name), ...updatedRoles.map((r) => () => tx.objectStore('roles').put(r))];
      for (const u of users) {
        const roles = u.roles.filter((x) => x !== name);
        const permissions = u.permissions?.filter((p) => p['role-name'] !== name);
        if (roles.length !== u.roles.length || permissions?.length !== u.permissions?.length) {
          writes.push(() => tx.objectStore('users').put({ ...u, roles, ...(permissions ? { permissions } : {}) }));
        }
      }
      await issueAll(writes, (write) => write());
      await tx.done;
      this.created.delete(name);
      for (const r of updatedRoles) this.created.set(r.name, r);
      this.onUsersChanged?.();
    });
  }

  /** Called after a role deletion rewrote users (the user store drops its copy). */
  onUsersChanged: (() => void) | undefined;

  private existingCreated(name: string, verb: string): StoredRole {
    if (isBuiltinRole(name)) throw new DbError('RESTAPI-INVALIDREQ', `built-in role ${name} cannot be ${verb}`);
    const role = this.created.get(name);
    if (!role) throw new DbError('SEC-ROLEDNE', `${name}`, 404);
    return role;
  }

  /** Inherited and permission roles exist (a role may name itself in its permissions); no inheritance cycle. */
  private check(role: StoredRole): void {
    const exists = (r: string) => r === role.name || this.has(r);
    for (const r of role.roles) if (!this.has(r)) throw new DbError('SEC-ROLEDNE', `${r}`);
    for (const p of role.permissions) if (!exists(p['role-name'])) throw new DbError('SEC-ROLEDNE', `${p['role-name']}`);
    const inherits = (r: string) => (r === role.name ? role.roles : this.inherits(r));
    for (const r of role.roles) {
      if (effectiveRoles([r], inherits).has(role.name)) {
        throw new DbError('MANAGE-INVALIDPAYLOAD', `role ${role.name} would inherit itself through ${r}`);
      }
    }
  }
}
