/**
 * How graphs are named: by clients (any IRI, absolute or path form, plus two reserved
 * IRIs, MarkLogic’s Semantics Developer’s Guide) and inside the engine (Oxigraph's DefaultGraph or a NamedNode
 * in the engine's spelling). A {@link GraphKey} is the engine name as a string, used as
 * a map key and in the durable log.
 */
import type * as Oxigraph from 'oxigraph';
import { DbError } from '../errors';
import { toExternal, toInternal } from './relative-iris';

/** The graph that holds unnamed triples; clients address it by this IRI (or `?default`). */
export const DEFAULT_GRAPH_IRI = 'http://marklogic.com/semantics#default-graph';
/** The graph catalogue: always listed, holds no triples, cannot be written. */
export const GRAPHS_CATALOGUE_IRI = 'http://marklogic.com/semantics#graphs';

/** '' for the default graph, else the graph's IRI in the engine's spelling. */
export type GraphKey = string;
export const DEFAULT_KEY: GraphKey = '';

/** The key of a graph named by a client. */
export const keyOfClientIri = (iri: string): GraphKey => (iri === DEFAULT_GRAPH_IRI ? DEFAULT_KEY : toInternal(iri));

/** The key of an engine graph name (an IRI already in the engine's spelling). */
export const keyOfEngineIri = (iri: string): GraphKey => (iri === DEFAULT_GRAPH_IRI ? DEFAULT_KEY : iri);

/** The key of a graph term of a quad in the store (the engine never names a graph by the reserved IRI). */
export const keyOfTerm = (term: Oxigraph.Term): GraphKey => (term.termType === 'DefaultGraph' ? DEFAULT_KEY : term.value);

/** The client's name for a graph: the IRI as written, the default graph's reserved IRI. */
export const clientIriOfKey = (key: GraphKey): string => (key === DEFAULT_KEY ? DEFAULT_GRAPH_IRI : toExternal(key));

export const termOfKey = (ox: typeof Oxigraph, key: GraphKey): Oxigraph.NamedNode | Oxigraph.DefaultGraph =>
  key === DEFAULT_KEY ? ox.defaultGraph() : ox.namedNode(key);

/** Writes to the catalogue are refused: it is derived, not stored. */
export function assertWritable(key: GraphKey): void {
  if (key === GRAPHS_CATALOGUE_IRI) {
    throw new DbError('RESTAPI-INVALIDREQ', `${GRAPHS_CATALOGUE_IRI} is the graph catalogue; it cannot be written`);
  }
}

/**
 * A client graph IRI, checked before it reaches the engine: the characters an IRI may
 * not hold (RFC 3987: spaces, controls, `<>"{}|\^\``) would otherwise surface as an
 * engine error far from the parameter that carried them.
 */
export function checkGraphIri(iri: string, what = 'graph'): string {
  if (iri === '' || /[\s<>"{}|\\^`]/.test(iri) || [...iri].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f))) {
    throw new DbError('REST-INVALIDPARAM', `${what}: invalid IRI ${JSON.stringify(iri)}`);
  }
  return iri;
}

/**
 * An IRI a request parameter carries (`graph`, `default-graph-uri`, `named-graph-uri`,
 * `using-graph-uri`, `using-named-graph-uri`, `base`, `iri`), checked by the engine's
 * own IRI parser in the spelling the engine will use (path forms under the relative
 * scheme), so every IRI that would fail later fails here, as 400 naming the parameter.
 */
export function checkClientIri(ox: typeof Oxigraph, iri: string, param: string): string {
  checkGraphIri(iri, param);
  if (iri === DEFAULT_GRAPH_IRI) return iri;
  try {
    ox.namedNode(toInternal(iri));
  } catch (e) {
    throw new DbError('REST-INVALIDPARAM', `${param}: invalid IRI ${JSON.stringify(iri)}: ${(e as Error).message}`);
  }
  return iri;
}
