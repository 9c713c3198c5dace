import { describe, expect, test } from 'vitest';
import type { Element, Node } from '@xmldom/xmldom';
import { DbError } from '../errors';
import { parseXml } from '../xml/parse';
import { normalizeOptions, optionsFromElement, optionsFromXml, optionsToXml, parseOptionsBody } from './convert';
import { SEARCH_NS } from '../xml/namespaces';
import type { QueryOptions } from './types';

const S = SEARCH_NS;
const CTS = 'http://marklogic.com/cts';

/** An XML tree as comparable data: names with namespaces, attributes sorted, layout whitespace dropped. */
function canonical(xml: string): unknown {
  const walk = (n: Node): unknown => {
    if (n.nodeType !== n.ELEMENT_NODE) return n.nodeValue;
    const el = n as Element;
    const attributes = Array.from(el.attributes)
      .filter((a) => a.namespaceURI !== 'http://www.w3.org/2000/xmlns/')
      .map((a) => `${a.namespaceURI ?? ''} ${a.localName}=${a.value}`)
      .sort();
    const children = Array.from(el.childNodes)
      .filter((c) => c.nodeType === c.ELEMENT_NODE || (c.nodeType === c.TEXT_NODE && (c.nodeValue ?? '').trim() !== ''))
      .map(walk);
    return { name: `{${el.namespaceURI ?? ''}}${el.localName}`, attributes, children };
  };
  return walk(parseXml(xml).documentElement as Element);
}

function rejection(f: () => unknown): DbError {
  try {
    f();
  } catch (e) {
    if (e instanceof DbError) return e;
    throw e;
  }
  throw new Error('expected a DbError');
}

/** The options example of MarkLogic’s Search Developer’s Guide, query options reference, verbatim. */
const referenceExample = {
  'search-option': ['unfiltered', 'score-logtfidf'],
  'quality-weight': 0,
  'page-length': 20,
  'fragment-scope': 'documents',
  'return-results': true,
  'return-facets': true,
  'return-metrics': false,
  'return-qtext': true,
  'return-query': false,
  debug: false,
  'additional-query': ['<cts:collection-query xmlns:cts="http://marklogic.com/cts"><cts:uri>published</cts:uri></cts:collection-query>'],
  term: { apply: 'term', empty: { apply: 'all-results' }, 'term-option': ['case-insensitive', 'punctuation-insensitive'], default: { ref: 'title' } },
  grammar: {
    quotation: '"',
    implicit: '<cts:and-query strength="20" xmlns:cts="http://marklogic.com/cts"/>',
    starter: [
      { strength: 30, apply: 'grouping', delimiter: ')', label: '(' },
      { strength: 40, apply: 'prefix', 'cts-element': 'cts:not-query', label: '-' },
    ],
    joiner: [
      { strength: 10, apply: 'infix', 'cts-element': 'cts:or-query', tokenize: 'word', label: 'OR' },
      { strength: 20, apply: 'infix', 'cts-element': 'cts:and-query', tokenize: 'word', label: 'AND' },
      { strength: 50, apply: 'constraint', label: ':' },
      { strength: 50, apply: 'constraint', compare: 'GT', tokenize: 'word', label: 'GT' },
    ],
  },
  constraint: [
    { name: 'genre', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/', 'json-property': 'genre', facet: true, 'facet-option': ['frequency-order', 'descending', 'limit=10'] } },
    {
      name: 'price',
      range: {
        type: 'xs:decimal',
        'json-property': 'price',
        facet: true,
        bucket: [
          { name: 'cheap', lt: '10', label: 'Under 10' },
          { name: 'mid', ge: '10', lt: '50', label: '10 to 50' },
          { name: 'dear', ge: '50', label: '50 and up' },
        ],
      },
    },
    { name: 'added', range: { type: 'xs:dateTime', 'json-property': 'added', facet: true, 'computed-bucket': [{ name: 'today', ge: 'P0D', lt: 'P1D', anchor: 'start-of-day', label: 'Today' }] } },
    { name: 'title', word: { 'json-property': 'title', 'term-option': ['stemmed'] } },
    { name: 'id', value: { 'json-property': 'id', type: 'string' } },
    { name: 'coll', collection: { prefix: 'http://example.org/', facet: true } },
    { name: 'addr', container: { 'json-property': 'address' } },
    { name: 'prop', properties: null },
    { name: 'xtitle', word: { element: { ns: '', name: 'title' } } },
    { name: 'lang', range: { type: 'xs:string', element: { ns: '', name: 'doc' }, attribute: { ns: '', name: 'lang' } } },
    { name: 'total', range: { type: 'xs:decimal', 'path-index': { text: '/order/total' } } },
    { name: 'name', range: { type: 'xs:string', field: { name: 'fullName' } } },
  ],
  'sort-order': [
    { direction: 'descending', type: 'xs:dateTime', 'json-property': 'added' },
    { direction: 'descending', score: null },
  ],
  operator: [
    {
      name: 'sort',
      state: [
        { name: 'newest', 'sort-order': [{ direction: 'descending', type: 'xs:dateTime', 'json-property': 'added' }] },
        { name: 'relevance', 'sort-order': [{ direction: 'descending', score: null }] },
      ],
    },
  ],
  'transform-results': { apply: 'snippet', 'per-match-tokens': 30, 'max-matches': 4, 'max-snippet-chars': 200 },
  'extract-document-data': { selected: 'include', 'extract-path': ['/title', '/price'] },
  'extract-metadata': { 'json-property': ['title'], 'constraint-value': [{ ref: 'genre' }] },
  values: [
    { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' }, 'values-option': ['frequency-order'], aggregate: [{ apply: 'sum' }, { apply: 'avg' }] },
    { name: 'uris', uri: null },
    { name: 'colls', collection: null },
  ],
  tuples: [
    {
      name: 'genre-year',
      indexes: [{ range: { type: 'xs:string', 'json-property': 'genre', collation: 'http://marklogic.com/collation/' } }, { range: { type: 'xs:int', 'json-property': 'year' } }],
      'values-option': ['limit=100'],
    },
  ],
  'suggestion-source': [{ ref: 'genre', 'suggestion-option': ['limit=5'] }],
  'default-suggestion-source': { ref: 'title' },
};

describe('the example of MarkLogic’s Search Developer’s Guide, query options reference', () => {
  test('JSON is already in normal form, up to how its embedded queries are serialised', () => {
    const normal = normalizeOptions(referenceExample);
    const { grammar, 'additional-query': queries, ...rest } = normal;
    const { grammar: g0, 'additional-query': q0, ...rest0 } = referenceExample;
    expect(rest).toEqual(rest0);
    expect({ ...grammar, implicit: undefined }).toEqual({ ...g0, implicit: undefined });
    expect(canonical(grammar!.implicit!)).toEqual(canonical(g0.implicit));
    expect(queries!.map((q) => canonical(q as string))).toEqual(q0.map(canonical));
  });

  test('JSON → XML → JSON gives the same options', () => {
    const normal = normalizeOptions(referenceExample);
    expect(optionsFromXml(optionsToXml(normal))).toEqual(normal);
  });

  test('XML → JSON → XML gives the same XML', () => {
    const xml = optionsToXml(normalizeOptions(referenceExample));
    const again = optionsToXml(optionsFromXml(xml));
    expect(again).toBe(xml);
  });

  test('the XML spells the options as MarkLogic stores them', () => {
    const xml = optionsToXml(normalizeOptions(referenceExample));
    expect(xml).toMatch(/^<options xmlns="http:\/\/marklogic\.com\/appservices\/search"/);
    expect(xml).toContain('<bucket name="cheap" lt="10">Under 10</bucket>');
    expect(xml).toContain('<joiner strength="10" apply="infix" element="cts:or-query" tokenize="word">OR</joiner>');
    expect(xml).toContain('<sort-order direction="descending"><score/></sort-order>');
    expect(xml).toContain('<constraint name="prop"><properties/></constraint>');
    expect(xml).toContain('<range type="xs:decimal"><path-index>/order/total</path-index></range>');
    expect(xml).toContain('<tuples name="genre-year"><range type="xs:string" collation="http://marklogic.com/collation/"><json-property>genre</json-property></range><range type="xs:int">');
    expect(xml).toContain('<values name="uris"><uri/></values>');
    expect(xml).toContain('<page-length>20</page-length>');
    // QName-valued attributes need their prefixes bound for the document to mean anything.
    expect(xml).toContain(`xmlns:xs="http://www.w3.org/2001/XMLSchema"`);
    expect(xml).toContain(`xmlns:cts="${CTS}"`);
  });
});

/** One constraint of each kind: its JSON and the XML MarkLogic writes for it. */
const constraintKinds: Array<{ name: string; json: Record<string, unknown>; xml: string }> = [
  { name: 'collection with a prefix', json: { name: 'c', collection: { prefix: 'tag/', facet: false } }, xml: '<constraint name="c"><collection prefix="tag/" facet="false"/></constraint>' },
  {
    name: 'collection with facet options',
    json: { name: 'c', collection: { prefix: '', 'facet-option': ['frequency-order', 'descending'] } },
    xml: '<constraint name="c"><collection prefix=""><facet-option>frequency-order</facet-option><facet-option>descending</facet-option></collection></constraint>',
  },
  { name: 'value on a JSON property', json: { name: 'v', value: { 'json-property': 'id', type: 'number' } }, xml: '<constraint name="v"><value type="number"><json-property>id</json-property></value></constraint>' },
  {
    name: 'value on an XML element with options and a weight',
    json: { name: 'v', value: { element: { ns: 'urn:x', name: 'id' }, 'term-option': ['exact'], weight: 2.5 } },
    xml: '<constraint name="v"><value><element ns="urn:x" name="id"/><term-option>exact</term-option><weight>2.5</weight></value></constraint>',
  },
  { name: 'word on a JSON property', json: { name: 'w', word: { 'json-property': 'body', 'term-option': ['stemmed', 'case-insensitive'] } }, xml: '<constraint name="w"><word><json-property>body</json-property><term-option>stemmed</term-option><term-option>case-insensitive</term-option></word></constraint>' },
  { name: 'word on an element attribute', json: { name: 'w', word: { element: { ns: '', name: 'doc' }, attribute: { ns: '', name: 'title' } } }, xml: '<constraint name="w"><word><element ns="" name="doc"/><attribute ns="" name="title"/></word></constraint>' },
  {
    name: 'range with facet options',
    json: { name: 'r', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', 'json-property': 'genre', facet: true, 'facet-option': ['item-order', 'limit=5'] } },
    xml: '<constraint name="r"><range type="xs:string" collation="http://marklogic.com/collation/codepoint" facet="true"><json-property>genre</json-property><facet-option>item-order</facet-option><facet-option>limit=5</facet-option></range></constraint>',
  },
  {
    name: 'range with buckets',
    json: { name: 'r', range: { type: 'xs:int', element: { ns: '', name: 'year' }, bucket: [{ name: 'old', lt: '2000', label: 'Old' }, { name: 'new', ge: '2000', label: 'New' }] } },
    xml: '<constraint name="r"><range type="xs:int"><element ns="" name="year"/><bucket name="old" lt="2000">Old</bucket><bucket name="new" ge="2000">New</bucket></range></constraint>',
  },
  {
    name: 'range with computed buckets',
    json: { name: 'r', range: { type: 'xs:date', 'json-property': 'd', 'computed-bucket': [{ name: 'ytd', ge: 'P0D', anchor: 'start-of-year', label: 'This year' }] } },
    xml: '<constraint name="r"><range type="xs:date"><json-property>d</json-property><computed-bucket name="ytd" ge="P0D" anchor="start-of-year">This year</computed-bucket></range></constraint>',
  },
  { name: 'container on a JSON property', json: { name: 'k', container: { 'json-property': 'address' } }, xml: '<constraint name="k"><container><json-property>address</json-property></container></constraint>' },
  { name: 'container on an XML element', json: { name: 'k', container: { element: { ns: 'urn:a', name: 'address' } } }, xml: '<constraint name="k"><container><element ns="urn:a" name="address"/></container></constraint>' },
  { name: 'element-query', json: { name: 'e', 'element-query': { ns: '', name: 'chapter' } }, xml: '<constraint name="e"><element-query ns="" name="chapter"/></constraint>' },
  { name: 'properties on any property', json: { name: 'p', properties: null }, xml: '<constraint name="p"><properties/></constraint>' },
  { name: 'properties on one property', json: { name: 'p', properties: 'status' }, xml: '<constraint name="p"><properties>status</properties></constraint>' },
  {
    name: 'custom',
    json: { name: 'x', custom: { facet: false, parse: { apply: 'parse', ns: 'urn:lib', at: '/lib.xqy' } } },
    xml: '<constraint name="x"><custom facet="false"><parse apply="parse" ns="urn:lib" at="/lib.xqy"/></custom></constraint>',
  },
  {
    name: 'geospatial, kept as written',
    json: { name: 'g', 'geo-json-property-pair': { 'parent-property': 'loc', 'lat-property': 'lat', 'lon-property': 'lon', heatmap: { n: 10, s: -10, e: 20, w: -20, latdivs: 4, londivs: 4 } } },
    xml: '<constraint name="g"><geo-json-property-pair><parent-property>loc</parent-property><lat-property>lat</lat-property><lon-property>lon</lon-property><heatmap n="10" s="-10" e="20" w="-20" latdivs="4" londivs="4"/></geo-json-property-pair></constraint>',
  },
];

describe('constraint kinds', () => {
  test.for(constraintKinds)('$name: JSON → XML is the MarkLogic form', ({ json, xml }) => {
    const out = optionsToXml(normalizeOptions({ constraint: [json] }));
    expect(canonical(out)).toEqual(canonical(`<options xmlns="${S}" xmlns:xs="http://www.w3.org/2001/XMLSchema">${xml}</options>`));
  });

  test.for(constraintKinds)('$name: XML → JSON is the MarkLogic form', ({ json, xml }) => {
    expect(optionsFromXml(`<options xmlns="${S}">${xml}</options>`)).toEqual({ constraint: [json] });
  });

  test.for(constraintKinds)('$name: JSON → XML → JSON and XML → JSON → XML are identities', ({ json, xml }) => {
    const normal = normalizeOptions({ constraint: [json] });
    expect(optionsFromXml(optionsToXml(normal))).toEqual(normal);
    const original = `<options xmlns="${S}">${xml}</options>`;
    expect(canonical(optionsToXml(optionsFromXml(original)))).toEqual(canonical(original));
  });
});

describe('conversion rules (MarkLogic’s REST Application Developer’s Guide, query options in JSON and XML)', () => {
  test.for<{ name: string; json: Record<string, unknown>; normal: QueryOptions }>([
    { name: 'always-array names given once become arrays', json: { constraint: { name: 'c', collection: null }, 'search-option': 'filtered' }, normal: { constraint: [{ name: 'c', collection: null }], 'search-option': ['filtered'] } },
    { name: 'other names given as one-item arrays become scalars', json: { 'page-length': [5], term: [{ 'term-option': 'stemmed' }] }, normal: { 'page-length': 5, term: { 'term-option': ['stemmed'] } } },
    { name: 'numbers and booleans written as strings are typed', json: { 'page-length': '25', 'return-facets': 'false', debug: '1', 'quality-weight': '0.5' }, normal: { 'page-length': 25, 'return-facets': false, debug: true, 'quality-weight': 0.5 } },
    { name: 'untyped scalars are strings, as their XML text reads back', json: { constraint: [{ name: 'p', range: { type: 'xs:int', 'json-property': 'p', bucket: [{ name: 'low', lt: 10 }] } }] }, normal: { constraint: [{ name: 'p', range: { type: 'xs:int', 'json-property': 'p', bucket: [{ name: 'low', lt: '10', label: '' }] } }] } },
    { name: 'a labelled element always has its label', json: { grammar: { joiner: [{ strength: 10, apply: 'infix', 'cts-element': 'cts:or-query', label: 'OU' }] } }, normal: { grammar: { joiner: [{ strength: 10, apply: 'infix', 'cts-element': 'cts:or-query', label: 'OU' }] } } },
    { name: 'an empty object is an empty element: null', json: { constraint: [{ name: 'p', properties: {} }] }, normal: { constraint: [{ name: 'p', properties: null }] } },
    { name: 'empty arrays say nothing and are dropped', json: { 'search-option': [], constraint: [] }, normal: {} },
    { name: 'a path index given as a string is its text', json: { constraint: [{ name: 't', range: { type: 'xs:int', 'path-index': '/a/b' } }] }, normal: { constraint: [{ name: 't', range: { type: 'xs:int', 'path-index': { text: '/a/b' } } }] } },
    { name: 'an additional query given once is a list of one', json: { 'additional-query': `<cts:collection-query xmlns:cts="${CTS}"><cts:uri>a</cts:uri></cts:collection-query>` }, normal: { 'additional-query': [`<cts:collection-query xmlns:cts="${CTS}"><cts:uri>a</cts:uri></cts:collection-query>`] } },
    {
      name: 'tuples lexicons written as keys go under indexes',
      json: { tuples: [{ name: 't', range: [{ type: 'xs:int', 'json-property': 'a' }, { type: 'xs:int', 'json-property': 'b' }], 'values-option': 'limit=5' }] },
      normal: { tuples: [{ name: 't', 'values-option': ['limit=5'], indexes: [{ range: { type: 'xs:int', 'json-property': 'a' } }, { range: { type: 'xs:int', 'json-property': 'b' } }] }] },
    },
    { name: 'a values uri source is the null marker', json: { values: [{ name: 'u', uri: null }] }, normal: { values: [{ name: 'u', uri: null }] } },
    {
      name: 'values and tuples as the official client’s valuesBuilder sends them keep facet: false and their indexes',
      json: {
        values: [{ name: 'v', style: 'consistent', range: { 'json-property': 'tag', type: 'xs:string', facet: false }, aggregate: [{ apply: 'correlation' }], 'values-option': ['descending'] }],
        tuples: [{ name: 't', style: 'consistent', indexes: [{ range: { 'json-property': 'a', type: 'xs:int', facet: false } }, { range: { 'json-property': 'b', type: 'xs:int', facet: false } }] }],
      },
      normal: {
        values: [{ name: 'v', style: 'consistent', range: { 'json-property': 'tag', type: 'xs:string', facet: false }, aggregate: [{ apply: 'correlation' }], 'values-option': ['descending'] }],
        tuples: [{ name: 't', style: 'consistent', indexes: [{ range: { 'json-property': 'a', type: 'xs:int', facet: false } }, { range: { 'json-property': 'b', type: 'xs:int', facet: false } }] }],
      },
    },
    {
      name: 'tuples with a collection and a uri lexicon written as keys go under indexes, in the order written',
      json: { tuples: [{ name: 't', uri: null, collection: { prefix: 'c/' } }] },
      normal: { tuples: [{ name: 't', indexes: [{ uri: null }, { collection: { prefix: 'c/' } }] }] },
    },
    {
      name: 'preferred matches hold arrays of elements and properties',
      json: { 'transform-results': { apply: 'snippet', 'preferred-matches': { element: { ns: '', name: 'p' }, 'json-property': 'body' } } },
      normal: { 'transform-results': { apply: 'snippet', 'preferred-matches': { element: [{ ns: '', name: 'p' }], 'json-property': ['body'] } } },
    },
    { name: 'a forest id past 2^53 keeps its digits', json: { forest: ['18446744073709551615', 42] }, normal: { forest: ['18446744073709551615', 42] } },
  ])('$name', ({ json, normal }) => {
    expect(normalizeOptions(json)).toEqual(normal);
    expect(optionsFromXml(optionsToXml(normal))).toEqual(normal);
  });

  test('a structured additional query stays JSON, and is written in its XML form', () => {
    const normal = normalizeOptions({ 'additional-query': { query: { queries: [{ 'collection-query': { uri: ['a', 'b'] } }] } } });
    expect(normal).toEqual({ 'additional-query': [{ query: { queries: [{ 'collection-query': { uri: ['a', 'b'] } }] } }] });
    const xml = optionsToXml(normal);
    expect(canonical(xml)).toEqual(
      canonical(`<options xmlns="${S}"><additional-query><query><collection-query><uri>a</uri><uri>b</uri></collection-query></query></additional-query></options>`),
    );
  });

  test('searchable expressions and path indexes carry their namespaces both ways', () => {
    const json = normalizeOptions({
      'searchable-expression': { text: '/x:doc', namespaces: { x: 'urn:x' } },
      constraint: [{ name: 't', range: { type: 'xs:decimal', 'path-index': { text: '/o:order/o:total', namespaces: { o: 'urn:o' } } } }],
    });
    const xml = optionsToXml(json);
    expect(xml).toContain('<searchable-expression xmlns:x="urn:x">/x:doc</searchable-expression>');
    expect(optionsFromXml(xml)).toEqual(json);
  });

  test('a path takes the ancestors’ declarations of the prefixes it uses, and no others', () => {
    const xml = `<options xmlns="${S}" xmlns:o="urn:o" xmlns:unused="urn:u"><constraint name="t"><range type="xs:int" xmlns:xs="http://www.w3.org/2001/XMLSchema"><path-index>/o:order/o:n</path-index></range></constraint></options>`;
    expect(optionsFromXml(xml).constraint![0].range!['path-index']).toEqual({ text: '/o:order/o:n', namespaces: { o: 'urn:o' } });
  });
});

describe('XML in', () => {
  test('the REST default options read as their JSON form', () => {
    const xml = `<options xmlns="${S}">
        <search-option>unfiltered</search-option>
        <quality-weight>0</quality-weight>
        <return-facets>true</return-facets>
        <return-results>true</return-results>
      </options>`;
    expect(optionsFromXml(xml)).toEqual({ 'search-option': ['unfiltered'], 'quality-weight': 0, 'return-facets': true, 'return-results': true });
  });

  test('a prefixed, indented set from a real server reads the same as an unprefixed one', () => {
    const xml = `<search:options xmlns:search="${S}">
        <search:page-length>10</search:page-length>
        <search:term apply="term">
          <search:empty apply="all-results"/>
          <search:term-option>punctuation-insensitive</search:term-option>
        </search:term>
        <search:grammar>
          <search:quotation>"</search:quotation>
          <search:implicit>
            <cts:and-query strength="20" xmlns:cts="${CTS}"/>
          </search:implicit>
          <search:starter strength="30" apply="grouping" delimiter=")">(</search:starter>
          <search:joiner strength="30" apply="near2" consume="2" element="cts:near-query">NEAR/</search:joiner>
        </search:grammar>
        <search:return-query>1</search:return-query>
      </search:options>`;
    expect(optionsFromXml(xml)).toEqual({
      'page-length': 10,
      term: { apply: 'term', empty: { apply: 'all-results' }, 'term-option': ['punctuation-insensitive'] },
      grammar: {
        quotation: '"',
        implicit: `<cts:and-query xmlns:cts="${CTS}" strength="20"/>`,
        starter: [{ strength: 30, apply: 'grouping', delimiter: ')', label: '(' }],
        joiner: [{ strength: 30, apply: 'near2', consume: 2, 'cts-element': 'cts:near-query', label: 'NEAR/' }],
      },
      'return-query': true,
    });
  });

  test('QName types are spelled with the xs prefix whatever prefix the document bound', () => {
    const xml = `<options xmlns="${S}" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><constraint name="n"><range type="xsd:int"><json-property>n</json-property></range></constraint></options>`;
    expect(optionsFromXml(xml).constraint![0].range!.type).toBe('xs:int');
  });

  test('an additional query keeps the declarations of prefixes it mentions in its text', () => {
    const xml = `<options xmlns="${S}" xmlns:cts="${CTS}" xmlns:p="urn:p"><additional-query><cts:element-value-query><cts:element>p:status</cts:element><cts:text>ok</cts:text></cts:element-value-query></additional-query></options>`;
    const [query] = optionsFromXml(xml)['additional-query'] as string[];
    expect(query).toContain('xmlns:p="urn:p"');
    expect(canonical(query)).toEqual(canonical(`<cts:element-value-query xmlns:cts="${CTS}"><cts:element>p:status</cts:element><cts:text>ok</cts:text></cts:element-value-query>`));
  });

  test('each query of an additional-query element is an entry', () => {
    const xml = `<options xmlns="${S}"><additional-query><cts:collection-query xmlns:cts="${CTS}"><cts:uri>a</cts:uri></cts:collection-query><cts:directory-query xmlns:cts="${CTS}"><cts:uri>/d/</cts:uri></cts:directory-query></additional-query></options>`;
    expect(optionsFromXml(xml)['additional-query']).toHaveLength(2);
  });

  test('tuples ranges as XML children, with facet="false", read as indexes, and write back the same XML', () => {
    const xml =
      `<options xmlns="${S}"><tuples name="t" style="consistent"><range type="xs:int" facet="false"><element ns="" name="a"/></range>` +
      '<range type="xs:string" collation="http://marklogic.com/collation/codepoint"><element ns="" name="b"/><attribute ns="" name="c"/></range>' +
      '<values-option>limit=3</values-option></tuples><values name="u"><uri/></values></options>';
    const json = optionsFromXml(xml);
    expect(json).toEqual({
      tuples: [
        {
          name: 't',
          style: 'consistent',
          'values-option': ['limit=3'],
          indexes: [
            { range: { type: 'xs:int', facet: false, element: { ns: '', name: 'a' } } },
            { range: { type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', element: { ns: '', name: 'b' }, attribute: { ns: '', name: 'c' } } },
          ],
        },
      ],
      values: [{ name: 'u', uri: null }],
    });
    expect(optionsFromXml(optionsToXml(json))).toEqual(json);
    expect(optionsToXml(json)).toContain('<range type="xs:int" facet="false"><element ns="" name="a"/></range>');
  });

  test('optionsFromElement reads <search:options> embedded in a combined query', () => {
    const doc = parseXml(`<search:search xmlns:search="${S}"><search:qtext>x</search:qtext><search:options><search:page-length>3</search:page-length></search:options></search:search>`);
    const el = Array.from(doc.documentElement!.childNodes).find((n) => n.nodeType === n.ELEMENT_NODE && (n as Element).localName === 'options') as Element;
    expect(optionsFromElement(el)).toEqual({ 'page-length': 3 });
  });

  test('annotations keep any markup, by local name', () => {
    const xml = `<options xmlns="${S}"><constraint name="c"><annotation><my:note xmlns:my="urn:my" my:lang="en">Shop tags</my:note></annotation><collection prefix="t/"/></constraint></options>`;
    expect(optionsFromXml(xml)).toEqual({ constraint: [{ name: 'c', annotation: [{ note: { lang: 'en', _value: 'Shop tags' } }], collection: { prefix: 't/' } }] });
  });
});

describe('refusals', () => {
  test.for<{ name: string; body: string; format: string; code: string; message?: RegExp }>([
    { name: 'malformed JSON', body: '{"options": {', format: 'json', code: 'RESTAPI-INVALIDCONTENT', message: /Could not parse JSON/ },
    { name: 'malformed XML', body: `<options xmlns="${S}"><page-length>1</options>`, format: 'xml', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'JSON that is not an options node', body: '{"constraint": []}', format: 'json', code: 'RESTAPI-INVALIDCONTENT', message: /Unexpected Payload/ },
    { name: 'JSON with more than the options node', body: '{"options": {}, "extra": 1}', format: 'application/json', code: 'RESTAPI-INVALIDCONTENT', message: /Unexpected Payload/ },
    { name: 'JSON options that are not an object', body: '{"options": [1]}', format: 'json', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'XML with another root element', body: `<search xmlns="${S}"/>`, format: 'application/xml', code: 'RESTAPI-INVALIDCONTENT', message: /Unexpected Payload/ },
    { name: 'XML options in no namespace', body: '<options><page-length>1</page-length></options>', format: 'xml', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an option element in another namespace', body: `<options xmlns="${S}"><x:page-length xmlns:x="urn:x">1</x:page-length></options>`, format: 'xml', code: 'RESTAPI-INVALIDCONTENT' },
    { name: 'an empty body', body: '  \n', format: 'json', code: 'RESTAPI-EMPTYBODY' },
    { name: 'a body neither JSON nor XML', body: 'page-length=1', format: 'text/plain', code: 'RESTAPI-INVALIDMIMETYPE' },
    { name: 'a key that cannot be an XML name', body: '{"options": {"page length": 1}}', format: 'json', code: 'RESTAPI-INVALIDCONTENT', message: /page length/ },
    { name: 'an additional query that is not XML', body: '{"options": {"additional-query": "<cts:and-query"}}', format: 'json', code: 'RESTAPI-INVALIDCONTENT', message: /additional-query/ },
    { name: 'an array of arrays', body: '{"options": {"search-option": [["filtered"]]}}', format: 'json', code: 'RESTAPI-INVALIDCONTENT', message: /array of arrays/ },
    { name: 'an implicit query with cts options', body: `<options xmlns="${S}"><grammar><implicit options="x"><cts:and-query xmlns:cts="${CTS}"/></implicit></grammar></options>`, format: 'xml', code: 'RESTAPI-INVALIDCONTENT', message: /implicit/ },
    { name: 'an infinite number', body: '{"options": {"page-length": 1e999}}', format: 'json', code: 'RESTAPI-INVALIDCONTENT' },
  ])('$name → $code', ({ body, format, code, message }) => {
    const err = rejection(() => parseOptionsBody(new TextEncoder().encode(body), format));
    expect(err.code).toBe(code);
    if (message) expect(err.message).toMatch(message);
  });

  test('bytes that are not UTF-8 are a content error', () => {
    expect(rejection(() => parseOptionsBody(new Uint8Array([0x7b, 0xff, 0x7d]), 'json')).code).toBe('RESTAPI-INVALIDCONTENT');
  });
});
