/**
 * The documents a node's triples come from: those embedding a triple whose subject or object
 * is the node's IRI (docs/decisions/0032-embedded-triples.md). Found by a structured query on
 * the shapes a triple is written in, so `/v1/search` answers it on Tabula and MarkLogic alike:
 *
 * - JSON: inside a `triple` property, a `subject` or `object` whose value is the IRI, or
 *   `{"value": IRI}` (the other way to write an IRI);
 * - XML: inside a `sem:triple`, a `sem:subject` or `sem:object` whose text is the IRI.
 *
 * Values are compared exactly, as IRIs are (case, punctuation), but around surrounding
 * whitespace, which the triple index trims from an XML IRI. A literal object whose text is the
 * IRI matches too: a search cannot tell it from an IRI object.
 */
import type { StructuredQueryBody } from '../../../../client/search';

export const SEM_NS = 'http://marklogic.com/semantics';

/** IRIs are case- and punctuation-sensitive; never stemmed, never wildcarded. */
const IRI_TERM_OPTIONS = ['case-sensitive', 'diacritic-sensitive', 'punctuation-sensitive', 'whitespace-insensitive', 'unstemmed', 'unwildcarded'];

type Scope = { 'json-property': string } | { element: { name: string; ns: string } };

const json = (name: string): Scope => ({ 'json-property': name });
const sem = (name: string): Scope => ({ element: { name, ns: SEM_NS } });
const valueIs = (scope: Scope, iri: string) => ({ 'value-query': { ...scope, text: [iri], 'term-option': IRI_TERM_OPTIONS } });
const inside = (scope: Scope, query: Record<string, unknown>) => ({ 'container-query': { ...scope, ...query } });
const anyOf = (...queries: Array<Record<string, unknown>>) => ({ 'or-query': { queries } });

/** The structured query matching the documents that embed a triple with `iri` as its subject or object. */
export function sourceDocumentsQuery(iri: string): StructuredQueryBody {
  const jsonTerm = (position: string) => [valueIs(json(position), iri), inside(json(position), valueIs(json('value'), iri))];
  return {
    query: anyOf(
      inside(json('triple'), anyOf(...jsonTerm('subject'), ...jsonTerm('object'))),
      inside(sem('triple'), anyOf(valueIs(sem('subject'), iri), valueIs(sem('object'), iri))),
    ),
  };
}
