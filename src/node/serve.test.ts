import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeZip } from 'client-zip';
import { IDBFactory } from 'fake-indexeddb';
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

/**
 * A server whose storage is its own: a fresh fake-indexeddb factory is the global one while
 * it opens (the databases keep the factory they were opened with), so it shares nothing
 * with this file's other server, which also names its home database `Documents`.
 */
async function startIsolatedServer(): Promise<RunningServer> {
  const g = globalThis as { indexedDB: IDBFactory };
  const previous = g.indexedDB;
  g.indexedDB = new IDBFactory();
  try {
    return await startServer({ port: 0 });
  } finally {
    g.indexedDB = previous;
  }
}

/** A TCP server on a port the system chose, on the loopback interface. */
async function listenAnywhere(): Promise<Server> {
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', resolve);
  });
  return holder;
}

const closeServer = (holder: Server) => new Promise<void>((resolve) => holder.close(() => resolve()));

/** A port free a moment ago: bound on port 0, then released. */
async function freePort(): Promise<number> {
  const holder = await listenAnywhere();
  const { port } = holder.address() as AddressInfo;
  await closeServer(holder);
  return port;
}

/** What a TCP connection to `port` on the loopback interface comes to: `connected`, or the error's code (ECONNREFUSED). */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const basicAs = (user: string, password = user) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A Digest `Authorization` for `method uri` on the server at `base`, from the challenge it sends. */
async function digestAs(base: string, user: string, method: string, uri: string, password = user): Promise<string> {
  const challenge = await fetch(`${base}/v1/ping`, { method: 'HEAD' });
  expect(challenge.status).toBe(401);
  const header = challenge.headers.get('www-authenticate') ?? '';
  const field = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(header)?.[1] ?? '';
  const [realm, nonce, opaque] = [field('realm'), field('nonce'), field('opaque')];
  const ha1 = md5(`${user}:${realm}:${password}`);
  const response = md5(`${ha1}:${nonce}:00000001:0a1b2c3d:auth:${md5(`${method}:${uri}`)}`);
  return `Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", qop=auth, nc=00000001, cnonce="0a1b2c3d", response="${response}", opaque="${opaque}"`;
}

const errorCode = async (res: Response): Promise<string | undefined> => ((await res.json()) as { errorResponse?: { messageCode?: string } }).errorResponse?.messageCode;

describe('the Node host: an instance created over HTTP listens on its own port', () => {
  let host: RunningServer;
  beforeAll(async () => {
    host = await startIsolatedServer();
  });
  afterAll(() => host?.close());

  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${host.url}${path}`, { ...init, headers: { authorization: basicAdmin, ...(init.headers as Record<string, string> | undefined) } });
  const createInstance = (body: unknown, user = 'rest-admin') =>
    fetch(`${host.url}/v1/rest-apis`, { method: 'POST', headers: { authorization: basicAs(user), 'content-type': 'application/json' }, body: JSON.stringify(body) });

  test('a new instance answers on its port: ping, a document written and read there with the seeded users, 401 without credentials', async () => {
    const port = await freePort();
    const created = await createInstance({ 'rest-api': { name: 'serve-shop', port } });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('location')).toBe('/v1/rest-apis/serve-shop');
    expect(await (await asAdmin('/v1/rest-apis/serve-shop?format=json')).json()).toMatchObject({
      name: 'serve-shop',
      database: 'serve-shop',
      'modules-database': 'serve-shop-modules',
      port: String(port),
    });

    const base = `http://127.0.0.1:${port}`;
    const anonymous = await fetch(`${base}/v1/ping`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Digest realm="public"/);
    for (const user of ['admin', 'rest-admin', 'rest-writer', 'rest-reader']) {
      expect((await fetch(`${base}/v1/ping`, { headers: { authorization: basicAs(user) } })).status, `${user} over Basic`).toBe(204);
      expect((await fetch(`${base}/v1/ping`, { headers: { authorization: await digestAs(base, user, 'GET', '/v1/ping') } })).status, `${user} over Digest`).toBe(204);
    }
    expect((await fetch(`${base}/v1/ping`, { headers: { authorization: basicAs('rest-writer', 'wrong') } })).status).toBe(401);

    const uri = '/serve-shop/order.json';
    const order = { order: 7, item: 'teapot' };
    const target = `/v1/documents?uri=${encodeURIComponent(uri)}`;
    const put = await fetch(`${base}${target}`, { method: 'PUT', headers: { authorization: basicAs('rest-writer'), 'content-type': 'application/json' }, body: JSON.stringify(order) });
    expect(put.status, await put.clone().text()).toBe(201);
    const read = await fetch(`${base}${target}`, { headers: { authorization: await digestAs(base, 'rest-reader', 'GET', target) } });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(order);
    expect((await fetch(`${base}${target}`)).status).toBe(401);

    // It landed in the instance's database: the main port sees it with database=, not without.
    const viaMain = await asAdmin(`${target}&database=serve-shop`);
    expect(viaMain.status).toBe(200);
    expect(await viaMain.json()).toEqual(order);
    const inMain = await asAdmin(target);
    expect(inMain.status).toBe(404);
    expect(await errorCode(inMain)).toBe('RESTAPI-NODOCUMENT');
    // And the instance's port, asked for the main database by name, does not find it there either.
    expect((await fetch(`${base}${target}&database=Documents`, { headers: { authorization: basicAs('rest-reader') } })).status).toBe(404);
  });

  test('a second instance on a port an instance has: 400 REST-INVALIDPARAM, nothing created; a rest-writer may not create one: 403 SEC-PRIV', async () => {
    const port = await freePort();
    expect((await createInstance({ 'rest-api': { name: 'serve-first', port } })).status).toBe(201);
    const second = await createInstance({ 'rest-api': { name: 'serve-second', port } });
    expect(second.status).toBe(400);
    expect(await errorCode(second)).toBe('REST-INVALIDPARAM');
    expect((await asAdmin('/v1/rest-apis/serve-second?format=json')).status).toBe(404);
    expect((await asAdmin('/manage/v2/databases/serve-second?format=json')).status).toBe(404);
    // Nor on the main port, which the built-in instance has.
    const onMain = await createInstance({ 'rest-api': { name: 'serve-on-main', port: host.port } });
    expect(onMain.status).toBe(400);
    expect(await errorCode(onMain)).toBe('REST-INVALIDPARAM');
    expect((await asAdmin('/v1/rest-apis/serve-on-main?format=json')).status).toBe(404);
    // The first still answers on its port.
    expect((await fetch(`http://127.0.0.1:${port}/v1/ping`, { headers: { authorization: basicAs('rest-reader') } })).status).toBe(204);

    const refused = await createInstance({ 'rest-api': { name: 'serve-by-writer', port: await freePort() } }, 'rest-writer');
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('SEC-PRIV');
    expect((await asAdmin('/v1/rest-apis/serve-by-writer?format=json')).status).toBe(404);
  });

  test('a port another process holds: 400 and no instance, nor its databases, afterwards', async () => {
    const holder = await listenAnywhere();
    try {
      const { port } = holder.address() as AddressInfo;
      const res = await createInstance({ 'rest-api': { name: 'serve-blocked', port } });
      expect(res.status).toBe(400);
      expect(await errorCode(res)).toBe('REST-INVALIDPARAM');
      expect((await asAdmin('/v1/rest-apis/serve-blocked?format=json')).status).toBe(404);
      const list = (await (await asAdmin('/v1/rest-apis?format=json')).json()) as { 'rest-apis': Array<{ name: string }> };
      expect(list['rest-apis'].map((i) => i.name)).not.toContain('serve-blocked');
      for (const name of ['serve-blocked', 'serve-blocked-modules']) {
        expect((await asAdmin(`/manage/v2/databases/${name}?format=json`)).status, name).toBe(404);
      }
      const byParam = await asAdmin('/v1/documents?uri=/x.json&database=serve-blocked');
      expect(byParam.status).toBe(400);
      expect(await errorCode(byParam)).toBe('XDMP-NOSUCHDB');
    } finally {
      await closeServer(holder);
    }
  });

  test('DELETE /v1/rest-apis/{name} closes its port: connections are refused', async () => {
    const port = await freePort();
    expect((await createInstance({ 'rest-api': { name: 'serve-gone', port } })).status).toBe(201);
    expect((await fetch(`http://127.0.0.1:${port}/v1/ping`, { headers: { authorization: basicAs('rest-reader') } })).status).toBe(204);

    const removed = await fetch(`${host.url}/v1/rest-apis/serve-gone?include=content&include=modules`, { method: 'DELETE', headers: { authorization: basicAs('rest-admin') } });
    expect(removed.status, await removed.clone().text()).toBe(204);
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');
    expect((await asAdmin('/v1/rest-apis/serve-gone?format=json')).status).toBe(404);
    const byParam = await asAdmin('/v1/documents?uri=/x.json&database=serve-gone');
    expect(byParam.status).toBe(400);
    expect(await errorCode(byParam)).toBe('XDMP-NOSUCHDB');
    // The main port answers as before.
    expect((await asAdmin('/v1/ping')).status).toBe(204);
  });

  test('server.close() closes the instances’ listeners with its own', async () => {
    const other = await startIsolatedServer();
    try {
      const port = await freePort();
      const created = await fetch(`${other.url}/v1/rest-apis`, {
        method: 'POST',
        headers: { authorization: basicAs('rest-admin'), 'content-type': 'application/json' },
        body: JSON.stringify({ 'rest-api': { name: 'serve-closing', port } }),
      });
      expect(created.status).toBe(201);
      expect(await connectOutcome(port)).toBe('connected');
      await other.close();
      expect(await connectOutcome(port)).toBe('ECONNREFUSED');
      expect(await connectOutcome(other.port)).toBe('ECONNREFUSED');
    } finally {
      await other.close();
    }
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
