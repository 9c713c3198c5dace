import { expect, test } from 'vitest';
import { editorProblems } from './editor-problems';
import { readOptionsText } from './options-text';

const duplicate = 'Operator or constraint name "a" is used more than once (must be unique).';

test('server sentences are marked where they can be placed and all are listed', () => {
  const text = '{"options": {"constraint": [{"name": "a", "collection": null}, {"name": "a", "collection": null}]}}';
  const { marks, listed } = editorProblems(readOptionsText(text), [duplicate, 'Something about no part of the set.']);
  const second = text.lastIndexOf('"a"');
  expect(marks).toEqual([{ message: duplicate, severity: 'error', from: second, to: second + 3 }]);
  expect(listed).toEqual([
    { message: duplicate, severity: 'error', at: { from: second, to: second + 3 } },
    { message: 'Something about no part of the set.', severity: 'error' },
  ]);
});

test('a syntax error comes first, and server sentences are still listed without a place', () => {
  const text = '{"options": {"constraint": [}}';
  const { marks, listed } = editorProblems(readOptionsText(text), [duplicate]);
  expect(marks).toHaveLength(1);
  expect(marks[0].message).toBe('Expected a value, found "}"');
  expect(listed.map((p) => [p.message, p.at !== undefined])).toEqual([
    ['Expected a value, found "}"', true],
    [duplicate, false],
  ]);
});

test('keys given twice are warnings in both forms', () => {
  const { marks, listed } = editorProblems(readOptionsText('{"options": {"debug": true, "debug": false}}'), []);
  expect(marks.map((m) => m.severity)).toEqual(['warning']);
  expect(listed.map((p) => p.severity)).toEqual(['warning']);
});
