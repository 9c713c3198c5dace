/**
 * `/tabula/v1/samples` through the handler: the list is the bundled samples; loading one
 * replaces the database with exactly its entries (counts computed from the entries).
 */
import { describe, expect, test } from 'vitest';
import { errorOf, testApi } from '../../test/helpers';
import { as, ok, J } from '../../test/database-state';
import { samples } from '../db/samples';

const dec = new TextDecoder();

describe('/tabula/v1/samples', () => {
  test('GET lists every bundled sample', async () => {
    const api = await testApi({ auth: 'http' });
    const res = await api.fetch('/tabula/v1/samples', { headers: as('rest-reader') });
    expect(await res.json()).toEqual({ samples: samples.map(({ name, title, description }) => ({ name, title, description })) });
  });

  test.for(samples.map((s) => s.name))('POST %s replaces the database with the sample', async (name) => {
    const api = await testApi({ auth: 'http' });
    await ok(api, '/v1/documents?uri=/before.json', { method: 'PUT', headers: J, body: '{}' });
    const res = await api.fetch(`/tabula/v1/samples/${name}`, { method: 'POST', headers: as('admin') });
    expect(res.status, await res.clone().text()).toBe(204);
    const entries = samples.find((s) => s.name === name)!.entries();
    const documents = [...entries.keys()].filter((k) => k.startsWith('documents/')).length;
    const search = (await (await api.fetch('/v1/search?format=json&pageLength=0', { headers: as('admin') })).json()) as { total: number };
    expect(search.total).toBe(documents);
    expect((await api.fetch('/v1/documents?uri=/before.json', { headers: as('admin') })).status).toBe(404);
    const quads = new Set(dec.decode(entries.get('triples/quads.nq')).split('\n').filter((l) => l.trim() !== ''));
    const count = await api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }')}`, { headers: as('admin', { accept: 'application/sparql-results+json' }) });
    expect(Number(((await count.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value)).toBe(quads.size);
    const options = [...entries.keys()].filter((k) => k.startsWith('config/query-options/')).map((k) => decodeURIComponent(k.slice('config/query-options/'.length, -'.json'.length)));
    for (const o of options) expect((await api.fetch(`/v1/config/query/${o}?format=json`, { headers: as('admin') })).status).toBe(200);
  });

  test.for([
    { name: 'a rest-admin loading a sample', path: `/samples/${samples[0].name}`, user: 'rest-admin', status: 403, code: 'SEC-PRIV' },
    { name: 'a sample that does not exist', path: '/samples/nope', user: 'admin', status: 404, code: 'RESTAPI-NODOCUMENT' },
    { name: 'an unknown parameter', path: `/samples/${samples[0].name}?fast=1`, user: 'admin', status: 400, code: 'REST-UNSUPPORTEDPARAM' },
  ])('$name: $status $code, nothing changes', async ({ path, user, status, code }) => {
    const api = await testApi({ auth: 'http' });
    await ok(api, '/v1/documents?uri=/before.json', { method: 'PUT', headers: J, body: '{}' });
    expect(await errorOf(await api.fetch(`/tabula/v1${path}`, { method: 'POST', headers: as(user) }))).toMatchObject({ status, code });
    expect((await api.fetch('/v1/documents?uri=/before.json', { headers: as('admin') })).status).toBe(200);
  });
});
