import { describe, expect, test } from 'vitest';
import { compileJsonPath } from './jsonpath';
import { buildTree, PathSyntaxError } from './tree';
import { compileXPath } from './xpath';

const order = {
  id: 'o-17',
  status: 'open',
  total: 42.5,
  paid: false,
  note: null,
  tags: ['red', 'blue', 'green'],
  items: [
    { sku: 'A1', qty: 2 },
    { sku: 'B2', qty: 5 },
    { sku: 'C3', qty: 1, tags: ['sale'] },
  ],
  addr: { city: 'Lyon', zip: '69001' },
  matrix: [[1, 2], [3]],
  'first name': 'Kim',
};

const xpath = (path: string, value: unknown = order): unknown[] => compileXPath(path).select(buildTree(value)).map((n) => n.value);
const jsonpath = (path: string, value: unknown = order): unknown[] => compileJsonPath(path).select(buildTree(value)).map((n) => n.value);

describe('MarkLogic XPath over JSON', () => {
  test.for([
    { name: 'a named step from the document selects a property of the root object', path: '/status', expected: ['open'] },
    { name: 'a name step over an array property selects its items', path: '/tags', expected: ['red', 'blue', 'green'] },
    { name: 'array-node("name") selects the array itself', path: '/array-node("tags")', expected: [order.tags] },
    { name: 'node("name") selects the property whatever its type', path: '/node("tags")', expected: [order.tags] },
    { name: 'node("name") reaches names that are not XML names', path: '/node("first name")', expected: ['Kim'] },
    { name: 'object-node("name") selects an object-valued property', path: '/object-node("addr")', expected: [order.addr] },
    { name: 'an unnamed kind test from the document selects the root', path: '/object-node()', expected: [order] },
    { name: 'node() from the document selects the root', path: '/node()', expected: [order] },
    { name: 'the slash alone selects the document', path: '/', expected: [order] },
    { name: 'number-node("name") selects a number property', path: '/number-node("total")', expected: [42.5] },
    { name: 'boolean-node("name") selects a boolean property', path: '/boolean-node("paid")', expected: [false] },
    { name: 'null-node() selects null properties', path: '/null-node()', expected: [null] },
    { name: 'text() selects string children', path: '/addr/text()', expected: ['Lyon', '69001'] },
    { name: 'the wildcard selects every property of an object', path: '/addr/*', expected: ['Lyon', '69001'] },
    { name: 'a name step looks through nested arrays to their items', path: '/matrix', expected: [1, 2, 3] },
    { name: 'a positional predicate counts array items from one', path: '/tags[1]', expected: ['red'] },
    { name: 'last() selects the last item', path: '/tags[last()]', expected: ['green'] },
    { name: 'positions can be computed', path: '/tags[last() - 1]', expected: ['blue'] },
    { name: 'position() can be compared', path: '/items[position() le 2]/sku', expected: ['A1', 'B2'] },
    { name: 'the context item compares with eq', path: '/tags[. eq "blue"]', expected: ['blue'] },
    { name: 'or combines comparisons', path: '/tags[. = "blue" or . = "red"]', expected: ['red', 'blue'] },
    { name: 'a child property compares inside a predicate', path: '/items[sku eq "B2"]', expected: [order.items[1]] },
    { name: 'numbers compare numerically', path: '/items[qty gt 1]/sku', expected: ['A1', 'B2'] },
    { name: 'and combines comparisons', path: '/items[qty gt 1 and sku ne "A1"]/sku', expected: ['B2'] },
    { name: 'a string literal is cast to compare with a number', path: '/total[. eq "42.5"]', expected: [42.5] },
    { name: 'node("name") works inside a predicate', path: '/items[node("sku") = "C3"]/qty', expected: [1] },
    { name: 'a path in a predicate tests existence', path: '/items[tags]/sku', expected: ['C3'] },
    { name: 'not() negates a predicate', path: '/items[not(tags)]/sku', expected: ['A1', 'B2'] },
    { name: 'contains() tests a substring', path: '/items[contains(sku, "2")]/sku', expected: ['B2'] },
    { name: 'count() counts nodes', path: '/items[count(tags) eq 1]/sku', expected: ['C3'] },
    { name: 'a positional step inside a path', path: '/items[2]/qty', expected: [5] },
    { name: 'the descendant shorthand finds names at any depth', path: '//sku', expected: ['A1', 'B2', 'C3'] },
    { name: 'the descendant shorthand looks through arrays too', path: '//tags', expected: ['red', 'blue', 'green', 'sale'] },
    { name: 'the descendant shorthand finds arrays by kind test', path: '//array-node("tags")', expected: [order.tags, ['sale']] },
    { name: 'the descendant axis selects by name', path: '/descendant::qty', expected: [2, 5, 1] },
    { name: 'the parent step goes up', path: '/addr/city/..', expected: [order.addr] },
    { name: 'a missing property selects nothing', path: '/missing', expected: [] },
  ])('$name: $path', ({ path, expected }) => {
    expect(xpath(path)).toEqual(expected);
  });

  test.for([
    { name: 'a named step finds nothing in a root array of anonymous objects', path: '/a', expected: [] },
    { name: 'the descendant shorthand finds properties inside a root array', path: '//a', expected: [1, 2] },
    { name: 'array-node() from the document is the root array', path: '/array-node()', expected: [[{ a: 1 }, { a: 2 }]] },
    { name: 'object-node() from the document looks through the root array', path: '/object-node()[2]', expected: [{ a: 2 }] },
  ])('root arrays: $name', ({ path, expected }) => {
    expect(xpath(path, [{ a: 1 }, { a: 2 }])).toEqual(expected);
  });

  test('matches come back in document order without duplicates', () => {
    const nodes = compileXPath('//qty').select(buildTree(order));
    expect(nodes.map((n) => n.order)).toEqual([...nodes.map((n) => n.order)].sort((a, b) => a - b));
    expect(new Set(nodes).size).toBe(3);
  });

  test('array items are named like the array that holds them', () => {
    const [item] = compileXPath('/tags[2]').select(buildTree(order));
    expect(item).toMatchObject({ name: 'tags', key: 1, kind: 'string' });
    expect(item.parent).toMatchObject({ kind: 'array', name: 'tags', key: 'tags' });
  });

  test.for([
    { name: 'an empty descendant path', path: '//' },
    { name: 'an unclosed predicate', path: '/a[1' },
    { name: 'a stray bracket', path: '/a]' },
    { name: 'an attribute step', path: '/@id' },
    { name: 'an unknown function', path: '/a[frob(.)]' },
    { name: 'an unknown axis', path: '/following::a' },
    { name: 'a JSONPath', path: '$.a' },
    { name: 'a literal instead of a path', path: '/"x"' },
    { name: 'two names without a separator', path: '/a b' },
    { name: 'an unterminated string', path: '/a[. eq "x]' },
    { name: 'a function with the wrong number of arguments', path: '/a[contains(.)]' },
  ])('rejects $name ($path)', ({ path }) => {
    expect(() => compileXPath(path)).toThrow(PathSyntaxError);
  });
});

describe('JSONPath over JSON', () => {
  test.for([
    { name: 'the root', path: '$', expected: [order] },
    { name: 'a member by dot', path: '$.status', expected: ['open'] },
    { name: 'an array member is the array itself', path: '$.tags', expected: [order.tags] },
    { name: 'a member by bracket with double quotes', path: '$["tags"]', expected: [order.tags] },
    { name: 'a member by bracket with single quotes and a space', path: "$['first name']", expected: ['Kim'] },
    { name: 'an index counts from zero', path: '$.tags[0]', expected: ['red'] },
    { name: 'a negative index counts from the end', path: '$.tags[-1]', expected: ['green'] },
    { name: 'a wildcard selects every item', path: '$.tags[*]', expected: ['red', 'blue', 'green'] },
    { name: 'a union of indexes', path: '$.tags[0,2]', expected: ['red', 'green'] },
    { name: 'a slice', path: '$.tags[1:]', expected: ['blue', 'green'] },
    { name: 'a dot wildcard over an object', path: '$.addr.*', expected: ['Lyon', '69001'] },
    { name: 'a nested member', path: '$.items[1].qty', expected: [5] },
    { name: 'a filter on equality', path: '$.items[?(@.sku == "B2")].qty', expected: [5] },
    { name: 'a filter with && and !=', path: "$.items[?(@.qty > 1 && @.sku != 'A1')].sku", expected: ['B2'] },
    { name: 'a filter on existence', path: '$.items[?(@.tags)].sku', expected: ['C3'] },
    { name: 'a negated existence filter', path: '$.items[?(!@.tags)].sku', expected: ['A1', 'B2'] },
    { name: 'a filter with || in parentheses', path: '$.items[?(@.qty == 1 || @.qty == 2)].sku', expected: ['A1', 'C3'] },
    { name: 'a filter over array items with @ alone', path: '$.tags[?(@ == "blue")]', expected: ['blue'] },
    { name: 'descendants by name', path: '$..sku', expected: ['A1', 'B2', 'C3'] },
    { name: 'descendants by name keep arrays whole', path: '$..tags', expected: [order.tags, ['sale']] },
    { name: 'a missing member', path: '$.missing', expected: [] },
  ])('$name: $path', ({ path, expected }) => {
    expect(jsonpath(path)).toEqual(expected);
  });

  test.for([
    { name: 'no root', path: 'status' },
    { name: 'a dot with nothing after it', path: '$.' },
    { name: 'an unclosed bracket', path: '$.tags[0' },
    { name: 'a bare word in brackets', path: '$.tags[x]' },
    { name: 'a comparison without a right side', path: '$.items[?(@.a ==)]' },
    { name: 'an unterminated string', path: "$['a" },
    { name: 'a zero slice step', path: '$.tags[::0]' },
    { name: 'trailing text', path: '$.a b' },
  ])('rejects $name ($path)', ({ path }) => {
    expect(() => compileJsonPath(path)).toThrow(PathSyntaxError);
  });
});
