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
});
