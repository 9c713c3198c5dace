import { describe, expect, test } from 'vitest';
import { formatOptions, lineColumn, readOptionsText } from './options-text';

describe('readOptionsText', () => {
  test('reads a set and its wrapper, and formatOptions writes what it reads', () => {
    const options = { constraint: [{ name: 'coll', collection: { prefix: '' } }], 'page-length': 5 };
    const read = readOptionsText(formatOptions(options));
    expect(read.ok && read.options).toEqual(options);
    expect(read.ok && read.warnings).toEqual([]);
  });

  test.for([
    { name: 'a syntax error', text: '{"options": {"a": }}', message: 'Expected a value, found "}"', at: '}' },
    { name: 'a root that is not an object', text: '[1]', message: 'An option set is a JSON object: {"options": {…}}', at: '[1]' },
    { name: 'settings beside the wrapper', text: '{"options": {}, "constraint": []}', message: 'Unexpected key "constraint" beside "options": the set\'s settings go inside {"options": {…}}', at: '"constraint"' },
    { name: 'settings without the wrapper', text: '{}', message: 'The set needs its settings in {"options": {…}}', at: '{' },
    { name: 'options that are not an object', text: '{"options": [1]}', message: '"options" must be an object', at: '[1]' },
  ])('refuses $name, marking where', ({ text, message, at }) => {
    const read = readOptionsText(text);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problem.message).toBe(message);
    expect(text.slice(read.problem.from, read.problem.to)).toBe(at);
  });

  test('warns about a key given twice, at the repeat', () => {
    const text = '{"options": {"page-length": 5, "page-length": 10}}';
    const read = readOptionsText(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.options).toEqual({ 'page-length': 10 });
    expect(read.warnings).toHaveLength(1);
    expect(read.warnings[0]).toMatchObject({ severity: 'warning', message: '"page-length" is given more than once; only the last one would be kept' });
    expect(read.warnings[0].from).toBe(text.lastIndexOf('"page-length"'));
  });
});

test('lineColumn counts from 1', () => {
  expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
  expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
});
