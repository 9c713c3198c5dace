import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import type { Query, Scope } from '../../db/search';
import { combinedQueryJson, combinedQueryXml, queryToJson, queryToXml, queryXmlContent, termOptionList } from './query-serializer';
import { SEARCH_NS } from '../../db/xml';

const NS = `xmlns:search="${SEARCH_NS}"`;

const term = (text: string): Query => ({ kind: 'word', text: [text], options: {} });
const title: Scope = { kind: 'json-property', name: 'title' };
const price: Scope = { kind: 'json-property', name: 'price' };
const item: Scope = { kind: 'element', name: 'item', ns: 'urn:x' };
const itemPrice: Scope = { kind: 'element-attribute', element: { name: 'item', ns: 'urn:x' }, attribute: { name: 'price', ns: '' } };

/** Namespace-aware parse that fails the test on any well-formedness complaint. */
function parse(text: string) {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(text, 'application/xml');
}

// Each kind of the model, with the JSON and XML MarkLogic’s Search Developer’s Guide, structured queries and search.xsd give it.
const kinds: Array<{ name: string; query: Query; json: unknown; xml: string }> = [
  { name: 'true', query: { kind: 'true' }, json: { 'true-query': null }, xml: `<search:true-query ${NS}/>` },
  { name: 'false', query: { kind: 'false' }, json: { 'false-query': null }, xml: `<search:false-query ${NS}/>` },
  {
    name: 'and',
    query: { kind: 'and', queries: [term('a'), term('b')] },
    json: { 'and-query': { queries: [{ 'term-query': { text: ['a'] } }, { 'term-query': { text: ['b'] } }] } },
    xml: `<search:and-query ${NS}><search:term-query><search:text>a</search:text></search:term-query><search:term-query><search:text>b</search:text></search:term-query></search:and-query>`,
  },
  {
    name: 'ordered and',
    query: { kind: 'and', queries: [term('a')], ordered: true },
    json: { 'and-query': { queries: [{ 'term-query': { text: ['a'] } }], ordered: true } },
    xml: `<search:and-query ${NS}><search:term-query><search:text>a</search:text></search:term-query><search:ordered>true</search:ordered></search:and-query>`,
  },
  {
    name: 'or',
    query: { kind: 'or', queries: [term('a'), term('b')] },
    json: { 'or-query': { queries: [{ 'term-query': { text: ['a'] } }, { 'term-query': { text: ['b'] } }] } },
    xml: `<search:or-query ${NS}><search:term-query><search:text>a</search:text></search:term-query><search:term-query><search:text>b</search:text></search:term-query></search:or-query>`,
  },
  {
    name: 'not',
    query: { kind: 'not', query: term('a') },
    json: { 'not-query': { 'term-query': { text: ['a'] } } },
    xml: `<search:not-query ${NS}><search:term-query><search:text>a</search:text></search:term-query></search:not-query>`,
  },
  {
    name: 'and-not',
    query: { kind: 'and-not', positive: term('a'), negative: term('b') },
    json: { 'and-not-query': { 'positive-query': { 'term-query': { text: ['a'] } }, 'negative-query': { 'term-query': { text: ['b'] } } } },
    xml:
      `<search:and-not-query ${NS}><search:positive-query><search:term-query><search:text>a</search:text></search:term-query></search:positive-query>` +
      `<search:negative-query><search:term-query><search:text>b</search:text></search:term-query></search:negative-query></search:and-not-query>`,
  },
  {
    name: 'not-in',
    query: { kind: 'not-in', positive: term('a'), negative: term('b') },
    json: { 'not-in-query': { 'positive-query': { 'term-query': { text: ['a'] } }, 'negative-query': { 'term-query': { text: ['b'] } } } },
    xml:
      `<search:not-in-query ${NS}><search:positive-query><search:term-query><search:text>a</search:text></search:term-query></search:positive-query>` +
      `<search:negative-query><search:term-query><search:text>b</search:text></search:term-query></search:negative-query></search:not-in-query>`,
  },
  {
    name: 'boost',
    query: { kind: 'boost', matching: term('a'), boosting: term('b') },
    json: { 'boost-query': { 'matching-query': { 'term-query': { text: ['a'] } }, 'boosting-query': { 'term-query': { text: ['b'] } } } },
    xml:
      `<search:boost-query ${NS}><search:matching-query><search:term-query><search:text>a</search:text></search:term-query></search:matching-query>` +
      `<search:boosting-query><search:term-query><search:text>b</search:text></search:term-query></search:boosting-query></search:boost-query>`,
  },
  {
    name: 'near with its default distance only',
    query: { kind: 'near', queries: [term('a'), term('b')], distance: 10 },
    json: { 'near-query': { queries: [{ 'term-query': { text: ['a'] } }, { 'term-query': { text: ['b'] } }], distance: 10 } },
    xml: `<search:near-query ${NS}><search:term-query><search:text>a</search:text></search:term-query><search:term-query><search:text>b</search:text></search:term-query><search:distance>10</search:distance></search:near-query>`,
  },
  {
    name: 'near with every setting (weight is the distance weight)',
    query: { kind: 'near', queries: [term('a')], distance: 3, minimumDistance: 1, ordered: true, weight: 2 },
    json: { 'near-query': { queries: [{ 'term-query': { text: ['a'] } }], distance: 3, 'minimum-distance': 1, 'distance-weight': 2, ordered: true } },
    xml:
      `<search:near-query ${NS}><search:term-query><search:text>a</search:text></search:term-query><search:ordered>true</search:ordered>` +
      `<search:distance>3</search:distance><search:minimum-distance>1</search:minimum-distance><search:distance-weight>2</search:distance-weight></search:near-query>`,
  },
  {
    name: 'word without a scope is a term query',
    query: { kind: 'word', text: ['soup', 'stew'], options: { caseSensitive: true }, weight: 2 },
    json: { 'term-query': { text: ['soup', 'stew'], 'term-option': ['case-sensitive'], weight: 2 } },
    xml: `<search:term-query ${NS}><search:text>soup</search:text><search:text>stew</search:text><search:term-option>case-sensitive</search:term-option><search:weight>2</search:weight></search:term-query>`,
  },
  {
    name: 'word in a JSON property',
    query: { kind: 'word', text: ['tomato soup'], scope: title, options: { stemmed: true } },
    json: { 'word-query': { 'json-property': 'title', text: ['tomato soup'], 'term-option': ['stemmed'] } },
    xml: `<search:word-query ${NS}><search:json-property>title</search:json-property><search:text>tomato soup</search:text><search:term-option>stemmed</search:term-option></search:word-query>`,
  },
  {
    name: 'word in an XML element',
    query: { kind: 'word', text: ['x'], scope: item, options: {} },
    json: { 'word-query': { element: { name: 'item', ns: 'urn:x' }, text: ['x'] } },
    xml: `<search:word-query ${NS}><search:element name="item" ns="urn:x"/><search:text>x</search:text></search:word-query>`,
  },
  {
    name: 'word in an XML attribute',
    query: { kind: 'word', text: ['x'], scope: itemPrice, options: {} },
    json: { 'word-query': { element: { name: 'item', ns: 'urn:x' }, attribute: { name: 'price', ns: '' }, text: ['x'] } },
    xml: `<search:word-query ${NS}><search:element name="item" ns="urn:x"/><search:attribute name="price" ns=""/><search:text>x</search:text></search:word-query>`,
  },
  {
    name: 'string value in a JSON property',
    query: { kind: 'value', values: ['active'], scope: { kind: 'json-property', name: 'status' }, options: {} },
    json: { 'value-query': { 'json-property': 'status', type: 'string', text: ['active'] } },
    xml: `<search:value-query ${NS} type="string"><search:json-property>status</search:json-property><search:text>active</search:text></search:value-query>`,
  },
  {
    name: 'number values',
    query: { kind: 'value', values: [4, 2.5], scope: price, options: {}, weight: 3 },
    json: { 'value-query': { 'json-property': 'price', type: 'number', text: [4, 2.5], weight: 3 } },
    xml: `<search:value-query ${NS} type="number"><search:json-property>price</search:json-property><search:text>4</search:text><search:text>2.5</search:text><search:weight>3</search:weight></search:value-query>`,
  },
  {
    name: 'boolean value',
    query: { kind: 'value', values: [false], scope: title, options: {} },
    json: { 'value-query': { 'json-property': 'title', type: 'boolean', text: [false] } },
    xml: `<search:value-query ${NS} type="boolean"><search:json-property>title</search:json-property><search:text>false</search:text></search:value-query>`,
  },
  {
    name: 'null value',
    query: { kind: 'value', values: [null], scope: title, options: {} },
    json: { 'value-query': { 'json-property': 'title', type: 'null', text: [null] } },
    xml: `<search:value-query ${NS} type="null"><search:json-property>title</search:json-property><search:text/></search:value-query>`,
  },
  {
    name: 'values of several types: one value query per type, ORed',
    query: { kind: 'value', values: ['1', 1, '2'], scope: title, options: { exact: true } },
    json: {
      'or-query': {
        queries: [
          { 'value-query': { 'json-property': 'title', type: 'string', text: ['1', '2'], 'term-option': ['exact'] } },
          { 'value-query': { 'json-property': 'title', type: 'number', text: [1], 'term-option': ['exact'] } },
        ],
      },
    },
    xml:
      `<search:or-query ${NS}><search:value-query type="string"><search:json-property>title</search:json-property><search:text>1</search:text><search:text>2</search:text><search:term-option>exact</search:term-option></search:value-query>` +
      `<search:value-query type="number"><search:json-property>title</search:json-property><search:text>1</search:text><search:term-option>exact</search:term-option></search:value-query></search:or-query>`,
  },
  {
    name: 'string value in an XML element (XML values are text: no type)',
    query: { kind: 'value', values: ['a'], scope: item, options: {} },
    json: { 'value-query': { element: { name: 'item', ns: 'urn:x' }, text: ['a'] } },
    xml: `<search:value-query ${NS}><search:element name="item" ns="urn:x"/><search:text>a</search:text></search:value-query>`,
  },
  {
    name: 'range on a JSON property',
    query: { kind: 'range', index: { scope: price, type: 'decimal' }, operator: 'GE', values: ['10', '20'] },
    json: { 'range-query': { 'json-property': 'price', type: 'xs:decimal', value: ['10', '20'], 'range-operator': 'GE' } },
    xml: `<search:range-query ${NS} type="xs:decimal"><search:json-property>price</search:json-property><search:value>10</search:value><search:value>20</search:value><search:range-operator>GE</search:range-operator></search:range-query>`,
  },
  {
    name: 'range on an attribute with a collation and a weight',
    query: { kind: 'range', index: { scope: itemPrice, type: 'string', collation: 'http://marklogic.com/collation/codepoint' }, operator: 'NE', values: ['x'], weight: 2 },
    json: {
      'range-query': {
        element: { name: 'item', ns: 'urn:x' },
        attribute: { name: 'price', ns: '' },
        type: 'xs:string',
        collation: 'http://marklogic.com/collation/codepoint',
        value: ['x'],
        'range-operator': 'NE',
        weight: 2,
      },
    },
    xml:
      `<search:range-query ${NS} type="xs:string" collation="http://marklogic.com/collation/codepoint"><search:element name="item" ns="urn:x"/><search:attribute name="price" ns=""/>` +
      `<search:value>x</search:value><search:range-operator>NE</search:range-operator><search:weight>2</search:weight></search:range-query>`,
  },
  {
    name: 'collection',
    query: { kind: 'collection', uris: ['orders', 'archive'] },
    json: { 'collection-query': { uri: ['orders', 'archive'] } },
    xml: `<search:collection-query ${NS}><search:uri>orders</search:uri><search:uri>archive</search:uri></search:collection-query>`,
  },
  {
    name: 'directory, one level',
    query: { kind: 'directory', uris: ['/orders/'], infinite: false },
    json: { 'directory-query': { uri: ['/orders/'], infinite: false } },
    xml: `<search:directory-query ${NS}><search:uri>/orders/</search:uri><search:infinite>false</search:infinite></search:directory-query>`,
  },
  {
    name: 'directory, any depth',
    query: { kind: 'directory', uris: ['/a/', '/b/'], infinite: true },
    json: { 'directory-query': { uri: ['/a/', '/b/'], infinite: true } },
    xml: `<search:directory-query ${NS}><search:uri>/a/</search:uri><search:uri>/b/</search:uri><search:infinite>true</search:infinite></search:directory-query>`,
  },
  {
    name: 'document',
    query: { kind: 'document', uris: ['/a.json'] },
    json: { 'document-query': { uri: ['/a.json'] } },
    xml: `<search:document-query ${NS}><search:uri>/a.json</search:uri></search:document-query>`,
  },
  {
    name: 'container on a JSON property (the inner query is a sibling key)',
    query: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: { kind: 'word', text: ['paris'], scope: { kind: 'json-property', name: 'city' }, options: {} } },
    json: { 'container-query': { 'json-property': 'address', 'word-query': { 'json-property': 'city', text: ['paris'] } } },
    xml: `<search:container-query ${NS}><search:json-property>address</search:json-property><search:word-query><search:json-property>city</search:json-property><search:text>paris</search:text></search:word-query></search:container-query>`,
  },
  {
    name: 'container on an XML element',
    query: { kind: 'container', scope: item, query: term('x') },
    json: { 'container-query': { element: { name: 'item', ns: 'urn:x' }, 'term-query': { text: ['x'] } } },
    xml: `<search:container-query ${NS}><search:element name="item" ns="urn:x"/><search:term-query><search:text>x</search:text></search:term-query></search:container-query>`,
  },
  {
    name: 'properties',
    query: { kind: 'properties', query: term('draft') },
    json: { 'properties-fragment-query': { 'term-query': { text: ['draft'] } } },
    xml: `<search:properties-fragment-query ${NS}><search:term-query><search:text>draft</search:text></search:term-query></search:properties-fragment-query>`,
  },
];

describe('each query kind written as a structured query (MarkLogic’s Search Developer’s Guide, structured queries)', () => {
  test.for(kinds)('$name: JSON', ({ query, json }) => {
    expect(queryToJson(query, { wrapper: false })).toEqual(json);
  });

  test.for(kinds)('$name: XML', ({ query, xml }) => {
    expect(queryToXml(query, { wrapper: false })).toBe(xml);
  });

  test.for(kinds)('$name: the XML is well-formed and every element is in the search namespace', ({ query }) => {
    const doc = parse(queryToXml(query));
    const elements = Array.from(doc.getElementsByTagName('*'));
    expect(elements.length).toBeGreaterThan(1);
    for (const e of elements) expect(e.namespaceURI).toBe(SEARCH_NS);
    expect(doc.documentElement!.localName).toBe('query');
  });

  test('JSON keys come in the order MarkLogic’s documentation lists them', () => {
    const range = queryToJson({ kind: 'range', index: { scope: price, type: 'int', collation: 'c' }, operator: 'LT', values: ['1'], weight: 1 }, { wrapper: false });
    expect(Object.keys(range['range-query'] as object)).toEqual(['json-property', 'type', 'collation', 'value', 'range-operator', 'weight']);
    const near = queryToJson({ kind: 'near', queries: [], distance: 1, minimumDistance: 0, ordered: false, weight: 1 }, { wrapper: false });
    expect(Object.keys(near['near-query'] as object)).toEqual(['queries', 'distance', 'minimum-distance', 'distance-weight', 'ordered']);
  });

  test('JSON output survives a JSON round trip unchanged (no undefined members, no non-JSON values)', () => {
    for (const { query } of kinds) {
      const json = queryToJson(query);
      expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    }
  });
});

describe('the structured-query wrapper', () => {
  test.for([
    { name: 'a single query is the one item of the list', query: term('a'), queries: [{ 'term-query': { text: ['a'] } }] },
    {
      name: 'an unordered and-query unfolds into the list (the list is ANDed)',
      query: { kind: 'and', queries: [term('a'), term('b')] } as Query,
      queries: [{ 'term-query': { text: ['a'] } }, { 'term-query': { text: ['b'] } }],
    },
    {
      name: 'an ordered and-query stays whole: the list has no order',
      query: { kind: 'and', queries: [term('a'), term('b')], ordered: true } as Query,
      queries: [{ 'and-query': { queries: [{ 'term-query': { text: ['a'] } }, { 'term-query': { text: ['b'] } }], ordered: true } }],
    },
    { name: 'an empty and-query stays whole', query: { kind: 'and', queries: [] } as Query, queries: [{ 'and-query': { queries: [] } }] },
    { name: 'match-all is an explicit true-query', query: { kind: 'true' } as Query, queries: [{ 'true-query': null }] },
  ])('$name', ({ query, queries }) => {
    expect(queryToJson(query)).toEqual({ query: { queries } });
  });

  test('the XML wrapper is <search:query> declaring the search namespace once', () => {
    const q: Query = { kind: 'and', queries: [term('a'), { kind: 'collection', uris: ['c'] }] };
    expect(queryToXml(q)).toBe(
      `<search:query ${NS}><search:term-query><search:text>a</search:text></search:term-query><search:collection-query><search:uri>c</search:uri></search:collection-query></search:query>`,
    );
    expect(queryXmlContent(q)).toBe('<search:term-query><search:text>a</search:text></search:term-query><search:collection-query><search:uri>c</search:uri></search:collection-query>');
  });

  test('QBE view=structured: the query as a combined query, JSON and XML (MarkLogic’s REST API reference, /v1/qbe)', () => {
    const q: Query = { kind: 'value', values: ['true'], scope: { kind: 'element', name: 'favorited', ns: '' }, options: {} };
    expect(combinedQueryJson(q)).toEqual({ search: { query: { queries: [{ 'value-query': { element: { name: 'favorited', ns: '' }, text: ['true'] } }] } } });
    const xml = combinedQueryXml(q);
    expect(xml).toBe(
      `<search:search ${NS}><search:query><search:value-query><search:element name="favorited" ns=""/><search:text>true</search:text></search:value-query></search:query></search:search>`,
    );
    const doc = parse(xml);
    const value = doc.getElementsByTagNameNS(SEARCH_NS, 'value-query')[0];
    expect(value.parentNode!.nodeName).toBe('search:query');
    expect(doc.getElementsByTagNameNS(SEARCH_NS, 'element')[0].getAttribute('name')).toBe('favorited');
  });
});

describe('term options', () => {
  test.for([
    { name: 'defaults write nothing', options: {}, list: [] },
    { name: 'exact', options: { exact: true }, list: ['exact'] },
    { name: 'false is the -insensitive / un- form', options: { caseSensitive: false, diacriticSensitive: false, stemmed: false, wildcarded: false }, list: ['case-insensitive', 'diacritic-insensitive', 'unstemmed', 'unwildcarded'] },
    {
      name: 'every option, in a stable order',
      options: { lang: 'fr', wildcarded: true, stemmed: true, whitespaceSensitive: true, punctuationSensitive: true, diacriticSensitive: true, caseSensitive: true, exact: false },
      list: ['case-sensitive', 'diacritic-sensitive', 'punctuation-sensitive', 'whitespace-sensitive', 'stemmed', 'wildcarded', 'lang=fr'],
    },
  ])('$name', ({ options, list }) => {
    expect(termOptionList(options)).toEqual(list);
  });
});

describe('escaping', () => {
  const tricky = `say "hi" & <b>'x'</b> — ünïcødé 😀`;

  test('texts, names and attribute values keep every character through XML', () => {
    const q: Query = {
      kind: 'and',
      queries: [
        { kind: 'word', text: [tricky], scope: { kind: 'json-property', name: tricky }, options: {} },
        { kind: 'range', index: { scope: { kind: 'element', name: 'e', ns: `urn:"a"&<b>` }, type: 'string', collation: `http://x/?a="1"&b` }, operator: 'EQ', values: [tricky] },
        { kind: 'collection', uris: [tricky] },
      ],
    };
    const xml = queryToXml(q);
    const doc = parse(xml);
    const texts = (name: string) => Array.from(doc.getElementsByTagNameNS(SEARCH_NS, name), (e) => e.textContent);
    expect(texts('text')).toEqual([tricky]);
    expect(texts('json-property')).toEqual([tricky]);
    expect(texts('value')).toEqual([tricky]);
    expect(texts('uri')).toEqual([tricky]);
    expect(doc.getElementsByTagNameNS(SEARCH_NS, 'element')[0].getAttribute('ns')).toBe(`urn:"a"&<b>`);
    expect(doc.getElementsByTagNameNS(SEARCH_NS, 'range-query')[0].getAttribute('collation')).toBe(`http://x/?a="1"&b`);
    expect(xml).not.toContain('<b>');
  });

  test('JSON carries the same texts unchanged', () => {
    const json = JSON.stringify(queryToJson({ kind: 'word', text: [tricky], scope: { kind: 'json-property', name: tricky }, options: {} }));
    expect(JSON.parse(json)).toEqual({ query: { queries: [{ 'word-query': { 'json-property': tricky, text: [tricky] } }] } });
  });

  test('a character XML cannot carry is refused with 406, not altered', () => {
    const e = failure(() => queryToXml(term('bell\u0007')));
    expect(e.code).toBe('REST-UNACCEPTABLETYPE');
    expect(e.status).toBe(406);
  });
});
