/**
 * multipart/mixed bodies, both ways: the bulk-write and content+metadata requests MarkLogic
 * clients send (MarkLogic’s REST API reference, /v1/documents, bulk write) and the multi-document replies
 * (multipart reads). Whole-buffer and synchronous: the REST layer needs every part before it can write
 * one transaction, so there is nothing to gain from streaming. Why this is hand-written rather
 * than @remix-run/multipart-parser: docs/decisions/0003-multipart.md.
 *
 * Framing follows RFC 2046 §5.1.1. A delimiter is a line break, `--`, the boundary, optional
 * spaces or tabs, then a line break (or `--` for the last one). Text before the first delimiter
 * (preamble) and after the last (epilogue) is ignored. The line break style is fixed by the
 * first delimiter line: CRLF, or LF for hand-written bodies. Only an exact delimiter ends a part,
 * so content may hold the boundary string anywhere else, `--BOUNDARYx` lines included.
 */
import { DbError } from '../../db/errors';
import { strictUtf8 } from '../../db/util';
import { hasControlChar, parseContentDisposition, type Disposition } from './content-disposition';
import { mediaType } from './negotiate';

export { parseContentDisposition, formatContentDisposition, type Disposition } from './content-disposition';

export interface Part {
  /**
   * The part's headers. Values are byte strings (one char per byte), as fetch's `Headers`
   * holds them — which is all a `Headers` can hold; `disposition` has the UTF-8 decoded text.
   */
  headers: Headers;
  /** Media type without parameters, lower-cased; '' when the part has no Content-Type. */
  contentType: string;
  disposition?: Disposition;
  /** The exact bytes between the blank line after the headers and the next delimiter. */
  body: Uint8Array;
}

export interface OutPart {
  headers: Record<string, string>;
  body: string | Uint8Array;
}

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const SP = 0x20;
const HT = 0x09;

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const encoder = new TextEncoder();

function fail(detail: string): never {
  throw new DbError('XDMP-HTTP-MULTIPART', detail);
}

/**
 * RFC 2046: 1–70 characters, no trailing space. Printable ASCII is checked too (rather than the
 * RFC's narrower set) so that every boundary a client might plausibly send is accepted, while the
 * length bound keeps the delimiter search linear in the body size.
 */
function checkBoundary(boundary: string): void {
  if (!/^[\x20-\x7e]{1,70}$/.test(boundary) || boundary.endsWith(' ')) {
    fail(`invalid boundary ${JSON.stringify(boundary)}: 1 to 70 printable ASCII characters, not ending in a space`);
  }
}

export function parseMultipart(body: Uint8Array, boundary: string): Part[] {
  checkBoundary(boundary);
  const dashBoundary = encoder.encode(`--${boundary}`);

  const first = findFirstDelimiter(body, dashBoundary);
  if (!first) fail(`no boundary line --${boundary} found`);
  if (first.last) return [];
  const eol = first.eol === 'crlf' ? Uint8Array.of(CR, LF) : Uint8Array.of(LF);

  const delimiter = new Uint8Array(eol.length + dashBoundary.length);
  delimiter.set(eol);
  delimiter.set(dashBoundary, eol.length);

  const parts: Part[] = [];
  let pos = first.next;
  for (;;) {
    const n = parts.length + 1;
    const head = readHeaders(body, pos, n);
    // Search from the blank line itself: when the body is absent (`headers CRLF CRLF--B`, RFC
    // 2046's `[CRLF *OCTET]` left out), the blank line's break is the delimiter's own.
    const found = findDelimiter(body, delimiter, head.blankLine);
    if (!found) fail(`part ${n} is not terminated by a --${boundary} line`);
    const { at, next, last } = found;
    // slice, not subarray: a view would keep the whole request alive, and storing a view in
    // IndexedDB clones its entire underlying buffer.
    const content = body.slice(head.bodyStart, Math.max(at, head.bodyStart));
    // Not spread: that would read the lazy `headers` (makePart).
    parts.push(Object.assign(head.part, { body: content }));
    if (last) return parts;
    pos = next;
  }
}

interface DelimiterMatch {
  /** Where the delimiter starts (its leading line break). */
  at: number;
  /** First byte after the delimiter line. */
  next: number;
  /** The close delimiter `--B--`. */
  last: boolean;
}

/** The first `--B` at the start of a line that is a complete delimiter line; it sets the line break style. */
function findFirstDelimiter(body: Uint8Array, dashBoundary: Uint8Array): (DelimiterMatch & DelimiterTail) | undefined {
  for (let at = indexOfBytes(body, dashBoundary, 0); at !== -1; at = indexOfBytes(body, dashBoundary, at + 1)) {
    if (at > 0 && body[at - 1] !== LF) continue;
    const tail = delimiterTail(body, at + dashBoundary.length);
    if (tail) return { at, ...tail };
  }
  return undefined;
}

function findDelimiter(body: Uint8Array, delimiter: Uint8Array, from: number): DelimiterMatch | undefined {
  for (let at = indexOfBytes(body, delimiter, from); at !== -1; at = indexOfBytes(body, delimiter, at + 1)) {
    const tail = delimiterTail(body, at + delimiter.length);
    if (tail) return { at, next: tail.next, last: tail.last };
  }
  return undefined;
}

interface DelimiterTail {
  next: number;
  last: boolean;
  /** The line break ending the delimiter line; absent after the last one. */
  eol?: 'crlf' | 'lf';
}

/**
 * What may follow `--B` for it to be a delimiter: optional `--` (the last one), transport
 * padding, then a line break — or the end of the body after the last one, as the official Node
 * client sends it. Anything else means the boundary text merely starts a line of content.
 */
function delimiterTail(body: Uint8Array, i: number): DelimiterTail | undefined {
  const last = body[i] === DASH && body[i + 1] === DASH;
  if (last) i += 2;
  while (body[i] === SP || body[i] === HT) i++;
  if (last) return i === body.length || body[i] === LF || body[i] === CR ? { next: body.length, last } : undefined;
  if (body[i] === CR && body[i + 1] === LF) return { next: i + 2, last, eol: 'crlf' };
  if (body[i] === LF) return { next: i + 1, last, eol: 'lf' };
  return undefined;
}

/**
 * Native `indexOf` finds candidates for the first byte; each is checked against the rest.
 * At most `needle.length` (≤ 74) comparisons per byte of `hay`, so linear in the body.
 */
function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const lastStart = hay.length - needle.length;
  for (let i = hay.indexOf(first, from); i !== -1 && i <= lastStart; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/**
 * Header lines up to the blank line. Lines may end in CRLF or LF whatever the delimiters use,
 * since headers are text. A line that is not `name: value` (nor a folded continuation) means
 * the blank line is missing — content or a delimiter where a header should be — and is refused
 * rather than guessed at.
 */
function readHeaders(body: Uint8Array, pos: number, n: number) {
  const fields: Array<[string, string]> = [];
  for (;;) {
    const lf = body.indexOf(LF, pos);
    if (lf === -1) fail(`part ${n} has no blank line after its headers`);
    const end = lf > pos && body[lf - 1] === CR ? lf - 1 : lf;
    if (end === pos) return { part: makePart(fields, n), blankLine: pos, bodyStart: lf + 1 };

    const line = byteString(body, pos, end);
    if (body[pos] === SP || body[pos] === HT) {
      // obs-fold (RFC 5322): a continuation of the previous field.
      if (fields.length === 0) fail(`part ${n} starts its headers with a continuation line`);
      const prev = fields[fields.length - 1];
      prev[1] = trimOws(`${prev[1]} ${trimOws(line)}`);
    } else {
      const colon = line.indexOf(':');
      const name = colon === -1 ? '' : line.slice(0, colon);
      if (!HEADER_NAME.test(name)) {
        fail(`part ${n} has no blank line after its headers (found ${JSON.stringify(clip(line))})`);
      }
      fields.push([name, trimOws(line.slice(colon + 1))]);
    }
    pos = lf + 1;
  }
}

function makePart(fields: Array<[string, string]>, n: number): Omit<Part, 'body'> {
  let contentType: string | null = null;
  let raw: string | null = null;
  for (const [name, value] of fields) {
    const key = name.toLowerCase();
    if (hasControlChar(value)) fail(`part ${n} header ${name} contains a control character`);
    // Two of either would leave the part's type or document ambiguous.
    if (key === 'content-type') {
      if (contentType !== null) fail(`part ${n} repeats the ${name} header`);
      contentType = value;
    } else if (key === 'content-disposition') {
      if (raw !== null) fail(`part ${n} repeats the ${name} header`);
      raw = value;
    }
  }
  // A `Headers` per part cost a tenth of a bulk write's parsing and is rarely read: it is
  // made on first use, from fields already checked (names are tokens, values free of
  // control characters and trimmed, so `append` accepts them as they are).
  let headers: Headers | undefined;
  const head = {
    get headers(): Headers {
      if (!headers) {
        headers = new Headers();
        for (const [name, value] of fields) headers.append(name, value);
      }
      return headers;
    },
    contentType: mediaType(contentType),
  };
  if (raw === null) return head;
  // ASCII (every bulk write's usual filename) is its own UTF-8: only other bytes need the decoder.
  // (Control characters other than tab were refused above.)
  const text = /^[\t\x20-\x7e]*$/.test(raw)
    ? raw
    : strictUtf8(bytesOf(raw), () => new DbError('XDMP-HTTP-MULTIPART', `part ${n} Content-Disposition is not valid UTF-8`));
  try {
    return Object.assign(head, { disposition: parseContentDisposition(text) });
  } catch (e) {
    if (e instanceof DbError) fail(`part ${n}: ${e.detail}`);
    throw e;
  }
}

/** Bytes as a string of one char per byte (Latin-1), which `Headers` accepts for any byte. */
function byteString(body: Uint8Array, start: number, end: number): string {
  let s = '';
  // Chunked so a long header line cannot exceed the argument limit of fromCharCode.
  // `apply` over the view, not a spread: spreading walks the array's iterator.
  for (let i = start; i < end; i += 0x2000) {
    s += String.fromCharCode.apply(null, body.subarray(i, Math.min(end, i + 0x2000)) as unknown as number[]);
  }
  return s;
}

function bytesOf(byteStr: string): Uint8Array {
  const out = new Uint8Array(byteStr.length);
  for (let i = 0; i < byteStr.length; i++) out[i] = byteStr.charCodeAt(i);
  return out;
}

// Only SP and HTAB: String.prototype.trim would also eat byte 0xA0, the last byte of many UTF-8 characters.
const trimOws = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/**
 * `--B CRLF headers CRLF CRLF body CRLF` per part, then `--B-- CRLF`. Header values are written
 * as UTF-8, so URIs with any characters survive in `filename="…"`.
 */
export function buildMultipart(parts: OutPart[], boundary: string): Uint8Array {
  if (parts.length === 0) return new Uint8Array(0); // MarkLogic's reply when no document exists
  checkBoundary(boundary);

  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\n`;
    for (const [name, value] of Object.entries(part.headers)) {
      if (!HEADER_NAME.test(name)) throw new TypeError(`multipart header name is not a token: ${JSON.stringify(name)}`);
      if (hasControlChar(value)) throw new TypeError(`multipart header ${name} contains a control character`);
      head += `${name}: ${value}\r\n`;
    }
    chunks.push(encoder.encode(`${head}\r\n`));
    chunks.push(typeof part.body === 'string' ? encoder.encode(part.body) : part.body);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));

  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** `ML_BOUNDARY_` and a random unsigned 64-bit decimal, the shape MarkLogic generates. */
export function newBoundary(): string {
  return `ML_BOUNDARY_${crypto.getRandomValues(new BigUint64Array(1))[0]}`;
}
