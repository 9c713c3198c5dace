/**
 * The console's one list of well-known namespace prefixes, bundled so that completion
 * and shortened IRIs work offline and against any server, and the rule for writing an
 * IRI as a prefixed name (`foaf:name`). Mostly the most used prefixes of prefix.cc,
 * plus MarkLogic's own and those of the Berlin SPARQL Benchmark data the benchmarks load.
 * Only display changes: links, titles and copies always carry the full IRI.
 */

export interface KnownPrefix {
  prefix: string;
  iri: string;
  title: string;
}

/** Prefix → namespace IRI, as a query's `PREFIX` declarations read. */
export type PrefixMap = Readonly<Record<string, string>>;

export const knownPrefixes: readonly KnownPrefix[] = [
  { prefix: 'rdf', iri: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', title: 'RDF' },
  { prefix: 'rdfs', iri: 'http://www.w3.org/2000/01/rdf-schema#', title: 'RDF Schema' },
  { prefix: 'owl', iri: 'http://www.w3.org/2002/07/owl#', title: 'OWL' },
  { prefix: 'xsd', iri: 'http://www.w3.org/2001/XMLSchema#', title: 'XML Schema datatypes' },
  { prefix: 'xml', iri: 'http://www.w3.org/XML/1998/namespace', title: 'XML namespace' },
  { prefix: 'fn', iri: 'http://www.w3.org/2005/xpath-functions#', title: 'XPath functions' },
  { prefix: 'foaf', iri: 'http://xmlns.com/foaf/0.1/', title: 'Friend of a Friend' },
  { prefix: 'dc', iri: 'http://purl.org/dc/elements/1.1/', title: 'Dublin Core elements' },
  { prefix: 'dcterms', iri: 'http://purl.org/dc/terms/', title: 'Dublin Core terms' },
  { prefix: 'dcmitype', iri: 'http://purl.org/dc/dcmitype/', title: 'DCMI types' },
  { prefix: 'skos', iri: 'http://www.w3.org/2004/02/skos/core#', title: 'SKOS' },
  { prefix: 'schema', iri: 'http://schema.org/', title: 'schema.org' },
  { prefix: 'sdo', iri: 'https://schema.org/', title: 'schema.org (https)' },
  { prefix: 'geo', iri: 'http://www.w3.org/2003/01/geo/wgs84_pos#', title: 'WGS84 geo positioning' },
  { prefix: 'geosparql', iri: 'http://www.opengis.net/ont/geosparql#', title: 'GeoSPARQL' },
  { prefix: 'gn', iri: 'http://www.geonames.org/ontology#', title: 'GeoNames' },
  { prefix: 'prov', iri: 'http://www.w3.org/ns/prov#', title: 'PROV' },
  { prefix: 'sh', iri: 'http://www.w3.org/ns/shacl#', title: 'SHACL' },
  { prefix: 'void', iri: 'http://rdfs.org/ns/void#', title: 'VoID' },
  { prefix: 'dcat', iri: 'http://www.w3.org/ns/dcat#', title: 'DCAT' },
  { prefix: 'adms', iri: 'http://www.w3.org/ns/adms#', title: 'ADMS' },
  { prefix: 'org', iri: 'http://www.w3.org/ns/org#', title: 'Organization ontology' },
  { prefix: 'vcard', iri: 'http://www.w3.org/2006/vcard/ns#', title: 'vCard' },
  { prefix: 'sioc', iri: 'http://rdfs.org/sioc/ns#', title: 'SIOC' },
  { prefix: 'doap', iri: 'http://usefulinc.com/ns/doap#', title: 'Description of a Project' },
  { prefix: 'time', iri: 'http://www.w3.org/2006/time#', title: 'OWL-Time' },
  { prefix: 'qb', iri: 'http://purl.org/linked-data/cube#', title: 'RDF Data Cube' },
  { prefix: 'cc', iri: 'http://creativecommons.org/ns#', title: 'Creative Commons' },
  { prefix: 'odrl', iri: 'http://www.w3.org/ns/odrl/2/', title: 'ODRL' },
  { prefix: 'bibo', iri: 'http://purl.org/ontology/bibo/', title: 'Bibliographic ontology' },
  { prefix: 'gr', iri: 'http://purl.org/goodrelations/v1#', title: 'GoodRelations' },
  { prefix: 'rev', iri: 'http://purl.org/stuff/rev#', title: 'Review vocabulary' },
  { prefix: 'rel', iri: 'http://purl.org/vocab/relationship/', title: 'Relationship' },
  { prefix: 'ldp', iri: 'http://www.w3.org/ns/ldp#', title: 'Linked Data Platform' },
  { prefix: 'as', iri: 'https://www.w3.org/ns/activitystreams#', title: 'Activity Streams' },
  { prefix: 'oa', iri: 'http://www.w3.org/ns/oa#', title: 'Web Annotation' },
  { prefix: 'sosa', iri: 'http://www.w3.org/ns/sosa/', title: 'SOSA' },
  { prefix: 'ssn', iri: 'http://www.w3.org/ns/ssn/', title: 'Semantic Sensor Network' },
  { prefix: 'dbo', iri: 'http://dbpedia.org/ontology/', title: 'DBpedia ontology' },
  { prefix: 'dbr', iri: 'http://dbpedia.org/resource/', title: 'DBpedia resources' },
  { prefix: 'dbp', iri: 'http://dbpedia.org/property/', title: 'DBpedia properties' },
  { prefix: 'wd', iri: 'http://www.wikidata.org/entity/', title: 'Wikidata entities' },
  { prefix: 'wdt', iri: 'http://www.wikidata.org/prop/direct/', title: 'Wikidata direct properties' },
  { prefix: 'bsbm', iri: 'http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/', title: 'Berlin SPARQL Benchmark vocabulary' },
  { prefix: 'bsbm-inst', iri: 'http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/', title: 'Berlin SPARQL Benchmark instances' },
  { prefix: 'sem', iri: 'http://marklogic.com/semantics#', title: 'MarkLogic semantics' },
  { prefix: 'cts', iri: 'http://marklogic.com/cts#', title: 'MarkLogic search functions' },
  { prefix: 'ex', iri: 'http://example.org/', title: 'Examples' },
];

/** The bundled list as a prefix → namespace map. */
export const bundledPrefixes: PrefixMap = Object.freeze(Object.fromEntries(knownPrefixes.map((p) => [p.prefix, p.iri])));

const byPrefix = new Map(knownPrefixes.map((p) => [p.prefix, p]));

export function knownPrefix(prefix: string): KnownPrefix | undefined {
  return byPrefix.get(prefix);
}

// PN_LOCAL of the SPARQL 1.1 grammar (§19.8): PN_CHARS_BASE approximated by Unicode
// letters, its combining marks (U+0300–U+036F) by \p{Mn}; `:` and percent escapes (PLX) allowed anywhere, `-` and `.` not first, `.` not
// last. Backslash escapes are left out on purpose: `foaf:a\/b` reads worse than the IRI.
const PN_CHARS_U = String.raw`\p{L}_`;
const PN_CHARS = String.raw`${PN_CHARS_U}\p{Mn}\-0-9\u00B7\u203F-\u2040`;
const PLX = '%[0-9A-Fa-f]{2}';
const PN_LOCAL = new RegExp(String.raw`^(?:[${PN_CHARS_U}:0-9]|${PLX})(?:(?:[${PN_CHARS}.:]|${PLX})*(?:[${PN_CHARS}:]|${PLX}))?$`, 'u');

/** Whether `local` may follow `prefix:` in a SPARQL prefixed name; the empty local name may. */
export function isPnLocal(local: string): boolean {
  return local === '' || PN_LOCAL.test(local);
}

function longestMatch(iri: string, entries: Iterable<readonly [string, string]>): string | undefined {
  let best: string | undefined;
  let bestLength = -1;
  for (const [prefix, namespace] of entries) {
    if (!namespace || namespace.length <= bestLength || !iri.startsWith(namespace)) continue;
    const local = iri.slice(namespace.length);
    if (!isPnLocal(local)) continue;
    best = `${prefix}:${local}`;
    bestLength = namespace.length;
  }
  return best;
}

/**
 * `foaf:name` for `http://xmlns.com/foaf/0.1/name`, or undefined when no prefix fits.
 * The names the person declared (`prefixes`, e.g. the query's `PREFIX` lines) come first,
 * since they are the names just written; the bundled ones only when none of those fits,
 * and never under a prefix name the person bound to another namespace. Within each, the
 * longest matching namespace wins (`wdt:P31`, not a shorter namespace's `…/P31`).
 */
export function prefixedName(iri: string, prefixes: PrefixMap = {}): string | undefined {
  let declaredAny = false;
  for (const _ in prefixes) {
    declaredAny = true;
    break;
  }
  if (declaredAny) {
    const declared = longestMatch(iri, Object.entries(prefixes));
    if (declared !== undefined) return declared;
  }
  // Longest first, so the first that fits is the longest: results shorten every cell of up
  // to a hundred thousand rows, and this is most of the work.
  for (const { prefix, iri: namespace } of bundledByLength) {
    if (!iri.startsWith(namespace) || (declaredAny && Object.hasOwn(prefixes, prefix))) continue;
    const local = iri.slice(namespace.length);
    if (isPnLocal(local)) return `${prefix}:${local}`;
  }
  return undefined;
}

const bundledByLength = [...knownPrefixes].sort((a, b) => b.iri.length - a.iri.length);

/** The IRI as a prefixed name when one fits (see prefixedName), the whole IRI otherwise. */
export function shortenIri(iri: string, prefixes: PrefixMap = {}): string {
  return prefixedName(iri, prefixes) ?? iri;
}
