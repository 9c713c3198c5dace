import { expect, test } from 'vitest';
import type { RangeElementIndex } from '../../../../client/indexes';
import { serverSortOf, sortIndexFor, sortOrderOption } from './server-sort';

const index = (localname: string, type: string, ns = ''): RangeElementIndex => ({
  'scalar-type': type,
  'namespace-uri': ns,
  localname,
  collation: type === 'string' ? 'http://marklogic.com/collation/' : '',
  'range-value-positions': false,
  'invalid-values': 'reject',
});
const indexes = [index('age', 'int'), index('city', 'string'), index('title', 'string', 'urn:x')];

test('a field sorts on the server only with an element range index of its name in no namespace', () => {
  expect(sortIndexFor('age', indexes)).toBe(indexes[0]);
  expect(sortIndexFor('name', indexes)).toBeUndefined();
  expect(sortIndexFor('title', indexes)).toBeUndefined();
  expect(sortIndexFor('@age', indexes)).toBeUndefined();
});

test('the sort-order asks for the index by type (and collation), as a JSON property or an element', () => {
  expect(sortOrderOption(serverSortOf('age', 'descending', indexes[0], true))).toEqual({ 'sort-order': [{ direction: 'descending', type: 'xs:int', 'json-property': 'age' }] });
  expect(sortOrderOption(serverSortOf('city', 'ascending', indexes[1], false))).toEqual({
    'sort-order': [{ direction: 'ascending', type: 'xs:string', collation: 'http://marklogic.com/collation/', element: { ns: '', name: 'city' } }],
  });
});
