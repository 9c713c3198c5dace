import { describe, expect, test } from 'vitest';
import { canonicalCollation, CODEPOINT_COLLATION, collationProblem, collator, compareCodepoints, ROOT_COLLATION, W3C_CODEPOINT_COLLATION } from './collation';

const sorted = (words: string[], uri: string) => [...words].sort(collator(uri));

describe('compareCodepoints', () => {
  test.for<{ name: string; a: string; b: string; expected: -1 | 0 | 1 }>([
    { name: 'equal strings', a: 'abc', b: 'abc', expected: 0 },
    { name: 'upper case before lower case', a: 'Z', b: 'a', expected: -1 },
    { name: 'a prefix first', a: 'ab', b: 'abc', expected: -1 },
    { name: 'a supplementary character (U+1F600) after U+FFFD, unlike UTF-16 order', a: '\u{1F600}', b: '\uFFFD', expected: 1 },
    { name: 'a supplementary character after U+E000', a: '\u{10000}', b: '\uE000', expected: 1 },
    { name: 'two supplementary characters by code point', a: '\u{1F600}', b: '\u{1F601}', expected: -1 },
    { name: 'U+D7FF before a supplementary character', a: '\uD7FF', b: '\u{10000}', expected: -1 },
  ])('$name', ({ a, b, expected }) => {
    expect(Math.sign(compareCodepoints(a, b))).toBe(expected);
    expect(Math.sign(compareCodepoints(b, a))).toBe(-expected || 0);
  });
});

describe('collator', () => {
  const words = ['banana', 'Apple', 'apple', 'Éclair', 'eclair', 'cherry', 'Zebra'];

  test('codepoint order puts every upper-case letter before lower case, accents last', () => {
    expect(sorted(words, CODEPOINT_COLLATION)).toEqual(['Apple', 'Zebra', 'apple', 'banana', 'cherry', 'eclair', 'Éclair']);
  });

  test('the W3C codepoint URI is the same collation', () => {
    expect(sorted(words, W3C_CODEPOINT_COLLATION)).toEqual(sorted(words, CODEPOINT_COLLATION));
  });

  test('the root collation orders alphabetically, lower case first within a letter, accents after', () => {
    expect(sorted(words, ROOT_COLLATION)).toEqual(['apple', 'Apple', 'banana', 'cherry', 'eclair', 'Éclair', 'Zebra']);
  });

  test.for<{ name: string; uri: string; a: string; b: string; equal: boolean }>([
    { name: 'root: case makes a different value', uri: ROOT_COLLATION, a: 'apple', b: 'Apple', equal: false },
    { name: 'root: canonically equivalent spellings are one value', uri: ROOT_COLLATION, a: 'é', b: 'e\u0301', equal: true },
    { name: 'S1 (primary): case and accents are ignored', uri: 'http://marklogic.com/collation//S1', a: 'Éclair', b: 'eclair', equal: true },
    { name: 'S2 (secondary): accents count, case does not', uri: 'http://marklogic.com/collation//S2', a: 'Apple', b: 'apple', equal: true },
    { name: 'S2 (secondary): accents count', uri: 'http://marklogic.com/collation//S2', a: 'éclair', b: 'eclair', equal: false },
    { name: 'codepoint: composed and decomposed é differ', uri: CODEPOINT_COLLATION, a: 'é', b: 'e\u0301', equal: false },
  ])('$name', ({ uri, a, b, equal }) => {
    expect(collator(uri)(a, b) === 0).toBe(equal);
  });

  test('a locale tailoring applies: Swedish sorts ä after z', () => {
    expect(sorted(['ä', 'z', 'a'], 'http://marklogic.com/collation/sv')).toEqual(['a', 'z', 'ä']);
    expect(sorted(['ä', 'z', 'a'], ROOT_COLLATION)).toEqual(['a', 'ä', 'z']);
  });

  test('comparators are reused', () => {
    expect(collator(ROOT_COLLATION)).toBe(collator(ROOT_COLLATION));
  });
});

describe('collationProblem and canonicalCollation', () => {
  test.for<{ name: string; uri: string; canonical?: string; problem?: RegExp }>([
    { name: 'the root collation', uri: ROOT_COLLATION, canonical: ROOT_COLLATION },
    { name: 'codepoint', uri: CODEPOINT_COLLATION, canonical: CODEPOINT_COLLATION },
    { name: 'the W3C codepoint URI becomes codepoint', uri: W3C_CODEPOINT_COLLATION, canonical: CODEPOINT_COLLATION },
    { name: 'root with S3 is root (S3 is its strength)', uri: 'http://marklogic.com/collation//S3', canonical: ROOT_COLLATION },
    { name: 'a locale with a strength', uri: 'http://marklogic.com/collation/de/S1', canonical: 'http://marklogic.com/collation/de/S1' },
    { name: 'another vendor’s collation', uri: 'http://example.org/collation', problem: /unsupported collation http:\/\/example\.org\/collation/ },
    { name: 'an ICU attribute Tabula does not honour', uri: 'http://marklogic.com/collation//AS', problem: /not AS/ },
    { name: 'two strengths', uri: 'http://marklogic.com/collation//S1/S2', problem: /one strength/ },
    { name: 'no locale data', uri: 'http://marklogic.com/collation/qq', problem: /no collation data for locale qq/ },
  ])('$name', ({ uri, canonical, problem }) => {
    if (problem) {
      expect(collationProblem(uri)).toMatch(problem);
      expect(() => canonicalCollation(uri)).toThrow(problem);
    } else {
      expect(collationProblem(uri)).toBeUndefined();
      expect(canonicalCollation(uri)).toBe(canonical);
    }
  });

  test('no collation at all means the root collation', () => {
    expect(canonicalCollation(undefined)).toBe(ROOT_COLLATION);
    expect(canonicalCollation('')).toBe(ROOT_COLLATION);
  });
});
