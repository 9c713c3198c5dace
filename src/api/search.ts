/** `/v1/search`. OWNER: lead. */
import type { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from './http/context';

export function registerSearch(_app: Hono<ApiEnv>, _deps: ApiDeps): void {}
