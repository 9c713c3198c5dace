/**
 * The range indexes an option set relies on — its range constraints, range sort orders
 * and range values sources — worked out from the set being edited, saved or not, and
 * whether the database has each one: ready, still being built, or missing. A search
 * that needs a missing or unfinished index fails (XDMP-ELEMRIDXNOTFOUND), so the editor
 * says so before the person runs into it, and offers to add what is missing.
 *
 * A JSON property's index is an element index in no namespace (MarkLogic’s Management API reference, database properties); a string
 * index without a collation uses the root collation, as the server assumes.
 */
import type { QueryOptionsJson } from '../../../../client/query-options';
import { isObject } from '../../../../client/objects';
import {
  CODEPOINT_COLLATION,
  ROOT_COLLATION,
  SCALAR_TYPES,
  type DatabaseIndexes,
  type IndexUpdate,
  type RangeElementAttributeIndex,
  type RangeElementIndex,
  type RangeIndexState,
} from '../../../../client/indexes';
import { tupleSources } from './values-draft';

export interface RequiredIndex {
  /** Identity: the same index needed twice is one requirement. */
  key: string;
  /** Where the set uses it: `constraint price`, `sort-order`, `values year`, comma-separated when several. */
  usedBy: string;
  /** Bare type: `decimal`, `string`… */
  scalarType: string;
  localname: string;
  namespaceUri: string;
  /** For an attribute index: the element carrying the attribute. */
  parent?: { localname: string; namespaceUri: string };
  /** Canonical collation URI for string and anyURI; `""` otherwise. */
  collation: string;
  /** `JSON property price`, `element {urn:x}title`, `attribute lang of element doc`. */
  label: string;
}

export type Availability = { state: 'ready' } | { state: 'missing' } | { state: 'building'; done: number; total: number };

const W3C_CODEPOINT = 'http://www.w3.org/2005/xpath-functions/collation/codepoint';

type Json = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const isStringType = (type: string) => type === 'string' || type === 'anyURI';
const qname = (ns: string, name: string) => (ns ? `{${ns}}${name}` : name);

export function canonicalCollation(type: string, collation: string | undefined): string {
  if (!isStringType(type)) return '';
  if (!collation) return ROOT_COLLATION;
  return collation === W3C_CODEPOINT ? CODEPOINT_COLLATION : collation;
}

/** One index spec of the options (json-property, element, element + attribute), or undefined when it names none Tabula indexes. */
function requirement(spec: Json, usedBy: string): RequiredIndex | undefined {
  if (typeof spec.type !== 'string') return undefined;
  const scalarType = spec.type.replace(/^xs:/, '');
  if (!(SCALAR_TYPES as readonly string[]).includes(scalarType)) return undefined;
  const collation = canonicalCollation(scalarType, typeof spec.collation === 'string' ? spec.collation : undefined);
  const element = isObject(spec.element) && typeof spec.element.name === 'string' ? { localname: spec.element.name, namespaceUri: typeof spec.element.ns === 'string' ? spec.element.ns : '' } : undefined;
  const attribute = isObject(spec.attribute) && typeof spec.attribute.name === 'string' ? { localname: spec.attribute.name, namespaceUri: typeof spec.attribute.ns === 'string' ? spec.attribute.ns : '' } : undefined;
  let target: Pick<RequiredIndex, 'localname' | 'namespaceUri' | 'parent' | 'label'>;
  if (typeof spec['json-property'] === 'string' && spec['json-property'] !== '') {
    target = { localname: spec['json-property'], namespaceUri: '', label: `JSON property ${spec['json-property']}` };
  } else if (element && attribute) {
    target = { ...attribute, parent: element, label: `attribute ${qname(attribute.namespaceUri, attribute.localname)} of element ${qname(element.namespaceUri, element.localname)}` };
  } else if (element) {
    target = { ...element, label: `element ${qname(element.namespaceUri, element.localname)}` };
  } else {
    return undefined;
  }
  const where = target.parent ? `${qname(target.parent.namespaceUri, target.parent.localname)}@` : '';
  return { key: `${where}${qname(target.namespaceUri, target.localname)}|${scalarType}|${collation}`, usedBy, scalarType, collation, ...target };
}

/** The range indexes a set needs, in the order the set uses them first. */
export function requiredIndexes(options: QueryOptionsJson): RequiredIndex[] {
  const found = new Map<string, RequiredIndex>();
  const add = (spec: unknown, usedBy: string) => {
    if (!isObject(spec)) return;
    const r = requirement(spec, usedBy);
    if (!r) return;
    const earlier = found.get(r.key);
    if (!earlier) found.set(r.key, r);
    else if (!earlier.usedBy.split(', ').includes(usedBy)) earlier.usedBy += `, ${usedBy}`;
  };
  for (const c of list(options.constraint)) if (isObject(c) && isObject(c.range)) add(c.range, `constraint ${String(c.name ?? '?')}`);
  for (const s of list(options['sort-order'])) if (isObject(s) && !('score' in s)) add(s, 'sort-order');
  for (const v of list(options.values)) if (isObject(v) && isObject(v.range)) add(v.range, `values ${String(v.name ?? '?')}`);
  for (const t of list(options.tuples)) {
    if (!isObject(t)) continue;
    for (const source of tupleSources(t)) if (isObject(source.range)) add(source.range, `tuples ${String(t.name ?? '?')}`);
  }
  return [...found.values()];
}

const sameCollation = (type: string, a: string | undefined, b: string | undefined) => canonicalCollation(type, a) === canonicalCollation(type, b);

function entryDefines(entry: RangeElementIndex | RangeElementAttributeIndex, r: RequiredIndex): boolean {
  if (entry['scalar-type'] !== r.scalarType || entry['namespace-uri'] !== r.namespaceUri) return false;
  if (!entry.localname.split(/\s+/).includes(r.localname) || !sameCollation(r.scalarType, entry.collation, r.collation)) return false;
  if (!r.parent) return !('parent-localname' in entry);
  return 'parent-localname' in entry && entry['parent-namespace-uri'] === r.parent.namespaceUri && entry['parent-localname'].split(/\s+/).includes(r.parent.localname);
}

function stateIs(s: RangeIndexState, r: RequiredIndex): boolean {
  if (s['scalar-type'] !== r.scalarType || s.localname !== r.localname || s['namespace-uri'] !== r.namespaceUri) return false;
  if (!sameCollation(r.scalarType, s.collation, r.collation)) return false;
  if (!r.parent) return s['parent-localname'] === undefined;
  return s['parent-localname'] === r.parent.localname && s['parent-namespace-uri'] === r.parent.namespaceUri;
}

/**
 * Whether the database has the index: missing when no entry defines it; building while
 * its state says so; ready otherwise (a defined index the server has not reported yet —
 * it reports indexes once its search engine has loaded — is as good as ready).
 */
export function availabilityOf(r: RequiredIndex, settings: DatabaseIndexes | undefined, states: readonly RangeIndexState[]): Availability {
  const entries = [...(settings?.['range-element-index'] ?? []), ...(settings?.['range-element-attribute-index'] ?? [])];
  if (!entries.some((e) => entryDefines(e, r))) return { state: 'missing' };
  const state = states.find((s) => stateIs(s, r));
  return state?.state === 'building' ? { state: 'building', done: state.done, total: state.total } : { state: 'ready' };
}

/** The index definition a requirement asks for, with the server's defaults. */
export function indexEntryFor(r: RequiredIndex): RangeElementIndex | RangeElementAttributeIndex {
  const entry: RangeElementIndex = {
    'scalar-type': r.scalarType,
    'namespace-uri': r.namespaceUri,
    localname: r.localname,
    collation: r.collation,
    'range-value-positions': false,
    'invalid-values': 'reject',
  };
  return r.parent ? { ...entry, 'parent-namespace-uri': r.parent.namespaceUri, 'parent-localname': r.parent.localname } : entry;
}

/**
 * The update that adds the requirements' indexes to the database's lists (the API
 * replaces a list with what is sent, so the existing entries are sent with them).
 */
export function updateAdding(settings: DatabaseIndexes, requirements: readonly RequiredIndex[]): IndexUpdate {
  const elements = [...settings['range-element-index']];
  const attributes = [...settings['range-element-attribute-index']];
  for (const r of requirements) {
    const entry = indexEntryFor(r);
    if ('parent-localname' in entry) attributes.push(entry);
    else elements.push(entry);
  }
  const update: IndexUpdate = {};
  if (elements.length !== settings['range-element-index'].length) update['range-element-index'] = elements;
  if (attributes.length !== settings['range-element-attribute-index'].length) update['range-element-attribute-index'] = attributes;
  return update;
}
