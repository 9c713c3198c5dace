import { DOMParser } from '@xmldom/xmldom';
import * as oxigraph from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { failure } from '../../../test/db-error';
import { serializeQuads } from './rdf';
import { rdfFormats } from './formats';
import type { QuadLike, TermLike } from './rdf-terms';
import { XSD } from '../../db/triples';

// Plain RDF/JS terms: path-form IRIs cannot be Oxigraph NamedNodes, so the store hands them over like this.
const iri = (value: string): TermLike => ({ termType: 'NamedNode', value });
const bnode = (value: string): TermLike => ({ termType: 'BlankNode', value });
const lit = (value: string, language = ''): TermLike => ({ termType: 'Literal', value, language, datatype: iri(language ? 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString' : 'http://www.w3.org/2001/XMLSchema#string') });
const typed = (value: string, datatype: string): TermLike => ({ termType: 'Literal', value, language: '', datatype: iri(datatype) });
const DEFAULT: TermLike = { termType: 'DefaultGraph', value: '' };
const quad = (subject: TermLike, predicate: TermLike, object: TermLike, graph: TermLike = DEFAULT): QuadLike => ({ subject, predicate, object, graph });

const FOAF = 'http://xmlns.com/foaf/0.1/';

/** A little of everything, path-form IRIs included (in every position, datatypes too). */
const DATA: QuadLike[] = [
  quad(iri('http://example.org/p1'), iri(`${FOAF}name`), lit('Ada')),
  quad(iri('http://example.org/p1'), iri(`${FOAF}knows`), iri('http://example.org/p2')),
  quad(iri('http://example.org/p1'), iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri(`${FOAF}Person`)),
  quad(iri('http://example.org/p1'), iri('http://example.org/age'), typed('36', `${XSD}integer`)),
  quad(iri('http://example.org/p1'), iri('http://example.org/note'), lit('say "hi"\nthen\ttab <b>&amp;</b>', 'en')),
  quad(bnode('b0'), iri(`${FOAF}name`), lit('Grace')),
  quad(iri('marklogic.com/r1'), iri('marklogic.com/p1'), lit('literal1')),
  quad(iri('/my/thing'), iri('http://example.org/rel'), iri('marklogic.com/r1')),
  quad(iri('http://example.org/p2'), iri('http://example.org/code'), typed('x', 'my/datatype')),
  // A literal that looks like what a mapped IRI would look like must come back untouched.
  quad(iri('http://example.org/p2'), iri('http://example.org/text'), lit('<tabula-relative:x> \tabula-relative:y')),
];

/** Each quad as one canonical N-Quads line, blank-node labels made equal, as a sorted list. */
function canonical(quads: Iterable<QuadLike>, withGraphs: boolean): string[] {
  const term = (t: TermLike): string => {
    if (t.termType === 'NamedNode') return `<${t.value}>`;
    if (t.termType === 'BlankNode') return '_:b';
    const dt = t.datatype?.value;
    if (t.language) return `${JSON.stringify(t.value)}@${t.language.toLowerCase()}`;
    return dt && dt !== `${XSD}string` ? `${JSON.stringify(t.value)}^^<${dt}>` : JSON.stringify(t.value);
  };
  const lines = new Set<string>();
  for (const q of quads) {
    const g = withGraphs && q.graph && q.graph.termType !== 'DefaultGraph' ? ` ${term(q.graph)}` : '';
    lines.add(`${term(q.subject)} ${term(q.predicate)} ${term(q.object)}${g}`);
  }
  return Array.from(lines).sort();
}

/**
 * Parses our output with Oxigraph, resolving path-form IRIs against the base the store
 * uses for them, then takes that base off again: what a client with the same convention reads.
 */
function readBack(text: string, format: string): QuadLike[] {
  const unmap = (t: TermLike): TermLike => {
    if (t.termType === 'NamedNode') return iri(t.value.replace(/^tabula-relative:/, ''));
    if (t.termType === 'Literal') return { ...t, value: t.value, language: t.language, datatype: t.datatype && iri(t.datatype.value.replace(/^tabula-relative:/, '')) };
    return t;
  };
  return oxigraph.parse(text, { format, base_iri: 'tabula-relative:' }).map((q) => quad(unmap(q.subject), unmap(q.predicate), unmap(q.object), unmap(q.graph)));
}

describe('every RDF syntax reads back as the same triples', () => {
  // N-Triples and N-Quads parsers take absolute IRIs only; path-form IRIs are read with their supersets.
  const reader: Record<string, string> = { 'application/n-triples': 'text/turtle', 'application/n-quads': 'application/trig' };
  const parseable = rdfFormats.filter((f) => f.oxigraph !== null);
  const nodeRelativeOnly = new Set(['application/rdf+xml', 'application/ld+json']);
  test.for(parseable.map((f) => ({ name: f.name, mediaType: f.mediaType, format: reader[f.oxigraph!] ?? f.oxigraph!, dataset: f.dataset })))(
    '$name',
    ({ mediaType, format, dataset }) => {
      // A path-form predicate has no form in RDF/XML or JSON-LD (a 406, tested below).
      const data = nodeRelativeOnly.has(mediaType) ? DATA.filter((q) => q.predicate.value !== 'marklogic.com/p1') : DATA;
      const text = serializeQuads(data, mediaType, oxigraph);
      expect(text).not.toMatch(/\bt[0-9a-f]{32}:/);
      expect(canonical(readBack(text, format), dataset)).toEqual(canonical(data, dataset));
    },
  );

  test('the same triple in two graphs is written once by a triple syntax, twice by a quad syntax', () => {
    const t = [quad(iri('http://e/s'), iri('http://e/p'), lit('o'), iri('http://e/g1')), quad(iri('http://e/s'), iri('http://e/p'), lit('o'), iri('/g2'))];
    expect(serializeQuads(t, 'application/n-triples', oxigraph)).toBe('<http://e/s> <http://e/p> "o" .\n');
    expect(serializeQuads(t, 'application/n-quads', oxigraph)).toBe('<http://e/s> <http://e/p> "o" <http://e/g1> .\n<http://e/s> <http://e/p> "o" </g2> .\n');
    const trig = serializeQuads(t, 'application/trig', oxigraph);
    expect(trig).toContain('</g2> {');
    expect(canonical(readBack(trig, 'application/trig'), true)).toEqual(canonical(t, true));
  });

  test('Oxigraph quads (what queries return) are accepted as they are', () => {
    const store = new oxigraph.Store();
    store.load('<http://e/s> <http://e/p> "x"@en , 5 , _:b .', { format: 'text/turtle' });
    const quads = store.query('CONSTRUCT WHERE { ?s ?p ?o }') as oxigraph.Quad[];
    for (const f of rdfFormats) {
      expect(serializeQuads(quads, f.mediaType, oxigraph).length).toBeGreaterThan(0);
    }
    expect(serializeQuads(quads, 'application/n-triples', oxigraph)).toContain('<http://e/s> <http://e/p> "x"@en .\n');
  });

  test('no triples is an empty document in every syntax that allows one', () => {
    expect(serializeQuads([], 'application/n-triples', oxigraph)).toBe('');
    expect(serializeQuads([], 'text/turtle', oxigraph)).toBe('');
    expect(serializeQuads([], 'application/rdf+json', oxigraph)).toBe('{}');
    expect(readBack(serializeQuads([], 'application/rdf+xml', oxigraph), 'application/rdf+xml')).toEqual([]);
  });
});

describe('N-Triples', () => {
  test('escapes exactly as Oxigraph does (RDF 1.2 canonical N-Triples)', () => {
    const values: string[] = [];
    for (let c = 0; c < 0x20; c++) values.push(`a${String.fromCharCode(c)}b`);
    values.push('a\u007fb', 'quote"back\\slash', 'ünï 😀', 'a\ufffeb', 'line\u2028sep');
    const quads = values.map((v, i) => quad(iri(`http://e/s${i}`), iri('http://e/p'), lit(v)));
    const store = new oxigraph.Store(quads.map((q) => oxigraph.quad(oxigraph.namedNode(q.subject.value), oxigraph.namedNode(q.predicate.value), oxigraph.literal(q.object.value))));
    const theirs = store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() });
    const ours = serializeQuads(quads, 'application/n-triples', oxigraph);
    expect(ours.split('\n').sort()).toEqual(theirs.split('\n').sort());
  });

  test('path-form IRIs are written as the client wrote them', () => {
    expect(serializeQuads([DATA[6]], 'application/n-triples', oxigraph)).toBe('<marklogic.com/r1> <marklogic.com/p1> "literal1" .\n');
  });
});

describe('Turtle', () => {
  const turtle = serializeQuads(DATA, 'text/turtle', oxigraph);

  test('declares the well-known prefixes it uses, as MarkLogic does (the official client looks for @prefix foaf:)', () => {
    expect(turtle).toMatch(/^@prefix foaf: <http:\/\/xmlns\.com\/foaf\/0\.1\/> \.$/m);
    expect(turtle).not.toContain('@prefix owl:');
    expect(turtle).toContain('foaf:name "Ada"');
  });

  test('groups by subject, writes rdf:type as "a" and integers bare', () => {
    expect(turtle).toContain('<http://example.org/p1> foaf:name "Ada" ;\n\tfoaf:knows <http://example.org/p2> ;\n\ta foaf:Person ;\n\t<http://example.org/age> 36 ;');
  });

  test('objects of one predicate share it, separated by commas', () => {
    const t = serializeQuads([quad(iri('http://e/s'), iri('http://e/p'), lit('1')), quad(iri('http://e/s'), iri('http://e/p'), lit('2'))], 'text/turtle', oxigraph);
    expect(t).toBe('<http://e/s> <http://e/p> "1" , "2" .\n');
  });

  test('a name that would need escaping in a prefixed name stays a full IRI', () => {
    const t = serializeQuads([quad(iri(`${FOAF}a.`), iri(`${FOAF}b/c`), iri(`${FOAF}`))], 'text/turtle', oxigraph);
    expect(t).toContain(`<${FOAF}a.> <${FOAF}b/c> foaf: .`);
    expect(canonical(readBack(t, 'text/turtle'), false)).toEqual([`<${FOAF}a.> <${FOAF}b/c> <${FOAF}>`]);
  });
});

describe('RDF/JSON', () => {
  test('is written by rdf-json.ts, path-form IRIs as the client wrote them', () => {
    const out = JSON.parse(serializeQuads(DATA, 'application/rdf+json', oxigraph));
    expect(out['marklogic.com/r1']['marklogic.com/p1']).toEqual([{ value: 'literal1', type: 'literal' }]);
  });
});

describe('HTML', () => {
  test('every node links to its things view; literals and IRIs are escaped', () => {
    const html = serializeQuads(
      [quad(iri('http://example.org/id#1'), iri('http://e/p'), lit('<script>alert(1)</script>')), quad(iri(`http://e/a'b"c`), iri('http://e/p'), iri('marklogic.com/r1'))],
      'text/html',
      oxigraph,
    );
    const doc = new DOMParser({ onError: (level, m) => { if (level !== 'warning') throw new Error(m); } }).parseFromString(html, 'application/xml');
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    const hrefs = Array.from(doc.getElementsByTagName('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/v1/graphs/things?iri=http%3a//example.org/id%231');
    expect(hrefs).toContain(`/v1/graphs/things?iri=http%3a//e/a'b%22c`);
    expect(hrefs).toContain('/v1/graphs/things?iri=marklogic.com/r1');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('the route can point links elsewhere and title the page', () => {
    const html = serializeQuads([quad(iri('http://e/s'), iri('http://e/p'), lit('o'))], 'text/html; charset=utf-8', oxigraph, { href: (i) => `/LATEST/graphs/things?iri=${encodeURIComponent(i)}`, title: 'http://e/s' });
    expect(html).toContain('<title>http://e/s</title>');
    expect(html).toContain('href="/LATEST/graphs/things?iri=http%3A%2F%2Fe%2Fs"');
  });
});

describe('what a syntax cannot say is a 406, never a broken document', () => {
  const tripleTerm: TermLike = { termType: 'Quad', value: '', subject: iri('http://e/s'), predicate: iri('http://e/p'), object: lit('o') };

  test.for([
    { name: 'JSON-LD has no RDF 1.2 triple terms', mediaType: 'application/ld+json', quads: [quad(iri('http://e/a'), iri('http://e/p'), tripleTerm)] },
    { name: 'RDF/JSON has no triple terms', mediaType: 'application/rdf+json', quads: [quad(iri('http://e/a'), iri('http://e/p'), tripleTerm)] },
    { name: 'RDF/JSON has no base direction', mediaType: 'application/rdf+json', quads: [quad(iri('http://e/a'), iri('http://e/p'), { ...lit('x', 'ar'), direction: 'rtl' })] },
    { name: 'RDF/XML has no path-form predicate', mediaType: 'application/rdf+xml', quads: [quad(iri('http://e/a'), iri('marklogic.com/p1'), lit('x'))] },
    { name: 'RDF/XML has no path-form predicate, even without "/"', mediaType: 'application/rdf+xml', quads: [quad(iri('http://e/a'), iri('p1'), lit('x'))] },
    { name: 'RDF/XML has no path-form class (it would be an element name)', mediaType: 'application/rdf+xml', quads: [quad(iri('http://e/a'), iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), iri('Thing'))] },
    { name: 'JSON-LD has no path-form property (a processor would drop it)', mediaType: 'application/ld+json', quads: [quad(iri('http://e/a'), iri('/p1'), lit('x'))] },
  ])('$name', ({ mediaType, quads }) => {
    const err = failure(() => serializeQuads(quads, mediaType, oxigraph));
    expect(err.code).toBe('REST-UNACCEPTABLETYPE');
    expect(err.status).toBe(406);
  });

  test('N-Triples and Turtle write a triple term (RDF 1.2) that Oxigraph reads back', () => {
    const q = [quad(iri('http://e/a'), iri('http://e/p'), tripleTerm)];
    for (const [mediaType, format] of [['application/n-triples', 'application/n-triples'], ['text/turtle', 'text/turtle']]) {
      const text = serializeQuads(q, mediaType, oxigraph);
      expect(text).toContain('<<( <http://e/s> <http://e/p> "o" )>>');
      expect(oxigraph.parse(text, { format })[0].object.termType).toBe('Quad');
    }
  });

  test('a media type that is not an RDF syntax is a 406', () => {
    expect(failure(() => serializeQuads(DATA, 'application/sparql-results+json', oxigraph)).code).toBe('REST-UNACCEPTABLETYPE');
  });
});
