import { afterEach, describe, expect, test, vi } from 'vitest';
import { unwrap } from 'idb';
import { Database } from './database';
import { DbError } from './errors';
import type { Query } from './search/query-model';
import { admin, dump, openDb, principal, rows, uniqueName, writer } from './triples/test-support';

const opened: Database[] = [];

async function open(name: string): Promise<Database> {
  const db = await openDb(name);
  opened.push(db);
  return db;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const db of opened.splice(0)) db.close();
});

const json = (content: unknown) => ({ format: 'json' as const, content: JSON.stringify(content), mimeType: 'application/json' });

/** A database holding something of every kind a reset empties. */
async function fill(db: Database): Promise<void> {
  await db.roles.create({ name: 'sales', description: 'sales team', roles: ['rest-reader'], privileges: [], permissions: [{ 'role-name': 'sales', capabilities: ['read'] }] });
  await db.users.create({ name: 'alice', password: 's3cret', roles: ['sales', 'rest-writer'] });
  await db.properties.update({ 'update-policy': 'version-optional', debug: true, 'default-time-limit': 5 });
  await db.queryOptions.put('shop', { 'page-length': 20 });
  await db.indexes.update({ 'range-element-index': [{ 'scalar-type': 'int', localname: 'servings' }], 'collection-lexicon': true, 'uri-lexicon': false });
  await db.documents.write(
    [
      { uri: '/soup.json', content: json({ title: 'soup', servings: 4 }), metadata: { collections: ['recipes'] } },
      { uri: '/stew.xml', content: { format: 'xml', content: '<recipe><title>stew soup</title><servings>6</servings></recipe>', mimeType: 'application/xml' }, metadata: { collections: ['recipes', 'french'] } },
      {
        uri: '/photo.bin',
        content: { format: 'binary', content: new Uint8Array([1, 2, 3]), mimeType: 'application/octet-stream' },
        metadata: { properties: { mode: 'replace', value: { caption: 'soup pot' } } },
      },
    ],
    admin,
  );
  await db.triples.update('INSERT DATA { GRAPH <http://example.org/g> { <http://example.org/s> <http://example.org/p> "o" } . <http://example.org/d> <http://example.org/p> "default" }', { principal: admin });
  await db.triples.setGraphPermissions('http://example.org/g', [{ 'role-name': 'sales', capabilities: ['read', 'update'] }], 'merge', admin);
  // The search index and its range index loaded and snapshotted, the triple store compacted:
  // a reset must empty what is in memory and what is on disk.
  await db.search.ready();
  await db.search.rangeIndexesSettled();
  await db.search.snapshot();
  await db.triples.compact();
}

const word = (text: string): Query => ({ kind: 'word', text: [text], options: {} });
const servings: Query = { kind: 'range', index: { type: 'int', scope: { kind: 'json-property', name: 'servings' } }, operator: 'GE', values: ['1'] };

async function searchUris(db: Database, query: Query): Promise<string[] | string> {
  try {
    const { response } = await db.search.search({ query, qtext: [], options: {}, start: 1, pageLength: 100, principal: admin });
    return (response.results ?? []).map((r) => r.uri).sort();
  } catch (e) {
    if (e instanceof DbError) return e.code;
    throw e;
  }
}

/** Everything a reset brings back to a new database's state, as the database's readers see it. */
async function state(db: Database) {
  const everything = { kind: 'true' } as const;
  return {
    documents: (await db.documents.list({}, admin, 1, 100)).documents.map((d) => ({ uri: d.uri, metadata: d.metadata })),
    recipes: (await db.documents.list({ collection: 'recipes' }, admin, 1, 100)).total,
    search: { all: await searchUris(db, everything), soup: await searchUris(db, word('soup')), range: await searchUris(db, servings) },
    rangeIndexes: db.search.rangeIndexStatus(),
    graphs: await db.triples.listGraphs(admin),
    triples: await dump(db),
    graphPermissions: await db.triples.graphPermissions('http://example.org/g', admin),
    // Sorted: an engine reloaded from its snapshot may answer in another order.
    sparql: rows(await db.triples.query('SELECT ?s ?o WHERE { ?s ?p ?o }', { principal: admin }))
      .map((r) => JSON.stringify(r))
      .sort(),
    options: await db.queryOptions.list(),
    shop: await db.queryOptions.get('shop'),
    indexSettings: await db.indexes.get(),
    properties: await db.properties.get(),
    users: await db.users.list(),
    roles: db.roles.list(),
    alice: await db.users.checkBasic('alice', 's3cret'),
    adminLogin: (await db.users.checkBasic('admin', 'admin'))?.name,
  };
}

describe('Database.reset', () => {
  test('empties everything, to what a new database holds, and stays so after a reopen', async () => {
    const name = uniqueName('reset');
    const db = await open(name);
    const fresh = await state(await open(uniqueName('fresh')));
    await fill(db);
    const before = await state(db);
    // The fill reached every part the comparison looks at.
    for (const key of Object.keys(fresh) as Array<keyof typeof fresh>) {
      if (key !== 'adminLogin') expect(before[key], key).not.toEqual(fresh[key]);
    }

    await db.reset(admin);
    expect(await state(db)).toEqual(fresh);
    await db.search.settled();
    await db.triples.settled();
    db.close();
    opened.splice(opened.indexOf(db), 1);

    const reopened = await open(name);
    expect(await state(reopened)).toEqual(fresh);
  });

  test('leaves the database usable at once: a write, a search, a SPARQL query, a range index', async () => {
    const db = await open(uniqueName('usable'));
    await fill(db);
    await db.reset(admin);

    await db.documents.write([{ uri: '/new.json', content: json({ title: 'soup again', servings: 2 }) }], writer);
    expect(await searchUris(db, word('soup'))).toEqual(['/new.json']);
    await db.triples.update('INSERT DATA { <http://example.org/a> <http://example.org/b> "c" }', { principal: writer });
    expect(rows(await db.triples.query('SELECT ?o WHERE { ?s ?p ?o }', { principal: admin }))).toEqual([{ o: 'c' }]);
    await db.indexes.update({ 'range-element-index': [{ 'scalar-type': 'int', localname: 'servings' }] });
    await db.search.rangeIndexesSettled();
    expect(await searchUris(db, servings)).toEqual(['/new.json']);
    // The seeded users are back; the created ones are not.
    expect(await db.users.checkBasic('rest-writer', 'rest-writer')).toBeDefined();
    expect(db.roles.has('sales')).toBe(false);
  });

  test('work left in the background (a range index being built, a snapshot due) does not bring anything back', async () => {
    const db = await open(uniqueName('background'));
    const fresh = await state(await open(uniqueName('fresh')));
    await db.search.ready();
    await db.documents.write(
      Array.from({ length: 1_200 }, (_, i) => ({ uri: `/d${i}.json`, content: json({ servings: i }) })),
      admin,
    );
    await db.indexes.update({ 'range-element-index': [{ 'scalar-type': 'int', localname: 'servings' }] });
    await db.reset(admin);
    await db.search.rangeIndexesSettled();
    await db.search.settled();
    expect(await state(db)).toEqual(fresh);
  });

  test('is refused to a user without the admin role, and then nothing changes', async () => {
    const db = await open(uniqueName('refused'));
    await fill(db);
    const before = await state(db);
    for (const who of [writer, principal('rest-admin', 'rest-admin'), principal('alice', 'sales', 'rest-writer')]) {
      const err = await db.reset(who).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DbError);
      expect((err as DbError).code).toBe('SEC-PRIV');
      expect((err as DbError).status).toBe(403);
    }
    expect(await state(db)).toEqual(before);
  });

  test('a reset whose transaction fails changes nothing, on disk or in memory', async () => {
    const name = uniqueName('failing');
    const db = await open(name);
    await fill(db);
    const before = await state(db);
    // The last store the reset empties refuses: every other store's clear has been issued by then.
    const users = unwrap(db.idb.transaction('users').objectStore('users'));
    const proto = Object.getPrototypeOf(users) as IDBObjectStore;
    const clear = proto.clear;
    vi.spyOn(proto, 'clear').mockImplementation(function (this: IDBObjectStore) {
      if (this.name === 'users') throw new Error('the disk is full');
      return clear.call(this);
    });
    await expect(db.reset(admin)).rejects.toThrow('the disk is full');
    vi.restoreAllMocks();

    expect(await state(db)).toEqual(before);
    await db.search.settled();
    await db.triples.settled();
    db.close();
    opened.splice(opened.indexOf(db), 1);
    expect(await state(await open(name))).toEqual(before);
  });

  test('is ordered with the other writes: those queued before it are gone, those queued after it land', async () => {
    const db = await open(uniqueName('queued'));
    await db.search.ready();
    const before = db.documents.write([{ uri: '/before.json', content: json({ at: 'before' }) }], writer);
    const graphBefore = db.triples.update('INSERT DATA { <http://example.org/before> <http://example.org/p> "x" }', { principal: writer });
    const reset = db.reset(admin);
    const after = db.documents.write([{ uri: '/after.json', content: json({ at: 'after' }) }], writer);
    const graphAfter = db.triples.update('INSERT DATA { <http://example.org/after> <http://example.org/p> "y" }', { principal: writer });
    const roleAfter = db.roles.create({ name: 'late', roles: [], privileges: [], permissions: [] });
    await Promise.all([before, graphBefore, reset, after, graphAfter, roleAfter]);

    expect((await db.documents.list({}, admin, 1, 10)).documents.map((d) => d.uri)).toEqual(['/after.json']);
    expect(await searchUris(db, { kind: 'true' })).toEqual(['/after.json']);
    expect(rows(await db.triples.query('SELECT ?s WHERE { ?s ?p ?o }', { principal: admin }))).toEqual([{ s: 'http://example.org/after' }]);
    expect(db.roles.has('late')).toBe(true);
  });
});
