import { describe, expect, test } from 'vitest';
import type { SparqlTerm } from '../../../../client/sparql';
import { XSD } from '../../../lib/xsd';
import {
  cellText,
  clampWidth,
  compareTerms,
  estimateColumnWidths,
  filterIndices,
  nextSort,
  sampleIndices,
  searchTexts,
  sortedIndices,
} from './result-grid';

const iri = (value: string): SparqlTerm => ({ type: 'uri', value });
const bnode = (value: string): SparqlTerm => ({ type: 'bnode', value });
const lit = (value: string, datatype?: string): SparqlTerm => (datatype ? { type: 'literal', value, datatype } : { type: 'literal', value });
const int = (value: string) => lit(value, `${XSD}integer`);
const dbl = (value: string) => lit(value, `${XSD}double`);

describe('cell text', () => {
  test('IRIs are shortened with the given and the bundled prefixes, and whole in full', () => {
    expect(cellText(iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), {})).toEqual({ shown: 'rdf:type', full: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type' });
    expect(cellText(iri('http://e.org/a'), { e: 'http://e.org/' })).toEqual({ shown: 'e:a', full: 'http://e.org/a' });
  });

  test('literals show their language or datatype, and are whole in N-Triples syntax', () => {
    expect(cellText({ type: 'literal', value: 'chat', 'xml:lang': 'fr' }, {})).toEqual({ shown: 'chat @fr', full: '"chat"@fr' });
    expect(cellText(int('5'), {})).toEqual({ shown: '5 ^^xsd:integer', full: `"5"^^<${XSD}integer>` });
    expect(cellText(undefined, {})).toEqual({ shown: '', full: '' });
    expect(cellText(bnode('b1'), {})).toEqual({ shown: '_:b1', full: '_:b1' });
  });
});

describe('term order', () => {
  test('unbound < blank node < IRI < literal, whatever the values', () => {
    const terms = [lit('a'), iri('http://a'), undefined, bnode('z'), int('1')];
    // Sorted through indices: Array.prototype.sort puts undefined last without asking the comparison.
    const sorted = terms.map((_, i) => i).sort((i, j) => compareTerms(terms[i], terms[j])).map((i) => terms[i]);
    expect(sorted).toEqual([undefined, bnode('z'), iri('http://a'), int('1'), lit('a')]);
  });

  test('numbers compare numerically across numeric datatypes, before other literals', () => {
    const terms = [int('10'), lit('9'), dbl('2.5'), int('-3'), int('9'), dbl('1e1')];
    const sorted = [...terms].sort(compareTerms).map((t) => t.value);
    expect(sorted).toEqual(['-3', '2.5', '9', '10', '1e1', '9']);
    // The plain "9" is text, so it sorts after every number.
    expect([...terms].sort(compareTerms).at(-1)).toEqual(lit('9'));
  });

  test('a malformed number sorts after the well-formed ones', () => {
    expect([int('oops'), int('2'), int('1')].sort(compareTerms).map((t) => t.value)).toEqual(['1', '2', 'oops']);
  });

  test('texts by value ignoring case, then with case, then by language or datatype', () => {
    const sorted = [lit('banana'), { type: 'literal', value: 'apple', 'xml:lang': 'en' } as SparqlTerm, lit('Apple'), lit('apple')].sort(compareTerms);
    expect(sorted).toEqual([lit('Apple'), lit('apple'), { type: 'literal', value: 'apple', 'xml:lang': 'en' }, lit('banana')]);
    expect(compareTerms(lit('x'), { type: 'literal', value: 'x', 'xml:lang': 'en' })).not.toBe(0);
  });

  test('IRIs and blank nodes compare by their text', () => {
    expect(compareTerms(iri('http://a/1'), iri('http://a/2'))).toBeLessThan(0);
    expect(compareTerms(bnode('b2'), bnode('b1'))).toBeGreaterThan(0);
    expect(compareTerms(iri('http://a'), iri('http://a'))).toBe(0);
  });
});

describe('sorting rows', () => {
  const rows = [{ n: int('3') }, { n: undefined }, { n: int('1') }, { n: int('3') }, { n: int('2') }];
  test('ascending and descending keep equal rows in the result order', () => {
    expect(sortedIndices(rows, (r) => r.n, 'ascending')).toEqual([1, 2, 4, 0, 3]);
    expect(sortedIndices(rows, (r) => r.n, 'descending')).toEqual([0, 3, 4, 2, 1]);
  });

  test('a header click cycles ascending, descending, unsorted; another column starts ascending', () => {
    const asc = nextSort(undefined, 'a');
    expect(asc).toEqual({ column: 'a', direction: 'ascending' });
    expect(nextSort(asc, 'a')).toEqual({ column: 'a', direction: 'descending' });
    expect(nextSort({ column: 'a', direction: 'descending' }, 'a')).toBeUndefined();
    expect(nextSort({ column: 'a', direction: 'descending' }, 'b')).toEqual({ column: 'b', direction: 'ascending' });
  });
});

describe('filtering rows', () => {
  const cells = [
    [cellText(iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), {}), cellText(lit('Ada'), {})],
    [cellText(iri('http://xmlns.com/foaf/0.1/name'), {}), cellText(lit('Bob'), {})],
    [cellText(undefined, {}), cellText(lit('Carol'), {})],
  ];
  const texts = searchTexts(cells);
  const all = [0, 1, 2];

  test('matches the shown text or the whole text of any cell, ignoring case', () => {
    expect(filterIndices(all, texts, 'rdf:TYPE')).toEqual([0]);
    expect(filterIndices(all, texts, '22-rdf-syntax')).toEqual([0]);
    expect(filterIndices(all, texts, 'xmlns.com')).toEqual([1]);
    expect(filterIndices(all, texts, 'r')).toEqual([0, 2]);
    expect(filterIndices(all, texts, 'nothing')).toEqual([]);
  });

  test('keeps the given order, and a blank filter keeps every row', () => {
    expect(filterIndices([2, 1, 0], texts, 'r')).toEqual([2, 0]);
    expect(filterIndices([2, 1, 0], texts, '  ')).toEqual([2, 1, 0]);
  });

  test('a match never spans two cells', () => {
    expect(filterIndices(all, texts, 'typeada')).toEqual([]);
  });
});

describe('column widths', () => {
  const perChar = (text: string) => text.length * 8;
  const options = { min: 60, max: 300, padding: 20 };

  test('fit the widest sampled text or the header, padded and kept within bounds', () => {
    const widths = estimateColumnWidths(['?s', '?label', '?x'], [['ab', 'a'.repeat(20), ''], ['abcd', 'b', '']], perChar, options);
    expect(widths).toEqual([Math.max(60, 4 * 8 + 20), 20 * 8 + 20, 60]);
  });

  test('a very long value is capped at the widest a column starts', () => {
    expect(estimateColumnWidths(['?o'], [['x'.repeat(500)]], perChar, options)).toEqual([300]);
  });

  test('the sample is every row of a small result, and the head plus an even spread of a large one', () => {
    expect(sampleIndices(5, 200, 100)).toEqual([0, 1, 2, 3, 4]);
    const sample = sampleIndices(100_000, 200, 100);
    expect(sample).toHaveLength(200);
    expect(sample.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(sample.at(-1)).toBeGreaterThan(99_000);
    expect(new Set(sample).size).toBe(200);
    expect([...sample].sort((a, b) => a - b)).toEqual(sample);
  });

  test('a dragged width never goes below the minimum', () => {
    expect(clampWidth(10, 36)).toBe(36);
    expect(clampWidth(120.4, 36)).toBe(120);
  });
});
