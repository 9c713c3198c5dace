/**
 * Wire shapes of the MarkLogic REST API as this client sees them. They mirror the
 * server's JSON (reference/marklogic-rest.md §3.4, §4.3) key for key, so a response
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

/** One result of `GET /v1/search?format=json` (snippets are passed through untyped). */
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
  matches?: unknown;
}

export interface SearchResponse {
  'snippet-format'?: string;
  total: number;
  start: number;
  'page-length': number;
  results: SearchResult[];
  facets?: Record<string, unknown>;
  qtext?: string | null;
  metrics?: Record<string, string>;
}

/** One entry of a bulk write's `{"documents":[…]}` answer (§3.9). */
export interface BulkWrittenDocument {
  uri: string;
  'mime-type': string;
  category: string[];
}
