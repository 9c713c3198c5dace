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

/** The raw values the index's nodes hold, with their paths (relative to the document). */
function rawValues(content: IndexableContent, index: ResolvedRangeIndex): Found[] {
  const out: Found[] = [];
  const scope = index.scope;
  if (content.format === 'json') {
    if (scope.kind === 'element' && scope.ns === '') collectJson(content.json, scope.name, '', out);
    return out;
  }
  const root = content.xml.documentElement;
  if (root) collectXml(root, index, '', out);
  return out;
}

function collectJson(node: unknown, name: string, path: string, out: Found[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => collectJson(item, name, `${path}[${i + 1}]`, out));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    const here = `${path}/${key}`;
    if (key === name) jsonScalars(value, here, out);
    collectJson(value, name, here, out);
  }
}

/** The scalars a property's value holds: itself, or an array's items at any depth. */
function jsonScalars(value: unknown, path: string, out: Found[]): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.push({ raw: value, path });
  else if (Array.isArray(value)) value.forEach((item, i) => jsonScalars(item, `${path}[${i + 1}]`, out));
}

const nsOf = (el: { namespaceURI: string | null }): string => el.namespaceURI ?? '';

function collectXml(el: XmlElement, index: ResolvedRangeIndex, parentPath: string, out: Found[]): void {
  const path = `${parentPath}/${el.nodeName}`;
  const local = el.localName ?? el.nodeName;
  const scope = index.scope;
  if (scope.kind === 'element') {
    if (local === scope.name && nsOf(el) === scope.ns) out.push({ raw: el.textContent ?? '', path });
  } else if (local === scope.element.name && nsOf(el) === scope.element.ns) {
    const attr = scope.attribute.ns === '' ? el.getAttributeNode(scope.attribute.name) : el.getAttributeNodeNS(scope.attribute.ns, scope.attribute.name);
    // getAttributeNode matches by qualified name: make sure an unprefixed name did not find a prefixed attribute.
    if (attr && nsOf(attr) === scope.attribute.ns) out.push({ raw: attr.value, path: `${path}/@${attr.nodeName}` });
  }
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.ELEMENT_NODE) collectXml(child as XmlElement, index, path, out);
  }
}

/** The document's values for one index (see the module comment); `content` from {@link indexableContent}. */
export function extractIndexValues(content: IndexableContent | undefined, index: ResolvedRangeIndex): IndexValues {
  const result: IndexValues = { values: [] };
  if (!content) return result;
  for (const { raw, path } of rawValues(content, index)) {
    const value = castValue(raw, index.type);
    if (value !== undefined) result.values.push(value);
    else result.invalid ??= { raw: String(raw), path };
  }
  return result;
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
  const { values, invalid } = extractIndexValues(content, index);
  if (invalid && index.invalidValues === 'reject') throw rangeIndexError(uri, index, invalid);
  return values;
}

export function rangeIndexError(uri: string, index: ResolvedRangeIndex, invalid: { raw: string; path: string }): DbError {
  return new DbError('XDMP-RANGEINDEX', `${index.type} fn:doc(${JSON.stringify(uri)})${invalid.path}: XDMP-LEXVAL: Invalid lexical value ${JSON.stringify(invalid.raw)}`);
}
