import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { availableFields, chooseColumns, compareFields, formatField, jsonFields, resultFields, sortByField, xmlFields, type ElementLike, type FieldRecord } from './field-columns';

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'text/xml').documentElement as unknown as ElementLike;

describe('fields of a document', () => {
  test('JSON: top-level scalars only', () => {
    expect(jsonFields({ name: 'Kim', age: 40, active: true, note: null, address: { city: 'X' }, tags: ['a'] })).toEqual({ name: 'Kim', age: 40, active: true, note: null });
    expect(jsonFields([1, 2])).toEqual({});
    expect(jsonFields('text')).toEqual({});
  });

  test('XML: root attributes as @name, text-only children by local name, the first of a repeated one', () => {
    const root = parseXml('<p:person xmlns:p="urn:p" id="7" xmlns="urn:d"><name> Kim </name><p:age>40</p:age><address><city>X</city></address><name>Other</name></p:person>');
    expect(xmlFields(root)).toEqual({ '@id': '7', name: 'Kim', age: '40' });
  });

  test('a search result with its document extracted: JSON object, XML string, others none', () => {
    expect(resultFields({ format: 'json', extracted: { kind: 'object', content: [{ title: 'T', n: 1 }] } }, parseXml)).toEqual({ title: 'T', n: 1 });
    expect(resultFields({ format: 'xml', extracted: { kind: 'element', content: ['<a><title>T</title></a>'] } }, parseXml)).toEqual({ title: 'T' });
    expect(resultFields({ format: 'xml', extracted: { kind: 'element', content: ['<a>'] } }, () => undefined)).toEqual({});
    expect(resultFields({ format: 'text', extracted: { kind: 'array', content: ['words'] } }, parseXml)).toEqual({});
    expect(resultFields({ format: 'binary' }, parseXml)).toEqual({});
  });
});

describe('chooseColumns', () => {
  test('a name-like field first, then the most common short ones, in document order', () => {
    const records: FieldRecord[] = [
      { id: 1, city: 'Oslo', name: 'Ann', bio: 'x'.repeat(200) },
      { id: 2, city: 'Rome', name: 'Bo', bio: 'y'.repeat(200) },
      { id: 3, name: 'Cy', bio: 'z'.repeat(200), rare: 1 },
    ];
    expect(chooseColumns(records)).toEqual(['name', 'id', 'city']);
    expect(chooseColumns(records, 2)).toEqual(['name', 'id']);
  });

  test('a field only one of several documents has is no column; one document shows its own', () => {
    expect(chooseColumns([{ a: 1 }, { b: 2 }, { c: 3 }])).toEqual([]);
    expect(chooseColumns([{ title: 'Only', n: 1 }])).toEqual(['title', 'n']);
  });

  test('fields containing name or title come before other fields', () => {
    expect(chooseColumns([{ qty: 1, productName: 'a' }, { qty: 2, productName: 'b' }])).toEqual(['productName', 'qty']);
  });

  test('availableFields: every field, most common first', () => {
    expect(availableFields([{ b: 1, a: 1 }, { b: 2 }, { c: 3 }])).toEqual(['b', 'a', 'c']);
  });
});

describe('sorting', () => {
  test('numbers by value, text with numbers inside in numeric order, missing last either way', () => {
    expect(compareFields(2, 10)).toBeLessThan(0);
    expect(compareFields('item 2', 'item 10')).toBeLessThan(0);
    expect(compareFields('b', 'A')).toBeGreaterThan(0);
    expect(compareFields(undefined, 'a')).toBeGreaterThan(0);
    expect(compareFields(undefined, 'a', 'descending')).toBeGreaterThan(0);
    expect(compareFields(null, undefined)).toBe(0);
  });

  test('sortByField is stable and follows the direction', () => {
    const rows: Array<{ uri: string; fields: FieldRecord }> = [
      { uri: 'a', fields: { n: 2 } },
      { uri: 'b', fields: {} },
      { uri: 'c', fields: { n: 1 } },
      { uri: 'd', fields: { n: 2 } },
    ];
    expect(sortByField(rows, 'n', 'ascending').map((r) => r.uri)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortByField(rows, 'n', 'descending').map((r) => r.uri)).toEqual(['a', 'd', 'c', 'b']);
  });

  test('formatField', () => {
    expect([formatField(undefined), formatField(null), formatField(1.5), formatField(false), formatField('x')]).toEqual(['', 'null', '1.5', 'false', 'x']);
  });
});
