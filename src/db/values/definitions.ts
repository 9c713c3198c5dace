/**
 * The `values` and `tuples` definitions of an option set, read into the one shape
 * `/v1/values/{name}` works from (MarkLogic's REST Application Developer's Guide, values and
 * tuples; MarkLogic's Search Developer's Guide, query options reference, `values` and `tuples`).
 *
 * Everything a definition says is either served or refused here with a 400 that names it:
 * a source, option or aggregate Tabula cannot honour is never silently dropped, because the
 * answer would then look right and be wrong.
 *
 * @example
 * valuesDefinition({ values: [{ name: 'n', range: { type: 'xs:int', 'json-property': 'n' } }] }, 'n');
 * // { name: 'n', kind: 'values', style: 'default', sources: [{ kind: 'range', index: {…} }], order: 'item', direction: 'ascending', aggregates: [] }
 */
import { DbError } from '../errors';
import type { AggregateDef, QueryOptions, TuplesDef, ValuesDef } from '../options/types';
import { isLexiconOption, tupleLexicons, VALUES_SOURCES } from '../options/validate';
import { rangeRefOf } from '../search/constraints';
import type { RangeIndexRef, RangeType } from '../search/query-model';

/** One lexicon a definition reads. */
export type ValuesSource =
  | { kind: 'range'; index: RangeIndexRef }
  /** The collection lexicon; `prefix`: only the collections whose URI starts with it. */
  | { kind: 'collection'; prefix?: string }
  /** The URI lexicon. */
  | { kind: 'uri' };

export interface ValuesDefinition {
  name: string;
  /** `tuples` for a tuples definition and for a values one with `style: consistent`. */
  kind: 'values' | 'tuples';
  /** As written (`default` when absent). */
  style: 'default' | 'consistent';
  /** One for a values definition, two or more for tuples, in the order written. */
  sources: ValuesSource[];
  /** `item-order` (the default) or `frequency-order`. */
  order: 'item' | 'frequency';
  /** As given, else ascending for item order and descending for frequency order (the server's defaults). */
  direction: 'ascending' | 'descending';
  /** Only when the definition says so; the request's `frequency` parameter decides otherwise. */
  frequency?: 'item' | 'fragment';
  /** `limit=N`: at most N values from the lexicon, before paging. */
  limit?: number;
  /** The built-in aggregates to apply (`aggregate: [{apply}]`), in the order written. */
  aggregates: string[];
}

/** The lexicon option words Tabula serves: their meaning is in {@link ValuesDefinition}. */
const SERVED = new Set(['ascending', 'descending', 'item-order', 'frequency-order', 'item-frequency', 'fragment-frequency']);
/** Evaluation hints that cannot change the answer of an in-memory lexicon: accepted, no effect. */
const HINTS = new Set(['checked', 'unchecked', 'concurrent', 'eager', 'lazy', 'map', 'document']);
/** Pairs of which at most one may be given (as the options validator says). */
const CONFLICTS: ReadonlyArray<readonly [string, string]> = [['ascending', 'descending'], ['item-order', 'frequency-order'], ['item-frequency', 'fragment-frequency']];

/** The keys of a values entry that are not its source. */
const SETTINGS = new Set(['name', 'style', 'values-option', 'aggregate', 'annotation']);

const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v) ?? String(v));

/** The names of the values and tuples definitions in order (`GET /v1/values`): values first, then tuples. */
export function listValuesDefinitions(options: QueryOptions): string[] {
  return [...(options.values ?? []), ...(options.tuples ?? [])].map((d) => d.name);
}

/**
 * The definition named `name`, normalised; 400 REST-INVALIDPARAM when the options have
 * none, 400 naming whatever in it Tabula cannot serve.
 */
export function valuesDefinition(options: QueryOptions, name: string): ValuesDefinition {
  const values = options.values?.find((v) => v.name === name);
  if (values) {
    const what = `Values ${show(name)}`;
    const style = styleOf(values.style, what);
    return {
      name,
      kind: style === 'consistent' ? 'tuples' : 'values',
      style,
      sources: [sourceOf(values as unknown as Record<string, unknown>, what)],
      ...optionsOf(values['values-option'], what),
      aggregates: aggregatesOf(values.aggregate, what),
    };
  }
  const tuples = options.tuples?.find((t) => t.name === name);
  if (tuples) return tuplesDefinition(tuples, name);
  throw new DbError('REST-INVALIDPARAM', `No values or tuples specification named: ${name}`);
}

/** The type of a source's values: the range index's, or string for collections and URIs (the response reports it as `xs:…`). */
export function sourceType(source: ValuesSource): RangeType {
  return source.kind === 'range' ? source.index.type : 'string';
}

function tuplesDefinition(tuples: TuplesDef, name: string): ValuesDefinition {
  const what = `Tuples ${show(name)}`;
  const lexicons = tupleLexicons(tuples);
  if (lexicons.length < 2) throw invalid(`${what} needs at least two indexes`);
  return {
    name,
    kind: 'tuples',
    style: styleOf(tuples.style, what),
    sources: lexicons.map((l) => sourceOf(l, what)),
    ...optionsOf(tuples['values-option'], what),
    aggregates: aggregatesOf(tuples.aggregate, what),
  };
}

const invalid = (message: string): DbError => new DbError('RESTAPI-INVALIDCONTENT', message);

function styleOf(style: ValuesDef['style'] | undefined, what: string): ValuesDefinition['style'] {
  if (style === undefined || style === 'default' || style === 'consistent') return style ?? 'default';
  throw invalid(`${what}: style must be default or consistent, not ${show(style)}`);
}

/** The one lexicon `def` names (a values entry, or one tuples index `{kind: def}`). */
function sourceOf(def: Record<string, unknown>, what: string): ValuesSource {
  const given = VALUES_SOURCES.filter((k) => k in def);
  const others = Object.keys(def).filter((k) => !VALUES_SOURCES.includes(k) && !SETTINGS.has(k));
  // A lexicon MarkLogic has and the options do not list here (a word lexicon, say) is named, not ignored.
  if (given.length === 0 && others.length > 0) throw invalid(`${what}: ${others.map((k) => `a ${k} lexicon`).join(', ')} is not one Tabula serves (range, collection or uri)`);
  if (given.length !== 1) throw invalid(`${what} needs exactly one source (range, collection or uri)${given.length > 1 ? `, not ${given.join(', ')}` : ''}`);
  const [kind] = given;
  const value = def[kind];
  switch (kind) {
    case 'range': {
      const range = value as ValuesDef['range'];
      if (!range || typeof range !== 'object') throw invalid(`${what}: range must be an object with a type and an index`);
      // Field and path ranges are refused by rangeRefOf (XDMP-FIELDRIDXNOTFOUND, XDMP-PATHRIDXNOTFOUND).
      return { kind: 'range', index: rangeRefOf(range, what) };
    }
    case 'collection': {
      if (value === null || value === undefined) return { kind: 'collection' };
      const prefix = (value as { prefix?: unknown }).prefix;
      if (typeof value !== 'object' || (prefix !== undefined && typeof prefix !== 'string')) throw invalid(`${what}: collection is null or {"prefix": "…"}`);
      return prefix ? { kind: 'collection', prefix } : { kind: 'collection' };
    }
    case 'uri':
      return { kind: 'uri' };
    case 'field':
      throw new DbError('XDMP-FIELDRIDXNOTFOUND', `${what}: no field ${show((value as { name?: unknown } | null)?.name)} is configured (Tabula has no fields)`);
    default:
      throw invalid(`${what}: a ${kind} lexicon is geospatial, and Tabula has no geospatial indexes`);
  }
}

/** The `values-option` words, with the server's default direction per order. */
function optionsOf(options: string[] | undefined, what: string): Pick<ValuesDefinition, 'order' | 'direction' | 'frequency' | 'limit'> {
  const given = (options ?? []).map((o) => String(o).trim());
  for (const [a, b] of CONFLICTS) if (given.includes(a) && given.includes(b)) throw invalid(`${what}: values-option: ${a} and ${b} cannot be given together`);
  let limit: number | undefined;
  for (const o of given) {
    if (SERVED.has(o) || HINTS.has(o)) continue;
    if (o.startsWith('limit=') && !/^[1-9]\d*$/.test(o.slice('limit='.length))) throw invalid(`${what}: values-option ${show(o)} needs a positive integer (limit=10)`);
    // The validator's rule: a word it does not know is refused, and so is a known one Tabula cannot honour.
    if (!isLexiconOption(o)) throw invalid(`${what}: values-option ${show(o)} is not a known option`);
    if (o.startsWith('limit=')) limit = Number(o.slice('limit='.length));
    else throw invalid(`${what}: values-option ${show(o)} is not supported by Tabula`);
  }
  const order = given.includes('frequency-order') ? 'frequency' : 'item';
  const direction = given.includes('descending') ? 'descending' : given.includes('ascending') ? 'ascending' : order === 'frequency' ? 'descending' : 'ascending';
  const frequency = given.includes('fragment-frequency') ? 'fragment' : given.includes('item-frequency') ? 'item' : undefined;
  return { order, direction, ...(frequency ? { frequency } : {}), ...(limit !== undefined ? { limit } : {}) };
}

/**
 * The built-in aggregates named; a user-defined one (`udf`) runs server-side code, which Tabula
 * does not. Whether a name is a built-in aggregate, and whether it fits the index type, is for
 * the aggregates themselves (values/aggregates.ts) to say, with the request's own `aggregate`s.
 */
function aggregatesOf(aggregates: AggregateDef[] | undefined, what: string): string[] {
  return (aggregates ?? []).map((a) => {
    if (!a || typeof a !== 'object' || typeof a.apply !== 'string' || a.apply === '') throw invalid(`${what}: aggregate needs an apply`);
    if (a.udf !== undefined) throw invalid(`${what}: aggregate ${show(a.apply)} is a user-defined aggregate (udf ${show(a.udf)}), which Tabula does not run`);
    return a.apply;
  });
}
