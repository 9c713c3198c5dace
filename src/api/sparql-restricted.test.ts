/**
 * SPARQL restricted by a document query, through the handler (docs/decisions/0032-embedded-triples.md):
 * `q`, `structuredQuery`, `options`, `collection`, `directory` and the combined JSON / XML body
 * the official clients send. The expected triples are worked out from the table of documents
 * below (their words, collections, readers and triples), never from an answer.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { basic, errorOf, testApi, type TestApi } from '../../test/helpers';

const EX = 'http://example.org/';
const KNOWS = `${EX}knows`;
const SEM = 'http://marklogic.com/semantics';
const J = { 'content-type': 'application/json' };
const as = (user: string, extra: Record<string, string> = {}) => ({ authorization: basic(user), ...extra });

interface Doc {
  uri: string;
  words: string;
  collections: string[];
  /** Pairs (subject, object) of `knows` triples the document embeds. */
  knows: Array<[string, string]>;
  /** Only role `secret` may read it (written by admin with that permission alone). */
  secret?: boolean;
  xml?: boolean;
}

const C1 = `${EX}c1`;
const C2 = `${EX}c2`;
const DOCS: Doc[] = [
  { uri: '/r/a.json', words: 'apple', collections: [C1], knows: [['a1', 'a2']] },
  { uri: '/r/b.json', words: 'banana', collections: [C2], knows: [['b1', 'b2'], ['b2', 'b3']] },
  { uri: '/r/c.xml', words: 'apple cherry', collections: [C1, C2], knows: [['c1', 'c2']], xml: true },
  { uri: '/r/d.json', words: 'date', collections: [], knows: [['d1', 'd2']] },
  { uri: '/s/e.json', words: 'apple banana', collections: [C2], knows: [['e1', 'e2']] },
  { uri: '/r/secret.json', words: 'apple banana', collections: [C1], knows: [['x1', 'x2']], secret: true },
];
/** Managed triples (the graph store's) per graph. */
const MANAGED: Record<string, Array<[string, string]>> = { [C1]: [['m1', 'm2']], [C2]: [['n1', 'n2']] };

function content(d: Doc): string {
  if (!d.xml) return JSON.stringify({ text: d.words, facts: d.knows.map(([s, o]) => ({ triple: { subject: `${EX}${s}`, predicate: KNOWS, object: `${EX}${o}` } })) });
  const triples = d.knows.map(([s, o]) => `<sem:triple><sem:subject>${EX}${s}</sem:subject><sem:predicate>${KNOWS}</sem:predicate><sem:object>${EX}${o}</sem:object></sem:triple>`);
  return `<doc xmlns:sem="${SEM}"><text>${d.words}</text>${triples.join('')}</doc>`;
}

const SELECT = `SELECT DISTINCT ?s ?o WHERE { ?s <${KNOWS}> ?o }`;
const pairKey = ([s, o]: [string, string]) => `${s} ${o}`;
/** The pairs of the documents `user` may read that `matches`, plus the managed pairs of `graphs`. */
function expected(matches: (d: Doc) => boolean, user: string, graphs: string[] = []): string[] {
  const docs = DOCS.filter((d) => (!d.secret || user !== 'rest-reader') && matches(d));
  return [...new Set([...docs.flatMap((d) => d.knows), ...graphs.flatMap((g) => MANAGED[g])].map(pairKey))].sort();
}
const hasWord = (w: string) => (d: Doc) => d.words.split(' ').includes(w);

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
  const admin = (path: string, method: string, body: string, headers: Record<string, string> = J) =>
    api.fetch(path, { method, headers: as('admin', headers), body }).then(async (r) => expect(r.status, `${path}: ${await r.text()}`).toBeLessThan(300));
  await admin('/manage/v2/roles', 'POST', JSON.stringify({ 'role-name': 'secret' }));
  await admin('/manage/v2/users', 'POST', JSON.stringify({ 'user-name': 'spy', password: 'spy', role: ['rest-reader', 'secret'] }));
  for (const d of DOCS) {
    const params = [`uri=${d.uri}`, ...d.collections.map((c) => `collection=${encodeURIComponent(c)}`), ...(d.secret ? ['perm:secret=read'] : [])];
    const type = d.xml ? 'application/xml' : 'application/json';
    const res = await api.fetch(`/v1/documents?${params.join('&')}`, { method: 'PUT', body: content(d), headers: as(d.secret ? 'admin' : 'rest-writer', { 'content-type': type }) });
    expect(res.status, await res.text()).toBeLessThan(300);
  }
  for (const [graph, pairs] of Object.entries(MANAGED)) {
    const body = pairs.map(([s, o]) => `<${EX}${s}> <${KNOWS}> <${EX}${o}> .`).join('\n');
    await admin(`/v1/graphs?graph=${encodeURIComponent(graph)}`, 'PUT', body, { 'content-type': 'application/n-triples' });
  }
  await admin(
    '/v1/config/query/fruit',
    'PUT',
    JSON.stringify({ options: { constraint: [{ name: 'kind', collection: { prefix: EX } }], 'additional-query': [{ 'directory-query': { uri: ['/r/'], infinite: true } }] } }),
  );
});

async function pairs(res: Response): Promise<string[]> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const body = JSON.parse(text) as { results: { bindings: Array<Record<string, { value: string }>> } };
  return body.results.bindings.map((b) => `${b.s.value.slice(EX.length)} ${b.o.value.slice(EX.length)}`).sort();
}

const get = (params: string, user = 'rest-reader', query = SELECT) =>
  api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(query)}&${params}`, { headers: as(user, { accept: 'application/sparql-results+json' }) });
const enc = encodeURIComponent;

describe('a document query restricts the triples a SPARQL query sees', () => {
  const all = () => true;
  test.for([
    { name: 'q: one word', params: 'q=apple', matches: hasWord('apple') },
    { name: 'q: two terms ANDed', params: `q=${enc('apple banana')}`, matches: (d: Doc) => hasWord('apple')(d) && hasWord('banana')(d) },
    { name: 'q: OR', params: `q=${enc('cherry OR date')}`, matches: (d: Doc) => hasWord('cherry')(d) || hasWord('date')(d) },
    { name: 'q matching nothing', params: 'q=zucchini', matches: () => false },
    { name: 'structuredQuery', params: `structuredQuery=${enc(JSON.stringify({ query: { 'term-query': { text: ['banana'] } } }))}`, matches: hasWord('banana') },
    { name: 'directory', params: 'directory=/r/', matches: (d: Doc) => d.uri.startsWith('/r/') },
    { name: 'collection with q: documents only', params: `collection=${enc(C1)}&q=apple`, matches: (d: Doc) => d.collections.includes(C1) && hasWord('apple')(d) },
    { name: 'collection alone: its documents and its managed triples', params: `collection=${enc(C1)}`, matches: (d: Doc) => d.collections.includes(C1), graphs: [C1] },
    { name: 'two collections', params: `collection=${enc(C1)}&collection=${enc(C2)}`, matches: (d: Doc) => d.collections.length > 0, graphs: [C1, C2] },
    { name: 'options with a constraint and an additional query', params: `options=fruit&q=${enc('kind:c2')}`, matches: (d: Doc) => d.collections.includes(C2) && d.uri.startsWith('/r/') },
    { name: 'no restriction: the whole store', params: '', matches: all, graphs: [C1, C2] },
  ])('$name', async ({ params, matches, graphs }) => {
    for (const user of ['rest-reader', 'spy']) {
      expect(await pairs(await get(params, user)), user).toEqual(expected(matches, user, graphs));
    }
  });

  test('an empty string query restricts nothing', async () => {
    expect(await pairs(await get('q='))).toEqual(expected(() => true, 'rest-reader', [C1, C2]));
  });

  test('the dataset applies on top of the restriction', async () => {
    const matches = (d: Doc) => hasWord('apple')(d) && d.collections.includes(C2);
    expect(await pairs(await get(`q=apple&default-graph-uri=${enc(C2)}`))).toEqual(expected(matches, 'rest-reader'));
    const named = `SELECT ?g ?s ?o WHERE { GRAPH ?g { ?s <${KNOWS}> ?o } }`;
    const res = await get(`q=apple&named-graph-uri=${enc(C1)}`, 'rest-reader', named);
    const body = (await res.json()) as { results: { bindings: Array<Record<string, { value: string }>> } };
    const got = body.results.bindings.map((b) => `${b.g.value} ${b.s.value.slice(EX.length)}`).sort();
    const want = DOCS.filter((d) => !d.secret && hasWord('apple')(d) && d.collections.includes(C1)).flatMap((d) => d.knows.map(([s]) => `${C1} ${s}`)).sort();
    expect(got).toEqual(want);
  });

  test('GRAPH ?g binds the collections of the matching documents', async () => {
    const res = await get('q=banana', 'spy', `SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }`);
    const body = (await res.json()) as { results: { bindings: Array<Record<string, { value: string }>> } };
    const want = [...new Set(DOCS.filter(hasWord('banana')).flatMap((d) => d.collections))].sort();
    expect(body.results.bindings.map((b) => b.g.value).sort()).toEqual(want);
  });

  test('POST form parameters restrict too', async () => {
    const res = await api.fetch('/v1/graphs/sparql', {
      method: 'POST',
      body: `query=${enc(SELECT)}&q=cherry`,
      headers: as('rest-reader', { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' }),
    });
    expect(await pairs(res)).toEqual(expected(hasWord('cherry'), 'rest-reader'));
  });
});

describe('the combined body: a search with its SPARQL query', () => {
  const post = (body: string, type: string, params = '', user = 'rest-reader') =>
    api.fetch(`/v1/graphs/sparql${params}`, { method: 'POST', body, headers: as(user, { 'content-type': type, accept: 'application/sparql-results+json' }) });
  const structured = (word: string) => ({ queries: [{ 'term-query': { text: [word] } }] });

  test.for([
    { name: 'JSON: a structured query', body: JSON.stringify({ search: { query: structured('banana'), sparql: SELECT } }), type: 'application/json', matches: hasWord('banana') },
    { name: 'JSON: qtext', body: JSON.stringify({ search: { qtext: 'cherry', sparql: SELECT } }), type: 'application/json', matches: hasWord('cherry') },
    {
      name: 'JSON: qtext with inline options',
      body: JSON.stringify({ search: { qtext: `in:"${C1}"`, options: { constraint: [{ name: 'in', collection: { prefix: '' } }] }, sparql: SELECT } }),
      type: 'application/json',
      // A query that is one collection query, however it was written, selects the graph's managed triples too.
      matches: (d: Doc) => d.collections.includes(C1),
      graphs: [C1],
    },
    {
      name: 'JSON: a query by example',
      body: JSON.stringify({ search: { $query: { text: { $word: 'apple' } }, sparql: SELECT } }),
      type: 'application/json',
      matches: (d: Doc) => !d.xml && hasWord('apple')(d),
    },
    {
      name: 'XML: a structured query',
      body: `<search xmlns="http://marklogic.com/appservices/search"><query><term-query><text>banana</text></term-query></query><sparql>${SELECT.replace(/</g, '&lt;')}</sparql></search>`,
      type: 'application/xml',
      matches: hasWord('banana'),
    },
    {
      name: 'JSON with a collection parameter beside it',
      body: JSON.stringify({ search: { qtext: 'apple', sparql: SELECT } }),
      type: 'application/json',
      params: `?collection=${enc(C2)}`,
      matches: (d: Doc) => hasWord('apple')(d) && d.collections.includes(C2),
    },
    { name: 'JSON with no search part: every document', body: JSON.stringify({ search: { sparql: SELECT } }), type: 'application/json', matches: () => true, graphs: [C1, C2] },
  ])('$name', async ({ body, type, params, matches, graphs }) => {
    expect(await pairs(await post(body, type, params))).toEqual(expected(matches, 'rest-reader', graphs));
  });

  test.for([
    { name: 'no sparql', body: JSON.stringify({ search: { qtext: 'apple' } }), type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'sparql not a string', body: JSON.stringify({ search: { qtext: 'apple', sparql: 42 } }), type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'not a search', body: JSON.stringify({ query: structured('apple') }), type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'malformed JSON', body: '{"search": ', type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'unknown key', body: JSON.stringify({ search: { sparql: SELECT, sort: 'x' } }), type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'XML without search:sparql', body: '<search xmlns="http://marklogic.com/appservices/search"><qtext>apple</qtext></search>', type: 'application/xml', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'XML not search:search', body: '<query xmlns="http://marklogic.com/appservices/search"/>', type: 'application/xml', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'a bad string query', body: JSON.stringify({ search: { qtext: 'nope:apple', sparql: SELECT } }), type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'the SPARQL text broken', body: JSON.stringify({ search: { qtext: 'apple', sparql: 'SELECT * WHERE {' } }), type: 'application/json', code: 'RESTAPI-INVALIDCONTENT' },
    {
      name: 'a search nested thousands deep',
      body: `{"search":{"sparql":"ASK {}","query":${'{"and-query":{"queries":['.repeat(5000)}${']}}'.repeat(5000)}}}`,
      type: 'application/json',
      code: 'TABULA-LIMIT',
    },
    { name: 'a string query of a hundred thousand ORs', body: JSON.stringify({ search: { qtext: Array.from({ length: 100_000 }, (_, i) => `w${i}`).join(' OR ('), sparql: SELECT } }), type: 'application/json', code: 'TABULA-LIMIT' },
  ])('refused: $name', async ({ body, type, code }) => {
    const res = await post(body, type);
    expect((await errorOf(res)).code).toBe(code);
    expect(res.status).toBe(400);
    // Nothing is left broken for the next request.
    expect(await pairs(await get('q=cherry'))).toEqual(expected(hasWord('cherry'), 'rest-reader'));
  });
});

describe('refusals', () => {
  test.for([
    { name: 'a malformed structuredQuery', params: `structuredQuery=${enc('{"query": ')}`, code: 'REST-INVALIDPARAM', status: 400 },
    { name: 'an unknown options set', params: 'options=nothing-here&q=apple', code: 'REST-INVALIDPARAM', status: 400 },
    { name: 'an unknown constraint in q', params: 'q=nope:apple', code: 'REST-INVALIDPARAM', status: 400 },
    { name: 'an empty directory', params: 'directory=', code: 'REST-INVALIDPARAM', status: 400 },
    { name: 'a txid that names no open transaction', params: 'q=apple&txid=123', code: 'XDMP-RWINVAL', status: 400 },
  ])('$name', async ({ params, code, status }) => {
    const res = await get(params);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
  });

  test.for(['q=apple', `collection=${enc(C1)}`, 'directory=/r/', `structuredQuery=${enc('{"query":{"queries":[]}}')}`, 'options=fruit'])('an update with %s is refused and changes nothing', async (param) => {
    const update = `INSERT DATA { GRAPH <${C1}> { <${EX}u1> <${KNOWS}> <${EX}u2> } }`;
    const res = await api.fetch(`/v1/graphs/sparql?${param}`, { method: 'POST', body: update, headers: as('rest-writer', { 'content-type': 'application/sparql-update' }) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('REST-INVALIDPARAM');
    expect(await pairs(await get(`collection=${enc(C1)}`))).toEqual(expected((d) => d.collections.includes(C1), 'rest-reader', [C1]));
  });
});

describe('a restricted view follows every write', () => {
  test('a document written, changed or deleted after a restricted query is seen by the next one', async () => {
    const local = await testApi();
    const put = async (uri: string, words: string, knows: Array<[string, string]>) => {
      const res = await local.fetch(`/v1/documents?uri=${uri}`, { method: 'PUT', body: content({ uri, words, collections: [], knows }), headers: as('rest-writer', J) });
      expect(res.status).toBeLessThan(300);
    };
    const query = async () => pairs(await local.fetch(`/v1/graphs/sparql?q=kiwi&query=${enc(SELECT)}`, { headers: as('rest-reader', { accept: 'application/sparql-results+json' }) }));
    await put('/k1.json', 'kiwi', [['k1', 'k2']]);
    await put('/k2.json', 'lime', [['l1', 'l2']]);
    expect(await query()).toEqual(['k1 k2']);
    expect(await query()).toEqual(['k1 k2']);
    await put('/k2.json', 'kiwi lime', [['l1', 'l2']]);
    expect(await query()).toEqual(['k1 k2', 'l1 l2']);
    await put('/k1.json', 'kiwi', [['k1', 'k3']]);
    expect(await query()).toEqual(['k1 k3', 'l1 l2']);
    expect((await local.fetch('/v1/documents?uri=/k2.json', { method: 'DELETE', headers: as('rest-writer') })).status).toBe(204);
    expect(await query()).toEqual(['k1 k3']);
  });
});
