/**
 * A search answer as the engine produces it, before it is written as MarkLogic's JSON
 * or XML search response (src/api/serializers/search-response.ts, MarkLogic’s REST API reference, /v1/search).
 * Absent fields are absent from the response; the serialiser decides names and order.
 */
import type { DocumentFormat } from '../documents/types';
import type { Query } from './query-model';

/** One piece of a snippet's text: plain, or a highlighted match. */
export type MatchText = string | { highlight: string };

export interface SnippetMatch {
  /** `fn:doc("URI")/…` path of the node the text comes from (MarkLogic’s REST API reference, /v1/search). */
  path: string;
  text: MatchText[];
}

export interface SearchResult {
  /** 1-based position in the whole result list (start + i). */
  index: number;
  uri: string;
  /** `fn:doc("URI")`. */
  path: string;
  score: number;
  confidence: number;
  fitness: number;
  mimetype: string;
  format: DocumentFormat;
  /**
   * `snippet`: the matches (possibly empty); `null` for `empty-snippet`; absent for
   * `raw` (then `content` carries the document).
   */
  matches?: SnippetMatch[] | null;
  /** `raw` snippets: the document (JSON value for JSON, the XML text for XML, text for text). */
  content?: unknown;
  /** extract-document-data: the selected parts (JSON values, or XML strings). */
  extracted?: { kind: 'array' | 'element' | 'object'; content: unknown[] };
  /** extract-document-data when nothing was selected in this document. */
  extractedNone?: boolean;
}

export interface FacetValue {
  /** The value as text, or the bucket name. */
  name: string;
  count: number;
  /** Typed for numeric and boolean types (MarkLogic’s REST API reference, /v1/search); the bucket label for buckets. */
  value: string | number | boolean;
}

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
