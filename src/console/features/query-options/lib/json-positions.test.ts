import { describe, expect, test } from 'vitest';
import { duplicateKeys, JsonSyntaxError, jsonValue, memberOf, parseJsonWithPositions } from './json-positions';

const marked = (text: string, span: { from: number; to: number }) => text.slice(span.from, span.to);

function syntaxError(text: string): JsonSyntaxError {
  try {
    parseJsonWithPositions(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return e;
    throw e;
  }
  throw new Error(`parsed: ${text}`);
}

describe('values', () => {
  test.for([
    '{}',
    '[]',
    '{"a": [1, -2.5e3, 0, true, false, null, "x"], "b": {"c": {}}}',
    '"\\u00e9\\n\\t\\"\\\\\\/"',
    '  [ {"k" : "v"} , [ [] ] ]  ',
    '-0.0',
  ])('%s reads as JSON.parse reads it', (text) => {
    expect(jsonValue(parseJsonWithPositions(text))).toEqual(JSON.parse(text));
  });

  test('keys and values know where they are', () => {
    const text = '{\n  "options": {"page-length": 10, "term": {"apply": "term"}}\n}';
    const options = memberOf(parseJsonWithPositions(text), 'options')!;
    expect(marked(text, options.keySpan)).toBe('"options"');
    expect(marked(text, options.value)).toBe('{"page-length": 10, "term": {"apply": "term"}}');
    const pageLength = memberOf(options.value, 'page-length')!;
    expect(marked(text, pageLength.value)).toBe('10');
    expect(marked(text, memberOf(memberOf(options.value, 'term')!.value, 'apply')!.value)).toBe('"term"');
  });

  test('a key given twice is kept twice, and the repeat is found', () => {
    const text = '{"a": 1, "b": {"c": 1, "c": 2}, "a": 3}';
    const tree = parseJsonWithPositions(text);
    expect(jsonValue(tree)).toEqual({ a: 3, b: { c: 2 } });
    expect(duplicateKeys(tree).map((m) => `${m.key}@${m.keySpan.from}`)).toEqual(['c@23', 'a@32']);
  });
});

describe('syntax errors', () => {
  test.for([
    { name: 'an unclosed object', text: '{"a": 1', message: 'Expected "," or "}" after a member, found the end of the text', at: '' },
    { name: 'a missing comma', text: '{"a": 1 "b": 2}', message: 'Expected "," or "}" after a member, found """', at: '"' },
    { name: 'a trailing comma in an object', text: '{"a": 1,\n}', message: 'Trailing comma before "}"', at: ',' },
    { name: 'a trailing comma in an array', text: '[1, 2, ]', message: 'Trailing comma before "]"', at: ',' },
    { name: 'an unquoted key', text: '{a: 1}', message: 'Expected a key in double quotes, found "a"', at: 'a' },
    { name: 'an unquoted word', text: '{"a": yes}', message: 'Unexpected word yes: a string needs double quotes', at: 'yes' },
    { name: 'single quotes', text: "{'a': 1}", message: `Expected a key in double quotes, found "'"`, at: "'" },
    { name: 'a line break in a string', text: '{"a": "x\ny"}', message: 'Unterminated string (a line break must be written \\n)', at: '\n' },
    { name: 'an unterminated string', text: '["abc', message: 'Unterminated string', at: '"abc' },
    { name: 'a bad escape', text: '["\\x"]', message: 'Bad escape \\x in a string', at: '\\x' },
    { name: 'a leading zero', text: '[01]', message: 'Bad number (no leading zeros; digits after "." and "e")', at: '01' },
    { name: 'text after the value', text: '{} {}', message: 'Unexpected "{" after the end of the JSON value', at: '{' },
    { name: 'a missing colon', text: '{"a" 1}', message: 'Expected ":" after the key "a", found "1"', at: '1' },
    { name: 'nothing at all', text: '   ', message: 'Expected a value, found the end of the text', at: '' },
  ])('$name is reported where it is', ({ text, message, at }) => {
    const error = syntaxError(text);
    expect(error.message).toBe(message);
    expect(text.slice(error.from, error.to)).toBe(at);
  });
});
