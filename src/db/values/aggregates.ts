/**
 * The built-in aggregates of `/v1/values` (MarkLogic's REST Application Developer's Guide, "Analytics:
 * values and tuples"; MarkLogic's Search Developer's Guide, "Using Built-In Aggregate Functions"), computed
 * from what a lexicon gives: the distinct values of one index, or the distinct tuples of several, each with
 * its frequency. Pure: no storage, no request.
 *
 * Semantics:
 * - Frequency-weighted: a value with frequency 3 counts three times; `count` is the total of the
 *   frequencies. A frequency of 0 (or less) contributes nothing.
 * - One index: numeric types (int, unsignedInt, long, unsignedLong, decimal, float, double) take every
 *   one-index aggregate; the other types (string and anyURI in their collation's order, date, dateTime,
 *   time, boolean) take only `count`, `min` and `max`.
 * - Tuples: `covariance`, `covariance-population` and `correlation` need exactly two numeric indexes.
 *   `count` (the total of the tuples' frequencies) is the only one-index aggregate a tuple takes: for any
 *   other (`min` of which index?) the request is ambiguous and refused.
 * - "No result" (undefined) where MarkLogic's functions return the empty sequence, so the response has
 *   no `aggregate-result` for the name: every aggregate but `count` on an empty input; the sample forms
 *   (`variance`, `stddev`, `covariance`, `correlation`) with fewer than two items, as `math:variance`
 *   of one item is empty; `correlation` when either index has no spread (a division by zero).
 * - Refusals are 400 SEARCH-INVALAGGREGATE: an unknown name, an aggregate the type cannot take, a
 *   two-index aggregate asked of one index, a one-index aggregate (other than `count`) asked of a tuple,
 *   a two-index aggregate asked of a tuple of more than two indexes.
 *
 * Result types, as XQuery's functions give them: `count` an integer; `sum` of an integer type an integer
 * and of decimal a decimal, both exact (bigint arithmetic, whatever the number of values); `avg` of an
 * integer type or decimal a decimal (XQuery's `fn:avg`), `sum` and `avg` of float and double a float and
 * a double; `min` and `max` the index's own value; `median`, the variances, the standard deviations, the
 * covariances and `correlation` a double (MarkLogic's `math:` functions take and return xs:double).
 *
 * Formatting rule (results are strings, as the response carries them):
 * - integers and decimals: plain digits, no exponent, no trailing zeros after the point, no point when
 *   the fraction is zero (`42`, `-0.25`, `3`), the patch built-ins' decimal writer; a decimal quotient
 *   (`avg`) has at most 18 digits after the point (MarkLogic's decimals carry 18), rounded half away
 *   from zero;
 * - doubles: rounded to 15 significant digits (MarkLogic prints doubles with 15, e.g. `1 div 3` is
 *   `0.333333333333333` and the correlation `0.263822426505543` in the REST API's examples; this also
 *   hides the last-bit noise of long sums), then written as the shortest text that reads back the same,
 *   in plain notation within [1e-6, 1e6) and `1.5E7` style outside — the patch built-ins' double writer
 *   (`formatDouble` of ../patch/xs-values.ts), so both write an xs:double alike;
 * - floats (sum, avg of a float index) in their shortest 32-bit form, and min and max as the index
 *   writes its values (`lexicalOf` of ../indexes/range-values.ts), like the distinct values beside them.
 *
 * Cost: one pass over the input for every aggregate (West's weighted update for the variances and
 * covariances, numerically stable); `sum` and `avg` of one list share one exact sum, taken in safe
 * integers where the digits allow; `median` reads the values' doubles, checks they are in order — the
 * order a lexicon returns them in — and sorts positions only when they are not.
 */
import { DbError } from '../errors';
import { comparatorFor, lexicalOf, type RangeValue } from '../indexes/range-values';
import { formatDecimal, formatDouble, type Decimal } from '../patch/xs-values';
import type { RangeType } from '../search/query-model';

export const ONE_INDEX_AGGREGATES = ['count', 'sum', 'min', 'max', 'avg', 'median', 'stddev', 'stddev-population', 'variance', 'variance-population'] as const;
export const TWO_INDEX_AGGREGATES = ['covariance', 'covariance-population', 'correlation'] as const;
/** Every built-in aggregate, in the order an error message lists them. */
export const AGGREGATES = [...ONE_INDEX_AGGREGATES, ...TWO_INDEX_AGGREGATES] as const;

export type OneIndexAggregate = (typeof ONE_INDEX_AGGREGATES)[number];
export type TwoIndexAggregate = (typeof TWO_INDEX_AGGREGATES)[number];
export type AggregateName = (typeof AGGREGATES)[number];

const aggregateSet: ReadonlySet<string> = new Set(AGGREGATES);
const twoIndexSet: ReadonlySet<string> = new Set(TWO_INDEX_AGGREGATES);
export const isAggregateName = (name: string): name is AggregateName => aggregateSet.has(name);

/** A distinct value of one index with its frequency. */
export interface DistinctValue {
  readonly value: RangeValue;
  readonly frequency: number;
}

/** A distinct combination of values of several indexes (in the definition's order) with its frequency. */
export interface DistinctTuple {
  readonly values: readonly RangeValue[];
  readonly frequency: number;
}

/** One index's values, expected in item order (ascending); `collation` for string and anyURI. */
export interface ValuesInput {
  readonly type: RangeType;
  readonly collation?: string;
  readonly values: readonly DistinctValue[];
}

/** Several indexes' tuples; `types[i]` is the type of every tuple's `values[i]`. */
export interface TuplesInput {
  readonly types: readonly RangeType[];
  readonly tuples: readonly DistinctTuple[];
}

export type AggregateInput = ValuesInput | TuplesInput;

/** What an aggregate is asked of, without the data: one index's type, or the types of a tuple's indexes. */
export type AggregateShape = RangeType | readonly RangeType[];

const NUMERIC: ReadonlySet<RangeType> = new Set<RangeType>(['int', 'unsignedInt', 'long', 'unsignedLong', 'decimal', 'double', 'float']);
const isNumeric = (type: RangeType): boolean => NUMERIC.has(type);
const isExact = (type: RangeType): boolean => isNumeric(type) && type !== 'double' && type !== 'float';
const ORDER_AGGREGATES: ReadonlySet<string> = new Set(['count', 'min', 'max']);

const refuse = (detail: string) => new DbError('SEARCH-INVALAGGREGATE', detail);
const xs = (type: RangeType): string => `xs:${type}`;

/**
 * The aggregate `name` if it can be asked of `shape`, else the 400 SEARCH-INVALAGGREGATE saying why.
 * Lets a caller refuse a request before it reads any index.
 */
export function checkAggregate(name: string, shape: AggregateShape): AggregateName {
  if (!isAggregateName(name)) throw refuse(`unknown aggregate "${name}"; the built-in aggregates are ${AGGREGATES.join(', ')}`);
  if (typeof shape === 'string') {
    if (twoIndexSet.has(name)) throw refuse(`${name} needs two indexes (a tuples definition); it was asked of one index of type ${xs(shape)}`);
    if (!isNumeric(shape) && !ORDER_AGGREGATES.has(name)) throw refuse(`${name} needs a numeric index; an index of type ${xs(shape)} takes only count, min and max`);
    return name;
  }
  const types = shape.map(xs).join(', ');
  if (!twoIndexSet.has(name)) {
    if (name === 'count') return name;
    throw refuse(`${name} applies to one index and is ambiguous on a tuple of ${shape.length} indexes (${types}); a tuple takes count, ${TWO_INDEX_AGGREGATES.join(', ')}`);
  }
  if (shape.length !== 2) throw refuse(`${name} needs exactly two indexes; it was asked of ${shape.length} (${types})`);
  const other = shape.find((type) => !isNumeric(type));
  if (other !== undefined) throw refuse(`${name} needs two numeric indexes; one is of type ${xs(other)}`);
  return name;
}

const isTuples = (input: AggregateInput): input is TuplesInput => 'tuples' in input;

/**
 * The aggregate `name` of `input` as the response writes it, or undefined when it has no result (see the
 * module's comment). Throws SEARCH-INVALAGGREGATE as {@link checkAggregate} does.
 */
export function aggregate(name: string, input: AggregateInput): string | undefined {
  if (isTuples(input)) {
    const checked = checkAggregate(name, input.types);
    if (checked === 'count') return String(totalFrequency(input.tuples));
    return twoIndex(checked as TwoIndexAggregate, input);
  }
  return oneIndex(checkAggregate(name, input.type) as OneIndexAggregate, input);
}

function totalFrequency(items: readonly { readonly frequency: number }[]): number {
  let total = 0;
  for (const { frequency } of items) if (frequency > 0) total += frequency;
  return total;
}

function oneIndex(name: OneIndexAggregate, input: ValuesInput): string | undefined {
  const { type, values } = input;
  if (name === 'count') return String(totalFrequency(values));
  if (totalFrequency(values) === 0) return undefined;
  switch (name) {
    case 'min':
    case 'max':
      return extreme(name, input);
    case 'sum':
      return isExact(type) ? formatDecimal(exactSum(values, type)) : floatingText(floatingSum(values), type);
    case 'avg':
      if (isExact(type)) return formatDecimal(quotient(exactSum(values, type), BigInt(totalFrequency(values))));
      return floatingText(floatingSum(values) / totalFrequency(values), type);
    case 'median':
      return formatDouble(median(input));
    default:
      return spread(name, values);
  }
}

/** min or max in the index's order (collation order for strings), whatever the input's order. */
function extreme(name: 'min' | 'max', { type, collation, values }: ValuesInput): string {
  const compare = comparatorFor(type, collation);
  const sign = name === 'min' ? -1 : 1;
  let best: RangeValue | undefined;
  for (const { value, frequency } of values) {
    if (frequency > 0 && (best === undefined || sign * compare(value, best) > 0)) best = value;
  }
  return lexicalOf(best as RangeValue, type);
}

// --- exact arithmetic: integers and decimals as the patch built-ins' Decimal (digits × 10^-scale) ---

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** An int, long or decimal value (canonical text: `-12.5`, `3`) as an exact Decimal. */
function scaledOf(value: RangeValue, type: RangeType): Decimal {
  if (type !== 'decimal') return { digits: BigInt(value as number | bigint), scale: 0 };
  const text = value as string;
  const point = text.indexOf('.');
  if (point < 0) return { digits: BigInt(text), scale: 0 };
  return { digits: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/** Sums already taken, by input: `sum` and `avg` of one answer read the same list. */
const sums = new WeakMap<readonly DistinctValue[], { type: RangeType; sum: Decimal }>();

/**
 * The exact sum of an integer or decimal list, weighted by frequency. Most values have a
 * few digits: their digits times their frequency are added as safe integers, one running
 * total per scale, and only what would pass 2^53 goes through bigint arithmetic.
 */
function exactSum(values: readonly DistinctValue[], type: RangeType): Decimal {
  const known = sums.get(values);
  if (known && known.type === type) return known.sum;
  let digits = 0n;
  let scale = 0;
  const add = (item: Decimal) => {
    if (item.scale > scale) {
      digits *= pow10(item.scale - scale);
      scale = item.scale;
    }
    digits += item.digits * pow10(scale - item.scale);
  };
  /** Running totals of safe integers, by scale. */
  const small = new Map<number, number>();
  for (const { value, frequency } of values) {
    if (frequency <= 0) continue;
    const fast = safeScaled(value, type);
    if (fast) {
      const term = fast.digits * frequency;
      const total = (small.get(fast.scale) ?? 0) + term;
      if (Number.isSafeInteger(term) && Number.isSafeInteger(total)) {
        small.set(fast.scale, total);
        continue;
      }
    }
    const item = scaledOf(value, type);
    add({ digits: item.digits * BigInt(frequency), scale: item.scale });
  }
  for (const [itemScale, total] of small) add({ digits: BigInt(total), scale: itemScale });
  const sum = { digits, scale };
  sums.set(values, { type, sum });
  return sum;
}

/** A value whose digits fit a safe integer, as those digits and its scale; undefined otherwise. */
function safeScaled(value: RangeValue, type: RangeType): { digits: number; scale: number } | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? { digits: value, scale: 0 } : undefined;
  if (type !== 'decimal' || (value as string).length > 16) return undefined;
  const text = value as string;
  const point = text.indexOf('.');
  if (point < 0) return { digits: Number(text), scale: 0 };
  return { digits: Number(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/** MarkLogic's decimals carry 18 digits after the point. */
const DECIMAL_DIGITS = 18;

/** `dividend / divisor` with at least 18 digits after the point, rounded half away from zero. */
function quotient(dividend: Decimal, divisor: bigint): Decimal {
  const scale = Math.max(DECIMAL_DIGITS, dividend.scale);
  const numerator = dividend.digits * pow10(scale - dividend.scale);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + divisor) / (2n * divisor);
  return { digits: numerator < 0n ? -rounded : rounded, scale };
}

// --- floating point ---------------------------------------------------------------------------

/** A numeric index's value as a double (long and decimal rounded to the nearest). */
const toDouble = (value: RangeValue): number => (typeof value === 'number' ? value : Number(value as bigint | string));

/** A sum or mean of a float index is a float, of a double index a double. */
const floatingText = (x: number, type: RangeType): string => (type === 'float' ? lexicalOf(Math.fround(x), 'float') : formatDouble(x));

function floatingSum(values: readonly DistinctValue[]): number {
  let sum = 0;
  for (const { value, frequency } of values) if (frequency > 0) sum += toDouble(value) * frequency;
  return sum;
}

/**
 * The frequency-weighted median: the middle item, or the mean of the two middle items. The
 * items are ordered by their doubles: a < b gives double(a) ≤ double(b), so that order is the
 * exact one up to values with the same double, whose order cannot change the median's double.
 */
function median({ values }: ValuesInput): number {
  const doubles = values.map((v) => toDouble(v.value));
  let order: number[] | undefined;
  for (let i = 1; i < doubles.length; i++) {
    if (doubles[i - 1] > doubles[i]) {
      order = doubles.map((_, j) => j).sort((a, b) => doubles[a] - doubles[b]);
      break;
    }
  }
  const total = totalFrequency(values);
  // 0-based positions of the middle items in the list with every value repeated by its frequency.
  const low = Math.floor((total - 1) / 2);
  const high = Math.floor(total / 2);
  let seen = 0;
  let lowValue = NaN;
  for (let i = 0; i < values.length; i++) {
    const at = order ? order[i] : i;
    const frequency = values[at].frequency;
    if (frequency <= 0) continue;
    if (seen <= low && low < seen + frequency) lowValue = doubles[at];
    if (seen <= high && high < seen + frequency) return (lowValue + doubles[at]) / 2;
    seen += frequency;
  }
  return NaN; // not reached: high < total
}

/**
 * Weighted running moments (D. H. D. West, 1979): after each item, `mean` is the weighted mean so far
 * and `m2` the weighted sum of squared deviations from it, without a second pass or the cancellation
 * of Σx² − (Σx)²/n.
 */
function spread(name: 'stddev' | 'stddev-population' | 'variance' | 'variance-population', values: readonly DistinctValue[]): string | undefined {
  let weight = 0;
  let mean = 0;
  let m2 = 0;
  for (const { value, frequency } of values) {
    if (frequency <= 0) continue;
    const x = toDouble(value);
    weight += frequency;
    const delta = x - mean;
    mean += (delta * frequency) / weight;
    m2 += frequency * delta * (x - mean);
  }
  const population = name.endsWith('-population');
  const divisor = population ? weight : weight - 1;
  if (divisor <= 0) return undefined; // the sample forms of one item: empty, as math:variance
  const variance = m2 / divisor;
  return formatDouble(name.startsWith('variance') ? variance : Math.sqrt(variance));
}

/** West's update for two indexes: co-moment and both second moments in one pass. */
function twoIndex(name: TwoIndexAggregate, { tuples }: TuplesInput): string | undefined {
  let weight = 0;
  let meanX = 0;
  let meanY = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (const { values, frequency } of tuples) {
    if (frequency <= 0) continue;
    const x = toDouble(values[0]);
    const y = toDouble(values[1]);
    weight += frequency;
    const dx = x - meanX;
    const dy = y - meanY;
    meanX += (dx * frequency) / weight;
    meanY += (dy * frequency) / weight;
    sxx += frequency * dx * (x - meanX);
    syy += frequency * dy * (y - meanY);
    sxy += frequency * dx * (y - meanY);
  }
  if (name === 'covariance-population') return weight > 0 ? formatDouble(sxy / weight) : undefined;
  if (weight < 2) return undefined; // the sample forms of one item: empty, as math:covariance
  if (name === 'covariance') return formatDouble(sxy / (weight - 1));
  // The sample and population factors cancel in the correlation.
  if (sxx <= 0 || syy <= 0) return undefined; // no spread in one index: a division by zero
  return formatDouble(sxy / Math.sqrt(sxx * syy));
}
