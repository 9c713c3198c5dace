/**
 * The search API on the wire: `/v1/search` (and `/v1/qbe`) answered in JSON, and
 * `/v1/suggest` (MarkLogic's REST API reference, /v1/search and /v1/suggest). Key order is
 * the server's; the serialiser writes it, these types only say what may be there.
 */
import type { DocumentFormat } from './documents';

/** A piece of a snippet match: plain text, a highlighted hit, or another element's text (`{"<localname>": "…"}`). */
export type MatchText = string | { highlight: string } | Record<string, string>;

/** One `matches` entry of a snippet. */
export interface SearchMatch {
  /** `fn:doc("URI")/…`: the node the text comes from. */
  path: string;
  'match-text': MatchText[];
}

/** One result. */
export interface SearchResult {
  /** 1-based position in the whole result list. */
  index: number;
  uri: string;
  /** `fn:doc("URI")`. */
  path: string;
  score: number;
  confidence: number;
  fitness: number;
  /** Where the document itself is read: `/v1/documents?uri=…`. */
  href: string;
  mimetype: string;
  format: DocumentFormat;
  /**
   * The snippet: its matches (possibly none); `null` with `empty-snippet`; a string when a
   * custom snippet returns text; absent with `raw` (then `content` holds the document).
   */
  matches?: SearchMatch[] | null | string;
  /** `raw` results: the document (a JSON value for JSON, a string for XML and text). */
  content?: unknown;
  /** extract-document-data: the selected parts. */
  extracted?: { kind: 'array' | 'element' | 'object'; content: unknown[] };
  /** extract-document-data when nothing was selected in this document. */
  'extracted-none'?: Record<string, never>;
}

/** A facet value: `name` is what a string query refines with (the bucket name for buckets). */
export interface SearchFacetValue {
  name: string;
  count: number;
  /** Typed as the facet's type (a number for `xs:int`…, a string for `xs:date`); the bucket label for buckets. */
  value: string | number | boolean;
}

export interface SearchFacet {
  /** `xs:string`, `xs:int`, …, `collection` or `bucketed`. */
  type?: string;
  /** Absent only for geospatial facets, which have `boxes`. */
  facetValues?: SearchFacetValue[];
  boxes?: Array<{ count: number; s: number; w: number; n: number; e: number }>;
}

/** With return-metrics: xs:dayTimeDuration strings (`PT0.002113S`), `query-resolution-time`, `total-time`, … */
export type SearchMetrics = Record<string, string>;

/** `GET /v1/search?format=json`. */
export interface SearchResponse {
  'snippet-format'?: string;
  total: number;
  start: number;
  'page-length': number;
  /** Absent when the view leaves results out (`view=facets`). */
  results?: SearchResult[];
  /** Keyed by constraint name, in the options' order. */
  facets?: Record<string, SearchFacet>;
  /** With return-query: the resolved query, as the server serialises it. */
  query?: unknown;
  /** With return-qtext: the first string query, or `null` when there was none. */
  qtext?: string | null;
  metrics?: SearchMetrics;
}

/** `GET /v1/suggest?format=json`. */
export interface SuggestResponse {
  suggestions: string[];
}
