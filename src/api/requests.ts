/**
 * `DELETE /tabula/v1/requests/{id}`: cancels a running request the client named with the
 * `Tabula-Request-Id` header. Its own answer is then 500 XDMP-CANCELED, as MarkLogic answers
 * a request cancelled from its Admin interface. A SPARQL query running on the engine host
 * can be cancelled — the host is ended, which stops the engine mid-query, and another starts
 * (docs/decisions/0028-engine-host.md); a search, values or a bulk read or write stops at
 * its next deadline check, committing nothing (docs/decisions/0029-cooperative-search.md),
 * and a latency injected by a fault ends at once;
 * a SPARQL query in the service worker's own engine cannot be interrupted, and is over by
 * the time this request is read. A user cancels their own
 * requests, an admin anyone's; someone else's is not found. Tabula's own path
 * (docs/decisions/0025-scenes-and-tabula-paths.md).
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import type { ApiDeps, ApiEnv } from './http/context';
import { Params } from './http/params';
import { endpoint } from './http/routing';

/** The header naming a request, so it can be cancelled while it runs. */
export const REQUEST_ID_HEADER = 'Tabula-Request-Id';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's `Tabula-Request-Id`, checked (400 when malformed); undefined when absent. */
export function requestIdOf(request: Request): string | undefined {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (id === null) return undefined;
  if (!REQUEST_ID.test(id)) throw new DbError('RESTAPI-INVALIDREQ', `${REQUEST_ID_HEADER} must be 1–128 letters, digits or . _ : -`);
  return id;
}

export function registerRequests(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/requests/:id', {
    DELETE: async (c) => {
      new Params(c.req.raw).validate([]);
      const id = c.req.param('id') ?? '';
      // A request id names a request in whichever database it runs: every open one is asked.
      const open = await Promise.all(deps.databases.openNames().map((name) => deps.databases.ifOpen(name)));
      const cancelled = open.map((db) => db?.cancelRequest(id, c.get('principal')) ?? false);
      if (!cancelled.includes(true)) {
        throw new DbError('RESTAPI-NODOCUMENT', `no running request ${id} that can be cancelled`, 404);
      }
      return new Response(null, { status: 204 });
    },
  });
}
