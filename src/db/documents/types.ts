/**
 * The document model: what a stored document is, independent of HTTP.
 * Shapes of metadata follow MarkLogic's JSON metadata representation
 * (MarkLogic’s REST Application Developer’s Guide, metadata format) so they convert to the wire without renaming.
 */

import type { Capability, DocumentFormat, DocumentMetadata, Permission } from '../../wire/documents';

export type { Capability, DocumentFormat, Permission };

// The runtime lists for validation, checked against the wire's unions.
export const documentFormats: readonly DocumentFormat[] = ['json', 'xml', 'text', 'binary'];
export const capabilities: readonly Capability[] = ['read', 'update', 'insert', 'execute', 'node-update'];

/** A document's metadata: the wire's JSON metadata representation, every category present. */
export type Metadata = DocumentMetadata;

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
