import { expect, test } from 'vitest';
import { completesQuery, nextActive, partialToComplete, typedPrefixLength } from './suggestion-list';

test.for([
  { name: 'down from none goes to the first', active: -1, key: 'ArrowDown', next: 0 },
  { name: 'down from the last wraps to the first', active: 2, key: 'ArrowDown', next: 0 },
  { name: 'up from none goes to the last', active: -1, key: 'ArrowUp', next: 2 },
  { name: 'up from the first goes back to the text as typed', active: 0, key: 'ArrowUp', next: -1 },
  { name: 'Home goes to the first', active: 2, key: 'Home', next: 0 },
  { name: 'End goes to the last', active: 0, key: 'End', next: 2 },
] as const)('$name', ({ active, key, next }) => {
  expect(nextActive(active, 3, key)).toBe(next);
});

test('an empty list has no active entry', () => {
  expect(nextActive(-1, 0, 'ArrowDown')).toBe(-1);
});

test.for([
  { s: 'tomato', runs: true },
  { s: 'soup coll:', runs: false },
  { s: 'coll:french', runs: true },
  { s: 'cuisine:"south indian"', runs: true },
])('choosing "$s" runs the search: $runs', ({ s, runs }) => {
  expect(completesQuery(s)).toBe(runs);
});

test.for([
  { typed: 'soup tom', s: 'soup tomato', n: 8 },
  { typed: 'Tom', s: 'tomato', n: 3 },
  { typed: 'coll:fr', s: 'coll:french', n: 7 },
  { typed: 'x', s: 'abc', n: 0 },
])('typedPrefixLength($typed, $s) = $n', ({ typed, s, n }) => {
  expect(typedPrefixLength(typed, s)).toBe(n);
});

test.for([
  { text: '', cursor: 0, partial: undefined },
  { text: 'soup ', cursor: 5, partial: undefined },
  { text: 'soup (', cursor: 6, partial: undefined },
  { text: 'soup to', cursor: 7, partial: 'soup to' },
  { text: 'to soup', cursor: 2, partial: 'to soup' },
])('what "$text" at $cursor asks to complete', ({ text, cursor, partial }) => {
  expect(partialToComplete(text, cursor)).toBe(partial);
});
