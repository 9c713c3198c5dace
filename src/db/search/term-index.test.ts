import { describe, expect, test } from 'vitest';
import { TermIndex } from './term-index';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('term index', () => {
  test('finds the documents holding a key, and forgets removed and replaced ones', () => {
    const index = new TermIndex();
    index.set(1, ['apple', 'banana', '\u0001title']);
    index.set(2, ['banana', 'cherry']);
    index.set(3, ['banana']);
    expect(sorted(index.lookup('banana'))).toEqual([1, 2, 3]);
    expect(index.lookup('\u0001title')).toEqual([1]);
    index.remove(2);
    index.set(3, ['cherry']);
    expect(sorted(index.lookup('banana'))).toEqual([1]);
    expect(index.lookup('cherry')).toEqual([3]);
    expect(index.lookup('nothing')).toEqual([]);
  });

  test('a restored snapshot answers the same and still removes documents (the fast-update registry is rebuilt)', () => {
    const index = new TermIndex();
    for (let d = 0; d < 50; d++) index.set(d, [`w${d % 7}`, 'all', d % 2 ? 'odd' : 'even']);
    const restored = new TermIndex();
    restored.restore(index.snapshot());
    expect(sorted(restored.lookup('w3'))).toEqual(sorted(index.lookup('w3')));
    expect(restored.lookup('all')).toHaveLength(50);
    restored.remove(3);
    restored.set(10, ['other']);
    expect(restored.lookup('all')).toHaveLength(48);
    expect(restored.lookup('w3')).not.toContain(3);
    expect(restored.lookup('w3')).not.toContain(10);
    expect(restored.lookup('other')).toEqual([10]);
    // Removal used the rebuilt references: the registry holds the document no more.
    expect((restored as unknown as { index: { reg: Map<number, unknown> } }).index.reg.has(3)).toBe(false);
  });

  test('keys lists what matches a test, for wildcard expansion', () => {
    const index = new TermIndex();
    index.set(1, ['cat', 'catalog', 'dog']);
    index.set(2, ['cattle']);
    index.remove(2);
    expect(index.keys((k) => k.startsWith('cat')).sort()).toEqual(['cat', 'catalog']);
  });
});
