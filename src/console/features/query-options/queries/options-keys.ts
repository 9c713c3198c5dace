/**
 * Query keys of the Options page. Each starts with the connection key, so answers of one
 * database or user are never shown for another.
 */
export const optionsKeys = {
  all: (connection: string) => ['query-options', connection] as const,
  list: (connection: string) => [...optionsKeys.all(connection), 'list'] as const,
  set: (connection: string, name: string) => [...optionsKeys.all(connection), 'set', name] as const,
  xml: (connection: string, name: string) => [...optionsKeys.all(connection), 'xml', name] as const,
  /** The preview of unsaved options: keyed by what was sent, so each edit is its own answer. */
  preview: (connection: string, options: string, qtext: string) => [...optionsKeys.all(connection), 'preview', options, qtext] as const,
  /** The first values of a definition of unsaved options, keyed like the preview. */
  values: (connection: string, options: string, definition: string, indexEpoch: string) => [...optionsKeys.all(connection), 'values', options, definition, indexEpoch] as const,
};

export const indexKeys = {
  all: (connection: string) => ['range-indexes', connection] as const,
  settings: (connection: string) => [...indexKeys.all(connection), 'settings'] as const,
  report: (connection: string) => [...indexKeys.all(connection), 'report'] as const,
};
