/**
 * Concurrent writers (issue 9): 8 writers × 300 mixed operations at once — documents
 * written and deleted, PATCHes on shared documents, SPARQL updates, graph merges, and
 * now and then one that must fail — then the database must hold exactly what the
 * acknowledged operations imply, both as the running handler answers and after the
 * database is opened again from storage.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Database } from '../../src/db/database';
import { createApi } from '../../src/api/app';
import { nodeOxigraph } from '../../src/node/oxigraph-engine';

const WRITERS = 8;
const OPS = 300;
const SHARED = ['/shared/0.json', '/shared/1.json'];
const SHARED_GRAPH = 'http://example.org/shared';
const J = { 'content-type': 'application/json' };

type Op =
  | { kind: 'put'; slot: number }
  | { kind: 'delete'; slot: number }
  | { kind: 'patch'; doc: number }
  | { kind: 'sparql' }
  | { kind: 'merge' }
  | { kind: 'bad-patch'; doc: number }
  | { kind: 'bad-sparql' }
  | { kind: 'bad-merge' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.nat(9).map((slot): Op => ({ kind: 'put', slot })) },
  { weight: 1, arbitrary: fc.nat(9).map((slot): Op => ({ kind: 'delete', slot })) },
  { weight: 3, arbitrary: fc.nat(1).map((doc): Op => ({ kind: 'patch', doc })) },
  { weight: 2, arbitrary: fc.constant<Op>({ kind: 'sparql' }) },
  { weight: 2, arbitrary: fc.constant<Op>({ kind: 'merge' }) },
  { weight: 1, arbitrary: fc.nat(1).map((doc): Op => ({ kind: 'bad-patch', doc })) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'bad-sparql' }) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'bad-merge' }) },
);

/** What the acknowledged operations imply. */
interface Expected {
  /** URI → content, or null once deleted. */
  documents: Map<string, unknown>;
  /** Shared document index → the entries its PATCHes appended. */
  appended: string[][];
  /** N-Triples lines in the default graph (SPARQL) and the shared graph (merges). */
  sparqlTriples: Set<string>;
  mergedTriples: Set<string>;
}

describe('concurrent writers', () => {
  test(`${WRITERS} writers × ${OPS} mixed operations leave exactly what was acknowledged, before and after a reopen`, async () => {
    const name = `concurrency-${process.pid}-${Date.now()}`;
    const db = await Database.open({ indexedDB, name, oxigraph: nodeOxigraph });
    const api = createApi({ db, auth: 'application' });
    const call = async (path: string, init?: RequestInit) => api.fetch(new Request(`http://localhost:8000${path}`, init));

    for (const uri of SHARED) expect((await call(`/v1/documents?uri=${uri}`, { method: 'PUT', headers: J, body: '{"log":[]}' })).status).toBe(201);

    const expected: Expected = { documents: new Map(), appended: SHARED.map(() => []), sparqlTriples: new Set(), mergedTriples: new Set() };
    const unexpected: string[] = [];
    const plans = fc.sample(fc.array(op, { minLength: OPS, maxLength: OPS }), { seed: 9, numRuns: WRITERS });

    const writer = async (w: number) => {
      for (const [k, o] of plans[w].entries()) {
        const tag = `w${w}-${k}`;
        let res: Response;
        switch (o.kind) {
          case 'put': {
            const uri = `/w${w}/${o.slot}.json`;
            const content = { writer: w, seq: k };
            res = await call(`/v1/documents?uri=${uri}`, { method: 'PUT', headers: J, body: JSON.stringify(content) });
            if (res.ok) expected.documents.set(uri, content);
            break;
          }
          case 'delete': {
            const uri = `/w${w}/${o.slot}.json`;
            res = await call(`/v1/documents?uri=${uri}`, { method: 'DELETE' });
            if (res.ok) expected.documents.set(uri, null);
            break;
          }
          case 'patch':
            res = await call(`/v1/documents?uri=${SHARED[o.doc]}`, {
              method: 'PATCH',
              headers: J,
              body: JSON.stringify({ patch: [{ insert: { context: '/array-node("log")', position: 'last-child', content: tag } }] }),
            });
            if (res.ok) expected.appended[o.doc].push(tag);
            break;
          case 'bad-patch':
            // The first operation applies, the second names no node: the whole patch must be refused.
            res = await call(`/v1/documents?uri=${SHARED[o.doc]}`, {
              method: 'PATCH',
              headers: J,
              body: JSON.stringify({ patch: [{ insert: { context: '/array-node("log")', position: 'last-child', content: tag } }, { replace: { select: '/nosuch', content: 1, 'apply': 'nosuch-function' } }] }),
            });
            break;
          case 'sparql':
            res = await call('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: `INSERT DATA { <http://example.org/${tag}> <http://example.org/p> ${k} }` });
            if (res.ok) expected.sparqlTriples.add(`<http://example.org/${tag}> <http://example.org/p> "${k}"^^<http://www.w3.org/2001/XMLSchema#integer> .`);
            break;
          case 'bad-sparql':
            // Two operations; the second fails (CREATE of an existing graph): the first must not stay.
            res = await call('/v1/graphs/sparql', {
              method: 'POST',
              headers: { 'content-type': 'application/sparql-update' },
              body: `INSERT DATA { <http://example.org/${tag}> <http://example.org/p> ${k} } ; CREATE GRAPH <${SHARED_GRAPH}-exists>`,
            });
            break;
          case 'merge':
            res = await call(`/v1/graphs?graph=${encodeURIComponent(SHARED_GRAPH)}`, { method: 'POST', headers: { 'content-type': 'application/n-triples' }, body: `<http://example.org/${tag}> <http://example.org/q> "${tag}" .` });
            if (res.ok) expected.mergedTriples.add(`<http://example.org/${tag}> <http://example.org/q> "${tag}" .`);
            break;
          case 'bad-merge':
            res = await call(`/v1/graphs?graph=${encodeURIComponent(SHARED_GRAPH)}`, { method: 'POST', headers: { 'content-type': 'application/n-triples' }, body: `<http://example.org/${tag}> <http://example.org/q> "${tag}" .\n<broken` });
            break;
        }
        const failed = o.kind.startsWith('bad-');
        if (failed ? res.ok : !res.ok) unexpected.push(`${tag} ${o.kind} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        else await res.body?.cancel();
      }
    };

    // The graph the bad SPARQL updates collide with.
    expect((await call('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-update' }, body: `CREATE GRAPH <${SHARED_GRAPH}-exists>` })).ok).toBe(true);
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    expect(unexpected).toEqual([]);

    const check = async (fetchIt: typeof call) => {
      for (const [uri, content] of expected.documents) {
        const res = await fetchIt(`/v1/documents?uri=${uri}`);
        if (content === null) expect(res.status, uri).toBe(404);
        else expect(await res.json(), uri).toEqual(content);
      }
      for (const [i, uri] of SHARED.entries()) {
        const { log } = (await (await fetchIt(`/v1/documents?uri=${uri}`)).json()) as { log: string[] };
        expect([...log].sort(), uri).toEqual([...expected.appended[i]].sort());
      }
      const defaultGraph = await (await fetchIt('/v1/graphs?default', { headers: { accept: 'application/n-triples' } })).text();
      expect(lines(defaultGraph)).toEqual([...expected.sparqlTriples].sort());
      const shared = await (await fetchIt(`/v1/graphs?graph=${encodeURIComponent(SHARED_GRAPH)}`, { headers: { accept: 'application/n-triples' } })).text();
      expect(lines(shared)).toEqual([...expected.mergedTriples].sort());
    };
    await check(call);

    await db.triples.settled();
    await db.search.settled();
    db.close();
    const reopened = await Database.open({ indexedDB, name, oxigraph: nodeOxigraph });
    const api2 = createApi({ db: reopened, auth: 'application' });
    await check(async (path, init) => api2.fetch(new Request(`http://localhost:8000${path}`, init)));
    reopened.close();
  }, 300_000);
});

const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .sort();
