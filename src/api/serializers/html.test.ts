import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import { graphListHtml, subjectsHtml, thingsHref, thingsHtml, thingsIriParam } from './html';
import { serializeGraphList } from './graph-list';
import type { QuadLike, TermLike } from './rdf-terms';

function parseXhtml(text: string) {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(text, 'application/xml');
}
const hrefs = (html: string) => Array.from(parseXhtml(html).getElementsByTagName('a')).map((a) => a.getAttribute('href'));
const linkTexts = (html: string) => Array.from(parseXhtml(html).getElementsByTagName('a')).map((a) => a.textContent);

const iri = (value: string): TermLike => ({ termType: 'NamedNode', value });
const lit = (value: string): TermLike => ({ termType: 'Literal', value, language: '', datatype: iri('http://www.w3.org/2001/XMLSchema#string') });

describe('links to the things view', () => {
  test.for([
    { name: 'MarkLogic’s documentation example: ":" → %3a, "#" → %23, "/" kept', iri: 'http://example.org/id#1', param: 'http%3a//example.org/id%231' },
    { name: 'query characters are encoded so the IRI stays one parameter', iri: 'http://e/a?x=1&y=2', param: 'http%3a//e/a%3Fx%3D1%26y%3D2' },
    { name: 'spaces and non-ASCII are percent-encoded UTF-8', iri: 'http://e/ü b', param: 'http%3a//e/%C3%BC%20b' },
    { name: 'a path-form IRI needs no escaping', iri: 'marklogic.com/r1', param: 'marklogic.com/r1' },
  ])('$name', ({ iri, param }) => {
    expect(thingsIriParam(iri)).toBe(param);
    expect(decodeURIComponent(param)).toBe(iri);
    expect(thingsHref(iri)).toBe(`/v1/graphs/things?iri=${param}`);
  });
});

describe('thingsHtml', () => {
  const quads: QuadLike[] = [
    { subject: iri('http://e/s'), predicate: iri('http://e/p'), object: lit('<img src=x onerror=alert(1)>'), graph: iri('http://e/g1') },
    { subject: iri('http://e/s'), predicate: iri('http://e/p'), object: lit('<img src=x onerror=alert(1)>'), graph: iri('http://e/g2') },
    { subject: iri('http://e/s'), predicate: iri('http://e/p'), object: iri(`http://e/o?a='1'&b="2"`) },
  ];

  test('one row per distinct triple, every IRI a link, literals as escaped text', () => {
    const html = thingsHtml(quads);
    const doc = parseXhtml(html);
    expect(doc.getElementsByTagName('tr')).toHaveLength(3); // header + 2 triples
    expect(doc.getElementsByTagName('img')).toHaveLength(0);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(linkTexts(html)).toEqual(['http://e/s', 'http://e/p', 'http://e/s', 'http://e/p', `http://e/o?a='1'&b="2"`]);
    expect(hrefs(html)[4]).toBe(`/v1/graphs/things?iri=http%3a//e/o%3Fa%3D'1'%26b%3D%222%22`);
  });

  test('is titled by the caller', () => {
    expect(parseXhtml(thingsHtml(quads, thingsHref, 'http://e/s')).getElementsByTagName('title')[0].textContent).toBe('http://e/s');
  });
});

describe('subjectsHtml', () => {
  test('lists IRIs as links and blank nodes as text, in the order given', () => {
    const html = subjectsHtml(['http://e/a', { termType: 'BlankNode', value: 'b1' }, iri('/my/node')]);
    const doc = parseXhtml(html);
    expect(Array.from(doc.getElementsByTagName('li')).map((li) => li.textContent)).toEqual(['http://e/a', '_:b1', '/my/node']);
    expect(hrefs(html)).toEqual(['/v1/graphs/things?iri=http%3a//e/a', '/v1/graphs/things?iri=/my/node']);
  });

  test('an empty database is an empty list, still a page', () => {
    expect(parseXhtml(subjectsHtml([])).getElementsByTagName('li')).toHaveLength(0);
  });
});

describe('the graph list', () => {
  const graphs = ['http://marklogic.com/semantics#default-graph', 'marklogic.com/people', 'http://e/a&b'];
  const graphHref = (g: string) => `/v1/graphs?graph=${encodeURIComponent(g)}`;

  test('text/uri-list is one IRI per line with CRLF line ends', () => {
    expect(serializeGraphList(graphs, 'text/uri-list', graphHref)).toBe('http://marklogic.com/semantics#default-graph\r\nmarklogic.com/people\r\nhttp://e/a&b\r\n');
    expect(serializeGraphList(graphs, 'text/plain', graphHref)).toBe(serializeGraphList(graphs, 'text/uri-list', graphHref));
    expect(serializeGraphList([], 'text/uri-list', graphHref)).toBe('');
  });

  test('text/html links each graph to its contents', () => {
    const html = serializeGraphList(graphs, 'text/html', graphHref);
    expect(html).toBe(graphListHtml(graphs, graphHref));
    expect(hrefs(html)).toEqual(graphs.map(graphHref));
    expect(linkTexts(html)).toEqual(graphs);
  });

  test('another type is a 406', () => {
    expect(failure(() => serializeGraphList(graphs, 'application/json', graphHref)).code).toBe('REST-UNACCEPTABLETYPE');
  });
});
