/**
 * Reading request bodies under the instance's payload limit: a declared
 * Content-Length over the limit is refused before reading, and a streamed body is
 * cut off as soon as it passes the limit (413, nothing stored).
 */
import { DbError } from '../../db/errors';
import { parseJson } from '../../db/json';
import { strictUtf8 } from '../../db/util';
import { isJsonType, isXmlType, mediaType } from './negotiate';

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

/**
 * A JSON object payload (any `…/json` or `…+json` type, 415 otherwise), read under `limit`:
 * text that is not JSON is refused by `errors.json`, JSON that is not an object by
 * `errors.shape` (each resource answers with its own code).
 */
export async function readJsonObject(
  req: Request,
  limit: number,
  what: string,
  errors: { json: (reason: string) => DbError; shape: (message: string) => DbError },
): Promise<Record<string, unknown>> {
  const type = mediaType(req.headers.get('content-type'));
  if (!/^(application|text)\/([^+]+\+)?json$/.test(type)) {
    throw new DbError('RESTAPI-INVALIDMIMETYPE', `mime type: ${type || 'none'}; ${what} is read from a JSON payload`);
  }
  const bytes = await readBody(req, limit);
  const text = strictUtf8(bytes, (e) => errors.json(e instanceof Error ? e.message : String(e)));
  const body = parseJson(text, `${what} payload`, errors.json);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.shape(`the ${what} payload must be a JSON object`);
  return body as Record<string, unknown>;
}

/**
 * A configuration payload that may be JSON or XML (database properties, an instance), as text:
 * 415 RESTAPI-INVALIDMIMETYPE for any other Content-Type, `invalid` for a body that is not
 * UTF-8 or is empty. `expected` says what the body should hold.
 */
export async function readJsonOrXmlText(req: Request, limit: number, expected: string, invalid: (message: string) => DbError): Promise<{ json: boolean; text: string }> {
  const type = mediaType(req.headers.get('content-type'));
  if (!isJsonType(type) && !isXmlType(type)) throw new DbError('RESTAPI-INVALIDMIMETYPE', `mime type: ${type || 'none'}; expected JSON or XML`);
  const text = strictUtf8(await readBody(req, limit), () => invalid('the request body is not valid UTF-8'));
  if (text.trim() === '') throw invalid(`empty payload; expected ${expected}`);
  return { json: isJsonType(type), text };
}
