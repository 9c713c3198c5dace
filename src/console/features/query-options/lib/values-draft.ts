/**
 * The `values` and `tuples` definitions of an option set as the Options page's form edits
 * them: a draft of plain fields (name, source, order, limit, aggregates) read from a
 * definition and written back as the JSON the set will hold (MarkLogic's Search
 * Developer's Guide, query options reference, `values` and `tuples`; MarkLogic's REST
 * Application Developer's Guide, "Analytics: values and tuples").
 *
 * What the form finds wrong is said per field before anything reaches the text; the
 * server's validation (shown with the editor, from the live preview) still has the last
 * word. A definition the form cannot show whole — a field or geospatial source, a path
 * index, a user-defined aggregate, a values-option it has no field for — is left to the
 * JSON editor rather than half-edited and silently changed.
 */
import type { QueryOptionsJson } from '../../../../client/query-options';
import { isObject } from '../../../../client/objects';
import { ROOT_COLLATION, SCALAR_TYPES } from '../../../../client/indexes';

export type DefinitionKind = 'values' | 'tuples';
export type RangeTarget = 'json-property' | 'element' | 'attribute';

/** One range index a definition reads. */
export interface RangeSourceDraft {
  /** Bare scalar type: `decimal`, `string`… */
  type: string;
  /** For `string` and `anyURI` only. */
  collation: string;
  target: RangeTarget;
  /** The JSON property, the element, or (for `attribute`) the attribute's local name. */
  name: string;
  ns: string;
  /** For `attribute`: the element that carries it. */
  parentName: string;
  parentNs: string;
}

export interface ValuesDraft {
  kind: DefinitionKind;
  name: string;
  /** What a values definition reads; a tuples definition reads `ranges` (two or more). */
  source: 'range' | 'collection' | 'uri';
  /** The collection lexicon's prefix ("" for every collection). */
  prefix: string;
  ranges: RangeSourceDraft[];
  order: 'item' | 'frequency';
  /** "": the server's default (ascending by item, descending by frequency). */
  direction: '' | 'ascending' | 'descending';
  /** "": whatever the request asks (item frequency by default). */
  frequency: '' | 'item' | 'fragment';
  /** `limit=N`, as typed; "" for none. */
  limit: string;
  aggregates: string[];
}

export type DraftField = 'name' | 'limit' | 'ranges' | 'aggregates' | `range-${number}`;
export type DraftProblems = Partial<Record<DraftField, string>>;

type Json = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

export const NUMERIC_TYPES: readonly string[] = ['int', 'unsignedInt', 'long', 'unsignedLong', 'float', 'double', 'decimal'];
/** The built-ins over one index; non-numeric values take only the first three. */
export const ONE_INDEX_AGGREGATES: readonly string[] = ['count', 'min', 'max', 'sum', 'avg', 'median', 'stddev', 'stddev-population', 'variance', 'variance-population'];
const ANY_TYPE_AGGREGATES: readonly string[] = ['count', 'min', 'max'];
/** The built-ins over two numeric indexes (a tuples definition). */
export const TWO_INDEX_AGGREGATES: readonly string[] = ['covariance', 'covariance-population', 'correlation'];

export const isStringType = (type: string): boolean => type === 'string' || type === 'anyURI';
const isNumeric = (type: string) => NUMERIC_TYPES.includes(type);

export function newRangeSource(): RangeSourceDraft {
  return { type: 'string', collation: ROOT_COLLATION, target: 'json-property', name: '', ns: '', parentName: '', parentNs: '' };
}

export function newDraft(kind: DefinitionKind): ValuesDraft {
  return {
    kind,
    name: '',
    source: 'range',
    prefix: '',
    ranges: kind === 'tuples' ? [newRangeSource(), newRangeSource()] : [newRangeSource()],
    order: 'item',
    direction: '',
    frequency: '',
    limit: '',
    aggregates: [],
  };
}

/** A range source with one field changed; a type change brings the collation along, as in the index editor. */
export function editRange(source: RangeSourceDraft, patch: Partial<RangeSourceDraft>): RangeSourceDraft {
  const next = { ...source, ...patch };
  if (patch.type !== undefined && patch.collation === undefined) {
    if (!isStringType(next.type)) next.collation = '';
    else if (next.collation === '') next.collation = ROOT_COLLATION;
  }
  return next;
}

/** The built-in aggregates that fit the draft's sources, in the order offered. */
export function aggregateChoices(draft: ValuesDraft): readonly string[] {
  if (draft.kind === 'tuples') return draft.ranges.length === 2 && draft.ranges.every((r) => isNumeric(r.type)) ? TWO_INDEX_AGGREGATES : [];
  return draft.source === 'range' && isNumeric(draft.ranges[0]?.type ?? '') ? ONE_INDEX_AGGREGATES : ANY_TYPE_AGGREGATES;
}

// ---- draft → JSON -------------------------------------------------------------------------

function rangeJson(r: RangeSourceDraft): Json {
  const out: Json = { type: `xs:${r.type}` };
  if (isStringType(r.type)) out.collation = r.collation || ROOT_COLLATION;
  const name = r.name.trim();
  if (r.target === 'json-property') out['json-property'] = name;
  else if (r.target === 'element') out.element = { ns: r.ns.trim(), name };
  else {
    out.element = { ns: r.parentNs.trim(), name: r.parentName.trim() };
    out.attribute = { ns: r.ns.trim(), name };
  }
  return out;
}

function valuesOptions(d: ValuesDraft): string[] {
  const out: string[] = [];
  if (d.order === 'frequency') out.push('frequency-order');
  if (d.direction) out.push(d.direction);
  if (d.frequency) out.push(`${d.frequency}-frequency`);
  if (d.limit.trim()) out.push(`limit=${d.limit.trim()}`);
  return out;
}

/**
 * The definition as the set will hold it. A tuples definition lists its lexicons under
 * `indexes`, the form the server stores and reads back, so a saved set reopens unchanged.
 */
export function definitionOf(d: ValuesDraft): Json {
  const out: Json = { name: d.name.trim() };
  if (d.kind === 'tuples') out.indexes = d.ranges.map((r) => ({ range: rangeJson(r) }));
  else if (d.source === 'range') out.range = rangeJson(d.ranges[0]);
  else if (d.source === 'collection') out.collection = { prefix: d.prefix };
  else out.uri = null;
  const options = valuesOptions(d);
  if (options.length > 0) out['values-option'] = options;
  if (d.aggregates.length > 0) out.aggregate = d.aggregates.map((apply) => ({ apply }));
  return out;
}

// ---- JSON → draft -------------------------------------------------------------------------

const RANGE_KEYS = new Set(['type', 'collation', 'json-property', 'element', 'attribute', 'facet']);
const qname = (v: unknown): { ns: string; name: string } | undefined =>
  isObject(v) && typeof v.name === 'string' && (v.ns === undefined || typeof v.ns === 'string') ? { ns: (v.ns as string | undefined) ?? '', name: v.name } : undefined;

function rangeDraft(def: unknown): RangeSourceDraft | undefined {
  if (!isObject(def) || typeof def.type !== 'string' || Object.keys(def).some((k) => !RANGE_KEYS.has(k))) return undefined;
  const type = def.type.replace(/^xs:/, '');
  if (!(SCALAR_TYPES as readonly string[]).includes(type)) return undefined;
  const collation = isStringType(type) ? (typeof def.collation === 'string' ? def.collation : ROOT_COLLATION) : '';
  const base = { ...newRangeSource(), type, collation };
  const element = qname(def.element);
  const attribute = qname(def.attribute);
  if (typeof def['json-property'] === 'string' && !element && !attribute) return { ...base, target: 'json-property', name: def['json-property'] };
  if (element && attribute && def['json-property'] === undefined) return { ...base, target: 'attribute', name: attribute.name, ns: attribute.ns, parentName: element.name, parentNs: element.ns };
  if (element && def.attribute === undefined && def['json-property'] === undefined) return { ...base, target: 'element', name: element.name, ns: element.ns };
  return undefined;
}

/** The lexicons of a tuples definition, `{kind: def}` each: under `indexes`, or as keys of their own (`"range": […]`). */
export function tupleSources(t: Json): Json[] {
  const keyed = ['range', 'collection', 'uri'].flatMap((kind) => (kind in t ? list(t[kind]).map((def) => ({ [kind]: def })) : []));
  return [...list(t.indexes).filter(isObject), ...keyed];
}

const DRAFT_KEYS = new Set(['name', 'values-option', 'aggregate', 'range', 'collection', 'uri', 'indexes']);

/** A definition as a draft, or undefined when it says something the form has no field for. */
export function draftOf(kind: DefinitionKind, def: unknown): ValuesDraft | undefined {
  if (!isObject(def) || typeof def.name !== 'string' || Object.keys(def).some((k) => !DRAFT_KEYS.has(k) && !(k === 'style' && def.style === 'default'))) return undefined;
  const draft = { ...newDraft(kind), name: def.name };
  if (kind === 'tuples') {
    const ranges = tupleSources(def).map((s) => (Object.keys(s).length === 1 && 'range' in s ? rangeDraft(s.range) : undefined));
    if (ranges.length < 2 || ranges.some((r) => r === undefined)) return undefined;
    draft.ranges = ranges as RangeSourceDraft[];
  } else {
    const sources = ['range', 'collection', 'uri'].filter((k) => k in def);
    if (sources.length !== 1 || 'indexes' in def) return undefined;
    if (sources[0] === 'range') {
      const range = rangeDraft(def.range);
      if (!range) return undefined;
      draft.ranges = [range];
    } else if (sources[0] === 'collection') {
      if (def.collection !== null && !(isObject(def.collection) && (def.collection.prefix === undefined || typeof def.collection.prefix === 'string'))) return undefined;
      draft.source = 'collection';
      draft.prefix = isObject(def.collection) && typeof def.collection.prefix === 'string' ? def.collection.prefix : '';
    } else {
      draft.source = 'uri';
    }
  }
  for (const o of list(def['values-option'])) {
    if (o === 'item-order' || o === 'frequency-order') draft.order = o === 'item-order' ? 'item' : 'frequency';
    else if (o === 'ascending' || o === 'descending') draft.direction = o;
    else if (o === 'item-frequency' || o === 'fragment-frequency') draft.frequency = o === 'item-frequency' ? 'item' : 'fragment';
    else if (typeof o === 'string' && /^limit=\d+$/.test(o)) draft.limit = o.slice('limit='.length);
    else return undefined;
  }
  for (const a of list(def.aggregate)) {
    if (!isObject(a) || typeof a.apply !== 'string' || Object.keys(a).some((k) => k !== 'apply')) return undefined;
    draft.aggregates.push(a.apply);
  }
  return draft;
}

// ---- what the form refuses ----------------------------------------------------------------

const LOCAL_NAME = /^[^\s<>&"'/:]+$/;

function rangeProblem(r: RangeSourceDraft): string | undefined {
  const what = r.target === 'json-property' ? 'JSON property' : r.target === 'element' ? 'element' : 'attribute';
  if (r.name.trim() === '') return `Name the ${what}`;
  if (!LOCAL_NAME.test(r.name.trim())) return `"${r.name.trim()}" is not a local name`;
  if (r.target === 'attribute' && r.parentName.trim() === '') return 'Name the element that carries the attribute';
  if (r.target === 'attribute' && !LOCAL_NAME.test(r.parentName.trim())) return `"${r.parentName.trim()}" is not a local name`;
  if (isStringType(r.type) && r.collation.trim() === '') return 'Pick a collation';
  return undefined;
}

/**
 * What is wrong with the draft, by field; empty when it can go into the set. `taken`: the
 * names of the set's other values and tuples definitions (they share one namespace).
 */
export function draftProblems(d: ValuesDraft, taken: ReadonlySet<string>): DraftProblems {
  const out: DraftProblems = {};
  const name = d.name.trim();
  if (name === '') out.name = 'Name the definition: /v1/values/{name} asks for it by name';
  else if (taken.has(name)) out.name = `A values or tuples definition named "${name}" exists already`;
  if (d.limit.trim() !== '' && !/^[1-9]\d*$/.test(d.limit.trim())) out.limit = 'A limit is a whole number of 1 or more';
  if (d.kind === 'tuples' && d.ranges.length < 2) out.ranges = 'A tuples definition needs two or more range indexes';
  if (d.kind === 'tuples' || d.source === 'range') {
    d.ranges.forEach((r, i) => {
      const problem = rangeProblem(r);
      if (problem) out[`range-${i}`] = problem;
    });
  }
  const fit = aggregateChoices(d);
  const misfit = d.aggregates.filter((a) => !fit.includes(a));
  if (misfit.length > 0) {
    out.aggregates =
      d.kind === 'tuples'
        ? `${misfit.join(', ')} needs exactly two numeric range indexes`
        : `${misfit.join(', ')} needs numbers; these values take only count, min and max`;
  }
  return out;
}

// ---- the set's definitions ----------------------------------------------------------------

export interface DefinitionEntry {
  kind: DefinitionKind;
  /** Position in the set's list of its kind. */
  index: number;
  name: string;
  definition: unknown;
}

/** The set's values definitions, then its tuples definitions, as written. */
export function definitionsIn(options: QueryOptionsJson): DefinitionEntry[] {
  return (['values', 'tuples'] as const).flatMap((kind) =>
    list(options[kind]).map((definition, index) => ({ kind, index, name: isObject(definition) && typeof definition.name === 'string' ? definition.name : '', definition })),
  );
}

/** One line saying what a definition reads: `decimal JSON property price`, `collections starting "a/"`, `URIs`. */
export function describeSources(kind: DefinitionKind, definition: unknown): string {
  if (!isObject(definition)) return '';
  const sources = kind === 'tuples' ? tupleSources(definition) : [definition];
  return sources
    .map((s) => {
      if ('range' in s) {
        const r = rangeDraft(s.range);
        if (!r) return 'a range index';
        const at = r.target === 'json-property' ? `JSON property ${r.name}` : r.target === 'element' ? `element ${r.name}` : `attribute ${r.name} of ${r.parentName}`;
        return `${r.type} ${at}`;
      }
      if ('collection' in s) {
        const prefix = isObject(s.collection) && typeof s.collection.prefix === 'string' ? s.collection.prefix : '';
        return prefix ? `collections starting "${prefix}"` : 'collections';
      }
      if ('uri' in s) return 'document URIs';
      return Object.keys(s).join(', ');
    })
    .join(' × ');
}

export interface LexiconNeeds {
  /** Names of the definitions that read the collection lexicon. */
  collection: string[];
  /** Names of the definitions that read the URI lexicon. */
  uri: string[];
}

/** Which definitions need the collection and URI lexicons (database settings `collection-lexicon`, `uri-lexicon`). */
export function lexiconNeeds(options: QueryOptionsJson): LexiconNeeds {
  const out: LexiconNeeds = { collection: [], uri: [] };
  for (const { kind, name, definition } of definitionsIn(options)) {
    if (!isObject(definition)) continue;
    const sources = kind === 'tuples' ? tupleSources(definition) : [definition];
    if (sources.some((s) => 'collection' in s) && !out.collection.includes(name)) out.collection.push(name);
    if (sources.some((s) => 'uri' in s) && !out.uri.includes(name)) out.uri.push(name);
  }
  return out;
}
