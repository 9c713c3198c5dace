/**
 * The active connection — target, user, REST instance, database, and the client built from
 * them — shared by every part of the console. Changing it persists the settings and drops all
 * cached server state, since it may belong to another instance, database or user.
 *
 * The client reaches the instance in use (in this browser under `/tabula/instances/<name>`, on a
 * remote server at its port); what is the server's — its databases and instances — is asked of
 * the server as given (`serverClient`), which still answers when that instance is gone. Should it
 * go, the console goes back to the built-in instance and says so: when the server's list of
 * instances no longer has it ({@link Connection.fallBackInstance}, called by the connection bar),
 * or when a request under its path is answered 404 RESTAPI-NOTFOUND (watched here).
 *
 * The database is named on every request that takes one (the client's `database` option). Should
 * it stop existing — deleted here, by another tab or by a script — the console goes back to the
 * default database and says so: when the server's list of databases no longer has it
 * ({@link Connection.fallBack}, called by the connection bar), or when a request naming it is
 * refused 400 XDMP-NOSUCHDB (watched here, for users who may not list databases).
 *
 * While a person keeps a multi-statement transaction open (the connection bar opens and
 * ends it), `client` is the client inside it: documents, search, values, graph and SPARQL requests carry
 * its `txid`; `key` names it too, so nothing read inside it is shown outside it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createClient, type RestInstance, type TabulaClient, type TransactionStatus } from '../../client/create-client';
import {
  clientOptions,
  connectionKey,
  loadSettings,
  namesMissingDatabase,
  namesMissingInstance,
  saveSettings,
  serverClientOptions,
  serverKey,
  withDatabase,
  withInstance,
  type ConnectionSettings,
} from './connection-settings';
import {
  loadTransaction,
  openedTransaction,
  saveTransaction,
  transactionKey,
  withUncommitted,
  type EndedTransaction,
  type OpenTransaction,
  type TransactionOutcome,
} from './console-transaction';

export interface ConsoleTransactions {
  /** How the last one ended, until dismissed or another opens. */
  ended: EndedTransaction | undefined;
  /** Runs the console's requests in the transaction just opened. */
  begin(status: TransactionStatus): void;
  /**
   * Stops running in transaction `txid`. A commit or rollback always says how it ended; an
   * expiry or a loss only while it is still the open one.
   */
  end(txid: string, outcome: TransactionOutcome, error?: unknown): void;
  /** Marks documents as written in transaction `txid` (none: written outside any, nothing to mark). */
  markUncommitted(txid: string | undefined, uris: readonly string[]): void;
  dismiss(): void;
}

export interface Connection {
  settings: ConnectionSettings;
  /** The client requests go through: inside the open transaction, if any. */
  client: TabulaClient;
  /** Part of every query key, so no answer is ever shown under another connection (or in or out of a transaction). */
  key: string;
  /** The client and key outside any transaction. */
  base: { client: TabulaClient; key: string };
  /** The server and user, whatever the instance and database: the key of what is the server's (its databases and instances). */
  server: string;
  /** The client of what is the server's (its databases and instances): the server as given, whatever the instance, outside any transaction. */
  serverClient: TabulaClient;
  update(settings: ConnectionSettings): void;
  /** Runs the console's requests against database `name` (the default's name: the default, none named). */
  switchDatabase(name: string): void;
  /** Goes back to the default database because `missing`, the one in use, no longer exists; says so until dismissed. */
  fallBack(missing: string): void;
  /** The database found missing, while its notice shows. */
  missingDatabase: string | undefined;
  dismissMissingDatabase(): void;
  /**
   * Runs the console's requests in REST instance `instance` (undefined, or the built-in one: the
   * built-in one), against its default database; says so until dismissed.
   */
  switchInstance(instance: RestInstance | undefined): void;
  /** The instance just switched to, while the notice saying so shows. */
  switchedInstance: string | undefined;
  /** Goes back to the built-in instance because `missing`, the one in use, no longer exists; says so until dismissed. */
  fallBackInstance(missing: string): void;
  /** The instance found missing, while its notice shows. */
  missingInstance: string | undefined;
  dismissInstanceNotice(): void;
  /** The transaction the console runs in, while one is open. */
  transaction: OpenTransaction | undefined;
  transactions: ConsoleTransactions;
}

const ConnectionContext = createContext<Connection | null>(null);

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
/** Per tab: another tab of the console is another client with transactions of its own. */
const tabStorage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(() => loadSettings(storage()));
  const baseKey = connectionKey(settings);
  const baseClient = useMemo(() => createClient(clientOptions(settings)), [settings]);
  const serverClient = useMemo(() => createClient(serverClientOptions(settings)), [settings]);
  const [transaction, setTransaction] = useState(() => loadTransaction(tabStorage(), connectionKey(settings), Date.now()));
  const [ended, setEnded] = useState<EndedTransaction | undefined>();
  const [missingDatabase, setMissingDatabase] = useState<string | undefined>();
  const [instanceNotice, setInstanceNotice] = useState<{ switched?: string; missing?: string }>({});

  useEffect(() => saveTransaction(tabStorage(), baseKey, transaction), [baseKey, transaction]);

  const update = useCallback(
    (next: ConnectionSettings) => {
      // The bar does not offer this while a transaction is open; should it happen, the
      // transaction is abandoned (rolled back), not left holding its documents until its limit.
      if (transaction) void baseClient.transactions.rollback(transaction.txid).catch(() => undefined);
      setTransaction(undefined);
      setEnded(undefined);
      setMissingDatabase(undefined);
      setInstanceNotice({});
      saveSettings(storage(), next);
      queryClient.clear();
      setSettings(next);
    },
    [queryClient, transaction, baseClient],
  );
  const switchDatabase = useCallback((name: string) => update(withDatabase(settings, name)), [update, settings]);
  const fallBack = useCallback(
    (missing: string) => {
      if (settings.database !== missing) return;
      update({ ...settings, database: '' });
      setMissingDatabase(missing);
    },
    [update, settings],
  );
  const dismissMissingDatabase = useCallback(() => setMissingDatabase(undefined), []);
  const switchInstance = useCallback(
    (instance: RestInstance | undefined) => {
      const next = withInstance(settings, instance);
      update(next);
      setInstanceNotice({ switched: next.instance });
    },
    [update, settings],
  );
  const fallBackInstance = useCallback(
    (missing: string) => {
      if (settings.instance !== missing) return;
      update(withInstance(settings, undefined));
      setInstanceNotice({ missing });
    },
    [update, settings],
  );
  const dismissInstanceNotice = useCallback(() => setInstanceNotice({}), []);

  // A request naming the database in use refused because there is no such database: it is gone.
  // Only queries are watched: they all run against the database in use, while a mutation may
  // name another on purpose (creating one and loading it).
  useFallBackOnError(queryClient, settings.database, namesMissingDatabase, fallBack);

  // A request under the instance's path answered 404 RESTAPI-NOTFOUND: the instance is gone. Every
  // query of the connection goes there (what is the server's excepted), the ping first of all.
  useFallBackOnError(queryClient, settings.instance, namesMissingInstance, fallBackInstance);

  const transactions = useMemo<ConsoleTransactions>(
    () => ({
      ended,
      begin: (status) => {
        setEnded(undefined);
        setTransaction(openedTransaction(status));
      },
      end: (txid, outcome, error) => {
        if (transaction?.txid === txid) {
          setTransaction(undefined);
          setEnded({ txid, name: transaction.name, outcome, error });
        } else if (outcome === 'committed' || outcome === 'rolled back') {
          // Found lost a moment before its commit or rollback answered: the answer is what happened.
          setEnded({ txid, name: ended?.txid === txid ? ended.name : '', outcome });
        }
      },
      markUncommitted: (txid, uris) => {
        if (txid === undefined || uris.length === 0) return;
        setTransaction((current) => (current?.txid === txid ? withUncommitted(current, uris) : current));
      },
      dismiss: () => setEnded(undefined),
    }),
    [ended, transaction],
  );

  // The client changes with the transaction's id, not with its marks.
  const txid = transaction?.txid;
  const client = useMemo(() => baseClient.withTransaction(txid), [baseClient, txid]);
  const key = transactionKey(baseKey, transaction);
  const server = serverKey(settings);
  const value = useMemo<Connection>(
    () => ({
      settings,
      client,
      key,
      base: { client: baseClient, key: baseKey },
      server,
      serverClient,
      update,
      switchDatabase,
      fallBack,
      missingDatabase,
      dismissMissingDatabase,
      switchInstance,
      switchedInstance: instanceNotice.switched,
      fallBackInstance,
      missingInstance: instanceNotice.missing,
      dismissInstanceNotice,
      transaction,
      transactions,
    }),
    [
      settings,
      client,
      key,
      baseClient,
      baseKey,
      server,
      serverClient,
      update,
      switchDatabase,
      fallBack,
      missingDatabase,
      dismissMissingDatabase,
      switchInstance,
      instanceNotice,
      fallBackInstance,
      dismissInstanceNotice,
      transaction,
      transactions,
    ],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}

export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error('useConnection must be used inside <ConnectionProvider>');
  return connection;
}

/**
 * Falls back from `name` (the database or instance in use; nothing when empty) once a query
 * fails with an error that says it is gone. Called after the cache has told everyone of the
 * error: the fall-back clears the cache.
 */
function useFallBackOnError(queryClient: QueryClient, name: string, namesMissing: (error: unknown, name: string) => boolean, fallBack: (name: string) => void): void {
  useEffect(() => {
    if (!name) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && namesMissing(event.action.error, name)) setTimeout(() => fallBack(name), 0);
    });
  }, [queryClient, name, namesMissing, fallBack]);
}
