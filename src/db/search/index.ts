/**
 * The search part's entry point: what the api (and its tests) may use of src/db/search
 * (docs/decisions/0019-search-modules.md). Inside src/db, modules import each other by path.
 */
export { assembleQuery, type AssembledQuery, type QueryBodyParts, type QueryEndpoint, type QueryParameters } from './assemble';
export { QuerySourceFailure, type QuerySource } from './query-source';
export { parseCtsJson, parseCtsText, parseCtsXml } from './parse/cts';
export { parseQbe, parseQbeText, QBE_NS, QbeError } from './parse/qbe';
export { parseStructuredQuery, parseStructuredQueryText } from './parse/structured';
export { MalformedQuery, parseXmlAs } from './parse/toolkit';
export type { Query, Scope, TermOptions } from './query-model';
export type { FacetResult, FacetValue, SearchMetrics, SearchResponse, SearchResult, SnippetMatch } from './response-model';
export type { SearchRequest } from './run-search';
export type { ValuesOutcome, ValuesRequest } from './run-values';
