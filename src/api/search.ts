/**
 * `/v1/search`, as far as the document store reaches:
 * - `DELETE` removes the documents of a collection or directory, or all (reference §4.10);
 * - `GET` without a query lists the documents of a directory and/or collection,
 *   paged, in the search-response shape (spec §4: "directory (with no q, returns all
 *   documents in it)"). Query text, structured queries and options arrive with the
 *   search capability; until then they are refused by name, never ignored.
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import type { StoredDocument } from '../db/documents/types';
import { requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { structuredFormat } from './http/negotiate';
import { escapeXml } from './http/xml-text';

export function registerSearch(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/search', {
    GET: (c) => list(c, deps),
    DELETE: (c) => removeAll(c, deps),
  });
}

function positiveInt(params: Params, name: string, fallback: number, min: number): number {
  const raw = params.one(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new DbError('REST-INVALIDPARAM', `${name} must be an integer >= ${min}: ${raw}`);
  return Number(raw);
}

/** Directories name a prefix ending in `/`, as the clients send them. */
function directoryParam(params: Params): string | undefined {
  const dir = params.one('directory');
  if (dir === undefined) return undefined;
  if (dir === '') throw new DbError('REST-INVALIDPARAM', 'directory must not be empty');
  return dir.endsWith('/') ? dir : `${dir}/`;
}

async function list(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  params.validate(['directory', 'collection', 'start', 'pageLength', 'format']);
  const format = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  const start = positiveInt(params, 'start', 1, 1);
  const pageLength = positiveInt(params, 'pageLength', 10, 0);
  const directory = directoryParam(params);
  const collection = params.one('collection');
  const began = performance.now();
  const page = await deps.db.documents.list({ directory, collection }, c.get('principal'), start, pageLength);
  const results = page.documents.map((doc, i) => resultOf(doc, start + i));
  const elapsed = (performance.now() - began) / 1000;
  const response = { 'snippet-format': 'snippet', total: page.total, start, 'page-length': pageLength, results };
  const body = format === 'json' ? JSON.stringify({ ...response, metrics: metrics(elapsed) }) : searchXml(response, elapsed);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': `application/${format}; charset=utf-8`,
      'ML-Effective-Timestamp': String(deps.db.documents.effectiveTimestamp()),
    },
  });
}

interface Result {
  index: number;
  uri: string;
  path: string;
  score: number;
  confidence: number;
  fitness: number;
  href: string;
  mimetype: string;
  format: string;
  matches: Array<{ path: string; 'match-text': string[] }>;
}

const SNIPPET_CHARS = 150;

/**
 * With no query there is nothing to highlight: the snippet is the start of the
 * document's text, and score, confidence and fitness are 0 (a match-all search).
 */
function resultOf(doc: StoredDocument, index: number): Result {
  const path = `fn:doc(${JSON.stringify(doc.uri)})`;
  return {
    index,
    uri: doc.uri,
    path,
    score: 0,
    confidence: 0,
    fitness: 0,
    href: `/v1/documents?uri=${encodeURIComponent(doc.uri)}`,
    mimetype: doc.mimeType,
    format: doc.format,
    matches: doc.format === 'binary' ? [] : [{ path, 'match-text': [leadingText(doc)] }],
  };
}

function leadingText(doc: StoredDocument): string {
  let text = doc.content as string;
  if (doc.format === 'json') text = jsonText(JSON.parse(text)).join(' ');
  if (doc.format === 'xml') text = text.replace(/<\?[^>]*\?>|<!--[\s\S]*?-->|<[^>]+>/g, ' ');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text;
}

function jsonText(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [String(value)];
  return Object.values(value as object).flatMap(jsonText);
}

const duration = (seconds: number) => `PT${seconds.toFixed(6)}S`;
const metrics = (elapsed: number) => ({ 'query-resolution-time': duration(elapsed), 'total-time': duration(elapsed) });

function searchXml(r: { total: number; start: number; 'page-length': number; results: Result[] }, elapsed: number): string {
  const results = r.results
    .map(
      (x) =>
        `<search:result index="${x.index}" uri="${escapeXml(x.uri)}" path="${escapeXml(x.path)}" score="0" confidence="0" fitness="0" ` +
        `href="${escapeXml(x.href)}" mimetype="${escapeXml(x.mimetype)}" format="${x.format}">` +
        `<search:snippet>${x.matches.map((m) => `<search:match path="${escapeXml(m.path)}">${escapeXml(m['match-text'].join(''))}</search:match>`).join('')}</search:snippet>` +
        `</search:result>`,
    )
    .join('');
  return (
    `<search:response snippet-format="snippet" total="${r.total}" start="${r.start}" page-length="${r['page-length']}" xmlns:search="http://marklogic.com/appservices/search">` +
    results +
    `<search:metrics><search:query-resolution-time>${duration(elapsed)}</search:query-resolution-time><search:total-time>${duration(elapsed)}</search:total-time></search:metrics>` +
    `</search:response>`
  );
}

async function removeAll(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const params = new Params(c.req.raw);
  params.validate(['collection', 'directory']);
  const collection = params.one('collection');
  const directory = params.one('directory');
  if (collection !== undefined && directory !== undefined) {
    throw new DbError('REST-INVALIDPARAM', 'either the collection or the directory parameter, not both');
  }
  if (collection === '' || directory === '') throw new DbError('REST-INVALIDPARAM', 'collection and directory must not be empty');
  const principal = c.get('principal');
  if (collection === undefined && directory === undefined) {
    // Clearing the whole database is the admin's; a writer gets the real server's 400.
    if (!principal.roles.has('rest-admin') && !principal.roles.has('admin')) {
      if (principal.roles.has('rest-writer')) {
        throw new DbError('REST-INVALIDPARAM', "either the 'collection' or 'directory' parameter and the rest-writer role or the rest-admin role is required");
      }
      throw new DbError('SEC-PRIV');
    }
    await deps.db.documents.removeWhere({}, principal);
  } else {
    requireRole(c, 'rest-writer');
    await deps.db.documents.removeWhere({ collection, directory: directory === undefined ? undefined : directoryParam(params) }, principal);
  }
  return new Response(null, { status: 204, statusText: 'Deleted' });
}
