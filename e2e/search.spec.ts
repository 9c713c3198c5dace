/**
 * Search through the real service worker: the query forms answer from the worker, and the
 * index survives worker stops — writes made just before a stop are found by the fresh
 * worker (from the change log), and so is everything a background snapshot holds.
 */
import { test, expect, type ApiFetch } from 'tabula/testing';
import { buildMultipart, quoteParam } from '../src/client/multipart';

interface SearchJson {
  total: number;
  results: Array<{ uri: string; matches: Array<{ 'match-text': unknown[] }> }>;
  facets?: Record<string, { facetValues: Array<{ name: string; count: number }> }>;
}

async function search(api: ApiFetch, query: string, pageLength = 100): Promise<SearchJson> {
  const res = await api(`/v1/search?format=json&pageLength=${pageLength}&${query}`);
  expect(res.fromServiceWorker).toBe(true);
  expect(res.status, res.text).toBe(200);
  return res.json() as SearchJson;
}

const uris = (r: SearchJson) => r.results.map((x) => x.uri).sort();

async function putJson(api: ApiFetch, uri: string, value: unknown, collection?: string): Promise<void> {
  const res = await api(`/v1/documents?uri=${encodeURIComponent(uri)}${collection ? `&collection=${collection}` : ''}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  expect(res.status, `PUT ${uri}`).toBeLessThan(300);
}

async function bulk(api: ApiFetch, docs: Array<{ uri: string; value: unknown }>): Promise<void> {
  const { body, contentType } = buildMultipart(
    docs.map((d) => ({ headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename=${quoteParam(d.uri)}` }, body: JSON.stringify(d.value) })),
  );
  const res = await api('/v1/documents', { method: 'POST', headers: { 'content-type': contentType, accept: 'application/json' }, body: new Uint8Array(await body.arrayBuffer()) });
  expect(res.status).toBe(200);
}

test('string, structured and QBE searches answer from the worker, with snippets and facets', async ({ tabula }) => {
  await putJson(tabula.fetch, '/s/soup.json', { title: 'Tomato soup', kind: 'soup' }, 'recipes');
  await putJson(tabula.fetch, '/s/stew.json', { title: 'Beef stew', kind: 'stew' }, 'recipes');
  const options = await tabula.fetch('/v1/config/query/e2e', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ options: { constraint: [{ name: 'coll', collection: { prefix: '' } }, { name: 'kind', value: { 'json-property': 'kind' } }] } }),
  });
  expect(options.status).toBe(201);

  const r = await search(tabula.fetch, 'q=tomato&options=e2e');
  expect(uris(r)).toEqual(['/s/soup.json']);
  expect(r.results[0].matches[0]['match-text']).toContainEqual({ highlight: 'Tomato' });
  expect(r.facets!.coll.facetValues).toEqual([{ name: 'recipes', count: 1, value: 'recipes' }]);
  expect(uris(await search(tabula.fetch, 'q=kind:stew&options=e2e'))).toEqual(['/s/stew.json']);

  const structured = encodeURIComponent(JSON.stringify({ query: { queries: [{ 'term-query': { text: ['beef'] } }] } }));
  expect(uris(await search(tabula.fetch, `structuredQuery=${structured}`))).toEqual(['/s/stew.json']);
  const qbe = await tabula.fetch('/v1/qbe?format=json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ $query: { kind: 'soup' } }) });
  expect(qbe.fromServiceWorker).toBe(true);
  expect(uris(qbe.json() as SearchJson)).toEqual(['/s/soup.json']);
});

test('writes and deletes made just before a worker stop are found (and gone) after it', async ({ tabula }) => {
  await putJson(tabula.fetch, '/d/a.json', { text: 'alpha first' });
  await putJson(tabula.fetch, '/d/b.json', { text: 'beta first' });
  expect((await search(tabula.fetch, 'q=first')).total).toBe(2); // the index is loaded now
  await putJson(tabula.fetch, '/d/a.json', { text: 'alpha second' });
  await putJson(tabula.fetch, '/d/c.json', { text: 'gamma second' });
  const del = await tabula.fetch('/v1/documents?uri=/d/b.json', { method: 'DELETE' });
  expect(del.status).toBe(204);
  await tabula.stopWorker();

  expect(uris(await search(tabula.fetch, 'q=second'))).toEqual(['/d/a.json', '/d/c.json']);
  expect(uris(await search(tabula.fetch, 'q=first'))).toEqual([]);
  expect(uris(await search(tabula.fetch, 'q=beta'))).toEqual([]);
});

test('after a background snapshot, a stopped worker starts from it and from the changes made after it', async ({ tabula, page }) => {
  const docs = Array.from({ length: 1_200 }, (_, i) => ({ uri: `/snap/${i}.json`, value: { n: i, text: i % 2 ? 'odd number' : 'even number' } }));
  for (let i = 0; i < docs.length; i += 400) await bulk(tabula.fetch, docs.slice(i, i + 400));
  expect((await search(tabula.fetch, 'q=number', 1)).total).toBe(1_200);
  // 1,200 changed documents make a snapshot due; it is written once writes pause.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('tabula:Documents');
              open.onsuccess = () => {
                const req = open.result.transaction('search-snapshot').objectStore('search-snapshot').count();
                req.onsuccess = () => {
                  open.result.close();
                  resolve(req.result);
                };
                req.onerror = () => reject(req.error);
              };
              open.onerror = () => reject(open.error);
            }),
        ),
      { message: 'the search snapshot was written', timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await putJson(tabula.fetch, '/snap/late.json', { text: 'late arrival' });
  await tabula.stopWorker();

  expect((await search(tabula.fetch, 'q=odd', 1)).total).toBe(600);
  expect(uris(await search(tabula.fetch, 'q=arrival'))).toEqual(['/snap/late.json']);
});
