// Inputs that hung, exhausted or broke the RDF engine are refused before any parser sees
// them (src/db/triples/sparql-limits.ts, payload-limits.ts): fast, with the limit named,
// nothing changed, and the next request answered by a working engine.
import { describe, expect, test } from 'vitest';
import { limits } from '../db/limits';
import { errorResponse, testApi, type TestApi } from '../../test/helpers';

const nested = (open: string, close: string, n: number, inner: string) => open.repeat(n) + inner + close.repeat(n);
const DEEP_BRACES = `SELECT * WHERE ${nested('{ ', ' }', 1000, '?s ?p ?o')}`;

const pats = (n: number, f: (i: number) => string, sep = ' ') => Array.from({ length: n }, (_, i) => f(i)).join(sep);

const SEED = 'INSERT DATA { <http://example.org/ada> <http://example.org/name> "Ada" . GRAPH <http://example.org/g> { <http://example.org/alan> <http://example.org/name> "Alan" } }';

async function seeded(): Promise<TestApi> {
  const api = await testApi();
  expect((await post(api, 'update', SEED)).status).toBe(201);
  return api;
}

function post(api: TestApi, kind: 'query' | 'update', text: string) {
  return api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': `application/sparql-${kind}`, accept: 'application/sparql-results+json' }, body: text });
}

async function names(api: TestApi): Promise<string[]> {
  const res = await post(api, 'query', 'SELECT ?n WHERE { ?s <http://example.org/name> ?n }');
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings.map((b) => b.n.value).sort();
}

const form = (name: string, text: string) => `${name}=${encodeURIComponent(text)}`;

describe('SPARQL text past a limit', () => {
  test.for([
    { name: '1,000 nested braces by POST (the engine trapped, then failed every query)', send: (api: TestApi) => post(api, 'query', DEEP_BRACES), limit: 'maxSparqlNesting' },
    { name: '1,000 nested braces by GET', send: (api: TestApi) => api.fetch(`/v1/graphs/sparql?query=${encodeURIComponent(DEEP_BRACES)}`), limit: 'maxSparqlNesting' },
    {
      name: '1,000 nested braces in a form',
      send: (api: TestApi) => api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form('query', DEEP_BRACES) }),
      limit: 'maxSparqlNesting',
    },
    { name: '2,000 nested braces in an update', send: (api: TestApi) => post(api, 'update', `INSERT { ?s ?p ?o } WHERE ${nested('{ ', ' }', 2000, '?s ?p ?o')}`), limit: 'maxSparqlNesting' },
    {
      name: '2,000 nested braces in an update form',
      send: (api: TestApi) => api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form('update', `DELETE WHERE ${nested('{ ', ' }', 2000, '?s ?p ?o')}`) }),
      limit: 'maxSparqlNesting',
    },
    { name: '8,000 nested parentheses', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ?p ?o FILTER${nested('(', ')', 8000, '1')} }`), limit: 'maxSparqlNesting' },
    { name: '1,000 nested blank-node brackets', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ?p ${nested('[ ?p ', ' ]', 1000, '?o')} }`), limit: 'maxSparqlNesting' },
    { name: 'a 10,000-step property path', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ${Array(10_000).fill('<http://example.org/p>').join('/')} ?o }`), limit: 'maxSparqlPathLength' },
    { name: 'a path of 10,000 alternatives', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ${Array(10_000).fill('<http://example.org/p>').join('|')} ?o }`), limit: 'maxSparqlPathLength' },
    { name: 'a chain of 3,000 additions', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ?p ?o FILTER(${'1 + '.repeat(3000)}1) }`), limit: 'maxSparqlChain' },
    { name: 'a chain of 3,000 UNIONs', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ${Array(3000).fill('{ ?s ?p ?o }').join(' UNION ')} }`), limit: 'maxSparqlChain' },
    { name: '256 triple patterns in one group (3 s in the optimiser)', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ${pats(256, (i) => `?s${i} <http://example.org/p> ?o${i} .`)} }`), limit: 'maxSparqlTriplePatterns' },
    { name: 'one triple pattern past the limit', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ?p ?n ${pats(limits.maxSparqlTriplePatterns, (i) => `OPTIONAL { ?s <http://example.org/name${i}> ?o${i} }`)} }`), limit: 'maxSparqlTriplePatterns' },
    { name: '128 sibling groups', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ${pats(128, (i) => `{ ?s${i} <http://example.org/p> ?o${i} }`, ' . ')} }`), limit: 'maxSparqlTriplePatterns' },
    { name: 'an object list of 256 (39 s)', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s <http://example.org/p> ${pats(256, (i) => `${i}`, ', ')} }`), limit: 'maxSparqlTriplePatterns' },
    { name: 'a blank-node property list of 256', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s <http://example.org/p> [ ${pats(256, (i) => `<http://example.org/p${i}> ?o${i}`, ' ; ')} ] }`), limit: 'maxSparqlTriplePatterns' },
    { name: 'a collection of 400 items (a stack overflow)', send: (api: TestApi) => post(api, 'query', `SELECT * WHERE { ?s ?p (${pats(400, (i) => `${i}`, ' ')}) }`), limit: 'maxSparqlTriplePatterns' },
    { name: 'an update WHERE of 256 patterns', send: (api: TestApi) => post(api, 'update', `DELETE { ?s0 ?p ?o } WHERE { ${pats(256, (i) => `?s${i} ?p ?o${i} .`)} }`), limit: 'maxSparqlTriplePatterns' },
  ])('$name is refused with 400 TABULA-LIMIT naming $limit, and the store answers the next query', async ({ send, limit }) => {
    const api = await seeded();
    const res = await send(api);
    expect(res.status).toBe(400);
    const error = await errorResponse(res);
    expect(error.messageCode).toBe('TABULA-LIMIT');
    expect(error.message).toContain(`${limit} (${limits[limit as keyof typeof limits]})`);
    expect(await names(api)).toEqual(['Ada', 'Alan']);
    const ask = await post(api, 'query', 'ASK {}');
    expect(await ask.json()).toMatchObject({ boolean: true });
  });

  test('a query longer than maxSparqlLength is refused with 413 and changes nothing', async () => {
    const api = await seeded();
    const res = await post(api, 'update', `INSERT DATA { <http://example.org/x> <http://example.org/name> "${'x'.repeat(limits.maxSparqlLength)}" }`);
    expect(res.status).toBe(413);
    expect((await errorResponse(res)).messageCode).toBe('RESTAPI-PAYLOADTOOLARGE');
    expect(await names(api)).toEqual(['Ada', 'Alan']);
  });

  test('brackets and operators inside strings, IRIs and comments are not counted', async () => {
    const api = await seeded();
    const noise = '{(['.repeat(100) + '/|+'.repeat(300);
    const res = await post(api, 'query', `# ${noise}\nSELECT ?n WHERE { ?s <http://example.org/name> ?n FILTER(?n != "${noise}" && ?n != '''${noise}''' && ?s != <http://example.org/a${'/'.repeat(300)}>) }`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: { bindings: unknown[] } }).results.bindings).toHaveLength(2);
  });

  test('a query at the limits runs', async () => {
    const api = await seeded();
    const path = Array(limits.maxSparqlPathLength).fill('<http://example.org/name>?').join('/');
    const deep = `SELECT ?n WHERE ${nested('{ ', ' }', limits.maxSparqlNesting, `?s ${path} ?n`)}`;
    const res = await post(api, 'query', deep);
    expect(res.status).toBe(200);
  });
});

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [
  <!ENTITY lol "lol">
  ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n  ')}
]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ex="http://example.org/">
  <rdf:Description rdf:about="http://example.org/ada"><ex:name>&lol9;</ex:name></rdf:Description>
</rdf:RDF>`;

describe('RDF payloads the engine must not see', () => {
  test.for([
    { name: 'RDF/XML with a billion-laughs DTD', type: 'application/rdf+xml', body: BILLION_LAUGHS, code: 'RESTAPI-INVALIDCONTENT', message: /entity declarations/ },
    {
      name: 'RDF/XML with one entity declaration',
      type: 'application/rdf+xml',
      body: BILLION_LAUGHS.replace(/<!ENTITY lol\d[^\n]*\n\s*/g, '').replace('&lol9;', '&lol;'),
      code: 'RESTAPI-INVALIDCONTENT',
      message: /entity declarations/,
    },
    {
      name: 'JSON-LD nested 1,000 deep (the engine trapped)',
      type: 'application/ld+json',
      body: `${'{"@id":"http://example.org/a","http://example.org/p":'.repeat(1000)}1${'}'.repeat(1000)}`,
      code: 'TABULA-LIMIT',
      message: /maxNestingDepth/,
    },
    {
      name: 'a Turtle list of 200,000 items (the engine took 7-25 s)',
      type: 'text/turtle',
      body: `<http://example.org/s> <http://example.org/p> ( ${Array.from({ length: 200_000 }, (_, i) => i).join(' ')} ) .`,
      code: 'TABULA-LIMIT',
      message: /maxRdfListItems/,
    },
    {
      name: 'a TriG list one item past maxRdfListItems, of typed and tagged literals',
      type: 'application/trig',
      body: `<http://example.org/g> { <http://example.org/s> <http://example.org/p> ( ${'"x"@en '.repeat(limits.maxRdfListItems / 2)}${'"1"^^<http://www.w3.org/2001/XMLSchema#integer> '.repeat(limits.maxRdfListItems / 2 + 1)}) }`,
      code: 'TABULA-LIMIT',
      message: /maxRdfListItems/,
    },
    { name: 'Turtle blank nodes nested 100,000 deep', type: 'text/turtle', body: `<http://example.org/s> ${nested('<http://example.org/p> [ ', ' ]', 100_000, '<http://example.org/p> 1')} .`, code: 'TABULA-LIMIT', message: /maxNestingDepth/ },
    { name: 'N3 lists nested 100,000 deep', type: 'text/n3', body: `<http://example.org/s> <http://example.org/p> ${nested('( ', ' )', 100_000, '1')} .`, code: 'TABULA-LIMIT', message: /maxNestingDepth/ },
    {
      name: 'RDF/XML nested 40,000 elements deep (the engine took 21 s)',
      type: 'application/rdf+xml',
      body: `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://example.org/">${nested('<rdf:Description><e:p>', '</e:p></rdf:Description>', 20_000, 'x')}</rdf:RDF>`,
      code: 'TABULA-LIMIT',
      message: /maxNestingDepth/,
    },
  ])('$name is refused before the engine, and the graph is unchanged', async ({ type, body, code, message }) => {
    const api = await seeded();
    const res = await api.fetch('/v1/graphs?graph=http://example.org/g', { method: 'PUT', headers: { 'content-type': type }, body });
    expect(res.status).toBe(400);
    const error = await errorResponse(res);
    expect(error.messageCode).toBe(code);
    expect(error.message).toMatch(message);
    expect(await names(api)).toEqual(['Ada', 'Alan']);
    const next = await api.fetch('/v1/graphs?graph=http://example.org/g', {
      method: 'POST',
      headers: { 'content-type': 'application/rdf+xml' },
      body: BILLION_LAUGHS.replace(/<!DOCTYPE[\s\S]*?\]>/, '').replace('&lol9;', 'Grace').replace('ex:ada', 'ex:grace').replace('example.org/ada', 'example.org/grace'),
    });
    expect(next.status).toBe(204);
    expect(await names(api)).toEqual(['Ada', 'Alan', 'Grace']);
  });
});

describe('RDF payloads at the limits', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i).join(' ');
  test.for([
    { name: `a Turtle list of maxRdfListItems items`, type: 'text/turtle', body: `<http://example.org/s> <http://example.org/p> ( ${list(limits.maxRdfListItems)} ) .`, triples: 2 * limits.maxRdfListItems + 1 },
    {
      name: 'Turtle with brackets and parentheses inside strings, IRIs and comments',
      type: 'text/turtle',
      body: `# ${'(['.repeat(1000)}\n<http://example.org/s> <http://example.org/p> "${'(['.repeat(1000)}", '''${'( '.repeat(20_000)}''', <http://example.org/a(b)> .`,
      triples: 3,
    },
    { name: `Turtle nested maxNestingDepth deep`, type: 'text/turtle', body: `<http://example.org/s> ${nested('<http://example.org/p> [ ', ' ]', limits.maxNestingDepth, '<http://example.org/p> 1')} .`, triples: limits.maxNestingDepth + 1 },
    {
      name: 'RDF/XML nested maxNestingDepth elements deep, with > and < in attribute values, comments and CDATA',
      type: 'application/rdf+xml',
      body: `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:e="http://example.org/"><!-- ${'<a>'.repeat(1000)} -->${nested('<rdf:Description e:q="a>b"><e:p>', '</e:p></rdf:Description>', (limits.maxNestingDepth - 2) / 2, '<![CDATA[<x><y>]]>')}</rdf:RDF>`,
      triples: limits.maxNestingDepth - 2,
    },
  ])('$name is stored', async ({ type, body, triples }) => {
    const api = await testApi();
    const res = await api.fetch('/v1/graphs?graph=http://example.org/g', { method: 'PUT', headers: { 'content-type': type }, body });
    expect(res.status).toBe(201);
    const count = await post(api, 'query', 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH <http://example.org/g> { ?s ?p ?o } }');
    expect(Number(((await count.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value)).toBe(triples);
  });
});

describe('SPARQL triple patterns under the limit', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `<http://example.org/s${i}> <http://example.org/name> "n${i}"`);
  test.for([
    { name: 'a query of maxSparqlTriplePatterns patterns', kind: 'query' as const, text: `SELECT * WHERE { ?s ?p ?n ${pats(limits.maxSparqlTriplePatterns - 1, (i) => `OPTIONAL { ?s <http://example.org/name${i}> ?o${i} }`)} }` },
    { name: 'a collection, an object list and a blank-node list within it', kind: 'query' as const, text: `SELECT * WHERE { ?s ?p ?o OPTIONAL { ?s <http://example.org/l> (${pats(20, (i) => `${i}`)}) ; <http://example.org/m> ${pats(10, (i) => `${i}`, ', ')} ; <http://example.org/b> [ ${pats(10, (i) => `<http://example.org/q${i}> ${i}`, ' ; ')} ] } }` },
    { name: 'VALUES of 1,000 rows and FILTER and BIND expressions', kind: 'query' as const, text: `SELECT * WHERE { VALUES (?n ?m) { ${pats(1000, (i) => `("n${i}" ${i})`)} } ?s <http://example.org/name> ?n FILTER(?n IN (${pats(200, (i) => `"x${i}"`, ', ')}) || true) BIND(CONCAT(?n, "a", "b") AS ?c) }` },
    { name: 'INSERT DATA of 1,000 triples', kind: 'update' as const, text: `INSERT DATA { ${many(1000).join(' . ')} . GRAPH <http://example.org/g2> { ${many(1000).join(' . ')} } }` },
    { name: 'an INSERT template of 1,000 triples', kind: 'update' as const, text: `INSERT { ${many(1000).join(' . ')} } WHERE { }` },
  ])('$name is not refused', async ({ kind, text }) => {
    const api = await seeded();
    const res = await post(api, kind, text);
    expect(res.status).toBeLessThan(300);
  });
});
