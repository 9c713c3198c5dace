/**
 * Prefixed names for the graph browser, from the console's one bundled list
 * (src/console/lib/rdf/prefixes.ts), so the browser writes `foaf:name` instead of a
 * 35-character IRI. Only display changes: links and titles always carry the full IRI.
 */
import { bundledPrefixes, prefixedName } from '../../../lib/rdf/prefixes';

export const knownPrefixes: Readonly<Record<string, string>> = bundledPrefixes;

/** `foaf:name` for a known namespace and a local part that is a SPARQL local name; undefined otherwise. */
export function compactIri(iri: string): string | undefined {
  return prefixedName(iri);
}

/** The last segment of an IRI after `#` or `/` (`http://a.org/people/ada` → `ada`), or the IRI itself. */
export function localName(iri: string): string {
  const m = /[#/]([^#/]+)[#/]?$/.exec(iri);
  return m ? m[1] : iri;
}

/** Cuts text to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}
