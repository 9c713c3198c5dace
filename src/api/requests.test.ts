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
