import { describe, expect, test } from 'vitest';
import { addRefinement, facetValueLabel, quoteValue, refinementsIn, removeRefinement, topLevelChunks } from './refinements';

const names = new Set(['coll', 'servings', 'cuisine']);

test.for([
  { q: 'a  b', chunks: ['a', 'b'] },
  { q: '(a OR b) coll:x', chunks: ['(a OR b)', 'coll:x'] },
  { q: 'coll:"two words" "a (b"', chunks: ['coll:"two words"', '"a (b"'] },
  { q: 'cuisine:(a OR b) -c', chunks: ['cuisine:(a OR b)', '-c'] },
  { q: '(unbalanced x', chunks: ['(unbalanced x'] },
])('topLevelChunks($q)', ({ q, chunks }) => {
  expect(topLevelChunks(q)).toEqual(chunks);
});

test.for([
  { value: 'french', quoted: 'french' },
  { value: 'two words', quoted: '"two words"' },
  { value: 'a(b)', quoted: '"a(b)"' },
  { value: 'say "hi"', quoted: '"say  hi "' },
  { value: '', quoted: '""' },
])('quoteValue($value) → $quoted', ({ value, quoted }) => {
  expect(quoteValue(value)).toBe(quoted);
});

describe('adding a refinement', () => {
  test.for([
    { name: 'to an empty query', q: '', add: ['coll', 'french'], result: 'coll:french' },
    { name: 'after terms', q: 'soup ', add: ['coll', 'french'], result: 'soup coll:french' },
    { name: 'a value with spaces, quoted', q: 'soup', add: ['cuisine', 'south indian'], result: 'soup cuisine:"south indian"' },
    { name: 'to an OR, which is grouped first', q: 'soup OR stew', add: ['coll', 'french'], result: '(soup OR stew) coll:french' },
    { name: 'a bucket name', q: 'soup', add: ['servings', 'small'], result: 'soup servings:small' },
    { name: 'that is already there: unchanged', q: 'soup coll:french', add: ['coll', 'french'], result: 'soup coll:french' },
    { name: 'after a dangling operator, grouped', q: 'soup AND', add: ['coll', 'x'], result: '(soup AND) coll:x' },
  ])('$name', ({ q, add, result }) => {
    expect(addRefinement(q, add[0], add[1])).toBe(result);
  });
});

describe('finding refinements', () => {
  test.for([
    { name: 'top-level constraint terms of known constraints', q: 'soup coll:french cuisine:"south indian"', found: [['coll', 'french'], ['cuisine', 'south indian']] },
    { name: 'not an unknown constraint name', q: 'soup other:x', found: [] },
    { name: 'not inside a group', q: '(soup coll:french)', found: [] },
    { name: 'none when OR joins the top level', q: 'soup OR coll:french', found: [] },
    { name: 'not a negated term', q: 'soup -coll:french', found: [] },
    { name: 'not a term negated by NOT', q: 'soup NOT coll:french', found: [] },
    { name: 'one followed by a NOT term', q: 'coll:french NOT beef', found: [['coll', 'french']] },
    { name: 'not a term bound by NEAR', q: 'coll:french NEAR/2 soup', found: [] },
    { name: 'ANDed explicitly', q: 'soup AND coll:french', found: [['coll', 'french']] },
    { name: 'after a grouped OR', q: '(a OR b) coll:french', found: [['coll', 'french']] },
  ])('$name', ({ q, found }) => {
    expect(refinementsIn(q, names).map((r) => [r.name, r.value])).toEqual(found);
  });
});

describe('removing a refinement', () => {
  const remove = (q: string, index = 0) => removeRefinement(q, refinementsIn(q, names)[index]);
  test.for([
    { name: 'leaves the rest', q: 'soup coll:french basil', index: 0, result: 'soup basil' },
    { name: 'the second of two', q: 'coll:french cuisine:"south indian"', index: 1, result: 'coll:french' },
    { name: 'with the AND that joined it', q: 'soup AND coll:french', index: 0, result: 'soup' },
    { name: 'first, with the AND after it', q: 'coll:french AND soup', index: 0, result: 'soup' },
    { name: 'unwrapping the group adding it made', q: '(soup OR stew) coll:french', index: 0, result: 'soup OR stew' },
    { name: 'the only term: an empty query', q: 'coll:french', index: 0, result: '' },
  ])('$name', ({ q, index, result }) => {
    expect(remove(q, index)).toBe(result);
  });

  test('adding then removing gives the query back', () => {
    for (const q of ['soup', 'soup OR stew', '"tomato soup" -beef', '']) {
      const refined = addRefinement(q, 'cuisine', 'south indian');
      expect(removeRefinement(refined, refinementsIn(refined, names)[0])).toBe(q);
    }
  });
});

test.for([
  { name: 'a string value reads as its name', facet: { type: 'xs:string' }, v: { name: 'french', value: 'french' }, label: 'french' },
  { name: 'a number reads as its name', facet: { type: 'xs:int' }, v: { name: '4', value: 4 }, label: '4' },
  { name: 'a bucket reads as its label', facet: { type: 'bucketed' }, v: { name: 'small', value: 'Up to 3' }, label: 'Up to 3' },
  { name: 'a bucket without a label reads as its name', facet: { type: 'bucketed' }, v: { name: 'small', value: '' }, label: 'small' },
  { name: 'an empty value is said to be empty', facet: { type: 'xs:string' }, v: { name: '', value: '' }, label: '(empty)' },
])('facetValueLabel: $name', ({ facet, v, label }) => {
  expect(facetValueLabel(facet, v)).toBe(label);
});
