/**
 * The index configuration part's entry point: what the api may use of src/db/indexes
 * (docs/decisions/0019-search-modules.md).
 */
export type { IndexSettings, RangeElementAttributeIndex, RangeElementIndex } from './config';
export { neededIndexes, type NeededIndex } from './needed';
