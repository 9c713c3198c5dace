import { describe, expect, test } from 'vitest';
import { DbError } from '../errors';
import { normalizeOptions } from '../options/convert';
import type { QueryOptions } from '../options/types';
import { listValuesDefinitions, sourceType, valuesDefinition, type ValuesDefinition } from './definitions';

const ROOT = 'http://marklogic.com/collation/';
const CODEPOINT = 'http://marklogic.com/collation/codepoint';

/** The defaults a definition that says nothing about order has. */
const plain: Pick<ValuesDefinition, 'style' | 'order' | 'direction' | 'aggregates'> = { style: 'default', order: 'item', direction: 'ascending', aggregates: [] };

const served: Array<{ name: string; options: QueryOptions; expected: ValuesDefinition }> = [
  {
    name: 'a JSON property range',
    options: { values: [{ name: 'n', range: { type: 'xs:int', 'json-property': 'n' } }] },
    expected: { name: 'n', kind: 'values', ...plain, sources: [{ kind: 'range', index: { scope: { kind: 'json-property', name: 'n' }, type: 'int' } }] },
  },
  {
    name: 'an element range with a collation, the type written without xs:',
    options: { values: [{ name: 'e', range: { type: 'string', collation: CODEPOINT, element: { name: 'title', ns: 'urn:b' } } }] },
    expected: { name: 'e', kind: 'values', ...plain, sources: [{ kind: 'range', index: { scope: { kind: 'element', name: 'title', ns: 'urn:b' }, type: 'string', collation: CODEPOINT } }] },
  },
  {
    name: 'an element attribute range (namespaces default to none)',
    options: { values: [{ name: 'a', range: { type: 'xs:date', element: { name: 'doc' }, attribute: { name: 'when' } } }] },
    expected: {
      name: 'a',
      kind: 'values',
      ...plain,
      sources: [{ kind: 'range', index: { scope: { kind: 'element-attribute', element: { name: 'doc', ns: '' }, attribute: { name: 'when', ns: '' } }, type: 'date' } }],
    },
  },
  {
    name: 'the official client’s single-index body: consistent style, facet false, an aggregate, descending',
    options: { values: [{ name: 'sd', style: 'consistent', range: { 'json-property': 'tag', type: 'xs:string', facet: false }, aggregate: [{ apply: 'count' }], 'values-option': ['descending'] }] },
    expected: {
      name: 'sd',
      kind: 'tuples',
      style: 'consistent',
      sources: [{ kind: 'range', index: { scope: { kind: 'json-property', name: 'tag' }, type: 'string' } }],
      order: 'item',
      direction: 'descending',
      aggregates: ['count'],
    },
  },
  {
    name: 'the collection lexicon',
    options: { values: [{ name: 'c', collection: null }] },
    expected: { name: 'c', kind: 'values', ...plain, sources: [{ kind: 'collection' }] },
  },
  {
    name: 'the collection lexicon with a prefix',
    options: { values: [{ name: 'c', collection: { prefix: 'tag/' } }] },
    expected: { name: 'c', kind: 'values', ...plain, sources: [{ kind: 'collection', prefix: 'tag/' }] },
  },
  {
    name: 'the URI lexicon, frequency order (descending unless told), fragment frequency, a limit',
    options: { values: [{ name: 'u', uri: null, 'values-option': ['frequency-order', 'fragment-frequency', 'limit=10'] }] },
    expected: { name: 'u', kind: 'values', style: 'default', sources: [{ kind: 'uri' }], order: 'frequency', direction: 'descending', frequency: 'fragment', limit: 10, aggregates: [] },
  },
  {
    name: 'frequency order made ascending, item frequency, and hints that change nothing',
    options: { values: [{ name: 'u', uri: null, 'values-option': ['frequency-order', 'ascending', 'item-frequency', 'concurrent', 'checked'] }] },
    expected: { name: 'u', kind: 'values', style: 'default', sources: [{ kind: 'uri' }], order: 'frequency', direction: 'ascending', frequency: 'item', aggregates: [] },
  },
  {
    name: 'tuples under indexes (the official client’s form) with two aggregates',
    options: {
      tuples: [
        {
          name: 't',
          style: 'consistent',
          indexes: [{ range: { type: 'xs:int', 'json-property': 'a', facet: false } }, { range: { type: 'xs:double', 'json-property': 'b', facet: false } }],
          aggregate: [{ apply: 'correlation' }, { apply: 'covariance' }],
        },
      ],
    },
    expected: {
      name: 't',
      kind: 'tuples',
      style: 'consistent',
      sources: [
        { kind: 'range', index: { scope: { kind: 'json-property', name: 'a' }, type: 'int' } },
        { kind: 'range', index: { scope: { kind: 'json-property', name: 'b' }, type: 'double' } },
      ],
      order: 'item',
      direction: 'ascending',
      aggregates: ['correlation', 'covariance'],
    },
  },
  {
    name: 'tuples with ranges as a key of their own (the Search Developer’s Guide form), not normalised',
    options: { tuples: [{ name: 'g', range: [{ type: 'xs:string', collation: ROOT, 'json-property': 'genre' }, { type: 'xs:int', 'json-property': 'year' }] } as never] },
    expected: {
      name: 'g',
      kind: 'tuples',
      ...plain,
      sources: [
        { kind: 'range', index: { scope: { kind: 'json-property', name: 'genre' }, type: 'string', collation: ROOT } },
        { kind: 'range', index: { scope: { kind: 'json-property', name: 'year' }, type: 'int' } },
      ],
    },
  },
  {
    name: 'tuples of a range and the collection lexicon, with a limit',
    options: { tuples: [{ name: 'm', indexes: [{ range: { type: 'xs:int', 'json-property': 'n' } }, { collection: null }], 'values-option': ['limit=3'] }] },
    expected: { name: 'm', kind: 'tuples', ...plain, limit: 3, sources: [{ kind: 'range', index: { scope: { kind: 'json-property', name: 'n' }, type: 'int' } }, { kind: 'collection' }] },
  },
];

describe('valuesDefinition: what is served', () => {
  test.for(served)('$name', ({ options, expected }) => {
    expect(valuesDefinition(options, expected.name)).toEqual(expected);
  });

  test('the Search Developer’s Guide tuples form reads the same once normalised as sent', () => {
    const written = { tuples: [{ name: 'g', range: [{ type: 'xs:int', 'json-property': 'a' }, { type: 'xs:int', 'json-property': 'b' }] }] };
    expect(valuesDefinition(normalizeOptions(written), 'g')).toEqual(valuesDefinition(written as never, 'g'));
  });

  test('values are found before tuples, each by its own name', () => {
    const options: QueryOptions = { values: [{ name: 'x', uri: null }], tuples: [{ name: 'y', indexes: [{ uri: null }, { collection: null }] }] };
    expect(valuesDefinition(options, 'x').kind).toBe('values');
    expect(valuesDefinition(options, 'y').kind).toBe('tuples');
  });
});

const refused: Array<{ name: string; options: QueryOptions; ask?: string; code: string; message: RegExp }> = [
  { name: 'no definition of that name', options: { values: [{ name: 'a', uri: null }] }, ask: 'b', code: 'REST-INVALIDPARAM', message: /No values or tuples specification named: b$/ },
  { name: 'no values or tuples at all', options: {}, code: 'REST-INVALIDPARAM', message: /No values or tuples specification named: v$/ },
  { name: 'a field lexicon', options: { values: [{ name: 'v', field: { name: 'f' } }] }, code: 'XDMP-FIELDRIDXNOTFOUND', message: /Values "v": no field "f" is configured/ },
  { name: 'a field range', options: { values: [{ name: 'v', range: { type: 'xs:string', field: { name: 'f' } } }] }, code: 'XDMP-FIELDRIDXNOTFOUND', message: /no field f is configured/ },
  { name: 'a path range', options: { values: [{ name: 'v', range: { type: 'xs:int', 'path-index': { text: '/a/b' } } }] }, code: 'XDMP-PATHRIDXNOTFOUND', message: /no path range index for \/a\/b/ },
  { name: 'a geospatial lexicon', options: { values: [{ name: 'v', 'geo-json-property': { 'parent-property': 'p' } }] }, code: 'RESTAPI-INVALIDCONTENT', message: /a geo-json-property lexicon is geospatial/ },
  { name: 'a word lexicon', options: { values: [{ name: 'v', word: { 'json-property': 'body' } } as never] }, code: 'RESTAPI-INVALIDCONTENT', message: /a word lexicon is not one Tabula serves/ },
  { name: 'a geospatial tuples index', options: { tuples: [{ name: 'v', indexes: [{ uri: null }, { 'geo-elem': {} }] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /Tuples "v": a geo-elem lexicon is geospatial/ },
  { name: 'values with two sources', options: { values: [{ name: 'v', uri: null, collection: null }] }, code: 'RESTAPI-INVALIDCONTENT', message: /needs exactly one source .*, not collection, uri/ },
  { name: 'a range of an unsupported type', options: { values: [{ name: 'v', range: { type: 'xs:hexBinary', 'json-property': 'n' } }] }, code: 'RESTAPI-INVALIDCONTENT', message: /Values "v": unsupported range type xs:hexBinary/ },
  { name: 'tuples of one index', options: { tuples: [{ name: 'v', indexes: [{ uri: null }] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /Tuples "v" needs at least two indexes/ },
  { name: 'a user-defined aggregate', options: { values: [{ name: 'v', uri: null, aggregate: [{ apply: 'mode', udf: 'plugin:mode' }] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /aggregate "mode" is a user-defined aggregate \(udf "plugin:mode"\), which Tabula does not run/ },
  { name: 'an unknown values-option', options: { values: [{ name: 'v', uri: null, 'values-option': ['fastest'] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /values-option "fastest" is not a known option/ },
  { name: 'a known values-option Tabula cannot honour', options: { values: [{ name: 'v', uri: null, 'values-option': ['skip=5'] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /values-option "skip=5" is not supported by Tabula/ },
  { name: 'a limit that is not a positive integer', options: { values: [{ name: 'v', uri: null, 'values-option': ['limit=0'] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /values-option "limit=0" needs a positive integer/ },
  { name: 'conflicting directions', options: { values: [{ name: 'v', uri: null, 'values-option': ['ascending', 'descending'] }] }, code: 'RESTAPI-INVALIDCONTENT', message: /ascending and descending cannot be given together/ },
  { name: 'an unknown style', options: { values: [{ name: 'v', uri: null, style: 'tabular' as never }] }, code: 'RESTAPI-INVALIDCONTENT', message: /style must be default or consistent, not "tabular"/ },
];

describe('valuesDefinition: what is refused, by name, with a 400', () => {
  test.for(refused)('$name → $code', ({ options, ask, code, message }) => {
    let err: unknown;
    try {
      valuesDefinition(options, ask ?? 'v');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DbError);
    expect([(err as DbError).code, (err as DbError).status]).toEqual([code, 400]);
    expect((err as DbError).message).toMatch(message);
  });
});

describe('listValuesDefinitions', () => {
  test.for<{ name: string; options: QueryOptions; names: string[] }>([
    { name: 'none', options: {}, names: [] },
    {
      name: 'values in order, then tuples in order',
      options: { tuples: [{ name: 't2', indexes: [{ uri: null }, { collection: null }] }], values: [{ name: 'b', uri: null }, { name: 'a', collection: null }] },
      names: ['b', 'a', 't2'],
    },
  ])('$name', ({ options, names }) => {
    expect(listValuesDefinitions(options)).toEqual(names);
  });
});

describe('sourceType', () => {
  test('a range reports its index type; collections and URIs are strings', () => {
    expect(sourceType({ kind: 'range', index: { scope: { kind: 'json-property', name: 'p' }, type: 'decimal' } })).toBe('decimal');
    expect(sourceType({ kind: 'collection' })).toBe('string');
    expect(sourceType({ kind: 'uri' })).toBe('string');
  });
});
