/**
 * Authentication middleware: establishes the acting user (`c.get('principal')`).
 * OWNER: auth work package — Digest (RFC 7616, MD5, qop=auth) and Basic.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiDeps, ApiEnv } from './context';
import { DbError } from '../../db/errors';
import { effectiveRoles } from '../../db/security/types';

export function authenticate(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (deps.auth === 'application' && !c.req.header('authorization')) {
      const user = await deps.db.users.get(deps.defaultUser ?? 'admin');
      if (!user) throw new DbError('SEC-AUTHREQUIRED');
      c.set('principal', { name: user.name, roles: effectiveRoles(user.roles) });
      return next();
    }
    throw new DbError('SEC-AUTHREQUIRED');
  };
}

/** The `WWW-Authenticate` challenge sent with a 401 by the `http` auth mode. */
export function challengeHeaders(): Record<string, string> {
  return { 'WWW-Authenticate': 'Basic realm="public"' };
}
