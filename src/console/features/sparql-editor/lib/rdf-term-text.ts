/**
 * How result terms read on screen: IRIs shortened with the query's own prefixes (the
 * names the person just wrote), literal datatypes with `xsd:`, and every IRI a link
 * into the graph browser.
 */
import type { SparqlTerm } from '../../../../client/sparql';
import { formatHash } from '../../../lib/hash-route';
import { shortenIri, type PrefixMap } from '../../../lib/rdf/prefixes';
import { XSD } from '../../../lib/xsd';

const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

/** The graph browser's page for a node (`#/graphs?iri=…`). */
export function graphBrowserHref(iri: string): string {
  return formatHash('/graphs', { iri });
}

/**
 * `foaf:name` when a prefix covers the IRI with a plain local name: the query's own
 * prefixes first, then the bundled ones (so `rdf:type` reads short without a PREFIX);
 * the IRI itself otherwise.
 */
export function compactIri(iri: string, prefixes: PrefixMap): string {
  return shortenIri(iri, prefixes);
}

/** `@en` or `^^xsd:integer`; nothing for a plain string, whose type goes without saying. */
export function literalSuffix(term: Extract<SparqlTerm, { type: 'literal' }>): string {
  const lang = term['xml:lang'];
  if (lang) return `@${lang}`;
  const datatype = term.datatype;
  if (!datatype || datatype === `${XSD}string` || datatype === RDF_LANG_STRING) return '';
  return `^^${datatype.startsWith(XSD) ? `xsd:${datatype.slice(XSD.length)}` : `<${datatype}>`}`;
}

/** The term in N-Triples syntax: exact, for tooltips and copying. */
export function termSyntax(term: SparqlTerm): string {
  switch (term.type) {
    case 'uri':
      return `<${term.value}>`;
    case 'bnode':
      return `_:${term.value}`;
    case 'triple':
      return `<< ${termSyntax(term.value.subject)} ${termSyntax(term.value.predicate)} ${termSyntax(term.value.object)} >>`;
    default: {
      const quoted = `"${term.value.replace(/[\\"\n\r]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r' })[c]!)}"`;
      if (term['xml:lang']) return `${quoted}@${term['xml:lang']}`;
      if (term.datatype && term.datatype !== `${XSD}string`) return `${quoted}^^<${term.datatype}>`;
      return quoted;
    }
  }
}
