import { describe, expect, test } from 'vitest';
import { blobPiece, deflatePiece, pieceLabelled, pieceNQuads, pieceSize } from './snapshot-piece';

const decode = (bytes: string | Uint8Array) => (typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes));

describe('snapshot pieces', () => {
  const texts = [
    '<http://ex/s> <http://ex/p> "o" <http://ex/g> .\n',
    '<http://ex/s> <http://ex/p> "Grüße, 東京, 🦄"@de .\n_:b1 <http://ex/p> _:b2 .\n',
    Array.from({ length: 5000 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i}"^^<http://www.w3.org/2001/XMLSchema#integer> .\n`).join(''),
    '',
  ];
  const forms = [
    ['a Blob piece (written by a compaction for a while on 2026-11-27)', blobPiece],
    ['a deflated piece (what a compaction writes)', deflatePiece],
  ] as const;

  test.each(forms.flatMap(([form, make]) => texts.map((text) => [form, text.slice(0, 30), text, make] as const)))(
    '%s of %j comes back byte for byte',
    async (_form, _start, text, make) => {
      const piece = await make(text);
      const bytes = new TextEncoder().encode(text);
      expect(pieceSize(piece)).toBe(bytes.length);
      expect(pieceLabelled(piece)).toBe(text.includes('_:'));
      expect(decode(await pieceNQuads(piece))).toBe(text);
    },
  );

  test('a deflated piece of repetitive N-Quads is several times smaller', async () => {
    const bytes = new TextEncoder().encode(texts[2]);
    expect((await deflatePiece(texts[2])).deflated.byteLength).toBeLessThan(bytes.length / 5);
  });

  test('a plain piece (the first form, a scene import) is its own text', async () => {
    expect(await pieceNQuads(texts[0])).toBe(texts[0]);
    expect(pieceSize(texts[0])).toBe(texts[0].length);
    expect(pieceLabelled(texts[0])).toBeUndefined();
  });
});
