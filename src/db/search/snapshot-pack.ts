/**
 * The search snapshot's document pieces, packed into columns: every document's words,
 * nodes and metadata go into a few typed arrays and string tables instead of one object
 * graph per document. IndexedDB clones a typed array as one block of bytes but walks an
 * object graph field by field: for 100k documents that was most of a cold start (the
 * read alone took 1.7–3.3 s for 189 MB). Unpacked texts are views into the packed
 * arrays, so a start copies nothing.
 */
import type { DocumentFormat } from '../documents/types';
import type { RangeValue } from '../indexes/range-values';
import type { DocEntry, IndexedText } from './corpus';

export type SnapshotDoc = DocEntry & { properties?: IndexedText };

interface PackedTexts {
  tokenOffsets: Uint32Array;
  tokens: Uint32Array;
  nodeOffsets: Uint32Array;
  nodeStart: Uint32Array;
  nodePath: Uint32Array;
  nodeKind: Uint8Array;
  /** Scalar (number, boolean, null) node values: owner text, node index, value. */
  scalarTexts: Uint32Array;
  scalarNodes: Uint32Array;
  scalarValues: Array<number | boolean | null>;
}

interface PackedLists {
  offsets: Uint32Array;
  ids: Uint32Array;
  table: string[];
}

export interface PackedDocs {
  count: number;
  keys: Int32Array;
  uris: string[];
  formats: Uint8Array;
  mimeTypes: PackedLists;
  quality: Float64Array;
  collections: PackedLists;
  readers: PackedLists;
  content: PackedTexts;
  /** Documents (indexes into this piece) with properties, and their texts in that order. */
  propertyDocs: Uint32Array;
  properties: PackedTexts;
  /**
   * Range index keys, and for each document a bit per key it was computed for: ⌈keys/32⌉
   * words per document, document after document (one word each up to 32 keys).
   */
  rangeKeyTable: string[];
  rangeKeyMasks: Uint32Array;
  /** Range values by index key: the owning document (index into this piece) of each value. */
  ranges: Array<{ key: string; docs: Uint32Array; values: RangeValue[] }>;
}

const FORMATS: readonly DocumentFormat[] = ['json', 'xml', 'text', 'binary'];

function packTexts(texts: readonly IndexedText[]): PackedTexts {
  let tokenCount = 0;
  let nodeCount = 0;
  for (const t of texts) {
    tokenCount += t.tokens.length;
    nodeCount += t.nodeStart.length;
  }
  const out: PackedTexts = {
    tokenOffsets: new Uint32Array(texts.length + 1),
    tokens: new Uint32Array(tokenCount),
    nodeOffsets: new Uint32Array(texts.length + 1),
    nodeStart: new Uint32Array(nodeCount),
    nodePath: new Uint32Array(nodeCount),
    nodeKind: new Uint8Array(nodeCount),
    scalarTexts: new Uint32Array(0),
    scalarNodes: new Uint32Array(0),
    scalarValues: [],
  };
  const scalarTexts: number[] = [];
  const scalarNodes: number[] = [];
  let t = 0;
  let n = 0;
  texts.forEach((text, i) => {
    out.tokens.set(text.tokens, t);
    out.nodeStart.set(text.nodeStart, n);
    out.nodePath.set(text.nodePath, n);
    out.nodeKind.set(text.nodeKind, n);
    t += text.tokens.length;
    n += text.nodeStart.length;
    out.tokenOffsets[i + 1] = t;
    out.nodeOffsets[i + 1] = n;
    if (text.scalars) {
      for (const [node, value] of Object.entries(text.scalars)) {
        scalarTexts.push(i);
        scalarNodes.push(Number(node));
        out.scalarValues.push(value);
      }
    }
  });
  out.scalarTexts = Uint32Array.from(scalarTexts);
  out.scalarNodes = Uint32Array.from(scalarNodes);
  return out;
}

function unpackTexts(p: PackedTexts, count: number): IndexedText[] {
  const out: IndexedText[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      tokens: p.tokens.subarray(p.tokenOffsets[i], p.tokenOffsets[i + 1]),
      nodeStart: p.nodeStart.subarray(p.nodeOffsets[i], p.nodeOffsets[i + 1]),
      nodePath: p.nodePath.subarray(p.nodeOffsets[i], p.nodeOffsets[i + 1]),
      nodeKind: p.nodeKind.subarray(p.nodeOffsets[i], p.nodeOffsets[i + 1]),
    });
  }
  p.scalarTexts.forEach((text, j) => {
    (out[text].scalars ??= {})[p.scalarNodes[j]] = p.scalarValues[j];
  });
  return out;
}

function packLists(lists: ReadonlyArray<readonly string[]>): PackedLists {
  const table: string[] = [];
  const index = new Map<string, number>();
  const offsets = new Uint32Array(lists.length + 1);
  const ids: number[] = [];
  lists.forEach((list, i) => {
    for (const s of list) {
      let id = index.get(s);
      if (id === undefined) {
        id = table.length;
        index.set(s, id);
        table.push(s);
      }
      ids.push(id);
    }
    offsets[i + 1] = ids.length;
  });
  return { offsets, ids: Uint32Array.from(ids), table };
}

const listAt = (p: PackedLists, i: number): string[] => Array.from(p.ids.subarray(p.offsets[i], p.offsets[i + 1]), (id) => p.table[id]);

/** Mask words per document: one while the keys fit in 32 bits (the layout snapshots had before more were allowed). */
const maskWords = (keys: number): number => Math.max(1, Math.ceil(keys / 32));

export function packDocs(docs: readonly SnapshotDoc[]): PackedDocs {
  const withProps = docs.flatMap((d, i) => (d.properties ? [i] : []));
  const bitOf = new Map<string, number>();
  for (const d of docs) for (const k of d.rangeKeys ?? []) if (!bitOf.has(k)) bitOf.set(k, bitOf.size);
  const rangeKeyTable = [...bitOf.keys()];
  const words = maskWords(rangeKeyTable.length);
  const rangeKeyMasks = new Uint32Array(docs.length * words);
  const ranges = new Map<string, { docs: number[]; values: RangeValue[] }>();
  docs.forEach((d, i) => {
    for (const k of d.rangeKeys ?? []) {
      const bit = bitOf.get(k)!;
      rangeKeyMasks[i * words + (bit >>> 5)] |= 1 << (bit & 31);
    }
    for (const [key, values] of Object.entries(d.ranges ?? {})) {
      let r = ranges.get(key);
      if (!r) ranges.set(key, (r = { docs: [], values: [] }));
      for (const v of values) {
        r.docs.push(i);
        r.values.push(v);
      }
    }
  });
  return {
    count: docs.length,
    keys: Int32Array.from(docs, (d) => d.key),
    uris: docs.map((d) => d.uri),
    formats: Uint8Array.from(docs, (d) => FORMATS.indexOf(d.format)),
    mimeTypes: packLists(docs.map((d) => [d.mimeType])),
    quality: Float64Array.from(docs, (d) => d.quality),
    collections: packLists(docs.map((d) => d.collections)),
    readers: packLists(docs.map((d) => d.readers)),
    content: packTexts(docs.map((d) => d.content)),
    propertyDocs: Uint32Array.from(withProps),
    properties: packTexts(withProps.map((i) => docs[i].properties!)),
    rangeKeyTable,
    rangeKeyMasks,
    ranges: [...ranges].map(([key, r]) => ({ key, docs: Uint32Array.from(r.docs), values: r.values })),
  };
}

export function unpackDocs(p: PackedDocs): SnapshotDoc[] {
  const content = unpackTexts(p.content, p.count);
  const properties = unpackTexts(p.properties, p.propertyDocs.length);
  const docs: SnapshotDoc[] = [];
  const words = p.count > 0 ? p.rangeKeyMasks.length / p.count : 1;
  for (let i = 0; i < p.count; i++) {
    const rangeKeys = p.rangeKeyTable.filter((_, b) => (p.rangeKeyMasks[i * words + (b >>> 5)] & (1 << (b & 31))) !== 0);
    docs.push({
      key: p.keys[i],
      uri: p.uris[i],
      format: FORMATS[p.formats[i]],
      mimeType: listAt(p.mimeTypes, i)[0],
      collections: listAt(p.collections, i),
      quality: p.quality[i],
      readers: listAt(p.readers, i),
      content: content[i],
      ...(rangeKeys.length > 0 ? { rangeKeys } : {}),
    });
  }
  p.propertyDocs.forEach((doc, j) => (docs[doc].properties = properties[j]));
  for (const r of p.ranges) {
    r.docs.forEach((doc, j) => {
      const entry = docs[doc];
      ((entry.ranges ??= {})[r.key] ??= []).push(r.values[j]);
    });
  }
  return docs;
}
