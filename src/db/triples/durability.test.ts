import { describe, expect, test } from 'vitest';
import { Database } from '../database';
import { nodeOxigraph } from '../../../test/oxigraph';
import type { OxigraphFactory } from './triple-store';
import type { TripleStore } from './triple-store';
import { admin, askValue, dump, openDb, rejection, rows, uniqueName } from './test-support';
import { deflateSync } from 'fflate';
import { blobPiece, deflatePiece, pieceNQuads, type SnapshotPiece } from './snapshot-piece';
import { readRecord } from './change-set';

const P = 'PREFIX : <http://ex/> ';

/** Updates of every kind, including what must be evaluated once and logged as data. */
const history = [
  'INSERT DATA { :a :p 1 . _:b1 :p _:b2 . GRAPH <marklogic.com/g> { <marklogic.com/r1> :p "x"@en } }',
  'INSERT { ?s :stamp ?now ; :id ?u ; :sid ?su ; :r ?r ; :node ?bn ; :note _:n . _:n :about ?s } WHERE { ?s :p 1 BIND(NOW() AS ?now) BIND(UUID() AS ?u) BIND(STRUUID() AS ?su) BIND(RAND() AS ?r) BIND(BNODE() AS ?bn) }',
  'DELETE DATA { :a :p 1 }',
  'CREATE GRAPH :empty',
  'INSERT DATA { GRAPH :g2 { :c :p 3 } GRAPH :g3 { :d :p 4 } }',
  'COPY :g2 TO :g4 ; MOVE :g3 TO :g5',
  'DROP GRAPH :g2',
  'WITH :g4 DELETE { ?s ?p ?o } INSERT { ?s :q ?o } WHERE { ?s ?p ?o }',
];

/** Everything observable: every graph's triples (blank-node labels included), the graph list, permissions. */
async function state(db: Database): Promise<unknown> {
  const all = rows(
    await db.triples.query('SELECT ?g ?s ?p ?o WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }', {
      principal: admin,
      defaultGraphs: ['http://marklogic.com/semantics#default-graph'],
      namedGraphs: (await db.triples.listGraphs(admin)).filter((g) => !g.startsWith('http://marklogic.com/semantics#')),
    }),
  )
    .map((r) => JSON.stringify([r.g ?? '', r.s, r.p, r.o]))
    .sort();
  const graphs = await db.triples.listGraphs(admin);
  const permissions = await Promise.all(graphs.map((g) => db.triples.graphPermissions(g, admin)));
  return { all, graphs, permissions };
}

async function build(name: string, options?: Parameters<typeof openDb>[1]): Promise<Database> {
  const db = await openDb(name, options);
  for (const u of history) await db.triples.update(P + u, { principal: admin });
  await db.triples.replaceGraph('http://ex/put', { text: '_:x <http://ex/p> _:y . _:y <http://ex/p> "end" .', format: 'text/turtle' }, { principal: admin });
  await db.triples.setGraphPermissions('http://ex/put', [{ 'role-name': 'app-user', capabilities: ['read'] }], 'merge', admin);
  return db;
}

describe('durability', () => {
  test('after a restart every graph comes back exactly, NOW/UUID/RAND/BNODE results and blank-node labels included', async () => {
    const name = uniqueName('durable');
    const db = await build(name);
    const before = await state(db);
    expect(JSON.stringify(before)).toContain('urn:uuid:');
    db.close();
    const reopened = await openDb(name);
    expect(await state(reopened)).toEqual(before);
  });

  test('a compacted store (snapshot, empty log) comes back the same, and so do writes made after it', async () => {
    const name = uniqueName('compact');
    const db = await build(name, { snapshotChunkChars: 200 });
    await db.triples.compact();
    expect(await db.idb.count('triples-log')).toBe(0);
    expect(await db.idb.count('triples-snapshot')).toBeGreaterThan(1);
    await db.triples.update(P + 'INSERT { ?s :again _:n } WHERE { ?s :stamp ?t }', { principal: admin });
    const before = await state(db);
    db.close();
    expect(await state(await openDb(name))).toEqual(before);
  });

  // The load asks IndexedDB for the stored triples before the engine has started (decision 0031).
  test.for([
    { name: 'starts late', failures: 0 },
    { name: 'fails to start once', failures: 1 },
  ])('a restart whose engine $name: the store comes back the same', async ({ failures }) => {
    const name = uniqueName('engine-late');
    const db = await build(name, { snapshotChunkChars: 200 });
    await db.triples.compact();
    await db.triples.update(P + 'INSERT { ?s :again _:n } WHERE { ?s :stamp ?t }', { principal: admin });
    const before = await state(db);
    db.close();
    let failing = failures;
    const starts: string[] = [];
    const late: OxigraphFactory = async (broken) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      starts.push(failing > 0 ? 'failed' : 'started');
      if (failing-- > 0) throw new Error('the wasm did not start');
      return nodeOxigraph(broken);
    };
    const reopened = await Database.open({ indexedDB, name, oxigraph: late });
    if (failures > 0) await expect(state(reopened)).rejects.toThrow('the wasm did not start');
    expect(await state(reopened)).toEqual(before);
    expect(starts).toEqual([...Array<string>(failures).fill('failed'), 'started']);
  });

  const fflateDeflated = (text: string): SnapshotPiece => {
    const bytes = new TextEncoder().encode(text);
    return { size: bytes.length, deflated: deflateSync(bytes, { level: 6 }), labelled: text.includes('_:') };
  };

  /** The snapshot's pieces rewritten in an older form: plain N-Quads (the first form, a scene import) or all deflated (the form before Blobs). */
  const olderForms = [
    ['plain N-Quads (an older version, a scene import)', (text: string): SnapshotPiece => text],
    ['as Blobs (written for a while)', blobPiece],
    ['as Blobs and deflated in turn (written for a while)', (text: string, i: number): Promise<SnapshotPiece> | SnapshotPiece => (i % 2 === 0 ? blobPiece(text) : deflatePiece(text))],
    ['deflated by fflate at level 6 (before the platform deflated them)', (text: string): SnapshotPiece => fflateDeflated(text)],
  ] as const;

  test.each(olderForms)('a snapshot is stored as deflated pieces, and one written %s loads the same', async (form, older) => {
    const name = uniqueName(`older-${form}`);
    const db = await build(name, { snapshotChunkChars: 300 });
    await db.triples.compact();
    const before = await state(db);
    const pieces = await db.idb.getAll('triples-snapshot');
    expect(pieces.length).toBeGreaterThan(1);
    for (const [i, piece] of pieces.entries()) {
      expect(piece, `piece ${i}`).toMatchObject({ size: expect.any(Number), labelled: expect.any(Boolean), deflated: expect.any(Uint8Array) });
    }
    // The same quads in the older form, cut at line ends as the pieces are.
    const texts = await Promise.all(pieces.map(async (piece) => new TextDecoder().decode((await pieceNQuads(piece)) as Uint8Array)));
    expect(texts.every((text) => text.endsWith('\n'))).toBe(true);
    const olderPieces = await Promise.all(texts.map((text, i) => older(text, i)));
    const tx = db.idb.transaction('triples-snapshot', 'readwrite');
    await tx.store.clear();
    for (const [i, piece] of olderPieces.entries()) await tx.store.put(piece, i);
    await tx.done;
    db.close();
    const reopened = await openDb(name);
    expect(await state(reopened)).toEqual(before);
    await reopened.triples.compact();
    expect((await reopened.idb.getAll('triples-snapshot')).every((piece) => typeof piece !== 'string' && 'deflated' in piece)).toBe(true);
    reopened.close();
  });

  test('a bulk load logged as sent is stored as a Blob, and a record holding the bytes themselves (an older version) replays the same', async () => {
    const name = uniqueName('log-blob');
    const db = await build(name);
    const body = new TextEncoder().encode(Array.from({ length: 50 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i} ü" .\n`).join(''));
    await db.triples.mergeGraph('http://ex/bulk', { text: body, format: 'application/n-triples' }, { principal: admin });
    const before = await state(db);
    const tx = db.idb.transaction('triples-log', 'readwrite');
    const keys = await tx.store.getAllKeys();
    const records = await tx.store.getAll();
    const blobs = records.flatMap((record) => record.added.filter((section) => section.text instanceof Blob));
    expect(blobs.length).toBe(1);
    // The same records with the bytes in place of each Blob, as they were written before.
    for (const [i, record] of records.entries()) await tx.store.put(await readRecord(record), keys[i]);
    await tx.done;
    expect((await db.idb.getAll('triples-log')).some((record) => record.added.some((section) => section.text instanceof Uint8Array))).toBe(true);
    db.close();
    expect(await state(await openDb(name))).toEqual(before);
  });

  test('the log is compacted automatically once it passes its threshold', async () => {
    const name = uniqueName('auto-compact');
    const db = await build(name, { compactAfterEntries: 3 });
    await db.triples.settled();
    expect(await db.idb.count('triples-log')).toBeLessThanOrEqual(3);
    expect(await db.idb.count('triples-snapshot')).toBeGreaterThan(0);
    const before = await state(db);
    db.close();
    expect(await state(await openDb(name))).toEqual(before);
  });

  test('a due compaction waits until writes pause, so a burst of writes is not interrupted by it', async () => {
    const db = await openDb(uniqueName('quiet'), { compactAfterEntries: 2, compactWhenIdleMs: 1_500 });
    for (let i = 0; i < 4; i++) await db.triples.update(`INSERT DATA { <http://ex/s${i}> <http://ex/p> ${i} }`, { principal: admin });
    // Due since the third write, but writes were still coming.
    expect(await db.idb.count('triples-log')).toBe(4);
    expect(await db.idb.count('triples-snapshot')).toBe(0);
    await db.triples.settled();
    expect(await db.idb.count('triples-log')).toBe(0);
    expect(await db.idb.count('triples-snapshot')).toBe(1);
    db.close();
  });

  test('a log four times past its limit is compacted without waiting for a pause', async () => {
    const db = await openDb(uniqueName('urgent'), { compactAfterEntries: 2, compactWhenIdleMs: 600_000 });
    for (let i = 0; i < 9; i++) await db.triples.update(`INSERT DATA { <http://ex/s${i}> <http://ex/p> ${i} }`, { principal: admin });
    // The ninth entry made the log 4.5 times its limit: the pending compaction ran behind it.
    await db.triples.settled();
    expect(await db.idb.count('triples-log')).toBe(0);
    expect(await db.idb.count('triples-snapshot')).toBe(1);
    db.close();
  });

  test('a log far past its character limit waits for a pause while it is small in itself, and not once it is large', async () => {
    // Each write logs ~90 characters: four times the limit after five, 1,000 characters after eleven.
    const db = await openDb(uniqueName('urgent-chars'), { compactAfterChars: 100, urgentAfterChars: 1_000, compactWhenIdleMs: 600_000 });
    const write = (i: number) => db.triples.update(`INSERT DATA { <http://ex/s${i}> <http://ex/p> "${'x'.repeat(40)}" }`, { principal: admin });
    for (let i = 0; i < 8; i++) await write(i);
    expect(db.triples.busy()).toBe(true);
    expect(await db.idb.count('triples-log')).toBe(8);
    for (let i = 8; i < 14; i++) await write(i);
    await db.triples.settled();
    expect(await db.idb.count('triples-log')).toBe(0);
    expect(await db.idb.count('triples-snapshot')).toBe(1);
    db.close();
  });

  test('a compaction still waiting when the database closes is dropped, and the log keeps everything', async () => {
    const name = uniqueName('closing');
    const db = await openDb(name, { compactAfterEntries: 1, compactWhenIdleMs: 600_000 });
    for (let i = 0; i < 2; i++) await db.triples.update(`INSERT DATA { <http://ex/s${i}> <http://ex/p> ${i} }`, { principal: admin });
    db.close();
    await db.triples.settled();
    const reopened = await openDb(name);
    expect(await reopened.idb.count('triples-log')).toBe(2);
    expect(rows(await reopened.triples.query('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', { principal: admin }))[0].n).toBe('2');
  });

  test('an empty graph survives a restart, through a snapshot too', async () => {
    const name = uniqueName('empty-graph');
    const db = await openDb(name);
    await db.triples.update('CREATE GRAPH </empty>', { principal: admin });
    await db.triples.compact();
    db.close();
    const reopened = await openDb(name);
    expect(await reopened.triples.listGraphs(admin)).toEqual(['/empty', 'http://marklogic.com/semantics#graphs']);
    expect(rows(await reopened.triples.query('SELECT ?g WHERE { GRAPH ?g { } }', { principal: admin }))).toEqual([{ g: '/empty' }]);
  });

  test('requests that arrive while the store loads wait for it and see all of it', async () => {
    const name = uniqueName('load');
    const db = await openDb(name);
    const triples = Array.from({ length: 500 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i}" .`).join('\n');
    await db.triples.replaceGraph('http://ex/big', { text: triples, format: 'application/n-triples' }, { principal: admin });
    db.close();
    const reopened = await openDb(name);
    const counts = await Promise.all(
      [1, 2, 3].map(async () => rows(await reopened.triples.query('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', { principal: admin }))[0].n),
    );
    expect(counts).toEqual(['500', '500', '500']);
  });
});

/** Slows a store's commit down (and optionally makes it fail) to look at what reads see meanwhile. */
function slowCommit(db: Database, fail: boolean, events: string[] = []): void {
  const store = db.triples as unknown as { commit: (...args: unknown[]) => Promise<void> };
  const commit = store.commit.bind(store);
  store.commit = async (...args) => {
    await new Promise((r) => setTimeout(r, 30));
    if (fail) throw new Error('disk full');
    await commit(...args);
    events.push('committed');
  };
}

const gateOf = (db: Database) => (db.triples as unknown as { gate?: Promise<void> }).gate;

async function whenGateCloses(db: Database): Promise<void> {
  while (!gateOf(db)) await new Promise((r) => setTimeout(r, 1));
}

describe('bulk loads', () => {
  const nt = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `<http://ex/s${from + i}> <http://ex/p> "${from + i}" .`).join('\n');

  test('N-Triples without blank nodes are logged as sent, merged chunk by chunk, and come back after a restart', async () => {
    const name = uniqueName('bulk');
    const db = await openDb(name);
    await db.triples.mergeGraph('http://ex/g', { text: nt(0, 50), format: 'application/n-triples' }, { principal: admin });
    await db.triples.mergeGraph('http://ex/g', { text: nt(25, 100), format: 'application/n-triples' }, { principal: admin });
    await db.triples.mergeGraph('http://ex/g', { text: '<marklogic.com/r1> <marklogic.com/p1> "relative" .', format: 'application/n-triples', base: 'http://ex/' }, { principal: admin });
    const log = await db.idb.getAll('triples-log');
    expect(log.map((e) => e.added.map((a) => a.format))).toEqual([['application/n-triples'], ['application/n-triples'], ['application/n-triples']]);
    expect(log[1].added[0].text).toBe(nt(25, 100));
    // Path forms are logged resolved against the base: N-Triples read again needs absolute IRIs.
    expect(log[2].added[0].text).toBe('<http://ex/marklogic.com/r1> <http://ex/marklogic.com/p1> "relative" .');
    const before = await dump(db);
    expect(before).toHaveLength(101);
    db.close();
    expect(await dump(await openDb(name))).toEqual(before);
  });

  test('when the commit of a logged load fails, the store is rebuilt from what was committed', async () => {
    const name = uniqueName('bulk-fail');
    const db = await openDb(name);
    await db.triples.mergeGraph('http://ex/g', { text: nt(0, 10), format: 'application/n-triples' }, { principal: admin });
    const before = await dump(db);
    slowCommit(db, true);
    await expect(db.triples.mergeGraph('http://ex/g', { text: nt(10, 20), format: 'application/n-triples' }, { principal: admin })).rejects.toThrow('disk full');
    expect(await dump(db)).toEqual(before);
  });
});

describe('reads see committed state only', () => {
  test('a query made while a write commits waits for it, then sees it', async () => {
    const db = await openDb(uniqueName('gate'));
    await db.triples.ready();
    const events: string[] = [];
    slowCommit(db, false, events);
    const write = db.triples.update(P + 'INSERT DATA { :a :p 1 }', { principal: admin });
    await whenGateCloses(db);
    const read = db.triples.query(P + 'ASK { :a :p 1 }', { principal: admin }).then((r) => {
      events.push('read');
      return r;
    });
    await write;
    expect(askValue(await read)).toBe(true);
    expect(events).toEqual(['committed', 'read']);
  });

  test('when the commit fails, the write is undone in memory and a waiting query never sees it', async () => {
    const db = await openDb(uniqueName('gate-fail'));
    await db.triples.update(P + 'INSERT DATA { GRAPH :g { :kept :p 0 } }', { principal: admin });
    const before = await dump(db);
    slowCommit(db, true);
    const write = db.triples.update(P + 'DROP ALL ; INSERT DATA { GRAPH :new { :a :p 1 } }', { principal: admin });
    await whenGateCloses(db);
    const read = db.triples.query(P + 'ASK { :a :p 1 }', { principal: admin });
    await expect(write).rejects.toThrow('disk full');
    expect(askValue(await read)).toBe(false);
    expect(await dump(db)).toEqual(before);
    expect(await db.triples.listGraphs(admin)).toEqual(['http://ex/g', 'http://marklogic.com/semantics#graphs']);
  });
});

test('a database opened without an RDF engine says so on first use', async () => {
  const { Database } = await import('../database');
  const db = await Database.open({ indexedDB, name: uniqueName('no-engine') });
  const err = await rejection(db.triples.query('ASK {}', { principal: admin }));
  expect([err.code, err.status]).toEqual(['RESTAPI-INTERNALERROR', 500]);
});

test('loading 100k triples (time printed, not asserted)', async () => {
  const name = uniqueName('100k');
  const db = await openDb(name);
  const text = Array.from({ length: 100_000 }, (_, i) => `<http://ex/s${i % 10_000}> <http://ex/p${i % 10}> "value ${i}" .`).join('\n');
  let t = performance.now();
  await db.triples.replaceGraph('http://ex/bulk', { text, format: 'application/n-triples' }, { principal: admin });
  const put = performance.now() - t;
  await db.triples.compact();
  db.close();
  const reopened = await openDb(name);
  t = performance.now();
  await (reopened.triples as TripleStore).ready();
  const load = performance.now() - t;
  console.log(`100k triples: PUT ${put.toFixed(0)} ms, cold load from snapshot ${load.toFixed(0)} ms`);
  expect(rows(await reopened.triples.query('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', { principal: admin }))[0].n).toBe('100000');
}, 60_000);
