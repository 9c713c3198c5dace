/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against a REST instance created
 * over HTTP (`POST /v1/rest-apis`) on the Node host: the client pointed at the instance's
 * own port, over Digest, writes, reads, searches and queries the instance's content
 * database and keeps its libraries (`config.extlibs`) in the instance's modules database,
 * none of which the main port's database sees; and the client's `database` option, on the
 * main port, reaches that database by name (docs/decisions/0034-databases-and-instances.md).
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, marklogic, officialClientHost, type Pending } from './official-client-support';

/** What queryBuilder's functions return: opaque to this suite, only passed back to the client. */
type QueryPart = { readonly part: unique symbol };
type BuiltQuery = { readonly built: unique symbol };
interface QueryBuilder {
  where(...queries: QueryPart[]): BuiltQuery;
  word(property: string, ...text: string[]): QueryPart;
  byExample(...examples: Array<Record<string, unknown>>): QueryPart;
}
interface FoundDocument {
  uri: string;
  content?: unknown;
}
interface SparqlJson {
  head: { vars?: string[] };
  results?: { bindings: Array<Record<string, { type: string; value: string }>> };
}
interface GraphOutcome {
  defaultGraph: boolean;
  graph: string | null | undefined;
  graphType: string;
}
interface DatabaseClient {
  documents: {
    write(docs: Array<{ uri: string; content: unknown; collections?: string[] }>): Pending<{ documents: Array<{ uri: string }> }>;
    read(...uris: string[]): Pending<Array<{ uri: string; content: unknown }>>;
    probe(uri: string): Pending<{ uri: string; exists: boolean }>;
    remove(...uris: string[]): Pending<{ uris: string[]; removed: boolean }>;
    query(query: BuiltQuery): Pending<FoundDocument[]>;
  };
  graphs: {
    write(uri: string, contentType: string, data: unknown): Pending<GraphOutcome>;
    sparql(args: { contentType: string; query: string }): Pending<SparqlJson>;
  };
  config: {
    extlibs: {
      write(args: { path: string; contentType: string; source: unknown }): Pending<{ path: string }>;
      read(path: string): Pending<unknown>;
      list(directory?: string): Pending<{ assets: Array<{ asset: string }> }>;
      remove(path: string): Pending<{ path: string }>;
    };
  };
  release(): void;
}
const qb = marklogic.queryBuilder as QueryBuilder;

const INSTANCE = 'oc-shop';
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}`;

const host = officialClientHost<DatabaseClient>();
const instanceClients: DatabaseClient[] = [];
let instancePort: number;
/** rest-writer on the instance's port. */
let shopWriter: DatabaseClient;
/** rest-admin on the instance's port. */
let shopAdmin: DatabaseClient;
/** rest-writer on the main port: the built-in instance's database. */
let mainWriter: DatabaseClient;
/** rest-writer on the main port, naming the instance's database with the client's `database` option. */
let byName: DatabaseClient;

/** A port free a moment ago: bound on port 0, then released. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function onInstance(user: string): DatabaseClient {
  const db = marklogic.createDatabaseClient({ host: '127.0.0.1', port: instancePort, user, password: user, authType: 'digest' }) as DatabaseClient;
  instanceClients.push(db);
  return db;
}

/** A plain request to the main port as admin, for what the suite checks behind the client. */
const adminFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${host.server.url}${path}`, { ...init, headers: { authorization: basic('admin'), ...(init.headers as Record<string, string> | undefined) } });

beforeAll(async () => {
  await host.start();
  instancePort = await freePort();
  const created = await fetch(`${host.server.url}/v1/rest-apis`, {
    method: 'POST',
    headers: { authorization: basic('rest-admin'), 'content-type': 'application/json' },
    body: JSON.stringify({ 'rest-api': { name: INSTANCE, port: instancePort } }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  shopWriter = onInstance('rest-writer');
  shopAdmin = onInstance('rest-admin');
  mainWriter = host.connect('rest-writer');
  byName = host.connect('rest-writer', 'rest-writer', { database: INSTANCE });
});
afterAll(async () => {
  for (const db of instanceClients) db.release();
  await host.stop();
});

const SHOP_DOC = { uri: '/oci/teapot.json', content: { item: 'teapot', note: 'a glazed quokka teapot' }, collections: ['oci'] };
const MAIN_DOC = { uri: '/oci/kettle.json', content: { item: 'kettle', note: 'a copper quokka kettle' }, collections: ['oci'] };
const uris = (docs: FoundDocument[]) => docs.map((d) => d.uri).sort();

describe('documents on the instance’s port', () => {
  beforeAll(async () => {
    await shopWriter.documents.write([SHOP_DOC]).result();
    await mainWriter.documents.write([MAIN_DOC]).result();
  });

  test('written there, read and probed there; the main port does not have it', async () => {
    expect(await shopWriter.documents.read(SHOP_DOC.uri).result()).toMatchObject([{ uri: SHOP_DOC.uri, content: SHOP_DOC.content }]);
    expect(await shopWriter.documents.probe(SHOP_DOC.uri).result()).toMatchObject({ uri: SHOP_DOC.uri, exists: true });
    expect(await shopWriter.documents.probe(MAIN_DOC.uri).result()).toMatchObject({ exists: false });
    expect(await mainWriter.documents.probe(SHOP_DOC.uri).result()).toMatchObject({ exists: false });
    expect(await mainWriter.documents.probe(MAIN_DOC.uri).result()).toMatchObject({ exists: true });
    // The client resolves a missing document's read with an empty array.
    expect(await mainWriter.documents.read(SHOP_DOC.uri).result()).toEqual([]);
  });

  test('removed there: gone from the instance, the main port’s document untouched', async () => {
    const uri = '/oci/removed.json';
    await shopWriter.documents.write([{ uri, content: { doomed: true } }]).result();
    expect(await shopWriter.documents.probe(uri).result()).toMatchObject({ exists: true });
    expect(await shopWriter.documents.remove(uri).result()).toMatchObject({ uris: [uri], removed: true });
    expect(await shopWriter.documents.probe(uri).result()).toMatchObject({ exists: false });
    expect(await mainWriter.documents.probe(MAIN_DOC.uri).result()).toMatchObject({ exists: true });
  });

  test('documents.query with a word query finds only the instance’s document there, only the main one on the main port', async () => {
    const query = qb.where(qb.word('note', 'quokka'));
    expect(uris(await shopWriter.documents.query(query).result())).toEqual([SHOP_DOC.uri]);
    expect(uris(await mainWriter.documents.query(query).result())).toEqual([MAIN_DOC.uri]);
  });

  test('a query by example (POST /v1/qbe) searches the instance’s database', async () => {
    const teapot = qb.where(qb.byExample({ item: 'teapot' }));
    const kettle = qb.where(qb.byExample({ item: 'kettle' }));
    expect(uris(await shopWriter.documents.query(teapot).result())).toEqual([SHOP_DOC.uri]);
    expect(await shopWriter.documents.query(kettle).result()).toEqual([]);
    expect(await mainWriter.documents.query(teapot).result()).toEqual([]);
    expect(uris(await mainWriter.documents.query(kettle).result())).toEqual([MAIN_DOC.uri]);
  });
});

describe('graphs on the instance’s port', () => {
  const GRAPH = 'http://example.org/oci/graph';
  const SELECT = `SELECT ?o WHERE { GRAPH <${GRAPH}> { <http://example.org/oci/s> <http://example.org/oci/p> ?o } }`;
  const objects = (answer: SparqlJson) => (answer.results?.bindings ?? []).map((b) => b.o.value).sort();

  beforeAll(async () => {
    expect(await shopWriter.graphs.write(GRAPH, 'application/n-triples', '<http://example.org/oci/s> <http://example.org/oci/p> "in the shop" .\n').result()).toMatchObject({
      graph: GRAPH,
      graphType: 'named',
    });
    await mainWriter.graphs.write(GRAPH, 'application/n-triples', '<http://example.org/oci/s> <http://example.org/oci/p> "in the main database" .\n').result();
  });

  test('graphs.write, then a SPARQL SELECT there, answers the instance’s triple only', async () => {
    expect(objects(await shopWriter.graphs.sparql({ contentType: 'application/sparql-results+json', query: SELECT }).result())).toEqual(['in the shop']);
  });

  test('the main port’s SPARQL answers its own triple, not the instance’s', async () => {
    expect(objects(await mainWriter.graphs.sparql({ contentType: 'application/sparql-results+json', query: SELECT }).result())).toEqual(['in the main database']);
  });
});

describe('config.extlibs on the instance’s port (rest-admin)', () => {
  const MODULE = '/oci/lib/greet.xqy';
  const MODULE_SOURCE = 'xquery version "1.0-ml";\nmodule namespace g = "http://example.org/greet";\ndeclare function g:hi() { "hi" };\n';
  const SETTINGS = '/oci/lib/settings.json';
  const SETTINGS_SOURCE = { colour: 'teal', sizes: [1, 2, 3] };

  test('write, read, list and remove an asset, kept in the instance’s modules database', async () => {
    expect(await shopAdmin.config.extlibs.write({ path: MODULE, contentType: 'application/xquery', source: MODULE_SOURCE }).result()).toEqual({ path: MODULE });
    expect(await shopAdmin.config.extlibs.write({ path: SETTINGS, contentType: 'application/json', source: SETTINGS_SOURCE }).result()).toEqual({ path: SETTINGS });

    const module = await shopAdmin.config.extlibs.read(MODULE).result();
    expect(Buffer.isBuffer(module) ? module.toString('utf8') : module).toBe(MODULE_SOURCE);
    expect(await shopAdmin.config.extlibs.read(SETTINGS).result()).toEqual(SETTINGS_SOURCE);
    const listed = await shopAdmin.config.extlibs.list('/oci/lib/').result();
    expect(listed.assets.map((a) => a.asset).sort()).toEqual([`/ext${MODULE}`, `/ext${SETTINGS}`]);
    expect((await shopAdmin.config.extlibs.list().result()).assets.map((a) => a.asset)).toContain(`/ext${MODULE}`);

    // Behind the client: the bytes are in <instance>-modules, not in its content database, nor in the main instance's Modules.
    const stored = await adminFetch(`/v1/documents?uri=${encodeURIComponent(`/ext${MODULE}`)}&database=${INSTANCE}-modules`);
    expect(stored.status).toBe(200);
    expect(await stored.text()).toBe(MODULE_SOURCE);
    expect((await adminFetch(`/v1/documents?uri=${encodeURIComponent(`/ext${MODULE}`)}&database=${INSTANCE}`)).status).toBe(404);
    expect((await adminFetch(`/v1/ext${MODULE}`)).status).toBe(404);

    expect(await shopAdmin.config.extlibs.remove(MODULE).result()).toEqual({ path: MODULE });
    expect((await failure(shopAdmin.config.extlibs.read(MODULE))).statusCode).toBe(404);
    expect((await shopAdmin.config.extlibs.list('/oci/lib/').result()).assets.map((a) => a.asset)).toEqual([`/ext${SETTINGS}`]);
    await shopAdmin.config.extlibs.remove(SETTINGS).result();
    expect((await adminFetch(`/v1/documents?uri=${encodeURIComponent(`/ext${SETTINGS}`)}&database=${INSTANCE}-modules`)).status).toBe(404);
  });

  test('a rest-writer may read an asset but not write one: 403 SEC-PRIV', async () => {
    const path = '/oci/lib/readonly.xqy';
    await shopAdmin.config.extlibs.write({ path, contentType: 'application/xquery', source: 'xquery version "1.0-ml"; 1' }).result();
    const read = await shopWriter.config.extlibs.read(path).result();
    expect(Buffer.isBuffer(read) ? read.toString('utf8') : read).toBe('xquery version "1.0-ml"; 1');
    const err = await failure(shopWriter.config.extlibs.write({ path, contentType: 'application/xquery', source: 'changed' }));
    expect(err.statusCode).toBe(403);
    expect(err.body?.errorResponse?.messageCode).toBe('SEC-PRIV');
    await shopAdmin.config.extlibs.remove(path).result();
  });
});

describe('the client’s database option on the main port', () => {
  test('reads, searches and queries the named database, not the port’s', async () => {
    const uri = '/oci/by-name.json';
    await shopWriter.documents.write([{ uri, content: { item: 'saucer', note: 'a wombat saucer' } }]).result();
    expect(await byName.documents.read(uri).result()).toMatchObject([{ uri, content: { item: 'saucer', note: 'a wombat saucer' } }]);
    expect(await byName.documents.probe(MAIN_DOC.uri).result()).toMatchObject({ exists: false });
    expect(uris(await byName.documents.query(qb.where(qb.word('note', 'wombat'))).result())).toEqual([uri]);
    expect(await mainWriter.documents.query(qb.where(qb.word('note', 'wombat'))).result()).toEqual([]);
    const graph = await byName.graphs.sparql({ contentType: 'application/sparql-results+json', query: 'SELECT ?o WHERE { GRAPH <http://example.org/oci/graph> { ?s ?p ?o } }' }).result();
    expect((graph.results?.bindings ?? []).map((b) => b.o.value)).toEqual(['in the shop']);
  });

  test('writes and removes there: the document lands in the named database', async () => {
    const uri = '/oci/written-by-name.json';
    await byName.documents.write([{ uri, content: { via: 'database option' } }]).result();
    expect(await shopWriter.documents.read(uri).result()).toMatchObject([{ uri, content: { via: 'database option' } }]);
    expect(await mainWriter.documents.probe(uri).result()).toMatchObject({ exists: false });
    expect(await byName.documents.remove(uri).result()).toMatchObject({ removed: true });
    expect(await shopWriter.documents.probe(uri).result()).toMatchObject({ exists: false });
  });

  test('a database that does not exist: 400 XDMP-NOSUCHDB', async () => {
    const nowhere = host.connect('rest-writer', 'rest-writer', { database: 'oc-nowhere' });
    const err = await failure(nowhere.documents.read(MAIN_DOC.uri));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('XDMP-NOSUCHDB');
  });
});
