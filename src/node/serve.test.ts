import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeZip } from 'client-zip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
// @ts-expect-error -- the official client ships no type declarations; the slice used here is typed below.
import marklogicUntyped from 'marklogic';
import { parseArgs, startServer, type RunningServer } from './serve';
import { limits } from '../db/limits';

interface Pending<T> {
  result(): Promise<T>;
}
interface DatabaseClient {
  checkConnection(): Pending<{ connected: boolean; httpStatusCode?: number; httpStatusMessage?: string }>;
  config: { serverprops: { read(): Pending<Record<string, unknown>>; write(props: Record<string, unknown>): Pending<boolean> } };
  release(): void;
}
const marklogic = marklogicUntyped as {
  createDatabaseClient(opts: { host: string; port: number; user: string; password: string; authType: string }): DatabaseClient;
};

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const basicAdmin = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(() => server.close());

const client = (opts: { user?: string; password?: string; authType?: string } = {}) =>
  marklogic.createDatabaseClient({ host: '127.0.0.1', port: server.port, user: 'admin', password: 'admin', authType: 'DIGEST', ...opts });

/** A raw HTTP exchange, so the request target goes out exactly as written (fetch would normalise it). */
function rawGet(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `bytes` as they are over a TCP socket and parses the one response the server
 * writes before it closes the connection (every exchange here ends with `Connection: close`).
 */
function rawExchange(bytes: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(server.port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (d: Buffer) => chunks.push(d));
    // The server may answer and close before it has read everything sent: a write error
    // then is expected, and what it answered is still in `chunks`.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP response in ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

const rawRequest = (target: Buffer | string, extraHeaders = '') =>
  Buffer.concat([
    Buffer.from('GET '),
    Buffer.isBuffer(target) ? target : Buffer.from(target),
    Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basicAdmin}\r\nConnection: close\r\n${extraHeaders}\r\n`),
  ]);

async function digestFor(method: string, uri: string): Promise<string> {
  const res = await fetch(`${server.url}/v1/ping`, { method: 'HEAD' });
  const header = res.headers.get('www-authenticate') ?? '';
  const field = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(header)?.[1] ?? '';
  const [nonce, opaque] = [field('nonce'), field('opaque')];
  const ha1 = md5('admin:public:admin');
  const response = md5(`${ha1}:${nonce}:00000001:abcdef:auth:${md5(`${method}:${uri}`)}`);
  return `Digest username="admin", realm="public", nonce="${nonce}", uri="${uri}", qop=auth, nc=00000001, cnonce="abcdef", response="${response}", opaque="${opaque}"`;
}

describe('the Node host over real HTTP', () => {
  test('listens on the loopback interface only', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  test('fetch with Basic credentials reads the instance properties', async () => {
    const res = await fetch(`${server.url}/v1/config/properties?format=json`, { headers: { authorization: basicAdmin } });
    expect(res.status).toBe(200);
    expect((await res.json())['update-policy']).toBe('merge-metadata');
  });

  test('fetch without credentials gets 401 and a Digest challenge', async () => {
    const res = await fetch(`${server.url}/v1/ping`, { method: 'HEAD' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Digest realm="public", qop="auth", nonce="/);
  });

  test('a request body arrives intact: multi-byte UTF-8 and a large value', async () => {
    const value = `ünïcødé ✓ 𝄞 ${'x'.repeat(256 * 1024)}`;
    const put = await fetch(`${server.url}/v1/config/properties/document-transform-out`, {
      method: 'PUT',
      headers: { authorization: basicAdmin, 'content-type': 'application/json' },
      body: JSON.stringify({ 'document-transform-out': value }),
    });
    expect(put.status).toBe(204);
    const got = await fetch(`${server.url}/v1/config/properties/document-transform-out?format=json`, { headers: { authorization: basicAdmin } });
    expect((await got.json())['document-transform-out']).toBe(value);
    await fetch(`${server.url}/v1/config/properties/document-transform-out`, { method: 'DELETE', headers: { authorization: basicAdmin } });
  });

  test('a binary request body arrives byte for byte (every byte value, across many chunks)', async () => {
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 31 + 7) & 0xff);
    const uri = '/serve-test/blob.bin';
    const put = await fetch(`${server.url}/v1/documents?uri=${encodeURIComponent(uri)}`, {
      method: 'PUT',
      headers: { authorization: basicAdmin, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(put.status).toBe(201);
    const got = await fetch(`${server.url}/v1/documents?uri=${encodeURIComponent(uri)}`, { headers: { authorization: basicAdmin } });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  test('Digest is checked against the request target as sent, before URL normalisation', async () => {
    // fetch's URL parser would send %27 for the quotes; Node's http client sends them raw.
    const target = "/v1/ping?q='a'";
    expect(await rawGet(target, { authorization: await digestFor('GET', target) })).toBe(204);
    expect(await rawGet(target, { authorization: await digestFor('GET', '/v1/ping?q=%27a%27') })).toBe(401);
  });

  test('the official client with DIGEST: checkConnection resolves {connected: true}', async () => {
    const db = client();
    try {
      expect(await db.checkConnection().result()).toEqual({ connected: true });
    } finally {
      db.release();
    }
  });

  test('the official client with BASIC: checkConnection resolves {connected: true}', async () => {
    const db = client({ authType: 'BASIC' });
    try {
      expect(await db.checkConnection().result()).toEqual({ connected: true });
    } finally {
      db.release();
    }
  });

  test.for(['DIGEST', 'BASIC'])('the official client with %s and a wrong password: {connected: false, httpStatusCode: 401}', async (authType) => {
    const db = client({ password: 'wrong', authType });
    try {
      expect(await db.checkConnection().result()).toMatchObject({ connected: false, httpStatusCode: 401 });
    } finally {
      db.release();
    }
  });

  test('the official client with DIGEST writes first (challenge via HEAD /v1/ping), then reads, on one nonce', async () => {
    const db = client({ user: 'rest-admin', password: 'rest-admin' });
    try {
      expect(await db.config.serverprops.write({ 'validate-queries': true }).result()).toBe(true);
      expect(await db.config.serverprops.read().result()).toMatchObject({ 'validate-queries': true });
      expect(await db.config.serverprops.write({ 'validate-queries': false }).result()).toBe(true);
      expect((await db.config.serverprops.read().result())['validate-queries']).toBe(false);
    } finally {
      db.release();
    }
  });

  test('the official client surfaces a 403 for a rest-reader writing properties', async () => {
    const db = client({ user: 'rest-reader', password: 'rest-reader' });
    try {
      const err = await db.config.serverprops.write({ debug: true }).result().then(
        () => undefined,
        (e: { statusCode?: number; body?: { errorResponse?: { messageCode?: string } } }) => e,
      );
      expect(err?.statusCode).toBe(403);
      expect(err?.body?.errorResponse?.messageCode).toBe('SEC-PRIV');
    } finally {
      db.release();
    }
  });
});

describe('the Node host: long URLs and requests its HTTP parser refuses', () => {
  test('a 100 KB URL parameter reaches the handler (a missing document: 404 with its error body)', async () => {
    const uri = `/long/${'x'.repeat(100 * 1024)}.json`;
    const answer = await rawExchange(rawRequest(`/v1/documents?uri=${uri}`));
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).errorResponse.messageCode).toBe('RESTAPI-NODOCUMENT');
  });

  test('a URL one byte past maxUrlBytes: 414 TABULA-LIMIT naming the limit', async () => {
    const prefix = '/v1/documents?uri=/';
    const target = prefix + 'y'.repeat(limits.maxUrlBytes + 1 - prefix.length);
    const answer = await rawExchange(rawRequest(target));
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body).errorResponse).toMatchObject({ statusCode: 414, status: 'URI Too Long', messageCode: 'TABULA-LIMIT' });
    expect(JSON.parse(answer.body).errorResponse.message).toContain(`maxUrlBytes (${limits.maxUrlBytes})`);
  });

  test('a URL at maxUrlBytes exactly is answered by the handler', async () => {
    const prefix = '/v1/documents?uri=/';
    const target = prefix + 'y'.repeat(limits.maxUrlBytes - prefix.length);
    expect((await rawExchange(rawRequest(target))).status).toBe(404);
  });

  test.for([
    { what: 'a request line and headers past maxRequestHeadBytes', status: 431, code: 'TABULA-LIMIT', bytes: rawRequest('/v1/ping', `X-Big: ${'z'.repeat(limits.maxRequestHeadBytes)}\r\n`) },
    { what: 'a control character in the request line', status: 400, code: 'RESTAPI-INVALIDREQ', bytes: rawRequest(Buffer.from('/v1/ping?x=\x01')) },
    { what: 'a non-ASCII byte in the request line', status: 400, code: 'RESTAPI-INVALIDREQ', bytes: rawRequest(Buffer.from([...Buffer.from('/v1/ping?x='), 0xff])) },
    { what: 'a header without a colon', status: 400, code: 'RESTAPI-INVALIDREQ', bytes: rawRequest('/v1/ping', 'no colon here\r\n') },
  ])('$what: $status with a MarkLogic JSON error body ($code)', async ({ status, code, bytes }) => {
    const answer = await rawExchange(bytes);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body).errorResponse).toMatchObject({ statusCode: status, messageCode: code });
  });

  test('the host answers normally after refusing a malformed request', async () => {
    await rawExchange(rawRequest(Buffer.from('/v1/ping?x=\x01')));
    expect((await fetch(`${server.url}/v1/ping`, { headers: { authorization: basicAdmin } })).status).toBe(204);
  });
});

/** The first line the server prints (where it listens); rejects if it exits first. */
function firstLine(child: ChildProcessByStdio<null, Readable, Readable>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening`)));
  });
}

describe('npm run serve', () => {
  test('prints where it listens, answers, and exits cleanly on SIGTERM', async () => {
    const script = fileURLToPath(new URL('./serve.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const child = spawn(tsx, [script, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await firstLine(child);
      expect(line).toMatch(/^Tabula REST API on http:\/\/127\.0\.0\.1:\d+ \(in-memory IndexedDB: data is lost when the process stops\)$/);
      const url = /http:\/\/\S+/.exec(line)![0];
      expect((await fetch(`${url}/v1/ping`, { headers: { authorization: basicAdmin } })).status).toBe(204);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  test('--scene starts with that scene; a damaged one stops the start with what is wrong', async () => {
    const script = fileURLToPath(new URL('./serve.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const dir = await mkdtemp(join(tmpdir(), 'tabula-scene-'));
    const enc = new TextEncoder();
    const files = [
      { name: 'manifest.json', input: enc.encode(JSON.stringify({ format: 'tabula-scene', version: 1 })), lastModified: new Date(0) },
      { name: 'documents/hello.json', input: enc.encode('{"hello":"scene"}'), lastModified: new Date(0) },
    ];
    const good = join(dir, 'good.zip');
    const damaged = join(dir, 'damaged.zip');
    const bytes = new Uint8Array(await new Response(makeZip(files)).arrayBuffer());
    await writeFile(good, bytes);
    await writeFile(damaged, bytes.slice(0, bytes.length - 10));
    // Its own process group: tsx runs the server in a child process, which a kill of tsx alone would leave running.
    const child = spawn(tsx, [script, '--port', '0', '--scene', good], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const line = await firstLine(child);
      expect(line).toContain(`started from ${good}`);
      const url = /http:\/\/\S+/.exec(line)![0];
      expect(await (await fetch(`${url}/v1/documents?uri=/hello.json`, { headers: { authorization: basicAdmin } })).json()).toEqual({ hello: 'scene' });
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
    }
    const bad = spawn(tsx, [script, '--port', '0', '--scene', damaged], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    bad.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await new Promise<number | null>((resolve) => bad.once('exit', resolve))).toBe(1);
    expect(err).toContain(`--scene ${damaged}: TABULA-BADSCENE`);
    await rm(dir, { recursive: true });
  });

  test('exits with a usage error for a bad --port', async () => {
    const script = fileURLToPath(new URL('./serve.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const child = spawn(tsx, [script, '--port', 'eighty'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port must be a number');
  });
});

describe('parseArgs', () => {
  test.for([
    { args: [], port: 8000, scene: undefined },
    { args: ['--port', '9001'], port: 9001, scene: undefined },
    { args: ['--port=0'], port: 0, scene: undefined },
    { args: ['--scene', 'demo.zip'], port: 8000, scene: 'demo.zip' },
    { args: ['--scene=a b.zip', '--port', '1'], port: 1, scene: 'a b.zip' },
  ])('$args → $port $scene', ({ args, port, scene }) => {
    expect(parseArgs(args)).toEqual({ port, scene });
  });

  test.for([
    { args: ['--port', 'x'] },
    { args: ['--port', '70000'] },
    { args: ['--port', '-1'] },
    { args: ['--port'] },
    { args: ['--scene'] },
    { args: ['--host', 'h'] },
  ])('$args is a usage error', ({ args }) => {
    expect(() => parseArgs(args)).toThrow(/--port|--scene|unknown argument/);
  });
});
