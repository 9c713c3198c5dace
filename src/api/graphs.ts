/**
 * `/v1/graphs`: the graph store (MarkLogic’s REST API reference, /v1/graphs). Graphs are addressed
 * indirectly, by `?graph=IRI` or `?default`; without either, GET lists graphs, PUT/POST
 * take a quad payload naming its own graphs, DELETE removes every graph.
 * `category=permissions` (or `metadata`) reads and writes a graph's permissions.
 */
import type { Hono } from 'hono';
import { parseJson } from '../db/json';
import { DbError } from '../db/errors';
import { decodeUtf8, type Permission, validatePermissions } from '../db/documents';
import { isAscii } from '../db/util';
import type { RoleLookup } from '../db/security';
import { DEFAULT_GRAPH_IRI, parsePayload, rethrowTrap, type RdfPayload } from '../db/triples';
import { parseXml } from '../db/xml';
import { effectiveTimestamp, requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { Params } from './http/params';
import { inTransaction } from './http/transaction';
import { readBody } from './http/body';
import { mediaType, mediaTypeParam, structuredFormat } from './http/negotiate';
import { parseMultipart } from './http/multipart';
import { ntriplesTerm, safeBlankLabel, toJsonTerm, type TermLike } from './serializers/rdf-terms';
import { escapeXml } from './http/xml-text';
import { contentTypeHeader, negotiateAnswer, rdfFormatOf } from './serializers/formats';
import { serializeGraphList } from './serializers/graph-list';
import { serializeQuads } from './serializers/rdf';
import { thingsHref } from './serializers/html';
import { rdfJsonToNTriples } from './rdf-json-reader';
import { readPermissions } from './sparql-request';
import { checkIriParams, iriPairs } from './http/iri-params';
import { RAPI_NS } from '../db/xml';
import type { TripleJournal } from '../db/triples';

const GRAPH_CAPABILITIES = ['read', 'update', 'execute'];

export function registerGraphs(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/graphs', {
    GET: (c) => read(c, deps, false),
    HEAD: (c) => read(c, deps, true),
    PUT: (c) => write(c, deps, 'replace'),
    POST: (c) => write(c, deps, 'merge'),
    DELETE: (c) => remove(c, deps),
  });
}

interface Target {
  /** The graph addressed, by its client IRI (the reserved IRI for `?default`); undefined: the whole store. */
  iri?: string;
  permissions: boolean;
  /** The open transaction the request runs in (`txid`): its graph writes. */
  journal?: TripleJournal;
}

function target(c: ApiContext, deps: ApiDeps, params: Params, allowed: readonly string[]): Target {
  params.checkShared(deps.db.name);
  const journal = inTransaction(c, deps, params).triples;
  params.validate(['graph', 'default', 'category', ...allowed], ['perm:']);
  const graph = params.one('graph');
  const hasDefault = params.has('default');
  if (graph !== undefined && hasDefault) throw new DbError('REST-INVALIDPARAM', 'graph and default cannot be combined');
  if (graph === '') throw new DbError('REST-INVALIDPARAM', 'graph must name a graph IRI');
  const category = params.oneOf('category', ['content', 'metadata', 'permissions'] as const) ?? 'content';
  const iri = hasDefault ? DEFAULT_GRAPH_IRI : graph;
  if (category !== 'content' && iri === undefined) throw new DbError('REST-REQUIREDPARAM', 'category=permissions needs graph or default');
  return { iri, permissions: category !== 'content', journal };
}

const noGraph = (iri: string) => new DbError('RESTAPI-NOTFOUND', `graph ${iri}`);

async function read(c: ApiContext, deps: ApiDeps, head: boolean): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  const { iri, permissions, journal } = target(c, deps, params, ['format']);
  await checkIriParams(deps, iriPairs(params.entries()));
  const principal = c.get('principal');
  const triples = deps.db.triples;
  let body: string;
  let type: string;
  if (iri === undefined) {
    type = negotiateAnswer(c.req.raw, 'graph-list');
    body = serializeGraphList(await triples.listGraphs(principal, journal), type, (g) => `/v1/graphs?graph=${encodeURIComponent(g)}`);
  } else if (permissions) {
    const format = structuredFormat(c.req.raw, params.one('format'));
    const perms = await triples.graphPermissions(iri, principal, journal);
    if (!perms) throw noGraph(iri);
    type = `application/${format}`;
    body = format === 'json' ? JSON.stringify({ permissions: perms }) : permissionsXml(perms);
  } else {
    type = negotiateAnswer(c.req.raw, 'graph');
    const quads = await triples.graphTriples(iri, principal, journal);
    if (!quads) throw noGraph(iri);
    body = head ? '' : await triples.withModule('engine', (ox) => serializeQuads(quads, type, ox, { href: thingsHref, title: iri }));
  }
  return new Response(head ? null : body, { status: 200, headers: { 'Content-Type': contentTypeHeader(type), ...effectiveTimestamp(deps) } });
}

function permissionsXml(perms: readonly Permission[]): string {
  const items = perms
    .map(
      (p) =>
        `<rapi:permission><rapi:role-name>${escapeXml(p['role-name'])}</rapi:role-name>` +
        p.capabilities.map((cap) => `<rapi:capability>${cap}</rapi:capability>`).join('') +
        `</rapi:permission>`,
    )
    .join('');
  return `<rapi:permissions xmlns:rapi="${RAPI_NS}">${items}</rapi:permissions>`;
}

/** `{"permissions":[…]}` or `<rapi:permissions>`; graph capabilities are read, update and execute. */
function parsePermissionsBody(bytes: Uint8Array, contentType: string | null, roles: RoleLookup): Permission[] {
  const text = decodeUtf8(bytes, 'permissions');
  const type = mediaType(contentType);
  let list: unknown;
  if (/json$/.test(type)) {
    const doc = parseJson(text, 'permissions', (reason) => new DbError('RESTAPI-INVALIDCONTENT', `permissions are not JSON: ${reason}`));
    list = (doc as { permissions?: unknown } | null)?.permissions;
    if (!Array.isArray(list)) throw new DbError('RESTAPI-INVALIDCONTENT', 'expected {"permissions":[{"role-name":…,"capabilities":[…]}]}');
  } else if (/xml$/.test(type)) {
    const root = parseXml(text).documentElement;
    if (!root || root.namespaceURI !== RAPI_NS || root.localName !== 'permissions') {
      throw new DbError('RESTAPI-INVALIDCONTENT', 'expected a rapi:permissions element');
    }
    list = Array.from(root.getElementsByTagNameNS(RAPI_NS, 'permission')).map((p) => ({
      'role-name': p.getElementsByTagNameNS(RAPI_NS, 'role-name')[0]?.textContent ?? '',
      capabilities: Array.from(p.getElementsByTagNameNS(RAPI_NS, 'capability')).map((cap) => cap.textContent ?? ''),
    }));
  } else {
    throw new DbError('RESTAPI-INVALIDMIMETYPE', `permissions must be JSON or XML, not ${type || 'untyped'}`);
  }
  const perms = validatePermissions(list, roles);
  for (const p of perms) {
    for (const cap of p.capabilities) {
      if (!GRAPH_CAPABILITIES.includes(cap)) throw new DbError('RESTAPI-INVALIDCONTENT', `invalid graph capability ${cap}; allowed: ${GRAPH_CAPABILITIES.join(', ')}`);
    }
  }
  return perms;
}

/**
 * A `multipart/form-data` body (the W3C Graph Store Protocol's way to send several
 * files at once): each part is parsed on its own, in its own syntax, and all of them
 * become one N-Triples payload, so the write stays one atomic request. Blank-node labels
 * are prefixed per part: `_:b` in two files names two nodes.
 */
async function formDataPayload(deps: ApiDeps, bytes: Uint8Array, contentType: string | null, base: string | undefined): Promise<RdfPayload> {
  const boundary = mediaTypeParam(contentType, 'boundary');
  if (!boundary) throw new DbError('XDMP-HTTP-MULTIPART', 'multipart/form-data Content-Type without a boundary');
  const parts = parseMultipart(bytes, boundary);
  const lines: string[] = [];
  // Parsed with the store's engine, watched for traps like every engine call.
  await deps.db.triples.withModule('input', (ox) => parts.forEach((part, i) => {
    const single = rdfPayload(part.body, part.contentType || null, base);
    const format = rdfFormatOf(single.format);
    if (!format?.oxigraph || format.dataset) {
      throw new DbError('RESTAPI-INVALIDMIMETYPE', `part ${i + 1}: ${part.contentType || 'no Content-Type'} is not a triples syntax`);
    }
    let quads: Array<{ subject: TermLike; predicate: TermLike; object: TermLike }>;
    try {
      quads = parsePayload(ox, single);
    } catch (e) {
      rethrowTrap(e);
      if (e instanceof DbError) throw new DbError(e.code, `part ${i + 1}: ${e.detail}`);
      throw e;
    }
    const term = (t: TermLike) => (t.termType === 'BlankNode' ? `_:p${i}_${safeBlankLabel(t.value)}` : ntriplesTerm(toJsonTerm(t)));
    for (const q of quads) lines.push(`${term(q.subject)} ${term(q.predicate)} ${term(q.object)} .`);
  }));
  return { text: lines.join('\n'), format: 'application/n-triples' };
}

/** The request body as an RDF payload in a syntax the store parses. */
function rdfPayload(bytes: Uint8Array, contentType: string | null, base: string | undefined): RdfPayload {
  const format = rdfFormatOf(contentType);
  if (!format) {
    throw new DbError('RESTAPI-INVALIDMIMETYPE', `unsupported RDF syntax: ${mediaType(contentType) || 'no Content-Type'}`);
  }
  if (format.mediaType === 'application/rdf+json') {
    // Turtle, not N-Triples: relative IRIs (`marklogic.com/r1`) resolve against the base there.
    return { text: rdfJsonToNTriples(decodeUtf8(bytes, 'RDF/JSON')), format: 'text/turtle', base };
  }
  // Line-based syntaxes are logged as sent (one load, no re-dump; bench: 10.7k → 43.9k
  // triples/s): ASCII bytes as they came (UTF-8 already, and the engine takes bytes without
  // re-encoding), anything else as the strictly decoded text, so bad UTF-8 is refused here.
  const lines = format.writer === 'ntriples' || format.writer === 'nquads';
  const text = lines && !isAscii(bytes) ? decodeUtf8(bytes, format.name) : bytes;
  return { text, format: format.mediaType, base };
}

async function write(c: ApiContext, deps: ApiDeps, mode: 'replace' | 'merge'): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  const { iri, permissions, journal } = target(c, deps, params, ['base', 'repair']);
  await checkIriParams(deps, iriPairs(params.entries()));
  const principal = c.get('principal');
  const perms = readPermissions(params.entries(), deps.db.roles);
  const body = await readBody(c.req.raw, deps.db.maxPayloadBytes);
  const contentType = c.req.header('content-type') ?? null;
  const triples = deps.db.triples;
  let created: boolean;
  if (permissions) {
    if (body.byteLength === 0) throw new DbError('RESTAPI-EMPTYBODY', 'a permissions body is required');
    created = (await triples.setGraphPermissions(iri!, parsePermissionsBody(body, contentType, deps.db.roles), mode, principal, journal)).created;
  } else {
    // MarkLogic's 412 for an empty PUT or POST body; a body holding an empty graph (a
    // prologue, a comment) is not empty, and a PUT of it deletes the graph.
    if (body.byteLength === 0) throw new DbError('RESTAPI-EMPTYBODY', `${c.req.method} /v1/graphs needs an RDF payload`);
    const base = params.one('base');
    const payload =
      mediaType(contentType) === 'multipart/form-data' ? await formDataPayload(deps, body, contentType, base) : rdfPayload(body, contentType, base);
    const options = { principal, permissions: perms, deadline: c.get('deadline'), journal };
    if (iri === undefined) {
      created = (await triples.writeQuads(payload, mode, options)).created.length > 0;
    } else if (mode === 'replace') {
      created = (await triples.replaceGraph(iri, payload, options)).created;
    } else {
      created = (await triples.mergeGraph(iri, payload, options)).created;
    }
  }
  return new Response(null, { status: created ? 201 : 204 });
}

async function remove(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  const { iri, permissions, journal } = target(c, deps, params, []);
  await checkIriParams(deps, iriPairs(params.entries()));
  const principal = c.get('principal');
  const triples = deps.db.triples;
  if (iri === undefined) {
    await triples.deleteAll(principal, c.get('deadline'), journal);
  } else if (permissions) {
    if (!(await triples.resetGraphPermissions(iri, principal, journal))) throw noGraph(iri);
  } else if (!(await triples.deleteGraph(iri, principal, c.get('deadline'), journal))) {
    throw noGraph(iri);
  }
  return new Response(null, { status: 204 });
}
