/**
 * Which text names a node: its best label among the usual labelling properties
 * (rdfs:label, skos:prefLabel, schema:name, foaf:name, dc/dcterms:title, …), chosen
 * in a language-aware order — the user's languages first, then untagged text, then
 * any other language — and, without a label, a prefixed name or the IRI's last segment.
 * Pure logic, so the diagram and the tables name a node the same way.
 */
import type { RdfTerm, Triple } from '../../../client/graphs';

const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const DCTERMS = 'http://purl.org/dc/terms/';
const DC = 'http://purl.org/dc/elements/1.1/';

/** The labelling properties, most specific first: a tie on language goes to the earlier one. */
export const LABEL_PREDICATES: readonly string[] = [
  `${SKOS}prefLabel`,
  `${RDFS}label`,
  'http://schema.org/name',
  'https://schema.org/name',
  `${FOAF}name`,
  `${DCTERMS}title`,
  `${DC}title`,
  'http://www.w3.org/2006/vcard/ns#fn',
  `${SKOS}altLabel`,
  `${FOAF}nick`,
];

const predicateRank = new Map(LABEL_PREDICATES.map((p, i) => [p, i]));

export function isLabelPredicate(iri: string): boolean {
  return predicateRank.has(iri);
}

/** A label candidate: a literal one of {@link LABEL_PREDICATES} gives a node. */
export interface LabelCandidate {
  predicate: string;
  value: string;
  lang?: string;
}

/**
 * How well a language tag suits the user (lower is better): one of `preferred`
 * exactly (in its order), then the same primary language (`en-GB` for `en`), then
 * untagged text, then any other language.
 */
export function languageRank(lang: string | undefined, preferred: readonly string[]): number {
  if (!lang) return 2 * preferred.length;
  const tag = lang.toLowerCase();
  const primary = tag.split('-')[0];
  const exact = preferred.findIndex((p) => p.toLowerCase() === tag);
  if (exact >= 0) return exact;
  const loose = preferred.findIndex((p) => p.toLowerCase().split('-')[0] === primary);
  if (loose >= 0) return preferred.length + loose;
  return 2 * preferred.length + 1;
}

/** The best of a node's label candidates, or undefined when it has none. */
export function chooseLabel(candidates: readonly LabelCandidate[], preferred: readonly string[]): string | undefined {
  let best: LabelCandidate | undefined;
  let bestKey: [number, number, string] | undefined;
  for (const c of candidates) {
    const text = c.value.trim();
    if (text === '') continue;
    const key: [number, number, string] = [languageRank(c.lang, preferred), predicateRank.get(c.predicate) ?? LABEL_PREDICATES.length, text];
    if (!bestKey || compareKeys(key, bestKey) < 0) {
      best = c;
      bestKey = key;
    }
  }
  return best?.value.trim().replace(/\s+/g, ' ');
}

function compareKeys(a: [number, number, string], b: [number, number, string]): number {
  if (a[0] !== b[0]) return a[0] - b[0];
  if (a[1] !== b[1]) return a[1] - b[1];
  // The same language and property twice: the first in code-point order, so the choice never depends on row order.
  return a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0;
}

/** Label candidates per subject (IRI or `_:label`) from the labelling triples among `triples`. */
export function labelCandidates(triples: readonly Triple[]): Map<string, LabelCandidate[]> {
  const out = new Map<string, LabelCandidate[]>();
  for (const t of triples) {
    if (t.object.type !== 'literal' || !isLabelPredicate(t.predicate.value)) continue;
    const key = termKey(t.subject);
    const list = out.get(key) ?? [];
    list.push({ predicate: t.predicate.value, value: t.object.value, lang: t.object.lang });
    out.set(key, list);
  }
  return out;
}

/** The best label of every subject that has one among `triples`. */
export function bestLabels(triples: readonly Triple[], preferred: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, candidates] of labelCandidates(triples)) {
    const label = chooseLabel(candidates, preferred);
    if (label !== undefined) out.set(key, label);
  }
  return out;
}

/** How labels are keyed: an IRI as itself, a blank node as `_:label`. */
export function termKey(term: RdfTerm): string {
  return term.type === 'bnode' ? `_:${term.value}` : term.value;
}

/** The last segment of an IRI after `#` or `/` (`http://a.org/people/ada` → `ada`), or the IRI itself. */
export function lastSegment(iri: string): string {
  const m = /[#/]([^#/]+)[#/]?$/.exec(iri);
  return m ? decodeSafely(m[1]) : iri;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The text a node goes by: its label when it has one, else its prefixed name
 * (`compact` is the caller's prefix table), else the IRI's last segment.
 */
export function nodeName(iri: string, labels: ReadonlyMap<string, string>, compact: (iri: string) => string | undefined): string {
  return labels.get(iri) ?? compact(iri) ?? lastSegment(iri);
}

/** The user's languages, most preferred first (the browser's list; `en` outside a browser). */
export function userLanguages(): readonly string[] {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const list = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  return list.length > 0 ? list : ['en'];
}
