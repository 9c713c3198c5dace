/**
 * Document properties: the JSON object the store keeps ⇄ the children of
 * `<prop:properties xmlns:prop="http://marklogic.com/xdmp/property">` (MarkLogic’s REST Application Developer’s Guide, metadata format).
 *
 * JSON → XML: a scalar becomes `<name>value</name>`, an array repeated elements, an
 * object nested elements; `$ml.prop` holds the system properties, written back in the
 * property namespace. XML → JSON: a text-only element becomes a string, repeated names
 * an array, element children an object; elements in the property namespace go to
 * `$ml.prop`.
 *
 * Untyped XML text is a string. So that a number or boolean survives the trip through
 * XML (a metadata patch goes JSON → XML → patch → JSON), non-string scalars are written
 * with `xsi:type` (xs:integer, xs:double, xs:boolean) and null with `xsi:nil`, and those
 * attributes (any numeric XML Schema type) are honoured when reading.
 * What XML cannot say is lost on the way out: an empty array writes nothing, a nested
 * array is flattened, an empty object reads back as "".
 */
import type { Element, Node } from '@xmldom/xmldom';
import { DbError } from '../errors';
import { escapeText } from './escape';
import { isObject } from '../util/objects';
import { isNcName, PROP_NS, XMLNS_NS, XS_NS, XSI_NS } from './namespaces';

const SYSTEM_KEY = '$ml.prop';

const invalid = (detail: string) => new DbError('RESTAPI-INVALIDCONTENT', detail);


/** `<prop:properties …>` holding `properties`; an empty object gives `<prop:properties …/>`. */
export function propertiesToXml(properties: Record<string, unknown>): string {
  const typed = { used: false };
  let body = '';
  for (const [name, value] of Object.entries(properties)) {
    if (name === SYSTEM_KEY) body += systemPropertiesToXml(value);
    else body += elementsFor(name, value, name, typed);
  }
  const declarations = `xmlns:prop="${PROP_NS}"${typed.used ? ` xmlns:xsi="${XSI_NS}" xmlns:xs="${XS_NS}"` : ''}`;
  return body ? `<prop:properties ${declarations}>${body}</prop:properties>` : `<prop:properties ${declarations}/>`;
}

function systemPropertiesToXml(value: unknown): string {
  if (!isObject(value)) throw invalid(`${SYSTEM_KEY} must be an object of system properties`);
  let out = '';
  for (const [name, v] of Object.entries(value)) {
    checkName(name, `${SYSTEM_KEY}.${name}`);
    if (typeof v === 'object' && v !== null) throw invalid(`system property ${name} must be a string, number or boolean`);
    out += `<prop:${name}>${escapeText(v === null ? '' : String(v), `system property ${name}`)}</prop:${name}>`;
  }
  return out;
}

function checkName(name: string, path: string): void {
  if (!isNcName(name)) throw invalid(`property name is not an XML NCName: ${path}`);
}

function elementsFor(name: string, value: unknown, path: string, typed: { used: boolean }): string {
  checkName(name, path);
  if (Array.isArray(value)) return value.map((item) => elementsFor(name, item, path, typed)).join('');
  if (isObject(value)) {
    const children = Object.entries(value)
      .map(([k, v]) => elementsFor(k, v, `${path}.${k}`, typed))
      .join('');
    return children ? `<${name}>${children}</${name}>` : `<${name}/>`;
  }
  if (value === null) {
    typed.used = true;
    return `<${name} xsi:nil="true"/>`;
  }
  if (typeof value === 'number') {
    typed.used = true;
    const whole = Number.isInteger(value) && Math.abs(value) < 1e21;
    return whole
      ? `<${name} xsi:type="xs:integer">${BigInt(value).toString()}</${name}>`
      : `<${name} xsi:type="xs:double">${String(value)}</${name}>`;
  }
  if (typeof value === 'boolean') {
    typed.used = true;
    return `<${name} xsi:type="xs:boolean">${value}</${name}>`;
  }
  return `<${name}>${escapeText(String(value), `property ${path}`)}</${name}>`;
}

/** The JSON object for a `<prop:properties>` element (any namespace prefix). */
export function propertiesFromXml(properties: Element): Record<string, unknown> {
  return collect(properties, 'prop:properties', true);
}

const isElement = (n: Node): n is Element => n.nodeType === n.ELEMENT_NODE;
const isText = (n: Node) => n.nodeType === n.TEXT_NODE || n.nodeType === n.CDATA_SECTION_NODE;

/** Children of `parent` by local name, a repeated name as an array, in first-seen order. */
function collect(parent: Element, path: string, topLevel: boolean): Record<string, unknown> {
  const values = new Map<string, unknown[]>();
  const system: Record<string, unknown> = {};
  for (const child of Array.from(parent.childNodes)) {
    if (isText(child)) {
      const text = (child.nodeValue ?? '').trim();
      if (text) throw invalid(`unexpected text in ${path}: ${text}`);
      continue;
    }
    if (!isElement(child)) continue; // comments and processing instructions carry no property
    const name = child.localName ?? child.nodeName;
    if (topLevel && child.namespaceURI === PROP_NS) {
      system[name] = child.textContent ?? '';
      continue;
    }
    const value = valueOf(child, `${path}/${child.nodeName}`);
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
  const out: Record<string, unknown> = {};
  for (const [name, list] of values) out[name] = list.length === 1 ? list[0] : list;
  if (Object.keys(system).length > 0) out[SYSTEM_KEY] = system;
  return out;
}

function valueOf(element: Element, path: string): unknown {
  let nil = false;
  let type: string | undefined;
  for (const attr of Array.from(element.attributes)) {
    if (attr.namespaceURI === XMLNS_NS) continue;
    if (attr.namespaceURI === XSI_NS && attr.localName === 'nil') nil = attr.value === 'true' || attr.value === '1';
    else if (attr.namespaceURI === XSI_NS && attr.localName === 'type') type = schemaType(element, attr.value);
    else throw invalid(`property ${path} has attribute ${attr.name}; properties are converted to JSON, which has no attributes`);
  }
  if (nil) return null;
  const children = Array.from(element.childNodes);
  if (children.some(isElement)) {
    const text = children.filter(isText).map((t) => t.nodeValue ?? '').join('').trim();
    if (text) throw invalid(`property ${path} mixes text and elements; properties are converted to JSON, which cannot hold mixed content`);
    return collect(element, path, false);
  }
  return typedValue(element.textContent ?? '', type, path);
}

/** The local name of an `xsi:type` QName in the XML Schema namespace, else undefined. */
function schemaType(element: Element, qname: string): string | undefined {
  const [prefix, local] = qname.includes(':') ? qname.split(':', 2) : [null, qname];
  return element.lookupNamespaceURI(prefix) === XS_NS ? local : undefined;
}

const numericTypes = new Set([
  'integer', 'int', 'long', 'short', 'byte', 'decimal', 'double', 'float',
  'nonNegativeInteger', 'positiveInteger', 'negativeInteger', 'nonPositiveInteger',
  'unsignedLong', 'unsignedInt', 'unsignedShort', 'unsignedByte',
]);

function typedValue(text: string, type: string | undefined, path: string): unknown {
  if (type === 'boolean') {
    const t = text.trim();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    throw invalid(`property ${path}: ${JSON.stringify(text)} is not a valid xs:boolean`);
  }
  if (type && numericTypes.has(type)) {
    const t = text.trim();
    const n = Number(t);
    if (t === '' || !Number.isFinite(n) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) {
      throw invalid(`property ${path}: ${JSON.stringify(text)} is not a valid xs:${type}`);
    }
    return n;
  }
  return text;
}
