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
 *   import, most of a cold start). The postings are packed into one typed array instead
 *   and put back as FlexSearch's map directly.
 */
import { Index } from 'flexsearch';

/** Splits the key list Tabula hands FlexSearch; keys never contain a space. */
const encode = (text: string): string[] => (text === '' ? [] : text.split(' '));

const options = { tokenize: 'strict' as const, encode, resolution: 1, fastupdate: false, cache: false };

/** What FlexSearch keeps inside, as far as this module relies on it. */
interface FlexInternals {
  map: Map<string, Array<number[] | undefined>>;
  reg: Set<number>;
}

/** Every key with its postings, packed: `postings[offsets[i]…offsets[i+1]]` are `keys[i]`'s documents, ascending. */
export interface TermIndexSnapshot {
  keys: string[];
  offsets: Uint32Array;
  postings: Uint32Array;
}

export class TermIndex {
  private index = new Index(options);

  private get inner(): FlexInternals {
    return this.index as unknown as FlexInternals;
  }

  /** Indexes a new document's keys (a document is removed before it is indexed again). */
  add(doc: number, keys: Iterable<string>): void {
    const text = [...keys].join(' ');
    if (text !== '') this.index.add(doc, text);
  }

  /** Removes a document from the postings of its keys. */
  remove(doc: number, keys: Iterable<string>): void {
    const map = this.inner.map;
    for (const key of keys) {
      const posting = map.get(key)?.[0];
      if (!posting) continue;
      const at = binarySearch(posting, doc);
      if (at >= 0) posting.splice(at, 1);
    }
    this.inner.reg.delete(doc);
  }

  /** The documents holding a key, ascending. */
  lookup(key: string): number[] {
    // Every posting: the limit is only FlexSearch's page size.
    return this.index.search(key, { limit: Number.MAX_SAFE_INTEGER }) as number[];
  }

  /** Every key the index holds that passes `test` (wildcard expansion). */
  keys(test: (key: string) => boolean): string[] {
    const out: string[] = [];
    for (const [key, slots] of this.inner.map) {
      if ((slots[0]?.length ?? 0) > 0 && test(key)) out.push(key);
    }
    return out;
  }

  snapshot(): TermIndexSnapshot {
    const keys: string[] = [];
    let total = 0;
    for (const [key, slots] of this.inner.map) {
      const n = slots[0]?.length ?? 0;
      if (n === 0) continue;
      keys.push(key);
      total += n;
    }
    const offsets = new Uint32Array(keys.length + 1);
    const postings = new Uint32Array(total);
    let at = 0;
    keys.forEach((key, i) => {
      const posting = this.inner.map.get(key)![0]!;
      postings.set(posting, at);
      at += posting.length;
      offsets[i + 1] = at;
    });
    return { keys, offsets, postings };
  }

  /** Replaces the index with a snapshot's; `docs`: the documents it holds (the corpus knows them). */
  restore(s: TermIndexSnapshot, docs: Iterable<number>): void {
    const index = new Index(options);
    const inner = index as unknown as FlexInternals;
    s.keys.forEach((key, i) => {
      inner.map.set(key, [Array.from(s.postings.subarray(s.offsets[i], s.offsets[i + 1]))]);
    });
    inner.reg = new Set(docs);
    this.index = index;
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
