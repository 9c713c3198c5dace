/**
 * RDF terms as the comparison sees them, independent of where they came from (a
 * results file, an HTTP response, an Oxigraph object).
 *
 * Two normalisations make terms from different sources comparable, as the W3C
 * suite intends: language tags are compared case-insensitively (lower-cased here),
 * and typed literals by value — each literal is passed through an Oxigraph store,
 * which canonicalises lexical forms on load (`"01"^^xsd:integer` → `"1"`). Doing it on
 * both sides means an engine that keeps `"01"` and one that stores `"1"` compare equal,
 * and neither side is trusted to be canonical already.
 */
import * as oxigraph from 'oxigraph';
import { XSD } from '../../src/db/triples/xsd-lexical';

const XSD_STRING = XSD + 'string';
const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

export type RdfTerm =
  | { type: 'uri'; value: string }
  | { type: 'bnode'; value: string }
  /** `datatype` is absent for simple literals (xsd:string) and language-tagged ones. */
  | { type: 'literal'; value: string; datatype?: string; lang?: string };

export const iri = (value: string): RdfTerm => ({ type: 'uri', value });
export const bnode = (value: string): RdfTerm => ({ type: 'bnode', value });

/** A literal in normal form: xsd:string and rdf:langString folded away, the language tag lower-cased, the value canonical. */
export function literal(value: string, datatype?: string, lang?: string): RdfTerm {
  if (lang) return { type: 'literal', value, lang: lang.toLowerCase() };
  if (!datatype || datatype === XSD_STRING || datatype === RDF_LANG_STRING) return { type: 'literal', value };
  return canonicalLiteral(value, datatype);
}

/** An Oxigraph (RDF/JS) term as an RdfTerm. */
export function fromOxigraph(term: oxigraph.Term): RdfTerm {
  switch (term.termType) {
    case 'NamedNode':
      return iri(term.value);
    case 'BlankNode':
      return bnode(term.value);
    case 'Literal':
      return literal(term.value, term.datatype.value, term.language || undefined);
    default:
      throw new Error(`unexpected ${term.termType} in a result`);
  }
}

/** N-Triples-like text of a term: a stable key for equality and the form used in failure messages. */
export function termKey(term: RdfTerm): string {
  switch (term.type) {
    case 'uri':
      return `<${term.value}>`;
    case 'bnode':
      return `_:${term.value}`;
    case 'literal': {
      const text = JSON.stringify(term.value);
      if (term.lang) return `${text}@${term.lang}`;
      return term.datatype ? `${text}^^<${term.datatype}>` : text;
    }
  }
}

const canonical = new Map<string, RdfTerm>();
let scratch: oxigraph.Store | undefined;

/**
 * The literal Oxigraph stores for this typed literal: the lexical form canonical, and
 * derived integer types folded into xsd:integer (`"-3"^^xsd:negativeInteger` comes
 * back as `"-3"^^xsd:integer`).
 */
function canonicalLiteral(value: string, datatype: string): RdfTerm {
  const key = `${datatype} ${value}`;
  let result = canonical.get(key);
  if (result === undefined) {
    scratch ??= new oxigraph.Store();
    const subject = oxigraph.namedNode('urn:tabula:conformance:s');
    scratch.add(oxigraph.quad(subject, subject, oxigraph.literal(value, oxigraph.namedNode(datatype))));
    const stored = scratch.match(subject, subject, null, null);
    for (const q of stored) scratch.delete(q);
    const object = stored.length === 1 && stored[0].object.termType === 'Literal' ? stored[0].object : undefined;
    result = object && !object.language ? { type: 'literal', value: object.value, datatype: object.datatype.value } : { type: 'literal', value, datatype };
    if (result.type === 'literal' && result.datatype === XSD_STRING) result = { type: 'literal', value: result.value };
    canonical.set(key, result);
  }
  return result;
}
