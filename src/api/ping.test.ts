import { describe, expect, test } from 'vitest';
import { basic, testApi } from '../../test/helpers';

describe('/v1/ping', () => {
  test.for([
    { name: 'GET /v1/ping', method: 'GET', path: '/v1/ping' },
    { name: 'HEAD /v1/ping', method: 'HEAD', path: '/v1/ping' },
    { name: 'POST /v1/ping (any method is accepted)', method: 'POST', path: '/v1/ping' },
    { name: 'PUT /v1/ping', method: 'PUT', path: '/v1/ping' },
    { name: 'DELETE /v1/ping', method: 'DELETE', path: '/v1/ping' },
    { name: 'GET /LATEST/ping (alias of /v1)', method: 'GET', path: '/LATEST/ping' },
    { name: 'GET /v1/ping/ (trailing slash)', method: 'GET', path: '/v1/ping/' },
  ])('$name → 204 with no body', async ({ method, path }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  test('HEAD /v1/ping without credentials under auth "http" → 401 with a Digest challenge and no body', async () => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/ping', { method: 'HEAD' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Digest realm="public", qop="auth", nonce="[^"]+", opaque="[^"]+"$/);
    expect(await res.text()).toBe('');
  });

  test.for(['HEAD', 'GET'])('%s /v1/ping with credentials under auth "http" → 204', async (method) => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/ping', { method, headers: { authorization: basic('rest-reader') } });
    expect(res.status).toBe(204);
  });

  test('GET /v1/ping with a wrong password under auth "http" → 401', async () => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/v1/ping', { headers: { authorization: basic('rest-reader', 'nope') } });
    expect(res.status).toBe(401);
  });
});
