import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Triple } from '../../../../client/graphs';
import { useConnection, type Connection } from '../../../lib/connection';
import { graphKeys } from './graph-keys';

/** Incoming triples shown per node; more would bury the page (and the diagram caps far lower). */
export const INCOMING_LIMIT = 500;

export interface NodeTriples {
  /** What `/v1/graphs/things` describes: the node's own triples and those of blank nodes it reaches. */
  outgoing: Triple[];
  /** Triples whose object is the node, first {@link INCOMING_LIMIT} of them. */
  incoming: Triple[];
}

/** A node's neighbourhood; the things view and the diagram's expansions share it. */
export function nodeTriplesQueryOptions({ client, key }: Connection, iri: string) {
  return queryOptions({
    queryKey: graphKeys.node(key, iri),
    queryFn: async ({ signal }): Promise<NodeTriples> => {
      const [outgoing, incoming] = await Promise.all([
        client.graphs.describe(iri, { signal }),
        client.graphs.incoming(iri, { signal, limit: INCOMING_LIMIT }),
      ]);
      return { outgoing, incoming };
    },
  });
}

export function useNodeTriples(iri: string) {
  return useQuery(nodeTriplesQueryOptions(useConnection(), iri));
}
