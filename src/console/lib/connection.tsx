/**
 * The active connection — target, user, and the client built from them — shared
 * by every part of the console. Changing it persists the settings and drops all
 * cached server state, since it may belong to another database or another user.
 *
 * While a person keeps a multi-statement transaction open (the connection bar opens and
 * ends it), `client` is the client inside it: documents, search, values, graph and SPARQL requests carry
 * its `txid`; `key` names it too, so nothing read inside it is shown outside it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createClient, type TabulaClient, type TransactionStatus } from '../../client/create-client';
import { clientOptions, connectionKey, loadSettings, saveSettings, type ConnectionSettings } from './connection-settings';
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
  update(settings: ConnectionSettings): void;
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
  const [transaction, setTransaction] = useState(() => loadTransaction(tabStorage(), connectionKey(settings), Date.now()));
  const [ended, setEnded] = useState<EndedTransaction | undefined>();

  useEffect(() => saveTransaction(tabStorage(), baseKey, transaction), [baseKey, transaction]);

  const update = useCallback(
    (next: ConnectionSettings) => {
      // The bar does not offer this while a transaction is open; should it happen, the
      // transaction is abandoned (rolled back), not left holding its documents until its limit.
      if (transaction) void baseClient.transactions.rollback(transaction.txid).catch(() => undefined);
      setTransaction(undefined);
      setEnded(undefined);
      saveSettings(storage(), next);
      queryClient.clear();
      setSettings(next);
    },
    [queryClient, transaction, baseClient],
  );

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
  const value = useMemo<Connection>(
    () => ({ settings, client, key, base: { client: baseClient, key: baseKey }, update, transaction, transactions }),
    [settings, client, key, baseClient, baseKey, update, transaction, transactions],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}

export function useConnection(): Connection {
  const connection = useContext(ConnectionContext);
  if (!connection) throw new Error('useConnection must be used inside <ConnectionProvider>');
  return connection;
}
