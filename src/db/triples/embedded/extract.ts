/**
 * The triples a document embeds (MarkLogic's "unmanaged triples": Semantic Graph
 * Developer's Guide, "Unmanaged Triples" and "Triple Index Overview"), found the way
 * MarkLogic's triple index finds them: anywhere in the document, and only when they have
 * the shape of MarkLogic's triple schema. Anything else is not an error: the document is
 * stored, and the construct is simply not a triple (docs/decisions/0032-embedded-triples.md).
 *
 * XML: a `sem:triple` element (namespace http://marklogic.com/semantics) whose element
 * children are exactly `sem:subject`, `sem:predicate`, `sem:object`, in that order, each
 * holding text only. The subject and predicate are IRIs; an object without attributes is
 * an IRI, one with `datatype` a typed literal, one with `xml:lang` a language-tagged string.
 *
 * JSON: a property `triple` whose value is an object with exactly the keys `subject`,
 * `predicate` and `object`. Subject and predicate are IRIs, given as a string or as
 * `{"value": …}`; the object is an IRI given the same way, or a literal
 * `{"value": …, "datatype": …}` or `{"value": …, "lang" | "xml:lang": …}`. Numbers,
 * booleans and null are not values of the schema, so a triple holding one is not a triple.
 */
import type { Document, Element, Node } from '@xmldom/xmldom';
import { SEM_NS, XML_NS } from '../../xml/namespaces';
import { toInternal } from '../relative-iris';
import type { TermFields } from './quad-owners';

/** An embedded triple's object: an IRI, or a literal with a datatype or a language. */
export type EmbeddedObject = { iri: string } | { value: string; datatype: string } | { value: string; language: string };

/** A triple as the document spells it (IRIs as written: absolute, or path forms). */
export interface EmbeddedTriple {
  subject: string;
  predicate: string;
  object: EmbeddedObject;
}

export const RDF_LANG_STRING = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString';

/** BCP 47 as RDF reads a language tag: letters, then hyphen-separated letters and digits. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

// ---- JSON ---------------------------------------------------------------------------

/** The triples embedded in a JSON value, in document order. */
export function triplesInJson(root: unknown): EmbeddedTriple[] {
  const out: EmbeddedTriple[] = [];
  // Depth-first with an explicit stack (children pushed last to first), so the triples come
  // out in document order without recursion; a triple found is pushed in its value's place.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value instanceof Found) out.push(value.triple);
    else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (isPlainObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        // A triple's own parts hold no triples; anything else is searched further.
        const triple = key === 'triple' ? jsonTriple(child) : undefined;
        stack.push(triple ? new Found(triple) : child);
      }
    }
  }
  return out;
}

/** A triple found while walking, kept in the walk's stack to come out in document order. */
class Found {
  constructor(readonly triple: EmbeddedTriple) {}
}

function jsonTriple(value: unknown): EmbeddedTriple | undefined {
  if (!isPlainObject(value) || !hasExactly(value, ['subject', 'predicate', 'object'])) return undefined;
  const subject = jsonIri(value.subject);
  const predicate = jsonIri(value.predicate);
  const object = jsonObject(value.object);
  return subject !== undefined && predicate !== undefined && object ? holdable({ subject, predicate, object }) : undefined;
}

/** An IRI: a non-empty string, or `{"value": string}`. */
function jsonIri(value: unknown): string | undefined {
  if (isPlainObject(value)) return hasExactly(value, ['value']) ? jsonIri(value.value) : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function jsonObject(value: unknown): EmbeddedObject | undefined {
  if (!isPlainObject(value)) {
    const iri = jsonIri(value);
    return iri === undefined ? undefined : { iri };
  }
  const keys = Object.keys(value);
  if (typeof value.value !== 'string') return undefined;
  const language = keys.includes('lang') ? value.lang : keys.includes('xml:lang') ? value['xml:lang'] : undefined;
  const known = keys.every((k) => k === 'value' || k === 'datatype' || k === 'lang' || k === 'xml:lang');
  if (!known || (keys.includes('lang') && keys.includes('xml:lang'))) return undefined;
  return literalOrIri(value.value, value.datatype, language);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasExactly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
}

/**
 * The object of a triple from its text, `datatype` and language (each undefined when
 * absent): neither makes it an IRI, as in MarkLogic's XML form; a language makes it a
 * language-tagged string (with no datatype, or `rdf:langString`).
 */
function literalOrIri(text: string, datatype: unknown, language: unknown): EmbeddedObject | undefined {
  if (datatype !== undefined && (typeof datatype !== 'string' || datatype.trim() === '')) return undefined;
  if (language !== undefined) {
    if (typeof language !== 'string' || !LANGUAGE_TAG.test(language)) return undefined;
    if (datatype !== undefined && datatype.trim() !== RDF_LANG_STRING) return undefined;
    return { value: text, language };
  }
  if (datatype !== undefined) return { value: text, datatype: datatype.trim() };
  const iri = text.trim();
  return iri === '' ? undefined : { iri };
}

// ---- XML ----------------------------------------------------------------------------

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const COMMENT_NODE = 8;
const PROCESSING_INSTRUCTION_NODE = 7;

/** The triples embedded in an XML document, in document order. */
export function triplesInXml(doc: Document): EmbeddedTriple[] {
  const out: EmbeddedTriple[] = [];
  const stack: Node[] = [];
  for (let n = doc.lastChild; n; n = n.previousSibling) stack.push(n);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const element = node as Element;
    if (isSem(element, 'triple')) {
      const triple = xmlTriple(element);
      if (triple) out.push(triple);
    }
    // Every element is looked into: a sem:triple inside an invalid one is a triple of its own.
    for (let n = element.lastChild; n; n = n.previousSibling) stack.push(n);
  }
  return out;
}

const isSem = (element: Element, localName: string): boolean => element.namespaceURI === SEM_NS && element.localName === localName;

function xmlTriple(element: Element): EmbeddedTriple | undefined {
  const parts: Element[] = [];
  for (let n = element.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === ELEMENT_NODE) parts.push(n as Element);
    else if (!ignorable(n)) return undefined;
  }
  const [s, p, o] = parts;
  if (parts.length !== 3 || !isSem(s, 'subject') || !isSem(p, 'predicate') || !isSem(o, 'object')) return undefined;
  if (hasAttributes(s) || hasAttributes(p)) return undefined;
  const subject = textOnly(s)?.trim();
  const predicate = textOnly(p)?.trim();
  const text = textOnly(o);
  if (!subject || !predicate || text === undefined) return undefined;
  let datatype: string | undefined;
  let language: string | undefined;
  for (let i = 0; i < o.attributes.length; i++) {
    const attribute = o.attributes.item(i)!;
    if (isNamespaceDeclaration(attribute.name)) continue;
    if (attribute.namespaceURI === null && attribute.localName === 'datatype') datatype = attribute.value;
    else if (attribute.namespaceURI === XML_NS && attribute.localName === 'lang') language = attribute.value;
    else return undefined;
  }
  const object = literalOrIri(text, datatype, language);
  return object ? holdable({ subject, predicate, object }) : undefined;
}

/** Whitespace, comments and processing instructions between a triple's parts. */
function ignorable(node: Node): boolean {
  if (node.nodeType === COMMENT_NODE || node.nodeType === PROCESSING_INSTRUCTION_NODE) return true;
  return (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) && (node.nodeValue ?? '').trim() === '';
}

/** The element's text when it holds text only (comments and processing instructions aside); undefined when it holds an element. */
function textOnly(element: Element): string | undefined {
  let text = '';
  for (let n = element.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_SECTION_NODE) text += n.nodeValue ?? '';
    else if (n.nodeType === ELEMENT_NODE) return undefined;
  }
  return text;
}

function hasAttributes(element: Element): boolean {
  for (let i = 0; i < element.attributes.length; i++) if (!isNamespaceDeclaration(element.attributes.item(i)!.name)) return true;
  return false;
}

const isNamespaceDeclaration = (name: string): boolean => name === 'xmlns' || name.startsWith('xmlns:');

/**
 * The triple, if the engine can hold its IRIs: none may contain a space, a control character
 * or one of `<>"{}|^\`\\`. The engine writes IRIs as they are into its dump (the triple
 * snapshot), where such a character would end the IRI or the line, and the snapshot would no
 * longer load; the graph store refuses them too. MarkLogic takes any text as an IRI: here such
 * a construct is not a triple (docs/decisions/0032-embedded-triples.md).
 */
function holdable(t: EmbeddedTriple): EmbeddedTriple | undefined {
  const o = t.object;
  const iris = [t.subject, t.predicate, 'iri' in o ? o.iri : 'datatype' in o ? o.datatype : ''];
  return iris.some((iri) => UNHOLDABLE.test(iri)) ? undefined : t;
}

// eslint-disable-next-line no-control-regex
const UNHOLDABLE = /[\u0000-\u0020<>"{}|^`\\]/;

// ---- N-Triples ----------------------------------------------------------------------

/**
 * The triples as N-Triples in the engine's spelling (path-form IRIs under the relative
 * scheme, src/db/triples/relative-iris.ts), one line each. MarkLogic takes any text as an
 * IRI; the characters N-Triples does not allow inside `<…>` are written as `\uXXXX`
 * escapes, which the engine reads back as the characters themselves.
 */
export function nTriplesOf(triples: readonly EmbeddedTriple[]): string {
  return nQuadsOf(triples.map((triple) => ({ triple, graph: '' })));
}

/**
 * The lexical form the engine holds for a typed literal: it stores numbers and some other
 * XSD values natively and writes them back canonically (`"007"^^xsd:integer` becomes `"7"`).
 * Asked of the engine itself rather than imitated (./engine-lexicals.ts).
 */
export type CanonicalLexical = (value: string, datatype: string) => string;

const XSD_NS = 'http://www.w3.org/2001/XMLSchema#';
const XSD_STRING = `${XSD_NS}string`;

/** Whether the engine may hold a value of this datatype (internal form) in another lexical form than written. */
export const needsEngineLexical = (datatype: string): boolean => datatype.startsWith(XSD_NS) && datatype !== XSD_STRING;

/**
 * A triple's terms as the engine will hold them once it reads {@link nTriplesOf}'s line
 * (path-form IRIs internal, a language tag in lower case, an XSD value other than a string in
 * the engine's canonical form), with no call into the engine but for those values: what its
 * quad id is computed from (./quad-owners.ts).
 */
export function embeddedTerms(t: EmbeddedTriple, canonical: CanonicalLexical): [TermFields, TermFields, TermFields] {
  const o = t.object;
  let object: TermFields;
  if ('iri' in o) object = { termType: 'NamedNode', value: toInternal(o.iri) };
  else if ('language' in o) object = { termType: 'Literal', value: o.value, datatype: { value: RDF_LANG_STRING }, language: o.language.toLowerCase() };
  else {
    const datatype = toInternal(o.datatype);
    const value = needsEngineLexical(datatype) ? canonical(o.value, datatype) : o.value;
    object = { termType: 'Literal', value, datatype: { value: datatype }, language: '' };
  }
  return [{ termType: 'NamedNode', value: toInternal(t.subject) }, { termType: 'NamedNode', value: toInternal(t.predicate) }, object];
}

/**
 * Triples placed in graphs as N-Quads in the engine's spelling, one line each (a graph key
 * is an engine name already; the default graph's lines name none).
 */
export function nQuadsOf(placed: Iterable<{ triple: EmbeddedTriple; graph: string }>): string {
  let out = '';
  for (const { triple: t, graph } of placed) {
    const g = graph === '' ? '' : ` ${ntIri(graph)}`;
    out += `${iriRef(t.subject)} ${iriRef(t.predicate)} ${objectTerm(t.object)}${g} .\n`;
  }
  return out;
}

function objectTerm(object: EmbeddedObject): string {
  if ('iri' in object) return iriRef(object.iri);
  const lexical = ntString(object.value);
  return 'language' in object ? `${lexical}@${object.language}` : `${lexical}^^${iriRef(object.datatype)}`;
}

/** An IRI as written (path forms to the engine's spelling) in N-Triples `<…>`. */
const iriRef = (iri: string): string => ntIri(toInternal(iri));

/**
 * An IRI already in the engine's spelling, in N-Triples `<…>`: the characters the syntax does not
 * allow there as `\uXXXX` escapes, which the engine reads back as the characters themselves.
 */
export const ntIri = (iri: string): string => `<${iri.replace(IRI_SPECIAL, uchar)}>`;

/** A string as an N-Triples quoted literal. */
export const ntString = (value: string): string => `"${value.replace(STRING_SPECIAL, (c) => STRING_ESCAPES[c])}"`;

// eslint-disable-next-line no-control-regex
const IRI_SPECIAL = /[\u0000-\u0020<>"{}|^`\\]/g;
const uchar = (c: string): string => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

const STRING_SPECIAL = /["\\\n\r]/g;
const STRING_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r' };
