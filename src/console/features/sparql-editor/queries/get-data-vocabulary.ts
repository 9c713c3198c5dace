import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SparqlQueryResult } from '../../../../client/sparql';
import { useConnection, type Connection } from '../../../lib/connection';
import { emptyVocabulary, type DataVocabulary } from '../lib/sparql-completion';
import { sparqlKeys } from './sparql-keys';

/** Enough for completion; the LIMIT keeps a large store from being scanned to the end. */
export const VOCABULARY_LIMIT = 2000;
export const PREDICATES_QUERY = `SELECT DISTINCT ?p WHERE { ?s ?p ?o } LIMIT ${VOCABULARY_LIMIT}`;
export const CLASSES_QUERY = `SELECT DISTINCT ?c WHERE { ?s a ?c } LIMIT ${VOCABULARY_LIMIT}`;

/**
 * The predicates and classes in the data, for completion: read once per connection.
 * A write announced by the service worker marks it stale like every other query, so
 * terms an update just added become available.
 */
export function dataVocabularyQueryOptions({ client, key }: Connection) {
  return queryOptions({
    queryKey: sparqlKeys.vocabulary(key),
    queryFn: async ({ signal }): Promise<DataVocabulary> => {
      const [predicates, classes] = await Promise.all([
        // GET: a POST would be announced as a write, which would mark this stale again.
        client.sparql.query(PREDICATES_QUERY, { form: 'SELECT', method: 'GET', signal }),
        client.sparql.query(CLASSES_QUERY, { form: 'SELECT', method: 'GET', signal }),
      ]);
      return { predicates: iris(predicates, 'p'), classes: iris(classes, 'c') };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Completion works without it: until it arrives, or if the server refuses, there is simply nothing to offer. */
export function useDataVocabulary(): DataVocabulary {
  return useQuery(dataVocabularyQueryOptions(useConnection())).data ?? emptyVocabulary;
}

function iris(result: SparqlQueryResult, variable: string): string[] {
  if (result.kind !== 'select') return [];
  return result.bindings.flatMap((b) => (b[variable]?.type === 'uri' ? [b[variable].value] : []));
}
