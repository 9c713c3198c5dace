import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RdfTerm, Triple } from '../../../../client/graphs';
import { useConnection, type Connection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';
import { bind, countOf, inGraph, pageClause, select } from './sparql-select';

export const PAGE_SIZE = 25;

/** One page of a graph's triples with one predicate, by subject then object; the predicate travels as `bind:p`. */
export function predicateTriplesQueryOptions({ client, key }: Connection, graph: string, predicate: string, page: number) {
  return queryOptions({
    queryKey: graphKeys.predicate(key, graph, predicate, page),
    queryFn: async ({ signal }): Promise<Triple[]> => {
      const rows = await select(client, `SELECT ?s ?o WHERE { ?s ?p ?o } ORDER BY ?s ?o ${pageClause(page, PAGE_SIZE)}`, {
        ...inGraph(graph),
        bindings: [bind('p', predicate)],
        signal,
      });
      const p: RdfTerm = { type: 'uri', value: predicate };
      return rows.flatMap((r) => (r.s && r.o ? [{ subject: r.s, predicate: p, object: r.o }] : []));
    },
    placeholderData: keepPreviousData,
  });
}

export function usePredicateTriples(graph: string, predicate: string, page: number) {
  return useQuery(predicateTriplesQueryOptions(useConnection(), graph, predicate, page));
}

export function usePredicateCount(graph: string, predicate: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: graphKeys.predicate(key, graph, predicate, 'count'),
    queryFn: async ({ signal }) => countOf(await select(client, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', { ...inGraph(graph), bindings: [bind('p', predicate)], signal })),
  });
}

/** One page of a class's instances in a graph (each once, by IRI); the class travels as `bind:c`. */
export function useClassInstances(graph: string, cls: string, page: number) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: graphKeys.instances(key, graph, cls, page),
    queryFn: async ({ signal }): Promise<RdfTerm[]> => {
      const rows = await select(client, `SELECT DISTINCT ?s WHERE { ?s a ?c } ORDER BY ?s ${pageClause(page, PAGE_SIZE)}`, { ...inGraph(graph), bindings: [bind('c', cls)], signal });
      return rows.flatMap((r) => (r.s ? [r.s] : []));
    },
    placeholderData: keepPreviousData,
  });
}

export function useClassCount(graph: string, cls: string) {
  const { client, key } = useConnection();
  return useQuery({
    queryKey: graphKeys.instances(key, graph, cls, 'count'),
    queryFn: async ({ signal }) => countOf(await select(client, 'SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s a ?c }', { ...inGraph(graph), bindings: [bind('c', cls)], signal })),
  });
}
