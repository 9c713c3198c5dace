/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against the Node host, over real
 * HTTP with Digest authentication, for values: `db.values.read(valuesBuilder…)` with
 * `.where()`, `.slice()`, `.aggregates()` and `.withOptions()`, for one index (the client asks
 * for it with `style: consistent`, so it comes back as tuples) and for two (tuples), and a
 * refusal. The client POSTs `/v1/values/structuredef?format=json` with its definition as
 * inline options; that proves the wire details it depends on, including ranges it sends
 * without a type and with `"facet": false`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { basic } from './helpers';
import { failure, marklogic, officialClientHost, type Pending } from './official-client-support';

type Part = { readonly part: unique symbol };
interface BuiltValues {
  where(...queries: Part[]): BuiltValues;
  slice(start: number, end?: number): BuiltValues;
  aggregates(...names: string[]): BuiltValues;
  withOptions(options: { values?: string[] }): BuiltValues;
}
interface ValuesBuilder {
  fromIndexes(...indexes: Array<string | Part>): BuiltValues;
  range(property: string, type?: string): Part;
  collection(...uris: string[]): Part;
  word(property: string, ...text: string[]): Part;
  uri(): Part;
}
interface ValuesResponse {
  'values-response': {
    name: string;
    types?: { type: string[] };
    tuple?: Array<{ frequency: number; 'distinct-value': string[] }>;
    'aggregate-result'?: Array<{ name: string; _value: string }>;
  };
}
interface DatabaseClient {
  documents: { write(docs: Array<{ uri: string; content: unknown; collections?: string[] }>): Pending<unknown> };
  values: { read(query: BuiltValues): Pending<ValuesResponse> };
  release(): void;
}
const vb = marklogic.valuesBuilder as ValuesBuilder;

const host = officialClientHost<DatabaseClient>();
let reader: DatabaseClient;

interface Book {
  genre: string;
  pages: number;
  rating: number;
  blurb: string;
}
const BOOKS: Array<{ uri: string; content: Book; collections: string[] }> = [
  { uri: '/ocv/1.json', content: { genre: 'poetry', pages: 80, rating: 4, blurb: 'short quiet poems' }, collections: ['ocv', 'ocv-classic'] },
  { uri: '/ocv/2.json', content: { genre: 'fiction', pages: 320, rating: 3, blurb: 'a long quiet novel' }, collections: ['ocv'] },
  { uri: '/ocv/3.json', content: { genre: 'fiction', pages: 210, rating: 5, blurb: 'a loud novel' }, collections: ['ocv', 'ocv-classic'] },
  { uri: '/ocv/4.json', content: { genre: 'history', pages: 450, rating: 4, blurb: 'a quiet history of paper' }, collections: ['ocv'] },
  { uri: '/ocv/5.json', content: { genre: 'fiction', pages: 150, rating: 2, blurb: 'a novella' }, collections: ['ocv', 'ocv-classic'] },
];
const books = BOOKS.map((b) => b.content);
const quiet = books.filter((b) => b.blurb.split(' ').includes('quiet'));

/** Values with their frequencies, in ascending order (`compare`), as the server must give them. */
function counted<T extends string | number>(values: T[], compare: (a: T, b: T) => number): Array<[string, number]> {
  const m = new Map<T, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => compare(a[0], b[0])).map(([v, n]) => [String(v), n]);
}
const byNumber = (a: number, b: number) => a - b;
const byText = (a: string, b: string) => a.localeCompare(b);
const tuples = (r: ValuesResponse) => (r['values-response'].tuple ?? []).map((t) => [...t['distinct-value'], t.frequency]);
const aggregates = (r: ValuesResponse) => Object.fromEntries((r['values-response']['aggregate-result'] ?? []).map((a) => [a.name, a._value]));

beforeAll(async () => {
  await host.start();
  reader = host.connect('rest-reader');
  await host.connect('rest-writer').documents.write(BOOKS).result();
  const index = (localname: string, type: string) => ({ 'scalar-type': type, 'namespace-uri': '', localname, collation: type === 'string' ? 'http://marklogic.com/collation/' : '', 'range-value-positions': false, 'invalid-values': 'reject' });
  const res = await fetch(`${host.server.url}/manage/v2/databases/Documents/properties`, {
    method: 'PUT',
    headers: { authorization: basic('admin'), 'content-type': 'application/json' },
    body: JSON.stringify({ 'range-element-index': [index('genre', 'string'), index('pages', 'int'), index('rating', 'int')] }),
  });
  expect(res.status, await res.text()).toBe(204);
  await host.server.db.search.rangeIndexesSettled();
});
afterAll(() => host.stop());

describe('db.values.read, one index (answered as tuples: the client asks for style consistent)', () => {
  test('fromIndexes(name): the untyped range takes its index, values in collation order', async () => {
    const r = await reader.values.read(vb.fromIndexes('genre')).result();
    expect(r['values-response'].name).toBe('structuredef');
    expect(tuples(r)).toEqual(counted(books.map((b) => b.genre), byText).map(([v, n]) => [v, n]));
  });

  test('where() restricts to matching documents; aggregates() are computed over them', async () => {
    const r = await reader.values.read(vb.fromIndexes(vb.range('rating', 'xs:int')).where(vb.word('blurb', 'quiet')).aggregates('max', 'min', 'sum', 'avg', 'count')).result();
    const ratings = quiet.map((b) => b.rating);
    expect(tuples(r)).toEqual(counted(ratings, byNumber).map(([v, n]) => [v, n]));
    const sum = ratings.reduce((a, b) => a + b, 0);
    const { avg, ...exact } = aggregates(r);
    expect(exact).toEqual({ max: String(Math.max(...ratings)), min: String(Math.min(...ratings)), sum: String(sum), count: String(ratings.length) });
    // The average of integers is an xs:decimal (18 digits after the point), not a double.
    expect(avg).toMatch(/^\d+(\.\d{1,18})?$/);
    expect(Number(avg)).toBeCloseTo(sum / ratings.length, 12);
  });

  test('slice() pages the values; the aggregates still read them all', async () => {
    const r = await reader.values.read(vb.fromIndexes(vb.range('pages', 'xs:int')).slice(1, 3).aggregates('sum')).result();
    const all = counted(books.map((b) => b.pages), byNumber);
    expect(tuples(r)).toEqual(all.slice(1, 3).map(([v, n]) => [v, n]));
    expect(aggregates(r)).toEqual({ sum: String(books.reduce((a, b) => a + b.pages, 0)) });
  });

  test('withOptions({values: [descending]}) and a collection restriction', async () => {
    const classic = BOOKS.filter((b) => b.collections.includes('ocv-classic')).map((b) => b.content.genre);
    const r = await reader.values.read(vb.fromIndexes('genre').where(vb.collection('ocv-classic')).withOptions({ values: ['descending'] })).result();
    expect(tuples(r)).toEqual(counted(classic, byText).reverse().map(([v, n]) => [v, n]));
  });
});

describe('db.values.read, two indexes (tuples)', () => {
  test('co-occurring values with frequencies and the two-index aggregates', async () => {
    const r = await reader.values.read(vb.fromIndexes(vb.range('pages', 'xs:int'), vb.range('rating', 'xs:int')).aggregates('correlation', 'covariance')).result();
    expect(r['values-response'].types).toEqual({ type: ['xs:int', 'xs:int'] });
    const pairs = [...books].sort((a, b) => a.pages - b.pages || a.rating - b.rating).map((b) => [String(b.pages), String(b.rating), 1]);
    expect(tuples(r)).toEqual(pairs);
    const n = books.length;
    const mx = books.reduce((a, b) => a + b.pages, 0) / n;
    const my = books.reduce((a, b) => a + b.rating, 0) / n;
    const sxy = books.reduce((a, b) => a + (b.pages - mx) * (b.rating - my), 0);
    const sxx = books.reduce((a, b) => a + (b.pages - mx) ** 2, 0);
    const syy = books.reduce((a, b) => a + (b.rating - my) ** 2, 0);
    const got = aggregates(r);
    expect(Number(got.covariance)).toBeCloseTo(sxy / (n - 1), 10);
    expect(Number(got.correlation)).toBeCloseTo(sxy / Math.sqrt(sxx * syy), 10);
  });

  test('restricted by where()', async () => {
    const r = await reader.values.read(vb.fromIndexes(vb.range('genre', 'xs:string'), vb.range('rating', 'xs:int')).where(vb.word('blurb', 'quiet'))).result();
    const expected = [...quiet].sort((a, b) => byText(a.genre, b.genre) || a.rating - b.rating).map((b) => [b.genre, String(b.rating), 1]);
    expect(tuples(r)).toEqual(expected);
  });
});

describe('refusals reach the client as errors', () => {
  test('a property without a range index: 400 XDMP-ELEMRIDXNOTFOUND', async () => {
    const err = await failure(reader.values.read(vb.fromIndexes(vb.range('blurb', 'xs:string'))));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('XDMP-ELEMRIDXNOTFOUND');
  });

  test('an aggregate the index cannot take: 400 SEARCH-INVALAGGREGATE', async () => {
    const err = await failure(reader.values.read(vb.fromIndexes('genre').aggregates('avg')));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('SEARCH-INVALAGGREGATE');
  });
});
