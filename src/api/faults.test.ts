/**
 * `/tabula/v1/faults` through the handler: arming latency, an error status or a storage quota
 * error for the next N requests outside `/tabula/`, what GET shows, DELETE, who may, and the
 * body's validation (a bad field named, nothing armed).
 */
import { describe, expect, test, vi } from 'vitest';
import { basic, errorOf, errorResponse, testApi, type TestApi } from '../../test/helpers';
import type { FaultPlan, FaultsState } from '../wire/tabula';
import type { RequestTiming } from '../db/deadline';
import { QUOTA_MESSAGE } from './faults';

const J = { 'content-type': 'application/json' };
const admin = { authorization: basic('admin') };

const arm = (api: TestApi, plan: unknown, headers: Record<string, string> = admin) =>
  api.fetch('/tabula/v1/faults', { method: 'POST', headers: { ...J, ...headers }, body: typeof plan === 'string' ? plan : JSON.stringify(plan) });
const armed = async (api: TestApi) => ((await (await api.fetch('/tabula/v1/faults', { headers: admin })).json()) as FaultsState).faults;
const put = (api: TestApi, uri: string) => api.fetch(`/v1/documents?uri=${uri}`, { method: 'PUT', headers: { ...J, ...admin }, body: '{"a":1}' });
const exists = async (api: TestApi, uri: string) => (await api.fetch(`/v1/documents?uri=${uri}`, { headers: admin })).status === 200;

describe('POST /tabula/v1/faults', () => {
  test.for([400, 503, 599])('status %i: the next requests are answered it with the error body, change nothing, then all is as before', async (status) => {
    const api = await testApi({ auth: 'http' });
    const requests = 2;
    const res = await arm(api, { requests, status });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as FaultsState).faults).toEqual({ requests, status });
    for (let i = 0; i < requests; i++) {
      const failed = await put(api, `/f${i}.json`);
      const body = await errorResponse(failed);
      expect({ status: failed.status, statusCode: body.statusCode, code: body.messageCode }).toEqual({ status, statusCode: status, code: 'TABULA-INJECTEDFAULT' });
      expect(body.message).toContain(`PUT /v1/documents answered ${status}`);
    }
    expect(await armed(api)).toBeNull();
    for (let i = 0; i < requests; i++) expect(await exists(api, `/f${i}.json`)).toBe(false);
    expect((await put(api, '/after.json')).status).toBe(201);
  });

  test('quota: answered exactly as a storage quota error from IndexedDB is, and nothing is written', async () => {
    const api = await testApi({ auth: 'http' });
    // Both are logged as an unexpected failure is; not this test's output.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A real quota error, as IndexedDB raises it from inside a write.
    const spy = vi.spyOn(api.db.documents, 'write').mockRejectedValueOnce(new DOMException(QUOTA_MESSAGE, 'QuotaExceededError'));
    const real = await put(api, '/real.json');
    spy.mockRestore();
    expect((await arm(api, { error: 'quota' })).status).toBe(200);
    const injected = await put(api, '/injected.json');
    expect(injected.status).toBe(real.status);
    expect(injected.headers.get('content-type')).toBe(real.headers.get('content-type'));
    expect(await injected.text()).toBe(await real.text());
    expect(await exists(api, '/injected.json')).toBe(false);
    expect((await put(api, '/after.json')).status).toBe(201);
    vi.restoreAllMocks();
  });

  test('latency: each of the next requests is delayed, then answered as usual', async () => {
    const api = await testApi({ auth: 'http' });
    const latencyMs = 150;
    const requests = 2;
    expect((await arm(api, { requests, latencyMs })).status).toBe(200);
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      expect((await put(api, `/slow${i}.json`)).status).toBe(201);
      // Timers may fire a millisecond early on their own clock.
      expect(performance.now() - started).toBeGreaterThanOrEqual(latencyMs - 2);
      expect(await armed(api)).toEqual(i + 1 < requests ? { requests: requests - i - 1, latencyMs } : null);
    }
  });

  test('latency past the time limit: XDMP-EXTIME, nothing written', async () => {
    // A second of the time limit lasts 20 ms of the timer; the clock stands still.
    const timing: RequestTiming = { now: () => 0, secondMs: 20 };
    const api = await testApi({ auth: 'http', timing });
    await api.db.properties.update({ 'default-time-limit': 1 });
    expect((await arm(api, { latencyMs: 60_000 })).status).toBe(200);
    const started = performance.now();
    expect(await errorOf(await put(api, '/late.json'))).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await exists(api, '/late.json')).toBe(false);
  });

  test("Tabula's own paths take no fault; arming again replaces; DELETE disarms", async () => {
    const api = await testApi({ auth: 'http' });
    expect((await arm(api, { status: 503 })).status).toBe(200);
    expect((await api.fetch('/tabula/v1/idle', { headers: admin })).status).toBe(204);
    expect(await armed(api)).toEqual({ requests: 1, status: 503 });
    expect((await arm(api, { requests: 3, error: 'quota', latencyMs: 0 })).status).toBe(200);
    expect(await armed(api)).toEqual({ requests: 3, error: 'quota', latencyMs: 0 });
    expect((await api.fetch('/tabula/v1/faults', { method: 'DELETE', headers: admin })).status).toBe(204);
    expect(await armed(api)).toBeNull();
    expect((await put(api, '/a.json')).status).toBe(201);
  });

  test('each handler has its own faults (a new worker starts with none)', async () => {
    const api = await testApi({ auth: 'http' });
    expect((await arm(api, { status: 503 })).status).toBe(200);
    const other = await testApi({ auth: 'http' });
    expect(await armed(other)).toBeNull();
  });
});

describe('/tabula/v1/faults refusals', () => {
  test.for(['rest-reader', 'rest-writer', 'rest-admin'].flatMap((user) => ['GET', 'POST', 'DELETE'].map((method) => ({ user, method }))))(
    '$user $method: 403 SEC-PRIV, and what was armed stays',
    async ({ user, method }) => {
      const api = await testApi({ auth: 'http' });
      const plan = { requests: 5, latencyMs: 1 };
      expect((await arm(api, plan)).status).toBe(200);
      const res = await api.fetch('/tabula/v1/faults', { method, headers: { ...J, authorization: basic(user) }, body: method === 'POST' ? '{"status":500}' : undefined });
      expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SEC-PRIV' });
      expect(await armed(api)).toEqual(plan);
    },
  );

  const before: FaultPlan = { requests: 4, latencyMs: 10 };
  test.for<{ name: string; body: unknown; field: string }>([
    { name: 'requests 0', body: { requests: 0, status: 503 }, field: 'requests' },
    { name: 'requests 1001', body: { requests: 1001, status: 503 }, field: 'requests' },
    { name: 'requests 1.5', body: { requests: 1.5, status: 503 }, field: 'requests' },
    { name: 'requests as a string', body: { requests: '2', status: 503 }, field: 'requests' },
    { name: 'latencyMs -1', body: { latencyMs: -1 }, field: 'latencyMs' },
    { name: 'latencyMs 60001', body: { latencyMs: 60_001 }, field: 'latencyMs' },
    { name: 'latencyMs null', body: { latencyMs: null }, field: 'latencyMs' },
    { name: 'status 399', body: { status: 399 }, field: 'status' },
    { name: 'status 600', body: { status: 600 }, field: 'status' },
    { name: 'status 200', body: { status: 200 }, field: 'status' },
    { name: 'an unknown error', body: { error: 'disk' }, field: 'error' },
    { name: 'an unknown field', body: { status: 503, delay: 5 }, field: 'delay' },
    { name: 'status and error together', body: { status: 503, error: 'quota' }, field: 'status, error' },
    { name: 'no fault at all', body: { requests: 2 }, field: 'latencyMs, status or error' },
    { name: 'an empty object', body: {}, field: 'latencyMs, status or error' },
    { name: 'an array', body: [{ status: 503 }], field: 'faults payload' },
    { name: 'a number', body: '42', field: 'faults payload' },
    { name: 'text that is not JSON', body: '{"status":', field: 'not JSON' },
  ])('$name: 400 REST-INVALIDPARAM naming $field, and what was armed stays', async ({ body, field }) => {
    const api = await testApi({ auth: 'http' });
    expect((await arm(api, before)).status).toBe(200);
    const err = await errorOf(await arm(api, body));
    expect(err).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
    expect(err.message).toContain(field);
    expect(await armed(api)).toEqual(before);
  });

  test.for<{ name: string; init: RequestInit; status: number; code: string }>([
    { name: 'a body that is not JSON by its type', init: { method: 'POST', headers: { ...admin, 'content-type': 'text/plain' }, body: '{"status":503}' }, status: 415, code: 'RESTAPI-INVALIDMIMETYPE' },
    { name: 'a parameter', init: { method: 'GET', headers: admin }, status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'PUT', init: { method: 'PUT', headers: { ...admin, ...J }, body: '{"status":503}' }, status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
  ])('$name: $status $code', async ({ name, init, status, code }) => {
    const api = await testApi({ auth: 'http' });
    const path = name === 'a parameter' ? '/tabula/v1/faults?x=1' : '/tabula/v1/faults';
    expect(await errorOf(await api.fetch(path, init))).toMatchObject({ status, code });
    expect(await armed(api)).toBeNull();
  });
});
