import { describe, expect, test } from 'vitest';
import { basic, testApi } from '../../test/helpers';
import { catalogue } from '../db/errors';
import { isApiPath, needsTriples } from './app';
import { limits } from '../db/limits';

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

  test.for(['/v1/ping', '/LATEST/ping', '/anything/ping', '/ping'])('%s answers 204 for clients that pre-authenticate', async (path) => {
    const api = await testApi();
    expect((await api.fetch(path, { method: 'HEAD' })).status).toBe(204);
  });

  test('an unexpected exception is a 500 INTERNAL ERROR body, never a stack trace', async () => {
    const api = await testApi();
    api.db.documents.read = () => Promise.reject(new TypeError('boom'));
    const res = await api.fetch('/v1/documents?uri=/a.json', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.errorResponse).toEqual({
      statusCode: 500,
      status: 'Internal Server Error',
      messageCode: 'INTERNAL ERROR',
      message: 'boom . See the MarkLogic server error log for further detail.',
    });
  });
});

describe('parameters percent-decoded as UTF-8, strictly', () => {
  test.for(['%FF', '%C0%AF', '%ED%A0%80', '%E2%82'])('PUT /v1/documents?uri=/bad%s.json → 400 REST-INVALIDPARAM, nothing stored', async (escape) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/documents?uri=/bad${escape}.json`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errorResponse).toMatchObject({ statusCode: 400, messageCode: 'REST-INVALIDPARAM' });
    const listed = await api.fetch('/v1/search?format=json', { headers: { accept: 'application/json' } });
    expect((await listed.json()).total).toBe(0);
  });

  test('two different bad escapes no longer land on one document', async () => {
    const api = await testApi();
    const put = (escape: string, body: string) =>
      api.fetch(`/v1/documents?uri=/x${escape}.json`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
    expect((await put('%FF', '{"n":1}')).status).toBe(400);
    expect((await put('%E2%82', '{"n":2}')).status).toBe(400);
    expect((await api.fetch('/v1/documents?uri=/x%EF%BF%BD.json')).status).toBe(404);
  });

  test.for([
    { what: 'a search', path: '/v1/search?q=%FF', init: {} },
    { what: 'a SPARQL form body', path: '/v1/graphs/sparql', init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'query=ASK%7B%7D%FF' } },
  ])('$what with a bad escape → 400 REST-INVALIDPARAM', async ({ path, init }) => {
    const api = await testApi();
    const res = await api.fetch(path, { ...init, headers: { ...(init as { headers?: Record<string, string> }).headers, accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errorResponse.messageCode).toBe('REST-INVALIDPARAM');
  });
});

describe('error messages say their catalogue text once', () => {
  const once = (message: string, code: keyof typeof catalogue) => message.split(catalogue[code].text).length - 1;

  test('creating a user that exists: "User already exists: alice"', async () => {
    const api = await testApi();
    const create = () =>
      api.fetch('/manage/v2/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ 'user-name': 'alice', password: 'pw', role: ['rest-reader'] }),
      });
    expect((await create()).status).toBe(201);
    const { errorResponse } = await (await create()).json();
    expect(errorResponse.message).toBe(`SEC-USEREXISTS: (err:FOER0000) ${catalogue['SEC-USEREXISTS'].text}: alice`);
  });

  test('a JSON document that does not parse: "Document is not JSON: /a.json: …"', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?uri=/a.json', { method: 'PUT', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{"a":' });
    const { errorResponse } = await res.json();
    expect(errorResponse.messageCode).toBe('XDMP-JSONDOC');
    expect(errorResponse.message.startsWith(`XDMP-JSONDOC: (err:FOER0000) ${catalogue['XDMP-JSONDOC'].text}: /a.json: `)).toBe(true);
    expect(once(errorResponse.message, 'XDMP-JSONDOC')).toBe(1);
  });

  test('a document URI ending in /: "Directory URI: /d/ …"', async () => {
    const api = await testApi();
    const res = await api.fetch('/v1/documents?uri=/d/', { method: 'PUT', headers: { 'content-type': 'text/plain', accept: 'application/json' }, body: 'x' });
    const { errorResponse } = await res.json();
    expect(errorResponse.messageCode).toBe('XDMP-DIRURI');
    expect(once(errorResponse.message, 'XDMP-DIRURI')).toBe(1);
  });
});

describe('security headers', () => {
  const sparql = { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: 'text/html' }, body: 'SELECT ?s WHERE { ?s ?p ?o }' };
  test.for([
    { what: 'SPARQL results as HTML', path: '/v1/graphs/sparql', init: sparql, type: /^text\/html/, csp: true },
    { what: 'the things page', path: '/v1/graphs/things', init: { headers: { accept: 'text/html' } }, type: /^text\/html/, csp: true },
    { what: 'an HTML error page', path: '/v1/nope', init: { headers: { accept: 'text/html' } }, type: /^text\/html/, csp: true },
    { what: 'a stored HTML document', path: '/v1/documents?uri=/page.html', init: {}, type: /^text\/html/, csp: true },
    { what: 'a stored SVG document', path: '/v1/documents?uri=/pic.svg', init: {}, type: /^image\/svg\+xml/, csp: true },
    { what: 'a search response in XML', path: '/v1/search', init: {}, type: /^application\/xml/, csp: true },
    { what: 'an XML error body', path: '/v1/nope', init: { headers: { accept: 'application/xml' } }, type: /^application\/xml/, csp: true },
    { what: 'a search response in JSON', path: '/v1/search?format=json', init: {}, type: /^application\/json/, csp: false },
    { what: 'a JSON error body', path: '/v1/documents?uri=/missing.json', init: { headers: { accept: 'application/json' } }, type: /^application\/json/, csp: false },
    { what: 'a URL past maxUrlBytes (refused before routing)', path: `/v1/ping?x=${'y'.repeat(limits.maxUrlBytes)}`, init: { headers: { accept: 'application/json' } }, type: /^application\/json/, csp: false },
  ])('$what: nosniff, and a no-script Content-Security-Policy when a browser would render it as a page', async ({ path, init, type, csp }) => {
    const api = await testApi();
    await api.fetch('/v1/documents?uri=/page.html', { method: 'PUT', headers: { 'content-type': 'text/html' }, body: '<html><body><script>alert(1)</script></body></html>' });
    await api.fetch('/v1/documents?uri=/pic.svg', { method: 'PUT', headers: { 'content-type': 'image/svg+xml' }, body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' });
    const res = await api.fetch(path, init);
    expect(res.headers.get('content-type')).toMatch(type);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = res.headers.get('content-security-policy');
    if (csp) {
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toMatch(/script-src/);
    } else expect(policy).toBeNull();
  });
});

describe('ping and roles', () => {
  test('a user without any REST role gets 403 from ping', async () => {
    const api = await testApi();
    const created = await api.fetch('/manage/v2/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'user-name': 'nobody', password: 'pw', role: ['app-user'] }),
    });
    expect(created.status).toBe(201);
    const res = await api.fetch('/v1/ping', { headers: { authorization: `Basic ${btoa('nobody:pw')}`, accept: 'application/json' } });
    expect(res.status).toBe(403);
    expect((await res.json()).errorResponse.messageCode).toBe('SEC-PRIV');
  });
});

describe('CORS on the Node host', () => {
  test('a preflight from a loopback origin is answered before authentication', async () => {
    const api = await testApi({ auth: 'http', cors: true });
    const res = await api.fetch('/v1/documents?uri=/a.json', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:4173', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  test('responses expose the MarkLogic headers to loopback pages, and other origins get no CORS grant', async () => {
    const api = await testApi({ auth: 'http', cors: true });
    const ok = await api.fetch('/v1/ping', { headers: { origin: 'http://localhost:5173', authorization: basic('admin') } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/vnd\.marklogic\.document-format/);
    const foreign = await api.fetch('/v1/ping', { headers: { origin: 'https://evil.example', authorization: basic('admin') } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('needsTriples: the paths a host starts the RDF engine for', () => {
  test.for([
    { path: '/v1/graphs', engine: true },
    { path: '/v1/graphs/', engine: true },
    { path: '/v1/graphs/sparql', engine: true },
    { path: '/v1/graphs/things', engine: true },
    { path: '/LATEST/graphs/sparql', engine: true },
    { path: '/v1/ping', engine: false },
    { path: '/v1/search', engine: false },
    { path: '/v1/documents', engine: false },
    { path: '/v1/graphsx', engine: false },
    { path: '/manage/v2/graphs', engine: false },
    { path: '/tabula/v1/scene', engine: false },
    { path: '/index.html', engine: false },
  ])('$path → $engine', ({ path, engine }) => {
    expect(needsTriples(path)).toBe(engine);
    // Only API paths reach the worker's listener that asks.
    if (engine) expect(isApiPath(path)).toBe(true);
  });
});
