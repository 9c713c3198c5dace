import { skipToken, useQuery } from '@tanstack/react-query';
import { readSearchResponse, SEARCH_PATH, type SearchRequestSpec } from '../../../../client/search';
import { restrictionParams, type DocumentRestriction } from '../../../../client/sparql';
import { useConnection } from '../../../lib/connection';
import { sparqlKeys } from './sparql-keys';

/**
 * The search that counts the documents a restriction selects: `/v1/search` with the very
 * parameters the SPARQL request carries (`q`, `structuredQuery`, `options`) and `pageLength=0`,
 * so the count is of the documents whose triples the query will see (permissions included).
 */
export function matchedDocumentsRequest(restriction: DocumentRestriction): SearchRequestSpec {
  const params = restrictionParams(restriction);
  params.set('pageLength', '0');
  params.set('format', 'json');
  return { method: 'GET', path: SEARCH_PATH, params };
}

/** The number of documents `restriction` matches; nothing is asked while it is `undefined`. */
export function useMatchedDocuments(restriction: DocumentRestriction | undefined) {
  const { client, key } = useConnection();
  const request = restriction ? matchedDocumentsRequest(restriction) : undefined;
  return useQuery({
    queryKey: sparqlKeys.matched(key, request?.params.toString() ?? ''),
    queryFn: request ? async ({ signal }) => readSearchResponse((await client.search.raw(request, { signal })).text).total : skipToken,
  });
}
