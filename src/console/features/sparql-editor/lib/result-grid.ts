/**
 * The results table's logic, apart from React: how a cell reads (shown and whole),
 * the order a column sorts in, which rows a filter keeps, and how wide a column starts.
 * Everything here runs over up to a hundred thousand rows on each sort or keystroke,
 * so rows are read once into plain keys and texts, and compared from those.
 */
import type { SparqlTerm } from '../../../../client/sparql';
import type { PrefixMap } from '../../../lib/rdf/prefixes';
import { XSD } from '../../../lib/xsd';
import { compactIri, literalSuffix, termSyntax } from './rdf-term-text';

/** A cell as the table shows it and as it is whole (the tooltip and what Copy copies). */
export interface CellText {
  shown: string;
  full: string;
}

export function cellText(term: SparqlTerm | undefined, prefixes: PrefixMap): CellText {
  if (!term) return { shown: '', full: '' };
  switch (term.type) {
    case 'uri':
      return { shown: compactIri(term.value, prefixes), full: term.value };
    case 'bnode':
      return { shown: `_:${term.value}`, full: `_:${term.value}` };
    case 'triple': {
      const part = (t: SparqlTerm) => cellText(t, prefixes).shown;
      const { subject, predicate, object } = term.value;
      return { shown: `<< ${part(subject)} ${part(predicate)} ${part(object)} >>`, full: termSyntax(term) };
    }
    default: {
      const suffix = literalSuffix(term);
      return { shown: suffix ? `${term.value} ${suffix}` : term.value, full: termSyntax(term) };
    }
  }
}

// ---- Order ----

/**
 * SPARQL's ORDER BY ranks kinds of term before values (SPARQL 1.1 Query Language §15.1):
 * unbound, then blank nodes, then IRIs, then literals. Quoted triples (SPARQL-star) have
 * no place there; they come last.
 */
const RANK = { unbound: 0, bnode: 1, uri: 2, literal: 3, triple: 4 } as const;

const NUMERIC_TYPES = new Set(
  [
    'integer',
    'decimal',
    'float',
    'double',
    'int',
    'long',
    'short',
    'byte',
    'nonNegativeInteger',
    'positiveInteger',
    'nonPositiveInteger',
    'negativeInteger',
    'unsignedLong',
    'unsignedInt',
    'unsignedShort',
    'unsignedByte',
  ].map((t) => `${XSD}${t}`),
);

/** What a term sorts by, read once per row. */
export interface SortKey {
  rank: number;
  /** For numeric literals: their value (NaN for a malformed one, which sorts after every number). */
  number?: number;
  text: string;
  /** The text case-folded: compared first, so `apple` and `Apple` sort together. */
  fold: string;
  /** Datatype or language: breaks ties between equal texts, so the order is total. */
  tag: string;
}

export function sortKey(term: SparqlTerm | undefined): SortKey {
  if (!term) return { rank: RANK.unbound, text: '', fold: '', tag: '' };
  switch (term.type) {
    case 'bnode':
    case 'uri':
      return { rank: RANK[term.type], text: term.value, fold: term.value.toLowerCase(), tag: '' };
    case 'triple': {
      const text = termSyntax(term);
      return { rank: RANK.triple, text, fold: text.toLowerCase(), tag: '' };
    }
    default: {
      const datatype = term.datatype ?? '';
      const tag = term['xml:lang'] ? `@${term['xml:lang'].toLowerCase()}` : datatype;
      const key: SortKey = { rank: RANK.literal, text: term.value, fold: term.value.toLowerCase(), tag };
      if (NUMERIC_TYPES.has(datatype)) key.number = Number(term.value.trim());
      return key;
    }
  }
}

/**
 * Term order: kinds first (see RANK); among literals numbers first, numerically, then
 * everything else by its text ignoring case (`apple` before `Banana`), then with case
 * (`Apple` before `apple`), then by datatype or language so that `"1"` and `"1"@en`
 * never tie by accident. Texts compare by code point, not by a locale's collation:
 * sorting a hundred thousand rows with Intl.Collator takes several times as long.
 */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  const aNum = a.number !== undefined;
  const bNum = b.number !== undefined;
  if (aNum !== bNum) return aNum ? -1 : 1;
  if (aNum && bNum) {
    const x = a.number!;
    const y = b.number!;
    if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
    if (x !== y && !Number.isNaN(x)) return x < y ? -1 : 1;
  }
  if (a.fold !== b.fold) return a.fold < b.fold ? -1 : 1;
  if (a.text !== b.text) return a.text < b.text ? -1 : 1;
  return a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0;
}

export function compareTerms(a: SparqlTerm | undefined, b: SparqlTerm | undefined): number {
  return compareSortKeys(sortKey(a), sortKey(b));
}

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** A header click: ascending, then descending, then back to the result's own order. */
export function nextSort(current: SortState | undefined, column: string): SortState | undefined {
  if (!current || current.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : undefined;
}

/**
 * The indices of `rows` in sorted order. Stable, and descending is the reverse of the
 * comparison, not of the list, so rows with equal values keep the result's own order.
 */
export function sortedIndices<Row>(rows: readonly Row[], term: (row: Row) => SparqlTerm | undefined, direction: SortDirection): number[] {
  const keys = rows.map((row) => sortKey(term(row)));
  const sign = direction === 'ascending' ? 1 : -1;
  return keys.map((_, i) => i).sort((i, j) => sign * compareSortKeys(keys[i], keys[j]));
}

// ---- Filter ----

/** One lower-cased string per row holding every cell's shown and whole text, for filtering. */
export function searchTexts(cells: readonly (readonly CellText[])[]): string[] {
  return cells.map((row) => row.map((c) => (c.shown === c.full ? c.shown : `${c.shown}\u0000${c.full}`)).join('\u0000').toLowerCase());
}

/**
 * The indices (taken from `order`) of the rows whose shown or whole text of any cell
 * contains the filter, ignoring case; every row for a blank filter.
 */
export function filterIndices(order: readonly number[], texts: readonly string[], filter: string): number[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return [...order];
  // The NUL between cells keeps a match from spanning two of them.
  return order.filter((i) => texts[i].includes(needle));
}

// ---- Widths ----

export interface WidthOptions {
  /** Narrowest and widest a column starts at, in px; a person may drag it wider. */
  min: number;
  max: number;
  /** Padding and the sort indicator, in px, added to the text's own width. */
  padding: number;
}

export const DEFAULT_WIDTHS: WidthOptions = { min: 72, max: 440, padding: 36 };

/**
 * Which rows to measure: the first `head` (what is seen first) and an even spread over
 * the rest, so a column whose long values come late is not sized by its first page alone.
 */
export function sampleIndices(count: number, size = 200, head = 100): number[] {
  if (count <= size) return Array.from({ length: count }, (_, i) => i);
  const out = Array.from({ length: head }, (_, i) => i);
  const spread = size - head;
  const step = (count - head) / spread;
  for (let k = 0; k < spread; k++) out.push(head + Math.floor(k * step));
  return out;
}

/**
 * Each column's starting width: its widest measured text (header included), padded
 * and kept within min..max. `measure` gives a text's width in px (canvas in the page,
 * a fixed width per character in tests).
 */
export function estimateColumnWidths(
  headers: readonly string[],
  sample: readonly (readonly string[])[],
  measure: (text: string) => number,
  { min, max, padding }: WidthOptions = DEFAULT_WIDTHS,
): number[] {
  return headers.map((header, c) => {
    let widest = measure(header);
    for (const row of sample) widest = Math.max(widest, measure(row[c] ?? ''));
    return Math.round(Math.min(max, Math.max(min, widest + padding)));
  });
}

/** A width dragged or keyed to: never narrower than `min`. */
export function clampWidth(width: number, min = DEFAULT_WIDTHS.min / 2): number {
  return Math.max(min, Math.round(width));
}
