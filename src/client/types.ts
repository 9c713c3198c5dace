/**
 * Wire shapes of the MarkLogic REST API as this client sees them. They mirror the
 * server's JSON (MarkLogic’s REST API reference, /v1/search, response) key for key, so a response
 * from Tabula and one from a real MarkLogic server type-check the same way.
 */

export type DocumentFormat = 'json' | 'xml' | 'text' | 'binary';

export type Capability = 'read' | 'update' | 'insert' | 'execute' | 'node-update';

export interface Permission {
  'role-name': string;
  capabilities: Capability[];
}

/** `GET /v1/documents?category=metadata&format=json`. */
export interface DocumentMetadata {
  collections: string[];
  permissions: Permission[];
  properties: Record<string, unknown>;
  quality: number;
  metadataValues: Record<string, string>;
}

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

/** A piece of a snippet match: plain text, a highlighted hit, or another element's text (`{"<localname>": "…"}`). */
export type MatchText = string | { highlight: string } | Record<string, string>;

/** One `matches` entry of a snippet (MarkLogic’s REST API reference, /v1/search). */
export interface SearchMatch {
  /** `fn:doc("URI")/…`: the node the text comes from. */
  path: string;
  'match-text': MatchText[];
}

/** One result of `GET /v1/search?format=json` (MarkLogic’s REST API reference, /v1/search). */
export interface SearchResult {
  index: number;
  uri: string;
  path: string;
  score: number;
  confidence: number;
  fitness: number;
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
  'extracted-none'?: Record<string, never>;
}

/** A facet value: `name` is what a string query refines with (the bucket name for buckets). */
export interface SearchFacetValue {
  name: string;
  count: number;
  /** Typed as the facet's type (a number for `xs:int`…); the bucket label for buckets. */
  value: string | number | boolean;
}

export interface SearchFacet {
  /** `xs:string`, `xs:int`, …, `collection` or `bucketed`. */
  type?: string;
  /** Absent only for geospatial facets, which have `boxes`. */
  facetValues?: SearchFacetValue[];
  boxes?: Array<{ count: number; s: number; w: number; n: number; e: number }>;
}

export interface SearchResponse {
  'snippet-format'?: string;
  total: number;
  start: number;
  'page-length': number;
  /** Always an array from this client (the server leaves it out for `view=facets`). */
  results: SearchResult[];
  /** Keyed by constraint name, in the options' order. */
  facets?: Record<string, SearchFacet>;
  /** With return-query: the resolved query, as the server serialises it. */
  query?: unknown;
  qtext?: string | null;
  /** xs:duration strings: `query-resolution-time`, `total-time`, … */
  metrics?: Record<string, string>;
}

/** One entry of a bulk write's `{"documents":[…]}` answer (MarkLogic’s REST API reference, /v1/documents, bulk write). */
export interface BulkWrittenDocument {
  uri: string;
  'mime-type': string;
  category: string[];
}
