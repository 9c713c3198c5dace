/**
 * The built-in `apply` functions of a MarkLogic patch (`ml.add` … `ml.replace-regex`),
 * over JSON values. They follow the server's `replace-lib.xqy` (reference/marklogic-rest.md
 * §3.10): arguments come from the operation's `content`, `{"$value":…, "$datatype":…}`
 * objects give typed values, and for arithmetic a second and third argument may name
 * the datatypes of the existing value and of the operand when those are strings.
 *
 * XQuery's typed values are modelled just far enough for what the functions do:
 * numbers, strings, booleans, xs:date / xs:dateTime and the two duration types.
 */
import { DbError } from '../errors';

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

// ---------------------------------------------------------------------------
// Typed values

interface DateTimeValue {
  type: 'dateTime' | 'date';
  /** The local date and time as if it were UTC, in milliseconds. */
  local: number;
  /** Timezone offset in minutes, or null when the lexical form had none. */
  tz: number | null;
}

interface DurationValue {
  type: 'yearMonthDuration' | 'dayTimeDuration';
  months: number;
  ms: number;
}

export type ApplyArgument =
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'json'; value: object }
  | DateTimeValue
  | DurationValue;

const invalid = (detail: string): DbError => new DbError('RESTAPI-INVALIDCONTENT', detail);

const numericTypes: Record<string, { integer: boolean; min?: number; max?: number }> = {
  decimal: { integer: false },
  double: { integer: false },
  float: { integer: false },
  integer: { integer: true },
  long: { integer: true, min: -(2 ** 63), max: 2 ** 63 - 1 },
  int: { integer: true, min: -(2 ** 31), max: 2 ** 31 - 1 },
  short: { integer: true, min: -(2 ** 15), max: 2 ** 15 - 1 },
  unsignedLong: { integer: true, min: 0, max: 2 ** 64 - 1 },
  unsignedInt: { integer: true, min: 0, max: 2 ** 32 - 1 },
  unsignedShort: { integer: true, min: 0, max: 2 ** 16 - 1 },
};

const doubleLexical = /^\s*(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?INF|NaN)\s*$/;
const decimalLexical = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const integerLexical = /^\s*[+-]?\d+\s*$/;

const parseDouble = (text: string): number => {
  const t = text.trim();
  return t === 'INF' || t === '+INF' ? Infinity : t === '-INF' ? -Infinity : Number(t);
};

function castNumeric(type: string, value: ApplyArgument): number {
  const spec = numericTypes[type];
  let n: number;
  if (value.type === 'number') n = spec.integer ? Math.trunc(value.value) : value.value;
  else if (value.type === 'string') {
    const lexical = spec.integer ? integerLexical : type === 'decimal' ? decimalLexical : doubleLexical;
    if (!lexical.test(value.value)) throw invalid(`cannot cast ${value.value} to xs:${type}`);
    n = parseDouble(value.value);
  } else if (value.type === 'boolean') n = value.value ? 1 : 0;
  else throw invalid(`cannot cast ${describe(value)} to xs:${type}`);
  if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max) || (spec.integer && !Number.isFinite(n))) {
    throw invalid(`cannot cast ${describe(value)} to xs:${type}`);
  }
  return n;
}

/** Strips the `xs:` prefix the way the server does. */
const bareType = (datatype: string): string => (datatype.startsWith('xs:') ? datatype.slice(3) : datatype);

/** `replib:cast-value`: the typed value of a `{"$value", "$datatype"}` argument. */
export function castValue(datatype: string, value: ApplyArgument): ApplyArgument {
  const type = bareType(datatype);
  if (type === 'string') return { type: 'string', value: stringOf(value) };
  return castDateTimeDurationNumeric(type, value);
}

function castDateTimeDurationNumeric(type: string, value: ApplyArgument): ApplyArgument {
  if (type in numericTypes) return { type: 'number', value: castNumeric(type, value) };
  if (type === 'dateTime' || type === 'date' || type === 'yearMonthDuration' || type === 'dayTimeDuration') {
    if (value.type === type) return value;
    if (value.type === 'dateTime' && type === 'date') return { type: 'date', local: startOfDay(value.local), tz: value.tz };
    if (value.type === 'date' && type === 'dateTime') return { ...value, type: 'dateTime' };
    if (value.type !== 'string') throw invalid(`cannot cast ${describe(value)} to xs:${type}`);
    const parsed = type === 'dateTime' || type === 'date' ? parseDateTime(type, value.value) : parseDuration(type, value.value);
    if (!parsed) throw invalid(`cannot cast ${value.value} to xs:${type}`);
    return parsed;
  }
  throw invalid(`operation does not support datatype: ${type}`);
}

// ---------------------------------------------------------------------------
// Dates and durations

const MS_PER_DAY = 86_400_000;
const startOfDay = (local: number): number => Math.floor(local / MS_PER_DAY) * MS_PER_DAY;
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

function utcFrom(year: number, month: number, day: number, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime() + ms;
}

function parseDateTime(type: 'dateTime' | 'date', text: string): DateTimeValue | undefined {
  const m =
    type === 'dateTime'
      ? /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(text.trim())
      : /^(-?\d{4,})-(\d{2})-(\d{2})()()()()(Z|[+-]\d{2}:\d{2})?$/.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] || 0), Number(m[5] || 0), Number(m[6] || 0)];
  const fraction = m[7] ? Math.round(Number(m[7]) * 1000) : 0;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const midnight24 = hour === 24 && minute === 0 && second === 0 && fraction === 0;
  if ((hour > 23 && !midnight24) || minute > 59 || second > 59) return undefined;
  const tz = parseTimezone(m[8]);
  if (tz === undefined) return undefined;
  return { type, local: utcFrom(year, month, day, ((hour * 60 + minute) * 60 + second) * 1000 + fraction), tz };
}

function parseTimezone(text: string | undefined): number | null | undefined {
  if (!text) return null;
  if (text === 'Z') return 0;
  const hours = Number(text.slice(1, 3));
  const minutes = Number(text.slice(4, 6));
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return undefined;
  return (text[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function parseDuration(type: 'yearMonthDuration' | 'dayTimeDuration', text: string): DurationValue | undefined {
  const m = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text.trim());
  if (!m || /[PT]$/.test(text.trim())) return undefined;
  const [, minus, y, mo, d, h, mi, s] = m;
  const hasDate = y !== undefined || mo !== undefined;
  const hasTime = d !== undefined || h !== undefined || mi !== undefined || s !== undefined;
  if (type === 'yearMonthDuration' ? hasTime || !hasDate : hasDate || !hasTime) return undefined;
  const sign = minus ? -1 : 1;
  const months = sign * (Number(y ?? 0) * 12 + Number(mo ?? 0));
  const ms = sign * Math.round(((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(mi ?? 0)) * 60_000 + Number(s ?? 0) * 1000);
  return { type, months: months || 0, ms: ms || 0 };
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

function formatTimezone(tz: number | null): string {
  if (tz === null) return '';
  if (tz === 0) return 'Z';
  return `${tz < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(tz) / 60))}:${pad(Math.abs(tz) % 60)}`;
}

function formatDateTime(value: DateTimeValue): string {
  const d = new Date(value.local);
  const year = d.getUTCFullYear();
  const date = `${year < 0 ? '-' : ''}${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  if (value.type === 'date') return date + formatTimezone(value.tz);
  const ms = d.getUTCMilliseconds();
  const seconds = pad(d.getUTCSeconds()) + (ms ? `.${pad(ms, 3).replace(/0+$/, '')}` : '');
  return `${date}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${seconds}${formatTimezone(value.tz)}`;
}

function formatDuration(value: DurationValue): string {
  if (value.type === 'yearMonthDuration') {
    const abs = Math.abs(value.months);
    if (abs === 0) return 'P0M';
    const years = Math.floor(abs / 12);
    const months = abs % 12;
    return `${value.months < 0 ? '-' : ''}P${years ? `${years}Y` : ''}${months ? `${months}M` : ''}`;
  }
  const abs = Math.abs(value.ms);
  if (abs === 0) return 'PT0S';
  const days = Math.floor(abs / MS_PER_DAY);
  const hours = Math.floor((abs % MS_PER_DAY) / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = (abs % 60_000) / 1000;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  return `${value.ms < 0 ? '-' : ''}P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/** Adds months the XQuery way: the day is pinned to the end of a shorter month. */
function addMonths(local: number, months: number): number {
  const d = new Date(local);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return utcFrom(year, month, day, local - startOfDay(local));
}

const toUtc = (value: DateTimeValue): number => value.local - (value.tz ?? 0) * 60_000;

// ---------------------------------------------------------------------------
// Arithmetic

type ArithmeticOp = 'add' | 'subtract' | 'multiply' | 'divide';
const opSymbol: Record<ArithmeticOp, string> = { add: '+', subtract: '-', multiply: '*', divide: 'div' };

const isDuration = (v: ApplyArgument): v is DurationValue => v.type === 'yearMonthDuration' || v.type === 'dayTimeDuration';
const isDateTime = (v: ApplyArgument): v is DateTimeValue => v.type === 'dateTime' || v.type === 'date';

function arithmetic(op: ArithmeticOp, a: ApplyArgument, b: ApplyArgument): ApplyArgument {
  if (a.type === 'number' && b.type === 'number') {
    if (op === 'divide' && b.value === 0) throw invalid('division by zero');
    const value = op === 'add' ? a.value + b.value : op === 'subtract' ? a.value - b.value : op === 'multiply' ? a.value * b.value : a.value / b.value;
    return { type: 'number', value };
  }
  if (isDateTime(a) && isDuration(b) && (op === 'add' || op === 'subtract')) {
    const sign = op === 'add' ? 1 : -1;
    let local = b.type === 'yearMonthDuration' ? addMonths(a.local, sign * b.months) : a.local + sign * b.ms;
    if (a.type === 'date') local = startOfDay(local);
    return { ...a, local };
  }
  if (isDuration(a) && isDateTime(b) && op === 'add') return arithmetic('add', b, a);
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
      if (divisor === 0) throw invalid('division by zero');
      return { type: 'number', value: (a.type === 'yearMonthDuration' ? a.months : a.ms) / divisor };
    }
  }
  if ((isDuration(a) && b.type === 'number' && (op === 'multiply' || op === 'divide')) || (a.type === 'number' && isDuration(b) && op === 'multiply')) {
    const duration = (isDuration(a) ? a : b) as DurationValue;
    const factor = (a.type === 'number' ? a.value : (b as { value: number }).value) as number;
    if (op === 'divide' && factor === 0) throw invalid('division by zero');
    const scale = op === 'multiply' ? factor : 1 / factor;
    // XQuery rounds a scaled yearMonthDuration to whole months
    return duration.type === 'yearMonthDuration'
      ? { type: duration.type, months: Math.round(duration.months * scale), ms: 0 }
      : { type: duration.type, months: 0, ms: Math.round(duration.ms * scale) };
  }
  throw invalid(`operation does not support ${typeName(a)} ${opSymbol[op]} ${typeName(b)}`);
}

const typeName = (v: ApplyArgument): string => (v.type === 'number' ? 'xs:double' : v.type === 'json' ? 'JSON' : `xs:${v.type}`);

/** `replib:cast-datetime-duration-numeric`: strings take the named datatype, or become doubles. */
function arithmeticOperand(value: ApplyArgument, datatype: ApplyArgument | undefined): ApplyArgument {
  if (value.type === 'json') {
    throw invalid(`operation does not support JSON ${Array.isArray(value.value) ? 'array' : 'object'} values`);
  }
  if (value.type !== 'string') return value;
  if (datatype) return castDateTimeDurationNumeric(bareType(stringOf(datatype)), value);
  if (!doubleLexical.test(value.value)) throw invalid(`cannot cast ${value.value} for numeric operation`);
  return { type: 'number', value: parseDouble(value.value) };
}

// ---------------------------------------------------------------------------
// Strings

/** Doubles print with 15 significant digits so binary noise (0.1 + 0.2) does not leak out. */
const formatNumber = (n: number): string => {
  if (n === Infinity) return 'INF';
  if (n === -Infinity) return '-INF';
  if (Number.isNaN(n)) return 'NaN';
  return String(Number(n.toPrecision(15)));
};

function stringOf(value: ApplyArgument): string {
  switch (value.type) {
    case 'string':
      return value.value;
    case 'number':
      return formatNumber(value.value);
    case 'boolean':
      return String(value.value);
    case 'json':
      return JSON.stringify(value.value);
    case 'date':
    case 'dateTime':
      return formatDateTime(value);
    default:
      return formatDuration(value);
  }
}

const describe = (value: ApplyArgument): string => stringOf(value);

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `fn:replace` with XPath regex flags and replacement syntax, on a JS RegExp. */
function xpathReplace(input: string, pattern: string, replacement: string, flags: string): string {
  if (!/^[smixq]*$/.test(flags)) throw invalid(`invalid regular expression flags: ${flags}`);
  const literal = flags.includes('q');
  let source = literal ? escapeRegex(pattern) : pattern;
  if (flags.includes('x') && !literal) source = source.replace(/\s+/g, '');
  const jsFlags = `g${flags.includes('i') ? 'i' : ''}${flags.includes('m') ? 'm' : ''}${flags.includes('s') ? 's' : ''}`;
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
  if (regex.test('')) throw invalid(`regular expression matches a zero-length string: ${pattern}`);
  regex.lastIndex = 0;
  return input.replace(regex, literal ? replacement.replace(/\$/g, '$$$$') : jsReplacement(replacement));
}

/** XPath writes `\$` and `\\` for literal characters and `$n` for groups; JS writes `$$`. */
function jsReplacement(replacement: string): string {
  let out = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c === '\\') {
      const next = replacement[i + 1];
      if (next !== '\\' && next !== '$') throw invalid(`invalid replacement string: ${replacement}`);
      out += next === '$' ? '$$' : '\\';
      i++;
    } else if (c === '$') {
      if (!/\d/.test(replacement[i + 1] ?? '')) throw invalid(`invalid replacement string: ${replacement}`);
      out += '$';
    } else out += c;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Arguments and results

/**
 * `docmodupd:prepare-content` for apply input: an array gives several arguments;
 * `{"$value", "$datatype"}` objects give typed values; null gives none.
 */
export function applyArguments(content: unknown): ApplyArgument[] {
  if (content === undefined) return [];
  const items = Array.isArray(content) ? content : [content];
  const args: ApplyArgument[] = [];
  for (const item of items) {
    if (item !== null && typeof item === 'object' && !Array.isArray(item) && '$value' in item) {
      const { $value, $datatype } = item as { $value: unknown; $datatype?: unknown };
      const value = plainArgument($value);
      if (value === undefined) continue;
      args.push($datatype === undefined || $datatype === null ? value : castValue(String($datatype), value));
      continue;
    }
    const value = plainArgument(item);
    if (value !== undefined) args.push(value);
  }
  return args;
}

function plainArgument(value: unknown): ApplyArgument | undefined {
  if (value === null || value === undefined) return undefined;
  switch (typeof value) {
    case 'string':
      return { type: 'string', value };
    case 'number':
      return { type: 'number', value };
    case 'boolean':
      return { type: 'boolean', value };
    default:
      return { type: 'json', value: value as object };
  }
}

function checkArguments(args: ApplyArgument[], min: number, max: number): void {
  if (args.length >= min && args.length <= max) return;
  throw invalid(min === max ? `requires exactly ${min} additional arguments` : `requires between ${min} and ${max} additional arguments`);
}

const notOperable = (): DbError => invalid('can only operate on elements, attributes, text, or numbers');

/** The typed value of the existing JSON value (`fn:data` of the node). */
function existingValue(current: unknown): ApplyArgument {
  const value = plainArgument(current);
  if (!value) throw notOperable();
  return value;
}

/** `replib:construct-node`: the result takes the kind of the node it replaces. */
function constructLike(current: unknown, result: ApplyArgument): unknown {
  switch (typeof current) {
    case 'string':
      return stringOf(result);
    case 'number': {
      if (result.type === 'number') {
        if (!Number.isFinite(result.value)) throw invalid(`cannot store ${formatNumber(result.value)} in a JSON number`);
        return Number(result.value.toPrecision(15));
      }
      const text = stringOf(result);
      if (result.type !== 'string' || !doubleLexical.test(text) || !Number.isFinite(parseDouble(text))) {
        throw invalid(`cannot cast ${text} for numeric operation`);
      }
      return parseDouble(text);
    }
    case 'boolean': {
      if (result.type === 'boolean') return result.value;
      if (result.type === 'number') return result.value !== 0 && !Number.isNaN(result.value);
      const text = stringOf(result).trim();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      throw invalid(`cannot cast ${text} to xs:boolean`);
    }
    default:
      throw notOperable();
  }
}

/**
 * Runs a built-in function against the value being replaced. `current` is
 * undefined when the operation inserts (replace-insert with no match), which the
 * server refuses.
 */
export function applyBuiltinFunction(name: BuiltinFunctionName, current: unknown, args: ApplyArgument[]): unknown {
  if (current === undefined) throw invalid('function usable only for replace and not insert');
  switch (name) {
    case 'ml.add':
    case 'ml.subtract':
    case 'ml.multiply':
    case 'ml.divide': {
      checkArguments(args, 1, 3);
      const op = name.slice(3) as ArithmeticOp;
      const left = arithmeticOperand(existingValue(current), args[1]);
      const right = arithmeticOperand(args[0], args[2]);
      return constructLike(current, arithmetic(op, left, right));
    }
    case 'ml.concat-before':
      checkArguments(args, 1, 1);
      return constructLike(current, { type: 'string', value: stringOf(args[0]) + stringOf(existingValue(current)) });
    case 'ml.concat-after':
      checkArguments(args, 1, 1);
      return constructLike(current, { type: 'string', value: stringOf(existingValue(current)) + stringOf(args[0]) });
    case 'ml.concat-between':
      checkArguments(args, 2, 2);
      return constructLike(current, { type: 'string', value: stringOf(args[0]) + stringOf(existingValue(current)) + stringOf(args[1]) });
    case 'ml.substring-before': {
      checkArguments(args, 1, 1);
      const text = stringOf(existingValue(current));
      const at = text.indexOf(stringOf(args[0]));
      return constructLike(current, { type: 'string', value: at < 0 ? '' : text.slice(0, at) });
    }
    case 'ml.substring-after': {
      checkArguments(args, 1, 1);
      const text = stringOf(existingValue(current));
      const needle = stringOf(args[0]);
      const at = text.indexOf(needle);
      return constructLike(current, { type: 'string', value: at < 0 ? '' : text.slice(at + needle.length) });
    }
    case 'ml.replace-regex': {
      checkArguments(args, 2, 3);
      const text = stringOf(existingValue(current));
      const flags = args[2] ? stringOf(args[2]) : '';
      return constructLike(current, { type: 'string', value: xpathReplace(text, stringOf(args[0]), stringOf(args[1]), flags) });
    }
  }
}
