/** Query keys of the SPARQL editor; each starts with the connection key (see document-keys.ts). */
export const sparqlKeys = {
  all: (connection: string) => ['sparql', connection] as const,
  vocabulary: (connection: string) => [...sparqlKeys.all(connection), 'vocabulary'] as const,
  saved: (connection: string) => [...sparqlKeys.all(connection), 'saved-queries'] as const,
  /** How many documents a document query matches, by its request parameters. */
  matched: (connection: string, params: string) => [...sparqlKeys.all(connection), 'matched', params] as const,
};
