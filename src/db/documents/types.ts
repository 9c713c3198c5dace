/**
 * The document model: what a stored document is, independent of HTTP.
 * Shapes of metadata follow MarkLogic's JSON metadata representation
 * (MarkLogic’s REST Application Developer’s Guide, metadata format) so they convert to the wire without renaming.
 */

export type DocumentFormat = 'json' | 'xml' | 'text' | 'binary';
export const documentFormats: readonly DocumentFormat[] = ['json', 'xml', 'text', 'binary'];

export type Capability = 'read' | 'update' | 'insert' | 'execute' | 'node-update';
export const capabilities: readonly Capability[] = ['read', 'update', 'insert', 'execute', 'node-update'];

export interface Permission {
  'role-name': string;
  capabilities: Capability[];
}

export interface Metadata {
  collections: string[];
  /** One entry per role, its capabilities grouped. */
  permissions: Permission[];
  /** User properties as a JSON object (XML properties are converted on the way in). */
  properties: Record<string, unknown>;
  quality: number;
  metadataValues: Record<string, string>;
}

export type MetadataCategory = 'collections' | 'permissions' | 'properties' | 'quality' | 'metadata-values';
export const metadataCategories: readonly MetadataCategory[] = [
  'collections',
  'permissions',
  'properties',
  'quality',
  'metadata-values',
];

/** A partial metadata update: only the categories present are changed. */
export type MetadataPatch = Partial<Metadata>;

export interface StoredDocument {
  uri: string;
  format: DocumentFormat;
  /**
   * JSON is kept as its compact serialisation (as MarkLogic re-serialises a JSON
   * node); XML as the text written (well-formedness checked); text as a string,
   * byte for byte; binary as bytes.
   */
  content: string | Uint8Array;
  /** The MIME type the URI implies, or the one derived from the format. */
  mimeType: string;
  metadata: Metadata;
  /** The document timestamp: the commit's timestamp, used as version and ETag. */
  version: number;
  /**
   * Roles with the read capability, derived from the permissions on every write;
   * indexed so a listing finds what a user may read without loading documents.
   */
  readers?: string[];
}

export const emptyMetadata = (): Metadata => ({
  collections: [],
  permissions: [],
  properties: {},
  quality: 0,
  metadataValues: {},
});
