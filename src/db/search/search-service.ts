/**
 * Search (db.search): the in-memory index kept in step with the documents, durable as a
 * snapshot plus the document change log, and the search itself.
 *
 * Must (docs/architecture.md, Storage and durability; docs/decisions/0012-search-index.md):
 * - every committed document write reaches the index before its response
 *   ({@link SearchService.committed}, called by the document store after the commit);
 * - the index is a cache: on start it loads the last snapshot and re-indexes the
 *   documents named by `search-changes` entries newer than the snapshot's watermark,
 *   inside the write queue, so no write interleaves with the load and nothing is lost
 *   whenever the worker stops;
 * - snapshots are written in the background once writes pause, in one transaction
 *   with the pruning of the change entries they cover.
 *
 * @example
 * const { response } = await db.search.search({ query: { kind: 'word', text: ['soup'], options: {} }, options, principal, start: 1, pageLength: 10, qtext: ['soup'] });
 */
import type { StoredDocument } from '../documents/types';
import { DbError } from '../errors';
import type { QueryOptions, RangeConstraintDef } from '../options/types';
import type { Principal } from '../security/types';
import { Deadline } from '../deadline';
import type { TabulaIdb } from '../storage/schema';
import type { WriteQueue } from '../storage/write-queue';
import { yieldToEventLoop } from '../util/event-loop';
import { constraintKind, rangeRefOf } from './constraints';
import { Corpus, type CorpusDump, type DocEntry } from './corpus';
import { packDocs, unpackDocs, type PackedDocs } from './snapshot-pack';
import { Evaluator } from './evaluate';
import { suggest, type SuggestRequest } from './suggest';
import type { PhraseMatcher } from './matchers';
import type { Query, RangeIndexRef } from './query-model';
import { rank, scoringTerms, type Ranking, type Relevance } from './rank';
import type { FacetResult, SearchResponse, SearchResult } from './response-model';
import { DEFAULT_SNIPPET, snippet } from './snippet';
import { checkExtractPaths, extractDocumentData } from './extract-document-data';
import { resolvedBuckets } from './buckets';
import type { TermIndexSnapshot } from './term-index';
import type { IndexConfigStore } from '../indexes/config';
import { LiveRangeIndexes, type RangeIndexes, type RangeIndexStatus } from './live-range-indexes';
import { orderFacetValues } from './facet-order';
import { contentNodes, foldKey, forEachWord, parseContent, type ContentNode, type ParsedContent } from './analyze';
import type { RangeValue } from '../indexes/range-values';
import { abortQuietly, issueAll, watched } from '../storage/requests';

export interface SearchRequest {
  /** The whole query: string, structured, QBE, parameters and additional-query already combined. */
  query: Query;
  /** The string queries as sent (for qtext). */
  qtext: string[];
  /** The effective options (stored or default, merged with inline ones). */
  options: QueryOptions;
  start: number;
  pageLength: number;
  /** The `view` parameter: overrides return-results / return-facets / return-metrics (MarkLogic’s REST Application Developer’s Guide, combined queries). */
  view?: 'results' | 'facets' | 'metadata' | 'all' | 'none';
  principal: Principal;
  /** The request's deadline: checked between the search's stages and inside its evaluation. */
  deadline?: Deadline;
}

export interface SearchOutcome {
  response: SearchResponse;
  /** URIs of the page's results, in order (multipart bulk reads fetch them). */
  uris: string[];
}

/** One committed write, as the document store reports it. */
export interface CommittedChange {
  /** The change log's key for this write (the watermark a snapshot records). */
  changeKey: number;
  written: StoredDocument[];
  deleted: string[];
}

interface SnapshotMeta {
  watermark: number;
  pieces: number;
}

interface SnapshotHead {
  corpus: Omit<CorpusDump, 'docs'>;
  terms: { content: TermIndexSnapshot; properties: TermIndexSnapshot };
}

const SNAPSHOT_META = 'search-snapshot';
/** Documents read to find how a suggested word is written. */
const SURFACE_DOCS = 3;
/** Documents per snapshot piece (packed: ~10 MB of typed arrays for 20k documents of ~1 KB). */
const DOCS_PER_PIECE = 20_000;
/** Same durability as documents: see docs/decisions/0008-durability.md. */
const DURABILITY: IDBTransactionDurability = 'default';

export interface SearchServiceOptions {
  /** Changed documents since the last snapshot that make a new one due (default 1,000, or a tenth of the corpus). */
  snapshotAfterChanges?: number;
  /** Milliseconds without a write before a due snapshot is written (default 2,000). */
  snapshotWhenIdleMs?: number;
}

export class SearchService {
  private loading: Promise<Corpus> | undefined;
  private corpus: Corpus | undefined;
  private watermark = 0;
  private changedSinceSnapshot = 0;
  private lastWrite = 0;
  private snapshotting: Promise<void> | undefined;
  private closed = false;
  private readonly ranges: LiveRangeIndexes;
  /** What {@link checkWrite} parsed and extracted, per document object, until it is indexed. */
  private readonly prepared = new WeakMap<StoredDocument, { content: ParsedContent | null; values: Record<string, RangeValue[]> | undefined }>();

  constructor(
    private readonly idb: TabulaIdb,
    private readonly queue: WriteQueue,
    indexes: IndexConfigStore,
    private readonly options: SearchServiceOptions = {},
  ) {
    this.ranges = new LiveRangeIndexes(indexes, queue, (uris) => this.readUris(uris));
  }

  private get rangeIndexes(): RangeIndexes {
    return this.ranges;
  }

  /** The range indexes' state (re-indexing progress). */
  rangeIndexStatus(): RangeIndexStatus[] {
    return this.ranges.status();
  }

  /** Before a write's transaction: the index settings its values are checked against. */
  beforeWrite(): Promise<void> {
    return this.ranges.prepare();
  }

  /**
   * Inside a write's transaction, before it commits: a value a range index rejects fails
   * the write (XDMP-RANGEINDEX). The parse and the values are kept for {@link committed}
   * (the same document objects come back), so a write parses each document once.
   */
  checkWrite(docs: readonly StoredDocument[]): void {
    // Nothing to check, and no index in memory to feed: the write only logs its change.
    if (!this.corpus && this.ranges.keys().length === 0) return;
    for (const doc of docs) {
      let content: ParsedContent | null;
      try {
        content = parseContent(doc);
      } catch {
        content = null;
      }
      this.prepared.set(doc, { content, values: this.ranges.valuesOf(doc, content) });
    }
  }

  /** Resolves when background re-indexing is done (tests). */
  rangeIndexesSettled(): Promise<void> {
    return this.ranges.settled();
  }

  /** Indexes a document in the corpus, its range values too. */
  private index(corpus: Corpus, doc: StoredDocument): void {
    const prepared = this.prepared.get(doc);
    const entry = corpus.put(doc, prepared?.content ?? null);
    let values: ReturnType<LiveRangeIndexes['valuesOf']>;
    try {
      values = prepared ? prepared.values : this.ranges.valuesOf(doc);
    } catch {
      // Written before an index that rejects it existed: that index skips it (re-indexing does the same).
      values = undefined;
    }
    if (values) entry.ranges = values;
    entry.rangeKeys = this.ranges.keys();
    this.ranges.put(entry.key, values);
  }

  private unindex(corpus: Corpus, uri: string): void {
    const key = corpus.keyOf(uri);
    if (key === undefined) return;
    corpus.remove(uri);
    this.ranges.remove(key);
  }

  /** The corpus, loaded on first use. */
  ready(): Promise<Corpus> {
    this.loading ??= this.queue
      .run(() => this.load())
      .catch((e: unknown) => {
        this.loading = undefined;
        throw e;
      });
    return this.loading;
  }

  /** The loaded corpus, if it is loaded (writes before the first search need not load it). */
  loaded(): Corpus | undefined {
    return this.corpus;
  }

  /**
   * A committed write: applied to the index at once when it is loaded (a load in
   * progress runs in the write queue, so it cannot be half-way here). Synchronous.
   */
  committed(change: CommittedChange): void {
    this.lastWrite = Date.now();
    const corpus = this.corpus;
    if (!corpus) return;
    for (const uri of change.deleted) this.unindex(corpus, uri);
    for (const doc of change.written) {
      this.unindex(corpus, doc.uri);
      this.index(corpus, doc);
    }
    this.watermark = Math.max(this.watermark, change.changeKey);
    this.changedSinceSnapshot += change.written.length + change.deleted.length;
    this.snapshotIfDue();
  }

  close(): void {
    this.closed = true;
  }

  /** Resolves when no snapshot is pending (tests). */
  async settled(): Promise<void> {
    while (this.snapshotting) await this.snapshotting;
  }

  /** Writes a snapshot now (tests; normally automatic once writes pause). */
  snapshot(): Promise<void> {
    return this.queue.run(() => this.writeSnapshot());
  }

  // ---- search ---------------------------------------------------------------------

  /** Completions of a partial query text (`/v1/suggest`), from what `principal` may read of what `restrict` matches. */
  async suggest(request: Omit<SuggestRequest, 'documents' | 'rangeValues'> & { restrict: Query; principal: Principal; deadline?: Deadline }): Promise<string[]> {
    const deadline = request.deadline ?? Deadline.none;
    const corpus = await this.ready();
    deadline.check('the suggestion');
    const evaluator = this.evaluator(corpus, deadline);
    const matched = await evaluator.docs(request.restrict, { target: 'content', scopes: [] });
    const documents = filterSet(matched, (k) => canRead(request.principal, corpus.entry(k)!));
    const rangeValues = (range: RangeConstraintDef, name: string): string[] => {
      try {
        return this.ranges.facet(rangeRefOf(range, `constraint ${name}`), documents, []).values.map((v) => v.name);
      } catch {
        return []; // no such index (yet): nothing to complete from
      }
    };
    return suggest(corpus, { ...request, documents, rangeValues, surfaces: (folded, holders) => this.surfaces(corpus, folded, holders) });
  }

  /**
   * How a folded word is written in the first few documents holding it (reading a handful
   * bounds the cost per suggestion; other spellings elsewhere are not looked for).
   */
  private async surfaces(corpus: Corpus, folded: string, holders: number[]): Promise<string[]> {
    const docs = await this.readEntries(corpus, holders.slice(0, SURFACE_DOCS));
    const found = new Set<string>();
    for (const doc of docs.values()) {
      let nodes: ContentNode[];
      try {
        nodes = contentNodes(doc);
      } catch {
        continue; // indexed from content that no longer parses: nothing to spell it from
      }
      for (const node of nodes) if (node.kind === 'text') forEachWord(node.text, (w) => foldKey(w) === folded && found.add(w));
    }
    return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private evaluator(corpus: Corpus, deadline: Deadline): Evaluator {
    return new Evaluator({
      corpus,
      deadline,
      range: (ref, op, values) => this.rangeIndexes.matching(ref, op, values),
      read: (keys) => this.readEntries(corpus, keys),
    });
  }

  async search(request: SearchRequest): Promise<SearchOutcome> {
    // MarkLogic's plan reports its own index resolution (term lists, fragment counts); Tabula's
    // evaluator has no such plan to describe, and an invented one would mislead: refused by name.
    if (request.options['return-plan'] === true) {
      throw new DbError('REST-INVALIDPARAM', 'return-plan is not supported: Tabula does not report query plans (set return-plan to false, or use return-query to see the resolved query)');
    }
    const began = performance.now();
    const deadline = request.deadline ?? Deadline.none;
    // Waiting for the index (its load, a range-index build) counts against the request too.
    const corpus = await this.ready();
    deadline.check('the search');
    const evaluator = this.evaluator(corpus, deadline);
    const matched = await evaluator.docs(request.query, { target: 'content', scopes: [] });
    const readable = filterSet(matched, (k) => canRead(request.principal, corpus.entry(k)!));
    const o = request.options;
    const returns = returnsOf(o, request.view);
    const terms = scoringTerms(request.query, evaluator);
    const qualityWeight = typeof o['quality-weight'] === 'number' ? o['quality-weight'] : 0;
    const keys = [...readable];
    const ranking = rank(keys, terms, evaluator, corpus.size, qualityWeight, (k) => corpus.entry(k)!.quality);
    // Positions in `keys`, in result order — as far as the requested page reaches.
    deadline.check('the search');
    const ordered = this.order(keys, ranking, o, corpus, request.start - 1 + request.pageLength);
    deadline.check('the search');
    const queried = performance.now();

    const response: SearchResponse = {
      snippetFormat: o['transform-results']?.apply ?? 'snippet',
      total: readable.size,
      start: request.start,
      pageLength: request.pageLength,
    };
    const pageAt = ordered.slice(request.start - 1, request.start - 1 + request.pageLength);
    const page = pageAt.map((i) => keys[i]);
    let snippetMs = 0;
    if (returns.results) {
      const t = performance.now();
      response.results = await this.results(corpus, page, (j) => ranking.relevance(pageAt[j]), request, terms.filter((x) => x.frame.target === 'content').map((x) => x.phrase));
      snippetMs = performance.now() - t;
      deadline.check('the search');
    }
    let facetMs = 0;
    if (returns.facets) {
      const t = performance.now();
      const facets = this.facets(corpus, readable, o);
      if (Object.keys(facets).length > 0 || request.view === 'facets' || request.view === 'all') response.facets = facets;
      facetMs = performance.now() - t;
      deadline.check('the search');
    }
    if (o['return-qtext'] !== false && request.qtext.length > 0) response.qtext = request.qtext;
    if (o['return-query'] === true) response.query = request.query;
    if (returns.metrics) {
      response.metrics = { queryResolutionMs: queried - began, facetResolutionMs: facetMs, snippetResolutionMs: snippetMs, totalMs: performance.now() - began };
    }
    return { response, uris: page.map((k) => corpus.entry(k)!.uri) };
  }

  /**
   * The matching documents in result order — by the options' sort orders (score
   * descending by default), ties broken by URI so equal scores list predictably — as
   * positions in `keys`. By score alone only the first `needed` are put in order (a
   * bounded selection, not a sort of every match).
   */
  private order(keys: readonly number[], ranking: Ranking, o: QueryOptions, corpus: Corpus, needed: number): number[] {
    const orders = o['sort-order'] && o['sort-order'].length > 0 ? o['sort-order'] : [{ direction: 'descending' as const, score: null }];
    const uris = keys.map((k) => corpus.entry(k)!.uri);
    const scores = ranking.scores;
    const byUri = (a: number, b: number) => (uris[a] < uris[b] ? -1 : uris[a] > uris[b] ? 1 : 0);
    const comparators = orders.map((order) => {
      const sign = order.direction === 'ascending' ? 1 : -1;
      if ('score' in order || (!order['json-property'] && !order.element)) return (a: number, b: number) => sign * (scores[a] - scores[b]);
      const ref = sortRef(order);
      const direction = order.direction ?? 'ascending';
      const values = keys.map((k) => this.rangeIndexes.sortValue(ref, k, direction));
      return (a: number, b: number) => {
        const va = values[a];
        const vb = values[b];
        // Documents without a value sort last either way.
        if (va === undefined || vb === undefined) return va === vb ? 0 : va === undefined ? 1 : -1;
        return (direction === 'ascending' ? 1 : -1) * this.rangeIndexes.compare(ref, va, vb);
      };
    });
    const compare = (a: number, b: number) => {
      for (const c of comparators) {
        const r = c(a, b);
        if (r !== 0) return r;
      }
      return byUri(a, b);
    };
    return firstInOrder(keys.length, Math.min(needed, keys.length), compare);
  }

  private async results(corpus: Corpus, page: number[], relevance: (i: number) => Relevance, request: SearchRequest, phrases: PhraseMatcher[]): Promise<SearchResult[]> {
    const transform = request.options['transform-results'];
    const apply = transform?.apply ?? 'snippet';
    const extract = request.options['extract-document-data'];
    if (extract) checkExtractPaths(extract);
    const docs = apply === 'snippet' || apply === 'raw' || extract ? await this.readEntries(corpus, page) : new Map<number, StoredDocument>();
    const snippetOptions = {
      perMatchTokens: transform?.['per-match-tokens'] ?? DEFAULT_SNIPPET.perMatchTokens,
      maxMatches: transform?.['max-matches'] ?? DEFAULT_SNIPPET.maxMatches,
      maxSnippetChars: transform?.['max-snippet-chars'] ?? DEFAULT_SNIPPET.maxSnippetChars,
    };
    return page.map((key, i) => {
      request.deadline?.check('the search'); // a snippet parses its whole document
      const e = corpus.entry(key)!;
      const r = relevance(i);
      const result: SearchResult = {
        index: request.start + i,
        uri: e.uri,
        path: `fn:doc(${JSON.stringify(e.uri)})`,
        score: r.score,
        confidence: r.confidence,
        fitness: r.fitness,
        mimetype: e.mimeType,
        format: e.format,
      };
      const doc = docs.get(key);
      if (apply === 'empty-snippet') result.matches = null;
      else if (apply === 'raw') result.content = doc ? rawContent(doc) : undefined;
      else if (doc) result.matches = e.format === 'binary' ? [] : snippet(doc, phrases, snippetOptions);
      else result.matches = [];
      if (extract && doc) Object.assign(result, extractDocumentData(doc, extract));
      return result;
    });
  }

  private facets(corpus: Corpus, keys: ReadonlySet<number>, o: QueryOptions): Record<string, FacetResult> {
    const out: Record<string, FacetResult> = {};
    for (const c of o.constraint ?? []) {
      const kind = constraintKind(c);
      if (kind === 'collection' && c.collection?.facet !== false) {
        out[c.name] = collectionFacet(corpus, keys, c.collection?.prefix ?? '', c.collection?.['facet-option'] ?? []);
      } else if (kind === 'range' && c.range && c.range.facet !== false) {
        const r = c.range;
        const ref = rangeRefOf(r, `constraint ${c.name}`);
        out[c.name] = this.rangeIndexes.facet(ref, keys, r['facet-option'] ?? [], resolvedBuckets(r, new Date(), `constraint ${c.name}`));
      }
    }
    return out;
  }

  private async readEntries(corpus: Corpus, keys: number[]): Promise<Map<number, StoredDocument>> {
    const docs = await this.readUris(keys.map((k) => corpus.entry(k)!.uri));
    const out = new Map<number, StoredDocument>();
    keys.forEach((k, i) => {
      const doc = docs[i];
      if (doc) out.set(k, doc);
    });
    return out;
  }

  /** Stored documents by URI, in one read transaction (undefined where none). */
  private async readUris(uris: readonly string[]): Promise<Array<StoredDocument | undefined>> {
    if (uris.length === 0) return [];
    const tx = watched(this.idb.transaction('documents', 'readonly'));
    const docs = await issueAll(uris, (u) => tx.store.get(u));
    await tx.done;
    return docs;
  }

  // ---- durability -------------------------------------------------------------------

  private async load(): Promise<Corpus> {
    await this.ranges.prepare();
    const corpus = new Corpus();
    const tx = watched(this.idb.transaction(['search-snapshot', 'search-changes', 'config'], 'readonly'));
    const meta = (await tx.objectStore('config').get(SNAPSHOT_META)) as SnapshotMeta | undefined;
    const pieces = meta ? await tx.objectStore('search-snapshot').getAll() : [];
    const range = IDBKeyRange.lowerBound(meta?.watermark ?? 0, true);
    const changeLog = tx.objectStore('search-changes');
    const [changeKeys, changes] = await Promise.all([changeLog.getAllKeys(range), changeLog.getAll(range)]);
    await tx.done;
    if (meta && pieces.length === meta.pieces) {
      const [head, ...docPieces] = pieces as [SnapshotHead, ...PackedDocs[]];
      corpus.restore({ ...head.corpus, docs: docPieces.flatMap(unpackDocs) }, head.terms);
      this.watermark = meta.watermark;
    } else if (meta) {
      console.error('[tabula] the search snapshot is incomplete; re-indexing every document');
    }
    const stale = !meta || pieces.length !== meta.pieces;
    const uris = stale ? undefined : [...new Set(changes.flatMap((c) => c.uris))];
    await this.catchUp(corpus, uris);
    if (changeKeys.length > 0) this.watermark = Math.max(this.watermark, changeKeys[changeKeys.length - 1]);
    this.changedSinceSnapshot = stale ? corpus.size : (uris?.length ?? 0);
    await this.ranges.attach(corpus);
    this.corpus = corpus;
    this.snapshotIfDue();
    return corpus;
  }

  /** Re-indexes the documents named (or, with none named, every document) from the document store, in batches. */
  private async catchUp(corpus: Corpus, uris: string[] | undefined): Promise<void> {
    if (uris === undefined) {
      let after: string | undefined;
      for (;;) {
        const tx = watched(this.idb.transaction('documents', 'readonly'));
        const batch = await tx.store.getAll(after === undefined ? undefined : IDBKeyRange.lowerBound(after, true), 1_000);
        await tx.done;
        for (const doc of batch) this.index(corpus, doc);
        if (batch.length < 1_000) return;
        after = batch[batch.length - 1].uri;
        await yieldToEventLoop();
      }
    }
    for (let i = 0; i < uris.length; i += 1_000) {
      const slice = uris.slice(i, i + 1_000);
      const docs = await this.readUris(slice);
      slice.forEach((uri, j) => {
        const doc = docs[j];
        if (doc) {
          this.unindex(corpus, uri);
          this.index(corpus, doc);
        } else this.unindex(corpus, uri);
      });
      await yieldToEventLoop();
    }
  }

  private snapshotIfDue(): void {
    const corpus = this.corpus;
    if (!corpus || this.snapshotting || this.closed) return;
    const due = Math.max(this.options.snapshotAfterChanges ?? 1_000, Math.floor(corpus.size / 10));
    if (this.changedSinceSnapshot < due) return;
    const idle = this.options.snapshotWhenIdleMs ?? 2_000;
    this.snapshotting = (async () => {
      for (;;) {
        const wait = this.lastWrite + idle - Date.now();
        if (this.closed) return;
        if (wait > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          continue;
        }
        // A write in progress when the spell seemed over is queued ahead of this: then wait again.
        const done = await this.queue.run(async () => {
          if (Date.now() - this.lastWrite < idle) return false;
          await this.writeSnapshot();
          return true;
        });
        if (done) return;
      }
    })()
      .catch((e: unknown) => console.error('[tabula] writing the search snapshot failed; the change log is kept', e))
      .finally(() => (this.snapshotting = undefined));
  }

  /** Snapshot pieces, their meta and the pruning of covered changes, in ONE transaction. */
  private async writeSnapshot(): Promise<void> {
    const corpus = this.corpus;
    if (!corpus) return;
    const dump = corpus.dump();
    const { docs, ...rest } = dump;
    const head: SnapshotHead = { corpus: rest, terms: { content: corpus.content.terms.snapshot(), properties: corpus.properties.terms.snapshot() } };
    const pieces: unknown[] = [head];
    for (let i = 0; i < docs.length; i += DOCS_PER_PIECE) pieces.push(packDocs(docs.slice(i, i + DOCS_PER_PIECE)));
    const watermark = this.watermark;
    const tx = watched(this.idb.transaction(['search-snapshot', 'search-changes', 'config'], 'readwrite', { durability: DURABILITY }));
    try {
      const store = tx.objectStore('search-snapshot');
      await store.clear();
      const writes: Array<() => Promise<unknown>> = [
        ...pieces.map((p, i) => () => store.put(p, i)),
        () => tx.objectStore('config').put({ watermark, pieces: pieces.length } satisfies SnapshotMeta, SNAPSHOT_META),
        () => (watermark > 0 ? tx.objectStore('search-changes').delete(IDBKeyRange.upperBound(watermark)) : Promise.resolve()),
      ];
      await issueAll(writes, (write) => write());
      await tx.done;
    } catch (e) {
      abortQuietly(tx);
      throw e;
    }
    this.changedSinceSnapshot = 0;
  }
}

/**
 * Positions 0…n−1 with the first `k` in `compare` order: a bounded max-heap keeps the k
 * best seen so far (O(n log k)); the rest are not ordered. All of them when k = n.
 */
function firstInOrder(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 8 >= n) return Array.from({ length: n }, (_, i) => i).sort(compare).slice(0, k);
  // heap[0] is the worst of the k kept.
  const heap: number[] = [];
  const worse = (a: number, b: number) => compare(a, b) > 0;
  const up = (i: number) => {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!worse(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l], heap[m])) m = l;
      if (r < heap.length && worse(heap[r], heap[m])) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m], heap[i]];
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      up(heap.length - 1);
    } else if (compare(i, heap[0]) < 0) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort(compare);
}


function canRead(p: Principal, e: DocEntry): boolean {
  return p.roles.has('admin') || e.readers.some((r) => p.roles.has(r));
}

function filterSet(s: Set<number>, keep: (k: number) => boolean): Set<number> {
  const out = new Set<number>();
  for (const k of s) if (keep(k)) out.add(k);
  return out;
}

/** return-results / return-facets / return-metrics after the `view` parameter (MarkLogic’s REST Application Developer’s Guide, combined queries). */
function returnsOf(o: QueryOptions, view: SearchRequest['view']): { results: boolean; facets: boolean; metrics: boolean } {
  switch (view) {
    case 'all':
      return { results: true, facets: true, metrics: true };
    case 'facets':
      return { results: false, facets: true, metrics: false };
    case 'metadata':
      return { results: false, facets: false, metrics: true };
    case 'results':
      // Facets as the options say: the official client's calculate() sends view=results with
      // return-facets in its inline options and gets the facets back from the real server.
      return { results: true, facets: o['return-facets'] !== false, metrics: false };
    case 'none':
      return { results: false, facets: false, metrics: false };
    default:
      return { results: o['return-results'] !== false, facets: o['return-facets'] !== false, metrics: o['return-metrics'] !== false };
  }
}

function collectionFacet(corpus: Corpus, keys: ReadonlySet<number>, prefix: string, facetOptions: string[]): FacetResult {
  const counts = new Map<string, number>();
  for (const name of corpus.collectionNames()) {
    if (!name.startsWith(prefix)) continue;
    let n = 0;
    for (const k of corpus.collection(name)) if (keys.has(k)) n++;
    if (n > 0) counts.set(name.slice(prefix.length), n);
  }
  const values = [...counts].map(([name, count]) => ({ name, count, value: name }));
  return { type: 'collection', values: orderFacetValues(values, facetOptions) };
}

/** A sort order's range index; without a type, xs:string (the official client's `orderBy('name')` sends none). */
function sortRef(order: NonNullable<QueryOptions['sort-order']>[number]): RangeIndexRef {
  return rangeRefOf({ ...order, type: order.type ?? 'xs:string' }, 'sort-order');
}

/** `raw` results: JSON as a value, XML and text as text (MarkLogic’s REST API reference, /v1/search). */
function rawContent(doc: StoredDocument): unknown {
  if (doc.format === 'json') return JSON.parse(doc.content as string);
  if (doc.format === 'binary') return undefined;
  return doc.content as string;
}
