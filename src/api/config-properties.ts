/** `/v1/config/properties`. OWNER: auth/config work package. */
import type { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from './http/context';

export function registerConfigProperties(_app: Hono<ApiEnv>, _deps: ApiDeps): void {}
