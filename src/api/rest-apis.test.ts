import { describe, expect, test } from 'vitest';
import { basic, errorOf, reopened, testApi, type TestApi } from '../../test/helpers';
import { limits } from '../db/limits';

const J = { 'content-type': 'application/json' };

const create = (api: TestApi, restApi: Record<string, unknown>, headers: Record<string, string> = J) =>
  api.fetch('/v1/rest-apis', { method: 'POST', headers, body: JSON.stringify({ 'rest-api': restApi }) });

async function instances(api: TestApi, query = ''): Promise<Array<Record<string, string>>> {
  const res = await api.fetch(`/v1/rest-apis?format=json${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { 'rest-apis': Array<Record<string, string>> })['rest-apis'];
}

async function databaseNames(api: TestApi): Promise<string[]> {
  const body = (await (await api.fetch('/manage/v2/databases?format=json')).json()) as { 'database-default-list': { 'list-items': { 'list-item': Array<{ nameref: string }> } } };
  return body['database-default-list']['list-items']['list-item'].map((i) => i.nameref);
}

describe('POST and GET /v1/rest-apis', () => {
  test('the built-in instance is listed first: App-Services on the home and Modules databases', async () => {
    const api = await testApi();
    expect(await instances(api)).toEqual([{ name: 'App-Services', group: 'Default', database: api.db.name, 'modules-database': 'Modules', port: '8000', 'error-format': 'json' }]);
  });

  test('only a name: the databases are <name> and <name>-modules, created; the port is the next free from 8003', async () => {
    const api = await testApi();
    const res = await create(api, { name: 'shop' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/v1/rest-apis/shop');
    expect((await create(api, { name: 'crm', port: 8004 })).status).toBe(201);
    expect((await create(api, { name: 'hr' })).status).toBe(201);
    const byName = Object.fromEntries((await instances(api)).map((i) => [i.name, i]));
    expect(byName.shop).toEqual({ name: 'shop', group: 'Default', database: 'shop', 'modules-database': 'shop-modules', port: '8003', 'error-format': 'json' });
    // 8003 and 8004 are taken: the next free one.
    expect(byName.hr.port).toBe('8005');
    expect(await databaseNames(api)).toEqual([api.db.name, 'Modules', 'crm', 'crm-modules', 'hr', 'hr-modules', 'shop', 'shop-modules']);
  });

  test('existing databases are used as they are; missing ones are created', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/documents?uri=/kept.json', { method: 'PUT', headers: J, body: '{}' })).status).toBe(201);
    expect((await create(api, { name: 'reuse', database: api.db.name, 'modules-database': 'reuse-mods', port: '9001' })).status).toBe(201);
    expect(await databaseNames(api)).toEqual([api.db.name, 'Modules', 'reuse-mods']);
    expect((await api.fetch('/tabula/instances/reuse/v1/documents?uri=/kept.json')).status).toBe(200);
  });

  test('the XML payload and the XML list', async () => {
    const api = await testApi();
    const xml = '<rapi:rest-api xmlns:rapi="http://marklogic.com/rest-api">\n  <rapi:name>x1</rapi:name>\n  <rapi:port>8011</rapi:port>\n</rapi:rest-api>';
    expect((await api.fetch('/v1/rest-apis', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: xml })).status).toBe(201);
    const list = await (await api.fetch('/v1/rest-apis')).text();
    expect(list).toContain('<rapi:rest-apis xmlns:rapi="http://marklogic.com/rest-api">');
    expect(list).toContain('<rapi:rest-api><rapi:name>x1</rapi:name><rapi:group>Default</rapi:group><rapi:database>x1</rapi:database><rapi:modules-database>x1-modules</rapi:modules-database><rapi:port>8011</rapi:port>');
    const one = await api.fetch('/v1/rest-apis/x1', { headers: { accept: 'application/xml' } });
    expect(await one.text()).toMatch(/^<rapi:rest-api xmlns:rapi="http:\/\/marklogic.com\/rest-api"><rapi:name>x1<\/rapi:name>/);
    expect(await (await api.fetch('/v1/rest-apis/x1?format=json')).json()).toMatchObject({ name: 'x1', port: '8011' });
  });

  test('filters: database= and group=', async () => {
    const api = await testApi();
    await create(api, { name: 'a1', database: 'shared' });
    await create(api, { name: 'a2', database: 'shared' });
    await create(api, { name: 'b1' });
    expect((await instances(api, '&database=shared')).map((i) => i.name)).toEqual(['a1', 'a2']);
    expect((await instances(api, '&group=Default')).map((i) => i.name)).toEqual(['App-Services', 'a1', 'a2', 'b1']);
    expect(await instances(api, '&group=Other')).toEqual([]);
  });

  test.for([
    { name: 'a taken name', first: { name: 'dup' }, second: { name: 'dup' }, code: 'REST-INVALIDPARAM', message: /instance dup exists/ },
    { name: 'the built-in name', second: { name: 'App-Services' }, code: 'REST-INVALIDPARAM', message: /exists/ },
    { name: 'a taken port', first: { name: 'p1', port: 8050 }, second: { name: 'p2', port: '8050' }, code: 'REST-INVALIDPARAM', message: /port 8050 is in use by the instance p1/ },
    { name: 'the built-in port', second: { name: 'p3', port: 8000 }, code: 'REST-INVALIDPARAM', message: /App-Services/ },
    { name: 'no name', second: { port: 8051 }, code: 'REST-INVALIDPARAM', message: /name is required/ },
    { name: 'a bad name', second: { name: 'a b' }, code: 'REST-INVALIDPARAM', message: /instance name/ },
    { name: 'a port out of range', second: { name: 'p4', port: 70000 }, code: 'REST-INVALIDPARAM', message: /port/ },
    { name: 'a port that is not a number', second: { name: 'p5', port: 'eighty' }, code: 'REST-INVALIDPARAM', message: /port must be a whole number/ },
    { name: 'another group', second: { name: 'g', group: 'Other' }, code: 'REST-INVALIDPARAM', message: /one group, Default/ },
    { name: 'the same content and modules database', second: { name: 's', database: 'x', 'modules-database': 'x' }, code: 'REST-INVALIDPARAM', message: /both the content and the modules/ },
    { name: 'an unknown property', second: { name: 'u', 'url-rewriter': '/r.xqy' }, code: 'REST-INVALIDPARAM', message: /unsupported rest-api properties: url-rewriter/ },
    { name: 'an html error format', second: { name: 'h', 'error-format': 'html' }, code: 'REST-INVALIDPARAM', message: /html and compatible are not supported/ },
  ])('$name → 400 $code, nothing created', async ({ first, second, code, message }) => {
    const api = await testApi();
    if (first) expect((await create(api, first)).status).toBe(201);
    const before = { instances: await instances(api), databases: await databaseNames(api) };
    const err = await errorOf(await create(api, second));
    expect(err).toMatchObject({ status: 400, code });
    expect(err.message).toMatch(message);
    expect({ instances: await instances(api), databases: await databaseNames(api) }).toEqual(before);
  });

  test.for([
    { name: 'no root', body: '{"name":"x"}', type: 'application/json', code: 'REST-INVALIDPARAM' },
    { name: 'an empty body', body: '', type: 'application/json', code: 'REST-INVALIDPARAM' },
    { name: 'invalid JSON', body: '{"rest-api":', type: 'application/json', code: 'XDMP-JSONDOC' },
    { name: 'plain text', body: 'name=x', type: 'text/plain', code: 'RESTAPI-INVALIDMIMETYPE' },
    { name: 'XML in no namespace', body: '<rest-api><name>x</name></rest-api>', type: 'application/xml', code: 'REST-INVALIDPARAM' },
  ])('a payload with $name is refused ($code)', async ({ body, type, code }) => {
    const api = await testApi();
    expect(await errorOf(await api.fetch('/v1/rest-apis', { method: 'POST', headers: { 'content-type': type }, body }))).toMatchObject({ code });
    expect(await instances(api)).toHaveLength(1);
  });

  test('forests-per-host and xdbc-enabled, which MarkLogic scripts send, are accepted', async () => {
    const api = await testApi();
    expect((await create(api, { name: 'ml', 'forests-per-host': 3, 'xdbc-enabled': true, group: 'Default' })).status).toBe(201);
    expect(await errorOf(await create(api, { name: 'ml2', 'forests-per-host': 0 }))).toMatchObject({ code: 'REST-INVALIDPARAM' });
  });

  test('roles: rest-admin creates, lists and deletes; rest-writer and rest-reader get 403', async () => {
    const api = await testApi({ auth: 'http' });
    for (const user of ['rest-writer', 'rest-reader']) {
      expect(await errorOf(await create(api, { name: 'r' }, { ...J, authorization: basic(user) }))).toMatchObject({ status: 403, code: 'SEC-PRIV' });
      expect((await api.fetch('/v1/rest-apis', { headers: { authorization: basic(user) } })).status).toBe(403);
    }
    const restAdmin = { ...J, authorization: basic('rest-admin') };
    expect((await create(api, { name: 'r' }, restAdmin)).status).toBe(201);
    expect((await api.fetch('/v1/rest-apis/r', { method: 'DELETE', headers: { authorization: basic('rest-writer') } })).status).toBe(403);
    expect((await api.fetch('/v1/rest-apis/r', { method: 'DELETE', headers: restAdmin })).status).toBe(204);
  });

  test('past maxInstances created instances, another is refused (400 TABULA-LIMIT)', async () => {
    const api = await testApi();
    for (let i = 0; i < limits.maxInstances; i++) expect((await create(api, { name: `i${i}`, database: api.db.name, 'modules-database': 'Modules' })).status).toBe(201);
    const err = await errorOf(await create(api, { name: 'one-more', database: api.db.name, 'modules-database': 'Modules' }));
    expect(err).toMatchObject({ status: 400, code: 'TABULA-LIMIT' });
    expect(await instances(api)).toHaveLength(limits.maxInstances + 1);
  });

  test('instances survive a worker stop', async () => {
    const api = await testApi();
    await create(api, { name: 'kept', port: 8123 });
    const again = await reopened(api, { auth: 'application' });
    expect((await instances(again)).map((i) => `${i.name}:${i.port}`)).toEqual(['App-Services:8000', 'kept:8123']);
  });
});

describe('DELETE /v1/rest-apis/{name}', () => {
  test('removes the instance and keeps its databases, unless include= names them', async () => {
    const api = await testApi();
    await create(api, { name: 'one' });
    await create(api, { name: 'two' });
    await api.fetch('/v1/documents?uri=/x.json&database=one', { method: 'PUT', headers: J, body: '{}' });
    expect((await api.fetch('/v1/rest-apis/one', { method: 'DELETE' })).status).toBe(204);
    expect((await instances(api)).map((i) => i.name)).toEqual(['App-Services', 'two']);
    expect((await api.fetch('/v1/documents?uri=/x.json&database=one')).status).toBe(200);
    expect((await api.fetch('/v1/rest-apis/two?include=content&include=modules', { method: 'DELETE' })).status).toBe(204);
    expect(await databaseNames(api)).toEqual([api.db.name, 'Modules', 'one', 'one-modules']);
  });

  test('include=content of a database another instance uses is refused, and nothing is removed', async () => {
    const api = await testApi();
    await create(api, { name: 'a', database: 'shared' });
    await create(api, { name: 'b', database: 'shared' });
    const err = await errorOf(await api.fetch('/v1/rest-apis/a?include=content', { method: 'DELETE' }));
    expect(err).toMatchObject({ status: 400, code: 'MANAGE-INVALIDREQUEST' });
    expect(err.message).toContain('the content database of the instance b');
    expect((await instances(api)).map((i) => i.name)).toEqual(['App-Services', 'a', 'b']);
  });

  test.for([
    { name: 'an unknown instance', path: '/v1/rest-apis/nope', status: 404, code: 'RESTAPI-NOTFOUND' },
    { name: 'the built-in instance', path: '/v1/rest-apis/App-Services', status: 400, code: 'MANAGE-INVALIDREQUEST' },
    { name: 'an unknown include', path: '/v1/rest-apis/App-Services?include=forests', status: 400, code: 'REST-INVALIDPARAM' },
  ])('$name → $status $code', async ({ path, status, code }) => {
    const api = await testApi();
    expect(await errorOf(await api.fetch(path, { method: 'DELETE' }))).toMatchObject({ status, code });
  });

  test('an instance that does not exist is 404 on GET', async () => {
    const api = await testApi();
    expect(await errorOf(await api.fetch('/v1/rest-apis/nope'))).toMatchObject({ status: 404, code: 'RESTAPI-NOTFOUND' });
  });
});

describe('the path form /tabula/instances/<name>/…: an instance in the browser, where there are no ports', () => {
  test('requests reach the instance’s content database; database= still chooses another', async () => {
    const api = await testApi();
    await create(api, { name: 'shop' });
    expect((await api.fetch('/tabula/instances/shop/v1/documents?uri=/p.json', { method: 'PUT', headers: J, body: '{"in":"shop"}' })).status).toBe(201);
    expect((await api.fetch('/v1/documents?uri=/p.json')).status).toBe(404);
    expect(await (await api.fetch('/v1/documents?uri=/p.json&database=shop')).json()).toEqual({ in: 'shop' });
    expect((await api.fetch(`/tabula/instances/shop/LATEST/documents?uri=/p.json&database=${api.db.name}`)).status).toBe(404);
    const search = (await (await api.fetch('/tabula/instances/shop/v1/search?format=json')).json()) as { total: number };
    expect(search.total).toBe(1);
    expect((await api.fetch('/tabula/instances/App-Services/v1/documents?uri=/p.json')).status).toBe(404);
  });

  test('a transaction opened through the path form is found again where its 303 leads', async () => {
    const api = await testApi();
    await create(api, { name: 'shop' });
    const open = await api.fetch('/tabula/instances/shop/v1/transactions', { method: 'POST', redirect: 'manual' });
    const location = open.headers.get('location')!;
    expect(location).toMatch(/^\/tabula\/instances\/shop\/v1\/transactions\/\d+$/);
    const status = (await (await api.fetch(`${location}?format=json`)).json()) as { 'transaction-status': { database: { 'database-name': string } } };
    expect(status['transaction-status'].database['database-name']).toBe('shop');
  });

  test('an instance that does not exist is 404 naming it; a deleted one too', async () => {
    const api = await testApi();
    const err = await errorOf(await api.fetch('/tabula/instances/nope/v1/search'));
    expect(err).toMatchObject({ status: 404, code: 'RESTAPI-NOTFOUND' });
    expect(err.message).toContain('instance nope does not exist');
    await create(api, { name: 'gone' });
    await api.fetch('/v1/rest-apis/gone', { method: 'DELETE' });
    expect((await api.fetch('/tabula/instances/gone/v1/search')).status).toBe(404);
  });

  test('an instance created with error-format xml answers errors in XML unless the client asks otherwise', async () => {
    const api = await testApi();
    await create(api, { name: 'x', 'error-format': 'xml' });
    const res = await api.fetch('/tabula/instances/x/v1/documents?uri=/missing.json');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    expect(await res.text()).toContain('RESTAPI-NODOCUMENT');
    const json = await api.fetch('/tabula/instances/x/v1/documents?uri=/missing.json', { headers: { accept: 'application/json' } });
    expect(json.headers.get('content-type')).toMatch(/json/);
    // The built-in instance keeps JSON.
    expect((await api.fetch('/v1/documents?uri=/missing.json')).headers.get('content-type')).toMatch(/json/);
  });
});
