import { expect, test } from 'vitest';
import { DEFAULT_GRAPH, GRAPH_CATALOGUE } from '../../../../client/graphs';
import { graphLabel, summariseGraphs } from './graph-summaries';

test('joins listed graphs with their counts, default graph first, catalogue left out', () => {
  const listed = ['http://b.org/g', GRAPH_CATALOGUE, DEFAULT_GRAPH, 'http://a.org/empty'];
  const counts = { 'http://b.org/g': 7, [DEFAULT_GRAPH]: 2, 'marklogic.com/people': 3 };
  expect(summariseGraphs(listed, counts)).toEqual([
    { iri: DEFAULT_GRAPH, triples: 2 },
    { iri: 'http://a.org/empty', triples: 0 },
    { iri: 'http://b.org/g', triples: 7 },
    { iri: 'marklogic.com/people', triples: 3 },
  ]);
});

test('an empty store has no graphs', () => {
  expect(summariseGraphs([GRAPH_CATALOGUE], {})).toEqual([]);
});

test('the default graph is labelled by its role, other graphs by IRI', () => {
  expect(graphLabel(DEFAULT_GRAPH)).toBe('Default graph');
  expect(graphLabel('marklogic.com/people')).toBe('marklogic.com/people');
});
