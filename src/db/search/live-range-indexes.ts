/**
 * The configured range indexes, live: one {@link RangeIndex} per index the database
 * settings define (src/db/indexes/config.ts), filled from the documents and kept in
 * step with every write, and what search asks of them (comparisons, facets, sorting).
 *
 * A new index is built in the background (re-indexing): until it holds every document,
 * using it fails as on a server whose index is not there yet (XDMP-ELEMRIDXNOTFOUND).
 * Each piece of the build runs in the write queue, so a write can never be overtaken by
 * an older read of the same document. A search snapshot carries each ready index's sorted
 * entries, so a start restores them as they were; an index the snapshot does not carry
 * (added since, or still being built then) is built again from the documents.
 */
import type { StoredDocument } from '../documents/types';
import type { IndexConfigStore, IndexSettings, ResolvedRangeIndex } from '../indexes/config';
import { findRangeIndexIn, rangeIndexNotFound, resolvedRangeIndexes } from '../indexes/config';
import { checkedAllIndexValues, extractAllIndexValues, indexableContent, type IndexableContent } from '../indexes/index-values';
import { RangeIndex, type RangeBucket, type RangeEntries } from '../indexes/range-index';
import { castQueryValue, comparatorFor, formatValue, xsType, type RangeValue } from '../indexes/range-values';
import type { WriteQueue } from '../storage/write-queue';
import type { Corpus } from './corpus';
import type { RangeIndexRef, RangeOperator } from './query-model';
import type { FacetResult } from './response-model';
import { yieldToEventLoop } from '../util/event-loop';
import { orderFacetValues } from './facet-order';

/** What the range indexes offer search (src/db/indexes); without them, every use is index-not-found. */
export interface RangeIndexes {
  /** Documents matching a comparison; throws XDMP-ELEMRIDXNOTFOUND (and kin) when the index does not exist or is being built. */
  matching(ref: RangeIndexRef, operator: RangeOperator, values: string[]): ReadonlySet<number>;
  /** Facet values over `keys`. */
  facet(ref: RangeIndexRef, keys: ReadonlySet<number>, facetOptions: string[], buckets?: Array<{ name: string; label?: string; ge?: string; lt?: string }>): FacetResult;
  /**
   * The index as a value lexicon (/v1/values): its distinct values over a key set, counted as
   * facets count them, and each document's own values (for tuples). Throws as {@link matching}.
   */
  lexicon(ref: RangeIndexRef): ValueLexicon;
  /** A document's sort value (undefined: none; sorts last). */
  sortValue(ref: RangeIndexRef, key: number, direction: 'ascending' | 'descending'): unknown;
  /** Compares two sort values. */
  compare(ref: RangeIndexRef, a: unknown, b: unknown): number;
}

/** What a value lexicon reads of one range index (a {@link RangeIndex} is one). */
export type ValueLexicon = Pick<RangeIndex, 'type' | 'collation' | 'compare' | 'counts' | 'docValues'>;

interface Live {
  def: ResolvedRangeIndex;
  index: RangeIndex;
  /** False while being built. */
  ready: boolean;
  /** Documents done, of `total`, while building. */
  done: number;
  total: number;
}

export interface RangeIndexStatus {
  key: string;
  type: string;
  scope: ResolvedRangeIndex['scope'];
  collation?: string;
  state: 'ready' | 'building';
  documents: number;
  done: number;
  total: number;
}

const BUILD_CHUNK = 500;

export class LiveRangeIndexes implements RangeIndexes {
  private settings: IndexSettings | undefined;
  private readonly live = new Map<string, Live>();
  private corpus: Corpus | undefined;
  private building: Promise<void> | undefined;
  /** While attaching a restored corpus: the indexes' entries its snapshot carried. */
  private restored: ReadonlyMap<string, RangeEntries> | undefined;

  constructor(
    private readonly config: IndexConfigStore,
    private readonly queue: WriteQueue,
    /** Reads documents for a build (by URI, in one snapshot). */
    private readonly read: (uris: string[]) => Promise<Array<StoredDocument | undefined>>,
  ) {
    config.subscribe((_before, after) => this.reconfigure(after));
  }

  /** The settings, loaded once (writes check values against them before committing). */
  async prepare(): Promise<void> {
    this.settings ??= await this.config.get();
  }

  /**
   * Attaches to a corpus being loaded, before the writes since its snapshot are replayed
   * into it (they reach the indexes as any write does): an index the snapshot carried is
   * restored from its entries, one over an empty corpus is complete at once, and any other
   * is built in the background. Whatever was live before (a load that failed) is dropped.
   */
  async attach(corpus: Corpus, restored?: ReadonlyMap<string, RangeEntries>): Promise<void> {
    await this.prepare();
    this.live.clear();
    this.corpus = corpus;
    this.restored = restored;
    try {
      this.reconfigure(this.settings!);
    } finally {
      this.restored = undefined;
    }
  }

  /** Each ready index's sorted entries, for a snapshot (given back to {@link attach} on a start). */
  entries(): Array<{ key: string; entries: RangeEntries }> {
    return [...this.live].filter(([, l]) => l.ready).map(([key, l]) => ({ key, entries: l.index.entries() }));
  }

  /** The indexes' values of a document, checked: a value an index cannot take is a 400 XDMP-RANGEINDEX under invalid-values=reject. */
  valuesOf(doc: StoredDocument, parsed?: IndexableContent | { format: 'text' } | null): Record<string, RangeValue[]> | undefined {
    const defs = this.settings ? resolvedRangeIndexes(this.settings) : [];
    if (defs.length === 0) return undefined;
    let content: IndexableContent | undefined;
    if (parsed !== undefined && parsed !== null) content = parsed.format === 'text' ? undefined : parsed;
    else {
      try {
        content = indexableContent(doc);
      } catch {
        return undefined;
      }
    }
    const out: Record<string, RangeValue[]> = {};
    checkedAllIndexValues(doc.uri, content, defs).forEach((values, i) => {
      if (values.length > 0) out[defs[i].key] = values;
    });
    return out;
  }


  /** The keys of the configured indexes (what a document's values were computed for). */
  keys(): string[] {
    return this.settings ? resolvedRangeIndexes(this.settings).map((d) => d.key) : [];
  }

  /** A document (re)indexed in the corpus under `key`, with the values {@link valuesOf} gave. */
  put(key: number, values: Record<string, RangeValue[]> | undefined): void {
    for (const live of this.live.values()) {
      const v = values?.[live.def.key];
      if (v && v.length > 0) live.index.add(key, v);
      else live.index.remove(key);
    }
  }

  remove(key: number): void {
    for (const live of this.live.values()) live.index.remove(key);
  }

  status(): RangeIndexStatus[] {
    // A ready index has done every document there is, however it got there (built, restored, or made over none).
    const all = this.corpus?.size ?? 0;
    return [...this.live.values()].map((l) => ({
      key: l.def.key,
      type: l.def.type,
      scope: l.def.scope,
      ...(l.def.collation ? { collation: l.def.collation } : {}),
      state: l.ready ? 'ready' : 'building',
      documents: l.index.docCount,
      done: l.ready ? all : l.done,
      total: l.ready ? all : l.total,
    }));
  }

  /**
   * The database was reset: no index is live and no settings are known; the next load
   * reads the (default) settings again and attaches to its new corpus. A build still
   * running finds its indexes gone and stops at its next piece.
   */
  storageCleared(): void {
    this.settings = undefined;
    this.live.clear();
    this.corpus = undefined;
  }

  /** Resolves when no build is running (tests, `Database.idle`). */
  async settled(): Promise<void> {
    while (this.building) await this.building;
  }

  /** A build is running or queued. */
  busy(): boolean {
    return this.building !== undefined;
  }

  private reconfigure(settings: IndexSettings): void {
    this.settings = settings;
    const corpus = this.corpus;
    if (!corpus) return;
    const wanted = new Map(resolvedRangeIndexes(settings).map((d) => [d.key, d]));
    for (const key of this.live.keys()) if (!wanted.has(key)) this.live.delete(key);
    const added: ResolvedRangeIndex[] = [];
    for (const [key, def] of wanted) {
      const live = this.live.get(key);
      if (live) live.def = def;
      else added.push(def);
    }
    if (added.length === 0) return;
    const toBuild: Live[] = [];
    for (const def of added) {
      const spec = { type: def.type, collation: def.collation };
      const entries = this.restored?.get(def.key);
      let index: RangeIndex | undefined;
      if (entries) {
        try {
          index = RangeIndex.restore(spec, entries);
        } catch (e) {
          console.error(`[tabula] the snapshot's entries of range index ${def.key} are damaged; building it again`, e);
        }
      }
      // Restored, or over no documents: complete as it is.
      const complete = index !== undefined || corpus.size === 0;
      const live: Live = { def, index: index ?? new RangeIndex(spec), ready: complete, done: 0, total: corpus.size };
      this.live.set(def.key, live);
      if (!complete) toBuild.push(live);
    }
    if (toBuild.length > 0) this.build(toBuild);
  }

  /** Re-indexing in the background: documents read in chunks, each chunk inside the write queue. */
  private build(lives: Live[]): void {
    const previous = this.building ?? Promise.resolve();
    const building: Promise<void> = previous
      .then(async () => {
        const corpus = this.corpus!;
        const keys = [...corpus.keys()];
        lives.forEach((l) => (l.total = keys.length));
        for (let i = 0; i < keys.length; i += BUILD_CHUNK) {
          const still = lives.filter((l) => this.live.get(l.def.key) === l);
          if (still.length === 0) return;
          await this.queue.run(async () => {
            const chunk = keys.slice(i, i + BUILD_CHUNK).filter((k) => corpus.entry(k));
            const docs = await this.read(chunk.map((k) => corpus.entry(k)!.uri));
            const defs = still.map((l) => l.def);
            chunk.forEach((k, j) => {
              const doc = docs[j];
              const entry = corpus.entry(k);
              if (!doc || !entry) return;
              let content: IndexableContent | undefined;
              try {
                content = indexableContent(doc);
              } catch {
                return;
              }
              const extracted = extractAllIndexValues(content, defs);
              still.forEach((l, n) => {
                // Values an index cannot take were accepted before it existed: skipped, as MarkLogic's reindexer does.
                const { values } = extracted[n];
                if (values.length > 0) l.index.add(k, values);
              });
            });
          });
          still.forEach((l) => (l.done = Math.min(i + BUILD_CHUNK, keys.length)));
          await yieldToEventLoop();
        }
        for (const l of lives) if (this.live.get(l.def.key) === l) l.ready = true;
      })
      .catch((e: unknown) => console.error('[tabula] building a range index failed', e))
      // Only the last build in the chain clears it: an earlier one finishing must not
      // make a build still queued behind it look done.
      .finally(() => {
        if (this.building === building) this.building = undefined;
      });
    this.building = building;
  }

  private usable(ref: RangeIndexRef): Live {
    const def = this.settings ? findRangeIndexIn(this.settings, ref) : undefined;
    const live = def && this.live.get(def.key);
    if (!live || !live.ready) throw rangeIndexNotFound(ref);
    return live;
  }

  // ---- RangeIndexes ---------------------------------------------------------------

  matching(ref: RangeIndexRef, operator: RangeOperator, values: string[]): ReadonlySet<number> {
    const live = this.usable(ref);
    return live.index.matching(operator, values.map((v) => castQueryValue(v, live.def.type)));
  }

  facet(ref: RangeIndexRef, keys: ReadonlySet<number>, facetOptions: string[], buckets?: Array<{ name: string; label?: string; ge?: string; lt?: string }>): FacetResult {
    const live = this.usable(ref);
    const type = xsType(live.def.type);
    if (buckets && buckets.length > 0) {
      const typed: RangeBucket[] = buckets.map((b) => ({
        ...(b.ge !== undefined ? { ge: castQueryValue(b.ge, live.def.type) } : {}),
        ...(b.lt !== undefined ? { lt: castQueryValue(b.lt, live.def.type) } : {}),
      }));
      const counts = live.index.bucketCounts(typed, keys, facetOptions);
      const values = buckets.map((b, i) => ({ name: b.name, count: counts[i], value: b.label ?? b.name })).filter((v) => v.count > 0 || facetOptions.includes('empties'));
      // Buckets keep their defined order unless the options ask for frequency order.
      return { type: 'bucketed', values: facetOptions.includes('frequency-order') ? orderFacetValues(values, facetOptions) : values };
    }
    const counts = live.index.facet(keys, facetOptions);
    return { type, values: counts.map((c) => ({ ...formatValue(c.value, live.def.type), count: c.count })) };
  }

  lexicon(ref: RangeIndexRef): ValueLexicon {
    return this.usable(ref).index;
  }

  sortValue(ref: RangeIndexRef, key: number, direction: 'ascending' | 'descending'): unknown {
    return this.usable(ref).index.sortValue(key, direction);
  }

  compare(ref: RangeIndexRef, a: unknown, b: unknown): number {
    const live = this.usable(ref);
    return comparatorFor(live.def.type, live.def.collation)(a as RangeValue, b as RangeValue);
  }
}
