/**
 * A server's databases and REST instances (MarkLogic's Management API reference, databases;
 * MarkLogic's REST API reference, /v1/rest-apis), and the `database=` parameter that points a
 * request at one of them.
 *
 * A client made with `database` (or by `client.withDatabase(name)`) sends `database=<name>` to
 * the paths that take it ({@link carriesDatabase}) — the data endpoints, the instance's
 * configuration, transactions, and Tabula's own whole-database paths — and to no other: the
 * server refuses the parameter (400 REST-UNSUPPORTEDPARAM) where it means nothing, on
 * `/v1/ping`, `/v1/ext`, `/v1/rest-apis` and the Management API. Without it a request reaches
 * its REST instance's content database.
 *
 * @example
 * await client.databases.create('shop');
 * const shop = client.withDatabase('shop');
 * await shop.documents.write('/a.json', '{"a":1}'); // in `shop`
 * (await client.databases.counts('shop')).documents; // 1
 * await client.databases.remove('shop');
 */
import type { DatabaseCountsJson, RestApiCreateJson, RestApiJson, RestApiListJson } from '../wire/instances';
import { isObject } from './objects';
import { inTransaction } from './transactions';
import type { Send } from './transport';

export type { DatabaseCountsJson, RestApiJson, RestApiListJson } from '../wire/instances';

/** The built-in REST instance (MarkLogic's, and Tabula's: the home database, `Modules`, the host's port). */
export const BUILT_IN_INSTANCE = 'App-Services';

/**
 * Where REST instance `name` answers in a browser, whose origin has no ports to tell instances
 * apart: `/tabula/instances/<name>`, followed by the API path (`…/v1/search`, `…/manage/v2/…`);
 * the server strips the prefix (docs/decisions/0034-databases-and-instances.md, decision 5).
 */
export function instancePath(name: string): string {
  if (name === '') throw new TypeError('A REST instance name is required');
  return `/tabula/instances/${encodeURIComponent(name)}`;
}

/**
 * The base URL of REST instance `instance` of the server reached at `baseUrl`, for a client's
 * `baseUrl` option: on this page's own origin (`baseUrl` empty or absent) the path form,
 * {@link instancePath}; on a server of its own, the same URL at the instance's port (each instance
 * listens on its own, as under `npm run serve` or on MarkLogic). An instance without a port
 * cannot be reached there: that throws.
 */
export function instanceBaseUrl(baseUrl: string | undefined, instance: { name: string; port?: string }): string {
  if (!baseUrl) return instancePath(instance.name);
  const port = instance.port ?? '';
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new TypeError(`The REST instance ${instance.name} has no port to reach it at: ${JSON.stringify(port)}`);
  const url = new URL(baseUrl);
  url.port = port;
  // URL writes a bare origin with a slash; the client joins paths to it without one.
  return url.href.replace(/\/+$/, '');
}

/** The Management API's databases: `GET` lists them, `POST` creates one. */
export const DATABASES_PATH = '/manage/v2/databases';
/** REST instances: `GET` lists them, `POST` creates one. */
export const REST_APIS_PATH = '/v1/rest-apis';

/**
 * The paths whose requests run against the database they name with `database=`: documents,
 * search, QBE, suggest, values, graphs, SPARQL, things; `/v1/config/{query,properties,indexes}`
 * and below; `/v1/transactions` and below; and Tabula's reset, scene, snapshots, samples, idle,
 * status and settings. (`/LATEST/…` is `/v1/…`.)
 */
const DATABASE_PATHS = [
  /^\/(v1|LATEST)\/(documents|search|qbe|suggest|values(\/[^/]+)?|graphs(\/(sparql|things))?)$/,
  /^\/(v1|LATEST)\/config\/(query(\/[^/]+){0,2}|(properties|indexes)(\/[^/]+)?)$/,
  /^\/(v1|LATEST)\/transactions(\/[^/]+)?$/,
  /^\/tabula\/v1\/(reset|scene(\/progress)?|snapshots(\/[^/]+(\/restore)?)?|samples(\/[^/]+)?|idle|status|settings)$/,
];

/** Whether a request to `path` takes `database=`: the one rule the client follows and a page shows. */
export function carriesDatabase(path: string): boolean {
  return DATABASE_PATHS.some((re) => re.test(path));
}

/**
 * The request as it goes out against database `database` (none: unchanged): `database` added
 * to its parameters when its path takes one. Pages use it to show and copy what was really sent.
 */
export function inDatabase<T extends { path: string; params: URLSearchParams }>(spec: T, database: string | undefined): T {
  if (database === undefined || !carriesDatabase(spec.path)) return spec;
  const params = new URLSearchParams(spec.params);
  params.set('database', database);
  return { ...spec, params };
}

/** The transaction and the database a client's requests run in (none: outside any, in the instance's content database). */
export interface RequestScope {
  transaction?: string;
  database?: string;
}

/**
 * The request as a client in `scope` sends it: `txid` and `database` added where its path takes
 * them. The client's `send` applies it, and pages use it to show and copy what was really sent.
 */
export function asSent<T extends { path: string; params: URLSearchParams }>(spec: T, scope: RequestScope): T {
  return inDatabase(inTransaction(spec, scope.transaction), scope.database);
}

/** What a database holds, from `GET /manage/v2/databases/{name}?view=counts`. */
export interface DatabaseCounts {
  name: string;
  documents: number;
  /** The documents' content in bytes. */
  documentBytes: number;
  /** Quads in the triple store, embedded triples included. */
  triples: number;
  /** Characters of N-Quads the triple store keeps. */
  tripleChars: number;
}

/** A REST instance, as `GET /v1/rest-apis` lists it. */
export interface RestInstance {
  name: string;
  group: string;
  /** Its content database: where its requests go without `database=`. */
  database: string;
  modulesDatabase: string;
  /** As the server writes it (a string of digits); empty when it sent none. */
  port: string;
}

/** A new instance: only `name` is required; the server names its databases `<name>` and `<name>-modules` and picks a port. */
export interface RestInstanceSpec {
  name: string;
  database?: string;
  modulesDatabase?: string;
  port?: number;
  group?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface RemoveInstanceOptions extends RequestOptions {
  /** Delete its content database too (`include=content`). */
  content?: boolean;
  /** Delete its modules database too (`include=modules`). */
  modules?: boolean;
}

export interface DatabasesApi {
  /** `GET /manage/v2/databases`: every database's name, in the server's order. Needs manage-user. */
  list(options?: RequestOptions): Promise<string[]>;
  /** `GET /manage/v2/databases/{name}?view=counts`: documents, bytes and triples it holds. An unknown name is 404. */
  counts(name: string, options?: RequestOptions): Promise<DatabaseCounts>;
  /** `POST /manage/v2/databases`: an empty database (201). A taken name is 400 ADMIN-DUPLICATENAME, a bad one 400 MANAGE-INVALIDPAYLOAD. */
  create(name: string, options?: RequestOptions): Promise<void>;
  /** `DELETE /manage/v2/databases/{name}` with everything it holds (204). The home database and one an instance uses are refused, 400 MANAGE-INVALIDREQUEST. */
  remove(name: string, options?: RequestOptions): Promise<void>;
}

export interface InstancesApi {
  /** `GET /v1/rest-apis`: every REST instance. Needs rest-admin. */
  list(options?: RequestOptions): Promise<RestInstance[]>;
  /** `POST /v1/rest-apis`: creates the instance, and its databases when they do not exist (201). */
  create(spec: string | RestInstanceSpec, options?: RequestOptions): Promise<void>;
  /** `DELETE /v1/rest-apis/{name}`, and its databases when asked to (204). */
  remove(name: string, options?: RemoveInstanceOptions): Promise<void>;
}

const ACCEPT_JSON = { Accept: 'application/json' };
const json = new URLSearchParams({ format: 'json' });

const databasePath = (name: string) => `${DATABASES_PATH}/${encodeURIComponent(name)}`;

function requireName(what: string, name: string): void {
  if (name === '') throw new TypeError(`A ${what} name is required`);
}

// The Management API's JSON is generated from its XML: a real server may leave out an empty
// list, write a one-item list as an object, and numbers as strings. Read leniently.
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : isObject(v) ? [v] : []);
const numberOf = (v: unknown): number => {
  const n = isObject(v) ? v.value : v;
  const value = typeof n === 'string' && n.trim() !== '' ? Number(n) : n;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** The names of a `database-default-list`; anything else rejects. */
export function readDatabaseList(body: unknown): string[] {
  const list = isObject(body) ? body['database-default-list'] : undefined;
  if (!isObject(list)) throw new Error('The server answered JSON that is not a list of databases');
  const items = isObject(list['list-items']) ? listOf(list['list-items']['list-item']) : [];
  return items.flatMap((item) => (isObject(item) && typeof item.nameref === 'string' && item.nameref !== '' ? [item.nameref] : []));
}

/** A `database-counts` document read into {@link DatabaseCounts}; anything else rejects. */
export function readDatabaseCounts(body: unknown): DatabaseCounts {
  const doc = isObject(body) ? (body as Partial<DatabaseCountsJson>)['database-counts'] : undefined;
  if (!isObject(doc) || typeof doc.name !== 'string') throw new Error('The server answered JSON that is not a database’s counts');
  const props: Record<string, unknown> = isObject(doc['count-properties']) ? doc['count-properties'] : {};
  return {
    name: doc.name,
    documents: numberOf(props.documents),
    documentBytes: numberOf(props['document-bytes']),
    triples: numberOf(props.triples),
    tripleChars: numberOf(props['triple-chars']),
  };
}

/** A `rest-apis` list read into {@link RestInstance}s; anything else rejects. */
export function readInstanceList(body: unknown): RestInstance[] {
  const list = isObject(body) ? (body as Partial<RestApiListJson>)['rest-apis'] : undefined;
  if (!Array.isArray(list) && !isObject(list)) throw new Error('The server answered JSON that is not a list of REST instances');
  return listOf(list).flatMap((item) => {
    if (!isObject(item) || typeof item.name !== 'string') return [];
    const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
    const i = item as Partial<RestApiJson>;
    return [{ name: item.name, group: text(i.group), database: text(i.database), modulesDatabase: text(i['modules-database']), port: text(i.port) }];
  });
}

export function createDatabasesApi(send: Send): DatabasesApi {
  return {
    async list({ signal } = {}) {
      const res = await send('GET', DATABASES_PATH, json, { signal, headers: ACCEPT_JSON });
      return readDatabaseList(await res.json());
    },

    async counts(name, { signal } = {}) {
      requireName('database', name);
      const res = await send('GET', databasePath(name), new URLSearchParams({ view: 'counts', format: 'json' }), { signal, headers: ACCEPT_JSON });
      return readDatabaseCounts(await res.json());
    },

    async create(name, { signal } = {}) {
      requireName('database', name);
      const res = await send('POST', DATABASES_PATH, undefined, {
        signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ 'database-name': name }),
      });
      await res.body?.cancel();
    },

    async remove(name, { signal } = {}) {
      requireName('database', name);
      await (await send('DELETE', databasePath(name), undefined, { signal })).body?.cancel();
    },
  };
}

export function createInstancesApi(send: Send): InstancesApi {
  return {
    async list({ signal } = {}) {
      const res = await send('GET', REST_APIS_PATH, json, { signal, headers: ACCEPT_JSON });
      return readInstanceList(await res.json());
    },

    async create(spec, { signal } = {}) {
      const { name, database, modulesDatabase, port, group } = typeof spec === 'string' ? { name: spec } : spec;
      requireName('REST instance', name);
      const payload: RestApiCreateJson = { 'rest-api': { name } };
      if (database !== undefined) payload['rest-api'].database = database;
      if (modulesDatabase !== undefined) payload['rest-api']['modules-database'] = modulesDatabase;
      if (port !== undefined) payload['rest-api'].port = port;
      if (group !== undefined) payload['rest-api'].group = group;
      const res = await send('POST', REST_APIS_PATH, undefined, { signal, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
      await res.body?.cancel();
    },

    async remove(name, { signal, content, modules } = {}) {
      requireName('REST instance', name);
      const params = new URLSearchParams();
      if (content) params.append('include', 'content');
      if (modules) params.append('include', 'modules');
      await (await send('DELETE', `${REST_APIS_PATH}/${encodeURIComponent(name)}`, params, { signal })).body?.cancel();
    },
  };
}
