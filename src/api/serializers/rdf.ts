/**
 * Triples and quads (CONSTRUCT/DESCRIBE results, graphs, things) in the RDF syntax the
 * client negotiated.
 *
 * N-Triples, N-Quads, Turtle (with prefixes), RDF/JSON and HTML are written here in
 * JavaScript; TriG, RDF/XML, JSON-LD and N3 by Oxigraph's `dump` from a temporary
 * store. The store is filled with `load` of N-Quads text rather than with `add` or the
 * constructor: each Oxigraph term object crosses into WebAssembly and is tracked by a
 * finaliser, and in Node building a store from 100k quad objects took 15–20 s against
 * under a second to write and load the same quads as text. `load` renames blank nodes,
 * so these four syntaxes show other labels than the others for the same data (a label
 * only identifies a node within one document).
 *
 * Path-form IRIs (`marklogic.com/r1`, `/my/graph`) cannot enter an Oxigraph store, which
 * accepts absolute IRIs only. For the formats Oxigraph writes, each is given a scheme
 * made for this one call, `t<32 random hex digits>:`, and every occurrence of that
 * scheme is cut from the output. That is safe because the scheme is unguessable: no
 * literal, IRI, blank-node label, escape sequence or piece of syntax can contain it (the
 * data would have to hold 128 random bits chosen after it was written), so every
 * occurrence is one of the IRIs we mapped.
 *
 * RDF/XML and JSON-LD resolve a relative IRI against the document's base in node
 * positions only. A path-form predicate (in RDF/XML also a class, which becomes an
 * element name) would be unreadable there, or silently dropped by a JSON-LD processor,
 * so asking for those syntaxes then is a 406 that names the IRI.
 */
import type * as Oxigraph from 'oxigraph';
import { mediaType as bareMediaType } from '../http/negotiate';
import { rethrowTrap } from '../../db/triples';
import { HTML, rdfFormatFor, type RdfFormat } from './formats';
import { thingsHref, thingsHtml, type HrefFor } from './html';
import { jsonQuadsToRdfJson } from './rdf-json';
import { RDF_TYPE, cannotExpress, isRelativeIri, ntriplesIri, ntriplesTerm, toJsonQuads, type JsonQuad, type JsonTerm, type QuadLike } from './rdf-terms';
import { quadsToTurtle } from './turtle';

/** The initialised oxigraph module the host injects (node.js or web.js build: same API). */
export type OxigraphModule = Pick<typeof Oxigraph, 'Store' | 'defaultGraph'>;

export interface SerializeOptions {
  /** Link builder of the HTML rendering (default: `/v1/graphs/things?iri=…`). */
  href?: HrefFor;
  /** Title of the HTML rendering. */
  title?: string;
}

/**
 * `quads` written as `mediaType` (one the negotiation chose; parameters ignored). Triple
 * syntaxes write the triples of every graph, duplicates once; quad syntaxes keep graphs.
 */
export function serializeQuads(quads: Iterable<QuadLike>, mediaType: string, oxigraph: OxigraphModule, options: SerializeOptions = {}): string {
  if (bareMediaType(mediaType) === HTML) return thingsHtml(quads, options.href ?? thingsHref, options.title);
  const format = rdfFormatFor(mediaType);
  const json = toJsonQuads(quads);
  switch (format.writer) {
    case 'ntriples':
      return writeLines(json, false, ntriplesTerm);
    case 'nquads':
      return writeLines(json, true, ntriplesTerm);
    case 'turtle':
      return quadsToTurtle(json);
    case 'rdf-json':
      return JSON.stringify(jsonQuadsToRdfJson(json));
    case 'oxigraph':
      return dumpWithOxigraph(json, format, oxigraph);
  }
}

/** N-Triples (or N-Quads) lines, each distinct statement once, in input order. */
function writeLines(quads: readonly JsonQuad[], withGraphs: boolean, term: (t: JsonTerm) => string): string {
  const lines = new Set<string>();
  for (const q of quads) {
    const graph = withGraphs && q.graph ? ` ${term(q.graph)}` : '';
    lines.add(`${term(q.subject)} ${term(q.predicate)} ${term(q.object)}${graph} .\n`);
  }
  return Array.from(lines).join('');
}

function hasRelativeIri(t: JsonTerm): boolean {
  switch (t.type) {
    case 'uri':
      return isRelativeIri(t.value);
    case 'literal':
      return t.datatype !== undefined && isRelativeIri(t.datatype);
    case 'triple':
      return hasRelativeIri(t.value.subject) || hasRelativeIri(t.value.predicate) || hasRelativeIri(t.value.object);
    default:
      return false;
  }
}

/** A path-form predicate (or, with `classes`, a path-form object of rdf:type), if any. */
function pathFormNameIri(quads: readonly JsonQuad[], classes: boolean): string | undefined {
  for (const q of quads) {
    if (q.predicate.type === 'uri' && isRelativeIri(q.predicate.value)) return q.predicate.value;
    if (classes && q.predicate.type === 'uri' && q.predicate.value === RDF_TYPE && q.object.type === 'uri' && isRelativeIri(q.object.value)) return q.object.value;
  }
  return undefined;
}

function oneCallScheme(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `t${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}:`;
}

/** N-Triples term syntax with path-form IRIs (datatypes included) moved under `scheme`. */
function mappedTerm(scheme: string): (t: JsonTerm) => string {
  const iri = (v: string) => ntriplesIri(isRelativeIri(v) ? scheme + v : v);
  const term = (t: JsonTerm): string => {
    switch (t.type) {
      case 'uri':
        return iri(t.value);
      case 'literal':
        return t.datatype && isRelativeIri(t.datatype) ? ntriplesTerm({ ...t, datatype: scheme + t.datatype }) : ntriplesTerm(t);
      case 'triple':
        return `<<( ${term(t.value.subject)} ${term(t.value.predicate)} ${term(t.value.object)} )>>`;
      default:
        return ntriplesTerm(t);
    }
  };
  return term;
}

function dumpWithOxigraph(quads: readonly JsonQuad[], format: RdfFormat, oxigraph: OxigraphModule): string {
  if (format.mediaType === 'application/rdf+xml' || format.mediaType === 'application/ld+json') {
    const unwritable = pathFormNameIri(quads, format.mediaType === 'application/rdf+xml');
    if (unwritable !== undefined) {
      throw cannotExpress(format.name, `the path-form IRI <${unwritable}> would be a property or element name, which has no base to resolve against`);
    }
  }
  const relative = quads.some((q) => hasRelativeIri(q.subject) || hasRelativeIri(q.predicate) || hasRelativeIri(q.object) || (q.graph !== undefined && hasRelativeIri(q.graph)));
  const scheme = relative ? oneCallScheme() : '';
  const text = writeLines(quads, format.dataset, relative ? mappedTerm(scheme) : ntriplesTerm);

  const store = new oxigraph.Store();
  let out: string;
  try {
    store.load(text, { format: 'application/n-quads' });
    try {
      out = format.dataset ? store.dump({ format: format.oxigraph! }) : store.dump({ format: format.oxigraph!, from_graph_name: oxigraph.defaultGraph() });
    } catch (e) {
      rethrowTrap(e);
      // Oxigraph refuses what the syntax cannot say (e.g. RDF 1.2 triple terms in JSON-LD).
      throw cannotExpress(format.name, e instanceof Error ? e.message : String(e));
    }
  } finally {
    // Give the store's WebAssembly memory back now rather than when a finaliser runs.
    (store as { free?: () => void }).free?.();
  }
  return relative ? out.split(scheme).join('') : out;
}
