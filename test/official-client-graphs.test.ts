/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against the Node host, over
 * real HTTP with Digest authentication, for the semantics endpoints: every graphs.*
 * call resolves with the shape the client builds (the official MarkLogic Node.js client's
 * graphs module), which proves the wire details it depends on — statuses it accepts, bodies it
 * parses by Content-Type, `bind%3A…` parameter names, `using-named-graph-uri=true`,
 * path-form graph IRIs (in `graph=` and SPARQL Update; a payload's relative IRIs need a
 * base, which this client cannot send: 400 XDMP-BASEURI) and the RDF/JSON round trip.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, officialClientHost, type Pending } from './official-client-support';
import { XSD } from '../src/db/triples/xsd-lexical';

interface Permission {
  'role-name': string;
  capabilities: string[];
}
/** What every write, merge, remove and update resolves with. */
interface GraphOutcome {
  defaultGraph: boolean;
  graph: string | null | undefined;
  graphType: 'default' | 'named' | 'inline' | 'managed';
}
interface Probe extends Partial<GraphOutcome> {
  exists: boolean;
}
type BindingValue = string | number | { value: string | number; type?: string; lang?: string };
interface SparqlArgs {
  contentType: string;
  query: string | NodeJS.ReadableStream;
  defaultGraphs?: string | string[];
  namedGraphs?: string | string[];
  begin?: number;
  end?: number;
  base?: string;
  bindings?: Record<string, BindingValue | BindingValue[]>;
  optimizeLevel?: number;
  defaultRulesets?: 'include' | 'exclude';
  rulesets?: string | string[];
}
interface UpdateArgs {
  data: string;
  usingDefaultGraphs?: string | string[];
  usingNamedGraphs?: string | string[] | true;
  permissions?: Permission[];
  base?: string;
  bindings?: Record<string, BindingValue | BindingValue[]>;
}
/** Opaque markers the client recognises by class. */
type GraphMarker = { readonly marker: unique symbol };
interface WriteArgs {
  uri?: string | GraphMarker;
  contentType: string;
  data: unknown;
  permissions?: Permission[];
}
interface RdfJsonObject {
  type: 'uri' | 'bnode' | 'literal';
  value: string;
  datatype?: string;
  lang?: string;
}
type RdfJson = Record<string, Record<string, RdfJsonObject[]>>;
interface SparqlJson {
  head: { vars?: string[] };
  results?: { bindings: Array<Record<string, { type: string; value: string; datatype?: string }>> };
  boolean?: boolean;
}
interface Graphs {
  write(contentType: string, data: unknown): Pending<GraphOutcome>;
  write(uri: string, contentType: string, data: unknown): Pending<GraphOutcome>;
  write(args: WriteArgs): Pending<GraphOutcome>;
  merge(uri: string, contentType: string, data: unknown): Pending<GraphOutcome>;
  merge(args: WriteArgs): Pending<GraphOutcome>;
  createWriteStream(args: Omit<WriteArgs, 'data'>): NodeJS.WritableStream & Pending<GraphOutcome>;
  read<T = string>(contentType: string): Pending<T>;
  read<T = string>(uri: string, contentType: string): Pending<T>;
  read<T = string>(args: { uri?: string; contentType: string; category?: string }): Pending<T>;
  list(contentType?: string): Pending<string[] | string>;
  probe(uri?: string): Pending<Probe>;
  remove(uri?: string | GraphMarker | { uri: GraphMarker }): Pending<GraphOutcome>;
  sparql<T = SparqlJson>(acceptType: string, ...defaultGraphsThenQuery: Array<string | NodeJS.ReadableStream>): Pending<T>;
  sparql<T = SparqlJson>(args: SparqlArgs): Pending<T>;
  sparqlUpdate(update: string): Pending<GraphOutcome>;
  sparqlUpdate(args: UpdateArgs): Pending<GraphOutcome>;
  inlineGraphUris(): GraphMarker;
  allManagedTriples(): GraphMarker;
}
interface DatabaseClient {
  graphs: Graphs;
  release(): void;
}

const host = officialClientHost<DatabaseClient>();
let graphs: Graphs;
let readerGraphs: Graphs;

beforeAll(async () => {
  await host.start();
  graphs = host.connect('rest-writer').graphs;
  readerGraphs = host.connect('rest-reader').graphs;
});
afterAll(() => host.stop());


const FOAF = 'http://xmlns.com/foaf/0.1/';
const PPL = 'http://people.example/';
const DEFAULT_GRAPH = 'http://marklogic.com/semantics#default-graph';
const SELECT_JSON = 'application/sparql-results+json';

const PEOPLE = `@prefix foaf: <${FOAF}> .
@prefix ppl: <${PPL}> .
ppl:ann a foaf:Person ; foaf:name "Ann" ; foaf:knows ppl:bob .
ppl:bob a foaf:Person ; foaf:name "Bob" ; foaf:knows ppl:ann , ppl:cid .
ppl:cid a foaf:Person ; foaf:name "Cid" .
`;
const PEOPLE_TRIPLES = 9;

const nTriplesLines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
const values = (r: SparqlJson, name: string) => (r.results?.bindings ?? []).map((b) => b[name]?.value);
const sorted = <T>(xs: T[]) => [...xs].sort();

describe('graphs.write', () => {
  test('Turtle into a path-form named graph resolves as a named-graph write and reads back every triple', async () => {
    const uri = 'marklogic.com/people';
    expect(await graphs.write(uri, 'text/turtle', PEOPLE).result()).toEqual({ defaultGraph: false, graph: uri, graphType: 'named' });
    const text = await graphs.read(uri, 'application/n-triples').result();
    expect(nTriplesLines(text)).toHaveLength(PEOPLE_TRIPLES);
    expect(text).toContain(`<${PPL}ann> <${FOAF}name> "Ann" .`);
  });

  test('Turtle into the default graph resolves as a default-graph write, replacing what was there', async () => {
    expect(await graphs.write('text/turtle', `<${PPL}old> <${FOAF}name> "Old" .`).result()).toEqual({ defaultGraph: true, graph: null, graphType: 'default' });
    expect(await graphs.write('text/turtle', PEOPLE).result()).toEqual({ defaultGraph: true, graph: null, graphType: 'default' });
    const text = await graphs.read('application/n-triples').result();
    expect(nTriplesLines(text)).toHaveLength(PEOPLE_TRIPLES);
    expect(text).not.toContain('"Old"');
  });

  test('permissions given with a write are the graph permissions read back as {"permissions": […]}', async () => {
    const uri = 'marklogic.com/with-permissions';
    const permissions = [
      { 'role-name': 'app-user', capabilities: ['read'] },
      { 'role-name': 'app-builder', capabilities: ['read', 'update'] },
    ];
    expect(await graphs.write({ uri, contentType: 'text/turtle', data: PEOPLE, permissions }).result()).toEqual({ defaultGraph: false, graph: uri, graphType: 'named' });
    const read = await graphs.read<{ permissions: Permission[] }>({ uri, category: 'permissions', contentType: 'application/json' }).result();
    expect(Object.keys(read)).toEqual(['permissions']);
    const byRole = new Map(read.permissions.map((p) => [p['role-name'], sorted(p.capabilities)]));
    expect(byRole.get('app-user')).toEqual(['read']);
    expect(byRole.get('app-builder')).toEqual(['read', 'update']);
  });

  test('N-Quads sent with inlineGraphUris() land in the graphs their quads name, unnamed ones in the default graph', async () => {
    const data = [
      `<${PPL}q1> <${FOAF}name> "In one" <http://example.org/inline/one> .`,
      `<${PPL}q2> <${FOAF}name> "In two" <http://example.org/inline/two> .`,
      `<${PPL}q3> <${FOAF}name> "Also in two" <http://example.org/inline/two> .`,
      `<${PPL}q4> <${FOAF}name> "In the default graph" .`,
    ].join('\n');
    expect(await graphs.write({ uri: graphs.inlineGraphUris(), contentType: 'application/n-quads', data }).result()).toEqual({
      defaultGraph: false,
      graph: null,
      graphType: 'inline',
    });
    expect(nTriplesLines(await graphs.read('http://example.org/inline/one', 'application/n-triples').result())).toEqual([`<${PPL}q1> <${FOAF}name> "In one" .`]);
    expect(nTriplesLines(await graphs.read('http://example.org/inline/two', 'application/n-triples').result())).toHaveLength(2);
    expect(await graphs.read('application/n-triples').result()).toContain(`<${PPL}q4> <${FOAF}name> "In the default graph" .`);
  });

  test('N-Quads naming a graph land in that graph; a path-form graph name there has no base: 400 XDMP-BASEURI', async () => {
    const data = `<${PPL}q5> <${FOAF}name> "In a named graph" <http://marklogic.com/inline/path> .\n`;
    await graphs.write({ uri: graphs.inlineGraphUris(), contentType: 'application/n-quads', data }).result();
    expect(nTriplesLines(await graphs.read('http://marklogic.com/inline/path', 'application/n-triples').result())).toEqual([`<${PPL}q5> <${FOAF}name> "In a named graph" .`]);
    const relative = `<${PPL}q6> <${FOAF}name> "In a path-form graph" <marklogic.com/inline/path> .\n`;
    const err = await failure(graphs.write({ uri: graphs.inlineGraphUris(), contentType: 'application/n-quads', data: relative }));
    expect([err.statusCode, err.body?.errorResponse?.messageCode]).toEqual([400, 'XDMP-BASEURI']);
    expect((await graphs.probe('marklogic.com/inline/path').result()).exists).toBe(false);
  });

  test('an RDF/JSON object (sent JSON-stringified) round-trips as the same RDF/JSON object', async () => {
    const uri = 'marklogic.com/rdf-json';
    const data: RdfJson = {
      'http://marklogic.com/r1': {
        'http://marklogic.com/p1': [{ type: 'literal', value: 'plain' }],
        [`${FOAF}age`]: [{ type: 'literal', value: '42', datatype: `${XSD}integer` }],
      },
      [`${PPL}dee`]: {
        [`${FOAF}name`]: [{ type: 'literal', value: 'Dee', lang: 'en' }],
        [`${FOAF}knows`]: [{ type: 'uri', value: 'http://marklogic.com/r1' }],
      },
    };
    expect(await graphs.write(uri, 'application/rdf+json', data).result()).toEqual({ defaultGraph: false, graph: uri, graphType: 'named' });
    expect(await graphs.read<RdfJson>(uri, 'application/rdf+json').result()).toEqual(data);
  });
});

describe('graphs.createWriteStream', () => {
  test('test-basic: a named graph written as a chunked stream, with permissions', async () => {
    const uri = 'marklogic.com/streamed';
    const ws = graphs.createWriteStream({
      uri,
      contentType: 'text/turtle',
      permissions: [
        { 'role-name': 'app-user', capabilities: ['read'] },
        { 'role-name': 'app-builder', capabilities: ['read', 'update'] },
      ],
    });
    // Split inside a statement: the server must join chunks before parsing.
    ws.write(PEOPLE.slice(0, 150), 'utf8');
    ws.write(PEOPLE.slice(150), 'utf8');
    ws.end();
    expect(await ws.result()).toEqual({ defaultGraph: false, graph: uri, graphType: 'named' });
    expect(nTriplesLines(await graphs.read(uri, 'application/n-triples').result())).toHaveLength(PEOPLE_TRIPLES);
    const read = await graphs.read<{ permissions: Permission[] }>({ uri, category: 'permissions', contentType: 'application/json' }).result();
    expect(read.permissions.map((p) => p['role-name'])).toEqual(expect.arrayContaining(['app-user', 'app-builder']));
  });
});

describe('graphs.merge', () => {
  test('merge adds to a named graph where write replaces it', async () => {
    const uri = 'marklogic.com/merged';
    await graphs.write(uri, 'text/turtle', `<${PPL}a> <${FOAF}name> "A" .`).result();
    expect(await graphs.merge(uri, 'text/turtle', `<${PPL}b> <${FOAF}name> "B" .`).result()).toEqual({ defaultGraph: false, graph: uri, graphType: 'named' });
    expect(sorted(nTriplesLines(await graphs.read(uri, 'application/n-triples').result()))).toEqual([
      `<${PPL}a> <${FOAF}name> "A" .`,
      `<${PPL}b> <${FOAF}name> "B" .`,
    ]);
    await graphs.write(uri, 'text/turtle', `<${PPL}c> <${FOAF}name> "C" .`).result();
    expect(nTriplesLines(await graphs.read(uri, 'application/n-triples').result())).toEqual([`<${PPL}c> <${FOAF}name> "C" .`]);
  });

  test('merge creates a graph that did not exist, with the permissions given', async () => {
    const uri = 'marklogic.com/merge-new';
    const permissions = [{ 'role-name': 'app-user', capabilities: ['read'] }];
    expect(await graphs.merge({ uri, contentType: 'application/n-triples', data: `<${PPL}n> <${FOAF}name> "N" .\n`, permissions }).result()).toMatchObject({ graphType: 'named' });
    const read = await graphs.read<{ permissions: Permission[] }>({ uri, category: 'permissions', contentType: 'application/json' }).result();
    expect(read.permissions).toContainEqual({ 'role-name': 'app-user', capabilities: ['read'] });
  });
});

describe('graphs.read', () => {
  const uri = 'marklogic.com/read';
  beforeAll(async () => {
    await graphs.write(uri, 'text/turtle', PEOPLE).result();
  });

  test('Turtle is a string that declares the foaf prefix it uses', async () => {
    const text = await graphs.read(uri, 'text/turtle').result();
    expect(typeof text).toBe('string');
    expect(text).toMatch(/^@prefix foaf: <http:\/\/xmlns\.com\/foaf\/0\.1\/> \.$/m);
    expect(text).toContain('foaf:name "Ann"');
  });

  test('N-Triples is a string of one triple per line', async () => {
    const text = await graphs.read(uri, 'application/n-triples').result();
    expect(typeof text).toBe('string');
    expect(sorted(nTriplesLines(text)).filter((l) => l.includes(`${FOAF}name`))).toEqual([
      `<${PPL}ann> <${FOAF}name> "Ann" .`,
      `<${PPL}bob> <${FOAF}name> "Bob" .`,
      `<${PPL}cid> <${FOAF}name> "Cid" .`,
    ]);
  });

  test('N3 (as test-basic reads it) is a non-empty string', async () => {
    const text = await graphs.read(uri, 'text/n3').result();
    expect(typeof text).toBe('string');
    expect(text).toContain('"Bob"');
  });

  test('RDF/JSON is parsed by the client into an object keyed by subject', async () => {
    const data = await graphs.read<RdfJson>(uri, 'application/rdf+json').result();
    expect(Object.keys(data).sort()).toEqual([`${PPL}ann`, `${PPL}bob`, `${PPL}cid`]);
    expect(data[`${PPL}bob`][`${FOAF}knows`].map((o) => o.value).sort()).toEqual([`${PPL}ann`, `${PPL}cid`]);
    expect(data[`${PPL}ann`][`${FOAF}name`]).toEqual([{ type: 'literal', value: 'Ann' }]);
  });

  test('the default graph reads as RDF/JSON with one key per subject', async () => {
    await graphs.write('text/turtle', PEOPLE).result();
    expect(Object.keys(await graphs.read<RdfJson>('application/rdf+json').result())).toHaveLength(3);
  });

  test('a client configured like test-basic (gzip accepted) reads RDF/JSON and runs SELECT', async () => {
    const gz = host.connect('rest-writer', 'rest-writer', { enableGzippedResponses: true }).graphs;
    expect(Object.keys(await gz.read<RdfJson>(uri, 'application/rdf+json').result())).toHaveLength(3);
    const r = await gz.sparql(SELECT_JSON, uri, `SELECT ?n WHERE { ?p <${FOAF}name> ?n } ORDER BY ?n`).result();
    expect(values(r, 'n')).toEqual(['Ann', 'Bob', 'Cid']);
  });

  test('a missing graph rejects with 404', async () => {
    const err = await failure(graphs.read('marklogic.com/nowhere', 'text/turtle'));
    expect(err.statusCode).toBe(404);
    expect(err.body?.errorResponse?.statusCode).toBe(404);
  });

  test('a missing graph also rejects with 404 on a fresh client, whose first request is the Digest challenge', async () => {
    const err = await failure(host.connect('rest-reader').graphs.read('marklogic.com/nowhere', 'application/n-triples'));
    expect(err.statusCode).toBe(404);
  });
});

describe('graphs.list', () => {
  test('lists the default graph by its reserved IRI and named graphs as written', async () => {
    await graphs.write('text/turtle', PEOPLE).result();
    await graphs.write('marklogic.com/listed', 'text/turtle', PEOPLE).result();
    const list = await graphs.list().result();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toContain(DEFAULT_GRAPH);
    expect(list).toContain('marklogic.com/listed');
  });

  test('a list type the server cannot send rejects with 406', async () => {
    const err = await failure(graphs.list('foo/bar'));
    expect(err.statusCode).toBe(406);
    expect(err.body?.errorResponse?.messageCode).toBe('REST-UNACCEPTABLETYPE');
  });

  test('with a content type, the list is the body text', async () => {
    const text = await graphs.list('text/uri-list').result();
    expect(typeof text).toBe('string');
    expect((text as string).split(/\s+/)).toContain('marklogic.com/listed');
  });
});

describe('graphs.probe', () => {
  test('an existing named graph probes as exists: true', async () => {
    const uri = 'marklogic.com/probed';
    await graphs.write(uri, 'text/turtle', PEOPLE).result();
    expect(await graphs.probe(uri).result()).toMatchObject({ exists: true, defaultGraph: false, graph: uri, graphType: 'named' });
  });

  test('a missing graph probes as exists: false', async () => {
    expect(await graphs.probe('marklogic.com/never-written').result()).toEqual({ exists: false, defaultGraph: false, graph: 'marklogic.com/never-written', graphType: 'named' });
  });

  test('the default graph probes as exists: true once it holds triples', async () => {
    await graphs.write('text/turtle', PEOPLE).result();
    expect(await graphs.probe().result()).toMatchObject({ exists: true, defaultGraph: true, graphType: 'default' });
  });
});

describe('graphs.sparql', () => {
  const people = 'marklogic.com/sparql/people';
  const docs = 'marklogic.com/sparql/docs';
  beforeAll(async () => {
    await graphs.write(people, 'text/turtle', PEOPLE).result();
    const numbered = Array.from({ length: 5 }, (_, i) => `<http://example.org/doc${i + 1}> dc:identifier ${i + 1} ; dc:description "Description ${i + 1}" .`);
    await graphs.write(docs, 'text/turtle', `@prefix dc: <http://purl.org/dc/terms/> .\n${numbered.join('\n')}\n`).result();
  });

  test('SELECT as sparql-results+json, the query scoped by a default graph, resolves as a parsed results object', async () => {
    const query = `PREFIX foaf: <${FOAF}> SELECT ?name ?friend WHERE { ?p foaf:name ?name ; foaf:knows ?friend } ORDER BY ?name ?friend`;
    const r = await graphs.sparql(SELECT_JSON, people, query).result();
    expect(r.head.vars).toEqual(['name', 'friend']);
    expect(r.results?.bindings).toEqual([
      { name: { type: 'literal', value: 'Ann' }, friend: { type: 'uri', value: `${PPL}bob` } },
      { name: { type: 'literal', value: 'Bob' }, friend: { type: 'uri', value: `${PPL}ann` } },
      { name: { type: 'literal', value: 'Bob' }, friend: { type: 'uri', value: `${PPL}cid` } },
    ]);
  });

  test('a query sent as a stream (as test-basic sends people.rq) resolves like a string', async () => {
    const query = `PREFIX foaf: <${FOAF}>\nSELECT ?personName1 ?personName2\nWHERE { ?p1 foaf:name ?personName1 ; foaf:knows ?p2 . ?p2 foaf:name ?personName2 }\nORDER BY ?personName1 ?personName2`;
    const r = await graphs.sparql(SELECT_JSON, people, Readable.from([query.slice(0, 40), query.slice(40)])).result();
    expect(r.head.vars).toEqual(['personName1', 'personName2']);
    expect(r.results?.bindings.map((b) => [b.personName1.value, b.personName2.value])).toEqual([
      ['Ann', 'Bob'],
      ['Bob', 'Ann'],
      ['Bob', 'Cid'],
    ]);
  });

  test('named graphs given as namedGraphs are what GRAPH ?g ranges over', async () => {
    const r = await graphs
      .sparql({ contentType: SELECT_JSON, namedGraphs: [people], query: `SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s <${FOAF}name> ?n } }` })
      .result();
    expect(values(r, 'g')).toEqual([people]);
  });

  test('optimizeLevel and defaultRulesets are accepted: they do not change the answer', async () => {
    const query = `ASK { ?p <${FOAF}name> "Ann" }`;
    for (const defaultRulesets of ['include', 'exclude'] as const) {
      expect(await graphs.sparql({ contentType: SELECT_JSON, defaultGraphs: people, query, optimizeLevel: 2, defaultRulesets }).result()).toEqual({ head: {}, boolean: true });
    }
  });

  test('rulesets (inference) are refused by name rather than ignored', async () => {
    const err = await failure(graphs.sparql({ contentType: SELECT_JSON, query: 'ASK {}', rulesets: 'rdfs.rules' }));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('REST-UNSUPPORTEDPARAM');
    expect(err.body?.errorResponse?.message).toContain('ruleset');
  });

  test('an IRI binding (sent as a percent-encoded bind: parameter) fixes a variable', async () => {
    const r = await graphs
      .sparql({
        contentType: SELECT_JSON,
        defaultGraphs: people,
        query: `PREFIX foaf: <${FOAF}> SELECT ?name WHERE { ?person foaf:name ?name }`,
        bindings: { person: `${PPL}cid` },
      })
      .result();
    expect(values(r, 'name')).toEqual(['Cid']);
  });

  test('an int binding repeated with two values gives both rows (test-basic "SPARQL query with array")', async () => {
    const query = `PREFIX dc: <http://purl.org/dc/terms/>
       SELECT ?o WHERE { ?s dc:description ?o ;
        dc:identifier  ?identifiers .
        FILTER (?identifiers = ?ids)
       }`;
    const r = await graphs.sparql({ contentType: 'application/json', query, bindings: { ids: [{ value: 1, type: 'int' }, { value: 2, type: 'int' }] } }).result();
    expect(sorted(values(r, 'o'))).toEqual(['Description 1', 'Description 2']);
  });

  test('a language-tagged binding matches only a literal with that tag', async () => {
    await graphs.write('marklogic.com/sparql/lang', 'text/turtle', `<${PPL}x> <${FOAF}nick> "chat"@fr , "chat"@en .`).result();
    const r = await graphs
      .sparql({
        contentType: SELECT_JSON,
        query: `SELECT ?s WHERE { GRAPH <marklogic.com/sparql/lang> { ?s <${FOAF}nick> ?nick } }`,
        bindings: { nick: { value: 'chat', lang: 'fr' } },
      })
      .result();
    expect(values(r, 's')).toEqual([`${PPL}x`]);
  });

  test('begin and end page an ordered SELECT', async () => {
    const query = 'PREFIX dc: <http://purl.org/dc/terms/> SELECT ?id WHERE { ?s dc:identifier ?id } ORDER BY ?id';
    const r = await graphs.sparql({ contentType: SELECT_JSON, defaultGraphs: docs, query, begin: 1, end: 3 }).result();
    expect(r.head.vars).toEqual(['id']);
    expect(r.results?.bindings).toEqual([
      { id: { type: 'literal', datatype: `${XSD}integer`, value: '2' } },
      { id: { type: 'literal', datatype: `${XSD}integer`, value: '3' } },
    ]);
  });

  test('CONSTRUCT as Turtle resolves as a string with prefixes', async () => {
    const query = `PREFIX foaf: <${FOAF}> CONSTRUCT { ?a foaf:knows ?b } WHERE { GRAPH <${people}> { ?a foaf:knows ?b } }`;
    const text = await graphs.sparql<string>('text/turtle', query).result();
    expect(typeof text).toBe('string');
    expect(text).toMatch(/^@prefix foaf: /m);
    expect(text.match(/foaf:knows/g)?.length ?? 0).toBeGreaterThan(0);
  });

  test('CONSTRUCT as N-Triples resolves as one line per constructed triple', async () => {
    const query = `PREFIX foaf: <${FOAF}> CONSTRUCT { ?b <http://example.org/knownBy> ?a } WHERE { GRAPH <${people}> { ?a foaf:knows ?b } }`;
    const text = await graphs.sparql<string>('application/n-triples', query).result();
    expect(sorted(nTriplesLines(text))).toEqual([
      `<${PPL}ann> <http://example.org/knownBy> <${PPL}bob> .`,
      `<${PPL}bob> <http://example.org/knownBy> <${PPL}ann> .`,
      `<${PPL}cid> <http://example.org/knownBy> <${PPL}bob> .`,
    ]);
  });

  test.for([
    { name: 'true when the pattern matches', name2: 'Ann', expected: true },
    { name: 'false when it does not', name2: 'Zed', expected: false },
  ])('ASK resolves as {head, boolean}: $name', async ({ name2, expected }) => {
    const r = await graphs.sparql(SELECT_JSON, people, `ASK { ?p <${FOAF}name> "${name2}" }`).result();
    expect(r).toEqual({ head: {}, boolean: expected });
  });

  test('DESCRIBE asking for sparql-results+json rejects with 406', async () => {
    const err = await failure(graphs.sparql(SELECT_JSON, `DESCRIBE <${PPL}ann>`));
    expect(err.statusCode).toBe(406);
    expect(err.body?.errorResponse?.messageCode).toBe('REST-UNACCEPTABLETYPE');
  });

  test('DESCRIBE asking for N-Triples resolves with the triples of the resource', async () => {
    const text = await graphs.sparql<string>('application/n-triples', people, `DESCRIBE <${PPL}cid>`).result();
    expect(text).toContain(`<${PPL}cid> <${FOAF}name> "Cid" .`);
  });
});

describe('graphs.sparqlUpdate', () => {
  const graph2 = 'marklogic.com/graph2';
  const graph3 = 'marklogic.com/graph3';

  test('a plain update string resolves as an inline update and its graph exists', async () => {
    const uri = 'marklogic.com/update/plain';
    expect(await graphs.sparqlUpdate(`INSERT DATA { GRAPH <${uri}> { <${PPL}u> <${FOAF}name> "U" } }`).result()).toEqual({
      defaultGraph: false,
      graph: null,
      graphType: 'inline',
    });
    expect((await graphs.probe(uri).result()).exists).toBe(true);
    expect(nTriplesLines(await graphs.read(uri, 'application/n-triples').result())).toEqual([`<${PPL}u> <${FOAF}name> "U" .`]);
  });

  test('test-basic: usingNamedGraphs: true with permissions writes <marklogic.com/r1> into a path-form graph; RDF/JSON reads it back unchanged', async () => {
    const permissions = [
      { 'role-name': 'app-user', capabilities: ['read'] },
      { 'role-name': 'app-builder', capabilities: ['read', 'update'] },
    ];
    const outcome = await graphs
      .sparqlUpdate({
        usingNamedGraphs: true,
        permissions,
        data: `INSERT DATA { GRAPH <${graph2}> { <marklogic.com/r1> <marklogic.com/p1> "literal1" } }`,
      })
      .result();
    // The client means to label this 'named', but it wraps the option in an array first.
    expect(outcome).toEqual({ defaultGraph: false, graph: null, graphType: 'inline' });

    const read = await graphs.read<{ permissions: Permission[] }>({ uri: graph2, category: 'permissions', contentType: 'application/json' }).result();
    const byRole = new Map(read.permissions.map((p) => [p['role-name'], sorted(p.capabilities)]));
    expect(byRole.get('app-user')).toEqual(['read']);
    expect(byRole.get('app-builder')).toEqual(['read', 'update']);

    const response = await graphs.read<RdfJson>(graph2, 'application/rdf+json').result();
    expect(response['marklogic.com/r1']['marklogic.com/p1']).toHaveLength(1);
    expect(response['marklogic.com/r1']['marklogic.com/p1'][0].value).toBe('literal1');
  });

  test('test-basic: a bound update with using graphs copies the bound predicate into a new graph', async () => {
    await graphs
      .sparqlUpdate({
        usingDefaultGraphs: graph3,
        usingNamedGraphs: [graph2, graph3],
        data:
          `CREATE GRAPH <${graph3}> ; ` +
          `INSERT { GRAPH <${graph3}> { ?s ?p "literal2" } } ` +
          `WHERE  { GRAPH <${graph2}> {?s ?p ?o. filter (?p = ?b1) } }`,
        bindings: { b1: 'marklogic.com/p1', b2: { value: 'a value', type: 'string' } },
      })
      .result();
    const response = await graphs.read<RdfJson>(graph3, 'application/rdf+json').result();
    expect(response).toEqual({ 'marklogic.com/r1': { 'marklogic.com/p1': [{ type: 'literal', value: 'literal2' }] } });
  });

  test('a typed binding and an IRI binding in an update insert those terms', async () => {
    const uri = 'marklogic.com/update/bound';
    await graphs
      .sparqlUpdate({
        data: `INSERT { GRAPH <${uri}> { ?who <${FOAF}birthday> ?day } } WHERE {}`,
        bindings: { day: { value: '2024-05-01', type: 'date' }, who: 'marklogic.com/someone' },
      })
      .result();
    expect(await graphs.read<RdfJson>(uri, 'application/rdf+json').result()).toEqual({
      'marklogic.com/someone': { [`${FOAF}birthday`]: [{ type: 'literal', value: '2024-05-01', datatype: `${XSD}date` }] },
    });
  });

  test('a base resolves the relative IRIs of an update', async () => {
    await graphs.sparqlUpdate({ base: 'http://base.example/', data: 'INSERT DATA { GRAPH <based> { <s> <p> "o" } }' }).result();
    expect(nTriplesLines(await graphs.read('http://base.example/based', 'application/n-triples').result())).toEqual(['<http://base.example/s> <http://base.example/p> "o" .']);
  });
});

describe('errors reach the client with status and MarkLogic body', () => {
  test('a rest-reader update → 403 SEC-PRIV, and nothing is written', async () => {
    const uri = 'marklogic.com/err/reader';
    const err = await failure(readerGraphs.sparqlUpdate(`INSERT DATA { GRAPH <${uri}> { <${PPL}r> <${FOAF}name> "R" } }`));
    expect(err.statusCode).toBe(403);
    expect(err.body?.errorResponse?.messageCode).toBe('SEC-PRIV');
    expect((await graphs.probe(uri).result()).exists).toBe(false);
  });

  test('a rest-reader graph write → 403 SEC-PRIV', async () => {
    const err = await failure(readerGraphs.write('marklogic.com/err/reader-write', 'text/turtle', PEOPLE));
    expect(err.statusCode).toBe(403);
    expect(err.body?.errorResponse?.messageCode).toBe('SEC-PRIV');
  });

  test('a SPARQL syntax error → 400 with a message code and the parser message', async () => {
    const err = await failure(graphs.sparql(SELECT_JSON, 'SELECT ?s WHERE { ?s ?p }'));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('RESTAPI-INVALIDCONTENT');
    expect(err.body?.errorResponse?.message).toBeTruthy();
  });

  test('a SPARQL update syntax error → 400, and nothing is written', async () => {
    const err = await failure(graphs.sparqlUpdate('INSERT DATA { GRAPH <marklogic.com/err/syntax> { <a> <b> } }'));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('RESTAPI-INVALIDCONTENT');
    expect((await graphs.probe('marklogic.com/err/syntax').result()).exists).toBe(false);
  });

  test('malformed Turtle → 400, and the graph is not created', async () => {
    const err = await failure(graphs.write('marklogic.com/err/turtle', 'text/turtle', '<http://a> <http://b> .'));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toMatch(/^(RESTAPI-INVALIDCONTENT|SEM-NOTRDF)$/);
    expect((await graphs.probe('marklogic.com/err/turtle').result()).exists).toBe(false);
  });
});

describe('graphs.remove', () => {
  test('one named graph is removed and probes as missing, the others stay', async () => {
    const gone = 'marklogic.com/remove/gone';
    const kept = 'marklogic.com/remove/kept';
    await graphs.write(gone, 'text/turtle', PEOPLE).result();
    await graphs.write(kept, 'text/turtle', PEOPLE).result();
    expect(await graphs.remove(gone).result()).toEqual({ defaultGraph: false, graph: gone, graphType: 'named' });
    expect((await graphs.probe(gone).result()).exists).toBe(false);
    expect((await graphs.probe(kept).result()).exists).toBe(true);
    expect(await graphs.list().result()).not.toContain(gone);
  });

  // The default graph always exists (decision 0010): once emptied it reads as no triples
  // and is no longer listed.
  test('the default graph is emptied without touching named graphs', async () => {
    await graphs.write('text/turtle', PEOPLE).result();
    await graphs.write('marklogic.com/remove/kept', 'text/turtle', PEOPLE).result();
    expect(await graphs.remove().result()).toEqual({ defaultGraph: true, graph: null, graphType: 'default' });
    expect(nTriplesLines((await graphs.read('application/n-triples').result()) ?? '')).toEqual([]);
    expect(await graphs.list().result()).not.toContain(DEFAULT_GRAPH);
    expect((await graphs.probe('marklogic.com/remove/kept').result()).exists).toBe(true);
  });

  test('test-basic: DROP ALL as an update removes every named graph', async () => {
    await graphs.write('marklogic.com/remove/dropped', 'text/turtle', PEOPLE).result();
    await graphs.write('http://example.org/remove/dropped', 'text/turtle', PEOPLE).result();
    expect(await graphs.sparqlUpdate({ data: 'DROP ALL ;' }).result()).toEqual({ defaultGraph: false, graph: null, graphType: 'inline' });
    expect((await graphs.probe('marklogic.com/remove/dropped').result()).exists).toBe(false);
    expect((await graphs.probe('http://example.org/remove/dropped').result()).exists).toBe(false);
  });

  test('allManagedTriples() removes every graph', async () => {
    await graphs.write('text/turtle', PEOPLE).result();
    await graphs.write('marklogic.com/remove/last', 'text/turtle', PEOPLE).result();
    // Passed bare, the marker is read as named parameters without a uri and the client
    // sends DELETE ?default; as {uri} it sends DELETE /v1/graphs.
    expect(await graphs.remove({ uri: graphs.allManagedTriples() }).result()).toEqual({ defaultGraph: false, graph: null, graphType: 'managed' });
    expect((await graphs.probe('marklogic.com/remove/last').result()).exists).toBe(false);
    // Only the graph catalogue, which is always listed, is left.
    expect(await graphs.list().result()).toEqual(['http://marklogic.com/semantics#graphs']);
    const r = await graphs.sparql(SELECT_JSON, 'SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }').result();
    expect(values(r, 'n')).toEqual(['0']);
  });
});
