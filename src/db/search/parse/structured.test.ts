import { describe, expect, test } from 'vitest';
import { failure } from '../../../../test/db-error';
import type { QueryOptions } from '../../options/types';
import { parseXml } from '../../xml/parse';
import type { Query } from '../query-model';
import { parseStructuredQuery, parseStructuredQueryText, parseStructuredQueryXml } from './structured';
import { SEARCH_NS } from '../../xml/namespaces';

const options: QueryOptions = {
  constraint: [
    { name: 'intitle', word: { 'json-property': 'title', 'term-option': ['case-sensitive'] } },
    { name: 'id', value: { 'json-property': 'id' } },
    { name: 'count', value: { 'json-property': 'count', type: 'number' } },
    {
      name: 'pop',
      range: {
        'json-property': 'popularity',
        type: 'xs:int',
        bucket: [
          { name: 'low', lt: '3' },
          { name: 'high', ge: '3', lt: '6' },
        ],
      },
    },
    { name: 'coll', collection: { prefix: 'set/' } },
    { name: 'addr', container: { 'json-property': 'address' } },
    { name: 'section', 'element-query': { name: 'section', ns: 'urn:x' } },
    { name: 'props', properties: null },
    { name: 'fancy', custom: { parse: { apply: 'parse' } } },
  ],
};

const term = (text: string): Query => ({ kind: 'word', text: [text], options: {} });
const title = { kind: 'json-property', name: 'title' } as const;
const price = { kind: 'json-property', name: 'price' } as const;

describe('structured queries in JSON', () => {
  test.for<{ name: string; query: unknown; expected: Query }>([
    { name: 'the top-level queries are ANDed', query: { query: { queries: [{ 'term-query': { text: ['a'] } }, { 'term-query': { text: ['b'] } }] } }, expected: { kind: 'and', queries: [term('a'), term('b')] } },
    { name: 'the content of the query wrapper is accepted on its own', query: { queries: [{ 'term-query': { text: 'a' } }] }, expected: term('a') },
    { name: 'query-kind keys beside queries are ANDed with them', query: { queries: [{ 'term-query': { text: 'a' } }], 'term-query': { text: 'b' } }, expected: { kind: 'and', queries: [term('a'), term('b')] } },
    { name: 'an empty query matches every document', query: { query: { queries: [] } }, expected: { kind: 'true' } },
    { name: 'a term query ORs its texts, with term options and weight', query: { 'term-query': { text: ['soup', 'stew'], 'term-option': ['case-sensitive', 'unstemmed'], weight: 2 } }, expected: { kind: 'word', text: ['soup', 'stew'], options: { caseSensitive: true, stemmed: false }, weight: 2 } },
    { name: 'a scalar stands for an array of one', query: { 'term-query': { text: 'soup', 'term-option': 'exact' } }, expected: { kind: 'word', text: ['soup'], options: { exact: true } } },
    { name: 'an and-query keeps ordered', query: { 'and-query': { queries: [{ 'term-query': { text: 'a' } }, { 'term-query': { text: 'b' } }], ordered: true } }, expected: { kind: 'and', queries: [term('a'), term('b')], ordered: true } },
    { name: 'an and-query of one query is that query', query: { 'and-query': { queries: [{ 'term-query': { text: 'a' } }] } }, expected: term('a') },
    { name: 'an empty and-query matches everything', query: { 'and-query': { queries: [] } }, expected: { kind: 'true' } },
    { name: 'an or-query', query: { 'or-query': { queries: [{ 'term-query': { text: 'a' } }, { 'term-query': { text: 'b' } }] } }, expected: { kind: 'or', queries: [term('a'), term('b')] } },
    { name: 'an empty or-query matches nothing', query: { 'or-query': { queries: [] } }, expected: { kind: 'false' } },
    { name: 'a not-query holds one query', query: { 'not-query': { 'term-query': { text: 'a' } } }, expected: { kind: 'not', query: term('a') } },
    { name: 'an and-not-query', query: { 'and-not-query': { 'positive-query': { 'term-query': { text: 'a' } }, 'negative-query': { 'term-query': { text: 'b' } } } }, expected: { kind: 'and-not', positive: term('a'), negative: term('b') } },
    { name: 'a not-in-query', query: { 'not-in-query': { 'positive-query': { 'term-query': { text: 'a' } }, 'negative-query': { 'term-query': { text: 'a b' } } } }, expected: { kind: 'not-in', positive: term('a'), negative: term('a b') } },
    { name: 'a boost-query', query: { 'boost-query': { 'matching-query': { 'term-query': { text: 'a' } }, 'boosting-query': { 'term-query': { text: 'b' } } } }, expected: { kind: 'boost', matching: term('a'), boosting: term('b') } },
    { name: 'a near-query defaults to ten words', query: { 'near-query': { queries: [{ 'term-query': { text: 'a' } }, { 'term-query': { text: 'b' } }] } }, expected: { kind: 'near', queries: [term('a'), term('b')], distance: 10 } },
    {
      name: 'a near-query with distance, minimum distance, order and distance weight',
      query: { 'near-query': { queries: [{ 'term-query': { text: 'a' } }, { 'term-query': { text: 'b' } }], distance: 3, 'minimum-distance': 1, 'distance-weight': 2, ordered: true } },
      expected: { kind: 'near', queries: [term('a'), term('b')], distance: 3, minimumDistance: 1, ordered: true, weight: 2 },
    },
    { name: 'a word query on a JSON property', query: { 'word-query': { 'json-property': 'title', text: ['tomato soup'], 'term-option': ['stemmed'], weight: 1 } }, expected: { kind: 'word', text: ['tomato soup'], scope: title, options: { stemmed: true }, weight: 1 } },
    { name: 'a word query on an element', query: { 'word-query': { element: { name: 'title', ns: 'urn:x' }, text: 'soup' } }, expected: { kind: 'word', text: ['soup'], scope: { kind: 'element', name: 'title', ns: 'urn:x' }, options: {} } },
    {
      name: 'a word query on an element attribute',
      query: { 'word-query': { element: { name: 'item' }, attribute: { name: 'label', ns: '' }, text: 'red' } },
      expected: { kind: 'word', text: ['red'], scope: { kind: 'element-attribute', element: { name: 'item', ns: '' }, attribute: { name: 'label', ns: '' } }, options: {} },
    },
    { name: 'a word query scoped to the properties fragment', query: { 'word-query': { 'json-property': 'title', text: 'x', 'fragment-scope': 'properties' } }, expected: { kind: 'properties', query: { kind: 'word', text: ['x'], scope: title, options: {} } } },
    { name: 'a value query keeps JSON types when no type is given', query: { 'value-query': { 'json-property': 'status', text: ['active', 3, true, null] } }, expected: { kind: 'value', values: ['active', 3, true, null], scope: { kind: 'json-property', name: 'status' }, options: {} } },
    { name: 'a value query of type number', query: { 'value-query': { 'json-property': 'n', type: 'number', text: ['5', 6.5] } }, expected: { kind: 'value', values: [5, 6.5], scope: { kind: 'json-property', name: 'n' }, options: {} } },
    { name: 'a value query of type boolean', query: { 'value-query': { 'json-property': 'ok', type: 'boolean', text: 'true' } }, expected: { kind: 'value', values: [true], scope: { kind: 'json-property', name: 'ok' }, options: {} } },
    { name: 'a value query of type null needs no text', query: { 'value-query': { 'json-property': 'gone', type: 'null' } }, expected: { kind: 'value', values: [null], scope: { kind: 'json-property', name: 'gone' }, options: {} } },
    { name: 'a value query of type string makes text of numbers', query: { 'value-query': { 'json-property': 'zip', type: 'string', text: [2134] } }, expected: { kind: 'value', values: ['2134'], scope: { kind: 'json-property', name: 'zip' }, options: {} } },
    { name: 'a value query on an element compares text', query: { 'value-query': { element: { name: 'n', ns: '' }, type: 'number', text: [5], 'term-option': ['exact'], weight: 3 } }, expected: { kind: 'value', values: ['5'], scope: { kind: 'element', name: 'n', ns: '' }, options: { exact: true }, weight: 3 } },
    {
      name: 'a range query ORs its values',
      query: { 'range-query': { 'json-property': 'price', type: 'xs:decimal', value: [10, 20], 'range-operator': 'GE', 'range-option': ['min-occurs=1'], weight: 1 } },
      expected: { kind: 'range', index: { scope: price, type: 'decimal' }, operator: 'GE', values: ['10', '20'], weight: 1 },
    },
    { name: 'a range query defaults to EQ', query: { 'range-query': { 'json-property': 'price', type: 'int', value: 3 } }, expected: { kind: 'range', index: { scope: price, type: 'int' }, operator: 'EQ', values: ['3'] } },
    {
      name: 'a string range query keeps its collation',
      query: { 'range-query': { element: { name: 'status', ns: '' }, type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', value: 'open', 'range-operator': 'NE' } },
      expected: { kind: 'range', index: { scope: { kind: 'element', name: 'status', ns: '' }, type: 'string', collation: 'http://marklogic.com/collation/codepoint' }, operator: 'NE', values: ['open'] },
    },
    { name: 'a range query accepts the operator symbols', query: { 'range-query': { 'json-property': 'price', type: 'xs:double', value: 1.5, 'range-operator': '<=' } }, expected: { kind: 'range', index: { scope: price, type: 'double' }, operator: 'LE', values: ['1.5'] } },
    { name: 'a collection query', query: { 'collection-query': { uri: ['orders', 'archive'] } }, expected: { kind: 'collection', uris: ['orders', 'archive'] } },
    { name: 'a directory query is one level deep by default', query: { 'directory-query': { uri: '/orders/' } }, expected: { kind: 'directory', uris: ['/orders/'], infinite: false } },
    { name: 'an infinite directory query', query: { 'directory-query': { uri: ['/orders/'], infinite: true } }, expected: { kind: 'directory', uris: ['/orders/'], infinite: true } },
    { name: 'a document query', query: { 'document-query': { uri: ['/a.json', '/b.json'] } }, expected: { kind: 'document', uris: ['/a.json', '/b.json'] } },
    {
      name: 'a container query on a JSON property holds its query as a sibling key',
      query: { 'container-query': { 'json-property': 'address', 'word-query': { 'json-property': 'city', text: 'Paris' } } },
      expected: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: { kind: 'word', text: ['Paris'], scope: { kind: 'json-property', name: 'city' }, options: {} } },
    },
    { name: 'a container query on an element', query: { 'container-query': { element: { name: 'address', ns: 'urn:a' }, 'term-query': { text: 'Paris' } } }, expected: { kind: 'container', scope: { kind: 'element', name: 'address', ns: 'urn:a' }, query: term('Paris') } },
    { name: 'a properties-fragment-query', query: { 'properties-fragment-query': { 'term-query': { text: 'draft' } } }, expected: { kind: 'properties', query: term('draft') } },
    { name: 'properties-query is the same', query: { 'properties-query': { 'term-query': { text: 'draft' } } }, expected: { kind: 'properties', query: term('draft') } },
    { name: 'a document-fragment-query is its query', query: { 'document-fragment-query': { 'term-query': { text: 'a' } } }, expected: term('a') },
    { name: 'a true-query', query: { 'true-query': null }, expected: { kind: 'true' } },
    { name: 'a false-query', query: { 'false-query': {} }, expected: { kind: 'false' } },
    { name: 'a word constraint query', query: { 'word-constraint-query': { 'constraint-name': 'intitle', text: ['memex'] } }, expected: { kind: 'word', text: ['memex'], scope: title, options: { caseSensitive: true } } },
    {
      name: 'a word constraint query ORs its texts and takes a weight',
      query: { 'word-constraint-query': { 'constraint-name': 'intitle', text: ['a', 'b'], weight: 2 } },
      expected: { kind: 'or', queries: [{ kind: 'word', text: ['a'], scope: title, options: { caseSensitive: true }, weight: 2 }, { kind: 'word', text: ['b'], scope: title, options: { caseSensitive: true }, weight: 2 }] },
    },
    { name: 'a value constraint query', query: { 'value-constraint-query': { 'constraint-name': 'id', text: ['0026'] } }, expected: { kind: 'value', values: ['0026'], scope: { kind: 'json-property', name: 'id' }, options: {} } },
    { name: 'a value constraint query with a JSON number for a number constraint', query: { 'value-constraint-query': { 'constraint-name': 'count', number: 4 } }, expected: { kind: 'value', values: [4], scope: { kind: 'json-property', name: 'count' }, options: {} } },
    {
      name: 'a range constraint query',
      query: { 'range-constraint-query': { 'constraint-name': 'pop', value: 5, 'range-operator': 'GT' } },
      expected: { kind: 'range', index: { scope: { kind: 'json-property', name: 'popularity' }, type: 'int' }, operator: 'GT', values: ['5'] },
    },
    {
      name: 'a range constraint query takes a bucket name',
      query: { 'range-constraint-query': { 'constraint-name': 'pop', value: ['high'] } },
      expected: {
        kind: 'and',
        queries: [
          { kind: 'range', index: { scope: { kind: 'json-property', name: 'popularity' }, type: 'int' }, operator: 'GE', values: ['3'] },
          { kind: 'range', index: { scope: { kind: 'json-property', name: 'popularity' }, type: 'int' }, operator: 'LT', values: ['6'] },
        ],
      },
    },
    { name: 'a collection constraint query adds the prefix', query: { 'collection-constraint-query': { 'constraint-name': 'coll', uri: ['a', 'b'] } }, expected: { kind: 'or', queries: [{ kind: 'collection', uris: ['set/a'] }, { kind: 'collection', uris: ['set/b'] }] } },
    { name: 'a container constraint query', query: { 'container-constraint-query': { 'constraint-name': 'addr', 'term-query': { text: 'Paris' } } }, expected: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: term('Paris') } },
    { name: 'element-constraint-query is the older name', query: { 'element-constraint-query': { 'constraint-name': 'section', 'term-query': { text: 'x' } } }, expected: { kind: 'container', scope: { kind: 'element', name: 'section', ns: 'urn:x' }, query: term('x') } },
    { name: 'a properties constraint query', query: { 'properties-constraint-query': { 'constraint-name': 'props', 'term-query': { text: 'draft' } } }, expected: { kind: 'properties', query: term('draft') } },
    {
      name: 'queries nest to any depth',
      query: { 'or-query': { queries: [{ 'and-query': { queries: [{ 'term-query': { text: 'a' } }, { 'not-query': { 'collection-query': { uri: 'c' } } }] } }, { 'true-query': null }] } },
      expected: { kind: 'or', queries: [{ kind: 'and', queries: [term('a'), { kind: 'not', query: { kind: 'collection', uris: ['c'] } }] }, { kind: 'true' }] },
    },
    { name: 'numbers and booleans may be written as text', query: { 'near-query': { queries: { 'term-query': { text: 'a' } }, distance: '4', ordered: 'false' } }, expected: { kind: 'near', queries: [term('a')], distance: 4, ordered: false } },
  ])('$name', ({ query, expected }) => {
    expect(parseStructuredQuery(query, options)).toEqual(expected);
  });

  test('a term query takes the options’ term settings under its own', () => {
    const withTerm: QueryOptions = { term: { 'term-option': ['case-sensitive', 'unstemmed'] } };
    expect(parseStructuredQuery({ 'term-query': { text: 'a', 'term-option': ['stemmed'] } }, withTerm)).toEqual({
      kind: 'word',
      text: ['a'],
      options: { caseSensitive: true, stemmed: true },
    });
  });

  test.for<{ name: string; query: unknown; code: string; message: RegExp }>([
    { name: 'a query that is not an object', query: ['term-query'], code: 'RESTAPI-INVALIDCONTENT', message: /expected an object, found an array/ },
    { name: 'an unknown key at the top', query: { query: { queries: [], bogus: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /unknown key bogus/ },
    { name: 'two sibling query roots', query: { query: { queries: [] }, ctsquery: {} }, code: 'RESTAPI-INVALIDCONTENT', message: /^RESTAPI-INVALIDCONTENT: .*Too many subqueries/ },
    { name: 'two queries in one queries item', query: { queries: [{ 'term-query': { text: 'a' }, 'word-query': { 'json-property': 'x', text: 'b' } }] }, code: 'RESTAPI-INVALIDCONTENT', message: /Too many subqueries/ },
    { name: 'two queries in a not-query', query: { 'not-query': { 'term-query': { text: 'a' }, 'collection-query': { uri: 'c' } } }, code: 'RESTAPI-INVALIDCONTENT', message: /Too many subqueries/ },
    { name: 'two queries in a container query', query: { 'container-query': { 'json-property': 'a', 'term-query': { text: 'a' }, 'collection-query': { uri: 'c' } } }, code: 'RESTAPI-INVALIDCONTENT', message: /Too many subqueries/ },
    { name: 'an unknown query kind', query: { queries: [{ 'fuzzy-query': {} }] }, code: 'RESTAPI-INVALIDCONTENT', message: /unknown query kind fuzzy-query/ },
    { name: 'an empty query object', query: { queries: [{}] }, code: 'RESTAPI-INVALIDCONTENT', message: /empty object/ },
    { name: 'an unknown key in a kind', query: { 'word-query': { 'json-property': 'a', text: 'b', boost: 2 } }, code: 'RESTAPI-INVALIDCONTENT', message: /word-query: unknown key boost/ },
    { name: 'a query where settings belong', query: { 'term-query': { text: 'a', 'term-query': { text: 'b' } } }, code: 'RESTAPI-INVALIDCONTENT', message: /term-query cannot appear here/ },
    { name: 'a term query without text', query: { 'term-query': { weight: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs text/ },
    { name: 'a term query with an empty text list', query: { 'term-query': { text: [] } }, code: 'RESTAPI-INVALIDCONTENT', message: /at least one text/ },
    { name: 'a text that is an object', query: { 'term-query': { text: [{ a: 1 }] } }, code: 'RESTAPI-INVALIDCONTENT', message: /expected a string or number, found an object/ },
    { name: 'a word query without a scope', query: { 'word-query': { text: 'a' } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs json-property or element/ },
    { name: 'a word query with two scopes', query: { 'word-query': { 'json-property': 'a', element: { name: 'b' }, text: 'a' } }, code: 'RESTAPI-INVALIDCONTENT', message: /give one of json-property, element/ },
    { name: 'an attribute without its element', query: { 'word-query': { 'json-property': 'a', attribute: { name: 'b' }, text: 'a' } }, code: 'RESTAPI-INVALIDCONTENT', message: /attribute needs element/ },
    { name: 'an element without a name', query: { 'word-query': { element: { ns: 'urn:x' }, text: 'a' } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs a name/ },
    { name: 'a field, which Tabula does not configure', query: { 'word-query': { field: { name: 'fullName' }, text: 'a' } }, code: 'XDMP-FIELDRIDXNOTFOUND', message: /fullName/ },
    { name: 'a value query of an unknown type', query: { 'value-query': { 'json-property': 'a', type: 'date', text: 'x' } }, code: 'RESTAPI-INVALIDCONTENT', message: /not a JSON value type/ },
    { name: 'a number value query with a word', query: { 'value-query': { 'json-property': 'a', type: 'number', text: 'ten' } }, code: 'RESTAPI-INVALIDCONTENT', message: /"ten" is not a number/ },
    { name: 'a boolean value query with a number', query: { 'value-query': { 'json-property': 'a', type: 'boolean', text: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /1 is not a boolean/ },
    { name: 'a range query without a type', query: { 'range-query': { 'json-property': 'a', value: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /a range type is required/ },
    { name: 'a range query of an unknown type', query: { 'range-query': { 'json-property': 'a', type: 'xs:duration', value: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /unsupported range type xs:duration/ },
    { name: 'a range query with a bad operator', query: { 'range-query': { 'json-property': 'a', type: 'xs:int', value: 1, 'range-operator': 'BETWEEN' } }, code: 'RESTAPI-INVALIDCONTENT', message: /"BETWEEN" is not LT, LE, GT, GE, EQ or NE/ },
    { name: 'a range query without a value', query: { 'range-query': { 'json-property': 'a', type: 'xs:int' } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs value/ },
    { name: 'a collation on a numeric range', query: { 'range-query': { 'json-property': 'a', type: 'xs:int', value: 1, collation: 'http://marklogic.com/collation/' } }, code: 'RESTAPI-INVALIDCONTENT', message: /collation applies to string ranges/ },
    { name: 'a collection query without uri', query: { 'collection-query': {} }, code: 'RESTAPI-INVALIDCONTENT', message: /needs uri/ },
    { name: 'a directory depth other than 1 or infinity', query: { 'directory-query': { uri: '/a/', depth: 3 } }, code: 'RESTAPI-INVALIDCONTENT', message: /3 is not a directory depth/ },
    { name: 'a near-query with a negative distance', query: { 'near-query': { queries: [{ 'term-query': { text: 'a' } }], distance: -1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /whole number of words/ },
    { name: 'a near-query whose minimum exceeds its distance', query: { 'near-query': { queries: [{ 'term-query': { text: 'a' } }], distance: 2, 'minimum-distance': 5 } }, code: 'RESTAPI-INVALIDCONTENT', message: /minimum-distance 5 is greater than distance 2/ },
    { name: 'a near-query without queries', query: { 'near-query': { queries: [] } }, code: 'RESTAPI-INVALIDCONTENT', message: /at least one query/ },
    { name: 'an ordered flag that is not a boolean', query: { 'and-query': { queries: [], ordered: 'yes' } }, code: 'RESTAPI-INVALIDCONTENT', message: /expected true or false, found "yes"/ },
    { name: 'an and-not-query without its negative query', query: { 'and-not-query': { 'positive-query': { 'term-query': { text: 'a' } } } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs negative-query/ },
    { name: 'a container query without its query', query: { 'container-query': { 'json-property': 'a' } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs a query beside its settings/ },
    { name: 'a container on an attribute', query: { 'container-query': { element: { name: 'a' }, attribute: { name: 'b' }, 'term-query': { text: 'x' } } }, code: 'RESTAPI-INVALIDCONTENT', message: /a container is a json-property or an element/ },
    { name: 'a true-query with settings', query: { 'true-query': { x: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /takes no settings/ },
    { name: 'a bad fragment scope', query: { 'term-query': { text: 'a', 'fragment-scope': 'locks' } }, code: 'RESTAPI-INVALIDCONTENT', message: /"locks" is not documents or properties/ },
    { name: 'a constraint query without its name', query: { 'word-constraint-query': { text: 'a' } }, code: 'RESTAPI-INVALIDCONTENT', message: /needs constraint-name/ },
    { name: 'an unknown constraint', query: { 'word-constraint-query': { 'constraint-name': 'nope', text: 'a' } }, code: 'REST-INVALIDPARAM', message: /Unknown constraint: nope/ },
    { name: 'a word constraint query naming a range constraint', query: { 'word-constraint-query': { 'constraint-name': 'pop', text: 'a' } }, code: 'REST-INVALIDPARAM', message: /pop, which is a range constraint, not word/ },
    { name: 'a container constraint query naming a word constraint', query: { 'container-constraint-query': { 'constraint-name': 'intitle', 'term-query': { text: 'a' } } }, code: 'REST-INVALIDPARAM', message: /not container or element-query/ },
    { name: 'a range constraint query naming a value constraint', query: { 'range-constraint-query': { 'constraint-name': 'id', value: 'a' } }, code: 'REST-INVALIDPARAM', message: /id is a value constraint/ },
    { name: 'a value constraint query giving two kinds of value', query: { 'value-constraint-query': { 'constraint-name': 'id', text: 'a', number: 1 } }, code: 'RESTAPI-INVALIDCONTENT', message: /give one of text, number/ },
    { name: 'a custom constraint query', query: { 'custom-constraint-query': { 'constraint-name': 'fancy', text: ['x'] } }, code: 'RESTAPI-INVALIDCONTENT', message: /custom-constraint-query is not supported/ },
    { name: 'a geospatial constraint query', query: { 'geospatial-constraint-query': { 'constraint-name': 'loc', point: { latitude: 1, longitude: 2 } } }, code: 'RESTAPI-INVALIDCONTENT', message: /geospatial-constraint-query is not supported: Tabula has no geospatial indexes/ },
    { name: 'a geo property query', query: { 'geo-json-property-query': {} }, code: 'RESTAPI-INVALIDCONTENT', message: /geo-json-property-query is not supported/ },
    { name: 'a temporal query', query: { 'period-range-query': {} }, code: 'RESTAPI-INVALIDCONTENT', message: /period-range-query is not supported: Tabula has no temporal collections/ },
    { name: 'a locks fragment query', query: { 'locks-fragment-query': { 'term-query': { text: 'a' } } }, code: 'RESTAPI-INVALIDCONTENT', message: /locks-fragment-query is not supported/ },
  ])('$name is refused', ({ query, code, message }) => {
    const e = failure(() => parseStructuredQuery(query, options));
    expect(e.code).toBe(code);
    expect(e.status).toBe(400);
    expect(e.message).toMatch(message);
  });

  test('the error names where in the query the problem is', () => {
    const e = failure(() => parseStructuredQuery({ queries: [{ 'term-query': { text: 'a' } }, { 'or-query': { queries: [{ 'word-query': { text: 'x' } }] } }] }, options));
    expect(e.message).toContain('query.queries[1].or-query.queries[0].word-query: needs json-property or element');
  });
});

const xml = (body: string) => parseXml(`<search:query xmlns:search="${SEARCH_NS}">${body}</search:query>`).documentElement!;

describe('structured queries in XML', () => {
  test.for<{ name: string; body: string; expected: Query }>([
    { name: 'the children of query are ANDed', body: '<search:term-query><search:text>a</search:text></search:term-query><search:term-query><search:text>b</search:text></search:term-query>', expected: { kind: 'and', queries: [term('a'), term('b')] } },
    { name: 'an empty query matches every document', body: '', expected: { kind: 'true' } },
    {
      name: 'repeated texts, term options and weight',
      body: '<search:term-query><search:text>soup</search:text><search:text>stew</search:text><search:term-option>case-sensitive</search:term-option><search:weight>2.0</search:weight></search:term-query>',
      expected: { kind: 'word', text: ['soup', 'stew'], options: { caseSensitive: true }, weight: 2 },
    },
    {
      name: 'and-query children are its queries',
      body: '<search:and-query><search:ordered>true</search:ordered><search:term-query><search:text>a</search:text></search:term-query><search:term-query><search:text>b</search:text></search:term-query></search:and-query>',
      expected: { kind: 'and', queries: [term('a'), term('b')], ordered: true },
    },
    { name: 'or-query', body: '<search:or-query><search:term-query><search:text>a</search:text></search:term-query><search:true-query/></search:or-query>', expected: { kind: 'or', queries: [term('a'), { kind: 'true' }] } },
    { name: 'not-query', body: '<search:not-query><search:term-query><search:text>a</search:text></search:term-query></search:not-query>', expected: { kind: 'not', query: term('a') } },
    {
      name: 'and-not-query with positive and negative queries',
      body: '<search:and-not-query><search:positive-query><search:term-query><search:text>a</search:text></search:term-query></search:positive-query><search:negative-query><search:term-query><search:text>b</search:text></search:term-query></search:negative-query></search:and-not-query>',
      expected: { kind: 'and-not', positive: term('a'), negative: term('b') },
    },
    {
      name: 'boost-query',
      body: '<search:boost-query><search:matching-query><search:term-query><search:text>foo</search:text></search:term-query></search:matching-query><search:boosting-query><search:term-query><search:text>bar</search:text></search:term-query></search:boosting-query></search:boost-query>',
      expected: { kind: 'boost', matching: term('foo'), boosting: term('bar') },
    },
    {
      name: 'near-query as the Java client writes it',
      body: '<search:near-query><search:term-query><search:text>two</search:text></search:term-query><search:ordered>false</search:ordered><search:distance>4</search:distance><search:distance-weight>2.3</search:distance-weight></search:near-query>',
      expected: { kind: 'near', queries: [term('two')], distance: 4, ordered: false, weight: 2.3 },
    },
    {
      name: 'value-query with its type attribute and an empty element reference',
      body: '<search:value-query type="string"><search:element ns="" name="name"/><search:text>one</search:text><search:weight>2.0</search:weight></search:value-query>',
      expected: { kind: 'value', values: ['one'], scope: { kind: 'element', name: 'name', ns: '' }, options: {}, weight: 2 },
    },
    {
      name: 'value-query on a JSON property converts text to its type',
      body: '<search:value-query type="boolean"><search:json-property>active</search:json-property><search:text>true</search:text><search:term-option>exact</search:term-option></search:value-query>',
      expected: { kind: 'value', values: [true], scope: { kind: 'json-property', name: 'active' }, options: { exact: true } },
    },
    {
      name: 'range-query with type and collation attributes',
      body: '<search:range-query type="xs:string" collation="http://marklogic.com/collation/"><search:element ns="" name="name"/><search:fragment-scope>documents</search:fragment-scope><search:value>value1</search:value><search:value>value2</search:value><search:range-operator>GE</search:range-operator><search:range-option>score-function=linear</search:range-option></search:range-query>',
      expected: { kind: 'range', index: { scope: { kind: 'element', name: 'name', ns: '' }, type: 'string', collation: 'http://marklogic.com/collation/' }, operator: 'GE', values: ['value1', 'value2'] },
    },
    {
      name: 'range-query on an element attribute',
      body: '<search:range-query type="xs:int"><search:element name="price" ns=""/><search:attribute name="amount" ns=""/><search:value>3</search:value><search:range-operator>EQ</search:range-operator></search:range-query>',
      expected: { kind: 'range', index: { scope: { kind: 'element-attribute', element: { name: 'price', ns: '' }, attribute: { name: 'amount', ns: '' } }, type: 'int' }, operator: 'EQ', values: ['3'] },
    },
    { name: 'collection-query', body: '<search:collection-query><search:uri>a</search:uri><search:uri>b</search:uri></search:collection-query>', expected: { kind: 'collection', uris: ['a', 'b'] } },
    { name: 'directory-query with infinite', body: '<search:directory-query><search:uri>/dir1/</search:uri><search:infinite>true</search:infinite></search:directory-query>', expected: { kind: 'directory', uris: ['/dir1/'], infinite: true } },
    { name: 'directory-query with depth 1', body: '<search:directory-query depth="1"><search:uri>/dir1/</search:uri></search:directory-query>', expected: { kind: 'directory', uris: ['/dir1/'], infinite: false } },
    { name: 'document-query', body: '<search:document-query><search:uri>/some/uri.xml</search:uri></search:document-query>', expected: { kind: 'document', uris: ['/some/uri.xml'] } },
    {
      name: 'container-query on an element',
      body: '<search:container-query><search:element name="address" ns="urn:a"/><search:term-query><search:text>Paris</search:text></search:term-query></search:container-query>',
      expected: { kind: 'container', scope: { kind: 'element', name: 'address', ns: 'urn:a' }, query: term('Paris') },
    },
    {
      name: 'container-query on a JSON property',
      body: '<search:container-query><search:json-property>address</search:json-property><search:term-query><search:text>Paris</search:text></search:term-query></search:container-query>',
      expected: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: term('Paris') },
    },
    { name: 'properties-fragment-query', body: '<search:properties-fragment-query><search:directory-query><search:uri>/d/</search:uri><search:infinite>false</search:infinite></search:directory-query></search:properties-fragment-query>', expected: { kind: 'properties', query: { kind: 'directory', uris: ['/d/'], infinite: false } } },
    { name: 'false-query', body: '<search:false-query/>', expected: { kind: 'false' } },
    { name: 'word-constraint-query', body: '<search:word-constraint-query><search:constraint-name>intitle</search:constraint-name><search:text>memex</search:text></search:word-constraint-query>', expected: { kind: 'word', text: ['memex'], scope: title, options: { caseSensitive: true } } },
    { name: 'value-constraint-query with a weight', body: '<search:value-constraint-query><search:constraint-name>id</search:constraint-name><search:text>one</search:text><search:weight>2.0</search:weight></search:value-constraint-query>', expected: { kind: 'value', values: ['one'], scope: { kind: 'json-property', name: 'id' }, options: {}, weight: 2 } },
    {
      name: 'range-constraint-query',
      body: '<search:range-constraint-query><search:constraint-name>pop</search:constraint-name><search:value>low</search:value><search:range-operator>EQ</search:range-operator></search:range-constraint-query>',
      expected: { kind: 'range', index: { scope: { kind: 'json-property', name: 'popularity' }, type: 'int' }, operator: 'LT', values: ['3'] },
    },
    { name: 'collection-constraint-query', body: '<search:collection-constraint-query><search:constraint-name>coll</search:constraint-name><search:uri>c1</search:uri></search:collection-constraint-query>', expected: { kind: 'collection', uris: ['set/c1'] } },
    {
      name: 'container-constraint-query',
      body: '<search:container-constraint-query><search:constraint-name>addr</search:constraint-name><search:term-query><search:text>one</search:text></search:term-query></search:container-constraint-query>',
      expected: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: term('one') },
    },
    {
      name: 'properties-constraint-query',
      body: '<search:properties-constraint-query><search:constraint-name>props</search:constraint-name><search:term-query><search:text>one</search:text></search:term-query></search:properties-constraint-query>',
      expected: { kind: 'properties', query: term('one') },
    },
    { name: 'comments and layout whitespace are ignored', body: '\n  <!-- a -->\n  <search:term-query>\n    <search:text>a</search:text>\n  </search:term-query>\n', expected: term('a') },
  ])('$name', ({ body, expected }) => {
    expect(parseStructuredQueryXml(xml(body), options)).toEqual(expected);
  });

  test('the default namespace serves as well as a prefix', () => {
    const root = parseXml(`<query xmlns="${SEARCH_NS}"><term-query><text>a</text></term-query></query>`).documentElement!;
    expect(parseStructuredQueryXml(root, options)).toEqual(term('a'));
  });

  test.for<{ name: string; body: string; message: RegExp }>([
    { name: 'an unknown query element', body: '<search:fuzzy-query/>', message: /unknown query kind fuzzy-query/ },
    { name: 'an element outside the search namespace', body: '<term-query xmlns="urn:other"/>', message: /is not in http:\/\/marklogic.com\/appservices\/search/ },
    { name: 'text among the queries', body: 'hello<search:true-query/>', message: /unexpected text "hello"/ },
    { name: 'an unknown attribute', body: '<search:term-query boost="2"><search:text>a</search:text></search:term-query>', message: /unknown attribute boost/ },
    { name: 'two queries in a not-query', body: '<search:not-query><search:true-query/><search:false-query/></search:not-query>', message: /Too many subqueries/ },
    { name: 'two queries in a container query', body: '<search:container-query><search:json-property>a</search:json-property><search:true-query/><search:false-query/></search:container-query>', message: /Too many subqueries/ },
    { name: 'a not-query without a query', body: '<search:not-query/>', message: /needs a query/ },
    { name: 'an unknown setting', body: '<search:term-query><search:text>a</search:text><search:boost>2</search:boost></search:term-query>', message: /unknown key boost/ },
    { name: 'a setting given twice', body: '<search:near-query><search:true-query/><search:distance>1</search:distance><search:distance>2</search:distance></search:near-query>', message: /distance appears twice/ },
    { name: 'a temporal query', body: '<search:lsqt-query/>', message: /lsqt-query is not supported/ },
  ])('$name is refused', ({ body, message }) => {
    const e = failure(() => parseStructuredQueryXml(xml(body), options));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.message).toMatch(message);
  });

  test('a root other than search:query is refused', () => {
    const root = parseXml('<query><term-query/></query>').documentElement!;
    expect(failure(() => parseStructuredQueryXml(root, options)).message).toMatch(/the root element must be query in http:\/\/marklogic.com\/appservices\/search, not query/);
  });
});

describe('the structuredQuery parameter', () => {
  test.for<{ name: string; text: string; format?: 'json' | 'xml'; expected: Query }>([
    { name: 'JSON is recognised by its brace', text: ' {"query":{"queries":[{"term-query":{"text":["a"]}}]}}', expected: term('a') },
    { name: 'XML is recognised by its angle bracket', text: `<query xmlns="${SEARCH_NS}"><term-query><text>a</text></term-query></query>`, expected: term('a') },
    { name: 'the format may be told', text: `<query xmlns="${SEARCH_NS}"><true-query/></query>`, format: 'xml', expected: { kind: 'true' } },
  ])('$name', ({ text, format, expected }) => {
    expect(parseStructuredQueryText(text, options, format ? { format } : {})).toEqual(expected);
  });

  test('a body given as text may report RESTAPI-INVALIDCONTENT instead', () => {
    expect(failure(() => parseStructuredQueryText('<bad', options)).code).toBe('RESTAPI-INVALIDCONTENT');
  });

  test('an unknown constraint stays a REST-INVALIDPARAM whatever the body code', () => {
    const text = '{"word-constraint-query":{"constraint-name":"nope","text":"a"}}';
    expect(failure(() => parseStructuredQueryText(text, options)).code).toBe('REST-INVALIDPARAM');
  });
});
