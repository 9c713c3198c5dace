/**
 * The built-in `apply` functions of a patch replace (reference §3.10; the server's
 * replace library): arithmetic and string edits of the selected node's value.
 *
 * Arithmetic follows XQuery: without datatypes both sides are xs:double; the optional
 * second and third arguments name the datatype of the node's value and of the operand,
 * and then integer and decimal arithmetic is exact. Date, time and duration arithmetic
 * is not implemented and is refused with a clear error.
 */
import { DbError } from '../errors';

export const builtinFunctions = [
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

export type BuiltinFunction = (typeof builtinFunctions)[number];

export const isBuiltinFunction = (name: string): name is BuiltinFunction => (builtinFunctions as readonly string[]).includes(name);

/** A function's result: its lexical form, and whether it is an xs:double (which elements write as an integer when whole). */
export interface AppliedValue {
  text: string;
  double?: number;
}

const invalid = (detail: string) => new DbError('RESTAPI-INVALIDCONTENT', detail);

function checkArgs(args: readonly string[], min: number, max: number): void {
  if (args.length >= min && args.length <= max) return;
  throw invalid(min === max ? `requires exactly ${min} additional arguments` : `requires between ${min} and ${max} additional arguments`);
}

/** Applies built-in `name` to the node's string value with the patch's arguments. */
export function applyBuiltin(name: BuiltinFunction, value: string, args: readonly string[]): AppliedValue {
  switch (name) {
    case 'ml.add':
    case 'ml.subtract':
    case 'ml.multiply':
    case 'ml.divide': {
      checkArgs(args, 1, 3);
      const left = toNumeric(value, args[1]);
      const right = toNumeric(args[0], args[2]);
      return arithmetic(name, left, right);
    }
    case 'ml.concat-before':
      checkArgs(args, 1, 1);
      return { text: args[0] + value };
    case 'ml.concat-after':
      checkArgs(args, 1, 1);
      return { text: value + args[0] };
    case 'ml.concat-between':
      checkArgs(args, 2, 2);
      return { text: args[0] + value + args[1] };
    case 'ml.substring-before': {
      checkArgs(args, 1, 1);
      const at = value.indexOf(args[0]);
      return { text: at < 0 ? '' : value.slice(0, at) };
    }
    case 'ml.substring-after': {
      checkArgs(args, 1, 1);
      const at = value.indexOf(args[0]);
      return { text: at < 0 ? '' : value.slice(at + args[0].length) };
    }
    case 'ml.replace-regex':
      checkArgs(args, 2, 3);
      return { text: replaceRegex(value, args[0], args[1], args[2] ?? '') };
  }
}

// ---- numbers -------------------------------------------------------------------

type Numeric =
  | { kind: 'integer'; value: bigint }
  | { kind: 'decimal'; value: Decimal }
  | { kind: 'double' | 'float'; value: number };

/** An exact decimal: `digits × 10^-scale`. */
interface Decimal {
  digits: bigint;
  scale: number;
}

const integerRanges: Record<string, [bigint, bigint] | null> = {
  integer: null,
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  short: [-32768n, 32767n],
  unsignedLong: [0n, 2n ** 64n - 1n],
  unsignedInt: [0n, 2n ** 32n - 1n],
  unsignedShort: [0n, 65535n],
};
const dateTimeTypes = new Set([
  'date', 'dateTime', 'time', 'gDay', 'gMonth', 'gMonthDay', 'gYear', 'gYearMonth', 'yearMonthDuration', 'dayTimeDuration',
]);

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DOUBLE = /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/;

/** Casts `raw` to the named datatype (`xs:int` or `int`), or to xs:double when none is named. */
function toNumeric(raw: string, datatype: string | undefined): Numeric {
  const text = raw.trim();
  if (datatype === undefined) {
    if (!DOUBLE.test(text)) throw invalid(`cannot cast ${raw} for numeric operation`);
    return { kind: 'double', value: parseDouble(text) };
  }
  const type = datatype.trim().replace(/^xs:/, '');
  const cannot = () => invalid(`cannot cast ${raw} as xs:${type}`);
  if (type in integerRanges) {
    if (!INTEGER.test(text)) throw cannot();
    const value = BigInt(text);
    const range = integerRanges[type];
    if (range && (value < range[0] || value > range[1])) throw cannot();
    return { kind: 'integer', value };
  }
  if (type === 'decimal') {
    if (!DECIMAL.test(text)) throw cannot();
    return { kind: 'decimal', value: parseDecimal(text) };
  }
  if (type === 'double' || type === 'float') {
    if (!DOUBLE.test(text)) throw cannot();
    const n = parseDouble(text);
    return { kind: type, value: type === 'float' ? Math.fround(n) : n };
  }
  if (dateTimeTypes.has(type)) throw invalid(`date, time and duration arithmetic is not supported: xs:${type}`);
  throw invalid(`operation does not support datatype: ${datatype}`);
}

function parseDouble(text: string): number {
  if (text.endsWith('INF')) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}

function parseDecimal(text: string): Decimal {
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[+-]/, '');
  const [whole, fraction = ''] = unsigned.split('.');
  const digits = BigInt((whole || '0') + fraction);
  return { digits: negative ? -digits : digits, scale: fraction.length };
}

const rank = { integer: 0, decimal: 1, float: 2, double: 3 } as const;

function toDecimal(n: Numeric): Decimal {
  if (n.kind === 'integer') return { digits: n.value, scale: 0 };
  if (n.kind === 'decimal') return n.value;
  throw new Error('not exact');
}

const toNumber = (n: Numeric): number =>
  n.kind === 'integer' ? Number(n.value) : n.kind === 'decimal' ? Number(formatDecimal(n.value)) : n.value;

const align = (a: Decimal, b: Decimal): [bigint, bigint, number] => {
  const scale = Math.max(a.scale, b.scale);
  return [a.digits * 10n ** BigInt(scale - a.scale), b.digits * 10n ** BigInt(scale - b.scale), scale];
};

/** Digits kept after the point when a decimal division does not terminate. */
const DIVISION_SCALE = 18;

function arithmetic(name: 'ml.add' | 'ml.subtract' | 'ml.multiply' | 'ml.divide', left: Numeric, right: Numeric): AppliedValue {
  const kind = rank[left.kind] >= rank[right.kind] ? left.kind : right.kind;
  if (kind === 'double' || kind === 'float') {
    const a = toNumber(left);
    const b = toNumber(right);
    let r = name === 'ml.add' ? a + b : name === 'ml.subtract' ? a - b : name === 'ml.multiply' ? a * b : a / b;
    if (kind === 'float') r = Math.fround(r);
    return kind === 'double' ? { text: formatDouble(r), double: r } : { text: formatFloat(r) };
  }
  const a = toDecimal(left);
  const b = toDecimal(right);
  if (name === 'ml.divide') {
    if (b.digits === 0n) throw invalid('division by zero');
    const [x, y] = align(a, b);
    const digits = (x * 10n ** BigInt(DIVISION_SCALE)) / y;
    return { text: formatDecimal({ digits, scale: DIVISION_SCALE }) };
  }
  let result: Decimal;
  if (name === 'ml.multiply') result = { digits: a.digits * b.digits, scale: a.scale + b.scale };
  else {
    const [x, y, scale] = align(a, b);
    result = { digits: name === 'ml.add' ? x + y : x - y, scale };
  }
  return { text: kind === 'integer' ? result.digits.toString() : formatDecimal(result) };
}

/** xs:decimal's canonical form: no exponent, no trailing zeros after the point. */
function formatDecimal({ digits, scale }: Decimal): string {
  const negative = digits < 0n;
  const s = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  const whole = s.slice(0, s.length - scale);
  const fraction = s.slice(s.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** xs:double as XQuery writes it: plain between 1e-6 and 1e6, otherwise `1.5E7`. */
export function formatDouble(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'INF';
  if (n === -Infinity) return '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const abs = Math.abs(n);
  if (abs >= 1e-6 && abs < 1e6) return String(n);
  const [mantissa, exponent] = n.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

const formatFloat = (n: number): string => formatDouble(Number(n.toPrecision(9)));

// ---- regular expressions ------------------------------------------------------

/** fn:replace: XPath regex and flags, `$n` group references and `\$` / `\\` escapes in the replacement. */
function replaceRegex(value: string, pattern: string, replacement: string, flags: string): string {
  if (!/^[smixq]*$/.test(flags)) throw invalid(`invalid regular expression flags: ${flags}`);
  let source = pattern;
  if (flags.includes('q')) source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  else if (flags.includes('x')) source = stripRegexWhitespace(pattern);
  const jsFlags = `g${flags.includes('s') ? 's' : ''}${flags.includes('m') ? 'm' : ''}${flags.includes('i') ? 'i' : ''}`;
  let regex: RegExp;
  try {
    regex = new RegExp(source, `${jsFlags}u`);
  } catch {
    try {
      regex = new RegExp(source, jsFlags);
    } catch {
      throw invalid(`invalid regular expression: ${pattern}`);
    }
  }
  if (new RegExp(regex.source, regex.flags.replace('g', '')).test('')) {
    throw invalid(`regular expression matches a zero-length string: ${pattern}`);
  }
  const parts = flags.includes('q') ? [replacement] : parseReplacement(replacement);
  return value.replace(regex, (...match: unknown[]) => {
    // The callback gets (match, group 1…n, offset, input[, named groups]).
    const hasNamedGroups = typeof match[match.length - 1] === 'object';
    const groups = match.slice(0, match.length - (hasNamedGroups ? 3 : 2)) as (string | undefined)[];
    return parts.map((p) => (typeof p === 'string' ? p : groupValue(p.digits, groups))).join('');
  });
}

/** `$12` means group 12 if there are that many groups, else group 1 followed by "2"; a missing group is "". */
function groupValue(digits: string, groups: (string | undefined)[]): string {
  const groupCount = groups.length - 1;
  let n = digits.length;
  while (n > 1 && Number(digits.slice(0, n)) > groupCount) n--;
  const index = Number(digits.slice(0, n));
  const text = index <= groupCount ? (groups[index] ?? '') : ''; // $0 is the whole match
  return text + digits.slice(n);
}

function parseReplacement(replacement: string): (string | { digits: string })[] {
  const parts: (string | { digits: string })[] = [];
  let literal = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      const next = replacement[i + 1];
      if (next !== '\\' && next !== '$') throw invalid(`invalid replacement string: ${replacement}`);
      literal += next;
      i++;
    } else if (c === '$') {
      const digits = /^\d+/.exec(replacement.slice(i + 1))?.[0];
      if (!digits) throw invalid(`invalid replacement string: ${replacement}`);
      parts.push(literal, { digits });
      literal = '';
      i += digits.length;
    } else literal += c;
  }
  parts.push(literal);
  return parts;
}

/** The x flag: whitespace in the pattern is ignored, except inside a character class. */
function stripRegexWhitespace(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      out += c + (pattern[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    if (!inClass && /\s/.test(c)) continue;
    out += c;
  }
  return out;
}
