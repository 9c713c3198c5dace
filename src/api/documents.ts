/**
 * `/v1/documents`: reading, deleting and routing the writes (MarkLogic’s REST API reference, /v1/documents).
 * Writes live in documents-write.ts, patches in documents-patch.ts.
 */
import type { Hono } from 'hono';
import { DbError } from '../db/errors';
import { contentBytes, type StoredDocument, UNKNOWN_MIME } from '../db/documents';
import { effectiveTimestamp, requireRole, type ApiContext, type ApiDeps, type ApiEnv } from './http/context';
import { endpoint } from './http/routing';
import { bytesBody } from './http/body';
import { Params } from './http/params';
import { acceptTypes, mediaTypeParam, structuredFormat } from './http/negotiate';
import { buildMultipart, formatContentDisposition, newBoundary, type OutPart } from './http/multipart';
import { parseCategories, renderMetadata, type Categories } from './documents-metadata';
import { handlePost, handlePut } from './documents-write';
import { handlePatch } from './documents-patch';
import { documentsFor } from './http/transaction';

const READ_PARAMS = ['uri', 'category', 'format'];

export function registerDocuments(app: Hono<ApiEnv>, deps: ApiDeps): void {
  endpoint(app, '/documents', {
    GET: (c) => read(c, deps, false),
    HEAD: (c) => read(c, deps, true),
    PUT: (c) => handlePut(c, deps),
    POST: (c) => handlePost(c, deps),
    PATCH: (c) => handlePatch(c, deps),
    DELETE: (c) => remove(c, deps),
  });
}

/** Headers every successful read carries. */
async function readHeaders(deps: ApiDeps): Promise<Headers> {
  return new Headers(effectiveTimestamp(deps));
}

const withCharset = (mime: string, format: StoredDocument['format']) => (format === 'binary' ? mime : `${mime}; charset=utf-8`);

async function read(c: ApiContext, deps: ApiDeps, head: boolean): Promise<Response> {
  requireRole(c, 'rest-reader');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const documents = documentsFor(c, deps, params);
  params.refuseTransforms();
  params.validate(READ_PARAMS);
  const uris = params.all('uri');
  if (uris.length === 0 || uris.some((u) => u === '')) throw new DbError('REST-REQUIREDPARAM', 'Required parameter: uri');
  const categories = parseCategories(params);
  const format = params.oneOf('format', ['json', 'xml', 'text', 'binary'] as const);
  const accept = c.req.header('accept');
  const wantsMultipart = acceptTypes(accept).includes('multipart/mixed');
  const multi = uris.length > 1 || (categories.content && categories.metadata.length > 0) || wantsMultipart;
  const principal = c.get('principal');

  if (!multi) {
    const doc = await documents.read(uris[0], principal);
    const category = categories.content ? 'content' : 'metadata';
    if (!doc) throw new DbError('RESTAPI-NODOCUMENT', `category: ${category} message: ${uris[0]}`);
    const headers = await readHeaders(deps);
    if (!categories.content) {
      if (format === 'text' || format === 'binary') {
        throw new DbError('REST-INVALIDPARAM', `metadata is JSON or XML, not format=${format}`);
      }
      const metaFormat = structuredFormat(c.req.raw, format);
      const { text, contentType } = renderMetadata(doc.uri, doc.metadata, categories.metadata, metaFormat);
      headers.set('Content-Type', `${contentType}; charset=utf-8`);
      headers.set('vnd.marklogic.document-format', metaFormat);
      return new Response(head ? null : text, { status: 200, headers });
    }
    return contentResponse(c, deps, doc, headers, head);
  }

  if (!wantsMultipart) {
    throw new DbError('RESTAPI-INVALIDMIMETYPE', `multipart/mixed must be acceptable (Accept) to read ${uris.length > 1 ? 'several documents' : 'content with metadata'}`);
  }
  const docs = await documents.readMany(uris, principal, c.get('deadline'));
  if (docs.length === 0 && uris.length === 1) {
    throw new DbError('RESTAPI-NODOCUMENT', `category: content message: ${uris[0]}`);
  }
  const boundary = mediaTypeParam(accept, 'boundary') || newBoundary();
  const versioned = await isVersioned(deps);
  const parts = docs.flatMap((doc) => documentParts(doc, categories, metadataPartFormat(format, uris.length, doc), versioned));
  const body = buildMultipart(parts, boundary);
  const headers = await readHeaders(deps);
  headers.set('Content-Type', `multipart/mixed; boundary=${boundary}`);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(head ? null : bytesBody(body), { status: 200, headers });
}

/** Metadata parts: `format` param; for one document its own format if JSON/XML; else XML. */
function metadataPartFormat(format: string | undefined, uriCount: number, doc: StoredDocument): 'json' | 'xml' {
  if (format === 'json' || format === 'xml') return format;
  if (uriCount === 1 && (doc.format === 'json' || doc.format === 'xml')) return doc.format;
  return 'xml';
}

/** One document's parts of a multipart read: metadata first, then content. */
export function documentParts(doc: StoredDocument, categories: Categories, metaFormat: 'json' | 'xml', versioned: boolean): OutPart[] {
  const parts: OutPart[] = [];
  if (categories.metadata.length > 0) {
    const { text, contentType } = renderMetadata(doc.uri, doc.metadata, categories.metadata, metaFormat);
    const named: Array<[string, string]> = categories.all ? [['category', 'metadata']] : categories.metadata.map((cat) => ['category', cat]);
    parts.push({
      headers: {
        'Content-Type': contentType,
        'Content-Disposition': formatContentDisposition('attachment', doc.uri, [...named, ['format', metaFormat]]),
      },
      body: text,
    });
  }
  if (categories.content) {
    const bytes = contentBytes(doc.content);
    const params: Array<[string, string]> = [
      ['category', 'content'],
      ['format', doc.format],
    ];
    if (versioned) params.push(['versionId', String(doc.version)]);
    const headers: Record<string, string> = {
      'Content-Type': doc.mimeType,
      'Content-Disposition': formatContentDisposition('attachment', doc.uri, params),
    };
    if (doc.format === 'binary') headers['Content-Length'] = String(bytes.byteLength);
    parts.push({ headers, body: bytes });
  }
  return parts;
}

/** Whether the update policy versions documents (ETags, `versionId` in multipart parts). */
export async function isVersioned(deps: ApiDeps): Promise<boolean> {
  const policy = await deps.db.documents.updatePolicy();
  return policy === 'version-optional' || policy === 'version-required';
}

/** A single document's content: conditional GET, byte ranges for binaries, versions. */
async function contentResponse(c: ApiContext, deps: ApiDeps, doc: StoredDocument, headers: Headers, head: boolean): Promise<Response> {
  let mime = doc.mimeType;
  // Only a binary of unknown type takes its served type from the client's Accept.
  if (mime === UNKNOWN_MIME) mime = acceptTypes(c.req.header('accept'))[0] ?? mime;
  headers.set('Content-Type', withCharset(mime, doc.format));
  headers.set('vnd.marklogic.document-format', doc.format);
  if (await isVersioned(deps)) {
    const etag = `"${doc.version}"`;
    headers.set('ETag', etag);
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatch.replace(/"/g, '').trim() === String(doc.version)) {
      return new Response(null, { status: 304, statusText: 'Unchanged', headers });
    }
  }
  const bytes = contentBytes(doc.content);
  const range = c.req.header('range');
  const ifRange = c.req.header('if-range');
  const rangeApplies = range && (!ifRange || ifRange.replace(/"/g, '').trim() === String(doc.version));
  if (rangeApplies) {
    if (doc.format !== 'binary') throw new DbError('RESTAPI-INVALIDREQ', `byte ranges apply to binary documents only: ${doc.uri}`);
    const [start, end] = parseRange(range, bytes.byteLength);
    headers.set('Content-Range', `bytes ${start}-${end}/${bytes.byteLength}`);
    headers.set('Content-Length', String(end - start + 1));
    return new Response(head ? null : bytesBody(bytes.slice(start, end + 1)), { status: 206, headers });
  }
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(head ? null : bytesBody(bytes), { status: 200, headers });
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; one range only. */
function parseRange(header: string, size: number): [number, number] {
  const m = /^bytes=(.+)$/i.exec(header.trim());
  if (!m) throw new DbError('RESTAPI-INVALIDREQ', `invalid Range header: ${header}`);
  if (m[1].includes(',')) throw new DbError('RESTAPI-INVALIDREQ', `multiple byte ranges are not supported: ${header}`);
  const r = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(m[1]);
  if (!r || (r[1] === '' && r[2] === '')) throw new DbError('RESTAPI-INVALIDREQ', `invalid Range header: ${header}`);
  let start: number;
  let end: number;
  if (r[1] === '') {
    const n = Number(r[2]);
    start = Math.max(0, size - n);
    end = size - 1;
    if (n === 0) throw new DbError('RESTAPI-NORANGEMATCH', `range ${header} of ${size} bytes`);
  } else {
    start = Number(r[1]);
    end = r[2] === '' ? size - 1 : Math.min(Number(r[2]), size - 1);
  }
  if (start >= size || start > end) throw new DbError('RESTAPI-NORANGEMATCH', `range ${header} of ${size} bytes`);
  return [start, end];
}

async function remove(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const documents = documentsFor(c, deps, params);
  params.validate(['uri', 'category', 'check']);
  const uris = params.all('uri');
  if (uris.length === 0 || uris.some((u) => u === '')) throw new DbError('REST-REQUIREDPARAM', 'Required parameter: uri');
  const categories = parseCategories(params);
  const check = params.oneOf('check', ['exists', 'none'] as const);
  const principal = c.get('principal');
  if (categories.content) {
    if (categories.metadata.length > 0) {
      throw new DbError('REST-INVALIDPARAM', 'category: content cannot be combined with metadata categories in a DELETE');
    }
    await documents.remove(uris, principal, { checkExists: check === 'exists', ifMatch: c.req.header('if-match'), deadline: c.get('deadline') });
    return new Response(null, { status: 204, statusText: 'Document Deleted' });
  }
  await documents.resetMetadata(uris, categories.metadata, principal, c.get('deadline'));
  return new Response(null, { status: 204, statusText: 'Metadata Reset' });
}
