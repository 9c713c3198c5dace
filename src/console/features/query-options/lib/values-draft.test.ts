import { describe, expect, test } from 'vitest';
import { ROOT_COLLATION } from '../../../../client/indexes';
import { aggregateChoices, definitionOf, definitionsIn, describeSources, draftOf, draftProblems, editRange, lexiconNeeds, newDraft, newRangeSource, ONE_INDEX_AGGREGATES, TWO_INDEX_AGGREGATES, type ValuesDraft } from './values-draft';

const range = (over: Partial<ValuesDraft['ranges'][number]> = {}) => ({ ...newRangeSource(), ...over });
const draft = (over: Partial<ValuesDraft> = {}): ValuesDraft => ({ ...newDraft(over.kind ?? 'values'), ...over });

describe('definitionOf', () => {
  test('a values definition on a range index, with its options and aggregates, as the set holds it', () => {
    const d = draft({ name: 'price', ranges: [range({ type: 'decimal', collation: '', name: 'price' })], order: 'frequency', direction: 'ascending', frequency: 'fragment', limit: '5', aggregates: ['sum', 'avg'] });
    expect(definitionOf(d)).toEqual({
      name: 'price',
      range: { type: 'xs:decimal', 'json-property': 'price' },
      'values-option': ['frequency-order', 'ascending', 'fragment-frequency', 'limit=5'],
      aggregate: [{ apply: 'sum' }, { apply: 'avg' }],
    });
  });

  test('string ranges carry their collation; elements and attributes their namespaces', () => {
    expect(definitionOf(draft({ name: 'g', ranges: [range({ name: 'genre' })] })).range).toEqual({ type: 'xs:string', collation: ROOT_COLLATION, 'json-property': 'genre' });
    expect(definitionOf(draft({ name: 'h', ranges: [range({ type: 'int', collation: '', target: 'element', ns: 'urn:x', name: 'year' })] })).range).toEqual({ type: 'xs:int', element: { ns: 'urn:x', name: 'year' } });
    expect(definitionOf(draft({ name: 'l', ranges: [range({ target: 'attribute', name: 'lang', parentName: 'doc' })] })).range).toEqual({
      type: 'xs:string',
      collation: ROOT_COLLATION,
      element: { ns: '', name: 'doc' },
      attribute: { ns: '', name: 'lang' },
    });
  });

  test('the collection and URI lexicons; tuples list their ranges under indexes', () => {
    expect(definitionOf(draft({ name: 'c', source: 'collection', prefix: 'a/' }))).toEqual({ name: 'c', collection: { prefix: 'a/' } });
    expect(definitionOf(draft({ name: 'u', source: 'uri' }))).toEqual({ name: 'u', uri: null });
    const t = definitionOf(draft({ kind: 'tuples', name: 't', ranges: [range({ name: 'category' }), range({ type: 'decimal', collation: '', name: 'price' })] }));
    expect(t).toEqual({
      name: 't',
      indexes: [{ range: { type: 'xs:string', collation: ROOT_COLLATION, 'json-property': 'category' } }, { range: { type: 'xs:decimal', 'json-property': 'price' } }],
    });
  });
});

describe('draftOf', () => {
  test.for([
    { kind: 'values' as const, def: { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' }, 'values-option': ['frequency-order', 'limit=3'], aggregate: [{ apply: 'sum' }] } },
    { kind: 'values' as const, def: { name: 'c', collection: { prefix: '' } } },
    { kind: 'values' as const, def: { name: 'u', uri: null } },
    { kind: 'values' as const, def: { name: 'l', range: { type: 'xs:string', collation: ROOT_COLLATION, element: { ns: 'urn:x', name: 'doc' }, attribute: { ns: '', name: 'lang' } } } },
    { kind: 'tuples' as const, def: { name: 't', indexes: [{ range: { type: 'xs:int', 'json-property': 'a' } }, { range: { type: 'xs:int', 'json-property': 'b' } }] } },
  ])('reads back what definitionOf writes: $def.name', ({ kind, def }) => {
    const read = draftOf(kind, def);
    expect(read).toBeDefined();
    expect(definitionOf(read!)).toEqual(def);
  });

  test('reads tuples written with "range" as a key of their own', () => {
    const read = draftOf('tuples', { name: 't', range: [{ type: 'xs:int', 'json-property': 'a' }, { type: 'xs:int', 'json-property': 'b' }] });
    expect(read?.ranges.map((r) => r.name)).toEqual(['a', 'b']);
  });

  test.for([
    { name: 'a path index', kind: 'values' as const, def: { name: 'p', range: { type: 'xs:int', 'path-index': { text: '/a' } } } },
    { name: 'a user-defined aggregate', kind: 'values' as const, def: { name: 'p', uri: null, aggregate: [{ apply: 'x', udf: 'plugin/x' }] } },
    { name: 'a values-option without a field', kind: 'values' as const, def: { name: 'p', uri: null, 'values-option': ['skip=3'] } },
    { name: 'a field source', kind: 'values' as const, def: { name: 'p', field: { name: 'f' } } },
    { name: 'a tuples definition with a collection', kind: 'tuples' as const, def: { name: 't', indexes: [{ collection: null }, { uri: null }] } },
  ])('leaves $name to the JSON editor', ({ kind, def }) => {
    expect(draftOf(kind, def)).toBeUndefined();
  });
});

describe('draftProblems', () => {
  test('a name, unique among values and tuples; a positive limit; named sources', () => {
    expect(draftProblems(draft(), new Set())).toMatchObject({ name: expect.stringMatching(/Name the definition/), 'range-0': 'Name the JSON property' });
    expect(draftProblems(draft({ name: 'a', ranges: [range({ name: 'x' })] }), new Set(['a'])).name).toMatch(/named "a" exists already/);
    expect(draftProblems(draft({ name: 'a', ranges: [range({ name: 'x' })], limit: '0' }), new Set()).limit).toMatch(/whole number/);
    expect(draftProblems(draft({ name: 'a', ranges: [range({ name: 'x', target: 'attribute' })] }), new Set())['range-0']).toMatch(/element that carries/);
    expect(draftProblems(draft({ name: 'a', ranges: [range({ name: 'x' })], limit: '10' }), new Set())).toEqual({});
    expect(draftProblems(draft({ name: 'a', source: 'uri' }), new Set())).toEqual({});
  });

  test('aggregates must fit the types; tuples need two or more indexes', () => {
    expect(draftProblems(draft({ name: 'a', ranges: [range({ name: 'x' })], aggregates: ['sum', 'count'] }), new Set()).aggregates).toMatch(/^sum needs numbers/);
    const tuples = draft({ kind: 'tuples', name: 't', ranges: [range({ name: 'x' })] });
    expect(draftProblems(tuples, new Set()).ranges).toMatch(/two or more/);
  });
});

describe('aggregateChoices', () => {
  test('numbers take every one-index aggregate, other values count, min and max; tuples of two numbers the two-index ones', () => {
    expect(aggregateChoices(draft({ ranges: [range({ type: 'decimal' })] }))).toEqual(ONE_INDEX_AGGREGATES);
    expect(aggregateChoices(draft({ ranges: [range({ type: 'date' })] }))).toEqual(['count', 'min', 'max']);
    expect(aggregateChoices(draft({ source: 'collection' }))).toEqual(['count', 'min', 'max']);
    expect(aggregateChoices(draft({ kind: 'tuples', ranges: [range({ type: 'int' }), range({ type: 'double' })] }))).toEqual(TWO_INDEX_AGGREGATES);
    expect(aggregateChoices(draft({ kind: 'tuples', ranges: [range({ type: 'int' }), range({ type: 'string' })] }))).toEqual([]);
  });
});

test('editRange brings the collation along with a type change', () => {
  expect(editRange(range(), { type: 'int' }).collation).toBe('');
  expect(editRange(range({ type: 'int', collation: '' }), { type: 'anyURI' }).collation).toBe(ROOT_COLLATION);
});

describe('the set', () => {
  const options = {
    values: [{ name: 'c', collection: { prefix: 'p/' } }, { name: 'u', uri: null }, { name: 'n', range: { type: 'xs:int', 'json-property': 'n' } }],
    tuples: { name: 't', range: [{ type: 'xs:int', 'json-property': 'n' }, { type: 'xs:string', element: { name: 'g' } }] },
  };

  test('definitionsIn lists values then tuples, with their places', () => {
    expect(definitionsIn(options).map((e) => `${e.kind}:${e.index}:${e.name}`)).toEqual(['values:0:c', 'values:1:u', 'values:2:n', 'tuples:0:t']);
  });

  test('describeSources says what each reads', () => {
    expect(definitionsIn(options).map((e) => describeSources(e.kind, e.definition))).toEqual(['collections starting "p/"', 'document URIs', 'int JSON property n', 'int JSON property n × string element g']);
  });

  test('lexiconNeeds names the definitions that read the collection and URI lexicons', () => {
    expect(lexiconNeeds(options)).toEqual({ collection: ['c'], uri: ['u'] });
  });
});
