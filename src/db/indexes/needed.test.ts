import { describe, expect, test } from 'vitest';
import { effectiveOptions, restDefaultOptions } from '../options/defaults';
import { defaultIndexSettings } from './config';
import { neededIndexes } from './needed';

describe('neededIndexes', () => {
  test('no stored set reads the REST defaults, as the set a search would run under', () => {
    expect(neededIndexes(undefined, defaultIndexSettings, [])).toEqual(neededIndexes(restDefaultOptions(), defaultIndexSettings, []));
  });

  test('a stored set is read as a search would run it, completed by the built-ins', () => {
    const stored = { constraint: [{ name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' } }], 'sort-order': [{ direction: 'ascending' as const, 'json-property': 'price', type: 'xs:decimal' }] };
    const needed = neededIndexes(stored, defaultIndexSettings, []);
    expect(needed).toEqual(neededIndexes(effectiveOptions(stored), defaultIndexSettings, []));
    expect(needed.map((i) => [i.usedBy, i.state])).toEqual([
      ['constraint price', 'missing'],
      ['sort-order', 'missing'],
    ]);
  });

  test('values and tuples sources, in both forms a tuples definition is written', () => {
    const stored = {
      values: [{ name: 'p', range: { type: 'xs:decimal', 'json-property': 'price' } }, { name: 'c', collection: { prefix: '' } }],
      tuples: [
        { name: 'keys', range: [{ type: 'xs:string', 'json-property': 'genre' }, { type: 'xs:int', element: { ns: '', name: 'year' } }] },
        { name: 'client', indexes: [{ range: { type: 'xs:int', 'json-property': 'n', facet: false } }, { uri: null }] },
      ],
    };
    const needed = neededIndexes(stored as never, defaultIndexSettings, []);
    expect(needed.map((i) => [i.usedBy, i['scalar-type'], i['json-property'] ?? i.element?.name])).toEqual([
      ['values p', 'decimal', 'price'],
      ['tuples keys', 'string', 'genre'],
      ['tuples keys', 'int', 'year'],
      ['tuples client', 'int', 'n'],
    ]);
  });
});
