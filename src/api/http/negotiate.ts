/**
 * Content negotiation, in one place. Media-range parsing and matching are the
 * `negotiator` package's (the one Express and Koa use); this module adds the two
 * MarkLogic rules clients depend on (MarkLogic’s REST Application Developer’s Guide, content negotiation and error reporting).
 */
import Negotiator from 'negotiator';
import { DbError } from '../../db/errors';

/** Accept media ranges in header order, `*` + `/*` dropped as the real server does. */
export function acceptTypes(accept: string | null | undefined): string[] {
  if (!accept) return [];
  return accept
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter((t) => t.length > 0 && !t.startsWith('*/*'));
}

export type DataFormat = 'json' | 'xml';

/** A JSON media type, as MarkLogic's REST layer recognises one (`application/json`, `text/json`, `…+json`). */
export const isJsonType = (t: string) => /^(application|text)\/([^+]+\+)?json$/.test(t);
/** An XML media type (`application/xml`, `text/xml`, `…+xml`). */
export const isXmlType = (t: string) => /^(application|text)\/([^+]+\+)?xml$/.test(t);

/**
 * The format of a structured (non-document) response: `format=json|xml` wins; then
 * the first JSON or XML type in Accept in header order (q-values ignored, like the
 * server); then XML — the real default for almost every structured response.
 */
export function structuredFormat(req: Request, formatParam?: string | null, fallback: DataFormat = 'xml'): DataFormat {
  if (formatParam === 'json' || formatParam === 'xml') return formatParam;
  if (formatParam) throw new DbError('REST-INVALIDPARAM', `format: ${formatParam}`);
  const types = acceptTypes(req.headers.get('accept'));
  for (const t of types) {
    if (isJsonType(t)) return 'json';
    if (isXmlType(t)) return 'xml';
  }
  // Something was asked for, and it can be neither JSON nor XML (`image/png`, `text/csv`).
  if (types.length > 0 && !types.some((t) => t === 'application/*' || t === 'text/*')) {
    throw new DbError('REST-UNACCEPTABLETYPE', `this response is JSON or XML; Accept asks for ${types.join(', ')}`);
  }
  return fallback;
}

export type ErrorFormat = 'json' | 'xml' | 'html';

/** X-Error-Accept, then Accept, then the instance default (JSON). */
export function errorFormat(req: Request | undefined, instanceDefault: ErrorFormat = 'json'): ErrorFormat {
  if (!req) return instanceDefault;
  const header = req.headers.get('x-error-accept') ?? req.headers.get('accept');
  for (const t of acceptTypes(header)) {
    if (isJsonType(t)) return 'json';
    if (t === 'text/html' || t === 'application/xhtml+xml') return 'html';
    if (isXmlType(t)) return 'xml';
  }
  return instanceDefault;
}

/**
 * Picks the best of `supported` for the request's Accept header (q-values honoured).
 * No Accept, or only `*` + `/*`, gives `fallback`; nothing acceptable → 406.
 */
export function negotiate(req: Request, supported: readonly string[], fallback: string): string {
  const accept = req.headers.get('accept');
  if (!accept) return fallback;
  // A client sends the same few Accept headers again and again; parsing one costs more
  // than some answers take, so each supported list remembers what it chose for them.
  let chosen = negotiated.get(supported);
  if (!chosen) negotiated.set(supported, (chosen = new Map()));
  let found = chosen.get(accept);
  if (found === undefined) {
    if (acceptTypes(accept).length === 0) return fallback;
    found = new Negotiator({ headers: { accept: withoutTypeParams(accept) } }).mediaType(supported as string[]);
    if (!found) {
      throw new DbError('REST-UNACCEPTABLETYPE', `Unsupported type in Accept: ${accept}; supported: ${supported.join(', ')}`);
    }
    if (chosen.size >= 64) chosen.clear();
    chosen.set(accept, found);
  }
  return found;
}

const negotiated = new WeakMap<readonly string[], Map<string, string>>();

/**
 * Accept without media-type parameters other than q. negotiator would otherwise offer
 * `text/turtle` only to a client that asked for exactly `text/turtle; charset=utf-8` (as
 * the W3C graph store tests do) if the offer carried that parameter too; every answer
 * here is UTF-8, so only the type and its weight matter.
 */
function withoutTypeParams(accept: string): string {
  return accept
    .split(',')
    .map((range) => {
      const [type, ...params] = range.split(';');
      const q = params.find((p) => /^\s*q\s*=/i.test(p));
      return q ? `${type.trim()};${q.trim()}` : type.trim();
    })
    .join(', ');
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** A parameter of a Content-Type header (e.g. `boundary`), unquoted. */
export function mediaTypeParam(contentType: string | null | undefined, name: string): string | undefined {
  if (!contentType) return undefined;
  const re = new RegExp(`;\\s*${name}\\s*=\\s*("((?:[^"\\\\]|\\\\.)*)"|[^;\\s]+)`, 'i');
  const m = re.exec(contentType);
  if (!m) return undefined;
  return m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[1];
}
