/**
 * A client whose fetch stands in for the server: the client tests inspect each request as the
 * server would receive it, and answer with what the test chooses.
 */
import { createClient } from '../src/client/create-client';

export type Responder = (req: Request) => Response | Promise<Response>;

/** Records what `keep` takes from each request, then answers with `responder`. */
export function recordingClient<T>(responder: Responder, keep: (req: Request) => T | Promise<T>) {
  const requests: T[] = [];
  const client = createClient({
    baseUrl: 'http://db.test:8000',
    fetch: async (input, init) => {
      const req = new Request(input, init);
      // A synchronous keep lets the responder run in the same turn, before a test aborts the request.
      const kept = keep(req);
      requests.push(kept instanceof Promise ? await kept : kept);
      return responder(req);
    },
  });
  return { client, requests };
}

/** Keeps a copy of the request, so the test can still read its body. */
export const keepRequest = (req: Request): Request => req.clone();

/** Keeps the request with its body already read as text. */
export const keepWithBody = async (req: Request): Promise<{ req: Request; body: string }> => ({ req, body: req.body ? await req.clone().text() : '' });
