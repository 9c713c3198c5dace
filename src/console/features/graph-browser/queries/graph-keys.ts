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
  /** A graph's classes and predicates with their counts. */
  summary: (connection: string, graph: string, part: 'classes' | 'predicates') => [...graphKeys.all(connection), 'summary', graph, part] as const,
  /** The triples of one predicate in a graph: their count, or one page. */
  predicate: (connection: string, graph: string, predicate: string, page: number | 'count') => [...graphKeys.all(connection), 'predicate', graph, predicate, page] as const,
  /** The instances of one class in a graph: their count, or one page. */
  instances: (connection: string, graph: string, cls: string, page: number | 'count') => [...graphKeys.all(connection), 'instances', graph, cls, page] as const,
  /** A node's outgoing or incoming triples in any graph: their count, or one page of `size`. */
  nodeSide: (connection: string, iri: string, side: 'outgoing' | 'incoming', page: number | 'count', size?: number) =>
    [...graphKeys.all(connection), 'node', iri, side, page, size] as const,
  permissions: (connection: string, graph: string) => [...graphKeys.all(connection), 'permissions', graph] as const,
  node: (connection: string, iri: string) => [...graphKeys.all(connection), 'node', iri] as const,
  /** The documents whose embedded triples mention the node. */
  sources: (connection: string, iri: string) => [...graphKeys.all(connection), 'sources', iri] as const,
};
