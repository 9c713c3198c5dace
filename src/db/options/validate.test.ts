import { describe, expect, test } from 'vitest';
import { DbError } from '../errors';
import { normalizeOptions } from './convert';
import { effectiveOptions, restDefaultOptions } from './defaults';
import { optionsProblems, validateOptions } from './validate';
import type { QueryOptions, TuplesDef } from './types';

const CTS = 'http://marklogic.com/cts';
const range = (extra: Record<string, unknown>) => ({ name: 'r', range: { type: 'xs:int', 'json-property': 'n', ...extra } });

/** Valid sets: each must produce no problem at all. */
const valid: Array<{ name: string; options: QueryOptions }> = [
  // The official client's orderBy('title') sends no type: xs:string, as the server sorts.
  { name: 'a sort order on an index without a type', options: { 'sort-order': [{ 'json-property': 'title', direction: 'ascending' }] } },
  { name: 'an empty set', options: {} },
  { name: 'the REST defaults', options: restDefaultOptions() },
  { name: 'the complete built-in defaults', options: effectiveOptions(undefined) },
  {
    name: 'every constraint kind',
    options: {
      constraint: [
        { name: 'tag', collection: { prefix: 'tag/', facet: true, 'facet-option': ['frequency-order', 'descending', 'limit=10'] } },
        { name: 'id', value: { 'json-property': 'id', type: 'number', 'term-option': ['exact'], weight: 2 } },
        { name: 'title', word: { element: { ns: 'urn:x', name: 'title' }, 'term-option': ['stemmed', 'case-insensitive', 'lang=en'] } },
        { name: 'lang', range: { type: 'xs:string', collation: 'http://marklogic.com/collation/codepoint', element: { name: 'doc' }, attribute: { name: 'lang' } } },
        { name: 'year', range: { type: 'int', 'json-property': 'year', bucket: [{ name: 'old', lt: '2000', label: 'Old' }, { name: 'new', ge: '2000' }] } },
        { name: 'when', range: { type: 'xs:dateTime', 'json-property': 'when', 'computed-bucket': [{ name: 'today', ge: 'P0D', lt: 'P1D', anchor: 'start-of-day' }] } },
        { name: 'addr', container: { 'json-property': 'address' } },
        { name: 'chapter', 'element-query': { name: 'chapter', ns: '' } },
        { name: 'prop', properties: null },
        { name: 'status', properties: 'status' },
        { name: 'custom', custom: { facet: false, parse: { apply: 'p', ns: 'urn:p', at: '/p.xqy' } } },
        { name: 'geo', 'geo-json-property-pair': { 'parent-property': 'loc', 'lat-property': 'lat', 'lon-property': 'lon' } },
      ],
    },
  },
  {
    name: 'search settings users rely on',
    options: {
      'page-length': 0,
      'return-results': true,
      'return-facets': false,
      'return-metrics': true,
      'return-qtext': true,
      'return-query': true,
      'quality-weight': 0.5,
      'search-option': ['filtered', 'score-simple', 'sample=100'],
      'additional-query': [`<cts:collection-query xmlns:cts="${CTS}"><cts:uri>x</cts:uri></cts:collection-query>`, { 'collection-query': { uri: ['y'] } }],
      term: { apply: 'term', empty: { apply: 'no-results' }, 'term-option': ['wildcarded', 'diacritic-sensitive'] },
      'transform-results': { apply: 'snippet', 'per-match-tokens': 10, 'max-matches': 1, 'max-snippet-chars': 100, 'preferred-matches': { 'json-property': ['body'] } },
      'sort-order': [{ direction: 'ascending', type: 'xs:string', 'json-property': 'title' }, { direction: 'descending', score: null }],
      'extract-document-data': { selected: 'include', 'extract-path': ['/title'] },
    },
  },
  {
    name: 'a grammar with a different quotation mark and joiners',
    options: { grammar: { quotation: "'", joiner: [{ label: 'OU', strength: 10, apply: 'infix', 'cts-element': 'cts:or-query', tokenize: 'word' }] } },
  },
  {
    name: 'values, tuples, operators, suggestions and options Tabula only keeps',
    options: {
      constraint: [{ name: 'genre', range: { type: 'xs:string', 'json-property': 'genre' } }],
      values: [{ name: 'genres', range: { type: 'xs:string', 'json-property': 'genre' }, 'values-option': ['frequency-order'], aggregate: [{ apply: 'count' }] }, { name: 'uris', uri: null }],
      tuples: [{ name: 'pairs', indexes: [{ range: { type: 'xs:string', 'json-property': 'genre' } }, { collection: null }] }],
      operator: [{ name: 'sort', state: [{ name: 'newest', 'sort-order': [{ direction: 'descending', type: 'xs:date', 'json-property': 'd' }] }, { name: 'short', 'page-length': 5 }] }],
      'suggestion-source': [{ ref: 'genre', 'suggestion-option': ['limit=5'] }],
      'default-suggestion-source': { ref: 'genre' },
      'extract-metadata': { 'constraint-value': [{ ref: 'genre' }] },
      forest: [12345],
      'concurrency-level': 4,
      'fragment-scope': 'properties',
      debug: true,
      annotation: [{ note: 'kept' }],
    },
  },
  // What the official client's valuesBuilder sends (a range with "facet": false; tuples under indexes).
  {
    name: 'values and tuples as the official client sends them',
    options: {
      values: [{ name: 'v', style: 'consistent', range: { 'json-property': 'tag', type: 'xs:string', facet: false }, aggregate: [{ apply: 'count' }], 'values-option': ['descending'] }],
      tuples: [{ name: 't', style: 'consistent', indexes: [{ range: { 'json-property': 'a', type: 'xs:int', facet: false } }, { range: { element: { name: 'b', ns: '' }, type: 'xs:int', facet: false } }] }],
    },
  },
  {
    name: 'tuples listing their ranges as keys of their own (the Search Developer’s Guide form), as sent',
    options: { tuples: [{ name: 't', range: [{ type: 'xs:int', 'json-property': 'a' }, { type: 'xs:string', 'json-property': 'b', collation: 'http://marklogic.com/collation/codepoint' }] } as unknown as TuplesDef] },
  },
  { name: 'tuples mixing indexes and a source key', options: { tuples: [{ name: 't', indexes: [{ uri: null }], collection: null } as unknown as TuplesDef] } },
  {
    name: 'values and tuples ranges leaving their type to the index (valuesBuilder.fromIndexes(\'name\'))',
    options: { values: [{ name: 'v', range: { 'json-property': 'tag', facet: false } }], tuples: [{ name: 't', indexes: [{ range: { 'json-property': 'a' } }, { range: { element: { name: 'b', ns: '' } } }] }] } as unknown as QueryOptions,
  },
];

describe('valid options', () => {
  test.for(valid)('$name have no problems', ({ options }) => {
    expect(optionsProblems(options)).toEqual([]);
    expect(() => validateOptions(options)).not.toThrow();
  });
});

/** One invalid set per rule, with what the message must say. */
const invalid: Array<{ name: string; options: unknown; problem: RegExp }> = [
  { name: 'an unknown top-level key', options: { 'page-lenght': 10 }, problem: /Unknown option "page-lenght"/ },
  { name: 'options that are not an object', options: [1], problem: /must be an object/ },
  { name: 'duplicate constraint names', options: { constraint: [{ name: 'a', collection: null }, { name: 'a', properties: null }] }, problem: /Operator or constraint name "a" is used more than once \(must be unique\)\./ },
  { name: 'a constraint named like an operator', options: { constraint: [{ name: 'sort', collection: null }], operator: [{ name: 'sort', state: [] }] }, problem: /name "sort" is used more than once/ },
  { name: 'a constraint without a name', options: { constraint: [{ collection: null }] }, problem: /Constraint 1 needs a name/ },
  { name: 'a constraint name with a space', options: { constraint: [{ name: 'a b', collection: null }] }, problem: /must not contain spaces/ },
  { name: 'a constraint without a kind', options: { constraint: [{ name: 'a' }] }, problem: /Constraint "a" has no kind/ },
  { name: 'a constraint with two kinds', options: { constraint: [{ name: 'a', word: { 'json-property': 'x' }, value: { 'json-property': 'x' } }] }, problem: /Constraint "a" has more than one kind: value, word/ },
  { name: 'an unknown key in a constraint', options: { constraint: [{ name: 'a', collection: null, facet: true }] }, problem: /Constraint "a" has an unknown key "facet"/ },
  { name: 'a values range with an unsupported type', options: { values: [{ name: 'v', range: { type: 'xs:gYear', 'json-property': 'n' } }] }, problem: /Values "v": range type "xs:gYear" is not supported/ },
  { name: 'an untyped values range whose collation is not a collation URI', options: { values: [{ name: 'v', range: { 'json-property': 'n', collation: 'en' } }] }, problem: /Values "v": collation "en" is not a collation URI/ },
  { name: 'an untyped range constraint whose collation is not a collation URI', options: { constraint: [{ name: 'r', range: { 'json-property': 'n', collation: 'en' } }] }, problem: /collation "en" is not a collation URI/ },
  { name: 'a range constraint with an unsupported type', options: { constraint: [range({ type: 'xs:gYear' })] }, problem: /range type "xs:gYear" is not supported/ },
  { name: 'a range constraint without an index', options: { constraint: [{ name: 'r', range: { type: 'xs:int' } }] }, problem: /Constraint "r" needs json-property, element, field, or path-index/ },
  { name: 'a range constraint with two indexes', options: { constraint: [range({ element: { name: 'n' } })] }, problem: /names more than one of json-property, element/ },
  { name: 'a collation on a numeric range', options: { constraint: [range({ collation: 'http://marklogic.com/collation/' })] }, problem: /collation applies only to xs:string and xs:anyURI/ },
  { name: 'a collation that is not a collation URI', options: { constraint: [range({ type: 'xs:string', collation: 'en' })] }, problem: /collation "en" is not a collation URI/ },
  { name: 'an attribute without its element', options: { constraint: [{ name: 'w', word: { attribute: { name: 'lang' }, field: { name: 'f' } } }] }, problem: /attribute needs the element that carries it/ },
  { name: 'an element without a name', options: { constraint: [{ name: 'w', word: { element: { ns: 'urn:x' } } }] }, problem: /element needs a name/ },
  { name: 'a value constraint without an index', options: { constraint: [{ name: 'v', value: { type: 'string' } }] }, problem: /Constraint "v" needs json-property, element, or field/ },
  { name: 'a value constraint with a bad type', options: { constraint: [{ name: 'v', value: { 'json-property': 'v', type: 'xs:int' } }] }, problem: /value type must be string, number, boolean or null/ },
  { name: 'a word constraint that is not an object', options: { constraint: [{ name: 'w', word: 'title' }] }, problem: /word must be an object/ },
  { name: 'a container constraint without an index', options: { constraint: [{ name: 'c', container: {} }] }, problem: /Constraint "c" needs json-property or element/ },
  { name: 'an element-query without a name', options: { constraint: [{ name: 'e', 'element-query': { ns: '' } }] }, problem: /element-query needs an element name/ },
  { name: 'a properties constraint with a number', options: { constraint: [{ name: 'p', properties: 3 }] }, problem: /properties is null or a property name/ },
  { name: 'a facet flag that is not a boolean', options: { constraint: [range({ facet: 'yes' })] }, problem: /facet must be true or false/ },
  { name: 'an unknown facet option', options: { constraint: [range({ 'facet-option': ['biggest-first'] })] }, problem: /facet-option "biggest-first" is not a known option/ },
  { name: 'a facet limit that is not a number', options: { constraint: [range({ 'facet-option': ['limit=ten'] })] }, problem: /facet-option "limit=ten" needs a positive integer/ },
  { name: 'conflicting facet options', options: { constraint: [range({ 'facet-option': ['ascending', 'descending'] })] }, problem: /ascending and descending cannot be given together/ },
  { name: 'a bucket without a name', options: { constraint: [range({ bucket: [{ lt: '1' }] })] }, problem: /bucket 1 needs a name/ },
  { name: 'a bucket without bounds', options: { constraint: [range({ bucket: [{ name: 'all' }] })] }, problem: /bucket "all" needs ge or lt/ },
  { name: 'a bucket bound of the wrong type', options: { constraint: [range({ bucket: [{ name: 'b', lt: 'ten' }] })] }, problem: /bucket "b": lt "ten" is not a valid xs:int/ },
  { name: 'an int bucket bound out of range', options: { constraint: [range({ bucket: [{ name: 'b', lt: '3000000000' }] })] }, problem: /is not a valid xs:int/ },
  { name: 'two buckets with one name', options: { constraint: [range({ bucket: [{ name: 'b', lt: '1' }, { name: 'b', ge: '1' }] })] }, problem: /bucket "b" is defined more than once/ },
  { name: 'a computed bucket on a numeric range', options: { constraint: [range({ 'computed-bucket': [{ name: 'c', ge: 'P0D', anchor: 'now' }] })] }, problem: /computed buckets need a date, dateTime or time range/ },
  { name: 'a computed bucket with an unknown anchor', options: { constraint: [range({ type: 'xs:date', 'computed-bucket': [{ name: 'c', ge: 'P0D', anchor: 'midnight' }] })] }, problem: /anchor "midnight" is not one of/ },
  { name: 'a computed bucket bound that is not a duration', options: { constraint: [range({ type: 'xs:date', 'computed-bucket': [{ name: 'c', ge: '2020-01-01', anchor: 'now' }] })] }, problem: /ge "2020-01-01" is not a duration/ },
  { name: 'a term option that is not a cts option', options: { term: { 'term-option': ['fuzzy'] } }, problem: /term-option "fuzzy" is not a known option/ },
  { name: 'conflicting term options', options: { constraint: [{ name: 'w', word: { 'json-property': 'w', 'term-option': ['case-sensitive', 'case-insensitive'] } }] }, problem: /case-sensitive and case-insensitive cannot be given together/ },
  { name: 'a term empty rule that is not one of the two', options: { term: { empty: { apply: 'some-results' } } }, problem: /term empty must be/ },
  { name: 'a term default naming no constraint', options: { term: { default: { ref: 'nope' } } }, problem: /term default ref "nope" names no constraint/ },
  { name: 'a negative page length', options: { 'page-length': -1 }, problem: /page-length must be a non-negative integer, not -1/ },
  { name: 'a fractional page length', options: { 'page-length': 2.5 }, problem: /page-length must be a non-negative integer/ },
  { name: 'a page length that is not a number', options: { 'page-length': 'ten' }, problem: /page-length must be a non-negative integer, not "ten"/ },
  { name: 'a return flag that is not a boolean', options: { 'return-facets': 'yes' }, problem: /return-facets must be true or false/ },
  { name: 'a quality weight that is not a number', options: { 'quality-weight': 'heavy' }, problem: /quality-weight must be a number/ },
  { name: 'an unknown search option', options: { 'search-option': ['fast'] }, problem: /search-option "fast" is not a known option/ },
  { name: 'conflicting search options', options: { 'search-option': ['filtered', 'unfiltered'] }, problem: /filtered and unfiltered cannot be given together/ },
  { name: 'a sort order with a bad direction', options: { 'sort-order': [{ direction: 'up', score: null }] }, problem: /direction must be ascending or descending, not "up"/ },
  { name: 'a sort order by nothing', options: { 'sort-order': [{ direction: 'descending' }] }, problem: /needs score or an index/ },
  { name: 'a sort order by score and an index', options: { 'sort-order': [{ score: null, type: 'xs:int', 'json-property': 'n' }] }, problem: /sorts by score or by an index, not both/ },
  { name: 'a sort order with an unsupported type', options: { 'sort-order': [{ type: 'xs:hexBinary', 'json-property': 'n' }] }, problem: /range type "xs:hexBinary" is not supported/ },
  { name: 'a transform-results apply that is unknown', options: { 'transform-results': { apply: 'summary' } }, problem: /transform-results apply "summary" is not one of snippet, raw, empty-snippet, metadata-snippet/ },
  { name: 'a custom snippet function', options: { 'transform-results': { apply: 'snippet', ns: 'urn:s', at: '/s.xqy' } }, problem: /names server-side code, which Tabula does not run/ },
  { name: 'a snippet size that is not positive', options: { 'transform-results': { apply: 'snippet', 'max-matches': 0 } }, problem: /max-matches must be a positive integer/ },
  { name: 'an additional query that is not XML', options: { 'additional-query': ['<cts:and-query'] }, problem: /additional-query is not well-formed XML/ },
  { name: 'an additional query outside the cts and search namespaces', options: { 'additional-query': ['<and-query/>'] }, problem: /additional-query must be a query in the/ },
  { name: 'a grammar joiner Tabula cannot apply', options: { grammar: { joiner: [{ label: 'XOR', strength: 10, apply: 'infix', 'cts-element': 'cts:xor-query' }] } }, problem: /Invalid options grammar: infix joiner XOR/ },
  { name: 'a grammar starter that is not a list', options: { grammar: { starter: { label: '(' } } }, problem: /grammar starter must be an array of objects/ },
  { name: 'values without a source', options: { values: [{ name: 'v' }] }, problem: /Values "v" needs exactly one source/ },
  { name: 'values and tuples sharing a name', options: { values: [{ name: 'v', uri: null }], tuples: [{ name: 'v', indexes: [{ uri: null }, { collection: null }] }] }, problem: /name "v" is used more than once/ },
  { name: 'tuples of one index', options: { tuples: [{ name: 't', indexes: [{ uri: null }] }] }, problem: /Tuples "t" needs at least two indexes/ },
  { name: 'an unknown aggregate', options: { values: [{ name: 'v', uri: null, aggregate: [{ apply: 'mode' }] }] }, problem: /aggregate "mode" is not one of/ },
  { name: 'a suggestion source naming no constraint', options: { 'suggestion-source': [{ ref: 'nope' }] }, problem: /suggestion-source 1 ref "nope" names no constraint/ },
  { name: 'an extract path that is not a path', options: { 'extract-document-data': { 'extract-path': ['title'] } }, problem: /extract-path "title" must be a path starting with \// },
  { name: 'an extract selection that is unknown', options: { 'extract-document-data': { selected: 'some' } }, problem: /selected must be include, include-with-ancestors, exclude or all/ },
  { name: 'an operator state setting a bad page length', options: { operator: [{ name: 'size', state: [{ name: 'huge', 'page-length': -5 }] }] }, problem: /Operator "size" state "huge": page-length must be a non-negative integer/ },
  { name: 'an operator state setting what states cannot', options: { operator: [{ name: 'o', state: [{ name: 's', constraint: [] }] }] }, problem: /state "s" has an unknown key "constraint"/ },
  { name: 'a fragment scope that is unknown', options: { 'fragment-scope': 'locks' }, problem: /fragment-scope must be documents or properties/ },
  { name: 'a values range whose facet is not a boolean', options: { values: [{ name: 'v', range: { type: 'xs:int', 'json-property': 'n', facet: 'no' } as never }] }, problem: /Values "v": facet must be true or false, not "no"/ },
  { name: 'a values range with facet options', options: { values: [{ name: 'v', range: { type: 'xs:int', 'json-property': 'n', 'facet-option': ['limit=5'] } as never }] }, problem: /Values "v" range has an unknown key "facet-option"/ },
  { name: 'tuples of one range written as a key', options: { tuples: [{ name: 't', range: { type: 'xs:int', 'json-property': 'a' } } as unknown as TuplesDef] }, problem: /Tuples "t" needs at least two indexes/ },
  { name: 'tuples whose range key has an unsupported type', options: { tuples: [{ name: 't', range: [{ type: 'xs:gYear', 'json-property': 'a' }, { type: 'xs:int', 'json-property': 'b' }] } as unknown as TuplesDef] }, problem: /Tuples "t": range type "xs:gYear" is not supported/ },
];

describe('invalid options', () => {
  test.for(invalid)('$name is reported', ({ options, problem }) => {
    const problems = optionsProblems(options);
    expect(problems.some((p) => problem.test(p)), `problems: ${JSON.stringify(problems)}`).toBe(true);
  });

  test.for(invalid.filter((c) => typeof c.options === 'object' && !Array.isArray(c.options)))('$name: validateOptions throws 400 RESTAPI-INVALIDCONTENT', ({ options, problem }) => {
    let err: unknown;
    try {
      validateOptions(options as QueryOptions);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DbError);
    expect((err as DbError).status).toBe(400);
    expect((err as DbError).code).toBe('RESTAPI-INVALIDCONTENT');
    expect((err as DbError).message).toMatch(/^RESTAPI-INVALIDCONTENT: \(err:FOER0000\) Invalid content: Operation results in invalid Options: /);
    expect((err as DbError).message).toMatch(problem);
  });
});

describe('reporting', () => {
  test('every problem of a set is named, each as a sentence', () => {
    const problems = optionsProblems({ foo: 1, 'page-length': -1, constraint: [{ name: 'a' }] });
    expect(problems).toEqual([
      'Unknown option "foo".',
      'Constraint "a" has no kind (one of collection, value, word, range, container, element-query, properties, custom, geo-elem, geo-elem-pair, geo-attr-pair, geo-path, geo-json-property, geo-json-property-pair, geo-region-path).',
      'page-length must be a non-negative integer, not -1.',
    ]);
  });

  test('options as converted from client JSON validate as they would have been written', () => {
    const options = normalizeOptions({ 'page-length': '20', constraint: { name: 'tag', collection: { prefix: 't/', facet: 'true' } } });
    expect(optionsProblems(options)).toEqual([]);
  });

  test('shapes no client should send are reported, never thrown as something else', () => {
    const weird: unknown[] = [
      { constraint: 'x' },
      { constraint: [null, 3, []] },
      { term: [] },
      { grammar: 'g' },
      { 'sort-order': [null] },
      { values: {}, tuples: 'x' },
      { operator: [{ name: 'o', state: 'x' }] },
      { 'transform-results': null },
      { 'extract-metadata': { 'constraint-value': [null] } },
    ];
    for (const options of weird) expect(optionsProblems(options).length, JSON.stringify(options)).toBeGreaterThan(0);
  });
});
