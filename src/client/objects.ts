/** A JSON object: not null, not an array. The client's and the console's one test for it. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
