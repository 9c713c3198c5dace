/**
 * The term index: FlexSearch as a map from index keys (folded words, stems, scope names)
 * to the documents holding them. Tabula analyses text itself (analyze.ts) and hands
 * FlexSearch the finished keys, so FlexSearch only stores and intersects postings —
 * matching stays under Tabula's rules (case, diacritics, stemming, scopes).
 *
 * FlexSearch's snapshot (`export`/`import`) restores 100k documents in a fraction of the
 * time re-adding them takes, but an imported index forgets the per-document references
 * that make `remove` fast (then every removal scans the whole map: ~19 ms at 100k
 * documents against 0.3 ms). {@link TermIndex.restore} rebuilds them from the imported
 * map; a test pins that behaviour to the installed FlexSearch version.
 */
import { Index } from 'flexsearch';

/** Splits the key list Tabula hands FlexSearch; keys never contain a space. */
const encode = (text: string): string[] => (text === '' ? [] : text.split(' '));

const options = { tokenize: 'strict' as const, encode, resolution: 1, fastupdate: true, cache: false };

/** What FlexSearch keeps inside, as far as {@link TermIndex.restore} relies on it. */
interface FlexInternals {
  map: Map<string, Array<number[] | undefined>>;
  reg: Map<number, Array<number[]>> | Set<number>;
  fastupdate: boolean;
}

export type TermIndexSnapshot = Array<[string, string]>;

export class TermIndex {
  private index = new Index(options);

  /** Indexes a document's keys (replacing what it had). */
  set(doc: number, keys: Iterable<string>): void {
    this.index.remove(doc);
    const text = [...keys].join(' ');
    if (text !== '') this.index.add(doc, text);
  }

  remove(doc: number): void {
    this.index.remove(doc);
  }

  /** The documents holding a key (unsorted). */
  lookup(key: string): number[] {
    // Every posting: the limit is only FlexSearch's page size.
    return this.index.search(key, { limit: Number.MAX_SAFE_INTEGER }) as number[];
  }

  /** Every key the index holds that passes `test` (wildcard expansion). */
  keys(test: (key: string) => boolean): string[] {
    const out: string[] = [];
    for (const [key, slots] of (this.index as unknown as FlexInternals).map) {
      if (slots.some((s) => s && s.length > 0) && test(key)) out.push(key);
    }
    return out;
  }

  /** FlexSearch's own export, as [key, JSON] pairs. */
  snapshot(): TermIndexSnapshot {
    const parts: TermIndexSnapshot = [];
    this.index.export((key: string | number, data: unknown) => {
      parts.push([String(key), typeof data === 'string' ? data : JSON.stringify(data)]);
    });
    return parts;
  }

  /** Replaces the index with a snapshot's, fast removal included. */
  restore(parts: TermIndexSnapshot): void {
    const index = new Index(options);
    for (const [key, data] of parts) {
      // FlexSearch's importer builds a fast-update registry it cannot use; only the map is taken.
      if (!key.endsWith('reg')) index.import(key, data);
    }
    const inner = index as unknown as FlexInternals;
    const reg = new Map<number, Array<number[]>>();
    for (const slots of inner.map.values()) {
      for (const posting of slots) {
        if (!posting) continue;
        for (const doc of posting) {
          const refs = reg.get(doc);
          if (refs) refs.push(posting);
          else reg.set(doc, [posting]);
        }
      }
    }
    inner.reg = reg;
    inner.fastupdate = true;
    this.index = index;
  }

  clear(): void {
    this.index = new Index(options);
  }
}
