import { describe, expect, test } from 'vitest';
import { errorOf, testApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };

describe('catalog endpoints Tabula does not offer are refused by name, not as unknown paths', () => {
  test.for([
    { method: 'POST', path: '/v1/eval', names: /\/v1\/eval.*does not execute server-side code/ },
    { method: 'POST', path: '/LATEST/invoke', names: /\/v1\/invoke.*does not execute server-side code/ },
    { method: 'GET', path: '/v1/resources/orders?rs:id=1', names: /resource service extensions.*server-side code/ },
    { method: 'PUT', path: '/v1/config/resources/orders', names: /installing resource service extensions/ },
    { method: 'GET', path: '/v1/config/transforms', names: /content transforms.*server-side code/ },
    { method: 'PUT', path: '/v1/config/transforms/t', names: /content transforms/ },
    { method: 'POST', path: '/v1/rows', names: /Optic API/ },
    { method: 'GET', path: '/v1/rows/graphql', names: /Optic API/ },
    { method: 'POST', path: '/v1/alert/match', names: /alerting/ },
    { method: 'POST', path: '/v1/temporal/collections/c', names: /bitemporal/ },
    { method: 'POST', path: '/v1/config/server', names: /app server configuration/ },
    { method: 'GET', path: '/v1/config/namespaces/x', names: /namespace bindings/ },
    { method: 'GET', path: '/manage/v2/packages', names: /configuration packages/ },
    { method: 'GET', path: '/manage/v3', names: /Management API v3/ },
    { method: 'POST', path: '/admin/v1/init', names: /cluster and host administration/ },
  ])('$method $path → 400 TABULA-UNSUPPORTED naming the feature', async ({ method, path, names }) => {
    const api = await testApi();
    const err = await errorOf(await api.fetch(path, { method }));
    expect(err).toMatchObject({ status: 400, code: 'TABULA-UNSUPPORTED' });
    expect(err.message).toMatch(names);
  });

  test('a mistyped path is still 404 REST-NOSUCHPATH', async () => {
    const api = await testApi();
    expect(await errorOf(await api.fetch('/v1/documentz?uri=/a.json'))).toMatchObject({ status: 404, code: 'REST-NOSUCHPATH' });
    expect(await errorOf(await api.fetch('/v1/evaluate'))).toMatchObject({ status: 404, code: 'REST-NOSUCHPATH' });
  });
});

describe('transform parameters, which would run server-side code, are refused by name and change nothing', () => {
  test.for([
    { name: 'a document read', method: 'GET', path: '/v1/documents?uri=/a.json&transform=t' },
    { name: 'a document write', method: 'PUT', path: '/v1/documents?uri=/b.json&transform=t', body: '{}' },
    { name: 'a write with a transform parameter', method: 'PUT', path: '/v1/documents?uri=/b.json&trans:x=1', body: '{}' },
    { name: 'a bulk write', method: 'POST', path: '/v1/documents?transform=t', body: '--B--' },
    { name: 'a search', method: 'GET', path: '/v1/search?q=a&transform=t' },
    { name: 'a QBE', method: 'POST', path: '/v1/qbe?transform=t', body: '{"$query":{}}' },
  ])('$name', async ({ method, path, body }) => {
    const api = await testApi();
    const err = await errorOf(await api.fetch(path, { method, body, headers: J }));
    expect(err).toMatchObject({ status: 400, code: 'TABULA-UNSUPPORTED' });
    expect(err.message).toMatch(/(transform|trans:x) runs a server-side transform: Tabula does not execute server-side code/);
    expect((await api.fetch('/v1/documents?uri=/b.json')).status).toBe(404);
  });
});
