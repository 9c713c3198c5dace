/**
 * Query keys of the explorer. Each starts with the connection key, so answers of
 * one database or user are never shown for another, and a whole connection's
 * documents can be invalidated at once after a write.
 */
import type { ServerSort } from '../lib/server-sort';

export interface ListScope {
  dir: string;
  collection: string;
  page: number;
  /** Every page ordered by a field's range index; absent, the server's default order. */
  sort?: ServerSort;
}

export const documentKeys = {
  all: (connection: string) => ['documents', connection] as const,
  lists: (connection: string) => [...documentKeys.all(connection), 'list'] as const,
  list: (connection: string, scope: ListScope) => [...documentKeys.lists(connection), scope] as const,
  /** A directory's subfolders with their counts: under the listings, so every write refreshes them. */
  folders: (connection: string, dir: string, collection: string) => [...documentKeys.lists(connection), 'folders', { dir, collection }] as const,
  /** The collections of a directory (by prefix): under the listings too. */
  collections: (connection: string, dir: string, prefix: string) => [...documentKeys.lists(connection), 'collections', { dir, prefix }] as const,
  content: (connection: string, uri: string) => [...documentKeys.all(connection), 'content', uri] as const,
  metadata: (connection: string, uri: string) => [...documentKeys.all(connection), 'metadata', uri] as const,
  /** The triples the document embeds. */
  triples: (connection: string, uri: string) => [...documentKeys.all(connection), 'triples', uri] as const,
};
