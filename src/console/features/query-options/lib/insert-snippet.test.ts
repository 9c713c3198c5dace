import { describe, expect, test } from 'vitest';
import { appendToList, applySetting, insertConstraint, removeListEntry, replaceListEntry, uniqueName, type Inserted } from './insert-snippet';
import { formatOptions, readOptionsText } from './options-text';
import { constraintSnippets, settingSnippets, type ConstraintSnippet, type SettingSnippet } from './snippets';

const snippet = (id: string) => constraintSnippets.find((s) => s.id === id)!;
const setting = (id: string) => settingSnippets.find((s) => s.id === id)!;

function insert(text: string, s: ConstraintSnippet | SettingSnippet): Inserted & { options: Record<string, unknown> } {
  const read = readOptionsText(text);
  if (!read.ok) throw new Error(read.problem.message);
  const inserted = s.kind === 'constraint' ? insertConstraint(text, read.optionsNode, s) : applySetting(text, read.optionsNode, s);
  const after = readOptionsText(inserted.text);
  if (!after.ok) throw new Error(`the insertion broke the JSON: ${after.problem.message}\n${inserted.text}`);
  return { ...inserted, options: after.options };
}

describe('insertConstraint', () => {
  test.for([
    { name: 'an empty set', text: '{"options": {}}' },
    { name: 'a set without constraints', text: formatOptions({ 'page-length': 5 }) },
    { name: 'an empty constraint list', text: formatOptions({ constraint: [] }) },
    { name: 'a formatted list', text: formatOptions({ constraint: [{ name: 'a', collection: null }] }) },
    { name: 'a one-line list', text: '{"options": {"constraint": [{"name": "a", "collection": null}]}}' },
    { name: 'one bare constraint', text: formatOptions({ constraint: { name: 'a', collection: null } }) },
  ])('adds the constraint to $name, keeping the JSON valid', ({ text }) => {
    const before = readOptionsText(text);
    if (!before.ok) throw new Error('bad fixture');
    const inserted = insert(text, snippet('value'));
    const constraints = inserted.options.constraint as unknown[];
    expect(constraints.at(-1)).toEqual(snippet('value').constraint);
    expect(constraints).toHaveLength([before.options.constraint ?? []].flat().length + 1);
    expect(JSON.parse(inserted.text.slice(inserted.from, inserted.to))).toEqual(snippet('value').constraint);
  });

  test('leaves everything else exactly as written and indents like the neighbours', () => {
    const text = '{\n    "options": {\n        "constraint": [\n            { "name": "a",   "collection": null }\n        ]\n    }\n}';
    const inserted = insert(text, snippet('properties'));
    expect(inserted.text).toBe(
      '{\n    "options": {\n        "constraint": [\n            { "name": "a",   "collection": null },\n' +
        '            {\n              "name": "prop",\n              "properties": null\n            }\n        ]\n    }\n}',
    );
  });

  test('renames a constraint whose name is taken and says so', () => {
    const text = formatOptions({ constraint: [{ name: 'coll', collection: null }, { name: 'coll2', collection: null }] });
    const inserted = insert(text, snippet('collection'));
    expect(inserted.name).toBe('coll3');
    expect((inserted.options.constraint as Array<{ name: string }>).map((c) => c.name)).toEqual(['coll', 'coll2', 'coll3']);
  });

  test('does not take the name of an operator either', () => {
    const text = formatOptions({ operator: [{ name: 'coll', state: [{ name: 'a' }] }] });
    expect(insert(text, snippet('collection')).name).toBe('coll2');
  });

  test('keeps the snippet name when it is free', () => {
    expect(insert(formatOptions({}), snippet('collection')).name).toBeUndefined();
  });
});

describe('applySetting', () => {
  test('sets a key the set does not have', () => {
    const inserted = insert(formatOptions({ 'page-length': 5 }), setting('snippets'));
    expect(inserted.options['transform-results']).toEqual(setting('snippets').value);
    expect(inserted.options['page-length']).toBe(5);
  });

  test('replaces the value of a key the set has', () => {
    const inserted = insert(formatOptions({ 'transform-results': { apply: 'raw' }, 'page-length': 5 }), setting('snippets'));
    expect(inserted.options).toEqual({ 'transform-results': setting('snippets').value, 'page-length': 5 });
  });

  test.for([
    { name: 'a new list', options: {}, expected: [{ direction: 'descending', score: null }] },
    {
      name: 'an existing list',
      options: { 'sort-order': [{ direction: 'ascending', type: 'xs:int', 'json-property': 'n' }] },
      expected: [{ direction: 'ascending', type: 'xs:int', 'json-property': 'n' }, { direction: 'descending', score: null }],
    },
    {
      name: 'one bare entry',
      options: { 'sort-order': { direction: 'ascending', type: 'xs:int', 'json-property': 'n' } },
      expected: [{ direction: 'ascending', type: 'xs:int', 'json-property': 'n' }, { direction: 'descending', score: null }],
    },
  ])('appends to $name', ({ options, expected }) => {
    expect(insert(formatOptions(options), setting('sort-score')).options['sort-order']).toEqual(expected);
  });
});

test('uniqueName counts up from 2', () => {
  expect(uniqueName('a', new Set())).toBe('a');
  expect(uniqueName('a', new Set(['a', 'a2']))).toBe('a3');
});

test('every snippet inserts into the starter template without breaking it', () => {
  let text = formatOptions({});
  for (const s of [...constraintSnippets, ...settingSnippets]) text = insert(text, s).text;
  const read = readOptionsText(text);
  expect(read.ok).toBe(true);
  if (!read.ok) return;
  expect((read.options.constraint as unknown[]).length).toBe(constraintSnippets.length);
  expect(read.warnings).toEqual([]);
});

describe('list entries (the values form)', () => {
  const edit = (text: string, change: (t: string, o: Parameters<typeof appendToList>[1]) => Inserted | undefined) => {
    const read = readOptionsText(text);
    if (!read.ok) throw new Error(read.problem.message);
    const edited = change(text, read.optionsNode);
    if (!edited) return undefined;
    const after = readOptionsText(edited.text);
    if (!after.ok) throw new Error(`the edit broke the JSON: ${after.problem.message}\n${edited.text}`);
    return { text: edited.text, options: after.options };
  };
  const a = { name: 'a', uri: null };
  const b = { name: 'b', collection: { prefix: '' } };

  test('appendToList creates the list, extends it, and makes a bare value a list', () => {
    expect(edit(formatOptions({ 'page-length': 5 }), (t, o) => appendToList(t, o, 'values', a))?.options.values).toEqual([a]);
    expect(edit(formatOptions({ values: [a] }), (t, o) => appendToList(t, o, 'values', b))?.options.values).toEqual([a, b]);
    expect(edit(formatOptions({ values: a }), (t, o) => appendToList(t, o, 'values', b))?.options.values).toEqual([a, b]);
  });

  test('replaceListEntry replaces one entry in place, indented like it', () => {
    const text = formatOptions({ values: [a, b], 'page-length': 5 });
    const edited = edit(text, (t, o) => replaceListEntry(t, o, 'values', 1, { ...b, name: 'c' }));
    expect(edited?.options).toEqual({ values: [a, { ...b, name: 'c' }], 'page-length': 5 });
    expect(edited?.text).toBe(formatOptions({ values: [a, { ...b, name: 'c' }], 'page-length': 5 }));
    expect(edit(formatOptions({ values: a }), (t, o) => replaceListEntry(t, o, 'values', 0, b))?.options.values).toEqual(b);
    expect(edit(text, (t, o) => replaceListEntry(t, o, 'values', 2, b))).toBeUndefined();
  });

  test('removeListEntry removes an entry with its comma, and the key with its last entry', () => {
    const three = formatOptions({ values: [a, b, { name: 'c', uri: null }] });
    expect(edit(three, (t, o) => removeListEntry(t, o, 'values', 0))?.text).toBe(formatOptions({ values: [b, { name: 'c', uri: null }] }));
    expect(edit(three, (t, o) => removeListEntry(t, o, 'values', 2))?.text).toBe(formatOptions({ values: [a, b] }));
    expect(edit(formatOptions({ 'page-length': 5, values: [a], tuples: [] }), (t, o) => removeListEntry(t, o, 'values', 0))?.text).toBe(formatOptions({ 'page-length': 5, tuples: [] }));
    expect(edit(formatOptions({ values: [a], 'page-length': 5 }), (t, o) => removeListEntry(t, o, 'values', 0))?.text).toBe(formatOptions({ 'page-length': 5 }));
    expect(edit(formatOptions({ values: a, 'page-length': 5 }), (t, o) => removeListEntry(t, o, 'values', 0))?.options).toEqual({ 'page-length': 5 });
    expect(edit(formatOptions({ values: [a] }), (t, o) => removeListEntry(t, o, 'values', 0))?.options).toEqual({});
  });
});
