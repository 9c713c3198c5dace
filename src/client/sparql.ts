/** `/v1/graphs/sparql`: SPARQL queries and updates. OWNER: SPARQL editor work package. */
import type { Send } from './transport';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SparqlApi {}

export function createSparqlApi(_send: Send): SparqlApi {
  return {};
}
