/** What every route handler can reach: the database and the acting user. */
import type { Context } from 'hono';
import type { Database } from '../../db/database';
import type { Principal } from '../../db/security';
import { DbError } from '../../db/errors';
import type { Deadline } from '../../db/deadline';
import type { Databases } from '../../db/catalog';
import type { HostBindings } from './auth';

export interface ApiEnv {
  Variables: {
    principal: Principal;
    /** When the request's time limit runs out (set before authentication, from its start). */
    deadline: Deadline;
    /** Set by Digest authentication when the credentials were right but the nonce is stale (the 401 says `stale=true`). */
    staleNonce?: boolean;
  };
}

export type ApiContext = Context<ApiEnv>;

/** What a host gives `createApi`. */
export interface ApiOptions {
  /** The server's home database: it keeps the users and roles, and is the built-in instance's content database. */
  db: Database;
  /** The server's catalogue, when the host shares one between handlers (the Node host's ports); opened from `db` otherwise. */
  databases?: Databases;
  /** The instance this handler serves (a Node host's port); the built-in one when absent. */
  instance?: string;
  /**
   * `http`: credentials required (Digest or Basic), as the Node host and a real
   * MarkLogic app server do. `application`: the browser host's application-level
   * authentication — requests act as `defaultUser` unless they send Authorization.
   */
  auth: 'http' | 'application';
  defaultUser?: string;
  /** Answer CORS for loopback origins (the Node host, which a console on another port targets). */
  cors?: boolean;
}

/** What every route handler of one database's app can reach: that database (`db`) and the server's catalogue. */
export interface ApiDeps extends ApiOptions {
  databases: Databases;
}

/** The path the request's API path was found under: `/tabula/instances/<name>` for the browser's path form, else empty (src/api/dispatch.ts). */
export function basePathOf(c: ApiContext): string {
  const base = (c.env as HostBindings | undefined)?.basePath;
  return typeof base === 'string' ? base : '';
}

/** The error format of the instance the request reached, when its client states none (MarkLogic's app server `error-format`). */
export function instanceErrorFormat(c: ApiContext): 'json' | 'xml' {
  return (c.env as HostBindings | undefined)?.errorFormat ?? 'json';
}

/** 403 SEC-PRIV unless the acting user holds `role` (directly or by inheritance). */
export function requireRole(c: ApiContext, role: 'rest-reader' | 'rest-writer' | 'rest-admin' | 'admin'): void {
  const p = c.get('principal');
  if (!p.roles.has(role) && !p.roles.has('admin')) throw new DbError('SEC-PRIV');
}

/**
 * `ML-Effective-Timestamp`: the database time a successful read saw (MarkLogic’s REST Application Developer’s Guide),
 * the same clock document versions come from, so graph, SPARQL and document reads agree.
 */
export const effectiveTimestamp = (deps: ApiDeps): Record<string, string> => ({ 'ML-Effective-Timestamp': String(deps.db.clock.current()) });
