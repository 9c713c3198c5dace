/**
 * `/v1/config/indexes` (MarkLogic’s REST API reference, /v1/config/indexes): for each query option set, the range indexes
 * it relies on — range constraints, range sort orders, range values and tuples sources —
 * and whether each exists, is being built (re-indexing) or is missing; plus every
 * configured range index with its re-indexing progress, which the console's index
 * editor polls. `/v1/config/indexes/{name}` reports one option set.
 *
 * The real server's report format is not documented in the references; this one keeps
 * MarkLogic's vocabulary (`index-summaries`, `query-options`, `complete`).
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { neededIndexes } from '../db/indexes';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import type { ConfiguredRangeIndex, IndexReport, IndexSummary as Summary, OptionSetIndexReport } from '../wire/indexes';
import { RAPI_NS } from '../db/xml';

export function registerConfigIndexes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/config/indexes', { GET: (c) => report(c, deps, undefined) });
  endpoint(app, '/config/indexes/:name', { GET: (c) => report(c, deps, c.req.param('name')) });
}

async function report(c: ApiContext, deps: ApiDeps, only: string | undefined): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.validate(['format']);
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const), 'json');
  // The indexes are attached to the search engine when it loads: load it, so states are real.
  await deps.db.search.ready();
  const [stored, settings] = await Promise.all([deps.db.queryOptions.list(), deps.db.indexes.get()]);
  const names = only !== undefined ? [only] : [...new Set(['default', ...stored])].sort();
  const status = deps.db.search.rangeIndexStatus();
  const summaries: Summary[] = [];
  for (const name of names) {
    const options = await deps.db.queryOptions.get(name);
    if (!options && name !== 'default') throw new DbError('RESTAPI-NODOCUMENT', `options ${name} not found`);
    const indexes = neededIndexes(options, settings, status);
    summaries.push({
      'query-options': name,
      uri: `/v1/config/indexes/${encodeURIComponent(name)}`,
      'index-count': indexes.length,
      complete: indexes.every((i) => i.state === 'ready'),
      indexes,
    });
  }
  const ranges = status.map((s): ConfiguredRangeIndex => ({
    'scalar-type': s.type,
    ...(s.scope.kind === 'element' ? { localname: s.scope.name, 'namespace-uri': s.scope.ns } : { 'parent-localname': s.scope.element.name, 'parent-namespace-uri': s.scope.element.ns, localname: s.scope.attribute.name, 'namespace-uri': s.scope.attribute.ns }),
    ...(s.collation ? { collation: s.collation } : {}),
    state: s.state,
    documents: s.documents,
    done: s.done,
    total: s.total,
  }));
  const body =
    format === 'json'
      ? JSON.stringify(only !== undefined ? ({ 'index-summary': summaries[0] } satisfies OptionSetIndexReport) : ({ 'index-summaries': summaries, 'range-indexes': ranges } satisfies IndexReport))
      : xmlReport(summaries, only !== undefined ? undefined : ranges);
  return new Response(body, { status: 200, headers: { 'Content-Type': `application/${format}; charset=utf-8` } });
}

function xmlReport(summaries: Summary[], ranges: ConfiguredRangeIndex[] | undefined): string {
  const attrs = (o: object) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined && typeof v !== 'object')
      .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
      .join('');
  const summary = (s: Summary) =>
    `<rapi:index-summary${attrs({ 'query-options': s['query-options'], uri: s.uri, 'index-count': s['index-count'], complete: s.complete })}>` +
    s.indexes
      .map((i) => `<rapi:index${attrs({ 'used-by': i.usedBy, 'scalar-type': i['scalar-type'], 'json-property': i['json-property'], localname: i.element?.name, 'namespace-uri': i.element?.ns, collation: i.collation, state: i.state })}/>`)
      .join('') +
    `</rapi:index-summary>`;
  const rangeXml = ranges ? `<rapi:range-indexes>${ranges.map((r) => `<rapi:range-index${attrs(r)}/>`).join('')}</rapi:range-indexes>` : '';
  return `<rapi:index-summaries xmlns:rapi="${RAPI_NS}">${summaries.map(summary).join('')}${rangeXml}</rapi:index-summaries>`;
}
