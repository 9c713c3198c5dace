/**
 * Tabula's own paths (`/tabula/v1/…`, docs/decisions/0025-scenes-and-tabula-paths.md) through the
 * real service worker and the browser's IndexedDB: a reset empties documents, graphs and option
 * sets, and the database stays empty after the worker is stopped.
 */
import { test, expect } from 'tabula/testing';

const J = { 'content-type': 'application/json' };

test('a reset empties the database, and it stays empty after a stop of the service worker', async ({ tabula }) => {
  expect((await tabula.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: J, body: '{"n":1}' })).status).toBe(201);
  expect((await tabula.fetch('/v1/graphs?graph=http://example.org/g', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: '<http://e/s> <http://e/p> 1 .' })).status).toBe(201);
  expect((await tabula.fetch('/v1/config/query/o', { method: 'PUT', headers: J, body: '{"options":{"page-length":3}}' })).status).toBe(201);

  const reset = await tabula.fetch('/tabula/v1/reset', { method: 'POST' });
  expect(reset.fromServiceWorker).toBe(true);
  expect(reset.status).toBe(204);

  const empty = async () => {
    expect((await tabula.fetch('/v1/documents?uri=/a.json')).status).toBe(404);
    expect((await tabula.fetch('/v1/graphs?graph=http://example.org/g')).status).toBe(404);
    expect((await tabula.fetch('/v1/config/query/o')).status).toBe(404);
    expect(((await tabula.fetch('/v1/search?format=json')).json() as { total: number }).total).toBe(0);
  };
  await empty();
  await tabula.stopWorker();
  await empty();
  // Usable at once.
  expect((await tabula.fetch('/v1/documents?uri=/b.json', { method: 'PUT', headers: J, body: '{}' })).status).toBe(201);
});
