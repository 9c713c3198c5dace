/** Users and roles. Passwords are never stored: only digests (see ./passwords.ts). */

export type Role = 'admin' | 'rest-admin' | 'rest-writer' | 'rest-reader' | (string & {});

export interface StoredUser {
  name: string;
  description?: string;
  roles: Role[];
  /**
   * HA1 = MD5(name:realm:password), what HTTP Digest needs; Basic credentials are
   * checked by computing the same digest from the password sent.
   */
  digestHa1: string;
}

/** The acting user of a request, with the roles it holds directly and by inheritance. */
export interface Principal {
  name: string;
  roles: ReadonlySet<string>;
}

/** The realm of HTTP Digest, as MarkLogic's app servers name it. */
export const REALM = 'public';

/**
 * Built-in roles and the roles they inherit, as MarkLogic ships the ones REST clients
 * name in permissions (the official clients' test suites use all of these):
 * rest-admin includes rest-writer, which includes rest-reader; admin can do everything.
 */
export const builtinRoles: Record<string, readonly string[]> = {
  admin: ['rest-admin', 'rest-writer', 'rest-reader'],
  'rest-admin': ['rest-writer', 'rest-reader'],
  'rest-writer': ['rest-reader'],
  'rest-reader': [],
  'rest-evaluator': ['rest-writer', 'rest-reader'],
  'rest-extension-user': [],
  'manage-admin': ['manage-user'],
  'manage-user': [],
  'app-user': [],
  'app-builder': [],
};

/** Every role a user effectively holds. */
export function effectiveRoles(roles: readonly string[]): Set<string> {
  const out = new Set<string>();
  const visit = (r: string) => {
    if (out.has(r)) return;
    out.add(r);
    for (const inherited of builtinRoles[r] ?? []) visit(inherited);
  };
  roles.forEach(visit);
  return out;
}

export const isAdmin = (p: Principal) => p.roles.has('admin');
