/**
 * The values benchmark's in-page baseline (bench/scenarios/values-baseline.ts) is what the
 * run checks the service worker's answers against, so a baseline that computed median or
 * stddev differently from the engine would fail the benchmark for nothing. Here it meets
 * the engine's own aggregates (src/db/values) over the same generated values.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { aggregate } from '../src/db/values';
import { searchDocuments } from '../bench/scenarios/search-data';
import { categoryValues, priceValues, valuesBaselineForget, valuesBaselineLoad } from '../bench/scenarios/values-baseline';

const TOTAL = 2_000;
const PREFIX = '/bench/search/';

beforeAll(() => {
  valuesBaselineLoad({ total: TOTAL, prefix: PREFIX });
});
afterAll(() => valuesBaselineForget());

describe('values baseline', () => {
  test('category frequencies count every document once, in ascending order', () => {
    const values = categoryValues();
    const expected = new Map<string, number>();
    for (const d of searchDocuments(PREFIX, TOTAL)) expected.set(d.category, (expected.get(d.category) ?? 0) + 1);
    expect(new Map(values.map((v) => [v.value, v.frequency]))).toEqual(expected);
    expect(values.map((v) => v.value)).toEqual([...expected.keys()].sort());
  });

  test('price values are ascending and the aggregates equal the engine’s over the same values', () => {
    const { values, aggregates } = priceValues();
    expect(values.every((v, i) => i === 0 || values[i - 1].value < v.value)).toBe(true);
    const input = { type: 'decimal' as const, values: values.map((v) => ({ value: String(v.value), frequency: v.frequency })) };
    expect(aggregate('count', input)).toBe(String(TOTAL));
    expect(aggregates.count).toBe(TOTAL);
    expect(Math.round(Number(aggregate('sum', input)) * 100)).toBe(aggregates.sumCents);
    for (const name of ['avg', 'median', 'stddev'] as const) {
      expect(Number(aggregate(name, input))).toBeCloseTo(aggregates[name], 9);
    }
  });

  test('the median of an even count is the mean of the two middle items', () => {
    const { values, aggregates } = priceValues();
    const all = values.flatMap((v) => Array<number>(v.frequency).fill(v.value));
    expect(all).toHaveLength(TOTAL);
    expect(aggregates.median).toBe((all[TOTAL / 2 - 1] + all[TOTAL / 2]) / 2);
  });
});
