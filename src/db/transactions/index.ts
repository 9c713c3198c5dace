/**
 * Multi-statement transactions as the api sees them (docs/decisions/0033-transactions.md):
 * the registry, and the documents as a transaction sees them.
 */
export { Transactions, type TransactionStatus, type TransactionsOptions } from './registry';
export type { TransactionDocuments } from './documents';
export type { TransactionState } from './transaction';
