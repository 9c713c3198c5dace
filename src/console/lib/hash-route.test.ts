import { expect, test } from 'vitest';
import { formatHash, parseHash } from './hash-route';

test.for([
  { name: 'an empty hash is the root path', hash: '', path: '/', params: {} },
  { name: 'a bare # is the root path', hash: '#', path: '/', params: {} },
  { name: 'a path without parameters', hash: '#/documents', path: '/documents', params: {} },
  { name: 'a missing leading slash is tolerated', hash: '#documents/', path: '/documents', params: {} },
  {
    name: 'parameters are decoded',
    hash: '#/documents?uri=%2Fa%20b.json&dir=%2Fa%2F',
    path: '/documents',
    params: { uri: '/a b.json', dir: '/a/' },
  },
])('parseHash reads $name', ({ hash, path, params }) => {
  const route = parseHash(hash);
  expect(route.path).toBe(path);
  expect(Object.fromEntries(route.params)).toEqual(params);
});

test('formatHash leaves out empty values and round-trips through parseHash', () => {
  const hash = formatHash('/documents', { dir: '/a&b/', uri: '/a&b/c?.json', page: 2, collection: '', tab: undefined });
  expect(hash).toBe('#/documents?dir=%2Fa%26b%2F&uri=%2Fa%26b%2Fc%3F.json&page=2');
  expect(Object.fromEntries(parseHash(hash).params)).toEqual({ dir: '/a&b/', uri: '/a&b/c?.json', page: '2' });
});
