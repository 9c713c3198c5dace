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
}

export class TermIndex {
  private index = new Index(options);
  /** A restored snapshot's keys not yet put into FlexSearch's map, by their index in {@link packed}. */
  private pending = new Map<string, number>();
  private packed: TermIndexSnapshot | undefined;

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

  /** Indexes a new document's keys (a document is removed before it is indexed again). */
  add(doc: number, keys: Iterable<string>): void {
    const list = [...keys];
    if (this.pending.size > 0) for (const key of list) this.unpack(key);
    const text = list.join(' ');
    if (text !== '') this.index.add(doc, text);
  }

  /** Removes a document from the postings of its keys. */
  remove(doc: number, keys: Iterable<string>): void {
    const map = this.inner.map;
    for (const key of keys) {
      this.unpack(key);
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
    return this.index.search(key, { limit: Number.MAX_SAFE_INTEGER }) as number[];
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

  snapshot(): TermIndexSnapshot {
    const keys: string[] = [];
    const offsets: number[] = [0];
    const out = new VarintWriter();
    for (const [key, slots] of this.inner.map) {
      const posting = slots[0];
      if (!posting || posting.length === 0) continue;
      keys.push(key);
      out.writeAscending(posting);
      offsets.push(out.length);
    }
    const packedBytes: Array<[number, number]> = [];
    const s = this.packed;
    let bytes = out.finish();
    if (s && this.pending.size > 0) {
      // Keys never unpacked since the restore: their bytes are copied as they are.
      let extra = 0;
      for (const i of this.pending.values()) {
        packedBytes.push([s.offsets[i], s.offsets[i + 1]]);
        extra += s.offsets[i + 1] - s.offsets[i];
      }
      const all = new Uint8Array(bytes.length + extra);
      all.set(bytes);
      let at = bytes.length;
      for (const key of this.pending.keys()) keys.push(key);
      for (const [start, end] of packedBytes) {
        all.set(s.bytes.subarray(start, end), at);
        at += end - start;
        offsets.push(at);
      }
      bytes = all;
    }
    return { keys, offsets: Uint32Array.from(offsets), bytes };
  }

  /**
   * Replaces the index with a snapshot's; `docs`: the documents it holds (the corpus knows
   * them). The postings stay packed until their key is used.
   */
  restore(s: TermIndexSnapshot, docs: Iterable<number>): void {
    const index = new Index(options);
    (index as unknown as FlexInternals).reg = new Set(docs);
    this.index = index;
    this.pending = new Map(s.keys.map((key, i) => [key, i]));
    this.packed = this.pending.size > 0 ? s : undefined;
  }
}

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
