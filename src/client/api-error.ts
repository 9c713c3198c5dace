/**
 * The one error type the client throws for a failed request. It carries the
 * server's `errorResponse` (MarkLogic’s REST Application Developer’s Guide, error reporting) whatever form the
 * server chose to send it in — JSON, XML, HTML (a real server's 401 page) or
 * nothing at all — so callers can show `message` and branch on `messageCode`.
 */

import type { ErrorResponse } from '../wire/errors';

export type { ErrorResponse };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly status: string;
  readonly messageCode: string | null;

  constructor(
    readonly errorResponse: ErrorResponse,
    /** The request that failed, for logs and error displays. */
    readonly request?: { method: string; url: string },
  ) {
    super(errorResponse.message);
    this.statusCode = errorResponse.statusCode;
    this.status = errorResponse.status;
    this.messageCode = errorResponse.messageCode;
  }
}

/** Builds the ApiError for a non-2xx response, consuming its body. */
export async function apiErrorFromResponse(res: Response, request?: { method: string; url: string }): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(parseErrorBody(res.status, res.statusText, res.headers.get('content-type'), text), request);
}

/** A fetch that never reached a server (offline, DNS, CORS refusal, aborted). */
export function networkError(cause: unknown, request: { method: string; url: string }): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(
    { statusCode: 0, status: 'Network Error', messageCode: null, message: `Could not reach ${request.url}: ${detail}` },
    request,
  );
}

export function parseErrorBody(statusCode: number, statusText: string, contentType: string | null, text: string): ErrorResponse {
  const fallback: ErrorResponse = {
    statusCode,
    status: statusText || defaultStatusText(statusCode),
    messageCode: null,
    message: `${statusCode} ${statusText || defaultStatusText(statusCode)}`.trim(),
  };
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const trimmed = text.trim();
  if (!trimmed) return fallback;

  if (/json/.test(type) || trimmed.startsWith('{')) {
    const parsed = fromJson(trimmed);
    if (parsed) return { ...fallback, ...parsed };
  }
  if (/xml/.test(type) || trimmed.startsWith('<')) {
    const parsed = fromXml(trimmed);
    if (parsed) return { ...fallback, ...parsed };
  }
  if (/html/.test(type) || /^<(!doctype|html)/i.test(trimmed)) {
    const message = htmlMessage(trimmed);
    return message ? { ...fallback, message } : fallback;
  }
  return { ...fallback, message: trimmed.length > 500 ? `${trimmed.slice(0, 500)}…` : trimmed };
}

function fromJson(text: string): Partial<ErrorResponse> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const e = (body as { errorResponse?: unknown })?.errorResponse;
  if (!e || typeof e !== 'object') return undefined;
  const r = e as Record<string, unknown>;
  const out: Partial<ErrorResponse> = {};
  if (typeof r.statusCode === 'number') out.statusCode = r.statusCode;
  if (typeof r.status === 'string') out.status = r.status;
  if (typeof r.messageCode === 'string' || r.messageCode === null) out.messageCode = r.messageCode as string | null;
  if (typeof r.message === 'string') out.message = r.message;
  return out;
}

// The XML form has a fixed, flat shape (MarkLogic’s REST Application Developer’s Guide, error reporting), so reading four elements by local
// name is enough; a DOM parser is not available in Node anyway.
function fromXml(text: string): Partial<ErrorResponse> | undefined {
  if (!/<(\w+:)?error-response[\s>]/.test(text)) return undefined;
  const element = (name: string) => {
    const m = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(text);
    return m ? unescapeXml(m[1]) : undefined;
  };
  const out: Partial<ErrorResponse> = {};
  const code = Number(element('status-code'));
  if (Number.isFinite(code) && code > 0) out.statusCode = code;
  const status = element('status');
  if (status) out.status = status;
  const messageCode = element('message-code');
  if (messageCode !== undefined) out.messageCode = messageCode || null;
  const message = element('message');
  if (message) out.message = message;
  return out;
}

function htmlMessage(html: string): string | undefined {
  const m = /<p class="message">([\s\S]*?)<\/p>/i.exec(html) ?? /<title>([\s\S]*?)<\/title>/i.exec(html);
  return m ? unescapeXml(m[1].replace(/<[^>]+>/g, '')).trim() || undefined : undefined;
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    switch (e.toLowerCase()) {
      case 'lt': return '<';
      case 'gt': return '>';
      case 'amp': return '&';
      case 'quot': return '"';
      case 'apos': return "'";
      default:
        return String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    }
  });
}

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function defaultStatusText(code: number): string {
  return statusTexts[code] ?? 'Error';
}
