/**
 * The connection bar's multi-statement transaction: "Transaction…" opens one (a name and a
 * time limit, both optional); while it is open the bar shows its id and the time left, and
 * offers Commit and Roll back. Meanwhile the console's documents, search and values requests
 * run in it (lib/connection.tsx), and the explorer marks the documents written in it.
 *
 * It stops being used when it ends: committed or rolled back here, expired (the countdown
 * from its start time plus its time limit reaches 0; the server rolls it back then), or lost
 * (the server no longer knows it: a stopped service worker, a reset — its status answers 400).
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { useApiReady } from '../../../lib/api-worker-status';
import { useConnection } from '../../../lib/connection';
import { endedText, formatRemaining, remainingMs, statusSaysGone, transactionGone } from '../../../lib/console-transaction';
import { useNow } from '../../../lib/use-now';
import { transactionKeys, useFinishTransaction, useOpenTransaction, useTransactionStatus } from '../queries/transactions';
import '../transactions.css';

/** The state both halves of the bar's transaction share: the row's item and the panel under the row. */
export function useTransactionBar() {
  const { transaction, transactions, base } = useConnection();
  const queryClient = useQueryClient();
  const [formOpen, setFormOpen] = useState(false);
  const finish = useFinishTransaction();
  const txid = transaction?.txid;
  const ready = useApiReady();
  const status = useTransactionStatus(txid, ready && !finish.isPending);

  // Expired: its time limit has passed (the server rolls it back then).
  const now = useNow(transaction ? 500 : undefined);
  const left = transaction ? remainingMs(transaction, now) : 0;
  const expired = transaction !== undefined && left <= 0;
  useEffect(() => {
    if (expired && txid !== undefined) transactions.end(txid, 'expired');
  }, [expired, txid, transactions]);

  // Lost: the server answers its status 400. Not while a commit or rollback is on its way, whose answer says what happened.
  const lost = txid !== undefined && status.isError && statusSaysGone(status.error) && !finish.isPending;
  useEffect(() => {
    if (lost) transactions.end(txid, 'lost', status.error);
  }, [lost, txid, status.error, transactions]);

  // A request refused because the transaction it named is not open: ask its status now, not at the next write or focus.
  useEffect(() => {
    if (txid === undefined) return;
    const check = (error: unknown) => {
      if (transactionGone(error)) void queryClient.invalidateQueries({ queryKey: transactionKeys.status(base.key, txid) });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, base.key, txid]);

  // A new transaction starts with no failed commit of the last one on screen.
  const resetFinish = finish.reset;
  useEffect(() => resetFinish(), [txid, resetFinish]);

  return { transaction, transactions, left, finish, formOpen, setFormOpen };
}

type TransactionBar = ReturnType<typeof useTransactionBar>;

/** In the bar's row: "Transaction…", or the open transaction with its time left, Commit and Roll back. */
export function TransactionItem({ bar }: { bar: TransactionBar }) {
  const { transaction, left, finish, formOpen, setFormOpen } = bar;
  if (!transaction) {
    return (
      <button type="button" className="button button--small" aria-expanded={formOpen} onClick={() => setFormOpen((v) => !v)}>
        Transaction…
      </button>
    );
  }
  const { txid, name } = transaction;
  const pending = finish.isPending ? finish.variables.result : undefined;
  return (
    <div className="connection-bar__item transaction-item" role="group" aria-label="Transaction">
      <span className="connection-bar__label">Transaction</span>
      <span className="connection-bar__value transaction-item__id" data-testid="transaction-id" title={`Transaction id ${txid}`}>
        {name && <span className="transaction-item__name">{name}</span>}
        <code>{txid}</code>
      </span>
      <span className="transaction-item__left" role="timer" aria-label="Time left" data-testid="transaction-remaining">
        {formatRemaining(left)} left
      </span>
      <button type="button" className="button button--small button--primary" disabled={finish.isPending} onClick={() => finish.mutate({ txid, result: 'commit' })}>
        {pending === 'commit' ? 'Committing…' : 'Commit'}
      </button>
      <button type="button" className="button button--small" disabled={finish.isPending} onClick={() => finish.mutate({ txid, result: 'rollback' })}>
        {pending === 'rollback' ? 'Rolling back…' : 'Roll back'}
      </button>
    </div>
  );
}

/** Under the bar's row: the form that opens one, a failed commit or rollback, and how the last one ended. */
export function TransactionPanel({ bar }: { bar: TransactionBar }) {
  const { transaction, transactions, finish, formOpen, setFormOpen } = bar;
  const ended = transactions.ended;
  return (
    <>
      {formOpen && !transaction && <OpenTransactionForm onClose={() => setFormOpen(false)} />}
      {transaction && finish.isError && (
        <ErrorMessage error={finish.error} title={finish.variables?.result === 'rollback' ? 'Could not roll back' : 'Could not commit'} />
      )}
      {ended && (
        <div className={`transaction-notice transaction-notice--${ended.outcome.replace(' ', '-')}`} role="region" aria-label="Transaction ended">
          <p role="status" className="transaction-notice__text">
            {endedText(ended)}
          </p>
          {ended.error !== undefined && <ErrorMessage error={ended.error} />}
          <button type="button" className="button button--small button--ghost" onClick={transactions.dismiss}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}

function OpenTransactionForm({ onClose }: { onClose(): void }) {
  const open = useOpenTransaction();
  const [name, setName] = useState('');
  const [timeLimit, setTimeLimit] = useState('');
  return (
    <form
      className="transaction-form"
      aria-label="Open a transaction"
      onSubmit={(e) => {
        e.preventDefault();
        const seconds = timeLimit.trim() === '' ? undefined : Number(timeLimit);
        open.mutate({ name: name.trim() || undefined, timeLimit: seconds }, { onSuccess: onClose });
      }}
    >
      <div className="form-grid">
        <label className="field-label" htmlFor="transaction-name">
          Transaction name
        </label>
        <input id="transaction-name" className="input" placeholder="optional (the server says client-txn)" value={name} onChange={(e) => setName(e.target.value)} />
        <label className="field-label" htmlFor="transaction-time-limit">
          Time limit (seconds)
        </label>
        <input
          id="transaction-time-limit"
          className="input"
          type="number"
          min={1}
          step={1}
          placeholder="optional (the server’s default time limit)"
          value={timeLimit}
          onChange={(e) => setTimeLimit(e.target.value)}
        />
      </div>
      <p className="hint">
        While it is open, this tab’s document, search, values, graph and SPARQL requests run in it: what you write is seen here only,
        and by no one else until you commit. Roll back, or let the time limit pass, and it is gone.
      </p>
      {open.isError && <ErrorMessage error={open.error} title="Could not open a transaction" />}
      <FormActions busy={open.isPending} submitLabel="Open transaction" busyLabel="Opening…" cancel={{ onClick: onClose }} />
    </form>
  );
}
