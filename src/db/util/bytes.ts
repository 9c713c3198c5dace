/**
 * Strict UTF-8 decoding of request bytes. Bytes that are not UTF-8 are refused rather
 * than decoded with U+FFFD in their place, which would store or run something the
 * client never sent. What the refusal is differs by resource (each answers with the
 * error code MarkLogic gives for that resource), so the caller says what to throw.
 *
 * @example
 * strictUtf8(bytes, () => new DbError('RESTAPI-INVALIDCONTENT', 'the request body is not valid UTF-8'));
 */

const dropBom = new TextDecoder('utf-8', { fatal: true });
// Document content must round-trip byte for byte, so it keeps a leading BOM.
const keepBom = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of `bytes`, or what `refuse` makes of the decoder's error when they are not UTF-8. */
export function strictUtf8(bytes: Uint8Array, refuse: (cause: unknown) => Error, options: { keepBom?: boolean } = {}): string {
  try {
    return (options.keepBom ? keepBom : dropBom).decode(bytes);
  } catch (e) {
    throw refuse(e);
  }
}
