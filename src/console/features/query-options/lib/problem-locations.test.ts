/**
 * Sentences as the server's validator words them (src/db/options/validate.ts), placed in
 * a set as a person would have written it.
 */
import { describe, expect, test } from 'vitest';
import { readOptionsText } from './options-text';
import { locateProblem } from './problem-locations';

const text = `{
  "options": {
    "constraint": [
      { "name": "genre", "range": { "type": "xs:strin", "json-property": "genre" } },
      { "name": "genre", "collection": { "prefix": "" } },
      { "name": "tag", "word": { "json-property": "tag", "zzz": 1 } },
      { "collection": {} }
    ],
    "operator": [{ "name": "tag", "state": [] }],
    "sort-order": [{ "direction": "upward", "score": null }],
    "values": [{ "name": "v", "uri": 1 }, { "name": "v", "collection": null }],
    "transform-results": { "apply": "snipet" },
    "page-length": -1,
    "fooo": true
  }
}`;

function located(sentence: string): string[] {
  const read = readOptionsText(text);
  if (!read.ok) throw new Error(read.problem.message);
  return locateProblem(read.optionsNode, sentence).map((s) => `${text.slice(s.from, s.to)}@${text.slice(0, s.from).split('\n').length}`);
}

describe('locateProblem', () => {
  test.for([
    { name: 'an unknown top-level option, at its key', sentence: 'Unknown option "fooo".', expected: ['"fooo"@14'] },
    {
      name: 'a duplicate name, at every repeat and not at the first',
      sentence: 'Operator or constraint name "genre" is used more than once (must be unique).',
      expected: ['"genre"@5'],
    },
    { name: 'a name shared by a constraint and an operator, at the operator', sentence: 'Operator or constraint name "tag" is used more than once (must be unique).', expected: ['"tag"@9'] },
    { name: 'a repeated values name', sentence: 'Values or tuples name "v" is used more than once (must be unique).', expected: ['"v"@11'] },
    {
      name: 'a bad value inside a named constraint, at the value',
      sentence: 'Constraint "genre": range type "xs:strin" is not supported (xs:string, xs:int).',
      expected: ['"xs:strin"@4'],
    },
    { name: 'an unknown key inside a named constraint, at the key', sentence: 'Constraint "tag" word has an unknown key "zzz".', expected: ['"zzz"@6'] },
    { name: 'a problem of a named constraint as a whole, at its name', sentence: 'Constraint "tag" has more than one kind: word, value.', expected: ['"tag"@6'] },
    { name: 'a constraint by position', sentence: 'Constraint 4 needs a name.', expected: ['{@7'] },
    { name: 'a sort order by position, at the quoted value', sentence: 'sort-order 1: direction must be ascending or descending, not "upward".', expected: ['"upward"@10'] },
    { name: 'a top-level setting, at the quoted value inside it', sentence: 'transform-results apply "snipet" is not one of snippet, raw, empty-snippet, metadata-snippet.', expected: ['"snipet"@12'] },
    { name: 'a top-level setting without a quoted value, at its key', sentence: 'page-length must be a non-negative integer, not -1.', expected: ['"page-length"@13'] },
    { name: 'nothing for a constraint that is not there', sentence: 'Constraint "nope": a range needs a type.', expected: [] },
    { name: 'nothing for a sentence about no part of the set', sentence: 'Options must be an object, not [].', expected: [] },
  ])('places $name', ({ sentence, expected }) => {
    expect(located(sentence)).toEqual(expected);
  });

  test('a mark disappears once the text it is about is fixed', () => {
    const fixed = text.replace('{ "name": "genre", "collection"', '{ "name": "kind", "collection"');
    const read = readOptionsText(fixed);
    if (!read.ok) throw new Error(read.problem.message);
    expect(locateProblem(read.optionsNode, 'Operator or constraint name "genre" is used more than once (must be unique).')).toEqual([]);
  });
});
