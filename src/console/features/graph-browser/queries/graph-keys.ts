/**
 * Query keys of the graph browser. Each starts with the connection key, so answers of
 * one database or user are never shown for another, and everything about graphs can
 * be invalidated at once after a write (any write may change counts, pages and nodes).
 */
export const graphKeys = {
  all: (connection: string) => ['graphs', connection] as const,
  list: (connection: string) => [...graphKeys.all(connection), 'list'] as const,
  count: (connection: string, graph: string) => [...graphKeys.all(connection), 'count', graph] as const,
  page: (connection: string, graph: string, page: number) => [...graphKeys.all(connection), 'page', graph, page] as const,
  permissions: (connection: string, graph: string) => [...graphKeys.all(connection), 'permissions', graph] as const,
  node: (connection: string, iri: string) => [...graphKeys.all(connection), 'node', iri] as const,
  /** The documents whose embedded triples mention the node. */
  sources: (connection: string, iri: string) => [...graphKeys.all(connection), 'sources', iri] as const,
};
