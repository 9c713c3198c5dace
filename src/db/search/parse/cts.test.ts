import { describe, expect, test } from 'vitest';
import { failure } from '../../../../test/db-error';
import type { QueryOptions } from '../../options/types';
import { parseXml } from '../../xml/parse';
import { additionalQueries } from './additional-query';
import { parseCtsJson, parseCtsText, parseCtsXml, type CtsParseOptions } from './cts';
import { CTS_NS } from '../../xml/namespaces';
import type { Query, RangeIndexRef, Scope } from '../query-model';

const prop = (name: string): Scope => ({ kind: 'json-property', name });
const elem = (name: string, ns = ''): Scope => ({ kind: 'element', name, ns });
const word = (text: string, scope?: Scope, options: object = {}): Query => ({ kind: 'word', text: [text], ...(scope ? { scope } : {}), options });
const collection = (uri: string): Query => ({ kind: 'collection', uris: [uri] });

/** A cts query element with the cts prefix bound on it, as xdmp:quote writes one. */
const cts = (xml: string): string => xml.replace(/^<cts:([a-z-]+)/, `<cts:$1 xmlns:cts="${CTS_NS}"`);
const fromXml = (xml: string, how?: CtsParseOptions) => parseCtsXml(parseXml(cts(xml)).documentElement!, how);

/** Indexes as the index configuration holds them: a JSON property's index is the element in no namespace. */
const indexes: RangeIndexRef[] = [
  { scope: elem('price'), type: 'decimal' },
  { scope: elem('published'), type: 'date' },
  { scope: elem('code'), type: 'int' },
  { scope: elem('code'), type: 'string' },
  { scope: elem('when', 'urn:x'), type: 'dateTime' },
  { scope: { kind: 'element-attribute', element: { name: 'item', ns: '' }, attribute: { name: 'amount', ns: '' } }, type: 'int' },
];

describe('cts queries in XML', () => {
  test.for<{ name: string; xml: string; expected: Query; how?: CtsParseOptions }>([
    { name: 'a word query ORs its texts, with options and weight', xml: '<cts:word-query weight="2"><cts:text>soup</cts:text><cts:text>stew</cts:text><cts:option>case-sensitive</cts:option><cts:option>unstemmed</cts:option></cts:word-query>', expected: { kind: 'word', text: ['soup', 'stew'], options: { caseSensitive: true, stemmed: false }, weight: 2 } },
    { name: "a text's xml:lang is its language", xml: '<cts:word-query><cts:text xml:lang="fr">soupe</cts:text></cts:word-query>', expected: word('soupe', undefined, { lang: 'fr' }) },
    { name: 'a lang option wins over xml:lang', xml: '<cts:word-query><cts:text xml:lang="en">soupe</cts:text><cts:option>lang=fr</cts:option></cts:word-query>', expected: word('soupe', undefined, { lang: 'fr' }) },
    { name: 'an and-query', xml: '<cts:and-query><cts:word-query><cts:text>a</cts:text></cts:word-query><cts:collection-query><cts:uri>c</cts:uri></cts:collection-query></cts:and-query>', expected: { kind: 'and', queries: [word('a'), collection('c')] } },
    { name: 'an ordered and-query', xml: '<cts:and-query><cts:word-query><cts:text>a</cts:text></cts:word-query><cts:word-query><cts:text>b</cts:text></cts:word-query><cts:option>ordered</cts:option></cts:and-query>', expected: { kind: 'and', queries: [word('a'), word('b')], ordered: true } },
    { name: 'an empty and-query matches everything', xml: '<cts:and-query/>', expected: { kind: 'true' } },
    { name: 'an or-query', xml: '<cts:or-query><cts:word-query><cts:text>a</cts:text></cts:word-query><cts:word-query><cts:text>b</cts:text></cts:word-query></cts:or-query>', expected: { kind: 'or', queries: [word('a'), word('b')] } },
    { name: 'an empty or-query matches nothing', xml: '<cts:or-query/>', expected: { kind: 'false' } },
    { name: 'a not-query', xml: '<cts:not-query><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:not-query>', expected: { kind: 'not', query: word('a') } },
    { name: 'an and-not-query in the positive/negative form xdmp:quote writes', xml: '<cts:and-not-query><cts:positive><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:positive><cts:negative><cts:word-query><cts:text>b</cts:text></cts:word-query></cts:negative></cts:and-not-query>', expected: { kind: 'and-not', positive: word('a'), negative: word('b') } },
    { name: 'an and-not-query with positive-query and negative-query', xml: '<cts:and-not-query><cts:positive-query><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:positive-query><cts:negative-query><cts:word-query><cts:text>b</cts:text></cts:word-query></cts:negative-query></cts:and-not-query>', expected: { kind: 'and-not', positive: word('a'), negative: word('b') } },
    { name: 'a not-in-query', xml: '<cts:not-in-query><cts:positive><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:positive><cts:negative><cts:word-query><cts:text>a b</cts:text></cts:word-query></cts:negative></cts:not-in-query>', expected: { kind: 'not-in', positive: word('a'), negative: word('a b') } },
    { name: 'a boost-query', xml: '<cts:boost-query><cts:matching-query><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:matching-query><cts:boosting-query><cts:word-query><cts:text>b</cts:text></cts:word-query></cts:boosting-query></cts:boost-query>', expected: { kind: 'boost', matching: word('a'), boosting: word('b') } },
    { name: 'a near-query defaults to ten words', xml: '<cts:near-query><cts:word-query><cts:text>a</cts:text></cts:word-query><cts:word-query><cts:text>b</cts:text></cts:word-query></cts:near-query>', expected: { kind: 'near', queries: [word('a'), word('b')], distance: 10 } },
    {
      name: 'a near-query with distance, order, minimum distance and distance weight',
      xml: '<cts:near-query distance="3" weight="0.5"><cts:word-query><cts:text>a</cts:text></cts:word-query><cts:word-query><cts:text>b</cts:text></cts:word-query><cts:option>ordered</cts:option><cts:option>minimum-distance=1</cts:option></cts:near-query>',
      expected: { kind: 'near', queries: [word('a'), word('b')], distance: 3, minimumDistance: 1, ordered: true, weight: 0.5 },
    },
    { name: 'a near-query with a distance-weight attribute', xml: '<cts:near-query distance-weight="3"><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:near-query>', expected: { kind: 'near', queries: [word('a')], distance: 10, weight: 3 } },
    { name: 'a near-query with a minimum-distance attribute', xml: '<cts:near-query distance="4" minimum-distance="2"><cts:word-query><cts:text>a</cts:text></cts:word-query></cts:near-query>', expected: { kind: 'near', queries: [word('a')], distance: 4, minimumDistance: 2 } },
    { name: 'an element word query', xml: '<cts:element-word-query><cts:element>title</cts:element><cts:text>soup</cts:text></cts:element-word-query>', expected: word('soup', elem('title')) },
    { name: 'a prefixed element name is resolved by the declaration in scope', xml: '<cts:element-word-query xmlns:b="urn:books"><cts:element>b:title</cts:element><cts:text>soup</cts:text></cts:element-word-query>', expected: word('soup', elem('title', 'urn:books')) },
    { name: 'a prefix declared on cts:element itself', xml: '<cts:element-word-query><cts:element xmlns:_1="urn:books">_1:title</cts:element><cts:text>soup</cts:text></cts:element-word-query>', expected: word('soup', elem('title', 'urn:books')) },
    { name: 'a Clark name', xml: '<cts:element-word-query><cts:element>{urn:books}title</cts:element><cts:text>soup</cts:text></cts:element-word-query>', expected: word('soup', elem('title', 'urn:books')) },
    { name: 'several elements are ORed', xml: '<cts:element-word-query><cts:element>title</cts:element><cts:element>subtitle</cts:element><cts:text>soup</cts:text></cts:element-word-query>', expected: { kind: 'or', queries: [word('soup', elem('title')), word('soup', elem('subtitle'))] } },
    {
      name: 'an unprefixed name is in no namespace even under a default namespace',
      xml: '<cts:element-value-query xmlns="urn:default"><cts:element>status</cts:element><cts:text xml:lang="en">active</cts:text><cts:option>exact</cts:option></cts:element-value-query>',
      expected: { kind: 'value', values: ['active'], scope: elem('status'), options: { exact: true, lang: 'en' } },
    },
    {
      name: 'an element attribute word query',
      xml: '<cts:element-attribute-word-query weight="3"><cts:element>item</cts:element><cts:attribute>label</cts:attribute><cts:text>red</cts:text></cts:element-attribute-word-query>',
      expected: { kind: 'word', text: ['red'], scope: { kind: 'element-attribute', element: { name: 'item', ns: '' }, attribute: { name: 'label', ns: '' } }, options: {}, weight: 3 },
    },
    {
      name: 'an element attribute value query over every element and attribute named',
      xml: '<cts:element-attribute-value-query xmlns:x="urn:x"><cts:element>x:a</cts:element><cts:element>b</cts:element><cts:attribute>x:id</cts:attribute><cts:text>7</cts:text></cts:element-attribute-value-query>',
      expected: {
        kind: 'or',
        queries: [
          { kind: 'value', values: ['7'], scope: { kind: 'element-attribute', element: { name: 'a', ns: 'urn:x' }, attribute: { name: 'id', ns: 'urn:x' } }, options: {} },
          { kind: 'value', values: ['7'], scope: { kind: 'element-attribute', element: { name: 'b', ns: '' }, attribute: { name: 'id', ns: 'urn:x' } }, options: {} },
        ],
      },
    },
    { name: 'a JSON property word query', xml: '<cts:json-property-word-query><cts:property>title</cts:property><cts:text>soup</cts:text><cts:option>stemmed</cts:option></cts:json-property-word-query>', expected: word('soup', prop('title'), { stemmed: true }) },
    {
      name: 'a JSON property value query keeps typed values',
      xml:
        '<cts:json-property-value-query xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cts:property>v</cts:property>' +
        '<cts:value xml:lang="en">x</cts:value><cts:value xsi:type="xs:double">7</cts:value><cts:value xsi:type="xs:boolean">false</cts:value><cts:value xsi:nil="true"/></cts:json-property-value-query>',
      expected: { kind: 'value', values: ['x', 7, false, null], scope: prop('v'), options: {} },
    },
    { name: 'an untyped JSON property value is a string', xml: '<cts:json-property-value-query><cts:property>zip</cts:property><cts:value>02134</cts:value></cts:json-property-value-query>', expected: { kind: 'value', values: ['02134'], scope: prop('zip'), options: {} } },
    {
      name: 'a JSON property range query typed by xsi:type',
      xml: '<cts:json-property-range-query operator="&gt;=" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cts:property>age</cts:property><cts:value xsi:type="xs:int">10</cts:value></cts:json-property-range-query>',
      expected: { kind: 'range', index: { scope: prop('age'), type: 'int' }, operator: 'GE', values: ['10'] },
    },
    {
      name: 'an element range query with a collation option and weight',
      xml: '<cts:element-range-query operator="=" weight="2"><cts:element>genre</cts:element><cts:value>rock</cts:value><cts:value>pop</cts:value><cts:option>collation=http://marklogic.com/collation/codepoint</cts:option></cts:element-range-query>',
      expected: { kind: 'range', index: { scope: elem('genre'), type: 'string', collation: 'http://marklogic.com/collation/codepoint' }, operator: 'EQ', values: ['rock', 'pop'], weight: 2 },
    },
    {
      name: 'an element attribute range query',
      xml: '<cts:element-attribute-range-query operator="!=" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:s="http://www.w3.org/2001/XMLSchema"><cts:element>item</cts:element><cts:attribute>amount</cts:attribute><cts:value xsi:type="s:decimal">3.5</cts:value></cts:element-attribute-range-query>',
      expected: { kind: 'range', index: { scope: { kind: 'element-attribute', element: { name: 'item', ns: '' }, attribute: { name: 'amount', ns: '' } }, type: 'decimal' }, operator: 'NE', values: ['3.5'] },
    },
    {
      name: 'an xs:integer value takes the type of the index on its name',
      xml: '<cts:element-range-query operator="&lt;" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cts:element>price</cts:element><cts:value xsi:type="xs:integer">10</cts:value></cts:element-range-query>',
      how: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: elem('price'), type: 'decimal' }, operator: 'LT', values: ['10'] },
    },
    {
      name: 'an untyped value takes the type of the index on its name',
      xml: '<cts:element-range-query operator="&gt;" xmlns:w="urn:x"><cts:element>w:when</cts:element><cts:value>2024-01-01T00:00:00Z</cts:value></cts:element-range-query>',
      how: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: elem('when', 'urn:x'), type: 'dateTime' }, operator: 'GT', values: ['2024-01-01T00:00:00Z'] },
    },
    { name: 'a collection query ORs its URIs', xml: '<cts:collection-query><cts:uri>a</cts:uri><cts:uri>b</cts:uri></cts:collection-query>', expected: { kind: 'collection', uris: ['a', 'b'] } },
    { name: 'a collection query without URIs matches nothing', xml: '<cts:collection-query/>', expected: { kind: 'false' } },
    { name: 'a directory query is one level deep by default', xml: '<cts:directory-query><cts:uri>/a/</cts:uri></cts:directory-query>', expected: { kind: 'directory', uris: ['/a/'], infinite: false } },
    { name: 'a directory query with a depth attribute', xml: '<cts:directory-query depth="infinity"><cts:uri>/a/</cts:uri><cts:uri>/b/</cts:uri></cts:directory-query>', expected: { kind: 'directory', uris: ['/a/', '/b/'], infinite: true } },
    { name: 'a directory query with a depth element', xml: '<cts:directory-query><cts:uri>/a/</cts:uri><cts:depth>1</cts:depth></cts:directory-query>', expected: { kind: 'directory', uris: ['/a/'], infinite: false } },
    { name: 'a document query', xml: '<cts:document-query><cts:uri>/a.json</cts:uri><cts:uri>/b.xml</cts:uri></cts:document-query>', expected: { kind: 'document', uris: ['/a.json', '/b.xml'] } },
    { name: 'an element query', xml: '<cts:element-query xmlns:b="urn:books"><cts:element>b:chapter</cts:element><cts:word-query><cts:text>x</cts:text></cts:word-query></cts:element-query>', expected: { kind: 'container', scope: elem('chapter', 'urn:books'), query: word('x') } },
    { name: 'a JSON property scope query', xml: '<cts:json-property-scope-query><cts:property>address</cts:property><cts:word-query><cts:text>x</cts:text></cts:word-query></cts:json-property-scope-query>', expected: { kind: 'container', scope: prop('address'), query: word('x') } },
    { name: 'a properties fragment query', xml: '<cts:properties-fragment-query><cts:collection-query><cts:uri>c</cts:uri></cts:collection-query></cts:properties-fragment-query>', expected: { kind: 'properties', query: collection('c') } },
    { name: 'a document fragment query is its query', xml: '<cts:document-fragment-query><cts:collection-query><cts:uri>c</cts:uri></cts:collection-query></cts:document-fragment-query>', expected: collection('c') },
    { name: 'a true query', xml: '<cts:true-query/>', expected: { kind: 'true' } },
    { name: 'a false query', xml: '<cts:false-query/>', expected: { kind: 'false' } },
    { name: 'the cts namespace may be the default one', xml: `<word-query xmlns="${CTS_NS}"><text>soup</text></word-query>`, expected: word('soup') },
    {
      name: 'pretty-printed XML is read as its elements',
      xml: '<cts:and-query>\n  <cts:word-query>\n    <cts:text>a</cts:text>\n  </cts:word-query>\n  <!-- why -->\n  <cts:true-query/>\n</cts:and-query>',
      expected: { kind: 'and', queries: [word('a'), { kind: 'true' }] },
    },
  ])('$name', ({ xml, expected, how }) => {
    expect(fromXml(xml, how)).toEqual(expected);
  });

  test.for<{ name: string; xml: string; code?: string; message: RegExp }>([
    { name: 'a root outside the cts namespace', xml: '<word-query><text>a</text></word-query>', message: /word-query is not a cts query/ },
    { name: 'an unknown kind', xml: '<cts:fuzzy-query/>', message: /unknown cts query kind cts:fuzzy-query/ },
    { name: 'an unknown child', xml: '<cts:word-query><cts:text>a</cts:text><cts:boost>2</cts:boost></cts:word-query>', message: /unexpected cts:boost in cts:word-query/ },
    { name: 'a child outside the cts namespace', xml: '<cts:word-query><text>a</text></cts:word-query>', message: /text is not in http:\/\/marklogic.com\/cts/ },
    { name: 'an unknown attribute', xml: '<cts:word-query strength="3"><cts:text>a</cts:text></cts:word-query>', message: /unknown attribute strength/ },
    { name: 'text directly in a query', xml: '<cts:and-query>loose</cts:and-query>', message: /unexpected text "loose"/ },
    { name: 'a word query without text', xml: '<cts:word-query/>', message: /wordQuery: needs text/ },
    { name: 'a misspelt option', xml: '<cts:word-query><cts:text>a</cts:text><cts:option>case-sensitve</cts:option></cts:word-query>', message: /"case-sensitve" is not an option of this query/ },
    { name: 'a range option on a word query', xml: '<cts:word-query><cts:text>a</cts:text><cts:option>collation=http://marklogic.com/collation/</cts:option></cts:word-query>', message: /is not an option of this query/ },
    { name: 'an undeclared prefix in an element name', xml: '<cts:element-word-query><cts:element>q:title</cts:element><cts:text>a</cts:text></cts:element-word-query>', message: /the prefix q of q:title is not declared/ },
    { name: 'an element name that is not a name', xml: '<cts:element-word-query><cts:element>1abc</cts:element><cts:text>a</cts:text></cts:element-word-query>', message: /"1abc" is not an XML name/ },
    { name: 'a not-query with two queries', xml: '<cts:not-query><cts:true-query/><cts:false-query/></cts:not-query>', message: /Too many subqueries/ },
    { name: 'an empty positive', xml: '<cts:and-not-query><cts:positive/><cts:negative><cts:true-query/></cts:negative></cts:and-not-query>', message: /positive\[1\]: needs a query/ },
    { name: 'an and-not-query without its negative', xml: '<cts:and-not-query><cts:positive><cts:true-query/></cts:positive></cts:and-not-query>', message: /needs negativeQuery/ },
    { name: 'a range query without an operator', xml: '<cts:element-range-query><cts:element>a</cts:element><cts:value>1</cts:value></cts:element-range-query>', message: /needs operator/ },
    { name: 'a range query with a bad operator', xml: '<cts:element-range-query operator="~"><cts:element>a</cts:element><cts:value>1</cts:value></cts:element-range-query>', message: /"~" is not <, <=, >, >=, = or !=/ },
    { name: 'a range value of a type no index has', xml: '<cts:element-range-query operator="=" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cts:element>a</cts:element><cts:value xsi:type="xs:duration">P1D</cts:value></cts:element-range-query>', message: /unsupported range type xs:duration/ },
    { name: 'an xsi:type outside XML Schema', xml: '<cts:element-range-query operator="=" xmlns:n="urn:n" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cts:element>a</cts:element><cts:value xsi:type="n:int">1</cts:value></cts:element-range-query>', message: /xsi:type n:int is not an XML Schema type/ },
    { name: 'a collation on a numeric range', xml: '<cts:element-range-query operator="=" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><cts:element>a</cts:element><cts:value xsi:type="xs:int">1</cts:value><cts:option>collation=http://marklogic.com/collation/</cts:option></cts:element-range-query>', message: /a collation applies to string ranges, not int/ },
    { name: 'a directory depth other than 1 or infinity', xml: '<cts:directory-query depth="2"><cts:uri>/a/</cts:uri></cts:directory-query>', message: /"2" is not a directory depth/ },
    { name: 'a negative near distance', xml: '<cts:near-query distance="-1"><cts:true-query/></cts:near-query>', message: /whole number of words/ },
    { name: 'a near-query with ordered and unordered', xml: '<cts:near-query><cts:true-query/><cts:option>ordered</cts:option><cts:option>unordered</cts:option></cts:near-query>', message: /ordered and unordered cannot be given together/ },
    { name: 'a minimum distance beyond the distance', xml: '<cts:near-query distance="2"><cts:true-query/><cts:option>minimum-distance=5</cts:option></cts:near-query>', message: /minimum-distance 5 is greater than distance 2/ },
    { name: 'a near weight and distance weight that disagree', xml: '<cts:near-query weight="1" distance-weight="2"><cts:true-query/></cts:near-query>', message: /weight 1 and distance-weight 2 disagree/ },
    { name: 'a root element outside cts is named as it is', xml: '<q:word-query xmlns:q="urn:q"/>', message: /\{urn:q\}word-query: \{urn:q\}word-query is not a cts query/ },
    { name: 'a weight that is not a number', xml: '<cts:word-query weight="heavy"><cts:text>a</cts:text></cts:word-query>', message: /weight: expected a number, found "heavy"/ },
    { name: 'a true query with content', xml: '<cts:true-query><cts:text>a</cts:text></cts:true-query>', message: /takes no settings/ },
    { name: 'a geospatial query', xml: '<cts:element-geospatial-query><cts:element>loc</cts:element></cts:element-geospatial-query>', message: /cts:element-geospatial-query is not supported: Tabula has no geospatial indexes/ },
    { name: 'a field word query', xml: '<cts:field-word-query><cts:field>fullName</cts:field><cts:text>a</cts:text></cts:field-word-query>', code: 'XDMP-FIELDRIDXNOTFOUND', message: /cts:field-word-query is not supported \(field fullName\): Tabula has no fields/ },
    { name: 'a path range query', xml: '<cts:path-range-query operator="="><cts:path-expression>/a/b</cts:path-expression><cts:value>1</cts:value></cts:path-range-query>', code: 'XDMP-PATHRIDXNOTFOUND', message: /cts:path-range-query is not supported \(path \/a\/b\)/ },
    { name: 'an lsqt query', xml: '<cts:lsqt-query/>', message: /cts:lsqt-query is not supported: Tabula has no temporal collections/ },
    { name: 'a period range query', xml: '<cts:period-range-query/>', message: /cts:period-range-query is not supported/ },
    { name: 'a triple range query', xml: '<cts:triple-range-query/>', message: /cts:triple-range-query is not supported/ },
    { name: 'a similar query', xml: '<cts:similar-query/>', message: /cts:similar-query is not supported/ },
    { name: 'a reverse query', xml: '<cts:reverse-query/>', message: /cts:reverse-query is not supported/ },
    { name: 'a locks fragment query', xml: '<cts:locks-fragment-query><cts:true-query/></cts:locks-fragment-query>', message: /cts:locks-fragment-query is not supported/ },
    { name: 'an unsupported kind nested deep', xml: '<cts:and-query><cts:or-query><cts:geospatial-region-query/></cts:or-query></cts:and-query>', message: /cts:and-query\/cts:or-query\[1\]\/cts:geospatial-region-query\[1\]: cts:geospatial-region-query is not supported/ },
  ])('$name is refused', ({ xml, code, message }) => {
    const e = failure(() => fromXml(xml));
    expect(e.code).toBe(code ?? 'RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(message);
  });
});

describe('cts queries in JSON', () => {
  const near = { nearQuery: { queries: [{ wordQuery: { text: 'a' } }, { wordQuery: { text: 'b' } }], distance: 3, 'minimum-distance': 1, weight: 2, options: ['ordered'] } };
  test.for<{ name: string; json: unknown; expected: Query; how?: CtsParseOptions }>([
    { name: 'the ctsquery wrapper', json: { ctsquery: { wordQuery: { text: ['x'], options: ['lang=en'] } } }, expected: word('x', undefined, { lang: 'en' }) },
    { name: 'the query without its wrapper', json: { wordQuery: { text: 'x', weight: 1.5 } }, expected: { kind: 'word', text: ['x'], options: {}, weight: 1.5 } },
    { name: 'an and-query', json: { andQuery: { queries: [{ wordQuery: { text: 'a' } }, { collectionQuery: { uris: ['c'] } }] } }, expected: { kind: 'and', queries: [word('a'), collection('c')] } },
    { name: 'an ordered and-query', json: { andQuery: { queries: [{ wordQuery: { text: 'a' } }, { wordQuery: { text: 'b' } }], options: ['ordered'] } }, expected: { kind: 'and', queries: [word('a'), word('b')], ordered: true } },
    { name: 'an empty and-query', json: { andQuery: {} }, expected: { kind: 'true' } },
    { name: 'an or-query', json: { orQuery: { queries: [{ wordQuery: { text: 'a' } }, { wordQuery: { text: 'b' } }] } }, expected: { kind: 'or', queries: [word('a'), word('b')] } },
    { name: 'a not-query', json: { notQuery: { query: { wordQuery: { text: 'a' } } } }, expected: { kind: 'not', query: word('a') } },
    { name: 'an and-not-query', json: { andNotQuery: { positiveQuery: { wordQuery: { text: 'a' } }, negativeQuery: { wordQuery: { text: 'b' } } } }, expected: { kind: 'and-not', positive: word('a'), negative: word('b') } },
    { name: 'a not-in-query', json: { notInQuery: { positiveQuery: { wordQuery: { text: 'a' } }, negativeQuery: { wordQuery: { text: 'b' } } } }, expected: { kind: 'not-in', positive: word('a'), negative: word('b') } },
    { name: 'a boost-query', json: { boostQuery: { matchingQuery: { wordQuery: { text: 'a' } }, boostingQuery: { wordQuery: { text: 'b' } } } }, expected: { kind: 'boost', matching: word('a'), boosting: word('b') } },
    { name: 'a near-query', json: near, expected: { kind: 'near', queries: [word('a'), word('b')], distance: 3, minimumDistance: 1, ordered: true, weight: 2 } },
    { name: 'a JSON property word query', json: { jsonPropertyWordQuery: { property: ['title'], text: ['tomato soup'], options: ['unstemmed'] } }, expected: word('tomato soup', prop('title'), { stemmed: false }) },
    { name: 'several properties are ORed', json: { jsonPropertyWordQuery: { property: ['a', 'b'], text: 'x' } }, expected: { kind: 'or', queries: [word('x', prop('a')), word('x', prop('b'))] } },
    { name: 'a JSON property value query keeps JSON types', json: { jsonPropertyValueQuery: { property: 'v', value: ['x', 7, 1.5, false, null], options: ['exact'], weight: 2 } }, expected: { kind: 'value', values: ['x', 7, 1.5, false, null], scope: prop('v'), options: { exact: true }, weight: 2 } },
    { name: 'a typed JSON property value', json: { jsonPropertyValueQuery: { property: 'n', value: [{ type: 'xs:double', val: '7' }] } }, expected: { kind: 'value', values: [7], scope: prop('n'), options: {} } },
    { name: 'an element word query with a Clark name', json: { elementWordQuery: { element: ['{urn:books}title'], text: ['blue'], options: ['case-insensitive'], weight: 2 } }, expected: { kind: 'word', text: ['blue'], scope: elem('title', 'urn:books'), options: { caseSensitive: false }, weight: 2 } },
    { name: 'an element value query compares text', json: { elementValueQuery: { element: 'n', text: [5] } }, expected: { kind: 'value', values: ['5'], scope: elem('n'), options: {} } },
    {
      name: 'an element attribute value query',
      json: { elementAttributeValueQuery: { element: 'doc', attribute: 'lang', text: 'en' } },
      expected: { kind: 'value', values: ['en'], scope: { kind: 'element-attribute', element: { name: 'doc', ns: '' }, attribute: { name: 'lang', ns: '' } }, options: {} },
    },
    {
      name: 'an element attribute word query',
      json: { elementAttributeWordQuery: { element: '{urn:x}doc', attribute: 'title', text: 'red' } },
      expected: { kind: 'word', text: ['red'], scope: { kind: 'element-attribute', element: { name: 'doc', ns: 'urn:x' }, attribute: { name: 'title', ns: '' } }, options: {} },
    },
    { name: 'a JSON property range query with a typed value', json: { jsonPropertyRangeQuery: { property: ['price'], operator: '>', value: [{ type: 'decimal', val: '10' }] } }, expected: { kind: 'range', index: { scope: prop('price'), type: 'decimal' }, operator: 'GT', values: ['10'] } },
    { name: 'a JSON number without an index is a double', json: { jsonPropertyRangeQuery: { property: 'price', operator: '<=', value: 10 } }, expected: { kind: 'range', index: { scope: prop('price'), type: 'double' }, operator: 'LE', values: ['10'] } },
    { name: 'a string without an index is a string in the root collation', json: { jsonPropertyRangeQuery: { property: 'genre', operator: '=', value: 'rock' } }, expected: { kind: 'range', index: { scope: prop('genre'), type: 'string' }, operator: 'EQ', values: ['rock'] } },
    { name: 'a JSON number takes the type of the index on its property', json: { jsonPropertyRangeQuery: { property: 'price', operator: '>=', value: [10, 20.5] } }, how: { rangeIndexes: indexes }, expected: { kind: 'range', index: { scope: prop('price'), type: 'decimal' }, operator: 'GE', values: ['10', '20.5'] } },
    { name: 'a date string takes the date index', json: { jsonPropertyRangeQuery: { property: 'published', operator: '<', value: '2020-01-01' } }, how: { rangeIndexes: indexes }, expected: { kind: 'range', index: { scope: prop('published'), type: 'date' }, operator: 'LT', values: ['2020-01-01'] } },
    { name: 'a string prefers a string index over a numeric one', json: { jsonPropertyRangeQuery: { property: 'code', operator: '=', value: '10' } }, how: { rangeIndexes: indexes }, expected: { kind: 'range', index: { scope: prop('code'), type: 'string' }, operator: 'EQ', values: ['10'] } },
    { name: 'a number prefers a numeric index', json: { jsonPropertyRangeQuery: { property: 'code', operator: '=', value: 10 } }, how: { rangeIndexes: indexes }, expected: { kind: 'range', index: { scope: prop('code'), type: 'int' }, operator: 'EQ', values: ['10'] } },
    {
      name: 'values of two types become one range query per type, ORed',
      json: { jsonPropertyRangeQuery: { property: 'code', operator: '=', value: [10, { type: 'xs:long', val: '11' }] } },
      how: { rangeIndexes: indexes },
      expected: { kind: 'or', queries: [{ kind: 'range', index: { scope: prop('code'), type: 'int' }, operator: 'EQ', values: ['10'] }, { kind: 'range', index: { scope: prop('code'), type: 'long' }, operator: 'EQ', values: ['11'] }] },
    },
    {
      name: 'NE over two types holds only when both do',
      json: { jsonPropertyRangeQuery: { property: 'code', operator: '!=', value: [10, { type: 'xs:long', val: '11' }] } },
      how: { rangeIndexes: indexes },
      expected: { kind: 'and', queries: [{ kind: 'range', index: { scope: prop('code'), type: 'int' }, operator: 'NE', values: ['10'] }, { kind: 'range', index: { scope: prop('code'), type: 'long' }, operator: 'NE', values: ['11'] }] },
    },
    {
      name: 'an element range query with a collation and weight',
      json: { elementRangeQuery: { element: ['{urn:x}genre'], operator: '>=', value: ['m'], options: ['collation=http://marklogic.com/collation/codepoint'], weight: 3 } },
      expected: { kind: 'range', index: { scope: elem('genre', 'urn:x'), type: 'string', collation: 'http://marklogic.com/collation/codepoint' }, operator: 'GE', values: ['m'], weight: 3 },
    },
    {
      name: 'an element attribute range query takes the attribute index',
      json: { elementAttributeRangeQuery: { element: 'item', attribute: 'amount', operator: '!=', value: 3 } },
      how: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: { kind: 'element-attribute', element: { name: 'item', ns: '' }, attribute: { name: 'amount', ns: '' } }, type: 'int' }, operator: 'NE', values: ['3'] },
    },
    { name: 'the operator may be written as a name', json: { elementRangeQuery: { element: 'a', operator: 'GE', value: { type: 'int', val: '1' } } }, expected: { kind: 'range', index: { scope: elem('a'), type: 'int' }, operator: 'GE', values: ['1'] } },
    { name: 'a collection query', json: { collectionQuery: { uris: ['a', 'b'] } }, expected: { kind: 'collection', uris: ['a', 'b'] } },
    { name: 'a directory query', json: { directoryQuery: { uris: ['/a/'], depth: 'infinity' } }, expected: { kind: 'directory', uris: ['/a/'], infinite: true } },
    { name: 'a directory query of depth 1 as a number', json: { directoryQuery: { uris: '/a/', depth: 1 } }, expected: { kind: 'directory', uris: ['/a/'], infinite: false } },
    { name: 'an empty directory query matches nothing', json: { directoryQuery: {} }, expected: { kind: 'false' } },
    { name: 'a document query', json: { documentQuery: { uris: ['/a.json'] } }, expected: { kind: 'document', uris: ['/a.json'] } },
    { name: 'a JSON property scope query', json: { jsonPropertyScopeQuery: { property: ['address'], query: { wordQuery: { text: 'x' } } } }, expected: { kind: 'container', scope: prop('address'), query: word('x') } },
    {
      name: 'an element query over two elements',
      json: { elementQuery: { element: ['a', '{urn:x}b'], query: { trueQuery: {} } } },
      expected: { kind: 'or', queries: [{ kind: 'container', scope: elem('a'), query: { kind: 'true' } }, { kind: 'container', scope: elem('b', 'urn:x'), query: { kind: 'true' } }] },
    },
    { name: 'a properties fragment query', json: { propertiesFragmentQuery: { query: { collectionQuery: { uris: ['c'] } } } }, expected: { kind: 'properties', query: collection('c') } },
    { name: 'a document fragment query', json: { documentFragmentQuery: { query: { collectionQuery: { uris: ['c'] } } } }, expected: collection('c') },
    { name: 'a true query', json: { trueQuery: {} }, expected: { kind: 'true' } },
    { name: 'a false query written with null', json: { falseQuery: null }, expected: { kind: 'false' } },
  ])('$name', ({ json, expected, how }) => {
    expect(parseCtsJson(json, how)).toEqual(expected);
  });

  test.for<{ name: string; json: unknown; code?: string; message: RegExp }>([
    { name: 'a query that is not an object', json: ['wordQuery'], message: /ctsquery: expected an object, found an array/ },
    { name: 'an empty object', json: { ctsquery: {} }, message: /expected a cts query, found an empty object/ },
    { name: 'a structured kind name', json: { ctsquery: { 'word-query': { text: 'a' } } }, message: /unknown cts query kind word-query: the JSON form names kinds in camelCase \(wordQuery\)/ },
    { name: 'an unknown kind', json: { fuzzyQuery: {} }, message: /unknown cts query kind fuzzyQuery/ },
    { name: 'two kinds in one object', json: { wordQuery: { text: 'a' }, trueQuery: {} }, message: /Too many subqueries: ctsquery holds wordQuery, trueQuery/ },
    { name: 'a sibling query root', json: { ctsquery: { trueQuery: {} }, query: { queries: [] } }, message: /Too many subqueries: the request/ },
    { name: 'an unknown key beside ctsquery', json: { ctsquery: { trueQuery: {} }, extra: 1 }, message: /unexpected extra beside ctsquery/ },
    { name: 'an unknown key in a kind', json: { wordQuery: { text: 'a', boost: 2 } }, message: /wordQuery: unknown key boost/ },
    { name: 'a query where settings belong', json: { wordQuery: { text: 'a', trueQuery: {} } }, message: /trueQuery cannot appear here/ },
    { name: 'a word query with no text', json: { wordQuery: { text: [] } }, message: /needs at least one text/ },
    { name: 'a text that is an object', json: { wordQuery: { text: [{}] } }, message: /expected a string, found an object/ },
    { name: 'a prefixed JSON element name', json: { elementWordQuery: { element: 'b:title', text: 'a' } }, message: /"b:title" has a prefix no declaration binds; write \{namespace-uri\}title/ },
    { name: 'an element query without its element', json: { elementQuery: { query: { trueQuery: {} } } }, message: /needs element/ },
    { name: 'an attribute on an element word query', json: { elementWordQuery: { element: 'a', attribute: 'b', text: 'x' } }, message: /unknown key attribute/ },
    { name: 'an empty property name', json: { jsonPropertyValueQuery: { property: '', value: 'x' } }, message: /name at least one JSON property/ },
    { name: 'a value query with no value', json: { jsonPropertyValueQuery: { property: 'a', value: [] } }, message: /needs at least one value/ },
    { name: 'a typed value that is not its type', json: { jsonPropertyValueQuery: { property: 'a', value: [{ type: 'xs:int', val: 'ten' }] } }, message: /"ten" is not a number/ },
    { name: 'a typed value without its type', json: { jsonPropertyRangeQuery: { property: 'a', operator: '=', value: [{ val: '1' }] } }, message: /a typed value needs its type/ },
    { name: 'a null range value', json: { jsonPropertyRangeQuery: { property: 'a', operator: '=', value: [null] } }, message: /found null/ },
    { name: 'a range query without values', json: { jsonPropertyRangeQuery: { property: 'a', operator: '=' } }, message: /needs value/ },
    { name: 'two collations', json: { elementRangeQuery: { element: 'a', operator: '=', value: 'x', options: ['collation=http://marklogic.com/collation/', 'collation=http://marklogic.com/collation/codepoint'] } }, message: /collations .* disagree/ },
    { name: 'a near-query without queries', json: { nearQuery: { queries: [] } }, message: /needs at least one query/ },
    { name: 'two minimum distances that disagree', json: { nearQuery: { queries: [{ trueQuery: {} }], 'minimum-distance': 1, options: ['minimum-distance=2'] } }, message: /minimum distances 1 and 2 disagree/ },
    { name: 'an and-query option that is a near option', json: { andQuery: { queries: [], options: ['minimum-distance=2'] } }, message: /is not an option of this query/ },
    { name: 'a not-query without its query', json: { notQuery: {} }, message: /notQuery: needs query/ },
    { name: 'a true query with settings', json: { trueQuery: { x: 1 } }, message: /takes no settings/ },
    { name: 'a geospatial query', json: { jsonPropertyGeospatialQuery: {} }, message: /jsonPropertyGeospatialQuery is not supported: Tabula has no geospatial indexes/ },
    { name: 'a field range query', json: { fieldRangeQuery: { field: ['fullName'], operator: '=', value: ['x'] } }, code: 'XDMP-FIELDRIDXNOTFOUND', message: /fieldRangeQuery is not supported \(field fullName\)/ },
    { name: 'a path range query', json: { pathRangeQuery: { pathExpression: ['/a'] } }, code: 'XDMP-PATHRIDXNOTFOUND', message: /pathRangeQuery is not supported \(path \/a\)/ },
    { name: 'a generic range query', json: { rangeQuery: {} }, message: /rangeQuery is not supported: name the index with element-range-query/ },
    { name: 'an lsqt query', json: { lsqtQuery: {} }, message: /lsqtQuery is not supported/ },
    { name: 'a locks fragment query', json: { locksFragmentQuery: { query: { trueQuery: {} } } }, message: /locksFragmentQuery is not supported/ },
    { name: 'an error deep inside', json: { andQuery: { queries: [{ trueQuery: {} }, { orQuery: { queries: [{ wordQuery: {} }] } }] } }, message: /andQuery.queries\[1\].orQuery.queries\[0\].wordQuery: needs text/ },
  ])('$name is refused', ({ json, code, message }) => {
    const e = failure(() => parseCtsJson(json));
    expect(e.code).toBe(code ?? 'RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(message);
  });

  test('the XML and JSON forms of one query parse alike', () => {
    const xml =
      '<cts:and-query xmlns:b="urn:books"><cts:element-word-query weight="2"><cts:element>b:title</cts:element><cts:text>blue</cts:text><cts:option>case-insensitive</cts:option></cts:element-word-query>' +
      '<cts:directory-query depth="infinity"><cts:uri>/books/</cts:uri></cts:directory-query></cts:and-query>';
    const json = { andQuery: { queries: [{ elementWordQuery: { element: ['{urn:books}title'], text: ['blue'], options: ['case-insensitive'], weight: 2 } }, { directoryQuery: { uris: ['/books/'], depth: 'infinity' } }] } };
    expect(fromXml(xml)).toEqual(parseCtsJson(json));
  });
});

describe('cts queries as text', () => {
  test.for<{ name: string; text: string; expected: Query }>([
    { name: 'XML', text: ` <cts:collection-query xmlns:cts="${CTS_NS}"><cts:uri>published</cts:uri></cts:collection-query>`, expected: collection('published') },
    { name: 'XML with a declaration', text: `<?xml version="1.0"?>\n<cts:true-query xmlns:cts="${CTS_NS}"/>`, expected: { kind: 'true' } },
    { name: 'JSON', text: '{"ctsquery":{"wordQuery":{"text":["x"]}}}', expected: word('x') },
  ])('$name', ({ text, expected }) => {
    expect(parseCtsText(text)).toEqual(expected);
  });

  test('a malformed query is invalid content', () => {
    expect(failure(() => parseCtsText('<x')).code).toBe('RESTAPI-INVALIDCONTENT');
  });
});

describe('additional queries of query options', () => {
  const constraints: QueryOptions = { constraint: [{ name: 'intitle', word: { 'json-property': 'title' } }] };

  test.for<{ name: string; entries: QueryOptions['additional-query']; expected: Query[] }>([
    { name: 'no additional query', entries: undefined, expected: [] },
    { name: 'a serialised cts query, as JSON options carry it', entries: [`<cts:collection-query xmlns:cts="${CTS_NS}"><cts:uri>published</cts:uri></cts:collection-query>`], expected: [collection('published')] },
    {
      name: 'every entry, in order',
      entries: [`<cts:collection-query xmlns:cts="${CTS_NS}"><cts:uri>a</cts:uri></cts:collection-query>`, `<cts:directory-query xmlns:cts="${CTS_NS}" depth="infinity"><cts:uri>/d/</cts:uri></cts:directory-query>`],
      expected: [collection('a'), { kind: 'directory', uris: ['/d/'], infinite: true }],
    },
    { name: 'a structured query in XML', entries: [`<search:query xmlns:search="http://marklogic.com/appservices/search"><search:collection-query><search:uri>a</search:uri></search:collection-query></search:query>`], expected: [collection('a')] },
    { name: 'a structured query kind in XML on its own', entries: [`<search:term-query xmlns:search="http://marklogic.com/appservices/search"><search:text>soup</search:text></search:term-query>`], expected: [word('soup')] },
    { name: 'a JSON structured query', entries: [{ query: { queries: [{ 'collection-query': { uri: ['a'] } }] } }], expected: [collection('a')] },
    { name: 'the content of a JSON structured query', entries: [{ 'collection-query': { uri: 'a' } }], expected: [collection('a')] },
    { name: 'a structured query naming a constraint of the options', entries: [{ 'word-constraint-query': { 'constraint-name': 'intitle', text: 'soup' } }], expected: [word('soup', prop('title'))] },
    { name: 'a JSON cts query', entries: [{ ctsquery: { collectionQuery: { uris: ['a'] } } }], expected: [collection('a')] },
    { name: 'a JSON cts query without its wrapper', entries: [{ collectionQuery: { uris: ['a'] } }], expected: [collection('a')] },
    { name: 'a JSON cts query as text', entries: ['{"ctsquery":{"documentQuery":{"uris":["/a.json"]}}}'], expected: [{ kind: 'document', uris: ['/a.json'] }] },
  ])('$name', ({ entries, expected }) => {
    expect(additionalQueries({ ...constraints, 'additional-query': entries })).toEqual(expected);
  });

  test('range values take the types of the indexes the caller passes', () => {
    const options: QueryOptions = { 'additional-query': [`<cts:json-property-range-query xmlns:cts="${CTS_NS}" operator="&lt;"><cts:property>published</cts:property><cts:value>2020-01-01</cts:value></cts:json-property-range-query>`] };
    expect(additionalQueries(options, { rangeIndexes: indexes })).toEqual([{ kind: 'range', index: { scope: prop('published'), type: 'date' }, operator: 'LT', values: ['2020-01-01'] }]);
  });

  test.for<{ name: string; entries: unknown[]; code?: string; message: RegExp }>([
    { name: 'a malformed second entry is named', entries: [{ collectionQuery: { uris: ['a'] } }, `<cts:word-query xmlns:cts="${CTS_NS}"/>`], message: /^RESTAPI-INVALIDCONTENT: .*Invalid query: additional-query\[1\]: wordQuery: needs text/ },
    { name: 'XML that is not well-formed', entries: ['<cts:word-query'], message: /additional-query\[0\]: the additional query is not well-formed XML/ },
    { name: 'XML in another namespace', entries: ['<query xmlns="urn:other"/>'], message: /additional-query\[0\]: \{urn:other\}query is neither a cts query/ },
    { name: 'text that is no query', entries: ['published'], message: /additional-query\[0\]: expected a serialised query/ },
    { name: 'an empty string', entries: [''], message: /additional-query\[0\]: the query is empty/ },
    { name: 'a number', entries: [42], message: /additional-query\[0\]: expected a serialised query or a query object, found 42/ },
    { name: 'a structured query naming an unknown constraint', entries: [{ 'word-constraint-query': { 'constraint-name': 'nope', text: 'x' } }], code: 'REST-INVALIDPARAM', message: /additional-query\[0\]: Unknown constraint: nope/ },
    { name: 'an unsupported cts kind', entries: [`<cts:field-range-query xmlns:cts="${CTS_NS}" operator="="><cts:field>f</cts:field><cts:value>1</cts:value></cts:field-range-query>`], code: 'XDMP-FIELDRIDXNOTFOUND', message: /additional-query\[0\]: cts:field-range-query is not supported/ },
    { name: 'too many subqueries', entries: [{ ctsquery: { trueQuery: {}, falseQuery: {} } }], message: /additional-query\[0\]: Too many subqueries/ },
  ])('$name is refused', ({ entries, code, message }) => {
    const e = failure(() => additionalQueries({ ...constraints, 'additional-query': entries as QueryOptions['additional-query'] }));
    expect(e.code).toBe(code ?? 'RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(message);
  });
});
