/**
 * The XQuery atomic values a patch's `apply` built-ins work on, modelled just far
 * enough for what those functions do (the server's `replace-lib.xqy`; MarkLogic’s REST Application Developer’s Guide,
 * partial updates): strings, booleans, the four numeric types, xs:date / xs:dateTime and the
 * two duration types, plus JSON objects and arrays, which can be passed around but
 * not computed with. Casting follows XQuery's rules; the error texts are Tabula's.
 */
import { DbError } from '../errors';

/** An exact xs:decimal: `digits × 10^-scale`. */
export interface Decimal {
  digits: bigint;
  scale: number;
}

export interface DateTimeValue {
  type: 'dateTime' | 'date';
  /** The local date and time as if it were UTC, in milliseconds. */
  local: number;
  /** Timezone offset in minutes, or null when the lexical form had none. */
  tz: number | null;
}

export interface DurationValue {
  type: 'yearMonthDuration' | 'dayTimeDuration';
  months: number;
  ms: number;
}

export interface FloatingValue {
  type: 'double' | 'float';
  value: number;
  /**
   * How the number was written where it came from (a JSON number's text). A node's
   * string value is its text, not the canonical form of its typed value, so string
   * functions must see `10000000`, not `1.0E7`.
   */
  written?: string;
}

export type XsValue =
  | { type: 'string'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'integer'; value: bigint }
  | { type: 'decimal'; value: Decimal }
  | FloatingValue
  | { type: 'json'; value: object }
  | DateTimeValue
  | DurationValue;

export type NumericValue = Extract<XsValue, { type: 'integer' | 'decimal' | 'double' | 'float' }>;

export const invalidContent = (detail: string): DbError => new DbError('RESTAPI-INVALIDCONTENT', detail);

export const isNumeric = (v: XsValue): v is NumericValue =>
  v.type === 'integer' || v.type === 'decimal' || v.type === 'double' || v.type === 'float';
export const isDuration = (v: XsValue): v is DurationValue => v.type === 'yearMonthDuration' || v.type === 'dayTimeDuration';
export const isDateTime = (v: XsValue): v is DateTimeValue => v.type === 'dateTime' || v.type === 'date';

/** The name a value's type goes by in error messages. */
export const typeName = (v: XsValue): string => (v.type === 'json' ? 'JSON' : `xs:${v.type}`);

/** Strips the `xs:` prefix the way the server does (`replib:datatype`); nothing else. */
export const bareType = (datatype: string): string => (datatype.startsWith('xs:') ? datatype.slice(3) : datatype);

// ---- numbers --------------------------------------------------------------------

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DOUBLE = /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/;

/** Whether `text` (surrounding whitespace aside, as XQuery casts allow) is an xs:double. */
export const isDoubleLexical = (text: string): boolean => DOUBLE.test(text.trim());

export function parseDouble(text: string): number {
  const t = text.trim();
  if (t.endsWith('INF')) return t.startsWith('-') ? -Infinity : Infinity;
  return Number(t);
}

/** A decimal from `1.25`, or from a JavaScript number's text such as `1.5e-7`. */
function parseDecimal(text: string): Decimal {
  const [mantissa, exponent = '0'] = text.toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace(/^[+-]/, '').split('.');
  let digits = BigInt((whole || '0') + fraction);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: negative ? -digits : digits, scale };
}

/** xs:decimal's canonical form: no exponent, no trailing zeros after the point. */
export function formatDecimal({ digits, scale }: Decimal): string {
  const negative = digits < 0n;
  const s = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  const whole = s.slice(0, s.length - scale);
  const fraction = s.slice(s.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/**
 * xs:double as XQuery writes it: plain between 1e-6 and 1e6, otherwise `1.5E7`. Only
 * 15 significant digits are kept, so binary noise (0.1 + 0.2) does not leak out.
 */
export function formatDouble(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'INF';
  if (n === -Infinity) return '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const rounded = Number(n.toPrecision(15));
  const abs = Math.abs(rounded);
  if (abs >= 1e-6 && abs < 1e6) return String(rounded);
  const [mantissa, exponent] = rounded.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

const formatFloat = (n: number): string => formatDouble(Number(n.toPrecision(9)));

export const toNumber = (n: NumericValue): number =>
  n.type === 'integer' ? Number(n.value) : n.type === 'decimal' ? Number(formatDecimal(n.value)) : n.value;

/** An integer or decimal as an exact decimal; the caller has ruled out doubles and floats. */
export const toDecimal = (n: NumericValue): Decimal =>
  n.type === 'integer' ? { digits: n.value, scale: 0 } : n.type === 'decimal' ? n.value : parseDecimal(String(n.value));

const integerRanges: Record<string, [bigint, bigint] | null> = {
  integer: null,
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  short: [-32768n, 32767n],
  unsignedLong: [0n, 2n ** 64n - 1n],
  unsignedInt: [0n, 2n ** 32n - 1n],
  unsignedShort: [0n, 65535n],
};

const numericTypes = new Set([...Object.keys(integerRanges), 'decimal', 'double', 'float']);

/** `xs:T(value)` for a numeric T: strings by their lexical form, other values by XQuery's casting rules. */
function castNumeric(type: string, value: XsValue): NumericValue {
  const cannot = () => invalidContent(`cannot cast ${stringOf(value)} to xs:${type}`);
  const text = value.type === 'string' ? value.value.trim() : '';
  const number: NumericValue | undefined =
    value.type === 'string' ? undefined : value.type === 'boolean' ? { type: 'integer', value: value.value ? 1n : 0n } : isNumeric(value) ? value : undefined;
  if (value.type !== 'string' && !number) throw cannot();

  if (type in integerRanges) {
    let n: bigint;
    if (number === undefined) {
      if (!INTEGER.test(text)) throw cannot();
      n = BigInt(text);
    } else if (number.type === 'integer') n = number.value;
    else if (number.type === 'decimal') n = number.value.digits / 10n ** BigInt(number.value.scale);
    else if (Number.isFinite(number.value)) n = BigInt(Math.trunc(number.value));
    else throw cannot();
    const range = integerRanges[type];
    if (range && (n < range[0] || n > range[1])) throw cannot();
    return { type: 'integer', value: n };
  }
  if (type === 'decimal') {
    if (number === undefined) {
      if (!DECIMAL.test(text)) throw cannot();
      return { type: 'decimal', value: parseDecimal(text) };
    }
    if ((number.type === 'double' || number.type === 'float') && !Number.isFinite(number.value)) throw cannot();
    return { type: 'decimal', value: toDecimal(number) };
  }
  if (number === undefined && !DOUBLE.test(text)) throw cannot();
  const n = number === undefined ? parseDouble(text) : toNumber(number);
  return type === 'float' ? { type: 'float', value: Math.fround(n) } : { type: 'double', value: n };
}

// ---- dates and durations --------------------------------------------------------------

const MS_PER_DAY = 86_400_000;
export const startOfDay = (local: number): number => Math.floor(local / MS_PER_DAY) * MS_PER_DAY;
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
export function addMonths(local: number, months: number): number {
  const d = new Date(local);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month));
  return utcFrom(year, month, day, local - startOfDay(local));
}

export const toUtc = (value: DateTimeValue): number => value.local - (value.tz ?? 0) * 60_000;

// ---- casting and strings --------------------------------------------------------------

/**
 * `replib:cast-datetime-duration-numeric`: `xs:T(value)` for a numeric, date or duration
 * type named without its `xs:` prefix. Any other type is refused.
 */
export function castDateTimeDurationNumeric(type: string, value: XsValue): XsValue {
  if (numericTypes.has(type)) return castNumeric(type, value);
  if (type === 'dateTime' || type === 'date' || type === 'yearMonthDuration' || type === 'dayTimeDuration') {
    if (value.type === type) return value;
    if (value.type === 'dateTime' && type === 'date') return { type: 'date', local: startOfDay(value.local), tz: value.tz };
    if (value.type === 'date' && type === 'dateTime') return { ...value, type: 'dateTime' };
    if (value.type !== 'string') throw invalidContent(`cannot cast ${stringOf(value)} to xs:${type}`);
    const parsed = type === 'dateTime' || type === 'date' ? parseDateTime(type, value.value) : parseDuration(type, value.value);
    if (!parsed) throw invalidContent(`cannot cast ${value.value} to xs:${type}`);
    return parsed;
  }
  throw invalidContent(`operation does not support datatype: ${type}`);
}

/** `replib:cast-value`: the typed value of an argument that names its datatype. */
export function castValue(datatype: string, value: XsValue): XsValue {
  const type = bareType(datatype);
  return type === 'string' ? { type: 'string', value: stringOf(value) } : castDateTimeDurationNumeric(type, value);
}

/** `fn:string`: a value's text. */
export function stringOf(value: XsValue): string {
  switch (value.type) {
    case 'string':
      return value.value;
    case 'boolean':
    case 'integer':
      return String(value.value);
    case 'decimal':
      return formatDecimal(value.value);
    case 'double':
      return value.written ?? formatDouble(value.value);
    case 'float':
      return value.written ?? formatFloat(value.value);
    case 'json':
      return JSON.stringify(value.value);
    case 'date':
    case 'dateTime':
      return formatDateTime(value);
    default:
      return formatDuration(value);
  }
}
