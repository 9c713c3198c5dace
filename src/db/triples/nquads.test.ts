import * as oxigraph from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { loadKeepingLabels, splitAtLineEnds, toNQuads } from './nquads';

const text = '_:abc <http://p> "x" <http://g> .\n_:b1 <http://p> _:abc .\n<http://s> <http://p> "plain" .\n';

describe('N-Quads with blank nodes', () => {
  test("Oxigraph's Store.load renames blank nodes (why the log cannot use it alone)", () => {
    const store = new oxigraph.Store();
    store.load(text, { format: 'application/n-quads' });
    expect(store.dump({ format: 'application/n-quads' })).not.toContain('_:abc');
  });

  test('loadKeepingLabels keeps every blank-node label', () => {
    const store = new oxigraph.Store();
    loadKeepingLabels(oxigraph, store, text);
    expect(store.dump({ format: 'application/n-quads' }).split('\n').filter(Boolean).sort()).toEqual(text.split('\n').filter(Boolean).sort());
  });

  test.each([
    ['bytes, scanned', new TextEncoder().encode(text), undefined],
    ['bytes, known to be labelled', new TextEncoder().encode(text), true],
    ['text, leniently', text, undefined],
  ] as const)('loadKeepingLabels keeps the labels of %s', (_, input, labelled) => {
    const store = new oxigraph.Store();
    loadKeepingLabels(oxigraph, store, input, { lenient: true, labelled });
    expect(store.dump({ format: 'application/n-quads' }).split('\n').filter(Boolean).sort()).toEqual(text.split('\n').filter(Boolean).sort());
  });

  test('loadKeepingLabels with a graph reads N-Triples into that graph', () => {
    const store = new oxigraph.Store();
    loadKeepingLabels(oxigraph, store, '_:n <http://p> "1" .\n', { graph: oxigraph.namedNode('http://g') });
    expect(store.match().map(String)).toEqual(['_:n <http://p> "1" <http://g>']);
  });

  test('toNQuads writes what the parser reads back, escapes included', () => {
    const store = new oxigraph.Store();
    store.add(oxigraph.quad(oxigraph.namedNode('http://s'), oxigraph.namedNode('http://p'), oxigraph.literal('a "quoted"\nline\té', 'en'), oxigraph.namedNode('http://g')));
    const written = toNQuads(store.match());
    expect(oxigraph.parse(written, { format: 'application/n-quads' })[0].equals(store.match()[0])).toBe(true);
  });
});

describe('splitAtLineEnds', () => {
  test.for([
    { name: 'short text stays whole', text: 'a\nb\n', size: 100, expected: ['a\nb\n'] },
    { name: 'pieces end at line ends', text: 'aaa\nbbb\nccc\n', size: 5, expected: ['aaa\nbbb\n', 'ccc\n'] },
    { name: 'a line is never cut', text: 'aaaaaaaaaa\nb\n', size: 3, expected: ['aaaaaaaaaa\n', 'b\n'] },
    { name: 'empty text gives no piece', text: '', size: 3, expected: [] },
  ])('$name', ({ text, size, expected }) => {
    const pieces = splitAtLineEnds(text, size);
    expect(pieces).toEqual(expected);
    expect(pieces.join('')).toBe(text);
  });
});
