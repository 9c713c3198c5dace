import { describe, expect, test } from 'vitest';
import { breadcrumb, folderName, normaliseDir, relativeName, subfolders, uriInDirectory } from './directory-listing';

const uris = ['/a/1.json', '/a/b/2.json', '/a/b/c/3.xml', '/a/d/4.txt', '/top.json', 'no-slash/x.json', 'bare.json'];

describe('subfolders', () => {
  test.for([
    { name: 'the top level shows first path segments of both kinds of URI', dir: '', expected: ['/a/', 'no-slash/'] },
    { name: 'a directory shows only its immediate children', dir: '/a/', expected: ['/a/b/', '/a/d/'] },
    { name: 'deeper directories work the same', dir: '/a/b/', expected: ['/a/b/c/'] },
    { name: 'a leaf directory has none', dir: '/a/b/c/', expected: [] },
    { name: 'the slash directory lists folders of slash URIs only', dir: '/', expected: ['/a/'] },
  ])('$name', ({ dir, expected }) => {
    expect(subfolders(dir, uris)).toEqual(expected);
  });
});

test.for([
  { dir: '', expected: [['All documents', '']] },
  { dir: '/', expected: [['All documents', '']] },
  { dir: '/a/b/', expected: [['All documents', ''], ['a', '/a/'], ['b', '/a/b/']] },
  { dir: 'x/y/', expected: [['All documents', ''], ['x', 'x/'], ['y', 'x/y/']] },
])('breadcrumb of "$dir"', ({ dir, expected }) => {
  expect(breadcrumb(dir).map((c) => [c.label, c.dir])).toEqual(expected);
});

test.for([
  { dir: '', uri: '/a/1.json', expected: 'a/1.json' },
  { dir: '', uri: 'bare.json', expected: 'bare.json' },
  { dir: '/a/', uri: '/a/b/2.json', expected: 'b/2.json' },
  { dir: '/a/', uri: '/a/', expected: '/a/' },
])('relativeName of $uri in "$dir" is $expected', ({ dir, uri, expected }) => {
  expect(relativeName(dir, uri)).toBe(expected);
});

test.for([
  { input: '', expected: '' },
  { input: '  ', expected: '' },
  { input: '/', expected: '/' },
  { input: '/a/b', expected: '/a/b/' },
  { input: ' /a/ ', expected: '/a/' },
])('normaliseDir("$input") is "$expected"', ({ input, expected }) => {
  expect(normaliseDir(input)).toBe(expected);
});

test('a file goes into the directory, or under / at the top level', () => {
  expect(uriInDirectory('/a/b/', 'x.json')).toBe('/a/b/x.json');
  expect(uriInDirectory('', 'x.json')).toBe('/x.json');
  expect(folderName('/a/b/')).toBe('b');
});
