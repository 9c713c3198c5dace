/**
 * Well-known namespace prefixes, bundled (no network), so the browser can write
 * `foaf:name` instead of a 35-character IRI. Only display changes: links and
 * titles always carry the full IRI.
 */

export const knownPrefixes: Readonly<Record<string, string>> = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  schema: 'http://schema.org/',
  sdo: 'https://schema.org/',
  geo: 'http://www.w3.org/2003/01/geo/wgs84_pos#',
  prov: 'http://www.w3.org/ns/prov#',
  sh: 'http://www.w3.org/ns/shacl#',
  void: 'http://rdfs.org/ns/void#',
  dcat: 'http://www.w3.org/ns/dcat#',
  org: 'http://www.w3.org/ns/org#',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  sioc: 'http://rdfs.org/sioc/ns#',
  doap: 'http://usefulinc.com/ns/doap#',
  time: 'http://www.w3.org/2006/time#',
  dbo: 'http://dbpedia.org/ontology/',
  dbr: 'http://dbpedia.org/resource/',
  wd: 'http://www.wikidata.org/entity/',
  wdt: 'http://www.wikidata.org/prop/direct/',
  gn: 'http://www.geonames.org/ontology#',
  bibo: 'http://purl.org/ontology/bibo/',
  cc: 'http://creativecommons.org/ns#',
  ldp: 'http://www.w3.org/ns/ldp#',
  sem: 'http://marklogic.com/semantics#',
};

// Longest namespace first, so `wdt:` wins over a shorter namespace that is its prefix.
const byLength = Object.entries(knownPrefixes).sort((a, b) => b[1].length - a[1].length);

/** `foaf:name` for a known namespace and a local part that reads well; undefined otherwise. */
export function compactIri(iri: string): string | undefined {
  for (const [prefix, ns] of byLength) {
    if (!iri.startsWith(ns)) continue;
    const local = iri.slice(ns.length);
    // A prefixed name that hides structure (`/`, `#`, spaces) would mislead more than help.
    if (/^[\p{L}\p{N}_][\p{L}\p{N}_.-]*$/u.test(local) || local === '') return `${prefix}:${local}`;
  }
  return undefined;
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
