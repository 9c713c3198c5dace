/**
 * The term index: FlexSearch as a map from index keys (folded words, scope names) to
 * the documents holding them. Tabula analyses text itself (analyze.ts) and hands
 * FlexSearch the finished keys, so FlexSearch stores postings and answers lookups while
 * matching stays under Tabula's rules (case, diacritics, stemming, scopes).
 *
 * Two things go past FlexSearch's public API, on its internal `map` (key → [postings],
 * one slot at resolution 1) and `reg` (the set of indexed ids), both pinned by tests:
 * - removal: FlexSearch either keeps a per-document list of references (fast update:
 *   memory, and rebuilt on every start) or scans the whole map. The corpus knows a
 *   document's keys from its forward index, and postings are in ascending document
 *   order (keys only grow), so a removal is a binary search per key;
 * - snapshots: `export`/`import` go through 75 MB of JSON for 100k documents (2 s to
 *   import, most of a cold start). The postings are packed into one byte array instead
 *   (each list as the gaps between its ascending keys, in variable-length integers) and
 *   put back as FlexSearch's map a key at a time, when the key is first used: a restore
 *   makes no array of millions of numbers before the first answer, and keys never asked
 *   for cost nothing but their bytes.
 */
import { Index } from 'flexsearch';
import { runAtOnce, runPaced } from '../util/event-loop';
import { readVarints, varintCount, VarintWriter } from './varint';

/** Splits the key list Tabula hands FlexSearch; keys never contain a space. */
const encode = (text: string): string[] => (text === '' ? [] : text.split(' '));

const options = { tokenize: 'strict' as const, encode, resolution: 1, fastupdate: false, cache: false };

/** What FlexSearch keeps inside, as far as this module relies on it. */
interface FlexInternals {
  map: Map<string, Array<number[] | undefined>>;
  reg: Set<number>;
}

/**
 * Every key with its postings, packed: `bytes[offsets[i]…offsets[i+1]]` are `keys[i]`'s
 * documents, ascending, as gaps in variable-length integers (varint.ts).
 */
export interface TermIndexSnapshot {
  keys: string[];
  offsets: Uint32Array;
  bytes: Uint8Array;
  /**
   * Term frequencies, so a restored index ranks without decoding the texts:
   * `frequencies[frequencyOffsets[i]…frequencyOffsets[i+1]]` is empty when every document of
   * `keys[i]`'s postings holds the key once (most keys), else a bit per posting (set: more
   * than once), ⌈postings/8⌉ bytes, then for each set bit its frequency − 2 (varint.ts).
   */
  frequencyOffsets: Uint32Array;
  frequencies: Uint8Array;
}

/** The documents of one key's postings that hold it more than once, ascending, and how often. */
export interface RepeatedTerms {
  docs: ArrayLike<number>;
  counts: ArrayLike<number>;
}

export class TermIndex {
  /** @param maxTabledBytes what the frequency and position tables may hold together (tests make it small). */
  constructor(private readonly maxTabledBytes = MAX_TABLED_BYTES) {}

  private index = new Index(options);
  /** A restored snapshot's keys not yet put into FlexSearch's map, by their index in {@link packed}. */
  private pending = new Map<string, number>();
  private packed: TermIndexSnapshot | undefined;
  /**
   * The restored snapshot while {@link restoredFrequency} may be asked (until the corpus has
   * decoded every restored text), and each key's repeated documents once decoded.
   */
  private restored: { snapshot: TermIndexSnapshot; at: Map<string, number>; repeated: Map<string, Map<number, number>> } | undefined;

  /**
   * Per key, the term frequency of each document of its postings, made when a search first
   * ranks many of them and dropped when the key's postings change: counting a word in the
   * texts of a tenth of the corpus took longer than the rest of the search.
   */
  private readonly frequencyTables = new Map<string, FrequencyTable>();
  /** Bytes the frequency and position tables hold (besides the postings they share with the index). */
  private tabledBytes = 0;

  /** Documents removed whose keys are not known yet (corpus.ts): left out of every lookup until removed. */
  private readonly hidden = new Set<number>();

  private get inner(): FlexInternals {
    return this.index as unknown as FlexInternals;
  }

  /** Puts a restored key's postings into FlexSearch's map, if they are still only packed. */
  private unpack(key: string): void {
    const i = this.pending.get(key);
    if (i === undefined) return;
    this.pending.delete(key);
    const s = this.packed!;
    const [start, end] = [s.offsets[i], s.offsets[i + 1]];
    const posting = new Array<number>(varintCount(s.bytes, start, end));
    readVarints(s.bytes, start, end, posting, 0, true);
    this.inner.map.set(key, [posting]);
    if (this.pending.size === 0) this.packed = undefined;
  }

  /** How many documents hold a key (hidden ones included). */
  postingSize(key: string): number {
    const i = this.pending.get(key);
    if (i !== undefined) return varintCount(this.packed!.bytes, this.packed!.offsets[i], this.packed!.offsets[i + 1]);
    return this.inner.map.get(key)?.[0]?.length ?? 0;
  }

  /** Whether {@link frequency} has a table for the key (answers without counting). */
  hasFrequencies(key: string): boolean {
    return this.frequencyTables.has(key);
  }

  /** Keys a search has ranked (see {@link rankedBefore}). */
  private readonly ranked = new Set<string>();

  /**
   * Whether a search ranked the key before this one (which is noted). A search that ranks a
   * small share of a key's documents counts the word in their texts; the second such search
   * makes the key's table instead, so a query asked again (a user refining a search, paging,
   * choosing a facet) reads its term frequencies rather than counting them in every match:
   * measured on 100k documents, counting two words in 1,639 matches took 5.9 ms of a 22 ms
   * search.
   */
  rankedBefore(key: string): boolean {
    if (this.ranked.has(key)) return true;
    this.ranked.add(key);
    return false;
  }

  /**
   * How many times `doc` holds `key` (0: not at all), from the key's table: made on first
   * use by `count` for every document of the key's postings, kept until they change.
   */
  frequency(key: string, doc: number, count: (doc: number) => number): number {
    const table = this.frequencyTables.get(key) ?? runAtOnce(this.makeFrequencyTable(key, count));
    const at = binarySearch(table.posting, doc);
    return at < 0 ? 0 : table.counts[at];
  }

  /** Makes the key's frequency table (see {@link frequency}) unless it exists, calling `pace` between chunks. */
  async frequencyTableWhile(key: string, count: (doc: number) => number, pace: Pace): Promise<void> {
    if (!this.frequencyTables.has(key)) await runPaced(this.makeFrequencyTable(key, count), pace);
  }

  /**
   * Makes and keeps a frequency table, stopping (yielding) between chunks of documents. A
   * paced request may let others run at those stops: the postings cannot change meanwhile,
   * since writes wait while a request runs over the index (search-index.ts, serving).
   */
  private *makeFrequencyTable(key: string, count: (doc: number) => number): Generator<void, FrequencyTable> {
    this.unpack(key);
    const posting = this.inner.map.get(key)?.[0] ?? [];
    const counts = new Uint32Array(posting.length);
    for (let j = 0; j < posting.length; j++) {
      if (j % TABLE_CHUNK === TABLE_CHUNK - 1) yield;
      counts[j] = count(posting[j]);
    }
    const table = { posting, counts };
    this.makeRoom(counts.byteLength);
    this.frequencyTables.set(key, table);
    this.tabledBytes += counts.byteLength;
    return table;
  }

  /**
   * Drops the oldest tables until `more` bytes fit within the bound. Oldest first, not all at
   * once: a search whose tables together pass the bound (a phrase of each of the ten commonest
   * words, over 100k documents) would otherwise drop the tables its ranking is about to read.
   */
  private makeRoom(more: number): void {
    for (const tables of [this.positionTables, this.frequencyTables] as Array<Map<string, FrequencyTable | PositionTable>>) {
      for (const key of tables.keys()) {
        if (this.tabledBytes + more <= this.maxTabledBytes) return;
        this.dropTables(key);
      }
    }
  }

  private dropTables(key: string): void {
    const table = this.frequencyTables.get(key);
    if (table) {
      this.frequencyTables.delete(key);
      this.tabledBytes -= table.counts.byteLength;
    }
    const positions = this.positionTables.get(key);
    if (positions) {
      this.positionTables.delete(key);
      this.tabledBytes -= tableBytes(positions);
    }
  }

  /**
   * Per key, where in each document of its postings the key's word stands (word positions,
   * ascending), made when a phrase first needs them and dropped when the key's postings
   * change: a phrase is then checked at the positions of its words, not at every word of
   * every candidate text.
   */
  private readonly positionTables = new Map<string, PositionTable>();

  /**
   * The positions of `key`'s word in `doc` (empty: none), from the key's table, made on first
   * use by `find` for every document of the key's postings.
   */
  positions(key: string, doc: number, find: (doc: number, out: number[]) => void): Positions {
    const table = this.positionTable(key, find);
    const at = binarySearch(table.posting, doc);
    return at < 0 ? EMPTY : table.positions.subarray(table.starts[at], table.starts[at + 1]);
  }

  /** The key's position table (see {@link positions}), made on first use. */
  positionTable(key: string, find: (doc: number, out: number[]) => void): PositionTable {
    return this.positionTables.get(key) ?? runAtOnce(this.makePositionTable(key, find));
  }

  /** {@link positionTable}, calling `pace` between chunks of documents while it is made. */
  async positionTableWhile(key: string, find: (doc: number, out: number[]) => void, pace: Pace): Promise<PositionTable> {
    return this.positionTables.get(key) ?? runPaced(this.makePositionTable(key, find), pace);
  }

  /** Makes and keeps a position table, stopping between chunks as {@link makeFrequencyTable} does. */
  private *makePositionTable(key: string, find: (doc: number, out: number[]) => void): Generator<void, PositionTable> {
    this.unpack(key);
    const posting = this.inner.map.get(key)?.[0] ?? [];
    const starts = new Uint32Array(posting.length + 1);
    // Into a typed buffer, not a growing number[]: the commonest word has ~1.7M positions
    // over 100k documents, and an array that size, then copied, kept the collector busy for
    // a tenth of a second at a time while other requests waited.
    let all = new Uint32Array(Math.max(64, posting.length * 4));
    let length = 0;
    let highest = 0;
    const one: number[] = [];
    for (let j = 0; j < posting.length; j++) {
      if (j % TABLE_CHUNK === TABLE_CHUNK - 1) yield;
      one.length = 0;
      find(posting[j], one);
      if (length + one.length > all.length) {
        const grown = new Uint32Array(Math.max(all.length * 2, length + one.length));
        grown.set(all.subarray(0, length));
        all = grown;
      }
      for (let i = 0; i < one.length; i++) all[length++] = one[i];
      if (one.length > 0 && one[one.length - 1] > highest) highest = one[one.length - 1];
      starts[j + 1] = length;
    }
    // Two bytes a position whenever every text of the key is shorter than 65,536 words.
    const positions = highest <= 0xffff ? Uint16Array.from(all.subarray(0, length)) : all.slice(0, length);
    const table = { posting, starts, positions };
    this.makeRoom(tableBytes(table));
    this.positionTables.set(key, table);
    this.tabledBytes += tableBytes(table);
    return table;
  }

  /** Indexes a new document's keys (a document is removed before it is indexed again). */
  add(doc: number, keys: Iterable<string>): void {
    const list = [...keys];
    if (this.pending.size > 0) for (const key of list) this.unpack(key);
    if (this.frequencyTables.size > 0 || this.positionTables.size > 0) for (const key of list) this.dropTables(key);
    const text = list.join(' ');
    if (text !== '') this.index.add(doc, text);
  }

  /** Removes a document from the postings of its keys. */
  remove(doc: number, keys: Iterable<string>): void {
    const map = this.inner.map;
    for (const key of keys) {
      this.unpack(key);
      this.dropTables(key);
      const posting = map.get(key)?.[0];
      if (!posting) continue;
      const at = binarySearch(posting, doc);
      if (at >= 0) posting.splice(at, 1);
    }
    this.inner.reg.delete(doc);
  }

  /** The documents holding a key, ascending. */
  lookup(key: string): number[] {
    this.unpack(key);
    // Every posting: the limit is only FlexSearch's page size.
    const found = this.index.search(key, { limit: Number.MAX_SAFE_INTEGER }) as number[];
    return this.hidden.size === 0 ? found : found.filter((d) => !this.hidden.has(d));
  }

  /** Leaves a document out of lookups until {@link unhide} (it is removed once its keys are known). */
  hide(doc: number): void {
    this.hidden.add(doc);
  }

  unhide(doc: number): void {
    this.hidden.delete(doc);
  }

  /** Every key the index holds that passes `test` (wildcard expansion). */
  keys(test: (key: string) => boolean): string[] {
    const out: string[] = [];
    for (const [key, slots] of this.inner.map) {
      if ((slots[0]?.length ?? 0) > 0 && test(key)) out.push(key);
    }
    // A packed key has postings: a snapshot keeps only keys with some.
    for (const key of this.pending.keys()) if (test(key)) out.push(key);
    return out;
  }

  /**
   * The index packed; `repeated(key)`: the documents holding the key more than once, with
   * their counts (the corpus counts them from the texts).
   */
  snapshot(repeated: (key: string) => RepeatedTerms | undefined = () => undefined): TermIndexSnapshot {
    return runAtOnce(this.snapshotSteps(repeated));
  }

  /**
   * {@link snapshot}, stopping (yielding) between chunks of keys. Between two stops a search
   * may unpack a key never read since a restore: it moves from the pending keys to the map
   * being walked, and is met there (a Map's walk visits the keys added during it), not in the
   * pending keys copied at the end. Writes wait while a snapshot is packed (search-index.ts).
   */
  *snapshotSteps(repeated: (key: string) => RepeatedTerms | undefined = () => undefined): Generator<void, TermIndexSnapshot> {
    const keys: string[] = [];
    const offsets: number[] = [0];
    const frequencyOffsets: number[] = [0];
    const out = new VarintWriter();
    const frequencies = new VarintWriter();
    let work = 0;
    for (const [key, slots] of this.inner.map) {
      if (work >= SNAPSHOT_STEP) {
        work = 0;
        yield;
      }
      const posting = slots[0];
      work += 16 + (posting?.length ?? 0);
      if (!posting || posting.length === 0) continue;
      keys.push(key);
      out.writeAscending(posting);
      offsets.push(out.length);
      writeFrequencies(frequencies, posting, repeated(key));
      frequencyOffsets.push(frequencies.length);
    }
    let bytes = out.finish();
    let frequencyBytes = frequencies.finish();
    const s = this.packed;
    if (s && this.pending.size > 0) {
      // Keys never unpacked since the restore: their bytes are copied as they are.
      const pending = [...this.pending];
      for (const [key] of pending) keys.push(key);
      bytes = appendRanges(bytes, s.bytes, s.offsets, pending, offsets);
      frequencyBytes = appendRanges(frequencyBytes, s.frequencies, s.frequencyOffsets, pending, frequencyOffsets);
    }
    return { keys, offsets: Uint32Array.from(offsets), bytes, frequencyOffsets: Uint32Array.from(frequencyOffsets), frequencies: frequencyBytes };
  }

  /**
   * How many times a restored document holds a key (0: not at all), from the snapshot's
   * frequencies: ranking asks this of documents whose texts are not decoded yet. Only for
   * documents restored with the snapshot and still indexed.
   */
  restoredFrequency(key: string, doc: number): number {
    this.unpack(key);
    const posting = this.inner.map.get(key)?.[0];
    if (!posting || binarySearch(posting, doc) < 0) return 0;
    const r = this.restored;
    if (!r) return 1;
    let repeated = r.repeated.get(key);
    if (!repeated) r.repeated.set(key, (repeated = readFrequencies(r.snapshot, r.at.get(key))));
    return repeated.get(doc) ?? 1;
  }

  /** Every restored text is decoded: frequencies are counted from them from now on. */
  forgetRestoredFrequencies(): void {
    this.restored = undefined;
  }

  /**
   * Replaces the index with a snapshot's; `docs`: the documents it holds (the corpus knows
   * them). The postings stay packed until their key is used.
   */
  restore(s: TermIndexSnapshot, docs: Iterable<number>): void {
    const index = new Index(options);
    (index as unknown as FlexInternals).reg = new Set(docs);
    this.index = index;
    const at = new Map(s.keys.map((key, i) => [key, i]));
    this.pending = new Map(at);
    this.packed = at.size > 0 ? s : undefined;
    this.restored = at.size > 0 ? { snapshot: s, at, repeated: new Map() } : undefined;
  }
}

/** A posting's frequencies in the snapshot's form: nothing when every count is 1. */
function writeFrequencies(out: VarintWriter, posting: readonly number[], repeated: RepeatedTerms | undefined): void {
  if (!repeated || repeated.docs.length === 0) return;
  const flags = new Uint8Array((posting.length + 7) >> 3);
  const counts: number[] = [];
  let r = 0;
  for (let j = 0; j < posting.length && r < repeated.docs.length; j++) {
    if (posting[j] !== repeated.docs[r]) continue;
    flags[j >> 3] |= 1 << (j & 7);
    counts.push(repeated.counts[r++] - 2);
  }
  for (const b of flags) out.writeByte(b);
  for (const c of counts) out.write(c);
}

/** A key's documents holding it more than once (by the snapshot's frequencies), with their counts. */
function readFrequencies(s: TermIndexSnapshot, i: number | undefined): Map<number, number> {
  const out = new Map<number, number>();
  if (i === undefined || s.frequencyOffsets[i] === s.frequencyOffsets[i + 1]) return out;
  const posting = new Uint32Array(varintCount(s.bytes, s.offsets[i], s.offsets[i + 1]));
  readVarints(s.bytes, s.offsets[i], s.offsets[i + 1], posting, 0, true);
  const start = s.frequencyOffsets[i];
  const flagBytes = (posting.length + 7) >> 3;
  const counts = new Uint32Array(varintCount(s.frequencies, start + flagBytes, s.frequencyOffsets[i + 1]));
  readVarints(s.frequencies, start + flagBytes, s.frequencyOffsets[i + 1], counts);
  let c = 0;
  for (let j = 0; j < posting.length; j++) if ((s.frequencies[start + (j >> 3)] >> (j & 7)) & 1) out.set(posting[j], counts[c++] + 2);
  return out;
}

/** `head` followed by the byte ranges of the keys `pending` names in `from`, their end offsets pushed to `offsets`. */
function appendRanges(head: Uint8Array, from: Uint8Array, fromOffsets: Uint32Array, pending: ReadonlyArray<[string, number]>, offsets: number[]): Uint8Array {
  let extra = 0;
  for (const [, i] of pending) extra += fromOffsets[i + 1] - fromOffsets[i];
  const all = new Uint8Array(head.length + extra);
  all.set(head);
  let at = head.length;
  for (const [, i] of pending) {
    all.set(from.subarray(fromOffsets[i], fromOffsets[i + 1]), at);
    at += fromOffsets[i + 1] - fromOffsets[i];
    offsets.push(at);
  }
  return all;
}

/**
 * The bytes frequency and position tables may hold together: the tables of a phrase of each
 * of the twenty commonest words over the bench's 100k documents take ~20 MB.
 */
const MAX_TABLED_BYTES = 32 * 1024 * 1024;

function tableBytes(table: PositionTable): number {
  return table.starts.byteLength + table.positions.byteLength;
}

/** A key's documents (its postings) and where its word stands in each. */
interface FrequencyTable {
  posting: number[];
  counts: Uint32Array;
}

/** What a paced caller does between chunks of a table being made (Deadline.pace: let other requests run). */
export type Pace = () => Promise<void> | undefined;

/** Documents between two stops while a table is made. */
const TABLE_CHUNK = 1024;

/** Work (postings written, and a little per key) between two stops while a snapshot is packed. */
const SNAPSHOT_STEP = 32_768;


export interface PositionTable {
  posting: number[];
  /** `positions[starts[j]…starts[j+1]]`: the positions in `posting[j]` (two bytes each when they all fit). */
  starts: Uint32Array;
  positions: Positions;
}

const EMPTY = new Uint16Array(0);

/** Word positions in one text, ascending. */
export type Positions = Uint16Array | Uint32Array;

function binarySearch(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid];
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
