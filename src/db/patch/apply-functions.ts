/**
 * The built-in `apply` functions of a MarkLogic patch (`ml.add` … `ml.replace-regex`,
 * MarkLogic’s REST Application Developer’s Guide, partial updates), for both patch engines. They follow the server's `replace-lib.xqy`:
 * they take the typed value of the node being replaced and the arguments from the
 * operation's content, and give a typed value; each engine turns its node into a
 * value and the result back into a node (src/db/patch/json/json-apply-functions.ts,
 * src/db/patch/xml/xml-apply-functions.ts).
 *
 * Arithmetic is XQuery's: untyped text becomes xs:double unless the optional second
 * and third arguments name the datatypes of the node's value and of the operand, in
 * which case integer and decimal arithmetic is exact and dates and durations combine
 * (datetime ± duration, duration ± duration, duration × ÷ number, datetime − datetime,
 * duration ÷ duration).
 */
import {
  addMonths,
  bareType,
  castDateTimeDurationNumeric,
  invalidContent,
  isDateTime,
  isDoubleLexical,
  isDuration,
  isNumeric,
  parseDouble,
  startOfDay,
  stringOf,
  toDecimal,
  toNumber,
  toUtc,
  typeName,
  type Decimal,
  type DurationValue,
  type NumericValue,
  type XsValue,
} from './xs-values';
import { xpathReplace } from './xpath-replace';

export const builtinFunctionNames = [
  'ml.add',
  'ml.subtract',
  'ml.multiply',
  'ml.divide',
  'ml.concat-before',
  'ml.concat-after',
  'ml.concat-between',
  'ml.substring-before',
  'ml.substring-after',
  'ml.replace-regex',
] as const;

export type BuiltinFunctionName = (typeof builtinFunctionNames)[number];

export const isBuiltinFunction = (name: string): name is BuiltinFunctionName =>
  (builtinFunctionNames as readonly string[]).includes(name);

export interface ApplyOptions {
  /**
   * What an xs:double division by zero gives: INF or NaN as XQuery says (the default),
   * or a `division by zero` error, for an engine whose numbers can hold neither.
   */
  doubleDivisionByZero?: 'infinity' | 'error';
}

/** `replib:construct-node`'s refusal, for a node that has no value to operate on. */
export const notOperable = () => invalidContent('can only operate on elements, attributes, text, or numbers');

/** `replib:check-input`'s refusal for a replace-insert that inserts: there is no node to transform. */
export const notForInsert = () => invalidContent('function usable only for replace and not insert');

/**
 * Runs built-in `name` on the typed value of the node being replaced (undefined for a
 * node with no value, such as JSON null, which only some functions get as far as
 * reading) with the operation's arguments.
 */
export function runBuiltin(name: BuiltinFunctionName, node: XsValue | undefined, args: readonly XsValue[], options: ApplyOptions = {}): XsValue {
  const value = (): XsValue => {
    if (node === undefined) throw notOperable();
    return node;
  };
  const text = (): string => stringOf(value());
  const string = (s: string): XsValue => ({ type: 'string', value: s });
  switch (name) {
    case 'ml.add':
    case 'ml.subtract':
    case 'ml.multiply':
    case 'ml.divide': {
      checkArguments(args, 1, 3);
      const left = arithmeticOperand(value(), args[1]);
      const right = arithmeticOperand(args[0], args[2]);
      return arithmetic(name.slice(3) as ArithmeticOp, left, right, options);
    }
    case 'ml.concat-before':
      checkArguments(args, 1, 1);
      return string(stringOf(args[0]) + text());
    case 'ml.concat-after':
      checkArguments(args, 1, 1);
      return string(text() + stringOf(args[0]));
    case 'ml.concat-between':
      checkArguments(args, 2, 2);
      return string(stringOf(args[0]) + text() + stringOf(args[1]));
    case 'ml.substring-before': {
      checkArguments(args, 1, 1);
      const s = text();
      const at = s.indexOf(stringOf(args[0]));
      return string(at < 0 ? '' : s.slice(0, at));
    }
    case 'ml.substring-after': {
      checkArguments(args, 1, 1);
      const s = text();
      const needle = stringOf(args[0]);
      const at = s.indexOf(needle);
      return string(at < 0 ? '' : s.slice(at + needle.length));
    }
    case 'ml.replace-regex': {
      checkArguments(args, 2, 3);
      const flags = args[2] ? stringOf(args[2]) : '';
      return string(xpathReplace(text(), stringOf(args[0]), stringOf(args[1]), flags));
    }
  }
}

function checkArguments(args: readonly XsValue[], min: number, max: number): void {
  if (args.length >= min && args.length <= max) return;
  throw invalidContent(min === max ? `requires exactly ${min} additional arguments` : `requires between ${min} and ${max} additional arguments`);
}

/** `replib:cast-datetime-duration-numeric`: text takes the named datatype, or becomes an xs:double. */
function arithmeticOperand(value: XsValue, datatype: XsValue | undefined): XsValue {
  if (value.type === 'json') {
    throw invalidContent(`operation does not support JSON ${Array.isArray(value.value) ? 'array' : 'object'} values`);
  }
  if (value.type !== 'string') return value;
  if (datatype) return castDateTimeDurationNumeric(bareType(stringOf(datatype)), value);
  if (!isDoubleLexical(value.value)) throw invalidContent(`cannot cast ${value.value} for numeric operation`);
  return { type: 'double', value: parseDouble(value.value) };
}

// ---- arithmetic -------------------------------------------------------------------------

type ArithmeticOp = 'add' | 'subtract' | 'multiply' | 'divide';
const opSymbol: Record<ArithmeticOp, string> = { add: '+', subtract: '-', multiply: '*', divide: 'div' };
const divisionByZero = () => invalidContent('division by zero');

function arithmetic(op: ArithmeticOp, a: XsValue, b: XsValue, options: ApplyOptions): XsValue {
  if (isNumeric(a) && isNumeric(b)) return numericArithmetic(op, a, b, options);
  if (isDateTime(a) && isDuration(b) && (op === 'add' || op === 'subtract')) {
    const sign = op === 'add' ? 1 : -1;
    let local = b.type === 'yearMonthDuration' ? addMonths(a.local, sign * b.months) : a.local + sign * b.ms;
    if (a.type === 'date') local = startOfDay(local);
    return { ...a, local };
  }
  if (isDuration(a) && isDateTime(b) && op === 'add') return arithmetic('add', b, a, options);
  if (isDateTime(a) && isDateTime(b) && op === 'subtract' && a.type === b.type) {
    return { type: 'dayTimeDuration', months: 0, ms: toUtc(a) - toUtc(b) };
  }
  if (isDuration(a) && isDuration(b) && a.type === b.type) {
    if (op === 'add' || op === 'subtract') {
      const sign = op === 'add' ? 1 : -1;
      return { type: a.type, months: a.months + sign * b.months, ms: a.ms + sign * b.ms };
    }
    if (op === 'divide') {
      const divisor = a.type === 'yearMonthDuration' ? b.months : b.ms;
      if (divisor === 0) throw divisionByZero();
      return { type: 'double', value: (a.type === 'yearMonthDuration' ? a.months : a.ms) / divisor };
    }
  }
  if ((isDuration(a) && isNumeric(b) && (op === 'multiply' || op === 'divide')) || (isNumeric(a) && isDuration(b) && op === 'multiply')) {
    const duration = (isDuration(a) ? a : b) as DurationValue;
    const factor = toNumber((isNumeric(a) ? a : b) as NumericValue);
    if (op === 'divide' && factor === 0) throw divisionByZero();
    const scale = op === 'multiply' ? factor : 1 / factor;
    // XQuery rounds a scaled yearMonthDuration to whole months
    return duration.type === 'yearMonthDuration'
      ? { type: duration.type, months: Math.round(duration.months * scale), ms: 0 }
      : { type: duration.type, months: 0, ms: Math.round(duration.ms * scale) };
  }
  throw invalidContent(`operation does not support ${typeName(a)} ${opSymbol[op]} ${typeName(b)}`);
}

const rank = { integer: 0, decimal: 1, float: 2, double: 3 } as const;

/** Digits kept after the point when a decimal division does not terminate. */
const DIVISION_SCALE = 18;

/** XQuery's numeric promotion: the result has the wider type; integers and decimals are exact. */
function numericArithmetic(op: ArithmeticOp, left: NumericValue, right: NumericValue, options: ApplyOptions): XsValue {
  const type = rank[left.type] >= rank[right.type] ? left.type : right.type;
  if (type === 'double' || type === 'float') {
    const a = toNumber(left);
    const b = toNumber(right);
    if (op === 'divide' && b === 0 && options.doubleDivisionByZero === 'error') throw divisionByZero();
    const r = op === 'add' ? a + b : op === 'subtract' ? a - b : op === 'multiply' ? a * b : a / b;
    return { type, value: type === 'float' ? Math.fround(r) : r };
  }
  const a = toDecimal(left);
  const b = toDecimal(right);
  if (op === 'divide') {
    if (b.digits === 0n) throw divisionByZero();
    const [x, y] = align(a, b);
    return { type: 'decimal', value: { digits: (x * 10n ** BigInt(DIVISION_SCALE)) / y, scale: DIVISION_SCALE } };
  }
  let result: Decimal;
  if (op === 'multiply') result = { digits: a.digits * b.digits, scale: a.scale + b.scale };
  else {
    const [x, y, scale] = align(a, b);
    result = { digits: op === 'add' ? x + y : x - y, scale };
  }
  return type === 'integer' ? { type: 'integer', value: result.digits } : { type: 'decimal', value: result };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.digits * 10n ** BigInt(scale - a.scale), b.digits * 10n ** BigInt(scale - b.scale), scale];
}
