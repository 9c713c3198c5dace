/**
 * Builds the `multipart/mixed` body of a bulk write (MarkLogic’s REST API reference,
 * /v1/documents, bulk write). Parts are assembled as a Blob so binary content is never copied into a
 * string, and the result works as a fetch body in browsers and in Node alike.
 */

export interface MultipartPart {
  headers: Record<string, string>;
  body: string | Blob | Uint8Array | ArrayBuffer;
}

export interface MultipartBody {
  body: Blob;
  contentType: string;
}

export function buildMultipart(parts: readonly MultipartPart[], boundary = randomBoundary()): MultipartBody {
  const chunks: BlobPart[] = [];
  for (const part of parts) {
    const head = Object.entries(part.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    chunks.push(`--${boundary}\r\n${head}\r\n`, part.body as BlobPart, '\r\n');
  }
  chunks.push(`--${boundary}--\r\n`);
  return { body: new Blob(chunks), contentType: `multipart/mixed; boundary=${boundary}` };
}

/** A quoted Content-Disposition parameter value: `"` and `\` are backslash-escaped. */
export function quoteParam(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

// 128 random bits: the chance of it occurring inside a document is negligible, which
// is what lets us skip scanning every part for it.
function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `tabula-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
