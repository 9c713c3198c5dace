import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- the official client ships no type declarations
import marklogic from 'marklogic';
import { afterEach, describe, expect, test } from 'vitest';
import { DbError } from '../../db/errors';
import { buildMultipart, formatContentDisposition, newBoundary, parseMultipart, type Part } from './multipart';
import { mediaTypeParam } from './negotiate';

const enc = new TextEncoder();
const dec = new TextDecoder();
const bytes = (s: string) => enc.encode(s);
const text = (b: Uint8Array) => dec.decode(b);
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));

/** What a test expects of one parsed part; `headers` lists only the ones it cares about. */
interface Expected {
  headers?: Record<string, string>;
  contentType: string;
  disposition?: { type: string; filename?: string; params?: Record<string, string[]> };
  body: string;
}

function expectParts(parts: Part[], expected: Expected[]) {
  expect(parts.map((p) => text(p.body))).toEqual(expected.map((e) => e.body));
  parts.forEach((part, i) => {
    const want = expected[i];
    expect(part.contentType).toBe(want.contentType);
    for (const [k, v] of Object.entries(want.headers ?? {})) expect(part.headers.get(k)).toBe(v);
    if (!want.disposition) {
      expect(part.disposition).toBeUndefined();
      return;
    }
    expect(part.disposition?.type).toBe(want.disposition.type);
    expect(part.disposition?.filename).toBe(want.disposition.filename);
    expect(Object.fromEntries(part.disposition?.params ?? [])).toEqual(want.disposition.params ?? {});
  });
}

function multipartError(run: () => unknown): DbError {
  try {
    run();
  } catch (e) {
    if (e instanceof DbError) return e;
    throw e;
  }
  throw new Error('expected a DbError, nothing was thrown');
}

/** MarkLogic’s REST Application Developer’s Guide, bulk writes, verbatim. */
const BULK_EXAMPLE = [
  '--BND',
  'Content-Type: application/json',
  'Content-Disposition: inline; category=metadata',
  '',
  '{"collections":["batch-1"],"quality":1}',
  '--BND',
  'Content-Type: application/json',
  'Content-Disposition: attachment; filename="/b/1.json"',
  '',
  '{"n":1}',
  '--BND',
  'Content-Type: application/json',
  'Content-Disposition: attachment; filename="/b/2.json"; category=metadata',
  '',
  '{"collections":["special"]}',
  '--BND',
  'Content-Type: application/json',
  'Content-Disposition: attachment; filename="/b/2.json"; category=content',
  '',
  '{"n":2}',
  '--BND',
  'Content-Disposition: attachment; filename="/b/3.json"',
  '',
  '{"n":3}',
  '--BND--',
  '',
].join('\r\n');

/**
 * A bulk write exactly as the official Node client (marklogic 3.7) puts it on the wire: boundary
 * MLBOUND_1422662400000, Content-Type before Content-Disposition, parts sorted by URI, an `inline`
 * content part for a server-generated URI, and no line break after the closing delimiter.
 */
const NODE_CLIENT_BULK =
  '--MLBOUND_1422662400000\r\nContent-Type: application/json\r\nContent-Disposition: inline; extension=json; directory=/gen/; category=content\r\n\r\n{"g":1}' +
  '\r\n--MLBOUND_1422662400000\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename="/test/2.txt"; category=content\r\n\r\nplain' +
  '\r\n--MLBOUND_1422662400000\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/test/b 1.json"; category=metadata\r\n\r\n{"collections":["c1"],"quality":2}' +
  '\r\n--MLBOUND_1422662400000\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/test/b 1.json"; category=content\r\n\r\n{"n":1}' +
  '\r\n--MLBOUND_1422662400000--';

describe('parseMultipart', () => {
  test.for<{ name: string; body: string; boundary: string; parts: Expected[] }>([
    {
      name: 'reads the bulk-write layout: inline default metadata, per-document metadata, content with and without Content-Type',
      body: BULK_EXAMPLE,
      boundary: 'BND',
      parts: [
        { contentType: 'application/json', disposition: { type: 'inline', params: { category: ['metadata'] } }, body: '{"collections":["batch-1"],"quality":1}' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/b/1.json' }, body: '{"n":1}' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/b/2.json', params: { category: ['metadata'] } }, body: '{"collections":["special"]}' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/b/2.json', params: { category: ['content'] } }, body: '{"n":2}' },
        { contentType: '', disposition: { type: 'attachment', filename: '/b/3.json' }, body: '{"n":3}' },
      ],
    },
    {
      name: 'reads the exact bytes the official Node client sends',
      body: NODE_CLIENT_BULK,
      boundary: 'MLBOUND_1422662400000',
      parts: [
        { contentType: 'application/json', disposition: { type: 'inline', params: { extension: ['json'], directory: ['/gen/'], category: ['content'] } }, body: '{"g":1}' },
        { contentType: 'text/plain', disposition: { type: 'attachment', filename: '/test/2.txt', params: { category: ['content'] } }, body: 'plain' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/test/b 1.json', params: { category: ['metadata'] } }, body: '{"collections":["c1"],"quality":2}' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/test/b 1.json', params: { category: ['content'] } }, body: '{"n":1}' },
      ],
    },
    {
      name: 'reads a content + metadata PUT with repeated categories and a Content-Type with parameters',
      body: '--B\r\nContent-Type: Application/JSON; charset=utf-8\r\nContent-Disposition: attachment; filename="/a.json"; category=collections; category=quality\r\n\r\n{"collections":["x"],"quality":3}\r\n--B\r\nContent-Type: application/xml\r\nContent-Disposition: attachment; filename="/a.json"; category=content\r\n\r\n<a/>\r\n--B--\r\n',
      boundary: 'B',
      parts: [
        {
          headers: { 'content-type': 'Application/JSON; charset=utf-8' },
          contentType: 'application/json',
          disposition: { type: 'attachment', filename: '/a.json', params: { category: ['collections', 'quality'] } },
          body: '{"collections":["x"],"quality":3}',
        },
        { contentType: 'application/xml', disposition: { type: 'attachment', filename: '/a.json', params: { category: ['content'] } }, body: '<a/>' },
      ],
    },
    {
      name: 'reads parts that have no Content-Disposition',
      body: '--B\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n--B\r\nContent-Type: text/plain\r\n\r\nhello\r\n--B--\r\n',
      boundary: 'B',
      parts: [
        { contentType: 'application/json', body: '{"a":1}' },
        { contentType: 'text/plain', body: 'hello' },
      ],
    },
    {
      name: 'reads a filename holding ;, " and \\',
      body: '--B\r\nContent-Disposition: attachment; filename="/x;y \\"q\\" \\\\z.json"; category=content\r\n\r\n{}\r\n--B--',
      boundary: 'B',
      parts: [{ contentType: '', disposition: { type: 'attachment', filename: '/x;y "q" \\z.json', params: { category: ['content'] } }, body: '{}' }],
    },
    {
      name: 'ignores the preamble and the epilogue',
      body: 'This preamble mentions --B\r\n--B is not a delimiter line here\r\n--B\r\nContent-Type: text/plain\r\n\r\nonly part\r\n--B--\r\nThis is the epilogue.\r\n--B\r\nContent-Type: text/plain\r\n\r\nnot a part\r\n',
      boundary: 'B',
      parts: [{ contentType: 'text/plain', body: 'only part' }],
    },
    {
      name: 'tolerates LF-only line endings',
      body: '--B\nContent-Type: application/json\nContent-Disposition: attachment; filename="/lf.json"\n\n{"lf":true}\nline two\n--B\nContent-Type: text/plain\n\nsecond\n--B--\n',
      boundary: 'B',
      parts: [
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/lf.json' }, body: '{"lf":true}\nline two' },
        { contentType: 'text/plain', body: 'second' },
      ],
    },
    {
      name: 'keeps CRLFs inside a part and drops only the one before the delimiter',
      body: '--B\r\nContent-Type: text/plain\r\n\r\n\r\nline 1\r\n\r\nline 2\r\n\r\n\r\n--B--',
      boundary: 'B',
      parts: [{ contentType: 'text/plain', body: '\r\nline 1\r\n\r\nline 2\r\n\r\n' }],
    },
    {
      name: 'keeps boundary text that is not a delimiter: mid-line, a longer boundary, and --B-- followed by text',
      body: '--B\r\nContent-Type: text/plain\r\n\r\nx--B\r\n--BB\r\n--B-x\r\n--B--tail\r\nB\r\n--B--\r\n',
      boundary: 'B',
      parts: [{ contentType: 'text/plain', body: 'x--B\r\n--BB\r\n--B-x\r\n--B--tail\r\nB' }],
    },
    {
      name: 'accepts transport padding after the boundary',
      body: '--B  \r\nContent-Type: text/plain\r\n\r\none\r\n--B\t\r\nContent-Type: text/plain\r\n\r\ntwo\r\n--B-- \t\r\n',
      boundary: 'B',
      parts: [
        { contentType: 'text/plain', body: 'one' },
        { contentType: 'text/plain', body: 'two' },
      ],
    },
    {
      name: 'reads empty bodies, whether the body is empty or left out',
      body: '--B\r\nContent-Type: text/plain\r\n\r\n\r\n--B\r\nContent-Type: application/json\r\n\r\n--B--',
      boundary: 'B',
      parts: [
        { contentType: 'text/plain', body: '' },
        { contentType: 'application/json', body: '' },
      ],
    },
    {
      name: 'reads a part with no headers at all',
      body: '--B\r\n\r\nbare body\r\n--B--\r\n',
      boundary: 'B',
      parts: [{ contentType: '', body: 'bare body' }],
    },
    {
      name: 'joins repeated ordinary headers and unfolds continuation lines',
      body: '--B\r\nX-Note: one\r\nX-Note: two\r\nContent-Disposition: attachment;\r\n filename="/folded.json";\r\n\tcategory=content\r\n\r\n{}\r\n--B--',
      boundary: 'B',
      parts: [
        {
          headers: { 'x-note': 'one, two' },
          contentType: '',
          disposition: { type: 'attachment', filename: '/folded.json', params: { category: ['content'] } },
          body: '{}',
        },
      ],
    },
    {
      name: 'gives no parts for a body that is only the closing delimiter',
      body: '--B--\r\n',
      boundary: 'B',
      parts: [],
    },
    {
      name: 'accepts every RFC 2046 boundary character, regular-expression specials included',
      body: "--a'()+_,-./:=? z\r\nContent-Type: text/plain\r\n\r\nok\r\n--a'()+_,-./:=? z--\r\n",
      boundary: "a'()+_,-./:=? z",
      parts: [{ contentType: 'text/plain', body: 'ok' }],
    },
  ])('$name', ({ body, boundary, parts }) => {
    expectParts(parseMultipart(bytes(body), boundary), parts);
  });

  test('decodes UTF-8 header text into the disposition and keeps byte strings in Headers', () => {
    const body = bytes('--B\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/日本/ü.json"; category=content\r\n\r\n{"ü":"日本"}\r\n--B--');
    const [part] = parseMultipart(body, 'B');
    expect(part.disposition?.filename).toBe('/日本/ü.json');
    expect(text(part.body)).toBe('{"ü":"日本"}');
    const raw = part.headers.get('content-disposition') ?? '';
    expect(Buffer.from(raw, 'latin1').toString('utf8')).toBe('attachment; filename="/日本/ü.json"; category=content');
  });

  test('keeps a UTF-8 character whose last byte is 0xA0 at the end of a folded header line', () => {
    const body = bytes('--B\r\nContent-Disposition: attachment;\r\n filename=/voilà\r\n\r\nx\r\n--B--');
    expect(parseMultipart(body, 'B')[0].disposition?.filename).toBe('/voilà');
  });

  test('returns bodies that own their bytes, so storing one does not drag the whole request along', () => {
    const [part] = parseMultipart(bytes('--B\r\n\r\nsmall\r\n--B--'), 'B');
    expect(part.body.byteOffset).toBe(0);
    expect(part.body.buffer.byteLength).toBe(5);
  });

  test('finds the delimiter in linear time among many near-misses and keeps them in the body', () => {
    const noise = '\r\n--BNDX\r\n--BN'.repeat(50_000);
    const body = bytes(`--BND\r\nContent-Type: text/plain\r\n\r\n${noise}\r\n--BND--`);
    const [part] = parseMultipart(body, 'BND');
    expect(part.body.length).toBe(noise.length);
    expect(text(part.body)).toBe(noise);
  });

  test('parses 20 MB in 1,000 binary parts with every byte intact', () => {
    const random = xorshift(0x9e3779b9);
    const boundary = newBoundary();
    const docs = Array.from({ length: 1000 }, (_, i) => {
      const body = new Uint8Array(10_000 + (random() % 20_000));
      for (let j = 0; j < body.length; j++) body[j] = random() & 0xff;
      return { uri: `/bulk/${i}.bin`, body };
    });
    const total = docs.reduce((n, d) => n + d.body.length, 0);
    expect(total).toBeGreaterThan(19_000_000);

    const wire = buildMultipart(
      docs.map((d) => ({
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': formatContentDisposition('attachment', d.uri, [['category', 'content']]),
          'Content-Length': String(d.body.length),
        },
        body: d.body,
      })),
      boundary,
    );
    const started = performance.now();
    const parts = parseMultipart(wire, boundary);
    const elapsed = performance.now() - started;

    expect(parts).toHaveLength(1000);
    parts.forEach((part, i) => {
      expect(part.disposition?.filename).toBe(docs[i].uri);
      expect(part.headers.get('content-length')).toBe(String(docs[i].body.length));
      expect(sameBytes(part.body, docs[i].body)).toBe(true);
    });
    console.info(`parseMultipart: ${(wire.length / 1e6).toFixed(1)} MB, 1,000 parts in ${elapsed.toFixed(0)} ms`);
  });

  test.for([
    { name: 'an empty body', body: '', boundary: 'B' },
    { name: 'a body without the boundary', body: '--OTHER\r\nContent-Type: text/plain\r\n\r\nx\r\n--OTHER--\r\n', boundary: 'B' },
    { name: 'a body where the boundary only starts a longer line', body: '--BX\r\nContent-Type: text/plain\r\n\r\nx\r\n--BX--\r\n', boundary: 'B' },
    { name: 'a body with no closing delimiter', body: '--B\r\nContent-Type: text/plain\r\n\r\nx\r\n', boundary: 'B' },
    { name: 'a body cut off in the middle of a part', body: '--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B\r\nContent-Type: text/plain\r\n\r\nhalf a bo', boundary: 'B' },
    { name: 'a body cut off in the headers', body: '--B\r\nContent-Type: text/pl', boundary: 'B' },
    { name: 'a body cut off right after a delimiter', body: '--B\r\n', boundary: 'B' },
    { name: 'a part without the blank line after its headers', body: '--B\r\nContent-Type: application/json\r\n{"a":1}\r\n--B--\r\n', boundary: 'B' },
    { name: 'a part whose headers run into the next delimiter', body: '--B\r\nContent-Type: application/json\r\n--B--\r\n', boundary: 'B' },
    { name: 'a header line without a colon', body: '--B\r\nContent-Type application/json\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'a header name with a space', body: '--B\r\nContent Type: application/json\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'a continuation line before any header', body: '--B\r\n folded: x\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'a control character in a header value', body: '--B\r\nX-Bad: a\u0000b\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'two Content-Disposition headers', body: '--B\r\nContent-Disposition: inline\r\nContent-Disposition: attachment; filename="/a.json"\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'two Content-Type headers', body: '--B\r\nContent-Type: text/plain\r\nContent-Type: application/json\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'a malformed Content-Disposition', body: '--B\r\nContent-Disposition: attachment; filename="/a.json\r\n\r\n{}\r\n--B--\r\n', boundary: 'B' },
    { name: 'a Content-Disposition that is not UTF-8', body: '--B\r\nContent-Disposition: attachment; filename="/\u00ff.json"\r\n\r\n{}\r\n--B--\r\n', boundary: 'B', latin1: true },
    { name: 'a CRLF body whose later delimiter has a bare LF', body: '--B\r\nContent-Type: text/plain\r\n\r\nx\n--B--\n', boundary: 'B' },
    { name: 'an empty boundary', body: '--\r\n\r\nx\r\n----\r\n', boundary: '' },
    { name: 'a boundary longer than 70 characters', body: `--${'b'.repeat(71)}--`, boundary: 'b'.repeat(71) },
    { name: 'a boundary with a line break', body: '--B\r\n\r\n--B--', boundary: 'B\r\n' },
    { name: 'a boundary ending in a space', body: '--B \r\n\r\nx\r\n--B --', boundary: 'B ' },
  ])('refuses $name with 400 XDMP-HTTP-MULTIPART', ({ body, boundary, latin1 }) => {
    const wire = latin1 ? Uint8Array.from(Buffer.from(body, 'latin1')) : bytes(body);
    const err = multipartError(() => parseMultipart(wire, boundary));
    expect(err.code).toBe('XDMP-HTTP-MULTIPART');
    expect(err.status).toBe(400);
    expect(err.detail).not.toBe('');
  });

  test('names the part and the problem in the error', () => {
    const err = multipartError(() => parseMultipart(bytes('--B\r\n\r\nok\r\n--B\r\nContent-Disposition: attachment; filename\r\n\r\n{}\r\n--B--'), 'B'));
    expect(err.detail).toMatch(/^part 2: Content-Disposition parameter filename has no value/);
    expect(err.message).toMatch(/^XDMP-HTTP-MULTIPART: \(err:FOER0000\) Invalid multipart body: part 2/);
  });
});

describe('buildMultipart', () => {
  test('lays out parts with CRLF line endings and a closing delimiter', () => {
    const out = buildMultipart(
      [
        {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/a.json"; category=metadata; format=json' },
          body: '{"collections":["c"]}',
        },
        {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/a.json"; category=content; format=json' },
          body: bytes('{"a":"ü"}'),
        },
      ],
      'BND',
    );
    expect(text(out)).toBe(
      '--BND\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/a.json"; category=metadata; format=json\r\n\r\n{"collections":["c"]}\r\n' +
        '--BND\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/a.json"; category=content; format=json\r\n\r\n{"a":"ü"}\r\n' +
        '--BND--\r\n',
    );
  });

  test('gives zero bytes for no parts, as MarkLogic does when no document exists', () => {
    expect(buildMultipart([], 'BND')).toHaveLength(0);
  });

  test.for([
    { name: 'every byte value 0..255', body: Uint8Array.from({ length: 256 }, (_, i) => i) },
    { name: 'CRLF and dashes right before the delimiter', body: bytes('\r\n--BN\r\n--\r\n') },
    { name: 'bytes that spell a delimiter for a longer boundary', body: bytes('\r\n--BNDX\r\n--BNDX--\r\n') },
    { name: 'an empty body', body: new Uint8Array(0) },
    { name: 'invalid UTF-8', body: Uint8Array.of(0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a) },
  ])('round-trips $name through build and parse', ({ body }) => {
    const disposition = formatContentDisposition('attachment', '/bin/x.bin', [['category', 'content'], ['format', 'binary']]);
    const wire = buildMultipart(
      [
        { headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': disposition }, body },
        { headers: { 'Content-Type': 'text/plain' }, body: 'after' },
      ],
      'BND',
    );
    const parts = parseMultipart(wire, 'BND');
    expect(parts).toHaveLength(2);
    expect(sameBytes(parts[0].body, body)).toBe(true);
    expect(parts[0].disposition).toEqual({ type: 'attachment', filename: '/bin/x.bin', params: new Map([['category', ['content']], ['format', ['binary']]]) });
    expect(text(parts[1].body)).toBe('after');
  });

  test('writes non-ASCII header values as UTF-8 that parse back', () => {
    const disposition = formatContentDisposition('attachment', '/日本 "q".json', [['category', 'content']]);
    const wire = buildMultipart([{ headers: { 'Content-Disposition': disposition }, body: '{}' }], 'BND');
    expect(text(wire)).toContain('filename="/日本 \\"q\\".json"');
    expect(parseMultipart(wire, 'BND')[0].disposition?.filename).toBe('/日本 "q".json');
  });

  test.for([
    { name: 'a header value with a line break', parts: [{ headers: { 'Content-Disposition': 'attachment; filename="/a\r\nX: y"' }, body: '' }], boundary: 'B' },
    { name: 'a header name that is not a token', parts: [{ headers: { 'Content Type': 'text/plain' }, body: '' }], boundary: 'B' },
  ])('refuses $name', ({ parts, boundary }) => {
    expect(() => buildMultipart(parts, boundary)).toThrow(TypeError);
  });

  test.for(['', 'x'.repeat(71), 'a\r\nb', 'ünï'])('refuses the boundary %j with 400 XDMP-HTTP-MULTIPART', (boundary) => {
    const err = multipartError(() => buildMultipart([{ headers: {}, body: 'x' }], boundary));
    expect(err).toMatchObject({ code: 'XDMP-HTTP-MULTIPART', status: 400 });
  });
});

describe('newBoundary', () => {
  test('makes ML_BOUNDARY_ and a random 64-bit number, different each time', () => {
    const seen = new Set(Array.from({ length: 50 }, () => newBoundary()));
    expect(seen.size).toBe(50);
    for (const b of seen) {
      expect(b).toMatch(/^ML_BOUNDARY_\d{1,20}$/);
      expect(BigInt(b.slice('ML_BOUNDARY_'.length))).toBeLessThan(2n ** 64n);
    }
  });

  test('makes boundaries that build and parse', () => {
    const boundary = newBoundary();
    const wire = buildMultipart([{ headers: { 'Content-Type': 'text/plain' }, body: 'hi' }], boundary);
    expect(text(parseMultipart(wire, boundary)[0].body)).toBe('hi');
  });
});

/**
 * The official Node client against a throwaway HTTP server: what it sends must parse, and what
 * we build must come out of its own multipart reader as the right documents.
 */
describe('with the official MarkLogic Node client', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  type Handler = (req: IncomingMessage, body: Buffer) => { status: number; headers: Record<string, string>; body: Uint8Array | string };
  async function clientFor(handler: Handler) {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const reply = handler(req, Buffer.concat(chunks));
        res.writeHead(reply.status, { ...reply.headers, 'content-length': String(Buffer.byteLength(reply.body)) });
        res.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return marklogic.createDatabaseClient({ host: '127.0.0.1', port, user: 'admin', password: 'admin', authType: 'BASIC' });
  }

  test('what it sends for a bulk write parses into its metadata and content parts', async () => {
    let received: { contentType: string; parts: Part[] } | undefined;
    const db = await clientFor((req, body) => {
      const contentType = req.headers['content-type'] ?? '';
      received = { contentType, parts: parseMultipart(body, mediaTypeParam(contentType, 'boundary') ?? '') };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: '{"documents":[]}' };
    });
    const binary = Buffer.from(Uint8Array.from({ length: 256 }, (_, i) => 255 - i));
    try {
      await db.documents
        .write([
          { uri: '/test/b 1.json', content: { n: 1 }, collections: ['c1'], quality: 2 },
          { uri: '/bin/x.bin', content: binary, contentType: 'application/octet-stream' },
          { extension: 'json', directory: '/gen/', content: { g: 1 } },
        ])
        .result();
    } finally {
      db.release();
    }

    expect(received?.contentType).toBe('multipart/mixed; boundary=MLBOUND_1422662400000');
    const parts = received!.parts;
    expectParts(
      parts.map((p, i) => (i === 1 ? { ...p, body: new Uint8Array(0) } : p)),
      [
        { contentType: 'application/json', disposition: { type: 'inline', params: { extension: ['json'], directory: ['/gen/'], category: ['content'] } }, body: '{"g":1}' },
        { contentType: 'application/octet-stream', disposition: { type: 'attachment', filename: '/bin/x.bin', params: { category: ['content'] } }, body: '' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/test/b 1.json', params: { category: ['metadata'] } }, body: '{"collections":["c1"],"quality":2}' },
        { contentType: 'application/json', disposition: { type: 'attachment', filename: '/test/b 1.json', params: { category: ['content'] } }, body: '{"n":1}' },
      ],
    );
    expect(sameBytes(parts[1].body, binary)).toBe(true);
  });

  test('it reads our multipart reply as documents, merging each metadata part into its content', async () => {
    const binary = Uint8Array.from({ length: 256 }, (_, i) => i);
    const db = await clientFor((req) => {
      const boundary = mediaTypeParam(req.headers.accept, 'boundary') ?? newBoundary();
      const body = buildMultipart(
        [
          {
            headers: {
              'Content-Type': 'application/json',
              'Content-Disposition': formatContentDisposition('attachment', '/a;1.json', [['category', 'collections'], ['category', 'quality'], ['format', 'json']]),
            },
            body: '{"collections":["c1","c2"],"quality":3}',
          },
          {
            headers: {
              'Content-Type': 'application/json',
              'Content-Disposition': formatContentDisposition('attachment', '/a;1.json', [['category', 'content'], ['format', 'json']]),
            },
            body: '{"a":"ü"}',
          },
          {
            headers: {
              'Content-Type': 'application/octet-stream',
              'Content-Disposition': formatContentDisposition('attachment', '/b.bin', [['category', 'content'], ['format', 'binary'], ['versionId', '42']]),
              'Content-Length': String(binary.length),
            },
            body: binary,
          },
        ],
        boundary,
      );
      return { status: 200, headers: { 'content-type': `multipart/mixed; boundary=${boundary}` }, body };
    });
    let docs: any[];
    try {
      docs = await db.documents.read({ uris: ['/a;1.json', '/b.bin'], categories: ['content', 'collections', 'quality'] }).result();
    } finally {
      db.release();
    }

    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ uri: '/a;1.json', format: 'json', collections: ['c1', 'c2'], quality: 3, content: { a: 'ü' } });
    expect(docs[1]).toMatchObject({ uri: '/b.bin', format: 'binary', versionId: '42', contentLength: '256' });
    expect(sameBytes(docs[1].content, binary)).toBe(true);
  });

  test('it reads our empty reply (zero bytes, Content-Length: 0) as no documents', async () => {
    const db = await clientFor((req) => {
      const boundary = mediaTypeParam(req.headers.accept, 'boundary') ?? newBoundary();
      return { status: 200, headers: { 'content-type': `multipart/mixed; boundary=${boundary}` }, body: buildMultipart([], boundary) };
    });
    try {
      expect(await db.documents.read({ uris: ['/none-1.json', '/none-2.json'] }).result()).toEqual([]);
    } finally {
      db.release();
    }
  });
});

/** A small deterministic PRNG, so the 20 MB test builds the same bytes every run. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}
