/**
 * The explicit limits (src/db/limits.ts, docs/limits.md) as a client meets them: an
 * input past one is refused with 400 TABULA-LIMIT naming the limit, nothing changes,
 * and the handler answers the next request.
 */
import { describe, expect, test } from 'vitest';
import { testApi, type TestApi } from '../../test/helpers';
import { limits } from '../db/limits';

const MAX = limits.maxNestingDepth;
const J = { 'content-type': 'application/json' };
const X = { 'content-type': 'application/xml' };
const B = 'LIMITS_BOUNDARY';
const MP = { 'content-type': `multipart/mixed; boundary=${B}` };
const enc = encodeURIComponent;

/** A JSON array nested `depth` deep: depth 1 is `[]`. */
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** `<a>` elements nested `depth` deep: depth 1 is `<a></a>`. */
const elements = (depth: number, inner = '') => '<a>'.repeat(depth) + inner + '</a>'.repeat(depth);

function multipart(parts: Array<{ disposition: string; type: string; body: string }>): string {
  return (
    parts.map((p) => `--${B}\r\nContent-Type: ${p.type}\r\nContent-Disposition: ${p.disposition}\r\n\r\n${p.body}\r\n`).join('') + `--${B}--\r\n`
  );
}

/** Everything a refused request could have changed, as the API shows it. */
async function state(api: TestApi): Promise<string[]> {
  const reads = [
    '/v1/documents?uri=/d/a.json',
    '/v1/documents?uri=/d/a.json&category=metadata&format=json',
    '/v1/documents?uri=/d/a.xml',
    '/v1/documents?uri=/d/a.xml&category=metadata&format=json',
    '/v1/documents?uri=/d/new.json',
    '/v1/search?format=json&q=kept',
    '/v1/config/properties?format=json',
    '/v1/config/query?format=json',
    `/manage/v2/databases/${enc(api.db.name)}/properties?format=json`,
    '/manage/v2/users?format=json',
  ];
  return Promise.all(reads.map(async (path) => {
    const res = await api.fetch(path, { headers: { accept: 'application/json' } });
    // Search answers and the user list carry timings: only the matches and the users are state.
    const text = await res.text();
    if (path.startsWith('/v1/search')) return `${path} ${res.status} ${JSON.stringify(JSON.parse(text).results.map((r: { uri: string }) => r.uri))}`;
    if (path.startsWith('/manage/v2/users')) return `${path} ${res.status} ${JSON.stringify(JSON.parse(text)['user-default-list']['list-items'])}`;
    return `${path} ${res.status} ${text}`;
  }));
}

async function seeded(): Promise<TestApi> {
  const api = await testApi();
  const put = (query: string, body: string, headers: Record<string, string>) => api.fetch(`/v1/documents?${query}`, { method: 'PUT', body, headers });
  expect((await put('uri=/d/a.json&collection=c&prop:p=kept', '{"a":"kept"}', J)).status).toBe(201);
  expect((await put('uri=/d/a.xml&collection=c', '<r><b>kept</b></r>', X)).status).toBe(201);
  return api;
}

interface Refusal {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const deepMetadata = (depth: number) => `{"properties":{"p":${arrays(depth)}}}`;

const refusals: Refusal[] = [
  { name: 'a metadata PUT whose property nests 5,000 arrays deep', method: 'PUT', path: '/v1/documents?uri=/d/a.json&category=metadata', headers: J, body: deepMetadata(5_000) },
  { name: 'a metadata PUT whose property nests 2,500 arrays deep (once stored, then unreadable)', method: 'PUT', path: '/v1/documents?uri=/d/a.json&category=metadata', headers: J, body: deepMetadata(2_500) },
  {
    name: 'metadata in XML nested 20,000 elements deep',
    method: 'PUT',
    path: '/v1/documents?uri=/d/a.json&category=metadata',
    headers: X,
    body: `<rapi:metadata xmlns:rapi="http://marklogic.com/rest-api"><prop:properties xmlns:prop="http://marklogic.com/xdmp/property">${elements(20_000)}</prop:properties></rapi:metadata>`,
  },
  {
    name: 'a bulk write whose metadata part nests 5,000 deep (its valid content part not written either)',
    method: 'POST',
    path: '/v1/documents',
    headers: MP,
    body: multipart([
      { disposition: 'attachment; filename="/d/new.json"', type: 'application/json', body: '{"kept":false}' },
      { disposition: 'attachment; filename="/d/a.json"; category=metadata', type: 'application/json', body: deepMetadata(5_000) },
    ]),
  },
  { name: 'a JSON document nested 100,000 deep', method: 'PUT', path: '/v1/documents?uri=/d/a.json', headers: J, body: arrays(100_000) },
  { name: 'an XML document nested 100,000 deep (700 KB)', method: 'PUT', path: '/v1/documents?uri=/d/a.xml', headers: X, body: elements(100_000) },
  {
    name: 'a bulk write whose second content part nests 20,000 deep',
    method: 'POST',
    path: '/v1/documents',
    headers: MP,
    body: multipart([
      { disposition: 'attachment; filename="/d/new.json"', type: 'application/json', body: '{"kept":false}' },
      { disposition: 'attachment; filename="/d/a.json"', type: 'application/json', body: arrays(20_000) },
    ]),
  },
  {
    name: 'a JSON patch nested 50,000 deep',
    method: 'PATCH',
    path: '/v1/documents?uri=/d/a.json',
    headers: J,
    body: `{"patch":[{"insert":{"context":"/a","position":"after","content":${arrays(50_000)}}}]}`,
  },
  {
    name: 'an XML patch nested 20,000 deep',
    method: 'PATCH',
    path: '/v1/documents?uri=/d/a.xml',
    headers: X,
    body: `<rapi:patch xmlns:rapi="http://marklogic.com/rest-api"><rapi:insert context="/r" position="last-child">${elements(20_000)}</rapi:insert></rapi:patch>`,
  },
  {
    name: 'a JSON patch whose insert would nest the document past the limit',
    method: 'PATCH',
    path: '/v1/documents?uri=/d/a.json',
    headers: J,
    body: `{"patch":[{"insert":{"context":"/a","position":"after","content":{"deep":${arrays(MAX - 2)}}}}]}`,
  },
  { name: 'a QBE whose $query nests 50,000 deep', method: 'POST', path: '/v1/qbe?format=json', headers: J, body: `{"$query":{"a":${arrays(50_000)}}}` },
  { name: 'a structured query body nested 50,000 deep', method: 'POST', path: '/v1/search?format=json', headers: J, body: `{"query":{"and-query":{"queries":${arrays(50_000)}}}}` },
  {
    name: 'a combined query in XML nested 20,000 deep',
    method: 'POST',
    path: '/v1/search?format=json',
    headers: X,
    body: `<search:search xmlns:search="http://marklogic.com/appservices/search">${elements(20_000)}</search:search>`,
  },
  { name: 'a structuredQuery parameter nested 5,000 deep', method: 'GET', path: `/v1/search?format=json&structuredQuery=${enc(`{"query":${arrays(5_000)}}`)}`, headers: {} },
  { name: 'a string query nested 50,000 groups deep', method: 'GET', path: `/v1/search?format=json&q=${enc(`${'('.repeat(50_000)}kept${')'.repeat(50_000)}`)}`, headers: {} },
  { name: 'a string query of 20,000 negations in a row (once 20 s of tokenizing)', method: 'GET', path: `/v1/search?format=json&q=${enc(`${'-'.repeat(20_000)}kept`)}`, headers: {} },
  { name: 'query options in JSON nested 50,000 deep', method: 'PUT', path: '/v1/config/query/deep', headers: J, body: `{"options":{"constraint":${arrays(50_000)}}}` },
  {
    name: 'query options in XML nested 20,000 deep',
    method: 'PUT',
    path: '/v1/config/query/deep',
    headers: X,
    body: `<options xmlns="http://marklogic.com/appservices/search">${elements(20_000)}</options>`,
  },
  { name: 'instance properties in JSON nested 50,000 deep', method: 'PUT', path: '/v1/config/properties', headers: J, body: `{"debug":${arrays(50_000)}}` },
  {
    name: 'instance properties in XML nested 20,000 deep',
    method: 'PUT',
    path: '/v1/config/properties',
    headers: X,
    body: `<rapi:properties xmlns:rapi="http://marklogic.com/rest-api">${elements(20_000)}</rapi:properties>`,
  },
  { name: 'range-index properties in JSON nested 50,000 deep', method: 'PUT', path: '/manage/v2/databases/DB/properties', headers: J, body: `{"range-element-index":${arrays(50_000)}}` },
  {
    name: 'range-index properties in XML nested 20,000 deep',
    method: 'PUT',
    path: '/manage/v2/databases/DB/properties',
    headers: X,
    body: `<database-properties xmlns="http://marklogic.com/manage/database/properties">${elements(20_000)}</database-properties>`,
  },
  { name: 'a user payload nested 50,000 deep', method: 'POST', path: '/manage/v2/users', headers: J, body: `{"user-name":"deep","role":${arrays(50_000)}}` },
];

describe(`input nested past maxNestingDepth (${MAX})`, () => {
  test.for(refusals)('$name is refused with 400 TABULA-LIMIT, changes nothing, and the next request is answered', async ({ method, path, headers, body }) => {
    const api = await seeded();
    const before = await state(api);
    const res = await api.fetch(path.replace('/databases/DB/', `/databases/${enc(api.db.name)}/`), { method, headers, body });
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const error = JSON.parse(text).errorResponse;
    expect(error.messageCode).toBe('TABULA-LIMIT');
    expect(error.message).toContain(`maxNestingDepth (${MAX})`);
    expect(await state(api)).toEqual(before);
  });
});

/** Objects nested `depth` deep, the innermost holding `word`: `{"k":{"k":"word"}}` is depth 2. */
const objects = (depth: number, word: string) => '{"k":'.repeat(depth - 1) + `{"k":"${word}"}` + '}'.repeat(depth - 1);
/** The path of the innermost value of {@link objects}. */
const innermost = (depth: number) => '/k'.repeat(depth);

describe(`input exactly at maxNestingDepth (${MAX})`, () => {
  test('a JSON document at the limit is written, searched, read, patched and deleted; one level deeper is refused', async () => {
    const api = await testApi();
    // A range index on the nested property: writes at the limit index every level of it.
    const index = { 'scalar-type': 'string', 'namespace-uri': '', localname: 'k', collation: 'http://marklogic.com/collation/codepoint', 'range-value-positions': false, 'invalid-values': 'ignore' };
    const indexed = await api.fetch(`/manage/v2/databases/${enc(api.db.name)}/properties`, { method: 'PUT', headers: J, body: JSON.stringify({ 'range-element-index': [index] }) });
    expect(indexed.status).toBe(204);
    const put = (body: string) => api.fetch('/v1/documents?uri=/deep.json', { method: 'PUT', body, headers: J });
    expect((await put(objects(MAX + 1, 'toodeep'))).status).toBe(400);
    expect((await put(objects(MAX, 'deepword'))).status).toBe(201);

    const search = async (q: string) => (await (await api.fetch(`/v1/search?format=json&q=${q}`)).json()).results as Array<{ uri: string; matches: Array<{ 'match-text': unknown[] }> }>;
    const found = await search('deepword');
    expect(found.map((r) => r.uri)).toEqual(['/deep.json']);
    expect(JSON.stringify(found[0].matches)).toContain('deepword');

    for (const selected of ['include', 'include-with-ancestors', 'exclude', 'all']) {
      const options = { 'extract-document-data': { selected, 'extract-path': [innermost(MAX)] } };
      const extracted = await api.fetch('/v1/search?format=json', { method: 'POST', headers: J, body: JSON.stringify({ search: { qtext: 'deepword', options } }) });
      expect(extracted.status, selected).toBe(200);
      if (selected === 'include') expect(await extracted.text()).toContain('"deepword"');
    }

    const range = JSON.stringify({ query: { 'range-query': { 'json-property': 'k', type: 'xs:string', collation: index.collation, value: 'deepword' } } });
    const inRange = await (await api.fetch(`/v1/search?format=json&structuredQuery=${enc(range)}`)).json();
    expect(inRange.results.map((r: { uri: string }) => r.uri)).toEqual(['/deep.json']);

    const read = await api.fetch('/v1/documents?uri=/deep.json');
    expect(await read.text()).toBe(objects(MAX, 'deepword'));

    const patch = { patch: [{ replace: { select: innermost(MAX), content: 'patchedword' } }] };
    const patched = await api.fetch('/v1/documents?uri=/deep.json', { method: 'PATCH', body: JSON.stringify(patch), headers: J });
    expect(patched.status).toBe(204);
    expect(await (await api.fetch('/v1/documents?uri=/deep.json')).text()).toBe(objects(MAX, 'patchedword'));
    expect((await search('patchedword')).map((r) => r.uri)).toEqual(['/deep.json']);
    expect(await search('deepword')).toEqual([]);

    expect((await api.fetch('/v1/documents?uri=/deep.json', { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch('/v1/documents?uri=/deep.json')).status).toBe(404);
  });

  test('an XML document at the limit is written, searched, read, patched and deleted; one level deeper is refused', async () => {
    const api = await testApi();
    const put = (body: string) => api.fetch('/v1/documents?uri=/deep.xml', { method: 'PUT', body, headers: X });
    expect((await put(elements(MAX + 1, 'toodeep'))).status).toBe(400);
    expect((await put(elements(MAX, 'deepword'))).status).toBe(201);

    const search = async (q: string) => (await (await api.fetch(`/v1/search?format=json&q=${q}`)).json()).results as Array<{ uri: string; matches: unknown[] }>;
    const found = await search('deepword');
    expect(found.map((r) => r.uri)).toEqual(['/deep.xml']);
    expect(JSON.stringify(found[0].matches)).toContain('deepword');
    // The XML search response embeds the snippet's elements.
    expect((await api.fetch('/v1/search?format=xml&q=deepword')).status).toBe(200);

    for (const selected of ['include', 'include-with-ancestors', 'exclude', 'all']) {
      const options = { 'extract-document-data': { selected, 'extract-path': [`${'/a'.repeat(MAX)}`] } };
      const extracted = await api.fetch('/v1/search?format=xml', { method: 'POST', headers: J, body: JSON.stringify({ search: { qtext: 'deepword', options } }) });
      expect(extracted.status, selected).toBe(200);
      if (selected === 'include') expect(await extracted.text()).toContain('<a>deepword</a>');
    }

    expect(await (await api.fetch('/v1/documents?uri=/deep.xml')).text()).toBe(elements(MAX, 'deepword'));

    const patch = `<rapi:patch xmlns:rapi="http://marklogic.com/rest-api"><rapi:replace select="//a[not(a)]/text()">patchedword</rapi:replace></rapi:patch>`;
    const patched = await api.fetch('/v1/documents?uri=/deep.xml', { method: 'PATCH', body: patch, headers: X });
    expect(patched.status, await patched.text()).toBe(204);
    expect(await (await api.fetch('/v1/documents?uri=/deep.xml')).text()).toBe(elements(MAX, 'patchedword'));
    expect((await search('patchedword')).map((r) => r.uri)).toEqual(['/deep.xml']);

    expect((await api.fetch('/v1/documents?uri=/deep.xml', { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch('/v1/documents?uri=/deep.xml')).status).toBe(404);
  });

  test('a string query nested to the limit, in groups or negations, is searched; one level deeper is refused', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/documents?uri=/w.json', { method: 'PUT', body: '{"a":"word"}', headers: J })).status).toBe(201);
    const search = (q: string) => api.fetch(`/v1/search?format=json&q=${enc(q)}`);
    const uris = async (q: string) => ((await (await search(q)).json()).results as Array<{ uri: string }>).map((r) => r.uri);
    expect(await uris(`${'('.repeat(MAX)}word${')'.repeat(MAX)}`)).toEqual(['/w.json']);
    // An even number of negations is the word itself.
    expect(await uris(`${'-'.repeat(MAX)}word`)).toEqual(['/w.json']);
    expect(await uris(`${'-'.repeat(MAX - 1)}word`)).toEqual([]);
    for (const q of [`${'('.repeat(MAX + 1)}word${')'.repeat(MAX + 1)}`, `${'-'.repeat(MAX + 1)}word`, `${'-('.repeat(MAX / 2)}-word${')'.repeat(MAX / 2)}`]) {
      const res = await search(q);
      expect(res.status).toBe(400);
      expect((await res.json()).errorResponse.messageCode).toBe('TABULA-LIMIT');
    }
  });

  test('metadata whose property is at the limit round-trips through JSON and XML, and is searchable; one level deeper is refused', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/documents?uri=/m.json', { method: 'PUT', body: '{"a":1}', headers: J })).status).toBe(201);
    const metadataPath = '/v1/documents?uri=/m.json&category=metadata';
    // Properties are held to the limit in their XML form, where the string is an element
    // too: rapi:metadata, prop:properties, then one <k> per object and one for the string.
    // In JSON that is the body's object, then `depth - 2` objects of properties.
    const body = (xmlDepth: number) => `{"properties":${objects(xmlDepth - 2, 'propword')}}`;
    const refused = await api.fetch(metadataPath, { method: 'PUT', body: body(MAX + 1), headers: J });
    expect((await refused.json()).errorResponse.messageCode).toBe('TABULA-LIMIT');
    expect((await api.fetch(metadataPath, { method: 'PUT', body: body(MAX), headers: J })).status).toBe(204);

    const asJson = await (await api.fetch(`${metadataPath}&format=json`)).json();
    expect(JSON.stringify(asJson.properties)).toBe(objects(MAX - 2, 'propword'));
    const asXml = await (await api.fetch(`${metadataPath}&format=xml`)).text();
    expect(asXml).toContain(`${'<k>'.repeat(MAX - 2)}propword${'</k>'.repeat(MAX - 2)}`);
    const deeperXml = asXml.replace('propword', '<k>propword</k>');
    expect((await (await api.fetch(metadataPath, { method: 'PUT', body: deeperXml, headers: X })).json()).errorResponse.messageCode).toBe('TABULA-LIMIT');

    // The XML representation, sent back, stores the same properties.
    expect((await api.fetch(metadataPath, { method: 'PUT', body: asXml, headers: X })).status).toBe(204);
    expect((await (await api.fetch(`${metadataPath}&format=json`)).json()).properties).toEqual(asJson.properties);

    const query = JSON.stringify({ query: { 'properties-fragment-query': { 'term-query': { text: 'propword' } } } });
    const props = await (await api.fetch(`/v1/search?format=json&structuredQuery=${enc(query)}`)).json();
    expect(props.results.map((r: { uri: string }) => r.uri)).toEqual(['/m.json']);
  });
});
