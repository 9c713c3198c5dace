import { describe, expect, test } from 'vitest';
import { applyJsonPatch } from './json-patch';
import { failure } from '../../../../test/db-error';

const uri = '/a.json';

const orderDoc = () => ({
  status: 'open',
  count: 3,
  note: 'n',
  tags: ['red', 'blue'],
  items: [
    { sku: 'A1', qty: 2 },
    { sku: 'B2', qty: 5 },
  ],
  addr: { city: 'Lyon' },
});

describe('applyJsonPatch on content', () => {
  test.for([
    {
      name: 'delete removes a property',
      patch: [{ delete: { select: '/note' } }],
      expected: { ...orderDoc(), note: undefined },
    },
    {
      name: 'delete with a predicate removes one array item',
      patch: [{ delete: { select: '/tags[. eq "red"]' } }],
      expected: { ...orderDoc(), tags: ['blue'] },
    },
    {
      name: 'delete of an array property by name removes its items and leaves the array',
      patch: [{ delete: { select: '/tags' } }],
      expected: { ...orderDoc(), tags: [] },
    },
    {
      name: 'delete of array-node("name") removes the array property',
      patch: [{ delete: { select: '/array-node("tags")' } }],
      expected: { ...orderDoc(), tags: undefined },
    },
    {
      name: 'delete with a property predicate removes an object from an array',
      patch: [{ delete: { select: '/items[sku eq "A1"]' } }],
      expected: { ...orderDoc(), items: [{ sku: 'B2', qty: 5 }] },
    },
    {
      name: 'a relative path matches at any depth',
      patch: [{ delete: { select: 'qty' } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1' }, { sku: 'B2' }] },
    },
    {
      name: 'delete of an object and of something inside it is not a conflict',
      patch: [{ delete: { select: '/addr' } }, { delete: { select: '/addr/city' } }],
      expected: { ...orderDoc(), addr: undefined },
    },
    {
      name: 'replace of a property keeps its key',
      patch: [{ replace: { select: '/status', content: 'shipped' } }],
      expected: { ...orderDoc(), status: 'shipped' },
    },
    {
      name: 'replace with object content replaces the whole value',
      patch: [{ replace: { select: '/addr', content: { city: 'Paris', zip: '75001' } } }],
      expected: { ...orderDoc(), addr: { city: 'Paris', zip: '75001' } },
    },
    {
      name: 'replace of an array item by position',
      patch: [{ replace: { select: '/tags[2]', content: 'green' } }],
      expected: { ...orderDoc(), tags: ['red', 'green'] },
    },
    {
      name: 'replace of an array item found by predicate',
      patch: [{ replace: { select: '/items[sku eq "B2"]', content: { sku: 'B2', qty: 6 } } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1', qty: 2 }, { sku: 'B2', qty: 6 }] },
    },
    {
      name: 'replace of array-node("name") with an array replaces the whole array',
      patch: [{ replace: { select: '/array-node("tags")', content: ['x'] } }],
      expected: { ...orderDoc(), tags: ['x'] },
    },
    {
      name: 'replace with null content stores null',
      patch: [{ replace: { select: '/status', content: null } }],
      expected: { ...orderDoc(), status: null },
    },
    {
      name: 'replace of every match',
      patch: [{ replace: { select: '/items/qty', content: 0 } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1', qty: 0 }, { sku: 'B2', qty: 0 }] },
    },
    {
      name: 'replace of a string through text()',
      patch: [{ replace: { select: '/addr/text()', content: 'Paris' } }],
      expected: { ...orderDoc(), addr: { city: 'Paris' } },
    },
    {
      name: 'replace of the root replaces the whole document',
      patch: [{ replace: { select: '/node()', content: { fresh: true } } }],
      expected: { fresh: true },
    },
    {
      name: 'insert last-child into an array appends an item',
      patch: [{ insert: { context: '/array-node("tags")', position: 'last-child', content: 'green' } }],
      expected: { ...orderDoc(), tags: ['red', 'blue', 'green'] },
    },
    {
      name: 'insert without a position appends as last child',
      patch: [{ insert: { context: '/node("tags")', content: 'green' } }],
      expected: { ...orderDoc(), tags: ['red', 'blue', 'green'] },
    },
    {
      name: 'insert of array content into an array adds each element as an item',
      patch: [{ insert: { context: '/array-node("tags")', content: ['a', 'b'] } }],
      expected: { ...orderDoc(), tags: ['red', 'blue', 'a', 'b'] },
    },
    {
      name: 'insert before an array item',
      patch: [{ insert: { context: '/tags[. eq "blue"]', position: 'before', content: 'purple' } }],
      expected: { ...orderDoc(), tags: ['red', 'purple', 'blue'] },
    },
    {
      name: 'insert after an array item',
      patch: [{ insert: { context: '/tags[1]', position: 'after', content: 'purple' } }],
      expected: { ...orderDoc(), tags: ['red', 'purple', 'blue'] },
    },
    {
      name: 'insert of an object into an array of objects',
      patch: [{ insert: { context: '/array-node("items")', position: 'last-child', content: { sku: 'C3', qty: 1 } } }],
      expected: { ...orderDoc(), items: [...orderDoc().items, { sku: 'C3', qty: 1 }] },
    },
    {
      name: 'insert last-child into an object adds the content keys as properties',
      patch: [{ insert: { context: '/object-node("addr")', position: 'last-child', content: { zip: '69001' } } }],
      expected: { ...orderDoc(), addr: { city: 'Lyon', zip: '69001' } },
    },
    {
      name: 'insert into the root object with context "/"',
      patch: [{ insert: { context: '/', position: 'last-child', content: { added: 1 } } }],
      expected: { ...orderDoc(), added: 1 },
    },
    {
      name: 'insert of an array of objects into an object adds all their keys',
      patch: [{ insert: { context: '/node("addr")', content: [{ zip: '69001' }, { country: 'FR' }] } }],
      expected: { ...orderDoc(), addr: { city: 'Lyon', zip: '69001', country: 'FR' } },
    },
    {
      name: 'insert of an existing key overrides its value',
      patch: [{ insert: { context: '/object-node("addr")', content: { city: 'Paris' } } }],
      expected: { ...orderDoc(), addr: { city: 'Paris' } },
    },
    {
      name: 'insert into every matched container',
      patch: [{ insert: { context: '/items', position: 'last-child', content: { checked: true } } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1', qty: 2, checked: true }, { sku: 'B2', qty: 5, checked: true }] },
    },
    {
      name: 'replace-insert replaces when the select path matches',
      patch: [{ 'replace-insert': { select: '/status', context: '/', position: 'last-child', content: 'closed' } }],
      expected: { ...orderDoc(), status: 'closed' },
    },
    {
      name: 'replace-insert inserts at the context when the select path matches nothing',
      patch: [{ 'replace-insert': { select: '/memo', context: '/', position: 'last-child', content: { memo: 'x' } } }],
      expected: { ...orderDoc(), memo: 'x' },
    },
    {
      name: 'replace-insert resolves a relative select against the context',
      patch: [{ 'replace-insert': { select: 'zip', context: '/object-node("addr")', content: { zip: '69001' } } }],
      expected: { ...orderDoc(), addr: { city: 'Lyon', zip: '69001' } },
    },
    {
      name: 'paths see the original document, not the result of earlier operations',
      patch: [{ delete: { select: '/tags[1]' } }, { replace: { select: '/tags[2]', content: 'z' } }],
      expected: { ...orderDoc(), tags: ['z'] },
    },
    {
      name: 'an insert cannot be seen by a delete of the same patch',
      patch: [{ insert: { context: '/object-node("addr")', content: { extra: 1 } } }, { delete: { select: '/addr/extra' } }],
      expected: { ...orderDoc(), addr: { city: 'Lyon', extra: 1 } },
    },
    {
      name: 'replace-insert insertions run before plain insertions whatever the order in the patch',
      patch: [
        { insert: { context: '/array-node("tags")', content: 'from-insert' } },
        { 'replace-insert': { select: '/nothing', context: '/array-node("tags")', content: 'from-replace-insert' } },
      ],
      expected: { ...orderDoc(), tags: ['red', 'blue', 'from-replace-insert', 'from-insert'] },
    },
    {
      name: 'several inserts at one place keep the patch order',
      patch: [
        { insert: { context: '/tags[2]', position: 'before', content: 'x' } },
        { insert: { context: '/tags[2]', position: 'before', content: 'y' } },
        { insert: { context: '/tags[1]', position: 'after', content: 'z' } },
      ],
      expected: { ...orderDoc(), tags: ['red', 'z', 'x', 'y', 'blue'] },
    },
    {
      name: 'cardinality "+" accepts several matches',
      patch: [{ replace: { select: '/tags', content: 'x', cardinality: '+' } }],
      expected: { ...orderDoc(), tags: ['x', 'x'] },
    },
    {
      name: 'cardinality "." accepts exactly one match',
      patch: [{ delete: { select: '/note', cardinality: '.' } }],
      expected: { ...orderDoc(), note: undefined },
    },
    {
      name: 'an XPath numeric predicate selects the node to replace',
      patch: [{ replace: { select: '/items[qty gt 3]/qty', content: 9 } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1', qty: 2 }, { sku: 'B2', qty: 9 }] },
    },
  ])('$name', ({ patch, expected }) => {
    const { result, changed } = applyJsonPatch(orderDoc(), { patch }, { uri });
    expect(result).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(changed).toBe(true);
  });

  test('insert before a property places the new keys before it', () => {
    const { result } = applyJsonPatch(orderDoc(), { patch: [{ insert: { context: '/addr/city', position: 'before', content: { country: 'FR' } } }] }, { uri });
    expect(Object.keys((result as { addr: object }).addr)).toEqual(['country', 'city']);
  });

  test('insert after a property places the new keys right after it', () => {
    const { result } = applyJsonPatch(orderDoc(), { patch: [{ insert: { context: '/status', position: 'after', content: { substatus: 'x' } } }] }, { uri });
    expect(Object.keys(result as object)).toEqual(['status', 'substatus', 'count', 'note', 'tags', 'items', 'addr']);
  });

  test.for([
    { name: 'an optional cardinality with no match', patch: [{ delete: { select: '/nothing', cardinality: '?' } }] },
    { name: 'the default cardinality with no match', patch: [{ replace: { select: '/nothing', content: 1 } }] },
    { name: 'an insert whose context matches nothing', patch: [{ insert: { context: '/array-node("nothing")', content: 1 } }] },
  ])('$name leaves the value as it was and reports no change', ({ patch }) => {
    const { result, changed } = applyJsonPatch(orderDoc(), { patch }, { uri });
    expect(result).toEqual(orderDoc());
    expect(changed).toBe(false);
  });

  test('the target and the patch are never mutated, and the result shares nothing with them', () => {
    const target = orderDoc();
    const content = { zip: { code: '69001' } };
    const patch = { patch: [{ insert: { context: '/object-node("addr")', content } }, { delete: { select: '/tags[1]' } }] };
    const before = JSON.stringify({ target, patch });
    const { result } = applyJsonPatch(target, patch, { uri }) as { result: { addr: { zip: { code: string } }; items: { qty: number }[] } };
    expect(JSON.stringify({ target, patch })).toBe(before);
    result.addr.zip.code = 'changed';
    result.items[0].qty = 99;
    expect(content.zip.code).toBe('69001');
    expect(target.items[0].qty).toBe(2);
  });

  test('a document whose root is an array can be patched', () => {
    const { result } = applyJsonPatch(
      ['a', 'b'],
      { patch: [{ insert: { context: '/array-node()', content: 'c' } }, { delete: { select: '/array-node()/node()[1]' } }] },
      { uri },
    );
    expect(result).toEqual(['b', 'c']);
  });

  test('a lone operation object under "patch" counts as one operation', () => {
    const { result } = applyJsonPatch(orderDoc(), { patch: { delete: { select: '/note' } } }, { uri });
    expect(result).not.toHaveProperty('note');
  });
});

describe('applyJsonPatch with JSONPath', () => {
  test.for([
    {
      name: 'insert into an array named by bracket (the official client test)',
      patch: [{ insert: { context: '$["tags"]', position: 'last-child', content: 'green' } }],
      expected: { ...orderDoc(), tags: ['red', 'blue', 'green'] },
    },
    {
      name: 'replace of a nested member',
      patch: [{ replace: { select: '$.items[0].qty', content: 7 } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1', qty: 7 }, { sku: 'B2', qty: 5 }] },
    },
    {
      name: 'delete by filter',
      patch: [{ delete: { select: "$.items[?(@.sku == 'B2')]" } }],
      expected: { ...orderDoc(), items: [{ sku: 'A1', qty: 2 }] },
    },
    {
      name: 'replace of descendants',
      patch: [{ replace: { select: '$..city', content: 'Paris' } }],
      expected: { ...orderDoc(), addr: { city: 'Paris' } },
    },
    {
      name: 'delete of a member',
      patch: [{ delete: { select: '$.note' } }],
      expected: { ...orderDoc(), note: undefined },
    },
    {
      name: 'insert after an item',
      patch: [{ insert: { context: '$.tags[0]', position: 'after', content: 'pink' } }],
      expected: { ...orderDoc(), tags: ['red', 'pink', 'blue'] },
    },
    {
      name: 'replace-insert with JSONPath paths',
      patch: [{ 'replace-insert': { select: '$.addr.zip', context: '$.addr', content: { zip: '1' } } }],
      expected: { ...orderDoc(), addr: { city: 'Lyon', zip: '1' } },
    },
  ])('$name', ({ patch, expected }) => {
    const { result } = applyJsonPatch(orderDoc(), { pathlang: 'jsonpath', patch }, { uri });
    expect(result).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  test('the official client test patch gives the document it expects', () => {
    const doc = { id: 'patchDoc1', arrayParentKey: ['existing value'], objectParentKey: { replacementKey: 'replaceable value' }, deletableKey: 'deletable value' };
    const { result } = applyJsonPatch(
      doc,
      {
        pathlang: 'jsonpath',
        patch: [
          { insert: { context: '$["arrayParentKey"]', position: 'last-child', content: 'appended value' } },
          { replace: { select: '$.objectParentKey.replacementKey', content: 'replacement value' } },
          { delete: { select: '$.deletableKey' } },
        ],
      },
      { uri },
    );
    expect(result).toEqual({ id: 'patchDoc1', arrayParentKey: ['existing value', 'appended value'], objectParentKey: { replacementKey: 'replacement value' } });
  });
});

describe('apply functions', () => {
  test.for([
    { name: 'ml.add adds a $value to a number', current: 3, apply: 'ml.add', content: [{ $value: 2 }], expected: 5 },
    { name: 'ml.add takes a plain value', current: 3, apply: 'ml.add', content: 2, expected: 5 },
    { name: 'ml.add on a numeric string keeps a string', current: '3', apply: 'ml.add', content: [{ $value: 2 }], expected: '5' },
    { name: 'ml.add with a typed operand', current: 3, apply: 'ml.add', content: [{ $value: '2', $datatype: 'xs:int' }], expected: 5 },
    { name: 'ml.add does not leak binary noise', current: 0.1, apply: 'ml.add', content: 0.2, expected: 0.3 },
    { name: 'ml.subtract subtracts', current: 3, apply: 'ml.subtract', content: 1.5, expected: 1.5 },
    { name: 'ml.multiply multiplies', current: 3, apply: 'ml.multiply', content: 4, expected: 12 },
    { name: 'ml.divide divides', current: 3, apply: 'ml.divide', content: 2, expected: 1.5 },
    {
      name: 'ml.add adds months to a dateTime, pinned to the month end',
      current: '2024-01-31T10:00:00Z',
      apply: 'ml.add',
      content: [{ $value: 'P1M', $datatype: 'xs:yearMonthDuration' }, 'xs:dateTime'],
      expected: '2024-02-29T10:00:00Z',
    },
    {
      name: 'ml.add adds a dayTimeDuration across midnight, keeping the timezone',
      current: '2024-01-01T23:30:00+02:00',
      apply: 'ml.add',
      content: [{ $value: 'PT1H', $datatype: 'xs:dayTimeDuration' }, 'xs:dateTime'],
      expected: '2024-01-02T00:30:00+02:00',
    },
    {
      name: 'ml.subtract of two dates gives a duration',
      current: '2024-03-01',
      apply: 'ml.subtract',
      content: [{ $value: '2024-02-01', $datatype: 'xs:date' }, 'xs:date'],
      expected: 'P29D',
    },
    {
      name: 'ml.add of two durations',
      current: 'P1DT2H',
      apply: 'ml.add',
      content: [{ $value: 'PT22H', $datatype: 'xs:dayTimeDuration' }, 'xs:dayTimeDuration'],
      expected: 'P2D',
    },
    { name: 'ml.multiply scales a duration', current: 'PT1H30M', apply: 'ml.multiply', content: [2, 'xs:dayTimeDuration'], expected: 'PT3H' },
    { name: 'ml.concat-before prepends', current: 'world', apply: 'ml.concat-before', content: 'hello ', expected: 'hello world' },
    { name: 'ml.concat-after appends', current: 'hello', apply: 'ml.concat-after', content: [{ $value: ' world' }], expected: 'hello world' },
    { name: 'ml.concat-after on a number keeps a number', current: 5, apply: 'ml.concat-after', content: '0', expected: 50 },
    { name: 'ml.concat-between wraps', current: 'x', apply: 'ml.concat-between', content: ['<', '>'], expected: '<x>' },
    { name: 'ml.substring-before cuts at the first match', current: 'a-b-c', apply: 'ml.substring-before', content: '-', expected: 'a' },
    { name: 'ml.substring-before without a match gives empty', current: 'abc', apply: 'ml.substring-before', content: '-', expected: '' },
    { name: 'ml.substring-after keeps what follows', current: 'a-b-c', apply: 'ml.substring-after', content: '-', expected: 'b-c' },
    { name: 'ml.replace-regex replaces every match', current: 'a1b22', apply: 'ml.replace-regex', content: ['\\d+', '#'], expected: 'a#b#' },
    { name: 'ml.replace-regex uses $n groups', current: 'John Smith', apply: 'ml.replace-regex', content: ['(\\w+) (\\w+)', '$2, $1'], expected: 'Smith, John' },
    { name: 'ml.replace-regex honours the i flag', current: 'ABC', apply: 'ml.replace-regex', content: ['b', 'x', 'i'], expected: 'AxC' },
    { name: 'ml.replace-regex honours the q flag', current: 'a.b.c', apply: 'ml.replace-regex', content: ['.', '$', 'q'], expected: 'a$b$c' },
    { name: 'ml.replace-regex refuses a pattern that matches the empty string', current: 'cost', apply: 'ml.replace-regex', content: ['^', '\\$'], error: 'regular expression matches a zero-length string: ^' },
    { name: 'ml.replace-regex escapes in the replacement', current: '5', apply: 'ml.replace-regex', content: ['(\\d)', '\\$$1'], expected: '$5' },
  ])('$name', ({ current, apply, content, expected, error }) => {
    const run = () => applyJsonPatch({ v: current }, { patch: [{ replace: { select: '/v', apply, content } }] }, { uri });
    if (error) {
      const e = failure(run);
      expect([e.code, e.detail]).toEqual(['RESTAPI-INVALIDCONTENT', error]);
    } else expect(run().result).toEqual({ v: expected });
  });

  test.for([
    { name: 'a non-numeric string', current: 'abc', apply: 'ml.add', content: 1, detail: 'cannot cast abc for numeric operation' },
    { name: 'an object value', current: { a: 1 }, apply: 'ml.add', content: 1, detail: 'operation does not support JSON object values' },
    { name: 'an array operand', current: 1, apply: 'ml.add', content: [[1]], detail: 'operation does not support JSON array values' },
    { name: 'a null value', current: null, apply: 'ml.add', content: 1, detail: 'can only operate on elements, attributes, text, or numbers' },
    { name: 'concatenation onto an object', current: { a: 1 }, apply: 'ml.concat-after', content: 'x', detail: 'can only operate on elements, attributes, text, or numbers' },
    { name: 'no arguments', current: 1, apply: 'ml.add', content: undefined, detail: 'requires between 1 and 3 additional arguments' },
    { name: 'too few arguments', current: 'x', apply: 'ml.concat-between', content: ['<'], detail: 'requires exactly 2 additional arguments' },
    { name: 'an unsupported datatype', current: 1, apply: 'ml.add', content: [{ $value: 'true', $datatype: 'xs:boolean' }], detail: 'operation does not support datatype: boolean' },
    { name: 'the lower-case xs:datetime the Node client sends for a Date', current: '2024-01-01T00:00:00Z', apply: 'ml.add', content: [{ $value: '2024-01-01T00:00:00.000Z', $datatype: 'xs:datetime' }], detail: 'operation does not support datatype: datetime' },
    { name: 'an uncastable typed value', current: 1, apply: 'ml.add', content: [{ $value: 'x', $datatype: 'xs:int' }], detail: 'cannot cast x to xs:int' },
    { name: 'a division by zero', current: 1, apply: 'ml.divide', content: 0, detail: 'division by zero' },
    { name: 'a date plus a number', current: '2024-01-01', apply: 'ml.add', content: [1, 'xs:date'], detail: 'operation does not support xs:date + xs:double' },
    { name: 'an invalid regular expression', current: 'x', apply: 'ml.replace-regex', content: ['(', 'y'], detail: 'invalid regular expression: (' },
    { name: 'a bad replacement string', current: 'x', apply: 'ml.replace-regex', content: ['x', '$'], detail: 'invalid replacement string: $' },
  ])('refuses $name with RESTAPI-INVALIDCONTENT', ({ current, apply, content, detail }) => {
    const op = content === undefined ? { select: '/v', apply } : { select: '/v', apply, content };
    const e = failure(() => applyJsonPatch({ v: current }, { patch: [{ replace: op }] }, { uri }));
    expect([e.code, e.status, e.detail]).toEqual(['RESTAPI-INVALIDCONTENT', 400, detail]);
  });

  test('a replace-insert with an apply function refuses to insert', () => {
    const e = failure(() =>
      applyJsonPatch({ v: 1 }, { patch: [{ 'replace-insert': { select: '/w', context: '/', apply: 'ml.add', content: 1 } }] }, { uri }),
    );
    expect([e.code, e.detail]).toEqual(['RESTAPI-INVALIDCONTENT', 'function usable only for replace and not insert']);
  });

  test('an insert ignores an apply key, as the server does', () => {
    const { result } = applyJsonPatch({ v: [1] }, { patch: [{ insert: { context: '/array-node("v")', apply: 'ml.add', content: 2 } }] }, { uri });
    expect(result).toEqual({ v: [1, 2] });
  });

  test('a replace-insert with an apply function transforms the match when there is one', () => {
    const { result } = applyJsonPatch({ v: 1 }, { patch: [{ 'replace-insert': { select: '/v', context: '/', apply: 'ml.add', content: 1 } }] }, { uri });
    expect(result).toEqual({ v: 2 });
  });
});

describe('applyJsonPatch errors', () => {
  test.for([
    { name: 'a patch that is not an object', patch: 'nope', code: 'RESTAPI-INVALIDREQ', detail: 'patch is not <rapi:patch> or JSON patch object for uri: /a.json' },
    { name: 'a missing patch array', patch: {}, code: 'RESTAPI-INVALIDREQ', detail: 'empty patch for uri: /a.json' },
    { name: 'an empty patch array', patch: { patch: [] }, code: 'RESTAPI-INVALIDREQ', detail: 'empty patch for uri: /a.json' },
    {
      name: 'every validation problem, together',
      patch: { patch: [{ delete: {} }, { insert: { context: '/tags', position: null, content: 'x' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid patch for uri /a.json: delete without select path; insert without position',
    },
    {
      name: 'problems grouped by operation kind: deletes before inserts',
      patch: { patch: [{ insert: { context: '/a', position: 'up', content: 1 } }, { delete: { select: '/b', cardinality: 'x' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid patch for uri /a.json: unknown cardinality: x; insert with unknown position: up',
    },
    { name: 'an insert without content', patch: { patch: [{ insert: { context: '/tags' } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: insert without content: /tags' },
    { name: 'an insert without context', patch: { patch: [{ insert: { content: 1 } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: insert without context path' },
    { name: 'a replace without content or apply', patch: { patch: [{ replace: { select: '/status' } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: replace without apply or content: /status' },
    { name: 'a replace without select', patch: { patch: [{ replace: { content: 1 } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: replace without select path' },
    {
      name: 'a replace-insert missing everything',
      patch: { patch: [{ 'replace-insert': {} }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid patch for uri /a.json: replace-insert without apply or content: ; replace-insert without select path; replace-insert without context path',
    },
    { name: 'an unparseable path', patch: { patch: [{ delete: { select: '/a[' } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: invalid path: /a[' },
    { name: 'an unparseable relative path, named as prefixed', patch: { patch: [{ delete: { select: 'a b' } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: invalid path: //a b' },
    {
      name: 'an unparseable JSONPath',
      patch: { pathlang: 'jsonpath', patch: [{ delete: { select: '$.tags[' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid patch for uri /a.json: invalid path: $.tags[',
    },
    {
      name: 'a JSONPath without pathlang',
      patch: { patch: [{ delete: { select: '$.note' } }] },
      code: 'RESTAPI-INVALIDCONTENT',
      detail: 'Invalid content patch (maybe missing pathlang property?)',
    },
    {
      name: 'a replace-library declaration',
      patch: { patch: [{ 'replace-library': { at: '/ext/lib.sjs' } }, { replace: { select: '/status', apply: 'up' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid patch for uri /a.json: replace-library is not supported: patch libraries are server-side code, which this database does not run; use the built-in ml.* apply functions',
    },
    { name: 'an unknown operation', patch: { patch: [{ remove: { select: '/note' } }] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: unknown patch operation: remove' },
    { name: 'an operation that is not an object', patch: { patch: ['delete'] }, code: 'RESTAPI-INVALIDREQ', detail: 'invalid patch for uri /a.json: invalid patch operation: "delete"' },
    {
      name: 'unknown apply functions, together',
      patch: { patch: [{ replace: { select: '/count', apply: 'ml.nope' } }, { replace: { select: '/status', apply: 'myfn' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid replace apply operations for uri /a.json: not a built-in function: ml.nope, missing or incomplete library declaration for: myfn',
    },
    {
      name: 'cardinality violations, together',
      patch: {
        patch: [
          { delete: { select: '/nothing', cardinality: '.' } },
          { delete: { select: '/tags', cardinality: '?' } },
          { replace: { select: '/nothing', content: 1, cardinality: '+' } },
          { replace: { select: '/tags', content: 1, cardinality: '.' } },
        ],
      },
      code: 'RESTAPI-INVALIDREQ',
      detail:
        'invalid content patch operations for uri /a.json: invalid cardinality of 0 nodes for: /nothing, invalid cardinality of 2 nodes for: /tags, invalid cardinality of 0 nodes for: /nothing, invalid cardinality of 2 nodes for: /tags',
    },
    {
      name: 'a cardinality violation on a relative path, named as prefixed',
      patch: { patch: [{ delete: { select: 'qty', cardinality: '.' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: invalid cardinality of 2 nodes for: //qty',
    },
    {
      name: 'a last-child insert into a string',
      patch: { patch: [{ insert: { context: '/status', content: 'x' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: cannot insert last child for text node: /status',
    },
    {
      name: 'a last-child insert into a number',
      patch: { patch: [{ insert: { context: '/count', content: 1 } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: cannot insert last child for number node: /count',
    },
    {
      name: 'a non-object insert into an object',
      patch: { patch: [{ insert: { context: '/object-node("addr")', content: 'x' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: can only insert object content (whose keys name the properties) into an object: /object-node("addr")',
    },
    {
      name: 'a non-object insert beside a property',
      patch: { patch: [{ insert: { context: '/addr/city', position: 'before', content: ['x'] } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: can only insert object content (whose keys name the properties) into an object: /addr/city',
    },
    {
      name: 'a delete of the root',
      patch: { patch: [{ delete: { select: '/node()' } }, { delete: { select: '/' } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: cannot delete the root node: /node(), cannot delete the root node: /',
    },
    {
      name: 'an insert beside the root',
      patch: { patch: [{ insert: { context: '/node()', position: 'before', content: {} } }] },
      code: 'RESTAPI-INVALIDREQ',
      detail: 'invalid content patch operations for uri /a.json: cannot insert before the root node: /node()',
    },
    {
      name: 'two replaces of one node',
      patch: { patch: [{ replace: { select: '/status', content: 'a' } }, { replace: { select: 'status', content: 'b' } }] },
      code: 'XDMP-CONFLICTINGUPDATES',
      detail: 'replace /status and replace //status update the same node',
    },
    {
      name: 'a delete and a replace of one node',
      patch: { patch: [{ replace: { select: '/status', content: 'a' } }, { delete: { select: '/status' } }] },
      code: 'XDMP-CONFLICTINGUPDATES',
      detail: 'delete /status and replace /status update the same node',
    },
    {
      name: 'an insert beside a deleted node',
      patch: { patch: [{ delete: { select: '/tags[1]' } }, { insert: { context: '/tags[1]', position: 'before', content: 'x' } }] },
      code: 'XDMP-CONFLICTINGUPDATES',
      detail: 'delete /tags[1] and insert /tags[1] update the same node',
    },
    {
      name: 'an insert into a replaced node',
      patch: { patch: [{ replace: { select: '/addr', content: {} } }, { insert: { context: '/object-node("addr")', content: { a: 1 } } }] },
      code: 'XDMP-CONFLICTINGUPDATES',
      detail: 'replace /addr and insert /object-node("addr") update the same node',
    },
    {
      name: 'a change inside a replaced node',
      patch: { patch: [{ replace: { select: '/addr', content: {} } }, { delete: { select: '/addr/city' } }] },
      code: 'XDMP-CONFLICTINGUPDATES',
      detail: 'replace /addr and delete /addr/city update the same node',
    },
  ])('refuses $name', ({ patch, code, detail }) => {
    const e = failure(() => applyJsonPatch(orderDoc(), patch, { uri }));
    expect([e.code, e.status, e.detail]).toEqual([code, 400, detail]);
  });
});

describe('applyJsonPatch on the metadata representation', () => {
  const metadata = () => ({
    collections: ['inbox', 'orders'],
    permissions: [
      { 'role-name': 'rest-reader', capabilities: ['read'] },
      { 'role-name': 'sales', capabilities: ['read'] },
    ],
    properties: {},
    quality: 0,
    metadataValues: { batch: '6' },
  });

  test('MarkLogic’s documentation example patch updates every category', () => {
    const patch = {
      patch: [
        { insert: { context: '/array-node("collections")', position: 'last-child', content: 'archived' } },
        { delete: { select: '/collections[. eq "inbox"]' } },
        { insert: { context: '/array-node("permissions")', position: 'last-child', content: { 'role-name': 'auditor', capabilities: ['read'] } } },
        { replace: { select: '/permissions[role-name eq "sales"]', content: { 'role-name': 'sales', capabilities: ['read', 'update'] } } },
        { insert: { context: '/object-node("properties")', position: 'last-child', content: { owner: 'kim' } } },
        { replace: { select: '/properties/owner', content: 'lee' } },
        { replace: { select: '/quality', content: 5 } },
        { insert: { context: '/node("metadataValues")', position: 'last-child', content: { batch: '7' } } },
        { delete: { select: '/metadataValues/batch' } },
      ],
    };
    const { result, changed } = applyJsonPatch(metadata(), patch, { uri, category: 'metadata' });
    expect(changed).toBe(true);
    expect(result).toEqual({
      collections: ['orders', 'archived'],
      permissions: [
        { 'role-name': 'rest-reader', capabilities: ['read'] },
        { 'role-name': 'sales', capabilities: ['read', 'update'] },
        { 'role-name': 'auditor', capabilities: ['read'] },
      ],
      // the replace saw no owner in the original, so only the insert applies
      properties: { owner: 'kim' },
      quality: 5,
      // the delete removes the original batch; the inserted one stays
      metadataValues: { batch: '7' },
    });
  });

  test('the official client metadata patch (raw operations) gives what its test expects', () => {
    const original = {
      collections: ['collection1/0', 'collection1/1'],
      permissions: [
        { 'role-name': 'app-builder', capabilities: ['read'] },
        { 'role-name': 'manage-admin', capabilities: ['read'] },
        { 'role-name': 'manage-user', capabilities: ['read'] },
      ],
      properties: { property0: 'property value 0', property1: 'property value 1', property2: 'property value 2' },
      quality: 1,
      metadataValues: { meta0: 'metadata value 0', meta1: 'metadata value 1', meta2: 'metadata value 2' },
    };
    const patch = {
      patch: [
        { insert: { context: '/collections[. eq "collection1/1"]', position: 'before', content: 'collection1/INSERTED_BEFORE' } },
        { insert: { context: '/array-node("collections")', position: 'last-child', content: 'collection1/INSERTED_LAST' } },
        { delete: { select: '/collections[. eq "collection1/0"]' } },
        { insert: { context: '/array-node("permissions")', position: 'last-child', content: { 'role-name': 'app-user', capabilities: ['read'] } } },
        { replace: { select: '/permissions[node("role-name") eq "app-builder"]', content: { 'role-name': 'app-builder', capabilities: ['read', 'update'] } } },
        { delete: { select: '/permissions[role-name eq "manage-user"]' } },
        { insert: { context: '/properties/property2', position: 'before', content: { propertyINSERTED_BEFORE2: 'property value INSERTED_BEFORE' } } },
        { insert: { context: '/node("properties")', position: 'last-child', content: { propertyINSERTED_LAST: 'property value INSERTED_LAST' } } },
        { replace: { select: '/properties/node("property1")', content: 'property value MODIFIED' } },
        { delete: { select: '/properties/property0' } },
        { replace: { select: '/quality', content: 2 } },
        { insert: { context: '/metadataValues/meta2', position: 'before', content: { metaINSERTED_BEFORE2: 'metadata value INSERTED_BEFORE' } } },
        { insert: { context: '/object-node("metadataValues")', position: 'last-child', content: { metaINSERTED_LAST: 'metadata value INSERTED_LAST' } } },
        { replace: { select: '/metadataValues/meta1', content: 'metadata value MODIFIED' } },
        { delete: { select: '/metadataValues/node("meta0")' } },
      ],
    };
    const { result } = applyJsonPatch(original, patch, { uri, category: 'metadata' }) as { result: Record<string, object> };
    expect(result.collections).toEqual(['collection1/INSERTED_BEFORE', 'collection1/1', 'collection1/INSERTED_LAST']);
    expect(result.permissions).toEqual([
      { 'role-name': 'app-builder', capabilities: ['read', 'update'] },
      { 'role-name': 'manage-admin', capabilities: ['read'] },
      { 'role-name': 'app-user', capabilities: ['read'] },
    ]);
    expect(Object.entries(result.properties)).toEqual([
      ['property1', 'property value MODIFIED'],
      ['propertyINSERTED_BEFORE2', 'property value INSERTED_BEFORE'],
      ['property2', 'property value 2'],
      ['propertyINSERTED_LAST', 'property value INSERTED_LAST'],
    ]);
    expect(result.quality).toBe(2);
    expect(Object.entries(result.metadataValues)).toEqual([
      ['meta1', 'metadata value MODIFIED'],
      ['metaINSERTED_BEFORE2', 'metadata value INSERTED_BEFORE'],
      ['meta2', 'metadata value 2'],
      ['metaINSERTED_LAST', 'metadata value INSERTED_LAST'],
    ]);
  });

  test.for([
    {
      name: 'a delete of quality',
      patch: [{ delete: { select: '/quality' } }],
      detail: 'cannot delete document quality',
    },
    {
      name: 'an insert beside quality',
      patch: [{ insert: { context: '/quality', position: 'after', content: { q: 1 } } }],
      detail: 'cannot insert relative to document quality',
    },
    {
      name: 'an insert beside a category',
      patch: [{ insert: { context: '/array-node("collections")', position: 'before', content: { extra: [] } } }],
      detail: 'cannot insert before or after metadata category: ["inbox","orders"]',
    },
    {
      name: 'an insert inside a metadata item',
      patch: [{ insert: { context: '/permissions[role-name eq "sales"]', position: 'last-child', content: { note: 'x' } } }],
      detail: 'cannot insert last child in metadata item: {"role-name":"sales","capabilities":["read"]}',
    },
    {
      name: 'two changes of one node',
      patch: [{ replace: { select: '/quality', content: 1 } }, { replace: { select: '/quality', content: 2 } }],
      detail: 'cannot make multiple changes on node: 0',
    },
    {
      name: 'an insert beside a changed node',
      patch: [{ delete: { select: '/collections[1]' } }, { insert: { context: '/collections[1]', position: 'after', content: 'x' } }],
      detail: 'cannot insert relative to changed node: "inbox"',
    },
  ])('refuses $name with the metadata message', ({ patch, detail }) => {
    const e = failure(() => applyJsonPatch(metadata(), { patch }, { uri, category: 'metadata' }));
    expect([e.code, e.detail]).toEqual(['RESTAPI-INVALIDREQ', `invalid metadata patch operations for uri /a.json: ${detail}`]);
  });

  test('a JSONPath without pathlang is reported as an invalid metadata patch', () => {
    const e = failure(() => applyJsonPatch(metadata(), { patch: [{ delete: { select: '$.quality' } }] }, { uri, category: 'metadata' }));
    expect([e.code, e.detail]).toEqual(['RESTAPI-INVALIDCONTENT', 'Invalid metadata patch (maybe missing pathlang property?)']);
  });
});
