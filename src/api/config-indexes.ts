/**
 * `/v1/config/indexes` (spec §4 catalogue): for each query option set, the range indexes
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
import { findRangeIndexIn, type IndexSettings } from '../db/indexes/config';
import { effectiveOptions, restDefaultOptions } from '../db/options/defaults';
import type { IndexSpec, QueryOptions } from '../db/options/types';
import { rangeRefOf } from '../db/search/constraints';
import type { RangeIndexRef } from '../db/search/query-model';
import type { RangeIndexStatus } from '../db/search/range-indexes';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';
import { RAPI_NS } from '../db/xml/namespaces';

export function registerConfigIndexes(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/config/indexes', { GET: (c) => report(c, deps, undefined) });
  endpoint(app, '/config/indexes/:name', { GET: (c) => report(c, deps, c.req.param('name')) });
}

interface NeededIndex {
  /** Where the options use it: `constraint cuisine`, `sort-order`, `values price`. */
  usedBy: string;
  'scalar-type': string;
  'json-property'?: string;
  element?: { name: string; ns: string };
  attribute?: { name: string; ns: string };
  collation?: string;
  state: 'ready' | 'building' | 'missing';
}

interface Summary {
  'query-options': string;
  uri: string;
  'index-count': number;
  complete: boolean;
  indexes: NeededIndex[];
}

async function report(c: ApiContext, deps: ApiDeps, only: string | undefined): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
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
    const indexes = neededIndexes(effectiveOptions(options ?? restDefaultOptions()), settings, status);
    summaries.push({
      'query-options': name,
      uri: `/v1/config/indexes/${encodeURIComponent(name)}`,
      'index-count': indexes.length,
      complete: indexes.every((i) => i.state === 'ready'),
      indexes,
    });
  }
  const ranges = status.map((s) => ({
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
      ? JSON.stringify(only !== undefined ? { 'index-summary': summaries[0] } : { 'index-summaries': summaries, 'range-indexes': ranges })
      : xmlReport(summaries, only !== undefined ? undefined : ranges);
  return new Response(body, { status: 200, headers: { 'Content-Type': `application/${format}; charset=utf-8` } });
}

/** The range indexes an option set names, each with its state in this database. */
function neededIndexes(options: QueryOptions, settings: IndexSettings, status: RangeIndexStatus[]): NeededIndex[] {
  const out: NeededIndex[] = [];
  const add = (usedBy: string, spec: IndexSpec & { type?: string; collation?: string }) => {
    if (!spec.type || (spec['json-property'] === undefined && !spec.element)) return;
    let ref: RangeIndexRef;
    try {
      ref = rangeRefOf({ ...spec, type: spec.type }, usedBy);
    } catch {
      return; // fields and paths: Tabula has none, and the options validator says so when they are saved
    }
    const found = findRangeIndexIn(settings, ref);
    const live = found && status.find((s) => s.key === found.key);
    out.push({
      usedBy,
      'scalar-type': ref.type,
      ...(spec['json-property'] !== undefined ? { 'json-property': spec['json-property'] } : {}),
      ...(spec.element ? { element: { name: spec.element.name, ns: spec.element.ns ?? '' } } : {}),
      ...(spec.attribute ? { attribute: { name: spec.attribute.name, ns: spec.attribute.ns ?? '' } } : {}),
      ...(ref.collation ? { collation: ref.collation } : {}),
      // A configured index the search engine has not attached yet (no search since start) is ready as far as the settings go.
      state: !found ? 'missing' : live?.state === 'building' ? 'building' : 'ready',
    });
  };
  for (const c of options.constraint ?? []) if (c.range) add(`constraint ${c.name}`, c.range);
  for (const s of options['sort-order'] ?? []) if (!('score' in s)) add('sort-order', s);
  for (const v of (options.values as Array<{ name: string; range?: IndexSpec & { type: string } }> | undefined) ?? []) if (v.range) add(`values ${v.name}`, v.range);
  return out;
}

function xmlReport(summaries: Summary[], ranges: Array<Record<string, unknown>> | undefined): string {
  const attrs = (o: Record<string, unknown>) =>
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
