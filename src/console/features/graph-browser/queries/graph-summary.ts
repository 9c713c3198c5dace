import { queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';
import { countOf, inGraph, select } from './sparql-select';

/** Rows a summary lists at most: a graph with more classes or predicates is a vocabulary, browsed by search. */
export const SUMMARY_LIMIT = 500;

export interface TermCount {
  iri: string;
  count: number;
}

/**
 * A graph's classes with their instance counts and its predicates with their usage
 * counts, largest first: GROUP BY queries over the graph alone, so a 100k-triple graph
 * is summarised by the database, not loaded.
 */
const queries = {
  classes: `SELECT ?term (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?term } GROUP BY ?term ORDER BY DESC(?n) ?term LIMIT ${SUMMARY_LIMIT}`,
  predicates: `SELECT ?term (COUNT(*) AS ?n) WHERE { ?s ?term ?o } GROUP BY ?term ORDER BY DESC(?n) ?term LIMIT ${SUMMARY_LIMIT}`,
};

export function graphSummaryQueryOptions({ client, key }: Connection, graph: string, part: 'classes' | 'predicates') {
  return queryOptions({
    queryKey: graphKeys.summary(key, graph, part),
    queryFn: async ({ signal }): Promise<TermCount[]> => {
      const rows = await select(client, queries[part], { ...inGraph(graph), signal });
      // A class may be a blank node or even a literal in odd data; only IRIs can be opened and filtered by.
      return rows.flatMap((row) => (row.term?.type === 'uri' ? [{ iri: row.term.value, count: countOf([row]) }] : []));
    },
  });
}

export function useGraphSummary(graph: string, part: 'classes' | 'predicates') {
  return useQuery(graphSummaryQueryOptions(useConnection(), graph, part));
}
