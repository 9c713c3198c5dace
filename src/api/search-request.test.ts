/**
 * How a failing part of a search is reported by where it came from: a query in a URL
 * parameter is REST-INVALIDPARAM when malformed, the same query in a body
 * RESTAPI-INVALIDCONTENT. The parsers raise the database's code; `reported` is the api's
 * choice, so the cases that name the parameter's code are here.
 */
import { describe, expect, test } from 'vitest';
import { failure } from '../../test/db-error';
import type { QueryOptions } from '../db/options';
import { CTS_NS, parseXml, SEARCH_NS } from '../db/xml';
import { parseCtsJson, parseCtsText, parseCtsXml, parseQbe, parseQbeText, parseStructuredQuery, parseStructuredQueryText, QBE_NS } from '../db/search';
import { reported } from './search-request';

const options: QueryOptions = {};
const asParameter = <T>(parse: () => T) => reported('parameter', parse);
const fromXml = (xml: string) => parseCtsXml(parseXml(xml.replace(/^<cts:([a-z-]+)/, `<cts:$1 xmlns:cts="${CTS_NS}"`)).documentElement!);

describe('structured queries in a URL parameter', () => {
  test('the caller decides the code of a malformed query', () => {
    expect(failure(() => asParameter(() => parseStructuredQuery({ 'term-query': {} }, options))).code).toBe('REST-INVALIDPARAM');
    expect(failure(() => asParameter(() => parseStructuredQuery({ 'range-query': { 'json-property': 'a', type: 'xs:nope', value: 1 } }, options))).code).toBe('REST-INVALIDPARAM');
  });

  test.for<{ name: string; text: string; format?: 'json' | 'xml'; message: RegExp }>([
    { name: 'empty text', text: '  ', message: /the structured query is empty/ },
    { name: 'JSON that does not parse', text: '{"query":', message: /not well-formed JSON/ },
    { name: 'XML that does not parse', text: `<query xmlns="${SEARCH_NS}"><term-query></query>`, message: /not well-formed XML/ },
    { name: 'JSON told to be XML', text: '{"query":{}}', format: 'xml', message: /not well-formed XML/ },
    { name: 'a malformed query', text: '{"query":{"term-query":{}}}', message: /term-query: needs text/ },
  ])('$name is a REST-INVALIDPARAM', ({ text, format, message }) => {
    const e = failure(() => asParameter(() => parseStructuredQueryText(text, options, format ? { format } : {})));
    expect(e.code).toBe('REST-INVALIDPARAM');
    expect(e.message).toMatch(message);
  });
});

describe('a QBE in a URL parameter', () => {
  test('the caller decides the code of a malformed QBE', () => {
    expect(failure(() => asParameter(() => parseQbe({ $query: { $bogus: 1 } }, options))).code).toBe('REST-INVALIDPARAM');
    expect(failure(() => asParameter(() => parseQbe({ $query: { a: { $lt: 1, $datatype: 'nope' } } }, options))).code).toBe('REST-INVALIDPARAM');
  });

  test.for([
    { name: 'empty text', text: '', message: /the QBE is empty/ },
    { name: 'JSON that does not parse', text: '{"$query":', message: /the QBE is not well-formed JSON/ },
    { name: 'XML that does not parse', text: `<q:qbe xmlns:q="${QBE_NS}">`, message: /the QBE is not well-formed XML/ },
    { name: 'a malformed QBE', text: '{"$query":{"$bogus":1}}', message: /unknown operator \$bogus/ },
  ])('$name is a REST-INVALIDPARAM', ({ text, message }) => {
    const e = failure(() => asParameter(() => parseQbeText(text, options)));
    expect(e.code).toBe('REST-INVALIDPARAM');
    expect(e.message).toMatch(message);
  });
});

describe('cts queries in a URL parameter', () => {
  test.for<{ name: string; text: string; message: RegExp }>([
    { name: 'empty text', text: '  ', message: /the cts query is empty/ },
    { name: 'XML that is not well-formed', text: `<cts:word-query xmlns:cts="${CTS_NS}"><cts:text>a</cts:word-query>`, message: /the cts query is not well-formed XML/ },
    { name: 'JSON that is not well-formed', text: '{"ctsquery": ', message: /the cts query is not well-formed JSON/ },
  ])('$name is refused with REST-INVALIDPARAM', ({ text, message }) => {
    const e = failure(() => asParameter(() => parseCtsText(text)));
    expect(e.code).toBe('REST-INVALIDPARAM');
    expect(e.message).toMatch(message);
  });

  test('the caller decides the code of a malformed query', () => {
    expect(failure(() => asParameter(() => parseCtsJson({ wordQuery: {} }))).code).toBe('REST-INVALIDPARAM');
    expect(failure(() => asParameter(() => fromXml('<cts:word-query/>'))).code).toBe('REST-INVALIDPARAM');
  });
});

describe('a body', () => {
  test('keeps the database code of a malformed query', () => {
    expect(failure(() => reported('qtext', () => parseStructuredQuery({ 'term-query': {} }, options))).code).toBe('RESTAPI-INVALIDCONTENT');
  });

  test("reports a string query's bad parameter as invalid content", () => {
    const e = failure(() => reported('qtext', () => parseStructuredQueryText('{"word-constraint-query":{"constraint-name":"nope","text":"a"}}', options)));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.message).toMatch(/Unknown constraint: nope/);
  });
});
