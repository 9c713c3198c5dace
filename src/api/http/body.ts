/**
 * Reading request bodies under the instance's payload limit: a declared
 * Content-Length over the limit is refused before reading, and a streamed body is
 * cut off as soon as it passes the limit (413, nothing stored).
 */
import { DbError } from '../../db/errors';

export async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared, limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(size, limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

const tooLarge = (size: number, limit: number) =>
  new DbError('RESTAPI-PAYLOADTOOLARGE', `request body of ${size} bytes exceeds the limit of ${limit} bytes`);

/** Bytes as a response body. (TypeScript's DOM types only accept ArrayBuffer-backed views; ours always are.) */
export const bytesBody = (bytes: Uint8Array): BodyInit => bytes as Uint8Array<ArrayBuffer>;
