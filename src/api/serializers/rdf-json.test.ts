import * as oxigraph from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import { quadsToRdfJson } from './rdf-json';
import type { QuadLike, TermLike } from './rdf-terms';
import { XSD } from '../../db/triples';

const iri = (value: string): TermLike => ({ termType: 'NamedNode', value });
const bnode = (value: string): TermLike => ({ termType: 'BlankNode', value });
const lit = (value: string, language = ''): TermLike => ({ termType: 'Literal', value, language, datatype: iri(language ? 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString' : 'http://www.w3.org/2001/XMLSchema#string') });
const typed = (value: string, datatype: string): TermLike => ({ termType: 'Literal', value, language: '', datatype: iri(datatype) });
const quad = (subject: TermLike, predicate: TermLike, object: TermLike, graph?: TermLike): QuadLike => ({ subject, predicate, object, graph });

const FOAF = 'http://xmlns.com/foaf/0.1/';

const DATA: QuadLike[] = [
  quad(iri('http://example.org/p1'), iri(`${FOAF}name`), lit('Ada')),
  quad(iri('http://example.org/p1'), iri(`${FOAF}knows`), iri('http://example.org/p2')),
  quad(iri('marklogic.com/r1'), iri('marklogic.com/p1'), lit('literal1')),
  quad(iri('/my/thing'), iri('http://example.org/rel'), iri('marklogic.com/r1')),
];

describe('RDF/JSON', () => {
  test('is the Talis layout of MarkLogic’s Semantics Developer’s Guide, supported RDF formats', () => {
    const out = JSON.parse(quadsToRdfJson(DATA.slice(0, 2)));
    expect(out).toEqual({
      'http://example.org/p1': {
        [`${FOAF}name`]: [{ value: 'Ada', type: 'literal' }],
        [`${FOAF}knows`]: [{ value: 'http://example.org/p2', type: 'uri' }],
      },
    });
  });

  test('path-form IRIs round-trip unchanged (the official client reads response["marklogic.com/r1"]["marklogic.com/p1"][0].value)', () => {
    const out = JSON.parse(quadsToRdfJson(DATA));
    expect(out['marklogic.com/r1']['marklogic.com/p1'][0].value).toBe('literal1');
    expect(out['/my/thing']['http://example.org/rel']).toEqual([{ value: 'marklogic.com/r1', type: 'uri' }]);
  });

  test('blank nodes are _:label as subject and object; literals carry lang or datatype', () => {
    const out = JSON.parse(
      quadsToRdfJson([
        quad(bnode('b0'), iri('http://e/p'), bnode('b1')),
        quad(bnode('b0'), iri('http://e/q'), lit('hi', 'en')),
        quad(bnode('b0'), iri('http://e/q'), typed('5', `${XSD}integer`)),
      ]),
    );
    expect(out).toEqual({
      '_:b0': {
        'http://e/p': [{ value: '_:b1', type: 'bnode' }],
        'http://e/q': [
          { value: 'hi', type: 'literal', lang: 'en' },
          { value: '5', type: 'literal', datatype: `${XSD}integer` },
        ],
      },
    });
  });

  test('a triple found in two graphs is listed once', () => {
    const t = [quad(iri('http://e/s'), iri('http://e/p'), lit('o'), iri('http://e/g1')), quad(iri('http://e/s'), iri('http://e/p'), lit('o'), iri('http://e/g2'))];
    expect(JSON.parse(quadsToRdfJson(t))['http://e/s']['http://e/p']).toHaveLength(1);
  });

  test('an IRI named like an Object property is an ordinary key', () => {
    const out = JSON.parse(quadsToRdfJson([quad(iri('__proto__'), iri('constructor'), lit('x'))]));
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(out['__proto__'].constructor).toEqual([{ value: 'x', type: 'literal' }]);
  });
});


describe('RDF/JSON of Oxigraph quads', () => {
  test('terms straight from a query are read as they are', () => {
    const store = new oxigraph.Store();
    store.load('<http://e/s> <http://e/p> "x"@en , 5 , _:b , <http://e/o> .', { format: 'text/turtle' });
    const out = JSON.parse(quadsToRdfJson(store.query('CONSTRUCT WHERE { ?s ?p ?o }') as oxigraph.Quad[]));
    const objects = out['http://e/s']['http://e/p'];
    expect(objects).toHaveLength(4);
    expect(objects).toContainEqual({ value: 'x', type: 'literal', lang: 'en' });
    expect(objects).toContainEqual({ value: '5', type: 'literal', datatype: `${XSD}integer` });
    expect(objects).toContainEqual({ value: 'http://e/o', type: 'uri' });
    expect(objects.find((o: { type: string }) => o.type === 'bnode').value).toMatch(/^_:/);
  });

  test('a triple term has no RDF/JSON form: 406', () => {
    const t: TermLike = { termType: 'Quad', value: '', subject: iri('http://e/s'), predicate: iri('http://e/p'), object: lit('o') };
    expect(failure(() => quadsToRdfJson([quad(iri('http://e/a'), iri('http://e/p'), t)])).code).toBe('REST-UNACCEPTABLETYPE');
  });
});
