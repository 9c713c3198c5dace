/**
 * The one way the client's feature modules reach the server: a request with the
 * client's credentials and error handling applied. A non-2xx answer rejects with an
 * ApiError carrying the server's errorResponse; a network failure with status 0.
 */
import { ApiError } from './api-error';

export type Send = (method: string, path: string, params: URLSearchParams | undefined, init?: RequestInit) => Promise<Response>;

/** The header naming a request so it can be cancelled while it runs (Tabula only; another server ignores it). */
export const REQUEST_ID_HEADER = 'Tabula-Request-Id';

/** `{ 'Tabula-Request-Id': id }`, or nothing when the request is not named. */
export const namedRequest = (requestId: string | undefined): Record<string, string> => (requestId === undefined ? {} : { [REQUEST_ID_HEADER]: requestId });

/**
 * Cancels the running request sent with `requestId` (`DELETE /tabula/v1/requests/{id}`): its
 * answer is then 500 XDMP-CANCELED. False when no such request is running (404).
 */
export async function cancelRequest(send: Send, requestId: string): Promise<boolean> {
  try {
    await (await send('DELETE', `/tabula/v1/requests/${encodeURIComponent(requestId)}`, undefined, {})).body?.cancel();
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 404) return false;
    throw err;
  }
}

/**
 * Runs `work` (a request and the reading of its answer) named `requestId` — a fresh name when
 * none is given — and, should `signal` abort before `work` ends, cancels the named request on
 * the server as well: in the browser a page's aborted fetch does not reach the service worker,
 * whose work would otherwise run to its end for an answer no one reads. Tabula only.
 */
export async function cancelledOnAbort<T>(send: Send, signal: AbortSignal | undefined, requestId: string | undefined, work: (requestId: string) => Promise<T>): Promise<T> {
  const id = requestId ?? crypto.randomUUID();
  const cancel = () => void cancelRequest(send, id).catch(() => false);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await work(id);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}
