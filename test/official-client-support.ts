/**
 * What the official-client suites share: the Node host they talk to, clients created
 * over Digest and released at the end, and the rejection of a call that must fail.
 * Each suite types the slice of the (untyped) client it uses.
 */
// @ts-expect-error -- the official client ships no type declarations; each suite types the slice it uses.
import marklogicUntyped from 'marklogic';
import { startServer, type RunningServer } from '../src/node/serve';

export interface Pending<T> {
  result(): Promise<T>;
}

export interface ClientError extends Error {
  statusCode?: number;
  body?: { errorResponse?: { statusCode?: number; messageCode?: string; message?: string } };
}

/** The client module, as far as the suites share it (builders are typed by the suite that uses them). */
export const marklogic = marklogicUntyped as Record<string, unknown> & {
  createDatabaseClient(opts: Record<string, unknown>): { release(): void };
};

/** A Node host on a free port and the clients connected to it; `start` in beforeAll, `stop` in afterAll. */
export function officialClientHost<Client extends { release(): void }>() {
  let server: RunningServer | undefined;
  const clients: Client[] = [];
  return {
    async start(): Promise<void> {
      server = await startServer({ port: 0 });
    },
    /** The running host (its database and URL, for what a suite checks behind the client). */
    get server(): RunningServer {
      return server!;
    },
    /** A client acting as `user` over Digest (password = user name, as seeded). */
    connect(user: string, password = user, extra: Record<string, unknown> = {}): Client {
      const db = marklogic.createDatabaseClient({ host: '127.0.0.1', port: server!.port, user, password, authType: 'DIGEST', ...extra }) as Client;
      clients.push(db);
      return db;
    },
    async stop(): Promise<void> {
      for (const db of clients) db.release();
      await server?.close();
    },
  };
}

/** The rejection of a call that must fail. */
export async function failure(pending: Pending<unknown>): Promise<ClientError> {
  return pending.result().then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: ClientError) => err,
  );
}
