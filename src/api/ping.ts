/**
 * Ping: lets a client check the connection and pre-authenticate, on `/v1/ping` and on
 * `/<anything>/ping` (MarkLogic’s REST Application Developer’s Guide). Any method is accepted, as on the real server.
 * Reaching the handler means the authentication middleware accepted the request (or,
 * in `http` mode, already answered 401 with the Digest challenge the official client
 * builds its authenticator from). A user who holds no REST role gets 403, which the
 * official client's checkConnection reports; otherwise 204.
 */
import type { Hono } from 'hono';
import { requireRole, type ApiContext, type ApiEnv } from './http/context';

export const ping = (c: ApiContext): Response => {
  requireRole(c, 'rest-reader');
  return c.body(null, 204);
};

export function registerPing(app: Hono<ApiEnv>): void {
  app.all('/ping', ping);
}
