/**
 * The documents part as the api sees it (the narrow database surface, docs/decisions/0018 and 0020):
 * turning request bytes into stored content, formats and MIME types, metadata and its
 * validation, and the shapes of a write. Inside db, modules import the files themselves.
 */
export { contentBytes, decodeUtf8, toStoredContent } from './content';
export { extractedXhtml, extractMetadata } from './binary-metadata';
export { mimeOfExtension, mimeTypeFor, resolveFormat, UNKNOWN_MIME } from './format';
export {
  bodyToUpdate,
  isNcName,
  metadataToJson,
  normalisePermissions,
  parseMetadataJson,
  validateCollections,
  validateMetadataValues,
  validatePermissions,
  validateProperties,
  validateQuality,
  type MetadataBody,
  type MetadataUpdate,
} from './metadata';
export type { ContentWrite, DocumentAccess, DocumentWrite, WriteOutcome } from './store';
export {
  capabilities,
  metadataCategories,
  type Capability,
  type DocumentFormat,
  type Metadata,
  type MetadataCategory,
  type Permission,
  type StoredDocument,
} from './types';
