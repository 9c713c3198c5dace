/**
 * Several databases and REST instances (docs/decisions/0034-databases-and-instances.md)
 * through the real service worker and the browser's IndexedDB. The Node API tests cover
 * every behaviour; these check what only a browser can show: each created database keeps its
 * own storage (`tabula:Documents/<name>`, beside the home `tabula:Documents`) through a worker
 * stop, an instance is reached through the path form `/tabula/instances/<name>/…`, a
 * `/v1/ext` asset's bytes come back unchanged, and deleting a database deletes its
 * IndexedDB database.
 */
import type { Page } from '@playwright/test';
import { test, expect, type ApiFetch, type ApiResponse } from 'tabula/testing';

const JSON_TYPE = { 'content-type': 'application/json' };
const docPath = (uri: string, database?: string) => `/v1/documents?uri=${encodeURIComponent(uri)}${database ? `&database=${database}` : ''}`;

function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.json().errorResponse.messageCode).toBe(code);
}

async function expectStatus(res: Promise<ApiResponse>, status: number, what: string): Promise<ApiResponse> {
  const answer = await res;
  expect(answer.status, `${what}: ${answer.text}`).toBe(status);
  return answer;
}

const createDatabase = (api: ApiFetch, name: string) =>
  expectStatus(api('/manage/v2/databases', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ 'database-name': name }) }), 201, `create database ${name}`);

/** The names of the origin's IndexedDB databases, as the page sees them. */
const idbNames = (page: Page): Promise<string[]> => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').sort());

const GRAPH = 'http://example.org/e2e/databases';
const SELECT = `SELECT ?o WHERE { GRAPH <${GRAPH}> { <http://example.org/e2e/s> <http://example.org/e2e/p> ?o } }`;

/** What each database is given, all different: a document of its own, one at a shared URI, a triple, stored options. */
const DATA = {
  a: { own: '/e2e/a-only.json', shared: { from: 'a', word: 'marmot' }, word: 'marmot', triple: 'held by a', pageLength: 3 },
  b: { own: '/e2e/b-only.json', shared: { from: 'b', word: 'narwhal' }, word: 'narwhal', triple: 'held by b', pageLength: 7 },
} as const;
const SHARED = '/e2e/shared.json';

async function fill(api: ApiFetch, name: 'a' | 'b'): Promise<void> {
  const d = DATA[name];
  await expectStatus(api(docPath(d.own, name), { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ only: name }) }), 201, `PUT ${d.own} in ${name}`);
  await expectStatus(api(docPath(SHARED, name), { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(d.shared) }), 201, `PUT ${SHARED} in ${name}`);
  const triple = `<http://example.org/e2e/s> <http://example.org/e2e/p> "${d.triple}" .\n`;
  await expectStatus(
    api(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}&database=${name}`, { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: triple }),
    201,
    `PUT the graph in ${name}`,
  );
  await expectStatus(
    api(`/v1/config/query/e2e-opts?database=${name}`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ options: { 'page-length': d.pageLength } }) }),
    201,
    `PUT options in ${name}`,
  );
}

async function expectHoldsOnlyItsOwn(api: ApiFetch, name: 'a' | 'b'): Promise<void> {
  const mine = DATA[name];
  const other = DATA[name === 'a' ? 'b' : 'a'];
  expect((await expectStatus(api(docPath(mine.own, name)), 200, `${mine.own} in ${name}`)).json()).toEqual({ only: name });
  await expectStatus(api(docPath(other.own, name)), 404, `${other.own} in ${name}`);
  expect((await expectStatus(api(docPath(SHARED, name)), 200, `${SHARED} in ${name}`)).json()).toEqual(mine.shared);

  const search = async (q: string) => (await expectStatus(api(`/v1/search?q=${q}&database=${name}&format=json`), 200, `search ${q} in ${name}`)).json();
  const found = await search(mine.word);
  expect(found.total).toBe(1);
  expect(found.results.map((r: { uri: string }) => r.uri)).toEqual([SHARED]);
  expect((await search(other.word)).total).toBe(0);

  const sparql = await expectStatus(
    api(`/v1/graphs/sparql?query=${encodeURIComponent(SELECT)}&database=${name}`, { headers: { accept: 'application/sparql-results+json' } }),
    200,
    `SPARQL in ${name}`,
  );
  expect(sparql.json().results.bindings.map((b: { o: { value: string } }) => b.o.value)).toEqual([mine.triple]);

  const options = await expectStatus(api(`/v1/config/query/e2e-opts?database=${name}&format=json`), 200, `options in ${name}`);
  expect(options.json()).toEqual({ options: { 'page-length': mine.pageLength } });
  // And a search with them uses them.
  expect((await expectStatus(api(`/v1/search?q=${mine.word}&options=e2e-opts&database=${name}&format=json`), 200, `search with options in ${name}`)).json()['page-length']).toBe(mine.pageLength);
}

test('two created databases each keep only their own documents, search results, triples and options, through a worker stop', async ({ tabula }) => {
  const api = tabula.fetch;
  await createDatabase(api, 'a');
  await createDatabase(api, 'b');
  const list = (await expectStatus(api('/manage/v2/databases?format=json'), 200, 'list databases')).json();
  const names = list['database-default-list']['list-items']['list-item'].map((i: { nameref: string }) => i.nameref);
  expect(names).toEqual(expect.arrayContaining(['a', 'b']));

  await fill(api, 'a');
  await fill(api, 'b');
  await expectHoldsOnlyItsOwn(api, 'a');
  await expectHoldsOnlyItsOwn(api, 'b');
  // The home database was given none of it.
  await expectStatus(api(docPath(SHARED)), 404, `${SHARED} in the home database`);
  await expectStatus(api(`/v1/config/query/e2e-opts?format=json`), 404, 'options in the home database');

  await tabula.stopWorker();

  // A fresh worker opens a created database on first use only.
  const status = (await expectStatus(api('/tabula/v1/status?database=a'), 200, 'status of a')).json();
  expect(status.database).toBe('a');
  expect(status.open).toEqual(expect.arrayContaining(['Documents', 'a']));
  expect(status.open).not.toContain('b');

  await expectHoldsOnlyItsOwn(api, 'b');
  await expectHoldsOnlyItsOwn(api, 'a');
  expect((await expectStatus(api('/tabula/v1/status'), 200, 'status')).json()).toMatchObject({ database: 'Documents', open: expect.arrayContaining(['Documents', 'a', 'b']) });
  await expectStatus(api(docPath(SHARED)), 404, `${SHARED} in the home database after the stop`);
  const sparqlHome = await expectStatus(api(`/v1/graphs/sparql?query=${encodeURIComponent(SELECT)}`, { headers: { accept: 'application/sparql-results+json' } }), 200, 'SPARQL in the home database');
  expect(sparqlHome.json().results.bindings).toEqual([]);
  expect(tabula.workerStatuses()).toContain('running');
});

test('an instance created with POST /v1/rest-apis is reached through /tabula/instances/<name>/…, before and after a worker stop', async ({ tabula }) => {
  const api = tabula.fetch;
  const created = await expectStatus(api('/v1/rest-apis', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ 'rest-api': { name: 'shop' } }) }), 201, 'create shop');
  expect(created.headers.location).toBe('/v1/rest-apis/shop');
  const listed = (await expectStatus(api('/v1/rest-apis?format=json'), 200, 'list instances')).json()['rest-apis'];
  expect(listed.map((i: { name: string }) => i.name)).toEqual(['App-Services', 'shop']);
  expect(listed[1]).toMatchObject({ name: 'shop', database: 'shop', 'modules-database': 'shop-modules' });

  const inShop = (path: string) => `/tabula/instances/shop${path}`;
  await expectStatus(api(inShop('/v1/ping')), 204, 'ping shop');
  const uri = '/e2e/teapot.json';
  const teapot = { item: 'teapot', note: 'a glazed ocelot teapot' };
  await expectStatus(api(inShop(docPath(uri)), { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(teapot) }), 201, 'PUT in shop');

  const check = async () => {
    expect((await expectStatus(api(inShop(docPath(uri))), 200, 'GET in shop')).json()).toEqual(teapot);
    expect((await expectStatus(api(inShop('/v1/search?q=ocelot&format=json')), 200, 'search in shop')).json().total).toBe(1);
    // Its content database is `shop`: the home instance reaches it by name only.
    await expectStatus(api(docPath(uri)), 404, 'GET in the home database');
    expect((await expectStatus(api(docPath(uri, 'shop')), 200, 'GET with database=shop')).json()).toEqual(teapot);
  };
  await check();
  await tabula.stopWorker();
  await check();

  const unknown = await api('/tabula/instances/no-such-shop/v1/ping');
  expect(unknown.status, unknown.text).toBe(404);
});

test('a /v1/ext asset comes back byte for byte, through a worker stop, and is kept in the Modules database', async ({ tabula }) => {
  const api = tabula.fetch;
  // Odd whitespace (tabs, CR LF, trailing spaces), a multi-byte character and no final newline: nothing may be reformatted.
  const asset = Buffer.from('{ "name" :\t"thé",\r\n   "sizes":[ 1 ,2,\n\n 3 ]   }  \t', 'utf8');
  const path = '/v1/ext/e2e/conf/odd.json';
  await expectStatus(api(path, { method: 'PUT', headers: JSON_TYPE, body: new Uint8Array(asset) }), 201, 'PUT the asset');

  const check = async () => {
    const got = await expectStatus(api(path), 200, 'GET the asset');
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(got.body.equals(asset), `${JSON.stringify(got.text)} is the asset sent`).toBe(true);
    const listed = (await expectStatus(api('/v1/ext/e2e/?format=json'), 200, 'list the assets')).json();
    expect(listed).toEqual({ assets: [{ asset: '/ext/e2e/conf/odd.json' }] });
    const stored = await expectStatus(api(docPath('/ext/e2e/conf/odd.json', 'Modules')), 200, 'the asset as a document of Modules');
    expect(stored.body.equals(asset)).toBe(true);
    await expectStatus(api(docPath('/ext/e2e/conf/odd.json')), 404, 'the asset in the home database');
  };
  await check();
  await tabula.stopWorker();
  await check();

  await expectStatus(api(path, { method: 'DELETE' }), 204, 'DELETE the asset');
  await expectStatus(api(path), 404, 'GET the deleted asset');
});

test('deleting a database removes it (database= then answers 400 XDMP-NOSUCHDB) and its IndexedDB database', async ({ page, tabula }) => {
  const api = tabula.fetch;
  await createDatabase(api, 'gone');
  await expectStatus(api(docPath('/e2e/doomed.json', 'gone'), { method: 'PUT', headers: JSON_TYPE, body: '{"doomed":true}' }), 201, 'PUT in gone');
  await expectStatus(
    api(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}&database=gone`, { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: '<http://example.org/e2e/s> <http://example.org/e2e/p> "doomed" .\n' }),
    201,
    'PUT a graph in gone',
  );
  const before = await idbNames(page);
  expect(before).toContain('tabula:Documents');
  expect(before).toContain('tabula:Documents/gone');

  await expectStatus(api('/manage/v2/databases/gone', { method: 'DELETE' }), 204, 'DELETE gone');

  expectError(await api(docPath('/e2e/doomed.json', 'gone')), 400, 'XDMP-NOSUCHDB');
  expectError(await api('/v1/search?q=doomed&database=gone&format=json'), 400, 'XDMP-NOSUCHDB');
  const list = (await expectStatus(api('/manage/v2/databases?format=json'), 200, 'list databases')).json();
  expect(list['database-default-list']['list-items']['list-item'].map((i: { nameref: string }) => i.nameref)).not.toContain('gone');
  const after = await idbNames(page);
  expect(after).toContain('tabula:Documents');
  expect(after.filter((n) => n.endsWith('Documents/gone'))).toEqual([]);

  // The same name can be created again, empty.
  await createDatabase(api, 'gone');
  await expectStatus(api(docPath('/e2e/doomed.json', 'gone')), 404, 'the old document in the new gone');
});
