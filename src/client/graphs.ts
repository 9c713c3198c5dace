/** `/v1/graphs` and `/v1/graphs/things`: the graph store. OWNER: graph browser work package. */
import type { Send } from './transport';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GraphsApi {}

export function createGraphsApi(_send: Send): GraphsApi {
  return {};
}
