import { expect, test } from 'vitest';
import { editDistance, matchCollections, suggestCollections } from './collection-match';

const all = ['archive', 'orders', 'orders/2024', 'people', 'reorders', 'Shop'].map((collection, i) => ({ collection, count: i + 1 }));
const names = (l: Array<{ collection: string }>) => l.map((c) => c.collection);

test('type-ahead: what starts with the text first, then what contains it, case ignored', () => {
  expect(names(matchCollections(all, 'ord'))).toEqual(['orders', 'orders/2024', 'reorders']);
  expect(names(matchCollections(all, 'SHO'))).toEqual(['Shop']);
  expect(matchCollections(all, '  ')).toEqual(all);
  expect(matchCollections(all, 'zzz')).toEqual([]);
});

test.for([
  { a: 'orders', b: 'orders', d: 0 },
  { a: 'odrers', b: 'orders', d: 1 },
  { a: 'order', b: 'orders', d: 1 },
  { a: 'peeple', b: 'people', d: 1 },
  { a: 'kitten', b: 'sitting', d: 3 },
])('editDistance($a, $b) = $d', ({ a, b, d }) => {
  expect(editDistance(a, b)).toBe(d);
});

test('a typo is offered the nearest collections; nonsense none', () => {
  expect(names(suggestCollections(all, 'odrers'))[0]).toBe('orders');
  expect(names(suggestCollections(all, 'peeple'))).toEqual(['people']);
  expect(names(suggestCollections(all, 'arhcive'))).toEqual(['archive']);
  expect(suggestCollections(all, 'qqqqqqqqqq')).toEqual([]);
  expect(suggestCollections(all, '')).toEqual([]);
});
