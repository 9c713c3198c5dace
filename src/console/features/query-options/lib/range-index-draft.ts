/**
 * The range index editor's rows: the database's `range-element-index` list as it is
 * being edited. Rows carry an id so React keeps each row's inputs while others are
 * added or removed. What the server would refuse is found here first, per row, so Save
 * is offered only for a list it can take; the server still has the last word (its
 * refusal is shown as it words it).
 */
import {
  CODEPOINT_COLLATION,
  ROOT_COLLATION,
  SCALAR_TYPES,
  type InvalidValues,
  type RangeElementIndex,
  type RangeIndexState,
} from '../../../../client/indexes';

export interface IndexRow {
  id: string;
  scalarType: string;
  namespaceUri: string;
  /** One or more local names separated by spaces. */
  localname: string;
  collation: string;
  rangeValuePositions: boolean;
  invalidValues: InvalidValues;
}

export type RowProblems = Record<string, Partial<Record<'localname' | 'namespaceUri' | 'scalarType' | 'collation', string>>>;

export const collationChoices = [
  { uri: ROOT_COLLATION, label: 'root' },
  { uri: CODEPOINT_COLLATION, label: 'codepoint' },
] as const;

export const typeChoices: readonly string[] = SCALAR_TYPES;

export const isStringType = (type: string): boolean => type === 'string' || type === 'anyURI';

let nextId = 0;
const newId = () => `row-${++nextId}`;

export function rowsOf(entries: readonly RangeElementIndex[]): IndexRow[] {
  return entries.map((e) => ({
    id: newId(),
    scalarType: e['scalar-type'],
    namespaceUri: e['namespace-uri'],
    localname: e.localname,
    collation: e.collation,
    rangeValuePositions: e['range-value-positions'],
    invalidValues: e['invalid-values'],
  }));
}

export function newRow(): IndexRow {
  return { id: newId(), scalarType: 'string', namespaceUri: '', localname: '', collation: ROOT_COLLATION, rangeValuePositions: false, invalidValues: 'reject' };
}

/** A row with one field changed; a type change brings the collation along (only string types have one). */
export function editRow(row: IndexRow, patch: Partial<Omit<IndexRow, 'id'>>): IndexRow {
  const next = { ...row, ...patch };
  if (patch.scalarType !== undefined && patch.collation === undefined) {
    if (!isStringType(next.scalarType)) next.collation = '';
    else if (next.collation === '') next.collation = ROOT_COLLATION;
  }
  return next;
}

/** The list to PUT: names normalised to single spaces, the collation only where it applies. */
export function entriesOf(rows: readonly IndexRow[]): RangeElementIndex[] {
  return rows.map((r) => ({
    'scalar-type': r.scalarType,
    'namespace-uri': r.namespaceUri.trim(),
    localname: names(r.localname).join(' '),
    collation: isStringType(r.scalarType) ? r.collation || ROOT_COLLATION : '',
    'range-value-positions': r.rangeValuePositions,
    'invalid-values': r.invalidValues,
  }));
}

const names = (localname: string): string[] => localname.split(/\s+/).filter((n) => n !== '');

/** Whether the rows say something other than the saved list. */
export function rowsChanged(rows: readonly IndexRow[], saved: readonly RangeElementIndex[]): boolean {
  return JSON.stringify(entriesOf(rows)) !== JSON.stringify(entriesOf(rowsOf(saved)));
}

/** What is wrong with each row, by row id and field; empty when the list can be saved. */
export function rowProblems(rows: readonly IndexRow[]): RowProblems {
  const out: RowProblems = {};
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const problems: RowProblems[string] = {};
    const list = names(row.localname);
    if (list.length === 0) problems.localname = 'Name the JSON property or element';
    const bad = list.find((n) => /[<>&"'/:]/.test(n));
    if (bad) problems.localname = `"${bad}" is not a local name`;
    if (!typeChoices.includes(row.scalarType)) problems.scalarType = `Tabula has no ${row.scalarType || 'untyped'} range index`;
    if (isStringType(row.scalarType) && row.collation.trim() === '') problems.collation = 'Pick a collation';
    if (!problems.localname) {
      for (const name of list) {
        const key = `${row.namespaceUri.trim()}|${name}|${row.scalarType}|${isStringType(row.scalarType) ? row.collation : ''}`;
        const earlier = seen.get(key);
        if (earlier !== undefined && earlier !== i) {
          problems.localname = `${name} already has this ${row.scalarType} index (row ${earlier + 1})`;
          break;
        }
        seen.set(key, i);
      }
    }
    if (Object.keys(problems).length > 0) out[row.id] = problems;
  });
  return out;
}

export interface RowProgress {
  state: 'ready' | 'building' | 'unknown';
  done: number;
  total: number;
}

/**
 * How far the indexes a saved row defines are built (one per name; a row of several
 * names is ready when all are). `unknown` when the server reports none of them, e.g. a
 * server without Tabula's index report.
 */
export function rowProgress(row: IndexRow, states: readonly RangeIndexState[]): RowProgress {
  const collation = isStringType(row.scalarType) ? row.collation || ROOT_COLLATION : '';
  const mine = names(row.localname).map((name) =>
    states.find(
      (s) =>
        s['parent-localname'] === undefined &&
        s.localname === name &&
        s['namespace-uri'] === row.namespaceUri.trim() &&
        s['scalar-type'] === row.scalarType &&
        (s.collation ?? '') === collation,
    ),
  );
  const known = mine.filter((s): s is RangeIndexState => s !== undefined);
  if (known.length === 0) return { state: 'unknown', done: 0, total: 0 };
  const building = known.filter((s) => s.state === 'building');
  if (building.length === 0) return { state: 'ready', done: 0, total: 0 };
  return { state: 'building', done: building.reduce((n, s) => n + s.done, 0), total: building.reduce((n, s) => n + s.total, 0) };
}
