import { describe, expect, test } from 'vitest';
import { basic, errorOf, reopened, testApi, type TestApi } from '../../test/helpers';
import { limits } from '../db/limits';

const J = { 'content-type': 'application/json' };
const TTL = { 'content-type': 'text/turtle' };
const enc = encodeURIComponent;

async function createDatabase(api: TestApi, name: string, extra: Record<string, unknown> = {}): Promise<Response> {
  return api.fetch('/manage/v2/databases', { method: 'POST', headers: J, body: JSON.stringify({ 'database-name': name, ...extra }) });
}

async function listed(api: TestApi): Promise<string[]> {
  const res = await api.fetch('/manage/v2/databases?format=json');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { 'database-default-list': { 'list-items': { 'list-count': { value: number }; 'list-item': Array<{ nameref: string; uriref: string }> } } };
  const items = body['database-default-list']['list-items'];
  expect(items['list-count'].value).toBe(items['list-item'].length);
  for (const i of items['list-item']) expect(i.uriref).toBe(`/manage/v2/databases/${i.nameref}`);
  return items['list-item'].map((i) => i.nameref);
}

const db = (name?: string) => (name === undefined ? '' : `database=${enc(name)}`);
const withDb = (path: string, name?: string) => (name === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}${db(name)}`);

/** Every kind of state a database holds, written into `name` (the home database when undefined). */
async function writeEveryKind(api: TestApi, name: string | undefined, tag: string): Promise<void> {
  const ok = async (res: Promise<Response>) => expect((await res).status).toBeLessThan(300);
  // Range index settings first, so the document's value is indexed.
  await ok(api.fetch(withDb(`/manage/v2/databases/${enc(name ?? api.db.name)}/properties`), {
    method: 'PUT',
    headers: J,
    body: JSON.stringify({ 'range-element-index': [{ 'scalar-type': 'string', 'namespace-uri': '', localname: 'kind', collation: 'http://marklogic.com/collation/codepoint', 'range-value-positions': false, 'invalid-values': 'reject' }] }),
  }));
  await ok(api.fetch(withDb(`/v1/documents?uri=/${tag}.json&collection=c-${tag}&perm:rest-reader=read`, name), { method: 'PUT', headers: J, body: JSON.stringify({ kind: tag, text: `word${tag}` }) }));
  await ok(api.fetch(withDb(`/v1/graphs?graph=${enc(`http://ex/${tag}`)}`, name), { method: 'PUT', headers: TTL, body: `<http://ex/s-${tag}> <http://ex/p> "${tag}" .` }));
  // The same URI and graph IRI in both databases, each with its own content and permissions.
  await ok(api.fetch(withDb(`/v1/documents?uri=/same.json`, name), { method: 'PUT', headers: J, body: JSON.stringify({ tag }) }));
  await ok(api.fetch(withDb(`/v1/graphs?graph=${enc('http://ex/shared')}&perm:${tag === 'a' ? 'app-user' : 'app-builder'}=read`, name), { method: 'PUT', headers: TTL, body: `<http://ex/shared> <http://ex/q> "${tag}" .` }));
  await ok(api.fetch(withDb(`/v1/config/query/opts-${tag}`, name), {
    method: 'PUT',
    headers: J,
    body: JSON.stringify({ options: { values: [{ name: 'kinds', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', 'json-property': 'kind' } }] } }),
  }));
  await ok(api.fetch(withDb('/v1/config/properties/debug', name), { method: 'PUT', headers: J, body: JSON.stringify({ debug: tag === 'b' }) }));
}

/** What `name` shows of every kind of state, as plain values to compare. */
async function readEveryKind(api: TestApi, name: string | undefined) {
  const json = async (path: string) => {
    const res = await api.fetch(withDb(path, name), { headers: { accept: 'application/json' } });
    return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : res.status;
  };
  const search = (await json('/v1/search?q=worda OR wordb&format=json')) as { results: Array<{ uri: string }> };
  const sparql = await api.fetch(withDb('/v1/graphs/sparql', name), { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: 'SELECT ?o WHERE { ?s <http://ex/p> ?o }' });
  const bindings = ((await sparql.json()) as { results: { bindings: Array<{ o: { value: string } }> } }).results.bindings.map((b) => b.o.value);
  const graphs = await (await api.fetch(withDb('/v1/graphs', name), { headers: { accept: 'text/uri-list' } })).text();
  const options = (await json('/v1/config/query?format=json')) as unknown as Array<{ name: string }>;
  const indexes = (await (await api.fetch(`/manage/v2/databases/${enc(name ?? api.db.name)}/properties?format=json`)).json()) as { 'range-element-index': unknown[] };
  const properties = (await json('/v1/config/properties?format=json')) as { debug: boolean };
  const same = (await json('/v1/documents?uri=/same.json')) as { tag: string } | number;
  const sharedPermissions = (await json('/v1/graphs?graph=http%3A%2F%2Fex%2Fshared&category=permissions')) as { permissions: Array<{ 'role-name': string }> } | number;
  return {
    same: typeof same === 'number' ? same : same.tag,
    sharedRoles: typeof sharedPermissions === 'number' ? sharedPermissions : sharedPermissions.permissions.map((p) => p['role-name']).sort(),
    readable: await Promise.all(['/a.json', '/b.json'].map(async (u) => (await api.fetch(withDb(`/v1/documents?uri=${u}`, name))).status)),
    search: search.results.map((r) => r.uri).sort(),
    triples: bindings.sort(),
    graphs: graphs.split(/\r?\n/).filter((g) => g.startsWith('http://ex/')).sort(),
    options: options.map((o) => o.name).filter((n) => n.startsWith('opts-')),
    indexes: indexes['range-element-index'].length,
    debug: properties.debug,
  };
}

describe('GET, POST and DELETE /manage/v2/databases', () => {
  test('the list holds the home database and Modules, then the created ones by name', async () => {
    const api = await testApi();
    expect(await listed(api)).toEqual([api.db.name, 'Modules']);
    expect((await createDatabase(api, 'zeta')).status).toBe(201);
    const res = await createDatabase(api, 'alpha');
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/manage/v2/databases/alpha');
    expect(await listed(api)).toEqual([api.db.name, 'Modules', 'alpha', 'zeta']);
    // XML by default, in the databases namespace.
    const xml = await (await api.fetch('/manage/v2/databases')).text();
    expect(xml).toContain('<database-default-list xmlns="http://marklogic.com/manage/databases">');
    expect(xml).toContain('<nameref>alpha</nameref>');
  });

  test.for([
    { name: 'a taken name', body: { 'database-name': 'Modules' }, status: 400, code: 'ADMIN-DUPLICATENAME' },
    { name: 'no name', body: {}, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a name with a slash', body: { 'database-name': 'a/b' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a name starting with a dot', body: { 'database-name': '.x' }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    { name: 'a 65-character name', body: { 'database-name': 'x'.repeat(65) }, status: 400, code: 'MANAGE-INVALIDPAYLOAD' },
    // The code PUT …/properties answers for the same payload.
    { name: 'an unknown property', body: { 'database-name': 'ok', 'no-such-property': 1 }, status: 400, code: 'RESTAPI-UNSUPPORTEDPROP' },
  ])('creating with $name is refused ($code) and creates nothing', async ({ body, status, code }) => {
    const api = await testApi();
    expect(await errorOf(await api.fetch('/manage/v2/databases', { method: 'POST', headers: J, body: JSON.stringify(body) }))).toMatchObject({ status, code });
    expect(await listed(api)).toEqual([api.db.name, 'Modules']);
  });

  test('past maxDatabases created databases, another is refused (400 TABULA-LIMIT), with an instance too', async () => {
    const api = await testApi();
    for (let i = 0; i < limits.maxDatabases; i++) expect((await createDatabase(api, `d${i}`)).status).toBe(201);
    const err = await errorOf(await createDatabase(api, 'one-more'));
    expect(err).toMatchObject({ status: 400, code: 'TABULA-LIMIT' });
    expect(err.message).toContain('maxDatabases');
    expect(await errorOf(await api.fetch('/v1/rest-apis', { method: 'POST', headers: J, body: '{"rest-api":{"name":"i"}}' }))).toMatchObject({ code: 'TABULA-LIMIT' });
    expect(await listed(api)).toHaveLength(limits.maxDatabases + 2);
  });

  test('index properties sent with the name are the new database’s, and only its', async () => {
    const api = await testApi();
    const index = { 'scalar-type': 'int', 'namespace-uri': '', localname: 'year', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };
    expect((await createDatabase(api, 'shop', { 'range-element-index': [index] })).status).toBe(201);
    const props = async (name: string) => ((await (await api.fetch(`/manage/v2/databases/${name}/properties?format=json`)).json()) as { 'database-name': string; 'range-element-index': unknown[] });
    expect(await props('shop')).toMatchObject({ 'database-name': 'shop', 'range-element-index': [index] });
    expect((await props(api.db.name))['range-element-index']).toEqual([]);
  });

  test('only manage-admin (or admin) creates and deletes; manage-user and rest-admin may not', async () => {
    const api = await testApi({ auth: 'http' });
    const admin = { ...J, authorization: basic('admin') };
    for (const user of ['rest-admin', 'rest-writer']) {
      const res = await api.fetch('/manage/v2/databases', { method: 'POST', headers: { ...J, authorization: basic(user) }, body: '{"database-name":"x"}' });
      expect(await errorOf(res)).toMatchObject({ status: 403, code: 'SEC-PRIV' });
    }
    expect((await api.fetch('/manage/v2/databases', { method: 'POST', headers: admin, body: '{"database-name":"x"}' })).status).toBe(201);
    expect(await errorOf(await api.fetch('/manage/v2/databases/x', { method: 'DELETE', headers: { authorization: basic('rest-admin') } }))).toMatchObject({ status: 403 });
    expect((await api.fetch('/manage/v2/databases/x', { method: 'DELETE', headers: admin })).status).toBe(204);
  });

  test('deleting a database removes everything it holds; a new one of the same name starts empty', async () => {
    const api = await testApi();
    await createDatabase(api, 'shop');
    await writeEveryKind(api, 'shop', 'a');
    expect((await api.fetch('/manage/v2/databases/shop', { method: 'DELETE' })).status).toBe(204);
    expect(await listed(api)).toEqual([api.db.name, 'Modules']);
    expect(await errorOf(await api.fetch('/v1/documents?uri=/a.json&database=shop'))).toMatchObject({ status: 400, code: 'XDMP-NOSUCHDB' });
    expect(await errorOf(await api.fetch('/manage/v2/databases/shop/properties'))).toMatchObject({ status: 404, code: 'XDMP-NOSUCHDB' });
    expect(await errorOf(await api.fetch('/manage/v2/databases/shop', { method: 'DELETE' }))).toMatchObject({ status: 404, code: 'XDMP-NOSUCHDB' });
    await createDatabase(api, 'shop');
    const fresh = await readEveryKind(api, 'shop');
    expect(fresh).toMatchObject({ readable: [404, 404], search: [], triples: [], graphs: [], options: [], indexes: 0, debug: false });
  });

  test('the home database and a database an instance uses cannot be deleted (400 MANAGE-INVALIDREQUEST)', async () => {
    const api = await testApi();
    expect(await errorOf(await api.fetch(`/manage/v2/databases/${api.db.name}`, { method: 'DELETE' }))).toMatchObject({ status: 400, code: 'MANAGE-INVALIDREQUEST' });
    const modules = await errorOf(await api.fetch('/manage/v2/databases/Modules', { method: 'DELETE' }));
    expect(modules).toMatchObject({ status: 400, code: 'MANAGE-INVALIDREQUEST' });
    expect(modules.message).toContain('the modules database of the instance App-Services');
    expect((await api.fetch('/v1/rest-apis', { method: 'POST', headers: J, body: '{"rest-api":{"name":"shop"}}' })).status).toBe(201);
    expect(await errorOf(await api.fetch('/manage/v2/databases/shop', { method: 'DELETE' }))).toMatchObject({ status: 400, code: 'MANAGE-INVALIDREQUEST' });
    expect(await listed(api)).toEqual([api.db.name, 'Modules', 'shop', 'shop-modules']);
  });

  test('view=counts says what a database holds: documents, their bytes, triples', async () => {
    const api = await testApi();
    await createDatabase(api, 'shop');
    const docs = { '/a.json': '{"name":"é"}', '/b.txt': 'plain text', '/c.xml': '<a>x</a>' };
    for (const [uri, body] of Object.entries(docs)) {
      const type = uri.endsWith('.json') ? 'application/json' : uri.endsWith('.xml') ? 'application/xml' : 'text/plain';
      expect((await api.fetch(`/v1/documents?uri=${uri}&database=shop`, { method: 'PUT', headers: { 'content-type': type }, body })).status).toBe(201);
    }
    const turtle = '<http://ex/a> <http://ex/p> 1, 2, 3 .';
    expect((await api.fetch('/v1/graphs?graph=http://ex/g&database=shop', { method: 'PUT', headers: TTL, body: turtle })).status).toBe(201);
    const res = await api.fetch('/manage/v2/databases/shop?view=counts&format=json');
    expect(res.status).toBe(200);
    const counts = ((await res.json()) as { 'database-counts': { name: string; 'count-properties': Record<string, { value: number; units: string }> } })['database-counts'];
    expect(counts.name).toBe('shop');
    const bytes = Object.values(docs).reduce((n, text) => n + new TextEncoder().encode(text).length, 0);
    expect(counts['count-properties']).toMatchObject({ documents: { value: 3, units: 'quantity' }, 'document-bytes': { value: bytes, units: 'bytes' }, triples: { value: 3 } });
    // The home database is untouched.
    const home = ((await (await api.fetch(`/manage/v2/databases/${api.db.name}?view=counts&format=json`)).json()) as { 'database-counts': { 'count-properties': Record<string, { value: number }> } })['database-counts'];
    expect(home['count-properties'].documents.value).toBe(0);
    expect(await errorOf(await api.fetch('/manage/v2/databases/shop?view=status'))).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM' });
    expect(await errorOf(await api.fetch('/manage/v2/databases/nope?view=counts'))).toMatchObject({ status: 404, code: 'XDMP-NOSUCHDB' });
  });
});

describe('a database is isolated: every kind of state stays in the database it was written to', () => {
  test('documents, collections, search, range indexes, values, graphs and their permissions, SPARQL, options and properties', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    await writeEveryKind(api, undefined, 'a');
    await writeEveryKind(api, 'other', 'b');
    const home = await readEveryKind(api, undefined);
    const other = await readEveryKind(api, 'other');
    expect(home).toEqual({ same: 'a', sharedRoles: ['app-user', 'rest-reader', 'rest-writer'], readable: [200, 404], search: ['/a.json'], triples: ['a'], graphs: ['http://ex/a', 'http://ex/shared'], options: ['opts-a'], indexes: 1, debug: false });
    expect(other).toEqual({ same: 'b', sharedRoles: ['app-builder', 'rest-reader', 'rest-writer'], readable: [404, 200], search: ['/b.json'], triples: ['b'], graphs: ['http://ex/b', 'http://ex/shared'], options: ['opts-b'], indexes: 1, debug: true });
    // Values of each one's options, over each one's range index.
    const values = async (name: string | undefined, opts: string) => {
      const res = await api.fetch(withDb(`/v1/values/kinds?options=${opts}&format=json`, name));
      return res.status === 200 ? ((await res.json()) as { 'values-response': { 'distinct-value': Array<{ _value: string }> } })['values-response']['distinct-value'].map((v) => v._value) : (await errorOf(res)).code;
    };
    expect(await values(undefined, 'opts-a')).toEqual(['a']);
    expect(await values('other', 'opts-b')).toEqual(['b']);
    expect(await values('other', 'opts-a')).toBe('REST-INVALIDPARAM');
    // Collections: each database's lexicon knows its own.
    const listedCollections = async (name?: string) => {
      const res = await api.fetch(withDb('/v1/search?q=&format=json&view=facets&pageLength=0', name), { method: 'POST', headers: J, body: JSON.stringify({ search: { options: { constraint: [{ name: 'c', collection: { prefix: '' } }] } } }) });
      const body = (await res.json()) as { facets: { c: { facetValues: Array<{ name: string }> } } };
      return body.facets.c.facetValues.map((v) => v.name);
    };
    expect(await listedCollections()).toEqual(['c-a']);
    expect(await listedCollections('other')).toEqual(['c-b']);
    // Things and suggestions.
    const things = async (name?: string) => (await (await api.fetch(withDb('/v1/graphs/things', name), { headers: { accept: 'text/html' } })).text()).includes('s-b');
    expect(await things()).toBe(false);
    expect(await things('other')).toBe(true);
    const suggest = async (name?: string) => ((await (await api.fetch(withDb('/v1/suggest?partial-q=word&format=json', name))).json()) as { suggestions: string[] }).suggestions;
    expect(await suggest()).toEqual(['worda']);
    expect(await suggest('other')).toEqual(['wordb']);
  });

  test('a transaction belongs to the database it was opened in', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    const open = await api.fetch('/v1/transactions?database=other', { method: 'POST', redirect: 'manual' });
    // The 303 leads back to the same database: a browser follows it before its script sees it.
    const location = open.headers.get('location')!;
    expect(location).toMatch(/^\/v1\/transactions\/\d+\?database=other$/);
    const txid = location.split('/').pop()!.split('?')[0];
    expect((await api.fetch(location)).status).toBe(200);
    expect((await api.fetch(`/v1/documents?uri=/t.json&database=other&txid=${txid}`, { method: 'PUT', headers: J, body: '{}' })).status).toBe(201);
    expect(await errorOf(await api.fetch(`/v1/documents?uri=/t.json&txid=${txid}`))).toMatchObject({ status: 400, code: 'XDMP-RWINVAL' });
    const status = (await (await api.fetch(`/v1/transactions/${txid}?database=other&format=json`)).json()) as { 'transaction-status': { database: { 'database-name': string } } };
    expect(status['transaction-status'].database['database-name']).toBe('other');
    expect((await api.fetch(`/v1/transactions/${txid}?database=other&result=commit`, { method: 'POST' })).status).toBe(204);
    expect((await api.fetch('/v1/documents?uri=/t.json&database=other')).status).toBe(200);
    expect((await api.fetch('/v1/documents?uri=/t.json')).status).toBe(404);
  });

  test('the users and roles are the server’s: one created through any database authenticates in every database', async () => {
    const api = await testApi({ auth: 'http' });
    const admin = { ...J, authorization: basic('admin') };
    await api.fetch('/manage/v2/databases', { method: 'POST', headers: admin, body: '{"database-name":"other"}' });
    const created = await api.fetch('/manage/v2/users', { method: 'POST', headers: admin, body: JSON.stringify({ 'user-name': 'ann', password: 'pw', role: ['rest-writer'] }) });
    expect(created.status).toBe(201);
    const ann = { ...J, authorization: basic('ann', 'pw') };
    expect((await api.fetch('/v1/documents?uri=/x.json&database=other', { method: 'PUT', headers: ann, body: '{}' })).status).toBe(201);
    expect((await api.fetch('/v1/documents?uri=/x.json', { method: 'PUT', headers: ann, body: '{}' })).status).toBe(201);
    // The other database stores no users of its own: resetting it leaves ann in place.
    expect((await api.fetch('/tabula/v1/reset?database=other', { method: 'POST', headers: admin })).status).toBeLessThan(300);
    expect((await api.fetch('/v1/documents?uri=/x.json&database=other', { headers: ann })).status).toBe(404);
    expect((await api.fetch('/v1/documents?uri=/x.json', { headers: ann })).status).toBe(200);
  });

  test('a database a request is using is not closed by the idle sweep, however long the request runs', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    await api.fetch('/v1/documents?uri=/slow.json&database=other', { method: 'PUT', headers: J, body: '{"x":1}' });
    const databases = await api.databases();
    await api.fetch('/tabula/v1/faults', { method: 'POST', headers: J, body: '{"latencyMs":300}' });
    const slow = api.fetch('/v1/documents?uri=/slow.json&database=other');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await databases.releaseIdle(0)).toEqual([]);
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ x: 1 });
    expect(await databases.releaseIdle(0)).toEqual(['other']);
  });

  test('deleting a database lets the requests using it answer first; new ones get XDMP-NOSUCHDB', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    await api.fetch('/v1/documents?uri=/slow.json&database=other', { method: 'PUT', headers: J, body: '{"x":1}' });
    await api.fetch('/tabula/v1/faults', { method: 'POST', headers: J, body: '{"latencyMs":300}' });
    const slow = api.fetch('/v1/documents?uri=/slow.json&database=other');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const deleted = api.fetch('/manage/v2/databases/other', { method: 'DELETE' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await errorOf(await api.fetch('/v1/documents?uri=/slow.json&database=other'))).toMatchObject({ code: 'XDMP-NOSUCHDB' });
    expect((await slow).status).toBe(200);
    expect((await deleted).status).toBe(204);
  });

  test('a scene moves a database’s content into another; its users and roles join the server’s', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    await api.fetch('/manage/v2/roles', { method: 'POST', headers: J, body: JSON.stringify({ 'role-name': 'auditor', role: ['rest-reader'] }) });
    await api.fetch('/manage/v2/users', { method: 'POST', headers: J, body: JSON.stringify({ 'user-name': 'ann', password: 'pw', role: ['auditor'] }) });
    await writeEveryKind(api, 'other', 'b');
    // Exported from the other database: its content, and the server's users and roles.
    const scene = new Uint8Array(await (await api.fetch('/tabula/v1/scene?database=other')).arrayBuffer());
    // Into a fresh server: the users arrive in its home database, the content in a created one.
    const fresh = await testApi({ auth: 'http' });
    const admin = { authorization: basic('admin') };
    await fresh.fetch('/manage/v2/databases', { method: 'POST', headers: { ...J, ...admin }, body: '{"database-name":"copy"}' });
    const imported = await fresh.fetch('/tabula/v1/scene?database=copy', { method: 'PUT', headers: { 'content-type': 'application/zip', ...admin }, body: scene });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await readEveryKind({ ...fresh, fetch: (p, init) => fresh.fetch(p, { ...init, headers: { ...(init?.headers as Record<string, string>), ...admin } }) }, 'copy')).toMatchObject({ same: 'b', search: ['/b.json'], triples: ['b'], options: ['opts-b'] });
    const ann = { authorization: basic('ann', 'pw') };
    expect((await fresh.fetch('/v1/documents?uri=/b.json&database=copy', { headers: ann })).status).toBe(200);
    expect((await fresh.fetch('/manage/v2/roles/auditor?format=json', { headers: admin })).status).toBe(200);
    // The home database of the fresh server holds nothing of the scene's content.
    expect((await fresh.fetch('/v1/documents?uri=/b.json', { headers: admin })).status).toBe(404);
  });

  test('each database survives a worker stop, and the catalogue with it', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    await writeEveryKind(api, 'other', 'b');
    await writeEveryKind(api, undefined, 'a');
    const again = await reopened(api, { auth: 'application' });
    expect(await listed(again)).toEqual([api.db.name, 'Modules', 'other']);
    expect(await readEveryKind(again, 'other')).toEqual({ same: 'b', sharedRoles: ['app-builder', 'rest-reader', 'rest-writer'], readable: [404, 200], search: ['/b.json'], triples: ['b'], graphs: ['http://ex/b', 'http://ex/shared'], options: ['opts-b'], indexes: 1, debug: true });
    expect(await readEveryKind(again, undefined)).toMatchObject({ same: 'a', readable: [200, 404], search: ['/a.json'], triples: ['a'] });
  });

  test('an idle database is closed, and opened again (with all it holds) by the next request', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    await writeEveryKind(api, 'other', 'b');
    const databases = await api.databases();
    const status = async () => ((await (await api.fetch('/tabula/v1/status')).json()) as { open: string[] }).open;
    expect(await status()).toContain('other');
    expect(await databases.releaseIdle(0)).toEqual(['other']);
    expect(await status()).not.toContain('other');
    expect(await readEveryKind(api, 'other')).toMatchObject({ readable: [404, 200], search: ['/b.json'], triples: ['b'] });
    expect(await status()).toContain('other');
  });
});

/** Every endpoint that takes `database=`: a request that succeeds on a database holding one document. */
const endpoints: Array<{ name: string; method?: string; path: string; body?: string; headers?: Record<string, string> }> = [
  { name: 'document read', path: '/v1/documents?uri=/d.json' },
  { name: 'document write', method: 'PUT', path: '/v1/documents?uri=/e.json', body: '{}', headers: J },
  { name: 'document delete', method: 'DELETE', path: '/v1/documents?uri=/d.json' },
  { name: 'document patch', method: 'PATCH', path: '/v1/documents?uri=/d.json', body: '{"patch":[{"insert":{"context":"/","position":"last-child","content":{"y":2}}}]}', headers: J },
  { name: 'search', path: '/v1/search?q=x&format=json' },
  { name: 'search delete', method: 'DELETE', path: '/v1/search?collection=none' },
  { name: 'QBE', method: 'POST', path: '/v1/qbe?format=json', body: '{"$query":{}}', headers: J },
  { name: 'suggest', path: '/v1/suggest?partial-q=x&format=json' },
  { name: 'values list', path: '/v1/values?format=json' },
  { name: 'graphs list', path: '/v1/graphs' },
  { name: 'graph write', method: 'PUT', path: '/v1/graphs?graph=http://ex/g', body: '<http://ex/a> <http://ex/b> "c" .', headers: TTL },
  { name: 'SPARQL', method: 'POST', path: '/v1/graphs/sparql', body: 'ASK {}', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' } },
  { name: 'SPARQL form', method: 'POST', path: '/v1/graphs/sparql', body: 'query=ASK%20%7B%7D', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' } },
  { name: 'things', path: '/v1/graphs/things' },
  { name: 'options list', path: '/v1/config/query?format=json' },
  { name: 'options write', method: 'PUT', path: '/v1/config/query/o', body: '{"options":{}}', headers: J },
  { name: 'properties', path: '/v1/config/properties?format=json' },
  { name: 'indexes', path: '/v1/config/indexes?format=json' },
  { name: 'transaction open', method: 'POST', path: '/v1/transactions' },
  { name: 'idle', path: '/tabula/v1/idle' },
  { name: 'status', path: '/tabula/v1/status' },
  { name: 'settings', path: '/tabula/v1/settings' },
  { name: 'snapshots', path: '/tabula/v1/snapshots' },
];

describe('database= on every endpoint that takes it', () => {
  test.for(endpoints)('$name: a created database answers; an unknown name is 400 XDMP-NOSUCHDB and changes nothing', async ({ method = 'GET', path, body, headers }) => {
    const api = await testApi();
    await createDatabase(api, 'other');
    expect((await api.fetch('/v1/documents?uri=/d.json&database=other', { method: 'PUT', headers: J, body: '{"x":1}' })).status).toBe(201);
    const sep = path.includes('?') ? '&' : '?';
    const res = await api.fetch(`${path}${sep}database=other`, { method, body, headers, redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBeLessThan(400);
    const unknown = await api.fetch(`${path}${sep}database=nope`, { method, body, headers });
    expect(await errorOf(unknown)).toMatchObject({ status: 400, code: 'XDMP-NOSUCHDB', message: expect.stringContaining('nope') });
    // Nothing reached the home database.
    const counts = (await (await api.fetch(`/manage/v2/databases/${api.db.name}?view=counts&format=json`)).json()) as { 'database-counts': { 'count-properties': Record<string, { value: number }> } };
    expect(counts['database-counts']['count-properties']).toMatchObject({ documents: { value: 0 }, triples: { value: 0 } });
    // The home database, named, answers too.
    const home = await api.fetch(`${path}${sep}database=${api.db.name}`, { method, body, headers, redirect: 'manual' });
    expect(home.status).not.toBe(400);
  });

  test('a repeated database parameter is refused, as any repeated parameter', async () => {
    const api = await testApi();
    await createDatabase(api, 'other');
    expect(await errorOf(await api.fetch('/v1/documents?uri=/d.json&database=other&database=other'))).toMatchObject({ status: 400, code: 'REST-REPEATEDPARAM' });
  });

  test('an unknown database is refused only after authentication', async () => {
    const api = await testApi({ auth: 'http' });
    expect((await api.fetch('/v1/documents?uri=/d.json&database=nope')).status).toBe(401);
  });

  test('endpoints that do not take it say so (REST-UNSUPPORTEDPARAM)', async () => {
    const api = await testApi();
    for (const path of ['/v1/ext/?database=Modules', '/v1/rest-apis?database=x&format=json&nope=1', '/manage/v2/users?database=Modules']) {
      const res = await api.fetch(path);
      expect(await errorOf(res)).toMatchObject({ status: 400, code: 'REST-UNSUPPORTEDPARAM' });
    }
  });
});
