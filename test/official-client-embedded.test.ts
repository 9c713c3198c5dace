/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against the Node host, for
 * triples embedded in documents (docs/decisions/0032-embedded-triples.md): a bulk
 * `documents.write` of documents holding triples, a count of them by `graphs.sparql`, and
 * `graphs.sparql({docQuery})`, which the client sends as a combined JSON body
 * (`{"search": {"query": …, "sparql": …}}`), restricting the query to the triples of the
 * documents the query matches. Expected values are worked out from the documents below.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, marklogic, officialClientHost, type Pending } from './official-client-support';

type QueryPart = { readonly part: unique symbol };
type BuiltQuery = { readonly built: unique symbol };
interface QueryBuilder {
  where(...queries: QueryPart[]): BuiltQuery;
  byExample(query: Record<string, unknown>): BuiltQuery;
  collection(...uris: string[]): QueryPart;
  term(...text: string[]): QueryPart;
  parsedFrom(text: string): QueryPart;
}
interface SparqlJson {
  head: { vars?: string[] };
  results?: { bindings: Array<Record<string, { type: string; value: string }>> };
}
interface DatabaseClient {
  documents: { write(docs: Array<{ uri: string; content: unknown; collections?: string[]; contentType?: string }>): Pending<unknown> };
  graphs: { sparql(args: { contentType: string; query: string; docQuery?: BuiltQuery | QueryPart | { search: Record<string, unknown> } }): Pending<SparqlJson> };
  release(): void;
}

const qb = marklogic.queryBuilder as unknown as QueryBuilder;
const host = officialClientHost<DatabaseClient>();
let writer: DatabaseClient;
let reader: DatabaseClient;

const EX = 'http://client.example/';
const SELECT_JSON = 'application/sparql-results+json';
const TEAM = `${EX}team`;

/** Each person's document: a note (searched), collections (graphs), and the triples it holds. */
const PEOPLE = [
  { name: 'ann', note: 'likes hiking', collections: [TEAM], knows: ['bob', 'cid'] },
  { name: 'bob', note: 'likes chess', collections: [TEAM], knows: ['ann'] },
  { name: 'cid', note: 'likes hiking and chess', collections: [], knows: ['dee', 'ann', 'bob'] },
  { name: 'dee', note: 'likes nothing', collections: [], knows: [] },
];
const triplesOf = (p: (typeof PEOPLE)[number]) => [
  { triple: { subject: `${EX}${p.name}`, predicate: `${EX}name`, object: { value: p.name, datatype: 'http://www.w3.org/2001/XMLSchema#string' } } },
  ...p.knows.map((k) => ({ triple: { subject: `${EX}${p.name}`, predicate: `${EX}knows`, object: `${EX}${k}` } })),
];

beforeAll(async () => {
  await host.start();
  writer = host.connect('rest-writer');
  reader = host.connect('rest-reader');
  await writer.documents
    .write(PEOPLE.map((p) => ({ uri: `/people/${p.name}.json`, contentType: 'application/json', collections: p.collections, content: { note: p.note, facts: triplesOf(p) } })))
    .result();
});
afterAll(() => host.stop());

const knowsOf = (names: string[]) =>
  PEOPLE.filter((p) => names.includes(p.name))
    .flatMap((p) => p.knows.map((k) => `${p.name} ${k}`))
    .sort();
const KNOWS = `SELECT ?s ?o WHERE { ?s <${EX}knows> ?o }`;
const pairs = (r: SparqlJson) => (r.results?.bindings ?? []).map((b) => `${b.s.value.slice(EX.length)} ${b.o.value.slice(EX.length)}`).sort();

describe('embedded triples through the official client', () => {
  test('a count finds every triple the bulk write embedded', async () => {
    const r = await reader.graphs.sparql({ contentType: SELECT_JSON, query: 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }' }).result();
    const expected = PEOPLE.reduce((n, p) => n + triplesOf(p).length, 0);
    expect(Number(r.results?.bindings[0].n.value)).toBe(expected);
  });

  const hikers = PEOPLE.filter((p) => p.note.includes('hiking')).map((p) => p.name);
  test.for([
    { name: 'a term query', docQuery: () => qb.where(qb.term('hiking')), people: hikers },
    { name: 'a query part, which the client wraps in where()', docQuery: () => qb.term('chess'), people: PEOPLE.filter((p) => p.note.includes('chess')).map((p) => p.name) },
    { name: 'a parsed string query', docQuery: () => qb.where(qb.parsedFrom('hiking AND chess')), people: PEOPLE.filter((p) => p.note.includes('hiking') && p.note.includes('chess')).map((p) => p.name) },
    { name: 'a raw combined query', docQuery: () => ({ search: { qtext: 'nothing' } }), people: ['dee'] },
  ])('docQuery: $name', async ({ docQuery, people }) => {
    const r = await reader.graphs.sparql({ contentType: SELECT_JSON, query: KNOWS, docQuery: docQuery() }).result();
    expect(pairs(r)).toEqual(knowsOf(people));
  });

  test('docQuery by collection sees that collection’s documents', async () => {
    const r = await reader.graphs.sparql({ contentType: SELECT_JSON, query: KNOWS, docQuery: qb.where(qb.collection(TEAM)) }).result();
    expect(pairs(r)).toEqual(knowsOf(PEOPLE.filter((p) => p.collections.includes(TEAM)).map((p) => p.name)));
  });

  test('a query by example is refused by the client itself, before any request', async () => {
    expect(() => reader.graphs.sparql({ contentType: SELECT_JSON, query: KNOWS, docQuery: qb.byExample({ note: 'hiking' }) })).toThrow(/Query By Example/);
  });

  test('a docQuery with a broken SPARQL text is a 400', async () => {
    const err = await failure(reader.graphs.sparql({ contentType: SELECT_JSON, query: 'SELECT * WHERE {', docQuery: qb.where(qb.term('hiking')) }));
    expect(err.statusCode).toBe(400);
  });
});
