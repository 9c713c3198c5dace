import { describe, expect, test } from 'vitest';
import { CODEPOINT_COLLATION, ROOT_COLLATION, type DatabaseIndexes, type RangeIndexState } from '../../../../client/indexes';
import { availabilityOf, indexEntryFor, requiredIndexes, updateAdding } from './required-indexes';

const settings = (over: Partial<DatabaseIndexes> = {}): DatabaseIndexes => ({
  'database-name': 'Documents',
  'range-element-index': [],
  'range-element-attribute-index': [],
  'collection-lexicon': false,
  'uri-lexicon': true,
  ...over,
});

const entry = (type: string, localname: string, collation = '') => ({
  'scalar-type': type,
  'namespace-uri': '',
  localname,
  collation,
  'range-value-positions': false,
  'invalid-values': 'reject' as const,
});

describe('requiredIndexes', () => {
  test('finds range constraints, range sort orders, values and tuples sources, and nothing else', () => {
    const found = requiredIndexes({
      constraint: [
        { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } },
        { name: 'genre', range: { type: 'string', 'json-property': 'genre' } },
        { name: 'title', range: { type: 'xs:string', collation: 'http://www.w3.org/2005/xpath-functions/collation/codepoint', element: { ns: 'urn:x', name: 'title' } } },
        { name: 'lang', range: { type: 'xs:string', element: { name: 'doc' }, attribute: { name: 'lang' } } },
        { name: 'coll', collection: { prefix: '' } },
        { name: 'w', word: { 'json-property': 'w' } },
        { name: 'f', range: { type: 'xs:string', field: { name: 'f' } } },
        { name: 'flag', range: { type: 'xs:boolean', 'json-property': 'flag' } },
      ],
      'sort-order': [{ direction: 'descending', score: null }, { type: 'xs:decimal', 'json-property': 'price' }, { type: 'xs:date', 'json-property': 'added' }],
      values: [{ name: 'years', range: { type: 'xs:int', 'json-property': 'year' } }],
      tuples: [{ name: 'pairs', indexes: [{ range: { type: 'xs:int', 'json-property': 'year' } }, { range: { type: 'xs:long', 'json-property': 'n' } }] }],
    });
    expect(found.map((r) => [r.label, r.scalarType, r.collation, r.usedBy])).toEqual([
      ['JSON property price', 'decimal', '', 'constraint price, sort-order'],
      ['JSON property genre', 'string', ROOT_COLLATION, 'constraint genre'],
      ['element {urn:x}title', 'string', CODEPOINT_COLLATION, 'constraint title'],
      ['attribute lang of element doc', 'string', ROOT_COLLATION, 'constraint lang'],
      ['JSON property added', 'date', '', 'sort-order'],
      ['JSON property year', 'int', '', 'values years, tuples pairs'],
      ['JSON property n', 'long', '', 'tuples pairs'],
    ]);
  });

  test('reads a set with bare entries and no lists', () => {
    expect(requiredIndexes({ constraint: { name: 'n', range: { type: 'xs:int', 'json-property': 'n' } } })).toHaveLength(1);
    expect(requiredIndexes({})).toEqual([]);
  });
});

describe('availabilityOf', () => {
  const [price] = requiredIndexes({ constraint: [{ name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } }] });
  const [genre] = requiredIndexes({ constraint: [{ name: 'genre', range: { type: 'xs:string', 'json-property': 'genre' } }] });
  const building: RangeIndexState = { 'scalar-type': 'decimal', localname: 'price', 'namespace-uri': '', state: 'building', done: 10, total: 40 };

  test.for([
    { name: 'missing without an entry', requirement: price, db: settings(), states: [], expected: { state: 'missing' } },
    { name: 'missing when only the type differs', requirement: price, db: settings({ 'range-element-index': [entry('double', 'price')] }), states: [], expected: { state: 'missing' } },
    {
      name: 'missing when only the collation differs',
      requirement: genre,
      db: settings({ 'range-element-index': [entry('string', 'genre', CODEPOINT_COLLATION)] }),
      states: [],
      expected: { state: 'missing' },
    },
    { name: 'building while the server says so', requirement: price, db: settings({ 'range-element-index': [entry('decimal', 'price')] }), states: [building], expected: { state: 'building', done: 10, total: 40 } },
    { name: 'ready once built', requirement: price, db: settings({ 'range-element-index': [entry('decimal', 'other price')] }), states: [{ ...building, state: 'ready' as const }], expected: { state: 'ready' } },
    { name: 'ready when defined but not yet reported', requirement: genre, db: settings({ 'range-element-index': [entry('string', 'genre', ROOT_COLLATION)] }), states: [], expected: { state: 'ready' } },
  ])('says $name', ({ requirement, db, states, expected }) => {
    expect(availabilityOf(requirement, db, states)).toEqual(expected);
  });
});

describe('adding what is missing', () => {
  test('an element requirement becomes an element index with the server defaults', () => {
    const [genre] = requiredIndexes({ constraint: [{ name: 'genre', range: { type: 'xs:string', 'json-property': 'genre' } }] });
    expect(indexEntryFor(genre)).toEqual(entry('string', 'genre', ROOT_COLLATION));
  });

  test('the update sends the existing entries with the new ones, and only the lists that change', () => {
    const needed = requiredIndexes({
      constraint: [
        { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } },
        { name: 'lang', range: { type: 'xs:string', element: { name: 'doc' }, attribute: { name: 'lang' } } },
      ],
    });
    const existing = entry('int', 'year');
    expect(updateAdding(settings({ 'range-element-index': [existing] }), needed.slice(0, 1))).toEqual({ 'range-element-index': [existing, entry('decimal', 'price')] });
    expect(updateAdding(settings(), needed.slice(1))).toEqual({
      'range-element-attribute-index': [{ ...entry('string', 'lang', ROOT_COLLATION), 'parent-namespace-uri': '', 'parent-localname': 'doc' }],
    });
  });
});

test('requiredIndexes reads tuples written with "range" as a key of their own', () => {
  const found = requiredIndexes({ tuples: [{ name: 't', range: [{ type: 'xs:int', 'json-property': 'a' }, { type: 'xs:decimal', 'json-property': 'b' }] }] });
  expect(found.map((r) => `${r.label} ${r.scalarType} ${r.usedBy}`)).toEqual(['JSON property a int tuples t', 'JSON property b decimal tuples t']);
});
