import { describe, expect, test } from 'vitest';
import { xsDuration } from './search-response';
import { valuesResponseJson } from './values-response';

const timings = { valuesMs: 0.5, aggregateMs: 0.25, totalMs: 1 };
const metrics = { 'values-resolution-time': xsDuration(0.5), 'aggregate-resolution-time': xsDuration(0.25), 'total-time': xsDuration(1) };

describe('valuesResponseJson writes the object form byte for byte, in the server’s key order', () => {
  test.for([
    {
      name: 'values with aggregates, a value needing escapes',
      answer: { name: 'p', type: 'xs:string', values: [{ value: 'a"b\\c\u0001', frequency: 2 }, { value: 'é', frequency: 1 }], aggregates: [{ name: 'count' as const, value: '3' }] },
      expected: { name: 'p', type: 'xs:string', 'distinct-value': [{ frequency: 2, _value: 'a"b\\c\u0001' }, { frequency: 1, _value: 'é' }], 'aggregate-result': [{ name: 'count', _value: '3' }] },
    },
    {
      name: 'tuples',
      answer: { name: 't', types: ['xs:string', 'xs:int'], tuples: [{ values: ['x', '1'], frequency: 4 }], aggregates: [] },
      expected: { name: 't', types: { type: ['xs:string', 'xs:int'] }, tuple: [{ frequency: 4, 'distinct-value': ['x', '1'] }] },
    },
    { name: 'an empty result', answer: { name: 'e', type: 'xs:int', values: [], aggregates: [] }, expected: { name: 'e', type: 'xs:int' } },
  ])('$name', ({ answer, expected }) => {
    expect(valuesResponseJson(answer, timings)).toBe(JSON.stringify({ 'values-response': { ...expected, metrics } }));
  });
});
