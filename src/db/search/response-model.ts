/**
 * A search answer as the engine produces it, before it is written as MarkLogic's JSON
 * or XML search response (src/api/serializers/search-response.ts, MarkLogic’s REST API reference, /v1/search).
 * Absent fields are absent from the response; the serialiser decides names and order.
 */
import type { SearchFacetValue, SearchMatch, SearchResult as WireSearchResult } from '../../wire/search';
import type { Query } from './query-model';

/** One piece of a snippet's text: plain, or a highlighted match. */
export type MatchText = string | { highlight: string };

/** A snippet match: the wire's `path`, its text as the engine highlights it. */
export interface SnippetMatch extends Pick<SearchMatch, 'path'> {
  text: MatchText[];
}

/**
 * One result: the wire's fields, less `href` (the serialiser builds it from the request's
 * database) and with the snippet and extract-document-data in the engine's terms.
 */
export interface SearchResult extends Pick<WireSearchResult, 'index' | 'uri' | 'path' | 'score' | 'confidence' | 'fitness' | 'mimetype' | 'format' | 'content' | 'extracted'> {
  /**
   * `snippet`: the matches (possibly empty); `null` for `empty-snippet`; absent for
   * `raw` (then `content` carries the document: a JSON value for JSON, the XML text for XML).
   */
  matches?: SnippetMatch[] | null;
  /** extract-document-data when nothing was selected in this document. */
  extractedNone?: boolean;
}

/** A facet value: the value as text (or the bucket name), its count, and its typed value. */
export type FacetValue = SearchFacetValue;

export interface FacetResult {
  /** `xs:string`, `xs:int`, … or `collection` or `bucketed`. */
  type: string;
  values: FacetValue[];
}

export interface SearchMetrics {
  queryResolutionMs: number;
  facetResolutionMs?: number;
  snippetResolutionMs?: number;
  totalMs: number;
}

export interface SearchResponse {
  /** `snippet`, `raw`, `empty-snippet`, … (transform-results apply). */
  snippetFormat: string;
  total: number;
  start: number;
  pageLength: number;
  /** Absent when the view or options leave results out. */
  results?: SearchResult[];
  /** Keyed by constraint name, in the options' constraint order. */
  facets?: Record<string, FacetResult>;
  /** With return-qtext (the string queries, as sent). */
  qtext?: string[];
  /** With return-query: the query evaluated. */
  query?: Query;
  metrics?: SearchMetrics;
}
