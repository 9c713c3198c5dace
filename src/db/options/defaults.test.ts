import { describe, expect, test } from 'vitest';
import { DEFAULT_GRAMMAR } from '../search/grammar';
import { effectiveOptions, restDefaultOptions } from './defaults';
import { mergeOptions } from './merge';
import type { QueryOptions } from './types';

describe('restDefaultOptions', () => {
  test('are the REST instance defaults of MarkLogic’s REST API reference, /v1/search', () => {
    expect(restDefaultOptions()).toEqual({ 'search-option': ['unfiltered'], 'quality-weight': 0, 'return-facets': true, 'return-results': true });
  });

  test('are a fresh copy each time', () => {
    const a = restDefaultOptions();
    a['search-option']!.push('filtered');
    expect(restDefaultOptions()['search-option']).toEqual(['unfiltered']);
  });
});

describe('effectiveOptions', () => {
  test('with no set, the REST defaults over the Search API built-ins: every key filled', () => {
    expect(effectiveOptions(undefined)).toEqual({
      constraint: [],
      values: [],
      tuples: [],
      operator: [],
      'return-results': true,
      'return-facets': true,
      'return-metrics': true,
      'return-qtext': true,
      'return-query': false,
      'return-similar': false,
      'return-constraints': false,
      'return-plan': false,
      'return-aggregates': true,
      'return-values': true,
      'return-frequencies': true,
      debug: false,
      'page-length': 10,
      'search-option': ['unfiltered', 'score-logtfidf'],
      'quality-weight': 0,
      'concurrency-level': 8,
      'fragment-scope': 'documents',
      term: { apply: 'term', empty: { apply: 'all-results' }, 'term-option': [] },
      grammar: DEFAULT_GRAMMAR,
      'transform-results': { apply: 'snippet', 'per-match-tokens': 30, 'max-matches': 4, 'max-snippet-chars': 200 },
      'sort-order': [{ direction: 'descending', score: null }],
      'additional-query': [],
      'suggestion-source': [],
    });
  });

  test('the REST defaults and an explicit REST default set give the same', () => {
    expect(effectiveOptions(restDefaultOptions())).toEqual(effectiveOptions(undefined));
  });

  test('a stored set replaces the REST defaults, not only the built-ins: quality counts again', () => {
    const o = effectiveOptions({ 'page-length': 25 });
    expect(o['page-length']).toBe(25);
    expect(o['quality-weight']).toBe(1);
    expect(o['search-option']).toEqual(['score-logtfidf']);
  });

  test.for<{ name: string; set: QueryOptions; check: (o: ReturnType<typeof effectiveOptions>) => void }>([
    {
      name: 'partial snippet settings keep the other built-in sizes',
      set: { 'transform-results': { apply: 'snippet', 'max-matches': 1 } },
      check: (o) => expect(o['transform-results']).toEqual({ apply: 'snippet', 'per-match-tokens': 30, 'max-matches': 1, 'max-snippet-chars': 200 }),
    },
    { name: 'raw results are raw', set: { 'transform-results': { apply: 'raw' } }, check: (o) => expect(o['transform-results'].apply).toBe('raw') },
    {
      name: 'term options keep the empty-query rule',
      set: { term: { 'term-option': ['case-sensitive'] } },
      check: (o) => expect(o.term).toEqual({ apply: 'term', empty: { apply: 'all-results' }, 'term-option': ['case-sensitive'] }),
    },
    { name: 'a no-results empty rule is kept', set: { term: { empty: { apply: 'no-results' } } }, check: (o) => expect(o.term.empty.apply).toBe('no-results') },
    {
      name: 'a grammar that only changes the quotation mark keeps the operators',
      set: { grammar: { quotation: "'" } },
      check: (o) => expect(o.grammar).toEqual({ ...DEFAULT_GRAMMAR, quotation: "'" }),
    },
    { name: 'a search option of another group keeps the built-in scoring', set: { 'search-option': ['filtered'] }, check: (o) => expect(o['search-option']).toEqual(['filtered', 'score-logtfidf']) },
    { name: 'a scoring option replaces the built-in one', set: { 'search-option': ['score-simple'] }, check: (o) => expect(o['search-option']).toEqual(['score-simple']) },
    { name: 'a set’s constraints are the constraints', set: { constraint: [{ name: 'c', collection: null }] }, check: (o) => expect(o.constraint).toEqual([{ name: 'c', collection: null }]) },
    { name: 'a set’s sort order replaces score order', set: { 'sort-order': [{ direction: 'ascending', type: 'xs:int', 'json-property': 'n' }] }, check: (o) => expect(o['sort-order']).toHaveLength(1) },
    { name: 'return flags the set turns off are off', set: { 'return-results': false, 'return-metrics': false }, check: (o) => expect([o['return-results'], o['return-metrics'], o['return-facets']]).toEqual([false, false, true]) },
  ])('$name', ({ set, check }) => check(effectiveOptions(set)));

  test('inline options merged over a stored set reach the effective options', () => {
    const stored = { 'page-length': 5, constraint: [{ name: 'a', collection: null }] };
    const o = effectiveOptions(mergeOptions(stored, { constraint: [{ name: 'b', properties: null }] }));
    expect(o['page-length']).toBe(5);
    expect(o.constraint.map((c) => c.name)).toEqual(['b', 'a']);
  });

  test('the result shares nothing with the built-ins: changing one answer leaves the next intact', () => {
    const a = effectiveOptions(undefined);
    a.grammar.joiner.length = 0;
    a['transform-results']['max-matches'] = 99;
    const b = effectiveOptions(undefined);
    expect(b.grammar.joiner.length).toBeGreaterThan(0);
    expect(b['transform-results']['max-matches']).toBe(4);
  });
});
