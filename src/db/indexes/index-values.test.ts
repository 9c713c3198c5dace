import { describe, expect, test } from 'vitest';
import { emptyMetadata, type DocumentFormat, type StoredDocument } from '../documents/types';
import { failure } from '../../../test/db-error';
import { defaultIndexSettings, parseIndexSettings, resolvedRangeIndexes, type ResolvedRangeIndex } from './config';
import { checkedIndexValues, extractIndexValues, indexableContent, indexValues } from './index-values';
import { lexicalOf } from './range-values';

const doc = (uri: string, format: DocumentFormat, content: string | Uint8Array): StoredDocument => ({
  uri,
  format,
  content,
  mimeType: format === 'json' ? 'application/json' : 'application/xml',
  metadata: emptyMetadata(),
  version: 1,
});

/** The one index an entry defines. */
function index(entry: Record<string, unknown>, kind: 'range-element-index' | 'range-element-attribute-index' = 'range-element-index'): ResolvedRangeIndex {
  const [resolved] = resolvedRangeIndexes({ ...defaultIndexSettings, ...parseIndexSettings({ [kind]: [entry] }) });
  return resolved;
}

const values = (d: StoredDocument, i: ResolvedRangeIndex) => indexValues(d, i).values.map((v) => lexicalOf(v, i.type));

describe('indexValues from JSON', () => {
  const recipe = doc(
    '/r.json',
    'json',
    JSON.stringify({
      title: 'Soup',
      price: 12,
      tags: ['hot', 'quick', ['nested']],
      meta: { price: '7.50', author: { name: 'Ann' } },
      variants: [{ price: 3 }, { price: null }, { price: { amount: 1 } }],
      flag: true,
    }),
  );

  test.for<{ name: string; entry: Record<string, unknown>; expected: string[] }>([
    { name: 'a property at any depth, in document order', entry: { 'scalar-type': 'decimal', localname: 'price' }, expected: ['12', '7.5', '3'] },
    { name: 'each item of an array, nested arrays included', entry: { 'scalar-type': 'string', localname: 'tags' }, expected: ['hot', 'quick', 'nested'] },
    { name: 'a property inside an object inside an object', entry: { 'scalar-type': 'string', localname: 'name' }, expected: ['Ann'] },
    { name: 'a boolean as a string', entry: { 'scalar-type': 'string', localname: 'flag' }, expected: ['true'] },
    { name: 'a number as a string is its text', entry: { 'scalar-type': 'string', localname: 'price' }, expected: ['12', '7.50', '3'] },
    { name: 'a property that does not occur', entry: { 'scalar-type': 'string', localname: 'missing' }, expected: [] },
    { name: 'nothing for an index in a namespace (JSON has none)', entry: { 'scalar-type': 'string', 'namespace-uri': 'urn:x', localname: 'title' }, expected: [] },
  ])('$name', ({ entry, expected }) => {
    expect(values(recipe, index(entry))).toEqual(expected);
  });

  test('null and objects give no value (and so cannot be invalid)', () => {
    expect(indexValues(recipe, index({ 'scalar-type': 'int', localname: 'price' }))).toMatchObject({ values: [12, 3], invalid: { raw: '7.50', path: '/meta/price' } });
  });

  test('an uncastable value is reported with its path, array positions 1-based', () => {
    const d = doc('/a.json', 'json', JSON.stringify({ items: [{ qty: 1 }, { qty: 'two' }] }));
    expect(indexValues(d, index({ 'scalar-type': 'int', localname: 'qty' }))).toEqual({ values: [1], invalid: { raw: 'two', path: '/items[2]/qty' } });
  });
});

describe('indexValues from XML', () => {
  const order = doc(
    '/o.xml',
    'xml',
    `<order xmlns:b="urn:books" id="o-1">
  <zip>12345</zip>
  <b:zip>999</b:zip>
  <item lang="en" b:lang="fr"><price>10</price><note>cheap <!-- really --><em>deal</em></note></item>
  <item lang="de"><price> 20 </price></item>
  <group><zip/></group>
</order>`,
  );

  test.for<{ name: string; entry: Record<string, unknown>; kind?: 'range-element-attribute-index'; expected: string[] }>([
    { name: 'every element in no namespace with the name', entry: { 'scalar-type': 'string', localname: 'price' }, expected: ['10', ' 20 '] },
    { name: 'an int ignores surrounding whitespace', entry: { 'scalar-type': 'int', localname: 'price' }, expected: ['10', '20'] },
    { name: 'the string value of an element is all its descendant text, comments left out', entry: { 'scalar-type': 'string', localname: 'note' }, expected: ['cheap deal'] },
    { name: 'an element in a namespace', entry: { 'scalar-type': 'int', 'namespace-uri': 'urn:books', localname: 'zip' }, expected: ['999'] },
    { name: 'an empty element is the empty string', entry: { 'scalar-type': 'string', localname: 'zip' }, expected: ['12345', ''] },
    {
      name: 'an attribute of every matching parent',
      entry: { 'scalar-type': 'string', 'parent-localname': 'item', localname: 'lang' },
      kind: 'range-element-attribute-index',
      expected: ['en', 'de'],
    },
    {
      name: 'a namespaced attribute',
      entry: { 'scalar-type': 'string', 'parent-localname': 'item', 'namespace-uri': 'urn:books', localname: 'lang' },
      kind: 'range-element-attribute-index',
      expected: ['fr'],
    },
    {
      name: 'an attribute on the root element',
      entry: { 'scalar-type': 'string', 'parent-localname': 'order', localname: 'id' },
      kind: 'range-element-attribute-index',
      expected: ['o-1'],
    },
  ])('$name', ({ entry, kind, expected }) => {
    expect(values(order, index(entry, kind))).toEqual(expected);
  });

  test('an empty element is no int: invalid, with its path', () => {
    expect(indexValues(order, index({ 'scalar-type': 'long', localname: 'zip' }))).toEqual({ values: [12345n], invalid: { raw: '', path: '/order/group/zip' } });
  });

  test('nested elements of the indexed name each give their value', () => {
    const d = doc('/n.xml', 'xml', '<a><v>1<v>2</v></v></a>');
    expect(values(d, index({ 'scalar-type': 'string', localname: 'v' }))).toEqual(['12', '2']);
  });
});

describe('documents without values', () => {
  test.for<{ name: string; d: StoredDocument }>([
    { name: 'a text document', d: doc('/t.txt', 'text', 'price: 12') },
    { name: 'a binary document', d: doc('/b.bin', 'binary', new Uint8Array([1, 2, 3])) },
  ])('$name has none', ({ d }) => {
    expect(indexableContent(d)).toBeUndefined();
    expect(indexValues(d, index({ 'scalar-type': 'string', localname: 'price' }))).toEqual({ values: [] });
  });
});

describe('checkedIndexValues', () => {
  const d = doc('/a.json', 'json', JSON.stringify({ price: ['abc', 5] }));

  test('invalid-values=reject refuses the document with 400 XDMP-RANGEINDEX worded as the server does', () => {
    const err = failure(() => checkedIndexValues(d.uri, indexableContent(d), index({ 'scalar-type': 'int', localname: 'price' })));
    expect([err.status, err.code]).toEqual([400, 'XDMP-RANGEINDEX']);
    expect(err.message).toBe('XDMP-RANGEINDEX: (err:FOER0000) Range index error: int fn:doc("/a.json")/price[1]: XDMP-LEXVAL: Invalid lexical value "abc"');
  });

  test('invalid-values=ignore indexes the values that can be cast', () => {
    expect(checkedIndexValues(d.uri, indexableContent(d), index({ 'scalar-type': 'int', localname: 'price', 'invalid-values': 'ignore' }))).toEqual([5]);
  });

  test('content parsed once serves several indexes', () => {
    const content = indexableContent(doc('/b.json', 'json', '{"a":1,"b":"x"}'));
    expect(extractIndexValues(content, index({ 'scalar-type': 'int', localname: 'a' })).values).toEqual([1]);
    expect(extractIndexValues(content, index({ 'scalar-type': 'string', localname: 'b' })).values).toEqual(['x']);
  });
});
