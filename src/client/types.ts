/**
 * The shapes this client hands its callers. The server's JSON is typed once in src/wire
 * (decision 0017) and re-exported here, so the console keeps importing from the client;
 * what is declared here is the client's own (a document as read, what may be written).
 */

import type { SearchResponse as WireSearchResponse, SearchResult } from '../wire/search';

export type { BulkWrittenDocument, Capability, DocumentFormat, DocumentMetadata, Permission } from '../wire/documents';
export type { MatchText, SearchFacet, SearchFacetValue, SearchMatch, SearchMetrics, SearchResult } from '../wire/search';
export type { AggregateResultJson, DistinctValueJson, TupleJson, ValuesList, ValuesMetrics, ValuesResponse } from '../wire/values';

interface DocumentContentBase {
  uri: string;
  /** The media type the server answered with, without parameters. */
  contentType: string;
  /** Size of the content in bytes. */
  size: number;
}

/** A document as read: text formats as a string, binary as a Blob. */
export type DocumentContent =
  | (DocumentContentBase & { format: 'json' | 'xml' | 'text'; text: string })
  | (DocumentContentBase & { format: 'binary'; blob: Blob });

/** What can be written as a document's content. */
export type DocumentBody = string | Blob | Uint8Array | ArrayBuffer;

/** A search response as this client returns it: `results` always an array (the server leaves it out for `view=facets`). */
export interface SearchResponse extends WireSearchResponse {
  results: SearchResult[];
}
