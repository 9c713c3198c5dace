/**
 * Registers an endpoint's methods on a path, and answers every other method on
 * that path with 405 REST-UNSUPPORTEDMETHOD (Hono alone would answer 404).
 */
import type { Hono, Handler } from 'hono';
import type { ApiEnv } from './context';
import { DbError } from '../../db/errors';

type Method = 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

export function endpoint(app: Hono<ApiEnv>, path: string, handlers: Partial<Record<Method, Handler<ApiEnv>>>): void {
  const methods = Object.keys(handlers) as Method[];
  for (const m of methods) app.on(m, path, handlers[m]!);
  // Hono answers HEAD with the GET handler's headers unless HEAD is registered itself.
  app.all(path, (c) => {
    throw new DbError('REST-UNSUPPORTEDMETHOD', `${c.req.method} not supported on ${c.req.path}; allowed: ${methods.join(', ')}`);
  });
}
