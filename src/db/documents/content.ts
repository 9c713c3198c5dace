/**
 * Turning request bytes into stored content, and back. Validation happens here so a
 * malformed body is rejected before anything is written.
 */
import { DbError } from '../errors';
import { limitDetail, limits } from '../limits';
import { checkXml } from '../xml/parse';
import { repairXml } from '../xml/repair';
import type { DocumentFormat } from './types';
import { parseJson } from '../json/parse';
import { strictUtf8, utf8 } from '../util/bytes';


/** Text that must round-trip byte for byte: a leading BOM is kept, bytes that are not UTF-8 are refused. */
export function decodeUtf8(bytes: Uint8Array, what: string): string {
  return strictUtf8(bytes, () => new DbError('XDMP-DOCUTF8SEQ', `invalid UTF-8 in ${what}`), { keepBom: true });
}

/**
 * Validates content of `format` and gives what is stored: compact JSON text, XML text, text, or bytes.
 * `repair` (a write's `repair=full`, which the api accepts for XML only) stores XML repaired
 * rather than refusing it when it is not well-formed.
 */
export function toStoredContent(bytes: Uint8Array, format: DocumentFormat, uri: string, options: { repair?: boolean } = {}): string | Uint8Array {
  if (bytes.length > limits.maxDocumentBytes) throw new DbError('RESTAPI-PAYLOADTOOLARGE', limitDetail('maxDocumentBytes', `document ${uri} (${bytes.length} bytes)`));
  if (format === 'binary') return bytes.slice();
  const text = decodeUtf8(bytes, uri);
  if (format === 'text') return text;
  if (format === 'json') return JSON.stringify(parseJsonContent(text, uri));
  if (options.repair) return repairXml(text);
  checkXml(text, { what: `XML document ${uri}` });
  return text;
}

/** JSON content with MarkLogic's error code for a body that is not JSON; past the nesting limit, TABULA-LIMIT. */
export function parseJsonContent(text: string, uri: string): unknown {
  if (text.trim() === '') throw new DbError('XDMP-JSONDOC', `empty JSON document: ${uri}`);
  return parseJson(text, `JSON document ${uri}`, (reason) => new DbError('XDMP-JSONDOC', `${uri}: ${reason}`));
}

/** The bytes of stored content, as sent on a read. */
export function contentBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? utf8(content) : content;
}

export function contentLength(content: string | Uint8Array): number {
  return typeof content === 'string' ? utf8(content).byteLength : content.byteLength;
}
