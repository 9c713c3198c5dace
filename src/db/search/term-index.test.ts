import { describe, expect, test } from 'vitest';
import { TermIndex } from './term-index';

describe('term index', () => {
  test('finds the documents holding a key, ascending, and forgets removed ones', () => {
    const index = new TermIndex();
    index.add(1, ['apple', 'banana', '\u0001title']);
    index.add(2, ['banana', 'cherry']);
    index.add(3, ['banana']);
    expect(index.lookup('banana')).toEqual([1, 2, 3]);
    expect(index.lookup('\u0001title')).toEqual([1]);
    index.remove(2, ['banana', 'cherry']);
    index.remove(3, ['banana']);
    index.add(4, ['cherry']);
    expect(index.lookup('banana')).toEqual([1]);
    expect(index.lookup('cherry')).toEqual([4]);
    expect(index.lookup('nothing')).toEqual([]);
  });

  test('a restored snapshot answers the same, takes new documents and removes old ones', () => {
    const index = new TermIndex();
    for (let d = 0; d < 50; d++) index.add(d, [`w${d % 7}`, 'all', d % 2 ? 'odd' : 'even']);
    const restored = new TermIndex();
    restored.restore(structuredClone(index.snapshot()), Array.from({ length: 50 }, (_, d) => d));
    expect(restored.lookup('w3')).toEqual(index.lookup('w3'));
    expect(restored.lookup('all')).toHaveLength(50);
    restored.remove(3, ['w3', 'all', 'odd']);
    restored.add(60, ['w3', 'other']);
    expect(restored.lookup('all')).toHaveLength(49);
    expect(restored.lookup('w3')).toEqual([10, 17, 24, 31, 38, 45, 60]);
    expect(restored.lookup('other')).toEqual([60]);
  });

  test('keys lists what matches a test, for wildcard expansion; emptied keys are gone', () => {
    const index = new TermIndex();
    index.add(1, ['cat', 'catalog', 'dog']);
    index.add(2, ['cattle']);
    index.remove(2, ['cattle']);
    expect(index.keys((k) => k.startsWith('cat')).sort()).toEqual(['cat', 'catalog']);
    expect(index.snapshot().keys.sort()).toEqual(['cat', 'catalog', 'dog']);
  });

  test("a restored snapshot gives each document's term frequency without its text, through a second snapshot taken before the keys are used", () => {
    // Document d holds w<k> (k ≤ d % 5) (d % 3) + 1 times: frequencies 1 to 3, and keys missing from some documents.
    const docs = Array.from({ length: 40 }, (_, d) => d);
    const counts = (d: number, k: number) => (k <= d % 5 ? (d % 3) + 1 : 0);
    const keys = ['w0', 'w1', 'w2', 'w3', 'w4'];
    const index = new TermIndex();
    for (const d of docs) index.add(d, keys.filter((_, k) => counts(d, k) > 0));
    const repeated = (key: string) => {
      const k = keys.indexOf(key);
      const holders = docs.filter((d) => counts(d, k) > 1);
      return { docs: holders, counts: holders.map((d) => counts(d, k)) };
    };
    const first = new TermIndex();
    first.restore(structuredClone(index.snapshot(repeated)), docs);
    // Only w0 is unpacked before the second snapshot: the others' bytes are copied as they are.
    expect(first.lookup('w0')).toHaveLength(40);
    const second = new TermIndex();
    second.restore(structuredClone(first.snapshot(repeated)), docs);
    for (const restored of [first, second]) {
      for (const [k, key] of keys.entries()) for (const d of docs) expect(restored.restoredFrequency(key, d), `${key} in ${d}`).toBe(counts(d, k));
      expect(restored.restoredFrequency('absent', 3)).toBe(0);
    }
  });

  test('a hidden document is left out of lookups until it is removed and shown again', () => {
    const index = new TermIndex();
    index.add(1, ['a', 'b']);
    index.add(2, ['a']);
    index.hide(1);
    expect(index.lookup('a')).toEqual([2]);
    expect(index.lookup('b')).toEqual([]);
    index.remove(1, ['a', 'b']);
    index.unhide(1);
    expect(index.lookup('a')).toEqual([2]);
    expect(index.lookup('b')).toEqual([]);
  });

  test('a frequency table answers from the counts it was made with, and is made again once the key changes', () => {
    const index = new TermIndex();
    const counts = new Map<number, number>([[1, 2], [2, 5], [4, 1]]);
    for (const d of counts.keys()) index.add(d, ['w']);
    let counted = 0;
    const count = (d: number) => (counted++, counts.get(d) ?? 0);
    for (const [d, n] of counts) expect(index.frequency('w', d, count)).toBe(n);
    expect(index.frequency('w', 3, count)).toBe(0);
    expect(counted).toBe(counts.size);
    counts.set(7, 3);
    index.add(7, ['w']);
    expect(index.frequency('w', 7, count)).toBe(3);
    index.remove(2, ['w']);
    expect(index.frequency('w', 2, count)).toBe(0);
    expect(counted).toBe(counts.size * 2 + 2);
  });

  test('a position table holds where the word stands in each document, in four bytes a position once a text passes 65,536 words', () => {
    const index = new TermIndex();
    const texts = new Map<number, number[]>([[1, [0, 7]], [2, [3]], [5, [65_535, 65_536, 200_000]]]);
    for (const d of texts.keys()) index.add(d, ['w']);
    const find = (d: number, out: number[]) => out.push(...(texts.get(d) ?? []));
    for (const [d, at] of texts) expect([...index.positions('w', d, find)]).toEqual(at);
    expect([...index.positions('w', 3, find)]).toEqual([]);
    expect(index.positionTable('w', find).positions).toBeInstanceOf(Uint32Array);
    texts.delete(5);
    index.remove(5, ['w']);
    expect(index.positionTable('w', find).positions).toBeInstanceOf(Uint16Array);
    expect([...index.positions('w', 1, find)]).toEqual([0, 7]);
  });

  test('past their bound, the oldest tables are dropped and the newest kept', () => {
    // Each key's table: 11 starts of 4 bytes and 10 positions of 2: 64 bytes; room for three.
    const index = new TermIndex(3 * 64);
    const keys = ['a', 'b', 'c', 'd'];
    for (let d = 1; d <= 10; d++) index.add(d, keys);
    const made: string[] = [];
    const finder = (key: string) => (d: number, out: number[]) => (made.push(key), out.push(d));
    for (const key of keys) index.positionTable(key, finder(key));
    expect(made.length).toBe(40);
    made.length = 0;
    for (const key of ['d', 'c', 'b']) expect([...index.positions(key, 4, finder(key))]).toEqual([4]);
    expect(made).toEqual([]);
    expect([...index.positions('a', 4, finder('a'))]).toEqual([4]);
    expect(new Set(made)).toEqual(new Set(['a']));
  });

  test('a snapshot taken in steps, with keys of a restored index unpacked between them, holds every key once with its posting', () => {
    // Keys k0…k9999, key k<j> in documents j % 7 … j % 7 + 2: more keys than one step walks.
    const keyCount = 10_000;
    const docsOf = (j: number) => [j % 7, (j % 7) + 1, (j % 7) + 2];
    const original = new TermIndex();
    const byDoc = new Map<number, string[]>();
    for (let j = 0; j < keyCount; j++) for (const d of docsOf(j)) byDoc.set(d, [...(byDoc.get(d) ?? []), `k${j}`]);
    for (const [d, keys] of byDoc) original.add(d, keys);
    const restored = new TermIndex();
    restored.restore(structuredClone(original.snapshot()), byDoc.keys());
    // Most keys read before (the walk stops between them), some of the rest between the stops:
    // each read moves a key from the packed ones to the map being walked.
    for (let j = 0; j < 6_000; j++) restored.lookup(`k${j}`);
    const steps = restored.snapshotSteps();
    let stops = 0;
    let step = steps.next();
    while (!step.done) {
      stops++;
      for (let j = 6_000 + stops; j < keyCount; j += 50) restored.lookup(`k${j}`);
      step = steps.next();
    }
    expect(stops).toBeGreaterThan(0);
    const snapshot = step.value;
    expect(snapshot.keys).toHaveLength(keyCount);
    expect(new Set(snapshot.keys).size).toBe(keyCount);
    const again = new TermIndex();
    again.restore(snapshot, byDoc.keys());
    for (let j = 0; j < keyCount; j += 101) expect(again.lookup(`k${j}`)).toEqual(docsOf(j));
  });
});
