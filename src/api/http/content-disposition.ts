/**
 * The `Content-Disposition` header of multipart parts, as MarkLogic reads and writes it
 * (MarkLogic’s REST API reference, /v1/documents, bulk write): `attachment; filename="URI"; category=…`.
 *
 * Parsing follows RFC 2183/6266 (a token type, then `; name=value` parameters whose value is
 * a token or a quoted string) with the leniency real clients need: unquoted values may hold
 * `/` and non-ASCII (the official Node client is sloppy with neither), whitespace may surround
 * `;` and `=`, and a trailing `;` is allowed. Quoted values may hold `;`, and `\x` stands for `x`.
 */
import { DbError } from '../../db/errors';

export interface Disposition {
  /** `attachment`, `inline`, …, lower-cased. */
  type: string;
  /** Unquoted, backslash escapes resolved. */
  filename?: string;
  /** Every other parameter by lower-cased name, in header order; `category` may repeat. */
  params: Map<string, string[]>;
}

// RFC 9110 tchar.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
/** Controls other than HTAB cannot appear in a header field value at all. */
export function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t';

export function parseContentDisposition(value: string): Disposition {
  const fail = (why: string): never => {
    throw new DbError('XDMP-HTTP-MULTIPART', `Content-Disposition ${why}: ${JSON.stringify(value)}`);
  };
  if (hasControlChar(value)) fail('contains a control character');

  let pos = 0;
  const skipSpace = () => {
    while (isSpace(value[pos])) pos++;
  };
  const readToken = () => {
    const start = pos;
    while (pos < value.length && TOKEN_CHAR.test(value[pos])) pos++;
    return value.slice(start, pos);
  };

  skipSpace();
  const type = readToken().toLowerCase();
  if (!type) fail('has no disposition type');

  let filename: string | undefined;
  const params = new Map<string, string[]>();
  for (;;) {
    skipSpace();
    if (pos >= value.length) break;
    if (value[pos] !== ';') fail(`has an unexpected ${JSON.stringify(value[pos])} at offset ${pos}`);
    pos++;
    skipSpace();
    if (pos >= value.length || value[pos] === ';') continue; // empty parameter, e.g. a trailing `;`

    const name = readToken().toLowerCase();
    if (!name) fail(`has a parameter without a name at offset ${pos}`);
    skipSpace();
    if (value[pos] !== '=') fail(`parameter ${name} has no value`);
    pos++;
    skipSpace();

    let paramValue: string;
    if (value[pos] === '"') {
      pos++;
      let text = '';
      let closed = false;
      while (pos < value.length) {
        const c = value[pos++];
        if (c === '"') {
          closed = true;
          break;
        }
        if (c === '\\') {
          if (pos >= value.length) break;
          text += value[pos++];
        } else {
          text += c;
        }
      }
      if (!closed) fail(`parameter ${name} has an unterminated quoted value`);
      paramValue = text;
    } else {
      const start = pos;
      while (pos < value.length && value[pos] !== ';' && value[pos] !== '"' && !isSpace(value[pos])) pos++;
      paramValue = value.slice(start, pos);
      if (!paramValue) fail(`parameter ${name} has an empty value`);
    }

    if (name === 'filename') {
      // Two filenames would name two documents: refuse rather than pick one.
      if (filename !== undefined) fail('repeats filename');
      filename = paramValue;
    } else {
      const list = params.get(name);
      if (list) list.push(paramValue);
      else params.set(name, [paramValue]);
    }
  }

  return filename === undefined ? { type, params } : { type, filename, params };
}

/**
 * `attachment; filename="/a.json"; category=metadata; format=json`. The filename is always
 * quoted (MarkLogic does, and URIs hold `;` and spaces); other values only when they are not
 * tokens, because the official Node client keeps quotes in the values it reads.
 */
export function formatContentDisposition(
  type: string,
  filename: string | undefined,
  params: Array<[string, string]>,
): string {
  if (!TOKEN.test(type)) throw new TypeError(`Content-Disposition type is not a token: ${JSON.stringify(type)}`);
  let out = type;
  if (filename !== undefined) out += `; filename=${quote('filename', filename)}`;
  for (const [name, v] of params) {
    if (!TOKEN.test(name)) throw new TypeError(`Content-Disposition parameter name is not a token: ${JSON.stringify(name)}`);
    out += `; ${name}=${TOKEN.test(v) ? v : quote(name, v)}`;
  }
  return out;
}

function quote(name: string, v: string): string {
  // A line break would end the header mid-value, and no escape can carry one.
  if (hasControlChar(v)) throw new TypeError(`Content-Disposition ${name} contains a control character: ${JSON.stringify(v)}`);
  return `"${v.replace(/["\\]/g, '\\$&')}"`;
}
