/**
 * RDF terms as every serialiser sees them, and their N-Triples / Turtle syntax.
 *
 * One representation inside the serialisers: the W3C SPARQL 1.1 JSON term
 * (`{type, value, datatype?, 'xml:lang'?}`), because SELECT results already arrive
 * in it and RDF/JSON output is nearly the same shape. Quads (Oxigraph objects or any
 * RDF/JS-compatible terms) are converted once, reading each property once: every
 * property read on an Oxigraph term crosses into WebAssembly and allocates, which
 * dominates serialisation time on large results (measured: ~5 s for the literal
 * properties of 100k Oxigraph quads in Node).
 */
import { DbError } from '../../db/errors';
import { hasScheme } from '../../db/triples';

export const XSD_STRING = `${XSD}string`;
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDF_TYPE = `${RDF}type`;
export const RDF_LANG_STRING = `${RDF}langString`;
export const RDF_DIR_LANG_STRING = `${RDF}dirLangString`;

/** A term of the W3C SPARQL 1.1 JSON results format: the engine's type, one definition. */
import type { JsonTerm } from '../../db/triples';
import { XSD } from '../../db/triples';
export type { JsonTerm };

export type JsonLiteral = Extract<JsonTerm, { type: 'literal' }>;

/** A quad in the JSON term representation; no `graph` means the default graph. */
export interface JsonQuad {
  subject: JsonTerm;
  predicate: JsonTerm;
  object: JsonTerm;
  graph?: JsonTerm;
}

/**
 * What is read from an RDF/JS term. Oxigraph's classes satisfy it, and so do plain
 * objects (relative IRIs cannot be Oxigraph NamedNodes: `namedNode('a/b')` throws).
 */
export interface TermLike {
  readonly termType: string;
  readonly value: string;
  readonly language?: string;
  readonly direction?: string;
  readonly datatype?: { readonly value: string };
  readonly subject?: TermLike;
  readonly predicate?: TermLike;
  readonly object?: TermLike;
}

export interface QuadLike {
  readonly subject: TermLike;
  readonly predicate: TermLike;
  readonly object: TermLike;
  readonly graph?: TermLike;
}

export function toJsonTerm(term: TermLike): JsonTerm {
  const termType = term.termType;
  if (termType === 'NamedNode') return { type: 'uri', value: term.value };
  if (termType === 'BlankNode') return { type: 'bnode', value: term.value };
  if (termType === 'Literal') {
    const value = term.value;
    const language = term.language ?? '';
    if (language !== '') {
      const direction = term.direction;
      return direction === 'ltr' || direction === 'rtl'
        ? { type: 'literal', value, 'xml:lang': language, 'its:dir': direction }
        : { type: 'literal', value, 'xml:lang': language };
    }
    const datatype = term.datatype?.value;
    return datatype && datatype !== XSD_STRING ? { type: 'literal', value, datatype } : { type: 'literal', value };
  }
  if (termType === 'Quad') {
    return { type: 'triple', value: { subject: toJsonTerm(term.subject!), predicate: toJsonTerm(term.predicate!), object: toJsonTerm(term.object!) } };
  }
  // Variables (and anything else) are not RDF data: a caller bug, not a client error.
  throw new Error(`cannot serialise an RDF term of type ${termType}`);
}

/** Converts quads once; a DefaultGraph (or no graph) becomes `graph: undefined`. */
export function toJsonQuads(quads: Iterable<QuadLike>): JsonQuad[] {
  const out: JsonQuad[] = [];
  for (const q of quads) {
    const g = q.graph;
    const graph = g && g.termType !== 'DefaultGraph' ? toJsonTerm(g) : undefined;
    out.push({ subject: toJsonTerm(q.subject), predicate: toJsonTerm(q.predicate), object: toJsonTerm(q.object), graph });
  }
  return out;
}

/** The literal's datatype IRI, implicit ones included (RDF 1.1: plain strings are xsd:string). */
export function literalDatatype(t: JsonLiteral): string {
  if (t['xml:lang']) return t['its:dir'] ? RDF_DIR_LANG_STRING : RDF_LANG_STRING;
  return t.datatype ?? XSD_STRING;
}

/** True when the IRI has no scheme (`marklogic.com/r1`, `/my/graph`): a path-form IRI. */
export const isRelativeIri = (iri: string): boolean => !hasScheme(iri);

// ---------------------------------------------------------------------------------------
// N-Triples / Turtle syntax. Escaping follows RDF 1.2 canonical N-Triples, which is what
// Oxigraph writes: ECHAR for \b \t \n \f \r " \, UCHAR (upper-case hex) for the other
// control characters, DEL and the non-characters U+FFFE/U+FFFF; everything else raw.

const ECHAR: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };
const uchar = (c: string) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

// Lone surrogates are escaped too: they cannot be encoded in UTF-8 at all.
// eslint-disable-next-line no-control-regex
const STRING_ESCAPES = /["\\\u0000-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeString(s: string): string {
  return s.replace(STRING_ESCAPES, (c) => ECHAR[c] ?? uchar(c));
}

// Characters IRIREF forbids. Stored IRIs never hold them (Oxigraph validates every IRI);
// escaping keeps the output parseable even if a caller hands us one.
// eslint-disable-next-line no-control-regex
const IRI_ESCAPES = /[\u0000-\u0020<>"{}|^`\\]/g;

export function ntriplesIri(iri: string): string {
  return `<${iri.replace(IRI_ESCAPES, uchar)}>`;
}

// A subset of Turtle's BLANK_NODE_LABEL (ASCII only) that every RDF syntax accepts.
const BNODE_LABEL = /^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_-])?$/;

/**
 * A blank-node label every RDF syntax accepts. Labels from Oxigraph always are (hex); a
 * label that is not (a space, an empty or non-ASCII label) is rewritten as `b` plus its
 * letters and digits, each other character written `_x<hex>_`. Valid labels never change,
 * so two distinct valid labels stay distinct; a rewritten one could only meet a valid
 * label that is literally spelt the same way.
 */
export function safeBlankLabel(label: string): string {
  if (BNODE_LABEL.test(label)) return label;
  const escaped = Array.from(label, (c) => (/^[A-Za-z0-9]$/.test(c) ? c : `_x${c.codePointAt(0)!.toString(16)}_`)).join('');
  return `b${escaped}`;
}

/** A term in N-Triples (and N-Quads) syntax. */
export function ntriplesTerm(t: JsonTerm): string {
  switch (t.type) {
    case 'uri':
      return ntriplesIri(t.value);
    case 'bnode':
      return `_:${safeBlankLabel(t.value)}`;
    case 'literal': {
      const body = `"${escapeString(t.value)}"`;
      const lang = t['xml:lang'];
      if (lang) return t['its:dir'] ? `${body}@${lang}--${t['its:dir']}` : `${body}@${lang}`;
      return t.datatype && t.datatype !== XSD_STRING ? `${body}^^${ntriplesIri(t.datatype)}` : body;
    }
    case 'triple':
      return `<<( ${ntriplesTerm(t.value.subject)} ${ntriplesTerm(t.value.predicate)} ${ntriplesTerm(t.value.object)} )>>`;
  }
}

// Turtle's numeric and boolean shorthands, applied only when the lexical form matches the
// grammar exactly, so the shorthand reads back as the very same literal.
const SHORTHAND: Record<string, RegExp> = {
  [`${XSD}integer`]: /^[+-]?[0-9]+$/,
  [`${XSD}decimal`]: /^[+-]?[0-9]*\.[0-9]+$/,
  [`${XSD}double`]: /^[+-]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)[eE][+-]?[0-9]+$/,
  [`${XSD}boolean`]: /^(true|false)$/,
};

/**
 * A term in Turtle syntax: N-Triples plus the numeric/boolean shorthands and, when
 * `name` gives one, prefixed names for IRIs (datatypes included).
 */
export function turtleTerm(t: JsonTerm, name: (iri: string) => string | undefined = () => undefined): string {
  switch (t.type) {
    case 'uri':
      return name(t.value) ?? ntriplesIri(t.value);
    case 'literal': {
      if (t.datatype && !t['xml:lang'] && SHORTHAND[t.datatype]?.test(t.value)) return t.value;
      if (t.datatype && t.datatype !== XSD_STRING && !t['xml:lang']) {
        return `"${escapeString(t.value)}"^^${name(t.datatype) ?? ntriplesIri(t.datatype)}`;
      }
      return ntriplesTerm(t);
    }
    case 'triple':
      return `<<( ${turtleTerm(t.value.subject, name)} ${turtleTerm(t.value.predicate, name)} ${turtleTerm(t.value.object, name)} )>>`;
    default:
      return ntriplesTerm(t);
  }
}

/** A 406 for data the chosen syntax cannot express; the client can ask for another. */
export function cannotExpress(format: string, why: string): DbError {
  return new DbError('REST-UNACCEPTABLETYPE', `${format} cannot express this result: ${why}; ask for another format`);
}
