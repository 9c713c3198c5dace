/**
 * The query-options module: on the wire (a recording fetch, so each request is checked
 * as MarkLogic would receive it) and against Tabula's real handler (what is written
 * reads back, in both forms, and a refused set reaches the caller as its problems).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { testApi } from '../../test/helpers';
import { keepWithBody, recordingClient, type Responder } from '../../test/recording-client';
import { ApiError, createClient, type TabulaClient } from './create-client';
import { optionsProblems, splitSentences } from './query-options';

function recording(responder: Responder = () => new Response(null, { status: 204 })) {
  const { client, requests } = recordingClient(responder, keepWithBody);
  return { api: client.queryOptions, requests };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const target = (req: Request) => {
  const url = new URL(req.url);
  return `${req.method} ${url.pathname}${url.search}`;
};

describe('requests', () => {
  test.for([
    { name: 'list asks for JSON', call: (api: TabulaClient['queryOptions']) => api.list(), expected: 'GET /v1/config/query?format=json', answer: [] },
    { name: 'read asks for JSON', call: (api: TabulaClient['queryOptions']) => api.read('recipes'), expected: 'GET /v1/config/query/recipes?format=json', answer: { options: {} } },
    { name: 'readXml asks for XML', call: (api: TabulaClient['queryOptions']) => api.readXml('recipes'), expected: 'GET /v1/config/query/recipes?format=xml', answer: '<options/>' },
    { name: 'a name is one encoded path step', call: (api: TabulaClient['queryOptions']) => api.read('a b/c'), expected: 'GET /v1/config/query/a%20b%2Fc?format=json', answer: { options: {} } },
    { name: 'remove deletes the set', call: (api: TabulaClient['queryOptions']) => api.remove('recipes'), expected: 'DELETE /v1/config/query/recipes', answer: null },
  ])('$name', async ({ call, expected, answer }) => {
    const { api, requests } = recording(() => (answer === null ? new Response(null, { status: 204 }) : typeof answer === 'string' ? new Response(answer) : json(answer)));
    await call(api);
    expect(target(requests[0].req)).toBe(expected);
  });

  test('write PUTs the set wrapped in {"options": …} as JSON and reports creation by the status', async () => {
    let status = 201;
    const { api, requests } = recording(() => new Response(null, { status }));
    const options = { constraint: [{ name: 'kind', collection: { prefix: '' } }], 'page-length': 5 };
    expect(await api.write('recipes', options)).toEqual({ created: true });
    status = 204;
    expect(await api.write('recipes', options)).toEqual({ created: false });
    const { req, body } = requests[0];
    expect(target(req)).toBe('PUT /v1/config/query/recipes?format=json');
    expect(req.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(body)).toEqual({ options });
  });

  test('writeXml PUTs the XML as it is', async () => {
    const { api, requests } = recording(() => new Response(null, { status: 201 }));
    const xml = '<options xmlns="http://marklogic.com/appservices/search"><page-length>5</page-length></options>';
    await api.writeXml('x', xml);
    expect(target(requests[0].req)).toBe('PUT /v1/config/query/x?format=xml');
    expect(requests[0].req.headers.get('content-type')).toBe('application/xml');
    expect(requests[0].body).toBe(xml);
  });

  test('an empty name is refused before anything is sent', async () => {
    const { api, requests } = recording();
    await expect(api.read('')).rejects.toThrow(/needs a name/);
    await expect(api.write('', {})).rejects.toThrow(/needs a name/);
    expect(requests).toHaveLength(0);
  });

  test.for([
    { name: 'a JSON null options as an empty set', answer: { options: null }, expected: {} },
    { name: 'the options object as it is', answer: { options: { 'page-length': 3 } }, expected: { 'page-length': 3 } },
  ])('read returns $name', async ({ answer, expected }) => {
    const { api } = recording(() => json(answer));
    expect(await api.read('x')).toEqual(expected);
  });

  test.for([
    { name: 'a list that is not an array', call: 'list' as const, answer: { name: 'x' }, error: /not a list of option sets/ },
    { name: 'options that are not an object', call: 'read' as const, answer: { options: [1] }, error: /not \{"options"/ },
  ])('refuses $name', async ({ call, answer, error }) => {
    const { api } = recording(() => json(answer));
    await expect(call === 'list' ? api.list() : api.read('x')).rejects.toThrow(error);
  });

  test('list keeps the named entries and fills a missing uri', async () => {
    const { api } = recording(() => json([{ name: 'a', uri: '/v1/config/query/a' }, { name: 'b c' }, { uri: '/nameless' }]));
    expect(await api.list()).toEqual([
      { name: 'a', uri: '/v1/config/query/a' },
      { name: 'b c', uri: '/v1/config/query/b%20c' },
    ]);
  });
});

describe('optionsProblems', () => {
  const invalid = (message: string, code = 'RESTAPI-INVALIDCONTENT') =>
    new ApiError({ statusCode: 400, status: 'Bad Request', messageCode: code, message: `${code}: (err:FOER0000) Invalid content: ${message}` });

  test.for([
    {
      name: 'every sentence of a validation refusal',
      error: invalid('Operation results in invalid Options: Unknown option "foo". Operator or constraint name "a" is used more than once (must be unique). Constraint "a": a range needs a type.'),
      expected: ['Unknown option "foo".', 'Operator or constraint name "a" is used more than once (must be unique).', 'Constraint "a": a range needs a type.'],
    },
    {
      name: 'a quoted full stop inside one sentence',
      error: invalid('Operation results in invalid Options: Constraint name "a. b" must not contain spaces (a string query could not name it).'),
      expected: ['Constraint name "a. b" must not contain spaces (a string query could not name it).'],
    },
    { name: 'nothing for another content error', error: invalid('Unexpected Payload: expected {"options": {…}}'), expected: undefined },
    { name: 'nothing for another code', error: invalid('Operation results in invalid Options: x.', 'REST-INVALIDPARAM'), expected: undefined },
    { name: 'nothing for an error that is not an ApiError', error: new Error('Operation results in invalid Options: x.'), expected: undefined },
  ])('gives $name', ({ error, expected }) => {
    expect(optionsProblems(error)).toEqual(expected);
  });

  test('splitSentences keeps a last sentence without a full stop', () => {
    expect(splitSentences(' One. Two "x." three')).toEqual(['One.', 'Two "x." three']);
  });
});

describe('against the handler', () => {
  let client: TabulaClient;
  beforeEach(async () => {
    const api = await testApi();
    client = createClient({ baseUrl: 'http://localhost:8000', fetch: (input, init) => api.fetch(String(input), init) });
  });

  test('a set written as JSON is listed, reads back as JSON and as XML, and is gone after remove', async () => {
    const options = { constraint: [{ name: 'kind', collection: { prefix: 'k/' } }], 'return-metrics': false };
    expect(await client.queryOptions.write('recipes', options)).toEqual({ created: true });
    expect(await client.queryOptions.write('recipes', options)).toEqual({ created: false });
    expect(await client.queryOptions.list()).toEqual([{ name: 'recipes', uri: '/v1/config/query/recipes' }]);
    expect(await client.queryOptions.read('recipes')).toEqual(options);
    const xml = await client.queryOptions.readXml('recipes');
    expect(xml).toContain('<options xmlns="http://marklogic.com/appservices/search">');
    expect(xml).toMatch(/<constraint name="kind"><collection prefix="k\/"\s*\/?>/);
    await client.queryOptions.remove('recipes');
    expect(await client.queryOptions.list()).toEqual([]);
    const missing = await client.queryOptions.read('recipes').catch((e: unknown) => e as ApiError);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).statusCode).toBe(404);
  });

  test('a set written as XML reads back as JSON', async () => {
    await client.queryOptions.writeXml(
      'x',
      '<options xmlns="http://marklogic.com/appservices/search"><constraint name="year"><range type="xs:int"><json-property>year</json-property></range></constraint></options>',
    );
    expect(await client.queryOptions.read('x')).toEqual({ constraint: [{ name: 'year', range: { type: 'xs:int', 'json-property': 'year' } }] });
  });

  test('default exists before anything is stored', async () => {
    expect(await client.queryOptions.read('default')).toMatchObject({ 'return-facets': true });
  });

  test('a refused set stores nothing and its problems come back one by one', async () => {
    // A range may leave its type to its index, but not name a type Tabula has no index for.
    const bad = { constraint: [{ name: 'a', collection: { prefix: '' } }, { name: 'a', range: { 'json-property': 'p' } }], values: [{ name: 'v', range: { type: 'xs:gYear', 'json-property': 'p' } }] };
    const error = await client.queryOptions.write('bad', bad).catch((e: unknown) => e);
    expect(optionsProblems(error)).toEqual(['Operator or constraint name "a" is used more than once (must be unique).', expect.stringMatching(/^Values "v": range type "xs:gYear" is not supported \(xs:string, .*\)\.$/)]);
    expect(await client.queryOptions.list()).toEqual([]);
  });
});
