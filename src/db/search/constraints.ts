/**
 * Constraint references resolved against query options: `name:value` in a string
 * query, `name LT value`, and the structured `*-constraint-query` kinds all become
 * plain queries of the model here, so the evaluator never sees a constraint name.
 * Shared by the string grammar, structured queries and suggestions.
 */
import { DbError } from '../errors';
import type { ConstraintDef, IndexSpec, QueryOptions } from '../options/types';
import { isRangeType, type Query, type RangeIndexRef, type RangeOperator, type RangeType, type Scope, type TermOptions } from './query-model';
import { resolvedBuckets } from './buckets';

export const ROOT_COLLATION = 'http://marklogic.com/collation/';
export const CODEPOINT_COLLATION = 'http://marklogic.com/collation/codepoint';

/** The kind a constraint definition has (its one kind key). */
export type ConstraintKind = 'collection' | 'value' | 'word' | 'range' | 'container' | 'element-query' | 'properties' | 'custom';
const KINDS: readonly ConstraintKind[] = ['collection', 'value', 'word', 'range', 'container', 'element-query', 'properties', 'custom'];

export function constraintKind(def: ConstraintDef): ConstraintKind | undefined {
  return KINDS.find((k) => k in def);
}

export function findConstraint(options: QueryOptions, name: string): ConstraintDef | undefined {
  return options.constraint?.find((c) => c.name === name);
}

/** The constraint or a 400 naming it. */
export function requireConstraint(options: QueryOptions, name: string): ConstraintDef {
  const def = findConstraint(options, name);
  if (!def) throw new DbError('REST-INVALIDPARAM', `Unknown constraint: ${name} is not defined in the query options`);
  return def;
}

/** `xs:int` or `int` → `int`; anything else is a 400. */
export function rangeType(type: string | undefined, where: string): RangeType {
  const bare = (type ?? '').replace(/^xs:/, '');
  if (!isRangeType(bare)) throw new DbError('RESTAPI-INVALIDCONTENT', `${where}: unsupported range type ${type ?? '(none)'}`);
  return bare;
}

/** Where an options index spec points. Fields and path indexes are not configured in Tabula: a clear 400. */
export function scopeOf(spec: IndexSpec, where: string): Scope {
  if (spec['json-property'] !== undefined) return { kind: 'json-property', name: spec['json-property'] };
  if (spec.element) {
    const element = { name: spec.element.name, ns: spec.element.ns ?? '' };
    if (spec.attribute) return { kind: 'element-attribute', element, attribute: { name: spec.attribute.name, ns: spec.attribute.ns ?? '' } };
    return { kind: 'element', ...element };
  }
  if (spec.field) throw new DbError('XDMP-FIELDRIDXNOTFOUND', `${where}: no field ${spec.field.name} is configured (Tabula has no fields)`);
  if (spec['path-index']) throw new DbError('XDMP-PATHRIDXNOTFOUND', `${where}: no path range index for ${spec['path-index'].text} (Tabula has no path indexes)`);
  throw new DbError('RESTAPI-INVALIDCONTENT', `${where}: needs json-property or element`);
}

/**
 * The range index a range constraint or sort order names (its scope, type and collation).
 * An untyped range constraint has had its type filled in from the database's indexes by
 * then (range-types.ts); one that reaches here untyped is refused as an unsupported type.
 */
export function rangeRefOf(spec: IndexSpec & { type?: string; collation?: string }, where: string): RangeIndexRef {
  return { scope: scopeOf(spec, where), type: rangeType(spec.type, where), ...(spec.collation ? { collation: spec.collation } : {}) };
}

/** cts term options (`case-sensitive`, `stemmed`, `lang=en`, …) as the model's {@link TermOptions}. */
export function termOptionsOf(list: readonly string[] | undefined): TermOptions {
  const out: TermOptions = {};
  for (const option of list ?? []) {
    const o = option.trim().toLowerCase();
    if (o.startsWith('lang=')) out.lang = o.slice(5);
    else if (o === 'exact') out.exact = true;
    else if (o === 'case-sensitive' || o === 'case-insensitive') out.caseSensitive = o === 'case-sensitive';
    else if (o === 'diacritic-sensitive' || o === 'diacritic-insensitive') out.diacriticSensitive = o === 'diacritic-sensitive';
    else if (o === 'punctuation-sensitive' || o === 'punctuation-insensitive') out.punctuationSensitive = o === 'punctuation-sensitive';
    else if (o === 'whitespace-sensitive' || o === 'whitespace-insensitive') out.whitespaceSensitive = o === 'whitespace-sensitive';
    else if (o === 'stemmed' || o === 'unstemmed') out.stemmed = o === 'stemmed';
    else if (o === 'wildcarded' || o === 'unwildcarded') out.wildcarded = o === 'wildcarded';
    // Other cts options (min-occurs=, max-occurs=, distance-weight=, …) do not change what matches.
  }
  return out;
}

/** The options' own `term` settings under the query's (the query's win). */
export function withDefaultTermOptions(options: QueryOptions, own: TermOptions): TermOptions {
  return { ...termOptionsOf(options.term?.['term-option']), ...own };
}

const weightOf = (def: { weight?: number }): { weight?: number } => (def.weight === undefined ? {} : { weight: def.weight });

/**
 * `name:text` (or `name:"a phrase"`) and the structured word/value/collection/range
 * constraint queries with one text: what the constraint makes of it.
 */
export function constraintTextQuery(options: QueryOptions, name: string, text: string): Query {
  const def = requireConstraint(options, name);
  const where = `constraint ${name}`;
  switch (constraintKind(def)) {
    case 'collection':
      return { kind: 'collection', uris: [(def.collection?.prefix ?? '') + text] };
    case 'value': {
      const v = def.value!;
      return { kind: 'value', values: [typedValue(text, v.type)], scope: scopeOf(v, where), options: withDefaultTermOptions(options, termOptionsOf(v['term-option'])), ...weightOf(v) };
    }
    case 'word': {
      const w = def.word!;
      return { kind: 'word', text: [text], scope: scopeOf(w, where), options: withDefaultTermOptions(options, termOptionsOf(w['term-option'])), ...weightOf(w) };
    }
    case 'range':
      return rangeConstraintQuery(options, name, 'EQ', [text]);
    case 'container':
      return { kind: 'container', scope: scopeOf(def.container!, where), query: { kind: 'word', text: [text], options: withDefaultTermOptions(options, {}) } };
    case 'element-query': {
      const e = def['element-query']!;
      return { kind: 'container', scope: { kind: 'element', name: e.name, ns: e.ns ?? '' }, query: { kind: 'word', text: [text], options: withDefaultTermOptions(options, {}) } };
    }
    case 'properties':
      return { kind: 'properties', query: propertiesWordQuery(def, options, text) };
    case 'custom':
      throw new DbError('REST-INVALIDPARAM', `${where}: custom constraints need server-side code, which Tabula does not run`);
    default:
      throw new DbError('RESTAPI-INVALIDCONTENT', `${where} has no constraint kind`);
  }
}

/**
 * A query against a constraint's scope (container, properties constraints): the
 * structured `container-constraint-query` / `properties-constraint-query` forms.
 */
export function constraintScopedQuery(options: QueryOptions, name: string, inner: Query): Query {
  const def = requireConstraint(options, name);
  const where = `constraint ${name}`;
  switch (constraintKind(def)) {
    case 'container':
      return { kind: 'container', scope: scopeOf(def.container!, where), query: inner };
    case 'element-query': {
      const e = def['element-query']!;
      return { kind: 'container', scope: { kind: 'element', name: e.name, ns: e.ns ?? '' }, query: inner };
    }
    case 'properties':
      return { kind: 'properties', query: inner };
    default:
      throw new DbError('REST-INVALIDPARAM', `${where} is a ${constraintKind(def) ?? 'kindless'} constraint, not a container or properties constraint`);
  }
}

/**
 * `name LT v` and the range constraint query: a comparison on the constraint's range
 * index; a value naming one of its buckets stands for that bucket's bounds (EQ only).
 */
export function rangeConstraintQuery(options: QueryOptions, name: string, operator: RangeOperator, values: string[]): Query {
  const def = requireConstraint(options, name);
  const where = `constraint ${name}`;
  if (constraintKind(def) !== 'range') {
    throw new DbError('REST-INVALIDPARAM', `${where}: ${operator} compares values of a range constraint; ${name} is a ${constraintKind(def) ?? 'kindless'} constraint`);
  }
  const r = def.range!;
  const index = rangeRefOf(r, where);
  const buckets = operator === 'EQ' ? resolvedBuckets(r, new Date(), where) : [];
  const alternatives: Query[] = values.map((value) => {
    const bucket = operator === 'EQ' ? buckets.find((b) => b.name === value) : undefined;
    if (!bucket) return { kind: 'range', index, operator, values: [value] };
    const bounds: Query[] = [];
    if (bucket.ge !== undefined) bounds.push({ kind: 'range', index, operator: 'GE', values: [bucket.ge] });
    if (bucket.lt !== undefined) bounds.push({ kind: 'range', index, operator: 'LT', values: [bucket.lt] });
    return bounds.length === 1 ? bounds[0] : { kind: 'and', queries: bounds };
  });
  if (operator === 'NE') return { kind: 'range', index, operator, values };
  return alternatives.length === 1 ? alternatives[0] : { kind: 'or', queries: alternatives };
}

function propertiesWordQuery(def: ConstraintDef, options: QueryOptions, text: string): Query {
  const p = def.properties;
  const name = typeof p === 'string' ? p : p?.name;
  const word: Query = { kind: 'word', text: [text], options: withDefaultTermOptions(options, {}) };
  return name ? { ...word, scope: { kind: 'json-property', name } } : word;
}

/** A value constraint's text as the JSON type it declares (a string otherwise). */
function typedValue(text: string, type: string | undefined): string | number | boolean | null {
  switch (type) {
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || Number.isNaN(n)) throw new DbError('REST-INVALIDPARAM', `${text} is not a number`);
      return n;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new DbError('REST-INVALIDPARAM', `${text} is not a boolean`);
      return text === 'true';
    case 'null':
      return null;
    default:
      return text;
  }
}

/** Whether a configured index covers `scope`: a JSON property's index is the element of that name in no namespace. */
export function indexCovers(index: Scope, scope: Scope): boolean {
  if (index.kind === 'element-attribute' || scope.kind === 'element-attribute') {
    return (
      index.kind === 'element-attribute' &&
      scope.kind === 'element-attribute' &&
      index.element.name === scope.element.name &&
      index.element.ns === scope.element.ns &&
      index.attribute.name === scope.attribute.name &&
      index.attribute.ns === scope.attribute.ns
    );
  }
  const nsOf = (s: Scope) => (s.kind === 'element' ? s.ns : '');
  return index.name === scope.name && nsOf(index) === nsOf(scope);
}
