import { expect, test } from 'vitest';
import { parseHash } from '../../../lib/hash-route';
import { explorerHref, leavesDocument, readExplorerState } from './explorer-state';

test.for([
  { name: 'defaults', query: '', expected: { dir: '', collection: '', page: 1, uri: undefined, tab: 'content', view: undefined } },
  {
    name: 'everything set',
    query: 'dir=/a&collection=%20c%20&page=3&uri=/a/x.json&tab=metadata',
    expected: { dir: '/a/', collection: 'c', page: 3, uri: '/a/x.json', tab: 'metadata', view: undefined },
  },
  { name: 'a nonsense page', query: 'page=-2', expected: { page: 1 } },
  { name: 'a fractional page', query: 'page=1.5', expected: { page: 1 } },
  { name: 'an unknown tab', query: 'tab=raw', expected: { tab: 'content' } },
  { name: 'the new-document view', query: 'view=new', expected: { view: 'new' } },
])('readExplorerState reads $name', ({ query, expected }) => {
  expect(readExplorerState(new URLSearchParams(query))).toMatchObject(expected);
});

test('explorerHref round-trips and leaves defaults out of the URL', () => {
  const state = { dir: '/a/', collection: 'c', page: 2, uri: '/a/x y.json', tab: 'metadata' as const };
  const href = explorerHref(state);
  expect(readExplorerState(parseHash(href).params)).toEqual({ ...state, view: undefined });
  expect(explorerHref({ dir: '', page: 1, tab: 'content' })).toBe('#/documents');
  expect(explorerHref({ dir: '/a/', uri: '/a/x.json', view: 'new' })).toBe('#/documents?dir=%2Fa%2F&view=new');
});

test.for([
  { name: 'another document', next: '#/documents?uri=%2Fb.json', leaves: true },
  { name: 'the New document form', next: '#/documents?uri=%2Fa.json&view=new', leaves: true },
  { name: 'another page', next: '#/search', leaves: true },
  { name: 'the listing with no document open', next: '#/documents?dir=%2Fx%2F', leaves: true },
  { name: 'its metadata tab', next: '#/documents?uri=%2Fa.json&tab=metadata', leaves: false },
  { name: 'another folder with it still open', next: '#/documents?dir=%2Fx%2F&uri=%2Fa.json', leaves: false },
])('leavesDocument: $name → $leaves', ({ next, leaves }) => {
  expect(leavesDocument('/a.json', next)).toBe(leaves);
});
