/**
 * Sorting every page of the listing by a field, on the server: a search can only order by a
 * value that has a range index (MarkLogic's Search Developer's Guide, query options reference,
 * `sort-order`), so it is offered for a field only where the database has an element range
 * index (no namespace) of that local name — the index JSON properties and XML elements share.
 */
import type { RangeElementIndex } from '../../../../client/indexes';

export interface ServerSort {
  field: string;
  direction: 'ascending' | 'descending';
  /** The index's scalar type, bare (`int`, `string`…). */
  type: string;
  /** For string indexes: the index's collation, which the sort must name. */
  collation?: string;
  /** Sort as a JSON property (the page's documents with the field are JSON) or as an XML element. */
  json: boolean;
}

/** The range index a field can be sorted by; none for attributes (`@id`) or fields without one. */
export function sortIndexFor(field: string, indexes: readonly RangeElementIndex[]): RangeElementIndex | undefined {
  if (field.startsWith('@')) return undefined;
  return indexes.find((i) => i.localname === field && i['namespace-uri'] === '');
}

export function serverSortOf(field: string, direction: ServerSort['direction'], index: RangeElementIndex, json: boolean): ServerSort {
  return { field, direction, type: index['scalar-type'], ...(index.collation ? { collation: index.collation } : {}), json };
}

/** The `sort-order` option that asks for it. */
export function sortOrderOption(sort: ServerSort): { 'sort-order': Array<Record<string, unknown>> } {
  return {
    'sort-order': [
      {
        direction: sort.direction,
        type: `xs:${sort.type}`,
        ...(sort.collation ? { collation: sort.collation } : {}),
        ...(sort.json ? { 'json-property': sort.field } : { element: { ns: '', name: sort.field } }),
      },
    ],
  };
}
