import { describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';

describe('the handler', () => {
  test.for([
    { name: 'unknown path under /v1 → 404 with a JSON error body', path: '/v1/nope', method: 'GET', status: 404, code: 'REST-NOSUCHPATH' },
    { name: 'unknown path under /LATEST → 404', path: '/LATEST/nope', method: 'GET', status: 404, code: 'REST-NOSUCHPATH' },
  ])('$name', async ({ path, method, status, code }) => {
    const api = await testApi();
    const res = await api.fetch(path, { method, headers: { accept: 'application/json' } });
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.errorResponse.statusCode).toBe(status);
    expect(body.errorResponse.messageCode).toBe(code);
    expect(Object.keys(body.errorResponse)).toEqual(['statusCode', 'status', 'messageCode', 'message']);
  });

  test('error bodies are XML in the MarkLogic error namespace when X-Error-Accept asks for XML', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/nope', { headers: { 'x-error-accept': 'application/xml', accept: 'application/json' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const text = await res.text();
    expect(text).toContain('<error-response xmlns="http://marklogic.com/xdmp/error">');
    expect(text).toContain('<message-code>REST-NOSUCHPATH</message-code>');
  });
});
