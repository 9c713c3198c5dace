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

  test.for([
    { name: 'a lone % and a % before non-hex', url: 'http://x/v1/q?a=100%&b=%zz%4', pairs: [['a', '100%'], ['b', '%zz%4']] },
    { name: 'empty pairs and a name without =', url: 'http://x/v1/q?&a&&b=1&', pairs: [['a', ''], ['b', '1']] },
    { name: 'escapes of multi-byte UTF-8 and an encoded + and =', url: 'http://x/v1/q?u=%E2%82%AC%F0%9D%84%9E&p=%2B%3D', pairs: [['u', '€𝄞'], ['p', '+=']] },
  ])('reads $name as URLSearchParams does', ({ url, pairs }) => {
    const p = params(url);
    expect(p.entries()).toEqual(pairs);
    expect(p.entries()).toEqual([...new URL(url).searchParams]);
  });

  // Each of these URLSearchParams decodes to U+FFFD: two of them would name one document.
  test.for([
    { name: 'a byte that never starts UTF-8 (%FF)', query: 'uri=/a%FF.json', what: 'the value of uri' },
    { name: 'an overlong encoding of / (%C0%AF)', query: 'uri=%C0%AF', what: 'the value of uri' },
    { name: 'an encoded surrogate (%ED%A0%80)', query: 'uri=%ED%A0%80', what: 'the value of uri' },
    { name: 'a sequence cut short (%E2%82)', query: 'uri=/a%E2%82.json', what: 'the value of uri' },
    { name: 'a bad escape in a parameter name', query: 'u%FFri=/a.json', what: 'a parameter name' },
    { name: 'a bad escape after a +', query: 'q=a+%E2%82', what: 'the value of q' },
  ])('refuses $name with 400 REST-INVALIDPARAM naming the parameter', ({ query, what }) => {
    const err = (() => {
      try {
        params(`http://x/v1/documents?${query}`);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DbError);
    expect((err as DbError).code).toBe('REST-INVALIDPARAM');
    expect((err as DbError).detail).toMatch(new RegExp(`^${what} is not UTF-8 once percent-decoded: `));
  });

  test('a form body with a bad escape is refused like the query string', () => {
    const p = params('http://x/v1/graphs/sparql');
    expect(() => p.append('query=ASK%FF')).toThrow('the value of query is not UTF-8 once percent-decoded: ASK%FF');
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
