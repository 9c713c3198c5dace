/**
 * Answers whose body is already the kind the service worker hands to `respondWith`.
 *
 * In Chromium a body given to `respondWith` as a stream reaches the page ~0.5 ms sooner
 * than the same body as a string or bytes (those travel as a blob the page must fetch
 * back). The worker therefore re-wraps every answer's body as a stream (sw/sw.ts). For
 * the answers on the hottest path — SPARQL results — building the stream here spares
 * constructing a second Response and pumping one stream through another: ~50 µs of a
 * floor that the semantics benchmark holds to 0.5 ms over a ping.
 *
 * Hosts other than the worker read these bodies like any other (Node writes the stream).
 */
const encoder = new TextEncoder();
const streamed = new WeakSet<Response>();

/** A Response with `text` (UTF-8; or bytes already encoded) as a one-chunk byte stream. */
export function streamedResponse(text: string | Uint8Array, init: ResponseInit): Response {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        if (bytes.byteLength > 0) controller.enqueue(bytes);
        controller.close();
      },
    }),
    init,
  );
  streamed.add(response);
  return response;
}

/** Whether the body of `response` is already a stream made by {@link streamedResponse}. */
export const isStreamed = (response: Response): boolean => streamed.has(response);

/**
 * The answer as the worker hands it to `respondWith`: its body as a stream (re-wrapped
 * unless it is one already), every header — status, type, security headers — kept.
 */
export const forRespondWith = (response: Response): Response =>
  response.body && !isStreamed(response) ? new Response(response.body, response) : response;
