import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { basic, testApi, type TestApi } from '../../test/helpers';
import { parseAuthParams } from './http/auth';

// Digest computed here with node:crypto, independently of the code under test.
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

interface Challenge {
  realm: string;
  nonce: string;
  opaque: string;
  qop: string;
}

function challengeOf(res: Response): Challenge {
  const header = res.headers.get('www-authenticate') ?? '';
  const field = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(header)?.[1] ?? '';
  return { realm: field('realm'), nonce: field('nonce'), opaque: field('opaque'), qop: field('qop') };
}

interface DigestOptions {
  user: string;
  password?: string;
  method: string;
  uri: string;
  nc?: number;
  /** Overrides of the header fields, to forge bad requests. */
  override?: Partial<Record<'realm' | 'nonce' | 'opaque' | 'uri' | 'qop', string | undefined>>;
}

function digest(ch: Challenge, { user, password = user, method, uri, nc = 1, override = {} }: DigestOptions): string {
  const f = { realm: ch.realm, nonce: ch.nonce, opaque: ch.opaque, uri, qop: 'auth', ...override };
  const ncHex = nc.toString(16).padStart(8, '0');
  const cnonce = 'c0ffee12';
  const ha1 = md5(`${user}:${f.realm}:${password}`);
  const response = md5(`${ha1}:${f.nonce}:${ncHex}:${cnonce}:${f.qop}:${md5(`${method}:${uri}`)}`);
  const parts = [
    `username="${user}"`,
    `realm="${f.realm}"`,
    `nonce="${f.nonce}"`,
    `uri="${f.uri}"`,
    f.qop !== undefined ? `qop=${f.qop}` : undefined,
    `nc=${ncHex}`,
    `cnonce="${cnonce}"`,
    `response="${response}"`,
    f.opaque !== undefined ? `opaque="${f.opaque}"` : undefined,
  ];
  return `Digest ${parts.filter(Boolean).join(', ')}`;
}

async function challenge(api: TestApi): Promise<Challenge> {
  const res = await api.fetch('/v1/ping', { method: 'HEAD' });
  expect(res.status).toBe(401);
  return challengeOf(res);
}

/** A request that needs the admin role, so success proves who the server took us for. */
const asAdmin = (api: TestApi, authorization?: string) =>
  api.fetch('/manage/v2/users?format=json', { headers: authorization ? { authorization } : {} });

describe('auth mode "http" (the Node host)', () => {
  test('no credentials → 401 with a Digest challenge and a MarkLogic JSON error body', async () => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/config/properties', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Digest realm="public", qop="auth", nonce="[0-9a-f]{64}", opaque="[0-9a-f]+"$/);
    const body = await res.json();
    expect(body.errorResponse).toMatchObject({ statusCode: 401, status: 'Unauthorized', messageCode: 'SEC-AUTHREQUIRED' });
  });

  test('the 401 body follows X-Error-Accept like every error', async () => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/ping', { headers: { 'x-error-accept': 'application/xml' } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('<message-code>SEC-AUTHREQUIRED</message-code>');
  });

  test('every challenge carries a fresh nonce', async () => {
    const api = await testApi({ auth: 'http' });
    const nonces = new Set(await Promise.all([1, 2, 3].map(async () => (await challenge(api)).nonce)));
    expect(nonces.size).toBe(3);
  });

  test.for(['admin', 'rest-admin', 'rest-writer', 'rest-reader'])('Basic credentials of seeded user %s are accepted', async (user) => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/ping', { headers: { authorization: basic(user) } });
    expect(res.status).toBe(204);
  });

  test('Basic credentials establish the user: admin may list users, rest-reader may not', async () => {
    const api = await testApi({ auth: 'http' });
    expect((await asAdmin(api, basic('admin'))).status).toBe(200);
    expect((await asAdmin(api, basic('rest-reader'))).status).toBe(403);
  });

  test.for([
    { name: 'a wrong Basic password', authorization: basic('admin', 'wrong') },
    { name: 'an unknown Basic user', authorization: basic('mallory', 'mallory') },
    { name: 'Basic credentials that are not base64', authorization: 'Basic %%%' },
    { name: 'Basic credentials without a colon', authorization: `Basic ${btoa('admin')}` },
    { name: 'an empty Basic token', authorization: 'Basic' },
    { name: 'an unsupported scheme', authorization: 'Bearer abc.def' },
    { name: 'a Digest header with no parameters', authorization: 'Digest' },
    { name: 'a malformed Digest header', authorization: 'Digest username="admin", realm' },
  ])('$name → 401 with a fresh challenge', async ({ authorization }) => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/ping', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Digest /);
  });

  test('Digest round trip: challenge from HEAD /v1/ping, then an authorised request', async () => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    expect([ch.realm, ch.qop]).toEqual(['public', 'auth']);
    const uri = '/manage/v2/users?format=json';
    const res = await asAdmin(api, digest(ch, { user: 'admin', method: 'GET', uri }));
    expect(res.status).toBe(200);
  });

  test('one nonce serves many requests with nc counting up, in any order (as the official client does)', async () => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    const uri = '/manage/v2/users?format=json';
    const statuses = await Promise.all([3, 1, 2, 5, 4].map(async (nc) => (await asAdmin(api, digest(ch, { user: 'admin', method: 'GET', uri, nc }))).status));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  test.for([
    { name: 'an exact replay (same nonce, nc and cnonce) is refused', sequence: [1, 1], statuses: [200, 401] },
    { name: 'an nc already used, after later ones, is refused', sequence: [1, 2, 3, 2], statuses: [200, 200, 200, 401] },
    { name: 'an nc far below the highest seen (past the reorder window) is refused', sequence: [5000, 10], statuses: [200, 401] },
    { name: 'an nc a little below the highest, never used, is accepted (concurrent requests overtake)', sequence: [40, 12, 39], statuses: [200, 200, 200] },
    { name: 'an nc of zero is refused', sequence: [0], statuses: [401] },
  ])('Digest counters: $name', async ({ sequence, statuses }) => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    const uri = '/manage/v2/users?format=json';
    const got: number[] = [];
    for (const nc of sequence) {
      const res = await asAdmin(api, digest(ch, { user: 'admin', method: 'GET', uri, nc }));
      got.push(res.status);
      if (res.status === 401) expect(res.headers.get('www-authenticate')).not.toContain('stale=true');
    }
    expect(got).toEqual(statuses);
  });

  test.for([
    { name: 'right credentials answer 401 with stale=true', password: 'admin', stale: true },
    { name: 'wrong credentials answer 401 without stale', password: 'nope', stale: false },
  ])('a nonce this process never issued (as after a restart): $name', async ({ password, stale }) => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    // Same shape as an issued nonce, but its MAC is not this process's.
    const foreign = { ...ch, nonce: `${ch.nonce.slice(0, 32)}${'0'.repeat(32)}` };
    const uri = '/manage/v2/users?format=json';
    const res = await asAdmin(api, digest(foreign, { user: 'admin', password, method: 'GET', uri }));
    expect(res.status).toBe(401);
    const header = res.headers.get('www-authenticate') ?? '';
    expect(header).toMatch(/^Digest /);
    expect(header.includes('stale=true')).toBe(stale);
  });

  test('a Digest request for a path with a query string hashes the path and query', async () => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    const uri = '/v1/config/properties/debug?format=json';
    const res = await api.fetch(uri, { headers: { authorization: digest(ch, { user: 'rest-reader', method: 'GET', uri }) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ debug: false });
  });

  test('a Digest PUT is verified against the PUT method', async () => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    const uri = '/v1/config/properties';
    const res = await api.fetch(uri, {
      method: 'PUT',
      headers: { authorization: digest(ch, { user: 'rest-admin', method: 'PUT', uri }), 'content-type': 'application/json' },
      body: '{"debug":true}',
    });
    expect(res.status).toBe(204);
    expect((await api.db.properties.get()).debug).toBe(true);
  });

  test.for([
    { name: 'a wrong password', opts: { password: 'wrong' } },
    { name: 'an unknown user', opts: { user: 'mallory' } },
    { name: 'a response computed for another uri', opts: { uri: '/v1/ping' } },
    { name: 'a response computed for another method', opts: { method: 'POST' } },
    { name: 'a uri field naming another request', opts: { override: { uri: '/v1/ping' } } },
    { name: 'a nonce the server never issued', opts: { override: { nonce: 'a'.repeat(64) } } },
    { name: 'another realm', opts: { override: { realm: 'private' } } },
    { name: 'another opaque', opts: { override: { opaque: 'deadbeef' } } },
    { name: 'no qop', opts: { override: { qop: undefined } } },
    { name: 'qop=auth-int', opts: { override: { qop: 'auth-int' } } },
  ])('Digest with $name → 401', async ({ opts }) => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    const uri = '/manage/v2/users?format=json';
    const res = await asAdmin(api, digest(ch, { user: 'admin', method: 'GET', uri, ...opts }));
    expect(res.status).toBe(401);
  });

  test('a tampered nonce is refused', async () => {
    const api = await testApi({ auth: 'http' });
    const ch = await challenge(api);
    const last = ch.nonce.at(-1) === '0' ? '1' : '0';
    const nonce = ch.nonce.slice(0, -1) + last;
    const res = await asAdmin(api, digest({ ...ch, nonce }, { user: 'admin', method: 'GET', uri: '/manage/v2/users?format=json' }));
    expect(res.status).toBe(401);
  });

  test('a Digest user created at runtime can sign in', async () => {
    const api = await testApi({ auth: 'http' });
    await api.db.users.create({ name: 'alice', password: 'wonder land', roles: ['admin'] });
    const ch = await challenge(api);
    const uri = '/manage/v2/users?format=json';
    expect((await asAdmin(api, digest(ch, { user: 'alice', password: 'wonder land', method: 'GET', uri }))).status).toBe(200);
  });

  test('an unknown path still needs credentials first', async () => {
    const api = await testApi({ auth: 'http' });
    expect((await api.fetch('/v1/nope')).status).toBe(401);
  });
});

describe('auth mode "application" (the browser)', () => {
  test('no Authorization header acts as admin by default', async () => {
    const api = await testApi();
    expect((await asAdmin(api)).status).toBe(200);
  });

  test('no Authorization header acts as the configured default user', async () => {
    const api = await testApi({ defaultUser: 'rest-reader' });
    expect((await asAdmin(api)).status).toBe(403);
    expect((await api.fetch('/v1/config/properties?format=json')).status).toBe(200);
  });

  test('an Authorization header is honoured over the default user', async () => {
    const api = await testApi();
    expect((await asAdmin(api, basic('rest-writer'))).status).toBe(403);
    const reader = await testApi({ defaultUser: 'rest-reader' });
    expect((await asAdmin(reader, basic('admin'))).status).toBe(200);
  });

  test('a Digest header with a nonce this process issued is honoured', async () => {
    const ch = await challenge(await testApi({ auth: 'http' }));
    const api = await testApi({ defaultUser: 'rest-reader' });
    const res = await asAdmin(api, digest(ch, { user: 'admin', method: 'GET', uri: '/manage/v2/users?format=json' }));
    expect(res.status).toBe(200);
  });

  test.for([
    { name: 'wrong Basic credentials', authorization: basic('admin', 'nope') },
    { name: 'an unsupported scheme', authorization: 'Bearer t' },
  ])('$name → 401 without a challenge, so a browser never prompts', async ({ authorization }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/ping', { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect((await res.json()).errorResponse.messageCode).toBe('SEC-AUTHREQUIRED');
  });

  test('a default user that does not exist → 401 without a challenge', async () => {
    const api = await testApi({ defaultUser: 'ghost' });
    const res = await api.fetch('/v1/ping');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });
});

describe('parseAuthParams', () => {
  test.for([
    { name: 'quoted and token values', input: 'a="x", b=y', out: { a: 'x', b: 'y' } },
    { name: 'commas and escaped quotes inside quotes', input: 'a="x, \\"y\\"", b=z', out: { a: 'x, "y"', b: 'z' } },
    { name: 'keys lower-cased, spaces around =', input: 'UserName = "u" ,NC=00000001', out: { username: 'u', nc: '00000001' } },
    { name: 'a trailing comma', input: 'a=1,', out: { a: '1' } },
    { name: 'an empty quoted value', input: 'opaque=""', out: { opaque: '' } },
  ])('parses $name', ({ input, out }) => {
    expect(Object.fromEntries(parseAuthParams(input) ?? [])).toEqual(out);
  });

  test.for(['a', 'a="unterminated', '=x', 'a=1 b=2'])('refuses %j', (input) => {
    expect(parseAuthParams(input)).toBeUndefined();
  });
});
