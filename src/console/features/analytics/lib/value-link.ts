/**
 * Where a value leads: the documents that have it. A range index value becomes a
 * structured `range-query` with `EQ` on the same index, a collection a
 * `collection-query`, both opened in Search; a URI is a document, opened in Documents.
 * A tuple leads to the documents that have all of its values (an `and-query`).
 *
 * The sources are read from the option set's JSON (MarkLogic's Search Developer's Guide,
 * query options reference, `values` and `tuples`): a definition's source is its one key
 * besides its settings, and a tuples definition may list several sources under one key.
 */
import { documentHref, searchHref } from '../../search/lib/search-state';

export type ValuesSource =
  /** The index reference as written (`type`, `json-property` or `element`…, `collation`). */
  | { kind: 'range'; ref: Record<string, unknown> }
  | { kind: 'collection' }
  | { kind: 'uri' }
  /** A field, geospatial or other source the page cannot turn into a query. */
  | { kind: 'other' };

/** The keys of a values entry that are not its source. */
const SETTINGS = new Set(['name', 'style', 'values-option', 'aggregate', 'annotation']);

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** The sources of the definition `name` in an option set (the content of `{"options": …}`), in their order; `undefined` when it has none by that name. */
export function definitionSources(options: unknown, name: string): ValuesSource[] | undefined {
  const o = (options ?? {}) as { values?: unknown; tuples?: unknown };
  const def = [...asArray(o.values), ...asArray(o.tuples)].find((d) => (d as { name?: unknown })?.name === name) as Record<string, unknown> | undefined;
  if (!def) return undefined;
  const sources: ValuesSource[] = [];
  collectSources(def, sources);
  return sources;
}

/** A tuples definition lists its sources under their kind (`"range": [a, b]`) or as `"indexes": [{"range": a}, …]`. */
function collectSources(def: Record<string, unknown>, into: ValuesSource[]): void {
  for (const [key, value] of Object.entries(def)) {
    if (SETTINGS.has(key)) continue;
    if (key === 'indexes') {
      for (const entry of asArray(value)) if (entry && typeof entry === 'object') collectSources(entry as Record<string, unknown>, into);
      continue;
    }
    // `"uri": null` names the URI lexicon: a null is a source, not an absence.
    for (const one of value === null ? [null] : asArray(value)) into.push(sourceOf(key, one));
  }
}

function sourceOf(key: string, body: unknown): ValuesSource {
  if (key === 'range' && body && typeof body === 'object') return { kind: 'range', ref: body as Record<string, unknown> };
  if (key === 'collection') return { kind: 'collection' };
  if (key === 'uri') return { kind: 'uri' };
  return { kind: 'other' };
}

/** A column heading for a source: the property, element, attribute or field it indexes, else the lexicon's name. */
export function sourceLabel(source: ValuesSource | undefined, fallback: string): string {
  if (source?.kind === 'collection') return 'collection';
  if (source?.kind === 'uri') return 'uri';
  if (source?.kind !== 'range') return fallback;
  const { ref } = source;
  const named = (v: unknown) => (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string' ? (v as { name: string }).name : undefined);
  const label =
    (typeof ref['json-property'] === 'string' ? ref['json-property'] : undefined) ??
    named(ref.attribute) ??
    named(ref.element) ??
    named(ref.field) ??
    (typeof ref['path-index'] === 'object' ? (ref['path-index'] as { text?: string }).text : undefined);
  return label ?? fallback;
}

/** The structured query matching the documents with `value` in `source`; `undefined` when there is none to write. */
export function queryFor(source: ValuesSource, value: string): Record<string, unknown> | undefined {
  switch (source.kind) {
    case 'range':
      return { 'range-query': { ...source.ref, value: [value], 'range-operator': 'EQ' } };
    case 'collection':
      return { 'collection-query': { uri: [value] } };
    case 'uri':
      return { 'document-query': { uri: [value] } };
    default:
      return undefined;
  }
}

/**
 * The page showing the documents that have `values` (one per source) among those the string
 * query `q` matches, as the counts were; `undefined` when a source cannot be queried.
 */
export function valueHref(sources: readonly ValuesSource[], values: readonly string[], optionSet: string, q: string): string | undefined {
  if (sources.length !== values.length || sources.length === 0) return undefined;
  // A URI alone is one document: the explorer shows it.
  if (sources.length === 1 && sources[0].kind === 'uri') return documentHref(values[0]);
  const queries = sources.map((s, i) => queryFor(s, values[i]));
  if (queries.some((q) => q === undefined)) return undefined;
  const query = queries.length === 1 ? queries[0] : { 'and-query': { queries } };
  return searchHref({ q: q.trim() || undefined, options: optionSet, structuredQuery: JSON.stringify({ query }) });
}
