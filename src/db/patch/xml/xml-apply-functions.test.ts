import { describe, expect, test } from 'vitest';
import { failure } from '../../../../test/db-error';
import type { BuiltinFunctionName } from '../apply-functions';
import { applyBuiltin, type AppliedValue } from './xml-apply-functions';

// The functions themselves are tested in src/db/patch/apply-functions.test.ts; these
// cases are about what the XML side hands them and gets back.
describe('apply built-ins on XML text', () => {
  test('an xs:double result carries its number so elements can write whole values as integers', () => {
    expect(applyBuiltin('ml.multiply', '1000000', ['10'])).toEqual({ text: '1.0E7', double: 1e7 });
  });

  test.for<{ name: string; fn: BuiltinFunctionName; value: string; args: string[]; result: AppliedValue }>([
    { name: 'exact integer arithmetic is not a double', fn: 'ml.add', value: '5', args: ['2', 'xs:int', 'xs:int'], result: { text: '7' } },
    { name: 'a string result is not a double', fn: 'ml.concat-after', value: '5', args: ['0'], result: { text: '50' } },
    { name: 'a date plus a yearMonthDuration is a date', fn: 'ml.add', value: '2024-01-31', args: ['P1M', 'xs:date', 'xs:yearMonthDuration'], result: { text: '2024-02-29' } },
    { name: 'a dateTime minus a dayTimeDuration keeps its timezone', fn: 'ml.subtract', value: '2024-03-01T00:15:00-05:00', args: ['PT30M', 'xs:dateTime', 'xs:dayTimeDuration'], result: { text: '2024-02-29T23:45:00-05:00' } },
    { name: 'two dates subtract to a dayTimeDuration', fn: 'ml.subtract', value: '2025-01-01', args: ['2024-01-01', 'xs:date', 'xs:date'], result: { text: 'P366D' } },
    { name: 'a duration divided by a duration is an xs:double', fn: 'ml.divide', value: 'PT90M', args: ['PT1H', 'xs:dayTimeDuration', 'xs:dayTimeDuration'], result: { text: '1.5', double: 1.5 } },
  ])('$name', ({ fn, value, args, result }) => {
    expect(applyBuiltin(fn, value, args)).toEqual(result);
  });

  test('a date is not a number unless the arguments say so', () => {
    const e = failure(() => applyBuiltin('ml.add', '2024-01-31', ['P1M']));
    expect([e.code, e.detail]).toEqual(['RESTAPI-INVALIDCONTENT', 'cannot cast 2024-01-31 for numeric operation']);
  });
});
