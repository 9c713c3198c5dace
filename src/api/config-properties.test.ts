import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { basic, errorOf, testApi } from '../../test/helpers';
import { defaultProperties } from '../db/config';

const RAPI = 'http://marklogic.com/rest-api';
type Headers_ = Record<string, string>;
const JSON_CT: Headers_ = { 'content-type': 'application/json' };
const XML_CT: Headers_ = { 'content-type': 'application/xml' };
const sortedNames = Object.keys(defaultProperties).sort();

function xmlRoot(text: string) {
  const el = new DOMParser().parseFromString(text, 'application/xml').documentElement;
  if (!el) throw new Error(`not XML: ${text}`);
  return el;
}

/** [local name, text] of each child element, in document order. */
function xmlChildren(text: string): Array<[string, string]> {
  const root = xmlRoot(text);
  const out: Array<[string, string]> = [];
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === n.ELEMENT_NODE) out.push([(n as unknown as Element).localName, n.textContent ?? '']);
  }
  return out;
}

describe('GET /v1/config/properties', () => {
  test.for<{ name: string; path: string; headers: Headers_; type: string }>([
    { name: 'format=json gives JSON', path: '/v1/config/properties?format=json', headers: {}, type: 'json' },
    { name: 'Accept: application/json gives JSON', path: '/v1/config/properties', headers: { accept: 'application/json' }, type: 'json' },
    { name: 'no Accept gives XML (the server default)', path: '/v1/config/properties', headers: {}, type: 'xml' },
    { name: 'Accept: */* gives XML', path: '/v1/config/properties', headers: { accept: '*/*' }, type: 'xml' },
    { name: 'format=xml wins over Accept: application/json', path: '/v1/config/properties?format=xml', headers: { accept: 'application/json' }, type: 'xml' },
    { name: 'the /LATEST alias answers too', path: '/LATEST/config/properties?format=json', headers: {}, type: 'json' },
  ])('$name', async ({ path, headers, type }) => {
    const api = await testApi();
    const res = await api.fetch(path, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(new RegExp(`^application/${type}`));
    const text = await res.text();
    if (type === 'json') {
      expect(JSON.parse(text)).toEqual(defaultProperties);
    } else {
      const root = xmlRoot(text);
      expect([root.namespaceURI, root.localName]).toEqual([RAPI, 'properties']);
      expect(xmlChildren(text)).toEqual(sortedNames.map((n) => [n, String(defaultProperties[n as keyof typeof defaultProperties])]));
    }
  });

  test('XML children are in the rest-api namespace with the rapi prefix', async () => {
    const api = await testApi();
    const text = await (await api.fetch('/v1/config/properties')).text();
    expect(text).toContain(`<rapi:properties xmlns:rapi="${RAPI}"><rapi:content-versions>none</rapi:content-versions>`);
  });

  test.for([
    { name: 'format=text → 400 REST-INVALIDPARAM', path: '/v1/config/properties?format=text', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'an unknown parameter → 400 REST-UNSUPPORTEDPARAM', path: '/v1/config/properties?foo=1', status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'format given twice → 400 REST-REPEATEDPARAM', path: '/v1/config/properties?format=json&format=xml', status: 400, code: 'REST-REPEATEDPARAM' },
    { name: 'an unknown property name → 400 RESTAPI-UNSUPPORTEDPROP', path: '/v1/config/properties/error-format', status: 400, code: 'RESTAPI-UNSUPPORTEDPROP' },
  ])('$name', async ({ path, status, code }) => {
    const api = await testApi();
    const res = await api.fetch(path, { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status, code });
  });
});

describe('GET /v1/config/properties/{name}', () => {
  test.for(Object.keys(defaultProperties))('JSON of %s is an object with that one key', async (name) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/config/properties/${name}?format=json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ [name]: defaultProperties[name as keyof typeof defaultProperties] });
  });

  test('XML of one property is the single rapi element', async () => {
    const api = await testApi();
    await api.db.properties.update({ 'document-transform-out': 'a<b' });
    const text = await (await api.fetch('/v1/config/properties/document-transform-out')).text();
    expect(text).toContain(`<rapi:document-transform-out xmlns:rapi="${RAPI}">a&lt;b</rapi:document-transform-out>`);
    const root = xmlRoot(text);
    expect([root.namespaceURI, root.localName, root.textContent]).toEqual([RAPI, 'document-transform-out', 'a<b']);
  });
});

describe('PUT /v1/config/properties', () => {
  test.for<{ name: string; headers: Headers_; body: string; query?: string; expected: Record<string, unknown> }>([
    { name: 'a partial JSON object', headers: JSON_CT, body: '{"debug":true,"validate-queries":true}', expected: { debug: true, 'validate-queries': true } },
    { name: 'an empty JSON object changes nothing', headers: JSON_CT, body: '{}', expected: {} },
    { name: 'a JSON string value', headers: JSON_CT, body: '{"document-transform-out":"ünï ✓"}', expected: { 'document-transform-out': 'ünï ✓' } },
    {
      name: 'a partial XML document (booleans typed from their text)',
      headers: XML_CT,
      body: `<rapi:properties xmlns:rapi="${RAPI}">\n  <rapi:debug>true</rapi:debug>\n  <rapi:update-policy>overwrite-metadata</rapi:update-policy>\n</rapi:properties>`,
      expected: { debug: true, 'update-policy': 'overwrite-metadata' },
    },
    { name: 'XML when no Content-Type is sent', headers: {}, body: `<properties xmlns="${RAPI}"><validate-options>false</validate-options></properties>`, expected: { 'validate-options': false } },
    { name: 'JSON when format=json and no Content-Type', headers: {}, query: '?format=json', body: '{"debug":true}', expected: { debug: true } },
    { name: 'a +json media type', headers: { 'content-type': 'application/vnd.x+json; charset=utf-8' }, body: '{"debug":true}', expected: { debug: true } },
    { name: 'content-versions=required', headers: JSON_CT, body: '{"content-versions":"required"}', expected: { 'content-versions': 'required', 'update-policy': 'version-required' } },
    { name: 'a JSON time limit in seconds', headers: JSON_CT, body: '{"default-time-limit":5}', expected: { 'default-time-limit': 5 } },
    { name: 'the largest time limit (3600 s)', headers: JSON_CT, body: '{"default-time-limit":3600}', expected: { 'default-time-limit': 3600 } },
    {
      name: 'an XML time limit (typed from its text)',
      headers: XML_CT,
      body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:default-time-limit> 120 </rapi:default-time-limit></rapi:properties>`,
      expected: { 'default-time-limit': 120 },
    },
  ])('$name → 204 and the change is visible', async ({ headers, body, expected, query = '' }) => {
    const api = await testApi();
    // Bytes, because a string body would make Request add Content-Type: text/plain.
    const res = await api.fetch(`/v1/config/properties${query}`, { method: 'PUT', headers, body: new TextEncoder().encode(body) });
    expect(res.status).toBe(204);
    const after = await (await api.fetch('/v1/config/properties?format=json')).json();
    expect(after).toEqual({ ...defaultProperties, ...expected });
  });

  test('the documents code sees the update policy set through the API', async () => {
    const api = await testApi();
    await api.fetch('/v1/config/properties', { method: 'PUT', headers: JSON_CT, body: '{"content-versions":"optional"}' });
    expect((await api.db.properties.get())['update-policy']).toBe('version-optional');
  });

  test.for([
    { name: 'an unknown property (error-format)', headers: JSON_CT, body: '{"error-format":"json"}', status: 400, code: 'RESTAPI-UNSUPPORTEDPROP', message: 'RESTAPI-UNSUPPORTEDPROP: (err:FOER0000) Unsupported property:  : error-format' },
    { name: 'an unknown property in XML', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:colour>red</rapi:colour></rapi:properties>`, status: 400, code: 'RESTAPI-UNSUPPORTEDPROP' },
    { name: 'a string where a boolean belongs', headers: JSON_CT, body: '{"debug":"yes"}', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a value outside the enumeration', headers: JSON_CT, body: '{"update-policy":"maybe"}', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an XML boolean that is not true/false', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:debug>1</rapi:debug></rapi:properties>`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'malformed JSON', headers: JSON_CT, body: '{"debug":', status: 400, code: 'XDMP-JSONDOC' },
    { name: 'a time limit of 0', headers: JSON_CT, body: '{"default-time-limit":0}', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a time limit past 3600 s', headers: JSON_CT, body: '{"default-time-limit":3601}', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a fractional time limit', headers: JSON_CT, body: '{"default-time-limit":1.5}', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a time limit as a JSON string', headers: JSON_CT, body: '{"default-time-limit":"60"}', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an XML time limit that is not a number', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:default-time-limit>1e3</rapi:default-time-limit></rapi:properties>`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a JSON array', headers: JSON_CT, body: '[{"debug":true}]', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a JSON null', headers: JSON_CT, body: 'null', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an empty body', headers: JSON_CT, body: '', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'malformed XML', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:debug>true</rapi:properties>`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an XML root that is not rapi:properties', headers: XML_CT, body: '<properties><debug>true</debug></properties>', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an XML property outside the rest-api namespace', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><debug>true</debug></rapi:properties>`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an XML property given twice', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:debug>true</rapi:debug><rapi:debug>false</rapi:debug></rapi:properties>`, status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a body that is neither JSON nor XML', headers: { 'content-type': 'text/plain' }, body: 'debug=true', status: 415, code: 'RESTAPI-INVALIDMIMETYPE' },
  ])('$name → $status $code, and nothing changes', async ({ headers, body, status, code, message }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/properties', { method: 'PUT', headers: { ...headers, accept: 'application/json' }, body });
    const err = await errorOf(res);
    expect(err).toMatchObject({ status, code });
    if (message) expect(err.message).toBe(message);
    expect(await api.db.properties.get()).toEqual(defaultProperties);
  });

  test('format=text on a PUT → 400 REST-INVALIDPARAM', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/properties?format=text', { method: 'PUT', headers: { accept: 'application/json' }, body: new TextEncoder().encode('{}') });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
  });

  test('a body that is not UTF-8 → 400 RESTAPI-INVALIDCONTENT', async () => {
    const api = await testApi();
    const body = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]); // {"\xff":1}
    const res = await api.fetch('/v1/config/properties', { method: 'PUT', headers: { ...JSON_CT, accept: 'application/json' }, body });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'RESTAPI-INVALIDCONTENT' });
  });

  test('a body over the instance payload limit → 413, nothing changes', async () => {
    const api = await testApi({ maxPayloadBytes: 16 });
    const res = await api.fetch('/v1/config/properties', { method: 'PUT', headers: { ...JSON_CT, accept: 'application/json' }, body: '{"debug":true,"validate-queries":true}' });
    expect(await errorOf(res)).toMatchObject({ status: 413, code: 'RESTAPI-PAYLOADTOOLARGE' });
    expect(await api.db.properties.get()).toEqual(defaultProperties);
  });

  test('a bad property in a PUT leaves the good ones in it unapplied', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/properties', { method: 'PUT', headers: JSON_CT, body: '{"debug":true,"nope":1}' });
    expect(res.status).toBe(400);
    expect((await api.db.properties.get()).debug).toBe(false);
  });
});

describe('PUT /v1/config/properties/{name}', () => {
  test.for([
    { name: '{"update-policy":"version-required"}', prop: 'update-policy', headers: JSON_CT, body: '{"update-policy":"version-required"}', expected: { 'update-policy': 'version-required', 'content-versions': 'required' } },
    { name: 'a bare XML element', prop: 'debug', headers: XML_CT, body: `<rapi:debug xmlns:rapi="${RAPI}">true</rapi:debug>`, expected: { debug: true } },
    { name: 'a wrapped XML element', prop: 'debug', headers: XML_CT, body: `<rapi:properties xmlns:rapi="${RAPI}"><rapi:debug>true</rapi:debug></rapi:properties>`, expected: { debug: true } },
    { name: 'the content-versions alias', prop: 'content-versions', headers: JSON_CT, body: '{"content-versions":"optional"}', expected: { 'content-versions': 'optional', 'update-policy': 'version-optional' } },
  ])('$name → 204', async ({ prop, headers, body, expected }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/config/properties/${prop}`, { method: 'PUT', headers, body });
    expect(res.status).toBe(204);
    expect(await api.db.properties.get()).toEqual({ ...defaultProperties, ...expected });
  });

  test.for([
    { name: 'a body naming another property', path: '/v1/config/properties/debug', body: '{"validate-queries":true}', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a body with extra properties', path: '/v1/config/properties/debug', body: '{"debug":true,"validate-queries":true}', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an unknown property name', path: '/v1/config/properties/error-format', body: '{"error-format":"json"}', code: 'RESTAPI-UNSUPPORTEDPROP' },
    { name: 'a wrong value type', path: '/v1/config/properties/debug', body: '{"debug":"true"}', code: 'RESTAPI-INVALIDCONTENT' },
  ])('$name → 400', async ({ path, body, code }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method: 'PUT', headers: JSON_CT, body });
    expect(await errorOf(res)).toMatchObject({ status: 400, code });
    expect(await api.db.properties.get()).toEqual(defaultProperties);
  });
});

describe('DELETE /v1/config/properties[/{name}]', () => {
  test('DELETE /v1/config/properties resets every property → 204', async () => {
    const api = await testApi();
    await api.db.properties.update({ debug: true, 'update-policy': 'version-required' });
    expect((await api.fetch('/v1/config/properties', { method: 'DELETE' })).status).toBe(204);
    expect(await api.db.properties.get()).toEqual(defaultProperties);
  });

  test('DELETE /v1/config/properties/{name} resets that one → 204', async () => {
    const api = await testApi();
    await api.db.properties.update({ debug: true, 'validate-queries': true });
    expect((await api.fetch('/v1/config/properties/debug', { method: 'DELETE' })).status).toBe(204);
    expect(await api.db.properties.get()).toEqual({ ...defaultProperties, 'validate-queries': true });
  });

  test('DELETE of an unknown property → 400 RESTAPI-UNSUPPORTEDPROP', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/config/properties/nope', { method: 'DELETE' });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'RESTAPI-UNSUPPORTEDPROP' });
  });
});

describe('roles and methods', () => {
  const put = { method: 'PUT', headers: JSON_CT, body: '{"debug":true}' };
  test.for<{ user: string; req: { method: string; headers?: Headers_; body?: string }; path: string; status: number }>([
    { user: 'rest-reader', req: { method: 'GET' }, path: '/v1/config/properties?format=json', status: 200 },
    { user: 'rest-reader', req: { method: 'GET' }, path: '/v1/config/properties/debug?format=json', status: 200 },
    { user: 'rest-reader', req: put, path: '/v1/config/properties', status: 403 },
    { user: 'rest-reader', req: { method: 'DELETE' }, path: '/v1/config/properties', status: 403 },
    { user: 'rest-writer', req: put, path: '/v1/config/properties', status: 403 },
    { user: 'rest-writer', req: { ...put, body: '{"debug":true}' }, path: '/v1/config/properties/debug', status: 403 },
    { user: 'rest-writer', req: { method: 'DELETE' }, path: '/v1/config/properties/debug', status: 403 },
    { user: 'rest-admin', req: put, path: '/v1/config/properties', status: 204 },
    { user: 'rest-admin', req: { method: 'DELETE' }, path: '/v1/config/properties', status: 204 },
    { user: 'admin', req: put, path: '/v1/config/properties', status: 204 },
    { user: 'nobody', req: { method: 'GET' }, path: '/v1/config/properties?format=json', status: 403 },
  ])('$user: $req.method $path → $status', async ({ user, req, path, status }) => {
    const api = await testApi({ auth: 'http' });
    await api.db.users.create({ name: 'nobody', password: 'nobody', roles: [] });
    const res = await api.fetch(path, { ...req, headers: { ...(req.headers ?? {}), authorization: basic(user), accept: 'application/json' } });
    expect(res.status).toBe(status);
    if (status === 403) {
      const err = await errorOf(res);
      expect(err).toMatchObject({ code: 'SEC-PRIV', message: 'You do not have permission to this method and URL.' });
    }
  });

  test('a forbidden PUT changes nothing', async () => {
    const api = await testApi({ defaultUser: 'rest-writer' });
    await api.fetch('/v1/config/properties', put);
    expect(await api.db.properties.get()).toEqual(defaultProperties);
  });

  test.for([
    { method: 'POST', path: '/v1/config/properties' },
    { method: 'PATCH', path: '/v1/config/properties' },
    { method: 'POST', path: '/v1/config/properties/debug' },
  ])('$method $path → 405 REST-UNSUPPORTEDMETHOD', async ({ method, path }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method, headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 405, code: 'REST-UNSUPPORTEDMETHOD' });
  });
});
