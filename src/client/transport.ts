/**
 * The one way the client's feature modules reach the server: a request with the
 * client's credentials and error handling applied. A non-2xx answer rejects with an
 * ApiError carrying the server's errorResponse; a network failure with status 0.
 */
export type Send = (method: string, path: string, params: URLSearchParams | undefined, init?: RequestInit) => Promise<Response>;
