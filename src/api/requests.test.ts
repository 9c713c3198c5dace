/**
 * `DELETE /tabula/v1/requests/{id}` and the `Tabula-Request-Id` header, through the handler:
 * a SPARQL query on an engine host that never answers (one stuck in a long query) ends with
 * 500 XDMP-CANCELED once its client cancels it; only its user or an admin may; a request
 * that is not running is 404 (docs/decisions/0028-engine-host.md).
 */
import { describe, expect, test, vi } from 'vitest';
import { basic, errorOf, testApi } from '../../test/helpers';
import type { FromHost, Port, ToHost } from '../db/triples';

/** A host that takes queries and never answers. */
function silentHost() {
  const sent: ToHost[] = [];
  const port: Port<FromHost, ToHost> = { postMessage: (m) => void sent.push(m), onmessage: null };
  return { port, sent, control: { gone: new Promise<void>(() => {}), restart: vi.fn() } };
}

const QUERY = '/v1/graphs/sparql?query=' + encodeURIComponent('SELECT * WHERE { ?s ?p ?o }');

describe('cancelling a running SPARQL query', () => {
  test('its client gets 500 XDMP-CANCELED, the cancel 204, and the host is restarted', async () => {
    const api = await testApi();
    const host = silentHost();
    api.db.attachEngineHost(host.port, host.control);
    const running = api.fetch(QUERY, { headers: { 'Tabula-Request-Id': 'run-1' } });
    await vi.waitUntil(() => host.sent.some((m) => m.type === 'query'));
    expect((await api.fetch('/tabula/v1/requests/run-1', { method: 'DELETE' })).status).toBe(204);
    expect(await errorOf(await running)).toMatchObject({ status: 500, code: 'XDMP-CANCELED' });
    expect(host.control.restart).toHaveBeenCalledTimes(1);
    expect(await errorOf(await api.fetch('/tabula/v1/requests/run-1', { method: 'DELETE' }))).toMatchObject({ status: 404, code: 'RESTAPI-NODOCUMENT' });
  });

  test.for([
    ['rest-reader', 'its own user', 204],
    ['admin', 'an admin', 204],
    ['rest-writer', 'another user', 404],
  ] as const)('cancelled by %s (%s): %d', async ([user, _who, status]) => {
    const api = await testApi({ auth: 'http' });
    const host = silentHost();
    api.db.attachEngineHost(host.port, host.control);
    const running = api.fetch(QUERY, { headers: { 'Tabula-Request-Id': 'mine', authorization: basic('rest-reader') } });
    await vi.waitUntil(() => host.sent.some((m) => m.type === 'query'));
    expect((await api.fetch('/tabula/v1/requests/mine', { method: 'DELETE', headers: { authorization: basic(user) } })).status).toBe(status);
    if (status === 404) api.db.cancelRequest('mine', { name: 'admin', roles: new Set(['admin']) });
    expect(await errorOf(await running)).toMatchObject({ code: 'XDMP-CANCELED' });
  });

  test.for(['/v1/search?q=x&format=json', '/v1/documents?uri=/x.json'])('a malformed Tabula-Request-Id on %s is 400 too', async (path) => {
    const api = await testApi();
    expect(await errorOf(await api.fetch(path, { headers: { 'Tabula-Request-Id': 'has space' } }))).toMatchObject({ status: 400, code: 'RESTAPI-INVALIDREQ' });
  });

  test.for(['', 'has space', 'x'.repeat(129), 'semi;colon'])('a malformed Tabula-Request-Id %j is 400 and runs nothing', async (id) => {
    const api = await testApi();
    const host = silentHost();
    api.db.attachEngineHost(host.port, host.control);
    const response = await api.fetch(QUERY, { headers: { 'Tabula-Request-Id': id } });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'RESTAPI-INVALIDREQ' });
    expect(host.sent.map((m) => m.type)).toEqual(['load']);
  });

  test('a request that is not running is 404; parameters are refused', async () => {
    const api = await testApi();
    expect(await errorOf(await api.fetch('/tabula/v1/requests/nothing', { method: 'DELETE' }))).toMatchObject({ status: 404, code: 'RESTAPI-NODOCUMENT' });
    expect(await errorOf(await api.fetch('/tabula/v1/requests/nothing?x=1', { method: 'DELETE' }))).toMatchObject({ status: 400, code: 'REST-UNSUPPORTEDPARAM' });
    expect((await api.fetch('/tabula/v1/requests/nothing')).status).toBe(405);
  });
});

/**
 * Work that checks its deadline — a search, a bulk read, a write — stops at its next check once
 * cancelled (docs/decisions/0029-cooperative-search.md). An injected latency holds each request
 * after it is named and before it runs, so the cancel always arrives while it is running.
 */
describe('cancelling a request that checks its deadline', () => {
  const J = { 'content-type': 'application/json' };
  const holdNext = async (api: Awaited<ReturnType<typeof testApi>>) => {
    const armed = await api.fetch('/tabula/v1/faults', { method: 'POST', headers: J, body: JSON.stringify({ requests: 1, latencyMs: 300 }) });
    expect(armed.status).toBe(200);
  };
  /** Sends DELETE until the named request is running (204), or fails after a while. */
  const cancelWhenRunning = (api: Awaited<ReturnType<typeof testApi>>, id: string) =>
    vi.waitUntil(async () => (await api.fetch(`/tabula/v1/requests/${id}`, { method: 'DELETE' })).status === 204, { timeout: 2_000, interval: 5 });

  test.for<{ what: string; method: string; path: string; headers: Record<string, string>; body: string | undefined }>([
    { what: 'a search', method: 'GET', path: '/v1/search?q=apple&format=json', headers: {}, body: undefined },
    { what: 'a bulk read', method: 'GET', path: '/v1/documents?uri=/a.json&uri=/b.json', headers: { accept: 'multipart/mixed' }, body: undefined },
    { what: 'a document write', method: 'PUT', path: '/v1/documents?uri=/new.json', headers: J, body: '{"apple":3}' },
  ])('$what answers 500 XDMP-CANCELED and changes nothing', async ({ method, path, headers, body }) => {
    const api = await testApi();
    for (const uri of ['/a.json', '/b.json']) expect((await api.fetch(`/v1/documents?uri=${uri}`, { method: 'PUT', headers: J, body: '{"apple":1}' })).status).toBe(201);
    await holdNext(api);
    const running = api.fetch(path, { method, headers: { ...headers, 'Tabula-Request-Id': 'held' }, body });
    await cancelWhenRunning(api, 'held');
    expect(await errorOf(await running)).toMatchObject({ status: 500, code: 'XDMP-CANCELED' });
    expect((await api.fetch('/v1/documents?uri=/new.json')).status).toBe(404);
    // Nothing stays named: the same id can be used again, and is not found once done.
    expect((await api.fetch('/v1/search?q=apple&format=json', { headers: { 'Tabula-Request-Id': 'held' } })).status).toBe(200);
    expect((await api.fetch('/tabula/v1/requests/held', { method: 'DELETE' })).status).toBe(404);
  });

  test('two requests of one name are both cancelled; a request without the header is not reached', async () => {
    const api = await testApi();
    const armed = await api.fetch('/tabula/v1/faults', { method: 'POST', headers: J, body: JSON.stringify({ requests: 3, latencyMs: 300 }) });
    expect(armed.status).toBe(200);
    const named = [1, 2].map(() => api.fetch('/v1/search?q=x&format=json', { headers: { 'Tabula-Request-Id': 'twice' } }));
    const unnamed = api.fetch('/v1/search?q=x&format=json');
    await cancelWhenRunning(api, 'twice');
    for (const r of named) expect(await errorOf(await r)).toMatchObject({ code: 'XDMP-CANCELED' });
    expect((await unnamed).status).toBe(200);
  });
});
