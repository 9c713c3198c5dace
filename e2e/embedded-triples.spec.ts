/**
 * Triples embedded in documents (docs/decisions/0032-embedded-triples.md) through the real
 * service worker and the browser's IndexedDB: a document's triples are queryable in its
 * collections' graphs as soon as its write is acknowledged, survive the worker being stopped,
 * and go with the document when it is replaced or deleted. The database-level tests cover the
 * rules in depth; this checks the worker path and the durability across a stop.
 */
import { test as base, expect, type ApiFetch } from 'tabula/testing';

const test = base.extend<{ api: ApiFetch }>({
  api: async ({ tabula }, use) => use(tabula.fetch),
});

const EX = 'http://example.org/';
const PEOPLE = `${EX}people`;
// What rest-writer gives a document by default (the default user, admin, gives none): the
// documents are written as a rest-writer would write them.
const SHARED = 'perm:rest-reader=read&perm:rest-writer=update';
const ALL = 'SELECT ?g ?s ?p ?o WHERE { { GRAPH ?g { ?s ?p ?o } } UNION { ?s ?p ?o FILTER NOT EXISTS { GRAPH ?any { ?s ?p ?o } } } } ORDER BY ?g ?s ?p ?o';

/** Every quad as `graph s p o` (`-` for the default graph). */
async function quads(api: ApiFetch): Promise<string[]> {
  const res = await api(`/v1/graphs/sparql?query=${encodeURIComponent(ALL)}`, { headers: { accept: 'application/sparql-results+json' } });
  expect(res.status, res.text).toBe(200);
  const rows = (res.json() as { results: { bindings: Array<Record<string, { value: string }>> } }).results.bindings;
  return rows.map((r) => `${r.g?.value ?? '-'} ${r.s.value} ${r.p.value} ${r.o.value}`);
}

async function put(api: ApiFetch, uri: string, params: string, body: string, type: string): Promise<void> {
  const res = await api(`/v1/documents?uri=${encodeURIComponent(uri)}&${params}`, { method: 'PUT', headers: { 'content-type': type }, body });
  expect(res.status, res.text).toBeLessThan(300);
}

const ada = (knows: string) =>
  JSON.stringify({
    name: 'Ada',
    facts: [{ triple: { subject: `${EX}ada`, predicate: `${EX}knows`, object: `${EX}${knows}` } }, { triple: { subject: `${EX}ada`, predicate: `${EX}name`, object: { value: 'Ada', datatype: 'http://www.w3.org/2001/XMLSchema#string' } } }],
  });

const xmlDoc = `<note xmlns:sem="http://marklogic.com/semantics"><sem:triple><sem:subject>${EX}note</sem:subject><sem:predicate>${EX}about</sem:predicate><sem:object>${EX}ada</sem:object></sem:triple></note>`;

test('a document\'s triples are queryable at once, survive a worker stop, and go with the document', async ({ api, tabula }) => {
  await put(api, '/people/ada.json', `collection=${encodeURIComponent(PEOPLE)}&${SHARED}`, ada('charles'), 'application/json');
  await put(api, '/notes/1.xml', SHARED, xmlDoc, 'application/xml');
  const expected = [`- ${EX}note ${EX}about ${EX}ada`, `${PEOPLE} ${EX}ada ${EX}knows ${EX}charles`, `${PEOPLE} ${EX}ada ${EX}name Ada`].sort();
  expect((await quads(api)).sort()).toEqual(expected);

  await tabula.stopWorker();
  expect((await quads(api)).sort(), 'after a worker stop').toEqual(expected);

  // Replaced, then deleted: each acknowledged change survives the next stop too.
  await put(api, '/people/ada.json', `collection=${encodeURIComponent(PEOPLE)}&${SHARED}`, ada('mary'), 'application/json');
  expect((await api('/v1/documents?uri=/notes/1.xml', { method: 'DELETE' })).status).toBe(204);
  const after = [`${PEOPLE} ${EX}ada ${EX}knows ${EX}mary`, `${PEOPLE} ${EX}ada ${EX}name Ada`];
  expect((await quads(api)).sort()).toEqual(after);
  await tabula.stopWorker();
  expect((await quads(api)).sort(), 'after a second worker stop').toEqual(after);
});
