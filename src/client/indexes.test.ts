/**
 * The indexes module: the requests it sends, how leniently it reads what a server may
 * answer (a real Management API writes booleans as strings and leaves out empty lists),
 * and against Tabula's real handler, a new index going from building to ready.
 */
import { describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepWithBody, recordingClient } from '../../test/recording-client';
import { ApiError, createClient } from './create-client';
import { readDatabaseIndexes, readIndexReport, type RangeElementIndex } from './indexes';

function recording(answer: () => Response) {
  const { client, requests } = recordingClient(() => answer(), keepWithBody);
  return { indexes: client.indexes, requests };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const target = (req: Request) => `${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`;

const year: RangeElementIndex = {
  'scalar-type': 'int',
  'namespace-uri': '',
  localname: 'year',
  collation: '',
  'range-value-positions': false,
  'invalid-values': 'reject',
};

describe('requests', () => {
  test.for([
    { name: 'the Documents database by default', database: undefined, path: '/manage/v2/databases/Documents/properties' },
    { name: 'the database asked for, encoded', database: 'My DB', path: '/manage/v2/databases/My%20DB/properties' },
  ])('read asks for the JSON properties of $name', async ({ database, path }) => {
    const { indexes, requests } = recording(() => json({ 'database-name': 'x' }));
    await indexes.read({ database });
    expect(target(requests[0].req)).toBe(`GET ${path}?format=json`);
    expect(requests[0].req.headers.get('accept')).toBe('application/json');
  });

  test('update PUTs exactly the lists given, as JSON', async () => {
    const { indexes, requests } = recording(() => new Response(null, { status: 204 }));
    await indexes.update({ 'range-element-index': [year] });
    expect(target(requests[0].req)).toBe('PUT /manage/v2/databases/Documents/properties');
    expect(requests[0].req.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(requests[0].body)).toEqual({ 'range-element-index': [year] });
  });

  test('report asks /v1/config/indexes for JSON', async () => {
    const { indexes, requests } = recording(() => json({}));
    expect(await indexes.report()).toEqual({ optionSets: [], rangeIndexes: [] });
    expect(target(requests[0].req)).toBe('GET /v1/config/indexes?format=json');
  });
});

describe('readDatabaseIndexes', () => {
  test('reads strings as booleans, a bare entry as a list, and fills what a server left out', () => {
    const read = readDatabaseIndexes({
      'database-name': 'Documents',
      'range-element-index': { 'scalar-type': 'string', localname: 'genre', collation: 'http://marklogic.com/collation/', 'range-value-positions': 'true', 'invalid-values': 'ignore' },
      'collection-lexicon': 'true',
    });
    expect(read).toEqual({
      'database-name': 'Documents',
      'range-element-index': [
        { 'scalar-type': 'string', 'namespace-uri': '', localname: 'genre', collation: 'http://marklogic.com/collation/', 'range-value-positions': true, 'invalid-values': 'ignore' },
      ],
      'range-element-attribute-index': [],
      'collection-lexicon': true,
      'uri-lexicon': true,
    });
  });

  test('refuses an answer that is not an object', () => {
    expect(() => readDatabaseIndexes([])).toThrow(/not a JSON object/);
  });
});

describe('readIndexReport', () => {
  test('reads option sets and range index states, numbers given as strings included', () => {
    const report = readIndexReport({
      'index-summaries': [
        {
          'query-options': 'recipes',
          complete: false,
          indexes: [
            { usedBy: 'constraint year', 'scalar-type': 'int', 'json-property': 'year', state: 'building' },
            { usedBy: 'sort-order', 'scalar-type': 'string', element: { name: 'title', ns: 'urn:x' }, collation: 'http://marklogic.com/collation/', state: 'missing' },
          ],
        },
      ],
      'range-indexes': [{ 'scalar-type': 'int', localname: 'year', 'namespace-uri': '', state: 'building', done: '200', total: 500 }],
    });
    expect(report).toEqual({
      optionSets: [
        {
          name: 'recipes',
          complete: false,
          indexes: [
            { usedBy: 'constraint year', 'scalar-type': 'int', 'json-property': 'year', state: 'building' },
            { usedBy: 'sort-order', 'scalar-type': 'string', element: { name: 'title', ns: 'urn:x' }, collation: 'http://marklogic.com/collation/', state: 'missing' },
          ],
        },
      ],
      rangeIndexes: [{ 'scalar-type': 'int', localname: 'year', 'namespace-uri': '', state: 'building', done: 200, total: 500 }],
    });
  });

  test('leaves out entries whose state it does not know', () => {
    const report = readIndexReport({
      'index-summaries': [{ 'query-options': 'x', complete: true, indexes: [{ usedBy: 'y', state: 'someday' }] }],
      'range-indexes': [{ localname: 'a', state: 'paused' }],
    });
    expect(report).toEqual({ optionSets: [{ name: 'x', complete: true, indexes: [] }], rangeIndexes: [] });
  });
});

describe('against the handler', () => {
  test('an index added over existing documents is reported with its progress until it is ready', async () => {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    const database = api.db.name;
    await client.documents.bulkWrite(Array.from({ length: 1200 }, (_, i) => ({ uri: `/d/${i}.json`, content: JSON.stringify({ year: 1900 + (i % 100) }) })));

    expect((await client.indexes.read({ database }))['range-element-index']).toEqual([]);
    await client.indexes.update({ 'range-element-index': [year] }, { database });
    expect((await client.indexes.read({ database }))['range-element-index']).toEqual([year]);

    const seen: string[] = [];
    for (let i = 0; i < 200; i++) {
      const [state] = (await client.indexes.report()).rangeIndexes;
      seen.push(state.state);
      expect(state).toMatchObject({ 'scalar-type': 'int', localname: 'year', 'namespace-uri': '' });
      if (state.state === 'ready') break;
      expect(state.total).toBe(1200);
      expect(state.done).toBeLessThanOrEqual(1200);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen.at(-1)).toBe('ready');
  });

  test('a refused update names the entry and changes nothing', async () => {
    const api = await testApi();
    const client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
    const database = api.db.name;
    const error = (await client.indexes.update({ 'range-element-index': [{ ...year, 'scalar-type': 'gYear' }] }, { database }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.messageCode).toBe('MANAGE-INVALIDPAYLOAD');
    expect(error.message).toContain('range-element-index[0].scalar-type "gYear"');
    expect((await client.indexes.read({ database }))['range-element-index']).toEqual([]);
  });
});
