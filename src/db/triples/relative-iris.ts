/**
 * Path-form IRIs (`marklogic.com/people`, `/my/graph`, `<marklogic.com/r1>` in data and
 * queries) are everyday graph and node names for MarkLogic clients, but Oxigraph accepts
 * absolute IRIs only. Inside the engine they live under the scheme `tabula-relative:` —
 * the base IRI every parse uses when the client gives none — and every output strips it,
 * so clients get back exactly what they wrote. This module is the one place that knows.
 *
 * The scheme shows through only where the engine itself turns such an IRI into a string
 * (`STR(?iri)` inside a query); see docs/decisions/0010-triple-store.md.
 */
import type * as Oxigraph from 'oxigraph';
import type { SparqlJsonTerm } from '../../wire/rdf';

export const RELATIVE_BASE = 'tabula-relative:';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** True when the IRI names its own scheme (absolute); `marklogic.com/x` and `/a` do not. */
export const hasScheme = (iri: string): boolean => SCHEME.test(iri);

/** The engine's spelling of a client IRI: absolute IRIs unchanged, path forms under the relative scheme. */
export const toInternal = (iri: string): string => (hasScheme(iri) ? iri : RELATIVE_BASE + iri);

/** The client's spelling of an engine IRI. */
export const toExternal = (iri: string): string => (iri.startsWith(RELATIVE_BASE) ? iri.slice(RELATIVE_BASE.length) : iri);

/**
 * A quad as clients see it. Oxigraph refuses to build a NamedNode without a scheme, so
 * a quad that mentions a path-form IRI comes back as plain RDF/JS objects (serializers
 * read `termType`, `value`, `language`, `datatype` only); other quads are returned as they are.
 */
export function externalQuad(quad: Oxigraph.Quad): Oxigraph.Quad {
  return mentionsRelative(quad) ? (plainQuad(quad) as Oxigraph.Quad) : quad;
}

/** A term as clients see it (see {@link externalQuad}). */
export function externalTerm<T extends Oxigraph.Term>(term: T): T {
  return mentionsRelative(term) ? (plain(term) as T) : term;
}

function mentionsRelative(term: Oxigraph.Term): boolean {
  switch (term.termType) {
    case 'NamedNode':
      return term.value.startsWith(RELATIVE_BASE);
    case 'Literal':
      return term.datatype.value.startsWith(RELATIVE_BASE);
    case 'Quad': {
      const q = term as Oxigraph.Quad;
      return mentionsRelative(q.subject) || mentionsRelative(q.predicate) || mentionsRelative(q.object) || mentionsRelative(q.graph);
    }
    default:
      return false;
  }
}

function plain(term: Oxigraph.Term): Oxigraph.Term {
  if (!mentionsRelative(term)) return term;
  if (term.termType === 'NamedNode') return plainNamedNode(toExternal(term.value));
  if (term.termType === 'Literal') {
    const datatype = plainNamedNode(toExternal(term.datatype.value));
    const literal = {
      termType: 'Literal',
      value: term.value,
      language: term.language,
      direction: term.direction,
      datatype,
      equals: (o: Oxigraph.Term | null | undefined) =>
        !!o && o.termType === 'Literal' && o.value === term.value && o.language === term.language && o.datatype.value === datatype.value,
      toString: () => `${JSON.stringify(term.value)}^^<${datatype.value}>`,
    };
    return literal as unknown as Oxigraph.Literal;
  }
  return plainQuad(term as Oxigraph.Quad);
}

function plainQuad(q: Oxigraph.Quad): Oxigraph.Quad {
  const out = {
    termType: 'Quad',
    value: '',
    subject: plain(q.subject),
    predicate: plain(q.predicate),
    object: plain(q.object),
    graph: plain(q.graph),
    equals: (o: Oxigraph.Term | null | undefined): boolean => !!o && o.termType === 'Quad' && o.toString() === out.toString(),
    toString: (): string =>
      [out.subject, out.predicate, out.object, out.graph]
        .filter((t) => t.termType !== 'DefaultGraph')
        .map(String)
        .join(' '),
  };
  return out as unknown as Oxigraph.Quad;
}

function plainNamedNode(value: string): Oxigraph.NamedNode {
  return {
    termType: 'NamedNode',
    value,
    equals: (o: Oxigraph.Term | null | undefined) => !!o && o.termType === 'NamedNode' && o.value === value,
    toString: () => `<${value}>`,
  } as unknown as Oxigraph.NamedNode;
}

/** SPARQL JSON results with every IRI (and literal datatype) in the client's spelling. */
export function externalResults<R extends { results?: { bindings: Array<Record<string, JsonTerm>> } }>(results: R): R {
  if (!results.results) return results;
  for (const row of results.results.bindings) {
    for (const name of Object.keys(row)) row[name] = externalJsonTerm(row[name]);
  }
  return results;
}

/** A term of the W3C SPARQL 1.1 JSON results format (with the RDF 1.2 triple term and base direction). */
export type JsonTerm = SparqlJsonTerm;

function externalJsonTerm(term: JsonTerm): JsonTerm {
  if (term.type === 'uri') return { ...term, value: toExternal(term.value) };
  if (term.type === 'literal' && term.datatype) return { ...term, datatype: toExternal(term.datatype) };
  if (term.type === 'triple') {
    const { subject, predicate, object } = term.value;
    return { ...term, value: { subject: externalJsonTerm(subject), predicate: externalJsonTerm(predicate), object: externalJsonTerm(object) } };
  }
  return term;
}
