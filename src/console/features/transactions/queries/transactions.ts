import { useMutation, useQuery } from '@tanstack/react-query';
import type { OpenTransactionOptions } from '../../../../client/create-client';
import { useConnection } from '../../../lib/connection';
import { transactionGone } from '../../../lib/console-transaction';

/** Query keys of the open transaction's status: outside any transaction (the status is not read inside one). */
export const transactionKeys = {
  status: (connection: string, txid: string) => ['transaction', connection, txid] as const,
};

/**
 * The open transaction's status (`GET /v1/transactions/{txid}`), read again after every write
 * the worker announces and on focus, so a transaction the server no longer knows — its worker
 * stopped, the database was reset — is noticed (400).
 */
export function useTransactionStatus(txid: string | undefined, enabled: boolean) {
  const { base } = useConnection();
  return useQuery({
    queryKey: transactionKeys.status(base.key, txid ?? ''),
    queryFn: ({ signal }) => base.client.transactions.status(txid!, { signal }),
    enabled: enabled && txid !== undefined,
  });
}

/** Opens a transaction (`POST /v1/transactions`); the console's requests then run in it. */
export function useOpenTransaction() {
  const { base, transactions } = useConnection();
  return useMutation({
    mutationFn: (options: Omit<OpenTransactionOptions, 'signal'>) => base.client.transactions.open(options),
    onSuccess: ({ status }) => transactions.begin(status),
  });
}

export interface FinishInput {
  txid: string;
  result: 'commit' | 'rollback';
}

/**
 * Commits or rolls back (`POST /v1/transactions/{txid}?result=…`). A transaction the server
 * no longer has (400 XDMP-NOTXN) is ended as lost; any other failure leaves it open, to try again.
 */
export function useFinishTransaction() {
  const { base, transactions } = useConnection();
  return useMutation({
    mutationFn: ({ txid, result }: FinishInput) => (result === 'commit' ? base.client.transactions.commit(txid) : base.client.transactions.rollback(txid)),
    onSuccess: (_answer, { txid, result }) => transactions.end(txid, result === 'commit' ? 'committed' : 'rolled back'),
    onError: (error, { txid }) => {
      if (transactionGone(error)) transactions.end(txid, 'lost', error);
    },
  });
}
