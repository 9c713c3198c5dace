import { describe, expect, test } from 'vitest';
import type { ValuesResponse } from '../../../../client/types';
import { parseHash } from '../../../lib/hash-route';
import { aggregatesQueryOf, analyticsHref, readAnalyticsState, valuesQueryOf } from './analytics-state';
import { csvField, toCsv } from './csv';
import { curlCommand, shellQuote } from '../../../lib/request-snippets';
import { formatAggregate } from './format';
import { aggregatesFor, axisValues, chartKinds, columnTypes, sortRows, topRows, valueRows } from './value-rows';
import { definitionSources, sourceLabel, valueHref } from './value-link';

/** A values answer of `type` from [value, frequency] pairs, in the server's order. */
const answerOf = (name: string, type: string, pairs: Array<[string, number]>): ValuesResponse => ({
  'values-response': { name, type, 'distinct-value': pairs.map(([_value, frequency]) => ({ frequency, _value })) },
});
const price = answerOf('price', 'xs:decimal', [
  ['10', 1],
  ['9.5', 3],
  ['100', 1],
]);
const catPrice: ValuesResponse = {
  'values-response': { name: 'cat-price', types: { type: ['xs:string', 'xs:decimal'] }, tuple: [{ frequency: 2, 'distinct-value': ['toys', '9.5'] }] },
};

describe('analytics state in the hash', () => {
  test('reads defaults and writes them back out of the link', () => {
    expect(readAnalyticsState(new URLSearchParams())).toEqual({ options: 'default', name: '', q: '', aggregates: [] });
    expect(analyticsHref({ options: 'default', name: '', q: '', aggregates: [] })).toBe('#/analytics');
  });

  test('round-trips a view, aggregates once each', () => {
    const state = { options: 'shop', name: 'price', q: 'cat:toys', aggregates: ['sum', 'avg'] };
    expect(readAnalyticsState(parseHash(analyticsHref(state)).params)).toEqual(state);
    expect(readAnalyticsState(new URLSearchParams('aggregates=sum,,sum,avg')).aggregates).toEqual(['sum', 'avg']);
  });

  test('asks for the values and, apart, for the aggregates', () => {
    expect(valuesQueryOf({ options: 'default', name: 'p', q: ' ', aggregates: ['sum'] })).toEqual({});
    expect(valuesQueryOf({ options: 'shop', name: 'p', q: 'x', aggregates: ['sum'] })).toEqual({ q: 'x', options: 'shop' });
    expect(aggregatesQueryOf({ options: 'shop', name: 'p', q: 'x', aggregates: ['sum', 'avg'] })).toEqual({ q: 'x', options: 'shop', aggregates: ['sum', 'avg'], view: 'aggregate' });
  });
});

describe('rows', () => {
  test('values and tuples become rows; an empty answer none', () => {
    expect(valueRows(price)[1]).toEqual({ values: ['9.5'], frequency: 3 });
    expect(valueRows(catPrice)).toEqual([{ values: ['toys', '9.5'], frequency: 2 }]);
    expect(valueRows({ 'values-response': { name: 'x', type: 'xs:string' } })).toEqual([]);
    expect([columnTypes(price), columnTypes(catPrice)]).toEqual([['xs:decimal'], ['xs:string', 'xs:decimal']]);
  });

  test('a heat map axis lists each distinct value once, in its type’s order', () => {
    const rows = [
      { values: ['toys', '12.5'], frequency: 1 },
      { values: ['books', '8'], frequency: 1 },
      { values: ['toys', '5'], frequency: 2 },
      { values: ['books', '12.5'], frequency: 1 },
    ];
    expect(axisValues(rows, 0, 'xs:string')).toEqual(['books', 'toys']);
    expect(axisValues(rows, 1, 'xs:decimal')).toEqual(['5', '8', '12.5']);
  });

  test('sorts numbers as numbers, by frequency with ties in value order, either way', () => {
    const rows = valueRows(price);
    const values = (r: { values: string[] }[]) => r.map((x) => x.values[0]);
    expect(values(sortRows(rows, ['xs:decimal'], { key: 'value', direction: 'ascending' }))).toEqual(['9.5', '10', '100']);
    expect(values(sortRows(rows, ['xs:decimal'], { key: 'value', direction: 'descending' }))).toEqual(['100', '10', '9.5']);
    expect(values(sortRows(rows, ['xs:decimal'], { key: 'frequency', direction: 'descending' }))).toEqual(['9.5', '10', '100']);
    expect(values(sortRows(rows, ['xs:decimal'], { key: 'frequency', direction: 'ascending' }))).toEqual(['10', '100', '9.5']);
    expect(values(sortRows(rows, ['xs:string'], { key: 'value', direction: 'ascending' }))).toEqual(['9.5', '10', '100']);
  });

  test('the top rows are the most frequent', () => {
    expect(topRows(valueRows(price), 1)).toEqual([{ values: ['9.5'], frequency: 3 }]);
  });

  test('charts and aggregates suit the types', () => {
    expect(chartKinds(['xs:string'])).toEqual(['bar']);
    expect(chartKinds(['xs:date'])).toEqual(['histogram', 'bar']);
    expect(chartKinds(['xs:string', 'xs:int'])).toEqual(['heatmap']);
    expect(chartKinds(['xs:double', 'xs:int'])).toEqual(['scatter', 'heatmap']);
    expect(aggregatesFor(1)).toContain('median');
    expect(aggregatesFor(2)).toEqual(['count', 'covariance', 'covariance-population', 'correlation']);
  });
});

describe('formatting', () => {
  test('aggregates for people, text left as it is', () => {
    expect(formatAggregate('42.4700000001')).toBe(new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 }).format(42.47));
    expect(formatAggregate('1234567')).toBe((1234567).toLocaleString());
    expect(formatAggregate('1e20')).toMatch(/E20$/);
    expect(formatAggregate('toys')).toBe('toys');
    expect(formatAggregate('2024-01-01')).toBe('2024-01-01');
  });

  test('CSV quotes what RFC 4180 says to and ends lines with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv(['value', 'frequency'], [['a\nb', 2]])).toBe('value,frequency\r\n"a\nb",2\r\n');
  });

  test('curl with the URL and the user quoted for the shell, no password', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(curlCommand('http://h/v1/values/p?q=a&format=json')).toBe(`curl -H 'Accept: application/json' 'http://h/v1/values/p?q=a&format=json'`);
    expect(curlCommand('http://h/x', { user: 'admin' })).toBe(`curl --anyauth -u 'admin' -H 'Accept: application/json' 'http://h/x'`);
  });
});

describe('where a value leads', () => {
  const options = {
    values: [
      { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' }, 'values-option': ['frequency-order'] },
      { name: 'cats', collection: { prefix: '' } },
      { name: 'uris', uri: null },
      { name: 'f', field: { name: 'f' } },
    ],
    tuples: [
      { name: 'cat-price', range: [{ type: 'xs:string', 'json-property': 'category' }, { type: 'xs:decimal', 'json-property': 'price' }] },
      { name: 'price-coll', indexes: [{ range: { type: 'xs:decimal', 'json-property': 'price', facet: false } }, { collection: { prefix: '' } }] },
    ],
  };
  const structured = (href: string | undefined) => JSON.parse(parseHash(href!).params.get('structuredQuery')!);

  test('a range value is an EQ range query on the same index, in Search with the same options', () => {
    const href = valueHref(definitionSources(options, 'price')!, ['9.5'], 'shop', 'cheap');
    expect(parseHash(href!).path).toBe('/search');
    expect(parseHash(href!).params.get('q')).toBe('cheap');
    expect(parseHash(href!).params.get('options')).toBe('shop');
    expect(structured(href)).toEqual({ query: { 'range-query': { type: 'xs:decimal', 'json-property': 'price', value: ['9.5'], 'range-operator': 'EQ' } } });
  });

  test('a collection is a collection query; a URI is the document; a tuple all of its values', () => {
    expect(structured(valueHref(definitionSources(options, 'cats')!, ['toys'], 'default', ''))).toEqual({ query: { 'collection-query': { uri: ['toys'] } } });
    expect(valueHref(definitionSources(options, 'uris')!, ['/a/b.json'], 'default', '')).toBe('#/documents?dir=%2Fa%2F&uri=%2Fa%2Fb.json');
    const tuple = structured(valueHref(definitionSources(options, 'cat-price')!, ['toys', '9.5'], 'default', ''));
    expect(tuple.query['and-query'].queries).toHaveLength(2);
    expect(tuple.query['and-query'].queries[0]['range-query']).toMatchObject({ 'json-property': 'category', value: ['toys'] });
  });

  test('columns are named by what their index reads', () => {
    expect(definitionSources(options, 'cat-price')!.map((s) => sourceLabel(s, '?'))).toEqual(['category', 'price']);
    expect(sourceLabel(definitionSources(options, 'uris')![0], '?')).toBe('uri');
    expect(definitionSources(options, 'price-coll')!.map((s) => sourceLabel(s, '?'))).toEqual(['price', 'collection']);
    expect(sourceLabel({ kind: 'range', ref: { type: 'xs:int', element: { ns: '', name: 'n' } } }, '?')).toBe('n');
    expect(sourceLabel(undefined, 'value')).toBe('value');
  });

  test('a source without a query, or an unknown definition, leads nowhere', () => {
    expect(valueHref(definitionSources(options, 'f')!, ['x'], 'default', '')).toBeUndefined();
    expect(definitionSources(options, 'nope')).toBeUndefined();
  });
});
