import { expect, test } from 'vitest';
import type { SearchResult } from '../../../../client/types';
import { facetViews, refinedQuery, snippetLines } from './preview-model';

const result = (matches: SearchResult['matches']): SearchResult => ({
  index: 1,
  uri: '/a.json',
  path: 'fn:doc("/a.json")',
  score: 1,
  confidence: 1,
  fitness: 1,
  href: '/v1/documents?uri=%2Fa.json',
  mimetype: 'application/json',
  format: 'json',
  matches,
});

test.for([
  {
    name: 'highlights and plain text, one line per match',
    matches: [
      { path: 'p', 'match-text': ['A ', { highlight: 'tomato' }, ' soup'] },
      { path: 'q', 'match-text': [{ highlight: 'soup' }] },
    ],
    expected: [
      [
        { text: 'A ', highlight: false },
        { text: 'tomato', highlight: true },
        { text: ' soup', highlight: false },
      ],
      [{ text: 'soup', highlight: true }],
    ],
  },
  { name: 'the text of another element as plain text', matches: [{ path: 'p', 'match-text': [{ title: 'Soup' }] }], expected: [[{ text: 'Soup', highlight: false }]] },
  { name: 'nothing for an empty snippet', matches: null, expected: [] },
  { name: 'nothing for a raw result', matches: undefined, expected: [] },
])('snippetLines gives $name', ({ matches, expected }) => {
  expect(snippetLines(result(matches as SearchResult['matches']))).toEqual(expected);
});

test('facetViews keeps the server order and labels buckets by their value', () => {
  expect(
    facetViews({
      facets: {
        coll: { type: 'collection', facetValues: [{ name: 'news', count: 3, value: 'news' }] },
        price: { type: 'bucketed', facetValues: [{ name: 'cheap', count: 2, value: 'Under 10' }] },
        year: { type: 'xs:int', facetValues: [{ name: '2024', count: 1, value: 2024 }] },
      },
    }),
  ).toEqual([
    { name: 'coll', type: 'collection', values: [{ name: 'news', count: 3, label: 'news' }] },
    { name: 'price', type: 'bucketed', values: [{ name: 'cheap', count: 2, label: 'Under 10' }] },
    { name: 'year', type: 'xs:int', values: [{ name: '2024', count: 1, label: '2024' }] },
  ]);
  expect(facetViews({})).toEqual([]);
});

test.for([
  { name: 'starts an empty query', qtext: '', value: 'news', expected: 'coll:news' },
  { name: 'is ANDed to a query', qtext: 'soup ', value: 'news', expected: 'soup coll:news' },
  { name: 'quotes a value with spaces', qtext: 'soup', value: 'world news', expected: 'soup coll:"world news"' },
  { name: 'is not added twice', qtext: 'coll:news soup', value: 'news', expected: 'coll:news soup' },
])('a facet refinement $name', ({ qtext, value, expected }) => {
  expect(refinedQuery(qtext, 'coll', value)).toBe(expected);
});
