import { describe, expect, test } from 'vitest';
import type { RangeType } from '../search/query-model';
import { failure } from '../../../test/db-error';
import { castQueryValue, castValue, compareValues, formatValue, lexicalOf, type RangeValue, type RawValue, type TemporalValue } from './range-values';

const lexical = (raw: RawValue, type: RangeType): string | undefined => {
  const v = castValue(raw, type);
  return v === undefined ? undefined : lexicalOf(v, type);
};

describe('castValue', () => {
  test.for<{ name: string; raw: RawValue; type: RangeType; expected: RangeValue | undefined }>([
    { name: 'an int from its text', raw: '42', type: 'int', expected: 42 },
    { name: 'an int with a sign and surrounding whitespace', raw: ' +42\n', type: 'int', expected: 42 },
    { name: 'a negative int', raw: '-7', type: 'int', expected: -7 },
    { name: '-0 as int is 0', raw: '-0', type: 'int', expected: 0 },
    { name: 'int minimum', raw: '-2147483648', type: 'int', expected: -2147483648 },
    { name: 'int maximum', raw: '2147483647', type: 'int', expected: 2147483647 },
    { name: 'an int just past the maximum is no int', raw: '2147483648', type: 'int', expected: undefined },
    { name: '"abc" is no int', raw: 'abc', type: 'int', expected: undefined },
    { name: '"1.5" is no int', raw: '1.5', type: 'int', expected: undefined },
    { name: 'the JSON number 1.5 is no int', raw: 1.5, type: 'int', expected: undefined },
    { name: '"1.0" is no int (integers have no decimal point)', raw: '1.0', type: 'int', expected: undefined },
    { name: 'the JSON number 3 is an int', raw: 3, type: 'int', expected: 3 },
    { name: 'an empty string is no int', raw: '', type: 'int', expected: undefined },
    { name: 'an exponent is no int', raw: '1e3', type: 'int', expected: undefined },
    { name: 'a JSON true is no int', raw: true, type: 'int', expected: undefined },
    { name: 'unsignedInt maximum', raw: '4294967295', type: 'unsignedInt', expected: 4294967295 },
    { name: 'a negative unsignedInt is no value', raw: '-1', type: 'unsignedInt', expected: undefined },
    { name: 'unsignedInt past its maximum', raw: '4294967296', type: 'unsignedInt', expected: undefined },
    { name: 'a long beyond 2^53, exactly', raw: '9007199254740993', type: 'long', expected: 9007199254740993n },
    { name: 'long minimum', raw: '-9223372036854775808', type: 'long', expected: -9223372036854775808n },
    { name: 'long past its maximum', raw: '9223372036854775808', type: 'long', expected: undefined },
    { name: 'the JSON number 1e21 is no long (out of range)', raw: 1e21, type: 'long', expected: undefined },
    { name: 'unsignedLong maximum', raw: '18446744073709551615', type: 'unsignedLong', expected: 18446744073709551615n },
    { name: 'unsignedLong past its maximum', raw: '18446744073709551616', type: 'unsignedLong', expected: undefined },
    { name: 'a negative unsignedLong is no value', raw: '-5', type: 'unsignedLong', expected: undefined },
    { name: 'a decimal in canonical form', raw: '+007.50', type: 'decimal', expected: '7.5' },
    { name: 'a decimal with a leading point', raw: '-.25', type: 'decimal', expected: '-0.25' },
    { name: 'a decimal with a trailing point', raw: '5.', type: 'decimal', expected: '5' },
    { name: '-0.0 as decimal is 0', raw: '-0.0', type: 'decimal', expected: '0' },
    { name: 'a decimal beyond double precision keeps its digits', raw: '12345678901234567890.123456789', type: 'decimal', expected: '12345678901234567890.123456789' },
    { name: 'an exponent is no decimal', raw: '1e3', type: 'decimal', expected: undefined },
    { name: 'a lone point is no decimal', raw: '.', type: 'decimal', expected: undefined },
    { name: 'a small JSON number is a decimal in plain notation', raw: 1e-7, type: 'decimal', expected: '0.0000001' },
    { name: 'a double with an exponent', raw: '1.5E3', type: 'double', expected: 1500 },
    { name: 'INF is a double', raw: 'INF', type: 'double', expected: Infinity },
    { name: '-INF is a double', raw: '-INF', type: 'double', expected: -Infinity },
    { name: '"Infinity" (JavaScript spelling) is no double', raw: 'Infinity', type: 'double', expected: undefined },
    { name: 'hexadecimal is no double', raw: '0x10', type: 'double', expected: undefined },
    { name: 'a float is rounded to 32 bits', raw: '0.1', type: 'float', expected: Math.fround(0.1) },
    { name: 'a JSON number is a float', raw: 2.5, type: 'float', expected: 2.5 },
    { name: 'a string is kept as it is, whitespace included', raw: '  Hello ', type: 'string', expected: '  Hello ' },
    { name: 'a JSON number indexed as a string is its text', raw: 12.5, type: 'string', expected: '12.5' },
    { name: 'a JSON boolean indexed as a string', raw: false, type: 'string', expected: 'false' },
    { name: 'an empty string is a string', raw: '', type: 'string', expected: '' },
    { name: 'anyURI collapses whitespace', raw: ' http://x.org/a  b ', type: 'anyURI', expected: 'http://x.org/a b' },
    { name: 'boolean true', raw: 'true', type: 'boolean', expected: true },
    { name: 'boolean 0', raw: '0', type: 'boolean', expected: false },
    { name: 'a JSON boolean', raw: true, type: 'boolean', expected: true },
    { name: '"yes" is no boolean', raw: 'yes', type: 'boolean', expected: undefined },
  ])('$name', ({ raw, type, expected }) => {
    const v = castValue(raw, type);
    if (expected === undefined) expect(v).toBeUndefined();
    else expect(v).toStrictEqual(expected);
  });

  test('NaN is a double (and differs from every number)', () => {
    expect(Number.isNaN(castValue('NaN', 'double'))).toBe(true);
  });

  test.for<{ name: string; raw: string; type: RangeType; expected: string | undefined }>([
    { name: 'a date', raw: '2024-02-29', type: 'date', expected: '2024-02-29' },
    { name: 'a date with a zone keeps the zone', raw: '2024-03-01+05:00', type: 'date', expected: '2024-03-01+05:00' },
    { name: 'a date in +00:00 is written Z', raw: '2024-03-01+00:00', type: 'date', expected: '2024-03-01Z' },
    { name: 'February 29th of a non-leap year is no date', raw: '2023-02-29', type: 'date', expected: undefined },
    { name: 'February 29th of 2000 (divisible by 400) is a date', raw: '2000-02-29', type: 'date', expected: '2000-02-29' },
    { name: 'February 29th of 1900 is no date', raw: '1900-02-29', type: 'date', expected: undefined },
    { name: 'month 13 is no date', raw: '2024-13-01', type: 'date', expected: undefined },
    { name: 'day 31 of April is no date', raw: '2024-04-31', type: 'date', expected: undefined },
    { name: 'a one-digit month is no date', raw: '2024-1-05', type: 'date', expected: undefined },
    { name: 'year 0000 is no date', raw: '0000-01-01', type: 'date', expected: undefined },
    { name: 'a year before the common era', raw: '-0044-03-15', type: 'date', expected: '-0044-03-15' },
    { name: 'a five-digit year', raw: '12024-01-01', type: 'date', expected: '12024-01-01' },
    { name: 'a zone beyond 14 hours is no date', raw: '2024-01-01+15:00', type: 'date', expected: undefined },
    { name: 'a dateTime without zone stays without zone', raw: '2024-01-02T03:04:05', type: 'dateTime', expected: '2024-01-02T03:04:05' },
    { name: 'a dateTime with a zone is written in UTC', raw: '2024-01-02T03:04:05+05:30', type: 'dateTime', expected: '2024-01-01T21:34:05Z' },
    { name: 'a negative zone moves the other way, across midnight', raw: '2024-12-31T22:00:00-05:00', type: 'dateTime', expected: '2025-01-01T03:00:00Z' },
    { name: 'fractional seconds keep their digits, trailing zeros dropped', raw: '2024-01-02T03:04:05.1200Z', type: 'dateTime', expected: '2024-01-02T03:04:05.12Z' },
    { name: '24:00:00 is the next day at midnight', raw: '2024-01-31T24:00:00Z', type: 'dateTime', expected: '2024-02-01T00:00:00Z' },
    { name: '24:00:01 is no dateTime', raw: '2024-01-31T24:00:01Z', type: 'dateTime', expected: undefined },
    { name: 'minute 60 is no dateTime', raw: '2024-01-31T10:60:00Z', type: 'dateTime', expected: undefined },
    { name: 'a date alone is no dateTime', raw: '2024-01-31', type: 'dateTime', expected: undefined },
    { name: 'a time', raw: '13:20:00', type: 'time', expected: '13:20:00' },
    { name: 'a time with a zone is written in UTC', raw: '01:00:00+02:00', type: 'time', expected: '23:00:00Z' },
    { name: 'a time with fractional seconds', raw: '13:20:00.500Z', type: 'time', expected: '13:20:00.5Z' },
    { name: '25:00:00 is no time', raw: '25:00:00', type: 'time', expected: undefined },
  ])('$name', ({ raw, type, expected }) => {
    expect(lexical(raw, type)).toBe(expected);
  });

  test('castQueryValue turns a value of the wrong type into 400 XDMP-LEXVAL naming it', () => {
    expect(castQueryValue('12', 'int')).toBe(12);
    const err = failure(() => castQueryValue('twelve', 'int'));
    expect([err.status, err.code]).toEqual([400, 'XDMP-LEXVAL']);
    expect(err.message).toContain('"twelve" is not a valid xs:int');
  });
});

describe('compareValues', () => {
  const sign = (n: number) => Math.sign(n);
  test.for<{ name: string; a: RawValue; b: RawValue; type: RangeType; collation?: string; expected: -1 | 0 | 1 }>([
    { name: 'ints by value, not text', a: '9', b: '10', type: 'int', expected: -1 },
    { name: 'longs beyond 2^53 exactly', a: '9007199254740993', b: '9007199254740992', type: 'long', expected: 1 },
    { name: 'decimals by value: 9.5 < 10', a: '9.5', b: '10', type: 'decimal', expected: -1 },
    { name: 'decimals: 0.5 > 0.45', a: '0.5', b: '0.45', type: 'decimal', expected: 1 },
    { name: 'decimals: -2 < -1.5', a: '-2', b: '-1.5', type: 'decimal', expected: -1 },
    { name: 'decimals: -0.1 < 0', a: '-0.1', b: '0', type: 'decimal', expected: -1 },
    { name: 'decimals: 1.50 = 1.5', a: '1.50', b: '1.5', type: 'decimal', expected: 0 },
    { name: 'decimals differing in the 25th digit', a: '0.1000000000000000000000001', b: '0.1', type: 'decimal', expected: 1 },
    { name: 'doubles: -INF is below every number', a: '-INF', b: '-1e308', type: 'double', expected: -1 },
    { name: 'doubles: 0 equals -0', a: '0', b: '-0', type: 'double', expected: 0 },
    { name: 'floats that round to the same 32-bit value are equal', a: '0.1', b: '0.100000001', type: 'float', expected: 0 },
    { name: 'booleans: false < true', a: 'false', b: 'true', type: 'boolean', expected: -1 },
    { name: 'dateTimes on the timeline, whatever the zone', a: '2024-01-01T10:00:00+02:00', b: '2024-01-01T08:00:00Z', type: 'dateTime', expected: 0 },
    { name: 'a later local time can be an earlier instant', a: '2024-01-01T10:00:00+05:00', b: '2024-01-01T06:00:00Z', type: 'dateTime', expected: -1 },
    { name: 'a dateTime without zone is taken as UTC', a: '2024-01-01T08:00:00', b: '2024-01-01T08:00:00Z', type: 'dateTime', expected: 0 },
    { name: 'fractional seconds order dateTimes', a: '2024-01-01T08:00:00.001Z', b: '2024-01-01T08:00:00Z', type: 'dateTime', expected: 1 },
    { name: 'dates before the common era', a: '-0044-03-15', b: '0001-01-01', type: 'date', expected: -1 },
    { name: 'dates across the year 10000', a: '9999-12-31', b: '10000-01-01', type: 'date', expected: -1 },
    { name: 'dates start at their own midnight (both at 2024-01-01T10:00Z)', a: '2024-01-02+14:00', b: '2024-01-01-10:00', type: 'date', expected: 0 },
    { name: 'a date in an eastern zone starts before the same date in UTC', a: '2024-01-02+05:00', b: '2024-01-02Z', type: 'date', expected: -1 },
    { name: 'times in UTC', a: '01:00:00+02:00', b: '23:30:00Z', type: 'time', expected: -1 },
    { name: 'strings under codepoint: Z < a', a: 'Z', b: 'a', type: 'string', collation: 'http://marklogic.com/collation/codepoint', expected: -1 },
    { name: 'strings under root: a < Z', a: 'a', b: 'Z', type: 'string', expected: -1 },
    { name: 'strings under root: composed and decomposed é are one value', a: 'é', b: 'e\u0301', type: 'string', expected: 0 },
    { name: 'strings under root: case matters (tertiary strength)', a: 'a', b: 'A', type: 'string', expected: -1 },
    { name: 'strings under S1: case does not matter', a: 'a', b: 'A', type: 'string', collation: 'http://marklogic.com/collation//S1', expected: 0 },
  ])('$name', ({ a, b, type, collation, expected }) => {
    const x = castValue(a, type);
    const y = castValue(b, type);
    expect(x).toBeDefined();
    expect(y).toBeDefined();
    expect(sign(compareValues(x!, y!, type, collation))).toBe(expected);
    expect(sign(compareValues(y!, x!, type, collation))).toBe(-expected || 0);
  });

  test('the timeline value of a dateTime is its UTC instant in milliseconds', () => {
    const v = castValue('1970-01-02T00:00:01.5+01:00', 'dateTime') as TemporalValue;
    expect(v.instant).toBe(86_400_000 - 3_600_000 + 1_500);
  });
});

describe('formatValue', () => {
  test.for<{ name: string; raw: RawValue; type: RangeType; expected: { name: string; value: string | number | boolean } }>([
    { name: 'an int is a JSON number', raw: '4', type: 'int', expected: { name: '4', value: 4 } },
    { name: 'an unsignedInt is a JSON number', raw: '4000000000', type: 'unsignedInt', expected: { name: '4000000000', value: 4000000000 } },
    { name: 'a long is a JSON number', raw: '-12', type: 'long', expected: { name: '-12', value: -12 } },
    { name: 'an unsignedLong is a JSON number', raw: '12', type: 'unsignedLong', expected: { name: '12', value: 12 } },
    { name: 'a decimal is a JSON number named by its canonical text', raw: '010.50', type: 'decimal', expected: { name: '10.5', value: 10.5 } },
    { name: 'a double in plain range', raw: '2.5', type: 'double', expected: { name: '2.5', value: 2.5 } },
    { name: 'a large double is named the XQuery way', raw: '1e21', type: 'double', expected: { name: '1.0E21', value: 1e21 } },
    { name: 'a small double is named the XQuery way', raw: '1.5e-7', type: 'double', expected: { name: '1.5E-7', value: 1.5e-7 } },
    { name: 'INF stays text (JSON has no infinity)', raw: 'INF', type: 'double', expected: { name: 'INF', value: 'INF' } },
    { name: 'a float is named by its shortest digits', raw: '0.1', type: 'float', expected: { name: '0.1', value: 0.1 } },
    { name: 'a boolean is a JSON boolean', raw: 'true', type: 'boolean', expected: { name: 'true', value: true } },
    { name: 'a string is text', raw: 'French', type: 'string', expected: { name: 'French', value: 'French' } },
    { name: 'a date is text', raw: '2024-05-01', type: 'date', expected: { name: '2024-05-01', value: '2024-05-01' } },
    { name: 'a dateTime is its canonical text', raw: '2024-05-01T12:00:00+02:00', type: 'dateTime', expected: { name: '2024-05-01T10:00:00Z', value: '2024-05-01T10:00:00Z' } },
  ])('$name', ({ raw, type, expected }) => {
    expect(formatValue(castValue(raw, type)!, type)).toStrictEqual(expected);
  });
});

describe('decimals compare numerically, from their canonical text', () => {
  const pairs: Array<[string, string]> = [
    ['12', '12.5'],
    ['12.25', '12.5'],
    ['9.99', '10'],
    ['0.05', '0.5'],
    ['-1', '-0.5'],
    ['-12.5', '-12'],
    ['-0.25', '0'],
    ['99999999999999999999.1', '100000000000000000000'],
    ['1.000000000000000000001', '1.00000000000000000001'],
  ];
  test.each(pairs)('%s < %s', (low, high) => {
    const [a, b] = [castValue(low, 'decimal')!, castValue(high, 'decimal')!];
    expect(compareValues(a, b, 'decimal')).toBeLessThan(0);
    expect(compareValues(b, a, 'decimal')).toBeGreaterThan(0);
    expect(compareValues(a, castValue(low, 'decimal')!, 'decimal')).toBe(0);
  });
});
