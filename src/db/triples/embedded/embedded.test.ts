import { afterEach, describe, expect, test } from 'vitest';
import type { Database } from '../../database';
import type { DocumentWrite } from '../../documents/store';
import type { Permission } from '../../documents/types';
import { DEFAULT_GRAPH_IRI } from '../graph-names';
import { EMBEDDED_STALE_KEY } from '../load';
import type { Principal } from '../../security/types';
import { admin, lines, openDb, principal, reader, rows, uniqueName, writer } from '../test-support';

const EX = 'http://example.org/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const opened: Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

async function open(name = uniqueName('embedded')): Promise<Database> {
  const db = await openDb(name);
  opened.push(db);
  return db;
}

async function reopen(db: Database): Promise<Database> {
  await db.idle();
  db.close();
  opened.splice(opened.indexOf(db), 1);
  return open(db.name);
}

/** What rest-writer gives a new document (src/db/security/types.ts): rest-reader reads, rest-writer updates. */
const usual: Permission[] = [
  { 'role-name': 'rest-reader', capabilities: ['read'] },
  { 'role-name': 'rest-writer', capabilities: ['update'] },
];
const replaced = (value: Permission[]) => ({ mode: 'replace' as const, value });

/** A JSON document embedding `triples` ([s, p, o] with o an IRI, or a literal object), in `collections`, with the usual permissions. */
function jsonDoc(uri: string, triples: Array<[string, string, unknown]>, collections: string[] = []): DocumentWrite {
  const content = { title: uri, triples: triples.map(([subject, predicate, object]) => ({ triple: { subject, predicate, object } })) };
  return { uri, content: { format: 'json', content: JSON.stringify(content), mimeType: 'application/json' }, metadata: { collections, permissions: replaced(usual) } };
}

const write = (db: Database, ...docs: DocumentWrite[]) => db.documents.write(docs, admin);

/** Every quad as `graph s p o` lines, sorted: named graphs through GRAPH ?g, the default graph's as `default`. */
async function quads(db: Database, as: Principal = admin): Promise<string[]> {
  const named = rows(await db.triples.query('SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }', { principal: as }));
  const inDefault = rows(await db.triples.query('SELECT ?s ?p ?o WHERE { ?s ?p ?o }', { principal: as, defaultGraphs: [DEFAULT_GRAPH_IRI] }));
  return [...named.map((r) => `${r.g} ${r.s} ${r.p} ${r.o}`), ...inDefault.map((r) => `default ${r.s} ${r.p} ${r.o}`)].sort();
}

/** Checks the quads now, after a reopen from the log, and after a compaction and a reopen from the snapshot; returns the database last opened. */
async function sameAfterReopens(db: Database, expected: string[]): Promise<Database> {
  expect(await quads(db)).toEqual(expected);
  db = await reopen(db);
  expect(await quads(db)).toEqual(expected);
  await db.triples.compact();
  db = await reopen(db);
  expect(await quads(db)).toEqual(expected);
  return db;
}

describe('triples embedded in documents', () => {
  test("a JSON document's triples are in each of its collections' graphs; without a collection, in the default graph", async () => {
    const db = await open();
    await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}o`]], [`${EX}c1`, `${EX}c2`]), jsonDoc('/b.json', [[`${EX}t`, `${EX}p`, { value: 'x', datatype: `${XSD}string` }]]));
    expect(await quads(db)).toEqual([`${EX}c1 ${EX}s ${EX}p ${EX}o`, `${EX}c2 ${EX}s ${EX}p ${EX}o`, `default ${EX}t ${EX}p x`].sort());
  });

  test('XML sem:triple elements count, with typed and language-tagged objects', async () => {
    const db = await open();
    const xml = `<doc xmlns:sem="http://marklogic.com/semantics"><sem:triple><sem:subject>${EX}s</sem:subject><sem:predicate>${EX}p</sem:predicate><sem:object datatype="${XSD}integer">7</sem:object></sem:triple><sem:triple><sem:subject>${EX}s</sem:subject><sem:predicate>${EX}q</sem:predicate><sem:object xml:lang="fr">chat</sem:object></sem:triple></doc>`;
    await write(db, { uri: '/x.xml', content: { format: 'xml', content: xml, mimeType: 'application/xml' }, metadata: { collections: [`${EX}c`], permissions: replaced(usual) } });
    expect(await quads(db)).toEqual([`${EX}c ${EX}s ${EX}p 7`, `${EX}c ${EX}s ${EX}q chat`]);
  });

  test('replacing a document replaces its triples, a collection change moves them, deleting it removes them', async () => {
    const db = await open();
    await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}old`]], [`${EX}c1`]));
    await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}new`]], [`${EX}c1`]));
    expect(await quads(db)).toEqual([`${EX}c1 ${EX}s ${EX}p ${EX}new`]);
    await db.documents.write([{ uri: '/a.json', metadata: { collections: [`${EX}c2`] } }], admin);
    expect(await quads(db)).toEqual([`${EX}c2 ${EX}s ${EX}p ${EX}new`]);
    await db.documents.remove(['/a.json'], admin);
    expect(await quads(db)).toEqual([]);
  });

  test('a triple two documents embed stays until the last of them goes', async () => {
    const db = await open();
    const triple: [string, string, unknown] = [`${EX}s`, `${EX}p`, `${EX}o`];
    await write(db, jsonDoc('/a.json', [triple], [`${EX}c`]), jsonDoc('/b.json', [triple, triple], [`${EX}c`]));
    await db.documents.remove(['/a.json'], admin);
    expect(await quads(db)).toEqual([`${EX}c ${EX}s ${EX}p ${EX}o`]);
    await db.documents.remove(['/b.json'], admin);
    expect(await quads(db)).toEqual([]);
  });

  test('a failed write stores neither the documents nor their triples', async () => {
    const db = await open();
    const writes = [jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}o`]], [`${EX}c`]), { uri: '/missing.json', metadata: { collections: [`${EX}c`] } }];
    await expect(write(db, ...writes)).rejects.toMatchObject({ code: 'RESTAPI-NODOCUMENT' });
    expect(await db.documents.read('/a.json', admin)).toBeUndefined();
    expect(await quads(db)).toEqual([]);
  });

  test('every state survives a reopen, from the log and then from a compacted snapshot, owners included', async () => {
    let db = await open();
    const shared: [string, string, unknown] = [`${EX}s`, `${EX}p`, { value: '007', datatype: `${XSD}integer` }];
    await write(db, jsonDoc('/a.json', [shared], [`${EX}c`]), jsonDoc('/b.json', [shared, [`${EX}s`, `${EX}q`, `${EX}o`]], [`${EX}c`]));
    const expected = [`${EX}c ${EX}s ${EX}p 7`, `${EX}c ${EX}s ${EX}q ${EX}o`];
    db = await sameAfterReopens(db, expected);
    // The owner table came back with the snapshot: one document going keeps the shared triple.
    await db.documents.remove(['/a.json'], admin);
    db = await reopen(db);
    expect(await quads(db)).toEqual(expected);
    await db.documents.remove(['/b.json'], admin);
    db = await reopen(db);
    expect(await quads(db)).toEqual([]);
  });

  test('a write before the triple store is loaded loads it and indexes the triples', async () => {
    const db = await open();
    expect(db.engineLoads().triples).toBe(0);
    await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}o`]], [`${EX}c`]));
    expect(db.engineLoads().triples).toBe(1);
    expect(await quads(db)).toEqual([`${EX}c ${EX}s ${EX}p ${EX}o`]);
  });

  test('documents without triples never load the triple store', async () => {
    const db = await open();
    const metadata = { permissions: replaced(usual) };
    await write(db, { uri: '/plain.json', content: { format: 'json', content: '{"triple": "not one"}', mimeType: 'application/json' }, metadata }, { uri: '/t.txt', content: { format: 'text', content: 'triple', mimeType: 'text/plain' }, metadata });
    await db.documents.remove(['/plain.json'], admin);
    expect(db.engineLoads().triples).toBe(0);
  });

  test('a triple the graph store holds as well stays when the documents embedding it go, whichever came first', async () => {
    const db = await open();
    // Managed first, in the document's graph; the document spells the number another way.
    await db.triples.update(`INSERT DATA { GRAPH <${EX}c> { <${EX}s> <${EX}p> 7 } }`, { principal: admin });
    await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, { value: '+007', datatype: `${XSD}integer` }]], [`${EX}c`]));
    await db.documents.remove(['/a.json'], admin);
    expect(await quads(db)).toEqual([`${EX}c ${EX}s ${EX}p 7`]);
    // Embedded first, then written through SPARQL Update too: the document's removal keeps it.
    await write(db, jsonDoc('/b.json', [[`${EX}t`, `${EX}p`, `${EX}o`]], [`${EX}c`]));
    await db.triples.update(`INSERT DATA { GRAPH <${EX}c> { <${EX}t> <${EX}p> <${EX}o> } }`, { principal: admin });
    await db.documents.remove(['/b.json'], admin);
    expect(await quads(db)).toEqual([`${EX}c ${EX}s ${EX}p 7`, `${EX}c ${EX}t ${EX}p ${EX}o`]);
  });

  describe('the graph store and SPARQL Update never change a document\'s triples', () => {
    const embedded = `${EX}c ${EX}s ${EX}p ${EX}o`;
    const managed = `${EX}c ${EX}m ${EX}p ${EX}o`;
    const setUp = async () => {
      const db = await open();
      await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}o`]], [`${EX}c`]));
      await db.triples.update(`INSERT DATA { GRAPH <${EX}c> { <${EX}m> <${EX}p> <${EX}o> } }`, { principal: admin });
      expect(await quads(db)).toEqual([managed, embedded]);
      return db;
    };

    test.for([
      { name: 'DELETE DATA of the embedded triple', update: `DELETE DATA { GRAPH <${EX}c> { <${EX}s> <${EX}p> <${EX}o> } }`, left: [managed, embedded] },
      { name: 'DELETE WHERE over the graph', update: `DELETE WHERE { GRAPH <${EX}c> { ?s ?p ?o } }`, left: [embedded] },
      { name: 'CLEAR GRAPH', update: `CLEAR GRAPH <${EX}c>`, left: [embedded] },
      { name: 'DROP GRAPH', update: `DROP GRAPH <${EX}c>`, left: [embedded] },
      { name: 'DROP ALL', update: 'DROP ALL', left: [embedded] },
    ])('$name leaves the document\'s triple, before and after a reopen and a compaction', async ({ update, left }) => {
      let db = await setUp();
      await db.triples.update(update, { principal: admin });
      db = await sameAfterReopens(db, left);
      // The document still owns its triple: deleting it takes the triple away.
      await db.documents.remove(['/a.json'], admin);
      expect(await quads(db)).toEqual(left.filter((l) => l !== embedded));
    });

    test('DELETE and PUT of the graph through the graph store leave it too', async () => {
      const db = await setUp();
      await db.triples.replaceGraph(`${EX}c`, { text: `<${EX}n> <${EX}p> <${EX}o> .`, format: 'application/n-triples' }, { principal: admin });
      expect(await quads(db)).toEqual([embedded, `${EX}c ${EX}n ${EX}p ${EX}o`].sort());
      await db.triples.deleteGraph(`${EX}c`, admin);
      expect(await quads(db)).toEqual([embedded]);
    });

    test('a triple both hold is let go by the graph store, then goes with its document', async () => {
      const db = await setUp();
      await db.triples.update(`INSERT DATA { GRAPH <${EX}c> { <${EX}s> <${EX}p> <${EX}o> } }`, { principal: admin });
      await db.triples.update(`DROP GRAPH <${EX}c>`, { principal: admin });
      expect(await quads(db)).toEqual([embedded]);
      await db.documents.remove(['/a.json'], admin);
      expect(await quads(db)).toEqual([]);
    });

    test('a bulk load into the graph holding the triple makes it the graph store\'s too', async () => {
      const db = await setUp();
      await db.triples.mergeGraph(`${EX}c`, { text: `<${EX}s> <${EX}p> <${EX}o> .\n<${EX}n> <${EX}p> <${EX}o> .\n`, format: 'application/n-triples' }, { principal: admin });
      await db.documents.remove(['/a.json'], admin);
      expect(await quads(db)).toEqual([managed, `${EX}c ${EX}n ${EX}p ${EX}o`, embedded].sort());
    });
  });

  test('a user sees the triples of the documents it may read, and of the graph store, in every read; permission changes follow', async () => {
    let db = await open();
    const c = `${EX}c`;
    const t = (n: string) => [`${EX}s`, `${EX}p`, `${EX}o${n}`] as [string, string, string];
    const line = (n: string, g = c) => `${g} ${EX}s ${EX}p ${EX}o${n}`;
    const sales: Permission[] = [{ 'role-name': 'sales', capabilities: ['read', 'update'] }];
    const secret = jsonDoc('/secret.json', [t('1'), t('3'), t('4')], [c]);
    // o1: only the secret document; o2: only the public one; o3: both; o4: the secret one and the graph store.
    await write(db, { ...secret, metadata: { ...secret.metadata, permissions: replaced(sales) } }, jsonDoc('/public.json', [t('2'), t('3')], [c]));
    await db.triples.update(`INSERT DATA { GRAPH <${c}> { <${EX}s> <${EX}p> <${EX}o4> } }`, { principal: writer });
    const salesman = principal('sam', 'rest-reader', 'sales');
    const everything = [line('1'), line('2'), line('3'), line('4')];
    const lessThat1 = [line('2'), line('3'), line('4')];
    const seen = async (d: Database) => ({ admin: await quads(d), reader: await quads(d, reader), sales: await quads(d, salesman) });
    expect(await seen(db)).toEqual({ admin: everything, reader: lessThat1, sales: everything });
    // Every read: the graph store, things, DESCRIBE; and a SPARQL Update's WHERE cannot copy what it may not read.
    expect(lines((await db.triples.graphTriples(c, reader)) ?? []).some((l) => l.includes('o1'))).toBe(false);
    expect(lines(await db.triples.describe([`${EX}s`], reader)).some((l) => l.includes('o1'))).toBe(false);
    expect(lines(await db.triples.describe([`${EX}s`], salesman)).some((l) => l.includes('o1'))).toBe(true);
    await db.triples.update(`INSERT { GRAPH <${EX}copy> { ?s ?p ?o } } WHERE { GRAPH <${c}> { ?s ?p ?o } }`, { principal: writer });
    expect((await quads(db)).filter((l) => l.startsWith(`${EX}copy `))).toEqual(lessThat1.map((l) => l.replace(c, `${EX}copy`)));
    // The quads hidden for a read are all back after it.
    expect((await quads(db)).filter((l) => l.startsWith(`${c} `))).toEqual(everything);
    // The reader table survives a reopen, from the log and from a compacted snapshot.
    db = await reopen(db);
    expect((await seen(db)).reader.filter((l) => l.startsWith(`${c} `))).toEqual(lessThat1);
    await db.triples.compact();
    db = await reopen(db);
    expect((await seen(db)).reader.filter((l) => l.startsWith(`${c} `))).toEqual(lessThat1);
    // Granting rest-reader read shows o1; taking it back hides it again.
    await db.documents.write([{ uri: '/secret.json', metadata: { permissions: replaced([...sales, ...usual]) } }], admin);
    expect((await quads(db, reader)).filter((l) => l.startsWith(`${c} `))).toEqual(everything);
    await db.documents.write([{ uri: '/secret.json', metadata: { permissions: replaced(sales) } }], admin);
    expect((await quads(db, reader)).filter((l) => l.startsWith(`${c} `))).toEqual(lessThat1);
    // Deleting the secret document drops o1 and keeps o4 (the graph store holds it).
    await db.documents.remove(['/secret.json'], admin);
    expect((await quads(db, reader)).filter((l) => l.startsWith(`${c} `))).toEqual(lessThat1);
    expect((await quads(db)).filter((l) => l.startsWith(`${c} `))).toEqual(lessThat1);
  });

  test('documents left to index when a worker stopped (after a scene import’s commit) are indexed at the next load, once', async () => {
    let db = await open();
    await write(db, jsonDoc('/a.json', [[`${EX}s`, `${EX}p`, `${EX}o1`]], [`${EX}c`]), jsonDoc('/b.json', [[`${EX}s`, `${EX}p`, `${EX}o2`]]));
    const expected = await quads(db);
    await db.idb.put('config', { uris: ['/a.json', '/b.json'] }, EMBEDDED_STALE_KEY);
    db = await reopen(db);
    expect(await quads(db)).toEqual(expected);
    expect(await db.idb.get('config', EMBEDDED_STALE_KEY)).toBeUndefined();
    await db.documents.remove(['/a.json'], admin);
    expect(await quads(db)).toEqual([`default ${EX}s ${EX}p ${EX}o2`]);
    db = await reopen(db);
    expect(await quads(db)).toEqual([`default ${EX}s ${EX}p ${EX}o2`]);
  });
});
