/**
 * Documents on the wire: permissions, the JSON metadata representation, and the answer to
 * a bulk write (MarkLogic's REST Application Developer's Guide, "Working with Metadata"
 * and "Reading and Writing Multiple Documents").
 */

/** The `format` of a stored document. */
export type DocumentFormat = 'json' | 'xml' | 'text' | 'binary';

/** What a role may do with a document or graph. */
export type Capability = 'read' | 'update' | 'insert' | 'execute' | 'node-update';

/** One role's capabilities, grouped, as in the JSON metadata representation. */
export interface Permission {
  'role-name': string;
  capabilities: Capability[];
}

/** `GET /v1/documents?category=metadata&format=json`: every category. */
export interface DocumentMetadata {
  collections: string[];
  /** One entry per role. */
  permissions: Permission[];
  /** User properties as a JSON object (XML properties are converted). */
  properties: Record<string, unknown>;
  quality: number;
  metadataValues: Record<string, string>;
}

/** One document of a bulk write's JSON answer. */
export interface BulkWrittenDocument {
  uri: string;
  /** The content's MIME type; `""` for a part that wrote metadata only. */
  'mime-type': string;
  /** What was written: `metadata`, and `content` when the part had content. */
  category: string[];
}

/** `POST /v1/documents` (multipart/mixed) answered in JSON. */
export interface BulkWriteAnswer {
  documents: BulkWrittenDocument[];
}
