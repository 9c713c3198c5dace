/** `/v1/documents`. OWNER: lead. */
import type { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from './http/context';

export function registerDocuments(_app: Hono<ApiEnv>, _deps: ApiDeps): void {}
