import { describe, expect, test } from 'vitest';
import { parseQueryText, queryTextTokens } from './grammar';
import type { Query, RangeOperator, TermOptions } from './query-model';
import type { GrammarDef, QueryOptions } from '../options/types';
import { failure } from '../../../test/db-error';

const options: QueryOptions = {
  constraint: [
    { name: 'tag', word: { 'json-property': 'tag' } },
    { name: 'coll', collection: { prefix: 'http://example.org/' } },
    {
      name: 'price',
      range: {
        type: 'xs:decimal',
        'json-property': 'price',
        bucket: [
          { name: 'cheap', lt: '10' },
          { name: 'mid', ge: '10', lt: '50' },
        ],
      },
    },
    { name: 'id', value: { 'json-property': 'id' } },
    { name: 'addr', container: { 'json-property': 'address' } },
    { name: 'prop', properties: null },
  ],
};

const w = (text: string, termOptions: TermOptions = {}): Query => ({ kind: 'word', text: [text], options: termOptions });
const tag = (text: string, termOptions: TermOptions = {}): Query => ({ kind: 'word', text: [text], scope: { kind: 'json-property', name: 'tag' }, options: termOptions });
const price = (operator: RangeOperator, value: string): Query => ({
  kind: 'range',
  index: { scope: { kind: 'json-property', name: 'price' }, type: 'decimal' },
  operator,
  values: [value],
});
const and = (...queries: Query[]): Query => ({ kind: 'and', queries });
const or = (...queries: Query[]): Query => ({ kind: 'or', queries });
const not = (query: Query): Query => ({ kind: 'not', query });
const near = (distance: number, ...queries: Query[]): Query => ({ kind: 'near', queries, distance });

describe('parseQueryText with the default grammar', () => {
  test.for<{ name: string; text: string; expected: Query }>([
    { name: 'a bare term is a word query', text: 'cat', expected: w('cat') },
    { name: 'terms keep their case and wildcards as written', text: 'Cat* d?g', expected: and(w('Cat*'), w('d?g')) },
    { name: 'a quoted phrase is one word query on the phrase', text: '"black cat"', expected: w('black cat') },
    { name: 'whitespace between terms is AND', text: 'a  b\tc', expected: and(w('a'), w('b'), w('c')) },
    { name: 'AND joins two terms', text: 'a AND b', expected: and(w('a'), w('b')) },
    { name: 'implicit and explicit AND make one and-query', text: 'a b AND c', expected: and(w('a'), w('b'), w('c')) },
    { name: 'OR chains make one or-query', text: 'a OR b OR c', expected: or(w('a'), w('b'), w('c')) },
    { name: 'implicit AND binds tighter than OR on its left', text: 'a b OR c', expected: or(and(w('a'), w('b')), w('c')) },
    { name: 'implicit AND binds tighter than OR on its right', text: 'a OR b c', expected: or(w('a'), and(w('b'), w('c'))) },
    { name: 'explicit AND binds tighter than OR', text: 'a OR b AND c', expected: or(w('a'), and(w('b'), w('c'))) },
    { name: 'NEAR binds tighter than AND', text: 'a b NEAR c', expected: and(w('a'), near(10, w('b'), w('c'))) },
    { name: 'NEAR has a distance of 10 words', text: 'a NEAR b', expected: near(10, w('a'), w('b')) },
    { name: 'NEAR/n sets the distance', text: 'a NEAR/3 b', expected: near(3, w('a'), w('b')) },
    { name: 'a chain of NEAR is one near-query', text: 'a NEAR b NEAR c', expected: near(10, w('a'), w('b'), w('c')) },
    { name: 'NEARs of different distances nest', text: 'a NEAR/2 b NEAR c', expected: near(10, near(2, w('a'), w('b')), w('c')) },
    { name: 'a parenthesised NEAR is not extended', text: '(a NEAR b) NEAR c', expected: near(10, near(10, w('a'), w('b')), w('c')) },
    { name: 'parentheses override strength', text: '(a OR b) c', expected: and(or(w('a'), w('b')), w('c')) },
    { name: 'parentheses group on the right too', text: 'a (b OR c)', expected: and(w('a'), or(w('b'), w('c'))) },
    { name: 'redundant parentheses vanish', text: '((a))', expected: w('a') },
    { name: 'parentheses need no spaces around them', text: 'a(b)c', expected: and(w('a'), w('b'), w('c')) },
    { name: 'a leading hyphen negates a term', text: 'a -b', expected: and(w('a'), not(w('b'))) },
    { name: 'a hyphen standing alone is not a negation', text: 'a - b', expected: and(w('a'), w('b')) },
    { name: 'a hyphen inside a word is part of it', text: 'e-mail', expected: w('e-mail') },
    { name: 'a hyphen negates a phrase', text: '-"a b"', expected: not(w('a b')) },
    { name: 'a hyphen negates a group', text: '-(a OR b)', expected: not(or(w('a'), w('b'))) },
    { name: 'a double hyphen negates twice', text: '--a', expected: not(not(w('a'))) },
    { name: 'a word split off a hyphen is a term even if it spells an operator', text: '-OR', expected: not(w('OR')) },
    { name: 'NOT negates the operand after it', text: 'a NOT b', expected: and(w('a'), not(w('b'))) },
    { name: 'NOT binds tighter than AND', text: 'NOT a b', expected: and(not(w('a')), w('b')) },
    { name: 'NOT binds tighter than NEAR', text: 'NOT a NEAR b', expected: near(10, not(w('a')), w('b')) },
    { name: 'NOT negates a group', text: 'NOT (a b)', expected: not(and(w('a'), w('b'))) },
    { name: 'BOOST keeps its left side as the match', text: 'a BOOST b', expected: { kind: 'boost', matching: w('a'), boosting: w('b') } },
    { name: 'BOOST binds tighter than AND', text: 'a b BOOST c', expected: and(w('a'), { kind: 'boost', matching: w('b'), boosting: w('c') }) },
    { name: 'NOT_IN makes a not-in query', text: 'a NOT_IN b', expected: { kind: 'not-in', positive: w('a'), negative: w('b') } },
    {
      name: 'NOT_IN binds tighter than BOOST',
      text: 'a BOOST b NOT_IN c',
      expected: { kind: 'boost', matching: w('a'), boosting: { kind: 'not-in', positive: w('b'), negative: w('c') } },
    },
    {
      name: 'lower-case operators are ordinary terms',
      text: 'a or b and c near d not e',
      expected: and(...['a', 'or', 'b', 'and', 'c', 'near', 'd', 'not', 'e'].map((t) => w(t))),
    },
    { name: 'operators glued to other letters are terms', text: 'ORegon ANDes NEARby', expected: and(w('ORegon'), w('ANDes'), w('NEARby')) },
    { name: 'a quoted operator is a phrase', text: '"OR"', expected: w('OR') },
    { name: 'punctuation-only terms between words are dropped', text: 'a , b ...', expected: and(w('a'), w('b')) },
    { name: 'constraint:value applies the constraint', text: 'tag:cat', expected: tag('cat') },
    { name: 'constraint:"phrase" applies the constraint to the phrase', text: 'tag:"black cat"', expected: tag('black cat') },
    { name: 'constraint:(a OR b) applies the constraint to each term', text: 'tag:(a OR b)', expected: or(tag('a'), tag('b')) },
    { name: 'a constraint group keeps constraints named inside it', text: 'tag:(a coll:b)', expected: and(tag('a'), { kind: 'collection', uris: ['http://example.org/b'] }) },
    { name: 'a constraint binds tighter than a hyphen', text: '-tag:cat', expected: not(tag('cat')) },
    { name: 'a constraint binds tighter than AND and OR', text: 'dog tag:cat OR bird', expected: or(and(w('dog'), tag('cat')), w('bird')) },
    { name: 'a constraint value may follow the colon after spaces', text: 'tag: cat', expected: tag('cat') },
    { name: 'a constraint value right after the colon is literal', text: 'tag:OR', expected: tag('OR') },
    { name: 'a constraint value keeps further colons', text: 'id:urn:isbn:123', expected: { kind: 'value', values: ['urn:isbn:123'], scope: { kind: 'json-property', name: 'id' }, options: {} } },
    { name: 'an empty phrase is a value for a constraint', text: 'id:""', expected: { kind: 'value', values: [''], scope: { kind: 'json-property', name: 'id' }, options: {} } },
    { name: 'a punctuation value is kept for a constraint', text: 'id:-', expected: { kind: 'value', values: ['-'], scope: { kind: 'json-property', name: 'id' }, options: {} } },
    { name: 'a collection constraint prefixes its value', text: 'coll:news', expected: { kind: 'collection', uris: ['http://example.org/news'] } },
    { name: 'a range constraint with a colon compares for equality', text: 'price:10', expected: price('EQ', '10') },
    { name: 'a bucket name stands for its bounds', text: 'price:mid', expected: and(price('GE', '10'), price('LT', '50')) },
    { name: 'LT compares on a range constraint', text: 'price LT 10', expected: price('LT', '10') },
    { name: 'LE compares on a range constraint', text: 'price LE 9.99', expected: price('LE', '9.99') },
    { name: 'GT compares on a range constraint', text: 'price GT 10', expected: price('GT', '10') },
    { name: 'GE compares on a range constraint', text: 'price GE 10', expected: price('GE', '10') },
    { name: 'NE compares on a range constraint', text: 'price NE 10', expected: price('NE', '10') },
    { name: 'a comparison binds tighter than AND', text: 'price GT 10 tag:x', expected: and(price('GT', '10'), tag('x')) },
    { name: 'a comparison binds tighter than OR', text: 'price LT 10 OR price GT 50', expected: or(price('LT', '10'), price('GT', '50')) },
    {
      name: 'a container constraint with a term matches it inside the container',
      text: 'addr:lyon',
      expected: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: w('lyon') },
    },
    {
      name: 'a container constraint with a group matches the whole group inside one container',
      text: 'addr:(lyon rue)',
      expected: { kind: 'container', scope: { kind: 'json-property', name: 'address' }, query: and(w('lyon'), w('rue')) },
    },
    { name: 'a properties constraint matches in document properties', text: 'prop:draft', expected: { kind: 'properties', query: w('draft') } },
  ])('$name', ({ text, expected }) => {
    expect(parseQueryText(text, options)).toEqual(expected);
  });
});

describe('parseQueryText of empty text', () => {
  test.for([
    { name: 'empty text matches everything', text: '' },
    { name: 'whitespace matches everything', text: '  \t\n ' },
    { name: 'punctuation-only text matches everything', text: ', . - ; !' },
    { name: 'an empty phrase matches everything', text: '""' },
  ])('$name', ({ text }) => {
    expect(parseQueryText(text, options)).toEqual({ kind: 'true' });
  });

  test.for([
    { name: 'empty text matches nothing under empty no-results', text: '' },
    { name: 'punctuation-only text matches nothing under empty no-results', text: ' - , ' },
  ])('$name', ({ text }) => {
    expect(parseQueryText(text, { ...options, term: { empty: { apply: 'no-results' } } })).toEqual({ kind: 'false' });
  });

  test('empty all-results matches everything', () => {
    expect(parseQueryText('', { term: { empty: { apply: 'all-results' } } })).toEqual({ kind: 'true' });
  });
});

describe('parseQueryText with the options term settings', () => {
  const sensitive: QueryOptions = { ...options, term: { 'term-option': ['case-sensitive', 'unstemmed'] } };

  test.for<{ name: string; text: string; settings: QueryOptions; expected: Query }>([
    { name: 'bare terms take the default term options', text: 'Cat', settings: sensitive, expected: w('Cat', { caseSensitive: true, stemmed: false }) },
    { name: 'phrases take the default term options', text: '"a b"', settings: sensitive, expected: w('a b', { caseSensitive: true, stemmed: false }) },
    { name: 'constraint words take the default term options', text: 'tag:x', settings: sensitive, expected: tag('x', { caseSensitive: true, stemmed: false }) },
    {
      name: 'a default constraint by reference applies to bare terms and phrases',
      text: 'cat "a b" coll:c',
      settings: { ...options, term: { default: { ref: 'tag' } } },
      expected: and(tag('cat'), tag('a b'), { kind: 'collection', uris: ['http://example.org/c'] }),
    },
    {
      name: 'a default constraint by reference applies inside groups',
      text: '(cat OR dog)',
      settings: { ...options, term: { default: { ref: 'tag' } } },
      expected: or(tag('cat'), tag('dog')),
    },
    {
      name: 'a default defined inline applies to bare terms',
      text: 'cat',
      settings: { ...options, term: { default: { word: { 'json-property': 'title' } } } },
      expected: { kind: 'word', text: ['cat'], scope: { kind: 'json-property', name: 'title' }, options: {} },
    },
  ])('$name', ({ text, settings, expected }) => {
    expect(parseQueryText(text, settings)).toEqual(expected);
  });
});

describe('parseQueryText with a grammar from the options', () => {
  const symbols: GrammarDef = {
    starter: [
      { label: '[', strength: 30, apply: 'grouping', delimiter: ']' },
      { label: '!', strength: 40, apply: 'prefix', 'cts-element': 'cts:not-query' },
    ],
    joiner: [
      { label: '|', strength: 10, apply: 'infix', 'cts-element': 'cts:or-query' },
      { label: '&&', strength: 20, apply: 'infix', 'cts-element': 'cts:and-query', tokenize: 'word' },
      { label: 'WITHIN/', strength: 30, apply: 'near2', 'cts-element': 'cts:near-query', consume: 2 },
      { label: 'BUT_NOT', strength: 20, apply: 'infix', 'cts-element': 'cts:and-not-query', tokenize: 'word' },
      { label: '=', strength: 50, apply: 'constraint' },
      { label: 'UNDER', strength: 50, apply: 'constraint', compare: 'LT', tokenize: 'word' },
    ],
  };
  const orFirst: GrammarDef = {
    joiner: [
      { label: 'OR', strength: 30, apply: 'infix', 'cts-element': 'cts:or-query', tokenize: 'word' },
      { label: 'AND', strength: 20, apply: 'infix', 'cts-element': 'cts:and-query', tokenize: 'word' },
    ],
  };

  test.for<{ name: string; text: string; grammar: GrammarDef; expected: Query }>([
    { name: 'a symbol joiner needs no spaces', text: 'a|b', grammar: symbols, expected: or(w('a'), w('b')) },
    { name: 'custom grouping and word joiners parse', text: 'a && [b | c]', grammar: symbols, expected: and(w('a'), or(w('b'), w('c'))) },
    { name: 'a custom prefix negates', text: '!a b', grammar: symbols, expected: and(not(w('a')), w('b')) },
    { name: 'a custom near2 label takes its distance', text: 'a WITHIN/4 b', grammar: symbols, expected: near(4, w('a'), w('b')) },
    { name: 'an and-not infix joiner makes an and-not query', text: 'a BUT_NOT b', grammar: symbols, expected: { kind: 'and-not', positive: w('a'), negative: w('b') } },
    { name: 'a custom constraint joiner applies the constraint', text: 'tag=x', grammar: symbols, expected: tag('x') },
    { name: 'a custom comparison joiner compares', text: 'price UNDER 5', grammar: symbols, expected: price('LT', '5') },
    { name: 'default operators are terms when the grammar replaces them', text: 'a OR b -c', grammar: symbols, expected: and(w('a'), w('OR'), w('b'), w('-c')) },
    { name: 'custom strengths change precedence', text: 'a b OR c', grammar: orFirst, expected: and(w('a'), or(w('b'), w('c'))) },
    {
      name: 'fractional strengths order operators too',
      text: 'a AND b OR c',
      grammar: {
        joiner: [
          { label: 'OR', strength: 20.5, apply: 'infix', 'cts-element': 'cts:or-query', tokenize: 'word' },
          { label: 'AND', strength: 20, apply: 'infix', 'cts-element': 'cts:and-query', tokenize: 'word' },
        ],
      },
      expected: and(w('a'), or(w('b'), w('c'))),
    },
    {
      name: 'the default starters stay when only joiners are given',
      text: '-(a OR b) c',
      grammar: orFirst,
      expected: and(not(or(w('a'), w('b'))), w('c')),
    },
    {
      name: 'an implicit or-query joins side-by-side terms with OR',
      text: 'a b AND c',
      grammar: { implicit: '<cts:or-query strength="10" xmlns:cts="http://marklogic.com/cts"/>' },
      expected: or(w('a'), and(w('b'), w('c'))),
    },
    { name: 'a custom quotation mark quotes phrases', text: "'a b' c", grammar: { quotation: "'" }, expected: and(w('a b'), w('c')) },
  ])('$name', ({ text, grammar, expected }) => {
    expect(parseQueryText(text, { ...options, grammar })).toEqual(expected);
  });

  test.for<{ name: string; grammar: GrammarDef; message: string }>([
    {
      name: 'an unsupported joiner apply is invalid options content',
      grammar: { joiner: [{ label: 'X', strength: 10, apply: 'custom', tokenize: 'word' }] },
      message: 'joiner X: apply custom is not supported',
    },
    {
      name: 'an infix joiner with an unsupported element is invalid options content',
      grammar: { joiner: [{ label: 'X', strength: 10, apply: 'infix', 'cts-element': 'cts:word-query' }] },
      message: 'cts-element cts:word-query is not supported',
    },
    {
      name: 'a grouping starter without a delimiter is invalid options content',
      grammar: { starter: [{ label: '<', strength: 30, apply: 'grouping' }] },
      message: 'grouping starter < needs a delimiter',
    },
    {
      name: 'a comparison joiner with an unknown operator is invalid options content',
      grammar: { joiner: [{ label: 'LIKE', strength: 50, apply: 'constraint', compare: 'LIKE', tokenize: 'word' }] },
      message: 'compare LIKE is not one of',
    },
    {
      name: 'an implicit joiner that is not and/or is invalid options content',
      grammar: { implicit: '<cts:near-query/>' },
      message: 'implicit must be a cts:and-query or cts:or-query',
    },
  ])('$name', ({ grammar, message }) => {
    const error = failure(() => parseQueryText('a', { grammar }));
    expect(error.code).toBe('RESTAPI-INVALIDCONTENT');
    expect(error.detail).toContain(message);
  });

  test('a delimiter that does not close its own grouping is a 400', () => {
    const grammar: GrammarDef = {
      starter: [
        { label: '(', strength: 30, apply: 'grouping', delimiter: ')' },
        { label: '[', strength: 30, apply: 'grouping', delimiter: ']' },
      ],
    };
    const error = failure(() => parseQueryText('(a b]', { grammar }));
    expect(error.code).toBe('REST-INVALIDPARAM');
    expect(error.detail).toContain('] at character 5 does not close the ( at character 1');
  });
});

describe('parseQueryText of malformed text', () => {
  test.for<{ name: string; text: string; message: string }>([
    { name: 'an unclosed quotation mark is a 400', text: 'a "b c', message: 'unbalanced quotation mark: the " at character 3 is never closed' },
    { name: 'an unclosed constraint phrase is a 400', text: 'tag:"b c', message: 'unbalanced quotation mark: the " at character 5 is never closed' },
    { name: 'an unclosed parenthesis is a 400', text: '(a b', message: 'unbalanced parentheses: the ( at character 1 is never closed' },
    { name: 'an unclosed parenthesis with nothing in it is a 400', text: 'a (', message: 'unbalanced parentheses: the ( at character 3 is never closed' },
    { name: 'a closing parenthesis with no opening is a 400', text: 'a b)', message: 'unbalanced parentheses: ) at character 4 has no matching opening' },
    { name: 'a leading closing parenthesis is a 400', text: ') a', message: 'unbalanced parentheses: ) at character 1 has no matching opening' },
    { name: 'empty parentheses are a 400', text: 'a ()', message: 'empty parentheses () at character 3' },
    { name: 'parentheses holding only punctuation are a 400', text: '( , )', message: 'empty parentheses () at character 1' },
    { name: 'a joiner at the end is a 400', text: 'a AND', message: 'AND at character 3 has no operand after it' },
    { name: 'a joiner at the start is a 400', text: 'OR b', message: 'OR at character 1 has no operand before it' },
    { name: 'two joiners in a row are a 400', text: 'a AND OR b', message: 'AND at character 3 has no operand after it' },
    { name: 'a joiner at the start of a group is a 400', text: '(OR b)', message: 'OR at character 2 has no operand before it' },
    { name: 'a joiner at the end of a group is a 400', text: 'a (b OR)', message: 'OR at character 6 has no operand after it' },
    { name: 'NOT with nothing after it is a 400', text: 'a NOT', message: 'NOT at character 3 has no operand after it' },
    { name: 'NEAR/ with a word for a distance is a 400', text: 'a NEAR/x b', message: 'NEAR/x at character 3: the distance after NEAR/ must be a whole number' },
    { name: 'NEAR/ with no distance is a 400', text: 'a NEAR/ b', message: 'NEAR/ at character 3: the distance after NEAR/ must be a whole number' },
    { name: 'NEAR/ with a fraction is a 400', text: 'a NEAR/2.5 b', message: 'NEAR/2.5 at character 3: the distance after NEAR/ must be a whole number' },
    { name: 'NEAR/ with a negative distance is a 400', text: 'a NEAR/-1 b', message: 'NEAR/-1 at character 3' },
    { name: 'a constraint with nothing after the colon is a 400', text: 'tag:', message: 'tag: at character 1 has no value after it' },
    { name: 'a constraint followed by a joiner is a 400', text: 'a tag: OR b', message: 'tag: at character 3 has no value after it' },
    { name: 'a comparison with no value is a 400', text: 'price LT', message: 'price LT at character 1 has no value after it' },
    { name: 'a colon after a phrase is a 400', text: '"a b":c', message: ': at character 6 needs a constraint name right before it' },
    { name: 'a leading colon is a 400', text: ':x', message: ': at character 1 needs a constraint name right before it' },
    { name: 'a comparison without a constraint name is a 400', text: 'LT 5', message: 'LT at character 1 needs a constraint name right before it' },
    { name: 'an undefined constraint is a 400', text: 'nope:x', message: 'Unknown constraint: nope' },
    { name: 'an undefined constraint in a comparison is a 400', text: 'nope GT 1', message: 'Unknown constraint: nope' },
    { name: 'a comparison on a word constraint is a 400', text: 'tag LT 5', message: 'tag is a word constraint' },
    { name: 'a comparison on a collection constraint is a 400', text: 'coll GE a', message: 'coll is a collection constraint' },
  ])('$name', ({ text, message }) => {
    const error = failure(() => parseQueryText(text, options));
    expect(error.code).toBe('REST-INVALIDPARAM');
    expect(error.status).toBe(400);
    expect(error.detail).toContain(message);
  });

  test('the message quotes the query text and names the problem', () => {
    expect(failure(() => parseQueryText('a AND', options)).message).toBe(
      'REST-INVALIDPARAM: (err:FOER0000) Invalid parameter: Invalid string query "a AND": AND at character 3 has no operand after it',
    );
  });

  test('an undefined default constraint is a 400', () => {
    const error = failure(() => parseQueryText('cat', { term: { default: { ref: 'nope' } } }));
    expect(error.code).toBe('REST-INVALIDPARAM');
    expect(error.detail).toContain('Unknown constraint: nope');
  });
});

describe('queryTextTokens', () => {
  test('tokens carry their kind and offsets in the text', () => {
    expect(queryTextTokens('tag:"a b" OR -c', options).map((t) => [t.type, t.start, t.end])).toEqual([
      ['term', 0, 3],
      ['joiner', 3, 4],
      ['phrase', 4, 9],
      ['joiner', 10, 12],
      ['prefix', 13, 14],
      ['term', 14, 15],
    ]);
  });

  test('an unclosed phrase is a token, not an error', () => {
    expect(queryTextTokens('a "b c')).toEqual([
      { type: 'term', text: 'a', start: 0, end: 1 },
      { type: 'phrase', text: 'b c', start: 2, end: 6, closed: false },
    ]);
  });

  test('NEAR/n carries its distance', () => {
    const [, joiner] = queryTextTokens('a NEAR/7 b');
    expect(joiner).toMatchObject({ type: 'joiner', label: 'NEAR/7', distance: 7 });
  });
});
