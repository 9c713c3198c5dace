/**
 * The XML metadata representation (MarkLogic’s REST Application Developer’s Guide, metadata format): `<rapi:metadata uri=…>` with
 * collections, permissions (one `rapi:permission` per role), properties, quality and
 * metadata-values, in that order.
 */
import type { Element, Node } from '@xmldom/xmldom';
import { DbError } from '../errors';
import {
  capabilities,
  emptyMetadata,
  metadataCategories,
  type Capability,
  type Metadata,
  type MetadataCategory,
  type MetadataPatch,
  type Permission,
} from '../documents/types';
import { escapeAttribute, escapeText } from './escape';
import { RAPI_NS, PROP_NS, XSI_NS } from './namespaces';
import { parseXml } from './parse';
import { propertiesFromXml, propertiesToXml } from './properties-xml';

const invalid = (detail: string) => new DbError('RESTAPI-INVALIDCONTENT', detail);

/**
 * The `<rapi:metadata uri=… >` representation (MarkLogic’s REST Application Developer’s Guide, metadata format), only the given categories, in
 * the order collections, permissions, properties, quality, metadata-values. A category
 * asked for but absent from `metadata` is written with its default (empty, or quality 0).
 */
export function metadataToXml(uri: string, metadata: Partial<Metadata>, categories: readonly MetadataCategory[]): string {
  const m = { ...emptyMetadata(), ...metadata };
  const parts: string[] = [];
  for (const category of metadataCategories) {
    if (!categories.includes(category)) continue;
    parts.push(writers[category](m));
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rapi:metadata uri="${escapeAttribute(uri, 'uri')}" xsi:schemaLocation="${RAPI_NS} restapi.xsd"` +
    ` xmlns:rapi="${RAPI_NS}" xmlns:xsi="${XSI_NS}">${parts.join('')}</rapi:metadata>`
  );
}

const list = (tag: string, items: string[]) => (items.length ? `<rapi:${tag}>${items.join('')}</rapi:${tag}>` : `<rapi:${tag}/>`);

const writers: Record<MetadataCategory, (m: Metadata) => string> = {
  collections: (m) =>
    list(
      'collections',
      m.collections.map((c) => `<rapi:collection>${escapeText(c, `collection ${JSON.stringify(c)}`)}</rapi:collection>`),
    ),
  permissions: (m) =>
    list(
      'permissions',
      groupPermissions(m.permissions).map(
        (p) =>
          `<rapi:permission><rapi:role-name>${escapeText(p['role-name'], 'role name')}</rapi:role-name>` +
          p.capabilities.map((c) => `<rapi:capability>${escapeText(c, 'capability')}</rapi:capability>`).join('') +
          '</rapi:permission>',
      ),
    ),
  properties: (m) => propertiesToXml(m.properties),
  quality: (m) => `<rapi:quality>${m.quality}</rapi:quality>`,
  'metadata-values': (m) =>
    list(
      'metadata-values',
      Object.entries(m.metadataValues).map(
        ([key, value]) =>
          `<rapi:metadata-value key="${escapeAttribute(key, 'metadata key')}">` +
          `${escapeText(String(value), `metadata value ${key}`)}</rapi:metadata-value>`,
      ),
    ),
};

/** One entry per role, its capabilities unioned, roles and capabilities in first-seen order. */
function groupPermissions(permissions: readonly Permission[]): Permission[] {
  const byRole = new Map<string, Capability[]>();
  for (const p of permissions) {
    const caps = byRole.get(p['role-name']) ?? [];
    for (const c of p.capabilities) if (!caps.includes(c)) caps.push(c);
    byRole.set(p['role-name'], caps);
  }
  return [...byRole].map(([role, caps]) => ({ 'role-name': role, capabilities: caps }));
}

/**
 * Parses a metadata XML body (root must be rapi:metadata in http://marklogic.com/rest-api,
 * else 400 RESTAPI-INVALIDREQ); returns only the categories present. Malformed XML →
 * the XDMP-DOC* parse errors; content that breaks the representation → 400
 * RESTAPI-INVALIDCONTENT (e.g. `empty collections are not allowed`).
 */
export function metadataFromXml(text: string): MetadataPatch {
  const root = parseXml(text, { what: 'metadata' }).documentElement;
  if (!root || root.namespaceURI !== RAPI_NS || root.localName !== 'metadata') {
    const found = root ? `<${root.nodeName}>${root.namespaceURI ? ` in ${root.namespaceURI}` : ''}` : 'no element';
    throw new DbError('RESTAPI-INVALIDREQ', `metadata must have the root element rapi:metadata in ${RAPI_NS}, found ${found}`);
  }
  const found: Partial<Record<MetadataCategory, Element>> = {};
  for (const child of significantChildren(root, 'rapi:metadata')) {
    const category = categoryOf(child);
    if (!category) throw invalid(`unknown metadata element: ${describe(child)}`);
    if (found[category]) throw invalid(`metadata has more than one ${child.nodeName} element`);
    found[category] = child;
  }
  // Keys in the order of the JSON representation, like metadataToJson.
  const out: MetadataPatch = {};
  if (found.collections) out.collections = readCollections(found.collections);
  if (found.permissions) out.permissions = readPermissions(found.permissions);
  if (found.properties) out.properties = propertiesFromXml(found.properties);
  if (found.quality) out.quality = readQuality(found.quality);
  if (found['metadata-values']) out.metadataValues = readMetadataValues(found['metadata-values']);
  return out;
}

const describe = (e: Element) => `<${e.nodeName}>${e.namespaceURI ? ` in ${e.namespaceURI}` : ''}`;

function categoryOf(e: Element): MetadataCategory | undefined {
  if (e.namespaceURI === PROP_NS) return e.localName === 'properties' ? 'properties' : undefined;
  if (e.namespaceURI !== RAPI_NS) return undefined;
  const name = e.localName as MetadataCategory;
  return name !== 'properties' && metadataCategories.includes(name) ? name : undefined;
}

const isElement = (n: Node): n is Element => n.nodeType === n.ELEMENT_NODE;

/** Element children; whitespace, comments and PIs are layout, other text is an error. */
function significantChildren(parent: Element, path: string): Element[] {
  const out: Element[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (isElement(child)) out.push(child);
    else if ((child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE) && (child.nodeValue ?? '').trim()) {
      throw invalid(`unexpected text in ${path}: ${(child.nodeValue ?? '').trim()}`);
    }
  }
  return out;
}

const hasElementChildren = (e: Element) => Array.from(e.childNodes).some(isElement);

/** The children of `parent`, each of which must be `rapi:<name>`. */
function rapiChildren(parent: Element, name: string): Element[] {
  const children = significantChildren(parent, parent.nodeName);
  for (const c of children) {
    if (c.namespaceURI !== RAPI_NS || c.localName !== name) throw invalid(`unexpected ${describe(c)} in ${parent.nodeName}; expected rapi:${name}`);
    if (hasElementChildren(c)) throw invalid(`${c.nodeName} must hold text only`);
  }
  return children;
}

function readCollections(e: Element): string[] {
  const collections = rapiChildren(e, 'collection').map((c) => c.textContent ?? '');
  if (collections.some((c) => c === '')) throw invalid('empty collections are not allowed');
  return collections;
}

function readPermissions(e: Element): Permission[] {
  const permissions: Permission[] = [];
  for (const permission of significantChildren(e, e.nodeName)) {
    if (permission.namespaceURI !== RAPI_NS || permission.localName !== 'permission') {
      throw invalid(`unexpected ${describe(permission)} in ${e.nodeName}; expected rapi:permission`);
    }
    let role: string | undefined;
    const caps: Capability[] = [];
    for (const part of significantChildren(permission, permission.nodeName)) {
      if (hasElementChildren(part)) throw invalid(`${part.nodeName} must hold text only`);
      const value = (part.textContent ?? '').trim();
      if (part.namespaceURI === RAPI_NS && part.localName === 'role-name') {
        if (role !== undefined) throw invalid('a rapi:permission has more than one rapi:role-name');
        if (!value) throw invalid('a rapi:permission has an empty rapi:role-name');
        role = value;
      } else if (part.namespaceURI === RAPI_NS && part.localName === 'capability') {
        if (!capabilities.includes(value as Capability)) {
          throw invalid(`invalid capability ${JSON.stringify(value)}; expected one of ${capabilities.join(', ')}`);
        }
        caps.push(value as Capability);
      } else {
        throw invalid(`unexpected ${describe(part)} in rapi:permission`);
      }
    }
    if (role === undefined) throw invalid('a rapi:permission has no rapi:role-name');
    if (caps.length === 0) throw invalid(`permission for role ${role} has no capabilities`);
    permissions.push({ 'role-name': role, capabilities: caps });
  }
  return groupPermissions(permissions);
}

function readQuality(e: Element): number {
  if (hasElementChildren(e)) throw invalid('rapi:quality must hold an integer');
  const text = (e.textContent ?? '').trim();
  if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw invalid(`quality must be an integer: ${text}`);
  return Number(text);
}

function readMetadataValues(e: Element): Record<string, string> {
  const values: Record<string, string> = {};
  for (const v of rapiChildren(e, 'metadata-value')) {
    const key = v.getAttribute('key');
    if (!key) throw invalid('a rapi:metadata-value has no key attribute');
    values[key] = v.textContent ?? '';
  }
  return values;
}
