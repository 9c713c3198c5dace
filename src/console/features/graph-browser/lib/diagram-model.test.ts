import { describe, expect, test } from 'vitest';
import type { RdfTerm, Triple } from '../../../../client/graphs';
import { createDiagram, expandNode, iriNodeId, termLabel } from './diagram-model';

const iri = (value: string): RdfTerm => ({ type: 'uri', value });
const lit = (value: string, extra: { lang?: string; datatype?: string } = {}): RdfTerm => ({ type: 'literal', value, ...extra });
const t = (s: RdfTerm, p: string, o: RdfTerm): Triple => ({ subject: s, predicate: iri(p), object: o });

const ADA = 'http://ex.org/people/ada';
const BOB = 'http://ex.org/people/bob';
const KNOWS = 'http://xmlns.com/foaf/0.1/knows';
const NAME = 'http://xmlns.com/foaf/0.1/name';

describe('expandNode', () => {
  test('a new diagram holds only the focus node, not yet expanded', () => {
    const model = createDiagram(ADA);
    expect(model.nodes).toHaveLength(1);
    expect(model.nodes[0]).toMatchObject({ id: iriNodeId(ADA), kind: 'iri', label: 'ada', title: ADA, expanded: false });
    expect(model.links).toEqual([]);
  });

  test('adds the nodes of outgoing and incoming triples with one labelled link each', () => {
    const carol = 'http://ex.org/people/carol';
    const model = expandNode(createDiagram(ADA), iriNodeId(ADA), [t(iri(ADA), KNOWS, iri(BOB)), t(iri(carol), KNOWS, iri(ADA)), t(iri(ADA), NAME, lit('Ada'))]);
    expect(model.nodes.map((n) => n.label).sort()).toEqual(['"Ada"', 'ada', 'bob', 'carol']);
    expect(model.links.map((l) => [l.source, l.label, l.target])).toEqual([
      [iriNodeId(ADA), 'foaf:knows', iriNodeId(BOB)],
      [iriNodeId(carol), 'foaf:knows', iriNodeId(ADA)],
      [iriNodeId(ADA), 'foaf:name', expect.stringContaining('"Ada"')],
    ]);
    expect(model.nodes.find((n) => n.id === iriNodeId(ADA))).toMatchObject({ expanded: true, hidden: 0 });
    expect(model.nodes.find((n) => n.id === iriNodeId(BOB))).toMatchObject({ expanded: false, origin: iriNodeId(ADA) });
  });

  test('expanding a neighbour that points back adds no second link or node', () => {
    const first = expandNode(createDiagram(ADA), iriNodeId(ADA), [t(iri(ADA), KNOWS, iri(BOB))]);
    const second = expandNode(first, iriNodeId(BOB), [t(iri(ADA), KNOWS, iri(BOB)), t(iri(BOB), KNOWS, iri(ADA))]);
    expect(second.nodes).toHaveLength(2);
    expect(second.links).toHaveLength(2);
  });

  test('gives each literal its own leaf, even when two subjects share the value', () => {
    const model = expandNode(createDiagram(ADA), iriNodeId(ADA), [t(iri(ADA), NAME, lit('x')), t(iri(BOB), NAME, lit('x')), t(iri(ADA), NAME, lit('x', { lang: 'en' }))]);
    expect(model.nodes.filter((n) => n.kind === 'literal')).toHaveLength(3);
  });

  test('keeps blank nodes as nodes of their own and skips loops', () => {
    const b: RdfTerm = { type: 'bnode', value: 'b0' };
    const model = expandNode(createDiagram(ADA), iriNodeId(ADA), [t(iri(ADA), KNOWS, b), t(b, NAME, lit('anon')), t(iri(ADA), KNOWS, iri(ADA))]);
    expect(model.nodes.map((n) => n.kind).sort()).toEqual(['bnode', 'iri', 'literal']);
    expect(model.links).toHaveLength(2);
  });

  test('adds at most maxLinks links, structure before attributes, and counts the rest as hidden', () => {
    const literals = Array.from({ length: 20 }, (_, i) => t(iri(ADA), NAME, lit(`name ${i}`)));
    const friends = Array.from({ length: 5 }, (_, i) => t(iri(ADA), KNOWS, iri(`http://ex.org/people/f${i}`)));
    const model = expandNode(createDiagram(ADA), iriNodeId(ADA), [...literals, ...friends], { maxLinks: 8 });
    expect(model.links).toHaveLength(8);
    expect(model.nodes.filter((n) => n.kind === 'iri')).toHaveLength(6);
    expect(model.nodes.find((n) => n.id === iriNodeId(ADA))?.hidden).toBe(17);
  });

  test('stops adding nodes at maxNodes', () => {
    const friends = Array.from({ length: 10 }, (_, i) => t(iri(ADA), KNOWS, iri(`http://ex.org/f${i}`)));
    const model = expandNode(createDiagram(ADA), iriNodeId(ADA), friends, { maxNodes: 4 });
    expect(model.nodes).toHaveLength(4);
    expect(model.nodes.find((n) => n.id === iriNodeId(ADA))?.hidden).toBe(7);
  });

  test('leaves the model alone for a node it does not hold', () => {
    const model = createDiagram(ADA);
    expect(expandNode(model, iriNodeId(BOB), [t(iri(BOB), KNOWS, iri(ADA))])).toBe(model);
  });
});

describe('termLabel', () => {
  test.for([
    { name: 'a known prefix', term: iri('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), label: 'rdf:type' },
    { name: 'an unknown namespace by its last segment', term: iri('http://ex.org/things#Widget'), label: 'Widget' },
    { name: 'a path-form IRI by its last segment', term: iri('marklogic.com/r1'), label: 'r1' },
    { name: 'a long literal cut short, whitespace folded', term: lit('a literal\nwith quite a lot of words in it'), label: '"a literal with quite a…' },
    { name: 'a blank node with its label', term: { type: 'bnode', value: 'b12' } as RdfTerm, label: '_:b12' },
  ])('shows $name', ({ term, label }) => {
    expect(termLabel(term)).toBe(label);
  });
});
