/**
 * Scenes and triples embedded in documents (docs/decisions/0032-embedded-triples.md): an export
 * holds the graph store's quads only — documents' triples travel inside their documents — and an
 * import indexes the triples of the documents it writes, so that after a round trip documents'
 * and managed triples are told apart as they were: deleting a document takes its triples, and
 * leaves the graph store's. Expected states are read from the source database.
 */
import { describe, expect, test } from 'vitest';
import { reopened, testApi, type TestApi } from '../../test/helpers';
import { as, J, ok } from '../../test/database-state';

const EX = 'http://example.org/';
const C = `${EX}c`;
const ALL = 'SELECT ?g ?s ?p ?o WHERE { { GRAPH ?g { ?s ?p ?o } } UNION { ?s ?p ?o FILTER NOT EXISTS { GRAPH ?any { ?s ?p ?o } } } }';
const doc = (...objects: string[]) => JSON.stringify({ facts: objects.map((o) => ({ triple: { subject: `${EX}s`, predicate: `${EX}p`, object: `${EX}${o}` } })) });

/** Every quad as `graph s p o` (`-` for the default graph), sorted. */
async function quads(api: TestApi, user = 'admin'): Promise<string[]> {
  const res = await api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(ALL)}`, { headers: as(user, { accept: 'application/sparql-results+json' }) });
  expect(res.status).toBe(200);
  const rows = ((await res.json()) as { results: { bindings: Array<Record<string, { value: string }>> } }).results.bindings;
  return rows.map((r) => `${r.g?.value ?? '-'} ${r.s.value.slice(EX.length)} ${r.p.value.slice(EX.length)} ${r.o.value.slice(EX.length)}`).sort();
}

/** The graph store's own triples of graph C, as its objects. */
async function managed(api: TestApi): Promise<string[]> {
  const res = await api.fetch(`/v1/graphs?graph=${encodeURIComponent(C)}`, { headers: as('admin', { accept: 'application/n-triples' }) });
  expect(res.status).toBe(200);
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ')[2].slice(1 + EX.length, -1))
    .sort();
}

/** o1, o2 in /a.json (collection C); o2 and o3 in the graph store's C too; o4 in /b.json, written by admin with no permissions. */
async function source(): Promise<TestApi> {
  const api = await testApi();
  await ok(api, `/v1/documents?uri=/a.json&collection=${encodeURIComponent(C)}&perm:rest-reader=read`, { method: 'PUT', headers: as('admin', J), body: doc('o1', 'o2') });
  await ok(api, '/v1/documents?uri=/b.json', { method: 'PUT', headers: as('admin', J), body: doc('o4') });
  await ok(api, `/v1/graphs?graph=${encodeURIComponent(C)}`, { method: 'POST', headers: as('admin', { 'content-type': 'application/n-triples' }), body: `<${EX}s> <${EX}p> <${EX}o2> .\n<${EX}s> <${EX}p> <${EX}o3> .\n` });
  return api;
}

async function roundTrip(from: TestApi, into: TestApi, query = ''): Promise<void> {
  const scene = await from.fetch('/tabula/v1/scene', { headers: as('admin') });
  expect(scene.status).toBe(200);
  const res = await into.fetch(`/tabula/v1/scene${query}`, { method: 'PUT', headers: as('admin', { 'content-type': 'application/zip' }), body: await scene.arrayBuffer() });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('scenes with documents that hold triples', () => {
  test('a round trip keeps documents’ triples as documents’ and the graph store’s as its own', async () => {
    const from = await source();
    const expected = await quads(from);
    const into = await testApi();
    await roundTrip(from, into);
    expect(await quads(into)).toEqual(expected);
    // rest-reader may read /a.json but not /b.json: its triple stays hidden after the import too.
    expect(await quads(into, 'rest-reader')).toEqual(expected.filter((l) => !l.endsWith('o4')));
    expect(await managed(into)).toEqual(await managed(from));
    // Deleting the documents takes their triples, and leaves the graph store's (o2 is both).
    for (const uri of ['/a.json', '/b.json']) await ok(into, `/v1/documents?uri=${uri}`, { method: 'DELETE', headers: as('admin') });
    expect(await quads(into)).toEqual([`${C} s p o2`, `${C} s p o3`]);
    expect(await quads(await reopened(into))).toEqual([`${C} s p o2`, `${C} s p o3`]);
  });

  test('a merge replaces a stored document’s triples with the scene’s version of it', async () => {
    const from = await source();
    const into = await testApi();
    await ok(into, `/v1/documents?uri=/a.json&collection=${encodeURIComponent(C)}`, { method: 'PUT', headers: as('admin', J), body: doc('old') });
    await ok(into, '/v1/documents?uri=/kept.json', { method: 'PUT', headers: as('admin', J), body: doc('kept') });
    await roundTrip(from, into, '?mode=merge');
    const expected = [...(await quads(from)), '- s p kept'].sort();
    expect(await quads(into)).toEqual(expected);
    expect(await quads(await reopened(into))).toEqual(expected);
  });
});
