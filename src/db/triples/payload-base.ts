/**
 * Relative IRIs in graph-store payloads (PUT/POST /v1/graphs, multipart parts): resolved
 * against the client's base (`base=`, or `@base` / `xml:base` inside the payload); with
 * none, the payload is refused with 400 XDMP-BASEURI, as MarkLogic does ("Undeclared
 * base URI"), and nothing is stored. SPARQL Update keeps path forms (the official
 * client writes `<marklogic.com/r1>` through it); see docs/decisions/0010-triple-store.md.
 *
 * Oxigraph's parsers, given no base IRI, refuse a relative IRI ("No scheme found") in
 * every syntax but JSON-LD, whose algorithm drops a node or property it cannot make
 * absolute: a JSON-LD payload without a client base is parsed once more against a
 * private base first, and any IRI resolved against it is refused.
 */
import type * as Oxigraph from 'oxigraph';
import { DbError } from '../errors';
import { toInternal } from './relative-iris';

/** The base IRI a payload is parsed with: the client's in the engine's spelling, or none. */
export const payloadBaseIri = (base: string | undefined): string | undefined => (base ? toInternal(base) : undefined);

/** The parser's message for a relative IRI parsed without a base. */
export const isRelativeIriError = (message: string): boolean => /No scheme found/.test(message);

export const undeclaredBase = (format: string, message: string): DbError =>
  new DbError('XDMP-BASEURI', `a relative IRI in the ${format} payload and no base IRI (send base= or declare one in the payload): ${message}`);

// Resolving against it keeps the scheme in front (`a` → `tabula-undeclared-base:a`).
const PROBE_BASE = 'tabula-undeclared-base:';

/** Throws XDMP-BASEURI when a JSON-LD payload without a client base names an IRI that is not absolute. */
export function refuseRelativeJsonLd(ox: typeof Oxigraph, text: string | Uint8Array, format: string, base: string | undefined): void {
  if (base || format !== 'application/ld+json') return;
  let quads: Oxigraph.Quad[];
  try {
    quads = ox.parse(text, { format, base_iri: PROBE_BASE });
  } catch {
    return; // a syntax error: the load reports it
  }
  for (const q of quads) {
    const relative = [q.subject, q.predicate, q.object, q.graph].map(relativeIri).find((iri) => iri !== undefined);
    if (relative !== undefined) throw undeclaredBase(format, `<${relative}>`);
  }
}

function relativeIri(term: Oxigraph.Term): string | undefined {
  const iri = term.termType === 'NamedNode' ? term.value : term.termType === 'Literal' ? term.datatype.value : undefined;
  return iri?.startsWith(PROBE_BASE) ? iri.slice(PROBE_BASE.length) : undefined;
}
