import { describe, expect, test } from 'vitest';
import { CODEPOINT_COLLATION, ROOT_COLLATION, type RangeElementIndex, type RangeIndexState } from '../../../../client/indexes';
import { editRow, entriesOf, newRow, rowProblems, rowProgress, rowsChanged, rowsOf, type IndexRow } from './range-index-draft';

const saved: RangeElementIndex[] = [
  { 'scalar-type': 'string', 'namespace-uri': '', localname: 'genre', collation: ROOT_COLLATION, 'range-value-positions': false, 'invalid-values': 'reject' },
  { 'scalar-type': 'int', 'namespace-uri': '', localname: 'year', collation: '', 'range-value-positions': false, 'invalid-values': 'ignore' },
];

const row = (patch: Partial<IndexRow>): IndexRow => ({ ...newRow(), ...patch });

describe('rows and entries', () => {
  test('entries read back as they were saved', () => {
    expect(entriesOf(rowsOf(saved))).toEqual(saved);
    expect(rowsChanged(rowsOf(saved), saved)).toBe(false);
  });

  test('names are sent with single spaces and the collation only where it applies', () => {
    expect(entriesOf([row({ localname: '  a   b ', scalarType: 'string', collation: '' }), row({ localname: 'n', scalarType: 'int', collation: ROOT_COLLATION })])).toEqual([
      { 'scalar-type': 'string', 'namespace-uri': '', localname: 'a b', collation: ROOT_COLLATION, 'range-value-positions': false, 'invalid-values': 'reject' },
      { 'scalar-type': 'int', 'namespace-uri': '', localname: 'n', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' },
    ]);
  });

  test.for([
    { name: 'a removed row', edit: (rows: IndexRow[]) => rows.slice(1) },
    { name: 'an added row', edit: (rows: IndexRow[]) => [...rows, row({ localname: 'x' })] },
    { name: 'a changed field', edit: (rows: IndexRow[]) => [editRow(rows[0], { invalidValues: 'ignore' }), rows[1]] },
  ])('counts $name as a change', ({ edit }) => {
    expect(rowsChanged(edit(rowsOf(saved)), saved)).toBe(true);
  });

  test.for([
    { name: 'to a number type drops the collation', from: row({ scalarType: 'string', collation: CODEPOINT_COLLATION }), type: 'decimal', collation: '' },
    { name: 'to string picks the root collation', from: row({ scalarType: 'int', collation: '' }), type: 'string', collation: ROOT_COLLATION },
    { name: 'between string types keeps the collation', from: row({ scalarType: 'string', collation: CODEPOINT_COLLATION }), type: 'anyURI', collation: CODEPOINT_COLLATION },
  ])('a type change $name', ({ from, type, collation }) => {
    expect(editRow(from, { scalarType: type }).collation).toBe(collation);
  });
});

describe('rowProblems', () => {
  test.for([
    { name: 'a row without a name', rows: [row({ localname: ' ' })], expected: { localname: 'Name the JSON property or element' } },
    { name: 'a name that is a path', rows: [row({ localname: 'a/b' })], expected: { localname: '"a/b" is not a local name' } },
    { name: 'an unsupported type', rows: [row({ localname: 'y', scalarType: 'gYear' })], expected: { scalarType: 'Tabula has no gYear range index' } },
    { name: 'a string index without a collation', rows: [row({ localname: 'y', collation: ' ' })], expected: { collation: 'Pick a collation' } },
  ])('finds $name', ({ rows, expected }) => {
    expect(rowProblems(rows)).toEqual({ [rows[0].id]: expected });
  });

  test('finds an index defined twice, also inside a list of names, at the later row', () => {
    const rows = [row({ localname: 'a b' }), row({ localname: 'c' }), row({ localname: 'b' })];
    expect(rowProblems(rows)).toEqual({ [rows[2].id]: { localname: 'b already has this string index (row 1)' } });
  });

  test('accepts the same name with another type or collation', () => {
    expect(rowProblems([row({ localname: 'a' }), row({ localname: 'a', collation: CODEPOINT_COLLATION }), row({ localname: 'a', scalarType: 'int', collation: '' })])).toEqual({});
  });
});

describe('rowProgress', () => {
  const state = (localname: string, patch: Partial<RangeIndexState> = {}): RangeIndexState => ({
    'scalar-type': 'string',
    localname,
    'namespace-uri': '',
    collation: ROOT_COLLATION,
    state: 'ready',
    done: 0,
    total: 0,
    ...patch,
  });

  test.for([
    { name: 'unknown when the server reports none of its indexes', states: [], expected: { state: 'unknown', done: 0, total: 0 } },
    { name: 'ready when all its names are', states: [state('a'), state('b')], expected: { state: 'ready', done: 0, total: 0 } },
    {
      name: 'building, summed, while any name is',
      states: [state('a', { state: 'building', done: 5, total: 10 }), state('b', { state: 'building', done: 1, total: 10 })],
      expected: { state: 'building', done: 6, total: 20 },
    },
    { name: 'not matched by an index of another collation', states: [state('a', { collation: CODEPOINT_COLLATION, state: 'building' })], expected: { state: 'unknown', done: 0, total: 0 } },
  ])('is $name', ({ states, expected }) => {
    expect(rowProgress(row({ localname: 'a b' }), states)).toEqual(expected);
  });
});
