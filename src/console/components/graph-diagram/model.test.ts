import { describe, expect, it } from 'vitest';
import type { RdfTerm, Triple } from '../../../client/graphs';
import { buildDiagram, iriNodes } from './model';

const iri = (value: string): RdfTerm => ({ type: 'uri', value });
const lit = (value: string): RdfTerm => ({ type: 'literal', value });
const t = (s: RdfTerm, p: string, o: RdfTerm): Triple => ({ subject: s, predicate: iri(p), object: o });

const ADA = 'http://ex.org/ada';
const BOB = 'http://ex.org/bob';
const KNOWS = 'http://xmlns.com/foaf/0.1/knows';
const NAME = 'http://xmlns.com/foaf/0.1/name';
const LIKES = 'http://ex.org/likes';

describe('buildDiagram', () => {
  const triples = [t(iri(ADA), KNOWS, iri(BOB)), t(iri(ADA), LIKES, iri(BOB)), t(iri(BOB), KNOWS, iri(ADA)), t(iri(ADA), NAME, lit('Ada')), t(iri(BOB), NAME, lit('Ada'))];

  it('draws one node per resource, one leaf per literal triple, and one edge per ordered pair with all its predicates', () => {
    const model = buildDiagram(triples);
    expect(model.nodes.filter((n) => n.kind === 'iri').map((n) => n.id)).toEqual([ADA, BOB]);
    // The same literal "Ada" twice is two leaves: one shared node would tie Ada and Bob together.
    expect(model.nodes.filter((n) => n.kind === 'literal')).toHaveLength(2);
    const pair = model.edges.find((e) => e.source === ADA && e.target === BOB);
    expect(pair?.predicates).toEqual([KNOWS, LIKES]);
    expect(model.edges).toHaveLength(4);
  });

  it('counts every predicate, most used first, whatever the filter hides', () => {
    const expected = [
      { iri: KNOWS, count: 2 },
      { iri: NAME, count: 2 },
      { iri: LIKES, count: 1 },
    ];
    expect(buildDiagram(triples).predicates).toEqual(expected);
    expect(buildDiagram(triples, { hiddenPredicates: new Set([KNOWS]) }).predicates).toEqual(expected);
  });

  it('leaves out the hidden predicates and the nodes only they reached', () => {
    const model = buildDiagram(triples, { hiddenPredicates: new Set([NAME, LIKES]) });
    expect(model.nodes).toHaveLength(2);
    expect(model.edges.map((e) => e.predicates)).toEqual([[KNOWS], [KNOWS]]);
    expect(buildDiagram(triples, { focus: ADA, hiddenPredicates: new Set([NAME, LIKES, KNOWS]) }).nodes.map((n) => n.id)).toEqual([ADA]);
  });

  it("caps the nodes, keeping the focus's own triples and counting what it left out", () => {
    const many = Array.from({ length: 10 }, (_, i) => t(iri(`http://ex.org/n${i}`), KNOWS, iri(`http://ex.org/m${i}`)));
    const model = buildDiagram([...many, t(iri(BOB), KNOWS, iri(ADA))], { focus: ADA, maxNodes: 6 });
    expect(model.nodes.map((n) => n.id).slice(0, 2)).toEqual([ADA, BOB]);
    expect(model.nodes).toHaveLength(6);
    expect(model.omitted).toBe(8);
  });

  it('skips loops and keys blank nodes as _:label', () => {
    const b: RdfTerm = { type: 'bnode', value: 'b0' };
    const model = buildDiagram([t(iri(ADA), KNOWS, iri(ADA)), t(iri(ADA), KNOWS, b)]);
    expect(model.edges.map((e) => [e.source, e.target])).toEqual([[ADA, '_:b0']]);
    expect(iriNodes(model)).toEqual([ADA]);
  });
});
