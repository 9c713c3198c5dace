/**
 * The client against Tabula's real handler (fresh in-memory database per test):
 * what it writes comes back as written, and the server's errors reach the caller
 * as ApiErrors with the server's own codes.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { ApiError, createClient, type ClientOptions, type TabulaClient } from './create-client';

let client: TabulaClient;
let connect: (options?: Omit<ClientOptions, 'fetch' | 'baseUrl'>) => TabulaClient;

beforeEach(async () => {
  const api = await testApi();
  connect = (options = {}) => createClient({ ...options, baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  client = connect();
});

const rejection = (p: Promise<unknown>) => p.then(
  () => { throw new Error('expected a rejection'); },
  (e: unknown) => e as ApiError,
);

describe('documents', () => {
  test('write reports creation, then replacement, and read returns the stored JSON', async () => {
    expect(await client.documents.write('/a/one.json', '{ "n": 1 }')).toEqual({ created: true });
    expect(await client.documents.write('/a/one.json', '{ "n": 2 }')).toEqual({ created: false });
    const doc = await client.documents.read('/a/one.json');
    expect(doc).toMatchObject({ uri: '/a/one.json', format: 'json', contentType: 'application/json' });
    expect(doc.format === 'json' && JSON.parse(doc.text)).toEqual({ n: 2 });
  });

  test.for([
    { name: 'XML', uri: '/x/note.xml', content: '<note><to>Kim</to></note>', format: 'xml' },
    { name: 'text', uri: '/x/readme.txt', content: 'two\nlines', format: 'text' },
  ] as const)('$name round-trips as written', async ({ uri, content, format }) => {
    await client.documents.write(uri, content);
    const doc = await client.documents.read(uri);
    expect(doc.format).toBe(format);
    expect(doc.format !== 'binary' && doc.text).toBe(content);
  });

  test('binary content round-trips byte for byte', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]);
    await client.documents.write('/img/p.png', bytes);
    const doc = await client.documents.read('/img/p.png');
    if (doc.format !== 'binary') throw new Error(`read as ${doc.format}`);
    expect(doc.size).toBe(bytes.length);
    expect(new Uint8Array(await doc.blob.arrayBuffer())).toEqual(bytes);
  });

  test('a new document carries the writer’s default permissions (none for admin), and its metadata can be replaced', async () => {
    await client.documents.write('/m.json', '{}');
    const before = await client.documents.readMetadata('/m.json');
    expect(before.collections).toEqual([]);
    expect(before.permissions).toEqual([]);
    await client.documents.writeMetadata('/m.json', { collections: ['c1', 'c2'], quality: 3, metadataValues: { source: 'test' } });
    const after = await client.documents.readMetadata('/m.json');
    expect(after).toMatchObject({ collections: ['c1', 'c2'], quality: 3, metadataValues: { source: 'test' } });
  });

  test('remove deletes, and reading then fails with the server 404 RESTAPI-NODOCUMENT', async () => {
    await client.documents.write('/gone.json', '{}');
    await client.documents.remove('/gone.json');
    const err = await rejection(client.documents.read('/gone.json'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.statusCode).toBe(404);
    expect(err.messageCode).toBe('RESTAPI-NODOCUMENT');
    expect(err.message).toContain('/gone.json');
  });

  test('invalid JSON content is refused with the server message', async () => {
    const err = await rejection(client.documents.write('/bad.json', '{"a":'));
    expect(err.statusCode).toBe(400);
    expect(err.messageCode).toBe('XDMP-JSONDOC');
  });

  test('a rest-reader cannot write: 403 SEC-PRIV', async () => {
    const reader = connect({ user: 'rest-reader', password: 'rest-reader' });
    const err = await rejection(reader.documents.write('/r.json', '{}'));
    expect(err.statusCode).toBe(403);
    expect(err.messageCode).toBe('SEC-PRIV');
  });
});

describe('bulk write and listing', () => {
  test('bulkWrite writes in batches with progress, and search.list pages through a directory', async () => {
    const docs = Array.from({ length: 45 }, (_, i) => ({ uri: `/bulk/${String(i).padStart(2, '0')}.json`, content: JSON.stringify({ i }) }));
    docs.push({ uri: '/elsewhere/x.json', content: '{}' });
    const progress: number[] = [];
    const written = await client.documents.bulkWrite(docs, { batchSize: 20, onProgress: (p) => progress.push(p.written) });
    expect(progress).toEqual([0, 20, 40, 46]);
    expect(written.map((d) => d.uri).sort()).toEqual(docs.map((d) => d.uri).sort());

    const page2 = await client.search.list({ directory: '/bulk', start: 21, pageLength: 20 });
    expect(page2.total).toBe(45);
    expect(page2.start).toBe(21);
    expect(page2.results).toHaveLength(20);
    expect(page2.results.every((r) => r.uri.startsWith('/bulk/') && r.format === 'json')).toBe(true);
    const all = await client.search.list({ pageLength: 100 });
    expect(all.total).toBe(46);
  });

  test('bulkWrite applies default metadata, and search.list filters by that collection', async () => {
    await client.documents.write('/plain.json', '{}');
    await client.documents.bulkWrite(
      [
        { uri: '/tagged/a.json', content: '{}' },
        { uri: '/tagged/b.xml', content: new Blob(['<b/>'], { type: 'application/xml' }) },
      ],
      { defaultMetadata: { collections: ['tagged'] } },
    );
    const tagged = await client.search.list({ collection: 'tagged' });
    expect(tagged.results.map((r) => r.uri).sort()).toEqual(['/tagged/a.json', '/tagged/b.xml']);
  });

  test('search.remove deletes a directory and leaves the rest', async () => {
    await client.documents.bulkWrite([
      { uri: '/tmp/a.json', content: '{}' },
      { uri: '/tmp/sub/b.json', content: '{}' },
      { uri: '/keep.json', content: '{}' },
    ]);
    await client.search.remove({ directory: '/tmp' });
    const left = await client.search.list();
    expect(left.results.map((r) => r.uri)).toEqual(['/keep.json']);
  });

  test('a failing batch is refused as a whole with the server error', async () => {
    const err = await rejection(
      client.documents.bulkWrite([
        { uri: '/ok.json', content: '{}' },
        { uri: '/broken.json', content: '{"a":' },
      ]),
    );
    expect(err.statusCode).toBe(400);
    expect((await client.search.list()).total).toBe(0);
  });
});

test('ping answers', async () => {
  await expect(client.ping()).resolves.toBeUndefined();
});

describe('database', () => {
  test('reset empties the database; a non-admin is refused with SEC-PRIV', async () => {
    await client.documents.write('/r.json', '{"a":1}');
    const writer = connect({ user: 'rest-writer', password: 'rest-writer' });
    const refused = await rejection(writer.database.reset());
    expect([refused.statusCode, refused.messageCode]).toEqual([403, 'SEC-PRIV']);
    const kept = await client.documents.read('/r.json');
    expect(kept.format === 'json' && JSON.parse(kept.text)).toEqual({ a: 1 });
    await client.database.reset();
    expect((await rejection(client.documents.read('/r.json'))).statusCode).toBe(404);
  });
});
