/**
 * Multi-statement transactions on the wire: the status document `GET /v1/transactions/{txid}`
 * answers (MarkLogic's REST API reference, /v1/transactions). Every value is a string, as the
 * server writes them; in XML the same names are elements of `rapi:transaction-status`.
 */

export interface TransactionStatusJson {
  'transaction-status': {
    host: { 'host-id': string; 'host-name': string };
    server: { 'server-id': string; 'server-name': string };
    database: { 'database-id': string; 'database-name': string };
    'transaction-id': string;
    'transaction-name': string;
    /** `update`: a transaction opened through the REST API may write. */
    'transaction-mode': string;
    'transaction-timestamp': string;
    /** `active` while open; `committing` once its commit is asked for. */
    'transaction-state': string;
    canceled: string;
    /** ISO 8601, when it opened. */
    'start-time': string;
    /** Seconds it may stay open. */
    'time-limit': string;
    'max-time-limit': string;
    /** The user who opened it. */
    user: string;
    /** Whether the user asking is an admin. */
    admin: string;
  };
}
