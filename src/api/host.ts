/**
 * What a host does around the handler besides wiring it to its platform: open the
 * database on demand, answer a request (announcing successful writes), and keep a
 * replaceable engine instance. The service worker (sw/sw.ts) is built from these; they
 * live here so Node tests reach them (docs/decisions/0022-worker-wiring-and-living-docs.md).
 *
 * @example
 * const api = openOnDemand(async () => createApi({ db: await Database.open({ indexedDB }), auth: 'application' }));
 * const answer = answerRequests({ api, announce: (notice) => channel.postMessage(notice) });
 * const response = await answer(request);
 */
import { DbError } from '../db/errors';
import { errorResponse } from './http/errors';
import { changeNotice, isReadOnly, type ChangeNotice } from './http/request-kind';
import { forRespondWith } from './http/streamed-response';

/** The one thing a host needs of the handler (`createApi(deps)` is one). */
export interface RequestHandler {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * `open`, run by the first call and shared by every call while it is pending or after it
 * succeeded. A failure is forgotten, so the next call tries again (e.g. after a blocked
 * IndexedDB upgrade ends), and is reported as `RESTAPI-INTERNALERROR` naming the cause.
 * A host opens on the first request rather than at start: a browser may start the worker
 * for an unrelated event, and a failed open must reach a request to be reported.
 */
export function openOnDemand<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | undefined;
  return () => {
    if (opened) return opened;
    opened = open().catch((err: unknown) => {
      opened = undefined;
      const detail = err instanceof Error ? err.message : String(err);
      throw new DbError('RESTAPI-INTERNALERROR', `the database could not be opened: ${detail}`);
    });
    return opened;
  };
}

/**
 * The host's answer to one API request: the handler's response with its body as a stream
 * (src/api/http/streamed-response.ts), or the error body for a failure before or around
 * the handler (the database could not be opened). After a successful request that is not
 * a read ({@link isReadOnly}), `announce` is told its method and path, once the write has
 * committed (the handler answers only then).
 */
export function answerRequests({
  api,
  announce,
}: {
  api: () => Promise<RequestHandler>;
  announce: (notice: ChangeNotice) => void;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const handler = await api();
      // Asked before the handler reads the body; the answer reads a clone.
      const read = await isReadOnly(request);
      const response = await handler.fetch(request);
      if (!read && response.ok) announce(changeNotice(request));
      return forRespondWith(response);
    } catch (err) {
      return errorResponse(err, request);
    }
  };
}

/**
 * A shared engine instance that is replaced once it is reported broken, in the shape
 * `Database.open({ oxigraph })` asks for: `(broken?) => instance`. `start(previous)`
 * makes and initialises an instance (`previous` is the one being replaced, undefined the
 * first time). Concurrent callers share one start; a start that fails is tried again by
 * the next caller. Only the instance that trapped is replaced: a caller reporting an
 * instance that was already replaced gets the current one (decision 0014).
 */
export function replaceableInstance<T>(start: (previous: T | undefined) => Promise<T>): (broken?: unknown) => Promise<T> {
  let current: T | undefined;
  let starting: Promise<T> | undefined;
  return (broken) => {
    if (current !== undefined && current !== broken) return Promise.resolve(current);
    starting ??= start(current)
      .then((instance) => (current = instance))
      .finally(() => (starting = undefined));
    return starting;
  };
}
