/**
 * The client's side of the wire: what it sends and how it reads answers. A
 * recording fetch stands in for the server so each request can be inspected exactly
 * as a real MarkLogic server would receive it.
 */
import { describe, expect, test } from 'vitest';
import { parseMultipart } from '@remix-run/multipart-parser';
import { ApiError, createClient, type ClientOptions } from './create-client';

type Responder = (req: Request) => Response | Promise<Response>;

function recordingClient(responder: Responder = () => new Response(null, { status: 204 }), options: ClientOptions = {}) {
  const requests: Request[] = [];
  const client = createClient({
    baseUrl: 'http://db.test:8000/',
    ...options,
    fetch: async (input, init) => {
      const req = new Request(input, init);
      requests.push(req.clone());
      return responder(req);
    },
  });
  return { client, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

const query = (req: Request) => new URL(req.url).searchParams;

describe('requests', () => {
  test('sends Basic credentials encoded as UTF-8 when a user is set', async () => {
    const { client, requests } = recordingClient(undefined, { user: 'rest-wrïter', password: 'pässword' });
    await client.ping();
    const header = requests[0].headers.get('authorization')!;
    expect(header.startsWith('Basic ')).toBe(true);
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice(6)), (c) => c.charCodeAt(0)));
    expect(decoded).toBe('rest-wrïter:pässword');
  });

  test('sends no Authorization header without a user', async () => {
    const { client, requests } = recordingClient();
    await client.ping();
    expect(requests[0].headers.has('authorization')).toBe(false);
  });

  test('asks for JSON errors on every request and strips the trailing slash of the base URL', async () => {
    const { client, requests } = recordingClient();
    await client.ping();
    expect(requests[0].url).toBe('http://db.test:8000/v1/ping');
    expect(requests[0].headers.get('x-error-accept')).toBe('application/json');
  });

  test('refuses to start without a base URL outside a page', () => {
    expect(() => createClient()).toThrow(/baseUrl is required/);
  });
});

describe('a base path: a place on this page’s origin (a REST instance’s path form)', () => {
  function pathClient(baseUrl: string, options: ClientOptions = {}) {
    const urls: string[] = [];
    const client = createClient({
      ...options,
      baseUrl,
      fetch: async (input) => {
        urls.push(String(input));
        return json({ 'range-element-index': [] });
      },
    });
    return { client, urls };
  }

  test('every request goes to the path followed by the API path, its trailing slash stripped', async () => {
    const { client, urls } = pathClient('/tabula/instances/shop/');
    expect(client.baseUrl).toBe('/tabula/instances/shop');
    await client.ping();
    await client.databases.list().catch(() => undefined);
    await client.withDatabase('other').search.list({}).catch(() => undefined);
    expect(urls).toEqual([
      '/tabula/instances/shop/v1/ping',
      '/tabula/instances/shop/manage/v2/databases?format=json',
      expect.stringMatching(/^\/tabula\/instances\/shop\/v1\/search\?.*database=other/),
    ]);
  });

  test('a client derived from it (another database, a transaction) keeps the path', async () => {
    const { client, urls } = pathClient('/tabula/instances/shop');
    await client.withDatabase('x').withTransaction('t1').ping();
    expect(urls).toEqual(['/tabula/instances/shop/v1/ping']);
  });

  test('outside a page it needs a fetch of its own (Node’s rejects a relative URL); something neither a URL nor a path is refused', () => {
    expect(() => createClient({ baseUrl: '/tabula/instances/shop' })).toThrow(/baseUrl is required/);
    expect(() => createClient({ baseUrl: 'tabula/instances/shop', fetch: globalThis.fetch })).toThrow(/a URL or a path starting with \//);
  });

  test.for([
    { name: 'the client’s database', options: { database: 'other', contentDatabase: 'shop' }, path: '/manage/v2/databases/other/properties' },
    { name: 'the instance’s content database when it names none', options: { contentDatabase: 'shop' }, path: '/manage/v2/databases/shop/properties' },
    { name: 'Documents when neither is known', options: {}, path: '/manage/v2/databases/Documents/properties' },
  ])('index properties are those of $name', async ({ options, path }) => {
    const { client, urls } = pathClient('/tabula/instances/shop', options);
    await client.indexes.read();
    expect(urls).toEqual([`/tabula/instances/shop${path}?format=json`]);
    // The content database is never sent as database=: the instance's own answers without it.
    await client.withDatabase(undefined).search.list({}).catch(() => undefined);
    expect(urls[1]).not.toContain('database=');
  });
});

describe('documents.read', () => {
  test.for([
    { name: 'JSON by the format header', type: 'application/json; charset=utf-8', header: 'json', format: 'json' },
    { name: 'XML by the format header', type: 'application/xml; charset=utf-8', header: 'xml', format: 'xml' },
    { name: 'text by the format header', type: 'text/plain; charset=utf-8', header: 'text', format: 'text' },
    { name: 'JSON by the media type when the header is hidden', type: 'application/ld+json', header: null, format: 'json' },
    { name: 'XML by the media type when the header is hidden', type: 'image/svg+xml', header: null, format: 'xml' },
    { name: 'text by the media type when the header is hidden', type: 'text/csv', header: null, format: 'text' },
  ])('reads $name', async ({ type, header, format }) => {
    const headers: Record<string, string> = { 'content-type': type };
    if (header) headers['vnd.marklogic.document-format'] = header;
    const { client, requests } = recordingClient(() => new Response('héllo', { headers }));
    const doc = await client.documents.read('/dir/a b.json');
    expect(query(requests[0]).get('uri')).toBe('/dir/a b.json');
    expect(doc).toMatchObject({ uri: '/dir/a b.json', format, contentType: type.split(';')[0], text: 'héllo', size: 6 });
  });

  test('reads a binary document as a Blob with its size and type', async () => {
    const bytes = new Uint8Array([0, 255, 1, 254, 10, 13]);
    const { client } = recordingClient(
      () => new Response(bytes, { headers: { 'content-type': 'image/png', 'vnd.marklogic.document-format': 'binary' } }),
    );
    const doc = await client.documents.read('/img/p.png');
    expect(doc.format).toBe('binary');
    if (doc.format !== 'binary') throw new Error('unreachable');
    expect(doc.size).toBe(6);
    expect(doc.contentType).toBe('image/png');
    expect(new Uint8Array(await doc.blob.arrayBuffer())).toEqual(bytes);
  });

  test('throws an ApiError carrying the server errorResponse for a missing document', async () => {
    const errorResponse = {
      statusCode: 404,
      status: 'Not Found',
      messageCode: 'RESTAPI-NODOCUMENT',
      message: 'RESTAPI-NODOCUMENT: (err:FOER0000) Resource or document does not exist:  category: content message: /nope.json',
    };
    const { client } = recordingClient(() => json({ errorResponse }, 404));
    const err = await client.documents.read('/nope.json').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).errorResponse).toEqual(errorResponse);
    expect((err as ApiError).message).toBe(errorResponse.message);
    expect((err as ApiError).request?.method).toBe('GET');
  });

  test('turns an unreachable server into an ApiError with status 0', async () => {
    const client = createClient({
      baseUrl: 'http://db.test',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const err = (await client.documents.read('/a.json').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.statusCode).toBe(0);
    expect(err.message).toBe('Could not reach http://db.test/v1/documents?uri=%2Fa.json: fetch failed');
  });

  test('lets an abort through as an abort, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    const client = createClient({ baseUrl: 'http://db.test', fetch: (input, init) => globalThis.fetch(input, init) });
    const err = (await client.documents.read('/a.json', { signal: controller.signal }).catch((e: unknown) => e)) as Error;
    expect(err.name).toBe('AbortError');
  });
});

describe('documents.readMetadata', () => {
  test('asks for all metadata as JSON and fills categories the server left out', async () => {
    const { client, requests } = recordingClient(() =>
      json({ collections: ['a'], permissions: [{ 'role-name': 'rest-reader', capabilities: ['read'] }] }),
    );
    const metadata = await client.documents.readMetadata('/a.json');
    expect(Object.fromEntries(query(requests[0]))).toEqual({ uri: '/a.json', category: 'metadata', format: 'json' });
    expect(metadata).toEqual({
      collections: ['a'],
      permissions: [{ 'role-name': 'rest-reader', capabilities: ['read'] }],
      properties: {},
      quality: 0,
      metadataValues: {},
    });
  });
});

describe('documents.write', () => {
  test.for([
    { name: 'JSON for a .json URI', uri: '/a.json', body: '{}', options: {}, type: 'application/json' },
    { name: 'XML for a .xml URI', uri: '/a.xml', body: '<a/>', options: {}, type: 'application/xml' },
    { name: 'text for a string with another extension', uri: '/a.md', body: '# hi', options: {}, type: 'text/plain' },
    { name: 'the format when one is given', uri: '/no-ext', body: '{}', options: { format: 'json' as const }, type: 'application/json' },
    { name: 'the Blob type for a Blob', uri: '/p', body: new Blob(['x'], { type: 'image/png' }), options: {}, type: 'image/png' },
    { name: 'octet-stream for bytes', uri: '/b.bin', body: new Uint8Array([1]), options: {}, type: 'application/octet-stream' },
    { name: 'an explicit content type over everything', uri: '/a.json', body: '{}', options: { contentType: 'text/plain' }, type: 'text/plain' },
  ])('sends $name', async ({ uri, body, options, type }) => {
    const { client, requests } = recordingClient(() => new Response(null, { status: 201 }));
    await client.documents.write(uri, body, options);
    expect(requests[0].method).toBe('PUT');
    expect(requests[0].headers.get('content-type')).toBe(type);
  });

  test('reports creation on 201 and replacement on 204, sending collections as repeated parameters', async () => {
    let status = 201;
    const { client, requests } = recordingClient(() => new Response(null, { status }));
    expect(await client.documents.write('/a.json', '{"a":1}', { collections: ['x', 'y z'] })).toEqual({ created: true });
    status = 204;
    expect(await client.documents.write('/a.json', '{"a":2}')).toEqual({ created: false });
    expect(query(requests[0]).getAll('collection')).toEqual(['x', 'y z']);
    expect(await requests[1].text()).toBe('{"a":2}');
  });
});

test('writeMetadata PUTs the metadata as JSON with category=metadata', async () => {
  const { client, requests } = recordingClient();
  await client.documents.writeMetadata('/a.json', { collections: ['c'], quality: 3 });
  const req = requests[0];
  expect(req.method).toBe('PUT');
  expect(Object.fromEntries(query(req))).toEqual({ uri: '/a.json', category: 'metadata' });
  expect(req.headers.get('content-type')).toBe('application/json');
  expect(JSON.parse(await req.text())).toEqual({ collections: ['c'], quality: 3 });
});

test('remove DELETEs every URI in one request and sends nothing for an empty list', async () => {
  const { client, requests } = recordingClient();
  await client.documents.remove(['/a.json', '/b.xml']);
  await client.documents.remove([]);
  expect(requests).toHaveLength(1);
  expect(requests[0].method).toBe('DELETE');
  expect(query(requests[0]).getAll('uri')).toEqual(['/a.json', '/b.xml']);
});

describe('documents.bulkWrite', () => {
  const answer = async (req: Request) => {
    const parts = await partsOf(req);
    const uris = [...new Set(parts.flatMap((p) => /filename="((?:[^"\\]|\\.)*)"/.exec(p.disposition ?? '')?.[1] ?? []))];
    return json({ documents: uris.map((uri) => ({ uri, 'mime-type': 'application/json', category: ['metadata', 'content'] })) });
  };

  test('splits the documents into batches and reports progress after each committed batch', async () => {
    const { client, requests } = recordingClient(answer);
    const docs = Array.from({ length: 7 }, (_, i) => ({ uri: `/b/${i}.json`, content: `{"n":${i}}` }));
    const progress: Array<[number, number]> = [];
    const written = await client.documents.bulkWrite(docs, { batchSize: 3, onProgress: (p) => progress.push([p.written, p.total]) });
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
    expect(progress).toEqual([[0, 7], [3, 7], [6, 7], [7, 7]]);
    expect(written.map((d) => d.uri)).toEqual(docs.map((d) => d.uri));
  });

  test('closes a batch early when it would exceed the byte budget', async () => {
    const { client, requests } = recordingClient(answer);
    const big = new Uint8Array(600);
    await client.documents.bulkWrite(
      [1, 2, 3, 4].map((i) => ({ uri: `/b/${i}.bin`, content: big })),
      { batchSize: 50, maxBatchBytes: 1000 },
    );
    expect(requests).toHaveLength(4);
  });

  test('sends a well-formed multipart/mixed body with metadata before content and bytes intact', async () => {
    const { client, requests } = recordingClient(answer);
    const bytes = new Uint8Array([0, 13, 10, 45, 45, 255]);
    await client.documents.bulkWrite(
      [
        { uri: '/u/a "q".json', content: '{"a":1}', metadata: { collections: ['own'] } },
        { uri: '/u/b.bin', content: bytes },
        { uri: '/u/c.xml', content: new Blob(['<c/>']), contentType: 'application/xml' },
      ],
      { defaultMetadata: { collections: ['batch'] } },
    );
    const req = requests[0];
    expect(req.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=tabula-[0-9a-f]{32}$/);
    expect(req.headers.get('accept')).toBe('application/json');
    const parts = await partsOf(req);
    expect(parts.map((p) => [p.disposition, p.type])).toEqual([
      ['inline; category=metadata', 'application/json'],
      ['attachment; filename="/u/a \\"q\\".json"; category=metadata', 'application/json'],
      ['attachment; filename="/u/a \\"q\\".json"; category=content', 'application/json'],
      ['attachment; filename="/u/b.bin"', 'application/octet-stream'],
      ['attachment; filename="/u/c.xml"', 'application/xml'],
    ]);
    expect(new TextDecoder().decode(parts[0].bytes)).toBe('{"collections":["batch"]}');
    expect(new TextDecoder().decode(parts[1].bytes)).toBe('{"collections":["own"]}');
    expect(parts[3].bytes).toEqual(bytes);
    expect(new TextDecoder().decode(parts[4].bytes)).toBe('<c/>');
  });

  test('stops at the first failed batch and throws its error, keeping earlier progress', async () => {
    let n = 0;
    const { client, requests } = recordingClient(async (req) =>
      ++n === 2
        ? json({ errorResponse: { statusCode: 400, status: 'Bad Request', messageCode: 'XDMP-JSONDOC', message: 'XDMP-JSONDOC: bad' } }, 400)
        : answer(req),
    );
    const progress: number[] = [];
    const docs = Array.from({ length: 5 }, (_, i) => ({ uri: `/b/${i}.json`, content: '{}' }));
    const err = await client.documents.bulkWrite(docs, { batchSize: 2, onProgress: (p) => progress.push(p.written) }).catch((e: unknown) => e);
    expect((err as ApiError).messageCode).toBe('XDMP-JSONDOC');
    expect(requests).toHaveLength(2);
    expect(progress).toEqual([0, 2]);
  });
});

describe('search', () => {
  test('lists a directory and collection page as JSON, adding the directory slash', async () => {
    const { client, requests } = recordingClient(() => json({ total: 0, start: 21, 'page-length': 20 }));
    const res = await client.search.list({ directory: '/docs', collection: 'c', start: 21, pageLength: 20 });
    expect(Object.fromEntries(query(requests[0]))).toEqual({
      directory: '/docs/',
      collection: 'c',
      start: '21',
      pageLength: '20',
      format: 'json',
    });
    expect(res.results).toEqual([]);
  });

  test.for([
    { name: 'a collection', scope: { collection: 'old' }, params: { collection: 'old' } },
    { name: 'a directory', scope: { directory: '/tmp' }, params: { directory: '/tmp/' } },
  ])('remove deletes $name with DELETE /v1/search', async ({ scope, params }) => {
    const { client, requests } = recordingClient();
    await client.search.remove(scope);
    expect(requests[0].method).toBe('DELETE');
    expect(new URL(requests[0].url).pathname).toBe('/v1/search');
    expect(Object.fromEntries(query(requests[0]))).toEqual(params);
  });
});

async function partsOf(req: Request) {
  const boundary = /boundary=(\S+)/.exec(req.headers.get('content-type') ?? '')![1];
  const body = new Uint8Array(await req.clone().arrayBuffer());
  return [...parseMultipart(body, { boundary })].map((p) => ({
    disposition: p.headers['content-disposition'],
    type: p.headers['content-type'],
    bytes: p.bytes,
  }));
}

describe('samples', () => {
  const listed = [
    { name: 'library', title: 'A library', description: 'Books.' },
    { name: 'city', title: 'A city', description: 'Air.' },
  ];

  test('list reads GET /tabula/v1/samples as JSON', async () => {
    const { client, requests } = recordingClient(() => json({ samples: listed }));
    expect(await client.samples.list()).toEqual(listed);
    expect([requests[0].method, requests[0].url, requests[0].headers.get('accept')]).toEqual(['GET', 'http://db.test:8000/tabula/v1/samples', 'application/json']);
  });

  test('a list that is not one is an error, not an empty list', async () => {
    const { client } = recordingClient(() => json({ sample: listed }));
    await expect(client.samples.list()).rejects.toThrow(/not a list of samples/);
  });

  test.for(['library', 'a b/c'])('load %s POSTs to its path, the name encoded', async (name) => {
    const { client, requests } = recordingClient();
    await client.samples.load(name);
    expect([requests[0].method, requests[0].url]).toEqual(['POST', `http://db.test:8000/tabula/v1/samples/${encodeURIComponent(name)}`]);
  });

  test('a server without the path (MarkLogic) answers 404, which reaches the caller as an ApiError', async () => {
    const { client } = recordingClient(() => json({ errorResponse: { statusCode: 404, status: 'Not Found', messageCode: 'REST-NOSUCHPATH', message: 'no such path' } }, 404));
    const error = await client.samples.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(404);
  });
});
