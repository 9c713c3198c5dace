import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import type { FacetResult, SearchResponse, SearchResult } from '../../db/search';
import { encodeForUri, resultHref, searchResponseJson, searchResponseXml, xsDuration } from './search-response';
import { SEARCH_NS } from '../../db/xml';

function parse(text: string) {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(text, 'application/xml');
}

/** The child elements of `e`, as `prefix:name`. */
const childNames = (e: Element) => Array.from(e.childNodes).flatMap((n) => (n.nodeType === n.ELEMENT_NODE ? [n.nodeName] : []));
const children = (e: Element) => Array.from(e.childNodes).filter((n): n is Element => n.nodeType === n.ELEMENT_NODE);
const attributesOf = (e: Element) => Object.fromEntries(Array.from(e.attributes, (a) => [a.name, a.value]));

const soup: SearchResult = {
  index: 1,
  uri: '/recipes/soup.json',
  path: 'fn:doc("/recipes/soup.json")',
  score: 43008,
  confidence: 0.6123724,
  fitness: 0.7745967,
  mimetype: 'application/json',
  format: 'json',
  matches: [{ path: 'fn:doc("/recipes/soup.json")/text("title")', text: ['Tomato ', { highlight: 'soup' }, ' with basil'] }],
};

const stew: SearchResult = {
  index: 2,
  uri: '/recipes/stew.xml',
  path: 'fn:doc("/recipes/stew.xml")',
  score: 22528,
  confidence: 0.4431621,
  fitness: 0.559017,
  mimetype: 'application/xml',
  format: 'xml',
  matches: [{ path: 'fn:doc("/recipes/stew.xml")/recipe/notes', text: ['…thicker than a ', { highlight: 'soup' }, '…'] }],
};

const facets: Record<string, FacetResult> = {
  cuisine: {
    type: 'xs:string',
    values: [
      { name: 'french', count: 1, value: 'french' },
      { name: 'italian', count: 1, value: 'italian' },
    ],
  },
  servings: { type: 'xs:int', values: [{ name: '4', count: 2, value: 4 }] },
};

// The JSON search response MarkLogic’s REST API reference shows for /v1/search, as the engine would hand it over.
const full: SearchResponse = {
  snippetFormat: 'snippet',
  total: 2,
  start: 1,
  pageLength: 10,
  results: [soup, stew],
  facets,
  qtext: ['soup'],
  metrics: { queryResolutionMs: 2.113, facetResolutionMs: 0.412, snippetResolutionMs: 1.874, totalMs: 6.021 },
};

describe('the JSON search response (MarkLogic’s REST API reference, /v1/search)', () => {
  test('the documented example comes out as MarkLogic’s documentation shows it, key for key', () => {
    expect(JSON.parse(searchResponseJson(full))).toEqual({
      'snippet-format': 'snippet',
      total: 2,
      start: 1,
      'page-length': 10,
      results: [
        {
          index: 1,
          uri: '/recipes/soup.json',
          path: 'fn:doc("/recipes/soup.json")',
          score: 43008,
          confidence: 0.6123724,
          fitness: 0.7745967,
          href: '/v1/documents?uri=%2Frecipes%2Fsoup.json',
          mimetype: 'application/json',
          format: 'json',
          matches: [{ path: 'fn:doc("/recipes/soup.json")/text("title")', 'match-text': ['Tomato ', { highlight: 'soup' }, ' with basil'] }],
        },
        {
          index: 2,
          uri: '/recipes/stew.xml',
          path: 'fn:doc("/recipes/stew.xml")',
          score: 22528,
          confidence: 0.4431621,
          fitness: 0.559017,
          href: '/v1/documents?uri=%2Frecipes%2Fstew.xml',
          mimetype: 'application/xml',
          format: 'xml',
          matches: [{ path: 'fn:doc("/recipes/stew.xml")/recipe/notes', 'match-text': ['…thicker than a ', { highlight: 'soup' }, '…'] }],
        },
      ],
      facets: {
        cuisine: {
          type: 'xs:string',
          facetValues: [
            { name: 'french', count: 1, value: 'french' },
            { name: 'italian', count: 1, value: 'italian' },
          ],
        },
        servings: { type: 'xs:int', facetValues: [{ name: '4', count: 2, value: 4 }] },
      },
      qtext: 'soup',
      metrics: {
        'query-resolution-time': 'PT0.002113S',
        'facet-resolution-time': 'PT0.000412S',
        'snippet-resolution-time': 'PT0.001874S',
        'total-time': 'PT0.006021S',
      },
    });
  });

  test('top-level keys: response attributes, then results, facets, query, qtext, metrics', () => {
    const json = JSON.parse(searchResponseJson({ ...full, query: { kind: 'word', text: ['soup'], options: {} } }));
    expect(Object.keys(json)).toEqual(['snippet-format', 'total', 'start', 'page-length', 'results', 'facets', 'query', 'qtext', 'metrics']);
    expect(Object.keys(json.metrics)).toEqual(['query-resolution-time', 'facet-resolution-time', 'snippet-resolution-time', 'total-time']);
  });

  test.for([
    { name: 'snippet', result: soup, keys: ['index', 'uri', 'path', 'score', 'confidence', 'fitness', 'href', 'mimetype', 'format', 'matches'] },
    { name: 'empty-snippet', result: { ...soup, matches: null }, keys: ['index', 'uri', 'path', 'score', 'confidence', 'fitness', 'href', 'mimetype', 'format', 'matches'] },
    { name: 'raw', result: { ...soup, matches: undefined, content: { a: 1 } }, keys: ['index', 'uri', 'path', 'score', 'confidence', 'fitness', 'href', 'mimetype', 'format', 'content'] },
    {
      name: 'snippet with extracted data',
      result: { ...soup, extracted: { kind: 'array' as const, content: [{ title: 'x' }] } },
      keys: ['index', 'uri', 'path', 'score', 'confidence', 'fitness', 'href', 'mimetype', 'format', 'matches', 'extracted'],
    },
    {
      name: 'snippet with nothing extracted',
      result: { ...soup, extractedNone: true },
      keys: ['index', 'uri', 'path', 'score', 'confidence', 'fitness', 'href', 'mimetype', 'format', 'matches', 'extracted-none'],
    },
    { name: 'raw binary (no content)', result: { ...soup, matches: undefined, format: 'binary' as const }, keys: ['index', 'uri', 'path', 'score', 'confidence', 'fitness', 'href', 'mimetype', 'format'] },
  ])('result keys in the server order: $name', ({ result, keys }) => {
    const json = JSON.parse(searchResponseJson({ ...full, results: [result] }));
    expect(Object.keys(json.results[0])).toEqual(keys);
  });

  test.for([
    { name: 'snippet matches: path and match-text', result: soup, key: 'matches', value: [{ path: soup.matches![0].path, 'match-text': ['Tomato ', { highlight: 'soup' }, ' with basil'] }] },
    { name: 'a snippet without matches is an empty array', result: { ...soup, matches: [] }, key: 'matches', value: [] },
    { name: 'empty-snippet matches are null', result: { ...soup, matches: null }, key: 'matches', value: null },
    { name: 'raw JSON content is the JSON itself', result: { ...soup, matches: undefined, content: { title: 'Soup', n: [1, true, null] } }, key: 'content', value: { title: 'Soup', n: [1, true, null] } },
    { name: 'raw XML content is an XML string', result: { ...stew, matches: undefined, content: '<recipe><notes>thick</notes></recipe>' }, key: 'content', value: '<recipe><notes>thick</notes></recipe>' },
    { name: 'raw text content is a string', result: { ...soup, format: 'text' as const, matches: undefined, content: 'plain text' }, key: 'content', value: 'plain text' },
    { name: 'extracted from JSON', result: { ...soup, extracted: { kind: 'array' as const, content: [{ title: 'x' }] } }, key: 'extracted', value: { kind: 'array', content: [{ title: 'x' }] } },
    { name: 'extracted from XML, as strings', result: { ...stew, extracted: { kind: 'element' as const, content: ['<title>x</title>'] } }, key: 'extracted', value: { kind: 'element', content: ['<title>x</title>'] } },
    { name: 'nothing extracted', result: { ...soup, extractedNone: true }, key: 'extracted-none', value: {} },
  ])('$name', ({ result, key, value }) => {
    expect(JSON.parse(searchResponseJson({ ...full, results: [result] })).results[0][key]).toEqual(value);
  });

  test.for([
    { name: 'results present and empty', response: { ...full, results: [] }, key: 'results', present: true, value: [] },
    { name: 'results left out (view=facets)', response: { ...full, results: undefined }, key: 'results', present: false },
    { name: 'facets left out', response: { ...full, facets: undefined }, key: 'facets', present: false },
    { name: 'no facets but asked for: an empty object', response: { ...full, facets: {} }, key: 'facets', present: true, value: {} },
    { name: 'qtext without return-qtext', response: { ...full, qtext: undefined }, key: 'qtext', present: false },
    { name: 'qtext with no query text: null, as the server answers an empty query', response: { ...full, qtext: [] }, key: 'qtext', present: true, value: null },
    { name: 'qtext of several strings: the first only', response: { ...full, qtext: ['a', 'b'] }, key: 'qtext', present: true, value: 'a' },
    { name: 'query without return-query', response: full, key: 'query', present: false },
    {
      name: 'query with return-query: the structured query (what goes inside {"query": …})',
      response: { ...full, query: { kind: 'and', queries: [{ kind: 'word', text: ['soup'], options: {} }, { kind: 'collection', uris: ['c'] }] } as SearchResponse['query'] },
      key: 'query',
      present: true,
      value: { queries: [{ 'term-query': { text: ['soup'] } }, { 'collection-query': { uri: ['c'] } }] },
    },
    { name: 'metrics without return-metrics', response: { ...full, metrics: undefined }, key: 'metrics', present: false },
    {
      name: 'metrics without facet and snippet times',
      response: { ...full, metrics: { queryResolutionMs: 1.5, totalMs: 2 } },
      key: 'metrics',
      present: true,
      value: { 'query-resolution-time': 'PT0.0015S', 'total-time': 'PT0.002S' },
    },
  ])('$name', ({ response, key, present, value }) => {
    const json = JSON.parse(searchResponseJson(response));
    expect(key in json).toBe(present);
    if (present) expect(json[key]).toEqual(value);
  });

  test('a match-all result has score, confidence and fitness 0 as numbers', () => {
    const json = JSON.parse(searchResponseJson({ ...full, results: [{ ...soup, score: 0, confidence: 0, fitness: 0 }] }));
    expect([json.results[0].score, json.results[0].confidence, json.results[0].fitness]).toEqual([0, 0, 0]);
  });

  test('href carries the database parameter when the request named one', () => {
    const json = JSON.parse(searchResponseJson(full, { database: 'Docs & Stuff' }));
    expect(json.results[0].href).toBe('/v1/documents?uri=%2Frecipes%2Fsoup.json&database=Docs%20%26%20Stuff');
  });
});

describe('facet values are typed as the server types them', () => {
  const big = '18446744073709551615';
  test.for([
    { name: 'xs:string stays a string even when it looks like a number', type: 'xs:string', value: '42', json: '"42"' },
    { name: 'xs:int is a number', type: 'xs:int', value: 4, json: '4' },
    { name: 'xs:int given as text is a number', type: 'xs:int', value: '4', json: '4' },
    { name: 'a type without the xs: prefix is the same type', type: 'int', value: '7', json: '7' },
    { name: 'xs:double', type: 'xs:double', value: 2.5, json: '2.5' },
    { name: 'xs:double in exponent form', type: 'xs:double', value: '1.5E3', json: '1500' },
    { name: 'xs:double infinity has no JSON number: the xs lexical form', type: 'xs:double', value: Infinity, json: '"INF"' },
    { name: 'xs:float NaN', type: 'xs:float', value: 'NaN', json: '"NaN"' },
    { name: 'xs:unsignedInt', type: 'xs:unsignedInt', value: '3', json: '3' },
    { name: 'xs:short', type: 'xs:short', value: -3, json: '-3' },
    { name: 'xs:boolean true', type: 'xs:boolean', value: true, json: 'true' },
    { name: 'xs:boolean given as text', type: 'xs:boolean', value: 'false', json: 'false' },
    { name: 'xs:boolean 1', type: 'xs:boolean', value: '1', json: 'true' },
    { name: 'xs:long beyond a double keeps every digit', type: 'xs:long', value: '9007199254740993', json: '9007199254740993' },
    { name: 'xs:unsignedLong maximum keeps every digit', type: 'xs:unsignedLong', value: big, json: big },
    { name: 'xs:decimal in canonical form', type: 'xs:decimal', value: '+007.50', json: '7.5' },
    { name: 'xs:decimal negative zero', type: 'xs:decimal', value: '-0.0', json: '0' },
    { name: 'xs:decimal given as a number', type: 'xs:decimal', value: 10.25, json: '10.25' },
    { name: 'xs:integer', type: 'xs:integer', value: '-12', json: '-12' },
    { name: 'xs:date is a string', type: 'xs:date', value: '2024-01-31', json: '"2024-01-31"' },
    { name: 'xs:dateTime is a string', type: 'xs:dateTime', value: '2024-01-31T10:00:00Z', json: '"2024-01-31T10:00:00Z"' },
    { name: 'collection values are strings', type: 'collection', value: 'orders', json: '"orders"' },
    { name: 'bucket labels are strings', type: 'bucketed', value: '0 to 10', json: '"0 to 10"' },
  ])('$name', ({ type, value, json }) => {
    const text = searchResponseJson({ ...full, facets: { f: { type, values: [{ name: String(value), count: 3, value }] } } });
    expect(text).toContain(`"facetValues":[{"name":${JSON.stringify(String(value))},"count":3,"value":${json}}]`);
    expect(() => JSON.parse(text)).not.toThrow();
  });

  test('facets are an object keyed by constraint name, in the order given', () => {
    const json = JSON.parse(searchResponseJson(full));
    expect(Object.keys(json.facets)).toEqual(['cuisine', 'servings']);
    expect(Object.keys(json.facets.cuisine)).toEqual(['type', 'facetValues']);
    expect(Object.keys(json.facets.cuisine.facetValues[0])).toEqual(['name', 'count', 'value']);
  });
});

describe('durations and hrefs', () => {
  test.for([
    { ms: 2.113, duration: 'PT0.002113S' },
    { ms: 0.412, duration: 'PT0.000412S' },
    { ms: 0, duration: 'PT0S' },
    { ms: 0.0004, duration: 'PT0S' },
    { ms: -5, duration: 'PT0S' },
    { ms: Number.NaN, duration: 'PT0S' },
    { ms: 1000, duration: 'PT1S' },
    { ms: 1500, duration: 'PT1.5S' },
    { ms: 60000, duration: 'PT1M' },
    { ms: 65200, duration: 'PT1M5.2S' },
    { ms: 3_600_000, duration: 'PT1H' },
    { ms: 3_723_004.5, duration: 'PT1H2M3.0045S' },
  ])('$ms ms is $duration', ({ ms, duration }) => {
    expect(xsDuration(ms)).toBe(duration);
  });

  test.for([
    { name: 'slashes', uri: '/recipes/soup.json', encoded: '%2Frecipes%2Fsoup.json' },
    { name: 'unreserved characters stay', uri: 'aZ09-_.~', encoded: 'aZ09-_.~' },
    { name: "what encodeURIComponent leaves: ! ' ( ) *", uri: "!'()*", encoded: '%21%27%28%29%2A' },
    { name: 'space, quote, ampersand, angle brackets, hash, plus, question mark', uri: ' "&<>#+?=', encoded: '%20%22%26%3C%3E%23%2B%3F%3D' },
    { name: 'non-ASCII as UTF-8', uri: 'é/日本', encoded: '%C3%A9%2F%E6%97%A5%E6%9C%AC' },
    { name: 'astral characters', uri: '😀', encoded: '%F0%9F%98%80' },
    { name: 'a lone surrogate (no UTF-8 form) as U+FFFD', uri: 'a\ud800b', encoded: 'a%EF%BF%BDb' },
  ])('encode-for-uri: $name', ({ uri, encoded }) => {
    expect(encodeForUri(uri)).toBe(encoded);
  });

  test('href: the documents endpoint with the URI encoded, and the database when given', () => {
    expect(resultHref('/a b.json')).toBe('/v1/documents?uri=%2Fa%20b.json');
    expect(resultHref('/a.json', 'Documents')).toBe('/v1/documents?uri=%2Fa.json&database=Documents');
  });
});

describe('the XML search response (MarkLogic’s REST API reference, /v1/search)', () => {
  const xmlOf = (r: SearchResponse, opts = {}) => parse(searchResponseXml(r, opts)).documentElement!;

  test('search:response in the search namespace, with its attributes', () => {
    const text = searchResponseXml(full);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<search:response ')).toBe(true);
    const root = xmlOf(full);
    expect(root.namespaceURI).toBe(SEARCH_NS);
    expect(root.localName).toBe('response');
    expect(attributesOf(root)).toEqual({ 'snippet-format': 'snippet', total: '2', start: '1', 'page-length': '10', 'xmlns:search': SEARCH_NS });
  });

  test('children in search.xsd order: results, facets, qtext, query, metrics', () => {
    const root = xmlOf({ ...full, qtext: ['a', 'b'], query: { kind: 'word', text: ['soup'], options: {} } });
    expect(childNames(root)).toEqual(['search:result', 'search:result', 'search:facet', 'search:facet', 'search:qtext', 'search:qtext', 'search:query', 'search:metrics']);
  });

  test('a result: its attributes, then its snippet with matches and highlights', () => {
    const result = children(xmlOf(full))[0];
    expect(attributesOf(result)).toEqual({
      index: '1',
      uri: '/recipes/soup.json',
      path: 'fn:doc("/recipes/soup.json")',
      score: '43008',
      confidence: '0.6123724',
      fitness: '0.7745967',
      href: '/v1/documents?uri=%2Frecipes%2Fsoup.json',
      mimetype: 'application/json',
      format: 'json',
    });
    const [snippet] = children(result);
    expect(snippet.nodeName).toBe('search:snippet');
    const [match] = children(snippet);
    expect(match.getAttribute('path')).toBe('fn:doc("/recipes/soup.json")/text("title")');
    expect(match.textContent).toBe('Tomato soup with basil');
    expect(childNames(match)).toEqual(['search:highlight']);
    expect(children(match)[0].textContent).toBe('soup');
    expect(searchResponseXml(full)).toContain('<search:match path="fn:doc(&quot;/recipes/soup.json&quot;)/text(&quot;title&quot;)">Tomato <search:highlight>soup</search:highlight> with basil</search:match>');
  });

  test.for([
    { name: 'empty-snippet: no snippet element', matches: null, children: [] },
    { name: 'a snippet without matches: an empty snippet', matches: [], children: ['search:snippet'] },
  ])('$name', ({ matches, children: expected }) => {
    const result = children(xmlOf({ ...full, results: [{ ...soup, matches }] }))[0];
    expect(childNames(result)).toEqual(expected);
  });

  test('raw XML content is embedded as markup, without declaration or doctype, in no namespace', () => {
    const content = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE recipe>\n<!--c--><recipe xmlns:x="urn:x"><x:notes a="&quot;">thick &amp; rich</x:notes><plain/></recipe>';
    const root = xmlOf({ ...full, snippetFormat: 'raw', results: [{ ...stew, matches: undefined, content }] });
    const result = children(root)[0];
    expect(childNames(result)).toEqual(['recipe']);
    const recipe = children(result)[0];
    expect(recipe.namespaceURI).toBeNull();
    const notes = children(recipe)[0];
    expect(notes.namespaceURI).toBe('urn:x');
    expect(notes.getAttribute('a')).toBe('"');
    expect(notes.textContent).toBe('thick & rich');
    expect(children(recipe)[1].namespaceURI).toBeNull();
    expect(Array.from(result.childNodes).some((n) => n.nodeType === n.COMMENT_NODE)).toBe(true);
  });

  test.for([
    { name: 'raw JSON content is text', result: { ...soup, matches: undefined, content: { a: '<b>&' } }, text: '{"a":"<b>&"}' },
    { name: 'raw text content is text', result: { ...soup, format: 'text' as const, matches: undefined, content: 'x < y & "z"' }, text: 'x < y & "z"' },
  ])('$name', ({ result, text }) => {
    const r = children(xmlOf({ ...full, snippetFormat: 'raw', results: [result] }))[0];
    expect(childNames(r)).toEqual([]);
    expect(r.textContent).toBe(text);
  });

  test('extracted XML is embedded as elements; extracted JSON is text; nothing extracted is extracted-none', () => {
    const root = xmlOf({
      ...full,
      results: [
        { ...stew, matches: undefined, extracted: { kind: 'element', content: ['<title>A &amp; B</title>', '<x:t xmlns:x="urn:x"/>', 'just text <'] } },
        { ...soup, matches: undefined, extracted: { kind: 'array', content: [{ title: 'x' }] } },
        { ...soup, matches: undefined, extractedNone: true },
      ],
    });
    const [xml, json, none] = children(root).map((r) => children(r)[0]);
    expect(xml.nodeName).toBe('search:extracted');
    expect(xml.getAttribute('kind')).toBe('element');
    expect(childNames(xml)).toEqual(['title', 'x:t']);
    expect(children(xml)[0].textContent).toBe('A & B');
    expect(children(xml)[1].namespaceURI).toBe('urn:x');
    expect(xml.textContent).toBe('A & Bjust text <');
    expect(json.getAttribute('kind')).toBe('array');
    expect(JSON.parse(json.textContent!)).toEqual([{ title: 'x' }]);
    expect(none.nodeName).toBe('search:extracted-none');
  });

  test('facets: name and type, facet values with name and count, the value as text', () => {
    const [cuisine, servings] = children(xmlOf(full)).filter((e) => e.localName === 'facet');
    expect(attributesOf(cuisine)).toEqual({ name: 'cuisine', type: 'xs:string' });
    expect(children(cuisine).map((v) => [attributesOf(v), v.textContent])).toEqual([
      [{ name: 'french', count: '1' }, 'french'],
      [{ name: 'italian', count: '1' }, 'italian'],
    ]);
    expect(children(servings).map((v) => [attributesOf(v), v.textContent])).toEqual([[{ name: '4', count: '2' }, '4']]);
  });

  test.for([
    { name: 'qtext strings, one element each', qtext: ['a', 'b c'], texts: ['a', 'b c'] },
    { name: 'no query text: one empty qtext', qtext: [], texts: [''] },
  ])('$name', ({ qtext, texts }) => {
    const q = children(xmlOf({ ...full, qtext })).filter((e) => e.localName === 'qtext');
    expect(q.map((e) => e.textContent)).toEqual(texts);
  });

  test('the query is the structured query, inside search:query', () => {
    const root = xmlOf({ ...full, query: { kind: 'and', queries: [{ kind: 'word', text: ['soup'], options: {} }, { kind: 'collection', uris: ['c'] }] } });
    const query = children(root).find((e) => e.localName === 'query')!;
    expect(childNames(query)).toEqual(['search:term-query', 'search:collection-query']);
    for (const e of Array.from(query.getElementsByTagName('*'))) expect(e.namespaceURI).toBe(SEARCH_NS);
  });

  test('metrics as xs:duration elements, only those measured', () => {
    const metrics = children(xmlOf({ ...full, metrics: { queryResolutionMs: 2.113, snippetResolutionMs: 1, totalMs: 6.021 } })).find((e) => e.localName === 'metrics')!;
    expect(children(metrics).map((e) => [e.nodeName, e.textContent])).toEqual([
      ['search:query-resolution-time', 'PT0.002113S'],
      ['search:snippet-resolution-time', 'PT0.001S'],
      ['search:total-time', 'PT0.006021S'],
    ]);
  });

  test('nothing but the attributes when results, facets, qtext, query and metrics are all left out', () => {
    const root = xmlOf({ snippetFormat: 'snippet', total: 0, start: 1, pageLength: 10 });
    expect(childNames(root)).toEqual([]);
  });

  test('href carries the database parameter, escaped in the attribute', () => {
    const text = searchResponseXml(full, { database: 'Docs' });
    expect(text).toContain('href="/v1/documents?uri=%2Frecipes%2Fsoup.json&amp;database=Docs"');
    expect(children(parse(text).documentElement!)[0].getAttribute('href')).toBe('/v1/documents?uri=%2Frecipes%2Fsoup.json&database=Docs');
  });
});

describe('escaping in both forms', () => {
  const tricky = `/a "b" & <c> 'd' — ünï 😀.json`;
  const result: SearchResult = {
    ...soup,
    uri: tricky,
    path: `fn:doc(${JSON.stringify(tricky)})`,
    matches: [{ path: `fn:doc(${JSON.stringify(tricky)})/text("t")`, text: [`<i>"x"</i> & `, { highlight: `<&>"'` }] }],
  };
  const response: SearchResponse = {
    ...full,
    results: [result],
    facets: { [`f<"&>`]: { type: 'xs:string', values: [{ name: `n<"&>`, count: 1, value: `v<"&>` }] } },
    qtext: [`q<"&> é`],
  };

  test('XML keeps every value intact through a parser', () => {
    const text = searchResponseXml(response);
    const root = parse(text).documentElement!;
    const [r, facet, qtext] = children(root);
    expect(r.getAttribute('uri')).toBe(tricky);
    expect(r.getAttribute('path')).toBe(result.path);
    expect(r.getAttribute('href')).toBe(`/v1/documents?uri=${encodeForUri(tricky)}`);
    const match = children(children(r)[0])[0];
    expect(match.getAttribute('path')).toBe(result.matches![0].path);
    expect(match.textContent).toBe(`<i>"x"</i> & <&>"'`);
    expect(children(match)[0].textContent).toBe(`<&>"'`);
    expect(facet.getAttribute('name')).toBe(`f<"&>`);
    expect(children(facet)[0].getAttribute('name')).toBe(`n<"&>`);
    expect(children(facet)[0].textContent).toBe(`v<"&>`);
    expect(qtext.textContent).toBe(`q<"&> é`);
    expect(text).not.toContain('<i>');
  });

  test('JSON keeps every value intact', () => {
    const json = JSON.parse(searchResponseJson(response));
    expect(json.results[0].uri).toBe(tricky);
    expect(json.results[0].href).toBe('/v1/documents?uri=%2Fa%20%22b%22%20%26%20%3Cc%3E%20%27d%27%20%E2%80%94%20%C3%BCn%C3%AF%20%F0%9F%98%80.json');
    expect(json.results[0].matches[0]['match-text']).toEqual([`<i>"x"</i> & `, { highlight: `<&>"'` }]);
    expect(json.facets[`f<"&>`].facetValues[0]).toEqual({ name: `n<"&>`, count: 1, value: `v<"&>` });
    expect(json.qtext).toBe(`q<"&> é`);
  });

  test('a character XML cannot carry: shown as U+FFFD in a snippet, refused (406) in document data', () => {
    const bell = { ...soup, matches: [{ path: 'p', text: ['ding\u0007', { highlight: '\u0007' }] }] };
    const match = children(children(children(parse(searchResponseXml({ ...full, results: [bell] })).documentElement!)[0])[0])[0];
    expect(match.textContent).toBe('ding\ufffd\ufffd');
    const text: SearchResult = { ...soup, format: 'text', matches: undefined, content: 'ding\u0007' };
    const e = failure(() => searchResponseXml({ ...full, results: [text] }));
    expect(e.code).toBe('REST-UNACCEPTABLETYPE');
    expect(e.status).toBe(406);
    expect(JSON.parse(searchResponseJson({ ...full, results: [text] })).results[0].content).toBe('ding\u0007');
    // JSON documents reach XML as JSON text, where the character is an escape sequence.
    const json = children(parse(searchResponseXml({ ...full, results: [{ ...soup, matches: undefined, content: { a: '\u0007' } }] })).documentElement!)[0];
    expect(JSON.parse(json.textContent!)).toEqual({ a: '\u0007' });
  });
});
