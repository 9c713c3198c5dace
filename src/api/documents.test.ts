import { describe, expect, test } from 'vitest';
import { basic, errorResponse, testApi, type TestApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };
/** As rest-writer, whose role's default permissions give rest-reader read and rest-writer update. */
const JW = { ...J, authorization: basic('rest-writer') };
const ACCEPT_JSON = { accept: 'application/json' };

async function put(api: TestApi, query: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return api.fetch(`/v1/documents?${query}`, { method: 'PUT', body, headers });
}

async function metadataOf(api: TestApi, uri: string) {
  const res = await api.fetch(`/v1/documents?uri=${encodeURIComponent(uri)}&category=metadata&format=json`);
  expect(res.status).toBe(200);
  return res.json();
}

const enc = encodeURIComponent;

describe('PUT and GET /v1/documents', () => {
  test('a new document answers 201 with an unencoded Location, a replaced one 204', async () => {
    const api = await testApi();
    const first = await put(api, `uri=${enc('/a b/c.json')}`, '{"a": 1}', J);
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe('/v1/documents?uri=/a b/c.json');
    const second = await put(api, `uri=${enc('/a b/c.json')}`, '{"a": 2}', J);
    expect(second.status).toBe(204);
  });

  test('a non-ASCII URI is percent-encoded in Location (only there), since a header cannot carry it as text', async () => {
    const api = await testApi();
    const res = await put(api, `uri=${enc('/ü b/✓.json')}`, '{}', J);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/v1/documents?uri=/%C3%BC b/%E2%9C%93.json');
  });

  test.for([
    { name: 'JSON is served compact as application/json', uri: '/d/x.json', body: '{ "a" : [1, 2] }', ct: 'application/json', out: '{"a":[1,2]}', type: 'application/json; charset=utf-8', format: 'json' },
    { name: 'XML is served as written', uri: '/d/x.xml', body: '<?xml version="1.0"?>\n<r a="1"><b>t</b></r>', ct: 'application/xml', out: '<?xml version="1.0"?>\n<r a="1"><b>t</b></r>', type: 'application/xml; charset=utf-8', format: 'xml' },
    { name: 'text round-trips with its BOM and CRLFs', uri: '/d/x.txt', body: '\uFEFFline one\r\nline two\r\n', ct: 'text/plain', out: '\uFEFFline one\r\nline two\r\n', type: 'text/plain; charset=utf-8', format: 'text' },
    { name: 'the format parameter wins over the extension', uri: '/d/x.bin?format=json', body: '{"b":true}', ct: 'application/octet-stream', out: '{"b":true}', type: 'application/json; charset=utf-8', format: 'json' },
    { name: 'without a known extension the Content-Type decides', uri: '/d/noext', body: '<r/>', ct: 'text/xml', out: '<r/>', type: 'application/xml; charset=utf-8', format: 'xml' },
    { name: 'HTML is stored as text', uri: '/d/p.html', body: '<p>unclosed', ct: 'text/html', out: '<p>unclosed', type: 'text/html; charset=utf-8', format: 'text' },
  ])('$name', async ({ uri, body, ct, out, type, format }) => {
    const api = await testApi();
    const [path, extra] = uri.split('?');
    expect((await put(api, `uri=${enc(path)}${extra ? `&${extra}` : ''}`, body, { 'content-type': ct })).status).toBe(201);
    const res = await api.fetch(`/v1/documents?uri=${enc(path)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('vnd.marklogic.document-format')).toBe(format);
    expect(res.headers.get('ml-effective-timestamp')).toMatch(/^\d+$/);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe(out);
  });

  test('binary content round-trips exactly, every byte value', async () => {
    const api = await testApi();
    const bytes = new Uint8Array(new ArrayBuffer(512)).map((_, i) => i % 256);
    expect((await put(api, 'uri=/img/a.png', bytes, { 'content-type': 'image/png' })).status).toBe(201);
    const res = await api.fetch('/v1/documents?uri=/img/a.png');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('vnd.marklogic.document-format')).toBe('binary');
    expect(res.headers.get('content-length')).toBe('512');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  test('a binary of unknown type is served as application/x-unknown-content-type', async () => {
    const api = await testApi();
    await put(api, 'uri=/blob', new Uint8Array([1, 2, 3]));
    const res = await api.fetch('/v1/documents?uri=/blob');
    expect(res.headers.get('content-type')).toBe('application/x-unknown-content-type');
    expect(res.headers.get('vnd.marklogic.document-format')).toBe('binary');
  });

  test('a byte range of a binary answers 206 with Content-Range', async () => {
    const api = await testApi();
    await put(api, 'uri=/r.png', new Uint8Array([10, 11, 12, 13, 14]));
    const res = await api.fetch('/v1/documents?uri=/r.png', { headers: { range: 'bytes=1-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 1-3/5');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([11, 12, 13]);
    const bad = await api.fetch('/v1/documents?uri=/r.png', { headers: { range: 'bytes=9-', ...ACCEPT_JSON } });
    expect(bad.status).toBe(416);
    expect((await errorResponse(bad)).messageCode).toBe('RESTAPI-NORANGEMATCH');
  });

  test('HEAD answers the headers of GET and no body; 404 for a missing document', async () => {
    const api = await testApi();
    await put(api, 'uri=/h.json', '{"x":1}', J);
    const res = await api.fetch('/v1/documents?uri=/h.json', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('vnd.marklogic.document-format')).toBe('json');
    expect(await res.text()).toBe('');
    expect((await api.fetch('/v1/documents?uri=/nope.json', { method: 'HEAD' })).status).toBe(404);
  });

  test.for([
    { name: 'JSON when JSON is preferred', headers: ACCEPT_JSON, type: /^application\/json/ },
    { name: 'XML when X-Error-Accept asks for XML', headers: { 'x-error-accept': 'application/xml' }, type: /^application\/xml/ },
  ])('a missing document is 404 RESTAPI-NODOCUMENT, its body $name', async ({ headers, type }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?uri=/missing.json', { headers });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(type);
    const text = await res.text();
    expect(text).toContain('RESTAPI-NODOCUMENT');
    expect(text).toContain('/missing.json');
  });

  test.for([
    { name: 'malformed JSON', query: 'uri=/bad.json', body: '{"a":', ct: 'application/json', status: 400, code: 'XDMP-JSONDOC' },
    { name: 'an empty JSON body', query: 'uri=/bad.json', body: '', ct: 'application/json', status: 400, code: 'XDMP-JSONDOC' },
    { name: 'malformed XML', query: 'uri=/bad.xml', body: '<a><b></a>', ct: 'application/xml', status: 400, code: /^XDMP-DOC/ },
    { name: 'XML sent to a .json URI', query: 'uri=/bad.json', body: '<a/>', ct: 'application/xml', status: 400, code: 'XDMP-JSONDOC' },
    { name: 'JSON sent to a .xml URI', query: 'uri=/bad.xml', body: '{"a":1}', ct: 'application/json', status: 400, code: /^XDMP-DOC/ },
    { name: 'an unknown format', query: 'uri=/bad.json&format=yaml', body: '{}', ct: 'application/json', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a missing uri', query: 'format=json', body: '{}', ct: 'application/json', status: 400, code: 'REST-REQUIREDPARAM' },
    { name: 'an unknown parameter', query: 'uri=/bad.json&colour=red', body: '{}', ct: 'application/json', status: 400, code: 'REST-UNSUPPORTEDPARAM' },
    { name: 'an unknown role in perm:', query: 'uri=/bad.json&perm:nobody=read', body: '{}', ct: 'application/json', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'an unknown capability in perm:', query: 'uri=/bad.json&perm:rest-reader=fly', body: '{}', ct: 'application/json', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a quality that is not an integer', query: 'uri=/bad.json&quality=high', body: '{}', ct: 'application/json', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a property name that is not an NCName', query: 'uri=/bad.json&prop:1x=a', body: '{}', ct: 'application/json', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'invalid UTF-8 in text', query: 'uri=/bad.txt', body: new Uint8Array([0x61, 0xff, 0x62]), ct: 'text/plain', status: 400, code: 'XDMP-DOCUTF8SEQ' },
    { name: 'a directory URI', query: 'uri=/dir/', body: '{}', ct: 'application/json', status: 400, code: 'XDMP-DIRURI' },
    { name: 'a URI with DEL in it (no header could name it)', query: 'uri=/new/%7F', body: '{}', ct: 'application/json', status: 400, code: 'XDMP-URI' },
    { name: 'a URI with a line break in it', query: 'uri=/a%0Ab.json', body: '{}', ct: 'application/json', status: 400, code: 'XDMP-URI' },
  ])('$name is refused ($status) and nothing is stored', async ({ query, body, ct, status, code }) => {
    const api = await testApi();
    const res = await put(api, query, body as BodyInit, { 'content-type': ct, ...ACCEPT_JSON });
    expect(res.status).toBe(status);
    const err = await errorResponse(res);
    expect(err.statusCode).toBe(status);
    expect(err.messageCode).toMatch(code);
    const list = await (await api.fetch('/v1/search?format=json')).json();
    expect(list.total).toBe(0);
  });

  test('a payload over the configured limit answers 413 and stores nothing', async () => {
    const api = await testApi({ maxPayloadBytes: 100 });
    const res = await put(api, 'uri=/big.txt', 'x'.repeat(101), { 'content-type': 'text/plain', ...ACCEPT_JSON });
    expect(res.status).toBe(413);
    expect((await errorResponse(res)).messageCode).toBe('RESTAPI-PAYLOADTOOLARGE');
    expect((await api.fetch('/v1/documents?uri=/big.txt')).status).toBe(404);
  });

  test.for([
    { name: 'an unknown method on /v1/documents', method: 'OPTIONS', status: 405, code: 'REST-UNSUPPORTEDMETHOD' },
  ])('$name answers $status', async ({ method, status, code }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?uri=/a.json', { method, headers: ACCEPT_JSON });
    expect(res.status).toBe(status);
    expect((await errorResponse(res)).messageCode).toBe(code);
  });

  test('the /LATEST alias answers like /v1', async () => {
    const api = await testApi();
    await put(api, 'uri=/l.json', '{"l":1}', J);
    const res = await api.fetch('/LATEST/documents?uri=/l.json');
    expect(await res.text()).toBe('{"l":1}');
  });
});

describe('roles and document permissions', () => {
  test.for([
    { name: 'rest-reader cannot write', user: 'rest-reader', method: 'PUT', status: 403 },
    { name: 'rest-reader cannot delete', user: 'rest-reader', method: 'DELETE', status: 403 },
    { name: 'rest-reader can read', user: 'rest-reader', method: 'GET', status: 200 },
    { name: 'rest-writer can write', user: 'rest-writer', method: 'PUT', status: 204 },
    { name: 'rest-writer can delete', user: 'rest-writer', method: 'DELETE', status: 204 },
    { name: 'rest-admin can write', user: 'rest-admin', method: 'PUT', status: 204 },
  ])('$name', async ({ user, method, status }) => {
    const api = await testApi();
    await put(api, 'uri=/p.json', '{"p":1}', JW);
    const res = await api.fetch('/v1/documents?uri=/p.json', {
      method,
      body: method === 'PUT' ? '{"p":2}' : undefined,
      headers: { ...J, ...ACCEPT_JSON, authorization: basic(user) },
    });
    expect(res.status).toBe(status);
    if (status === 403) expect((await errorResponse(res)).messageCode).toBe('SEC-PRIV');
  });

  test("the writer's default permissions come back on every permissions write, even a patch that removes them", async () => {
    const api = await testApi();
    await put(api, 'uri=/secret.json', '{"s":1}', JW);
    const patch = { patch: [{ delete: { select: '/permissions[role-name eq "rest-reader"]' } }] };
    expect((await api.fetch('/v1/documents?uri=/secret.json&category=permissions', { method: 'PATCH', body: JSON.stringify(patch), headers: JW })).status).toBe(204);
    const meta = await metadataOf(api, '/secret.json');
    expect(meta.permissions).toContainEqual({ 'role-name': 'rest-reader', capabilities: ['read'] });
  });
});

describe('metadata', () => {
  test('metadata parameters on a content PUT are stored and read back as JSON in MarkLogic key order', async () => {
    const api = await testApi();
    const q = `uri=/m.json&collection=c1&collection=c2&perm:app-user=read&perm:app-user=update&quality=3&prop:status=new&value:source=web`;
    expect((await put(api, q, '{"m":1}', JW)).status).toBe(201);
    const res = await api.fetch('/v1/documents?uri=/m.json&category=metadata&format=json');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const meta = await res.json();
    expect(Object.keys(meta)).toEqual(['collections', 'permissions', 'properties', 'quality', 'metadataValues']);
    expect(meta.collections).toEqual(['c1', 'c2']);
    expect(meta.permissions).toEqual([
      { 'role-name': 'rest-reader', capabilities: ['read'] },
      { 'role-name': 'rest-writer', capabilities: ['update'] },
      { 'role-name': 'app-user', capabilities: ['read', 'update'] },
    ]);
    expect(meta.properties).toEqual({ status: 'new' });
    expect(meta.quality).toBe(3);
    expect(meta.metadataValues).toEqual({ source: 'web' });
  });

  test('a single category reads only that key', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json&collection=x', '{}', J);
    const res = await api.fetch('/v1/documents?uri=/m.json&category=collections&format=json');
    expect(await res.json()).toEqual({ collections: ['x'] });
  });

  test.for([
    { accept: 'image/png', status: 406 },
    { accept: 'text/csv, image/*', status: 406 },
    { accept: 'application/*', status: 200 },
    { accept: 'text/html, application/xml;q=0.9, */*;q=0.8', status: 200 },
  ])('metadata with Accept: $accept answers $status', async ({ accept, status }) => {
    const api = await testApi();
    await put(api, 'uri=/m.json', '{}', J);
    const res = await api.fetch('/v1/documents?uri=/m.json&category=metadata', { headers: { accept, 'x-error-accept': 'application/json' } });
    expect(res.status).toBe(status);
    if (status === 406) expect((await errorResponse(res)).messageCode).toBe('REST-UNACCEPTABLETYPE');
  });

  test('metadata asked for as text is refused', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json', '{}', J);
    const res = await api.fetch('/v1/documents?uri=/m.json&category=metadata&format=text', { headers: ACCEPT_JSON });
    expect(res.status).toBe(400);
    expect((await errorResponse(res)).messageCode).toBe('REST-INVALIDPARAM');
  });

  test('metadata is XML by default', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json&collection=x&value:k=v', '{}', JW);
    const res = await api.fetch('/v1/documents?uri=/m.json&category=metadata');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const text = await res.text();
    expect(text).toMatch(/<rapi:metadata[^>]*uri="\/m.json"/);
    expect(text).toContain('<rapi:collection>x</rapi:collection>');
    expect(text).toContain('<rapi:role-name>rest-reader</rapi:role-name>');
    expect(text).toMatch(/<rapi:metadata-value key="k">v<\/rapi:metadata-value>/);
  });

  test("a rest-writer's new document without metadata gets its role's default permissions and quality 0", async () => {
    const api = await testApi();
    await put(api, 'uri=/d.json', '{}', JW);
    expect(await metadataOf(api, '/d.json')).toEqual({
      collections: [],
      permissions: [
        { 'role-name': 'rest-reader', capabilities: ['read'] },
        { 'role-name': 'rest-writer', capabilities: ['update'] },
      ],
      properties: {},
      quality: 0,
      metadataValues: {},
    });
  });

  test('a metadata-only PUT replaces the named categories and keeps the content', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json&collection=old&quality=2', '{"keep":true}', J);
    const res = await put(api, 'uri=/m.json&category=collections', '{"collections":["new1","new2"]}', J);
    expect(res.status).toBe(204);
    const meta = await metadataOf(api, '/m.json');
    expect(meta.collections).toEqual(['new1', 'new2']);
    expect(meta.quality).toBe(2);
    expect(await (await api.fetch('/v1/documents?uri=/m.json')).text()).toBe('{"keep":true}');
  });

  test('a metadata body may name one collection as a bare string, as the official Node client sends it', async () => {
    const api = await testApi();
    await put(api, 'uri=/s.json', '{}', J);
    const res = await put(api, 'uri=/s.json&category=collections', '{"collections":"only"}', J);
    expect(res.status).toBe(204);
    expect((await metadataOf(api, '/s.json')).collections).toEqual(['only']);
  });

  test('a metadata-only PUT accepts the XML representation', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json', '{}', J);
    const xml =
      '<rapi:metadata xmlns:rapi="http://marklogic.com/rest-api"><rapi:collections><rapi:collection>fromxml</rapi:collection></rapi:collections>' +
      '<rapi:quality>7</rapi:quality></rapi:metadata>';
    expect((await put(api, 'uri=/m.json&category=metadata', xml, { 'content-type': 'application/xml' })).status).toBe(204);
    const meta = await metadataOf(api, '/m.json');
    expect(meta.collections).toEqual(['fromxml']);
    expect(meta.quality).toBe(7);
  });

  test.for([
    { name: 'for a missing document → 404', setup: false, query: 'uri=/none.json&category=collections', body: '{"collections":["a"]}', ct: 'application/json', status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'naming a category the body lacks → 400', setup: true, query: 'uri=/m.json&category=quality', body: '{"collections":["a"]}', ct: 'application/json', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'with an unknown key → 400', setup: true, query: 'uri=/m.json&category=metadata', body: '{"colour":"red"}', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'with an empty collection name → 400', setup: true, query: 'uri=/m.json&category=collections', body: '{"collections":[""]}', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'with an unknown role → 400', setup: true, query: 'uri=/m.json&category=permissions', body: '{"permissions":[{"role-name":"ghost","capabilities":["read"]}]}', ct: 'application/json', status: 400, code: 'SEC-ROLEDNE' },
    { name: 'in a text body → 415', setup: true, query: 'uri=/m.json&category=collections', body: 'collections=a', ct: 'text/plain', status: 415, code: 'RESTAPI-INVALIDMIMETYPE' },
    { name: 'with XML of the wrong root → 400', setup: true, query: 'uri=/m.json&category=metadata', body: '<meta/>', ct: 'application/xml', status: 400, code: 'RESTAPI-INVALIDREQ' },
  ])('a metadata-only PUT $name', async ({ setup, query, body, ct, status, code }) => {
    const api = await testApi();
    if (setup) await put(api, 'uri=/m.json&collection=orig', '{}', J);
    const res = await put(api, query, body, { 'content-type': ct, ...ACCEPT_JSON });
    expect(res.status).toBe(status);
    expect((await errorResponse(res)).messageCode).toBe(code);
    if (setup) expect((await metadataOf(api, '/m.json')).collections).toEqual(['orig']);
  });

  test('DELETE with a category resets that category only', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json&collection=a&quality=5&prop:p=1', '{"x":1}', J);
    expect((await api.fetch('/v1/documents?uri=/m.json&category=collections', { method: 'DELETE' })).status).toBe(204);
    const meta = await metadataOf(api, '/m.json');
    expect(meta.collections).toEqual([]);
    expect(meta.quality).toBe(5);
    expect(meta.properties).toEqual({ p: '1' });
    expect((await api.fetch('/v1/documents?uri=/m.json')).status).toBe(200);
  });

  test('under merge-metadata a content PUT without metadata keeps it; perm: replaces only the roles named', async () => {
    const api = await testApi();
    await put(api, 'uri=/m.json&collection=a&perm:app-user=read', '{"v":1}', JW);
    await put(api, 'uri=/m.json', '{"v":2}', JW);
    expect((await metadataOf(api, '/m.json')).collections).toEqual(['a']);
    await put(api, 'uri=/m.json&perm:app-builder=update', '{"v":3}', JW);
    const meta = await metadataOf(api, '/m.json');
    expect(meta.permissions.map((p: { 'role-name': string }) => p['role-name'])).toEqual(['rest-reader', 'rest-writer', 'app-user', 'app-builder']);
  });
});

function multipart(boundary: string, parts: Array<{ headers: Record<string, string>; body: string | Uint8Array }>): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    chunks.push(enc.encode(`--${boundary}\r\n${Object.entries(p.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`));
    chunks.push(typeof p.body === 'string' ? enc.encode(p.body) : p.body);
    chunks.push(enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

const B = 'MLBOUND_1422662400000';
const MP = { 'content-type': `multipart/mixed; boundary=${B}` };

describe('multipart', () => {
  test('a PUT with a metadata part and a content part stores both', async () => {
    const api = await testApi();
    const body = multipart(B, [
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'inline; category=metadata' }, body: '{"collections":["mp"],"quality":4}' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'inline; category=content' }, body: '{"n":1}' },
    ]);
    const res = await put(api, 'uri=/mp.json&category=content&category=metadata', body, MP);
    expect(res.status).toBe(201);
    const meta = await metadataOf(api, '/mp.json');
    expect(meta.collections).toEqual(['mp']);
    expect(meta.quality).toBe(4);
  });

  test('a GET of several URIs answers multipart, metadata before content, missing URIs skipped', async () => {
    const api = await testApi();
    await put(api, 'uri=/a.json&collection=ca', '{"a":1}', J);
    await put(api, 'uri=/b.xml', '<b/>', { 'content-type': 'application/xml' });
    const res = await api.fetch('/v1/documents?uri=/a.json&uri=/b.xml&uri=/none.json&category=content&category=collections&format=json', {
      headers: { accept: 'multipart/mixed; boundary=BND' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('multipart/mixed; boundary=BND');
    const text = await res.text();
    const parts = text.split('--BND').slice(1, -1);
    expect(parts).toHaveLength(4);
    expect(parts[0]).toContain('filename="/a.json"; category=collections; format=json');
    expect(parts[0]).toContain('{"collections":["ca"]}');
    expect(parts[1]).toContain('filename="/a.json"; category=content; format=json');
    expect(parts[1]).toContain('{"a":1}');
    expect(parts[3]).toContain('category=content; format=xml');
    expect(text.trimEnd().endsWith('--BND--')).toBe(true);
  });

  test('several URIs without a multipart Accept → 415', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?uri=/a.json&uri=/b.json', { headers: ACCEPT_JSON });
    expect(res.status).toBe(415);
    expect((await errorResponse(res)).messageCode).toBe('RESTAPI-INVALIDMIMETYPE');
  });

  test('a bulk POST applies default and per-document metadata and answers the documents JSON', async () => {
    const api = await testApi();
    await put(api, 'uri=/b/old.json', '{"old":true}', J);
    const body = multipart(B, [
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'inline; category=metadata' }, body: '{"collections":["batch"]}' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/b/1.json"' }, body: '{"n":1}' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/b/2.json"; category=metadata' }, body: '{"collections":["special"]}' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/b/2.json"; category=content' }, body: '{"n":2}' },
      { headers: { 'Content-Disposition': 'attachment; filename="/b/3.txt"' }, body: 'three' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/b/old.json"; category=metadata' }, body: '{"quality":9}' },
    ]);
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: { ...MP, ...ACCEPT_JSON } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      documents: [
        { uri: '/b/1.json', 'mime-type': 'application/json', category: ['metadata', 'content'] },
        { uri: '/b/2.json', 'mime-type': 'application/json', category: ['metadata', 'content'] },
        { uri: '/b/3.txt', 'mime-type': 'text/plain', category: ['metadata', 'content'] },
        { uri: '/b/old.json', 'mime-type': '', category: ['metadata'] },
      ],
    });
    expect((await metadataOf(api, '/b/1.json')).collections).toEqual(['batch']);
    expect((await metadataOf(api, '/b/2.json')).collections).toEqual(['special']);
    expect((await metadataOf(api, '/b/3.txt')).collections).toEqual(['batch']);
    expect((await metadataOf(api, '/b/old.json')).quality).toBe(9);
    expect(await (await api.fetch('/v1/documents?uri=/b/3.txt')).text()).toBe('three');
  });

  test.for([
    { name: 'within a narrow key range', existing: ['/k/2.json'], batch: ['/k/1.json', '/k/2.json', '/k/3.json'] },
    { name: 'across a range holding many other documents', existing: Array.from({ length: 12 }, (_, i) => `/k/${i}.json`), batch: ['/a.json', '/k/5.json', '/z.json'] },
  ])('a bulk POST finds the documents that already exist $name', async ({ existing, batch }) => {
    const api = await testApi();
    for (const uri of existing) await put(api, `uri=${uri}&collection=kept`, '{"v":0}', J);
    const body = multipart(B, batch.map((uri) => ({ headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${uri}"` }, body: '{"v":1}' })));
    expect((await api.fetch('/v1/documents', { method: 'POST', body, headers: { ...MP, ...ACCEPT_JSON } })).status).toBe(200);
    for (const uri of batch) {
      expect(await (await api.fetch(`/v1/documents?uri=${uri}`)).json()).toEqual({ v: 1 });
      // merge-metadata: replacing content keeps an existing document's collections.
      expect((await metadataOf(api, uri)).collections).toEqual(existing.includes(uri) ? ['kept'] : []);
    }
  });

  test('a bulk POST is atomic: one bad part stores nothing', async () => {
    const api = await testApi();
    const body = multipart(B, [
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/x/1.json"' }, body: '{"n":1}' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/x/2.json"' }, body: '{"n":' },
    ]);
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: { ...MP, ...ACCEPT_JSON } });
    expect(res.status).toBe(400);
    expect((await api.fetch('/v1/documents?uri=/x/1.json')).status).toBe(404);
  });

  // Larger than the store's chunk of puts (250), so the refused part comes after puts were issued.
  const BIG = 600;
  const bigBatch = (bad: { at: number; part: { headers: Record<string, string>; body: string | Uint8Array } }) =>
    multipart(
      B,
      Array.from({ length: BIG }, (_, i) =>
        i === bad.at ? bad.part : { headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="/big/${i}.json"` }, body: `{"n":${i}}` },
      ),
    );
  test.for([
    { name: 'JSON that does not parse, in the last part', at: BIG - 1, body: '{"n":', status: 400, code: 'XDMP-JSONDOC' },
    { name: 'JSON that does not parse, in the first part', at: 0, body: '{"n":', status: 400, code: 'XDMP-JSONDOC' },
    { name: 'bytes that are not UTF-8, in a middle chunk', at: 400, body: Uint8Array.of(0x7b, 0xff, 0x7d), status: 400, code: 'XDMP-DOCUTF8SEQ' },
  ])('a bulk POST of 600 documents with $name stores none of them, and the next write goes through', async ({ at, body, status, code }) => {
    const api = await testApi();
    await api.fetch('/v1/search?q=n&format=json'); // the search index loaded: a write feeds it
    const part = { headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="/big/${at}.json"` }, body };
    const res = await api.fetch('/v1/documents', { method: 'POST', body: bigBatch({ at, part }), headers: { ...MP, ...ACCEPT_JSON } });
    expect(res.status).toBe(status);
    expect((await errorResponse(res)).messageCode).toBe(code);
    const listed = await (await api.fetch('/v1/search?format=json&pageLength=1')).json();
    expect(listed.total).toBe(0);
    for (const i of [0, at - 1, at + 1, BIG - 1].filter((i) => i >= 0 && i < BIG && i !== at)) {
      expect((await api.fetch(`/v1/documents?uri=/big/${i}.json`)).status).toBe(404);
    }
    const good = multipart(B, [{ headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/big/after.json"' }, body: '{"after":1}' }]);
    expect((await api.fetch('/v1/documents', { method: 'POST', body: good, headers: { ...MP, ...ACCEPT_JSON } })).status).toBe(200);
    expect((await (await api.fetch('/v1/search?format=json&pageLength=1')).json()).total).toBe(1);
  });

  test.for([
    { name: 'the search index loaded before the write', loadFirst: true },
    { name: 'the search index loaded by the search itself', loadFirst: false },
  ])('search finds every document of a bulk POST right after its answer ($name)', async ({ loadFirst }) => {
    const api = await testApi();
    if (loadFirst) await api.fetch('/v1/search?q=zebra&format=json');
    const words = ['zebra', 'yak', 'wombat'];
    const docs = Array.from({ length: BIG }, (_, i) => ({ uri: `/big/${i}.json`, word: words[i % words.length] }));
    const body = multipart(B, docs.map((d) => ({ headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="${d.uri}"` }, body: JSON.stringify({ animal: d.word }) })));
    expect((await api.fetch('/v1/documents', { method: 'POST', body, headers: { ...MP, ...ACCEPT_JSON } })).status).toBe(200);
    for (const word of words) {
      const found = await (await api.fetch(`/v1/search?q=${word}&format=json&pageLength=${BIG}`)).json();
      const expected = docs.filter((d) => d.word === word).map((d) => d.uri);
      expect(found.total).toBe(expected.length);
      expect(found.results.map((r: { uri: string }) => r.uri).sort()).toEqual([...expected].sort());
    }
  });

  test('a bulk POST whose metadata-only part names a missing document stores nothing', async () => {
    const api = await testApi();
    const body = multipart(B, [
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/y/1.json"' }, body: '{"n":1}' },
      { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/y/ghost.json"; category=metadata' }, body: '{"quality":1}' },
    ]);
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: { ...MP, ...ACCEPT_JSON } });
    expect(res.status).toBe(404);
    expect((await api.fetch('/v1/documents?uri=/y/1.json')).status).toBe(404);
  });

  test.for([
    { name: 'a body without its closing boundary', body: `--${B}\r\nContent-Disposition: attachment; filename="/z.json"\r\n\r\n{}` },
    { name: 'a body that is not multipart at all', body: 'hello' },
  ])('$name is 400 and stores nothing', async ({ body }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: { ...MP, ...ACCEPT_JSON } });
    expect(res.status).toBe(400);
    expect((await errorResponse(res)).messageCode).toBe('XDMP-HTTP-MULTIPART');
  });

  test('the bulk response is XML unless JSON is asked for', async () => {
    const api = await testApi();
    const body = multipart(B, [{ headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="/q.json"' }, body: '{}' }]);
    const res = await api.fetch('/v1/documents', { method: 'POST', body, headers: MP });
    expect(await res.text()).toContain('<rapi:documents xmlns:rapi="http://marklogic.com/rest-api"><rapi:document><rapi:uri>/q.json</rapi:uri>');
  });
});

describe('POST with a server-generated URI', () => {
  test('extension and directory give a new URI in the Location header', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?extension=json&directory=/gen/&collection=g', { method: 'POST', body: '{"g":1}', headers: J });
    expect(res.status).toBe(201);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/documents\?uri=\/gen\/\d+\.json$/);
    const uri = location.slice('/v1/documents?uri='.length);
    expect(await (await api.fetch(`/v1/documents?uri=${enc(uri)}`)).text()).toBe('{"g":1}');
    expect((await metadataOf(api, uri)).collections).toEqual(['g']);
  });

  test.for([
    { name: 'no extension, no multipart body', query: '', status: 400, code: 'RESTAPI-INVALIDREQ' },
    { name: 'an extension that is not word characters', query: 'extension=j/son', status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a metadata category instead of content', query: 'extension=json&category=collections', status: 400, code: 'REST-INVALIDPARAM' },
  ])('$name → $status', async ({ query, status, code }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/documents?${query}`, { method: 'POST', body: '{}', headers: { ...J, ...ACCEPT_JSON } });
    expect(res.status).toBe(status);
    expect((await errorResponse(res)).messageCode).toBe(code);
  });
});

describe('PATCH', () => {
  test.for([
    { name: 'PATCH', method: 'PATCH', headers: {} as Record<string, string> },
    { name: 'POST with X-HTTP-Method-Override', method: 'POST', headers: { 'x-http-method-override': 'PATCH' } },
  ])('a JSON patch applies through $name', async ({ method, headers }) => {
    const api = await testApi();
    await put(api, 'uri=/p.json', '{"status":"new","items":[1]}', J);
    const patch = { patch: [{ replace: { select: '/status', content: 'shipped' } }, { insert: { context: '/array-node("items")', position: 'last-child', content: 2 } }] };
    const res = await api.fetch('/v1/documents?uri=/p.json', { method, body: JSON.stringify(patch), headers: { ...J, ...headers } });
    expect(res.status).toBe(204);
    expect(await (await api.fetch('/v1/documents?uri=/p.json')).json()).toEqual({ status: 'shipped', items: [1, 2] });
  });

  test('a metadata patch changes only the categories named', async () => {
    const api = await testApi();
    await put(api, 'uri=/p.json&collection=inbox&quality=1', '{}', J);
    const patch = {
      patch: [
        { insert: { context: '/array-node("collections")', position: 'last-child', content: 'archived' } },
        { delete: { select: '/collections[. eq "inbox"]' } },
        { replace: { select: '/quality', content: 5 } },
      ],
    };
    const res = await api.fetch('/v1/documents?uri=/p.json&category=collections', { method: 'PATCH', body: JSON.stringify(patch), headers: J });
    expect(res.status).toBe(204);
    const meta = await metadataOf(api, '/p.json');
    expect(meta.collections).toEqual(['archived']);
    expect(meta.quality).toBe(1);
  });

  test('an XML patch applies to an XML document', async () => {
    const api = await testApi();
    await put(api, 'uri=/p.xml', '<order><status>new</status></order>', { 'content-type': 'application/xml' });
    const patch = '<rapi:patch xmlns:rapi="http://marklogic.com/rest-api"><rapi:replace select="/order/status"><status>shipped</status></rapi:replace></rapi:patch>';
    const res = await api.fetch('/v1/documents?uri=/p.xml', { method: 'PATCH', body: patch, headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(204);
    expect(await (await api.fetch('/v1/documents?uri=/p.xml')).text()).toContain('<status>shipped</status>');
  });

  test.for([
    { name: 'of a missing document → 404', uri: '/none.json', body: '{"patch":[{"delete":{"select":"/a"}}]}', ct: 'application/json', status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'of a text document → 400', uri: '/t.txt', body: '{"patch":[{"delete":{"select":"/a"}}]}', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'XML patch on JSON → 400 format mismatch', uri: '/j.json', body: '<rapi:patch xmlns:rapi="http://marklogic.com/rest-api"/>', ct: 'application/xml', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'with an empty body → 400', uri: '/j.json', body: '', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDREQ' },
    { name: 'that is not JSON → 400', uri: '/j.json', body: '{patch', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDREQ' },
    { name: 'with an invalid operation → 400', uri: '/j.json', body: '{"patch":[{"insert":{"content":1}}]}', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDREQ' },
    { name: 'violating cardinality → 400', uri: '/j.json', body: '{"patch":[{"delete":{"select":"/nothing","cardinality":"."}}]}', ct: 'application/json', status: 400, code: 'RESTAPI-INVALIDREQ' },
  ])('a patch $name and changes nothing', async ({ uri, body, ct, status, code }) => {
    const api = await testApi();
    await put(api, 'uri=/t.txt', 'text', { 'content-type': 'text/plain' });
    await put(api, 'uri=/j.json', '{"a":1}', J);
    const res = await api.fetch(`/v1/documents?uri=${uri}`, { method: 'PATCH', body, headers: { 'content-type': ct, ...ACCEPT_JSON } });
    expect(res.status).toBe(status);
    expect((await errorResponse(res)).messageCode).toBe(code);
    expect(await (await api.fetch('/v1/documents?uri=/j.json')).text()).toBe('{"a":1}');
  });
});

describe('DELETE', () => {
  test('deletes a document (204) and is 204 for a missing one too', async () => {
    const api = await testApi();
    await put(api, 'uri=/d.json', '{}', J);
    expect((await api.fetch('/v1/documents?uri=/d.json', { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch('/v1/documents?uri=/d.json')).status).toBe(404);
    expect((await api.fetch('/v1/documents?uri=/d.json', { method: 'DELETE' })).status).toBe(204);
  });

  test('check=exists makes a missing document a 404', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?uri=/none.json&check=exists', { method: 'DELETE', headers: ACCEPT_JSON });
    expect(res.status).toBe(404);
  });

  test('several uri parameters delete several documents at once', async () => {
    const api = await testApi();
    await put(api, 'uri=/1.json', '{}', J);
    await put(api, 'uri=/2.json', '{}', J);
    expect((await api.fetch('/v1/documents?uri=/1.json&uri=/2.json', { method: 'DELETE' })).status).toBe(204);
    expect((await (await api.fetch('/v1/search?format=json')).json()).total).toBe(0);
  });
});

describe('DELETE /v1/search', () => {
  async function seeded() {
    const api = await testApi();
    await put(api, 'uri=/a/1.json&collection=red', '{}', JW);
    await put(api, 'uri=/a/b/2.json&collection=blue', '{}', JW);
    await put(api, 'uri=/c/3.json&collection=red', '{}', JW);
    return api;
  }
  const uris = async (api: TestApi) =>
    (await (await api.fetch('/v1/search?format=json')).json()).results.map((r: { uri: string }) => r.uri);

  test('?collection= removes the documents of that collection', async () => {
    const api = await seeded();
    expect((await api.fetch('/v1/search?collection=red', { method: 'DELETE' })).status).toBe(204);
    expect(await uris(api)).toEqual(['/a/b/2.json']);
  });

  test('?directory= removes the directory recursively', async () => {
    const api = await seeded();
    expect((await api.fetch('/v1/search?directory=/a/', { method: 'DELETE' })).status).toBe(204);
    expect(await uris(api)).toEqual(['/c/3.json']);
  });

  test.for([
    { name: 'a rest-writer without parameters gets 400', user: 'rest-writer', status: 400, left: 3 },
    { name: 'a rest-reader gets 403', user: 'rest-reader', status: 403, left: 3 },
    { name: 'rest-admin clears the database', user: 'rest-admin', status: 204, left: 0 },
  ])('$name', async ({ user, status, left }) => {
    const api = await seeded();
    const res = await api.fetch('/v1/search', { method: 'DELETE', headers: { authorization: basic(user), ...ACCEPT_JSON } });
    expect(res.status).toBe(status);
    expect(await uris(api)).toHaveLength(left);
  });

  test('collection and directory together → 400', async () => {
    const api = await seeded();
    const res = await api.fetch('/v1/search?collection=red&directory=/a/', { method: 'DELETE', headers: ACCEPT_JSON });
    expect(res.status).toBe(400);
    expect(await uris(api)).toHaveLength(3);
  });
});

describe('GET /v1/search without a query lists documents', () => {
  test('by directory and collection, paged, in the search-response JSON shape', async () => {
    const api = await testApi();
    for (let i = 1; i <= 5; i++) await put(api, `uri=/l/${i}.json${i % 2 ? '&collection=odd' : ''}`, `{"n":${i}}`, J);
    await put(api, 'uri=/other/x.json', '{}', J);
    const page = await (await api.fetch('/v1/search?directory=/l/&start=2&pageLength=2&format=json')).json();
    expect(page.total).toBe(5);
    expect(page.start).toBe(2);
    expect(page['page-length']).toBe(2);
    expect(page.results.map((r: { uri: string }) => r.uri)).toEqual(['/l/2.json', '/l/3.json']);
    expect(page.results[0]).toMatchObject({ index: 2, path: 'fn:doc("/l/2.json")', href: '/v1/documents?uri=%2Fl%2F2.json', mimetype: 'application/json', format: 'json' });
    const odd = await (await api.fetch('/v1/search?directory=/l/&collection=odd&format=json')).json();
    expect(odd.results.map((r: { uri: string }) => r.uri)).toEqual(['/l/1.json', '/l/3.json', '/l/5.json']);
  });

  test('a rest-reader sees the same page through the readers index', async () => {
    const api = await testApi();
    for (let i = 1; i <= 4; i++) await put(api, `uri=/r/${i}.json&collection=c`, '{}', JW);
    const res = await api.fetch('/v1/search?collection=c&start=3&pageLength=5&format=json', { headers: { authorization: basic('rest-reader') } });
    const page = await res.json();
    expect(page.total).toBe(4);
    expect(page.results.map((r: { uri: string }) => r.uri)).toEqual(['/r/3.json', '/r/4.json']);
  });

  test('is XML by default', async () => {
    const api = await testApi();
    await put(api, 'uri=/x.json', '{}', J);
    const text = await (await api.fetch('/v1/search')).text();
    expect(text).toMatch(/^(<\?xml[^>]*\?>\s*)?<search:response[^>]* snippet-format="snippet" total="1" start="1" page-length="10"/);
  });

  test('a transform, which would run server-side code, is refused by name', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/search?q=hello&transform=t', { headers: ACCEPT_JSON });
    expect(res.status).toBe(400);
    const err = await errorResponse(res);
    expect(err.messageCode).toBe('TABULA-UNSUPPORTED');
    expect(err.message).toContain('transform');
  });
});

describe('update policies and versions', () => {
  async function withPolicy(policy: string) {
    const api = await testApi();
    const res = await api.fetch('/v1/config/properties', { method: 'PUT', body: JSON.stringify({ 'update-policy': policy }), headers: J });
    expect(res.status).toBe(204);
    return api;
  }

  test('without a versioning policy there is no ETag', async () => {
    const api = await testApi();
    await put(api, 'uri=/v.json', '{}', J);
    expect((await api.fetch('/v1/documents?uri=/v.json')).headers.get('etag')).toBeNull();
  });

  test('version-required: an update needs the current version in If-Match', async () => {
    const api = await withPolicy('version-required');
    expect((await put(api, 'uri=/v.json', '{"v":1}', J)).status).toBe(201);
    const got = await api.fetch('/v1/documents?uri=/v.json');
    const etag = got.headers.get('etag')!;
    expect(etag).toMatch(/^"\d+"$/);
    const noVersion = await put(api, 'uri=/v.json', '{"v":2}', { ...J, ...ACCEPT_JSON });
    expect(noVersion.status).toBe(428);
    expect((await errorResponse(noVersion)).messageCode).toBe('RESTAPI-CONTENTNOVERSION');
    const wrong = await put(api, 'uri=/v.json', '{"v":2}', { ...J, ...ACCEPT_JSON, 'if-match': '"123"' });
    expect(wrong.status).toBe(412);
    expect((await errorResponse(wrong)).messageCode).toBe('RESTAPI-CONTENTWRONGVERSION');
    expect((await put(api, 'uri=/v.json', '{"v":2}', { ...J, 'if-match': etag })).status).toBe(204);
    const after = await api.fetch('/v1/documents?uri=/v.json');
    expect(await after.json()).toEqual({ v: 2 });
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  test('version-optional: If-Match is checked when sent; a matching If-None-Match answers 304', async () => {
    const api = await withPolicy('version-optional');
    await put(api, 'uri=/v.json', '{"v":1}', J);
    expect((await put(api, 'uri=/v.json', '{"v":2}', J)).status).toBe(204);
    const etag = (await api.fetch('/v1/documents?uri=/v.json')).headers.get('etag')!;
    expect((await api.fetch('/v1/documents?uri=/v.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await put(api, 'uri=/v.json', '{"v":3}', { ...J, 'if-match': '"1"' })).status).toBe(412);
    expect((await api.fetch('/v1/documents?uri=/v.json', { method: 'DELETE', headers: { 'if-match': '"1"' } })).status).toBe(412);
    expect((await api.fetch('/v1/documents?uri=/v.json', { method: 'DELETE', headers: { 'if-match': etag } })).status).toBe(204);
  });

  test('multipart reads carry versionId under a versioning policy', async () => {
    const api = await withPolicy('version-optional');
    await put(api, 'uri=/v.json', '{}', J);
    const text = await (await api.fetch('/v1/documents?uri=/v.json&category=content&category=metadata', { headers: { accept: 'multipart/mixed; boundary=X' } })).text();
    expect(text).toMatch(/category=content; format=json; versionId=\d+/);
  });

  test('overwrite-metadata: a content PUT without metadata resets it', async () => {
    const api = await withPolicy('overwrite-metadata');
    await put(api, 'uri=/o.json&collection=a&quality=3', '{}', J);
    expect((await put(api, 'uri=/o.json', '{"x":1}', J)).status).toBe(204);
    const meta = await metadataOf(api, '/o.json');
    expect(meta.collections).toEqual([]);
    expect(meta.quality).toBe(0);
  });
});

describe('extract and repair', () => {
  const png = new Uint8Array(new ArrayBuffer(33));
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 0, 64]);

  test('extract=properties stores what the binary says about itself as properties', async () => {
    const api = await testApi();
    expect((await put(api, 'uri=/i.png&extract=properties', png, { 'content-type': 'image/png' })).status).toBe(201);
    expect((await metadataOf(api, '/i.png')).properties).toEqual({ 'content-type': 'image/png', size: '33', width: '256', height: '64' });
  });

  test('extract=document stores the extracted metadata as an XHTML document beside it', async () => {
    const api = await testApi();
    await put(api, 'uri=/i.png&extract=document', png, { 'content-type': 'image/png' });
    const res = await api.fetch('/v1/documents?uri=/i.png.xhtml');
    expect(res.headers.get('vnd.marklogic.document-format')).toBe('xml');
    expect(await res.text()).toContain('<meta name="width" content="256"/>');
  });

  test.for([
    { name: 'extract on JSON content', query: 'uri=/e.json&extract=properties', body: '{}', ct: 'application/json', code: 'REST-INVALIDPARAM' },
    { name: 'extract with repair', query: 'uri=/e.png&extract=properties&repair=full', body: 'x', ct: 'image/png', code: 'RESTAPI-INVALIDREQ' },
    { name: 'an unknown extract value', query: 'uri=/e.png&extract=all', body: 'x', ct: 'image/png', code: 'REST-INVALIDPARAM' },
  ])('$name → 400', async ({ query, body, ct, code }) => {
    const api = await testApi();
    const res = await put(api, query, body, { 'content-type': ct, ...ACCEPT_JSON });
    expect(res.status).toBe(400);
    expect((await errorResponse(res)).messageCode).toBe(code);
  });

  test('repair=full closes what malformed XML left open', async () => {
    const api = await testApi();
    expect((await put(api, 'uri=/r.xml&repair=full', '<a><b>x</a>', { 'content-type': 'application/xml' })).status).toBe(201);
    expect(await (await api.fetch('/v1/documents?uri=/r.xml')).text()).toBe('<a><b>x</b></a>');
  });
});
