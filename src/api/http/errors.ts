/**
 * The only place a failure becomes an HTTP response. Body shapes follow MarkLogic
 * exactly (MarkLogic’s REST Application Developer’s Guide, error reporting): JSON `errorResponse` with keys in the
 * order statusCode, status, messageCode, message; XML `error-response` in the
 * `http://marklogic.com/xdmp/error` namespace; HTML when the client prefers it.
 */
import { DbError, statusTexts } from '../../db/errors';
import { errorFormat, type ErrorFormat } from './negotiate';
import { escapeXml } from './xml-text';
import { securityHeaders } from './security-headers';
import type { ErrorBody as WireErrorBody, ErrorResponse } from '../../wire/errors';

export type ErrorBody = ErrorResponse;

export function errorBody(err: unknown): ErrorBody {
  if (err instanceof DbError) {
    return { statusCode: err.status, status: statusTexts[err.status] ?? 'Error', messageCode: err.code, message: err.message };
  }
  const detail = err instanceof Error ? err.message : String(err);
  return {
    statusCode: 500,
    status: 'Internal Server Error',
    messageCode: 'INTERNAL ERROR',
    message: `${detail} . See the MarkLogic server error log for further detail.`,
  };
}

export function renderErrorBody(body: ErrorBody, format: ErrorFormat): { text: string; contentType: string } {
  if (format === 'xml') {
    const text =
      `<error-response xmlns="http://marklogic.com/xdmp/error">` +
      `<status-code>${body.statusCode}</status-code>` +
      `<status>${escapeXml(body.status)}</status>` +
      `<message-code>${escapeXml(body.messageCode ?? '')}</message-code>` +
      `<message>${escapeXml(body.message)}</message>` +
      `</error-response>`;
    return { text, contentType: 'application/xml; charset=utf-8' };
  }
  if (format === 'html') {
    const title = `${body.statusCode} ${escapeXml(body.status)}`;
    const text =
      `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title>` +
      `<meta name="robots" content="noindex,nofollow"/></head><body class="error">` +
      `<h1 class="status">${title}</h1><p class="message">${escapeXml(`${body.messageCode ?? ''} ${body.message}`)}</p>` +
      `</body></html>`;
    return { text, contentType: 'text/html; charset=utf-8' };
  }
  return { text: JSON.stringify({ errorResponse: body } satisfies WireErrorBody), contentType: 'application/json; charset=utf-8' };
}

/**
 * Turns any thrown value into a response. Unexpected exceptions are logged (with the
 * request line) and become 500 INTERNAL ERROR; a stack trace never reaches the client.
 */
export function errorResponse(err: unknown, req?: Request, extraHeaders?: Record<string, string>, instanceDefault?: ErrorFormat): Response {
  if (!(err instanceof DbError)) {
    console.error(`[tabula] ${req?.method ?? ''} ${req?.url ?? ''} failed:`, err);
  }
  const body = errorBody(err);
  const { text, contentType } = renderErrorBody(body, errorFormat(req, instanceDefault));
  // The headers every answer carries, here too: a host answers with this outside the handler (the worker when the database cannot open).
  const headers = new Headers({ 'content-type': contentType, ...securityHeaders(contentType), ...extraHeaders });
  const isHead = req?.method === 'HEAD';
  return new Response(isHead ? null : text, { status: body.statusCode, statusText: body.status, headers });
}
