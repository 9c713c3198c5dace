import { describe, expect, test } from 'vitest';
import { DbError } from '../errors';
import { applyBuiltin, formatDouble, type BuiltinFunction } from './patch-functions';

function failure(run: () => unknown): DbError {
  try {
    run();
  } catch (e) {
    if (e instanceof DbError) return e;
    throw e;
  }
  throw new Error('expected a DbError');
}

describe('apply built-ins', () => {
  test.for<{ name: string; fn: BuiltinFunction; value: string; args: string[]; text: string }>([
    { name: 'ml.add adds as xs:double by default', fn: 'ml.add', value: '5', args: ['2.5'], text: '7.5' },
    { name: 'ml.subtract subtracts', fn: 'ml.subtract', value: '5', args: ['7'], text: '-2' },
    { name: 'ml.multiply multiplies', fn: 'ml.multiply', value: '1.5', args: ['4'], text: '6' },
    { name: 'ml.divide divides', fn: 'ml.divide', value: '1', args: ['4'], text: '0.25' },
    { name: 'a double division by zero is INF', fn: 'ml.divide', value: '1', args: ['0'], text: 'INF' },
    { name: 'a large double is written with an exponent', fn: 'ml.multiply', value: '1234567.5', args: ['10'], text: '1.2345675E7' },
    { name: 'surrounding whitespace in a number is ignored', fn: 'ml.add', value: ' 5\n', args: [' 1 '], text: '6' },
    { name: 'xs:integer arithmetic is exact', fn: 'ml.add', value: '9007199254740993', args: ['1', 'xs:integer', 'integer'], text: '9007199254740994' },
    { name: 'xs:integer division gives a decimal', fn: 'ml.divide', value: '1', args: ['3', 'xs:integer', 'xs:integer'], text: '0.333333333333333333' },
    { name: 'xs:decimal arithmetic is exact', fn: 'ml.add', value: '0.1', args: ['0.2', 'xs:decimal', 'xs:decimal'], text: '0.3' },
    { name: 'decimal beats integer', fn: 'ml.multiply', value: '3', args: ['1.50', 'xs:int', 'xs:decimal'], text: '4.5' },
    { name: 'double beats decimal', fn: 'ml.add', value: '1.5', args: ['1', 'xs:decimal', 'xs:double'], text: '2.5' },
    { name: 'ml.concat-before prepends', fn: 'ml.concat-before', value: 'b', args: ['a'], text: 'ab' },
    { name: 'ml.concat-after appends', fn: 'ml.concat-after', value: 'b', args: ['c'], text: 'bc' },
    { name: 'ml.concat-between wraps', fn: 'ml.concat-between', value: 'b', args: ['[', ']'], text: '[b]' },
    { name: 'ml.substring-before keeps what precedes', fn: 'ml.substring-before', value: 'a-b-c', args: ['-'], text: 'a' },
    { name: 'ml.substring-before of a missing string is empty', fn: 'ml.substring-before', value: 'abc', args: ['x'], text: '' },
    { name: 'ml.substring-after keeps what follows', fn: 'ml.substring-after', value: 'a-b-c', args: ['-'], text: 'b-c' },
    { name: 'ml.replace-regex replaces every match', fn: 'ml.replace-regex', value: 'a1b22', args: ['[0-9]+', '#'], text: 'a#b#' },
    { name: 'ml.replace-regex substitutes groups', fn: 'ml.replace-regex', value: 'John Smith', args: ['(\\w+) (\\w+)', '$2, $1'], text: 'Smith, John' },
    { name: 'ml.replace-regex $0 is the whole match', fn: 'ml.replace-regex', value: 'ab', args: ['b', '[$0]'], text: 'a[b]' },
    { name: 'ml.replace-regex reads $12 as $1 then 2 with one group', fn: 'ml.replace-regex', value: 'x', args: ['(x)', '$12'], text: 'x2' },
    { name: 'ml.replace-regex escapes $ and \\ in the replacement', fn: 'ml.replace-regex', value: 'a', args: ['a', '\\$\\\\'], text: '$\\' },
    { name: 'ml.replace-regex honours the i flag', fn: 'ml.replace-regex', value: 'ABC', args: ['b', '-', 'i'], text: 'A-C' },
    { name: 'ml.replace-regex x flag ignores pattern whitespace', fn: 'ml.replace-regex', value: 'abc', args: ['a b', '-', 'x'], text: '-c' },
    { name: 'ml.replace-regex q flag matches literally', fn: 'ml.replace-regex', value: 'a.b', args: ['.', '$', 'q'], text: 'a$b' },
  ])('$name', ({ fn, value, args, text }) => {
    expect(applyBuiltin(fn, value, args).text).toBe(text);
  });

  test('an xs:double result carries its number so elements can write whole values as integers', () => {
    expect(applyBuiltin('ml.multiply', '1000000', ['10'])).toEqual({ text: '1.0E7', double: 1e7 });
  });

  test.for([
    { name: 'a non-number value', fn: 'ml.add' as const, value: 'abc', args: ['1'], message: 'cannot cast abc for numeric operation' },
    { name: 'too few arguments', fn: 'ml.add' as const, value: '1', args: [], message: 'requires between 1 and 3 additional arguments' },
    { name: 'too many arguments', fn: 'ml.concat-before' as const, value: '1', args: ['a', 'b'], message: 'requires exactly 1 additional arguments' },
    { name: 'a value outside xs:short', fn: 'ml.add' as const, value: '40000', args: ['1', 'xs:short'], message: 'cannot cast 40000 as xs:short' },
    { name: 'a fraction as xs:integer', fn: 'ml.add' as const, value: '1.5', args: ['1', 'xs:integer'], message: 'cannot cast 1.5 as xs:integer' },
    { name: 'an unknown datatype', fn: 'ml.add' as const, value: '1', args: ['1', 'xs:banana'], message: 'operation does not support datatype: xs:banana' },
    { name: 'date arithmetic', fn: 'ml.add' as const, value: '2024-01-01', args: ['P1D', 'xs:date', 'xs:dayTimeDuration'], message: 'date, time and duration arithmetic is not supported: xs:date' },
    { name: 'an exact division by zero', fn: 'ml.divide' as const, value: '1', args: ['0', 'xs:integer', 'xs:integer'], message: 'division by zero' },
    { name: 'a pattern matching the empty string', fn: 'ml.replace-regex' as const, value: 'a', args: ['x*', 'y'], message: 'regular expression matches a zero-length string: x*' },
    { name: 'an invalid pattern', fn: 'ml.replace-regex' as const, value: 'a', args: ['(', 'y'], message: 'invalid regular expression: (' },
    { name: 'a bare $ in the replacement', fn: 'ml.replace-regex' as const, value: 'a', args: ['a', '$'], message: 'invalid replacement string: $' },
    { name: 'an unknown flag', fn: 'ml.replace-regex' as const, value: 'a', args: ['a', 'b', 'g'], message: 'invalid regular expression flags: g' },
  ])('$name is refused with 400 RESTAPI-INVALIDCONTENT', ({ fn, value, args, message }) => {
    const e = failure(() => applyBuiltin(fn, value, args));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.detail).toBe(message);
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
    [NaN, 'NaN'],
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
  ] as [number, string][])('%s is written %s', ([n, text]) => {
    expect(formatDouble(n)).toBe(text);
  });
});
