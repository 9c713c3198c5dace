import { queryOptions, useQuery } from '@tanstack/react-query';
import { useConnection, type Connection } from '../../../lib/connection';
import { documentRestriction, EMBEDDED_TRIPLES_QUERY, readEmbeddedTriples } from '../lib/embedded-triples';
import { documentKeys } from './document-keys';

/**
 * The triples a document embeds: one SPARQL query restricted to the document, sent by GET
 * while it fits in a URL (`auto`, as the SPARQL editor sends queries): a read, safe to repeat.
 */
export function embeddedTriplesQueryOptions({ client, key }: Connection, uri: string) {
  return queryOptions({
    queryKey: documentKeys.triples(key, uri),
    queryFn: async ({ signal }) =>
      readEmbeddedTriples(await client.sparql.query(EMBEDDED_TRIPLES_QUERY, { restriction: documentRestriction(uri), form: 'SELECT', method: 'auto', signal })),
  });
}

/** `enabled` false (a text or binary document, or one not read yet): nothing is asked. */
export function useEmbeddedTriples(uri: string, enabled: boolean) {
  return useQuery({ ...embeddedTriplesQueryOptions(useConnection(), uri), enabled });
}
