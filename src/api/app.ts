/**
 * The handler. `createApi(options).fetch(request)` answers every API path — `/v1/*`, its
 * alias `/LATEST/*`, the management paths and Tabula's own `/tabula/v1/*` — for every
 * database of the server whose home database is `options.db`, and is all a host (service
 * worker, Node) needs. Each database has a Hono app of its own (`databaseApi`), built when
 * the database is first asked for; src/api/dispatch.ts says which one answers a request.
 *
 * @example
 * const api = createApi({ db: await Database.open({ indexedDB }), auth: 'application' });
 * const res = await api.fetch(new Request('http://x/v1/ping'));
 */
import { Hono } from 'hono';
import { instanceErrorFormat, type ApiDeps, type ApiEnv, type ApiOptions } from './http/context';
import { authenticate, challengeHeaders, type HostBindings } from './http/auth';
import { loopbackCors } from './http/cors';
import { errorResponse } from './http/errors';
import { withSecurityHeaders } from './http/security-headers';
import { DbError } from '../db/errors';
import { limitError, limits } from '../db/limits';
import { ping, registerPing } from './ping';
import { registerDocuments } from './documents';
import { registerSearch } from './search';
import { registerSuggest } from './suggest';
import { registerConfigProperties } from './config-properties';
import { registerConfigQuery } from './config-query';
import { registerConfigIndexes } from './config-indexes';
import { registerManage } from './manage';
import { registerSparql } from './sparql';
import { registerThings } from './things';
import { registerGraphs } from './graphs';
import { registerValues } from './values';
import { registerReset } from './reset';
import { registerScene } from './scene';
import { registerSnapshots } from './snapshots';
import { registerSamples } from './samples';
import { registerIdle } from './idle';
import { Faults, registerFaults } from './faults';
import { registerStatus } from './status';
import { registerSettings } from './settings';
import { registerRequests, requestIdOf } from './requests';
import { registerTransactions } from './transactions';
import { unsupportedEndpoint } from './unsupported';
import { registerExt } from './ext';
import { registerRestApis } from './rest-apis';
import { route } from './dispatch';
import { openOnDemand } from './host';
import { Databases } from '../db/catalog';
import type { Database } from '../db/database';

/** Paths the API answers; everything else belongs to the console and static files. */
export const isApiPath = (pathname: string): boolean =>
  /^\/(v1|LATEST|manage|tabula)(\/|$)/.test(pathname) || /^\/([^/]+\/)?ping\/?$/.test(pathname);

/**
 * Paths whose answer needs the RDF engine: the graph store, SPARQL and things. A host
 * begins the engine's start on the first of them (sw/sw.ts): any other request would only
 * wait behind it, the wasm taking the worker's thread for tens of milliseconds.
 */
export const needsTriples = (pathname: string): boolean => /^\/(v1|LATEST)\/graphs(\/|$)/.test(pathname);

const ANY_PING = /^\/[^/]+\/ping\/?$/;
const INSTANCE_PATH = /^\/tabula\/instances\/([^/]+)\//;

/** What `createApi` returns: a handler, and the server's databases it answers for. */
export interface Api {
  /** `env` is the host's bindings (src/api/http/auth.ts, `HostBindings`), handed to the handler. */
  fetch(request: Request, env?: unknown): Promise<Response>;
  /** The server's catalogue (opened with the first request when not given). */
  databases(): Promise<Databases>;
}

export function createApi(options: ApiOptions): Api {
  const databases = openOnDemand(() => (options.databases ? Promise.resolve(options.databases) : Databases.open(options.db)));
  // Faults armed for demos and tests (POST /tabula/v1/faults) live as long as this handler, whichever database they are armed through.
  const faults = new Faults();
  const apps = new WeakMap<Database, Hono<ApiEnv>>();
  const appOf = (db: Database, server: Databases) => {
    let app = apps.get(db);
    if (!app) apps.set(db, (app = databaseApi({ ...options, db, databases: server }, faults)));
    return app;
  };
  let opened: Databases | undefined;
  return {
    databases,
    async fetch(request, env) {
      try {
        const server = opened ?? (opened = await databases());
        const routed = await route(request, server, options.instance);
        // An instance the path form names but the server has not: the home database's app answers 404, after authentication.
        if ('unknownInstance' in routed) return await appOf(server.home, server).fetch(request, env);
        // Held for the request, so an idle sweep cannot close the database under it.
        const { db, release } = await server.lease(routed.database);
        try {
          return await appOf(db, server).fetch(routed.request, { ...(env as object | undefined), basePath: routed.basePath, errorFormat: routed.instance.errorFormat } satisfies HostBindings);
        } finally {
          release();
        }
      } catch (err) {
        return errorResponse(err, request);
      }
    },
  };
}

/** The Hono app answering for one database (`deps.db`). */
function databaseApi(deps: ApiDeps, faults: Faults): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>({ strict: false });

  app.onError((err, c) => {
    const headers: Record<string, string> = {};
    if (err instanceof DbError && err.code === 'SEC-AUTHREQUIRED' && deps.auth === 'http') {
      Object.assign(headers, challengeHeaders(c.get('staleNonce') === true));
    }
    return errorResponse(err, c.req.raw, headers, instanceErrorFormat(c));
  });
  // Clients pre-authenticate on `/<anything>/ping` (MarkLogic’s REST Application Developer’s Guide), not only under /v1.
  // Answered here rather than by a `/:base/ping` route: that route is one Hono's
  // RegExpRouter cannot take beside the others, and it would leave every request to the
  // slower TrieRouter. The authentication middleware has run by the time this is asked.
  app.notFound((c) => {
    if (ANY_PING.test(c.req.path)) return ping(c);
    const instance = INSTANCE_PATH.exec(c.req.path);
    if (instance) return errorResponse(new DbError('RESTAPI-NOTFOUND', `instance ${instance[1]} does not exist`, 404), c.req.raw);
    return errorResponse(unsupportedEndpoint(c.req.path) ?? new DbError('REST-NOSUCHPATH', `${c.req.method} ${c.req.path}`), c.req.raw, undefined, instanceErrorFormat(c));
  });

  // Outermost: every answer — routes, errors, 404s, CORS preflights — leaves through here.
  app.use('*', async (c, next) => {
    await next();
    // In place: assigning c.res would copy the answer, and a streamed one must stay itself.
    const secured = withSecurityHeaders(c.res);
    if (secured !== c.res) c.res = secured;
  });
  // Before anything reads the query string. The URL is serialised percent-encoded, so the
  // length of its path and query is their size in bytes; the origin is the host's, not the client's.
  app.use('*', async (c, next) => {
    const url = c.req.url;
    const target = url.length - url.indexOf('/', url.indexOf('//') + 2);
    if (target > limits.maxUrlBytes) throw limitError('maxUrlBytes', `the request URL's path and query (${target} bytes)`, 414);
    await next();
  });
  // The time limit counts from here: everything after, authentication included, is the request's.
  app.use('*', async (c, next) => {
    c.set('deadline', await deps.db.deadline());
    await next();
  });
  if (deps.cors) app.use('*', loopbackCors());
  app.use('*', authenticate(deps));
  // A request its client named can be cancelled while it runs (src/api/requests.ts).
  app.use('*', async (c, next) => {
    const id = requestIdOf(c.req.raw);
    if (id === undefined) return next();
    const forget = deps.db.trackRequest(id, c.get('principal'), c.get('deadline'));
    try {
      await next();
    } finally {
      forget();
    }
  });
  app.use('*', faults.middleware());

  const v1 = new Hono<ApiEnv>({ strict: false });
  registerPing(v1);
  registerDocuments(v1, deps);
  registerSearch(v1, deps);
  registerSuggest(v1, deps);
  registerConfigProperties(v1, deps);
  registerConfigQuery(v1, deps);
  registerConfigIndexes(v1, deps);
  registerValues(v1, deps);
  // /graphs/sparql and /graphs/things before /graphs: they are paths of their own.
  registerSparql(v1, deps);
  registerThings(v1, deps);
  registerGraphs(v1, deps);
  registerTransactions(v1, deps);
  registerExt(v1, deps);
  registerRestApis(v1, deps);
  app.route('/v1', v1);
  app.route('/LATEST', v1);

  app.all('/ping', ping);

  // What Tabula offers that MarkLogic has no path for (docs/decisions/0025-scenes-and-tabula-paths.md).
  const tabula = new Hono<ApiEnv>({ strict: false });
  registerReset(tabula, deps);
  registerScene(tabula, deps);
  registerSnapshots(tabula, deps);
  registerSamples(tabula, deps);
  registerIdle(tabula, deps);
  registerFaults(tabula, deps, faults);
  registerStatus(tabula, deps);
  registerSettings(tabula, deps);
  registerRequests(tabula, deps);
  app.route('/tabula/v1', tabula);

  const manage = new Hono<ApiEnv>({ strict: false });
  registerManage(manage, deps);
  app.route('/manage/v2', manage);

  return app;
}
