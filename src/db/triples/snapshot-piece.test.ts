import { describe, expect, test } from 'vitest';
import { deflatePiece, pieceLabelled, pieceNQuads, pieceSize } from './snapshot-piece';

const decode = (bytes: string | Uint8Array) => (typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes));

describe('snapshot pieces', () => {
  const texts = [
    '<http://ex/s> <http://ex/p> "o" <http://ex/g> .\n',
    '<http://ex/s> <http://ex/p> "Grüße, 東京, 🦄"@de .\n_:b1 <http://ex/p> _:b2 .\n',
    Array.from({ length: 5000 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i}"^^<http://www.w3.org/2001/XMLSchema#integer> .\n`).join(''),
    '',
  ];

  test.each(texts.map((text) => [text.slice(0, 30), text]))('%j comes back byte for byte, smaller when repetitive', (_, text) => {
    const piece = deflatePiece(text);
    const bytes = new TextEncoder().encode(text);
    expect(piece.size).toBe(bytes.length);
    expect(pieceSize(piece)).toBe(bytes.length);
    expect(pieceLabelled(piece)).toBe(text.includes('_:'));
    expect(decode(pieceNQuads(piece))).toBe(text);
    if (text.length > 10_000) expect(piece.deflated.byteLength).toBeLessThan(bytes.length / 5);
  });

  test('a plain piece (an older snapshot, a scene import) is its own text', () => {
    expect(pieceNQuads(texts[0])).toBe(texts[0]);
    expect(pieceSize(texts[0])).toBe(texts[0].length);
    expect(pieceLabelled(texts[0])).toBeUndefined();
  });
});
