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

/**
 * Whether every byte is below 0x80: ASCII is UTF-8 as it stands, so such bytes can be handed
 * on without being decoded (a bulk N-Triples load: decoding 22 MB to a string and the engine
 * encoding it back cost a fifth of the request). Four bytes a step where they are aligned.
 */
export function isAscii(bytes: Uint8Array): boolean {
  let i = 0;
  const n = bytes.length;
  for (; i < n && (bytes.byteOffset + i) % 4 !== 0; i++) if (bytes[i] & 0x80) return false;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + i, (n - i) >>> 2);
  for (let w = 0; w < words.length; w++) if (words[w] & 0x80808080) return false;
  for (i += words.length * 4; i < n; i++) if (bytes[i] & 0x80) return false;
  return true;
}

const encoder = new TextEncoder();

/**
 * `text` as UTF-8. TextEncoder's `encode` runs at about 45 MB/s in Chromium (measured on a
 * 4 MB string) where `encodeInto` a buffer made for it runs at about 900 MB/s, so the bytes
 * are encoded into a buffer of one byte per UTF-16 unit (all an ASCII text needs), and the
 * rest, if any, into one of three bytes per unit (the most one unit takes).
 */
export function utf8(text: string): Uint8Array {
  const ascii = new Uint8Array(text.length);
  const first = encoder.encodeInto(text, ascii);
  if (first.read === text.length) return ascii.subarray(0, first.written);
  const out = new Uint8Array(first.written + (text.length - first.read) * 3);
  out.set(ascii.subarray(0, first.written));
  // encodeInto stops between characters, never inside a surrogate pair, so the rest starts on one.
  const rest = encoder.encodeInto(text.slice(first.read), out.subarray(first.written));
  return out.subarray(0, first.written + rest.written);
}

/** UTF-8 bytes of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
