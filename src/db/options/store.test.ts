import { describe, expect, test } from 'vitest';
import { openStorage } from '../storage/schema';
import { WriteQueue } from '../storage/write-queue';
import { DbError } from '../errors';
import { QueryOptionsStore } from './store';
import type { QueryOptions } from './types';

let counter = 0;
async function freshStore(): Promise<{ store: QueryOptionsStore; name: string }> {
  const name = `options-test-${process.pid}-${++counter}`;
  return { store: new QueryOptionsStore(await openStorage(indexedDB, name), new WriteQueue()), name };
}

const reopen = async (name: string) => new QueryOptionsStore(await openStorage(indexedDB, name), new WriteQueue());

const tag: QueryOptions = { constraint: [{ name: 'tag', collection: { prefix: 'tag/' } }] };

describe('QueryOptionsStore', () => {
  test('a fresh store has no sets, and get of any name is undefined', async () => {
    const { store } = await freshStore();
    expect(await store.list()).toEqual([]);
    expect(await store.get('default')).toBeUndefined();
    expect(await store.getChild('default', 'constraint')).toBeUndefined();
  });

  test('put creates, then replaces, and says which', async () => {
    const { store } = await freshStore();
    expect(await store.put('shop', { 'page-length': 5 })).toEqual({ created: true });
    expect(await store.put('shop', tag)).toEqual({ created: false });
    expect(await store.get('shop')).toEqual(tag);
  });

  test('list is sorted by name', async () => {
    const { store } = await freshStore();
    for (const name of ['b', 'default', 'A', 'a']) await store.put(name, {});
    expect(await store.list()).toEqual(['A', 'a', 'b', 'default']);
  });

  test('sets survive reopening the database', async () => {
    const { store, name } = await freshStore();
    await store.put('shop', tag);
    await store.put('gone', {});
    await store.delete('gone');
    const again = await reopen(name);
    expect(await again.list()).toEqual(['shop']);
    expect(await again.get('shop')).toEqual(tag);
  });

  test('what a reader is given cannot change the stored set, nor can the writer’s object', async () => {
    const { store } = await freshStore();
    const options: QueryOptions = { 'page-length': 5, constraint: [{ name: 'a', collection: null }] };
    await store.put('s', options);
    options.constraint!.push({ name: 'b', collection: null });
    const read = (await store.get('s'))!;
    read['page-length'] = 99;
    expect(await store.get('s')).toEqual({ 'page-length': 5, constraint: [{ name: 'a', collection: null }] });
  });

  test('a failing check stores nothing and leaves the cache as it was', async () => {
    const { store, name } = await freshStore();
    await store.put('s', { 'page-length': 5 });
    const refuse = () => {
      throw new DbError('RESTAPI-INVALIDCONTENT', 'no');
    };
    await expect(store.put('s', { 'page-length': 6 }, refuse)).rejects.toThrow(DbError);
    await expect(store.post('new', tag, refuse)).rejects.toThrow(DbError);
    expect(await store.get('s')).toEqual({ 'page-length': 5 });
    expect(await store.list()).toEqual(['s']);
    expect(await (await reopen(name)).list()).toEqual(['s']);
  });

  test('a check sees the set the write would store', async () => {
    const { store } = await freshStore();
    await store.put('s', tag);
    let seen: QueryOptions | undefined;
    await store.postChild('s', 'constraint', { constraint: [{ name: 'x', properties: null }] }, (o) => void (seen = o));
    expect(seen).toEqual({ constraint: [{ name: 'tag', collection: { prefix: 'tag/' } }, { name: 'x', properties: null }] });
  });

  test.for<{ name: string; before: QueryOptions | undefined; write: (s: QueryOptionsStore) => Promise<unknown>; after: QueryOptions }>([
    { name: 'post creates a set that did not exist', before: undefined, write: (s) => s.post('s', tag), after: tag },
    { name: 'post appends list children', before: tag, write: (s) => s.post('s', { constraint: [{ name: 'b', properties: null }] }), after: { constraint: [...tag.constraint!, { name: 'b', properties: null }] } },
    { name: 'post replaces a child that is not a list', before: { 'page-length': 5, ...tag }, write: (s) => s.post('s', { 'page-length': 7 }), after: { 'page-length': 7, ...tag } },
    { name: 'post adds new children', before: tag, write: (s) => s.post('s', { 'return-facets': false }), after: { ...tag, 'return-facets': false } },
    { name: 'putChild replaces that child only', before: { 'page-length': 5, ...tag }, write: (s) => s.putChild('s', 'constraint', { constraint: [{ name: 'b', properties: null }] }), after: { 'page-length': 5, constraint: [{ name: 'b', properties: null }] } },
    { name: 'putChild creates the set', before: undefined, write: (s) => s.putChild('s', 'page-length', { 'page-length': 3 }), after: { 'page-length': 3 } },
    { name: 'postChild appends to that child', before: tag, write: (s) => s.postChild('s', 'constraint', { constraint: [{ name: 'b', properties: null }] }), after: { constraint: [...tag.constraint!, { name: 'b', properties: null }] } },
    { name: 'deleteChild removes that child and keeps the set', before: { 'page-length': 5, ...tag }, write: (s) => s.deleteChild('s', 'constraint'), after: { 'page-length': 5 } },
    { name: 'deleteChild of the last child leaves an empty set', before: tag, write: (s) => s.deleteChild('s', 'constraint'), after: {} },
  ])('$name', async ({ before, write, after }) => {
    const { store, name } = await freshStore();
    if (before) await store.put('s', before);
    await write(store);
    expect(await store.get('s')).toEqual(after);
    expect(await (await reopen(name)).get('s')).toEqual(after);
  });

  test('getChild holds only that child', async () => {
    const { store } = await freshStore();
    await store.put('s', { 'page-length': 5, ...tag });
    expect(await store.getChild('s', 'constraint')).toEqual(tag);
    expect(await store.getChild('s', 'term')).toBeUndefined();
  });

  test.for([
    ['another child', { 'page-length': 5 }],
    ['no child', {}],
    ['two children', { constraint: [], 'page-length': 5 }],
  ] as const)('a child write whose body holds %s is refused', async ([, body]) => {
    const { store } = await freshStore();
    await expect(store.putChild('s', 'constraint', body as QueryOptions)).rejects.toMatchObject({ code: 'REST-INVALIDPARAM' });
    await expect(store.postChild('s', 'constraint', body as QueryOptions)).rejects.toMatchObject({ code: 'REST-INVALIDPARAM' });
    expect(await store.list()).toEqual([]);
  });

  test('delete says whether the set existed; deleteChild whether the child did', async () => {
    const { store } = await freshStore();
    await store.put('s', tag);
    expect(await store.deleteChild('s', 'term')).toBe(false);
    expect(await store.deleteChild('none', 'term')).toBe(false);
    expect(await store.delete('s')).toBe(true);
    expect(await store.delete('s')).toBe(false);
    expect(await store.get('s')).toBeUndefined();
  });

  test('deleteAll removes every set, durably', async () => {
    const { store, name } = await freshStore();
    await store.put('a', {});
    await store.put('b', tag);
    await store.deleteAll();
    expect(await store.list()).toEqual([]);
    expect(await (await reopen(name)).list()).toEqual([]);
  });

  test('concurrent appends all land (writes are serialised)', async () => {
    const { store } = await freshStore();
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.postChild('s', 'constraint', { constraint: [{ name: `c${i}`, collection: null }] })));
    expect((await store.get('s'))!.constraint!.map((c) => c.name).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`).sort());
  });
});
