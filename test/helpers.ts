/**
 * Test helpers: a fresh database and handler per test, and request builders.
 * Every API test goes through `api.fetch(new Request(...))` — the real handler.
 */
import { nodeOxigraph } from '../src/node/oxigraph-engine';

/** The Node engine factory, for tests that open a database themselves. */
export { nodeOxigraph };
import { Database } from '../src/db/database';
import { createApi } from '../src/api/app';
import type { ApiDeps } from '../src/api/http/context';
import type { OxigraphFactory } from '../src/db/triples/triple-store';
import type { RequestTiming } from '../src/db/deadline';
import type { DatabaseOptions } from '../src/db/database';
import type { Databases } from '../src/db/catalog';

let counter = 0;

export interface TestApi {
  db: Database;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The server's catalogue of databases and instances the handler answers for. */
  databases: () => Promise<Databases>;
}

/** A handler over a fresh in-memory database. Default: browser-style auth acting as admin. */
export async function testApi(
  options: Partial<Omit<ApiDeps, 'db'>> & { maxPayloadBytes?: number; oxigraph?: OxigraphFactory; timing?: RequestTiming } & Pick<DatabaseOptions, 'search' | 'triples' | 'transactions'> = {},
): Promise<TestApi> {
  const db = await Database.open({
    indexedDB,
    name: `test-${process.pid}-${++counter}-${Date.now()}`,
    maxPayloadBytes: options.maxPayloadBytes,
    oxigraph: options.oxigraph ?? nodeOxigraph,
    timing: options.timing,
    search: options.search,
    triples: options.triples,
    transactions: options.transactions,
  });
  const api = createApi({ db, auth: options.auth ?? 'application', defaultUser: options.defaultUser, cors: options.cors });
  return {
    db,
    fetch: (input, init) => Promise.resolve(api.fetch(new Request(new URL(input, 'http://localhost:8000'), init))),
    databases: api.databases,
  };
}

/** The same storage opened by a new database and handler: what a service worker finds after a stop. */
export async function reopened(api: TestApi, options: Partial<Omit<ApiDeps, 'db'>> = {}): Promise<TestApi> {
  const db = await Database.open({ indexedDB, name: api.db.name, oxigraph: nodeOxigraph });
  const handler = createApi({ db, auth: options.auth ?? 'http', defaultUser: options.defaultUser, cors: options.cors });
  return { db, fetch: (input, init) => Promise.resolve(handler.fetch(new Request(new URL(input, 'http://localhost:8000'), init))), databases: handler.databases };
}

/** `Authorization: Basic` for a seeded user (password = name, admin/admin). */
export const basic = (user: string, password = user): string => `Basic ${btoa(`${user}:${password}`)}`;

/** The body of an API error: MarkLogic's `errorResponse` (statusCode, messageCode, message). */
export async function errorResponse(res: Response): Promise<{ statusCode: number; messageCode: string; message: string }> {
  return ((await res.json()) as { errorResponse: { statusCode: number; messageCode: string; message: string } }).errorResponse;
}

/** An API error as its HTTP status, message code and message, for one-line assertions. */
export async function errorOf(res: Response): Promise<{ status: number; code: string; message: string }> {
  const { messageCode, message } = await errorResponse(res);
  return { status: res.status, code: messageCode, message };
}
