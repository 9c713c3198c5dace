/**
 * The Node host (`npm run serve -- --port 8000`): the same handler as the service
 * worker, over HTTP on the loopback interface, with credentials required (Digest or
 * Basic) as on a MarkLogic app server. Storage is fake-indexeddb, in memory.
 *
 * @example
 * const server = await startServer({ port: 0 });
 * await fetch(`${server.url}/v1/ping`, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } });
 * await server.close();
 */
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { Database } from '../db/database';
import { nodeOxigraph } from './oxigraph-engine';
import { createApi } from '../api/app';
import type { HostBindings } from '../api/http/auth';
import { limits } from '../db/limits';
import { answerClientError } from './client-error';

export const DEFAULT_PORT = 8000;
const HOSTNAME = '127.0.0.1';

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0 picks a free port) and resolves once the socket is bound. */
export async function startServer({ port = DEFAULT_PORT }: { port?: number } = {}): Promise<RunningServer> {
  const db = await Database.open({ indexedDB, name: 'Documents', oxigraph: nodeOxigraph });
  const api = createApi({ db, auth: 'http', cors: true });
  // Digest clients hash the request target exactly as they wrote it; the Request's URL
  // is normalised (percent-encoding, dot segments), so hand the raw one to the handler.
  const fetch = (req: Request, env: HttpBindings | Http2Bindings): Response | Promise<Response> =>
    api.fetch(req, { requestTarget: env.incoming.url } satisfies HostBindings);

  // Node's parser stops at 16 KiB of request line and headers with a bare 431; a GET
  // search or SPARQL query can be far longer. The handler refuses a URL past maxUrlBytes
  // with an error body; what the parser still refuses is answered by answerClientError.
  const server = serve({ fetch, port, hostname: HOSTNAME, serverOptions: { maxHeaderSize: limits.maxRequestHeadBytes } });
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.once('listening', () => {
      server.off('error', onError);
      resolve();
    });
  }).catch((err: unknown) => {
    db.close();
    throw err;
  });
  const bound = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      // Keep-alive clients (the official one pools sockets) would hold close() open.
      if ('closeAllConnections' in server) server.closeAllConnections();
    }).finally(() => db.close()));

  return { url: `http://${HOSTNAME}:${bound}`, port: bound, db, close };
}

/** `--port N` or `--port=N`; anything else is a usage error. */
export function parsePort(args: readonly string[]): number {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--port') {
      value = args[++i];
      if (value === undefined) throw new Error('--port needs a value (usage: npm run serve -- --port N)');
    } else if (arg.startsWith('--port=')) {
      value = arg.slice('--port='.length);
    } else {
      throw new Error(`unknown argument: ${arg} (usage: npm run serve -- --port N)`);
    }
  }
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not ${JSON.stringify(value)}`);
  return port;
}

async function main(): Promise<void> {
  let port: number;
  try {
    port = parsePort(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
  const server = await startServer({ port });
  console.log(`Tabula REST API on ${server.url} (in-memory IndexedDB: data is lost when the process stops)`);
  const stop = (signal: string) => {
    console.log(`${signal}: stopping`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
