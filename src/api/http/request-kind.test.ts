import { describe, expect, test } from 'vitest';
import { changeNotice, isReadOnly } from './request-kind';

const FORM = 'application/x-www-form-urlencoded';

interface Case {
  method: string;
  path: string;
  type?: string;
  body?: string;
  read: boolean;
}

const request = ({ method, path, type, body }: Case): Request =>
  new Request(new URL(path, 'http://localhost'), { method, headers: type ? { 'content-type': type } : {}, body });

const cases: Case[] = [
  // Reads by method, whatever the path.
  ...['GET', 'HEAD', 'OPTIONS'].flatMap((method) =>
    ['/v1/documents?uri=/a.json', '/v1/search?q=x', '/v1/graphs?graph=g', '/v1/graphs/sparql?query=ASK%7B%7D',
      '/v1/graphs/sparql?update=CLEAR%20ALL', '/manage/v2/users', '/v1/config/properties', '/v1/ping'].map((path) => ({ method, path, read: true })),
  ),
  // Query endpoints whose POST body is a query.
  { method: 'POST', path: '/v1/search', type: 'application/json', body: '{"search":{}}', read: true },
  { method: 'POST', path: '/v1/search?format=json&options=shop', type: 'application/xml', body: '<search/>', read: true },
  { method: 'POST', path: '/LATEST/search', read: true },
  { method: 'POST', path: '/v1/qbe', type: 'application/json', body: '{"$query":{}}', read: true },
  { method: 'POST', path: '/LATEST/qbe', read: true },
  { method: 'POST', path: '/v1/suggest?partial-q=to', read: true },
  { method: 'POST', path: '/v1/values', read: true },
  { method: 'POST', path: '/v1/values/total', read: true },
  { method: 'POST', path: '/LATEST/values/total', read: true },
  // The same under a REST instance's path form.
  { method: 'POST', path: '/tabula/instances/shop/v1/search', type: 'application/json', body: '{"search":{}}', read: true },
  { method: 'POST', path: '/tabula/instances/shop/v1/values/x', read: true },
  { method: 'POST', path: '/tabula/instances/shop/LATEST/qbe', read: true },
  { method: 'POST', path: '/tabula/instances/shop/v1/graphs/sparql', type: 'application/sparql-update', read: false },
  { method: 'POST', path: '/tabula/instances/shop/v1/documents', read: false },
  { method: 'POST', path: '/tabula/instances/v1/search', read: false },
  // Not query endpoints, or not their exact paths: a POST there writes.
  { method: 'POST', path: '/v1/values/total/more', read: false },
  { method: 'POST', path: '/v1/search/', read: false },
  { method: 'POST', path: '/v2/search', read: false },
  { method: 'POST', path: '/manage/v2/search', read: false },
  // Other methods on query endpoints are not reads.
  { method: 'PUT', path: '/v1/search', read: false },
  { method: 'DELETE', path: '/v1/search', read: false },
  // Documents.
  { method: 'PUT', path: '/v1/documents?uri=/a.json', type: 'application/json', body: '{}', read: false },
  { method: 'POST', path: '/v1/documents?extension=json', type: 'application/json', body: '{}', read: false },
  { method: 'POST', path: '/v1/documents', type: 'multipart/mixed; boundary=B', body: '--B--', read: false },
  { method: 'DELETE', path: '/v1/documents?uri=/a.json', read: false },
  { method: 'PATCH', path: '/v1/documents?uri=/a.json', type: 'application/json', body: '{"patch":[]}', read: false },
  { method: 'POST', path: '/LATEST/documents?uri=/a.json', type: 'application/json', body: '{"patch":[]}', read: false },
  // Graphs (the graph store).
  { method: 'PUT', path: '/v1/graphs?graph=g', type: 'text/turtle', body: '', read: false },
  { method: 'POST', path: '/v1/graphs?graph=g', type: 'application/n-triples', body: '', read: false },
  { method: 'DELETE', path: '/v1/graphs?graph=g', read: false },
  { method: 'POST', path: '/v1/graphs/things', read: false },
  // SPARQL: a query reads, an update writes.
  { method: 'POST', path: '/v1/graphs/sparql', type: 'application/sparql-query', body: 'ASK {}', read: true },
  { method: 'POST', path: '/LATEST/graphs/sparql', type: 'application/sparql-query; charset=utf-8', body: 'ASK {}', read: true },
  { method: 'POST', path: '/v1/graphs/sparql', type: 'application/sparql-update', body: 'CLEAR ALL', read: false },
  { method: 'POST', path: '/v1/graphs/sparql', type: 'Application/SPARQL-Update ; charset=utf-8', body: 'CLEAR ALL', read: false },
  { method: 'POST', path: '/v1/graphs/sparql', type: FORM, body: 'query=ASK%20%7B%7D', read: true },
  { method: 'POST', path: '/v1/graphs/sparql', type: `${FORM}; charset=UTF-8`, body: 'query=ASK%20%7B%7D&default-graph-uri=g', read: true },
  { method: 'POST', path: '/v1/graphs/sparql', type: FORM, body: 'update=CLEAR%20ALL', read: false },
  { method: 'POST', path: '/v1/graphs/sparql', type: FORM, body: 'using-graph-uri=g&update=CLEAR%20ALL', read: false },
  { method: 'POST', path: '/v1/graphs/sparql', type: FORM, body: 'query=ASK%7B%7D&update=CLEAR%20ALL', read: false },
  { method: 'POST', path: '/v1/graphs/sparql', type: FORM, body: '', read: true },
  // Neither type says update: the endpoint treats the body as a query (or refuses it).
  { method: 'POST', path: '/v1/graphs/sparql', read: true },
  { method: 'POST', path: '/v1/graphs/sparql', type: 'text/plain', body: 'CLEAR ALL', read: true },
  // The update parameter in the URL of a POST is not looked at: only the body's form is.
  { method: 'POST', path: '/v1/graphs/sparql?update=CLEAR%20ALL', type: 'application/sparql-query', body: 'ASK {}', read: true },
  { method: 'PUT', path: '/v1/graphs/sparql', type: 'application/sparql-query', body: 'ASK {}', read: false },
  { method: 'DELETE', path: '/v1/graphs/sparql', read: false },
  // Management and configuration.
  { method: 'POST', path: '/manage/v2/users', type: 'application/json', body: '{}', read: false },
  { method: 'PUT', path: '/manage/v2/users/u/properties', type: 'application/json', body: '{}', read: false },
  { method: 'DELETE', path: '/manage/v2/roles/r', read: false },
  { method: 'PUT', path: '/manage/v2/databases/Documents/properties', type: 'application/json', body: '{}', read: false },
  { method: 'POST', path: '/manage/v2/databases/Documents', type: 'application/json', body: '{"operation":"clear-database"}', read: false },
  { method: 'PUT', path: '/v1/config/properties', type: 'application/json', body: '{}', read: false },
  { method: 'PUT', path: '/v1/config/properties/debug', type: 'application/json', body: '{}', read: false },
  { method: 'DELETE', path: '/v1/config/properties', read: false },
  { method: 'POST', path: '/v1/config/query/shop', type: 'application/json', body: '{}', read: false },
  { method: 'PUT', path: '/v1/config/query/shop', type: 'application/json', body: '{}', read: false },
  { method: 'DELETE', path: '/v1/config/query', read: false },
  // Tabula's own: a reset empties the database; arming or clearing faults changes the host, not the data.
  { method: 'POST', path: '/tabula/v1/reset', read: false },
  { method: 'POST', path: '/tabula/v1/faults', type: 'application/json', body: '{"status":503}', read: true },
  { method: 'DELETE', path: '/tabula/v1/faults', read: true },
  { method: 'DELETE', path: '/tabula/v1/requests/run-1', read: true },
  // Transactions: writes inside one (txid) are seen by it alone; opening and rolling back change nothing; a commit does.
  { method: 'PUT', path: '/v1/documents?uri=/a.json&txid=123', type: 'application/json', body: '{}', read: true },
  { method: 'DELETE', path: '/v1/graphs?graph=g&txid=123', read: true },
  { method: 'POST', path: '/v1/graphs/sparql?txid=123', type: 'application/sparql-update', body: 'CLEAR ALL', read: true },
  { method: 'POST', path: '/v1/transactions?name=order', read: true },
  { method: 'POST', path: '/LATEST/transactions/123?result=rollback', read: true },
  { method: 'POST', path: '/v1/transactions/123?result=commit', read: false },
  // Ping answers any method; anything but GET, HEAD and OPTIONS counts as a write.
  { method: 'POST', path: '/v1/ping', read: false },
  { method: 'PUT', path: '/v1/ping', read: false },
];

describe('isReadOnly', () => {
  test.for(cases)('$method $path ($type) → read: $read', async (c) => {
    expect(await isReadOnly(request(c))).toBe(c.read);
  });

  test('a form body is read from a clone: the request can still be answered', async () => {
    const req = request({ method: 'POST', path: '/v1/graphs/sparql', type: FORM, body: 'update=CLEAR%20ALL', read: false });
    expect(await isReadOnly(req)).toBe(false);
    expect(req.bodyUsed).toBe(false);
    expect(await req.text()).toBe('update=CLEAR%20ALL');
  });
});

describe('changeNotice', () => {
  test('names the method and the path, without the query string', () => {
    const req = new Request('http://localhost/v1/documents?uri=/a.json&collection=c', { method: 'PUT', body: '{}' });
    expect(changeNotice(req)).toEqual({ method: 'PUT', path: '/v1/documents' });
  });
});
