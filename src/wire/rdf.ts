/**
 * RDF on the wire: the W3C SPARQL 1.1 Query Results JSON Format (SELECT and ASK answers)
 * and Talis RDF/JSON (`application/rdf+json`, MarkLogic's Semantics Developer's Guide,
 * supported RDF formats), the one RDF syntax the API reads and writes without Oxigraph.
 */

/** A term of a SPARQL JSON result (with RDF 1.2's triple term and base direction). */
export type SparqlJsonTerm =
  | { type: 'uri'; value: string }
  /** `value` is the label, without `_:`. */
  | { type: 'bnode'; value: string }
  | { type: 'literal'; value: string; datatype?: string; 'xml:lang'?: string; 'its:dir'?: 'ltr' | 'rtl' }
  | { type: 'triple'; value: { subject: SparqlJsonTerm; predicate: SparqlJsonTerm; object: SparqlJsonTerm } };

/** One solution: the variables it binds (unbound ones are absent). */
export type SparqlJsonBinding = Record<string, SparqlJsonTerm>;

/** `application/sparql-results+json`: a SELECT answer has `results`, an ASK answer `boolean`. */
export interface SparqlJsonResults {
  head: { vars?: string[]; link?: string[] };
  results?: { bindings: SparqlJsonBinding[] };
  boolean?: boolean;
}

/** An object of RDF/JSON. Blank nodes are written `_:label`; a literal has `lang` or `datatype`, or neither. */
export interface RdfJsonObject {
  type: 'uri' | 'literal' | 'bnode';
  value: string;
  datatype?: string;
  lang?: string;
}

/** RDF/JSON: subject → predicate → objects. */
export type RdfJson = Record<string, Record<string, RdfJsonObject[]>>;
