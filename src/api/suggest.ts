/**
 * `/v1/suggest` (MarkLogic’s REST API reference, /v1/suggest): completions of `partial-q` for a search box. `q`
 * (repeatable) and a POSTed combined query restrict the documents the completions come
 * from; `options` (or a combined query's inline options) supply the constraints and
 * `default-suggestion-source`. XML `search:suggestions` by default, or JSON `{"suggestions": [...]}`.
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { SEARCH_NS } from '../db/xml';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { inTransaction } from './http/transaction';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { assembleQuery, positiveInt } from './search-request';
import type { SuggestResponse } from '../wire/search';

export function registerSuggest(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/suggest', {
    GET: (c) => suggestions(c, deps),
    POST: (c) => suggestions(c, deps),
  });
}

async function suggestions(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-reader');
  const req = c.req.raw;
  const params = new Params(req);
  params.checkShared(deps.db.name);
  const { txid } = inTransaction(c, deps, params);
  params.validate(['partial-q', 'q', 'limit', 'cursor-position', 'options', 'format']);
  const partial = params.one('partial-q') ?? '';
  const limit = positiveInt(params, 'limit', 10, 1);
  const cursor = params.has('cursor-position') ? positiveInt(params, 'cursor-position', partial.length, 0) : undefined;
  if (cursor !== undefined && cursor > partial.length) throw new DbError('REST-INVALIDPARAM', `cursor-position ${cursor} is past the end of partial-q`);
  // XML unless JSON is asked for, like every endpoint (the official client sends Accept: application/json).
  const format = structuredFormat(req, params.oneOf('format', ['json', 'xml'] as const));
  const { query, options } = await assembleQuery(req, params, deps, 'suggest');
  const list = await deps.db.search.suggest({ partial, cursor, limit, options, restrict: query, principal: c.get('principal'), deadline: c.get('deadline'), transaction: txid });
  const body =
    format === 'json'
      ? JSON.stringify({ suggestions: list } satisfies SuggestResponse)
      : `<search:suggestions xmlns:search="${SEARCH_NS}">${list.map((s) => `<search:suggestion>${escapeXml(s)}</search:suggestion>`).join('')}</search:suggestions>`;
  return new Response(body, { status: 200, headers: { 'Content-Type': `application/${format}; charset=utf-8` } });
}
