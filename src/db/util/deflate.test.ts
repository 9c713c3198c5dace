import { deflateSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { deflateRaw, inflateRaw } from './deflate';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('deflateRaw and inflateRaw', () => {
  const texts = [
    '',
    'one line\n',
    'Grüße, 東京, 🦄 '.repeat(50),
    // More than one output chunk of the platform's stream (64 KB).
    Array.from({ length: 20_000 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i * 7919}" .\n`).join(''),
  ];

  test.each(texts.map((t) => [t.length, t] as const))('%i characters come back byte for byte', async (_n, text) => {
    const bytes = bytesOf(text);
    // Ours, and fflate's at three levels (the pieces stored before the platform deflated them).
    const deflated = [await deflateRaw(bytes), ...([1, 6, 9] as const).map((level) => deflateSync(bytes, { level }))];
    for (const d of deflated) {
      const out = await inflateRaw(d, bytes.length, 'the test piece');
      // Compared as text: a deep comparison of a large Uint8Array takes vitest seconds.
      expect(out.length).toBe(bytes.length);
      expect(new TextDecoder('utf-8', { fatal: true }).decode(out)).toBe(text);
    }
  });

  test('repetitive N-Quads deflate to a small part of their size', async () => {
    const bytes = bytesOf(texts[3]);
    expect((await deflateRaw(bytes)).length).toBeLessThan(bytes.length / 5);
  });

  test('damaged bytes are an error naming what was inflated', async () => {
    const deflated = deflateSync(bytesOf(texts[3]));
    const damaged = deflated.slice();
    damaged.fill(0xff, 10, 40);
    await expect(inflateRaw(damaged, bytesOf(texts[3]).length, 'the test piece')).rejects.toThrow(/^the test piece is damaged/);
    await expect(inflateRaw(deflated.subarray(0, deflated.length >> 1), bytesOf(texts[3]).length, 'the test piece')).rejects.toThrow(/^the test piece/);
  });

  test('more or fewer bytes than recorded is an error', async () => {
    const bytes = bytesOf(texts[3]);
    const deflated = deflateSync(bytes);
    await expect(inflateRaw(deflated, bytes.length - 1, 'the test piece')).rejects.toThrow('the test piece inflates to more than the');
    await expect(inflateRaw(deflated, bytes.length + 1, 'the test piece')).rejects.toThrow(`the test piece inflates to ${bytes.length} bytes where ${bytes.length + 1} were recorded`);
  });
});
