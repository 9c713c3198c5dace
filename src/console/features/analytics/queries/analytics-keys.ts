/**
 * Query keys of the analytics page. Each starts with the connection key, so answers of one
 * database or user are never shown for another.
 */
export const analyticsKeys = {
  all: (connection: string) => ['analytics', connection] as const,
  definitions: (connection: string, optionSet: string) => [...analyticsKeys.all(connection), 'definitions', optionSet] as const,
  optionSet: (connection: string, optionSet: string) => [...analyticsKeys.all(connection), 'option-set', optionSet] as const,
  /** One request, by the URL it is sent to. */
  read: (connection: string, request: string) => [...analyticsKeys.all(connection), 'read', request] as const,
};
