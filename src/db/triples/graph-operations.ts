/**
 * Whole-graph operations, the W3C Graph Store Protocol behind /v1/graphs (the store they
 * work on is triple-store.ts): whole graphs read, replaced, merged and deleted,
 * quad payloads addressing several graphs, graph permissions. Payloads are parsed by
 * Oxigraph in any syntax it reads; a payload that fails to parse stores nothing.
 *
 * Choices MarkLogic's documentation leaves open (docs/decisions/0010-triple-store.md):
 * - the default graph always exists (GET ?default of an empty one is an empty graph),
 *   but is listed only while it holds triples; it counts as created when it was empty;
 * - a PUT with no graph parameter replaces each graph the payload names (the default
 *   graph only when the payload has triples outside any graph); other graphs are kept;
 * - with a graph parameter, a quad payload that names other graphs is refused;
 * - permissions set on a graph that does not exist create it, empty.
 */
import type * as Oxigraph from 'oxigraph';
import { DbError } from '../errors';
import { strictUtf8 } from '../util/bytes';
import type { Permission } from '../documents/types';
import { graphIsEmpty } from './change-set';
import { assertWritable, clientIriOfKey, DEFAULT_GRAPH_IRI, DEFAULT_KEY, GRAPHS_CATALOGUE_IRI, keyOfTerm, termOfKey, type GraphKey } from './graph-names';
import { rethrowTrap } from './engine-trap';
import { checkRdfPayload } from './payload-limits';
import { changedPermissions, creationPermissions } from './graph-permissions';
import { resolveLineIris } from './line-iris';
import { mentionsBlankNode } from './nquads';
import { externalQuad } from './relative-iris';
import { isRelativeIriError, payloadBaseIri, refuseRelativeJsonLd, undeclaredBase } from './payload-base';
import type { GraphAccess } from './graph-access';
import type { WriteContext } from './write-context';

/** An RDF document sent by a client. */
export interface RdfPayload {
  text: string | Uint8Array;
  /** The media type (`text/turtle`, `application/n-triples`, `application/n-quads`, `application/trig`, `application/rdf+xml`, `application/ld+json`, `text/n3`…). */
  format: string;
  /** Base IRI for relative IRIs; without it (and without one in the payload) a relative IRI is refused: 400 XDMP-BASEURI. */
  base?: string;
}

const QUAD_FORMATS = new Set(['application/n-quads', 'text/x-nquads', 'application/trig', 'text/trig', 'application/x-trig']);

/** One statement a line, IRIs absolute (see {@link loading}). */
const LINE_FORMATS = new Set(['application/n-triples', 'application/n-quads', 'text/x-nquads']);

const mediaType = (format: string): string => format.split(';')[0].trim().toLowerCase();

/**
 * Runs a load, turning Oxigraph's failures into catalogued errors. Without a client base
 * a relative IRI is refused (src/db/triples/payload-base.ts). N-Triples and N-Quads
 * admit absolute IRIs only: with a base, a payload refused for a path-form IRI is loaded
 * again with those IRIs resolved (src/db/triples/line-iris.ts), so the common case costs
 * one parse. `load` gets the text to load: the payload's, or the resolved one (which is
 * what a logged load must record).
 */
function loading<T, X extends string | Uint8Array>(
  ox: typeof Oxigraph,
  payload: { text: X; base?: string },
  format: string,
  load: (text: X | string, format: string) => T,
): T {
  checkRdfPayload(payload.text, format);
  refuseRelativeJsonLd(ox, payload.text, format, payload.base);
  try {
    return load(payload.text, format);
  } catch (e) {
    rethrowTrap(e);
    const message = (e as Error).message;
    if (!isRelativeIriError(message)) throw loadError(format, e);
    const base = payloadBaseIri(payload.base);
    if (base === undefined) throw undeclaredBase(format, message);
    if (!LINE_FORMATS.has(format)) throw loadError(format, e);
    try {
      return load(resolveLineIris(ox, decoded(format, payload.text), base), format);
    } catch (again) {
      rethrowTrap(again);
      throw again instanceof DbError ? again : loadError(format, again);
    }
  }
}

/**
 * The quads of a payload parsed on its own (a multipart part), by the same rules as a
 * load: limits, base, path-form IRIs in N-Triples.
 */
export function parsePayload(ox: typeof Oxigraph, payload: RdfPayload): Oxigraph.Quad[] {
  const base_iri = payloadBaseIri(payload.base);
  return loading(ox, payload, mediaType(payload.format), (text, format) => ox.parse(text, { format, base_iri }));
}

function loadError(format: string, e: unknown): DbError {
  const message = (e as Error).message;
  if (/Not supported RDF format/i.test(message)) return new DbError('RESTAPI-INVALIDMIMETYPE', `cannot parse RDF in ${format}`);
  return new DbError('RESTAPI-INVALIDCONTENT', `invalid ${format} payload: ${message}`);
}

function decoded(format: string, text: string | Uint8Array): string {
  if (typeof text === 'string') return text;
  return strictUtf8(text, () => new DbError('RESTAPI-INVALIDCONTENT', `invalid ${format} payload: not UTF-8`));
}

/** A payload parsed on its own (fresh blank nodes), to look at before it touches the store. */
function scratch(ox: typeof Oxigraph, payload: RdfPayload): Oxigraph.Store {
  const store = new ox.Store();
  const base_iri = payloadBaseIri(payload.base);
  loading(ox, payload, mediaType(payload.format), (text, format) => store.load(text, { format, base_iri }));
  return store;
}

/** The graphs a parsed payload has triples in. */
function graphsOf(ox: typeof Oxigraph, store: Oxigraph.Store): GraphKey[] {
  const named = (store.query('SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }') as Array<Map<string, Oxigraph.Term>>).map((m) =>
    keyOfTerm(m.get('g')!),
  );
  return graphIsEmpty(ox, store, DEFAULT_KEY) ? named : [DEFAULT_KEY, ...named];
}

/**
 * Replaces a graph's triples with the payload's; an empty payload deletes the graph.
 * Returns whether the graph was created.
 */
export function replaceGraph(ctx: WriteContext, key: GraphKey, payload: RdfPayload): boolean {
  assertWritable(key);
  const format = mediaType(payload.format);
  if (QUAD_FORMATS.has(format)) refuseOtherGraphs(ctx, payload);
  const existed = ctx.exists(key);
  const wasEmpty = !existed || graphIsEmpty(ctx.ox, ctx.store, key);
  if (existed) ctx.clear(key);
  loadWhole(ctx, [key], payload, format, termOfKey(ctx.ox, key));
  if (graphIsEmpty(ctx.ox, ctx.store, key)) {
    if (existed && key !== DEFAULT_KEY) ctx.drop(key);
    return false;
  }
  if (!existed) ctx.create(key);
  return key === DEFAULT_KEY ? wasEmpty : !existed;
}

/** Adds the payload's triples to a graph (created when missing). Returns whether it was created. */
export function mergeGraph(ctx: WriteContext, key: GraphKey, payload: RdfPayload): boolean {
  assertWritable(key);
  const format = mediaType(payload.format);
  if (QUAD_FORMATS.has(format)) refuseOtherGraphs(ctx, payload);
  const existed = ctx.exists(key);
  if (existed) ctx.requireUpdate(key);
  const wasEmpty = !existed || graphIsEmpty(ctx.ox, ctx.store, key);
  const target = termOfKey(ctx.ox, key);
  if (wasEmpty || (loggable(payload, format) && !ctx.undoable)) {
    loadWhole(ctx, [key], payload, format, target);
  } else {
    for (const q of scratch(ctx.ox, payload).match()) ctx.changes.add(ctx.ox.quad(q.subject, q.predicate, q.object, target));
  }
  if (graphIsEmpty(ctx.ox, ctx.store, key)) return false;
  if (!existed) ctx.create(key);
  return key === DEFAULT_KEY ? wasEmpty : !existed;
}

/**
 * A payload that names its graphs (no graph parameter): `replace` empties each graph it
 * names first; `merge` adds. Returns the graphs created, as clients name them.
 */
export function writeQuads(ctx: WriteContext, payload: RdfPayload, mode: 'replace' | 'merge'): string[] {
  const parsed = scratch(ctx.ox, payload);
  const keys = graphsOf(ctx.ox, parsed);
  keys.forEach(assertWritable);
  const fresh = keys.filter((k) => !ctx.exists(k) || (k === DEFAULT_KEY && graphIsEmpty(ctx.ox, ctx.store, k)));
  for (const key of keys) {
    if (!ctx.exists(key)) continue;
    if (mode === 'replace') ctx.clear(key);
    else ctx.requireUpdate(key);
  }
  const format = mediaType(payload.format);
  if ((loggable(payload, format) && !ctx.undoable) || keys.every((k) => graphIsEmpty(ctx.ox, ctx.store, k))) {
    // One load of the payload as sent keeps blank nodes shared between its graphs.
    loadWhole(ctx, keys, payload, format, undefined);
  } else {
    for (const q of parsed.match()) ctx.changes.add(q);
  }
  const created: string[] = [];
  for (const key of fresh) {
    if (key !== DEFAULT_KEY) ctx.create(key);
    created.push(clientIriOfKey(key));
  }
  return created;
}

/**
 * N-Triples and N-Quads without `_:` have no blank nodes: loading the same text again
 * gives the same quads, so the log can hold the payload as sent (the bulk-load path:
 * no per-quad work, no dump).
 */
const loggable = (payload: RdfPayload, format: string): boolean => LINE_FORMATS.has(format) && !mentionsBlankNode(payload.text);

/** Loads a whole payload into graphs that are empty now (reversible unless logged as sent). */
function loadWhole(ctx: WriteContext, keys: GraphKey[], payload: RdfPayload, format: string, target: Oxigraph.NamedNode | Oxigraph.DefaultGraph | undefined): void {
  const base_iri = payloadBaseIri(payload.base);
  const options = (f: string) => (target ? { format: f, base_iri, to_graph_name: target } : { format: f, base_iri });
  if (loggable(payload, format) && !ctx.undoable) loading(ctx.ox, payload, format, (text, f) => ctx.changes.loadLogged(keys, text, options(f)));
  else loading(ctx.ox, payload, format, (text, f) => ctx.changes.loadInto(keys, text, options(f)));
}

function refuseOtherGraphs(ctx: WriteContext, payload: RdfPayload): void {
  const named = graphsOf(ctx.ox, scratch(ctx.ox, payload)).filter((k) => k !== DEFAULT_KEY);
  if (named.length > 0) {
    throw new DbError(
      'RESTAPI-INVALIDCONTENT',
      `the ${mediaType(payload.format)} payload names graphs (${named.map(clientIriOfKey).join(', ')}); write it without graph or default to store quads`,
    );
  }
}

/** Deletes a graph (the default graph is emptied). False when there is no such graph to this user. */
export function deleteGraph(ctx: WriteContext, key: GraphKey): boolean {
  assertWritable(key);
  if (!ctx.canRead(key)) return false;
  ctx.drop(key);
  return true;
}

/** Deletes every graph the user can see (all of them must be updatable). */
export function deleteAll(ctx: WriteContext): void {
  for (const key of ctx.readableNamedGraphs()) ctx.drop(key);
  if (ctx.canRead(DEFAULT_KEY)) ctx.clear(DEFAULT_KEY);
}

/** The graphs a user may read, as clients name them: named graphs (sorted), the default graph while it has triples, the catalogue. */
export function listGraphs(access: GraphAccess): string[] {
  // A collection's graph (documents' triples only) is listed while it holds a triple this user may see.
  const named = access
    .readableNamedGraphs()
    .filter((k) => access.exists(k) || !graphIsEmpty(access.ox, access.store, k))
    .map(clientIriOfKey)
    .sort();
  const withDefault = access.canRead(DEFAULT_KEY) && !graphIsEmpty(access.ox, access.store, DEFAULT_KEY) ? [DEFAULT_GRAPH_IRI] : [];
  return [...named, ...withDefault, GRAPHS_CATALOGUE_IRI];
}

/** The triples of a graph (quads carrying that graph), or undefined when the user has no such graph. */
export function graphQuads(access: GraphAccess, key: GraphKey): Oxigraph.Quad[] | undefined {
  if (key === GRAPHS_CATALOGUE_IRI) return [];
  if (!graphVisible(access, key)) return undefined;
  return access.store.match(null, null, null, termOfKey(access.ox, key)).map(externalQuad);
}

/**
 * Whether the user has the graph: one it may read, or a collection's graph (documents'
 * triples only) holding a triple it may see — one with nothing it may see is no graph of theirs.
 */
export function graphVisible(access: GraphAccess, key: GraphKey): boolean {
  if (access.canRead(key)) return true;
  return access.isCollectionGraph(key) && !graphIsEmpty(access.ox, access.store, key);
}

export function graphPermissions(access: GraphAccess, key: GraphKey): Permission[] | undefined {
  if (!access.canRead(key)) return undefined;
  return [...access.permissions(key)];
}

/** PUT (replace) or POST (merge) of permissions; a missing graph is created empty. Returns whether it was. */
export function setGraphPermissions(ctx: WriteContext, key: GraphKey, permissions: readonly Permission[], mode: 'replace' | 'merge'): boolean {
  assertWritable(key);
  if (!ctx.exists(key)) {
    ctx.create(key, permissions);
    return true;
  }
  ctx.setPermissions(key, changedPermissions(ctx.permissions(key), permissions, mode));
  return false;
}

/** DELETE of permissions: back to the defaults. False when there is no such graph to this user. */
export function resetGraphPermissions(ctx: WriteContext, key: GraphKey): boolean {
  assertWritable(key);
  if (!ctx.canRead(key)) return false;
  ctx.setPermissions(key, creationPermissions());
  return true;
}
