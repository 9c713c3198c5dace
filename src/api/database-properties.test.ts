import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { basic, errorOf, testApi, type TestApi } from '../../test/helpers';
import { limits } from '../db/limits';
import { genre, lang, year } from '../../test/range-index-fixtures';

/** Each test database has a name of its own (hosts name theirs Documents). */
const pathOf = (api: TestApi) => `/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`;
const MANAGE_DB_NS = 'http://marklogic.com/manage/database/properties';
const ROOT = 'http://marklogic.com/collation/';
const CODEPOINT = 'http://marklogic.com/collation/codepoint';
const JSON_CT = { 'content-type': 'application/json' };
const XML_CT = { 'content-type': 'application/xml' };

const defaultsOf = (api: TestApi) => ({
  'database-name': api.db.name,
  'range-element-index': [],
  'range-element-attribute-index': [],
  'collection-lexicon': false,
  'uri-lexicon': true,
});

const put = (api: TestApi, body: unknown, headers: Record<string, string> = JSON_CT, path = pathOf(api)) =>
  api.fetch(path, { method: 'PUT', headers: { accept: 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const getJson = async (api: TestApi) => (await api.fetch(`${pathOf(api)}?format=json`)).json();

function xmlRoot(text: string): XmlElement {
  const root = new DOMParser().parseFromString(text, 'application/xml').documentElement;
  if (!root) throw new Error(`not XML: ${text}`);
  return root;
}

describe('GET /manage/v2/databases/{db}/properties', () => {
  test.for<{ name: string; query: string; headers: Record<string, string> }>([
    { name: 'format=json', query: '?format=json', headers: {} },
    { name: 'Accept: application/json', query: '', headers: { accept: 'application/json' } },
    { name: 'group-id is accepted (and means nothing for a database)', query: '?format=json&group-id=Default', headers: {} },
  ])('a new database reports no range indexes and the default lexicons as JSON ($name)', async ({ query, headers }) => {
    const api = await testApi();
    const res = await api.fetch(pathOf(api) + query, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(defaultsOf(api));
  });

  test('without a JSON request the properties are XML in the manage database namespace, lists wrapped', async () => {
    const api = await testApi();
    await put(api, { 'range-element-index': [genre, year], 'range-element-attribute-index': [lang] });
    const res = await api.fetch(pathOf(api));
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const root = xmlRoot(await res.text());
    expect([root.namespaceURI, root.localName]).toEqual([MANAGE_DB_NS, 'database-properties']);
    const text = (name: string) => Array.from(root.getElementsByTagNameNS(MANAGE_DB_NS, name)).map((e) => e.textContent);
    expect(text('database-name')).toEqual([api.db.name]);
    expect(root.getElementsByTagNameNS(MANAGE_DB_NS, 'range-element-indexes')).toHaveLength(1);
    expect(text('scalar-type')).toEqual(['string', 'int', 'string']);
    expect(text('localname')).toEqual(['genre', 'year', 'lang']);
    expect(text('parent-localname')).toEqual(['doc']);
    expect(text('collation')).toEqual([ROOT, '', CODEPOINT]);
    expect(text('collection-lexicon')).toEqual(['false']);
    expect(text('uri-lexicon')).toEqual(['true']);
  });

  test('another database name is 404 XDMP-NOSUCHDB, as the Management API answers', async () => {
    const api = await testApi();
    const res = await api.fetch('/manage/v2/databases/Other/properties?format=json', { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toEqual({ status: 404, code: 'XDMP-NOSUCHDB', message: 'XDMP-NOSUCHDB: (err:FOER0000) No such database: Other' });
  });

  test('an unknown parameter is 400 REST-UNSUPPORTEDPARAM', async () => {
    const api = await testApi();
    const res = await api.fetch(`${pathOf(api)}?view=config`, { headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'REST-UNSUPPORTEDPARAM' });
  });
});

describe('PUT /manage/v2/databases/{db}/properties', () => {
  test('sets range indexes → 204; GET shows them with every field filled in', async () => {
    const api = await testApi();
    const res = await put(api, { 'range-element-index': [{ 'scalar-type': 'string', localname: 'genre' }, year], 'collection-lexicon': true });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await getJson(api)).toEqual({ ...defaultsOf(api), 'range-element-index': [genre, year], 'collection-lexicon': true });
  });

  test('an array sent replaces the whole list; properties not sent stay', async () => {
    const api = await testApi();
    await put(api, { 'range-element-index': [genre, year], 'range-element-attribute-index': [lang], 'uri-lexicon': false });
    expect((await put(api, { 'range-element-index': [year] })).status).toBe(204);
    expect(await getJson(api)).toEqual({ ...defaultsOf(api), 'range-element-index': [year], 'range-element-attribute-index': [lang], 'uri-lexicon': false });
    await put(api, { 'range-element-attribute-index': [] });
    expect((await getJson(api))['range-element-attribute-index']).toEqual([]);
  });

  test('the JSON a GET answers can be PUT back unchanged (read, append, write)', async () => {
    const api = await testApi();
    await put(api, { 'range-element-index': [genre], 'range-element-attribute-index': [lang] });
    const props = await getJson(api);
    props['range-element-index'].push(year);
    expect((await put(api, props)).status).toBe(204);
    expect(await getJson(api)).toEqual({ ...defaultsOf(api), 'range-element-index': [genre, year], 'range-element-attribute-index': [lang] });
  });

  test('the XML a GET answers can be PUT back, and an edited XML payload applies', async () => {
    const api = await testApi();
    await put(api, { 'range-element-index': [genre, year], 'range-element-attribute-index': [lang], 'collection-lexicon': true });
    const before = await getJson(api);
    const xml = await (await api.fetch(pathOf(api))).text();
    expect((await put(api, xml, XML_CT)).status).toBe(204);
    expect(await getJson(api)).toEqual(before);

    const edited = `<database-properties xmlns="${MANAGE_DB_NS}">
      <range-element-indexes>
        <range-element-index><scalar-type>dateTime</scalar-type><namespace-uri/><localname>added</localname><collation/><range-value-positions>false</range-value-positions><invalid-values>ignore</invalid-values></range-element-index>
      </range-element-indexes>
      <range-element-attribute-indexes/>
      <uri-lexicon>false</uri-lexicon>
    </database-properties>`;
    expect((await put(api, edited, XML_CT)).status).toBe(204);
    expect(await getJson(api)).toEqual({
      ...defaultsOf(api),
      'range-element-index': [{ ...year, 'scalar-type': 'dateTime', localname: 'added', 'invalid-values': 'ignore' }],
      'collection-lexicon': true,
      'uri-lexicon': false,
    });
  });

  test('database-name may be sent when it names this database', async () => {
    const api = await testApi();
    expect((await put(api, { 'database-name': api.db.name, 'collection-lexicon': true })).status).toBe(204);
    expect((await getJson(api))['collection-lexicon']).toBe(true);
  });

  test('the settings reach the engine: a reference to the new index is found', async () => {
    const api = await testApi();
    await put(api, { 'range-element-index': [year] });
    const found = await api.db.indexes.findRangeIndex({ scope: { kind: 'json-property', name: 'year' }, type: 'int' });
    expect(found?.key).toBe('element|year|int|');
  });

  test.for<{ name: string; body: string; headers?: Record<string, string>; path?: string; status: number; code: string; message: RegExp }>([
    { name: 'another database', body: '{}', path: '/manage/v2/databases/Other/properties', status: 404, code: 'XDMP-NOSUCHDB', message: /No such database: Other/ },
    { name: 'a property Tabula does not support', body: '{"triple-index":true}', status: 400, code: 'RESTAPI-UNSUPPORTEDPROP', message: /Unsupported property: triple-index/ },
    { name: 'an unknown scalar type', body: '{"range-element-index":[{"scalar-type":"number","localname":"x"}]}', status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /range-element-index\[0\]\.scalar-type "number"/ },
    { name: 'a collation on an int index', body: JSON.stringify({ 'range-element-index': [{ ...year, collation: ROOT }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /only string and anyURI/ },
    { name: 'a localname that is not an NCName ("1bad name" holds 1bad)', body: JSON.stringify({ 'range-element-index': [{ ...year, localname: '1bad name' }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /range-element-index\[0\]\.localname: "1bad" is not an XML local name/ },
    { name: 'a localname with a colon', body: JSON.stringify({ 'range-element-index': [{ ...year, localname: 'p:year' }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /"p:year" is not an XML local name/ },
    { name: 'a parent-localname that is not an NCName', body: JSON.stringify({ 'range-element-attribute-index': [{ ...lang, 'parent-localname': 'a.b -x' }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /parent-localname: "-x" is not an XML local name/ },
    { name: 'a namespace URI with a space', body: JSON.stringify({ 'range-element-index': [{ ...year, 'namespace-uri': 'http://x.org/a b' }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /namespace-uri: "http:\/\/x.org\/a b" is not a namespace URI/ },
    { name: 'a namespace URI with a bad escape', body: JSON.stringify({ 'range-element-attribute-index': [{ ...lang, 'parent-namespace-uri': 'urn:x%zz' }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /parent-namespace-uri: "urn:x%zz" is not a namespace URI/ },
    { name: 'an unknown collation', body: JSON.stringify({ 'range-element-index': [{ ...genre, collation: 'http://example.org/collation' }] }), status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /unsupported collation http:\/\/example.org\/collation/ },
    {
      name: 'more range indexes than maxRangeIndexes',
      body: JSON.stringify({ 'range-element-index': [{ ...year, localname: Array.from({ length: limits.maxRangeIndexes + 1 }, (_, i) => `n${i}`).join(' ') }] }),
      status: 400,
      code: 'TABULA-LIMIT',
      message: new RegExp(`maxRangeIndexes \\(${limits.maxRangeIndexes}\\)`),
    },
    { name: 'renaming the database', body: '{"database-name":"Renamed"}', status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /renaming the database is not supported/ },
    { name: 'malformed JSON', body: '{"collection-lexicon":', status: 400, code: 'XDMP-JSONDOC', message: /XDMP-JSONDOC/ },
    { name: 'a JSON array', body: '[]', status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /must be a JSON object/ },
    { name: 'an empty body', body: '', status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /empty payload/ },
    { name: 'a text body', body: 'collection-lexicon=true', headers: { 'content-type': 'text/plain' }, status: 415, code: 'RESTAPI-INVALIDMIMETYPE', message: /text\/plain/ },
    { name: 'XML in no namespace', body: '<database-properties><uri-lexicon>true</uri-lexicon></database-properties>', headers: XML_CT, status: 400, code: 'MANAGE-INVALIDPAYLOAD', message: /database-properties root element/ },
    { name: 'malformed XML', body: `<database-properties xmlns="${MANAGE_DB_NS}">`, headers: XML_CT, status: 400, code: 'XDMP-DOCUNEOF', message: /XDMP-DOCUNEOF/ },
    {
      name: 'an unknown XML property',
      body: `<database-properties xmlns="${MANAGE_DB_NS}"><triple-index>true</triple-index></database-properties>`,
      headers: XML_CT,
      status: 400,
      code: 'RESTAPI-UNSUPPORTEDPROP',
      message: /triple-index/,
    },
    {
      name: 'an XML property given twice',
      body: `<database-properties xmlns="${MANAGE_DB_NS}"><uri-lexicon>true</uri-lexicon><uri-lexicon>false</uri-lexicon></database-properties>`,
      headers: XML_CT,
      status: 400,
      code: 'MANAGE-INVALIDPAYLOAD',
      message: /uri-lexicon is given twice/,
    },
  ])('refuses $name, and changes nothing', async ({ body, headers, path, status, code, message }) => {
    const api = await testApi();
    await put(api, { 'range-element-index': [genre] });
    const res = await put(api, body, headers ?? JSON_CT, path);
    const err = await errorOf(res);
    expect(err).toMatchObject({ status, code });
    expect(err.message).toMatch(message);
    expect(await getJson(api)).toEqual({ ...defaultsOf(api), 'range-element-index': [genre] });
  });

  test('names that are NCNames and namespace URIs are accepted as sent', async () => {
    const api = await testApi();
    const entry = { ...year, 'namespace-uri': 'urn:example:ns%20x', localname: 'année _x a.b-c' };
    expect((await put(api, { 'range-element-index': [entry] })).status).toBe(204);
    expect((await getJson(api))['range-element-index']).toEqual([entry]);
  });

  // 3,000 indexes over documents holding some of their properties: the re-index used to copy
  // each document's lists once per index (quadratic) and walk each document once per index,
  // blocking the event loop for about a second per document (past the test timeout here).
  test('3,000 range indexes are built over the documents, and sending them again changes nothing', async () => {
    const api = await testApi();
    const names = Array.from({ length: 3000 }, (_, i) => `n${i}`);
    const docs = 30;
    for (let d = 0; d < docs; d++) {
      const doc = Object.fromEntries(names.filter((_, i) => i % docs === d).map((n) => [n, d]));
      const res = await api.fetch(`/v1/documents?uri=/many/${d}.json`, { method: 'PUT', headers: JSON_CT, body: JSON.stringify(doc) });
      expect(res.status).toBe(201);
    }
    await api.db.search.ready();
    const body = { 'range-element-index': names.map((localname) => ({ ...year, localname })) };
    for (let round = 0; round < 2; round++) {
      expect((await put(api, body)).status).toBe(204);
      await api.db.search.rangeIndexesSettled();
    }
    const status = api.db.search.rangeIndexStatus();
    expect(status).toHaveLength(3000);
    expect(status.every((s) => s.state === 'ready' && s.documents === 1)).toBe(true);
  });

  test.for([{ method: 'POST' }, { method: 'DELETE' }])('$method is 405', async ({ method }) => {
    const api = await testApi();
    const res = await api.fetch(pathOf(api), { method, headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 405, code: 'REST-UNSUPPORTEDMETHOD' });
  });
});

describe('roles', () => {
  const asUser = async (roles: string[]) => {
    const api = await testApi({ auth: 'http' });
    const created = await api.fetch('/manage/v2/users', {
      method: 'POST',
      headers: { ...JSON_CT, authorization: basic('admin') },
      body: JSON.stringify({ 'user-name': 'u', password: 'pw', role: roles }),
    });
    expect(created.status).toBe(201);
    return { api, auth: { authorization: basic('u', 'pw'), accept: 'application/json' } };
  };

  test.for<{ name: string; roles: string[]; get: number; put: number }>([
    { name: 'manage-admin reads and writes', roles: ['manage-admin'], get: 200, put: 204 },
    { name: 'manage-user reads only', roles: ['manage-user'], get: 200, put: 403 },
    { name: 'rest-admin (a REST role, not a management one) does neither', roles: ['rest-admin'], get: 403, put: 403 },
    { name: 'rest-reader does neither', roles: ['rest-reader'], get: 403, put: 403 },
    { name: 'admin does both', roles: ['admin'], get: 200, put: 204 },
  ])('$name', async ({ roles, get, put: putStatus }) => {
    const { api, auth } = await asUser(roles);
    expect((await api.fetch(`${pathOf(api)}?format=json`, { headers: auth })).status).toBe(get);
    const res = await api.fetch(pathOf(api), { method: 'PUT', headers: { ...auth, ...JSON_CT }, body: '{"collection-lexicon":true}' });
    expect(res.status).toBe(putStatus);
    if (putStatus === 403) expect((await errorOf(res)).code).toBe('SEC-PRIV');
    expect((await api.db.indexes.get())['collection-lexicon']).toBe(putStatus === 204);
  });

  test('the role is checked before the database name: a reader learns nothing about other databases', async () => {
    const { api, auth } = await asUser(['rest-reader']);
    expect((await api.fetch('/manage/v2/databases/Other/properties', { headers: auth })).status).toBe(403);
  });

  test('without credentials the Node host answers 401', async () => {
    const api = await testApi({ auth: 'http' });
    expect((await api.fetch(pathOf(api))).status).toBe(401);
  });
});
