/**
 * Query keys of the search page. Each starts with the connection key, so answers of one
 * database or user are never shown for another.
 */
export const searchKeys = {
  all: (connection: string) => ['search', connection] as const,
  /** One request, by the URL it is sent to (the body too, when it has one). */
  run: (connection: string, request: string) => [...searchKeys.all(connection), 'run', request] as const,
  raw: (connection: string, request: string) => [...searchKeys.all(connection), 'raw', request] as const,
  suggestions: (connection: string, options: string, partial: string, cursor: number | undefined) =>
    [...searchKeys.all(connection), 'suggest', options, partial, cursor ?? null] as const,
  optionSets: (connection: string) => [...searchKeys.all(connection), 'option-sets'] as const,
  constraints: (connection: string, optionSet: string) => [...searchKeys.all(connection), 'constraints', optionSet] as const,
};
