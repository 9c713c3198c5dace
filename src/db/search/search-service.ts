/**
 * Search (db.search): the facade the `Database` exposes, joining the index's lifecycle
 * (search-index.ts: loaded from a snapshot plus the document change log, kept in step with
 * every write, durable) and running a search over it (run-search.ts), or a values lexicon (run-values.ts). The invariants the
 * index keeps are stated where they are kept, in search-index.ts.
 *
 * @example
 * const { response } = await db.search.search({ query: { kind: 'word', text: ['soup'], options: {} }, options, principal, start: 1, pageLength: 10, qtext: ['soup'] });
 */
import type { StoredDocument } from '../documents/types';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import type { IndexConfigStore } from '../indexes/config';
import type { Corpus } from './corpus';
import type { RangeIndexStatus } from './live-range-indexes';
import { SearchIndex, type CommittedChange, type SearchIndexOptions } from './search-index';
import { readableMatches, runSearch, runSuggest, type SearchOutcome, type SearchRequest, type SuggestionRequest } from './run-search';
import type { Query } from './query-model';
import type { Principal } from '../security/types';
import { Deadline } from '../deadline';
import { runValues, type ValuesOutcome, type ValuesRequest } from './run-values';

export type { CommittedChange } from './search-index';
export type { SearchOutcome, SearchRequest } from './run-search';
export type { ValuesOutcome, ValuesRequest } from './run-values';
export type SearchServiceOptions = SearchIndexOptions;

export class SearchService {
  private readonly index: SearchIndex;

  constructor(idb: TabulaIdb, queue: WriteQueue, indexes: IndexConfigStore, options: SearchServiceOptions = {}) {
    this.index = new SearchIndex(idb, queue, indexes, options);
  }

  // ---- the index's lifecycle (search-index.ts) ---------------------------------------

  /** The range indexes' state (re-indexing progress). */
  rangeIndexStatus(): RangeIndexStatus[] {
    return this.index.rangeIndexStatus();
  }

  /** Before a write's transaction: the index settings its values are checked against. */
  beforeWrite(): Promise<void> {
    return this.index.beforeWrite();
  }

  /** Inside a write's transaction, before it commits: a value a range index rejects fails the write (XDMP-RANGEINDEX). */
  checkWrite(docs: readonly StoredDocument[]): void {
    this.index.checkWrite(docs);
  }

  /** Resolves when background re-indexing is done (tests). */
  rangeIndexesSettled(): Promise<void> {
    return this.index.rangeIndexesSettled();
  }

  /** The corpus, loaded on first use. */
  ready(): Promise<Corpus> {
    return this.index.ready();
  }

  /** The loaded corpus, if it is loaded (writes before the first search need not load it). */
  loaded(): Corpus | undefined {
    return this.index.loaded();
  }

  /** A committed write, applied to the index before the write's response. Synchronous. */
  committed(change: CommittedChange): void {
    this.index.committed(change);
  }

  /** A transaction's write staged documents (null: deleted): searches inside it see them (docs/decisions/0033-transactions.md). Synchronous. */
  staged(txid: string, docs: ReadonlyMap<string, StoredDocument | null>): void {
    this.index.staged(txid, docs);
  }

  /** A transaction ended: its uncommitted documents leave the index. Synchronous. */
  transactionEnded(txid: string): void {
    this.index.transactionEnded(txid);
  }

  close(): void {
    this.index.close();
  }

  /** The database was reset: the index goes back to not loaded, and loads empty on next use. */
  storageCleared(): void {
    this.index.storageCleared();
  }

  /** Resolves when no snapshot is pending (tests). */
  settled(): Promise<void> {
    return this.index.settled();
  }

  /** A snapshot or a range index build is pending (`Database.idle` waits for them). */
  busy(): boolean {
    return this.index.busy();
  }

  /** How many times the index has been loaded from IndexedDB since the database was opened. */
  loadCount(): number {
    return this.index.loadCount();
  }

  /** Writes a snapshot now (tests; normally automatic once writes pause). */
  snapshot(): Promise<void> {
    return this.index.snapshot();
  }

  // ---- running a search (run-search.ts) ----------------------------------------------

  /** Completions of a partial query text (`/v1/suggest`), from what `principal` may read of what `restrict` matches. */
  suggest(request: SuggestionRequest): Promise<string[]> {
    return this.index.serving(() => runSuggest(this.index, request), request.deadline);
  }

  search(request: SearchRequest): Promise<SearchOutcome> {
    return this.index.serving(() => runSearch(this.index, request), request.deadline);
  }

  /**
   * The URIs of the documents `principal` may read of those `query` matches, matched as a
   * search matches them (unfiltered, as MarkLogic selects the fragments of a restricted
   * SPARQL query), in no particular order.
   */
  matchingUris(query: Query, principal: Principal, deadline: Deadline = Deadline.none, transaction?: string): Promise<string[]> {
    return this.index.serving(async () => {
      const { corpus, readable } = await readableMatches(this.index, query, principal, deadline, 'the document query', transaction);
      const uris: string[] = [];
      for (const k of readable) uris.push(corpus.entry(k)!.uri);
      return uris;
    }, deadline);
  }

  /** The values (or tuples) of a definition over what `principal` may read of what the query matches (`/v1/values/{name}`; run-values.ts). */
  values(request: ValuesRequest): Promise<ValuesOutcome> {
    return this.index.serving(() => runValues(this.index, request), request.deadline);
  }
}
