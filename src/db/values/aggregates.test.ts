import { describe, expect, test } from 'vitest';
import type { RangeType } from '../search/query-model';
import { castValue, type RangeValue } from '../indexes/range-values';
import { failure } from '../../../test/db-error';
import { AGGREGATES, ONE_INDEX_AGGREGATES, aggregate, checkAggregate, type DistinctTuple, type DistinctValue, type ValuesInput } from './aggregates';

// --- test data and the textbook formulas the results are checked against ---------------------

/** Distinct values (as text) with frequencies > 1, cast to the index's type. */
const values = (type: RangeType, rows: [string, number][]): ValuesInput => ({
  type,
  values: rows.map(([text, frequency]) => ({ value: castValue(text, type) as RangeValue, frequency })),
});

/** Every value repeated by its frequency, as numbers. */
const expand = (rows: [string, number][]): number[] => rows.flatMap(([text, frequency]) => Array<number>(frequency).fill(Number(text)));

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]): number => sum(xs) / xs.length;
const squares = (xs: number[]): number => sum(xs.map((x) => (x - mean(xs)) ** 2));
const medianOf = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const coSum = (xs: number[], ys: number[]): number => sum(xs.map((x, i) => (x - mean(xs)) * (ys[i] - mean(ys))));

/** A double result read back and compared to the formula's, to the 15 digits it is written with. */
const expectDouble = (actual: string | undefined, expected: number): void => {
  expect(actual).toBeDefined();
  expect(Math.abs(Number(actual) - expected)).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(expected)));
};

const INTS: [string, number][] = [
  ['-4', 2],
  ['3', 3],
  ['10', 1],
  ['25', 4],
];
const DOUBLES: [string, number][] = [
  ['-1.5', 3],
  ['0.125', 2],
  ['2.75', 1],
  ['1e3', 2],
];

describe('numeric aggregates, frequency-weighted', () => {
  test.for<{ type: RangeType; rows: [string, number][] }>([
    { type: 'int', rows: INTS },
    { type: 'long', rows: INTS },
    { type: 'unsignedInt', rows: INTS.map(([t, f]) => [String(Math.abs(Number(t))), f]) },
    { type: 'double', rows: DOUBLES },
    { type: 'decimal', rows: DOUBLES.map(([t, f]) => [String(Number(t)), f]) },
  ])('$type', ({ type, rows }) => {
    const input = values(type, rows);
    const xs = expand(rows);
    expect(aggregate('count', input)).toBe(String(xs.length));
    expect(Number(aggregate('sum', input))).toBe(sum(xs));
    expect(Number(aggregate('min', input))).toBe(Math.min(...xs));
    expect(Number(aggregate('max', input))).toBe(Math.max(...xs));
    expectDouble(aggregate('avg', input), mean(xs));
    expectDouble(aggregate('median', input), medianOf(xs));
    expectDouble(aggregate('variance', input), squares(xs) / (xs.length - 1));
    expectDouble(aggregate('variance-population', input), squares(xs) / xs.length);
    expectDouble(aggregate('stddev', input), Math.sqrt(squares(xs) / (xs.length - 1)));
    expectDouble(aggregate('stddev-population', input), Math.sqrt(squares(xs) / xs.length));
  });

  test('sum, min and max of an integer type are integers; avg is a decimal', () => {
    const input = values('int', INTS);
    const xs = expand(INTS);
    expect(aggregate('sum', input)).toBe(String(sum(xs)));
    expect(aggregate('min', input)).toBe('-4');
    expect(aggregate('max', input)).toBe('25');
    // (−8 + 9 + 10 + 100) / 10 = 11.1 exactly, as a decimal
    expect(aggregate('avg', input)).toBe(String(sum(xs) / xs.length));
  });

  test('a decimal sum is exact, whatever the binary double would give', () => {
    const rows: [string, number][] = [
      ['0.1', 3],
      ['0.2', 1],
      ['12345678901234567.01', 2],
    ];
    // In hundredths, exactly: 3·10 + 20 + 2·1234567890123456701
    const hundredths = 30n + 20n + 2n * 1234567890123456701n;
    const text = hundredths.toString();
    expect(aggregate('sum', values('decimal', rows))).toBe(`${text.slice(0, -2)}.${text.slice(-2)}`);
    expect(aggregate('sum', values('decimal', [['0.1', 1], ['0.2', 1]]))).toBe('0.3');
  });

  test('a long sum past 2^53 is exact', () => {
    const big = 2n ** 60n;
    const input: ValuesInput = { type: 'long', values: [{ value: big, frequency: 3 }, { value: 1n, frequency: 1 }] };
    expect(aggregate('sum', input)).toBe((3n * big + 1n).toString());
    expect(aggregate('max', input)).toBe(big.toString());
  });

  test('an avg of integers that does not end has 18 digits after the point', () => {
    expect(aggregate('avg', values('int', [['1', 2], ['2', 1]]))).toBe(`1.${'3'.repeat(18)}`);
    expect(aggregate('avg', values('int', [['2', 2], ['1', 1]]))).toBe(`1.${'6'.repeat(17)}7`);
    expect(aggregate('avg', values('int', [['-2', 2], ['-1', 1]]))).toBe(`-1.${'6'.repeat(17)}7`);
  });

  test('the median of an even count is the mean of the two middle items, across distinct values', () => {
    // 1 1 1 4 | 9 9 9 9 → (4 + 9) / 2
    expect(aggregate('median', values('int', [['1', 3], ['4', 1], ['9', 4]]))).toBe('6.5');
    // 1 1 4 4 4 → 4
    expect(aggregate('median', values('int', [['1', 2], ['4', 3]]))).toBe('4');
  });

  test('the median does not depend on the input being in item order', () => {
    const rows: [string, number][] = [
      ['9', 4],
      ['1', 3],
      ['4', 2],
    ];
    expect(aggregate('median', values('int', rows))).toBe(String(medianOf(expand(rows))));
  });

  test('a float sum and avg are floats, written in their shortest 32-bit form', () => {
    const input = values('float', [['0.1', 3]]);
    expect(aggregate('sum', input)).toBe('0.3');
    expect(aggregate('avg', input)).toBe('0.1');
  });
});

describe('ordered, non-numeric indexes: count, min, max only', () => {
  test.for<{ type: RangeType; rows: [string, number][]; min: string; max: string; collation?: string }>([
    { type: 'date', rows: [['2024-03-01', 2], ['1999-12-31', 3], ['2024-02-29', 1]], min: '1999-12-31', max: '2024-03-01' },
    { type: 'dateTime', rows: [['2024-01-01T10:00:00+02:00', 2], ['2024-01-01T09:00:00Z', 1]], min: '2024-01-01T08:00:00Z', max: '2024-01-01T09:00:00Z' },
    { type: 'time', rows: [['12:00:00', 2], ['08:30:00', 4]], min: '08:30:00', max: '12:00:00' },
    { type: 'string', rows: [['pear', 2], ['Apple', 3], ['banana', 1]], min: 'Apple', max: 'pear' },
    { type: 'anyURI', rows: [['/b.json', 2], ['/a.json', 5]], min: '/a.json', max: '/b.json' },
  ])('$type', ({ type, rows, min, max }) => {
    const input = values(type, rows);
    expect(aggregate('count', input)).toBe(String(sum(rows.map(([, f]) => f))));
    expect(aggregate('min', input)).toBe(min);
    expect(aggregate('max', input)).toBe(max);
  });

  test('min and max of strings follow the index collation', () => {
    const rows: DistinctValue[] = ['a', 'B', 'c'].map((value) => ({ value, frequency: 2 }));
    const codepoint = 'http://marklogic.com/collation/codepoint';
    // Code point order puts upper case first; the root collation does not.
    expect(aggregate('min', { type: 'string', collation: codepoint, values: rows })).toBe('B');
    expect(aggregate('max', { type: 'string', collation: codepoint, values: rows })).toBe('c');
    expect(aggregate('min', { type: 'string', values: rows })).toBe('a');
    expect(aggregate('max', { type: 'string', values: rows })).toBe('c');
  });
});

describe('two indexes: covariance and correlation', () => {
  const XS = [1, 2, 4, 7];
  const YS = [2.5, 1, 8, 9];
  const FREQ = [2, 1, 3, 2];
  const tuples: DistinctTuple[] = XS.map((x, i) => ({ values: [x, YS[i]], frequency: FREQ[i] }));
  const xs = XS.flatMap((x, i) => Array<number>(FREQ[i]).fill(x));
  const ys = YS.flatMap((y, i) => Array<number>(FREQ[i]).fill(y));
  const input = { types: ['int', 'double'] as RangeType[], tuples };

  test('weighted by the tuples frequencies', () => {
    expectDouble(aggregate('covariance', input), coSum(xs, ys) / (xs.length - 1));
    expectDouble(aggregate('covariance-population', input), coSum(xs, ys) / xs.length);
    expectDouble(aggregate('correlation', input), coSum(xs, ys) / Math.sqrt(squares(xs) * squares(ys)));
    expect(aggregate('count', input)).toBe(String(xs.length));
  });

  test('long and decimal indexes are read as doubles', () => {
    const exact = { types: ['long', 'decimal'] as RangeType[], tuples: tuples.map((t) => ({ ...t, values: [BigInt(t.values[0] as number), String(t.values[1])] })) };
    expect(aggregate('correlation', exact)).toBe(aggregate('correlation', input));
  });

  test('no result: one item for the sample forms, no spread for the correlation', () => {
    const one = { types: input.types, tuples: [{ values: [1, 2], frequency: 1 }] };
    expect(aggregate('covariance', one)).toBeUndefined();
    expect(aggregate('correlation', one)).toBeUndefined();
    expect(aggregate('covariance-population', one)).toBe('0');
    const flat = { types: input.types, tuples: [{ values: [1, 2], frequency: 1 }, { values: [1, 5], frequency: 2 }] };
    expect(aggregate('correlation', flat)).toBeUndefined();
    expect(aggregate('covariance', flat)).toBe('0');
  });
});

describe('empty input and too few items', () => {
  test.for(AGGREGATES.filter((name) => !['covariance', 'covariance-population', 'correlation'].includes(name)))('%s of no values', (name) => {
    expect(aggregate(name, { type: 'int', values: [] })).toBe(name === 'count' ? '0' : undefined);
  });

  test.for(['covariance', 'covariance-population', 'correlation', 'count'])('%s of no tuples', (name) => {
    expect(aggregate(name, { types: ['int', 'int'], tuples: [] })).toBe(name === 'count' ? '0' : undefined);
  });

  test('a single item: the sample variance and stddev have no result, the population ones are 0', () => {
    const one = values('int', [['7', 1]]);
    expect(aggregate('variance', one)).toBeUndefined();
    expect(aggregate('stddev', one)).toBeUndefined();
    expect(aggregate('variance-population', one)).toBe('0');
    expect(aggregate('stddev-population', one)).toBe('0');
    expect(aggregate('median', one)).toBe('7');
    // One distinct value with frequency 2 is two items.
    expect(aggregate('variance', values('int', [['7', 2]]))).toBe('0');
  });

  test('values of frequency 0 count for nothing', () => {
    const input = values('int', [['1', 0], ['5', 2], ['100', 0]]);
    expect(aggregate('count', input)).toBe('2');
    expect(aggregate('min', input)).toBe('5');
    expect(aggregate('max', input)).toBe('5');
    expect(aggregate('median', input)).toBe('5');
    expect(aggregate('variance', input)).toBe('0');
  });
});

describe('formatting', () => {
  test.for<{ name: string; aggregate: string; input: ValuesInput; expected: string }>([
    { name: 'a double to 15 significant digits', aggregate: 'avg', input: values('double', [['1', 1], ['0', 2]]), expected: '0.333333333333333' },
    { name: 'a double sum without last-bit noise', aggregate: 'sum', input: values('double', [['0.1', 1], ['0.2', 1]]), expected: '0.3' },
    { name: 'a whole double without a point', aggregate: 'sum', input: values('double', [['1.5', 2]]), expected: '3' },
    { name: 'a large double in exponent form', aggregate: 'sum', input: values('double', [['1e7', 3]]), expected: '3.0E7' },
    { name: 'a small double in exponent form', aggregate: 'avg', input: values('double', [['1e-7', 1]]), expected: '1.0E-7' },
    { name: 'a decimal without an exponent', aggregate: 'sum', input: values('decimal', [['0.0000001', 3]]), expected: '0.0000003' },
    { name: 'a decimal without trailing zeros', aggregate: 'sum', input: values('decimal', [['1.25', 2], ['0.5', 1]]), expected: '3' },
    { name: 'a negative decimal', aggregate: 'avg', input: values('decimal', [['-0.5', 1], ['-1', 1]]), expected: '-0.75' },
    { name: 'a count as an integer', aggregate: 'count', input: values('string', [['a', 100000]]), expected: '100000' },
    { name: 'min of a double as the index writes it', aggregate: 'min', input: values('double', [['0.1', 1]]), expected: '0.1' },
    { name: 'a median of integers as a double', aggregate: 'median', input: values('int', [['1', 1], ['2', 1]]), expected: '1.5' },
  ])('$name', ({ aggregate: name, input, expected }) => {
    expect(aggregate(name, input)).toBe(expected);
  });
});

describe('refusals: 400 SEARCH-INVALAGGREGATE', () => {
  test('an unknown aggregate names itself and lists the built-in ones', () => {
    const e = failure(() => aggregate('mode', values('int', INTS)));
    expect([e.code, e.status]).toEqual(['SEARCH-INVALAGGREGATE', 400]);
    expect(e.detail).toContain('"mode"');
    expect(e.detail).toContain('variance-population');
  });

  test.for<{ aggregate: string; type: RangeType }>([
    { aggregate: 'sum', type: 'string' },
    { aggregate: 'avg', type: 'date' },
    { aggregate: 'median', type: 'dateTime' },
    { aggregate: 'stddev', type: 'anyURI' },
    { aggregate: 'variance', type: 'time' },
    { aggregate: 'sum', type: 'boolean' },
  ])('$aggregate of an $type index', ({ aggregate: name, type }) => {
    const e = failure(() => checkAggregate(name, type));
    expect(e.code).toBe('SEARCH-INVALAGGREGATE');
    expect(e.detail).toContain(name);
    expect(e.detail).toContain(`xs:${type}`);
  });

  test('a two-index aggregate asked of one index', () => {
    const e = failure(() => aggregate('correlation', values('int', INTS)));
    expect(e.code).toBe('SEARCH-INVALAGGREGATE');
    expect(e.detail).toContain('needs two indexes');
  });

  test('a one-index aggregate other than count asked of a tuple is ambiguous', () => {
    const e = failure(() => aggregate('avg', { types: ['int', 'int'], tuples: [] }));
    expect(e.code).toBe('SEARCH-INVALAGGREGATE');
    expect(e.detail).toContain('ambiguous');
  });

  test('a two-index aggregate asked of three indexes, or of a non-numeric one', () => {
    expect(failure(() => checkAggregate('covariance', ['int', 'int', 'int'])).detail).toContain('exactly two');
    expect(failure(() => checkAggregate('correlation', ['int', 'string'])).detail).toContain('xs:string');
  });

  test('refusals come before any data is read', () => {
    expect(failure(() => aggregate('sum', { type: 'string', values: [] })).code).toBe('SEARCH-INVALAGGREGATE');
  });
});

// How fast is the benchmark's business (npm run bench, the values section), never a timed test.
test('100k distinct values: every one-index aggregate answers, count, min and max as the data says', () => {
  const rows = Array.from({ length: 100_000 }, (_, i) => ({ value: i / 7, frequency: (i % 5) + 1 }));
  const input: ValuesInput = { type: 'double', values: rows };
  const answers = Object.fromEntries(ONE_INDEX_AGGREGATES.map((name) => [name, aggregate(name, input)]));
  for (const name of ONE_INDEX_AGGREGATES) expect(Number.isFinite(Number(answers[name])), name).toBe(true);
  expect(Number(answers.count)).toBe(rows.reduce((n, r) => n + r.frequency, 0));
  expect(Number(answers.min)).toBe(0);
  expect(Number(answers.max)).toBe(99_999 / 7);
});
