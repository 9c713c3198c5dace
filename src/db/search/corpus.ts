/**
 * The searchable corpus in memory: every document's entry (URI, format, collections,
 * quality, readers) and its text as a positional forward index — folded word ids in
 * document order, cut into nodes that know their path — next to the term index
 * (FlexSearch) that maps keys to documents.
 *
 * The term index finds candidates; the forward index decides what it cannot: phrases
 * and NEAR (positions), scopes (a node's path), whole values (a node's words), and term
 * frequencies for scores — without reading documents back from IndexedDB. Only
 * case-, diacritic- or punctuation-sensitive matching goes back to the stored text.
 *
 * Document properties (metadata) are a second, smaller corpus of the same shape.
 */
import type { DocumentFormat, StoredDocument } from '../documents/types';
import { contentNodes, contentNodesOf, foldKey, forEachWord, jsonNodes, stemKey, type ContentNode, type ParsedContent, type PathStep } from './analyze';
import type { Scope } from './query-model';
import { TermIndex, type RepeatedTerms, type TermIndexSnapshot } from './term-index';

/** Node kinds in {@link IndexedText.nodeKind}. */
export const NodeKind = { text: 0, number: 1, boolean: 2, null: 3 } as const;

/** A document's text as the forward index holds it. */
export interface IndexedText {
  /** Folded word ids, in document order. */
  tokens: Uint32Array;
  /** Index in `tokens` of each node's first word (nodes in document order). */
  nodeStart: Uint32Array;
  /** Path id of each node. */
  nodePath: Uint32Array;
  nodeKind: Uint8Array;
  /** Values of number, boolean and null nodes, by node index. */
  scalars?: Record<number, number | boolean | null>;
}

export interface DocEntry {
  key: number;
  uri: string;
  format: DocumentFormat;
  mimeType: string;
  collections: string[];
  quality: number;
  /** Roles that may read the document. */
  readers: string[];
  content: IndexedText;
  /**
   * A restored entry's text, until decoded (snapshot-pack.ts): `pending` while the
   * snapshot's texts are still being read (reading `content` throws {@link TextsPending}),
   * `packed` once they are (reading `content` decodes its whole piece).
   */
  readonly textState?: 'pending' | 'packed';
}

/**
 * A restored text was asked for before the snapshot's texts were read: the search index
 * reads them and runs the request again (search-index.ts).
 */
export class TextsPending extends Error {
  constructor() {
    super('the search snapshot texts are not read yet');
  }
}

/** Index keys of scopes: a property or element name (the whole path is checked in the forward index). */
export const scopeKey = (name: string, ns = '', attribute = false): string => `\u0001${attribute ? '@' : ''}${ns ? `{${ns}}` : ''}${name}`;

interface PathInfo {
  steps: PathStep[];
}

/** Texts counted between two stops while a snapshot's term index is packed. */
const TEXTS_PER_STEP = 1024;

/** Terms, paths and the term index of one corpus (content, or properties). */
export class TextCorpus {
  readonly terms = new TermIndex();
  private readonly termIds = new Map<string, number>();
  private readonly termTexts: string[] = [];
  /** Stem → the ids of the words that have it: a stemmed query looks its word up through these. */
  private readonly stemGroups = new Map<string, number[]>();
  /** Words as written → their term id: a corpus repeats its words, and folding each anew costs. */
  private readonly surfaceIds = new Map<string, number>();
  private readonly pathIds = new Map<string, number>();
  private readonly paths: PathInfo[] = [];
  /** `pathId scopeKey` → whether the path lies inside that scope. */
  private readonly scopeCache = new Map<string, boolean>();

  termId(folded: string): number {
    let id = this.termIds.get(folded);
    if (id === undefined) {
      id = this.termTexts.length;
      this.termIds.set(folded, id);
      this.termTexts.push(folded);
      const stem = stemKey(folded);
      const group = this.stemGroups.get(stem);
      if (group) group.push(id);
      else this.stemGroups.set(stem, [id]);
    }
    return id;
  }

  /** The term id of a word as written (folded on first sight). */
  wordId(surface: string): number {
    let id = this.surfaceIds.get(surface);
    if (id === undefined) {
      id = this.termId(foldKey(surface));
      if (this.surfaceIds.size >= 500_000) this.surfaceIds.clear();
      this.surfaceIds.set(surface, id);
    }
    return id;
  }

  /** The ids of the words (ever indexed) whose stem is `stem`. */
  wordsWithStem(stem: string): readonly number[] {
    return this.stemGroups.get(stem) ?? [];
  }

  /** The id of a folded word, if any document ever had it. */
  knownTerm(folded: string): number | undefined {
    return this.termIds.get(folded);
  }

  termText(id: number): string {
    return this.termTexts[id];
  }

  get termCount(): number {
    return this.termTexts.length;
  }

  pathId(steps: PathStep[]): number {
    // JSON steps have no namespace at all; XML steps have one, possibly empty: a JSON
    // property and an XML element of the same name are different paths.
    const key = steps.map((s) => `${s.attribute ? '@' : ''}${s.ns === undefined ? '#' : `{${s.ns}}`}${s.name}`).join('/');
    let id = this.pathIds.get(key);
    if (id === undefined) {
      id = this.paths.length;
      this.pathIds.set(key, id);
      this.paths.push({ steps: steps.map((s) => ({ name: s.name, ns: s.ns, attribute: s.attribute })) });
    }
    return id;
  }

  pathSteps(id: number): PathStep[] {
    return this.paths[id].steps;
  }

  /**
   * Whether a node with this path lies inside `scope`: some element or property step
   * (not an attribute) of the path is the scope's; for an attribute scope, the node is
   * that attribute of that element. `exact`: the node is the scope's own value (the
   * last step), as value queries need.
   */
  inScope(pathId: number, scope: Scope, exact: boolean): boolean {
    const cacheKey = `${pathId} ${exact ? 1 : 0} ${JSON.stringify(scope)}`;
    let hit = this.scopeCache.get(cacheKey);
    if (hit === undefined) {
      hit = pathInScope(this.paths[pathId].steps, scope, exact);
      if (this.scopeCache.size > 100_000) this.scopeCache.clear();
      this.scopeCache.set(cacheKey, hit);
    }
    return hit;
  }

  /** The forward-index form of some content nodes, and the term-index keys they give. */
  analyse(nodes: ContentNode[]): { text: IndexedText; keys: Set<string> } {
    const tokens: number[] = [];
    const nodeStart = new Uint32Array(nodes.length);
    const nodePath = new Uint32Array(nodes.length);
    const nodeKind = new Uint8Array(nodes.length);
    let scalars: Record<number, number | boolean | null> | undefined;
    const keys = new Set<string>();
    nodes.forEach((node, i) => {
      nodeStart[i] = tokens.length;
      nodePath[i] = this.pathId(node.path);
      nodeKind[i] = NodeKind[node.kind];
      for (const step of node.path) keys.add(scopeKey(step.name, step.ns, step.attribute));
      if (node.kind !== 'text') {
        (scalars ??= {})[i] = node.kind === 'null' ? null : node.value;
        // Numbers and booleans are values, not words: MarkLogic's word queries do not see them.
        return;
      }
      // Words only: a stemmed search finds a word's variants through the stem groups.
      forEachWord(node.text, (w) => {
        const id = this.wordId(w);
        tokens.push(id);
        keys.add(this.termTexts[id]);
      });
    });
    const text: IndexedText = { tokens: Uint32Array.from(tokens), nodeStart, nodePath, nodeKind };
    if (scalars) text.scalars = scalars;
    return { text, keys };
  }

  /** The term-index keys of an analysed text (its distinct words and the names on its paths), as {@link analyse} gave them. */
  keysOf(text: IndexedText): Set<string> {
    const keys = new Set<string>();
    const seen = new Set<number>();
    for (const id of text.tokens) {
      if (seen.has(id)) continue;
      seen.add(id);
      keys.add(this.termTexts[id]);
    }
    const paths = new Set(text.nodePath);
    for (const p of paths) for (const step of this.paths[p].steps) keys.add(scopeKey(step.name, step.ns, step.attribute));
    return keys;
  }

  /**
   * The term index packed for a snapshot, with the term frequencies above one counted from
   * `texts` (every indexed text, by document key, ascending): a generator that stops between
   * chunks of texts and of keys, so the snapshot lets requests run (search-index.ts).
   */
  *termSnapshot(texts: Iterable<[number, IndexedText]>): Generator<void, { terms: TermIndexSnapshot; order: Uint32Array }> {
    const counts = new Uint32Array(this.termCount);
    const totals = new Float64Array(this.termCount);
    const repeated = new Map<number, { docs: number[]; counts: number[] }>();
    let walked = 0;
    for (const [doc, text] of texts) {
      if (++walked % TEXTS_PER_STEP === 0) yield;
      const tokens = text.tokens;
      for (let i = 0; i < tokens.length; i++) counts[tokens[i]]++;
      for (let i = 0; i < tokens.length; i++) {
        const id = tokens[i];
        const n = counts[id];
        if (n === 0) continue;
        counts[id] = 0;
        totals[id] += n;
        if (n === 1) continue;
        let r = repeated.get(id);
        if (!r) repeated.set(id, (r = { docs: [], counts: [] }));
        r.docs.push(doc);
        r.counts.push(n);
      }
    }
    const byKey = new Map<string, RepeatedTerms>();
    for (const [id, r] of repeated) byKey.set(this.termTexts[id], r);
    // The most frequent words first: their ids are the small ones, a byte each in the texts (varint.ts).
    const byFrequency = Array.from(totals.keys()).sort((a, b) => totals[b] - totals[a] || a - b);
    const order = new Uint32Array(this.termCount);
    byFrequency.forEach((id, position) => (order[id] = position));
    return { terms: yield* this.terms.snapshotSteps((key) => byKey.get(key)), order };
  }

  /**
   * Tables to persist with a snapshot (the term index is persisted on its own); `order`:
   * each term id's id in the snapshot (the texts are packed with the same order).
   */
  tables(order?: Uint32Array): { terms: string[]; paths: PathStep[][] } {
    const terms = [...this.termTexts];
    if (order) this.termTexts.forEach((t, id) => (terms[order[id]] = t));
    return { terms, paths: this.paths.map((p) => p.steps) };
  }

  restoreTables(tables: { terms: string[]; paths: PathStep[][] }, terms: TermIndexSnapshot, docs: Iterable<number>): void {
    tables.terms.forEach((t) => this.termId(t));
    tables.paths.forEach((p) => this.pathId(p));
    this.terms.restore(terms, docs);
  }
}

function pathInScope(steps: PathStep[], scope: Scope, exact: boolean): boolean {
  const last = steps[steps.length - 1];
  switch (scope.kind) {
    case 'json-property':
    case 'element': {
      // json-property scopes see JSON documents (and properties), element scopes XML, as in MarkLogic.
      const is =
        scope.kind === 'json-property'
          ? (s: PathStep) => s.ns === undefined && s.name === scope.name
          : (s: PathStep) => !s.attribute && s.ns !== undefined && s.name === scope.name && s.ns === scope.ns;
      if (exact) return last !== undefined && is(last);
      return steps.some(is);
    }
    case 'element-attribute': {
      if (!last?.attribute || last.name !== scope.attribute.name || last.ns !== scope.attribute.ns) return false;
      const owner = steps[steps.length - 2];
      return owner !== undefined && owner.name === scope.element.name && owner.ns === scope.element.ns;
    }
  }
}

/** Number of nodes of an indexed text. */
export const nodeCount = (t: IndexedText): number => t.nodeStart.length;

/** Token range [start, end) of node `i`. */
export function nodeTokens(t: IndexedText, i: number): [number, number] {
  return [t.nodeStart[i], nodeEnd(t, i)];
}

/** Where node `i`'s words end (exclusive), without the pair {@link nodeTokens} allocates: for hot loops. */
export function nodeEnd(t: IndexedText, i: number): number {
  return i + 1 < t.nodeStart.length ? t.nodeStart[i + 1] : t.tokens.length;
}

/**
 * The documents: entries by key and URI, the content corpus and the properties corpus,
 * and the collection lexicon. Keys are small integers (the term index's ids), never reused.
 */
export class Corpus {
  readonly content = new TextCorpus();
  readonly properties = new TextCorpus();
  private readonly entries: Array<DocEntry | undefined> = [];
  private readonly byUri = new Map<string, number>();
  /** Properties forward index, by document key (only documents with properties). */
  private readonly propertyTexts = new Map<number, IndexedText>();
  private readonly collections = new Map<string, Set<number>>();
  private live = 0;
  /** Documents whose quality is not 0. */
  private qualified = 0;
  /**
   * Restored documents removed before their texts were read: their words are not known yet,
   * so the term index hides them until {@link restoredTextsArrived} removes them for good.
   */
  private readonly unremoved: DocEntry[] = [];
  /** Live documents by format: lets a reader skip filtering by format when every document has it. */
  private readonly perFormat = new Map<DocumentFormat, number>();
  /**
   * Open transactions' uncommitted documents (docs/decisions/0033-transactions.md): per
   * transaction, each URI it changed → the key of its private entry (undefined: it deleted
   * the document). Private entries are indexed like any other, but not by URI, and only
   * their transaction sees them ({@link visibility}); no snapshot is written while any exist.
   */
  private readonly staged = new Map<string, Map<string, number | undefined>>();
  /** Private entry key → its transaction. */
  private readonly owners = new Map<number, string>();

  get size(): number {
    return this.live;
  }

  /** How many live documents are of `format`. */
  countOf(format: DocumentFormat): number {
    return this.perFormat.get(format) ?? 0;
  }

  private counted(format: DocumentFormat, by: 1 | -1): void {
    this.perFormat.set(format, this.countOf(format) + by);
  }

  entry(key: number): DocEntry | undefined {
    return this.entries[key];
  }

  /**
   * Whether any document has a quality other than 0. Until one has, a search's quality term is
   * 0 for every match and needs no look at them: reading each match's entry for its quality
   * took 3.4 ms of a 14k-match search (100k documents), the entries being scattered in memory.
   */
  anyQuality(): boolean {
    return this.qualified > 0;
  }

  keyOf(uri: string): number | undefined {
    return this.byUri.get(uri);
  }

  propertiesOf(key: number): IndexedText | undefined {
    return this.propertyTexts.get(key);
  }

  /** Every document key is below this. */
  get keyLimit(): number {
    return this.entries.length;
  }

  /** Every live document key, ascending. */
  *keys(): Generator<number> {
    for (let k = 0; k < this.entries.length; k++) if (this.entries[k]) yield k;
  }

  collection(uri: string): ReadonlySet<number> {
    return this.collections.get(uri) ?? new Set();
  }

  collectionNames(): string[] {
    return [...this.collections.keys()];
  }

  /** Indexes a document (new, or replacing its previous entry); `parsed`: its content already parsed. */
  put(doc: StoredDocument, parsed: ParsedContent | null = null): DocEntry {
    this.remove(doc.uri);
    const entry = this.add(doc, parsed);
    this.byUri.set(doc.uri, entry.key);
    return entry;
  }

  /**
   * A transaction's uncommitted state of `uri` (null: deleted) as only that transaction sees
   * it, replacing what it staged for `uri` before: the private entry made, if any, and the key
   * of the one it replaced.
   */
  stage(txid: string, uri: string, doc: StoredDocument | null, parsed: ParsedContent | null = null): { entry?: DocEntry; replaced?: number } {
    let mine = this.staged.get(txid);
    if (!mine) this.staged.set(txid, (mine = new Map()));
    const replaced = mine.get(uri);
    if (replaced !== undefined) this.removeKey(replaced);
    if (!doc) {
      mine.set(uri, undefined);
      return { replaced };
    }
    const entry = this.add(doc, parsed);
    this.owners.set(entry.key, txid);
    mine.set(uri, entry.key);
    return { entry, replaced };
  }

  /** A transaction ended: its private entries go (the keys removed, for the range indexes to forget). */
  unstage(txid: string): number[] {
    const mine = this.staged.get(txid);
    if (!mine) return [];
    this.staged.delete(txid);
    const removed: number[] = [];
    for (const key of mine.values()) {
      if (key === undefined) continue;
      this.removeKey(key);
      removed.push(key);
    }
    return removed;
  }

  /** Whether any transaction has uncommitted documents here. */
  get anyStaged(): boolean {
    return this.staged.size > 0;
  }

  /**
   * Which entries a reader sees — outside any transaction, the committed ones; inside one,
   * its own private entries and the committed ones it did not change — or undefined when
   * every entry is seen (no transaction has staged anything), so readers need not ask.
   */
  visibility(txid?: string): ((key: number) => boolean) | undefined {
    if (this.staged.size === 0) return undefined;
    const mine = txid === undefined ? undefined : this.staged.get(txid);
    return (key) => {
      const owner = this.owners.get(key);
      if (owner !== undefined) return owner === txid;
      return mine === undefined || !mine.has(this.entries[key]!.uri);
    };
  }

  private add(doc: StoredDocument, parsed: ParsedContent | null): DocEntry {
    const key = this.entries.length;
    const { text, keys } = this.content.analyse(safeNodes(doc, parsed));
    const entry: DocEntry = {
      key,
      uri: doc.uri,
      format: doc.format,
      mimeType: doc.mimeType,
      collections: [...doc.metadata.collections],
      quality: doc.metadata.quality,
      readers: doc.readers ?? doc.metadata.permissions.filter((p) => p.capabilities.includes('read')).map((p) => p['role-name']),
      content: text,
    };
    this.entries[key] = entry;
    this.live++;
    this.counted(entry.format, 1);
    if (entry.quality !== 0) this.qualified++;
    this.content.terms.add(key, keys);
    for (const c of entry.collections) {
      let set = this.collections.get(c);
      if (!set) this.collections.set(c, (set = new Set()));
      set.add(key);
    }
    const props = doc.metadata.properties;
    if (props && Object.keys(props).length > 0) {
      const analysed = this.properties.analyse(jsonNodes(props));
      this.propertyTexts.set(key, analysed.text);
      this.properties.terms.add(key, analysed.keys);
    }
    return entry;
  }

  /** Forgets a document; false when it was not indexed. */
  remove(uri: string): boolean {
    const key = this.byUri.get(uri);
    if (key === undefined) return false;
    this.removeKey(key);
    this.byUri.delete(uri);
    return true;
  }

  private removeKey(key: number): void {
    const entry = this.entries[key]!;
    this.owners.delete(key);
    if (entry.textState === 'pending') {
      this.content.terms.hide(key);
      this.unremoved.push(entry);
    } else this.content.terms.remove(key, this.content.keysOf(entry.content));
    const props = this.propertyTexts.get(key);
    if (props) {
      this.properties.terms.remove(key, this.properties.keysOf(props));
      this.propertyTexts.delete(key);
    }
    for (const c of entry.collections) {
      const set = this.collections.get(c);
      set?.delete(key);
      if (set?.size === 0) this.collections.delete(c);
    }
    this.entries[key] = undefined;
    this.live--;
    this.counted(entry.format, -1);
    if (entry.quality !== 0) this.qualified--;
  }

  /**
   * The term indexes packed for a snapshot (after {@link dump}: every text is decoded by
   * then), and the order of the content's term ids in it (see {@link TextCorpus.tables}).
   */
  *termSnapshots(): Generator<void, { content: TermIndexSnapshot; properties: TermIndexSnapshot; contentOrder: Uint32Array }> {
    const content: Array<[number, IndexedText]> = [];
    for (const e of this.entries) if (e) content.push([e.key, e.content]);
    const properties = [...this.propertyTexts].sort((a, b) => a[0] - b[0]);
    const c = yield* this.content.termSnapshot(content);
    return { content: c.terms, properties: (yield* this.properties.termSnapshot(properties)).terms, contentOrder: c.order };
  }

  /** The snapshot's texts are read: the documents removed before are taken out of the term index. */
  restoredTextsArrived(): void {
    for (const entry of this.unremoved.splice(0)) {
      this.content.terms.remove(entry.key, this.content.keysOf(entry.content));
      this.content.terms.unhide(entry.key);
    }
  }

  /** Every restored text is decoded: term frequencies are counted from the texts again. */
  restoredTextsDecoded(): void {
    this.content.terms.forgetRestoredFrequencies();
  }

  /** Everything but the term indexes, for a snapshot. */
  dump(contentOrder?: Uint32Array): CorpusDump {
    const docs: CorpusDump['docs'] = [];
    for (const e of this.entries) {
      if (!e) continue;
      // Named, not spread: a restored entry's text is a getter (snapshot-pack.ts).
      const { key, uri, format, mimeType, collections, quality, readers, content } = e;
      docs.push({ key, uri, format, mimeType, collections, quality, readers, content, properties: this.propertyTexts.get(key) });
    }
    return { next: this.entries.length, docs, content: this.content.tables(contentOrder), properties: this.properties.tables() };
  }

  /** Loads a snapshot into this (empty) corpus. */
  restore(dump: CorpusDump, terms: { content: TermIndexSnapshot; properties: TermIndexSnapshot }): void {
    this.content.restoreTables(dump.content, terms.content, dump.docs.map((d) => d.key));
    this.properties.restoreTables(dump.properties, terms.properties, dump.docs.flatMap((d) => (d.properties ? [d.key] : [])));
    this.entries.length = dump.next;
    for (const entry of dump.docs) {
      // Kept as it is, not copied: a restored entry decodes its text when first read (snapshot-pack.ts).
      const properties = entry.properties;
      // Cleared, not deleted: deleting a field of a restored entry turns it into a slow dictionary object.
      if (properties) entry.properties = undefined;
      this.entries[entry.key] = entry;
      this.byUri.set(entry.uri, entry.key);
      this.live++;
      this.counted(entry.format, 1);
      if (entry.quality !== 0) this.qualified++;
      if (properties) this.propertyTexts.set(entry.key, properties);
      for (const c of entry.collections) {
        let set = this.collections.get(c);
        if (!set) this.collections.set(c, (set = new Set()));
        set.add(entry.key);
      }
    }
  }
}

export interface CorpusDump {
  next: number;
  docs: Array<DocEntry & { properties?: IndexedText }>;
  content: { terms: string[]; paths: PathStep[][] };
  properties: { terms: string[]; paths: PathStep[][] };
}

/** A document whose content cannot be analysed (never expected: writes check it) is indexed by its metadata only. */
function safeNodes(doc: StoredDocument, parsed: ParsedContent | null): ContentNode[] {
  try {
    return parsed === null || parsed === undefined ? contentNodes(doc) : contentNodesOf(parsed);
  } catch (e) {
    console.error(`[tabula] search could not analyse ${doc.uri}; it is found by metadata only`, e);
    return [];
  }
}
