/**
 * Evaluating a query: the set of document keys it matches, exactly.
 *
 * Candidates come from the term index (FlexSearch) and set algebra; whatever the term
 * index cannot decide — phrases, NEAR, scopes, whole values — is decided on the
 * forward index (corpus.ts); whatever that cannot decide either — case, diacritic or
 * punctuation sensitivity, exact values — against the stored documents, read back for
 * the remaining candidates only. Permissions are applied by the caller.
 */
import type { Deadline } from '../deadline';
import type { StoredDocument } from '../documents/types';
import { DbError } from '../errors';
import { contentNodes, jsonNodes, words, type ContentNode } from './analyze';
import { NodeKind, nodeCount, nodeEnd, nodeTokens, scopeKey, type Corpus, type IndexedText, type TextCorpus } from './corpus';
import type { PositionTable, Positions } from './term-index';
import { phraseMatcher, type PhraseMatcher, type WordMatcher } from './matchers';
import type { Query, RangeIndexRef, RangeOperator, Scope } from './query-model';
import { rangeFormat } from './range-documents';

export interface EvalContext {
  corpus: Corpus;
  /** Documents matching a range comparison; throws the index-not-found errors. */
  range(ref: RangeIndexRef, operator: RangeOperator, values: string[]): ReadonlySet<number>;
  /** Stored documents by key, for the checks the indexes cannot make. */
  read(keys: number[]): Promise<Map<number, StoredDocument>>;
  /** The request's deadline, checked before each sub-query and after each read of stored documents. */
  deadline?: Deadline;
}

/** Where a query looks: the content or the properties, within these scopes (all must hold). */
export interface Frame {
  target: 'content' | 'properties';
  scopes: Scope[];
}

const CONTENT: Frame = { target: 'content', scopes: [] };

/** Documents between two {@link Evaluator.pace}s of a loop over candidates. */
export const PACE_EVERY = 256;
/** Keys between two paces where each costs a set operation only. */
export const SET_CHUNK = 8192;

export function evaluate(query: Query, ctx: EvalContext): Promise<Set<number>> {
  return new Evaluator(ctx).docs(query, CONTENT);
}

/** A span of word positions [start, end) in a document's forward index. */
export type Span = [number, number];

export class Evaluator {
  constructor(private readonly ctx: EvalContext) {}

  /**
   * A chunk boundary: checks the deadline (or a cancel) and, once the search has held the
   * thread for a few milliseconds, lets other requests run (docs/decisions/0029-cooperative-search.md).
   */
  pace(): Promise<void> | undefined {
    return this.ctx.deadline?.pace('the search');
  }

  /** The members of `s` that `test` keeps, pacing every {@link PACE_EVERY} (each test may read a document's text). */
  private async keep(s: Set<number>, test: (key: number) => boolean): Promise<Set<number>> {
    const out = new Set<number>();
    let seen = 0;
    for (const k of s) {
      if (seen++ % PACE_EVERY === 0) await this.pace();
      if (test(k)) out.add(k);
    }
    return out;
  }

  corpusOf(frame: Frame): TextCorpus {
    return frame.target === 'content' ? this.ctx.corpus.content : this.ctx.corpus.properties;
  }

  textOf(frame: Frame, key: number): IndexedText | undefined {
    return frame.target === 'content' ? this.ctx.corpus.entry(key)?.content : this.ctx.corpus.propertiesOf(key);
  }

  universe(): Set<number> {
    return new Set(this.ctx.corpus.keys());
  }

  async docs(q: Query, frame: Frame): Promise<Set<number>> {
    await this.pace();
    switch (q.kind) {
      case 'true':
        return this.universe();
      case 'false':
        return new Set();
      case 'and': {
        let acc: Set<number> | undefined;
        for (const sub of q.queries) {
          const s = await this.docs(sub, frame);
          acc = acc ? await this.intersect(acc, s) : s;
          if (acc.size === 0) break;
        }
        if (!acc) return this.universe();
        return q.ordered && acc.size > 0 ? await this.inOrder(q.queries, acc, frame) : acc;
      }
      case 'or': {
        const acc = new Set<number>();
        for (const sub of q.queries) for (const k of await this.docs(sub, frame)) acc.add(k);
        return acc;
      }
      case 'not':
        return difference(this.universe(), await this.docs(q.query, frame));
      case 'and-not':
        return difference(await this.docs(q.positive, frame), await this.docs(q.negative, frame));
      case 'boost':
        return this.docs(q.matching, frame);
      case 'not-in':
        return this.notIn(q.positive, q.negative, frame);
      case 'near':
        return this.near(q, frame);
      case 'word':
        return this.words(q, frame);
      case 'value':
        return this.values(q, frame);
      case 'range': {
        // A json-property range matches JSON documents and an element (or attribute) range XML
        // ones (range-documents.ts), the word and value scopes' rule (corpus.ts pathInScope). So
        // a JSON QBE's $gt finds JSON documents only.
        const format = rangeFormat(q.index.scope);
        return this.keep(new Set(this.ctx.range(q.index, q.operator, q.values)), (k) => this.ctx.corpus.entry(k)?.format === format);
      }
      case 'collection': {
        const acc = new Set<number>();
        for (const uri of q.uris) for (const k of this.ctx.corpus.collection(uri)) acc.add(k);
        return acc;
      }
      case 'directory':
        return this.directory(q.uris, q.infinite);
      case 'document': {
        const acc = new Set<number>();
        for (const uri of q.uris) {
          const k = this.ctx.corpus.keyOf(uri);
          if (k !== undefined) acc.add(k);
        }
        return acc;
      }
      case 'container':
        return this.docs(q.query, { ...frame, scopes: [...frame.scopes, q.scope] });
      case 'properties':
        return this.docs(q.query, { target: 'properties', scopes: [] });
    }
  }

  private directory(uris: string[], infinite: boolean): Set<number> {
    const dirs = uris.map((u) => (u.endsWith('/') ? u : `${u}/`));
    const acc = new Set<number>();
    for (const k of this.ctx.corpus.keys()) {
      const uri = this.ctx.corpus.entry(k)!.uri;
      if (dirs.some((d) => uri.startsWith(d) && (infinite || !uri.slice(d.length).includes('/')))) acc.add(k);
    }
    return acc;
  }

  /** Candidate sets already computed in this search (scoring asks again for each term's). */
  private readonly candidateSets = new Map<string, Set<number>>();

  /** How many documents hold every word of a phrase (its IDF's denominator). */
  async documentFrequency(frame: Frame, phrase: PhraseMatcher): Promise<number> {
    return (await this.candidates(this.corpusOf(frame), phrase, frame.scopes)).size;
  }

  /** Documents holding every word of the phrase (any of each word's keys), within the scopes' names. Shared: never modify. */
  private async candidates(corpus: TextCorpus, phrase: PhraseMatcher, scopes: Scope[]): Promise<Set<number>> {
    const cacheKey = this.phraseKey(corpus, phrase, scopes);
    let found = this.candidateSets.get(cacheKey);
    if (!found) {
      found = await this.computeCandidates(corpus, phrase, scopes);
      this.candidateSets.set(cacheKey, found);
    }
    return found;
  }

  private async computeCandidates(corpus: TextCorpus, phrase: PhraseMatcher, scopes: Scope[]): Promise<Set<number>> {
    // The commonest words are in most documents: sets of a hundred thousand keys, made and
    // intersected a chunk at a time.
    const collect = async (docs: Iterable<number>, into: Set<number>) => {
      let n = 0;
      for (const d of docs) {
        if (++n % SET_CHUNK === 0) await this.pace();
        into.add(d);
      }
      return into;
    };
    let acc: Set<number> | undefined;
    const narrow = async (docs: Iterable<number>) => {
      const s = docs instanceof Set ? docs : await collect(docs, new Set());
      acc = acc ? await this.intersect(acc, s) : s;
    };
    // Rarest first keeps the intersections small.
    const postings: Array<Set<number>> = [];
    for (const w of phrase.words) {
      const s = new Set<number>();
      for (const key of w.keys) await collect(corpus.terms.lookup(key), s);
      postings.push(s);
    }
    postings.sort((a, b) => a.size - b.size);
    for (const p of postings) {
      await narrow(p);
      if (acc!.size === 0) return acc!;
    }
    for (const scope of scopes) await narrow(corpus.terms.lookup(scopeIndexKey(scope)));
    return acc ?? new Set();
  }

  /** The members of both sets, pacing every {@link SET_CHUNK} members of the smaller one. */
  private async intersect(a: Set<number>, b: ReadonlySet<number>): Promise<Set<number>> {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    const out = new Set<number>();
    let n = 0;
    for (const x of small) {
      if (++n % SET_CHUNK === 0) await this.pace();
      if (large.has(x)) out.add(x);
    }
    return out;
  }

  private readonly phraseKeys = new WeakMap<PhraseMatcher, string>();

  /**
   * What identifies a phrase in a corpus within scopes, for the caches: the matching and the
   * ranking of one search build their own matchers for the same words. Made once per matcher
   * (a matcher always comes with the same frame).
   */
  private phraseKey(corpus: TextCorpus, phrase: PhraseMatcher, scopes: Scope[]): string {
    let key = this.phraseKeys.get(phrase);
    if (key === undefined) {
      key = `${corpus === this.ctx.corpus.content ? 'c' : 'p'} ${JSON.stringify(scopes)} ${phrase.words.map((w) => w.keys.join(',')).join(' ')}`;
      this.phraseKeys.set(phrase, key);
    }
    return key;
  }

  private readonly spanCountsByPhrase = new Map<string, Map<number, number>>();

  /**
   * How many times a phrase occurs in a document, within the frame's scopes, counted once per
   * search: matching counts it to keep the document, ranking needs it again as the term
   * frequency (a common phrase: ~14k documents scanned twice).
   */
  private spanCount(frame: Frame, key: number, phrase: PhraseMatcher): number {
    const cacheKey = this.phraseKey(this.corpusOf(frame), phrase, frame.scopes);
    let counts = this.spanCountsByPhrase.get(cacheKey);
    if (!counts) this.spanCountsByPhrase.set(cacheKey, (counts = new Map()));
    let count = counts.get(key);
    if (count === undefined) counts.set(key, (count = this.spans(frame, key, phrase).length));
    return count;
  }

  /**
   * How often a phrase occurs in each of `keys` (matching documents), within the frame's
   * scopes: its term frequencies, aligned with `keys`. One word anywhere in the content is
   * read from the term index's frequency table of each of the word's keys when the search
   * ranks a good share of the key's documents, or the key was ranked before (or the table
   * exists), rather than counted in each document's text.
   */
  async frequencies(frame: Frame, keys: readonly number[], phrase: PhraseMatcher): Promise<Float64Array> {
    const out = new Float64Array(keys.length);
    if (phrase.words.length === 1 && frame.scopes.length === 0 && frame.target === 'content') {
      const corpus = this.ctx.corpus;
      const terms = corpus.content.terms;
      const wordKeys = phrase.words[0].keys;
      const again = wordKeys.map((k) => terms.rankedBefore(k));
      if (wordKeys.every((k, i) => terms.hasFrequencies(k) || keys.length * 4 >= terms.postingSize(k) || again[i])) {
        for (const wordKey of wordKeys) {
          const id = corpus.content.knownTerm(wordKey);
          const count = (doc: number): number => {
            const entry = corpus.entry(doc);
            if (!entry || id === undefined) return 0;
            if (entry.textState !== undefined) return terms.restoredFrequency(wordKey, doc);
            const tokens = entry.content.tokens;
            let n = 0;
            for (let i = 0; i < tokens.length; i++) if (tokens[i] === id) n++;
            return n;
          };
          await terms.frequencyTableWhile(wordKey, count, () => this.pace());
          for (let k = 0; k < keys.length; k++) out[k] += terms.frequency(wordKey, keys[k], count);
        }
        return out;
      }
    }
    if (frame.target === 'content' && (phrase.words.length > 1 || frame.scopes.length > 0)) {
      // Counted together first, as matching counts them: documents matched by another part of
      // the query (an OR) were not counted, and one by one each would read a position table
      // that may have been dropped since — remade then in one piece, for 100k documents.
      const counted = this.spanCountsByPhrase.get(this.phraseKey(this.corpusOf(frame), phrase, frame.scopes));
      const uncounted = counted ? keys.filter((k) => !counted.has(k)) : keys;
      if (uncounted.length > 0) await this.countSpansOf(frame, phrase, uncounted);
    }
    for (let k = 0; k < keys.length; k++) {
      if (k % PACE_EVERY === 0) await this.pace();
      out[k] = this.frequency(frame, keys[k], phrase);
    }
    return out;
  }

  /** How often a phrase occurs in one document, within the frame's scopes (its term frequency). */
  frequency(frame: Frame, key: number, phrase: PhraseMatcher): number {
    if (phrase.words.length === 1 && frame.scopes.length === 0) {
      // The common case, on every matching document of a search: one word anywhere.
      if (frame.target === 'content' && this.ctx.corpus.entry(key)?.textState !== undefined) {
        // A restored text not decoded yet: the snapshot's frequencies answer without decoding
        // its piece (the first search after a start ranks without decoding any text).
        const terms = this.ctx.corpus.content.terms;
        let n = 0;
        for (const k of phrase.words[0].keys) n += terms.restoredFrequency(k, key);
        return n;
      }
      const tokens = this.textOf(frame, key)?.tokens;
      if (!tokens) return 0;
      const word = phrase.words[0];
      let n = 0;
      if (word.ids.size === 1) {
        const [id] = word.ids;
        for (let i = 0; i < tokens.length; i++) if (tokens[i] === id) n++;
      } else {
        const member = this.membership(frame, word);
        for (let i = 0; i < tokens.length; i++) if (member[tokens[i]] === 1) n++;
      }
      return n;
    }
    return this.spanCount(frame, key, phrase);
  }

  private readonly memberships = new WeakMap<WordMatcher, Uint8Array>();

  /** A word's matching term ids as a byte per term id: counting occurrences is a table lookup per word. */
  private membership(frame: Frame, word: WordMatcher): Uint8Array {
    let member = this.memberships.get(word);
    if (!member) {
      member = new Uint8Array(this.corpusOf(frame).termCount);
      for (const id of word.ids) if (id < member.length) member[id] = 1;
      this.memberships.set(word, member);
    }
    return member;
  }

  /** Word-position spans of a phrase in one document, within the frame's scopes. */
  spans(frame: Frame, key: number, phrase: PhraseMatcher): Span[] {
    const text = this.textOf(frame, key);
    if (!text) return [];
    if (frame.target === 'content') return this.spansAtPositions(frame, key, text, phrase);
    const corpus = this.corpusOf(frame);
    const out: Span[] = [];
    const n = phrase.words.length;
    // A byte per term id for each word: a phrase is checked at every position of every
    // candidate, and a table lookup is several times cheaper than a Set's.
    const members = phrase.words.map((w) => this.membership(frame, w));
    const tokens = text.tokens;
    for (let i = 0; i < nodeCount(text); i++) {
      if (text.nodeKind[i] !== NodeKind.text) continue;
      if (!frame.scopes.every((s) => corpus.inScope(text.nodePath[i], s, false))) continue;
      const [a, b] = nodeTokens(text, i);
      for (let p = a; p + n <= b; p++) {
        let j = 0;
        while (j < n && members[j][tokens[p + j]] === 1) j++;
        if (j === n) out.push([p, p + n]);
      }
    }
    return out;
  }

  /**
   * {@link spans} in the content from the term index's position tables: the phrase's first
   * word's positions, each kept when every next word stands right after it, inside one
   * node in the frame's scopes — the words' own positions instead of every word of the text.
   */
  private spansAtPositions(frame: Frame, key: number, text: IndexedText, phrase: PhraseMatcher): Span[] {
    const n = phrase.words.length;
    const lists = phrase.words.map((w) => this.wordPositions(w, key));
    if (lists.some((l) => l.length === 0)) return [];
    const next = new Array<number>(n).fill(0);
    const out: Span[] = [];
    const firsts = lists[0];
    for (let f = 0; f < firsts.length; f++) {
      const p = positionOf(firsts[f]);
      let ok = true;
      for (let j = 1; j < n && ok; j++) {
        const list = lists[j];
        let q = next[j];
        while (q < list.length && positionOf(list[q]) < p + j) q++;
        next[j] = q;
        ok = q < list.length && positionOf(list[q]) === p + j;
      }
      if (ok && this.inOneNode(frame, text, p, n)) out.push([p, p + n]);
    }
    return out;
  }

  /**
   * Counts a phrase's occurrences in every candidate at once (into the per-search counts
   * {@link spanCount} reads): the candidates in ascending order walk each word's position
   * tables side by side, so no document is looked up in a table by a search of its own.
   * Nothing is allocated per document: a common phrase has tens of thousands of candidates
   * (measured: a view of each table per candidate was a third of a phrase search's time).
   */
  private async countSpansOf(frame: Frame, phrase: PhraseMatcher, candidates: Iterable<number>): Promise<void> {
    const cacheKey = this.phraseKey(this.corpusOf(frame), phrase, frame.scopes);
    let counts = this.spanCountsByPhrase.get(cacheKey);
    if (!counts) this.spanCountsByPhrase.set(cacheKey, (counts = new Map()));
    const corpus = this.ctx.corpus;
    // One walker per key of each word (a stemmed word may have several keys).
    const words: PositionWalker[][] = [];
    for (const w of phrase.words) {
      const row: PositionWalker[] = [];
      for (const k of w.keys) row.push(new PositionWalker(await corpus.content.terms.positionTableWhile(k, this.positionFinder(k), () => this.pace())));
      words.push(row);
    }
    const docs = Float64Array.from(candidates).sort();
    for (let d = 0; d < docs.length; d++) {
      if (d % PACE_EVERY === 0) await this.pace();
      const doc = docs[d];
      let all = true;
      for (let j = 0; j < words.length; j++) {
        let any = false;
        for (const walker of words[j]) any = walker.moveTo(doc) || any;
        all &&= any;
      }
      counts.set(doc, all ? this.countAt(frame, doc, words) : 0);
    }
  }

  /**
   * Occurrences of a phrase in one document, its words' walkers standing on it. Whether an
   * occurrence lies in one node is read from the table entries' node-end bits; the document's
   * text is read only to check scopes.
   */
  private countAt(frame: Frame, doc: number, words: PositionWalker[][]): number {
    const n = words.length;
    let count = 0;
    let text: IndexedText | undefined;
    for (const first of words[0]) {
      // Each of the first word's keys is a walk of its own through the others' positions.
      for (let j = 1; j < n; j++) for (const w of words[j]) w.rewind();
      for (let f = first.start; f < first.end; f++) {
        const entry = first.table.positions[f];
        const p = positionOf(entry);
        // The phrase leaves its node when a word before its last ends one.
        let crosses = n > 1 && endsNode(entry);
        let ok = true;
        for (let j = 1; j < n && ok; j++) {
          let found = -1;
          for (const w of words[j]) {
            const e = w.reach(p + j);
            if (e >= 0) found = e;
          }
          ok = found >= 0;
          if (ok && j < n - 1 && endsNode(found)) crosses = true;
        }
        if (!ok || crosses) continue;
        if (frame.scopes.length === 0) count++;
        else if ((text ??= this.textOf(frame, doc)) && this.inOneNode(frame, text, p, n)) count++;
      }
    }
    return count;
  }

  /** Whether words [p, p + n) lie in one node, in the frame's scopes (only text nodes have words). */
  private inOneNode(frame: Frame, text: IndexedText, p: number, n: number): boolean {
    // Asked for every occurrence a phrase search finds: nothing is allocated on the way.
    const i = nodeAt(text, p);
    if (p + n > nodeEnd(text, i)) return false;
    if (frame.scopes.length === 0) return true;
    const corpus = this.corpusOf(frame);
    return frame.scopes.every((s) => corpus.inScope(text.nodePath[i], s, false));
  }

  /** Fills a key's position table: where its word stands in a document's content, as {@link positionEntry} entries. */
  private positionFinder(wordKey: string): (doc: number, out: number[]) => void {
    const corpus = this.ctx.corpus;
    const id = corpus.content.knownTerm(wordKey);
    return (doc, out) => {
      const text = id === undefined ? undefined : corpus.entry(doc)?.content;
      if (!text) return;
      const { tokens, nodeStart } = text;
      // k: the first node starting after position i (nodes come in position order).
      let k = 0;
      for (let i = 0; i < tokens.length; i++) {
        if (tokens[i] !== id) continue;
        while (k < nodeStart.length && nodeStart[k] <= i) k++;
        out.push(positionEntry(i, i + 1 === (k < nodeStart.length ? nodeStart[k] : tokens.length)));
      }
    };
  }

  /** Where a word of a query stands in a content text (any of its keys), ascending, as {@link positionEntry} entries. */
  private wordPositions(word: WordMatcher, key: number): Positions | number[] {
    const corpus = this.ctx.corpus;
    const terms = corpus.content.terms;
    const of = (wordKey: string) => terms.positions(wordKey, key, this.positionFinder(wordKey));
    if (word.keys.length === 1) return of(word.keys[0]);
    const all: number[] = [];
    for (const wordKey of word.keys) for (const p of of(wordKey)) all.push(p);
    return all.sort((a, b) => a - b);
  }

  private async words(q: Extract<Query, { kind: 'word' }>, outer: Frame): Promise<Set<number>> {
    const frame = q.scope ? { ...outer, scopes: [...outer.scopes, q.scope] } : outer;
    const corpus = this.corpusOf(frame);
    const acc = new Set<number>();
    for (const text of q.text) {
      const phrase = phraseMatcher(corpus, text, q.options, 'word');
      if (!phrase) continue;
      let found = await this.candidates(corpus, phrase, frame.scopes);
      // One insensitive word anywhere: the term index alone is exact.
      if (phrase.words.length > 1 || frame.scopes.length > 0) {
        if (frame.target === 'content') await this.countSpansOf(frame, phrase, found);
        found = await this.keep(found, (k) => this.spanCount(frame, k, phrase) > 0);
      }
      const o = phrase.options;
      if (found.size > 0 && (o.caseSensitive || o.diacriticSensitive || (o.punctuationSensitive && phrase.words.length > 1))) {
        found = await this.verify(found, frame, (node) => surfacePhrase(node, text, phrase));
      }
      for (const k of found) acc.add(k);
    }
    return acc;
  }

  private async values(q: Extract<Query, { kind: 'value' }>, frame: Frame): Promise<Set<number>> {
    const corpus = this.corpusOf(frame);
    const acc = new Set<number>();
    const scopeDocs = () => new Set(corpus.terms.lookup(scopeIndexKey(q.scope)));
    const exactly = (pathId: number) => corpus.inScope(pathId, q.scope, true);
    const inScope = (text: IndexedText, i: number) => exactly(text.nodePath[i]) && frame.scopes.every((s) => corpus.inScope(text.nodePath[i], s, false));
    for (const value of q.values) {
      let found: Set<number>;
      if (typeof value === 'string') {
        const phrase = phraseMatcher(corpus, value, q.options, 'value');
        const o = phrase?.options;
        if (!phrase) {
          // No words (empty or punctuation only): only the stored text can tell.
          found = await this.verify(scopeDocs(), frame, (node, path) => node.kind === 'text' && exactly(path) && valueTextEquals(node.text, value, q.options.exact ?? false));
        } else {
          found = await this.keep(await this.intersect(await this.candidates(corpus, phrase, []), scopeDocs()), (k) => {
            const text = this.textOf(frame, k);
            if (!text) return false;
            for (let i = 0; i < nodeCount(text); i++) {
              if (text.nodeKind[i] !== NodeKind.text || !inScope(text, i)) continue;
              const [a, b] = nodeTokens(text, i);
              if (b - a !== phrase.words.length) continue;
              let ok = true;
              for (let j = 0; j < phrase.words.length && ok; j++) ok = phrase.words[j].matchesTerm(text.tokens[a + j]);
              if (ok) return true;
            }
            return false;
          });
          if (found.size > 0 && o && (o.caseSensitive || o.diacriticSensitive || o.punctuationSensitive || o.whitespaceSensitive)) {
            found = await this.verify(found, frame, (node, path) => node.kind === 'text' && exactly(path) && surfaceValue(node.text, value, phrase));
          }
        }
      } else {
        found = await this.keep(scopeDocs(), (k) => {
          const text = this.textOf(frame, k);
          if (!text) return false;
          for (let i = 0; i < nodeCount(text); i++) {
            if (!inScope(text, i)) continue;
            if (text.scalars && i in text.scalars && text.scalars[i] === value) return true;
          }
          return false;
        });
        // XML has no number nodes: its element text is the value (compared as a number or word).
        const xml = await this.keep(await this.intersect(scopeDocs(), this.xmlDocs()), (k) => !found.has(k));
        if (xml.size > 0 && value !== null) {
          const more = await this.verify(xml, frame, (node, path) => node.kind === 'text' && exactly(path) && scalarText(node.text, value));
          for (const k of more) found.add(k);
        }
      }
      for (const k of found) acc.add(k);
    }
    return acc;
  }

  private xmlDocs(): Set<number> {
    const out = new Set<number>();
    for (const k of this.ctx.corpus.keys()) if (this.ctx.corpus.entry(k)!.format === 'xml') out.add(k);
    return out;
  }

  /** Keeps the candidates whose stored document has a node in the frame's scopes passing `test` (given the node's path id). */
  private async verify(candidates: Set<number>, frame: Frame, test: (node: ContentNode, pathId: number) => boolean): Promise<Set<number>> {
    const docs = await this.ctx.read([...candidates]);
    const corpus = this.corpusOf(frame);
    const out = new Set<number>();
    let seen = 0;
    for (const [key, doc] of docs) {
      if (seen++ % PACE_EVERY === 0) await this.pace();
      const nodes = frame.target === 'content' ? contentNodes(doc) : jsonNodes(doc.metadata.properties);
      for (const node of nodes) {
        const pathId = corpus.pathId(node.path);
        if (!frame.scopes.every((s) => corpus.inScope(pathId, s, false))) continue;
        if (test(node, pathId)) {
          out.add(key);
          break;
        }
      }
    }
    return out;
  }

  private async notIn(positive: Query, negative: Query, frame: Frame): Promise<Set<number>> {
    const pos = await this.docs(positive, frame);
    const neg = await this.intersect(pos, await this.docs(negative, frame));
    const pPhrases = this.phrasesOf(positive, frame);
    const nPhrases = this.phrasesOf(negative, frame);
    if (!pPhrases || !nPhrases) return difference(pos, neg);
    // A document with a positive match outside every negative match stays.
    return this.keep(pos, (k) => {
      if (!neg.has(k)) return true;
      const nSpans = nPhrases.flatMap((p) => this.spans(frame, k, p));
      return pPhrases.some((p) => this.spans(frame, k, p).some(([a, b]) => !nSpans.some(([c, d]) => c <= a && b <= d)));
    });
  }

  /** The phrases of a query made only of words (positional operators work on them); undefined otherwise. */
  phrasesOf(q: Query, frame: Frame): PhraseMatcher[] | undefined {
    if (q.kind === 'word' && !q.scope) {
      const corpus = this.corpusOf(frame);
      return q.text.map((t) => phraseMatcher(corpus, t, q.options, 'word')).filter((p): p is PhraseMatcher => p !== undefined);
    }
    if (q.kind === 'or') {
      const parts = q.queries.map((s) => this.phrasesOf(s, frame));
      return parts.every((p) => p) ? parts.flat() as PhraseMatcher[] : undefined;
    }
    return undefined;
  }

  /**
   * `ordered` and-queries: the sub-queries' matches must occur in their order (any
   * distance apart). Only word queries have positions; other sub-queries cannot be ordered.
   */
  private inOrder(queries: Query[], docs: Set<number>, frame: Frame): Promise<Set<number>> {
    const parts = queries.map((s) => this.phrasesOf(s, frame));
    if (parts.some((p) => !p)) {
      throw new DbError('REST-INVALIDPARAM', 'an ordered and-query combines words and phrases (or ORs of them); other queries have no word positions');
    }
    const phrases = parts as PhraseMatcher[][];
    return this.keep(docs, (k) => {
      // Greedy: the earliest match of each sub-query after the previous one's.
      let after = -1;
      for (const alternatives of phrases) {
        let next = Infinity;
        for (const p of alternatives) for (const [start] of this.spans(frame, k, p)) if (start > after && start < next) next = start;
        if (next === Infinity) return false;
        after = next;
      }
      return true;
    });
  }

  private async near(q: Extract<Query, { kind: 'near' }>, frame: Frame): Promise<Set<number>> {
    const parts = q.queries.map((s) => this.phrasesOf(s, frame));
    if (parts.some((p) => !p)) {
      throw new DbError('REST-INVALIDPARAM', 'NEAR combines words and phrases (or ORs of them); other queries have no word positions');
    }
    let acc: Set<number> | undefined;
    for (const sub of q.queries) {
      const s = await this.docs(sub, frame);
      acc = acc ? await this.intersect(acc, s) : s;
    }
    if (!acc || acc.size === 0) return new Set();
    const phrases = parts as PhraseMatcher[][];
    return this.keep(acc, (k) => {
      const spans = phrases.map((alternatives) => alternatives.flatMap((p) => this.spans(frame, k, p)));
      return withinDistance(spans, q.distance, q.ordered ?? false, q.minimumDistance);
    });
  }
}

/**
 * A position table's entry (term-index.ts stores what the finder gives): a word's position in
 * its text, shifted left once, with the low bit set when the word is the last of its node (a
 * JSON string, an XML text node). A phrase found at its words' positions is then known to lie
 * in one node without reading the document: measured on 100k documents, reading the text of
 * each of a common phrase's 14k matches took 14 ms of a 50 ms search.
 */
export const positionEntry = (position: number, endsItsNode: boolean): number => position * 2 + (endsItsNode ? 1 : 0);
const positionOf = (entry: number): number => entry >>> 1;
const endsNode = (entry: number): boolean => (entry & 1) === 1;

/**
 * A walk through one key's position table in ascending document order: {@link moveTo}
 * stands it on a document (its entries are then `positions[start…end)`), and
 * {@link reach} finds, for ascending positions within it, the entry of each.
 */
class PositionWalker {
  /** Where the walk is in the table's postings. */
  private at = 0;
  start = 0;
  end = 0;
  /** Where {@link reach} is among the document's positions. */
  private cursor = 0;

  constructor(readonly table: PositionTable) {}

  /** Stands on `doc` (not below the previous one); false when the key is not in it. */
  moveTo(doc: number): boolean {
    const posting = this.table.posting;
    let q = this.at;
    while (q < posting.length && posting[q] < doc) q++;
    this.at = q;
    if (q < posting.length && posting[q] === doc) {
      this.start = this.cursor = this.table.starts[q];
      this.end = this.table.starts[q + 1];
      return true;
    }
    this.start = this.end = this.cursor = 0;
    return false;
  }

  /** Back to the document's first position, for another ascending series of {@link reach}. */
  rewind(): void {
    this.cursor = this.start;
  }

  /** The document's entry for `position`, or -1 when the word is not there; asked in ascending order (since {@link moveTo} or {@link rewind}). */
  reach(position: number): number {
    const positions = this.table.positions;
    let c = this.cursor;
    while (c < this.end && positionOf(positions[c]) < position) c++;
    this.cursor = c;
    return c < this.end && positionOf(positions[c]) === position ? positions[c] : -1;
  }
}

/** The node holding word position `p` of a text: the last one starting at or before it. */
function nodeAt(text: IndexedText, p: number): number {
  let lo = 0;
  let hi = text.nodeStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (text.nodeStart[mid] <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The term-index key of a scope's name (attributes by their own name). */
export function scopeIndexKey(scope: Scope): string {
  switch (scope.kind) {
    case 'json-property':
      return scopeKey(scope.name);
    case 'element':
      return scopeKey(scope.name, scope.ns);
    case 'element-attribute':
      return scopeKey(scope.attribute.name, scope.attribute.ns, true);
  }
}

/**
 * Whether one span from each list can be chosen with all starts within `distance` words
 * (in the lists' order when `ordered`).
 */
export function withinDistance(lists: Span[][], distance: number, ordered: boolean, minimum = 0): boolean {
  if (lists.some((l) => l.length === 0)) return false;
  const pick = (i: number, chosen: Span[]): boolean => {
    if (i === lists.length) {
      const starts = chosen.map((s) => s[0]);
      const spread = Math.max(...starts) - Math.min(...starts);
      if (spread > distance || spread < minimum) return false;
      if (ordered) for (let j = 1; j < chosen.length; j++) if (chosen[j][0] <= chosen[j - 1][0]) return false;
      return true;
    }
    for (const s of lists[i]) {
      if (chosen.length > 0 && Math.abs(s[0] - chosen[0][0]) > distance) continue;
      if (pick(i + 1, [...chosen, s])) return true;
    }
    return false;
  };
  return pick(0, []);
}

function surfacePhrase(node: ContentNode, text: string, phrase: PhraseMatcher): boolean {
  if (node.kind !== 'text') return false;
  const ws = words(node.text);
  const n = phrase.words.length;
  const gaps = phrase.options.punctuationSensitive ? queryGaps(text) : undefined;
  for (let p = 0; p + n <= ws.length; p++) {
    let ok = true;
    for (let j = 0; j < n && ok; j++) ok = phrase.words[j].matchesSurface(ws[p + j].text);
    if (ok && gaps) {
      for (let j = 1; j < n && ok; j++) ok = normaliseGap(node.text.slice(ws[p + j - 1].end, ws[p + j].start)) === gaps[j - 1];
    }
    if (ok) return true;
  }
  return false;
}

/** The punctuation between a query's words, whitespace collapsed. */
function queryGaps(text: string): string[] {
  const ws = words(text);
  return ws.slice(1).map((w, i) => normaliseGap(text.slice(ws[i].end, w.start)));
}

const normaliseGap = (gap: string) => gap.replace(/\s+/g, ' ').trim();

function surfaceValue(nodeText: string, value: string, phrase: PhraseMatcher): boolean {
  const o = phrase.options;
  if (o.punctuationSensitive || o.whitespaceSensitive) {
    const a = o.whitespaceSensitive ? nodeText : nodeText.replace(/\s+/g, ' ').trim();
    const b = o.whitespaceSensitive ? value : value.replace(/\s+/g, ' ').trim();
    if (!o.punctuationSensitive) return words(a).length === phrase.words.length && surfaceWordsMatch(a, phrase);
    const fold = (s: string) => (o.caseSensitive ? s : s.toLowerCase());
    return fold(a) === fold(b) || (surfaceWordsMatch(a, phrase) && a.replace(/[\p{L}\p{N}\p{M}]+/gu, '') === b.replace(/[\p{L}\p{N}\p{M}]+/gu, ''));
  }
  return words(nodeText).length === phrase.words.length && surfaceWordsMatch(nodeText, phrase);
}

function surfaceWordsMatch(text: string, phrase: PhraseMatcher): boolean {
  const ws = words(text);
  return ws.length === phrase.words.length && ws.every((w, j) => phrase.words[j].matchesSurface(w.text));
}

function valueTextEquals(nodeText: string, value: string, exact: boolean): boolean {
  return exact ? nodeText === value : nodeText.trim() === value.trim();
}

function scalarText(text: string, value: number | boolean): boolean {
  const t = text.trim();
  if (typeof value === 'boolean') return t === String(value);
  return t !== '' && Number(t) === value;
}

export function difference<T>(a: Set<T>, b: ReadonlySet<T>): Set<T> {
  const out = new Set<T>();
  for (const x of a) if (!b.has(x)) out.add(x);
  return out;
}
