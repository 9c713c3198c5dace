import { describe, expect, test } from 'vitest';
import { readSparqlRequest } from './sparql-request';
import { builtinRoleLookup } from '../db/security';
import { DbError } from '../db/errors';

const read = (path: string, init?: RequestInit) =>
  readSparqlRequest(new Request(new URL(path, 'http://localhost'), init), { maxBytes: 1 << 20, database: 'Documents', roles: builtinRoleLookup });

async function codeOf(path: string, init?: RequestInit): Promise<string> {
  try {
    await read(path, init);
  } catch (e) {
    if (e instanceof DbError) return `${e.status} ${e.code}`;
    throw e;
  }
  throw new Error('expected a DbError');
}

// Bytes, not a string: a string body makes Request add `text/plain` on its own.
const post = (type: string | undefined, body: string): RequestInit => ({
  method: 'POST',
  body: new TextEncoder().encode(body),
  headers: type ? { 'content-type': type } : {},
});

describe('reading SPARQL protocol requests', () => {
  test.for([
    { name: 'GET ?query=', path: '/v1/graphs/sparql?query=ASK%20%7B%7D', init: undefined, operation: 'query', text: 'ASK {}' },
    { name: 'a direct query POST', path: '/v1/graphs/sparql', init: post('application/sparql-query', 'ASK {}'), operation: 'query', text: 'ASK {}' },
    { name: 'a text/plain POST, read as a query like MarkLogic', path: '/v1/graphs/sparql', init: post('text/plain', 'ASK {}'), operation: 'query', text: 'ASK {}' },
    { name: 'a form query POST', path: '/v1/graphs/sparql', init: post('application/x-www-form-urlencoded', 'query=ASK%20%7B%7D'), operation: 'query', text: 'ASK {}' },
    { name: 'a direct update POST', path: '/v1/graphs/sparql', init: post('application/sparql-update', 'CLEAR ALL'), operation: 'update', text: 'CLEAR ALL' },
    { name: 'a form update POST', path: '/v1/graphs/sparql', init: post('application/x-www-form-urlencoded', 'update=CLEAR+ALL'), operation: 'update', text: 'CLEAR ALL' },
    { name: 'an empty update (answered 204 later)', path: '/v1/graphs/sparql', init: post('application/sparql-update', ''), operation: 'update', text: '' },
    { name: 'a UTF-8 charset parameter', path: '/v1/graphs/sparql', init: post('application/sparql-query; charset=UTF-8', 'ASK {}'), operation: 'query', text: 'ASK {}' },
  ])('accepts $name', async ({ path, init, operation, text }) => {
    const r = await read(path, init);
    expect(r.operation).toBe(operation);
    expect(r.text).toBe(text);
  });

  test('reads the dataset, base, paging and permissions, from the URL and a form body alike', async () => {
    const r = await read(
      '/v1/graphs/sparql?default-graph-uri=http://a/1&default-graph-uri=http://a/2&start=3&pageLength=5',
      post('application/x-www-form-urlencoded', 'query=SELECT+*+%7B%7D&named-graph-uri=g3&base=http%3A%2F%2Fb%2F'),
    );
    expect(r).toMatchObject({ defaultGraphs: ['http://a/1', 'http://a/2'], namedGraphs: ['g3'], base: 'http://b/', start: 3, pageLength: 5 });
    const u = await read('/v1/graphs/sparql?using-graph-uri=u1&using-named-graph-uri=true&perm:app-user=read&perm:app-user=update', post('application/sparql-update', 'CLEAR ALL'));
    expect(u).toMatchObject({ usingGraphs: ['u1'], usingNamedGraphs: ['true'] });
    expect(u.permissions).toEqual([
      { 'role-name': 'app-user', capabilities: ['read'] },
      { 'role-name': 'app-user', capabilities: ['update'] },
    ]);
  });

  test.for([
    { name: 'a query', path: '/v1/graphs/sparql?query=ASK%7B%7D&optimize=2&default-rulesets=exclude', init: undefined },
    { name: 'an update', path: '/v1/graphs/sparql?optimize=0&default-rulesets=include', init: post('application/sparql-update', 'CLEAR ALL') },
  ])('accepts the optimize and default-rulesets hints the official client sends, on $name', async ({ path, init }) => {
    await expect(read(path, init)).resolves.toMatchObject({ text: expect.any(String) });
  });

  test('reads every bind: form, including a percent-encoded parameter name and repeated names', async () => {
    const r = await read('/v1/graphs/sparql?query=ASK%7B%7D&bind:s=http://x/1&bind%3An%3Aint=42&bind:label@en=hello&bind:ids:int=1&bind:ids:int=2');
    expect(r.bindings).toEqual([
      { name: 's', value: 'http://x/1' },
      { name: 'n', value: '42', type: 'int' },
      { name: 'label', value: 'hello', lang: 'en' },
      { name: 'ids', value: '1', type: 'int' },
      { name: 'ids', value: '2', type: 'int' },
    ]);
  });

  test.for([
    { name: 'two query parameters', path: '/v1/graphs/sparql?query=ASK%7B%7D&query=ASK%7B%7D', init: undefined, expected: '400 REST-REPEATEDPARAM' },
    { name: 'an update by GET', path: '/v1/graphs/sparql?update=CLEAR%20ALL', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'neither query nor update', path: '/v1/graphs/sparql', init: undefined, expected: '400 REST-REQUIREDPARAM' },
    { name: 'a query and an update at once', path: '/v1/graphs/sparql?query=ASK%7B%7D', init: post('application/sparql-update', 'CLEAR ALL'), expected: '400 REST-INVALIDPARAM' },
    { name: 'two form updates', path: '/v1/graphs/sparql', init: post('application/x-www-form-urlencoded', 'update=CLEAR%20NAMED&update=CLEAR%20DEFAULT'), expected: '400 REST-REPEATEDPARAM' },
    { name: 'a POST without Content-Type', path: '/v1/graphs/sparql', init: post(undefined, 'query=ASK%20%7B%7D'), expected: '415 RESTAPI-INVALIDMIMETYPE' },
    { name: 'a UTF-16 body', path: '/v1/graphs/sparql', init: post('application/sparql-query; charset=UTF-16', 'ASK {}'), expected: '415 RESTAPI-INVALIDMIMETYPE' },
    { name: 'an unsupported Content-Type', path: '/v1/graphs/sparql', init: post('application/octet-stream', 'ASK {}'), expected: '415 RESTAPI-INVALIDMIMETYPE' },
    { name: 'an empty query', path: '/v1/graphs/sparql', init: post('application/sparql-query', '  '), expected: '400 REST-REQUIREDPARAM' },
    { name: 'using-graph-uri on a query', path: '/v1/graphs/sparql?query=ASK%7B%7D&using-graph-uri=g', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'default-graph-uri on an update', path: '/v1/graphs/sparql?default-graph-uri=g', init: post('application/sparql-update', 'CLEAR ALL'), expected: '400 REST-INVALIDPARAM' },
    { name: 'an unknown parameter', path: '/v1/graphs/sparql?query=ASK%7B%7D&colour=red', init: undefined, expected: '400 REST-UNSUPPORTEDPARAM' },
    { name: 'ruleset, which needs inference', path: '/v1/graphs/sparql?query=ASK%7B%7D&ruleset=rdfs.rules', init: undefined, expected: '400 REST-UNSUPPORTEDPARAM' },
    { name: 'an optimize level that is not a number', path: '/v1/graphs/sparql?query=ASK%7B%7D&optimize=high', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'default-rulesets other than include or exclude', path: '/v1/graphs/sparql?query=ASK%7B%7D&default-rulesets=all', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'q on an update', path: '/v1/graphs/sparql?q=cat', init: post('application/sparql-update', 'CLEAR ALL'), expected: '400 REST-INVALIDPARAM' },
    { name: 'a combined body that is not JSON or XML', path: '/v1/graphs/sparql', init: post('application/yaml', 'search: {}'), expected: '415 RESTAPI-INVALIDMIMETYPE' },
    { name: 'another database', path: '/v1/graphs/sparql?query=ASK%7B%7D&database=Other', init: undefined, expected: '400 XDMP-NOSUCHDB' },
    { name: 'a bad start', path: '/v1/graphs/sparql?query=ASK%7B%7D&start=0', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'a bad bind name', path: '/v1/graphs/sparql?query=ASK%7B%7D&bind:a%20b=1', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'a bad bind type', path: '/v1/graphs/sparql?query=ASK%7B%7D&bind:a:x%3Ay=1', init: undefined, expected: '400 REST-INVALIDPARAM' },
    { name: 'an unknown role in perm:', path: '/v1/graphs/sparql?perm:ghost=read', init: post('application/sparql-update', 'CLEAR ALL'), expected: '400 SEC-ROLEDNE' },
    { name: 'an unknown capability in perm:', path: '/v1/graphs/sparql?perm:app-user=fly', init: post('application/sparql-update', 'CLEAR ALL'), expected: '400 REST-INVALIDPARAM' },
  ])('refuses $name ($expected)', async ({ path, init, expected }) => {
    expect(await codeOf(path, init)).toBe(expected);
  });
});
