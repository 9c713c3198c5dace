import { describe, expect, test } from 'vitest';
import { mergeOptions, searchOptionGroup } from './merge';
import type { QueryOptions } from './types';

const q = (uri: string) => `<cts:collection-query xmlns:cts="http://marklogic.com/cts"><cts:uri>${uri}</cts:uri></cts:collection-query>`;

describe('mergeOptions (MarkLogic’s REST Application Developer’s Guide, combined queries)', () => {
  test.for<{ name: string; stored: QueryOptions; inline: QueryOptions | undefined; merged: QueryOptions }>([
    { name: 'no inline options leave the stored set as it is', stored: { 'page-length': 5 }, inline: undefined, merged: { 'page-length': 5 } },
    { name: 'a scalar key of the inline options replaces the stored one', stored: { 'page-length': 5, 'return-facets': true }, inline: { 'page-length': 20 }, merged: { 'page-length': 20, 'return-facets': true } },
    { name: 'an object key is replaced whole, not merged', stored: { 'transform-results': { apply: 'snippet', 'max-matches': 2 } }, inline: { 'transform-results': { apply: 'raw' } }, merged: { 'transform-results': { apply: 'raw' } } },
    { name: 'a list key other than the named ones is replaced whole', stored: { 'sort-order': [{ score: null }] }, inline: { 'sort-order': [{ direction: 'ascending', type: 'xs:int', 'json-property': 'n' }] }, merged: { 'sort-order': [{ direction: 'ascending', type: 'xs:int', 'json-property': 'n' }] } },
    {
      name: 'constraints are replaced by name, others kept',
      stored: { constraint: [{ name: 'a', collection: { prefix: 'a/' } }, { name: 'b', collection: { prefix: 'b/' } }] },
      inline: { constraint: [{ name: 'b', properties: null }, { name: 'c', collection: null }] },
      merged: { constraint: [{ name: 'b', properties: null }, { name: 'c', collection: null }, { name: 'a', collection: { prefix: 'a/' } }] },
    },
    {
      name: 'values and tuples are replaced by name',
      stored: { values: [{ name: 'u', uri: null }, { name: 'c', collection: null }], tuples: [{ name: 't', indexes: [] }] },
      inline: { values: [{ name: 'c', collection: { prefix: 'x' } }] },
      merged: { values: [{ name: 'c', collection: { prefix: 'x' } }, { name: 'u', uri: null }], tuples: [{ name: 't', indexes: [] }] },
    },
    { name: 'additional queries of both sets apply', stored: { 'additional-query': [q('a')] }, inline: { 'additional-query': [q('b')] }, merged: { 'additional-query': [q('b'), q('a')] } },
    { name: 'an inline search option replaces the stored one of its group', stored: { 'search-option': ['unfiltered', 'score-logtfidf'] }, inline: { 'search-option': ['filtered'] }, merged: { 'search-option': ['filtered', 'score-logtfidf'] } },
    { name: 'an inline scoring option replaces the stored scoring option', stored: { 'search-option': ['unfiltered', 'score-logtfidf'] }, inline: { 'search-option': ['score-simple'] }, merged: { 'search-option': ['score-simple', 'unfiltered'] } },
    { name: 'a search option with a value is grouped by its name', stored: { 'search-option': ['sample=10', 'checked'] }, inline: { 'search-option': ['sample=5'] }, merged: { 'search-option': ['sample=5', 'checked'] } },
    { name: 'inline keys the stored set lacks are added', stored: {}, inline: { constraint: [{ name: 'a', collection: null }] }, merged: { constraint: [{ name: 'a', collection: null }] } },
  ])('$name', ({ stored, inline, merged }) => {
    const before = structuredClone({ stored, inline });
    expect(mergeOptions(stored, inline)).toEqual(merged);
    expect({ stored, inline }).toEqual(before);
  });

  test.for([
    ['filtered', 'filtered'],
    ['unfiltered', 'filtered'],
    ['score-zero', 'score'],
    ['unchecked', 'checked'],
    ['truncate=5', 'truncate'],
    ['relevance-trace', 'relevance-trace'],
  ])('%s is in the search-option group %s', ([option, group]) => {
    expect(searchOptionGroup(option)).toBe(group);
  });
});
