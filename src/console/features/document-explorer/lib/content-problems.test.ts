import { describe, expect, test } from 'vitest';
import { contentProblem, lineColumn } from './content-problems';

test.for([
  { text: 'abc', offset: 0, expected: { line: 1, column: 1 } },
  { text: 'abc', offset: 2, expected: { line: 1, column: 3 } },
  { text: 'a\nbc\n', offset: 3, expected: { line: 2, column: 2 } },
  { text: 'a\nbc\n', offset: 5, expected: { line: 3, column: 1 } },
  { text: 'a\n', offset: 99, expected: { line: 2, column: 1 } },
])('lineColumn($offset) in $text', ({ text, offset, expected }) => {
  expect(lineColumn(text, offset)).toEqual(expected);
});

describe('JSON', () => {
  test('well-formed JSON has no problem', () => {
    expect(contentProblem('json', '{\n  "a": [1, true, null]\n}')).toBeUndefined();
  });

  test.for([
    { name: 'a missing comma', text: '{\n  "a": 1\n  "b": 2\n}', at: '"b"', message: /Expected "," or "}"/ },
    { name: 'a trailing comma', text: '{\n  "a": 1,\n}', at: ',', message: /Trailing comma/ },
    { name: 'an unquoted word', text: '{"a": yes}', at: 'yes', message: /Unexpected word yes/ },
  ])('$name is marked where it is', ({ text, at, message }) => {
    const p = contentProblem('json', text)!;
    expect(p.message).toMatch(message);
    const offset = text.indexOf(at);
    expect(p.from).toBe(offset);
    expect({ line: p.line, column: p.column }).toEqual(lineColumn(text, offset));
  });

  test('an unterminated document is marked at its end', () => {
    const text = '{"a": 1';
    const p = contentProblem('json', text)!;
    expect([p.from, p.to, p.line]).toEqual([text.length, text.length, 1]);
  });
});

describe('XML', () => {
  test('well-formed, namespaced XML has no problem', () => {
    expect(contentProblem('xml', '<a xmlns:p="urn:p"><p:b x="1">t</p:b></a>')).toBeUndefined();
  });

  test.for([
    { name: 'a mismatched close tag', text: '<a>\n  <b>text</c>\n</a>', near: '</c>', message: /unexpected close tag/i },
    { name: 'an unquoted attribute', text: '<a>\n<b x=1/></a>', near: 'x=1', message: /quoted/ },
    { name: 'an unbound prefix', text: '<a><p:b/></a>', near: '<p:b', message: /prefix/ },
  ])('$name is marked on its line', ({ text, near, message }) => {
    const p = contentProblem('xml', text)!;
    expect(p.message).toMatch(message);
    expect(p.message).not.toMatch(/^\d+:\d+:/);
    const nearAt = text.indexOf(near);
    expect(p.line).toBe(lineColumn(text, nearAt).line);
    expect(p.from).toBeGreaterThanOrEqual(nearAt);
    expect(p.from).toBeLessThanOrEqual(nearAt + near.length + 1);
  });

  test('a document cut short is marked at its end', () => {
    const text = '<a><b>';
    const p = contentProblem('xml', text)!;
    expect(p.to).toBe(text.length);
  });

  test('text is never a problem', () => {
    expect(contentProblem('text', '{ < not checked')).toBeUndefined();
  });
});
