/**
 * The graph list of `GET /v1/graphs` (MarkLogic’s REST API reference, /v1/graphs): `text/uri-list` (the default) and
 * `text/plain` are one IRI per line with CRLF line ends, as MarkLogic writes them;
 * `text/html` is a page of links.
 */
import { DbError } from '../../db/errors';
import { mediaType as bareMediaType } from '../http/negotiate';
import { graphListHtml, type HrefFor } from './html';

/** The graph IRIs as `mediaType` (one formats.ts `negotiateAnswer(req, 'graph-list')` chose). */
export function serializeGraphList(iris: Iterable<string>, mediaType: string, graphHref: HrefFor): string {
  const type = bareMediaType(mediaType);
  if (type === 'text/html') return graphListHtml(iris, graphHref);
  if (type !== 'text/uri-list' && type !== 'text/plain') throw new DbError('REST-UNACCEPTABLETYPE', `the graph list cannot be written as ${mediaType}`);
  const lines = Array.from(iris);
  return lines.length ? `${lines.join('\r\n')}\r\n` : '';
}
