/**
 * `/v1/values` (MarkLogic's REST API reference, /v1/values; MarkLogic's REST Application
 * Developer's Guide, "Analytics: values and tuples"):
 * - `GET /v1/values` lists the values and tuples definitions of the option set `options`
 *   (the default set otherwise);
 * - `GET|POST /v1/values/{name}`: a definition's distinct values (or tuples) with their
 *   frequencies, and its aggregates, over the documents the query matches and the user may
 *   read. The query is a search's — `q`, `structuredQuery`, `collection`, `directory`, a POSTed
 *   combined query whose inline options may hold the definition — assembled as /v1/search
 *   assembles it.
 *
 * What Tabula cannot honour is refused by name: `aggregatePath` (a user-defined aggregate is
 * a native plugin the server would run) and `transform` (server-side code).
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { resolveOptions } from '../db/options';
import { aggregatesFor, listValuesDefinitions, valuesAnswer, valuesDefinition, type ValuesView } from '../db/values';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { structuredFormat } from './http/negotiate';
import { Params } from './http/params';
import { inTransaction } from './http/transaction';
import { endpoint } from './http/routing';
import { assembleQuery, positiveInt } from './search-request';
import { valuesListJson, valuesListXml, valuesResponseJson, valuesResponseXml } from './serializers/values-response';

const LIST_PARAMS = ['options', 'format', 'database'];
const VALUES_PARAMS = ['q', 'structuredQuery', 'options', 'collection', 'directory', 'aggregate', 'view', 'direction', 'frequency', 'start', 'pageLength', 'limit', 'format', 'database'];
const VIEWS: readonly ValuesView[] = ['values', 'aggregate', 'all'];

/** Parameters of the real API that would need code Tabula does not run: refused by name. */
const REFUSED: Readonly<Record<string, string>> = {
  aggregatePath: 'aggregatePath names a user-defined aggregate (a native plugin); Tabula computes only the built-in aggregates (aggregate=…)',
};

export function registerValues(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/values', { GET: (c) => list(c, deps) });
  endpoint(app, '/values/:name', {
    GET: (c) => values(c, deps),
    POST: (c) => values(c, deps),
  });
}

function prepare(c: ApiContext, deps: ApiDeps, allowed: readonly string[]): { params: Params; txid?: string } {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const { txid } = inTransaction(c, deps, params);
  params.refuseTransforms();
  for (const name of Object.keys(REFUSED)) if (params.has(name)) throw new DbError('REST-INVALIDPARAM', REFUSED[name]);
  params.validate(allowed);
  return { params, txid };
}

async function list(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const { params } = prepare(c, deps, LIST_PARAMS);
  const name = params.one('options');
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  const names = listValuesDefinitions(await resolveOptions(deps.db, name, undefined));
  const body = format === 'json' ? valuesListJson(names, name) : valuesListXml(names, name);
  return new Response(body, { status: 200, headers: { 'Content-Type': `application/${format}; charset=utf-8` } });
}

async function values(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const began = performance.now();
  const { params, txid } = prepare(c, deps, VALUES_PARAMS);
  const name = c.req.param('name') ?? '';
  const view = params.oneOf('view', VIEWS) ?? 'all';
  const direction = params.oneOf('direction', ['ascending', 'descending'] as const);
  const frequency = params.oneOf('frequency', ['item', 'fragment'] as const);
  const start = positiveInt(params, 'start', 1, 1);
  const pageLength = params.has('pageLength') ? positiveInt(params, 'pageLength', 0, 0) : undefined;
  const limit = params.has('limit') ? positiveInt(params, 'limit', 0, 1) : undefined;
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));

  const { query, options } = await assembleQuery(c.req.raw, params, deps, 'search');
  const definition = valuesDefinition(options, name);
  // Refused before any index is read: an aggregate the definition's types cannot take.
  const aggregates = aggregatesFor(definition, params.all('aggregate'));
  const outcome = await deps.db.search.values({
    query,
    principal: c.get('principal'),
    deadline: c.get('deadline'),
    transaction: txid,
    definition,
    start,
    ...(frequency ? { frequency } : {}),
    ...(direction ? { direction } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(pageLength !== undefined ? { pageLength } : {}),
  });
  const valuesDone = performance.now();
  const answer = valuesAnswer(definition, outcome, aggregates, view);
  const done = performance.now();
  const timings = { valuesMs: valuesDone - began, aggregateMs: done - valuesDone, totalMs: done - began };
  const body = format === 'json' ? valuesResponseJson(answer, timings) : valuesResponseXml(answer, timings);
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': `application/${format}; charset=utf-8`, 'ML-Effective-Timestamp': String(deps.db.documents.effectiveTimestamp()) },
  });
}
