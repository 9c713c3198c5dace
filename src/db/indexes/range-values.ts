/**
 * Typed values of range indexes: casting text (or a JSON scalar) to an XML Schema type
 * with the schema's lexical rules, comparing, and writing values back out.
 *
 * Representation, chosen so comparisons are cheap and exact:
 * - `int`, `unsignedInt`, `double`, `float` → number (`float` rounded to 32 bits);
 * - `long`, `unsignedLong` → bigint (64-bit range, exact);
 * - `decimal` → its canonical text (`-12.5`, `3`, `0.25`), compared digit by digit, so
 *   any precision is exact;
 * - `string`, `anyURI` → string, ordered by the index's collation (./collation.ts);
 * - `boolean` → boolean (false < true);
 * - `date`, `dateTime`, `time` → {@link TemporalValue}: a point on the timeline plus its
 *   canonical text.
 *
 * Time zones: values are compared on the timeline; a value without a time zone is
 * taken to be in UTC (Tabula's implicit time zone; MarkLogic uses the host's). A
 * `time` is placed on the UTC day (`01:00:00+02:00` is `23:00:00Z` and sorts there),
 * not on XML Schema's reference date, so every time value has one place in the order.
 *
 * Casting follows the lexical spaces: whitespace is collapsed for every type but
 * `string`; `1.5` is not an int and `1e3` is not a decimal, also when it comes from a JSON
 * number (which is read through its text, as MarkLogic indexes a node's string value);
 * out-of-range integers and impossible dates are not values.
 */
import { DbError } from '../errors';
import type { RangeType } from '../search/query-model';
import { collator, compareCodepoints } from './collation';

export interface TemporalValue {
  /** Milliseconds since 1970-01-01T00:00:00Z (fractions keep sub-millisecond digits). */
  readonly instant: number;
  /** Canonical text: with a time zone, `dateTime` and `time` in UTC (`Z`); `date` keeps its own zone. */
  readonly lexical: string;
}

export type RangeValue = string | number | bigint | boolean | TemporalValue;

/** A JSON scalar or an XML text as it reaches an index. */
export type RawValue = string | number | boolean;

const INT_RE = /^[+-]?\d+$/;
const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const DOUBLE_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const UINT_MAX = 2 ** 32 - 1;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const ULONG_MAX = 2n ** 64n - 1n;

/** `xs:int`, `xs:dateTime`, … as search responses name types. */
export const xsType = (type: RangeType): string => `xs:${type}`;

const collapse = (s: string): string => s.replace(/[\t\n\r ]+/g, ' ').trim();

/** A JSON number as text in plain decimal notation (`1e-7` → `0.0000001`). */
function plainNumberText(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', expText] = m;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The text a raw value is cast from: numbers in plain decimal notation (exact for integers up to 2^53). */
function textOf(raw: RawValue, type: RangeType): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'boolean') return raw ? 'true' : 'false';
  if (!Number.isFinite(raw)) return Number.isNaN(raw) ? 'NaN' : raw > 0 ? 'INF' : '-INF';
  if (type === 'string' || type === 'anyURI' || type === 'double' || type === 'float') return String(raw);
  return plainNumberText(raw);
}

/**
 * The value of `raw` in `type`, or undefined when it has no such value ("abc" or "1.5"
 * as an int, 2^31 as an int, "2023-02-30" as a date…).
 */
export function castValue(raw: RawValue, type: RangeType): RangeValue | undefined {
  const text = textOf(raw, type);
  switch (type) {
    case 'string':
      return text;
    case 'anyURI':
      return collapse(text);
    case 'int':
    case 'unsignedInt': {
      const t = collapse(text);
      if (!INT_RE.test(t)) return undefined;
      const n = Number(t);
      const [min, max] = type === 'int' ? [INT_MIN, INT_MAX] : [0, UINT_MAX];
      return n >= min && n <= max ? n + 0 : undefined; // `+ 0` turns -0 into 0
    }
    case 'long':
    case 'unsignedLong': {
      const t = collapse(text);
      if (!INT_RE.test(t)) return undefined;
      const n = BigInt(t);
      const [min, max] = type === 'long' ? [LONG_MIN, LONG_MAX] : [0n, ULONG_MAX];
      return n >= min && n <= max ? n : undefined;
    }
    case 'decimal':
      return canonicalDecimal(collapse(text));
    case 'double':
    case 'float': {
      const n = parseDouble(collapse(text));
      if (n === undefined) return undefined;
      return type === 'float' ? Math.fround(n) : n;
    }
    case 'boolean': {
      const t = collapse(text);
      if (t === 'true' || t === '1') return true;
      if (t === 'false' || t === '0') return false;
      return undefined;
    }
    case 'date':
    case 'dateTime':
    case 'time':
      return parseTemporal(collapse(text), type);
  }
}

/** {@link castValue} for a value given in a query: a 400 XDMP-LEXVAL naming it when it has no value of the type. */
export function castQueryValue(raw: RawValue, type: RangeType): RangeValue {
  const value = castValue(raw, type);
  if (value === undefined) throw new DbError('XDMP-LEXVAL', `${JSON.stringify(String(raw))} is not a valid ${xsType(type)}`);
  return value;
}

function parseDouble(t: string): number | undefined {
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  if (t === 'NaN') return NaN;
  return DOUBLE_RE.test(t) ? Number(t) : undefined;
}

/** `+007.50` → `7.5`, `-0.0` → `0`, `.5` → `0.5`; undefined when not a decimal. */
function canonicalDecimal(t: string): string | undefined {
  const m = DECIMAL_RE.exec(t);
  if (!m) return undefined;
  const [, sign, intRaw, fracRaw = ''] = m;
  if (intRaw === '' && fracRaw === '') return undefined;
  const int = intRaw.replace(/^0+/, '') || '0';
  const frac = fracRaw.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return sign === '-' && body !== '0' ? `-${body}` : body;
}

/** Compares two canonical decimals without converting them to floating point. */
function compareDecimals(a: string, b: string): number {
  if (a === b) return 0;
  const negA = a.startsWith('-');
  const negB = b.startsWith('-');
  if (negA !== negB) return negA ? -1 : 1;
  const magnitude = compareDecimalMagnitudes(negA ? a.slice(1) : a, negB ? b.slice(1) : b);
  return negA ? -magnitude : magnitude;
}

function compareDecimalMagnitudes(a: string, b: string): number {
  const ai = a.indexOf('.');
  const bi = b.indexOf('.');
  const aInt = ai === -1 ? a.length : ai;
  const bInt = bi === -1 ? b.length : bi;
  if (aInt !== bInt) return aInt - bInt;
  // Integer parts of one length (canonical: no leading zeros), fractions without trailing
  // zeros: text order is numeric order, and the '.' sorts below every digit, so "12" < "12.5".
  // Compared whole, without splitting: a range index sorts 100k of these when it loads.
  return a === b ? 0 : a < b ? -1 : 1;
}

// --- dates and times -------------------------------------------------------------------

const DATE_TIME_RE = /^(-?(?:[1-9]\d{4,}|\d{4}))-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;
const DATE_RE = /^(-?(?:[1-9]\d{4,}|\d{4}))-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;
const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;

const DAY_MS = 86_400_000;

const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number): number => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** Days from 1970-01-01 to a proleptic Gregorian date (astronomical years; H. Hinnant's algorithm). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z: number): [number, number, number] {
  const zz = z + 719468;
  const era = Math.floor(zz / 146097);
  const doe = zz - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return [era * 400 + yoe + (m <= 2 ? 1 : 0), m, d];
}

/** XML Schema 1.0 years: no year 0000, `-0001` is 1 BCE (astronomical year 0). */
function astronomicalYear(text: string): number | undefined {
  const y = Number(text);
  if (y === 0) return undefined;
  return y < 0 ? y + 1 : y;
}

const schemaYear = (astro: number): string => {
  const y = astro <= 0 ? astro - 1 : astro;
  const digits = String(Math.abs(y)).padStart(4, '0');
  return y < 0 ? `-${digits}` : digits;
};

/** Offset in minutes of `Z` / `±hh:mm`; undefined when absent; NaN when out of range. */
function zoneMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined) return undefined;
  if (zone === 'Z') return 0;
  const h = Number(zone.slice(1, 3));
  const m = Number(zone.slice(4, 6));
  if (h > 14 || m > 59 || (h === 14 && m !== 0)) return NaN;
  return (zone[0] === '-' ? -1 : 1) * (h * 60 + m);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const fractionText = (digits: string | undefined): string => {
  const f = (digits ?? '').replace(/0+$/, '');
  return f ? `.${f}` : '';
};
const fractionMs = (digits: string | undefined): number => (digits ? Number(`0.${digits}`) * 1000 : 0);

/** Hours, minutes, seconds checked; `24:00:00` allowed (the end of the day) only with nothing after it. */
function validClock(h: number, mi: number, s: number, fraction: string | undefined): boolean {
  if (mi > 59 || s > 59) return false;
  if (h === 24) return mi === 0 && s === 0 && !/[1-9]/.test(fraction ?? '');
  return h <= 23;
}

function parseTemporal(t: string, type: 'date' | 'dateTime' | 'time'): TemporalValue | undefined {
  if (type === 'time') {
    const m = TIME_RE.exec(t);
    if (!m) return undefined;
    const [, hh, mm, ss, frac, zone] = m;
    const [h, mi, s] = [Number(hh), Number(mm), Number(ss)];
    const tz = zoneMinutes(zone);
    if (!validClock(h, mi, s, frac) || Number.isNaN(tz)) return undefined;
    const secondsOfDay = ((((h % 24) * 3600 + mi * 60 + s - (tz ?? 0) * 60) % 86400) + 86400) % 86400;
    const clock = `${pad2(Math.floor(secondsOfDay / 3600))}:${pad2(Math.floor(secondsOfDay / 60) % 60)}:${pad2(secondsOfDay % 60)}`;
    return { instant: secondsOfDay * 1000 + fractionMs(frac), lexical: `${clock}${fractionText(frac)}${tz === undefined ? '' : 'Z'}` };
  }
  const m = (type === 'date' ? DATE_RE : DATE_TIME_RE).exec(t);
  if (!m) return undefined;
  const y = astronomicalYear(m[1]);
  const [mo, d] = [Number(m[2]), Number(m[3])];
  if (y === undefined || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  const days = daysFromCivil(y, mo, d);
  if (type === 'date') {
    const tz = zoneMinutes(m[4]);
    if (Number.isNaN(tz)) return undefined;
    const zone = tz === undefined ? '' : tz === 0 ? 'Z' : m[4];
    return { instant: days * DAY_MS - (tz ?? 0) * 60_000, lexical: `${schemaYear(y)}-${pad2(mo)}-${pad2(d)}${zone}` };
  }
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6])];
  const frac = m[7];
  const tz = zoneMinutes(m[8]);
  if (!validClock(h, mi, s, frac) || Number.isNaN(tz)) return undefined;
  // Whole seconds first (exact integers), so the canonical form can be derived from them.
  const seconds = days * 86400 + h * 3600 + mi * 60 + s - (tz ?? 0) * 60;
  const day = Math.floor(seconds / 86400);
  const rest = seconds - day * 86400;
  const [cy, cm, cd] = civilFromDays(day);
  const clock = `${pad2(Math.floor(rest / 3600))}:${pad2(Math.floor(rest / 60) % 60)}:${pad2(rest % 60)}`;
  const lexical = `${schemaYear(cy)}-${pad2(cm)}-${pad2(cd)}T${clock}${fractionText(frac)}${tz === undefined ? '' : 'Z'}`;
  return { instant: seconds * 1000 + fractionMs(frac), lexical };
}

// --- comparison and output ---------------------------------------------------------------

export type CompareValues = (a: RangeValue, b: RangeValue) => number;

const compareNumbers = (a: number, b: number): number => {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  // NaN first: it must have a place in a sorted index; the range index keeps it out of comparisons.
  return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
};
const compareBigints = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);
const compareBooleans = (a: boolean, b: boolean): number => Number(a) - Number(b);
const compareInstants = (a: TemporalValue, b: TemporalValue): number => compareNumbers(a.instant, b.instant);

/**
 * The order of a type (and collation, for strings): 0 means the same value. For the
 * index's sorted storage, {@link sortComparator} adds a tie-break between values
 * that are equal but written differently.
 */
export function comparatorFor(type: RangeType, collation?: string): CompareValues {
  switch (type) {
    case 'string':
    case 'anyURI': {
      const compare = collator(collation);
      return (a, b) => compare(a as string, b as string);
    }
    case 'int':
    case 'unsignedInt':
    case 'double':
    case 'float':
      return compareNumbers as CompareValues;
    case 'long':
    case 'unsignedLong':
      return compareBigints as CompareValues;
    case 'decimal':
      return compareDecimals as CompareValues;
    case 'boolean':
      return compareBooleans as CompareValues;
    case 'date':
    case 'dateTime':
    case 'time':
      return compareInstants as CompareValues;
  }
}

/**
 * A total order that refines {@link comparatorFor}: collation-equal strings and
 * same-instant times written differently (`…T00:00:00` and `…T00:00:00Z`) are ordered by
 * their text, so an index's sorted order never depends on insertion order.
 */
export function sortComparator(type: RangeType, collation?: string): CompareValues {
  const primary = comparatorFor(type, collation);
  switch (type) {
    case 'string':
    case 'anyURI':
      return (a, b) => primary(a, b) || compareCodepoints(a as string, b as string);
    case 'date':
    case 'dateTime':
    case 'time':
      return (a, b) => primary(a, b) || compareCodepoints((a as TemporalValue).lexical, (b as TemporalValue).lexical);
    default:
      return primary;
  }
}

export function compareValues(a: RangeValue, b: RangeValue, type: RangeType, collation?: string): number {
  return comparatorFor(type, collation)(a, b);
}

/** NaN of `double` and `float`: compares false with everything (XQuery), so range queries treat it apart. */
export const isNaNValue = (v: RangeValue): boolean => typeof v === 'number' && Number.isNaN(v);

/** XQuery's text of a double: plain notation in [1e-6, 1e6), otherwise `1.0E7` style. */
function doubleText(n: number, digits?: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'INF' : '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const abs = Math.abs(n);
  if (abs >= 1e-6 && abs < 1e6) return digits === undefined ? String(n) : String(Number(n.toPrecision(digits)));
  const [mantissa, exp] = (digits === undefined ? n.toExponential() : n.toExponential(digits - 1)).split('e');
  const m = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '.0') : `${mantissa}.0`;
  return `${m}E${Number(exp)}`;
}

/** The fewest significant digits that give back the same 32-bit float. */
function floatDigits(f: number): number {
  for (let p = 1; p < 9; p++) if (Math.fround(Number(f.toPrecision(p))) === f) return p;
  return 9;
}

/** The canonical text of a value: facet names, XML output, error messages. */
export function lexicalOf(value: RangeValue, type: RangeType): string {
  switch (type) {
    case 'double':
      return doubleText(value as number);
    case 'float': {
      const f = value as number;
      return Number.isFinite(f) && f !== 0 ? doubleText(f, floatDigits(f)) : doubleText(f);
    }
    case 'date':
    case 'dateTime':
    case 'time':
      return (value as TemporalValue).lexical;
    default:
      return String(value);
  }
}

/**
 * A value as a facet reports it (MarkLogic’s REST API reference, /v1/search): `name` is its text; `value` is a JSON
 * number for the numeric types (long, unsignedLong and decimal as the nearest double, as
 * the server writes them through xs:decimal), a boolean for booleans, and the text for
 * strings, URIs, dates and times. Infinite and NaN doubles stay text: JSON has no number
 * for them.
 */
export function formatValue(value: RangeValue, type: RangeType): { name: string; value: string | number | boolean } {
  const name = lexicalOf(value, type);
  switch (type) {
    case 'int':
    case 'unsignedInt':
    case 'double':
    case 'float':
      return { name, value: Number.isFinite(value as number) ? Number(name) : name };
    case 'long':
    case 'unsignedLong':
    case 'decimal':
      return { name, value: Number(name) };
    case 'boolean':
      return { name, value: value as boolean };
    default:
      return { name, value: name };
  }
}
