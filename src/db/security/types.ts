/** Users and roles. Passwords are never stored: only digests (see ./passwords.ts). */
import type { Permission } from '../documents/types';

export type Role = 'admin' | 'rest-admin' | 'rest-writer' | 'rest-reader' | (string & {});

export interface StoredUser {
  name: string;
  description?: string;
  roles: Role[];
  /** The user's own default permissions (Management API `permission`), added to its roles' on every new document. */
  permissions?: Permission[];
  /**
   * HA1 = MD5(name:realm:password), what HTTP Digest needs; Basic credentials are
   * checked by computing the same digest from the password sent.
   */
  digestHa1: string;
}

/** An execute or URI privilege as the Management API names one in a role's `privilege` list. */
export interface Privilege {
  'privilege-name': string;
  action: string;
  kind: 'execute' | 'uri';
}

/** A role: built in (./roles.ts) or created through `/manage/v2/roles` (the `roles` store). */
export interface StoredRole {
  name: string;
  description?: string;
  /** Roles this one inherits (Management API `role`). */
  roles: string[];
  privileges: Privilege[];
  /** Default permissions (Management API `permission`): what a document this role's users create gets. */
  permissions: Permission[];
}

/** The acting user of a request, with the roles it holds directly and by inheritance. */
export interface Principal {
  name: string;
  roles: ReadonlySet<string>;
  /**
   * What a document this user creates gets besides the permissions the request names:
   * the user's and its roles' default permissions (MarkLogic 10+). Absent: none.
   */
  defaultPermissions?: readonly Permission[];
}

/** Whether a role name exists (built in or created); metadata validation asks it. */
export interface RoleLookup {
  has(name: string): boolean;
}

/** The realm of HTTP Digest, as MarkLogic's app servers name it. */
export const REALM = 'public';

/**
 * Built-in roles and the roles they inherit, as MarkLogic ships the ones REST clients
 * name in permissions (the official clients' test suites use all of these):
 * rest-admin includes rest-writer, which includes rest-reader. admin inherits nothing,
 * as on MarkLogic: it passes every check by itself ({@link isAdmin}), so it gets no
 * default permissions from the REST roles either.
 */
export const builtinRoles: Record<string, readonly string[]> = {
  admin: [],
  'rest-admin': ['rest-writer', 'rest-reader'],
  'rest-writer': ['rest-reader'],
  'rest-reader': [],
  'rest-evaluator': ['rest-writer', 'rest-reader'],
  'rest-extension-user': [],
  'manage-admin': ['manage-user'],
  'manage-user': [],
  'app-user': [],
  'app-builder': [],
  // MarkLogic's role for managing users and roles without being admin.
  security: [],
};

/** The built-in roles' default permissions: rest-writer's give rest-reader read and rest-writer update. */
export const builtinDefaultPermissions: Record<string, readonly Permission[]> = {
  'rest-writer': [
    { 'role-name': 'rest-reader', capabilities: ['read'] },
    { 'role-name': 'rest-writer', capabilities: ['update'] },
  ],
};

export const builtinRoleLookup: RoleLookup = { has: (name) => Object.hasOwn(builtinRoles, name) };

/** Every role held through `roles`, following `inherits` (built-in roles only when not given). */
export function effectiveRoles(roles: readonly string[], inherits: (role: string) => readonly string[] = (r) => builtinRoles[r] ?? []): Set<string> {
  const out = new Set<string>();
  const visit = (r: string) => {
    if (out.has(r)) return;
    out.add(r);
    for (const inherited of inherits(r)) visit(inherited);
  };
  roles.forEach(visit);
  return out;
}

export const isAdmin = (p: Principal) => p.roles.has('admin');

/** May manage users and roles (`/manage/v2/users`, `/manage/v2/roles`): admin, or the security role. */
export const maySecure = (p: Principal) => p.roles.has('admin') || p.roles.has('security');
