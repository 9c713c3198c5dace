/**
 * Writing documents: `PUT /v1/documents` (content, metadata, or both as multipart),
 * `POST /v1/documents` with a server-generated URI, and the atomic bulk write of a
 * multipart body (MarkLogic’s REST API reference, /v1/documents). Everything is validated before the store
 * commits, and the store writes each request in one transaction: a bulk write's contents are
 * checked inside it, as they are stored ({@link deferredContent}), the rest before it opens.
 */
import { DbError } from '../db/errors';
import { randomUnsigned64 } from '../db/util';
import {
  type ContentWrite,
  type DocumentFormat,
  type DocumentWrite,
  extractedXhtml,
  extractMetadata,
  type MetadataUpdate,
  mimeOfExtension,
  mimeTypeFor,
  resolveFormat,
  toStoredContent,
  type WriteOutcome,
} from '../db/documents';
import type { RoleLookup } from '../db/security';
import { requireRole, type ApiContext, type ApiDeps } from './http/context';
import { Params } from './http/params';
import { documentsFor } from './http/transaction';
import { readBody } from './http/body';
import { mediaType, mediaTypeParam, structuredFormat } from './http/negotiate';
import { parseMultipart, type Part } from './http/multipart';
import { hasControlChar } from './http/content-disposition';
import {
  bodyToUpdate,
  metadataBodyFormat,
  metadataFromParams,
  parseCategories,
  parseMetadataBody,
} from './documents-metadata';
import { handlePatch } from './documents-patch';
import { bulkWriteJson, bulkWriteXml } from './serializers/bulk-write';
import type { BulkWriteAnswer } from '../wire/documents';

const METADATA_PARAMS = ['collection', 'quality'];
const METADATA_PREFIXES = ['perm:', 'prop:', 'value:'];
const formats = ['json', 'xml', 'text', 'binary'] as const;

const isMultipart = (contentType: string | null) => mediaType(contentType) === 'multipart/mixed';

/**
 * `Location` carries the URI unencoded, as MarkLogic sends it: the official client
 * takes the text after `?uri=` verbatim. Only what a header cannot carry as text is
 * percent-encoded (as UTF-8): control characters and non-ASCII. Node refuses to send
 * those (the write, already committed, would answer 500) and a browser's Headers
 * would refuse or mangle them.
 */
const notHeaderSafe = /[^\x20-\x7e]+/gu;
const created = (uri: string) =>
  new Response(null, {
    status: 201,
    statusText: 'Created',
    headers: { Location: `/v1/documents?uri=${uri.replace(notHeaderSafe, encodeURIComponent)}` },
  });

/** The content of one document, validated (or, with `repair=full`, repaired) and ready to store. */
function prepareContent(uri: string, bytes: Uint8Array, formatParam: DocumentFormat | undefined, contentType: string | null, repair?: 'full' | 'none') {
  const format = resolveFormat(uri, formatParam, mediaType(contentType));
  if (repair === 'full' && format !== 'xml') throw new DbError('REST-INVALIDPARAM', `repair applies to XML documents only: ${uri}`);
  return { format, content: toStoredContent(bytes, format, uri, { repair: repair === 'full' }), mimeType: mimeTypeFor(uri, format) };
}

/**
 * A bulk part's content, decoded, checked and compacted the first time the store reads
 * `content`: it reads it inside the write's transaction, a chunk of documents at a time, so
 * IndexedDB stores the chunks already checked while the next is (src/db/documents/store.ts).
 * A part refused then throws there and the transaction aborts, so nothing is written, as when
 * every part was checked first. Format and MIME type depend on the URI and the part's type only.
 */
function deferredContent(uri: string, bytes: Uint8Array, contentType: string | null): ContentWrite {
  const format = resolveFormat(uri, undefined, mediaType(contentType));
  let stored: string | Uint8Array | undefined;
  return {
    format,
    mimeType: mimeTypeFor(uri, format),
    get content() {
      return (stored ??= toStoredContent(bytes, format, uri));
    },
  };
}

/**
 * `extract=properties` adds what the binary states about itself to its properties;
 * `extract=document` stores it as an XHTML document at `<uri>.xhtml`.
 */
function extraction(params: Params, write: DocumentWrite): DocumentWrite[] {
  const extract = params.oneOf('extract', ['properties', 'document'] as const);
  if (!extract) return [];
  const content = write.content;
  if (!content || content.format !== 'binary') throw new DbError('REST-INVALIDPARAM', `extract applies to binary content only: ${write.uri}`);
  const meta = extractMetadata(content.content as Uint8Array, content.mimeType);
  if (extract === 'properties') {
    const own = write.metadata?.properties?.value ?? {};
    write.metadata = { ...write.metadata, properties: { mode: 'merge', value: { ...meta, ...own } } };
    return [];
  }
  const uri = `${write.uri}.xhtml`;
  return [{ uri, content: { format: 'xml', content: extractedXhtml(meta), mimeType: mimeTypeFor(uri, 'xml') }, metadata: write.metadata }];
}

function checkUri(uri: string): void {
  if (uri.endsWith('/')) throw new DbError('XDMP-DIRURI', `${uri} (a document URI cannot end with /)`);
  // Every read names the document in a header or a multipart part header (Content-Disposition
  // filename), where no escape can carry a control character: such a URI could be written
  // but never read back in bulk.
  if (hasControlChar(uri)) throw new DbError('XDMP-URI', `${JSON.stringify(uri)} contains a control character`);
}

export async function handlePut(c: ApiContext, deps: ApiDeps): Promise<Response> {
  requireRole(c, 'rest-writer');
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  const documents = documentsFor(c, deps, params);
  params.refuseTransforms();
  params.validate(['uri', 'category', 'format', 'extract', 'repair', ...METADATA_PARAMS], METADATA_PREFIXES);
  const uri = params.required('uri');
  checkUri(uri);
  if (params.has('extract') && params.has('repair')) throw new DbError('RESTAPI-INVALIDREQ', 'extract and repair cannot be combined');
  const categories = parseCategories(params);
  const formatParam = params.oneOf('format', formats);
  const contentType = c.req.header('content-type') ?? null;
  const paramMetadata = metadataFromParams(params, deps.db.roles);
  const body = await readBody(c.req.raw, deps.db.maxPayloadBytes);
  const principal = c.get('principal');
  let write: DocumentWrite;

  if (isMultipart(contentType)) {
    // Content and metadata together: the metadata part, then the content part.
    if (paramMetadata) throw new DbError('REST-INVALIDPARAM', `Cannot combine metadata parameters with meta content for ${uri}`);
    const parts = parseMultipart(body, requireBoundary(contentType));
    if (parts.length !== 2) throw new DbError('RESTAPI-INVALIDREQ', `a multipart PUT needs a metadata part and a content part, got ${parts.length} parts`);
    const [metaPart, contentPart] = parts;
    const metadata = bodyToUpdate(parseMetadataBody(metaPart.body, metadataBodyFormat(metaPart.contentType, formatParam), deps.db.roles));
    write = { uri, content: prepareContent(uri, contentPart.body, formatParam, contentPart.contentType), metadata, ifMatch: ifMatch(c) };
  } else if (!categories.content) {
    // Metadata only: the document must exist; the categories named must be the ones sent.
    if (paramMetadata) throw new DbError('REST-INVALIDPARAM', `Cannot combine metadata parameters with meta content for ${uri}`);
    const parsed = parseMetadataBody(body, metadataBodyFormat(contentType, formatParam), deps.db.roles);
    if (!categories.all) {
      const missing = categories.metadata.filter((cat) => !parsed.present.has(cat));
      const extra = [...parsed.present].filter((cat) => !categories.metadata.includes(cat));
      if (missing.length) throw new DbError('REST-INVALIDPARAM', `metadata specified but not provided: ${missing.join(', ')}`);
      if (extra.length) throw new DbError('REST-INVALIDPARAM', `metadata provided but not specified: ${extra.join(', ')}`);
    }
    write = { uri, metadata: bodyToUpdate(parsed) };
  } else {
    if (categories.metadata.length > 0) {
      throw new DbError('RESTAPI-INVALIDREQ', `content with metadata needs a multipart/mixed body: ${uri}`);
    }
    const content = prepareContent(uri, body, formatParam, contentType, params.oneOf('repair', ['full', 'none'] as const));
    write = { uri, content, metadata: paramMetadata, ifMatch: ifMatch(c) };
  }

  const writes = [write, ...extraction(params, write)];
  const [outcome] = await documents.write(writes, principal, c.get('deadline'));
  if (!write.content) return new Response(null, { status: 204, statusText: 'Metadata Updated' });
  // Under overwrite-metadata the real server answers 204 for every content write.
  const policy = await documents.updatePolicy();
  if (outcome.created && policy !== 'overwrite-metadata') return created(uri);
  return new Response(null, { status: 204, statusText: 'Content Updated' });
}

const ifMatch = (c: ApiContext) => c.req.header('if-match') ?? undefined;

function requireBoundary(contentType: string | null): string {
  const boundary = mediaTypeParam(contentType, 'boundary');
  if (!boundary) throw new DbError('XDMP-HTTP-MULTIPART', 'multipart/mixed Content-Type without a boundary');
  return boundary;
}

/** `POST /v1/documents`: a patch, a bulk write, or a document with a generated URI. */
export async function handlePost(c: ApiContext, deps: ApiDeps): Promise<Response> {
  const override = c.req.header('x-http-method-override');
  if (override) {
    if (override.toUpperCase() !== 'PATCH') throw new DbError('REST-INVALIDPARAM', `X-HTTP-Method-Override: ${override} is not supported; only PATCH`);
    return handlePatch(c, deps);
  }
  const params = new Params(c.req.raw);
  params.checkShared(deps.db.name);
  params.refuseTransforms();
  const contentType = c.req.header('content-type') ?? null;
  if (params.has('uri')) return handlePatch(c, deps);
  if (params.has('extension')) return generatedUri(c, deps, params);
  if (isMultipart(contentType)) return bulk(c, deps, params);
  throw new DbError('RESTAPI-INVALIDREQ', 'POST not determinable as PATCH, bulk or server-assigned document URI request');
}

function generatedUriFor(extension: string, directory: string | undefined): string {
  const ext = extension.startsWith('.') ? extension.slice(1) : extension;
  if (!/^\w+$/.test(ext)) throw new DbError('REST-INVALIDPARAM', `extension must be word characters only: ${extension}`);
  // The directory is concatenated as given: no slash is added, and none is assumed.
  return `${directory ?? ''}${randomUnsigned64()}.${ext}`;
}

async function generatedUri(c: ApiContext, deps: ApiDeps, params: Params): Promise<Response> {
  requireRole(c, 'rest-writer');
  const documents = documentsFor(c, deps, params);
  params.validate(['extension', 'directory', 'category', 'format', ...METADATA_PARAMS], METADATA_PREFIXES);
  const categories = parseCategories(params);
  if (!categories.content) throw new DbError('REST-INVALIDPARAM', 'Must provide content when creating a document');
  const uri = generatedUriFor(params.required('extension'), params.one('directory'));
  const formatParam = params.oneOf('format', formats);
  const contentType = c.req.header('content-type') ?? null;
  const body = await readBody(c.req.raw, deps.db.maxPayloadBytes);
  const content = prepareContent(uri, body, formatParam ?? mimeOfExtension(uri.slice(uri.lastIndexOf('.') + 1))?.format, contentType);
  await documents.write([{ uri, content, metadata: metadataFromParams(params, deps.db.roles) }], c.get('principal'), c.get('deadline'));
  return created(uri);
}

/**
 * The bulk write: default metadata parts (`inline; category=metadata`) apply to
 * the content parts after them that have none of their own; a document's own
 * metadata part precedes its content; a metadata part not followed by its content is
 * a metadata-only update. One transaction for everything.
 */
async function bulk(c: ApiContext, deps: ApiDeps, params: Params): Promise<Response> {
  requireRole(c, 'rest-writer');
  const documents = documentsFor(c, deps, params);
  params.validate(['category', 'format']);
  const responseFormat = structuredFormat(c.req.raw, params.oneOf('format', ['json', 'xml'] as const));
  const body = await readBody(c.req.raw, deps.db.maxPayloadBytes);
  const parts = parseMultipart(body, requireBoundary(c.req.header('content-type') ?? null));
  if (parts.length === 0) throw new DbError('RESTAPI-INVALIDREQ', 'bulk write with no parts');
  const writes = bulkWrites(parts, deps.db.roles);
  const outcomes = await documents.write(writes, c.get('principal'), c.get('deadline'));
  const answer = bulkAnswer(writes, outcomes);
  const text = responseFormat === 'json' ? bulkWriteJson(answer) : bulkWriteXml(answer);
  return new Response(text, {
    status: 200,
    statusText: 'Bulk Change Written',
    headers: { 'Content-Type': `application/${responseFormat}; charset=utf-8` },
  });
}

function partCategory(part: Part): string {
  const cats = part.disposition?.params.get('category') ?? [];
  if (cats.length === 0) return 'content';
  if (cats.includes('content')) return 'content';
  return 'metadata';
}

const firstParam = (part: Part, name: string) => part.disposition?.params.get(name)?.[0];

export function bulkWrites(parts: Part[], roles: RoleLookup): DocumentWrite[] {
  const writes: DocumentWrite[] = [];
  let defaults: MetadataUpdate | undefined;
  let pending: { uri: string; metadata: MetadataUpdate } | undefined;
  const flushPending = () => {
    if (pending) writes.push({ uri: pending.uri, metadata: pending.metadata });
    pending = undefined;
  };
  for (const part of parts) {
    if (!part.disposition) throw new DbError('XDMP-HTTP-MULTIPART', 'every part of a bulk write needs a Content-Disposition header');
    const uri = part.disposition.filename;
    if (partCategory(part) === 'metadata') {
      const metadata = bodyToUpdate(parseMetadataBody(part.body, metadataBodyFormat(part.contentType, undefined), roles));
      flushPending();
      if (uri === undefined) defaults = metadata;
      else pending = { uri, metadata };
      continue;
    }
    let target = uri;
    if (target === undefined) {
      const extension = firstParam(part, 'extension');
      if (!extension) throw new DbError('RESTAPI-INVALIDREQ', 'a content part needs a filename or an extension');
      target = generatedUriFor(extension, firstParam(part, 'directory'));
    }
    checkUri(target);
    const own = pending?.uri === target ? pending.metadata : undefined;
    if (!own) flushPending();
    pending = undefined;
    writes.push({
      uri: target,
      content: deferredContent(target, part.body, part.contentType || null),
      metadata: own ?? defaults,
      ifMatch: firstParam(part, 'versionid'),
    });
  }
  flushPending();
  return writes;
}

/** What each part wrote: its content's MIME type and `content` when it had content, else metadata only. */
function bulkAnswer(writes: DocumentWrite[], outcomes: WriteOutcome[]): BulkWriteAnswer {
  return {
    documents: writes.map((w, i) => ({
      uri: w.uri,
      'mime-type': w.content ? outcomes[i].document.mimeType : '',
      category: w.content ? ['metadata', 'content'] : ['metadata'],
    })),
  };
}
