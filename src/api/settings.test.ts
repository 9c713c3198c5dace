/**
 * `/tabula/v1/settings` through the handler: the payload limit is a setting an admin raises or
 * lowers, every request body is measured against the value in force, bad settings are refused
 * and change nothing, and the setting survives a worker stop and goes back to its default on a
 * reset.
 */
import { describe, expect, test } from 'vitest';
import { basic, errorOf, reopened, testApi, type TestApi } from '../../test/helpers';
import { DEFAULT_MAX_PAYLOAD_BYTES, MAX_PAYLOAD_CEILING, MAX_PAYLOAD_FLOOR } from '../db/config';
import { limits } from '../db/limits';

const J = { 'content-type': 'application/json' };
const MIB = 1024 * 1024;

const settings = async (api: TestApi) => (await (await api.fetch('/tabula/v1/settings')).json()) as Record<string, unknown>;
const put = (api: TestApi, body: string, headers: Record<string, string> = J) => api.fetch('/tabula/v1/settings', { method: 'PUT', headers, body });
/** A JSON document of about `bytes` bytes. */
const documentOf = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes - 10) });

describe('/tabula/v1/settings', () => {
  test('the default payload limit lets a 220 MB dataset through, and a host may open with another', async () => {
    expect(await settings(await testApi())).toEqual({ 'max-payload-bytes': DEFAULT_MAX_PAYLOAD_BYTES });
    expect(DEFAULT_MAX_PAYLOAD_BYTES).toBeGreaterThan(220 * 1000 * 1000);
    expect(await settings(await testApi({ maxPayloadBytes: 2 * MIB }))).toEqual({ 'max-payload-bytes': 2 * MIB });
  });

  test('raising the limit lets a body through that was refused, lowering it refuses it again', async () => {
    const api = await testApi({ maxPayloadBytes: MIB });
    const body = documentOf(1.5 * MIB);
    const write = () => api.fetch('/v1/documents?uri=/big.json', { method: 'PUT', headers: J, body });
    expect(await errorOf(await write())).toMatchObject({ status: 413, code: 'RESTAPI-PAYLOADTOOLARGE' });
    const raised = await put(api, JSON.stringify({ 'max-payload-bytes': 2 * MIB }));
    expect(raised.status).toBe(200);
    expect(await raised.json()).toEqual({ 'max-payload-bytes': 2 * MIB });
    expect((await write()).status).toBe(201);
    expect((await put(api, JSON.stringify({ 'max-payload-bytes': MIB }))).status).toBe(200);
    expect(await errorOf(await write())).toMatchObject({ status: 413, code: 'RESTAPI-PAYLOADTOOLARGE' });
  });

  test('a document is still held to maxDocumentBytes, whatever the payload limit lets through', async () => {
    const api = await testApi();
    const body = new Uint8Array(limits.maxDocumentBytes + 1);
    const res = await api.fetch('/v1/documents?uri=/huge.bin', { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body });
    expect(await errorOf(res)).toMatchObject({ status: 413, code: 'RESTAPI-PAYLOADTOOLARGE' });
    expect((await api.fetch('/v1/documents?uri=/huge.bin')).status).toBe(404);
  });

  test.for([
    { name: 'an unknown setting', body: JSON.stringify({ 'max-payload': 2 * MIB }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a known and an unknown one together', body: JSON.stringify({ 'max-payload-bytes': 2 * MIB, other: 1 }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a number as a string', body: JSON.stringify({ 'max-payload-bytes': String(2 * MIB) }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a fraction', body: JSON.stringify({ 'max-payload-bytes': 2.5 * MIB + 0.5 }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'below the floor', body: JSON.stringify({ 'max-payload-bytes': MAX_PAYLOAD_FLOOR - 1 }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'above the ceiling', body: JSON.stringify({ 'max-payload-bytes': MAX_PAYLOAD_CEILING + 1 }), status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'not JSON', body: '{"max-payload-bytes":', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an array', body: '[1]', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'not a JSON payload', body: 'max-payload-bytes=5', headers: { 'content-type': 'text/plain' }, status: 415, code: 'RESTAPI-INVALIDMIMETYPE' },
  ])('$name: $status $code, and nothing changes', async ({ body, headers, status, code }) => {
    const api = await testApi();
    const before = await settings(api);
    expect(await errorOf(await put(api, body, headers))).toMatchObject({ status, code });
    expect(await settings(api)).toEqual(before);
  });

  test('any user may read the settings; only admin may change them', async () => {
    const api = await testApi({ auth: 'http' });
    for (const user of ['rest-reader', 'rest-writer', 'rest-admin', 'admin']) {
      expect((await api.fetch('/tabula/v1/settings', { headers: { authorization: basic(user) } })).status).toBe(200);
    }
    for (const user of ['rest-reader', 'rest-writer', 'rest-admin']) {
      const res = await api.fetch('/tabula/v1/settings', { method: 'PUT', headers: { ...J, authorization: basic(user) }, body: JSON.stringify({ 'max-payload-bytes': 2 * MIB }) });
      expect((await errorOf(res)).status).toBe(403);
    }
    expect(await (await api.fetch('/tabula/v1/settings', { headers: { authorization: basic('admin') } })).json()).toEqual({ 'max-payload-bytes': DEFAULT_MAX_PAYLOAD_BYTES });
  });

  test('a setting survives a worker stop, and a reset brings back the default', async () => {
    const api = await testApi();
    expect((await put(api, JSON.stringify({ 'max-payload-bytes': 3 * MIB }))).status).toBe(200);
    const after = await reopened(api, { auth: 'application' });
    expect(await settings(after)).toEqual({ 'max-payload-bytes': 3 * MIB });
    expect((await after.fetch('/tabula/v1/reset', { method: 'POST' })).status).toBeLessThan(300);
    expect(await settings(after)).toEqual({ 'max-payload-bytes': DEFAULT_MAX_PAYLOAD_BYTES });
  });
});
