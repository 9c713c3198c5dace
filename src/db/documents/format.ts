/**
 * Which of the four formats a document is, and which MIME type it is served with.
 *
 * Order for a write (the issue's rule, refining MarkLogic’s REST API reference, /v1/documents): the `format`
 * parameter, then the URI extension, then the request's Content-Type, else binary.
 * MarkLogic never remembers a request's Content-Type: on read the type comes from
 * the URI extension when it is known, else from the format.
 */
import type { DocumentFormat } from './types';

interface MimeEntry {
  mime: string;
  format: DocumentFormat;
}

const m = (mime: string, format: DocumentFormat): MimeEntry => ({ mime, format });

/** A subset of MarkLogic's built-in MIME map: the extensions people actually use. */
const byExtension: Record<string, MimeEntry> = {
  json: m('application/json', 'json'),
  xml: m('application/xml', 'xml'),
  xsd: m('application/xml', 'xml'),
  xsl: m('application/xslt+xml', 'xml'),
  xslt: m('application/xslt+xml', 'xml'),
  xhtml: m('application/xhtml+xml', 'xml'),
  xht: m('application/xhtml+xml', 'xml'),
  svg: m('image/svg+xml', 'xml'),
  rdf: m('application/rdf+xml', 'xml'),
  owl: m('application/rdf+xml', 'xml'),
  txt: m('text/plain', 'text'),
  text: m('text/plain', 'text'),
  html: m('text/html', 'text'),
  htm: m('text/html', 'text'),
  css: m('text/css', 'text'),
  csv: m('text/csv', 'text'),
  tsv: m('text/tab-separated-values', 'text'),
  md: m('text/markdown', 'text'),
  ttl: m('text/turtle', 'text'),
  n3: m('text/n3', 'text'),
  nt: m('application/n-triples', 'text'),
  nq: m('application/n-quads', 'text'),
  trig: m('application/trig', 'text'),
  sparql: m('application/sparql-query', 'text'),
  rq: m('application/sparql-query', 'text'),
  js: m('application/javascript', 'text'),
  mjs: m('application/javascript', 'text'),
  sjs: m('application/vnd.marklogic-javascript', 'text'),
  xqy: m('application/vnd.marklogic-xdmp', 'text'),
  xqm: m('application/vnd.marklogic-xdmp', 'text'),
  xq: m('application/vnd.marklogic-xdmp', 'text'),
  jpg: m('image/jpeg', 'binary'),
  jpeg: m('image/jpeg', 'binary'),
  png: m('image/png', 'binary'),
  gif: m('image/gif', 'binary'),
  webp: m('image/webp', 'binary'),
  tif: m('image/tiff', 'binary'),
  tiff: m('image/tiff', 'binary'),
  bmp: m('image/bmp', 'binary'),
  ico: m('image/vnd.microsoft.icon', 'binary'),
  pdf: m('application/pdf', 'binary'),
  zip: m('application/zip', 'binary'),
  gz: m('application/gzip', 'binary'),
  doc: m('application/msword', 'binary'),
  docx: m('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'binary'),
  xls: m('application/vnd.ms-excel', 'binary'),
  xlsx: m('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'binary'),
  ppt: m('application/vnd.ms-powerpoint', 'binary'),
  pptx: m('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'binary'),
  mp3: m('audio/mpeg', 'binary'),
  wav: m('audio/wav', 'binary'),
  mp4: m('video/mp4', 'binary'),
  mov: m('video/quicktime', 'binary'),
  bin: m('application/octet-stream', 'binary'),
  exe: m('application/octet-stream', 'binary'),
  wasm: m('application/wasm', 'binary'),
};

export const UNKNOWN_MIME = 'application/x-unknown-content-type';

const formatMime: Record<DocumentFormat, string> = {
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
  binary: UNKNOWN_MIME,
};

/** The MIME entry of a URI's extension, if MarkLogic's map knows it. */
export function uriMime(uri: string): MimeEntry | undefined {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  return byExtension[name.slice(dot + 1).toLowerCase()];
}

/** The format a media type implies, if any: `*\/json`, `*+json`, `*\/xml`, `*+xml`, `text/*`, known binaries. */
export function formatOfMediaType(mediaType: string): DocumentFormat | undefined {
  const t = mediaType.toLowerCase();
  if (!t) return undefined;
  if (/\/([^+]+\+)?json$/.test(t)) return 'json';
  if (/\/([^+]+\+)?xml$/.test(t)) return 'xml';
  if (t.startsWith('text/')) return 'text';
  if (/^(image|audio|video)\//.test(t) || t === 'application/octet-stream') return 'binary';
  return Object.values(byExtension).find((e) => e.mime === t)?.format;
}

/**
 * The format of a document being written: `format` parameter, then URI extension,
 * then Content-Type, else binary.
 */
export function resolveFormat(uri: string | undefined, formatParam: DocumentFormat | undefined, mediaType: string): DocumentFormat {
  return formatParam ?? (uri ? uriMime(uri)?.format : undefined) ?? formatOfMediaType(mediaType) ?? 'binary';
}

/** The MIME type a stored document is served with. */
export function mimeTypeFor(uri: string, format: DocumentFormat): string {
  const known = uriMime(uri);
  return known && known.format === format ? known.mime : formatMime[format];
}

/** The extension → MIME type for a server-generated URI (`extension=json` etc.). */
export function mimeOfExtension(extension: string): MimeEntry | undefined {
  return byExtension[extension.toLowerCase()];
}
