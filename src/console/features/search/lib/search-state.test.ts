import { describe, expect, test } from 'vitest';
import { parseHash } from '../../../lib/hash-route';
import { documentHref, pageInfo, readSearchState, searchHref, searchQueryOf } from './search-state';

describe('the search state in the hash', () => {
  test.for([
    { name: 'no parameters: every document, default options, first page', hash: '#/search', state: { q: '', options: 'default', start: 1, pageLength: 10 } },
    { name: 'everything given', hash: '#/search?q=a%20b&options=recipes&start=21&pageLength=20', state: { q: 'a b', options: 'recipes', start: 21, pageLength: 20 } },
    { name: 'a nonsense start and page length fall back', hash: '#/search?start=0&pageLength=-3', state: { q: '', options: 'default', start: 1, pageLength: 10 } },
    { name: 'a fractional start falls back', hash: '#/search?start=2.5&pageLength=abc', state: { q: '', options: 'default', start: 1, pageLength: 10 } },
  ])('reads $name', ({ hash, state }) => {
    expect(readSearchState(parseHash(hash).params)).toEqual(state);
  });

  test('searchHref leaves defaults out and round-trips through readSearchState', () => {
    expect(searchHref({ q: '', options: 'default', start: 1, pageLength: 10 })).toBe('#/search');
    const state = { q: 'coll:"a b" & c', options: 'my set', start: 11, pageLength: 50 };
    const href = searchHref(state);
    expect(href).toBe('#/search?q=coll%3A%22a+b%22+%26+c&options=my+set&start=11&pageLength=50');
    expect(readSearchState(parseHash(href).params)).toEqual(state);
  });

  test('a structured query travels in the hash only when there is one', () => {
    const state = { q: '', options: 'default', start: 11, pageLength: 10, structuredQuery: '{"query":{"collection-query":{"uri":["a"]}}}' };
    const href = searchHref(state);
    expect(href).toBe(`#/search?start=11&structuredQuery=${encodeURIComponent(state.structuredQuery).replace(/%20/g, '+')}`);
    expect(readSearchState(parseHash(href).params)).toEqual(state);
  });

  test('the request leaves out an empty query and the default options', () => {
    expect(searchQueryOf({ q: '  ', options: 'default', start: 1, pageLength: 10 })).toEqual({ start: 1, pageLength: 10 });
    expect(searchQueryOf({ q: 'soup', options: 'recipes', start: 3, pageLength: 5 })).toEqual({ q: 'soup', options: 'recipes', start: 3, pageLength: 5 });
  });
});

test.for([
  { uri: '/r/soup.json', href: '#/documents?dir=%2Fr%2F&uri=%2Fr%2Fsoup.json' },
  { uri: '/top.json', href: '#/documents?uri=%2Ftop.json' },
  { uri: 'bare.txt', href: '#/documents?uri=bare.txt' },
])('a result opens $uri in the explorer, its folder listed', ({ uri, href }) => {
  expect(documentHref(uri)).toBe(href);
});

test.for([
  { name: 'the first of three pages', start: 1, size: 10, total: 25, info: { page: 1, pages: 3, nextStart: 11 } },
  { name: 'the middle page', start: 11, size: 10, total: 25, info: { page: 2, pages: 3, previousStart: 1, nextStart: 21 } },
  { name: 'the last page', start: 21, size: 10, total: 25, info: { page: 3, pages: 3, previousStart: 11 } },
  { name: 'a start off the page boundary', start: 4, size: 10, total: 25, info: { page: 1, pages: 3, previousStart: 1, nextStart: 14 } },
  { name: 'past the end (a stale link)', start: 41, size: 10, total: 25, info: { page: 5, pages: 5, previousStart: 31 } },
  { name: 'no results', start: 1, size: 10, total: 0, info: { page: 1, pages: 1 } },
])('paging: $name', ({ start, size, total, info }) => {
  expect(pageInfo(start, size, total)).toEqual(info);
});
