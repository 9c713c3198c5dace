/**
 * Who holds each embedded quad (docs/decisions/0032-embedded-triples.md): how many documents
 * embed it, and whether the graph store holds it as well. One quad may be embedded by many
 * documents, and also written through `/v1/graphs` or SPARQL Update; the engine holds it once.
 * A document's removal takes a quad out of the engine only when no other document embeds it
 * and the graph store does not hold it; a graph-store removal only when no document embeds it.
 *
 * Quads are keyed by a 64-bit hash of their terms, as MarkLogic keys its triple index by
 * 64-bit hashes: at a million quads the chance that two share one is about 3 in 100 million.
 * The table is open addressing over typed arrays (two 32-bit halves of the hash, a count and a
 * mark per slot), so a million entries take ~20 MB and no object each, and it goes into a
 * snapshot as four arrays.
 */
import type * as Oxigraph from 'oxigraph';

/** A quad's 64-bit hash as two unsigned 32-bit halves; never both 0 (the empty slot). */
export type QuadId = readonly [hi: number, lo: number];

/**
 * Changes to the table, as a log record carries them (src/db/triples/change-set.ts): per quad,
 * documents gained (or lost, negative) and what becomes of its mark (1: set, 0: cleared, −1:
 * left as it is).
 */
export interface OwnerChanges {
  hi: Uint32Array;
  lo: Uint32Array;
  docs: Int32Array;
  managed: Int8Array;
  /** Each quad's graph: an index into `graphs` (engine names, '' for the default graph). */
  graph: Uint32Array;
  graphs: string[];
}

/** The table as a snapshot keeps it: one entry per quad, in no particular order. */
export interface OwnersSnapshot {
  hi: Uint32Array;
  lo: Uint32Array;
  docs: Uint32Array;
  /** 1: the graph store holds the quad too. */
  managed: Uint8Array;
  /** How many of the quads each graph holds. */
  graphs: string[];
  graphCounts: Uint32Array;
}

/**
 * A term as the engine holds it: what an Oxigraph term has (and reading it off one costs a
 * call into the engine per field, ~20 µs a quad), or what a document's triple will be once
 * the engine reads it (embeddedTerms in ./extract.ts, plain strings).
 */
export interface TermFields {
  readonly termType: string;
  readonly value: string;
  readonly datatype?: { readonly value: string };
  readonly language?: string;
}

/** The characters a term contributes to its quad's hash: its kind, value, and a literal's datatype and language. */
function termKey(t: TermFields): string {
  switch (t.termType) {
    case 'NamedNode':
      return `N${t.value}\u0000`;
    case 'BlankNode':
      return `B${t.value}\u0000`;
    case 'Literal':
      return `L${t.value}\u0001${t.datatype?.value ?? ''}\u0001${t.language ?? ''}\u0000`;
    case 'DefaultGraph':
      return 'D\u0000';
    default:
      return `V${t.value}\u0000`;
  }
}

/**
 * The quad's id: a 64-bit hash of its terms as the engine holds them (two 32-bit lanes mixed
 * into each other at the end, after cyrb53), so the same quad has the same id whether it came
 * from a document or from the graph store.
 */
export function quadId(subject: TermFields, predicate: TermFields, object: TermFields, graph: TermFields): QuadId {
  const text = termKey(subject) + termKey(predicate) + termKey(object) + termKey(graph);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hi = h2 >>> 0;
  const lo = h1 >>> 0;
  return hi === 0 && lo === 0 ? [0, 1] : [hi, lo];
}

/** {@link quadId} of an engine quad. */
export const engineQuadId = (q: Oxigraph.Quad): QuadId => quadId(q.subject, q.predicate, q.object, q.graph);

/** A quad id as a map key. */
export const idKey = ([hi, lo]: QuadId): string => `${hi}:${lo}`;

/** Changes to the owner table in a log record's form. */
export function ownerChanges(changes: ReadonlyArray<{ id: QuadId; delta: number; mark: number; graph: string }>): OwnerChanges {
  const graphs = [...new Set(changes.map((c) => c.graph))];
  const index = new Map(graphs.map((g, i) => [g, i]));
  return {
    hi: Uint32Array.from(changes, (c) => c.id[0]),
    lo: Uint32Array.from(changes, (c) => c.id[1]),
    docs: Int32Array.from(changes, (c) => c.delta),
    managed: Int8Array.from(changes, (c) => c.mark),
    graph: Uint32Array.from(changes, (c) => index.get(c.graph)!),
    graphs,
  };
}

const MIN_CAPACITY = 16;
/** The table grows past this share of its slots taken (linear probing stays short below it). */
const MAX_LOAD = 0.6;

export class QuadOwners {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private docCounts: Uint32Array;
  private marks: Uint8Array;
  private used = 0;
  /** Quads documents embed, per graph: a graph-store change to a graph with none needs no look at this table. */
  private readonly perGraph = new Map<string, number>();

  constructor(capacity = MIN_CAPACITY) {
    let slots = MIN_CAPACITY;
    while (slots * MAX_LOAD < capacity) slots *= 2;
    this.hi = new Uint32Array(slots);
    this.lo = new Uint32Array(slots);
    this.docCounts = new Uint32Array(slots);
    this.marks = new Uint8Array(slots);
  }

  /** Quads embedded by at least one document. */
  get size(): number {
    return this.used;
  }

  /** The graphs documents' quads are in. */
  graphs(): Iterable<string> {
    return this.perGraph.keys();
  }

  /** How many quads documents embed in the graph (engine name, '' for the default graph). */
  embeddedIn(graph: string): number {
    return this.perGraph.get(graph) ?? 0;
  }

  /** How many documents embed the quad (0: none; the graph store may still hold it). */
  docs([hi, lo]: QuadId): number {
    const at = this.find(hi, lo);
    return at < 0 ? 0 : this.docCounts[at];
  }

  /** Whether only documents hold the quad: one at least embeds it, and the graph store does not hold it. */
  documentsOnly(id: QuadId): boolean {
    const at = this.find(id[0], id[1]);
    return at >= 0 && this.docCounts[at] > 0 && this.marks[at] !== 1;
  }

  /** Whether the graph store holds the quad as well as at least one document. */
  managed([hi, lo]: QuadId): boolean {
    const at = this.find(hi, lo);
    return at >= 0 && this.marks[at] === 1;
  }

  /** One more document embeds the quad (in `graph`); returns how many did before. */
  addDoc([hi, lo]: QuadId, graph: string): number {
    let at = this.find(hi, lo);
    if (at >= 0) return this.docCounts[at]++;
    this.perGraph.set(graph, this.embeddedIn(graph) + 1);
    if (this.used + 1 > this.hi.length * MAX_LOAD) this.resize(this.hi.length * 2);
    at = this.slotFor(lo);
    this.hi[at] = hi;
    this.lo[at] = lo;
    this.docCounts[at] = 1;
    this.marks[at] = 0;
    this.used++;
    return 0;
  }

  /**
   * One fewer document embeds the quad; returns how many still do. At none the entry goes,
   * and whether the graph store held the quad is returned with it (read before it went).
   */
  removeDoc([hi, lo]: QuadId, graph: string): { docs: number; managed: boolean } {
    const at = this.find(hi, lo);
    if (at < 0) throw new Error('QuadOwners.removeDoc: no document embeds this quad');
    const managed = this.marks[at] === 1;
    const docs = --this.docCounts[at];
    if (docs === 0) {
      this.clearSlot(at);
      const left = this.embeddedIn(graph) - 1;
      if (left > 0) this.perGraph.set(graph, left);
      else this.perGraph.delete(graph);
    }
    return { docs, managed };
  }

  /** Marks whether the graph store holds a quad that documents embed (it must be embedded). */
  setManaged([hi, lo]: QuadId, managed: boolean): void {
    const at = this.find(hi, lo);
    if (at < 0) throw new Error('QuadOwners.setManaged: no document embeds this quad');
    this.marks[at] = managed ? 1 : 0;
  }

  /**
   * Applies a record's changes (a write's, or one replayed on a start). A quad left with no
   * document goes, mark and all; a loss for a quad not in the table is ignored (a record
   * never holds one, and a start must not stop on it).
   */
  apply(changes: OwnerChanges): void {
    for (let i = 0; i < changes.hi.length; i++) {
      const id: QuadId = [changes.hi[i], changes.lo[i]];
      const delta = changes.docs[i];
      const mark = changes.managed[i];
      const graph = changes.graphs[changes.graph[i]] ?? '';
      for (let k = 0; k < delta; k++) this.addDoc(id, graph);
      for (let k = 0; k < -delta && this.docs(id) > 0; k++) this.removeDoc(id, graph);
      if (mark >= 0 && this.docs(id) > 0) this.setManaged(id, mark === 1);
    }
  }

  /** The entries, for a snapshot. */
  snapshot(): OwnersSnapshot {
    const out: OwnersSnapshot = {
      hi: new Uint32Array(this.used),
      lo: new Uint32Array(this.used),
      docs: new Uint32Array(this.used),
      managed: new Uint8Array(this.used),
      graphs: [...this.perGraph.keys()],
      graphCounts: Uint32Array.from(this.perGraph.values()),
    };
    let n = 0;
    for (let at = 0; at < this.hi.length; at++) {
      if (this.docCounts[at] === 0) continue;
      out.hi[n] = this.hi[at];
      out.lo[n] = this.lo[at];
      out.docs[n] = this.docCounts[at];
      out.managed[n] = this.marks[at];
      n++;
    }
    return out;
  }

  /** The table a snapshot kept; throws if its arrays do not fit together or repeat an entry. */
  static restore(s: OwnersSnapshot): QuadOwners {
    const n = s.hi.length;
    if (s.lo.length !== n || s.docs.length !== n || s.managed.length !== n || s.graphs.length !== s.graphCounts.length) throw new Error('quad owners: columns of different lengths');
    if (s.graphCounts.reduce((sum, c) => sum + c, 0) !== n) throw new Error('quad owners: the graphs do not count the entries');
    const table = new QuadOwners(n);
    for (let i = 0; i < n; i++) {
      const [hi, lo, docs] = [s.hi[i], s.lo[i], s.docs[i]];
      if (docs === 0 || (hi === 0 && lo === 0) || s.managed[i] > 1) throw new Error('quad owners: an entry without a document or an id');
      if (table.find(hi, lo) >= 0) throw new Error('quad owners: an entry twice');
      const at = table.slotFor(lo);
      table.hi[at] = hi;
      table.lo[at] = lo;
      table.docCounts[at] = docs;
      table.marks[at] = s.managed[i];
      table.used++;
    }
    s.graphs.forEach((g, i) => table.perGraph.set(g, s.graphCounts[i]));
    return table;
  }

  // ---- open addressing (linear probing) ------------------------------------------------

  private home(lo: number): number {
    return lo & (this.hi.length - 1);
  }

  /** The slot holding the quad, or −1. */
  private find(hi: number, lo: number): number {
    const mask = this.hi.length - 1;
    for (let at = this.home(lo); ; at = (at + 1) & mask) {
      if (this.docCounts[at] === 0) return -1;
      if (this.lo[at] === lo && this.hi[at] === hi) return at;
    }
  }

  /** The first free slot on the quad's probe sequence (the quad is not in the table). */
  private slotFor(lo: number): number {
    const mask = this.hi.length - 1;
    let at = this.home(lo);
    while (this.docCounts[at] !== 0) at = (at + 1) & mask;
    return at;
  }

  /** Empties a slot, moving later entries of the same run back so every probe still finds them (no tombstones). */
  private clearSlot(at: number): void {
    const mask = this.hi.length - 1;
    let hole = at;
    this.docCounts[hole] = 0;
    for (let next = (hole + 1) & mask; this.docCounts[next] !== 0; next = (next + 1) & mask) {
      const home = this.home(this.lo[next]);
      // The entry at `next` may fill the hole if its home is not in (hole, next], cyclically.
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (between) continue;
      this.hi[hole] = this.hi[next];
      this.lo[hole] = this.lo[next];
      this.docCounts[hole] = this.docCounts[next];
      this.marks[hole] = this.marks[next];
      this.docCounts[next] = 0;
      hole = next;
    }
    this.marks[hole] = 0;
    this.used--;
  }

  private resize(slots: number): void {
    const [hi, lo, docs, marks] = [this.hi, this.lo, this.docCounts, this.marks];
    this.hi = new Uint32Array(slots);
    this.lo = new Uint32Array(slots);
    this.docCounts = new Uint32Array(slots);
    this.marks = new Uint8Array(slots);
    for (let i = 0; i < hi.length; i++) {
      if (docs[i] === 0) continue;
      const at = this.slotFor(lo[i]);
      this.hi[at] = hi[i];
      this.lo[at] = lo[i];
      this.docCounts[at] = docs[i];
      this.marks[at] = marks[i];
    }
  }
}
