/**
 * What every answer to a hostile request must be: a status below 500 (or the one
 * deliberate 500, an engine rebuilt after a trap), and for every error status a
 * well-formed MarkLogic error body in the format the client asked for. Shared by the
 * Node corpus and the one that runs through the service worker.
 */

/**
 * The one 500 allowed: the RDF engine trapped on work that was not the request's input,
 * and was rebuilt (docs/decisions/0014-engine-traps.md).
 */
const isEngineRebuild = (e: ParsedError) => e.messageCode === 'RESTAPI-INTERNALERROR' && /it was restarted$/.test(e.message);

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** What is wrong with an answer, or undefined when it is fine. */
export function answerProblem(method: string, path: string, answer: Answer): string | undefined {
  const { status, contentType, body } = answer;
  if (status < 400) return undefined;
  // MarkLogic's one error without an error body: a multipart search read whose query
  // matches no document is 404 with an empty multipart body (the official client reads it as []).
  if (status === 404 && /^\/(v1|LATEST)\/(search|qbe)\/?$/.test(path) && /^multipart\/mixed\b/.test(contentType) && body === '') return undefined;
  if (method === 'HEAD') return status >= 500 ? `HEAD answered ${status}` : undefined;
  const parsed = parseErrorBody(contentType, body);
  if (typeof parsed === 'string') return `${status} with a malformed error body (${parsed}): ${contentType} ${JSON.stringify(body.slice(0, 300))}`;
  if (parsed.statusCode !== status) return `${status} whose body says statusCode ${parsed.statusCode}`;
  if (status >= 500 && !isEngineRebuild(parsed)) return `${status} ${parsed.messageCode}: ${parsed.message.slice(0, 300)}`;
  const repeated = repeatedPart(parsed.message);
  if (repeated) return `${status} whose message repeats ${JSON.stringify(repeated)}: ${parsed.message.slice(0, 300)}`;
  return undefined;
}

/**
 * A part of an error message said twice in a row ("Document is not JSON: Document is not
 * JSON: …"): a layer wrapped a message that already carried the prefix it adds. Parts are
 * what `: ` separates; short ones ("JSON", a one-letter name) may honestly repeat.
 */
export function repeatedPart(message: string): string | undefined {
  const parts = message.split(': ').map((p) => p.trim().toLowerCase());
  for (let i = 1; i < parts.length; i++) {
    if (parts[i].length >= 8 && parts[i] === parts[i - 1]) return parts[i];
  }
  // The catalogue text after the code ("XDMP-JSONDOC: (err:FOER0000) Document is not JSON: …")
  // must not come back in the detail.
  const m = /^[A-Z]+-[A-Z]+: \(err:FOER0000\) ([^:]+): (.*)$/s.exec(message);
  if (m && m[2].toLowerCase().includes(m[1].toLowerCase())) return m[1];
  return undefined;
}

interface ParsedError {
  statusCode: number;
  messageCode: string;
  message: string;
}

function parseErrorBody(contentType: string, body: string): ParsedError | string {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/json') {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return 'not JSON';
    }
    const e = (value as { errorResponse?: Record<string, unknown> })?.errorResponse;
    if (!e || typeof e !== 'object') return 'no errorResponse';
    const keys = Object.keys(e).join(',');
    if (keys !== 'statusCode,status,messageCode,message') return `keys ${keys}`;
    if (typeof e.statusCode !== 'number' || typeof e.status !== 'string' || typeof e.message !== 'string' || (typeof e.messageCode !== 'string' && e.messageCode !== null)) return 'field types';
    return { statusCode: e.statusCode, messageCode: String(e.messageCode), message: e.message };
  }
  if (type === 'application/xml') {
    const m = /^<error-response xmlns="http:\/\/marklogic\.com\/xdmp\/error"><status-code>(\d+)<\/status-code><status>[^<]*<\/status><message-code>([^<]*)<\/message-code><message>([^<]*)<\/message><\/error-response>$/.exec(body);
    return m ? { statusCode: Number(m[1]), messageCode: m[2], message: m[3] } : 'not an error-response element';
  }
  if (type === 'text/html') {
    const m = /<h1 class="status">(\d+) [^<]*<\/h1><p class="message">(\S*) ([^<]*)<\/p>/.exec(body);
    return m ? { statusCode: Number(m[1]), messageCode: m[2], message: m[3] } : 'not an error page';
  }
  return `content type ${JSON.stringify(contentType)}`;
}
