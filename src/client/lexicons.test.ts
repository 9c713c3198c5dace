/**
 * The lexicons module against Tabula's real handler: what it sends (a combined query with the
 * definition inline, the scope as parameters) and that the answers are the database's URIs
 * and collections, in the order and with the counts computed here from what was written.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepWithBody, recordingClient } from '../../test/recording-client';
import { ApiError, createClient, type TabulaClient } from './create-client';
import { lexiconRequest } from './lexicons';

const DOCS: Array<{ uri: string; collections: string[] }> = [
  { uri: '/b/2.json', collections: ['shop'] },
  { uri: '/a/1.json', collections: ['shop', 'sale'] },
  { uri: '/a/Z.json', collections: [] },
  { uri: '/a.json', collections: ['sale'] },
  { uri: 'bare.json', collections: ['other'] },
  { uri: '/b/sub/3.json', collections: ['shop'] },
];
const codepoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

let client: TabulaClient;

beforeAll(async () => {
  const api = await testApi();
  client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  // Off by default, as on MarkLogic.
  await client.indexes.update({ 'collection-lexicon': true }, { database: api.db.name });
  for (const d of DOCS) await client.documents.write(d.uri, '{"x":1}', { collections: d.collections });
});

describe('uris', () => {
  test('every URI in codepoint order, paged by position', async () => {
    const all = DOCS.map((d) => d.uri).sort(codepoint);
    expect(await client.lexicons.uris()).toEqual(all);
    expect(await client.lexicons.uris({ start: 2, pageLength: 3 })).toEqual(all.slice(1, 4));
    expect(await client.lexicons.uris({ start: 99, pageLength: 3 })).toEqual([]);
  });

  test('restricted to a directory and a collection', async () => {
    expect(await client.lexicons.uris({ directory: '/b/' })).toEqual(DOCS.filter((d) => d.uri.startsWith('/b/')).map((d) => d.uri).sort(codepoint));
    expect(await client.lexicons.uris({ directory: '/a', collection: 'shop' })).toEqual(['/a/1.json']);
  });
});

describe('collections', () => {
  test('each collection with its number of documents, optionally by prefix and within a directory', async () => {
    const counts = new Map<string, number>();
    for (const d of DOCS) for (const c of d.collections) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = [...counts].sort(([a], [b]) => codepoint(a, b)).map(([value, frequency]) => ({ value, frequency }));
    expect(await client.lexicons.collections()).toEqual(expected);
    expect(await client.lexicons.collections({ prefix: 's' })).toEqual(expected.filter((c) => c.value.startsWith('s')));
    expect(await client.lexicons.collections({ directory: '/b/' })).toEqual([{ value: 'shop', frequency: 2 }]);
  });
});

test('the request: POST /v1/values/{name} with the definition inline, scope and paging as parameters', async () => {
  const { client: recording, requests } = recordingClient(
    () => new Response(JSON.stringify({ 'values-response': { name: 'x', 'distinct-value': [{ frequency: 1, _value: '/a.json' }] } }), { headers: { 'content-type': 'application/json' } }),
    keepWithBody,
  );
  expect(await recording.lexicons.uris({ directory: '/a/', collection: ['c1', 'c2'], start: 3, pageLength: 10 })).toEqual(['/a.json']);
  const [{ req, body }] = requests;
  const url = new URL(req.url);
  expect([req.method, url.pathname]).toEqual(['POST', '/v1/values/tabula-console-uris']);
  expect([...url.searchParams]).toEqual([
    ['collection', 'c1'],
    ['collection', 'c2'],
    ['directory', '/a/'],
    ['start', '3'],
    ['pageLength', '10'],
    ['format', 'json'],
  ]);
  expect(JSON.parse(body)).toEqual({ search: { options: { values: [{ name: 'tabula-console-uris', uri: null }] } } });
  expect(JSON.parse(lexiconRequest('c', { collection: { prefix: 'p' } }, {}).body)).toEqual({ search: { options: { values: [{ name: 'c', collection: { prefix: 'p' } }] } } });
});

test('a database without the collection lexicon answers an ApiError naming it', async () => {
  const api = await testApi();
  await api.fetch(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'collection-lexicon': false }),
  });
  const other = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  const error = await other.lexicons.collections().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).messageCode).toBe('XDMP-COLLXCNNOTFOUND');
});
