/**
 * Query keys of the explorer. Each starts with the connection key, so answers of
 * one database or user are never shown for another, and a whole connection's
 * documents can be invalidated at once after a write.
 */
export interface ListScope {
  dir: string;
  collection: string;
  page: number;
}

export const documentKeys = {
  all: (connection: string) => ['documents', connection] as const,
  lists: (connection: string) => [...documentKeys.all(connection), 'list'] as const,
  list: (connection: string, scope: ListScope) => [...documentKeys.lists(connection), scope] as const,
  content: (connection: string, uri: string) => [...documentKeys.all(connection), 'content', uri] as const,
  metadata: (connection: string, uri: string) => [...documentKeys.all(connection), 'metadata', uri] as const,
  /** The triples the document embeds. */
  triples: (connection: string, uri: string) => [...documentKeys.all(connection), 'triples', uri] as const,
};
