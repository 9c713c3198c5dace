import * as oxigraph from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { iriTokens, resolveLineIris } from './line-iris';

const R = 'tabula-relative:';

describe('iriTokens', () => {
  test.for([
    { name: 'every position of a quad', text: '<s> <p> <o> <g> .', expected: ['s', 'p', 'o', 'g'] },
    { name: 'a datatype IRI', text: '<s> <p> "1"^^<dt> .', expected: ['s', 'p', 'dt'] },
    { name: 'not inside a literal', text: '<s> <p> "a <x> b" .', expected: ['s', 'p'] },
    { name: 'not inside a literal with escaped quotes', text: '<s> <p> "say \\"<x>\\" \\\\" <g> .', expected: ['s', 'p', 'g'] },
    { name: 'not inside a comment', text: '<s> <p> "o" . # <x> "unclosed\n<t> <p> "o" .', expected: ['s', 'p', 't', 'p'] },
    { name: 'with # inside an IRI', text: '<http://ex/#a> <p#q> "o" .', expected: ['http://ex/#a', 'p#q'] },
    { name: 'inside a triple term, not its brackets', text: '<s> <p> <<( <a> <b> "c" )>> .', expected: ['s', 'p', 'a', 'b'] },
    { name: 'after a line whose literal is unclosed (lines bound it)', text: '<s> <p> "open .\n<t> <p> "o" .', expected: ['s', 'p', 't', 'p'] },
    { name: 'after a literal with a language tag', text: '_:b <p> "x"@en-GB <g> .', expected: ['p', 'g'] },
  ])('finds IRIs $name', ({ text, expected }) => {
    expect(iriTokens(text).map((t) => t.raw)).toEqual(expected);
  });

  test('tokens give the offsets of the brackets', () => {
    const text = '  <ab> "x"';
    expect(iriTokens(text)).toEqual([{ start: 2, end: 6, raw: 'ab' }]);
  });
});

describe('resolveLineIris', () => {
  test.for([
    { name: 'path forms under the relative scheme', text: '<marklogic.com/r1> </p> "o" <marklogic.com/g> .', base: R, expected: `<${R}marklogic.com/r1> <${R}/p> "o" <${R}marklogic.com/g> .` },
    { name: 'a client base as Turtle resolves it', text: '<r1> <../p> <o> .', base: 'http://ex/a/b', expected: '<http://ex/a/r1> <http://ex/p> <http://ex/a/o> .' },
    { name: 'absolute IRIs untouched', text: '<http://s> <urn:p> "o" <g> .', base: R, expected: `<http://s> <urn:p> "o" <${R}g> .` },
    { name: 'literals and comments untouched', text: '<s> <p> "<x> and \\"<y>\\"" . # <z>\n', base: R, expected: `<${R}s> <${R}p> "<x> and \\"<y>\\"" . # <z>\n` },
    { name: 'a relative datatype', text: '<http://s> <http://p> "1"^^<t> .', base: R, expected: `<http://s> <http://p> "1"^^<${R}t> .` },
    { name: 'UCHAR escapes decoded as Turtle does', text: '<\\u0041b> <http://p> "o" .', base: R, expected: `<${R}Ab> <http://p> "o" .` },
  ])('resolves $name', ({ text, base, expected }) => {
    expect(resolveLineIris(oxigraph, text, base)).toBe(expected);
  });

  test('a text with no relative IRI comes back as it was', () => {
    const text = '<http://s> <http://p> "<rel>" .\n';
    expect(resolveLineIris(oxigraph, text, R)).toBe(text);
  });

  test('an invalid IRI is reported where it is in the payload', () => {
    const text = '<http://s> <http://p> "o" .\n<http://s> <http://p> <a{b> .\n';
    expect(() => resolveLineIris(oxigraph, text, R)).toThrow(/^Parser error at line 2 column 23: <a\{b>: .*'\{'/);
  });
});
