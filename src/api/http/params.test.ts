import { describe, expect, test } from 'vitest';
import { DbError } from '../../db/errors';
import { Params } from './params';

const params = (url: string) => new Params(new Request(url));

describe('Params', () => {
  test.for([
    { name: 'no query string', url: 'http://x/v1/ping', pairs: [] },
    { name: 'percent-encoding and + decoded as URL.searchParams does', url: 'http://x/v1/q?query=ASK%20%7B%7D&a=b+c&e=', pairs: [['query', 'ASK {}'], ['a', 'b c'], ['e', '']] },
    { name: 'a fragment left out', url: 'http://x/v1/q?a=1#b=2', pairs: [['a', '1']] },
    { name: 'a ? inside the fragment is not a query', url: 'http://x/v1/q#frag?a=1', pairs: [] },
    { name: 'repeated names kept in order', url: 'http://x/v1/q?b=1&a=2&b=3', pairs: [['b', '1'], ['a', '2'], ['b', '3']] },
  ])('reads $name', ({ url, pairs }) => {
    const p = params(url);
    expect(p.entries()).toEqual(pairs);
    expect(p.entries()).toEqual([...new URL(url).searchParams]);
  });

  test('groups values by name, in order of first appearance, and hands out copies', () => {
    const p = params('http://x/v1/q?b=1&a=2&b=3');
    expect([...p.names()]).toEqual(['b', 'a']);
    expect(p.all('b')).toEqual(['1', '3']);
    p.all('b').push('x');
    expect(p.all('b')).toEqual(['1', '3']);
    expect(p.all('missing')).toEqual([]);
    expect(p.has('a')).toBe(true);
    expect(p.has('c')).toBe(false);
  });

  test('a form body adds its parameters after the URL’s', () => {
    const p = params('http://x/v1/graphs/sparql?start=2');
    p.append('query=SELECT+*+%7B%7D&start=3');
    expect(p.all('start')).toEqual(['2', '3']);
    expect(p.one('query')).toBe('SELECT * {}');
    expect(() => p.one('start')).toThrow(DbError);
  });

  test('names the path in its errors', () => {
    const p = params('http://x/v1/documents?nope=1');
    expect(p.path).toBe('/v1/documents');
    expect(() => p.validate(['uri'])).toThrow('invalid parameters: nope for /v1/documents');
  });
});
