/**
 * `/v1/graphs/sparql`: the SPARQL 1.1 Protocol endpoint (MarkLogic’s REST API reference, /v1/graphs/sparql).
 * Queries by GET or POST, updates by POST; the answer's format is negotiated from
 * `Accept` for the query's form before the query runs, so an unacceptable type costs
 * nothing (406).
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { graphKeyOfCollection, type DocumentRestriction, type QueryForm } from '../db/triples';
import { effectiveTimestamp, requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { requestIdOf } from './requests';
import { endpoint } from './http/routing';
import { streamedResponse } from './http/streamed-response';
import { readSparqlRequest, type RequestedRestriction, type SparqlRequest } from './sparql-request';
import { assembledFrom } from './search-request';
import { contentTypeHeader, negotiateSparqlResults, sparqlResultsWriter } from './serializers/formats';
import { serializeResults } from './serializers/sparql-results';
import { serializeQuads } from './serializers/rdf';
import { thingsHref } from './serializers/html';
import { checkIriParams } from './http/iri-params';

export function registerSparql(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/graphs/sparql', {
    GET: (c) => sparql(c, deps),
    POST: (c) => sparql(c, deps),
  });
}

async function sparql(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const request = await readSparqlRequest(c.req.raw, { maxBytes: deps.db.maxPayloadBytes, database: deps.db.name, roles: deps.db.roles });
  await checkIriParams(deps, [
    ...request.defaultGraphs.map((v) => ['default-graph-uri', v] as const),
    ...request.namedGraphs.map((v) => ['named-graph-uri', v] as const),
    ...request.usingGraphs.map((v) => ['using-graph-uri', v] as const),
    ...request.usingNamedGraphs.map((v) => ['using-named-graph-uri', v] as const),
    ...(request.base === undefined ? [] : [['base', request.base] as const]),
  ]);
  return request.operation === 'query' ? query(c, deps, request) : update(c, deps, request);
}

/** The kind of answer each query form gives, for negotiating its media type. */
const answerKind = { SELECT: 'bindings', ASK: 'boolean', CONSTRUCT: 'graph', DESCRIBE: 'graph' } as const satisfies Record<QueryForm, string>;

/** The graph writes of the open transaction the request runs in (`txid`), if it names one. */
const journalOf = (c: ApiContext, deps: ApiDeps, r: SparqlRequest) => (r.txid === undefined ? undefined : deps.db.transactions.scope(r.txid, c.get('principal')).triples);

async function query(c: ApiContext, deps: ApiDeps, r: SparqlRequest): Promise<Response> {
  requireRole(c, 'rest-reader');
  const journal = journalOf(c, deps, r);
  const triples = deps.db.triples;
  const prepared = await triples.prepareQuery(r.text, {
    principal: c.get('principal'),
    defaultGraphs: r.defaultGraphs,
    namedGraphs: r.namedGraphs,
    base: r.base,
    bindings: r.bindings,
    start: r.start,
    pageLength: r.pageLength,
    deadline: c.get('deadline'),
    requestId: requestIdOf(c.req.raw),
  });
  // Negotiated once the form is known and before the query runs: a 406 costs nothing.
  const mediaType = negotiateSparqlResults(c.req.raw, answerKind[prepared.form]);
  const restriction = r.restriction && (await restrictionOf(r.restriction, deps));
  const result = restriction ? await triples.runRestricted(prepared, restriction, journal) : await triples.runQuery(prepared, journal);
  // The engine's own JSON text, as it came: from an engine host already UTF-8, which is what is sent.
  const engineText = result.form === 'SELECT' || result.form === 'ASK' ? (result.bytes ?? result.json) : undefined;
  const body =
    result.form === 'SELECT' || result.form === 'ASK'
      ? engineText !== undefined && sparqlResultsWriter(mediaType) === 'json'
        ? engineText
        : serializeResults(result.results, mediaType, thingsHref)
      : await triples.withModule('engine', (ox) => serializeQuads(result.quads, mediaType, ox, { href: thingsHref, title: `${result.form} results` }));
  // Serialising is synchronous, and a large result takes a while: past the deadline it is not sent.
  c.get('deadline').check('writing the SPARQL results');
  return streamedResponse(body, { status: 200, headers: { 'Content-Type': contentTypeHeader(mediaType), ...effectiveTimestamp(deps) } });
}

/**
 * The document query of a restricted SPARQL query, assembled as a search's is (the same
 * options, grammar and codes). One that selects every document restricts nothing: the query
 * sees the whole store, as MarkLogic's does when the search part is empty. Managed triples
 * are not documents in Tabula: a graph's managed triples are in the view only when the
 * restriction is collections alone and names it (docs/decisions/0032-embedded-triples.md).
 */
async function restrictionOf(requested: RequestedRestriction, deps: ApiDeps): Promise<DocumentRestriction | undefined> {
  const { query } = await assembledFrom('search', requested.params, requested.body, deps);
  if (query.kind === 'true') return undefined;
  const managedGraphs = query.kind === 'collection' ? query.uris.flatMap((uri) => graphKeyOfCollection(uri) ?? []) : [];
  return { query, managedGraphs, key: requested.key };
}

/** 200 done; 201 when a graph was created; 204 for an empty update (MarkLogic’s REST API reference, /v1/graphs/sparql). */
async function update(c: ApiContext, deps: ApiDeps, r: SparqlRequest): Promise<Response> {
  requireRole(c, 'rest-writer');
  const journal = journalOf(c, deps, r);
  if (r.text.trim() === '') return new Response(null, { status: 204 });
  if (r.start !== 1 || r.pageLength !== undefined) throw new DbError('REST-INVALIDPARAM', 'start and pageLength apply to queries, not updates');
  const outcome = await deps.db.triples.update(r.text, {
    principal: c.get('principal'),
    base: r.base,
    usingGraphs: r.usingGraphs,
    usingNamedGraphs: r.usingNamedGraphs,
    bindings: r.bindings,
    permissions: r.permissions,
    deadline: c.get('deadline'),
    journal,
  });
  return new Response(null, { status: outcome.created.length > 0 ? 201 : 200 });
}
