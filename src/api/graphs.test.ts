import { describe, expect, test } from 'vitest';
import { basic, errorResponse, reopened, testApi, type TestApi } from '../../test/helpers';

const TTL = { 'content-type': 'text/turtle' };
const ALICE = '@prefix foaf: <http://xmlns.com/foaf/0.1/> . <http://ex/alice> foaf:name "Alice" ; foaf:knows <http://ex/bob> .';
const BOB = '<http://ex/bob> <http://xmlns.com/foaf/0.1/name> "Bob" .';
const g = (iri: string) => `graph=${encodeURIComponent(iri)}`;

async function ntriples(api: TestApi, query: string) {
  const res = await api.fetch(`/v1/graphs?${query}`, { headers: { accept: 'application/n-triples' } });
  return { status: res.status, lines: res.status === 200 ? (await res.text()).trim().split('\n').filter(Boolean).sort() : [] };
}

describe('/v1/graphs', () => {
  test('PUT creates a graph (201), PUT again replaces it (204), POST merges into it (204)', async () => {
    const api = await testApi();
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: ALICE })).status).toBe(201);
    expect((await ntriples(api, g('http://ex/g'))).lines).toHaveLength(2);
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: BOB })).status).toBe(204);
    expect((await ntriples(api, g('http://ex/g'))).lines).toEqual(['<http://ex/bob> <http://xmlns.com/foaf/0.1/name> "Bob" .']);
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'POST', headers: TTL, body: ALICE })).status).toBe(204);
    expect((await ntriples(api, g('http://ex/g'))).lines).toHaveLength(3);
  });

  test('?default addresses the default graph', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/graphs?default', { method: 'PUT', headers: TTL, body: BOB })).status).toBeLessThan(300);
    expect((await ntriples(api, 'default')).lines).toHaveLength(1);
  });

  test('GET without parameters lists graphs, the default graph and the catalogue included', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: ALICE });
    await api.fetch('/v1/graphs?default', { method: 'PUT', headers: TTL, body: BOB });
    const res = await api.fetch('/v1/graphs');
    expect(res.headers.get('content-type')).toBe('text/uri-list; charset=utf-8');
    expect((await res.text()).trim().split('\r\n').sort()).toEqual([
      'http://ex/g',
      'http://marklogic.com/semantics#default-graph',
      'http://marklogic.com/semantics#graphs',
    ]);
    expect((await api.fetch('/v1/graphs', { headers: { accept: 'application/json' } })).status).toBe(406);
  });

  test('encoded and unencoded spellings of a graph IRI name one graph; the query string is decoded once', async () => {
    const api = await testApi();
    expect((await api.fetch('/v1/graphs?graph=http%3A%2F%2Fex%2Fperson%2F1.ttl', { method: 'PUT', headers: TTL, body: BOB })).status).toBe(201);
    expect((await ntriples(api, 'graph=http://ex/person/1.ttl')).status).toBe(200);
    expect((await api.fetch('/v1/graphs?graph=http://ex/person/%2531.ttl', { method: 'PUT', headers: TTL, body: ALICE })).status).toBe(201);
    expect((await ntriples(api, 'graph=http://ex/person/%2531.ttl')).lines).toHaveLength(2);
  });

  test('HEAD answers the headers of GET and no body; 404 for a missing graph', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: ALICE });
    const head = await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'HEAD', headers: { accept: 'text/turtle; charset=utf-8' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    expect(await head.text()).toBe('');
    expect((await api.fetch(`/v1/graphs?${g('http://ex/none')}`, { method: 'HEAD' })).status).toBe(404);
  });

  test('DELETE removes a graph (then GET and DELETE are 404); without parameters removes all graphs', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: ALICE });
    await api.fetch(`/v1/graphs?${g('http://ex/h')}`, { method: 'PUT', headers: TTL, body: BOB });
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ntriples(api, g('http://ex/g'))).status).toBe(404);
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api.fetch('/v1/graphs', { method: 'DELETE' })).status).toBe(204);
    expect((await ntriples(api, g('http://ex/h'))).status).toBe(404);
  });

  test('PUT with an empty graph deletes it', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: ALICE });
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: '@prefix ex: <http://ex/> .\n# no triples\n' })).status).toBe(204);
    expect((await ntriples(api, g('http://ex/g'))).status).toBe(404);
  });

  test('a quad payload without parameters writes the graphs it names, triples outside go to the default graph', async () => {
    const api = await testApi();
    const nq = '<http://ex/a> <http://ex/p> "1" <http://ex/q1> .\n<http://ex/b> <http://ex/p> "2" .\n';
    expect((await api.fetch('/v1/graphs', { method: 'POST', headers: { 'content-type': 'application/n-quads' }, body: nq })).status).toBe(201);
    expect((await ntriples(api, g('http://ex/q1'))).lines).toEqual(['<http://ex/a> <http://ex/p> "1" .']);
    expect((await ntriples(api, 'default')).lines).toEqual(['<http://ex/b> <http://ex/p> "2" .']);
  });

  test.for([
    { name: 'TriG', type: 'application/trig', body: '<http://ex/t> { <http://ex/s> <http://ex/p> "o" }', query: '', graph: 'http://ex/t' },
    { name: 'RDF/XML', type: 'application/rdf+xml', body: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://ex/"><rdf:Description rdf:about="http://ex/s"><ex:p>o</ex:p></rdf:Description></rdf:RDF>', query: g('http://ex/x'), graph: 'http://ex/x' },
    { name: 'JSON-LD', type: 'application/ld+json', body: '{"@id":"http://ex/s","http://ex/p":"o"}', query: g('http://ex/j'), graph: 'http://ex/j' },
    { name: 'N-Triples', type: 'application/n-triples', body: '<http://ex/s> <http://ex/p> "o" .', query: g('http://ex/n'), graph: 'http://ex/n' },
    { name: 'N3', type: 'text/n3', body: '<http://ex/s> <http://ex/p> "o" .', query: g('http://ex/n3'), graph: 'http://ex/n3' },
    { name: 'RDF/JSON', type: 'application/rdf+json', body: '{"http://ex/s":{"http://ex/p":[{"type":"literal","value":"o"}]}}', query: g('http://ex/rj'), graph: 'http://ex/rj' },
  ])('accepts $name', async ({ type, body, query, graph }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/graphs${query ? `?${query}` : ''}`, { method: 'PUT', headers: { 'content-type': type }, body });
    expect(res.status).toBe(201);
    expect((await ntriples(api, g(graph))).lines).toEqual(['<http://ex/s> <http://ex/p> "o" .']);
  });

  test('relative IRIs resolve against base when it is given', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/b')}&base=${encodeURIComponent('http://base.org/')}`, { method: 'PUT', headers: TTL, body: '<s> <p> <o> .' });
    expect((await ntriples(api, g('http://ex/b'))).lines).toEqual(['<http://base.org/s> <http://base.org/p> <http://base.org/o> .']);
  });

  test.for([
    { name: 'a Turtle syntax error', type: 'text/turtle', body: '<http://ex/s> <http://ex/p> ', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an unsupported Content-Type', type: 'application/octet-stream', body: 'x', status: 415, code: 'RESTAPI-INVALIDMIMETYPE' },
    { name: 'malformed RDF/JSON', type: 'application/rdf+json', body: '{"s":', status: 400, code: 'RESTAPI-INVALIDCONTENT' },
  ])('$name is $status and stores nothing', async ({ type, body, status, code }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/graphs?${g('http://ex/bad')}`, { method: 'PUT', headers: { 'content-type': type, accept: 'application/json' }, body });
    expect(res.status).toBe(status);
    expect((await errorResponse(res)).messageCode).toBe(code);
    expect((await ntriples(api, g('http://ex/bad'))).status).toBe(404);
  });

  test.for([
    { name: 'graph and default together', query: 'graph=http://ex/g&default' },
    { name: 'an unknown parameter', query: 'colour=red' },
    { name: 'an unknown category', query: 'graph=http://ex/g&category=colour' },
    { name: 'permissions without a graph', query: 'category=permissions' },
    { name: 'an unknown role in perm:', query: 'graph=http://ex/g&perm:ghost=read' },
  ])('$name is 400', async ({ query }) => {
    const api = await testApi();
    const res = await api.fetch(`/v1/graphs?${query}`, { method: 'PUT', headers: { ...TTL, accept: 'application/json' }, body: BOB });
    expect(res.status).toBe(400);
  });

  test('permissions: defaults always, perm: at creation, PUT replaces, POST merges, DELETE resets', async () => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}&perm:app-user=read`, { method: 'PUT', headers: TTL, body: BOB });
    const read = async () =>
      (await (await api.fetch(`/v1/graphs?${g('http://ex/g')}&category=permissions`, { headers: { accept: 'application/json' } })).json()).permissions as Array<{
        'role-name': string;
        capabilities: string[];
      }>;
    const roles = async () => (await read()).map((p) => p['role-name']).sort();
    expect(await roles()).toEqual(['app-user', 'rest-reader', 'rest-writer']);
    const put = await api.fetch(`/v1/graphs?${g('http://ex/g')}&category=permissions`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ permissions: [{ 'role-name': 'app-builder', capabilities: ['read', 'update'] }] }),
    });
    expect(put.status).toBe(204);
    expect(await roles()).toEqual(['app-builder', 'rest-reader', 'rest-writer']);
    const post = await api.fetch(`/v1/graphs?${g('http://ex/g')}&category=permissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<rapi:permissions xmlns:rapi="http://marklogic.com/rest-api"><rapi:permission><rapi:role-name>app-user</rapi:role-name><rapi:capability>execute</rapi:capability></rapi:permission></rapi:permissions>',
    });
    expect(post.status).toBe(204);
    expect(await roles()).toEqual(['app-builder', 'app-user', 'rest-reader', 'rest-writer']);
    const xml = await (await api.fetch(`/v1/graphs?${g('http://ex/g')}&category=permissions`)).text();
    expect(xml).toContain('<rapi:role-name>app-user</rapi:role-name><rapi:capability>execute</rapi:capability>');
    expect((await api.fetch(`/v1/graphs?${g('http://ex/g')}&category=permissions`, { method: 'DELETE' })).status).toBe(204);
    expect(await roles()).toEqual(['rest-reader', 'rest-writer']);
  });

  test.for([
    { name: 'rest-reader reads', user: 'rest-reader', method: 'GET', status: 200 },
    { name: 'rest-reader may not write', user: 'rest-reader', method: 'PUT', status: 403 },
    { name: 'rest-reader may not delete', user: 'rest-reader', method: 'DELETE', status: 403 },
    { name: 'rest-writer writes', user: 'rest-writer', method: 'PUT', status: 204 },
  ])('$name', async ({ user, method, status }) => {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: BOB });
    const res = await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method, headers: { ...TTL, authorization: basic(user) }, body: method === 'PUT' ? ALICE : undefined });
    expect(res.status).toBe(status);
  });
});

describe('line-based payloads are logged as sent: ASCII as bytes, the rest as text', () => {
  const NT = { 'content-type': 'application/n-triples' };
  const NQ = { 'content-type': 'application/n-quads' };
  test.for([
    { name: 'ASCII N-Triples, PUT then POST', headers: NT, bodies: ['<http://ex/a> <http://ex/p> "one" .\n', '<http://ex/b> <http://ex/p> "two"@en .\n'], logged: 'bytes' },
    { name: 'N-Triples with non-ASCII text', headers: NT, bodies: ['<http://ex/a> <http://ex/p> "Grüße 東京" .\n', '<http://ex/b> <http://ex/p> "🦄" .\n'], logged: 'text' },
    { name: 'ASCII N-Quads (no graph parameter)', headers: NQ, bodies: ['<http://ex/a> <http://ex/p> "one" <http://ex/q> .\n', '<http://ex/b> <http://ex/p> "two" <http://ex/q> .\n'], logged: 'bytes' },
  ])('$name: the same triples after a worker stop', async ({ headers, bodies, logged }) => {
    const api = await testApi();
    const quads = headers === NQ;
    const url = quads ? '/v1/graphs' : `/v1/graphs?${g('http://ex/q')}`;
    for (const [i, body] of bodies.entries()) {
      expect((await api.fetch(url, { method: i === 0 ? 'PUT' : 'POST', headers, body: new TextEncoder().encode(body) })).status).toBeLessThan(300);
    }
    const entries = await api.db.idb.getAll('triples-log');
    const texts = entries.flatMap((e) => e.added.map((a) => a.text));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(typeof text === 'string' ? 'text' : 'bytes').toBe(logged);
    const expected = bodies
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => (quads ? line.replace(' <http://ex/q> .', ' .') : line))
      .sort();
    expect((await ntriples(api, g('http://ex/q'))).lines).toEqual(expected);
    const after = await reopened(api, { auth: 'application' });
    expect((await ntriples(after, g('http://ex/q'))).lines).toEqual(expected);
  });

  test('bytes that are not UTF-8 are refused as before, and nothing is stored', async () => {
    const api = await testApi();
    const body = new Uint8Array([...new TextEncoder().encode('<http://ex/a> <http://ex/p> "'), 0xff, ...new TextEncoder().encode('" .\n')]);
    const res = await api.fetch(`/v1/graphs?${g('http://ex/q')}`, { method: 'PUT', headers: NT, body });
    expect(res.status).toBe(400);
    expect((await errorResponse(res)).messageCode).toBe('XDMP-DOCUTF8SEQ');
    expect((await ntriples(api, g('http://ex/q'))).status).toBe(404);
  });
});

describe('/v1/graphs/things', () => {
  async function seeded() {
    const api = await testApi();
    await api.fetch(`/v1/graphs?${g('http://ex/g')}`, { method: 'PUT', headers: TTL, body: ALICE });
    return api;
  }

  test('without iri: an HTML page of the subjects, each a link', async () => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs/things');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('href="/v1/graphs/things?iri=http%3a//ex/alice"');
  });

  test('with iri: the triples of the node in the negotiated syntax', async () => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs/things?iri=http://ex/alice', { headers: { accept: 'text/turtle' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('foaf:knows <http://ex/bob>');
    const html = await (await api.fetch('/v1/graphs/things?iri=http://ex/alice', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('href="/v1/graphs/things?iri=http%3a//ex/bob"');
  });

  test('an IRI with no triples is 404; an unsupported type is 406', async () => {
    const api = await seeded();
    expect((await api.fetch('/v1/graphs/things?iri=http://ex/nobody', { headers: { accept: 'text/turtle', 'x-error-accept': 'application/json' } })).status).toBe(404);
    expect((await api.fetch('/v1/graphs/things?iri=http://ex/alice', { headers: { accept: 'image/png' } })).status).toBe(406);
  });
});

describe('multipart/form-data on /v1/graphs', () => {
  test('every part is merged into the graph in one write, blank nodes kept apart per part', async () => {
    const api = await testApi();
    const boundary = 'FORMB';
    const part = (name: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.ttl"\r\nContent-Type: text/turtle\r\n\r\n${body}\r\n`;
    const body = part('a', '_:x <http://ex/p> "a" .') + part('b', '_:x <http://ex/p> "b" .') + `--${boundary}--\r\n`;
    const res = await api.fetch(`/v1/graphs?${g('http://ex/f')}`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(res.status).toBe(201);
    const { lines } = await ntriples(api, g('http://ex/f'));
    expect(lines).toHaveLength(2);
    expect(new Set(lines.map((l) => l.split(' ')[0])).size).toBe(2);
  });

  test('a part in no RDF syntax is 415 and nothing is stored', async () => {
    const api = await testApi();
    const body = `--B\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: image/png\r\n\r\nxx\r\n--B--\r\n`;
    const res = await api.fetch(`/v1/graphs?${g('http://ex/f')}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=B', accept: 'application/json' }, body });
    expect(res.status).toBe(415);
    expect((await ntriples(api, g('http://ex/f'))).status).toBe(404);
  });
});
