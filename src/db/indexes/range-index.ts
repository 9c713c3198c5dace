/**
 * One range index in memory: the typed values of each document for one index
 * definition, kept sorted so comparisons, facets and value lexicons are binary searches
 * and linear walks, never scans of documents.
 *
 * Layout: three parallel arrays of entries (value, document key, occurrences) sorted by
 * value, then document key; one entry per distinct value per document. Writes do not
 * touch the arrays: they are noted and applied when the next read needs them — a few
 * entries by splicing them in place, more by one merge (binary-searched insertion points,
 * so a merge of k changes into n entries costs O(n + k log n) comparisons at most, never
 * a re-sort). A bulk load therefore costs one sort, and a write between two searches a
 * few splices.
 *
 * It is a cache of the documents: the search engine builds it from them (./index-values.ts)
 * and keeps it in step with writes. Its sorted entries go into the search snapshot as
 * they are ({@link RangeIndex.entries}), so a start restores them without sorting or
 * merging anything ({@link RangeIndex.restore}); each document's own values are then
 * made from the entries when first needed (a write, a sort, a lexicon's tuples).
 *
 * Semantics follow MarkLogic's lexicons: frequencies are per document ("fragment
 * frequency") unless `item-frequency` asks for occurrences; NaN (double, float) matches
 * only `NE`; a document with several values sorts by its smallest value ascending and by
 * its largest descending — the order in which a walk of the index meets it.
 */
import { DbError } from '../errors';
import type { RangeOperator, RangeType } from '../search/query-model';
import { comparatorFor, isNaNValue, sortComparator, type CompareValues, type RangeValue } from './range-values';

export interface FacetCount {
  /** The value (the first of its spellings in index order when several are equal, e.g. under a collation). */
  value: RangeValue;
  count: number;
}

/** `ge` inclusive, `lt` exclusive; an absent bound is open. */
export interface RangeBucket {
  ge?: RangeValue;
  lt?: RangeValue;
}

export interface FacetOptions {
  order: 'item' | 'frequency';
  direction: 'ascending' | 'descending';
  /** At most this many values, counted after ordering. */
  limit?: number;
  /** `fragment`: documents with the value (the default); `item`: occurrences of it. */
  frequency: 'fragment' | 'item';
  /** Keep buckets with no document (for bucketed facets; value facets only list values that occur). */
  empties: boolean;
}

/**
 * Lexicon options MarkLogic accepts that change nothing here: fragment kinds (Tabula's
 * index holds document content only), evaluation hints, and settings the index already
 * fixes (type, collation; timezone: values are reported in their canonical UTC form).
 */
const NEUTRAL_OPTIONS = new Set(['any', 'document', 'properties', 'locks', 'concurrent', 'eager', 'lazy', 'checked', 'unchecked', 'map']);
const NEUTRAL_PREFIXES = ['skip=', 'sample=', 'timezone=', 'type=', 'collation=', 'score-', 'quality-weight=', 'min-occurs=', 'max-occurs='];

/** Why a facet option cannot be used, or undefined when it can (for options validation). */
export function facetOptionProblem(option: string): string | undefined {
  const o = option.trim();
  if (['ascending', 'descending', 'frequency-order', 'item-order', 'fragment-frequency', 'item-frequency', 'empties'].includes(o)) return undefined;
  if (NEUTRAL_OPTIONS.has(o) || NEUTRAL_PREFIXES.some((p) => o.startsWith(p))) return undefined;
  const limit = /^(limit|truncate)=(.*)$/.exec(o);
  if (limit) return /^[1-9]\d*$/.test(limit[2].trim()) ? undefined : `${o}: ${limit[1]} takes a positive whole number`;
  return `unknown facet option ${JSON.stringify(o)}`;
}

/**
 * Facet (lexicon) options as MarkLogic reads them: item order ascending by default;
 * frequency order most frequent first unless `ascending` says otherwise; `limit=N` and
 * `truncate=N` both keep the first N values after ordering, which is what a facet with
 * `frequency-order` and `limit=10` is written for. A malformed or contradictory list is a
 * 400 RESTAPI-INVALIDCONTENT naming the option.
 */
export function parseFacetOptions(options: readonly string[] = []): FacetOptions {
  const fail = (why: string) => new DbError('RESTAPI-INVALIDCONTENT', `facet-option ${why}`);
  let order: FacetOptions['order'] | undefined;
  let direction: FacetOptions['direction'] | undefined;
  let frequency: FacetOptions['frequency'] | undefined;
  let limit: number | undefined;
  let empties = false;
  const once = <T>(current: T | undefined, next: T, a: string, b: string): T => {
    if (current !== undefined && current !== next) throw fail(`${a} and ${b} contradict each other`);
    return next;
  };
  for (const raw of options) {
    const o = raw.trim();
    const problem = facetOptionProblem(o);
    if (problem) throw fail(problem);
    if (o === 'ascending' || o === 'descending') direction = once(direction, o, 'ascending', 'descending');
    else if (o === 'item-order') order = once(order, 'item', 'item-order', 'frequency-order');
    else if (o === 'frequency-order') order = once(order, 'frequency', 'item-order', 'frequency-order');
    else if (o === 'fragment-frequency') frequency = once(frequency, 'fragment', 'fragment-frequency', 'item-frequency');
    else if (o === 'item-frequency') frequency = once(frequency, 'item', 'fragment-frequency', 'item-frequency');
    else if (o === 'empties') empties = true;
    else if (o.startsWith('limit=') || o.startsWith('truncate=')) limit = Math.min(limit ?? Infinity, Number(o.slice(o.indexOf('=') + 1)));
  }
  const resolvedOrder = order ?? 'item';
  return {
    order: resolvedOrder,
    direction: direction ?? (resolvedOrder === 'frequency' ? 'descending' : 'ascending'),
    ...(limit === undefined ? {} : { limit }),
    frequency: frequency ?? 'fragment',
    empties,
  };
}

/**
 * Counts in item order (ascending), put in `order`: item order reversed for `descending`;
 * frequency order by count (most frequent first for `descending`), ties in ascending item
 * order. Sorts `counts` in place and returns it.
 */
export function orderCounts<T extends { count: number }>(counts: T[], order: 'item' | 'frequency', direction: 'ascending' | 'descending'): T[] {
  if (order === 'frequency') {
    const sign = direction === 'descending' ? -1 : 1;
    // Array.prototype.sort is stable: equal frequencies stay in ascending item order.
    counts.sort((a, b) => sign * (a.count - b.count));
  } else if (direction === 'descending') {
    counts.reverse();
  }
  return counts;
}

interface DocValues {
  /** Distinct values, ascending in index order. */
  values: readonly RangeValue[];
  /** How often each value occurs in the document (item frequency). */
  occurrences: readonly number[];
}

/** The occurrences of a document's only value, shared (never written: a restart made 100k of them). */
const ONCE: readonly number[] = Object.freeze([1]);

/**
 * A range index's sorted entries as a snapshot holds them: values as runs of identical
 * values (a category's thousands of entries are one value), the rare occurrence count
 * above one apart.
 */
export interface RangeEntries {
  /** Each entry's document key, in index order. */
  keys: Uint32Array | Float64Array;
  /** Each run's value and how many entries it covers, in index order. */
  runValues: RangeValue[];
  runLengths: Uint32Array;
  /** The entries whose value occurs more than once in their document, and how often. */
  repeatedAt: Uint32Array;
  repeatedCounts: Uint32Array;
}

/** The same value (a run of a snapshot's entries): the same primitive, or the same point and spelling. */
function identical(a: RangeValue, b: RangeValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return a.instant === b.instant && a.lexical === b.lexical;
}

/**
 * Columns over the sorted entries, made on first need after a change: each entry's run of
 * equal values, where each run starts, each document's entry position when it has one
 * value (−1: none, −2: several), and the positions of those with several. A facet over
 * some documents then counts by position in typed arrays instead of sorting those
 * documents' values (a collator call per comparison) or walking every entry.
 */
interface Columns {
  runOf: Int32Array;
  runStarts: number[];
  docPos: Int32Array;
  several: Map<number, number[]>;
}

/** Up to this many changed entries are spliced into the arrays; more are merged in one pass. */
const SPLICE_LIMIT = 64;

export class RangeIndex {
  readonly type: RangeType;
  readonly collation: string | undefined;
  /** The type's order; 0 means equal values. */
  readonly compare: CompareValues;
  private readonly sortCompare: CompareValues;
  /** Whether equal values are identical (decimals, kept as canonical text). */
  private readonly canonicalText: boolean;
  private readonly hasNaN: boolean;

  /**
   * Each document's values: undefined after a {@link restore} until first needed (made from
   * the entries, which are then current: every change makes this map first).
   */
  private docMap: Map<number, DocValues> | undefined = new Map();
  /** Documents in the restored entries, while {@link docMap} is not made. */
  private restoredDocs = 0;
  private vals: RangeValue[] = [];
  private keys: number[] = [];
  private occ: number[] = [];
  /** Documents whose current values are not in the arrays yet. */
  private readonly added = new Set<number>();
  /** Documents whose entries in the arrays are out of date, with the values those entries hold. */
  private readonly stale = new Map<number, DocValues>();

  constructor(spec: { type: RangeType; collation?: string }) {
    this.type = spec.type;
    this.collation = spec.type === 'string' || spec.type === 'anyURI' ? spec.collation : undefined;
    this.compare = comparatorFor(spec.type, this.collation);
    this.sortCompare = sortComparator(spec.type, this.collation);
    this.canonicalText = spec.type === 'decimal';
    this.hasNaN = spec.type === 'double' || spec.type === 'float';
  }

  /**
   * An index restored from a snapshot's entries ({@link entries}), which must be sorted as
   * this index sorts them (the snapshot was taken of an index of the same definition).
   * Throws if they do not fit together.
   */
  static restore(spec: { type: RangeType; collation?: string }, e: RangeEntries): RangeIndex {
    const index = new RangeIndex(spec);
    const n = e.keys.length;
    if (e.runValues.length !== e.runLengths.length || e.repeatedAt.length !== e.repeatedCounts.length) throw new Error('range index entries: columns of different lengths');
    const vals: RangeValue[] = new Array(n);
    let at = 0;
    for (let r = 0; r < e.runLengths.length; r++) {
      const end = at + e.runLengths[r];
      if (end > n) throw new Error('range index entries: runs past the entries');
      const v = e.runValues[r];
      for (; at < end; at++) vals[at] = v;
    }
    if (at !== n) throw new Error('range index entries: runs do not cover the entries');
    const occ: number[] = new Array(n).fill(1);
    e.repeatedAt.forEach((pos, i) => {
      if (pos >= n) throw new Error('range index entries: a count past the entries');
      occ[pos] = e.repeatedCounts[i];
    });
    index.vals = vals;
    index.keys = Array.from(e.keys);
    index.occ = occ;
    let maxDoc = -1;
    for (let j = 0; j < n; j++) if (index.keys[j] > maxDoc) maxDoc = index.keys[j];
    const seen = new Uint8Array(maxDoc + 1);
    let docs = 0;
    for (let j = 0; j < n; j++) {
      const d = index.keys[j];
      if (seen[d] === 0) {
        seen[d] = 1;
        docs++;
      }
    }
    index.docMap = undefined;
    index.restoredDocs = docs;
    return index;
  }

  /** The sorted entries, for a snapshot ({@link restore} takes them back). */
  entries(): RangeEntries {
    this.prepare();
    const n = this.vals.length;
    const runValues: RangeValue[] = [];
    const runLengths: number[] = [];
    for (let j = 0; j < n; j++) {
      if (j > 0 && identical(this.vals[j], runValues[runValues.length - 1])) runLengths[runLengths.length - 1]++;
      else {
        runValues.push(this.vals[j]);
        runLengths.push(1);
      }
    }
    const repeatedAt: number[] = [];
    for (let j = 0; j < n; j++) if (this.occ[j] !== 1) repeatedAt.push(j);
    const keys = this.keys.every((k) => k <= 0xffffffff) ? Uint32Array.from(this.keys) : Float64Array.from(this.keys);
    return {
      keys,
      runValues,
      runLengths: Uint32Array.from(runLengths),
      repeatedAt: Uint32Array.from(repeatedAt),
      repeatedCounts: Uint32Array.from(repeatedAt, (j) => this.occ[j]),
    };
  }

  /** Each document's values, made from the entries after a restore. */
  private get byDoc(): Map<number, DocValues> {
    return (this.docMap ??= this.docsFromEntries());
  }

  /** A walk of the entries meets each document's values ascending, each once: its distinct values. */
  private docsFromEntries(): Map<number, DocValues> {
    const out = new Map<number, DocValues>();
    for (let j = 0; j < this.vals.length; j++) {
      const doc = this.keys[j];
      const dv = out.get(doc);
      if (!dv) out.set(doc, { values: [this.vals[j]], occurrences: this.occ[j] === 1 ? ONCE : [this.occ[j]] });
      else {
        (dv.values as RangeValue[]).push(this.vals[j]);
        if (dv.occurrences === ONCE) dv.occurrences = [1];
        (dv.occurrences as number[]).push(this.occ[j]);
      }
    }
    return out;
  }

  /** Documents with at least one value. */
  get docCount(): number {
    return this.docMap ? this.docMap.size : this.restoredDocs;
  }

  has(docKey: number): boolean {
    return this.byDoc.has(docKey);
  }

  /** The document's distinct values, ascending. */
  valuesOf(docKey: number): readonly RangeValue[] | undefined {
    return this.byDoc.get(docKey)?.values;
  }

  /** Sets the document's values (replacing any it had); no values removes it. */
  add(docKey: number, values: readonly RangeValue[]): void {
    this.remove(docKey);
    if (values.length === 0) return;
    this.byDoc.set(docKey, this.distinct(values));
    this.added.add(docKey);
  }

  remove(docKey: number): void {
    const current = this.byDoc.get(docKey);
    if (!current) return;
    this.byDoc.delete(docKey);
    // Values added since the last read never reached the arrays; older ones did.
    if (!this.added.delete(docKey)) this.stale.set(docKey, current);
  }

  clear(): void {
    this.docMap = new Map();
    this.restoredDocs = 0;
    this.added.clear();
    this.stale.clear();
    this.vals = [];
    this.keys = [];
    this.occ = [];
    this.columnsMade = undefined;
  }

  /**
   * Documents with a value `operator` the targets (several targets are OR'd: a value
   * less than any of them, equal to one of them…); for `NE`, documents with a value
   * equal to none of them.
   */
  matching(operator: RangeOperator, targets: readonly RangeValue[]): Set<number> {
    this.prepare();
    const out = new Set<number>();
    const n = this.vals.length;
    const take = (from: number, to: number) => {
      for (let i = from; i < to; i++) out.add(this.keys[i]);
    };
    if (operator === 'NE') {
      // Entries outside every target's run of equal values; NaN equals nothing, so it excludes nothing.
      const runs = targets
        .filter((t) => !isNaNValue(t))
        .map((t) => [this.lowerBound(t), this.upperBound(t)] as const)
        .sort((a, b) => a[0] - b[0]);
      let from = 0;
      for (const [lo, hi] of runs) {
        take(from, lo);
        from = Math.max(from, hi);
      }
      take(from, n);
      return out;
    }
    const first = this.firstComparable();
    for (const t of targets) {
      if (isNaNValue(t)) continue;
      switch (operator) {
        case 'EQ':
          take(this.lowerBound(t), this.upperBound(t));
          break;
        case 'LT':
          take(first, this.lowerBound(t));
          break;
        case 'LE':
          take(first, this.upperBound(t));
          break;
        case 'GT':
          take(this.upperBound(t), n);
          break;
        case 'GE':
          take(this.lowerBound(t), n);
          break;
      }
    }
    return out;
  }

  /**
   * The index's values with their frequencies among `restrictTo` (every document when
   * undefined), ordered and limited by `options` (see {@link parseFacetOptions}). Values
   * no document of `restrictTo` has are left out.
   */
  facet(restrictTo: ReadonlySet<number> | undefined, options: readonly string[] = []): FacetCount[] {
    const opts = parseFacetOptions(options);
    const counts = orderCounts(this.counts(restrictTo, opts.frequency), opts.order, opts.direction);
    return opts.limit === undefined ? counts : counts.slice(0, opts.limit);
  }

  /**
   * The index's distinct values among `restrictTo` (every document when undefined) with
   * their frequencies, ascending in item order: the one count facets and value lexicons
   * (/v1/values) share. One walk of the index, or of the few documents' own values.
   */
  counts(restrictTo: ReadonlySet<number> | undefined, frequency: FacetOptions['frequency']): FacetCount[] {
    this.prepare();
    if (!restrictTo || (this.hasNaN && restrictTo.size * 8 >= this.docCount)) return this.countFromEntries(restrictTo, frequency);
    if (this.hasNaN) return this.countFromDocs(restrictTo, frequency);
    // Few documents: each value as the first spelling they have (as their own values sorted
    // gave it); more: as the index's first (as a walk of the index gives it).
    return this.countFromColumns(restrictTo, frequency, restrictTo.size * 8 < this.docCount ? 'theirs' : 'index');
  }

  /** A document's distinct values, ascending, with how often each occurs in it (undefined: none). */
  docValues(docKey: number): { readonly values: readonly RangeValue[]; readonly occurrences: readonly number[] } | undefined {
    return this.byDoc.get(docKey);
  }

  /**
   * Frequencies of each bucket among `restrictTo`, aligned with `buckets`: documents with
   * a value in [ge, lt) (or occurrences, with `item-frequency`). Zero counts are included;
   * the caller drops them unless `empties` is set.
   */
  bucketCounts(buckets: readonly RangeBucket[], restrictTo?: ReadonlySet<number>, options: readonly string[] = []): number[] {
    const { frequency } = parseFacetOptions(options);
    this.prepare();
    const first = this.firstComparable();
    if (restrictTo && !this.hasNaN) return this.bucketsFromColumns(buckets, restrictTo, frequency);
    return buckets.map(({ ge, lt }) => {
      if ((ge !== undefined && isNaNValue(ge)) || (lt !== undefined && isNaNValue(lt))) return 0;
      const lo = ge === undefined ? first : this.lowerBound(ge);
      const hi = lt === undefined ? this.vals.length : this.lowerBound(lt);
      let count = 0;
      const seen = new Set<number>();
      for (let i = lo; i < hi; i++) {
        const doc = this.keys[i];
        if (restrictTo && !restrictTo.has(doc)) continue;
        if (frequency === 'item') count += this.occ[i];
        else if (!seen.has(doc)) {
          seen.add(doc);
          count++;
        }
      }
      return count;
    });
  }

  /**
   * The value a document sorts by: its smallest for ascending order, its largest for
   * descending (a walk of the index in that direction meets the document there first).
   * Undefined for a document without values, which the caller sorts last.
   */
  sortValue(docKey: number, direction: 'ascending' | 'descending' = 'ascending'): RangeValue | undefined {
    const values = this.byDoc.get(docKey)?.values;
    if (!values) return undefined;
    return direction === 'ascending' ? values[0] : values[values.length - 1];
  }

  /** A rough size in memory, for diagnostics and the console's index list. */
  estimateBytes(): number {
    const sizeOf = (v: RangeValue): number => {
      switch (typeof v) {
        case 'string':
          return 16 + 2 * v.length;
        case 'number':
          return 8;
        case 'bigint':
          return 24;
        case 'boolean':
          return 4;
        default:
          return 40 + 2 * v.lexical.length;
      }
    };
    let bytes = 0;
    // Entries: a value reference, a key and a count each (8 bytes apiece), plus the value
    // itself once per document (entries share it with byDoc).
    bytes += this.vals.length * 24;
    for (const { values } of this.byDoc.values()) {
      bytes += 64 + values.length * 16;
      for (const v of values) bytes += sizeOf(v);
    }
    return bytes;
  }

  // --- internals -----------------------------------------------------------------------------

  /** Sorted distinct values of a document, with their occurrence counts. */
  private distinct(values: readonly RangeValue[]): DocValues {
    // The caller's list is kept as it is (never written; a restart adds 100k of them).
    if (values.length === 1) return { values, occurrences: ONCE };
    const sorted = [...values].sort(this.sortCompare);
    const out = { values: [] as RangeValue[], occurrences: [] as number[] };
    for (const v of sorted) {
      const last = out.values.length - 1;
      if (last >= 0 && this.same(out.values[last], v)) out.occurrences[last]++;
      else {
        out.values.push(v);
        out.occurrences.push(1);
      }
    }
    return out;
  }

  /** Equal in the index's order; identical primitives are decided without calling a collator. */
  private same(a: RangeValue, b: RangeValue): boolean {
    // Decimals are held in their canonical text: equal ones are the same string.
    return a === b || (!this.canonicalText && this.compare(a, b) === 0);
  }

  /** Entry order: value (with the sort tie-break), then document key. */
  private entryCompare(v: RangeValue, doc: number, i: number): number {
    return this.sortCompare(v, this.vals[i]) || doc - this.keys[i];
  }

  /** First entry position at or after (v, doc) in [from, to). */
  private entryPosition(v: RangeValue, doc: number, from: number, to: number): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entryCompare(v, doc, mid) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value is not less than `v`. */
  private lowerBound(v: RangeValue): number {
    let lo = this.firstComparable();
    let hi = this.vals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.vals[mid], v) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value is greater than `v`. */
  private upperBound(v: RangeValue): number {
    let lo = this.firstComparable();
    let hi = this.vals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.vals[mid], v) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** NaN sorts first and compares with nothing: comparisons start after it. */
  private firstComparable(): number {
    if (!this.hasNaN) return 0;
    let lo = 0;
    let hi = this.vals.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isNaNValue(this.vals[mid])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private countFromEntries(restrictTo: ReadonlySet<number> | undefined, frequency: FacetOptions['frequency']): FacetCount[] {
    const out: FacetCount[] = [];
    const n = this.vals.length;
    let i = 0;
    while (i < n) {
      const value = this.vals[i];
      let count = 0;
      let j = i;
      for (; j < n && this.same(this.vals[j], value); j++) {
        if (restrictTo && !restrictTo.has(this.keys[j])) continue;
        count += frequency === 'item' ? this.occ[j] : 1;
      }
      if (count > 0) out.push({ value, count });
      i = j;
    }
    return out;
  }

  /** For a few documents: their own values, sorted, instead of a walk of the whole index. */
  private countFromDocs(restrictTo: ReadonlySet<number>, frequency: FacetOptions['frequency']): FacetCount[] {
    const pairs: Array<[RangeValue, number]> = [];
    for (const doc of restrictTo) {
      const dv = this.byDoc.get(doc);
      if (!dv) continue;
      dv.values.forEach((v, k) => pairs.push([v, frequency === 'item' ? dv.occurrences[k] : 1]));
    }
    pairs.sort((a, b) => this.sortCompare(a[0], b[0]));
    const out: FacetCount[] = [];
    for (const [value, count] of pairs) {
      const last = out[out.length - 1];
      if (last && this.same(last.value, value)) last.count += count;
      else out.push({ value, count });
    }
    return out;
  }

  /** The {@link Columns}, made on first need after a change. */
  private columnsMade: Columns | undefined;

  private columns(): Columns {
    if (this.columnsMade) return this.columnsMade;
    const n = this.vals.length;
    const runOf = new Int32Array(n);
    const runStarts: number[] = [];
    let maxDoc = -1;
    for (let j = 0; j < n; j++) {
      if (j === 0 || !this.same(this.vals[j], this.vals[runStarts[runStarts.length - 1]])) runStarts.push(j);
      runOf[j] = runStarts.length - 1;
      if (this.keys[j] > maxDoc) maxDoc = this.keys[j];
    }
    const docPos = new Int32Array(maxDoc + 1).fill(-1);
    const several = new Map<number, number[]>();
    for (let j = 0; j < n; j++) {
      const d = this.keys[j];
      const at = docPos[d];
      if (at === -1) docPos[d] = j;
      else if (at >= 0) {
        several.set(d, [at, j]);
        docPos[d] = -2;
      } else several.get(d)!.push(j);
    }
    return (this.columnsMade = { runOf, runStarts, docPos, several });
  }

  /** The entry positions of a document's values. */
  private positionsOf(doc: number, { docPos, several }: Columns): readonly number[] {
    const at = doc < docPos.length ? docPos[doc] : -1;
    if (at >= 0) return [at];
    if (at === -1) return [];
    return several.get(doc)!;
  }

  /**
   * {@link countFromDocs}'s answer (`theirs`: each value as the first spelling, in index
   * order, the documents have) or {@link countFromEntries}'s (`index`: as the index's first)
   * from the columns: no sort of the documents' values, no walk of every entry.
   */
  private countFromColumns(restrictTo: ReadonlySet<number>, frequency: FacetOptions['frequency'], spelling: 'theirs' | 'index'): FacetCount[] {
    const cols = this.columns();
    const { runOf, runStarts, docPos } = cols;
    const counts = new Float64Array(runStarts.length);
    const firstAt = new Int32Array(runStarts.length).fill(-1);
    const take = (pos: number) => {
      const run = runOf[pos];
      counts[run] += frequency === 'item' ? this.occ[pos] : 1;
      if (firstAt[run] === -1 || pos < firstAt[run]) firstAt[run] = pos;
    };
    for (const doc of restrictTo) {
      const at = doc < docPos.length ? docPos[doc] : -1;
      if (at >= 0) take(at);
      else if (at === -2) for (const pos of this.positionsOf(doc, cols)) take(pos);
    }
    const out: FacetCount[] = [];
    for (let r = 0; r < counts.length; r++) if (counts[r] > 0) out.push({ value: this.vals[spelling === 'theirs' ? firstAt[r] : runStarts[r]], count: counts[r] });
    return out;
  }

  /** {@link bucketCounts} over some documents from the columns: each document's positions against each bucket's. */
  private bucketsFromColumns(buckets: readonly RangeBucket[], restrictTo: ReadonlySet<number>, frequency: FacetOptions['frequency']): number[] {
    const cols = this.columns();
    const { docPos } = cols;
    const first = this.firstComparable();
    const bounds = buckets.map(({ ge, lt }) => {
      if ((ge !== undefined && isNaNValue(ge)) || (lt !== undefined && isNaNValue(lt))) return [0, 0] as const;
      return [ge === undefined ? first : this.lowerBound(ge), lt === undefined ? this.vals.length : this.lowerBound(lt)] as const;
    });
    const counts = bounds.map(() => 0);
    for (const doc of restrictTo) {
      const at = doc < docPos.length ? docPos[doc] : -1;
      if (at === -1) continue;
      if (at >= 0) {
        // One value (nearly every document): no list of positions made.
        for (let b = 0; b < bounds.length; b++) if (at >= bounds[b][0] && at < bounds[b][1]) counts[b] += frequency === 'item' ? this.occ[at] : 1;
        continue;
      }
      const positions = this.positionsOf(doc, cols);
      for (let b = 0; b < bounds.length; b++) {
        const [lo, hi] = bounds[b];
        let inBucket = 0;
        for (const pos of positions) if (pos >= lo && pos < hi) inBucket += frequency === 'item' ? this.occ[pos] : 1;
        // A document counts once per bucket (fragment frequency), however many of its values fall in it.
        if (inBucket > 0) counts[b] += frequency === 'item' ? inBucket : 1;
      }
    }
    return counts;
  }

  /** Brings the sorted arrays up to date with the writes since the last read. */
  private prepare(): void {
    if (this.added.size === 0 && this.stale.size === 0) return;
    this.columnsMade = undefined;
    let changed = 0;
    for (const dv of this.stale.values()) changed += dv.values.length;
    for (const doc of this.added) changed += this.byDoc.get(doc)!.values.length;
    if (changed <= SPLICE_LIMIT) this.splice();
    else this.merge();
    this.added.clear();
    this.stale.clear();
  }

  /**
   * Sorts entry positions by value, then document, comparing numbers where the values' own
   * order would call a collator or compare decimal digits (a restart's first facet sorted
   * 100k entries so): decimals (canonical text) go first by their nearest double, which
   * never puts two of them the wrong way round (rounding keeps order), their digits
   * breaking the ties; strings and other primitives by their rank among the distinct
   * values (a dozen categories, say), sorted once. Temporal values (objects) by their order.
   */
  private sortEntries(order: number[], pv: readonly RangeValue[], pd: readonly number[]): void {
    if (this.canonicalText) {
      const near = Float64Array.from(pv, Number);
      order.sort((a, b) => near[a] - near[b] || this.sortCompare(pv[a], pv[b]) || pd[a] - pd[b]);
      return;
    }
    if (pv.some((v) => typeof v === 'object')) {
      order.sort((a, b) => this.sortCompare(pv[a], pv[b]) || pd[a] - pd[b]);
      return;
    }
    const distinct = [...new Set(pv)].sort(this.sortCompare);
    const rankOf = new Map(distinct.map((v, i) => [v, i]));
    const rank = Int32Array.from(pv, (v) => rankOf.get(v)!);
    order.sort((a, b) => rank[a] - rank[b] || pd[a] - pd[b]);
  }

  private splice(): void {
    for (const [doc, dv] of this.stale) {
      for (const v of dv.values) {
        const at = this.entryPosition(v, doc, 0, this.vals.length);
        this.vals.splice(at, 1);
        this.keys.splice(at, 1);
        this.occ.splice(at, 1);
      }
    }
    for (const doc of this.added) {
      const dv = this.byDoc.get(doc)!;
      dv.values.forEach((v, k) => {
        const at = this.entryPosition(v, doc, 0, this.vals.length);
        this.vals.splice(at, 0, v);
        this.keys.splice(at, 0, doc);
        this.occ.splice(at, 0, dv.occurrences[k]);
      });
    }
  }

  private merge(): void {
    // 1. Drop the out-of-date entries.
    if (this.stale.size > 0) {
      const vals: RangeValue[] = [];
      const keys: number[] = [];
      const occ: number[] = [];
      for (let i = 0; i < this.vals.length; i++) {
        if (this.stale.has(this.keys[i])) continue;
        vals.push(this.vals[i]);
        keys.push(this.keys[i]);
        occ.push(this.occ[i]);
      }
      [this.vals, this.keys, this.occ] = [vals, keys, occ];
    }
    if (this.added.size === 0) return;
    // 2. Sort the new entries among themselves.
    const pv: RangeValue[] = [];
    const pd: number[] = [];
    const po: number[] = [];
    for (const doc of this.added) {
      const dv = this.byDoc.get(doc)!;
      dv.values.forEach((v, k) => {
        pv.push(v);
        pd.push(doc);
        po.push(dv.occurrences[k]);
      });
    }
    const order = pv.map((_, i) => i);
    this.sortEntries(order, pv, pd);
    if (this.vals.length === 0) {
      this.vals = order.map((p) => pv[p]);
      this.keys = order.map((p) => pd[p]);
      this.occ = order.map((p) => po[p]);
      return;
    }
    // 3. Interleave: each new entry goes where a binary search of the rest of the old ones says.
    const n = this.vals.length;
    const vals: RangeValue[] = new Array(n + order.length);
    const keys: number[] = new Array(n + order.length);
    const occ: number[] = new Array(n + order.length);
    let i = 0;
    let w = 0;
    for (const p of order) {
      const at = n === 0 ? 0 : this.entryPosition(pv[p], pd[p], i, n);
      for (; i < at; i++, w++) {
        vals[w] = this.vals[i];
        keys[w] = this.keys[i];
        occ[w] = this.occ[i];
      }
      vals[w] = pv[p];
      keys[w] = pd[p];
      occ[w] = po[p];
      w++;
    }
    for (; i < n; i++, w++) {
      vals[w] = this.vals[i];
      keys[w] = this.keys[i];
      occ[w] = this.occ[i];
    }
    [this.vals, this.keys, this.occ] = [vals, keys, occ];
  }
}
