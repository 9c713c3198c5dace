/** Management paths under `/manage/v2`. OWNER: auth/config work package. */
import type { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from './http/context';

export function registerManage(_app: Hono<ApiEnv>, _deps: ApiDeps): void {}
