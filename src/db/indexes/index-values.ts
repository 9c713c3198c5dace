/**
 * What a document contributes to a range index: the values of the elements (or JSON
 * properties, or attributes) the index names, cast to its type.
 *
 * - JSON: every property with the index's local name, at any depth, when the index is
 *   in no namespace. A string, number or boolean is one value; an array contributes each
 *   of its items (nested arrays too); objects and null contribute nothing (they have no
 *   single scalar value to cast).
 * - XML: the string value (all descendant text) of every element with the index's
 *   namespace and local name, nested ones included; an empty element is the value "",
 *   which is not an int, date… (the server rejects it the same way). Attribute indexes
 *   take the attribute of every matching parent element.
 * - Text, binary: nothing. Document properties are not indexed (they are a separate
 *   fragment in MarkLogic, and facets count document content).
 *
 * A value that cannot be cast is reported, with the node's path, so the write path can
 * refuse the document (invalid-values=reject → 400 XDMP-RANGEINDEX, worded as the
 * server does) or index the rest (ignore).
 */
import type { Document as XmlDocument, Element as XmlElement } from '@xmldom/xmldom';
import { DbError } from '../errors';
import type { StoredDocument } from '../documents/types';
import { parseXml } from '../xml/parse';
import type { ResolvedRangeIndex } from './config';
import { castValue, type RangeValue, type RawValue } from './range-values';

/** A document's content parsed once, for all the indexes it is read for. */
export type IndexableContent = { format: 'json'; json: unknown } | { format: 'xml'; xml: XmlDocument };

export interface IndexValues {
  /** The values cast to the index's type, in document order (repeats kept: occurrences count). */
  values: RangeValue[];
  /** The first value that could not be cast, and where it is. */
  invalid?: { raw: string; path: string };
}

/** Parses JSON and XML content for indexing; text and binary documents have nothing to index. */
export function indexableContent(doc: Pick<StoredDocument, 'format' | 'content'>): IndexableContent | undefined {
  if (typeof doc.content !== 'string') return undefined;
  if (doc.format === 'json') return { format: 'json', json: JSON.parse(doc.content) };
  if (doc.format === 'xml') return { format: 'xml', xml: parseXml(doc.content) };
  return undefined;
}

interface Found {
  raw: RawValue;
  path: string;
}

/** Steps from the root to a node: a property or element name, or an array position (1-based). */
type Steps = Array<string | number>;

const jsonPath = (steps: Steps): string => steps.map((s) => (typeof s === 'number' ? `[${s}]` : `/${s}`)).join('');
const xmlPath = (steps: Steps): string => `/${steps.join('/')}`;

const qname = (ns: string, name: string): string => (ns ? `{${ns}}${name}` : name);

function addTo(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
}

/**
 * The raw values each index's nodes hold, with their paths (relative to the document), in
 * ONE walk of the document for all of them: a database may define thousands of indexes,
 * and a walk per index would make every write and every re-index cost that many walks.
 */
function rawValuesOfAll(content: IndexableContent, indexes: readonly ResolvedRangeIndex[]): Found[][] {
  const out = indexes.map((): Found[] => []);
  if (content.format === 'json') {
    // A JSON property is the element of that name in no namespace.
    const byName = new Map<string, number[]>();
    indexes.forEach((index, i) => {
      if (index.scope.kind === 'element' && index.scope.ns === '') addTo(byName, index.scope.name, i);
    });
    if (byName.size > 0) collectJson(content.json, byName, [], out);
    return out;
  }
  const root = content.xml.documentElement;
  if (!root) return out;
  const elements = new Map<string, number[]>();
  const parents = new Map<string, number[]>();
  indexes.forEach((index, i) => {
    const scope = index.scope;
    if (scope.kind === 'element') addTo(elements, qname(scope.ns, scope.name), i);
    else addTo(parents, qname(scope.element.ns, scope.element.name), i);
  });
  collectXml(root, indexes, elements, parents, [], out);
  return out;
}

function collectJson(node: unknown, byName: Map<string, number[]>, steps: Steps, out: Found[][]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      steps.push(i + 1);
      collectJson(item, byName, steps, out);
      steps.pop();
    });
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    steps.push(key);
    const hits = byName.get(key);
    if (hits) {
      const found: Found[] = [];
      jsonScalars(value, jsonPath(steps), found);
      for (const i of hits) out[i].push(...found);
    }
    collectJson(value, byName, steps, out);
    steps.pop();
  }
}

/** The scalars a property's value holds: itself, or an array's items at any depth. */
function jsonScalars(value: unknown, path: string, out: Found[]): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push({ raw: value, path });
  else if (Array.isArray(value)) value.forEach((item, i) => jsonScalars(item, `${path}[${i + 1}]`, out));
}

const nsOf = (el: { namespaceURI: string | null }): string => el.namespaceURI ?? '';

function collectXml(
  el: XmlElement,
  indexes: readonly ResolvedRangeIndex[],
  elements: Map<string, number[]>,
  parents: Map<string, number[]>,
  steps: Steps,
  out: Found[][],
): void {
  steps.push(el.nodeName);
  const name = qname(nsOf(el), el.localName ?? el.nodeName);
  const asElement = elements.get(name);
  if (asElement) {
    const found = { raw: el.textContent ?? '', path: xmlPath(steps) };
    for (const i of asElement) out[i].push(found);
  }
  for (const i of parents.get(name) ?? []) {
    const scope = indexes[i].scope;
    if (scope.kind !== 'element-attribute') continue;
    const attr = scope.attribute.ns === '' ? el.getAttributeNode(scope.attribute.name) : el.getAttributeNodeNS(scope.attribute.ns, scope.attribute.name);
    // getAttributeNode matches by qualified name: make sure an unprefixed name did not find a prefixed attribute.
    if (attr && nsOf(attr) === scope.attribute.ns) out[i].push({ raw: attr.value, path: `${xmlPath(steps)}/@${attr.nodeName}` });
  }
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.ELEMENT_NODE) collectXml(child as XmlElement, indexes, elements, parents, steps, out);
  }
  steps.pop();
}

function castAll(found: Found[], index: ResolvedRangeIndex): IndexValues {
  const result: IndexValues = { values: [] };
  for (const { raw, path } of found) {
    const value = castValue(raw, index.type);
    if (value !== undefined) result.values.push(value);
    else result.invalid ??= { raw: String(raw), path };
  }
  return result;
}

/** The document's values for each of `indexes`, in their order, from one walk of it; `content` from {@link indexableContent}. */
export function extractAllIndexValues(content: IndexableContent | undefined, indexes: readonly ResolvedRangeIndex[]): IndexValues[] {
  if (!content) return indexes.map(() => ({ values: [] }));
  return rawValuesOfAll(content, indexes).map((found, i) => castAll(found, indexes[i]));
}

/** The document's values for one index (see the module comment); `content` from {@link indexableContent}. */
export function extractIndexValues(content: IndexableContent | undefined, index: ResolvedRangeIndex): IndexValues {
  return extractAllIndexValues(content, [index])[0];
}

/** {@link extractIndexValues} straight from a stored document (parses it each time: prefer parsing once for several indexes). */
export function indexValues(doc: StoredDocument, index: ResolvedRangeIndex): IndexValues {
  return extractIndexValues(indexableContent(doc), index);
}

/**
 * The values to index, honouring the index's invalid-values setting: with `reject`, a
 * value that cannot be cast is a 400 XDMP-RANGEINDEX, e.g. `Range index error: int
 * fn:doc("/a.json")/price: XDMP-LEXVAL: Invalid lexical value "abc"`; with `ignore`, the
 * castable values.
 */
export function checkedIndexValues(uri: string, content: IndexableContent | undefined, index: ResolvedRangeIndex): RangeValue[] {
  return checkedAllIndexValues(uri, content, [index])[0];
}

/** {@link checkedIndexValues} for each of `indexes`, from one walk; the first index (in order) refusing a value throws. */
export function checkedAllIndexValues(uri: string, content: IndexableContent | undefined, indexes: readonly ResolvedRangeIndex[]): RangeValue[][] {
  return extractAllIndexValues(content, indexes).map(({ values, invalid }, i) => {
    if (invalid && indexes[i].invalidValues === 'reject') throw rangeIndexError(uri, indexes[i], invalid);
    return values;
  });
}

export function rangeIndexError(uri: string, index: ResolvedRangeIndex, invalid: { raw: string; path: string }): DbError {
  return new DbError('XDMP-RANGEINDEX', `${index.type} fn:doc(${JSON.stringify(uri)})${invalid.path}: XDMP-LEXVAL: Invalid lexical value ${JSON.stringify(invalid.raw)}`);
}
