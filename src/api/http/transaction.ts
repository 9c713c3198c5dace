/**
 * A data request's `txid` (MarkLogic's REST Application Developer's Guide, multi-statement
 * transactions): the documents it reads and writes are the committed ones, or — inside an open
 * transaction — that transaction's view of them, and its searches see what it sees
 * (docs/decisions/0033-transactions.md). An id that names no open transaction of the acting
 * user is refused before anything is read (400 XDMP-RWINVAL).
 */
import type { DocumentAccess } from '../../db/documents';
import type { TripleJournal } from '../../db/triples';
import type { ApiContext, ApiDeps } from './context';
import type { Params } from './params';

export interface RequestTransaction {
  /** The open transaction the request runs in; undefined outside any. */
  txid?: string;
  documents: DocumentAccess;
  /** The transaction's graph writes, which its graph and SPARQL requests run over; undefined outside one. */
  triples?: TripleJournal;
}

export function inTransaction(c: ApiContext, deps: ApiDeps, params: Params): RequestTransaction {
  const txid = params.transactionId();
  if (txid === undefined) return { documents: deps.db.documents };
  const { documents, triples } = deps.db.transactions.scope(txid, c.get('principal'));
  return { txid, documents, triples };
}

export const documentsFor = (c: ApiContext, deps: ApiDeps, params: Params): DocumentAccess => inTransaction(c, deps, params).documents;
