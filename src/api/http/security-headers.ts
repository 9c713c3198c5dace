/**
 * Headers that keep an answer from running as a page of the origin. The API shares its
 * origin with the console (the service worker answers both), so a stored HTML, SVG or
 * XML document, a SPARQL result page or an error page opened in a tab would otherwise
 * run any script it carries with the console's rights.
 *
 * - `X-Content-Type-Options: nosniff` on every answer: a body is only ever what its
 *   Content-Type says (a JSON answer holding markup is never rendered as HTML).
 * - `Content-Security-Policy` on every type a browser renders as a document that can hold
 *   scripts (HTML, XHTML, SVG, any XML): the API's pages are static markup, so nothing
 *   may run, load or be framed; inline styles and data: images stay allowed for
 *   documents users store. Other types (PDF, images) keep the browser's own viewers,
 *   which a policy can break.
 */

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** text/html, application/xhtml+xml, image/svg+xml, text/xml, application/xml and every +xml type. */
const DOCUMENT_TYPE = /^\s*(text\/html|text\/xml|application\/xml|[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.-]+\+xml)\s*(;|$)/i;

/** Whether a Content-Type is one a browser renders as a document that can run script. */
export const isDocumentType = (contentType: string | null | undefined): boolean => !!contentType && DOCUMENT_TYPE.test(contentType);

/** The security headers for an answer of `contentType`. */
export function securityHeaders(contentType: string | null | undefined): Record<string, string> {
  return isDocumentType(contentType)
    ? { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': CONTENT_SECURITY_POLICY }
    : { 'X-Content-Type-Options': 'nosniff' };
}

/**
 * Adds the security headers to an answer, in place when its headers can change (every
 * Response the handler builds), else on a copy sharing its body.
 */
export function withSecurityHeaders(response: Response): Response {
  const headers = securityHeaders(response.headers.get('content-type'));
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
