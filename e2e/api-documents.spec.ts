/**
 * `/v1/documents` through the real service worker and the browser's IndexedDB
 * (MarkLogic’s REST API reference, /v1/documents). The Node API tests cover the endpoint in depth;
 * these check that the same behaviour survives the trip through the worker: bodies
 * byte for byte, headers, statuses, multipart, and an API URL opened as a page.
 */
import { test as base, expect, type ApiFetch } from 'tabula/testing';
import { buildMultipart, quoteParam } from '../src/client/multipart';

// Every response in this file must come from the service worker; checked once here.
const test = base.extend<{ api: ApiFetch }>({
  api: async ({ tabula }, use) => use(tabula.fetch),
});

const docPath = (uri: string, query = '') => `/v1/documents?uri=${encodeURIComponent(uri)}${query}`;

test('PUT creates a JSON document (201 + Location), GET returns it, PUT again replaces it (204)', async ({ api }) => {
  const created = await api(docPath('/orders/o-1.json'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"id":"o-1","total":12.5}',
  });
  expect(created.status).toBe(201);
  expect(created.headers.location).toBe('/v1/documents?uri=/orders/o-1.json');

  const read = await api(docPath('/orders/o-1.json'));
  expect(read.status).toBe(200);
  expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(read.headers['vnd.marklogic.document-format']).toBe('json');
  expect(read.json()).toEqual({ id: 'o-1', total: 12.5 });

  const replaced = await api(docPath('/orders/o-1.json'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"id":"o-1","total":99}',
  });
  expect(replaced.status).toBe(204);
  expect(replaced.body.length).toBe(0);
  expect((await api(docPath('/orders/o-1.json'))).json()).toEqual({ id: 'o-1', total: 99 });
});

test('an XML document round-trips as XML', async ({ api }) => {
  const xml = '<order id="o-2"><item sku="A&amp;B">2 × widget</item></order>';
  const put = await api(docPath('/orders/o-2.xml'), { method: 'PUT', headers: { 'content-type': 'application/xml' }, body: xml });
  expect(put.status).toBe(201);

  const read = await api(docPath('/orders/o-2.xml'));
  expect(read.status).toBe(200);
  expect(read.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(read.headers['vnd.marklogic.document-format']).toBe('xml');
  // The server may prepend an XML declaration; the element itself must come back intact.
  expect(read.text.replace(/^<\?xml[^>]*\?>\s*/, '')).toBe(xml);
});

test('a text document round-trips exactly, non-ASCII included', async ({ api }) => {
  const text = 'line one\nligne deux — ünïcödé ✓\n';
  const put = await api(docPath('/notes/n.txt'), { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: text });
  expect(put.status).toBe(201);

  const read = await api(docPath('/notes/n.txt'));
  expect(read.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(read.headers['vnd.marklogic.document-format']).toBe('text');
  expect(read.text).toBe(text);
});

test('a binary document round-trips byte for byte, all 256 byte values', async ({ api }) => {
  const bytes = new Uint8Array(512);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + 3) % 256; // every value, twice, out of order
  expect(new Set(bytes).size).toBe(256);

  const put = await api(docPath('/blobs/all-bytes.bin'), {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  expect(put.status).toBe(201);

  const read = await api(docPath('/blobs/all-bytes.bin'));
  expect(read.status).toBe(200);
  expect(read.headers['vnd.marklogic.document-format']).toBe('binary');
  expect(read.headers['content-type']).not.toContain('charset');
  expect(Buffer.compare(read.body, Buffer.from(bytes))).toBe(0);
});

test('metadata given on PUT reads back with category=metadata&format=json', async ({ api }) => {
  const put = await api(docPath('/orders/o-3.json', '&collection=orders&collection=2024&quality=2&value:source=web'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"id":"o-3"}',
  });
  expect(put.status).toBe(201);

  const meta = await api(docPath('/orders/o-3.json', '&category=metadata&format=json'));
  expect(meta.status).toBe(200);
  expect(meta.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = meta.json();
  expect(Object.keys(body)).toEqual(['collections', 'permissions', 'properties', 'quality', 'metadataValues']);
  expect([...body.collections].sort()).toEqual(['2024', 'orders']);
  expect(body.quality).toBe(2);
  expect(body.metadataValues).toEqual({ source: 'web' });
  // Written by admin, whose default permissions are none (MarkLogic 10+): the document has none.
  expect(body.permissions).toEqual([]);
});

test('a bulk multipart POST writes every document in one request', async ({ api }) => {
  const { body, contentType } = buildMultipart([
    { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'inline; category=metadata' }, body: '{"collections":["batch-1"]}' },
    { headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename=${quoteParam('/b/1.json')}` }, body: '{"n":1}' },
    { headers: { 'Content-Type': 'application/xml', 'Content-Disposition': `attachment; filename=${quoteParam('/b/2.xml')}` }, body: '<n>2</n>' },
    { headers: { 'Content-Type': 'text/plain', 'Content-Disposition': `attachment; filename=${quoteParam('/b/3.txt')}` }, body: 'three' },
  ]);
  const res = await api('/v1/documents', {
    method: 'POST',
    headers: { 'content-type': contentType, accept: 'application/json' },
    body: new Uint8Array(await body.arrayBuffer()),
  });
  expect(res.status).toBe(200);
  expect(res.json().documents.map((d: { uri: string }) => d.uri).sort()).toEqual(['/b/1.json', '/b/2.xml', '/b/3.txt']);

  expect((await api(docPath('/b/1.json'))).json()).toEqual({ n: 1 });
  expect((await api(docPath('/b/2.xml'))).text).toContain('<n>2</n>');
  expect((await api(docPath('/b/3.txt'))).text).toBe('three');
  const meta = await api(docPath('/b/3.txt', '&category=collections&format=json'));
  expect(meta.json()).toEqual({ collections: ['batch-1'] });
});

test('DELETE answers 204, then GET answers 404 with a JSON errorResponse', async ({ api }) => {
  await api(docPath('/gone.json'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });

  const del = await api(docPath('/gone.json'), { method: 'DELETE' });
  expect(del.status).toBe(204);

  const read = await api(docPath('/gone.json'), { headers: { accept: 'application/json' } });
  expect(read.status).toBe(404);
  expect(read.headers['content-type']).toMatch(/^application\/json/);
  expect(read.json().errorResponse).toMatchObject({ statusCode: 404, status: 'Not Found', messageCode: 'RESTAPI-NODOCUMENT' });
});

test('a document URL opened in the address bar shows the document', async ({ api, page }) => {
  await api(docPath('/a.json'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"opened":"directly"}' });

  const response = await page.goto('/v1/documents?uri=/a.json');
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['vnd.marklogic.document-format']).toBe('json');
  expect(JSON.parse(await response!.text())).toEqual({ opened: 'directly' });
});
