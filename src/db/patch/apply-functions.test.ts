import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import { runBuiltin, type ApplyOptions, type BuiltinFunctionName } from './apply-functions';
import { formatDouble, stringOf, type XsValue } from './xs-values';

/** Untyped text, as an XML node's value and a patch's arguments arrive. */
const text = (value: string): XsValue => ({ type: 'string', value });
const run = (fn: BuiltinFunctionName, value: string, args: string[]) => stringOf(runBuiltin(fn, text(value), args.map(text)));

describe('built-ins over untyped text', () => {
  test.for<{ name: string; fn: BuiltinFunctionName; value: string; args: string[]; result: string }>([
    { name: 'ml.add adds as xs:double by default', fn: 'ml.add', value: '5', args: ['2.5'], result: '7.5' },
    { name: 'ml.subtract subtracts', fn: 'ml.subtract', value: '5', args: ['7'], result: '-2' },
    { name: 'ml.multiply multiplies', fn: 'ml.multiply', value: '1.5', args: ['4'], result: '6' },
    { name: 'ml.divide divides', fn: 'ml.divide', value: '1', args: ['4'], result: '0.25' },
    { name: 'a double division by zero is INF', fn: 'ml.divide', value: '1', args: ['0'], result: 'INF' },
    { name: 'a large double is written with an exponent', fn: 'ml.multiply', value: '1234567.5', args: ['10'], result: '1.2345675E7' },
    { name: 'a double sum does not leak binary noise', fn: 'ml.add', value: '0.1', args: ['0.2'], result: '0.3' },
    { name: 'surrounding whitespace in a number is ignored', fn: 'ml.add', value: ' 5\n', args: [' 1 '], result: '6' },
    { name: 'xs:integer arithmetic is exact', fn: 'ml.add', value: '9007199254740993', args: ['1', 'xs:integer', 'integer'], result: '9007199254740994' },
    { name: 'xs:integer division gives a decimal', fn: 'ml.divide', value: '1', args: ['3', 'xs:integer', 'xs:integer'], result: '0.333333333333333333' },
    { name: 'xs:decimal arithmetic is exact', fn: 'ml.add', value: '0.1', args: ['0.2', 'xs:decimal', 'xs:decimal'], result: '0.3' },
    { name: 'decimal beats integer', fn: 'ml.multiply', value: '3', args: ['1.50', 'xs:int', 'xs:decimal'], result: '4.5' },
    { name: 'double beats decimal', fn: 'ml.add', value: '1.5', args: ['1', 'xs:decimal', 'xs:double'], result: '2.5' },
    { name: 'ml.concat-before prepends', fn: 'ml.concat-before', value: 'b', args: ['a'], result: 'ab' },
    { name: 'ml.concat-after appends', fn: 'ml.concat-after', value: 'b', args: ['c'], result: 'bc' },
    { name: 'ml.concat-between wraps', fn: 'ml.concat-between', value: 'b', args: ['[', ']'], result: '[b]' },
    { name: 'ml.substring-before keeps what precedes', fn: 'ml.substring-before', value: 'a-b-c', args: ['-'], result: 'a' },
    { name: 'ml.substring-before of a missing string is empty', fn: 'ml.substring-before', value: 'abc', args: ['x'], result: '' },
    { name: 'ml.substring-after keeps what follows', fn: 'ml.substring-after', value: 'a-b-c', args: ['-'], result: 'b-c' },
    { name: 'ml.replace-regex replaces every match', fn: 'ml.replace-regex', value: 'a1b22', args: ['[0-9]+', '#'], result: 'a#b#' },
    { name: 'ml.replace-regex substitutes groups', fn: 'ml.replace-regex', value: 'John Smith', args: ['(\\w+) (\\w+)', '$2, $1'], result: 'Smith, John' },
    { name: 'ml.replace-regex $0 is the whole match', fn: 'ml.replace-regex', value: 'ab', args: ['b', '[$0]'], result: 'a[b]' },
    { name: 'ml.replace-regex reads $12 as $1 then 2 with one group', fn: 'ml.replace-regex', value: 'x', args: ['(x)', '$12'], result: 'x2' },
    { name: 'ml.replace-regex escapes $ and \\ in the replacement', fn: 'ml.replace-regex', value: 'a', args: ['a', '\\$\\\\'], result: '$\\' },
    { name: 'ml.replace-regex honours the i flag', fn: 'ml.replace-regex', value: 'ABC', args: ['b', '-', 'i'], result: 'A-C' },
    { name: 'ml.replace-regex x flag ignores pattern whitespace', fn: 'ml.replace-regex', value: 'abc', args: ['a b', '-', 'x'], result: '-c' },
    { name: 'ml.replace-regex q flag matches literally', fn: 'ml.replace-regex', value: 'a.b', args: ['.', '$', 'q'], result: 'a$b' },
  ])('$name', ({ fn, value, args, result }) => {
    expect(run(fn, value, args)).toBe(result);
  });
});

describe('date and duration arithmetic', () => {
  test.for<{ name: string; fn: BuiltinFunctionName; value: string; args: string[]; result: string }>([
    { name: 'adding months to a date pins the day to the month end', fn: 'ml.add', value: '2024-01-31', args: ['P1M', 'xs:date', 'xs:yearMonthDuration'], result: '2024-02-29' },
    { name: 'subtracting months from a date', fn: 'ml.subtract', value: '2024-03-31', args: ['P1M', 'date', 'yearMonthDuration'], result: '2024-02-29' },
    { name: 'adding a dayTimeDuration to a dateTime crosses midnight and keeps the timezone', fn: 'ml.add', value: '2024-01-01T23:30:00+02:00', args: ['PT1H', 'xs:dateTime', 'xs:dayTimeDuration'], result: '2024-01-02T00:30:00+02:00' },
    { name: 'adding days to a date keeps it a date', fn: 'ml.add', value: '2024-02-28Z', args: ['P2D', 'xs:date', 'xs:dayTimeDuration'], result: '2024-03-01Z' },
    { name: 'two dates subtract to a duration', fn: 'ml.subtract', value: '2024-03-01', args: ['2024-02-01', 'xs:date', 'xs:date'], result: 'P29D' },
    { name: 'two dateTimes subtract across timezones', fn: 'ml.subtract', value: '2024-01-01T12:00:00Z', args: ['2024-01-01T12:00:00+02:00', 'xs:dateTime', 'xs:dateTime'], result: 'PT2H' },
    { name: 'two durations add', fn: 'ml.add', value: 'P1DT2H', args: ['PT22H', 'xs:dayTimeDuration', 'xs:dayTimeDuration'], result: 'P2D' },
    { name: 'a duration scales by an untyped number', fn: 'ml.multiply', value: 'PT1H30M', args: ['2', 'xs:dayTimeDuration'], result: 'PT3H' },
    { name: 'a scaled yearMonthDuration rounds to whole months', fn: 'ml.divide', value: 'P1Y', args: ['5', 'xs:yearMonthDuration'], result: 'P2M' },
    { name: 'a duration divided by a duration is a number', fn: 'ml.divide', value: 'P1Y', args: ['P6M', 'xs:yearMonthDuration', 'xs:yearMonthDuration'], result: '2' },
  ])('$name', ({ fn, value, args, result }) => {
    expect(run(fn, value, args)).toBe(result);
  });
});

describe('typed values', () => {
  const double = (value: number, written?: string): XsValue => ({ type: 'double', value, written });

  test('a number keeps the text it was written with for string functions', () => {
    expect(stringOf(runBuiltin('ml.concat-after', double(1e7, '10000000'), [text('1')]))).toBe('100000001');
  });

  test('a computed double is written canonically, not as its operands were', () => {
    expect(stringOf(runBuiltin('ml.multiply', double(1e6, '1000000'), [double(10, '10')]))).toBe('1.0E7');
  });

  test('an integer and a double give a double', () => {
    expect(runBuiltin('ml.add', { type: 'integer', value: 2n }, [double(0.5)])).toEqual({ type: 'double', value: 2.5 });
  });

  test.for<{ name: string; options: ApplyOptions; result: string | null }>([
    { name: 'a double division by zero is INF by default', options: {}, result: 'INF' },
    { name: 'a double division by zero is refused when the engine asks', options: { doubleDivisionByZero: 'error' }, result: null },
  ])('$name', ({ options, result }) => {
    const divide = () => stringOf(runBuiltin('ml.divide', double(1), [double(0)], options));
    if (result !== null) expect(divide()).toBe(result);
    else expect(failure(divide).detail).toBe('division by zero');
  });

  test('a value-less node is refused once a function reads it', () => {
    expect(failure(() => runBuiltin('ml.concat-after', undefined, [text('x')])).detail).toBe('can only operate on elements, attributes, text, or numbers');
    expect(failure(() => runBuiltin('ml.concat-after', undefined, [])).detail).toBe('requires exactly 1 additional arguments');
  });
});

describe('refusals', () => {
  test.for<{ name: string; fn: BuiltinFunctionName; value: string; args: string[]; message: string }>([
    { name: 'a non-number value', fn: 'ml.add', value: 'abc', args: ['1'], message: 'cannot cast abc for numeric operation' },
    { name: 'a date without its datatype', fn: 'ml.add', value: '2024-01-01', args: ['P1D'], message: 'cannot cast 2024-01-01 for numeric operation' },
    { name: 'too few arguments', fn: 'ml.add', value: '1', args: [], message: 'requires between 1 and 3 additional arguments' },
    { name: 'too many arguments', fn: 'ml.concat-before', value: '1', args: ['a', 'b'], message: 'requires exactly 1 additional arguments' },
    { name: 'a value outside xs:short', fn: 'ml.add', value: '40000', args: ['1', 'xs:short'], message: 'cannot cast 40000 to xs:short' },
    { name: 'a fraction as xs:integer', fn: 'ml.add', value: '1.5', args: ['1', 'xs:integer'], message: 'cannot cast 1.5 to xs:integer' },
    { name: 'an unknown datatype, named without its xs: prefix', fn: 'ml.add', value: '1', args: ['1', 'xs:banana'], message: 'operation does not support datatype: banana' },
    { name: 'an xs:time', fn: 'ml.add', value: '10:00:00', args: ['PT1H', 'xs:time', 'xs:dayTimeDuration'], message: 'operation does not support datatype: time' },
    { name: 'a date that does not exist', fn: 'ml.add', value: '2024-02-30', args: ['P1D', 'xs:date', 'xs:dayTimeDuration'], message: 'cannot cast 2024-02-30 to xs:date' },
    { name: 'a duration of the wrong kind', fn: 'ml.add', value: '2024-01-01', args: ['P1D', 'xs:date', 'xs:yearMonthDuration'], message: 'cannot cast P1D to xs:yearMonthDuration' },
    { name: 'a date plus a number', fn: 'ml.add', value: '2024-01-01', args: ['1', 'xs:date'], message: 'operation does not support xs:date + xs:double' },
    { name: 'two dates added', fn: 'ml.add', value: '2024-01-01', args: ['2024-01-02', 'xs:date', 'xs:date'], message: 'operation does not support xs:date + xs:date' },
    { name: 'a duration divided by zero', fn: 'ml.divide', value: 'PT1H', args: ['0', 'xs:dayTimeDuration'], message: 'division by zero' },
    { name: 'an exact division by zero', fn: 'ml.divide', value: '1', args: ['0', 'xs:integer', 'xs:integer'], message: 'division by zero' },
    { name: 'a pattern matching the empty string', fn: 'ml.replace-regex', value: 'a', args: ['x*', 'y'], message: 'regular expression matches a zero-length string: x*' },
    { name: 'an invalid pattern', fn: 'ml.replace-regex', value: 'a', args: ['(', 'y'], message: 'invalid regular expression: (' },
    { name: 'a bare $ in the replacement', fn: 'ml.replace-regex', value: 'a', args: ['a', '$'], message: 'invalid replacement string: $' },
    { name: 'an unknown flag', fn: 'ml.replace-regex', value: 'a', args: ['a', 'b', 'g'], message: 'invalid regular expression flags: g' },
  ])('$name is refused with 400 RESTAPI-INVALIDCONTENT', ({ fn, value, args, message }) => {
    const e = failure(() => run(fn, value, args));
    expect([e.code, e.status, e.detail]).toEqual(['RESTAPI-INVALIDCONTENT', 400, message]);
  });
});

describe('formatDouble', () => {
  test.for([
    [0, '0'],
    [-0, '-0'],
    [1.5, '1.5'],
    [999999, '999999'],
    [1e6, '1.0E6'],
    [0.000001, '0.000001'],
    [1e-7, '1.0E-7'],
    [-2.5e10, '-2.5E10'],
    [0.1 + 0.2, '0.3'],
    [NaN, 'NaN'],
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
  ] as [number, string][])('%s is written %s', ([n, written]) => {
    expect(formatDouble(n)).toBe(written);
  });
});
