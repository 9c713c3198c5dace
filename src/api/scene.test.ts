/**
 * `GET` and `PUT /tabula/v1/scene` through the handler: a whole database exported, and
 * imported into another, gives back the same documents (bytes and metadata), triples,
 * graph permissions, option sets, index settings, properties, roles and users; any damaged
 * or invalid scene is refused with TABULA-BADSCENE naming what is wrong, and changes nothing.
 * Expected states are read from the source database, never written out here.
 */
import { describe, expect, test } from 'vitest';
import { makeZip } from 'client-zip';
import { basic, errorOf, reopened, testApi, type TestApi } from '../../test/helpers';
import { as, filled, J, ok, visibleState } from '../../test/database-state';

const enc = new TextEncoder();

/** A database with every kind of thing a scene holds, beyond `filled`'s. */
async function rich(): Promise<TestApi> {
  const api = await filled();
  await ok(api, '/v1/documents?uri=/x/stew.xml&collection=recipes&collection=french&quality=3&value:chef=Ana', {
    method: 'PUT',
    headers: { 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?>\n<recipe  lang="fr"><title>stew</title></recipe>',
  });
  await ok(api, '/v1/documents?uri=/notes/read me.txt&perm:custom=read&perm:rest-writer=update', { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'line one\r\nline two\n' });
  await ok(api, '/v1/documents?uri=/bin/photo.png', { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array([137, 80, 78, 71, 0, 255, 1]) });
  await ok(api, '/v1/documents?uri=/bin/photo.png&category=properties', { method: 'PUT', headers: J, body: JSON.stringify({ properties: { caption: 'a pot' } }) });
  await ok(api, '/v1/graphs?default', { method: 'POST', headers: { 'content-type': 'text/turtle' }, body: '<http://e/d> <http://e/p> [ <http://e/q> "blank"@en ] .' });
  await ok(api, '/v1/graphs?graph=http://example.org/g&category=permissions', { method: 'POST', headers: J, body: JSON.stringify({ permissions: [{ 'role-name': 'custom', capabilities: ['read'] }] }) });
  await ok(api, '/manage/v2/users', { method: 'POST', headers: J, body: JSON.stringify({ 'user-name': 'alice', password: 'wonder land', role: ['custom', 'rest-writer'] }) });
  return api;
}

async function get(api: TestApi, path: string, user = 'admin'): Promise<Response> {
  return api.fetch(path, { headers: as(user) });
}

/** Every document's bytes and metadata, and every graph's triples and permissions, as a client reads them. */
async function contents(api: TestApi): Promise<unknown> {
  const list = (await (await get(api, '/v1/search?format=json&pageLength=100')).json()) as { results: Array<{ uri: string }> };
  const uris = list.results.map((r) => r.uri).sort();
  const documents = await Promise.all(
    uris.map(async (uri) => {
      const content = await get(api, `/v1/documents?uri=${encodeURIComponent(uri)}`);
      const metadata = await (await get(api, `/v1/documents?uri=${encodeURIComponent(uri)}&category=metadata&format=json`)).json();
      return { uri, type: content.headers.get('content-type'), bytes: [...new Uint8Array(await content.arrayBuffer())], metadata };
    }),
  );
  const graphList = (await (await get(api, '/v1/graphs')).text()).split(/\r?\n/).filter(Boolean).sort();
  // Each graph's triples (the default graph's too), as N-Quads lines: blank node labels survive an import as they were.
  const nquads: Record<string, string[]> = {};
  for (const graph of graphList) {
    const res = await api.fetch(`/v1/graphs?graph=${encodeURIComponent(graph)}`, { headers: as('admin', { accept: 'application/n-quads' }) });
    nquads[graph] = (await res.text()).split('\n').filter(Boolean).sort();
  }
  const permissions = await (await get(api, '/v1/graphs?graph=http://example.org/g&category=permissions&format=json')).json();
  return { documents, graphList, nquads, permissions };
}

async function exported(api: TestApi): Promise<Uint8Array> {
  const res = await get(api, '/tabula/v1/scene');
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tabula-.*\.zip"$/);
  return new Uint8Array(await res.arrayBuffer());
}

const put = (api: TestApi, body: Uint8Array, query = '', user = 'admin', type = 'application/zip') =>
  api.fetch(`/tabula/v1/scene${query}`, { method: 'PUT', headers: as(user, { 'content-type': type }), body: body as Uint8Array<ArrayBuffer> });

/** A zip of `entries` (name → text or bytes), as a script building a scene would write it. */
async function zipOf(entries: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const files = Object.entries(entries).map(([name, input]) => ({ name, input: typeof input === 'string' ? enc.encode(input) : input, lastModified: new Date(0) }));
  return new Uint8Array(await new Response(makeZip(files)).arrayBuffer());
}

const manifest = JSON.stringify({ format: 'tabula-scene', version: 1 });
/** `n` valid documents with their metadata, as scene entries. */
const manyDocuments = (n: number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [[`documents/m${i}.json`, `{"n":${i}}`], [`metadata/m${i}.json.json`, meta(`/m${i}.json`)]]).flat());
const meta = (uri: string, extra: object = {}) => JSON.stringify({ uri, format: 'json', mimeType: 'application/json', collections: [], permissions: [{ 'role-name': 'rest-reader', capabilities: ['read'] }], ...extra });

describe('GET then PUT /tabula/v1/scene', () => {
  test('export, then import into a fresh database, gives back everything a client can see', async () => {
    const source = await rich();
    const scene = await exported(source);
    const target = await testApi({ auth: 'http' });
    const res = await put(target, scene);
    expect(res.status, await res.clone().text()).toBe(200);
    const sourceDocs = ((await (await get(source, '/v1/search?format=json&pageLength=0')).json()) as { total: number }).total;
    expect(await res.json()).toMatchObject({ documents: sourceDocs, graphs: expect.any(Number), queryOptions: 1 });
    expect(await visibleState(target)).toEqual(await visibleState(source));
    const expected = (await contents(source)) as { nquads: Record<string, string[]> };
    // Not a comparison of two empty lists: the named graph's triple and the default graph's two (one a blank node).
    expect(Object.values(expected.nquads).flat().length).toBe(3);
    expect(await contents(target)).toEqual(expected);
    // Users come with their password digests: alice logs in with her password.
    expect((await target.fetch('/v1/documents?uri=/notes/read%20me.txt', { headers: { authorization: basic('alice', 'wonder land') } })).status).toBe(200);
    // A second export of the imported database holds the same entries, byte for byte but the manifest's time.
    const again = await exported(target);
    const again2 = await exported(source);
    expect(again.length).toBe(again2.length);
  });

  test('an export read while writes are sent is one state: the writes wait, then land', async () => {
    const api = await rich();
    const res = await get(api, '/tabula/v1/scene');
    const reader = res.body!.getReader();
    await reader.read(); // the export now holds the write queue
    const write = api.fetch('/v1/documents?uri=/late.json', { method: 'PUT', headers: as('admin', J), body: '{"late":true}' });
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect((await write).status).toBe(201);
    const text = new TextDecoder('latin1').decode(Buffer.concat(chunks));
    expect(text).not.toContain('documents/late.json');
  });

  test('replace empties what the scene does not hold; merge keeps it', async () => {
    const source = await testApi({ auth: 'http' });
    await ok(source, '/v1/documents?uri=/from-scene.json&perm:rest-reader=read', { method: 'PUT', headers: J, body: '{"s":1}' });
    const scene = await exported(source);
    for (const [query, keeps] of [['', false], ['?mode=merge', true]] as const) {
      const target = await rich();
      expect((await put(target, scene, query)).status).toBe(200);
      expect((await get(target, '/v1/documents?uri=/from-scene.json')).status).toBe(200);
      expect((await get(target, '/v1/documents?uri=/a.json')).status).toBe(keeps ? 200 : 404);
      expect((await get(target, '/v1/graphs?graph=http://example.org/g')).status).toBe(keeps ? 200 : 404);
      // The seeded users always log in.
      expect((await get(target, '/v1/documents?uri=/from-scene.json', 'rest-reader')).status).toBe(200);
    }
  });

  test('merging a scene twice: its blank nodes stay apart from those already stored, its IRIs do not', async () => {
    const api = await testApi({ auth: 'http' });
    const triples = ['<http://e/s> <http://e/p> "plain" .', '_:b1 <http://e/p> "blank" .', '<http://e/s> <http://e/q> _:b1 .'];
    const scene = await zipOf({ 'manifest.json': manifest, 'triples/quads.nq': `${triples.join('\n')}\n` });
    const count = async (pattern: string) => {
      const res = await api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(`SELECT (COUNT(*) AS ?n) WHERE { ${pattern} }`)}`, { headers: as('admin', { accept: 'application/sparql-results+json' }) });
      return Number(((await res.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value);
    };
    expect((await put(api, scene, '?mode=merge')).status).toBe(200);
    expect((await put(api, scene, '?mode=merge')).status).toBe(200);
    expect(await count('?s <http://e/p> "plain"')).toBe(1);
    expect(await count('?s <http://e/p> "blank"')).toBe(2);
    // Within one import a label is one node: each blank node is the object of its own import's triple.
    expect(await count('<http://e/s> <http://e/q> ?b . ?b <http://e/p> "blank"')).toBe(2);
  });

  test('while an import runs, /scene/progress says where it is and a second import is refused 409 TABULA-BUSY', async () => {
    const api = await testApi({ auth: 'http' });
    const entries: Record<string, string> = { 'manifest.json': manifest };
    for (let i = 0; i < 3_000; i++) entries[`documents/d${i}.json`] = `{"i":${i}}`;
    const scene = await zipOf(entries);
    expect(await (await get(api, '/tabula/v1/scene/progress')).json()).toEqual({ importing: false });
    const first = put(api, scene);
    // The import yields between batches of documents: the poll is answered meanwhile.
    let seen: { importing: boolean; phase?: string; done?: number; total?: number } = { importing: false };
    for (let i = 0; i < 200 && !seen.importing; i++) {
      await new Promise((r) => setTimeout(r, 1));
      seen = await (await get(api, '/tabula/v1/scene/progress')).json();
    }
    expect(seen).toMatchObject({ importing: true, phase: expect.stringMatching(/^(documents|triples|writing)$/) });
    expect(await errorOf(await put(api, scene))).toMatchObject({ status: 409, code: 'TABULA-BUSY' });
    expect((await first).status).toBe(200);
    expect(await (await get(api, '/tabula/v1/scene/progress')).json()).toEqual({ importing: false });
  });

  test('a hand-made scene: documents without metadata take their URI from the path and the REST defaults', async () => {
    const api = await testApi({ auth: 'http' });
    const scene = await zipOf({ 'manifest.json': manifest, 'documents/people/ann%20lee.json': '{"name":"Ann"}', 'documents/readme.txt': 'hello' });
    expect((await put(api, scene)).status).toBe(200);
    expect(await (await get(api, '/v1/documents?uri=/people/ann%20lee.json', 'rest-reader')).json()).toEqual({ name: 'Ann' });
    expect(await (await get(api, '/v1/documents?uri=/readme.txt', 'rest-reader')).text()).toBe('hello');
  });
});

describe('PUT /tabula/v1/scene refuses what it cannot import, and nothing changes', () => {
  const cases: Array<{ name: string; scene: () => Promise<Uint8Array>; status?: number; code?: string; message: RegExp; query?: string; user?: string; type?: string }> = [
    { name: 'not a zip', scene: async () => enc.encode('hello, world'), message: /not a zip archive/ },
    { name: 'empty', scene: async () => new Uint8Array(0), message: /not a zip archive/ },
    { name: 'truncated', scene: async () => (await zipOf({ 'manifest.json': manifest, 'documents/a.json': '{}' })).slice(0, -30), message: /truncated|not a zip/ },
    {
      name: 'a flipped byte in an entry',
      scene: async () => {
        const z = await zipOf({ 'manifest.json': manifest, 'documents/a.json': '{"abc":1}' });
        const at = Buffer.from(z).indexOf('{"abc"');
        z[at + 2] ^= 0x20;
        return z;
      },
      message: /documents\/a\.json: the CRC does not match/,
    },
    { name: 'no manifest', scene: () => zipOf({ 'documents/a.json': '{}' }), message: /no manifest\.json/ },
    { name: 'an unknown format version', scene: () => zipOf({ 'manifest.json': JSON.stringify({ format: 'tabula-scene', version: 9 }) }), message: /format version 9 is unknown; this Tabula reads version 1/ },
    { name: 'another format', scene: () => zipOf({ 'manifest.json': JSON.stringify({ format: 'other', version: 1 }) }), message: /format is "other"/ },
    { name: 'a JSON document that is not JSON', scene: () => zipOf({ 'manifest.json': manifest, 'documents/a.json': '{"a":', 'metadata/a.json.json': meta('/a.json') }), message: /documents\/a\.json: XDMP-JSONDOC/ },
    { name: 'a JSON document nested deeper than a write allows', scene: () => zipOf({ 'manifest.json': manifest, 'documents/a.json': `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'metadata/a.json.json': meta('/a.json') }), message: /documents\/a\.json: TABULA-LIMIT/ },
    { name: 'XML that is not well-formed', scene: () => zipOf({ 'manifest.json': manifest, 'documents/a.xml': '<a><b></a>', 'metadata/a.xml.json': meta('/a.xml', { format: 'xml', mimeType: 'application/xml' }) }), message: /documents\/a\.xml: XDMP-/ },
    { name: 'metadata naming a role that does not exist', scene: () => zipOf({ 'manifest.json': manifest, 'documents/a.json': '{}', 'metadata/a.json.json': meta('/a.json', { permissions: [{ 'role-name': 'ghost', capabilities: ['read'] }] }) }), message: /metadata\/a\.json\.json: SEC-ROLEDNE/ },
    { name: 'metadata without its document', scene: () => zipOf({ 'manifest.json': manifest, 'metadata/a.json.json': meta('/a.json') }), message: /metadata for a document the scene does not hold/ },
    { name: 'two entries for one URI', scene: () => zipOf({ 'manifest.json': manifest, 'documents/a.json': '{}', 'documents/b.json': '{}', 'metadata/b.json.json': meta('/a.json') }), message: /a second document with URI \/a\.json/ },
    { name: 'N-Quads that do not parse', scene: () => zipOf({ 'manifest.json': manifest, 'triples/quads.nq': '<http://e/s> <http://e/p> .\n' }), message: /triples\/quads\.nq/ },
    { name: 'options that do not validate', scene: () => zipOf({ 'manifest.json': manifest, 'config/query-options/o.json': JSON.stringify({ options: { 'no-such-option': 1 } }) }), message: /config\/query-options\/o\.json/ },
    { name: 'a bad property', scene: () => zipOf({ 'manifest.json': manifest, 'config/properties.json': JSON.stringify({ 'default-time-limit': 'soon' }) }), message: /config\/properties\.json: RESTAPI-INVALIDCONTENT/ },
    { name: 'a user with a clear password', scene: () => zipOf({ 'manifest.json': manifest, 'security/users.json': JSON.stringify([{ name: 'bob', password: 'x', roles: [] }]) }), message: /security\/users\.json \[0\]: bob: digestHa1/ },
    { name: 'an entry that is not part of a scene', scene: () => zipOf({ 'manifest.json': manifest, 'README.txt': 'hi' }), message: /README\.txt: not part of a version 1 scene/ },
    // Failures after the import has written batches inside its transaction (scene/commit.ts): it aborts.
    {
      name: 'triples that parse, then a document that is not JSON',
      scene: () => zipOf({ 'manifest.json': manifest, 'triples/quads.nq': '<http://e/s> <http://e/p> "o" .\n', 'documents/a.json': '{"a":', 'metadata/a.json.json': meta('/a.json') }),
      message: /documents\/a\.json: XDMP-JSONDOC/,
    },
    {
      name: 'more documents than a batch, then one whose metadata names a missing role',
      scene: () => zipOf({ 'manifest.json': manifest, ...manyDocuments(1_500), 'documents/z.json': '{}', 'metadata/z.json.json': meta('/z.json', { permissions: [{ 'role-name': 'ghost', capabilities: ['read'] }] }) }),
      message: /metadata\/z\.json\.json: SEC-ROLEDNE/,
    },
    { name: 'more documents than a batch, then metadata without its document', scene: () => zipOf({ 'manifest.json': manifest, ...manyDocuments(1_500), 'metadata/zz.json.json': meta('/zz.json') }), message: /metadata for a document the scene does not hold/ },
    { name: 'mode=bogus', scene: () => zipOf({ 'manifest.json': manifest }), query: '?mode=bogus', code: 'REST-INVALIDPARAM', message: /mode/ },
    { name: 'a non-admin', scene: () => zipOf({ 'manifest.json': manifest }), user: 'rest-admin', status: 403, code: 'SEC-PRIV', message: /./ },
    { name: 'a body that is not a zip by its type', scene: () => zipOf({ 'manifest.json': manifest }), type: 'application/json', status: 415, code: 'RESTAPI-INVALIDMIMETYPE', message: /application\/zip/ },
  ];
  test.for(cases)('$name', async ({ scene, status, code, message, query, user, type }) => {
    const api = await rich();
    const before = await contents(api);
    const error = await errorOf(await put(api, await scene(), query, user, type));
    expect(error).toMatchObject({ status: status ?? 400, code: code ?? 'TABULA-BADSCENE' });
    expect(error.message).toMatch(message);
    expect(await contents(api)).toEqual(before);
    // What is stored, not only what the parts hold in memory: nothing was committed.
    expect(await contents(await reopened(api))).toEqual(before);
  });

  test('export is admin only', async () => {
    const api = await rich();
    expect(await errorOf(await get(api, '/tabula/v1/scene', 'rest-admin'))).toMatchObject({ status: 403, code: 'SEC-PRIV' });
  });
});
