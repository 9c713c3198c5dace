/**
 * `/v1/graphs/things` (MarkLogic’s REST API reference, /v1/graphs/things): without `iri`, an HTML page of the
 * subject nodes (at most 10,000, no paging); with `iri` (repeatable), the triples of
 * those nodes in the negotiated syntax, an HTML page whose nodes link back here, or 404
 * when none of them has triples.
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { effectiveTimestamp, requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { inTransaction } from './http/transaction';
import { checkIriParams, iriPairs } from './http/iri-params';
import { contentTypeHeader, negotiateAnswer } from './serializers/formats';
import { serializeQuads } from './serializers/rdf';
import { subjectsHtml, thingsHref } from './serializers/html';

export function registerThings(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/graphs/things', {
    GET: (c) => things(c, deps, false),
    HEAD: (c) => things(c, deps, true),
  });
}

async function things(c: ApiContext, deps: ApiDeps, head: boolean): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const journal = inTransaction(c, deps, params).triples;
  params.validate(['iri']);
  const iris = params.all('iri');
  await checkIriParams(deps, iriPairs(params.entries()));
  const principal = c.get('principal');
  const triples = deps.db.triples;
  let type: string;
  let body: string;
  if (iris.length === 0) {
    type = negotiateAnswer(c.req.raw, 'subjects');
    const subjects = await triples.subjects(principal, undefined, journal);
    body = subjectsHtml(subjects, thingsHref, 'Things');
  } else {
    type = negotiateAnswer(c.req.raw, 'graph');
    const quads = await triples.describe(iris, principal, undefined, journal);
    if (quads.length === 0) throw new DbError('RESTAPI-NOTFOUND', `no triples for ${iris.join(', ')}`);
    body = head ? '' : await triples.withModule('engine', (ox) => serializeQuads(quads, type, ox, { href: thingsHref, title: iris.join(', ') }));
  }
  return new Response(head ? null : body, { status: 200, headers: { 'Content-Type': contentTypeHeader(type), ...effectiveTimestamp(deps) } });
}
