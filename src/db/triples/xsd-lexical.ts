/**
 * The lexical spaces of the XSD built-in datatypes (XML Schema 1.1 Part 2, "Built-in
 * Datatypes"), for the values a request types by name: `bind:name:type=value`. A
 * binding whose type is not a built-in datatype, or whose value is not in that type's
 * lexical space, is refused before the query runs; an engine would otherwise carry an
 * ill-typed literal through silently (MarkLogic casts the value and fails the request).
 *
 * @example
 * xsdLexicalError('unsignedLong', 'abc'); // 'abc is not a valid xsd:unsignedLong'
 * xsdLexicalError('nosuchtype', '5');     // 'nosuchtype is not an XSD datatype'
 */

/** The XSD namespace: the db's one spelling of it (a datatype IRI is this plus the local name). */
export const XSD = 'http://www.w3.org/2001/XMLSchema#';

const DIGITS = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const FLOAT = /^([+-]?(\d+(\.\d*)?|\.\d+)([Ee][+-]?\d+)?|[+-]?INF|NaN)$/;
const TZ = '(Z|[+-]((0\\d|1[0-3]):[0-5]\\d|14:00))?';
const YEAR = '-?([1-9]\\d{3,}|0\\d{3})';
const MONTH = '(0[1-9]|1[0-2])';
const DAY = '(0[1-9]|[12]\\d|3[01])';
const TIME = '(([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?|24:00:00(\\.0+)?)';
const anchored = (source: string) => new RegExp(`^${source}$`);
const DURATION = /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
// XML names, by Unicode category (letters, digits, combining marks) rather than XML 1.0's code point table.
const NCNAME = /^[\p{L}_][\p{L}\p{N}\p{M}_.\u00B7-]*$/u;
const NAME = /^[\p{L}_:][\p{L}\p{N}\p{M}_.:\u00B7-]*$/u;
const NMTOKEN = /^[\p{L}\p{N}\p{M}_.:\u00B7-]+$/u;
const hasControl = (v: string) => [...v].some((ch) => ch.charCodeAt(0) < 0x20);

const pattern = (re: RegExp) => (v: string) => re.test(v);

/** An integer type's lexical space: digits, then the value within [min, max]. */
const integerIn = (min?: bigint, max?: bigint) => (v: string) => {
  if (!DIGITS.test(v)) return false;
  const n = BigInt(v);
  return (min === undefined || n >= min) && (max === undefined || n <= max);
};

const dateTimeOf = (source: string) => {
  const re = anchored(source);
  return (v: string) => re.test(v) && dayFitsMonth(v);
};

/** `2021-02-30` has a valid shape and no such day. */
function dayFitsMonth(v: string): boolean {
  const m = /^(-?\d{4,})-(\d\d)-(\d\d)/.exec(v);
  if (!m) return true;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return Number(m[3]) <= days;
}

const noWhitespaceButSpace = (v: string) => !/[\t\n\r]/.test(v);
const isToken = (v: string) => noWhitespaceButSpace(v) && !/^ | $| {2}/.test(v);

const LEXICAL_SPACES: Record<string, (value: string) => boolean> = {
  string: () => true,
  normalizedString: noWhitespaceButSpace,
  token: isToken,
  language: pattern(/^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/),
  Name: pattern(NAME),
  NCName: pattern(NCNAME),
  ID: pattern(NCNAME),
  IDREF: pattern(NCNAME),
  ENTITY: pattern(NCNAME),
  NMTOKEN: pattern(NMTOKEN),
  anyURI: (v) => !hasControl(v),
  QName: (v) => v.split(':').length <= 2 && v.split(':').every((part) => NCNAME.test(part)),
  boolean: pattern(/^(true|false|1|0)$/),
  decimal: pattern(DECIMAL),
  float: pattern(FLOAT),
  double: pattern(FLOAT),
  integer: integerIn(),
  nonPositiveInteger: integerIn(undefined, 0n),
  negativeInteger: integerIn(undefined, -1n),
  nonNegativeInteger: integerIn(0n),
  positiveInteger: integerIn(1n),
  long: integerIn(-(2n ** 63n), 2n ** 63n - 1n),
  int: integerIn(-(2n ** 31n), 2n ** 31n - 1n),
  short: integerIn(-(2n ** 15n), 2n ** 15n - 1n),
  byte: integerIn(-128n, 127n),
  unsignedLong: integerIn(0n, 2n ** 64n - 1n),
  unsignedInt: integerIn(0n, 2n ** 32n - 1n),
  unsignedShort: integerIn(0n, 2n ** 16n - 1n),
  unsignedByte: integerIn(0n, 255n),
  dateTime: dateTimeOf(`${YEAR}-${MONTH}-${DAY}T${TIME}${TZ}`),
  dateTimeStamp: dateTimeOf(`${YEAR}-${MONTH}-${DAY}T${TIME}(Z|[+-]((0\\d|1[0-3]):[0-5]\\d|14:00))`),
  date: dateTimeOf(`${YEAR}-${MONTH}-${DAY}${TZ}`),
  time: pattern(anchored(`${TIME}${TZ}`)),
  gYearMonth: pattern(anchored(`${YEAR}-${MONTH}${TZ}`)),
  gYear: pattern(anchored(`${YEAR}${TZ}`)),
  gMonthDay: pattern(anchored(`--${MONTH}-${DAY}${TZ}`)),
  gDay: pattern(anchored(`---${DAY}${TZ}`)),
  gMonth: pattern(anchored(`--${MONTH}${TZ}`)),
  duration: pattern(DURATION),
  yearMonthDuration: (v) => DURATION.test(v) && !v.includes('T') && !/\d+D/.test(v),
  dayTimeDuration: (v) => DURATION.test(v) && !/[YM]/.test(v.split('T')[0]),
  hexBinary: pattern(/^([0-9a-fA-F]{2})*$/),
  base64Binary: (v) => /^[A-Za-z0-9+/= ]*$/.test(v) && v.replace(/ /g, '').length % 4 === 0 && /^[^=]*={0,2}$/.test(v.replace(/ /g, '')),
};

/** Why `value` cannot be an `xsd:<type>` literal, or undefined when it can. */
export function xsdLexicalError(type: string, value: string): string | undefined {
  const valid = Object.hasOwn(LEXICAL_SPACES, type) ? LEXICAL_SPACES[type] : undefined;
  if (!valid) return `${type} is not an XSD datatype`;
  // No whitespace processing: an RDF literal's lexical form is checked as it is (RDF 1.1 Concepts, "Literals").
  return valid(value) ? undefined : `${JSON.stringify(value)} is not a valid xsd:${type}`;
}
