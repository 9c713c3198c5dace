/**
 * The UTF-8 helpers against the platform's own encoder and strict decoder: `utf8` gives
 * TextEncoder's bytes for every kind of text (its two-buffer path included), and
 * `strictUtf8` gives TextDecoder's text, or the refusal, whichever path it takes.
 */
import { describe, expect, test } from 'vitest';
import { strictUtf8, utf8 } from './bytes';

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
