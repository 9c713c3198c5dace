/**
 * The query options part's entry point: what the api (and its tests) may use of
 * src/db/options (docs/decisions/0019-search-modules.md).
 */
export { normalizeOptions, optionsFromElement, optionsToXml, parseOptionsBody } from './convert';
export { restDefaultOptions } from './defaults';
export { resolveOptions } from './resolve';
export type { OptionsCheck } from './store';
export type { QueryOptions } from './types';
export { validateOptions } from './validate';
