/**
 * `/v1/ping`: lets a client check the connection and pre-authenticate. Any method is
 * accepted, as on the real server. Reaching the handler means the authentication
 * middleware accepted the request (or, in `http` mode, already answered 401 with the
 * Digest challenge the official client builds its authenticator from), so the answer
 * is always 204: the official client's `checkConnection` takes any status below 300.
 */
import type { Hono } from 'hono';
import type { ApiEnv } from './http/context';

export function registerPing(app: Hono<ApiEnv>): void {
  app.all('/ping', (c) => c.body(null, 204));
}
