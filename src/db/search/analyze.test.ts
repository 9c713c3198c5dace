import { describe, expect, test } from 'vitest';
import { foldKey, forEachWord, matchPath, words } from './analyze';

describe('analysis', () => {
  test.for(['plain words, here', 'café au lait', 'naïve-ish x', 'über', 'a1b2 c_d', '', '   ', 'Ünïcödé and ascii', 'x€y z', 'end.'])(
    'the indexing word splitter finds the same words as the tokenizer: %j',
    (text) => {
      const found: string[] = [];
      forEachWord(text, (w) => found.push(w));
      expect(found).toEqual(words(text).map((w) => w.text));
    },
  );

  test.for([
    ['Soup', 'soup'],
    ['Café', 'cafe'],
    ['ÉLAN', 'elan'],
    ['straße', 'straße'],
    ['123', '123'],
  ])('the folded key of %s is %s', ([word, key]) => {
    expect(foldKey(word)).toBe(key);
  });

  test.for([
    { format: 'json' as const, path: [{ name: 'title' }], expected: 'fn:doc("/a.json")/text("title")' },
    { format: 'json' as const, path: [{ name: 'notes' }, { name: 'tip' }], expected: 'fn:doc("/a.json")/notes/text("tip")' },
    { format: 'xml' as const, path: [{ name: 'recipe', ns: '' }, { name: 'notes', ns: '' }], expected: 'fn:doc("/a.json")/recipe/notes' },
    { format: 'xml' as const, path: [{ name: 'r', ns: 'urn:x' }, { name: 'p', ns: 'urn:x', position: 2 }], expected: 'fn:doc("/a.json")/*:r/*:p[2]' },
  ])('match path $expected', ({ format, path, expected }) => {
    expect(matchPath('/a.json', format, path)).toBe(expected);
  });
});
