/**
 * Turtle with `@prefix` lines.
 *
 * Oxigraph 0.5's JavaScript `dump` writes Turtle with full IRIs only (it has no prefixes
 * option), while MarkLogic's Turtle output declares prefixes and its clients rely on it
 * (the official Node client's tests look for `@prefix foaf:`; MarkLogic’s Semantics Developer’s Guide, supported RDF formats). So Turtle
 * is written here: well-known namespaces that the data uses are declared and abbreviated,
 * triples are grouped by subject (`;`) and by predicate (`,`), `rdf:type` is `a`, and
 * numbers and booleans use Turtle's shorthands when their lexical form allows it.
 * Path-form IRIs (`marklogic.com/r1`) are written as they are, `<marklogic.com/r1>`.
 */
import { RDF_TYPE, turtleTerm, type JsonQuad, type JsonTerm } from './rdf-terms';

/** Namespaces declared when the data uses them, under their usual (prefix.cc) short names. */
export const wellKnownPrefixes: Readonly<Record<string, string>> = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  foaf: 'http://xmlns.com/foaf/0.1/',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  schema: 'http://schema.org/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  prov: 'http://www.w3.org/ns/prov#',
  dcat: 'http://www.w3.org/ns/dcat#',
  void: 'http://rdfs.org/ns/void#',
  sh: 'http://www.w3.org/ns/shacl#',
  geo: 'http://www.w3.org/2003/01/geo/wgs84_pos#',
  sem: 'http://marklogic.com/semantics#',
};

// A conservative PN_LOCAL: what every Turtle parser reads back without escapes.
const LOCAL_NAME = /^([A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_-])?)?$/;

/** Abbreviates IRIs with the given namespaces, remembering which were used. */
class PrefixedNames {
  readonly used = new Map<string, string>();
  private readonly entries: Array<[string, string]>;

  constructor(prefixes: Readonly<Record<string, string>>) {
    // Longest namespace first, so a more specific one wins.
    this.entries = Object.entries(prefixes).sort((a, b) => b[1].length - a[1].length);
  }

  name = (iri: string): string | undefined => {
    for (const [prefix, ns] of this.entries) {
      if (iri.startsWith(ns) && LOCAL_NAME.test(iri.slice(ns.length))) {
        this.used.set(prefix, ns);
        return `${prefix}:${iri.slice(ns.length)}`;
      }
    }
    return undefined;
  };
}

/** The triples of `quads` (graph names ignored, duplicates dropped) as a Turtle document. */
export function quadsToTurtle(quads: readonly JsonQuad[], prefixes: Readonly<Record<string, string>> = wellKnownPrefixes): string {
  const names = new PrefixedNames(prefixes);
  const term = (t: JsonTerm) => turtleTerm(t, names.name);

  // subject → predicate → objects, each level in order of first appearance.
  const subjects = new Map<string, Map<string, Set<string>>>();
  for (const q of quads) {
    const s = term(q.subject);
    const p = q.predicate.type === 'uri' && q.predicate.value === RDF_TYPE ? 'a' : term(q.predicate);
    let predicates = subjects.get(s);
    if (!predicates) subjects.set(s, (predicates = new Map()));
    let objects = predicates.get(p);
    if (!objects) predicates.set(p, (objects = new Set()));
    objects.add(term(q.object));
  }

  const blocks: string[] = [];
  for (const [s, predicates] of subjects) {
    const lines = Array.from(predicates, ([p, objects]) => `${p} ${Array.from(objects).join(' , ')}`);
    blocks.push(`${s} ${lines.join(' ;\n\t')} .\n`);
  }
  const header = Array.from(names.used)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prefix, ns]) => `@prefix ${prefix}: <${ns}> .\n`)
    .join('');
  return header && blocks.length ? `${header}\n${blocks.join('\n')}` : header + blocks.join('\n');
}
