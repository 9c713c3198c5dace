import { deflateSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { blobPiece, pieceLabelled, pieceNQuads, pieceSize, type DeflatedPiece } from './snapshot-piece';

const decode = (bytes: string | Uint8Array) => (typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes));

/** A piece as compactions wrote it before Blob pieces: fflate, level 6. */
function deflatedPiece(text: string): DeflatedPiece {
  const bytes = new TextEncoder().encode(text);
  return { size: bytes.length, deflated: deflateSync(bytes, { level: 6 }), labelled: text.includes('_:') };
}

describe('snapshot pieces', () => {
  const texts = [
    '<http://ex/s> <http://ex/p> "o" <http://ex/g> .\n',
    '<http://ex/s> <http://ex/p> "Grüße, 東京, 🦄"@de .\n_:b1 <http://ex/p> _:b2 .\n',
    Array.from({ length: 5000 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i}"^^<http://www.w3.org/2001/XMLSchema#integer> .\n`).join(''),
    '',
  ];
  const forms = [
    ['a Blob piece (what a compaction writes)', blobPiece],
    ['a deflated piece (what compactions wrote before)', deflatedPiece],
  ] as const;

  test.each(forms.flatMap(([form, make]) => texts.map((text) => [form, text.slice(0, 30), text, make] as const)))(
    '%s of %j comes back byte for byte',
    async (_form, _start, text, make) => {
      const piece = make(text);
      const bytes = new TextEncoder().encode(text);
      expect(pieceSize(piece)).toBe(bytes.length);
      expect(pieceLabelled(piece)).toBe(text.includes('_:'));
      expect(decode(await pieceNQuads(piece))).toBe(text);
    },
  );

  test('a plain piece (the first form, a scene import) is its own text', async () => {
    expect(await pieceNQuads(texts[0])).toBe(texts[0]);
    expect(pieceSize(texts[0])).toBe(texts[0].length);
    expect(pieceLabelled(texts[0])).toBeUndefined();
  });
});
