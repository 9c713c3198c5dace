/**
 * The UTF-8 helpers against the platform's own encoder and strict decoder: `utf8` gives
 * TextEncoder's bytes for every kind of text (its two-buffer path included), and
 * `strictUtf8` gives TextDecoder's text, or the refusal, whichever path it takes.
 */
import { describe, expect, test } from 'vitest';
import { isAscii, strictUtf8, utf8 } from './bytes';

const reference = new TextEncoder();

describe('utf8 gives the bytes TextEncoder gives', () => {
  const texts: Array<[string, string]> = [
    ['empty', ''],
    ['ASCII', 'plain text, 123'],
    ['Latin-1 first', `é${'a'.repeat(100)}`],
    ['Latin-1 last', `${'a'.repeat(100)}é`],
    ['three-byte characters throughout', '€'.repeat(50)],
    ['a surrogate pair first', `😀${'x'.repeat(10)}`],
    ['a surrogate pair where the first buffer ends', `${'x'.repeat(9)}😀`],
    ['mixed scripts', 'Grüße, 世界, שלום, 🎉!'],
    ['a lone high surrogate', `a\uD800b`],
    ['a lone low surrogate at the end', `ab\uDC00`],
    ['a long line of N-Quads with one non-ASCII literal', `${'<http://e/s> <http://e/p> "o" .\n'.repeat(2000)}<http://e/s> <http://e/p> "café" .\n`],
  ];
  test.for(texts)('%s', ([, text]) => {
    expect([...utf8(text)]).toEqual([...reference.encode(text)]);
  });
});

describe('strictUtf8 gives what a fatal TextDecoder gives', () => {
  const refuse = () => new Error('refused');
  const cases: Array<{ name: string; bytes: number[]; keepBom?: boolean }> = [
    { name: 'ASCII', bytes: [...reference.encode('hello')] },
    { name: 'U+FFFD itself, spelled in valid UTF-8', bytes: [0x61, 0xef, 0xbf, 0xbd, 0x62] },
    { name: 'a leading BOM, dropped', bytes: [0xef, 0xbb, 0xbf, 0x61] },
    { name: 'a leading BOM, kept', bytes: [0xef, 0xbb, 0xbf, 0x61], keepBom: true },
    { name: 'a lone continuation byte', bytes: [0x61, 0x80, 0x62] },
    { name: 'a truncated sequence at the end', bytes: [0x61, 0xe2, 0x82] },
    { name: 'an overlong encoding', bytes: [0xc0, 0xaf] },
    { name: 'an encoded surrogate', bytes: [0xed, 0xa0, 0x80] },
    { name: 'U+FFFD and a bad byte', bytes: [0xef, 0xbf, 0xbd, 0xff] },
  ];
  test.for(cases)('$name', ({ bytes, keepBom }) => {
    const input = new Uint8Array(bytes);
    let expected: string | Error;
    try {
      expected = new TextDecoder('utf-8', { fatal: true, ignoreBOM: keepBom ?? false }).decode(input);
    } catch {
      expected = refuse();
    }
    let actual: string | Error;
    try {
      actual = strictUtf8(input, refuse, { keepBom });
    } catch (e) {
      actual = e as Error;
    }
    expect(actual).toEqual(expected);
  });
});

describe('isAscii', () => {
  const ascii = new TextEncoder().encode('<http://s> <http://p> "plain text, no high bytes at all" .\n'.repeat(3));
  test.each([
    ['empty', new Uint8Array(0), true],
    ['ASCII', ascii, true],
    ...[0, 1, 2, 3, 4, 37, ascii.length - 2, ascii.length - 1].map((at): [string, Uint8Array, boolean] => {
      const bytes = ascii.slice();
      bytes[at] = 0xc3;
      return [`a high byte at ${at}`, bytes, false];
    }),
    ...[1, 2, 3].map((offset): [string, Uint8Array, boolean] => [`ASCII seen from byte ${offset} of its buffer`, ascii.subarray(offset), true]),
    ...[1, 2, 3].map((offset): [string, Uint8Array, boolean] => {
      const bytes = ascii.slice();
      bytes[offset + 9] = 0x80;
      return [`a high byte in a view from byte ${offset}`, bytes.subarray(offset, offset + 20), false];
    }),
  ])('%s', (_, bytes, expected) => {
    expect(isAscii(bytes)).toBe(expected);
  });
});
