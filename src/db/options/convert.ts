/**
 * Query options between their XML form (`<options xmlns="http://marklogic.com/appservices/search">`)
 * and their JSON form (`{"options": {…}}`), following MarkLogic's own conversion
 * (`lib/config-query-util.xqy`, MarkLogic’s REST Application Developer’s Guide, query options in JSON and XML):
 *
 * - an element becomes a key named for its local name; the names of {@link ARRAY_NAMES}
 *   are always arrays in JSON (a repeated element of any other name becomes one too);
 * - the attribute names of {@link ATTRIBUTE_NAMES} are JSON keys with scalar values, and
 *   the grammar's `element`/`options` attributes are spelled `cts-element`/`cts-options`;
 * - the text of `bucket`, `computed-bucket`, `starter` and `joiner` is carried as `label`;
 * - `additional-query` and the grammar's `implicit` are strings of serialised XML (a JSON
 *   structured query in `additional-query` is kept as JSON, and written as its XML form);
 * - `path-index` and `searchable-expression` are `{"text", "namespaces"}`;
 * - `tuples` list their lexicons under `indexes`;
 * - booleans and numbers are JSON scalars (by element or attribute name), an empty
 *   element is `null`.
 *
 * JSON that arrives from a client goes through {@link normalizeOptions}, which gives it
 * exactly the shape the XML route would have produced, so a set reads back the same
 * whichever form it was written in, and readers can rely on arrays being arrays.
 *
 * @example
 * optionsToXml({ 'page-length': 5 });  // '<options xmlns="…search"><page-length>5</page-length></options>'
 * optionsFromXml('<options xmlns="…search"><return-facets>false</return-facets></options>'); // { 'return-facets': false }
 */
import type { Document, Element, Node } from '@xmldom/xmldom';
import { DbError } from '../errors';
import { parseXml } from '../xml/parse';
import { serializeNode } from '../xml/serialize';
import { CTS_NS, isNcName, SEARCH_NS, XMLNS_NS, XS_NS } from '../xml/namespaces';
import type { QueryOptions } from './types';
import { parseJson } from '../json/parse';
import { strictUtf8 } from '../util/bytes';
import { isObject } from '../util/objects';


/** Element names that are always arrays in JSON (MarkLogic's `$csu:array-element-names`). */
export const ARRAY_NAMES: ReadonlySet<string> = new Set([
  'aggregate', 'aggregate-result', 'annotation', 'axis', 'boolean', 'bucket', 'computed-bucket', 'constraint',
  'constraint-value', 'extract-path', 'facet-option', 'forest', 'geo-option', 'joiner', 'number', 'operator',
  'operator-state', 'period', 'point', 'qname', 'qtext', 'search-option', 'sort-order', 'starter', 'state',
  'suggestion-option', 'suggestion-source', 'temporal-option', 'term-option', 'text', 'tuples', 'uri', 'values',
  'values-option',
]);

/** Names that are XML attributes when their JSON value is a scalar (`$csu:attribute-names`). */
export const ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  'anchor', 'apply', 'at', 'attr-name', 'attr-ns', 'collation', 'compare', 'confidence', 'consume', 'coord', 'count',
  'cts-element', 'cts-options', 'delimiter', 'direction', 'e', 'elem-name', 'elem-ns', 'facet', 'frequency', 'ge',
  'ge-anchor', 'index', 'latdivs', 'londivs', 'lt', 'lt-anchor', 'n', 'name', 'ns', 'parent-name', 'path', 'prefix',
  'ref', 's', 'selected', 'snippet-format', 'start', 'strength', 'style', 'tokenize', 'total', 'type', 'udf', 'w',
  'warning',
]);

/** Elements whose text is carried in JSON as `label`. */
const LABELLED = new Set(['bucket', 'computed-bucket', 'starter', 'joiner']);

/** Elements holding an XPath whose prefixes travel with it as `namespaces`. */
const PATHS = new Set(['path-index', 'searchable-expression']);

/** The scalar types of the search options schema (search.xsd), by element or attribute name. */
const BOOLEANS = new Set([
  'debug', 'return-aggregates', 'return-constraints', 'return-facets', 'return-frequencies', 'return-metrics',
  'return-plan', 'return-qtext', 'return-query', 'return-results', 'return-similar', 'return-values', 'ordered',
  'infinite', 'facet', 'nullable',
]);
const NUMBERS = new Set([
  'page-length', 'quality-weight', 'concurrency-level', 'forest', 'weight', 'per-match-tokens', 'max-matches',
  'max-snippet-chars', 'distance', 'minimum-distance', 'distance-weight', 'strength', 'consume', 'n', 's', 'e', 'w',
  'latdivs', 'londivs',
]);

/** The tuples children that are not lexicons (everything else goes to `indexes`). */
const TUPLE_SETTINGS = new Set(['name', 'style', 'aggregate', 'annotation', 'values-option']);

/** JSON key for text beside attributes or children (json:config("custom")'s text-value). */
const TEXT_KEY = '_value';

const invalid = (detail: string) => new DbError('RESTAPI-INVALIDCONTENT', detail);

/** Whether `child` is always an array under `parent`; the exceptions are MarkLogic's own. */
function isArrayChild(parent: string, child: string): boolean {
  if (parent === 'extract-metadata') return child === 'constraint-value' || child === 'json-key' || child === 'qname' || child === 'json-property';
  if (parent === 'preferred-matches' || parent === 'preferred-elements') return child === 'element' || child === 'json-property';
  // A values source `<uri/>` is a marker, not a list of URIs (MarkLogic’s Search Developer’s Guide, query options reference writes it `"uri": null`).
  if ((parent === 'values' || parent === 'tuples-index') && child === 'uri') return false;
  return ARRAY_NAMES.has(child);
}

/** A scalar's JSON value from its text, typed by the name it appears under. */
export function typedScalar(name: string, text: string): string | number | boolean {
  if (BOOLEANS.has(name)) {
    const t = text.trim();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    return text;
  }
  if (NUMBERS.has(name)) {
    const t = text.trim();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return text;
    const n = Number(t);
    // A 64-bit forest id does not survive a JS number: keep its digits.
    if (/^[+-]?\d+$/.test(t) && !Number.isSafeInteger(n)) return text;
    return n;
  }
  return text;
}

// ---------------------------------------------------------------------------------------
// XML → JSON

/** Options from XML text; malformed XML or another root element is 400 RESTAPI-INVALIDCONTENT. */
export function optionsFromXml(xmlText: string): QueryOptions {
  return optionsFromElement(parseXmlContent(xmlText, 'options').documentElement as Element);
}

/** Options from an `<options>` element (a stored set, or `<search:options>` inside a combined query). */
export function optionsFromElement(el: Element): QueryOptions {
  if (el.namespaceURI !== SEARCH_NS || el.localName !== 'options') {
    throw invalid(`Unexpected Payload: expected an options element in the ${SEARCH_NS} namespace, not ${describe(el)}`);
  }
  return objectFromElement(el, 'options', false) as QueryOptions;
}

function describe(el: Element): string {
  return el.namespaceURI ? `{${el.namespaceURI}}${el.localName}` : (el.localName ?? el.nodeName);
}

const childElements = (el: Element): Element[] => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === n.ELEMENT_NODE);

function textOf(el: Element): string {
  let text = '';
  for (const n of Array.from(el.childNodes)) {
    if (n.nodeType === n.TEXT_NODE || n.nodeType === n.CDATA_SECTION_NODE) text += n.nodeValue ?? '';
  }
  return text;
}

/**
 * `opaque`: inside an `annotation`, where any markup is allowed and is kept by local
 * name only (MarkLogic's generic conversion does the same).
 */
function objectFromElement(el: Element, name: string, opaque: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of Array.from(el.attributes)) {
    if (a.namespaceURI === XMLNS_NS) continue;
    const local = a.localName ?? a.nodeName;
    if (a.namespaceURI && !opaque) throw invalid(`attribute ${a.nodeName} of ${name} is not an options attribute`);
    const key = local === 'element' ? 'cts-element' : local === 'options' ? 'cts-options' : local;
    out[key] = typedScalar(key, attributeValue(el, key, a.value));
  }
  const children = childElements(el);
  if (name === 'tuples' && !opaque) return tuplesFromElement(el, out, children);
  for (const child of children) {
    const local = child.localName ?? child.nodeName;
    const childOpaque = opaque || local === 'annotation';
    if (!opaque && child.namespaceURI !== SEARCH_NS) throw invalid(`${describe(child)} in ${name} is not in the ${SEARCH_NS} namespace`);
    if (local === 'additional-query' && !opaque) {
      const queries = childElements(child).map(serializeInScope);
      if (queries.length > 0) out[local] = [...((out[local] as string[] | undefined) ?? []), ...queries];
      continue;
    }
    add(out, local, valueFromElement(child, local, childOpaque), isArrayChild(name, local));
  }
  if (name === 'extract-document-data' && !opaque) extractNamespacesFromElement(children, out);
  const text = textOf(el).trim();
  if (text !== '' && !(LABELLED.has(name) && !opaque)) out[TEXT_KEY] = text;
  return out;
}

/** The prefixes the extract paths use, as bound where each path is written, become the JSON form's `namespaces`. */
function extractNamespacesFromElement(children: Element[], out: Record<string, unknown>): void {
  const namespaces: Record<string, string> = { ...((out.namespaces as Record<string, string> | undefined) ?? {}) };
  for (const child of children) {
    if (child.localName !== 'extract-path') continue;
    for (const prefix of prefixesUsedIn(textOf(child))) {
      const uri = child.lookupNamespaceURI(prefix);
      if (uri && !(prefix in namespaces)) namespaces[prefix] = uri;
    }
  }
  if (Object.keys(namespaces).length > 0) out.namespaces = namespaces;
}

function add(out: Record<string, unknown>, key: string, value: unknown, isArray: boolean): void {
  const current = out[key];
  if (isArray) out[key] = [...((current as unknown[] | undefined) ?? []), value];
  else if (current === undefined) out[key] = value;
  else out[key] = Array.isArray(current) ? [...current, value] : [current, value];
}

function valueFromElement(el: Element, name: string, opaque: boolean): unknown {
  if (!opaque) {
    if (LABELLED.has(name)) return { ...objectFromElement(el, name, false), label: textOf(el) };
    if (PATHS.has(name)) return pathFromElement(el, name);
    if (name === 'implicit') return implicitFromElement(el);
  }
  const hasAttributes = Array.from(el.attributes).some((a) => a.namespaceURI !== XMLNS_NS);
  if (!hasAttributes && childElements(el).length === 0) {
    const text = textOf(el);
    return text.trim() === '' ? null : typedScalar(name, text);
  }
  return objectFromElement(el, name, opaque);
}

function tuplesFromElement(el: Element, out: Record<string, unknown>, children: Element[]): Record<string, unknown> {
  const indexes: unknown[] = [];
  for (const child of children) {
    const local = child.localName ?? child.nodeName;
    if (child.namespaceURI !== SEARCH_NS) throw invalid(`${describe(child)} in tuples is not in the ${SEARCH_NS} namespace`);
    if (TUPLE_SETTINGS.has(local)) add(out, local, valueFromElement(child, local, local === 'annotation'), isArrayChild('tuples', local));
    else indexes.push({ [local]: valueFromElement(child, local, false) });
  }
  out.indexes = indexes;
  return out;
}

/**
 * An XPath and the prefixes it needs: those declared on the element itself and those
 * of its ancestors that the path uses (MarkLogic takes every prefix in scope, which
 * would drag the root's declarations into every path).
 */
function pathFromElement(el: Element, name: string): Record<string, unknown> {
  const text = textOf(el).trim();
  if (childElements(el).length > 0) throw invalid(`${name} holds an XPath expression, not elements`);
  const namespaces: Record<string, string> = {};
  for (const a of Array.from(el.attributes)) {
    if (a.namespaceURI === XMLNS_NS && a.prefix === 'xmlns') namespaces[a.localName ?? ''] = a.value;
  }
  for (const prefix of prefixesUsedIn(text)) {
    if (prefix in namespaces) continue;
    const uri = el.lookupNamespaceURI(prefix);
    if (uri) namespaces[prefix] = uri;
  }
  return Object.keys(namespaces).length > 0 ? { text, namespaces } : { text };
}

function prefixesUsedIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?:^|[^\w.:-])([A-Za-z_][\w.-]*):(?![:=])/g)) if (m[1] !== 'xml') out.add(m[1]);
  return out;
}

/**
 * The implicit joiner as a serialised query. MarkLogic also allows an `options` attribute
 * on it (JSON `{"cts-options", "text"}`); Tabula's grammar has no use for cts options
 * there, so that form is refused rather than half kept.
 */
function implicitFromElement(el: Element): string {
  if (el.hasAttribute('options')) throw invalid('grammar implicit: the options attribute is not supported');
  const query = childElements(el)[0];
  return query ? serializeInScope(query) : '';
}

/**
 * An embedded cts query as a string that parses on its own: besides the declarations
 * its names need (the serialiser adds those), it keeps the ancestors' declarations of
 * prefixes it mentions in text or attribute values (`<cts:element>p:title</cts:element>`).
 */
function serializeInScope(el: Element): string {
  const text = serializeNode(el);
  const missing: Array<[string, string]> = [];
  for (const prefix of prefixesUsedIn(textContentAndValues(el))) {
    if (new RegExp(`xmlns:${prefix}=`).test(text)) continue;
    const uri = el.lookupNamespaceURI(prefix);
    if (uri) missing.push([prefix, uri]);
  }
  if (missing.length === 0) return text;
  const copy = el.cloneNode(true) as Element;
  for (const [prefix, uri] of missing) copy.setAttributeNS(XMLNS_NS, `xmlns:${prefix}`, uri);
  return serializeNode(copy);
}

function textContentAndValues(el: Element): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === n.TEXT_NODE) parts.push(n.nodeValue ?? '');
    if (n.nodeType === n.ELEMENT_NODE) {
      for (const a of Array.from((n as Element).attributes)) if (a.namespaceURI !== XMLNS_NS) parts.push(a.value);
      for (const c of Array.from(n.childNodes)) walk(c);
    }
  };
  walk(el);
  return parts.join(' ');
}

/** QName-valued attributes keep MarkLogic's conventional prefixes whatever prefix the document bound. */
function attributeValue(el: Element, key: string, value: string): string {
  const m = /^([^:\s]+):([^:\s]+)$/.exec(value.trim());
  if (!m || (key !== 'type' && key !== 'cts-element')) return value;
  const uri = el.lookupNamespaceURI(m[1]);
  if (uri === XS_NS) return `xs:${m[2]}`;
  if (uri === CTS_NS) return `cts:${m[2]}`;
  return value;
}

// ---------------------------------------------------------------------------------------
// JSON → XML

/** Options as an `<options>` document's text (no XML declaration). */
export function optionsToXml(options: QueryOptions): string {
  const doc = parseXml(`<options xmlns="${SEARCH_NS}"/>`);
  const root = doc.documentElement as Element;
  const prefixes = new Set<string>();
  appendObject(doc, root, 'options', options as Record<string, unknown>, prefixes);
  // QName-valued attributes (`type="xs:int"`, `element="cts:or-query"`) need their prefixes bound.
  if (prefixes.has('xs')) root.setAttributeNS(XMLNS_NS, 'xmlns:xs', XS_NS);
  if (prefixes.has('cts')) root.setAttributeNS(XMLNS_NS, 'xmlns:cts', CTS_NS);
  return serializeNode(root);
}

function checkName(key: string, where: string): void {
  if (!isNcName(key)) throw invalid(`"${key}" in ${where} is not an options element or attribute name`);
}

function scalarText(value: unknown, key: string): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalid(`${key}: ${value} is not a number`);
  return String(value);
}

function appendObject(doc: Document, el: Element, name: string, obj: Record<string, unknown>, prefixes: Set<string>): void {
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined) continue;
    if (key === TEXT_KEY || (key === 'label' && LABELLED.has(name))) {
      el.appendChild(doc.createTextNode(scalarText(value, key)));
      continue;
    }
    if (key === 'namespaces' && name === 'extract-document-data') {
      // Declared on extract-document-data, in scope for its extract paths.
      for (const [prefix, uri] of Object.entries(prefixBindings(value, name))) el.setAttributeNS(XMLNS_NS, `xmlns:${prefix}`, uri);
      continue;
    }
    const isScalar = value === null ? false : typeof value !== 'object';
    if (isScalar && ATTRIBUTE_NAMES.has(key)) {
      const attr = key === 'cts-element' ? 'element' : key === 'cts-options' ? 'options' : key;
      const text = scalarText(value, key);
      const prefix = /^(xs|cts):/.exec(text)?.[1];
      if (prefix && (attr === 'type' || attr === 'element')) prefixes.add(prefix);
      el.setAttribute(attr, text);
      continue;
    }
    appendValue(doc, el, key, value, prefixes);
  }
}

function appendValue(doc: Document, parent: Element, key: string, value: unknown, prefixes: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (Array.isArray(item)) throw invalid(`${key} holds an array of arrays`);
      appendValue(doc, parent, key, item, prefixes);
    }
    return;
  }
  checkName(key, parent.localName ?? 'options');
  const el = doc.createElementNS(SEARCH_NS, key);
  parent.appendChild(el);
  if (value === null) return;
  if (key === 'additional-query') return appendQuery(doc, el, value);
  if (key === 'implicit') return appendImplicit(doc, el, value);
  if (PATHS.has(key)) return appendPath(doc, el, value);
  if (key === 'tuples' && typeof value === 'object') return appendTuples(doc, el, value as Record<string, unknown>, prefixes);
  if (typeof value === 'object') return appendObject(doc, el, key, value as Record<string, unknown>, prefixes);
  el.appendChild(doc.createTextNode(scalarText(value, key)));
}

function appendQuery(doc: Document, el: Element, value: unknown): void {
  if (typeof value === 'string') {
    el.appendChild(doc.importNode(parseXmlContent(value, 'additional-query').documentElement as Element, true));
  } else if (typeof value === 'object') {
    // A JSON structured query: its XML form uses the same names in the search namespace.
    appendStructured(doc, el, value as Record<string, unknown>);
  } else {
    throw invalid(`additional-query must be a serialised query or a structured query, not ${JSON.stringify(value)}`);
  }
}

/** JSON structured query → XML (MarkLogic’s Search Developer’s Guide, structured queries): `queries` arrays hold child queries. */
function appendStructured(doc: Document, parent: Element, obj: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'queries' && Array.isArray(value)) {
      for (const q of value) appendStructured(doc, parent, q as Record<string, unknown>);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      checkName(key, 'additional-query');
      const el = doc.createElementNS(SEARCH_NS, key);
      parent.appendChild(el);
      if (item !== null && typeof item === 'object') appendStructured(doc, el, item as Record<string, unknown>);
      else if (item !== null) el.appendChild(doc.createTextNode(scalarText(item, key)));
    }
  }
}

function appendImplicit(doc: Document, el: Element, value: unknown): void {
  if (typeof value !== 'string') throw invalid('grammar implicit must be a serialised cts query');
  if (value.trim() !== '') el.appendChild(doc.importNode(parseXmlContent(value, 'implicit').documentElement as Element, true));
}

function appendPath(doc: Document, el: Element, value: unknown): void {
  const { text, namespaces } = typeof value === 'string' ? { text: value, namespaces: undefined } : (value as { text?: unknown; namespaces?: unknown });
  if (typeof text !== 'string') throw invalid(`${el.localName} needs the XPath as "text"`);
  if (namespaces !== undefined) {
    if (namespaces === null || typeof namespaces !== 'object' || Array.isArray(namespaces)) throw invalid(`${el.localName} namespaces must map prefixes to URIs`);
    for (const [prefix, uri] of Object.entries(namespaces)) {
      if (!isNcName(prefix) || typeof uri !== 'string') throw invalid(`${el.localName} namespaces: ${prefix} → ${JSON.stringify(uri)} is not a prefix binding`);
      el.setAttributeNS(XMLNS_NS, `xmlns:${prefix}`, uri);
    }
  }
  el.appendChild(doc.createTextNode(text));
}

function appendTuples(doc: Document, el: Element, tuples: Record<string, unknown>, prefixes: Set<string>): void {
  const { indexes, ...rest } = tuples;
  const isAttribute = ([k, v]: [string, unknown]) => ATTRIBUTE_NAMES.has(k) && v !== null && typeof v !== 'object';
  // Name and style, then the lexicons, then their settings: the order options are written in.
  appendObject(doc, el, 'tuples', Object.fromEntries(Object.entries(rest).filter(isAttribute)), prefixes);
  if (indexes !== undefined) {
    if (!Array.isArray(indexes)) throw invalid('tuples indexes must be an array of lexicon references');
    for (const index of indexes) {
      if (index === null || typeof index !== 'object' || Array.isArray(index)) throw invalid('each tuples index is an object such as {"range": {…}}');
      appendObject(doc, el, 'tuples-index', index as Record<string, unknown>, prefixes);
    }
  }
  appendObject(doc, el, 'tuples', Object.fromEntries(Object.entries(rest).filter((e) => !isAttribute(e))), prefixes);
}

// ---------------------------------------------------------------------------------------
// JSON in

/**
 * Client JSON (the content of `{"options": …}`) in the shape {@link optionsFromXml} would
 * give the same options: always-array names as arrays, one-item arrays of other names
 * unwrapped, scalars typed by name (untyped ones as strings), `label` on labelled
 * elements, embedded queries re-serialised, tuples lexicons under `indexes`. Keys that
 * cannot be XML names are refused here, so every stored set converts.
 */
export function normalizeOptions(raw: unknown): QueryOptions {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid(`options must be a JSON object, not ${JSON.stringify(raw)}`);
  return normalizeObject(raw as Record<string, unknown>, 'options', false) as QueryOptions;
}

function normalizeObject(obj: Record<string, unknown>, name: string, opaque: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (name === 'tuples' && !opaque) return normalizeTuples(obj);
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined) continue;
    if (key === TEXT_KEY) {
      const text = scalarText(value, key).trim();
      if (text !== '') out[key] = text;
      continue;
    }
    if (key === 'label' && LABELLED.has(name) && !opaque) continue;
    if (key === 'namespaces' && name === 'extract-document-data' && !opaque) {
      const bound = prefixBindings(value, name);
      if (Object.keys(bound).length > 0) out[key] = bound;
      continue;
    }
    checkName(key, name);
    if (key === 'additional-query' && !opaque) {
      const queries = (Array.isArray(value) ? value : [value]).map(normalizeQuery);
      if (queries.length > 0) out[key] = queries;
      continue;
    }
    const items = (Array.isArray(value) ? value : [value]).map((item) => {
      if (Array.isArray(item)) throw invalid(`${key} holds an array of arrays`);
      return normalizeValue(item, key, opaque || key === 'annotation', ATTRIBUTE_NAMES.has(key) && !Array.isArray(value));
    });
    if (items.length === 0) continue;
    if (isArrayChild(name, key)) out[key] = items;
    else out[key] = items.length === 1 ? items[0] : items;
  }
  if (LABELLED.has(name) && !opaque) out.label = obj.label === undefined || obj.label === null ? '' : scalarText(obj.label, 'label');
  return out;
}

function normalizeValue(value: unknown, key: string, opaque: boolean, attribute: boolean): unknown {
  if (value === null) return null;
  if (typeof value === 'object') {
    if (!opaque && PATHS.has(key)) return normalizePath(value, key);
    if (!opaque && key === 'implicit') return normalizeImplicit(value);
    const obj = normalizeObject(value as Record<string, unknown>, key, opaque);
    // `{}` is an empty element, which reads back as null.
    return Object.keys(obj).length === 0 ? null : obj;
  }
  if (!opaque && PATHS.has(key)) return normalizePath(value, key);
  if (!opaque && key === 'implicit') return normalizeImplicit(value);
  if (typeof value === 'number' && NUMBERS.has(key)) {
    scalarText(value, key);
    // Digits past 2^53 are what the XML route keeps (see typedScalar).
    return Number.isInteger(value) && !Number.isSafeInteger(value) ? String(value) : value;
  }
  if (typeof value === 'boolean' && BOOLEANS.has(key)) return value;
  const text = scalarText(value, key);
  // An element's whitespace-only text reads back as an empty element; an attribute keeps it.
  if (!attribute && text.trim() === '') return null;
  return typedScalar(key, text);
}

function normalizePath(value: unknown, key: string): Record<string, unknown> {
  const { text, namespaces } = typeof value === 'string' ? { text: value, namespaces: undefined } : (value as { text?: unknown; namespaces?: unknown });
  if (typeof text !== 'string') throw invalid(`${key} needs the XPath as "text"`);
  if (namespaces === undefined || namespaces === null) return { text: text.trim() };
  if (typeof namespaces !== 'object' || Array.isArray(namespaces)) throw invalid(`${key} namespaces must map prefixes to URIs`);
  const bound: Record<string, string> = {};
  for (const [prefix, uri] of Object.entries(namespaces)) {
    if (!isNcName(prefix) || typeof uri !== 'string') throw invalid(`${key} namespaces: ${prefix} → ${JSON.stringify(uri)} is not a prefix binding`);
    bound[prefix] = uri;
  }
  return Object.keys(bound).length > 0 ? { text: text.trim(), namespaces: bound } : { text: text.trim() };
}

/** A JSON `namespaces` map, checked: NCName prefixes to URI strings. */
function prefixBindings(value: unknown, where: string): Record<string, string> {
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`${where} namespaces must map prefixes to URIs`);
  const bound: Record<string, string> = {};
  for (const [prefix, uri] of Object.entries(value as Record<string, unknown>)) {
    if (!isNcName(prefix) || typeof uri !== 'string') throw invalid(`${where} namespaces: ${prefix} → ${JSON.stringify(uri)} is not a prefix binding`);
    bound[prefix] = uri;
  }
  return bound;
}

function normalizeImplicit(value: unknown): string {
  if (typeof value !== 'string') throw invalid('grammar implicit must be a serialised cts query (its options form is not supported)');
  return value.trim() === '' ? '' : canonicalQuery(value, 'implicit');
}

function normalizeQuery(value: unknown): unknown {
  if (typeof value === 'string') return canonicalQuery(value, 'additional-query');
  if (isObject(value)) {
    checkStructuredNames(value);
    return value;
  }
  throw invalid(`additional-query must be a serialised query or a structured query, not ${JSON.stringify(value)}`);
}

/** A structured query kept as JSON must still convert to XML: its keys must be names. */
function checkStructuredNames(obj: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(obj)) {
    if (key !== 'queries') checkName(key, 'additional-query');
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && typeof item === 'object') checkStructuredNames(item as Record<string, unknown>);
    }
  }
}

/** A serialised query as the XML route stores it (parsed, then written by the one serialiser). */
function canonicalQuery(text: string, where: string): string {
  return serializeInScope(parseXmlContent(text, where).documentElement as Element);
}

function normalizeTuples(obj: Record<string, unknown>): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  const indexes: unknown[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'indexes') {
      if (!Array.isArray(value)) throw invalid('tuples indexes must be an array of lexicon references');
      for (const index of value) {
        if (index === null || typeof index !== 'object' || Array.isArray(index)) throw invalid('each tuples index is an object such as {"range": {…}}');
        // One lexicon per entry, as the XML route reads them back.
        for (const [kind, ref] of Object.entries(normalizeObject(index as Record<string, unknown>, 'tuples-index', false))) {
          for (const r of Array.isArray(ref) && !isArrayChild('tuples-index', kind) ? ref : [ref]) indexes.push({ [kind]: r });
        }
      }
    } else if (TUPLE_SETTINGS.has(key)) {
      Object.assign(settings, normalizeObject({ [key]: value }, 'tuples-settings', false));
    } else {
      for (const [kind, ref] of Object.entries(normalizeObject({ [key]: value }, 'tuples-index', false))) {
        for (const r of Array.isArray(ref) && !isArrayChild('tuples-index', kind) ? ref : [ref]) indexes.push({ [kind]: r });
      }
    }
  }
  return { ...settings, indexes };
}

// ---------------------------------------------------------------------------------------
// Request bodies

/** The body's syntax: `json`/`xml`, or a Content-Type that names one. */
function syntaxOf(formatOrType: string): 'json' | 'xml' {
  const t = formatOrType.split(';')[0].trim().toLowerCase();
  if (t === 'json' || /^(application|text)\/([^+]+\+)?json$/.test(t)) return 'json';
  if (t === 'xml' || /^(application|text)\/([^+]+\+)?xml$/.test(t)) return 'xml';
  throw new DbError('RESTAPI-INVALIDMIMETYPE', `Unable to determine content type of payload.  Received ${formatOrType || 'none'}`);
}

/**
 * A request body holding an options node: JSON `{"options": {…}}` or an XML `<options>`
 * element. Empty → 412 RESTAPI-EMPTYBODY; malformed, or not an options node → 400
 * RESTAPI-INVALIDCONTENT.
 */
export function parseOptionsBody(body: Uint8Array | string, formatOrType: string): QueryOptions {
  const syntax = syntaxOf(formatOrType);
  const text = typeof body === 'string' ? body : strictUtf8(body, () => invalid('the request body is not valid UTF-8'));
  if (text.trim() === '') throw new DbError('RESTAPI-EMPTYBODY', 'Empty POST or PUT body');
  if (syntax === 'xml') return optionsFromXml(text);
  const json = parseJson(text, 'query options', (reason) => invalid(`Could not parse JSON: ${reason}`));
  const isOptionsNode = json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 1 && 'options' in json;
  if (!isOptionsNode) throw invalid(`Unexpected Payload: expected {"options": {…}}, not ${abbreviate(text)}`);
  return normalizeOptions((json as { options: unknown }).options);
}

const abbreviate = (text: string) => (text.length > 80 ? `${text.slice(0, 77).trim()}...` : text.trim());

/** XML text that must be well-formed; its failures are content errors of `where`. */
function parseXmlContent(text: string, where: string): Document {
  return parseXml(text, { what: where, malformed: (e) => invalid(`${where}: ${e.detail || e.message}`) });
}
