/**
 * The client's scenes and snapshots against Tabula's real handler (a fresh in-memory
 * database per test): an exported scene imports into another database with the same
 * documents, progress is reported while an import runs, snapshots save, list, download,
 * restore and go; refusals reach the caller as ApiErrors with the server's code and message,
 * and change nothing.
 */
import { describe, expect, test } from 'vitest';
import { makeZip } from 'client-zip';
import { testApi, type TestApi } from '../../test/helpers';
import { ApiError, createClient, type SceneProgress, type TabulaClient } from './create-client';
import { dispositionName } from './scenes';

const connect = (api: TestApi, user?: string): TabulaClient =>
  createClient({ baseUrl: 'http://localhost:8000', user, password: user, fetch: (input, init) => api.fetch(String(input), init) });

async function fresh(): Promise<{ api: TestApi; client: TabulaClient }> {
  const api = await testApi();
  return { api, client: connect(api) };
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError,
  );

const docs = [
  { uri: '/a.json', content: '{"a":1}' },
  { uri: '/x/b.xml', content: '<b>two</b>' },
  { uri: '/notes/c.txt', content: 'three\n' },
];

/** Every document's URI and text, sorted by URI: what a reader sees of the database. */
async function documentsOf(client: TabulaClient): Promise<Array<{ uri: string; text: string }>> {
  const { results } = await client.search.list({ pageLength: 100 });
  const uris = results.map((r) => r.uri).sort();
  return Promise.all(uris.map(async (uri) => {
    const doc = await client.documents.read(uri);
    return { uri, text: doc.format === 'binary' ? `${doc.size} bytes` : doc.text };
  }));
}

async function seeded(): Promise<{ api: TestApi; client: TabulaClient }> {
  const source = await fresh();
  await source.client.documents.bulkWrite(docs, { defaultMetadata: { collections: ['seed'] } });
  await source.client.graphs.write('http://example.org/g', '<http://e/s> <http://e/p> "o" .', { contentType: 'text/turtle', mode: 'replace' });
  return source;
}

/** A hand-made scene of `n` small JSON documents, as a script would build one. */
async function sceneOf(n: number): Promise<Blob> {
  const enc = new TextEncoder();
  const files = [{ name: 'manifest.json', input: enc.encode(JSON.stringify({ format: 'tabula-scene', version: 1 })), lastModified: new Date(0) }];
  for (let i = 0; i < n; i++) files.push({ name: `documents/d${i}.json`, input: enc.encode(`{"i":${i}}`), lastModified: new Date(0) });
  return new Response(makeZip(files)).blob();
}

describe('database.exportScene and importScene', () => {
  test('an exported scene, named as the server names it, imports into another database with the same documents', async () => {
    const source = await seeded();
    const scene = await source.client.database.exportScene();
    expect(scene).toBeInstanceOf(File);
    expect(scene.name).toMatch(new RegExp(`^tabula-${source.api.db.name}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(scene.type).toBe('application/zip');

    const target = await fresh();
    await target.client.documents.write('/only-in-target.json', '{}');
    const written = await target.client.database.importScene(scene);
    expect(written).toMatchObject({ documents: docs.length, triples: 1, queryOptions: 0 });
    expect(await documentsOf(target.client)).toEqual(await documentsOf(source.client));
    expect(await target.client.graphs.list()).toEqual(await source.client.graphs.list());
  });

  test('merge keeps what the database held', async () => {
    const source = await seeded();
    const scene = await source.client.database.exportScene();
    const target = await fresh();
    await target.client.documents.write('/only-in-target.json', '{"t":1}');
    await target.client.database.importScene(scene, { mode: 'merge' });
    const expected = [...(await documentsOf(source.client)), { uri: '/only-in-target.json', text: '{"t":1}' }].sort((a, b) => a.uri.localeCompare(b.uri));
    expect(await documentsOf(target.client)).toEqual(expected);
  });

  test('onProgress receives the server phases while the import runs, and nothing after it answered', async () => {
    const count = 3_000;
    const { client } = await fresh();
    const reports: SceneProgress[] = [];
    const written = await client.database.importScene(await sceneOf(count), { pollInterval: 1, onProgress: (p) => reports.push(p) });
    const seen = reports.length;
    expect(written.documents).toBe(count);
    expect(seen).toBeGreaterThan(0);
    for (const p of reports) {
      expect(['documents', 'triples', 'writing']).toContain(p.phase);
      expect(p.done).toBeLessThanOrEqual(p.total);
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(reports).toHaveLength(seen);
  });

  test.for([
    { name: 'a truncated export', damage: (bytes: Uint8Array) => bytes.slice(0, bytes.length - 30), message: /truncated|not a zip/ },
    { name: 'not a zip at all', damage: () => new TextEncoder().encode('hello'), message: /not a zip archive/ },
  ])('$name is refused with 400 TABULA-BADSCENE and its message, and changes nothing', async ({ damage, message }) => {
    const source = await seeded();
    const scene = new Uint8Array(await (await source.client.database.exportScene()).arrayBuffer());
    const before = await documentsOf(source.client);
    const err = await rejection(source.client.database.importScene(new Blob([damage(scene) as Uint8Array<ArrayBuffer>]), { pollInterval: 1, onProgress: () => {} }));
    expect(err).toBeInstanceOf(ApiError);
    expect([err.statusCode, err.messageCode]).toEqual([400, 'TABULA-BADSCENE']);
    expect(err.message).toMatch(message);
    expect(await documentsOf(source.client)).toEqual(before);
  });

  test('a user without the admin role can neither export nor import: 403 SEC-PRIV', async () => {
    const { api, client } = await seeded();
    const scene = await client.database.exportScene();
    const writer = connect(api, 'rest-admin');
    for (const attempt of [writer.database.exportScene(), writer.database.importScene(scene)]) {
      const err = await rejection(attempt);
      expect([err.statusCode, err.messageCode]).toEqual([403, 'SEC-PRIV']);
    }
  });
});

describe('snapshots', () => {
  test('save, list, download, restore after changes, remove', async () => {
    const { client } = await seeded();
    const saved = await documentsOf(client);
    const name = '100% before demo';
    const info = await client.snapshots.save(name);
    expect(info).toMatchObject({ name, counts: { documents: docs.length } });
    expect(await client.snapshots.list()).toEqual([info]);

    const file = await client.snapshots.download(name);
    expect(file.name).toBe(`${name}.zip`);
    expect(file.size).toBe(info.size);

    await client.documents.write('/later.json', '{}');
    await client.database.reset();
    expect(await client.snapshots.restore(name)).toMatchObject({ documents: docs.length });
    expect(await documentsOf(client)).toEqual(saved);

    await client.snapshots.remove(name);
    expect(await client.snapshots.list()).toEqual([]);
  });

  test.for([
    { name: 'restore of a missing snapshot', call: (c: TabulaClient) => c.snapshots.restore('nope'), status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'download of a missing snapshot', call: (c: TabulaClient) => c.snapshots.download('nope'), status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'remove of a missing snapshot', call: (c: TabulaClient) => c.snapshots.remove('nope'), status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'a name with a slash', call: (c: TabulaClient) => c.snapshots.save('a/b'), status: 400, code: 'REST-INVALIDPARAM' },
    { name: 'a name with a leading space', call: (c: TabulaClient) => c.snapshots.save(' a'), status: 400, code: 'REST-INVALIDPARAM' },
  ])('$name: $status $code, and no snapshot appears', async ({ call, status, code }) => {
    const { client } = await seeded();
    const err = await rejection(call(client));
    expect([err.statusCode, err.messageCode]).toEqual([status, code]);
    expect(await client.snapshots.list()).toEqual([]);
  });
});

test.for([
  { header: 'attachment; filename="tabula-Documents-2026-01-02.zip"', name: 'tabula-Documents-2026-01-02.zip' },
  { header: 'attachment; filename="100%25%20sure.zip"', name: '100% sure.zip' },
  { header: `attachment; filename*=UTF-8''caf%C3%A9.zip`, name: 'café.zip' },
  { header: 'attachment; filename=plain.zip', name: 'plain.zip' },
  { header: 'attachment; filename="a \\"q\\".zip"', name: 'a "q".zip' },
  { header: 'attachment; filename="bad%E0.zip"', name: 'bad%E0.zip' },
  { header: 'attachment', name: undefined },
  { header: null, name: undefined },
])('dispositionName($header) is $name', ({ header, name }) => {
  expect(dispositionName(header)).toBe(name);
});
