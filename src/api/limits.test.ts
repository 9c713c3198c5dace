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
