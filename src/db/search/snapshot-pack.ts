/**
 * The search snapshot's document pieces, packed into columns: every document's words,
 * nodes and metadata go into a few typed arrays and string tables instead of one object
 * graph per document. IndexedDB clones a typed array as one block of bytes but walks an
 * object graph field by field: for 100k documents that was most of a cold start (the
 * read alone took 1.7–3.3 s for 189 MB).
 *
 * The forward index (the texts) is most of a piece: its word ids and node lengths and
 * paths are variable-length integers (varint.ts). The search index stores it apart
 * ({@link splitPiece}) and reads it after the first answer; it is decoded a piece at a
 * time, the first time a document of the piece needs its text (a phrase, NEAR, a scope)
 * or when the search index decodes what is left in the background. The decoded texts
 * are views into one array per piece, as before.
 */
import type { DocumentFormat } from '../documents/types';
import { NodeKind, TextsPending, type DocEntry, type IndexedText } from './corpus';
import { runAtOnce } from '../util/event-loop';
import { readVarints, varintCount, VarintWriter } from './varint';

/** Texts packed between two stops while a snapshot piece is packed. */
const TEXTS_PER_STEP = 256;

export type SnapshotDoc = DocEntry & { properties?: IndexedText };

/**
 * Texts, one after the other. A text's words are its nodes' words in order (corpus.ts
 * analyses them so), so the node lengths delimit the texts' words too.
 */
export interface PackedTexts {
  /** Every text's word ids. */
  tokens: Uint8Array;
  /** Every node's word count and path id. */
  nodes: Uint8Array;
  /** Per text, its node count. */
  nodeCounts: Uint8Array;
  nodeKind: Uint8Array;
  /**
   * The values of number nodes, in node order: a whole number n in [0, 2³¹) as 2n, any
   * other as 1 and its value next in `otherNumbers`. Boolean nodes' values are
   * `booleans` (1: true), in node order; null nodes need none.
   */
  numbers: Uint8Array;
  otherNumbers: Float64Array;
  booleans: Uint8Array;
}

/** Ids in the narrowest array that holds them. */
type NarrowIds = Uint8Array | Uint16Array | Uint32Array;

interface PackedLists {
  /** Each list's length. */
  counts: Uint8Array;
  ids: NarrowIds;
  table: string[];
}

function narrowIds(ids: readonly number[], tableSize: number): NarrowIds {
  if (tableSize <= 0x100) return Uint8Array.from(ids);
  if (tableSize <= 0x10000) return Uint16Array.from(ids);
  return Uint32Array.from(ids);
}

export interface PackedDocs {
  count: number;
  /** The documents' keys, ascending, as gaps (varint.ts). */
  keys: Uint8Array;
  /** Each URI as the length it shares with the one before (varint.ts) and the rest: URIs written together share their directories. */
  uriShared: Uint8Array;
  uriRests: string[];
  formats: Uint8Array;
  mimeTypes: PackedLists;
  /** Small whole numbers (as they nearly always are) take a byte each. */
  quality: Int8Array | Float64Array;
  collections: PackedLists;
  readers: PackedLists;
  content: PackedTexts;
  /** Documents (indexes into this piece) with properties, and their texts in that order. */
  propertyDocs: Uint32Array;
  properties: PackedTexts;
}

const FORMATS: readonly DocumentFormat[] = ['json', 'xml', 'text', 'binary'];

const SMALL_NUMBER = 2 ** 31;

/** `order`: each term id's id in the snapshot (corpus.ts `tables`); none: as they are. */
function* packTexts(texts: readonly IndexedText[], order?: Uint32Array): Generator<void, PackedTexts> {
  let nodeCount = 0;
  for (const t of texts) nodeCount += t.nodeStart.length;
  const tokens = new VarintWriter();
  const nodes = new VarintWriter();
  const nodeCounts = new VarintWriter();
  const numbers = new VarintWriter();
  const otherNumbers: number[] = [];
  const booleans: number[] = [];
  const nodeKind = new Uint8Array(nodeCount);
  let n = 0;
  let packed = 0;
  for (const text of texts) {
    if (++packed % TEXTS_PER_STEP === 0) yield;
    if (order) for (let j = 0; j < text.tokens.length; j++) tokens.write(order[text.tokens[j]]);
    else for (let j = 0; j < text.tokens.length; j++) tokens.write(text.tokens[j]);
    const count = text.nodeStart.length;
    nodeCounts.write(count);
    for (let j = 0; j < count; j++) {
      nodes.write((j + 1 < count ? text.nodeStart[j + 1] : text.tokens.length) - text.nodeStart[j]);
      nodes.write(text.nodePath[j]);
      const value = text.scalars?.[j];
      if (text.nodeKind[j] === NodeKind.number) {
        const v = value as number;
        if (Number.isInteger(v) && v >= 0 && v < SMALL_NUMBER && !Object.is(v, -0)) numbers.write(v * 2);
        else {
          numbers.write(1);
          otherNumbers.push(v);
        }
      } else if (text.nodeKind[j] === NodeKind.boolean) booleans.push(value ? 1 : 0);
    }
    nodeKind.set(text.nodeKind, n);
    n += count;
  }
  return {
    tokens: tokens.finish(),
    nodes: nodes.finish(),
    nodeCounts: nodeCounts.finish(),
    nodeKind,
    numbers: numbers.finish(),
    otherNumbers: Float64Array.from(otherNumbers),
    booleans: Uint8Array.from(booleans),
  };
}

/** Decodes every text of a piece at once: one array per column, each text a view into them. */
function unpackTexts(p: PackedTexts, count: number): IndexedText[] {
  const tokens = new Uint32Array(varintCount(p.tokens, 0, p.tokens.length));
  readVarints(p.tokens, 0, p.tokens.length, tokens);
  const nodeCount = p.nodeKind.length;
  const pairs = new Uint32Array(nodeCount * 2);
  readVarints(p.nodes, 0, p.nodes.length, pairs);
  const nodeStart = new Uint32Array(nodeCount);
  const nodePath = new Uint32Array(nodeCount);
  const nodeCounts = new Uint32Array(count);
  readVarints(p.nodeCounts, 0, p.nodeCounts.length, nodeCounts);
  const numbers = new Float64Array(varintCount(p.numbers, 0, p.numbers.length));
  readVarints(p.numbers, 0, p.numbers.length, numbers);
  let [number, other, boolean] = [0, 0, 0];
  const out: IndexedText[] = [];
  let t = 0;
  let first = 0;
  for (let i = 0; i < count; i++) {
    const end = first + nodeCounts[i];
    const textStart = t;
    let scalars: IndexedText['scalars'];
    for (let j = first; j < end; j++) {
      nodeStart[j] = t - textStart;
      t += pairs[2 * j];
      nodePath[j] = pairs[2 * j + 1];
      switch (p.nodeKind[j]) {
        case NodeKind.number: {
          const coded = numbers[number++];
          (scalars ??= {})[j - first] = coded === 1 ? p.otherNumbers[other++] : coded / 2;
          break;
        }
        case NodeKind.boolean:
          (scalars ??= {})[j - first] = p.booleans[boolean++] === 1;
          break;
        case NodeKind.null:
          (scalars ??= {})[j - first] = null;
      }
    }
    // A text's tokens are the words of its nodes, in order.
    const text: IndexedText = {
      tokens: tokens.subarray(textStart, t),
      nodeStart: nodeStart.subarray(first, end),
      nodePath: nodePath.subarray(first, end),
      nodeKind: p.nodeKind.subarray(first, end),
    };
    if (scalars) text.scalars = scalars;
    out.push(text);
    first = end;
  }
  return out;
}

function packLists(lists: ReadonlyArray<readonly string[]>): PackedLists {
  const table: string[] = [];
  const index = new Map<string, number>();
  const counts = new VarintWriter();
  const ids: number[] = [];
  lists.forEach((list) => {
    counts.write(list.length);
    for (const s of list) {
      let id = index.get(s);
      if (id === undefined) {
        id = table.length;
        index.set(s, id);
        table.push(s);
      }
      ids.push(id);
    }
  });
  return { counts: counts.finish(), ids: narrowIds(ids, table.length), table };
}

/**
 * Reads the lists back, in order. Equal lists are one array (never written: a restored
 * entry's collections and readers are replaced, not changed), so a restart makes a few
 * hundred arrays where there were 100k documents' worth.
 */
function unpackLists(p: PackedLists, count: number): string[][] {
  const counts = new Uint32Array(count);
  readVarints(p.counts, 0, p.counts.length, counts);
  const out: string[][] = [];
  const none: string[] = [];
  // Lists of one (a document's one collection, its one reader) by id; longer ones by their ids.
  const single: Array<string[] | undefined> = [];
  const longer = new Map<string, string[]>();
  let at = 0;
  for (let i = 0; i < count; i++) {
    const n = counts[i];
    let list: string[] | undefined;
    if (n === 0) list = none;
    else if (n === 1) list = single[p.ids[at]] ??= [p.table[p.ids[at]]];
    else {
      const ids = Array.from(p.ids.subarray(at, at + n));
      const key = ids.join(',');
      list = longer.get(key);
      if (!list) longer.set(key, (list = ids.map((id) => p.table[id])));
    }
    at += n;
    out.push(list);
  }
  return out;
}

function frontCoded(uris: readonly string[]): { uriShared: Uint8Array; uriRests: string[] } {
  const shared = new VarintWriter();
  const uriRests: string[] = [];
  let previous = '';
  for (const uri of uris) {
    let n = 0;
    const max = Math.min(uri.length, previous.length);
    while (n < max && uri.charCodeAt(n) === previous.charCodeAt(n)) n++;
    shared.write(n);
    uriRests.push(uri.slice(n));
    previous = uri;
  }
  return { uriShared: shared.finish(), uriRests };
}

function unfrontCoded(p: PackedIndex): string[] {
  const shared = new Uint32Array(p.count);
  readVarints(p.uriShared, 0, p.uriShared.length, shared);
  let previous = '';
  return p.uriRests.map((rest, i) => (previous = previous.slice(0, shared[i]) + rest));
}

function ascendingKeys(docs: readonly SnapshotDoc[]): Uint8Array {
  const out = new VarintWriter();
  out.writeAscending(docs.map((d) => d.key));
  return out.finish();
}

/** `order`: the snapshot's content term ids by the corpus's (see `packTexts`). */
export function packDocs(docs: readonly SnapshotDoc[], order?: Uint32Array): PackedDocs {
  return runAtOnce(packDocsSteps(docs, order));
}

/**
 * {@link packDocs}, stopping (yielding) between chunks of texts, so the snapshot lets requests
 * run while a piece is packed (search-index.ts: the corpus does not change meanwhile).
 */
export function* packDocsSteps(docs: readonly SnapshotDoc[], order?: Uint32Array): Generator<void, PackedDocs> {
  const withProps = docs.flatMap((d, i) => (d.properties ? [i] : []));
  const content = yield* packTexts(
    docs.map((d) => d.content),
    order,
  );
  const properties = yield* packTexts(withProps.map((i) => docs[i].properties!));
  return {
    count: docs.length,
    keys: ascendingKeys(docs),
    ...frontCoded(docs.map((d) => d.uri)),
    formats: Uint8Array.from(docs, (d) => FORMATS.indexOf(d.format)),
    mimeTypes: packLists(docs.map((d) => [d.mimeType])),
    quality: docs.every((d) => Number.isInteger(d.quality) && d.quality >= -128 && d.quality < 128 && !Object.is(d.quality, -0))
      ? Int8Array.from(docs, (d) => d.quality)
      : Float64Array.from(docs, (d) => d.quality),
    collections: packLists(docs.map((d) => d.collections)),
    readers: packLists(docs.map((d) => d.readers)),
    content,
    propertyDocs: Uint32Array.from(withProps),
    properties,
  };
}

/**
 * A piece's content texts: read after the rest of the snapshot (search-index.ts), then
 * decoded all at once the first time one is asked for.
 */
class PieceTexts {
  private decoded: IndexedText[] | undefined;

  constructor(
    private packed: PackedTexts | undefined,
    private readonly count: number,
  ) {}

  /** The piece's texts, read. */
  arrive(packed: PackedTexts): void {
    if (!this.decoded) this.packed = packed;
  }

  at(i: number): IndexedText {
    return this.decode()[i];
  }

  get state(): 'pending' | 'packed' | undefined {
    return this.decoded ? undefined : this.packed ? 'packed' : 'pending';
  }

  decode(): IndexedText[] {
    if (!this.decoded) {
      if (!this.packed) throw new TextsPending();
      this.decoded = unpackTexts(this.packed, this.count);
      // The bytes are not needed once decoded.
      this.packed = undefined;
    }
    return this.decoded;
  }
}

/** A restored document's entry: its text is decoded with its piece's, when first read. */
class RestoredEntry implements SnapshotDoc {
  properties?: IndexedText;

  constructor(
    readonly key: number,
    readonly uri: string,
    readonly format: DocumentFormat,
    readonly mimeType: string,
    readonly collections: string[],
    readonly quality: number,
    readonly readers: string[],
    private readonly texts: PieceTexts,
    private readonly at: number,
  ) {}

  get content(): IndexedText {
    return this.texts.at(this.at);
  }

  get textState(): 'pending' | 'packed' | undefined {
    return this.texts.state;
  }

  /** The entry as a plain one would print (its text included, the piece it comes from not). */
  toJSON(): SnapshotDoc {
    const { texts: _texts, at: _at, ...fields } = this;
    return { ...fields, content: this.content };
  }
}

/** A piece without its content texts: the snapshot stores those apart, read after the rest (search-index.ts). */
export type PackedIndex = Omit<PackedDocs, 'content'>;

/** A piece's documents without their texts, and the texts apart. */
export function splitPiece(p: PackedDocs): { index: PackedIndex; texts: PackedTexts } {
  const { content, ...index } = p;
  return { index, texts: content };
}

/**
 * A piece's entries, with texts decoded on first need; `decode` decodes them now (the
 * search index calls it in the background after a load, a piece at a time). Without its
 * texts, `arrive` gives them when read; until then a text asked for throws {@link TextsPending}.
 */
export function unpackPiece(p: PackedIndex & { content?: PackedTexts }): { docs: SnapshotDoc[]; decode: () => void; arrive: (texts: PackedTexts) => void } {
  const texts = new PieceTexts(p.content, p.count);
  const properties = unpackTexts(p.properties, p.propertyDocs.length);
  const docs: RestoredEntry[] = [];
  const keys = new Float64Array(p.count);
  readVarints(p.keys, 0, p.keys.length, keys, 0, true);
  const uris = unfrontCoded(p);
  const [mimeTypes, collections, readers] = [p.mimeTypes, p.collections, p.readers].map((lists) => unpackLists(lists, p.count));
  for (let i = 0; i < p.count; i++) docs.push(new RestoredEntry(keys[i], uris[i], FORMATS[p.formats[i]], mimeTypes[i][0], collections[i], p.quality[i], readers[i], texts, i));
  p.propertyDocs.forEach((doc, j) => (docs[doc].properties = properties[j]));
  return { docs, decode: () => void texts.decode(), arrive: (packed) => texts.arrive(packed) };
}

export function unpackDocs(p: PackedDocs): SnapshotDoc[] {
  return unpackPiece(p).docs;
}
