/**
 * The floor for `/v1/values`: the same distinct values, frequencies and aggregates computed
 * in the page from plain arrays of the indexed values — each generated document's category
 * and price as the generator made them, read once — with a Map and a sort. No HTTP, no
 * worker, no index, no query: the API's figures minus these is what the rest costs. Runs in
 * the page.
 */
import { searchDocuments } from './search-data';

interface IndexedValues {
  categories: string[];
  prices: Float64Array;
}

let kept: IndexedValues | undefined;

/** Reads the category and price of the first `total` generated documents into arrays (not timed) and keeps them. */
export function valuesBaselineLoad({ total, prefix }: { total: number; prefix: string }): { total: number } {
  const docs = searchDocuments(prefix, total);
  kept = { categories: docs.map((d) => d.category), prices: Float64Array.from(docs, (d) => d.price) };
  return { total };
}

/** Frees the kept arrays. */
export function valuesBaselineForget(): void {
  kept = undefined;
}

function indexed(): IndexedValues {
  if (!kept) throw new Error('no values kept: call valuesBaselineLoad first');
  return kept;
}

export interface Distinct<T> {
  value: T;
  frequency: number;
}

/** Distinct values with their frequencies, in ascending item order (what `/v1/values` answers by default). */
function distinct<T extends string | number>(items: ArrayLike<T>): Array<Distinct<T>> {
  const counts = new Map<T, number>();
  for (let i = 0; i < items.length; i++) counts.set(items[i], (counts.get(items[i]) ?? 0) + 1);
  // The categories are lower-case ASCII words: code-point order is the root collation's order for them.
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([value, frequency]) => ({ value, frequency }));
}

export interface PriceAggregates {
  count: number;
  /** The exact sum in cents (every price has two decimals at most), for comparing with the API's decimal sum. */
  sumCents: number;
  sum: number;
  avg: number;
  median: number;
  stddev: number;
}

/** count, sum, avg, median (mean of the two middle items) and the sample stddev of distinct values in ascending order, frequency-weighted. */
function aggregates(values: Array<Distinct<number>>): PriceAggregates {
  let count = 0;
  let sumCents = 0;
  for (const { value, frequency } of values) {
    count += frequency;
    sumCents += Math.round(value * 100) * frequency;
  }
  const sum = sumCents / 100;
  const avg = sum / count;
  const low = Math.floor((count - 1) / 2);
  const high = Math.floor(count / 2);
  let seen = 0;
  let lowValue = NaN;
  let median = NaN;
  let squares = 0;
  for (const { value, frequency } of values) {
    if (seen <= low && low < seen + frequency) lowValue = value;
    if (seen <= high && high < seen + frequency && Number.isNaN(median)) median = (lowValue + value) / 2;
    seen += frequency;
    squares += frequency * (value - avg) ** 2;
  }
  return { count, sumCents, sum, avg, median, stddev: Math.sqrt(squares / (count - 1)) };
}

export const categoryValues = (): Array<Distinct<string>> => distinct(indexed().categories);

export function priceValues(): { values: Array<Distinct<number>>; aggregates: PriceAggregates } {
  const values = distinct(indexed().prices);
  return { values, aggregates: aggregates(values) };
}

/** One baseline computation timed as the mean of `repeats` runs (the page timer's resolution is 0.1 ms). */
export function timedBaseline(which: 'category' | 'price', repeats: number): number {
  const compute = which === 'category' ? categoryValues : priceValues;
  const start = performance.now();
  for (let i = 0; i < repeats; i++) compute();
  return (performance.now() - start) / repeats;
}
