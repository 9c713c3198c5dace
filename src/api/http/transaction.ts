/**
 * A data request's `txid` (MarkLogic's REST Application Developer's Guide, multi-statement
 * transactions): the documents it reads and writes are the committed ones, or — inside an open
 * transaction — that transaction's view of them (docs/decisions/0033-transactions.md).
 */
import type { DocumentAccess } from '../../db/documents';
import type { ApiContext, ApiDeps } from './context';
import type { Params } from './params';

export function documentsFor(c: ApiContext, deps: ApiDeps, params: Params): DocumentAccess {
  const txid = params.transactionId();
  return txid === undefined ? deps.db.documents : deps.db.transactions.use(txid, c.get('principal'));
}
