/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against the Node host, over
 * real HTTP with Digest authentication: every documents call it makes must resolve with
 * the shapes the client documents (the official MarkLogic Node.js client), which
 * proves the wire details the client depends on — challenge flow, status codes,
 * `Location`, multipart part headers, the 404 body of a missing read.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, marklogic, officialClientHost, type Pending } from './official-client-support';
import { effectiveRoles } from '../src/db/security/types';

interface Permission {
  'role-name': string;
  capabilities: string[];
}
interface DocumentDescriptor {
  uri?: string;
  content?: unknown;
  contentType?: string;
  collections?: string[] | string;
  permissions?: Permission[];
  quality?: number;
  properties?: Record<string, unknown>;
  metadataValues?: Record<string, string>;
  extension?: string;
  directory?: string;
  repair?: 'full' | 'none';
}
interface ReadDocument extends DocumentDescriptor {
  category: string[] | string;
  format?: string;
  contentLength?: string | number;
}
type PatchOperation = Record<string, unknown>;
interface DatabaseClient {
  createCollection(collection: string, ...contents: unknown[]): Pending<string[]>;
  writeCollection(collection: string, byUri: Record<string, unknown>): Pending<string[]>;
  read(...uris: string[]): Pending<unknown[]>;
  probe(uri: string): Pending<boolean>;
  remove(...uris: string[]): Pending<string[]>;
  removeCollection(collection: string): Pending<string>;
  checkConnection(): Pending<{ connected: boolean; httpStatusCode?: number; httpStatusMessage?: string }>;
  documents: {
    write(...docs: Array<DocumentDescriptor | DocumentDescriptor[]>): Pending<{ documents: Array<{ uri: string; 'mime-type'?: string; category?: string[] }> }>;
    read(...args: Array<string | { uris: string | string[]; categories?: string | string[]; range?: [number, number] }>): Pending<ReadDocument[]>;
    createWriteStream(doc: { uri: string; contentType: string }): NodeJS.WritableStream & Pending<{ documents: Array<{ uri: string }> }>;
    probe(uri: string): Pending<{ uri: string; exists: boolean; format?: string; contentType?: string }>;
    patch(uri: string, ...ops: PatchOperation[]): Pending<{ uri: string }>;
    patch(args: { uri: string; categories?: string[]; operations: PatchOperation[] }): Pending<{ uri: string }>;
    remove(...uris: string[]): Pending<{ uris: string[]; removed: boolean }>;
    removeAll(params: { collection?: string; directory?: string; all?: boolean }): Pending<Record<string, unknown>>;
  };
  release(): void;
}
interface PatchBuilder {
  insert(context: string, position: 'before' | 'after' | 'last-child', content: unknown): PatchOperation;
  replace(select: string, content: unknown): PatchOperation;
  remove(select: string): PatchOperation;
  collections: { add(name: string): PatchOperation; remove(name: string): PatchOperation };
  quality: { set(n: number): PatchOperation };
}
const pb = marklogic.patchBuilder as PatchBuilder;

const host = officialClientHost<DatabaseClient>();
let writer: DatabaseClient;
let admin: DatabaseClient;

beforeAll(async () => {
  await host.start();
  writer = host.connect('rest-writer');
  admin = host.connect('admin');
});
afterAll(() => host.stop());


const metadataOf = async (uri: string, categories: string | string[] = ['metadata']) => {
  const [doc] = await writer.documents.read({ uris: uri, categories }).result();
  return doc;
};

describe('documents.write', () => {
  test('a JSON document with collections, permissions, quality and metadata values is written and its metadata reads back', async () => {
    const uri = '/oc/write/single.json';
    const written = await writer.documents
      .write({
        uri,
        content: { name: 'single', n: 1 },
        collections: ['oc-a', 'oc-b'],
        permissions: [{ 'role-name': 'rest-reader', capabilities: ['read', 'update'] }],
        quality: 3,
        metadataValues: { source: 'official client' },
      })
      .result();
    expect(written).toEqual({ documents: [{ uri }] });

    const meta = await metadataOf(uri);
    expect(meta).toMatchObject({ uri, category: ['metadata'], collections: ['oc-a', 'oc-b'], quality: 3, metadataValues: { source: 'official client' } });
    const readerPerm = meta.permissions?.find((p) => p['role-name'] === 'rest-reader');
    expect(readerPerm?.capabilities.sort()).toEqual(['read', 'update']);
  });

  test('several documents, one with properties, go as one multipart bulk write and resolve with its documents list', async () => {
    const written = await writer.documents
      .write([
        { uri: '/oc/bulk/2.json', content: { n: 2 }, collections: ['oc-bulk'] },
        { uri: '/oc/bulk/1.json', content: { n: 1 }, properties: { reviewed: 'yes' } },
        { uri: '/oc/bulk/3.xml', content: '<n>3</n>', contentType: 'application/xml' },
      ])
      .result();
    // The client sorts by URI; the server's list is returned untouched.
    expect(written.documents).toEqual([
      { uri: '/oc/bulk/1.json', 'mime-type': 'application/json', category: ['metadata', 'content'] },
      { uri: '/oc/bulk/2.json', 'mime-type': 'application/json', category: ['metadata', 'content'] },
      { uri: '/oc/bulk/3.xml', 'mime-type': 'application/xml', category: ['metadata', 'content'] },
    ]);

    const docs = await writer.documents.read({ uris: ['/oc/bulk/1.json', '/oc/bulk/2.json'], categories: ['content', 'properties', 'collections'] }).result();
    const byUri = new Map(docs.map((d) => [d.uri, d]));
    expect(byUri.get('/oc/bulk/1.json')).toMatchObject({ content: { n: 1 }, properties: { reviewed: 'yes' } });
    expect(byUri.get('/oc/bulk/2.json')).toMatchObject({ content: { n: 2 }, collections: ['oc-bulk'] });
  });

  test('a document with an extension and a directory but no URI gets a server-assigned URI in that directory', async () => {
    const written = await writer.documents.write({ extension: 'json', directory: '/gen/', content: { generated: true } }).result();
    const uri = written.documents[0].uri;
    expect(uri).toMatch(/^\/gen\/\d+\.json$/);
    const [doc] = await writer.documents.read(uri).result();
    expect(doc).toMatchObject({ uri, format: 'json', content: { generated: true } });
  });

  test('URI-less documents in a bulk write get server-assigned URIs in their directory', async () => {
    const written = await writer.documents
      .write([
        { extension: 'json', directory: '/gen/bulk/', content: { g: 1 } },
        { extension: 'txt', directory: '/gen/bulk/', content: 'g2', contentType: 'text/plain' },
      ])
      .result();
    const uris = written.documents.map((d) => d.uri);
    expect(uris).toHaveLength(2);
    expect(uris.find((u) => u.endsWith('.json'))).toMatch(/^\/gen\/bulk\/\d+\.json$/);
    expect(uris.find((u) => u.endsWith('.txt'))).toMatch(/^\/gen\/bulk\/\d+\.txt$/);
    const docs = await writer.documents.read(...uris).result();
    const contentOf = (ext: string) => docs.find((d) => d.uri?.endsWith(ext))?.content;
    expect(contentOf('.json')).toEqual({ g: 1 });
    expect(contentOf('.txt')).toBe('g2');
  });

  test('repair: full mends malformed XML before it is stored', async () => {
    const uri = '/oc/write/repaired.xml';
    await writer.documents.write({ uri, contentType: 'application/xml', repair: 'full', content: '<doc><child>content 1</doc>' }).result();
    const [doc] = await writer.documents.read(uri).result();
    expect(doc.content).toContain('<doc><child>content 1</child></doc>');
  });

  test('a descriptor with a URI and collections but no content rewrites only the metadata', async () => {
    const uri = '/oc/write/metadata-only.json';
    await writer.documents.write({ uri, content: { keep: 'me' }, collections: ['before'], quality: 2 }).result();
    expect(await writer.documents.write({ uri, collections: ['after-1', 'after-2'] }).result()).toEqual({ documents: [{ uri }] });

    const meta = await metadataOf(uri, ['collections', 'quality']);
    expect(meta).toMatchObject({ uri, category: ['collections', 'quality'], collections: ['after-1', 'after-2'], quality: 2 });
    const [doc] = await writer.documents.read(uri).result();
    expect(doc.content).toEqual({ keep: 'me' });
  });

  test('a URI-less metadata descriptor in a bulk write is the default metadata of the documents after it', async () => {
    await writer.documents
      .write(
        { uri: '/oc/defaults/own.json', content: { own: true }, collections: ['own'], quality: 1, properties: { p: 'own' } },
        { collections: ['dflt-0', 'dflt-1'], quality: 2, properties: { p: 'default' }, metadataValues: { k: 'default' } },
        { uri: '/oc/defaults/plain.json', content: { plain: true } },
      )
      .result();
    const docs = await writer.documents.read({ uris: ['/oc/defaults/own.json', '/oc/defaults/plain.json'], categories: ['metadata', 'content'] }).result();
    const byUri = new Map(docs.map((d) => [d.uri, d]));
    expect(byUri.get('/oc/defaults/own.json')).toMatchObject({ content: { own: true }, collections: ['own'], quality: 1, properties: { p: 'own' }, metadataValues: {} });
    expect(byUri.get('/oc/defaults/plain.json')).toMatchObject({
      content: { plain: true },
      collections: ['dflt-0', 'dflt-1'],
      quality: 2,
      properties: { p: 'default' },
      metadataValues: { k: 'default' },
    });
  });

  test('a metadata-only write with every category replaces permissions, properties, quality and values', async () => {
    const uri = '/oc/write/all-metadata.json';
    await writer.documents.write({ uri, content: { k: 1 }, properties: { old: 'x' } }).result();
    await writer.documents
      .write({
        uri,
        collections: ['c2'],
        permissions: [
          { 'role-name': 'app-user', capabilities: ['read', 'update'] },
          { 'role-name': 'app-builder', capabilities: ['node-update'] },
        ],
        properties: { property1: 'value 1' },
        quality: 4,
        metadataValues: { key5: 'value 5' },
      })
      .result();
    const meta = await metadataOf(uri, 'metadata');
    expect(meta).toMatchObject({ collections: ['c2'], properties: { property1: 'value 1' }, quality: 4, metadataValues: { key5: 'value 5' } });
    expect(meta.properties).not.toHaveProperty('old');
    const perms = new Map(meta.permissions?.map((p) => [p['role-name'], [...p.capabilities].sort()]));
    expect(perms.get('app-user')).toEqual(['read', 'update']);
    expect(perms.get('app-builder')).toEqual(['node-update']);
  });

  test('a write stream sends a JSON document in chunks', async () => {
    const uri = '/oc/write/streamed.json';
    const ws = writer.documents.createWriteStream({ uri, contentType: 'application/json' });
    ws.write('{"key1"', 'utf8');
    ws.write(':"value 1"}', 'utf8');
    ws.end();
    expect((await ws.result()).documents[0].uri).toBe(uri);
    const [doc] = await writer.documents.read(uri).result();
    expect(doc.content).toEqual({ key1: 'value 1' });
  });

  test('a Buffer is written as a binary document and reads back byte for byte', async () => {
    const uri = '/oc/binary/all-bytes.png';
    const bytes = Buffer.from(Uint8Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) & 0xff));
    await writer.documents.write({ uri, content: bytes, contentType: 'image/png' }).result();
    const [doc] = await writer.documents.read(uri).result();
    expect(doc).toMatchObject({ uri, format: 'binary', contentType: 'image/png' });
    expect(Buffer.isBuffer(doc.content)).toBe(true);
    expect((doc.content as Buffer).equals(bytes)).toBe(true);
    expect(Number(doc.contentLength)).toBe(bytes.length);
  });

  test('a byte range of a binary document reads back just those bytes', async () => {
    const uri = '/oc/binary/ranged.png';
    const bytes = Buffer.from(Uint8Array.from({ length: 64 }, (_, i) => 255 - i));
    await writer.documents.write({ uri, content: bytes, contentType: 'image/png' }).result();
    const [doc] = await writer.documents.read({ uris: uri, range: [10, 15] }).result();
    expect((doc.content as Buffer).equals(bytes.subarray(10, 15))).toBe(true);
  });

  test.for([
    { name: 'an XML document', uri: '/oc/kinds/doc.xml', content: '<root a="1"><child>text</child></root>', contentType: 'application/xml', format: 'xml' },
    { name: 'a text document', uri: '/oc/kinds/doc.txt', content: 'plain text, ünïcødé ✓', contentType: 'text/plain', format: 'text' },
  ])('$name is written and reads back as a string in its format', async ({ uri, content, contentType, format }) => {
    await writer.documents.write({ uri, content, contentType }).result();
    const [doc] = await writer.documents.read(uri).result();
    expect(doc).toMatchObject({ uri, category: ['content'], format, content });
    expect(doc.contentType).toMatch(new RegExp(`^${contentType}`));
  });
});

describe('documents.read', () => {
  const a = '/oc/read/a.json';
  const b = '/oc/read/b.json';
  beforeAll(async () => {
    await writer.documents.write({ uri: a, content: { id: 'a', tags: ['x'] }, collections: ['oc-read'], quality: 5 }).result();
    await writer.documents.write({ uri: b, content: { id: 'b' }, collections: ['oc-read', 'oc-b'] }).result();
  });

  test('one URI resolves with its content, format and content type', async () => {
    // No versionId: under the default update policy the server sends no ETag.
    expect(await writer.documents.read(a).result()).toEqual([
      { uri: a, category: ['content'], format: 'json', contentType: expect.stringMatching(/^application\/json/), content: { id: 'a', tags: ['x'] } },
    ]);
  });

  test('categories [metadata] resolves with all five metadata fields', async () => {
    const meta = await metadataOf(a);
    expect(meta).toMatchObject({ uri: a, category: ['metadata'], collections: ['oc-read'], quality: 5, properties: {}, metadataValues: {} });
    expect(meta.permissions?.map((p) => p['role-name'])).toEqual(expect.arrayContaining(['rest-reader', 'rest-writer']));
    expect(meta).not.toHaveProperty('content');
  });

  test('categories [collections, quality] resolves with just those', async () => {
    const meta = await metadataOf(b, ['collections', 'quality']);
    // format and contentType come from the response headers: the metadata's own, JSON.
    expect(meta).toEqual({ uri: b, category: ['collections', 'quality'], collections: ['oc-read', 'oc-b'], quality: 0, format: 'json', contentType: expect.stringMatching(/^application\/json/) });
  });

  test('several URIs with content and metadata resolve as one merged object per document', async () => {
    const docs = await writer.documents.read({ uris: [a, b, '/oc/read/missing.json'], categories: ['content', 'metadata'] }).result();
    expect(docs).toHaveLength(2);
    const byUri = new Map(docs.map((d) => [d.uri, d]));
    expect(byUri.get(a)).toMatchObject({ format: 'json', content: { id: 'a', tags: ['x'] }, collections: ['oc-read'], quality: 5 });
    expect(byUri.get(b)).toMatchObject({ format: 'json', content: { id: 'b' }, collections: ['oc-read', 'oc-b'], quality: 0 });
    expect(byUri.get(a)?.contentType).toMatch(/^application\/json/);
  });

  test('one URI with content and metadata resolves as one merged object', async () => {
    const docs = await writer.documents.read({ uris: a, categories: ['metadata', 'content'] }).result();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ uri: a, format: 'json', content: { id: 'a', tags: ['x'] }, collections: ['oc-read'], quality: 5, metadataValues: {} });
  });

  test('several URIs with a metadata category only resolve as one metadata object per document', async () => {
    const docs = await writer.documents.read({ uris: [a, b], categories: ['quality'] }).result();
    expect(docs.map((d) => [d.uri, d.quality]).sort()).toEqual([
      [a, 5],
      [b, 0],
    ]);
    for (const doc of docs) expect(doc).not.toHaveProperty('content');
  });

  test('URIs with spaces and reserved characters round-trip through query strings and multipart part headers', async () => {
    const uris = ['/oc/odd/a b&c=d;e+f%g.json', '/oc/odd/q?x#y.json'];
    for (const uri of uris) await writer.documents.write({ uri, content: { uri } }).result();
    const docs = await writer.documents.read({ uris, categories: ['content', 'collections'] }).result();
    expect(docs.map((d) => [d.uri, d.content]).sort()).toEqual(uris.map((uri) => [uri, { uri }]).sort());
    expect((await writer.documents.probe(uris[0]).result()).exists).toBe(true);
    expect(await writer.documents.remove(...uris).result()).toEqual({ uris, removed: true });
    expect((await writer.documents.probe(uris[0]).result()).exists).toBe(false);
  });

  test('non-ASCII URIs are created (single and bulk), read, probed and removed', async () => {
    // Not read back through a multipart response: the client decodes part headers as
    // Latin-1, so a UTF-8 filename comes back mangled whatever the server does.
    const single = '/oc/odd/ünï ✓.json';
    const bulk = '/oc/odd/bülk 𝄞.json';
    await writer.documents.write({ uri: single, content: { single: true } }).result();
    await writer.documents.write([{ uri: bulk, content: { bulk: true } }, { uri: '/oc/odd/plain.json', content: {} }]).result();
    expect((await writer.documents.read(single).result())[0]).toMatchObject({ uri: single, content: { single: true } });
    expect((await writer.documents.read(bulk).result())[0]).toMatchObject({ uri: bulk, content: { bulk: true } });
    expect((await writer.documents.probe(single).result()).exists).toBe(true);
    await writer.documents.remove(single, bulk).result();
    expect((await writer.documents.probe(bulk).result()).exists).toBe(false);
  });

  test('a missing URI resolves with an empty array', async () => {
    expect(await writer.documents.read('/oc/read/missing.json').result()).toEqual([]);
  });

  test('a missing URI also resolves [] on a fresh client, whose first request is the Digest challenge', async () => {
    expect(await host.connect('rest-reader').documents.read('/oc/read/missing.json').result()).toEqual([]);
  });
});

describe('documents.probe', () => {
  test('an existing document probes as exists: true with its format', async () => {
    const uri = '/oc/probe/here.json';
    await writer.documents.write({ uri, content: { here: true } }).result();
    expect(await writer.documents.probe(uri).result()).toMatchObject({ uri, exists: true, format: 'json' });
  });

  test('a binary document probes with its content type, format and length', async () => {
    const uri = '/oc/probe/blob.png';
    await writer.documents.write({ uri, content: Buffer.alloc(300, 7), contentType: 'image/png' }).result();
    expect(await writer.documents.probe(uri).result()).toMatchObject({ uri, exists: true, format: 'binary', contentType: 'image/png', contentLength: '300' });
  });

  test('a missing document probes as exists: false', async () => {
    expect(await writer.documents.probe('/oc/probe/nowhere.json').result()).toEqual({ uri: '/oc/probe/nowhere.json', exists: false });
  });
});

describe('documents.patch', () => {
  test('insert, replace and remove built with patchBuilder change a JSON document', async () => {
    const uri = '/oc/patch/content.json';
    await writer.documents.write({ uri, content: { title: 'old', tags: ['a'], scratch: 1, nested: { keep: true } } }).result();
    const patched = await writer.documents
      .patch(uri, pb.insert('/array-node("tags")', 'last-child', 'b'), pb.replace('/title', 'new'), pb.remove('/scratch'), pb.insert('/nested', 'last-child', { added: 2 }))
      .result();
    expect(patched).toEqual({ uri });
    const [doc] = await writer.documents.read(uri).result();
    expect(doc.content).toEqual({ title: 'new', tags: ['a', 'b'], nested: { keep: true, added: 2 } });
  });

  test('a metadata patch adds and removes collections and sets the quality', async () => {
    const uri = '/oc/patch/metadata.json';
    await writer.documents.write({ uri, content: { m: 1 }, collections: ['inbox', 'other'], quality: 1 }).result();
    const patched = await writer.documents
      .patch({ uri, categories: ['metadata'], operations: [pb.collections.add('archived'), pb.collections.remove('inbox'), pb.quality.set(7)] })
      .result();
    expect(patched).toEqual({ uri });
    expect(await metadataOf(uri, ['collections', 'quality'])).toMatchObject({ collections: ['other', 'archived'], quality: 7 });
    const [doc] = await writer.documents.read(uri).result();
    expect(doc.content).toEqual({ m: 1 });
  });
});

describe('documents.remove and removeAll', () => {
  test('one URI is removed and then probes as missing', async () => {
    const uri = '/oc/remove/one.json';
    await writer.documents.write({ uri, content: { x: 1 } }).result();
    expect(await writer.documents.remove(uri).result()).toEqual({ uris: [uri], removed: true });
    expect((await writer.documents.probe(uri).result()).exists).toBe(false);
  });

  test('several URIs are removed in one call', async () => {
    const uris = ['/oc/remove/two.json', '/oc/remove/three.json'];
    await writer.documents.write(uris.map((uri) => ({ uri, content: { uri } }))).result();
    expect(await writer.documents.remove(...uris).result()).toEqual({ uris, removed: true });
    expect(await writer.documents.read({ uris, categories: ['content', 'collections'] }).result()).toEqual([]);
  });

  test('removeAll by collection removes only that collection', async () => {
    await writer.documents
      .write([
        { uri: '/oc/ra/c1.json', content: { c: 1 }, collections: ['oc-doomed'] },
        { uri: '/oc/ra/c2.json', content: { c: 2 }, collections: ['oc-doomed'] },
        { uri: '/oc/ra/keep.json', content: { c: 3 }, collections: ['oc-kept'] },
      ])
      .result();
    expect(await writer.documents.removeAll({ collection: 'oc-doomed' }).result()).toEqual({ exists: false, collection: 'oc-doomed' });
    expect((await writer.documents.probe('/oc/ra/c1.json').result()).exists).toBe(false);
    expect((await writer.documents.probe('/oc/ra/c2.json').result()).exists).toBe(false);
    expect((await writer.documents.probe('/oc/ra/keep.json').result()).exists).toBe(true);
  });

  test('removeAll by directory removes only that directory', async () => {
    await writer.documents
      .write([
        { uri: '/oc/dir/gone/1.json', content: { d: 1 } },
        { uri: '/oc/dir/gone/sub/2.json', content: { d: 2 } },
        { uri: '/oc/dir/stays.json', content: { d: 3 } },
      ])
      .result();
    expect(await writer.documents.removeAll({ directory: '/oc/dir/gone' }).result()).toEqual({ exists: false, directory: '/oc/dir/gone' });
    expect((await writer.documents.probe('/oc/dir/gone/1.json').result()).exists).toBe(false);
    expect((await writer.documents.probe('/oc/dir/gone/sub/2.json').result()).exists).toBe(false);
    expect((await writer.documents.probe('/oc/dir/stays.json').result()).exists).toBe(true);
  });

  test('removeAll({all: true}) as a rest-writer is refused with 400 and removes nothing', async () => {
    await writer.documents.write({ uri: '/oc/all/survivor.json', content: { s: 1 } }).result();
    const err = await failure(writer.documents.removeAll({ all: true }));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('REST-INVALIDPARAM');
    expect((await writer.documents.probe('/oc/all/survivor.json').result()).exists).toBe(true);
  });

  test('removeAll({all: true}) as admin empties the database', async () => {
    await writer.documents.write({ uri: '/oc/all/last.json', content: { last: true } }).result();
    expect(await admin.documents.removeAll({ all: true }).result()).toEqual({ exists: false, allDocuments: true });
    expect((await admin.documents.probe('/oc/all/last.json').result()).exists).toBe(false);
    expect((await host.server.db.documents.list({}, { name: 'admin', roles: effectiveRoles(['admin']) }, 1, 10)).total).toBe(0);
  });
});

describe('the quick paths', () => {
  test('createCollection, writeCollection, read, probe, remove and removeCollection resolve their content-only shapes', async () => {
    const created = await writer.createCollection('/oc-quick', { quickKey: 'value 1' }, { quickKey: 'value 2' }).result();
    expect(created).toHaveLength(2);
    for (const uri of created) expect(uri).toMatch(/^\/\d+\.json$/);
    const mapped = await writer.writeCollection('/oc-quick', { '/oc/quick/1.json': { mappedKey: 1 }, '/oc/quick/2.xml': '<quickDoc>2</quickDoc>' }).result();
    expect([...mapped].sort()).toEqual(['/oc/quick/1.json', '/oc/quick/2.xml']);

    const docs = await writer.documents.read({ uris: [...created, ...mapped], categories: ['content', 'collections'] }).result();
    expect(docs).toHaveLength(4);
    for (const doc of docs) expect(doc.collections).toEqual(['/oc-quick']);

    expect(await writer.read('/oc/quick/1.json').result()).toEqual([{ mappedKey: 1 }]);
    expect(await writer.probe('/oc/quick/1.json').result()).toBe(true);
    expect(await writer.remove('/oc/quick/1.json').result()).toEqual(['/oc/quick/1.json']);
    expect(await writer.probe('/oc/quick/1.json').result()).toBe(false);
    expect(await writer.removeCollection('/oc-quick').result()).toBe('/oc-quick');
    expect(await writer.probe('/oc/quick/2.xml').result()).toBe(false);
  });

  test('collections given as one string name one collection', async () => {
    const uri = '/oc/quick/string-collection.json';
    await writer.documents.write({ uri, content: { s: 1 }, collections: '/one' }, { uri: '/oc/quick/other.json', content: {} }).result();
    expect((await metadataOf(uri, ['collections'])).collections).toEqual(['/one']);
    await writer.documents.write({ uri, collections: '/two' }).result();
    expect((await metadataOf(uri, ['collections'])).collections).toEqual(['/two']);
  });
});

describe('checkConnection', () => {
  test('right credentials resolve {connected: true}', async () => {
    expect(await writer.checkConnection().result()).toEqual({ connected: true });
  });

  test('a wrong password resolves {connected: false, httpStatusCode: 401}', async () => {
    expect(await host.connect('rest-writer', 'wrong').checkConnection().result()).toEqual({ connected: false, httpStatusCode: 401, httpStatusMessage: 'Unauthorized' });
  });
});

describe('errors reach the client with status and MarkLogic body', () => {
  test.for([
    {
      name: 'a rest-reader writing a document → 403 SEC-PRIV',
      user: 'rest-reader',
      doc: { uri: '/oc/err/reader.json', content: { no: true } },
      status: 403,
      code: 'SEC-PRIV',
    },
    {
      name: 'malformed JSON content sent as application/json → 400 XDMP-JSONDOC',
      user: 'rest-writer',
      doc: { uri: '/oc/err/bad.json', content: '{"unclosed": ', contentType: 'application/json' },
      status: 400,
      code: 'XDMP-JSONDOC',
    },
    {
      name: 'malformed XML content → 400',
      user: 'rest-writer',
      doc: { uri: '/oc/err/bad.xml', content: '<invalid><document>', contentType: 'application/xml' },
      status: 400,
      code: /^XDMP-DOC/,
    },
    {
      name: 'JSON content for a .xml URI (the extension decides the format) → 400',
      user: 'rest-writer',
      doc: { uri: '/oc/err/mismapped.xml', content: { key: 'value' }, contentType: 'application/json' },
      status: 400,
      code: /^XDMP-DOC/,
    },
    {
      name: 'a permission naming an unknown role and capability → 400',
      user: 'rest-writer',
      doc: { uri: '/oc/err/perm.txt', content: 'the text', contentType: 'text/plain', permissions: [{ 'role-name': 'unreal', capabilities: ['unknown'] }] },
      status: 400,
      code: /^(REST-INVALIDPARAM|SEC-ROLEDNE)$/,
    },
    {
      name: 'collections for a document that does not exist → 404 RESTAPI-NODOCUMENT',
      user: 'rest-writer',
      doc: { uri: '/oc/err/orphan.txt', collections: ['no document'] },
      status: 404,
      code: 'RESTAPI-NODOCUMENT',
    },
  ])('$name, and nothing is written', async ({ user, doc, status, code }) => {
    const err = await failure(host.connect(user).documents.write(doc));
    expect(err.statusCode).toBe(status);
    expect(err.body?.errorResponse?.statusCode).toBe(status);
    expect(err.body?.errorResponse?.messageCode).toMatch(code);
    expect((await writer.documents.probe(doc.uri).result()).exists).toBe(false);
  });

  test('a rest-reader removing a document → 403 SEC-PRIV, and the document stays', async () => {
    const uri = '/oc/err/keep.json';
    await writer.documents.write({ uri, content: { keep: true } }).result();
    const err = await failure(host.connect('rest-reader').documents.remove(uri));
    expect(err.statusCode).toBe(403);
    expect(err.body?.errorResponse?.messageCode).toBe('SEC-PRIV');
    expect((await writer.documents.probe(uri).result()).exists).toBe(true);
  });

  test('a patch of a missing document → 404 RESTAPI-NODOCUMENT', async () => {
    const err = await failure(writer.documents.patch('/oc/err/nothing.json', pb.replace('/a', 1)));
    expect(err.statusCode).toBe(404);
    expect(err.body?.errorResponse?.messageCode).toBe('RESTAPI-NODOCUMENT');
  });
});
