import { describe, expect, test } from 'vitest';
import { failure } from '../../../../test/db-error';
import type { QueryOptions } from '../../options/types';
import { parseXml } from '../../xml/parse';
import { parseQbe, parseQbeText, parseQbeXml, QBE_NS, type ParsedQbe, type QbeContext } from './qbe';
import type { Query, RangeIndexRef, Scope } from '../query-model';

const options: QueryOptions = {};
const prop = (name: string): Scope => ({ kind: 'json-property', name });
const elem = (name: string, ns = ''): Scope => ({ kind: 'element', name, ns });
const exact = { exact: true };
const value = (scope: Scope, v: string | number | boolean | null, opts: object = exact): Query => ({ kind: 'value', values: [v], scope, options: opts });
const word = (text: string, scope?: Scope, opts: object = {}): Query => ({ kind: 'word', text: [text], ...(scope ? { scope } : {}), options: opts });

/**
 * Indexes like the official Node.js client's test database (etc/test-setup-qa.js), held as
 * the index configuration holds them: a JSON property's index is the element in no namespace,
 * with fields beside MarkLogic’s documentation.
 */
const indexes: Array<RangeIndexRef & { key: string }> = [
  { key: 'popularity', scope: elem('popularity'), type: 'int' },
  { key: 'amt', scope: elem('amt'), type: 'double' },
  { key: 'name', scope: elem('name'), type: 'string', collation: 'http://marklogic.com/collation/codepoint' },
  { key: 'date', scope: prop('date'), type: 'date' },
  { key: 'other', scope: elem('popularity', 'urn:other'), type: 'string' },
  { key: 'attr', scope: { kind: 'element-attribute', element: { name: 'price', ns: '' }, attribute: { name: 'amt', ns: '' } }, type: 'decimal' },
];

describe('JSON QBE', () => {
  test.for<{ name: string; qbe: unknown; expected: Query; context?: QbeContext }>([
    { name: 'a string is an exact value query on the property', qbe: { $query: { author: 'Mark Twain' } }, expected: value(prop('author'), 'Mark Twain') },
    { name: 'a number keeps its JSON type', qbe: { $query: { year: 1884 } }, expected: value(prop('year'), 1884) },
    { name: 'a boolean keeps its JSON type', qbe: { $query: { plenary: true } }, expected: value(prop('plenary'), true) },
    { name: 'null matches null', qbe: { $query: { vipCustomer: null } }, expected: value(prop('vipCustomer'), null) },
    { name: 'several keys are ANDed', qbe: { $query: { author: 'Twain', year: 1884 } }, expected: { kind: 'and', queries: [value(prop('author'), 'Twain'), value(prop('year'), 1884)] } },
    { name: 'an empty $query matches every document', qbe: { $query: {} }, expected: { kind: 'true' } },
    { name: 'a nested object is a container query', qbe: { $query: { price: { amt: 0.1 } } }, expected: { kind: 'container', scope: prop('price'), query: value(prop('amt'), 0.1) } },
    {
      name: 'several keys in a nested object are ANDed inside one container',
      qbe: { $query: { price: { amt: 0.1, currency: 'EUR' } } },
      expected: { kind: 'container', scope: prop('price'), query: { kind: 'and', queries: [value(prop('amt'), 0.1), value(prop('currency'), 'EUR')] } },
    },
    { name: 'an array asks for every item', qbe: { $query: { tags: ['a', 'b'] } }, expected: { kind: 'and', queries: [value(prop('tags'), 'a'), value(prop('tags'), 'b')] } },
    {
      name: 'objects in an array are containers on the property',
      qbe: { $query: { items: [{ sku: 'x' }, 'loose'] } },
      expected: { kind: 'and', queries: [{ kind: 'container', scope: prop('items'), query: value(prop('sku'), 'x') }, value(prop('items'), 'loose')] },
    },
    { name: 'an empty object asks only that the property is there', qbe: { $query: { price: {} } }, expected: { kind: 'container', scope: prop('price'), query: { kind: 'true' } } },
    { name: '$value is the explicit value query', qbe: { $query: { title: { $value: 'The memex' } } }, expected: value(prop('title'), 'The memex') },
    { name: '$exact false relaxes a value query', qbe: { $query: { title: { $value: 'the memex', $exact: false } } }, expected: value(prop('title'), 'the memex', { exact: false }) },
    { name: 'a term option replaces the implied exactness', qbe: { $query: { title: { $value: 'the memex', '$case-sensitive': false } } }, expected: value(prop('title'), 'the memex', { caseSensitive: false }) },
    { name: '$word is a word query on the property, not exact', qbe: { $query: { title: { $word: 'bush' } } }, expected: word('bush', prop('title')) },
    { name: '$word at the top searches the whole document', qbe: { $query: { $word: 'awesome', $stemmed: false } }, expected: word('awesome', undefined, { stemmed: false }) },
    {
      name: 'every term option',
      qbe: { $query: { p: { $word: 'Memex', '$case-sensitive': true, '$diacritic-sensitive': true, '$punctuation-sensitive': false, '$whitespace-sensitive': false, $stemmed: true, $wildcarded: true, $lang: 'EN', $weight: 2 } } },
      expected: { kind: 'word', text: ['Memex'], scope: prop('p'), options: { caseSensitive: true, diacriticSensitive: true, punctuationSensitive: false, whitespaceSensitive: false, stemmed: true, wildcarded: true, lang: 'en' }, weight: 2 },
    },
    { name: '$exact true on a word', qbe: { $query: { title: { $word: 'Bush', $exact: true } } }, expected: word('Bush', prop('title'), { exact: true }) },
    { name: '$weight on a value', qbe: { $query: { title: { $value: 'x', $weight: 3 } } }, expected: { ...value(prop('title'), 'x'), weight: 3 } as Query },
    {
      name: 'term options at a level apply to the criteria nested in it',
      qbe: { $query: { phrases: { $word: 'x' }, $exact: false, $stemmed: true } },
      expected: word('x', prop('phrases'), { exact: false, stemmed: true }),
    },
    {
      name: '$and of criteria',
      qbe: { $query: { $and: [{ title: { $word: 'bush' } }, { id: '0011' }] } },
      expected: { kind: 'and', queries: [word('bush', prop('title')), value(prop('id'), '0011')] },
    },
    { name: '$or of criteria', qbe: { $query: { $or: [{ a: 1 }, { b: 2 }] } }, expected: { kind: 'or', queries: [value(prop('a'), 1), value(prop('b'), 2)] } },
    { name: '$nor is not any of them', qbe: { $query: { $nor: [{ a: 1 }, { b: 2 }] } }, expected: { kind: 'not', query: { kind: 'or', queries: [value(prop('a'), 1), value(prop('b'), 2)] } } },
    { name: '$not negates one criteria object', qbe: { $query: { $not: { status: 'closed' } } }, expected: { kind: 'not', query: value(prop('status'), 'closed') } },
    {
      name: '$near with $distance and $ordered',
      qbe: { $query: { $near: [{ p: { $word: 'Bush' } }, { p: { $word: 'Memex' } }], $distance: 2, $ordered: true } },
      expected: { kind: 'near', queries: [word('Bush', prop('p')), word('Memex', prop('p'))], distance: 2, ordered: true },
    },
    { name: '$near defaults to ten words', qbe: { $query: { $near: [{ $word: 'a' }, { $word: 'b' }] } }, expected: { kind: 'near', queries: [word('a'), word('b')], distance: 10 } },
    {
      name: 'composers inside a property are criteria within it',
      qbe: { $query: { price: { $or: [{ amt: 1 }, { amt: 2 }] } } },
      expected: { kind: 'container', scope: prop('price'), query: { kind: 'or', queries: [value(prop('amt'), 1), value(prop('amt'), 2)] } },
    },
    {
      name: 'a comparison takes the type of the property’s range index',
      qbe: { $query: { popularity: { $lt: 4 } } },
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: prop('popularity'), type: 'int' }, operator: 'LT', values: ['4'] },
    },
    {
      name: 'a comparison inside a container uses the inner property’s index',
      qbe: { $query: { price: { amt: { $gt: 100.5 } } } },
      context: { rangeIndexes: indexes },
      expected: { kind: 'container', scope: prop('price'), query: { kind: 'range', index: { scope: prop('amt'), type: 'double' }, operator: 'GT', values: ['100.5'] } },
    },
    {
      name: 'a string comparison keeps the index’s collation',
      qbe: { $query: { name: { $ge: 'M' } } },
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: prop('name'), type: 'string', collation: 'http://marklogic.com/collation/codepoint' }, operator: 'GE', values: ['M'] },
    },
    {
      name: 'a date written as a string finds a date index',
      qbe: { $query: { date: { $ge: '2006-01-01' } } },
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: prop('date'), type: 'date' }, operator: 'GE', values: ['2006-01-01'] },
    },
    {
      name: 'several comparisons on a property are ANDed',
      qbe: { $query: { popularity: { $ge: 2, $le: 4 } } },
      context: { rangeIndexes: indexes },
      expected: {
        kind: 'and',
        queries: [
          { kind: 'range', index: { scope: prop('popularity'), type: 'int' }, operator: 'GE', values: ['2'] },
          { kind: 'range', index: { scope: prop('popularity'), type: 'int' }, operator: 'LE', values: ['4'] },
        ],
      },
    },
    { name: 'without an index a number compares as a double', qbe: { $query: { score: { $gt: 1.5 } } }, expected: { kind: 'range', index: { scope: prop('score'), type: 'double' }, operator: 'GT', values: ['1.5'] } },
    { name: 'without an index a string compares as a string', qbe: { $query: { status: { $ne: 'closed' } } }, expected: { kind: 'range', index: { scope: prop('status'), type: 'string' }, operator: 'NE', values: ['closed'] } },
    { name: 'without an index a boolean compares as a boolean', qbe: { $query: { done: { $eq: true } } }, expected: { kind: 'range', index: { scope: prop('done'), type: 'boolean' }, operator: 'EQ', values: ['true'] } },
    {
      name: '$datatype names the index type',
      qbe: { $query: { date: { $ge: '2006-01-01', $datatype: 'xs:date' } } },
      expected: { kind: 'range', index: { scope: prop('date'), type: 'date' }, operator: 'GE', values: ['2006-01-01'] },
    },
    {
      name: '$datatype wins over a configured index of another type',
      qbe: { $query: { popularity: { $gt: 4, $datatype: 'long' } } },
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: prop('popularity'), type: 'long' }, operator: 'GT', values: ['4'] },
    },
    { name: '$weight on a comparison', qbe: { $query: { n: { $lt: 3, $weight: 2 } } }, expected: { kind: 'range', index: { scope: prop('n'), type: 'double' }, operator: 'LT', values: ['3'], weight: 2 } },
    { name: '$filtered is accepted at the top', qbe: { $query: { a: 'b', $filtered: true } }, expected: value(prop('a'), 'b') },
  ])('$name', ({ qbe, expected, context }) => {
    expect(parseQbe(qbe, options, context).query).toEqual(expected);
  });

  test.for<{ name: string; qbe: unknown; expected: Partial<ParsedQbe> }>([
    { name: 'a JSON QBE searches JSON documents', qbe: { $query: { a: 1 } }, expected: { format: 'json' } },
    { name: '$format xml searches XML documents by element name', qbe: { $query: { firstname: 'John', price: { $lt: 3 } }, $format: 'xml' }, expected: { format: 'xml', query: { kind: 'and', queries: [value(elem('firstname'), 'John'), { kind: 'range', index: { scope: elem('price'), type: 'double' }, operator: 'LT', values: ['3'] }] } } },
    { name: 'in XML, numbers, booleans and null compare as text', qbe: { $query: { a: 1, b: false, c: null }, $format: 'xml' }, expected: { query: { kind: 'and', queries: [value(elem('a'), '1'), value(elem('b'), 'false'), value(elem('c'), '')] } } },
    { name: '$validate is handed back', qbe: { $query: {}, $validate: true }, expected: { validate: true } },
    { name: '$score is handed back', qbe: { $query: { $score: 'logtf' } }, expected: { score: 'logtf' } },
    { name: '$response is handed back as given', qbe: { $query: {}, $response: { $snippet: { $none: {} } } }, expected: { response: { json: { $snippet: { $none: {} } } } } },
  ])('$name', ({ qbe, expected }) => {
    expect(parseQbe(qbe, options)).toMatchObject(expected);
  });

  test('a QBE without flags says only its query and format', () => {
    expect(parseQbe({ $query: { a: 'b' } }, options)).toEqual({ query: value(prop('a'), 'b'), format: 'json' });
  });

  test.for<{ name: string; qbe: unknown; message: RegExp }>([
    { name: 'a QBE that is not an object', qbe: [1], message: /a QBE is a JSON object with \$query/ },
    { name: 'a QBE without $query', qbe: { author: 'Twain' }, message: /unknown key author in the QBE/ },
    { name: 'an empty QBE', qbe: {}, message: /a QBE needs \$query/ },
    { name: 'an unknown $format', qbe: { $query: {}, $format: 'text' }, message: /\$format "text" is not json or xml/ },
    { name: 'a $validate that is not a boolean', qbe: { $query: {}, $validate: 'yes' }, message: /\$validate must be true or false/ },
    { name: 'a $query that is not an object', qbe: { $query: 'Twain' }, message: /\$query: expected an object of criteria, found "Twain"/ },
    { name: 'an unknown operator at the top', qbe: { $query: { $regex: 'a.*' } }, message: /unknown operator \$regex/ },
    { name: 'an unknown operator on a property', qbe: { $query: { a: { $in: [1, 2] } } }, message: /\$query.a: unknown operator \$in/ },
    { name: '$value at the top', qbe: { $query: { $value: 'x' } }, message: /\$value applies to a property/ },
    { name: 'a comparison at the top', qbe: { $query: { $gt: 3 } }, message: /\$gt applies to a property/ },
    { name: '$value holding an array', qbe: { $query: { a: { $value: ['x', 'y'] } } }, message: /use \$or for several values/ },
    { name: '$word that is not text', qbe: { $query: { a: { $word: { x: 1 } } } }, message: /expected the words to find, found an object/ },
    { name: 'an empty $word', qbe: { $query: { $word: '  ' } }, message: /no words to find/ },
    { name: 'a comparison with null', qbe: { $query: { a: { $lt: null } } }, message: /\$query.a.\$lt: compares with a string, number or boolean/ },
    { name: 'a comparison with an object', qbe: { $query: { a: { $lt: { b: 1 } } } }, message: /compares with a string, number or boolean/ },
    { name: 'an unknown $datatype', qbe: { $query: { a: { $lt: 1, $datatype: 'xs:duration' } } }, message: /unsupported range type xs:duration/ },
    { name: '$datatype without a comparison', qbe: { $query: { a: { $value: 1, $datatype: 'xs:int' } } }, message: /\$datatype needs a comparison/ },
    { name: '$weight without a query to weigh', qbe: { $query: { a: { b: 1, $weight: 2 } } }, message: /\$weight needs \$value, \$word or a comparison/ },
    { name: '$weight at the top without $word', qbe: { $query: { a: 1, $weight: 2 } }, message: /\$weight needs \$word beside it/ },
    { name: 'a weight that is not a number', qbe: { $query: { a: { $word: 'x', $weight: 'heavy' } } }, message: /weight "heavy" is not a number/ },
    { name: 'a term option that is not a boolean', qbe: { $query: { a: { $word: 'x', $stemmed: 'no' } } }, message: /expected true or false, found "no"/ },
    { name: 'a $lang that is not a code', qbe: { $query: { a: { $word: 'x', $lang: 3 } } }, message: /lang must be a language code/ },
    { name: 'term options alone on a property', qbe: { $query: { a: { $exact: true } } }, message: /term options need \$value or \$word/ },
    { name: 'term options alone at the top', qbe: { $query: { $stemmed: true } }, message: /term options apply to nothing here/ },
    { name: '$distance without $near', qbe: { $query: { a: 1, $distance: 3 } }, message: /\$distance needs \$near beside it/ },
    { name: 'a negative $distance', qbe: { $query: { $near: [{ $word: 'a' }], $distance: -2 } }, message: /distance -2 is not a whole number of words/ },
    { name: 'an empty $and', qbe: { $query: { $and: [] } }, message: /\$and: needs at least one criterion/ },
    { name: 'a $not holding an array', qbe: { $query: { $not: [{ a: 1 }] } }, message: /\$not: expected an object of criteria, found an array/ },
    { name: 'an $or item that is not an object', qbe: { $query: { $or: ['a'] } }, message: /\$or\[0\]: expected an object of criteria/ },
    { name: 'an empty array', qbe: { $query: { tags: [] } }, message: /an empty array matches nothing/ },
    { name: 'an array inside an array', qbe: { $query: { tags: [['a']] } }, message: /arrays inside arrays/ },
    { name: '$filtered below the top', qbe: { $query: { a: { $filtered: true } } }, message: /\$filtered belongs at the top of \$query/ },
    { name: 'a $filtered that is not a boolean', qbe: { $query: { $filtered: 'yes' } }, message: /\$filtered: must be true or false/ },
    { name: 'an unknown $score', qbe: { $query: { $score: 'bm25' } }, message: /"bm25" is not one of logtfidf/ },
    { name: 'a property name that cannot be an element, searching XML', qbe: { $query: { 'first name': 'x' }, $format: 'xml' }, message: /cannot be an XML element name/ },
    { name: 'an empty property name', qbe: { $query: { '': 'x' } }, message: /a property name is empty/ },
  ])('$name is refused', ({ qbe, message }) => {
    const e = failure(() => parseQbe(qbe, options));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.status).toBe(400);
    expect(e.message).toMatch(message);
  });
});

const qbe = (body: string, format?: string) =>
  parseXml(`<q:qbe xmlns:q="${QBE_NS}">${format === undefined ? '' : `<q:format>${format}</q:format>`}<q:query>${body}</q:query></q:qbe>`).documentElement!;

describe('XML QBE', () => {
  test.for<{ name: string; body: string; format?: string; expected: Query; context?: QbeContext }>([
    { name: 'an element with text is an exact value query', body: '<author>Mark Twain</author>', expected: value(elem('author'), 'Mark Twain') },
    { name: 'sibling elements are ANDed', body: '<author>Twain</author><year>1884</year>', expected: { kind: 'and', queries: [value(elem('author'), 'Twain'), value(elem('year'), '1884')] } },
    { name: 'the element keeps its namespace', body: '<a:Akt xmlns:a="urn:akt">x</a:Akt>', expected: value(elem('Akt', 'urn:akt'), 'x') },
    { name: 'an empty element matches an empty value', body: '<note/>', expected: value(elem('note'), '') },
    {
      name: 'attributes are value queries on the attribute',
      body: '<a:Akt xmlns:a="urn:akt" Status="Usvojen"/>',
      expected: value({ kind: 'element-attribute', element: { name: 'Akt', ns: 'urn:akt' }, attribute: { name: 'Status', ns: '' } }, 'Usvojen'),
    },
    {
      name: 'attributes and text together',
      body: '<price currency="EUR">10</price>',
      expected: { kind: 'and', queries: [value({ kind: 'element-attribute', element: { name: 'price', ns: '' }, attribute: { name: 'currency', ns: '' } }, 'EUR'), value(elem('price'), '10')] },
    },
    {
      name: 'nested elements are container queries',
      body: '<PLAY><PERSONAE><PERSONA><q:word>brother</q:word></PERSONA></PERSONAE></PLAY>',
      expected: { kind: 'container', scope: elem('PLAY'), query: { kind: 'container', scope: elem('PERSONAE'), query: word('brother', elem('PERSONA')) } },
    },
    { name: 'q:word at the top searches the whole document', body: '<q:word>criteriaThatShouldNotMatchAnyDocument</q:word>', expected: word('criteriaThatShouldNotMatchAnyDocument') },
    { name: 'q:word with term options as attributes', body: '<title><q:word case-sensitive="true" stemmed="false" weight="2">Bush</q:word></title>', expected: { ...word('Bush', elem('title'), { caseSensitive: true, stemmed: false }), weight: 2 } as Query },
    { name: 'q:value with exact="false"', body: '<title><q:value exact="false">the memex</q:value></title>', expected: value(elem('title'), 'the memex', { exact: false }) },
    { name: 'xml:lang on q:word', body: '<title><q:word xml:lang="fr">chat</q:word></title>', expected: word('chat', elem('title'), { lang: 'fr' }) },
    {
      name: 'q:lt takes the type of the element’s range index',
      body: '<popularity><q:lt>4</q:lt></popularity>',
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: elem('popularity'), type: 'int' }, operator: 'LT', values: ['4'] },
    },
    {
      name: 'q:format json makes element names property names',
      body: '<popularity><q:lt>4</q:lt></popularity>',
      format: 'json',
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: prop('popularity'), type: 'int' }, operator: 'LT', values: ['4'] },
    },
    {
      name: 'an index in another namespace does not count',
      body: '<p:popularity xmlns:p="urn:p"><q:lt>4</q:lt></p:popularity>',
      context: { rangeIndexes: indexes },
      expected: { kind: 'range', index: { scope: elem('popularity', 'urn:p'), type: 'string' }, operator: 'LT', values: ['4'] },
    },
    { name: 'q:ge with a datatype', body: '<date><q:ge datatype="xs:date">2006-01-01</q:ge></date>', expected: { kind: 'range', index: { scope: elem('date'), type: 'date' }, operator: 'GE', values: ['2006-01-01'] } },
    { name: 'without an index an XML comparison is on strings', body: '<n><q:ne>5</q:ne></n>', expected: { kind: 'range', index: { scope: elem('n'), type: 'string' }, operator: 'NE', values: ['5'] } },
    { name: 'q:and', body: '<q:and><a>1</a><b>2</b></q:and>', expected: { kind: 'and', queries: [value(elem('a'), '1'), value(elem('b'), '2')] } },
    { name: 'q:or', body: '<q:or><author>A</author><author>B</author></q:or>', expected: { kind: 'or', queries: [value(elem('author'), 'A'), value(elem('author'), 'B')] } },
    { name: 'q:nor', body: '<q:nor><a>1</a><b>2</b></q:nor>', expected: { kind: 'not', query: { kind: 'or', queries: [value(elem('a'), '1'), value(elem('b'), '2')] } } },
    { name: 'q:not', body: '<q:not><status>closed</status></q:not>', expected: { kind: 'not', query: value(elem('status'), 'closed') } },
    {
      name: 'q:near with distance and ordered attributes',
      body: '<q:near distance="2" ordered="true"><p><q:word>Bush</q:word></p><p><q:word>Memex</q:word></p></q:near>',
      expected: { kind: 'near', queries: [word('Bush', elem('p')), word('Memex', elem('p'))], distance: 2, ordered: true },
    },
    { name: 'composers inside an element are criteria within it', body: '<price><q:or><amt>1</amt><amt>2</amt></q:or></price>', expected: { kind: 'container', scope: elem('price'), query: { kind: 'or', queries: [value(elem('amt'), '1'), value(elem('amt'), '2')] } } },
    { name: 'an empty q:query matches every document', body: '', expected: { kind: 'true' } },
    { name: 'layout whitespace and comments are ignored', body: '\n  <!-- who -->\n  <author>Twain</author>\n', expected: value(elem('author'), 'Twain') },
  ])('$name', ({ body, format, expected, context }) => {
    expect(parseQbeXml(qbe(body, format), options, context).query).toEqual(expected);
  });

  test('an XML QBE searches XML documents unless q:format says json', () => {
    expect(parseQbeXml(qbe('<a>1</a>'), options).format).toBe('xml');
    expect(parseQbeXml(qbe('<title>The memex</title>', 'json'), options)).toEqual({ query: value(prop('title'), 'The memex'), format: 'json' });
  });

  test('a bare q:query is a QBE too', () => {
    const root = parseXml(`<q:query xmlns:q="${QBE_NS}"><q:word>x</q:word></q:query>`).documentElement!;
    expect(parseQbeXml(root, options)).toEqual({ query: word('x'), format: 'xml' });
  });

  test('q:response is handed back as given', () => {
    const root = parseXml(`<q:qbe xmlns:q="${QBE_NS}"><q:query><a>1</a></q:query><q:response><q:snippet/></q:response></q:qbe>`).documentElement!;
    const parsed = parseQbeXml(root, options);
    expect(parsed.response && 'xml' in parsed.response ? parsed.response.xml.localName : undefined).toBe('response');
  });

  test.for<{ name: string; xml: string; message: RegExp }>([
    { name: 'a root outside the QBE namespace', xml: '<qbe><query/></qbe>', message: /the root element must be qbe or query in http:\/\/marklogic.com\/appservices\/querybyexample, not qbe/ },
    { name: 'a q:qbe without q:query', xml: `<q:qbe xmlns:q="${QBE_NS}"><q:format>xml</q:format></q:qbe>`, message: /a QBE needs q:query/ },
    { name: 'two q:query elements', xml: `<q:qbe xmlns:q="${QBE_NS}"><q:query/><q:query/></q:qbe>`, message: /q:query appears twice/ },
    { name: 'an unknown q:format', xml: `<q:qbe xmlns:q="${QBE_NS}"><q:format>csv</q:format><q:query/></q:qbe>`, message: /q:format "csv" is not json or xml/ },
    { name: 'an unknown child of q:qbe', xml: `<q:qbe xmlns:q="${QBE_NS}"><q:query/><q:extra/></q:qbe>`, message: /unexpected .*extra in q:qbe/ },
    { name: 'an unknown QBE element', xml: `<q:query xmlns:q="${QBE_NS}"><q:regex>a</q:regex></q:query>`, message: /unknown QBE element q:regex/ },
    { name: 'q:value at the top', xml: `<q:query xmlns:q="${QBE_NS}"><q:value>a</q:value></q:query>`, message: /q:value applies to an element/ },
    { name: 'an unknown QBE element inside an element', xml: `<q:query xmlns:q="${QBE_NS}"><a><q:in>1</q:in></a></q:query>`, message: /unknown QBE element q:in/ },
    { name: 'text mixed with elements', xml: `<q:query xmlns:q="${QBE_NS}"><a>x<b>1</b></a></q:query>`, message: /mixes text and elements/ },
    { name: 'an unknown attribute on q:word', xml: `<q:query xmlns:q="${QBE_NS}"><a><q:word boost="2">x</q:word></a></q:query>`, message: /unexpected attribute boost on q:word/ },
    { name: 'a term option on a comparison', xml: `<q:query xmlns:q="${QBE_NS}"><a><q:lt exact="true">1</q:lt></a></q:query>`, message: /unexpected attribute exact on q:lt/ },
    { name: 'a bad boolean attribute', xml: `<q:query xmlns:q="${QBE_NS}"><a><q:word stemmed="maybe">x</q:word></a></q:query>`, message: /expected true or false, found "maybe"/ },
    { name: 'an empty composer', xml: `<q:query xmlns:q="${QBE_NS}"><q:or/></q:query>`, message: /q:or needs at least one criterion/ },
    { name: 'a bad near distance', xml: `<q:query xmlns:q="${QBE_NS}"><q:near distance="far"><a>1</a></q:near></q:query>`, message: /distance "far" is not a whole number/ },
    { name: 'an attribute on a composer', xml: `<q:query xmlns:q="${QBE_NS}"><q:and distance="2"><a>1</a></q:and></q:query>`, message: /unexpected attribute distance on q:and/ },
    { name: 'a QBE-namespace attribute on an element', xml: `<q:query xmlns:q="${QBE_NS}"><a q:exact="true">1</a></q:query>`, message: /unknown QBE attribute q:exact/ },
    { name: 'an attribute when searching JSON', xml: `<q:qbe xmlns:q="${QBE_NS}"><q:format>json</q:format><q:query><a b="1"/></q:query></q:qbe>`, message: /JSON properties have no attributes/ },
    { name: 'a namespaced element when searching JSON', xml: `<q:qbe xmlns:q="${QBE_NS}"><q:format>json</q:format><q:query><x:a xmlns:x="urn:x">1</x:a></q:query></q:qbe>`, message: /JSON properties have no namespace/ },
    { name: 'an empty q:word', xml: `<q:query xmlns:q="${QBE_NS}"><a><q:word> </q:word></a></q:query>`, message: /no words to find/ },
  ])('$name is refused', ({ xml, message }) => {
    const e = failure(() => parseQbeXml(parseXml(xml).documentElement!, options));
    expect(e.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(e.message).toMatch(message);
  });
});

describe('a QBE as text', () => {
  test('JSON and XML are told apart by their first character', () => {
    expect(parseQbeText('{"$query":{"a":"b"}}', options)).toEqual({ query: value(prop('a'), 'b'), format: 'json' });
    expect(parseQbeText(`<q:qbe xmlns:q="${QBE_NS}"><q:query><a>b</a></q:query></q:qbe>`, options)).toEqual({ query: value(elem('a'), 'b'), format: 'xml' });
  });

  test('the range indexes reach the parser', () => {
    const parsed = parseQbeText('{"$query":{"popularity":{"$lt":4}}}', options, { rangeIndexes: indexes });
    expect(parsed.query).toEqual({ kind: 'range', index: { scope: prop('popularity'), type: 'int' }, operator: 'LT', values: ['4'] });
  });
});
