import { describe, expect, test } from 'vitest';
import { openStorage } from '../storage/schema';
import { WriteQueue } from '../storage/write-queue';
import { DbError } from '../errors';
import type { RangeIndexRef } from '../search/query-model';
import { failure } from '../../../test/db-error';
import { genre, lang, year } from '../../../test/range-index-fixtures';
import {
  defaultIndexSettings,
  diffRangeIndexes,
  findRangeIndexIn,
  IndexConfigStore,
  parseIndexSettings,
  rangeIndexNotFound,
  resolvedRangeIndexes,
  type IndexSettings,
} from './config';

const ROOT = 'http://marklogic.com/collation/';
const CODEPOINT = 'http://marklogic.com/collation/codepoint';

let counter = 0;
async function openStore(name = `indexes-test-${process.pid}-${++counter}`): Promise<{ store: IndexConfigStore; name: string }> {
  return { store: new IndexConfigStore(await openStorage(indexedDB, name), new WriteQueue()), name };
}

async function rejection(p: Promise<unknown>): Promise<DbError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DbError) return e;
    throw e;
  }
  throw new Error('expected a DbError');
}

describe('parseIndexSettings', () => {
  test.for<{ name: string; body: Record<string, unknown>; expected: Partial<IndexSettings> }>([
    {
      name: 'fills in the defaults of a minimal string index (namespace "", root collation, reject)',
      body: { 'range-element-index': [{ 'scalar-type': 'string', localname: 'genre' }] },
      expected: { 'range-element-index': [genre] as IndexSettings['range-element-index'] },
    },
    {
      name: 'keeps a complete entry as sent',
      body: { 'range-element-index': [year] },
      expected: { 'range-element-index': [year] as IndexSettings['range-element-index'] },
    },
    {
      name: 'writes the W3C codepoint URI and root-with-S3 in one spelling',
      body: {
        'range-element-index': [
          { 'scalar-type': 'string', localname: 'a', collation: 'http://www.w3.org/2005/xpath-functions/collation/codepoint' },
          { 'scalar-type': 'anyURI', localname: 'b', collation: 'http://marklogic.com/collation//S3' },
        ],
      },
      expected: {
        'range-element-index': [
          { ...genre, localname: 'a', collation: CODEPOINT },
          { ...genre, 'scalar-type': 'anyURI', localname: 'b', collation: ROOT },
        ] as IndexSettings['range-element-index'],
      },
    },
    {
      name: 'accepts booleans written as text (the schema-generated JSON of the server does)',
      body: { 'collection-lexicon': 'true', 'uri-lexicon': 'false', 'range-element-index': [{ ...year, 'range-value-positions': 'true' }] },
      expected: { 'collection-lexicon': true, 'uri-lexicon': false, 'range-element-index': [{ ...year, 'range-value-positions': true }] as IndexSettings['range-element-index'] },
    },
    {
      name: 'normalises space-separated local names',
      body: { 'range-element-index': [{ ...year, localname: '  year   published ' }] },
      expected: { 'range-element-index': [{ ...year, localname: 'year published' }] as IndexSettings['range-element-index'] },
    },
    {
      name: 'takes a lone entry in place of a one-entry array, and null as an empty list',
      body: { 'range-element-index': year, 'range-element-attribute-index': null },
      expected: { 'range-element-index': [year] as IndexSettings['range-element-index'], 'range-element-attribute-index': [] },
    },
    {
      name: 'reads attribute indexes',
      body: { 'range-element-attribute-index': [lang] },
      expected: { 'range-element-attribute-index': [lang] as IndexSettings['range-element-attribute-index'] },
    },
    {
      name: 'allows two indexes of different types on one name',
      body: { 'range-element-index': [year, { ...year, 'scalar-type': 'string', collation: ROOT }] },
      expected: { 'range-element-index': [year, { ...year, 'scalar-type': 'string', collation: ROOT }] as IndexSettings['range-element-index'] },
    },
    { name: 'an empty body changes nothing', body: {}, expected: {} },
  ])('$name', ({ body, expected }) => {
    expect(parseIndexSettings(body)).toEqual(expected);
  });

  test.for<{ name: string; body: Record<string, unknown>; code: string; message: RegExp }>([
    { name: 'unknown properties, named', body: { 'triple-index': true, 'stemmed-searches': 'basic' }, code: 'RESTAPI-UNSUPPORTEDPROP', message: /triple-index, stemmed-searches/ },
    { name: 'a path index (not supported)', body: { 'range-path-index': [] }, code: 'RESTAPI-UNSUPPORTEDPROP', message: /range-path-index/ },
    { name: 'a missing scalar-type', body: { 'range-element-index': [{ localname: 'x' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /range-element-index\[0\]\.scalar-type is required/ },
    { name: 'an unknown scalar-type', body: { 'range-element-index': [{ 'scalar-type': 'integer', localname: 'x' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /scalar-type "integer"; use one of int, unsignedInt/ },
    { name: 'boolean (MarkLogic has no boolean range index)', body: { 'range-element-index': [{ 'scalar-type': 'boolean', localname: 'x' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /scalar-type "boolean"/ },
    { name: 'a MarkLogic type Tabula does not index', body: { 'range-element-index': [{ 'scalar-type': 'gYear', localname: 'x' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /a MarkLogic type Tabula does not index/ },
    { name: 'a collation on an int index', body: { 'range-element-index': [{ ...year, collation: ROOT }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /only string and anyURI indexes have a collation/ },
    { name: 'an unsupported collation', body: { 'range-element-index': [{ ...genre, collation: 'http://example.org/c' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /collation: unsupported collation http:\/\/example\.org\/c/ },
    { name: 'a bad invalid-values', body: { 'range-element-index': [{ ...year, 'invalid-values': 'warn' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /invalid-values must be reject or ignore, not "warn"/ },
    { name: 'a missing localname', body: { 'range-element-index': [{ 'scalar-type': 'int' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /range-element-index\[0\]\.localname must be a string/ },
    { name: 'a blank localname', body: { 'range-element-index': [{ ...year, localname: '  ' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /localname is required/ },
    { name: 'a localname that is a path', body: { 'range-element-index': [{ ...year, localname: 'order/zip' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /"order\/zip" is not an XML local name/ },
    { name: 'an unknown entry field', body: { 'range-element-index': [{ ...year, 'path-expression': '/a' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /unknown field path-expression/ },
    { name: 'an entry that is not an object', body: { 'range-element-index': ['year'] }, code: 'MANAGE-INVALIDPAYLOAD', message: /range-element-index\[0\] must be an object/ },
    { name: 'a non-boolean range-value-positions', body: { 'range-element-index': [{ ...year, 'range-value-positions': 1 }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /range-value-positions must be true or false/ },
    { name: 'a non-boolean lexicon flag', body: { 'collection-lexicon': 'yes' }, code: 'MANAGE-INVALIDPAYLOAD', message: /collection-lexicon must be true or false, not "yes"/ },
    { name: 'an attribute index without its parent', body: { 'range-element-attribute-index': [{ ...lang, 'parent-localname': undefined }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /parent-localname must be a string/ },
    { name: 'the same index twice', body: { 'range-element-index': [year, { ...year, 'invalid-values': 'ignore' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /range-element-index\[1\] defines the same int index as range-element-index\[0\]/ },
    { name: 'the same index twice through a list of names', body: { 'range-element-index': [year, { ...year, localname: 'month year' }] }, code: 'MANAGE-INVALIDPAYLOAD', message: /same int index/ },
  ])('rejects $name', ({ body, code, message }) => {
    const err = failure(() => parseIndexSettings(body));
    expect(err.code).toBe(code);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(message);
  });
});

describe('IndexConfigStore', () => {
  test('a new database has no range indexes, the URI lexicon on and the collection lexicon off', async () => {
    const { store } = await openStore();
    expect(await store.get()).toEqual(defaultIndexSettings);
  });

  test('each list sent replaces the whole list; what is not sent stays', async () => {
    const { store } = await openStore();
    await store.update({ 'range-element-index': [genre, year], 'range-element-attribute-index': [lang], 'collection-lexicon': true });
    await store.update({ 'range-element-index': [year] });
    expect(await store.get()).toEqual({ 'range-element-index': [year], 'range-element-attribute-index': [lang], 'collection-lexicon': true, 'uri-lexicon': true });
    await store.update({ 'range-element-index': [] });
    expect((await store.get())['range-element-index']).toEqual([]);
  });

  test('the settings read are frozen: a reader cannot change what every other reader sees', async () => {
    const { store } = await openStore();
    await store.update({ 'range-element-index': [genre] });
    const settings = await store.get();
    expect(() => settings['range-element-index'].push(settings['range-element-index'][0])).toThrow(TypeError);
    expect(() => ((settings['range-element-index'][0] as { localname: string }).localname = 'x')).toThrow(TypeError);
    expect((await store.get())['range-element-index']).toEqual([genre]);
  });

  test('settings survive a restart (a new store over the same IndexedDB database)', async () => {
    const { store, name } = await openStore();
    await store.update({ 'range-element-index': [genre], 'uri-lexicon': false });
    const { store: reopened } = await openStore(name);
    expect(await reopened.get()).toEqual({ ...defaultIndexSettings, 'range-element-index': [genre], 'uri-lexicon': false });
  });

  test('a rejected update changes nothing, also in storage', async () => {
    const { store, name } = await openStore();
    await store.update({ 'range-element-index': [genre] });
    const err = await rejection(store.update({ 'range-element-index': [year, { 'scalar-type': 'nope', localname: 'x' }], 'collection-lexicon': true }));
    expect(err.code).toBe('MANAGE-INVALIDPAYLOAD');
    expect(await store.get()).toEqual({ ...defaultIndexSettings, 'range-element-index': [genre] });
    const { store: reopened } = await openStore(name);
    expect(await reopened.get()).toEqual({ ...defaultIndexSettings, 'range-element-index': [genre] });
  });

  test('listeners hear each committed change with the settings before and after; a failing listener does not fail the update', async () => {
    const { store } = await openStore();
    const heard: Array<[number, number]> = [];
    store.subscribe(() => {
      throw new Error('listener bug');
    });
    const unsubscribe = store.subscribe((before, after) => heard.push([before['range-element-index'].length, after['range-element-index'].length]));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await store.update({ 'range-element-index': [genre, year] });
      await store.update({ 'range-element-index': [year] });
      unsubscribe();
      await store.update({ 'range-element-index': [] });
    } finally {
      console.error = original;
    }
    expect(heard).toEqual([[0, 2], [2, 1]]);
    expect(errors).toHaveLength(3);
  });

  test('requireRangeIndex answers the configured index, or 400 XDMP-ELEMRIDXNOTFOUND', async () => {
    const { store } = await openStore();
    await store.update({ 'range-element-index': [year] });
    expect((await store.requireRangeIndex({ scope: { kind: 'json-property', name: 'year' }, type: 'int' })).key).toBe('element|year|int|');
    const err = await rejection(store.requireRangeIndex({ scope: { kind: 'json-property', name: 'year' }, type: 'long' }));
    expect([err.status, err.code]).toEqual([400, 'XDMP-ELEMRIDXNOTFOUND']);
  });
});

describe('findRangeIndexIn', () => {
  const settings: IndexSettings = {
    ...defaultIndexSettings,
    ...parseIndexSettings({
      'range-element-index': [
        genre,
        year,
        { ...genre, 'namespace-uri': 'urn:books', localname: 'title subtitle', collation: CODEPOINT },
        { ...year, 'scalar-type': 'dateTime', localname: 'added' },
      ],
      'range-element-attribute-index': [lang],
    }),
  };
  const json = (name: string) => ({ kind: 'json-property' as const, name });
  const element = (name: string, ns = '') => ({ kind: 'element' as const, name, ns });

  test.for<{ name: string; ref: RangeIndexRef; key: string | undefined }>([
    { name: 'a JSON property uses the element index in no namespace', ref: { scope: json('year'), type: 'int' }, key: 'element|year|int|' },
    { name: 'an XML element in no namespace uses the same index', ref: { scope: element('year'), type: 'int' }, key: 'element|year|int|' },
    { name: 'the type must match', ref: { scope: json('year'), type: 'long' }, key: undefined },
    { name: 'a string reference without collation means the root collation', ref: { scope: json('genre'), type: 'string' }, key: `element|genre|string|${ROOT}` },
    { name: 'the collation must match', ref: { scope: json('genre'), type: 'string', collation: CODEPOINT }, key: undefined },
    { name: 'each name of a list is an index of its own', ref: { scope: element('subtitle', 'urn:books'), type: 'string', collation: CODEPOINT }, key: `element|{urn:books}subtitle|string|${CODEPOINT}` },
    { name: 'the namespace must match', ref: { scope: element('title'), type: 'string', collation: CODEPOINT }, key: undefined },
    { name: 'a JSON property is never in a namespace', ref: { scope: json('title'), type: 'string', collation: CODEPOINT }, key: undefined },
    {
      name: 'an attribute reference uses the attribute index',
      ref: { scope: { kind: 'element-attribute', element: { name: 'doc', ns: '' }, attribute: { name: 'lang', ns: '' } }, type: 'string', collation: CODEPOINT },
      key: `attribute|doc@lang|string|${CODEPOINT}`,
    },
    { name: 'an element reference does not use an attribute index', ref: { scope: element('lang'), type: 'string', collation: CODEPOINT }, key: undefined },
    { name: 'a dateTime index', ref: { scope: json('added'), type: 'dateTime' }, key: 'element|added|dateTime|' },
    { name: 'boolean has no index', ref: { scope: json('year'), type: 'boolean' }, key: undefined },
    { name: 'a collation Tabula cannot use finds nothing', ref: { scope: json('genre'), type: 'string', collation: 'http://example.org/c' }, key: undefined },
  ])('$name', ({ ref, key }) => {
    expect(findRangeIndexIn(settings, ref)?.key).toBe(key);
  });

  test('the resolved index carries what the engine needs', () => {
    expect(findRangeIndexIn(settings, { scope: { kind: 'element-attribute', element: { name: 'doc', ns: '' }, attribute: { name: 'lang', ns: '' } }, type: 'string', collation: CODEPOINT })).toEqual({
      key: `attribute|doc@lang|string|${CODEPOINT}`,
      type: 'string',
      collation: CODEPOINT,
      scope: { kind: 'element-attribute', element: { name: 'doc', ns: '' }, attribute: { name: 'lang', ns: '' } },
      invalidValues: 'ignore',
      rangeValuePositions: false,
    });
  });
});

describe('resolvedRangeIndexes and diffRangeIndexes', () => {
  test('one index per name, in definition order', () => {
    const settings = { ...defaultIndexSettings, ...parseIndexSettings({ 'range-element-index': [{ ...year, localname: 'year month' }], 'range-element-attribute-index': [lang] }) };
    expect(resolvedRangeIndexes(settings).map((i) => i.key)).toEqual(['element|year|int|', 'element|month|int|', `attribute|doc@lang|string|${CODEPOINT}`]);
  });

  test('reports the indexes to build and to drop; a changed collation is both', () => {
    const before = { ...defaultIndexSettings, ...parseIndexSettings({ 'range-element-index': [genre, year] }) };
    const after = { ...defaultIndexSettings, ...parseIndexSettings({ 'range-element-index': [year, { ...genre, collation: CODEPOINT }] }) };
    const { added, removed } = diffRangeIndexes(before, after);
    expect(added.map((i) => i.key)).toEqual([`element|genre|string|${CODEPOINT}`]);
    expect(removed.map((i) => i.key)).toEqual([`element|genre|string|${ROOT}`]);
  });
});

describe('rangeIndexNotFound', () => {
  test.for<{ name: string; ref: RangeIndexRef; code: string; message: string }>([
    {
      name: 'a JSON property',
      ref: { scope: { kind: 'json-property', name: 'status' }, type: 'string' },
      code: 'XDMP-ELEMRIDXNOTFOUND',
      message: `cts:json-property-reference("status",("type=string","collation=${ROOT}")) -- No string element range index for status collation=${ROOT}`,
    },
    {
      name: 'a namespaced element',
      ref: { scope: { kind: 'element', name: 'date', ns: 'urn:x' }, type: 'date' },
      code: 'XDMP-ELEMRIDXNOTFOUND',
      message: 'cts:element-reference(fn:QName("urn:x","date"),("type=date")) -- No date element range index for {urn:x}date',
    },
    {
      name: 'an attribute',
      ref: { scope: { kind: 'element-attribute', element: { name: 'doc', ns: '' }, attribute: { name: 'lang', ns: '' } }, type: 'string', collation: CODEPOINT },
      code: 'XDMP-ELEMATTRRIDXNOTFOUND',
      message: `No string element-attribute range index for doc lang collation=${CODEPOINT}`,
    },
  ])('names the missing index: $name', ({ ref, code, message }) => {
    const err = rangeIndexNotFound(ref);
    expect([err.status, err.code]).toEqual([400, code]);
    expect(err.message).toContain(message);
  });
});
