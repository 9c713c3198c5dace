/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against the Node host, over
 * real HTTP with Digest authentication, for search: every documents.query built with
 * queryBuilder (structured queries, parsed string queries with bindings, sort, paging,
 * facets, QBE), documents.suggest and a stored option set resolve with the shapes the
 * client builds (the official MarkLogic Node.js client). That proves the wire details
 * it depends on: `POST /v1/search?format=json` and `/v1/qbe` bodies, multipart document
 * parts (metadata before content), the JSON search response when pageLength is 0, and
 * an empty page answered so that the client resolves `[]`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, marklogic, officialClientHost, type Pending } from './official-client-support';
import { basic } from './helpers';

/** What queryBuilder's functions return: opaque to this suite, only passed back to the client. */
type QueryPart = { readonly part: unique symbol };
interface BuiltQuery {
  orderBy(...sorts: Array<string | QueryPart>): BuiltQuery;
  slice(start: number, end?: number): BuiltQuery;
  withOptions(options: { categories?: string[] }): BuiltQuery;
  calculate(...facets: QueryPart[]): BuiltQuery;
}
/** A raw combined query: the client sends it as is, naming the stored options. */
interface CombinedQuery {
  search: { qtext?: string | string[]; query?: unknown; options?: unknown };
  optionsName?: string;
}
interface QueryBuilder {
  where(...queries: QueryPart[]): BuiltQuery;
  collection(...urisOrBinding: Array<string | QueryPart>): QueryPart;
  directory(uri: string, infinite?: boolean): QueryPart;
  word(property: string, ...text: string[]): QueryPart;
  value(property: string, ...values: Array<string | number | boolean | QueryPart>): QueryPart;
  term(...text: string[]): QueryPart;
  range(property: string, ...args: Array<string | number | QueryPart>): QueryPart;
  and(...queries: QueryPart[]): QueryPart;
  or(...queries: QueryPart[]): QueryPart;
  not(query: QueryPart): QueryPart;
  sort(property: string, ...args: Array<string | QueryPart>): QueryPart;
  datatype(type: string, collation?: string): QueryPart;
  parsedFrom(qtext: string, bindings?: QueryPart): QueryPart;
  parseBindings(...bindings: QueryPart[]): QueryPart;
  bind(name: string): QueryPart;
  facet(name: string, ...args: Array<string | QueryPart>): QueryPart;
  byExample(...examples: Array<Record<string, unknown>>): QueryPart;
  suggestBindings(...bindings: QueryPart[]): QueryPart;
}
interface Permission {
  'role-name': string;
  capabilities: string[];
}
interface FoundDocument {
  uri: string;
  category: string | string[];
  format?: string;
  contentType?: string;
  content?: Fruit;
  collections?: string[];
  permissions?: Permission[];
  quality?: number;
  properties?: Record<string, unknown>;
  metadataValues?: Record<string, string>;
}
interface SearchResponse {
  'snippet-format': string;
  total: number;
  start: number;
  'page-length': number;
  results?: Array<{ index: number; uri: string; score: number; href: string; format: string }>;
  facets?: Record<string, { type: string; facetValues: Array<{ name: string; count: number; value: unknown }> }>;
  qtext?: string | string[];
}
interface Operation {
  requestBody?: unknown;
  validStatusCodes?: number[];
}
interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
}
interface DatabaseClient {
  documents: {
    write(docs: Array<{ uri: string; content: unknown; collections?: string[]; quality?: number; properties?: Record<string, unknown> }>): Pending<unknown>;
    query<T = FoundDocument[]>(query: BuiltQuery | QueryPart | CombinedQuery): Pending<T>;
    suggest(partial: string, query: BuiltQuery, bindings?: QueryPart): Pending<string[]>;
    suggest(args: { partial: string; query: BuiltQuery; bindings?: QueryPart; limit?: number }): Pending<string[]>;
  };
  internal: {
    sendRequest<T>(path: string, options?: (o: RequestOptions) => void, operation?: (op: Operation) => void): Pending<T>;
  };
  release(): void;
}
const qb = marklogic.queryBuilder as QueryBuilder;

const host = officialClientHost<DatabaseClient>();
let writer: DatabaseClient;
let admin: DatabaseClient;

interface Fruit {
  name: string;
  tag: string;
  price: number;
  note: string;
}
const DIR = '/ocs/';
const COLLATION = 'http://marklogic.com/collation/';
const FRUIT: Array<{ uri: string; content: Fruit; collections: string[] }> = [
  { uri: `${DIR}fruit/apple.json`, content: { name: 'apple', tag: 'red', price: 3, note: 'a crisp apple' }, collections: ['ocs', 'ocs-fruit'] },
  { uri: `${DIR}fruit/banana.json`, content: { name: 'banana', tag: 'yellow', price: 1, note: 'a soft sweet banana' }, collections: ['ocs', 'ocs-fruit'] },
  { uri: `${DIR}fruit/cherry.json`, content: { name: 'cherry', tag: 'red', price: 8, note: 'a small dark cherry' }, collections: ['ocs', 'ocs-fruit'] },
  { uri: `${DIR}veg/carrot.json`, content: { name: 'carrot', tag: 'orange', price: 2, note: 'a crunchy carrot' }, collections: ['ocs', 'ocs-veg'] },
  { uri: `${DIR}veg/pepper.json`, content: { name: 'pepper', tag: 'red', price: 4, note: 'a sweet pepper' }, collections: ['ocs', 'ocs-veg'] },
];
const uriOf = (name: string) => FRUIT.find((f) => f.content.name === name)!.uri;
const urisOf = (...names: string[]) => names.map(uriOf).sort();
const ALL = FRUIT.map((f) => f.content.name);

/** Range indexes as an administrator sets them: the manage API, over plain HTTP. */
async function putRangeIndexes(): Promise<void> {
  const index = (localname: string, type: string) => ({
    'scalar-type': type,
    'namespace-uri': '',
    localname,
    collation: type === 'string' ? 'http://marklogic.com/collation/' : '',
    'range-value-positions': false,
    'invalid-values': 'reject',
  });
  const res = await fetch(`${host.server.url}/manage/v2/databases/Documents/properties`, {
    method: 'PUT',
    headers: { authorization: basic('admin'), 'content-type': 'application/json' },
    body: JSON.stringify({ 'range-element-index': [index('price', 'int'), index('tag', 'string')] }),
  });
  expect(res.status, await res.text()).toBe(204);
  // Indexes built after the documents are filled in the background, as MarkLogic reindexes.
  await host.server.db.search.rangeIndexesSettled();
}

beforeAll(async () => {
  await host.start();
  writer = host.connect('rest-writer');
  admin = host.connect('admin');
  await writer.documents
    .write(FRUIT.map((f) => ({ ...f, quality: f.content.price, properties: { kind: f.collections[1].slice(4) } })))
    .result();
  await putRangeIndexes();
});
afterAll(() => host.stop());


const found = async (query: BuiltQuery | QueryPart | CombinedQuery): Promise<FoundDocument[]> => {
  const docs = await writer.documents.query(query).result();
  expect(Array.isArray(docs), `the client resolved with ${JSON.stringify(docs)}`).toBe(true);
  return docs;
};
const foundUris = async (query: BuiltQuery | QueryPart | CombinedQuery) => (await found(query)).map((d) => d.uri).sort();

describe('documents.query with queryBuilder.where', () => {
  test.for([
    { name: 'a collection', query: () => qb.collection('ocs-veg'), expected: ['carrot', 'pepper'] },
    { name: 'either of two collections', query: () => qb.collection('ocs-veg', 'ocs-nothing'), expected: ['carrot', 'pepper'] },
    { name: 'a directory, infinite', query: () => qb.directory(DIR, true), expected: ALL },
    { name: 'a directory, its immediate children only', query: () => qb.directory(`${DIR}fruit/`, false), expected: ['apple', 'banana', 'cherry'] },
    { name: 'a word in a property', query: () => qb.word('note', 'sweet'), expected: ['banana', 'pepper'] },
    { name: 'a value of a property', query: () => qb.value('tag', 'red'), expected: ['apple', 'cherry', 'pepper'] },
    { name: 'a number value of a property', query: () => qb.value('price', 8), expected: ['cherry'] },
    { name: 'a term anywhere', query: () => qb.term('crunchy'), expected: ['carrot'] },
    { name: 'a range >= on an int index', query: () => qb.range('price', qb.datatype('int'), '>=', 4), expected: ['cherry', 'pepper'] },
    { name: 'a range < on an int index', query: () => qb.range('price', qb.datatype('int'), '<', 3), expected: ['banana', 'carrot'] },
    { name: 'a range = with several values', query: () => qb.range('price', qb.datatype('int'), 1, 8), expected: ['banana', 'cherry'] },
    { name: 'and', query: () => qb.and(qb.value('tag', 'red'), qb.collection('ocs-fruit')), expected: ['apple', 'cherry'] },
    { name: 'or', query: () => qb.or(qb.value('tag', 'yellow'), qb.term('crunchy')), expected: ['banana', 'carrot'] },
    { name: 'not', query: () => qb.and(qb.collection('ocs'), qb.not(qb.value('tag', 'red'))), expected: ['banana', 'carrot'] },
    { name: 'and of or and not', query: () => qb.and(qb.or(qb.collection('ocs-veg'), qb.word('note', 'banana')), qb.not(qb.range('price', qb.datatype('int'), '>', 3))), expected: ['banana', 'carrot'] },
  ])('$name resolves with those documents, content included', async ({ query, expected }) => {
    const docs = await found(qb.where(query()));
    expect(docs.map((d) => d.uri).sort()).toEqual(urisOf(...expected));
    for (const doc of docs) {
      const fruit = FRUIT.find((f) => f.uri === doc.uri)!;
      expect(doc).toMatchObject({ category: 'content', format: 'json', content: fruit.content });
      expect(doc.contentType).toMatch(/^application\/json/);
    }
  });

  test('several queries given to where are ANDed', async () => {
    expect(await foundUris(qb.where(qb.collection('ocs'), qb.word('note', 'sweet'), qb.directory(`${DIR}veg/`)))).toEqual(urisOf('pepper'));
  });

  test.for([
    { name: 'a word no document has', query: () => qb.term('durian') },
    { name: 'a collection no document is in', query: () => qb.collection('ocs-none') },
    { name: 'a range nothing falls in', query: () => qb.range('price', qb.datatype('int'), '>', 100) },
  ])('zero matches ($name) resolve with []', async ({ query }) => {
    expect(await writer.documents.query(qb.where(query())).result()).toEqual([]);
  });

  test('a range query on a property without a range index rejects with XDMP-ELEMRIDXNOTFOUND', async () => {
    const err = await failure(writer.documents.query(qb.where(qb.range('name', qb.datatype('string'), '>', 'b'))));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('XDMP-ELEMRIDXNOTFOUND');
  });
});

describe('documents.query: order, pages and categories', () => {
  const INT = () => qb.datatype('int');
  const byPrice = () => qb.where(qb.collection('ocs')).orderBy(qb.sort('price', INT(), 'descending'));

  test('orderBy(sort(...)) on the int range index orders the documents', async () => {
    const docs = await found(byPrice());
    expect(docs.map((d) => d.content?.name)).toEqual(['cherry', 'pepper', 'apple', 'carrot', 'banana']);
    const ascending = await found(qb.where(qb.collection('ocs')).orderBy(qb.sort('price', INT(), 'ascending')));
    expect(ascending.map((d) => d.content?.name)).toEqual(['banana', 'carrot', 'apple', 'pepper', 'cherry']);
  });

  test('orderBy on the string range index, then the int one, orders by both', async () => {
    const docs = await found(qb.where(qb.collection('ocs-fruit')).orderBy(qb.sort('tag', qb.datatype('string', COLLATION), 'descending'), qb.sort('price', INT(), 'ascending')));
    expect(docs.map((d) => d.content?.name)).toEqual(['banana', 'apple', 'cherry']);
  });

  // The client's own test-basic sorts with orderBy('rangeKey1') and no datatype, against a string
  // range index: an untyped sort-order is xs:string.
  test('orderBy on a property name alone sorts by its string range index, as MarkLogic does', async () => {
    const docs = await found(qb.where(qb.collection('ocs-fruit')).orderBy('tag'));
    expect(docs.map((d) => d.content?.tag)).toEqual(['red', 'red', 'yellow']);
  });

  // slice takes a 0-based start and an exclusive end (test-basic: slice(1, 4) gives 3 documents).
  test.for([
    { name: 'the first page', start: 0, end: 2, expected: ['cherry', 'pepper'] },
    { name: 'a middle page', start: 2, end: 4, expected: ['apple', 'carrot'] },
    { name: 'a last page shorter than asked', start: 4, end: 10, expected: ['banana'] },
  ])('slice(start, end) pages the ordered results: $name', async ({ start, end, expected }) => {
    const docs = await found(byPrice().slice(start, end));
    expect(docs.map((d) => d.content?.name)).toEqual(expected);
  });

  test('a slice past the last result resolves with []', async () => {
    expect(await writer.documents.query(byPrice().slice(20, 25)).result()).toEqual([]);
  });

  test("withOptions({categories: ['content', 'metadata']}) merges each document's metadata into it", async () => {
    const docs = await found(qb.where(qb.collection('ocs-veg')).withOptions({ categories: ['content', 'metadata'] }));
    expect(docs.map((d) => d.uri).sort()).toEqual(urisOf('carrot', 'pepper'));
    for (const doc of docs) {
      const fruit = FRUIT.find((f) => f.uri === doc.uri)!;
      // The client folds the metadata part into the content part that follows it.
      expect(doc.category).toBe('content');
      expect(doc.content).toEqual(fruit.content);
      expect([...(doc.collections ?? [])].sort()).toEqual(['ocs', 'ocs-veg']);
      expect(doc.quality).toBe(fruit.content.price);
      expect(doc.properties).toEqual({ kind: 'veg' });
      expect(doc.permissions?.length).toBeGreaterThan(0);
    }
  });

});

describe('documents.query: parsed string queries with bindings', () => {
  test("parsedFrom('tag:red', parseBindings(value('tag', bind('tag')))) binds tag as a value constraint", async () => {
    expect(await foundUris(qb.where(qb.parsedFrom('tag:red', qb.parseBindings(qb.value('tag', qb.bind('tag'))))))).toEqual(urisOf('apple', 'cherry', 'pepper'));
  });

  test.for([
    { name: 'a bound range constraint with an operator', qtext: 'price GT 3', expected: ['cherry', 'pepper'] },
    { name: 'a bound range constraint ANDed with a word', qtext: 'price LT 4 crisp', expected: ['apple'] },
    { name: 'two bound constraints ORed', qtext: 'kind:ocs-veg OR tag:yellow', expected: ['banana', 'carrot', 'pepper'] },
    { name: 'a negated bound constraint', qtext: 'kind:ocs-fruit -tag:red', expected: ['banana'] },
  ])('$name', async ({ qtext, expected }) => {
    const bindings = qb.parseBindings(qb.value('tag', qb.bind('tag')), qb.range('price', qb.datatype('int'), qb.bind('price')), qb.collection(qb.bind('kind')));
    expect(await foundUris(qb.where(qb.parsedFrom(qtext, bindings)))).toEqual(urisOf(...expected));
  });

  test('a parsed query and a structured query in one where are ANDed', async () => {
    const query = qb.where(qb.parsedFrom('tag:red', qb.parseBindings(qb.value('tag', qb.bind('tag')))), qb.directory(`${DIR}veg/`));
    expect(await foundUris(query)).toEqual(urisOf('pepper'));
  });

  test('a constraint the bindings do not define rejects with 400 REST-INVALIDPARAM or RESTAPI-INVALIDCONTENT', async () => {
    const err = await failure(writer.documents.query(qb.where(qb.parsedFrom('colour:red', qb.parseBindings(qb.value('tag', qb.bind('tag')))))));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toMatch(/^(REST-INVALIDPARAM|RESTAPI-INVALIDCONTENT)$/);
  });
});

describe('documents.query: calculate facets with slice(0, 0)', () => {
  const STRING = () => qb.datatype('string', COLLATION);

  test('calculate with slice(0, 0) resolves with one JSON search response: the total and no results', async () => {
    const response = await writer.documents.query<SearchResponse[]>(qb.where(qb.collection('ocs-veg')).calculate(qb.facet('tag', STRING())).slice(0, 0)).result();
    expect(response).toHaveLength(1);
    expect(response[0]).toMatchObject({ total: 2, start: 1, 'page-length': 0 });
    expect(response[0].results ?? []).toEqual([]);
  });

  // The client sends calculate() as `view=results` with `return-facets: true` in the inline options,
  // and test-basic ("should calculate key1 and key2 facets without results") expects the facets
  // back: view=results leaves facets to the options.
  test('a string facet resolves with one JSON search response: total and the facet counts, no results', async () => {
    const response = await writer.documents.query<SearchResponse[]>(qb.where(qb.collection('ocs')).calculate(qb.facet('tag', STRING())).slice(0, 0)).result();
    expect(response).toHaveLength(1);
    const [r] = response;
    expect(r.total).toBe(5);
    expect(r.results ?? []).toEqual([]);
    expect(r.facets?.tag.type).toBe('xs:string');
    expect(r.facets?.tag.facetValues).toEqual([
      { name: 'orange', count: 1, value: 'orange' },
      { name: 'red', count: 3, value: 'red' },
      { name: 'yellow', count: 1, value: 'yellow' },
    ]);
  });

  test('facets count only the documents the query selects, named apart from their property (view=results, see above)', async () => {
    const query = qb.where(qb.collection('ocs-fruit')).calculate(qb.facet('tags', 'tag', STRING()), qb.facet('prices', 'price', qb.datatype('int'))).slice(0, 0);
    const [r] = await writer.documents.query<SearchResponse[]>(query).result();
    expect(r.total).toBe(3);
    expect(r.facets?.tags.facetValues.map((v) => [v.name, v.count])).toEqual([
      ['red', 2],
      ['yellow', 1],
    ]);
    expect(r.facets?.prices.type).toBe('xs:int');
    expect(r.facets?.prices.facetValues.map((v) => [v.value, v.count])).toEqual([
      [1, 1],
      [3, 1],
      [8, 1],
    ]);
  });

  test('a facet over no matching document resolves with total 0 and no values', async () => {
    const [r] = await writer.documents.query<SearchResponse[]>(qb.where(qb.term('durian')).calculate(qb.facet('tag', STRING())).slice(0, 0)).result();
    expect(r.total).toBe(0);
    expect(r.facets?.tag?.facetValues ?? []).toEqual([]);
  });

  // test-basic calculates q.facet('rangeKey1') with no datatype over a string range index: the
  // untyped range constraint the client sends takes the type of the one index on the property.
  test('a facet named only by its property uses the string range index, as MarkLogic does', async () => {
    const [r] = await writer.documents.query<SearchResponse[]>(qb.where(qb.collection('ocs')).calculate(qb.facet('tag')).slice(0, 0)).result();
    expect(r.facets?.tag.facetValues.map((v) => v.name)).toEqual(['orange', 'red', 'yellow']);
  });
});

describe('documents.query with qb.byExample (QBE via POST /v1/qbe)', () => {
  test.for([
    { name: 'a property value', example: { tag: 'red' }, expected: ['apple', 'cherry', 'pepper'] },
    { name: 'two properties, ANDed', example: { tag: 'red', price: 3 }, expected: ['apple'] },
    { name: '$or of values', example: { $or: [{ name: 'banana' }, { name: 'carrot' }] }, expected: ['banana', 'carrot'] },
    { name: '$not of a sub-example', example: { $not: { tag: 'red' } }, expected: ['banana', 'carrot'] },
    { name: '$and of a value and a $not', example: { $and: [{ note: { $word: 'sweet' } }, { $not: { tag: 'red' } }] }, expected: ['banana'] },
    { name: '$word in a property', example: { note: { $word: 'sweet' } }, expected: ['banana', 'pepper'] },
    { name: '$gt on the int-indexed property', example: { price: { $gt: 3 } }, expected: ['cherry', 'pepper'] },
    { name: '$le on the int-indexed property', example: { price: { $le: 2 } }, expected: ['banana', 'carrot'] },
  ])('$name resolves with those documents', async ({ example, expected }) => {
    expect(await foundUris(qb.where(qb.byExample(example)))).toEqual(urisOf(...expected));
  });

  test('an example no document matches resolves with []', async () => {
    expect(await writer.documents.query(qb.where(qb.byExample({ tag: 'blue' }))).result()).toEqual([]);
  });

  test('an example pages and carries content like a structured query', async () => {
    const docs = await found(qb.where(qb.byExample({ tag: 'red' })).slice(1, 2));
    expect(docs).toHaveLength(1);
    expect(urisOf('apple', 'cherry', 'pepper')).toContain(docs[0].uri);
    expect(docs[0].content?.tag).toBe('red');
  });
});

describe('documents.suggest', () => {
  const bound = () => qb.where(qb.parsedFrom('', qb.parseBindings(qb.value('tag', qb.bind('tag')), qb.collection(qb.bind('kind')))));

  test('completes a bound collection constraint from the collections of the documents', async () => {
    expect(await writer.documents.suggest('kind:ocs-', bound()).result()).toEqual(['kind:ocs-fruit', 'kind:ocs-veg']);
  });

  test('suggestBindings bind a name to a range index; its values complete the partial value', async () => {
    const bindings = qb.suggestBindings(qb.range('tag', qb.datatype('string', COLLATION), qb.bind('tag')));
    expect(await writer.documents.suggest('tag:r', bound(), bindings).result()).toEqual(['tag:red']);
  });

  test('the rest of the query text is kept before the completion', async () => {
    expect(await writer.documents.suggest('crisp kind:ocs-v', bound()).result()).toEqual(['crisp kind:ocs-veg']);
  });

  test('a limit caps the completions', async () => {
    expect(await writer.documents.suggest({ partial: 'kind:ocs', query: bound(), limit: 2 }).result()).toEqual(['kind:ocs', 'kind:ocs-fruit']);
  });

  test('a partial nothing completes resolves with []', async () => {
    expect(await writer.documents.suggest('tag:zz', bound()).result()).toEqual([]);
  });

  // `name:` with an empty value completes from the suggestion source the client sends (here the
  // range index on tag), as MarkLogic does.
  test('an empty value after a range-bound name lists that range index\'s values', async () => {
    const bindings = qb.suggestBindings(qb.range('tag', qb.datatype('string', COLLATION), qb.bind('tag')));
    expect(await writer.documents.suggest('tag:', bound(), bindings).result()).toEqual(['tag:orange', 'tag:red', 'tag:yellow']);
  });
});

/**
 * The client has no API for stored option sets (`config.query` manages extension
 * libraries), so they travel through db.internal.sendRequest, with the client's
 * authentication; a raw combined query then names them (`optionsName` → `&options=`).
 */
describe('stored query options through the client', () => {
  const NAME = 'ocs-options';
  const OPTIONS = {
    constraint: [
      { name: 'colour', value: { 'json-property': 'tag' } },
      { name: 'cost', range: { type: 'xs:int', 'json-property': 'price', facet: true } },
    ],
    'return-facets': true,
  };
  const send = <T>(client: DatabaseClient, method: string, path: string, body?: unknown) =>
    client.internal
      .sendRequest<T>(
        path,
        (o) => {
          o.method = method;
          o.headers = { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
        },
        (op) => {
          if (body !== undefined) op.requestBody = JSON.stringify(body);
        },
      )
      .result();

  test('write, read, list, use by name, remove: a round trip', async () => {
    await send(admin, 'PUT', `/v1/config/query/${NAME}`, { options: OPTIONS });

    const read = await send<{ options: typeof OPTIONS }>(writer, 'GET', `/v1/config/query/${NAME}?format=json`);
    expect(read.options.constraint).toEqual(OPTIONS.constraint);
    expect(read.options['return-facets']).toBe(true);

    const list = await send<Array<{ name: string; uri: string }>>(writer, 'GET', '/v1/config/query?format=json');
    expect(list).toContainEqual({ name: NAME, uri: `/v1/config/query/${NAME}` });

    expect(await foundUris({ search: { qtext: 'colour:red cost LT 4' }, optionsName: NAME })).toEqual(urisOf('apple'));

    await send(admin, 'DELETE', `/v1/config/query/${NAME}`);
    const after = await send<Array<{ name: string }>>(writer, 'GET', '/v1/config/query?format=json');
    expect(after.map((o) => o.name)).not.toContain(NAME);
    const err = await failure(writer.documents.query({ search: { qtext: 'colour:red' }, optionsName: NAME }));
    expect(err.statusCode).toBe(400);
    expect(err.body?.errorResponse?.messageCode).toBe('REST-INVALIDPARAM');
    expect(err.body?.errorResponse?.message).toContain(`No configured options: ${NAME}`);
  });

  test('a rest-writer cannot write an option set: 403 SEC-PRIV', async () => {
    const err = await failure(
      writer.internal.sendRequest(
        '/v1/config/query/ocs-denied',
        (o) => {
          o.method = 'PUT';
          o.headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
        },
        (op) => {
          op.requestBody = JSON.stringify({ options: OPTIONS });
        },
      ),
    );
    expect(err.statusCode).toBe(403);
    expect(err.body?.errorResponse?.messageCode).toBe('SEC-PRIV');
  });

  test('inline options in a raw combined query act without being stored', async () => {
    expect(await foundUris({ search: { qtext: 'colour:yellow', options: { constraint: OPTIONS.constraint } } })).toEqual(urisOf('banana'));
  });
});
