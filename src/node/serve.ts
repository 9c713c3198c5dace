/**
 * The Node host (`npm run serve -- --port 8000 [--scene file.zip]`): the same handler as the service
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
import { readFile } from 'node:fs/promises';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { Database } from '../db/database';
import { nodeOxigraph } from './oxigraph-engine';
import { createApi, type Api } from '../api/app';
import { Databases } from '../db/catalog';
import { DbError } from '../db/errors';
import type { HostBindings } from '../api/http/auth';
import { limits } from '../db/limits';
import { answerClientError } from './client-error';

export const DEFAULT_PORT = 8000;
const HOSTNAME = '127.0.0.1';

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  /** The server's databases and instances: each instance created over HTTP listens on its own port. */
  databases: Databases;
  close(): Promise<void>;
}

export interface ServerOptions {
  port?: number;
  /** A scene archive (docs/scenes.md) the database starts with; a bad one stops the start with its TABULA-BADSCENE message. */
  scene?: string;
}

interface Listener {
  port: number;
  close(): Promise<void>;
}

/**
 * Answers `api` on 127.0.0.1:`port` (0 picks a free one); resolves once the socket is bound,
 * rejects when it cannot be (the port is taken).
 */
async function listen(api: Api, port: number): Promise<Listener> {
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
  });
  let closing: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive clients (the official one pools sockets) would hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      })),
  };
}

/**
 * Listens on 127.0.0.1:`port` (0 picks a free port) and resolves once the socket is bound (and
 * the scene, if any, loaded). An instance created through `POST /v1/rest-apis` listens on its
 * own port, serving its databases with the same users, until it is deleted.
 */
export async function startServer({ port = DEFAULT_PORT, scene }: ServerOptions = {}): Promise<RunningServer> {
  const db = await Database.open({ indexedDB, name: 'Documents', oxigraph: nodeOxigraph });
  let databases: Databases | undefined;
  const instances = new Map<string, Listener>();
  try {
    if (scene !== undefined) {
      try {
        // As the seeded admin: the host's operator loads it, before anyone can connect.
        await db.importScene(new Uint8Array(await readFile(scene)), 'replace', db.roles.principalOf({ name: 'admin', roles: ['admin'] }));
      } catch (err) {
        throw new Error(`--scene ${scene}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
    }
    databases = await Databases.open(db, { port });
    const server = databases;
    const handler = (instance?: string) => createApi({ db, databases: server, instance, auth: 'http', cors: true });
    const main = await listen(handler(), port);
    server.setBuiltinPort(main.port);
    server.bindPorts({
      open: async (instance) => {
        try {
          instances.set(instance.name, await listen(handler(instance.name), instance.port));
        } catch (err) {
          throw new DbError('REST-INVALIDPARAM', `port ${instance.port} cannot be opened: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
        }
      },
      close: async (instance) => {
        const listener = instances.get(instance.name);
        instances.delete(instance.name);
        await listener?.close();
      },
    });
    server.releaseIdleEvery();

    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= Promise.all([main.close(), ...[...instances.values()].map((l) => l.close())])
        .then(() => undefined)
        .finally(() => {
          server.close();
          db.close();
        }));
    return { url: `http://${HOSTNAME}:${main.port}`, port: main.port, db, databases: server, close };
  } catch (err) {
    databases?.close();
    db.close();
    throw err;
  }
}

const USAGE = 'usage: npm run serve -- [--port N] [--scene file.zip]';

/** `--port N`, `--port=N`, `--scene F`, `--scene=F`; anything else is a usage error. */
export function parseArgs(args: readonly string[]): Required<Pick<ServerOptions, 'port'>> & Pick<ServerOptions, 'scene'> {
  const values: { port?: string; scene?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const name = (['port', 'scene'] as const).find((n) => arg === `--${n}` || arg.startsWith(`--${n}=`));
    if (name === undefined) throw new Error(`unknown argument: ${arg} (${USAGE})`);
    const value = arg === `--${name}` ? args[++i] : arg.slice(`--${name}=`.length);
    if (value === undefined) throw new Error(`--${name} needs a value (${USAGE})`);
    values[name] = value;
  }
  if (values.port === undefined) return { port: DEFAULT_PORT, scene: values.scene };
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new Error(`--port must be a number from 0 to 65535, not ${JSON.stringify(values.port)}`);
  return { port, scene: values.scene };
}

async function main(): Promise<void> {
  let options: ServerOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
  const server = await startServer(options);
  const loaded = options.scene === undefined ? '' : `, started from ${options.scene}`;
  console.log(`Tabula REST API on ${server.url} (in-memory IndexedDB: data is lost when the process stops${loaded})`);
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
