/** `/v1/ping`. OWNER: auth/config work package. */
import type { Hono } from 'hono';
import type { ApiEnv } from './http/context';

export function registerPing(app: Hono<ApiEnv>): void {
  app.on(['GET', 'HEAD'], '/ping', (c) => c.body(null, 204));
}
