import { describe, expect, test, vi } from 'vitest';
import { Database } from '../db/database';
import { DbError } from '../db/errors';
import { createApi } from './app';
import { answerRequests, openOnDemand, replaceableInstance, type RequestHandler } from './host';
import { nodeOxigraph } from '../../test/helpers';

const url = (path: string) => new URL(path, 'http://localhost').href;

describe('openOnDemand', () => {
  test('opens on the first call only, and every call shares it', async () => {
    const open = vi.fn(async () => ({ opened: true }));
    const get = openOnDemand(open);
    expect(open).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(open).toHaveBeenCalledTimes(1);
  });

  test('a failure is reported as RESTAPI-INTERNALERROR naming the cause, and the next call tries again', async () => {
    let attempts = 0;
    const get = openOnDemand(async () => {
      if (++attempts === 1) throw new Error('upgrade blocked');
      return 'open';
    });
    const err = await get().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DbError);
    expect((err as DbError).code).toBe('RESTAPI-INTERNALERROR');
    expect((err as DbError).message).toContain('the database could not be opened: upgrade blocked');
    expect(await get()).toBe('open');
    expect(attempts).toBe(2);
  });
});

describe('answerRequests', () => {
  const handler = (response: () => Response): RequestHandler => ({ fetch: async (request) => (await request.text(), response()) });

  test('announces a successful write with its method and path, after the handler answered', async () => {
    const announce = vi.fn();
    const answer = answerRequests({ api: async () => handler(() => new Response(null, { status: 201 })), announce });
    const res = await answer(new Request(url('/v1/documents?uri=/a.json'), { method: 'PUT', body: '{}' }));
    expect(res.status).toBe(201);
    expect(announce).toHaveBeenCalledExactlyOnceWith({ method: 'PUT', path: '/v1/documents' });
  });

  test.for([
    { name: 'a read', method: 'GET', path: '/v1/documents?uri=/a.json', status: 200 },
    { name: 'a query sent by POST', method: 'POST', path: '/v1/search', status: 200 },
    { name: 'a failed write', method: 'PUT', path: '/v1/documents?uri=/a.json', status: 400 },
    { name: 'a write refused for permissions', method: 'DELETE', path: '/v1/documents?uri=/a.json', status: 403 },
  ])('announces nothing for $name', async ({ method, path, status }) => {
    const announce = vi.fn();
    const answer = answerRequests({ api: async () => handler(() => new Response('x', { status })), announce });
    const res = await answer(new Request(url(path), { method, body: method === 'GET' ? undefined : '{}' }));
    expect(res.status).toBe(status);
    expect(announce).not.toHaveBeenCalled();
  });

  test('the SPARQL form body is still there for the handler after the request was classified', async () => {
    const announce = vi.fn();
    const seen: string[] = [];
    const answer = answerRequests({
      api: async () => ({ fetch: async (request) => (seen.push(await request.text()), new Response(null, { status: 204 })) }),
      announce,
    });
    const body = 'update=CLEAR%20ALL';
    await answer(new Request(url('/v1/graphs/sparql'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
    expect(seen).toEqual([body]);
    expect(announce).toHaveBeenCalledExactlyOnceWith({ method: 'POST', path: '/v1/graphs/sparql' });
  });

  test('every answer with a body is handed over as a stream, status and headers kept', async () => {
    const answer = answerRequests({
      api: async () => handler(() => new Response('{"a":1}', { status: 200, headers: { 'content-type': 'application/json', 'x-test': 'kept' } })),
      announce: () => undefined,
    });
    const res = await answer(new Request(url('/v1/documents?uri=/a.json')));
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-test')).toBe('kept');
    expect(await res.text()).toBe('{"a":1}');
  });

  test('a database that cannot open is answered 500 RESTAPI-INTERNALERROR in the negotiated error format; nothing is announced', async () => {
    const announce = vi.fn();
    const api = openOnDemand<RequestHandler>(async () => {
      throw new Error('blocked');
    });
    const answer = answerRequests({ api, announce });
    const res = await answer(new Request(url('/v1/documents?uri=/a.json'), { method: 'PUT', body: '{}', headers: { accept: 'application/json' } }));
    expect(res.status).toBe(500);
    const body = (await res.json()) as { errorResponse: { messageCode: string; message: string } };
    expect(body.errorResponse.messageCode).toBe('RESTAPI-INTERNALERROR');
    expect(body.errorResponse.message).toContain('the database could not be opened: blocked');
    expect(announce).not.toHaveBeenCalled();
  });

  test('through the real handler: a document write is announced, reading it back is not', async () => {
    const announce = vi.fn();
    const api = openOnDemand(async () =>
      createApi({ db: await Database.open({ indexedDB, name: `host-${process.pid}-${Date.now()}`, oxigraph: nodeOxigraph }), auth: 'application', defaultUser: 'admin' }),
    );
    const answer = answerRequests({ api, announce });
    const put = await answer(new Request(url('/v1/documents?uri=/a.json'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }));
    expect(put.status).toBe(201);
    const get = await answer(new Request(url('/v1/documents?uri=/a.json')));
    expect(await get.json()).toEqual({ a: 1 });
    const ask = await answer(
      new Request(url('/v1/graphs/sparql'), { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: 'ASK {}' }),
    );
    expect(ask.status).toBe(200);
    expect(announce.mock.calls).toEqual([[{ method: 'PUT', path: '/v1/documents' }]]);
  });
});

describe('replaceableInstance', () => {
  test('starts once for concurrent callers, then hands the same instance to everyone', async () => {
    const start = vi.fn(async (previous: object | undefined) => ({ previous }));
    const get = replaceableInstance(start);
    const [a, b] = await Promise.all([get(), get()]);
    expect(b).toBe(a);
    expect(await get()).toBe(a);
    expect(start).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  test('a broken instance is replaced once, and the replacement is told which one it replaces', async () => {
    const start = vi.fn(async (previous: { n: number } | undefined) => ({ n: (previous?.n ?? 0) + 1 }));
    const get = replaceableInstance(start);
    const first = await get();
    const [second, again] = await Promise.all([get(first), get(first)]);
    expect(second).toEqual({ n: 2 });
    expect(again).toBe(second);
    // A late report of the old instance gets the current one, not a third.
    expect(await get(first)).toBe(second);
    expect(start).toHaveBeenCalledTimes(2);
    expect(start.mock.calls[1][0]).toBe(first);
  });

  test('a start that fails is tried again by the next caller', async () => {
    let attempts = 0;
    const get = replaceableInstance(async () => {
      if (++attempts === 1) throw new Error('no wasm');
      return { ok: true };
    });
    await expect(get()).rejects.toThrow('no wasm');
    expect(await get()).toEqual({ ok: true });
    expect(attempts).toBe(2);
  });
});
