/**
 * Requests Node's HTTP parser refuses before the handler sees them — a control character
 * or a non-ASCII byte in the request line, a request line and headers past the parser's
 * limit, a request not received in time — answered with a MarkLogic error body instead
 * of Node's bare status line. There is no Request to negotiate a format from, so the
 * body is JSON, the instance's default error format.
 *
 * @example
 * server.on('clientError', answerClientError);
 */
import type { Duplex } from 'node:stream';
import { DbError } from '../db/errors';
import { limitError } from '../db/limits';
import { errorBody, renderErrorBody } from '../api/http/errors';
import { securityHeaders } from '../api/http/security-headers';

/** The catalogued error a parser failure stands for. */
export function clientErrorOf(err: Error & { code?: string }): DbError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return limitError('maxRequestHeadBytes', 'the request line and headers', 431);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DbError('RESTAPI-INVALIDREQ', 'the request was not received within the server request timeout', 408);
    default:
      return new DbError('RESTAPI-INVALIDREQ', `the request is not well-formed HTTP/1.1 (${err.message})`);
  }
}

/** A complete HTTP/1.1 response carrying the error body, closing the connection. */
export function rawErrorResponse(error: DbError): string {
  const body = errorBody(error);
  const { text, contentType } = renderErrorBody(body, 'json');
  const headers = {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
    ...securityHeaders(contentType),
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return `HTTP/1.1 ${body.statusCode} ${body.status}\r\n${lines.join('')}\r\n${text}`;
}

/** How long a refused client may go on sending before the connection is cut. */
const DRAIN_MS = 5_000;

/** `clientError` listener: writes the error response unless one is already under way, then closes. */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has no one to answer; a response already started cannot be replaced.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight) {
    socket.destroy();
    return;
  }
  // end(), not destroy(): a reset sent while the client is still writing its oversized
  // request could discard the answer before the client reads it. The rest of what it
  // sends is drained and dropped until it closes its side (or the timeout ends it).
  socket.end(rawErrorResponse(clientErrorOf(err)));
  socket.on('data', () => undefined);
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}
