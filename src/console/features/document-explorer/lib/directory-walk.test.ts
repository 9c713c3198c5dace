import { describe, expect, test } from 'vitest';
import { folderOf } from './directory-listing';
import { walkDirectory, type DirectoryWalkSource } from './directory-walk';

/** A URI lexicon over `uris` (codepoint order, as MarkLogic's), counting the requests made. */
function lexicon(uris: readonly string[], dir: string) {
  const inScope = [...uris].filter((u) => !dir || u.startsWith(dir)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const calls = { uris: 0, count: 0 };
  const source: DirectoryWalkSource = {
    uris: async (start, pageLength) => {
      calls.uris++;
      return inScope.slice(start - 1, start - 1 + pageLength);
    },
    count: async (folder) => {
      calls.count++;
      return inScope.filter((u) => u.startsWith(folder)).length;
    },
  };
  return { source, calls, inScope };
}

/** What the walk must find, computed directly from the URIs. */
function expected(uris: readonly string[], dir: string) {
  const counts = new Map<string, number>();
  let documents = 0;
  for (const uri of uris) {
    if (dir && !uri.startsWith(dir)) continue;
    const folder = folderOf(dir, uri);
    if (folder === undefined) documents++;
    else counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const folders = [...counts].map(([d, count]) => ({ dir: d, count })).sort((a, b) => (a.dir < b.dir ? -1 : 1));
  return { folders, documents, complete: true };
}

const range = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

describe('walkDirectory', () => {
  const mixed = [
    ...range(250, (i) => `/people/p${i}.json`),
    ...range(40, (i) => `/orders/2024/o${i}.json`),
    ...range(7, (i) => `/orders/o${i}.xml`),
    '/a.json',
    '/a0.json',
    '/top.json',
    'bare.json',
    'no-slash/x.json',
    ...range(30, (i) => `/tags/t${String(i).padStart(2, '0')}/x.json`),
  ];

  test.for([
    { name: 'the root, pages smaller than the folders', dir: '', pageSize: 16 },
    { name: 'the root, one page holds everything', dir: '', pageSize: 1000 },
    { name: 'a directory with folders and documents', dir: '/orders/', pageSize: 5 },
    { name: 'many small folders', dir: '/tags/', pageSize: 7 },
    { name: 'a page size that ends exactly on a folder', dir: '', pageSize: 250 },
    { name: 'the slash directory', dir: '/', pageSize: 9 },
  ])('$name: every folder with its count, and the documents directly in it', async ({ dir, pageSize }) => {
    const { source } = lexicon(mixed, dir);
    expect(await walkDirectory(dir, source, { pageSize })).toEqual(expected(mixed, dir));
  });

  test('big folders are counted, not read: three folders of 3000 cost a few requests', async () => {
    const uris = ['/a/', '/b/', '/c/'].flatMap((d) => range(3000, (i) => `${d}${i}.json`));
    const { source, calls } = lexicon(uris, '');
    const walk = await walkDirectory('', source, { pageSize: 500 });
    expect(walk.folders).toEqual([
      { dir: '/a/', count: 3000 },
      { dir: '/b/', count: 3000 },
      { dir: '/c/', count: 3000 },
    ]);
    expect(calls.count).toBe(3);
    expect(calls.uris).toBeLessThanOrEqual(4);
  });

  test('stops at maxFolders and says it is incomplete', async () => {
    const uris = range(50, (i) => `/f${String(i).padStart(2, '0')}/x.json`);
    const walk = await walkDirectory('', lexicon(uris, '').source, { pageSize: 10, maxFolders: 20 });
    expect(walk.complete).toBe(false);
    expect(walk.folders.length).toBeGreaterThanOrEqual(20);
    expect(walk.folders.slice(0, 20)).toEqual(expected(uris, '').folders.slice(0, 20));
  });

  test('stops after maxPages of documents directly in the directory', async () => {
    const uris = [...range(100, (i) => `/d${String(i).padStart(3, '0')}.json`), '/z/last.json'];
    const walk = await walkDirectory('', lexicon(uris, '').source, { pageSize: 10, maxPages: 3 });
    expect(walk).toEqual({ folders: [], documents: 30, complete: false });
  });

  test('an empty directory has nothing', async () => {
    expect(await walkDirectory('/none/', lexicon([], '/none/').source)).toEqual({ folders: [], documents: 0, complete: true });
  });

  test('a count lower than what a page already showed (a delete between reads) still moves on', async () => {
    const uris = range(30, (i) => `/a/${String(i).padStart(2, '0')}.json`).concat('/b/1.json');
    const { source } = lexicon(uris, '');
    const walk = await walkDirectory('', { ...source, count: async () => 3 }, { pageSize: 10 });
    expect(walk.folders.map((f) => f.dir)).toContain('/b/');
  });
});
