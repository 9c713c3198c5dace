/**
 * A values answer as the page shows it: one row per distinct value (or tuple) with its
 * frequency, sortable, and what kind of chart suits the definition's types.
 */
import type { ValuesResponse } from '../../../../client/types';

export interface ValueRow {
  /** One value for a values definition, one per index for a tuple. */
  values: string[];
  frequency: number;
}

/** The rows of an answer, in the server's order; none when it found nothing. */
export function valueRows(response: ValuesResponse): ValueRow[] {
  const body = response['values-response'];
  if (body.tuple) return body.tuple.map((t) => ({ values: t['distinct-value'], frequency: t.frequency }));
  return (body['distinct-value'] ?? []).map((v) => ({ values: [v._value], frequency: v.frequency }));
}

/** The type of each column: one for values, one per index for tuples. */
export function columnTypes(response: ValuesResponse): string[] {
  const body = response['values-response'];
  return body.types?.type ?? (body.type ? [body.type] : []);
}

const NUMERIC = new Set([
  'xs:int', 'xs:integer', 'xs:long', 'xs:short', 'xs:byte', 'xs:decimal', 'xs:double', 'xs:float',
  'xs:unsignedInt', 'xs:unsignedLong', 'xs:unsignedShort', 'xs:unsignedByte',
  'xs:nonNegativeInteger', 'xs:nonPositiveInteger', 'xs:positiveInteger', 'xs:negativeInteger',
]);
const TEMPORAL = new Set(['xs:date', 'xs:dateTime']);

export const isNumericType = (type: string | undefined): boolean => type !== undefined && NUMERIC.has(type);
export const isTemporalType = (type: string | undefined): boolean => type !== undefined && TEMPORAL.has(type);

export type SortKey = 'value' | 'frequency';
export interface SortOrder {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

/**
 * The rows in the order asked. Values compare as their type does (numbers as numbers,
 * dates by time, strings by the browser's collation); what is still tied keeps the server's order.
 */
export function sortRows(rows: readonly ValueRow[], types: readonly string[], order: SortOrder): ValueRow[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  const compareValues = (a: ValueRow, b: ValueRow) => {
    for (let i = 0; i < a.values.length; i++) {
      const c = compareTyped(a.values[i], b.values[i], types[i]);
      if (c !== 0) return c;
    }
    return 0;
  };
  // Equal frequencies are listed by value, ascending whichever way the frequencies go.
  const compare =
    order.key === 'frequency' ? (a: ValueRow, b: ValueRow) => sign * (a.frequency - b.frequency) || compareValues(a, b) : (a: ValueRow, b: ValueRow) => sign * compareValues(a, b);
  return rows.map((row, i) => ({ row, i })).sort((a, b) => compare(a.row, b.row) || a.i - b.i).map(({ row }) => row);
}

const collator = new Intl.Collator(undefined, { numeric: true });

/** The distinct values of column `i` of the rows, in their type's order (a heat map's axis). */
export function axisValues(rows: readonly ValueRow[], i: number, type: string | undefined): string[] {
  return [...new Set(rows.map((r) => r.values[i]))].sort((a, b) => compareTyped(a, b, type));
}

function compareTyped(a: string, b: string, type: string | undefined): number {
  if (isNumericType(type)) return Number(a) - Number(b);
  if (isTemporalType(type)) return Date.parse(a) - Date.parse(b);
  return collator.compare(a, b);
}

/** The bar chart shows at most this many values: the most frequent, with a note saying so. */
export const TOP_N = 50;

/** The `n` most frequent rows (ties by the server's order), for the bar chart. */
export function topRows(rows: readonly ValueRow[], n = TOP_N): ValueRow[] {
  return rows.map((row, i) => ({ row, i })).sort((a, b) => b.row.frequency - a.row.frequency || a.i - b.i).slice(0, n).map(({ row }) => row);
}

export type ChartKind = 'bar' | 'histogram' | 'heatmap' | 'scatter' | 'none';

/** The charts that suit the types, the first being the one shown at first. */
export function chartKinds(types: readonly string[]): ChartKind[] {
  if (types.length === 1) return isNumericType(types[0]) || isTemporalType(types[0]) ? ['histogram', 'bar'] : ['bar'];
  if (types.length === 2) return types.every(isNumericType) ? ['scatter', 'heatmap'] : ['heatmap'];
  return ['none'];
}

/** The aggregates offered: the one-index built-ins for values, count and the two-index ones for tuples (MarkLogic's Search Developer's Guide, aggregate functions). */
export const VALUES_AGGREGATES = ['count', 'sum', 'min', 'max', 'avg', 'median', 'stddev', 'stddev-population', 'variance', 'variance-population'] as const;
export const TUPLES_AGGREGATES = ['count', 'covariance', 'covariance-population', 'correlation'] as const;

export function aggregatesFor(columns: number): readonly string[] {
  return columns >= 2 ? TUPLES_AGGREGATES : VALUES_AGGREGATES;
}
