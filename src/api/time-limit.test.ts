// A request's time limit (instance property default-time-limit, docs/decisions/0016-time-limit.md):
// past it a request is answered 500 XDMP-EXTIME and a write commits nothing. Time is a test
// seam here, so no test waits for a real limit: a manual clock, or one where every reading
// costs a whole second (so the first check a request makes after its start is past a 1 s limit).
import { describe, expect, test } from 'vitest';
import { errorOf, testApi, type TestApi } from '../../test/helpers';
import type { RequestTiming } from '../db/deadline';

const JSON_CT = { 'content-type': 'application/json', accept: 'application/json' };

/** Every reading of this clock is one second later than the last. */
const secondPerReading = (): RequestTiming => {
  let t = 0;
  return { now: () => (t += 1000), secondMs: 1000 };
};

/** An API whose requests each get `seconds` of time limit on `timing`; the setup itself has none. */
async function limitedApi(timing: RequestTiming, seconds: number, setup?: (api: TestApi) => Promise<void>): Promise<TestApi> {
  const api = await testApi({ timing });
  await setup?.(api);
  await api.db.properties.update({ 'default-time-limit': seconds });
  return api;
}

async function seedDocuments(api: TestApi, count: number): Promise<void> {
  const principal = admin(api);
  const writes = Array.from({ length: count }, (_, i) => ({
    uri: `/soup/${i}.json`,
    content: { format: 'json' as const, content: JSON.stringify({ title: `soup number ${i}` }), mimeType: 'application/json' },
  }));
  await api.db.documents.write(writes, principal);
}

const admin = (api: TestApi) => api.db.roles.principalOf({ name: 'admin', roles: ['admin'], permissions: [] });

describe('the request time limit', () => {
  test('a request within its time limit is answered as usual', async () => {
    const api = await limitedApi(secondPerReading(), 3600);
    const put = await api.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: JSON_CT, body: '{"a":1}' });
    expect(put.status).toBe(201);
    expect(await (await api.fetch('/v1/documents?uri=/a.json')).json()).toEqual({ a: 1 });
  });

  test.for<{ name: string; path: string; init: RequestInit }>([
    { name: 'a document PUT', path: '/v1/documents?uri=/a.json', init: { method: 'PUT', headers: JSON_CT, body: '{"a":1}' } },
    {
      name: 'a bulk write',
      path: '/v1/documents',
      init: {
        method: 'POST',
        headers: { 'content-type': 'multipart/mixed; boundary=B', accept: 'application/json' },
        body: '--B\r\nContent-Type: application/json\r\nContent-Disposition: attachment; filename="/a.json"\r\n\r\n{"a":1}\r\n--B--\r\n',
      },
    },
  ])('$name past its time limit is answered XDMP-EXTIME and writes nothing', async ({ path, init }) => {
    const api = await limitedApi(secondPerReading(), 1);
    const err = await errorOf(await api.fetch(path, init));
    expect(err).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    expect(err.message).toMatch(/^XDMP-EXTIME: .*Time limit exceeded: .* time limit of 1 s \(default-time-limit\)/);
    expect(await api.db.documents.read('/a.json', admin(api))).toBeUndefined();
  });

  test('a patch past its time limit changes nothing', async () => {
    const api = await limitedApi(secondPerReading(), 1, (a) => seedDocuments(a, 1));
    const res = await api.fetch('/v1/documents?uri=/soup/0.json', {
      method: 'PATCH',
      headers: JSON_CT,
      body: JSON.stringify({ patch: [{ replace: { select: '/title', content: 'stew' } }] }),
    });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    const doc = await api.db.documents.read('/soup/0.json', admin(api));
    expect(JSON.parse(String(doc?.content))).toEqual({ title: 'soup number 0' });
  });

  test('a delete past its time limit deletes nothing', async () => {
    const api = await limitedApi(secondPerReading(), 1, (a) => seedDocuments(a, 2));
    const res = await api.fetch('/v1/search?directory=/soup/', { method: 'DELETE', headers: { accept: 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    const left = await api.db.documents.read('/soup/1.json', admin(api));
    expect(left).toBeDefined();
  });

  test('a write waiting in the write queue when its time limit runs out is answered then, and never runs', async () => {
    // Real time, a second of limit lasting 1 ms: the write ahead never finishes while we wait.
    const api = await limitedApi({ now: () => performance.now(), secondMs: 1 }, 200);
    let release!: () => void;
    const ahead = api.db.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const res = await api.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: JSON_CT, body: '{"a":1}' });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    release();
    await ahead;
    await api.db.queue.run(async () => undefined); // everything queued before has run (or been skipped)
    expect(await api.db.documents.read('/a.json', admin(api))).toBeUndefined();
  });

  test('a write that waited in the queue past its deadline does not run when its turn comes', async () => {
    const clock = { t: 0 };
    const api = await limitedApi({ now: () => clock.t, secondMs: 1000 }, 60);
    let release!: () => void;
    const ahead = api.db.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const pending = api.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: JSON_CT, body: '{"a":1}' });
    await new Promise((r) => setTimeout(r, 20)); // the PUT has read its body and queued
    clock.t = 61_000;
    release();
    await ahead;
    expect(await errorOf(await pending)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    expect(await api.db.documents.read('/a.json', admin(api))).toBeUndefined();
  });

  test.for<{ name: string; path: string; init?: RequestInit }>([
    { name: 'a string search', path: '/v1/search?q=soup&format=json' },
    { name: 'a structured search by POST', path: '/v1/search?format=json', init: { method: 'POST', headers: JSON_CT, body: JSON.stringify({ query: { queries: [{ 'term-query': { text: ['soup'] } }] } }) } },
    { name: 'a bulk read by query', path: '/v1/search?q=soup', init: { headers: { accept: 'multipart/mixed' } } },
  ])('$name past its time limit is answered XDMP-EXTIME', async ({ path, init }) => {
    const api = await limitedApi(secondPerReading(), 1, (a) => seedDocuments(a, 3));
    const res = await api.fetch(path, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-error-accept': 'application/json' } });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
  });

  test('a SPARQL query whose evaluation ends past its time limit is answered XDMP-EXTIME', async () => {
    const api = await limitedApi(secondPerReading(), 1);
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json', 'x-error-accept': 'application/json' },
      body: 'SELECT * WHERE { ?s ?p ?o }',
    });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
  });

  test('a SPARQL update that ends past its time limit is undone', async () => {
    const api = await limitedApi(secondPerReading(), 1);
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-update', accept: 'application/json' },
      body: 'INSERT DATA { GRAPH <http://g> { <http://s> <http://p> "o" } }',
    });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    await api.db.properties.update({ 'default-time-limit': 3600 });
    const ask = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' },
      body: 'ASK { ?s ?p ?o }',
    });
    expect(await ask.json()).toMatchObject({ boolean: false });
  });

  test('a graph PUT past its time limit writes nothing', async () => {
    const api = await limitedApi(secondPerReading(), 1);
    const res = await api.fetch('/v1/graphs?graph=http://g', {
      method: 'PUT',
      headers: { 'content-type': 'application/n-triples', accept: 'application/json' },
      body: '<http://s> <http://p> "o" .\n',
    });
    expect(await errorOf(res)).toMatchObject({ status: 500, code: 'XDMP-EXTIME' });
    await api.db.properties.update({ 'default-time-limit': 3600 });
    const ask = await api.fetch('/v1/graphs/sparql?query=ASK%20%7B%20%3Fs%20%3Fp%20%3Fo%20%7D', { headers: { accept: 'application/sparql-results+json' } });
    expect(await ask.json()).toMatchObject({ boolean: false });
  });
});
