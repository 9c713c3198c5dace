/**
 * One request's changes to the in-memory store, applied as they are made (later
 * operations of a request see earlier ones), with what it takes to undo them and the
 * net change the durable log records.
 *
 * A log entry replays in a fixed order: empty the `cleared` graphs, remove `removed`,
 * add `added`. Quads changed one by one are tracked as a net delta; a graph emptied
 * wholesale is logged by name, not quad by quad (DROP ALL on a million triples logs
 * the graph names only); a bulk load is logged as the payload itself when it has no
 * blank nodes, else as the graph's final content.
 */
import type * as Oxigraph from 'oxigraph';
import { DEFAULT_KEY, keyOfTerm, termOfKey, type GraphKey } from './graph-names';
import { linePieces, loadKeepingLabels, toNQuads } from './nquads';
import { engineQuadId, idKey, ownerChanges, type OwnerChanges, type QuadId, type QuadOwners } from './embedded/quad-owners';
import type { EmbeddedReaders, ReaderChanges } from './embedded/readers';

type OxigraphModule = typeof Oxigraph;
type GraphTerm = Oxigraph.NamedNode | Oxigraph.DefaultGraph;

/** Quads added by a log entry. */
export interface AddedSection {
  /** With `graph`: the triples of that graph; without: quads naming their graphs. */
  graph?: GraphKey;
  /** Text, or (a logged payload sent as ASCII bytes) its UTF-8 bytes. */
  text: string | Uint8Array;
  /**
   * Absent: N-Triples / N-Quads in the engine's spelling, blank-node labels kept.
   * Present: a payload without blank nodes exactly as the client sent it, in this
   * format and with this base IRI (deterministic to load again).
   */
  format?: string;
  base?: string;
}

/** One committed change, as stored in `triples-log`; every string in the engine's spelling. */
export interface LogEntry {
  /** Graphs emptied first. */
  cleared: GraphKey[];
  /** N-Quads removed next. */
  removed: string;
  /** Then added. */
  added: AddedSection[];
  /**
   * A document write's changes to who holds each embedded quad (docs/decisions/0032-embedded-triples.md);
   * the quads themselves are in `removed` and `added` like any other change.
   */
  owners?: OwnerChanges;
  /** A document write's changes to who may read the documents holding triples (./embedded/readers.ts). */
  readers?: ReaderChanges;
}

export const entrySize = (e: LogEntry): number => e.removed.length + e.added.reduce((n, a) => n + a.text.length, 0);

/**
 * The most a log record holds, in serialized bytes (a string counts two a character, as V8
 * may write it): Chromium refuses a value past 127 MiB by aborting the whole transaction
 * (measured: "The serialized keys and/or value are too large (size=…, max=133169152)"), which
 * a bulk load of a downloaded dataset in one request passes.
 */
export const MAX_LOG_RECORD_BYTES = 64 * 1024 * 1024;

/**
 * Bytes in a buffer of their own: IndexedDB clones a view's whole buffer, so a 64 MB slice of
 * a 220 MB body would be stored — and refused — as 220 MB.
 */
const ownBuffer = (text: string | Uint8Array): string | Uint8Array =>
  typeof text === 'string' || (text.byteOffset === 0 && text.byteLength === text.buffer.byteLength) ? text : text.slice();

const recordBytes = (text: string | Uint8Array): number => (typeof text === 'string' ? text.length * 2 : text.length);

/**
 * An entry as the records it is stored in, in replay order: the first clears and removes
 * and adds what fits; the others add the rest. An added text larger than a record is cut at
 * line ends — every added text is line-based (N-Triples/N-Quads as sent, or the engine's
 * own), and its lines load the same in any grouping. What `removed` holds stays in the first.
 */
export function logRecords(entry: LogEntry, maxBytes = MAX_LOG_RECORD_BYTES): LogEntry[] {
  const records: LogEntry[] = [
    { cleared: entry.cleared, removed: entry.removed, added: [], ...(entry.owners ? { owners: entry.owners } : {}), ...(entry.readers ? { readers: entry.readers } : {}) },
  ];
  let size = recordBytes(entry.removed);
  for (const section of entry.added) {
    const slice = typeof section.text === 'string' ? Math.floor(maxBytes / 2) : maxBytes;
    for (const text of linePieces(section.text, slice)) {
      const bytes = recordBytes(text);
      if (size > 0 && size + bytes > maxBytes) {
        records.push({ cleared: [], removed: '', added: [] });
        size = 0;
      }
      records[records.length - 1].added.push({ ...section, text: ownBuffer(text) });
      size += bytes;
    }
  }
  return records;
}

/** An added section as stored: bytes go to IndexedDB as a Blob. */
export interface StoredAddedSection extends Omit<AddedSection, 'text'> {
  text: string | Uint8Array | Blob;
}

/** A `triples-log` record: a {@link LogEntry} whose bytes are stored as Blobs (older records hold them as bytes). */
export interface StoredLogEntry extends Omit<LogEntry, 'added'> {
  added: StoredAddedSection[];
}

/**
 * A record as it is written: bytes (a bulk load logged as sent) as a Blob. IndexedDB takes
 * a Blob by reference, where it serialises bytes on the worker's thread as part of `add`
 * (profiled: ~0.1 s for a 50k-triple request, ~0.4 s for 250k; the engine's load of the
 * same request takes a few times that).
 */
export const storedRecord = (record: LogEntry): StoredLogEntry => ({
  ...record,
  added: record.added.map((section) => (typeof section.text === 'string' ? section : { ...section, text: new Blob([section.text as Uint8Array<ArrayBuffer>]) })),
});

/** A stored record with its Blobs read back as bytes, ready to replay. */
export async function readRecord(record: StoredLogEntry): Promise<LogEntry> {
  if (!record.added.some((section) => section.text instanceof Blob)) return record as LogEntry;
  const added = await Promise.all(
    record.added.map(async (section) => ({ ...section, text: section.text instanceof Blob ? new Uint8Array(await section.text.arrayBuffer()) : section.text })),
  );
  return { ...record, added };
}

/**
 * Replays a committed change on a store (start-up), and on the owner and reader tables when
 * they are kept (the engine host's replica keeps neither: it only mirrors the quads).
 * Deterministic: labels are kept.
 */
export function replayEntry(ox: OxigraphModule, store: Oxigraph.Store, entry: LogEntry, owners?: QuadOwners, readers?: EmbeddedReaders): void {
  for (const key of entry.cleared) clearGraph(store, key);
  if (entry.removed) for (const q of ox.parse(entry.removed, { format: 'application/n-quads' })) store.delete(q);
  for (const { graph, text, format, base } of entry.added) {
    const target = graph === undefined ? undefined : termOfKey(ox, graph);
    // Lenient where the text is line-based and was loaded with the full checks when it was
    // written: the checks cannot find anything new, and skipping them makes a replay a
    // quarter faster (docs/decisions/0027-triple-cold-start.md).
    if (format === undefined) loadKeepingLabels(ox, store, text, { graph: target, lenient: true });
    else if (format === 'application/n-triples' || format === 'application/n-quads') {
      const options = target ? { format, base_iri: base, to_graph_name: target, lenient: true } : { format, base_iri: base, lenient: true };
      for (const piece of linePieces(text, LOAD_SLICE_BYTES)) store.load(piece, options);
    } else store.load(text, target ? { format, base_iri: base, to_graph_name: target } : { format, base_iri: base });
  }
  if (entry.owners && owners) owners.apply(entry.owners);
  if (entry.readers && readers) readers.apply(entry.readers);
}

/** Empties a graph (Oxigraph keeps a named graph's existence; see {@link setGraphExists}). */
export function clearGraph(store: Oxigraph.Store, key: GraphKey): void {
  store.update(key === DEFAULT_KEY ? 'CLEAR DEFAULT' : `CLEAR SILENT GRAPH <${key}>`);
}

/**
 * Adds or removes a named graph in Oxigraph's set of graphs (GRAPH ?g sees empty ones too).
 * A graph is only ever removed once emptied of what the graph store held: quads it still
 * holds are documents' (docs/decisions/0032-embedded-triples.md), and it stays with them.
 */
export function setGraphExists(store: Oxigraph.Store, key: GraphKey, exists: boolean): void {
  if (key === DEFAULT_KEY) return;
  if (!exists && store.query(`ASK { GRAPH <${key}> { ?s ?p ?o } }`)) return;
  store.update(exists ? `CREATE SILENT GRAPH <${key}>` : `DROP SILENT GRAPH <${key}>`);
}

export function graphIsEmpty(ox: OxigraphModule, store: Oxigraph.Store, key: GraphKey): boolean {
  return !store.query('ASK { ?s ?p ?o }', { default_graph: termOfKey(ox, key) });
}

const quadKey = (q: Oxigraph.Quad): string => q.toString();

/** Bytes of a logged payload handed to the engine per call. */
const LOAD_SLICE_BYTES = 8 * 1024 * 1024;


interface LoggedLoad extends AddedSection {
  /** Every graph the payload has triples in. */
  graphs: GraphKey[];
}

export class ChangeSet {
  private readonly undo: Array<() => void> = [];
  private readonly added = new Map<string, Oxigraph.Quad>();
  private readonly removed = new Map<string, Oxigraph.Quad>();
  private readonly cleared = new Set<GraphKey>();
  /** Graphs logged by their final content (dumped when the entry is made). */
  private readonly dumped = new Set<GraphKey>();
  private readonly loads: LoggedLoad[] = [];
  /** False once a change was made that cannot be undone quad by quad. */
  private reversible = true;
  private dirty = false;
  /**
   * Quads documents embed whose mark this change set sets (1: the graph store holds it too)
   * or clears (0), applied to the owner table once committed (docs/decisions/0032-embedded-triples.md).
   */
  private readonly marks = new Map<string, { id: QuadId; mark: number; graph: GraphKey }>();

  constructor(
    readonly ox: OxigraphModule,
    readonly store: Oxigraph.Store,
    /** Who holds each embedded quad; absent or empty: no document embeds any. */
    private readonly owners?: QuadOwners,
  ) {}

  /**
   * Whether documents embed the quad, with its mark as this change set leaves it. Asked of
   * the owner table only for graphs documents put quads in (reading a quad's terms off the
   * engine costs ~20 µs).
   */
  private embedded(q: Oxigraph.Quad): { id: QuadId; managed: boolean } | undefined {
    const graph = keyOfTerm(q.graph);
    if (!this.owners || this.owners.embeddedIn(graph) === 0) return undefined;
    const id = engineQuadId(q);
    if (this.owners.docs(id) === 0) return undefined;
    const pending = this.marks.get(idKey(id));
    return { id, managed: pending ? pending.mark === 1 : this.owners.managed(id) };
  }

  private mark(id: QuadId, mark: number, graph: GraphKey): void {
    this.marks.set(idKey(id), { id, mark, graph });
    this.dirty = true;
  }

  /** After a bulk load into graphs documents put quads in: the documents' quads the payload holds too are marked. */
  private markLoaded(graphs: readonly GraphKey[], text: string | Uint8Array, options: { format: string; base_iri?: string; to_graph_name?: GraphTerm }): void {
    const shared = graphs.filter((g) => this.owners && this.owners.embeddedIn(g) > 0);
    if (shared.length === 0) return;
    const scratch = new this.ox.Store();
    try {
      scratch.load(text, options);
      for (const key of shared) {
        for (const q of this.store.match(null, null, null, termOfKey(this.ox, key))) {
          const e = this.embedded(q);
          if (e && !e.managed && scratch.has(q)) this.mark(e.id, 1, key);
        }
      }
    } finally {
      (scratch as { free?: () => void }).free?.();
    }
  }

  get changed(): boolean {
    return this.dirty;
  }

  has(q: Oxigraph.Quad): boolean {
    return this.store.has(q);
  }

  /**
   * Adds a quad; false when it was already there. A quad documents embed is marked as the
   * graph store's too — also when it was out of the store for this write, hidden from a user
   * who may not read those documents (./embedded/hidden.ts): it is put back after the write.
   */
  add(q: Oxigraph.Quad): boolean {
    const e = this.embedded(q);
    if (e && !e.managed) this.mark(e.id, 1, keyOfTerm(q.graph));
    if (this.store.has(q)) return false;
    this.store.add(q);
    this.undo.push(() => this.store.delete(q));
    this.dirty = true;
    if (!this.dumped.has(keyOfTerm(q.graph))) {
      const k = quadKey(q);
      if (!this.removed.delete(k)) this.added.set(k, q);
    }
    return true;
  }

  /**
   * Removes a quad; false when it was not there. A quad documents embed stays: the graph
   * store lets go of it (unmarked), as SPARQL Update never changes a document's triples.
   */
  delete(q: Oxigraph.Quad): boolean {
    if (!this.store.has(q)) return false;
    const e = this.embedded(q);
    if (e) {
      if (e.managed) this.mark(e.id, 0, keyOfTerm(q.graph));
      return e.managed;
    }
    this.store.delete(q);
    this.undo.push(() => this.store.add(q));
    this.dirty = true;
    const key = keyOfTerm(q.graph);
    // A logged payload would add the quad back on replay: log that graph by content instead.
    if (this.loads.some((l) => l.graphs.includes(key))) this.dumpAtEnd(key);
    if (!this.dumped.has(key)) {
      const k = quadKey(q);
      if (!this.added.delete(k)) this.removed.set(k, q);
    }
    return true;
  }

  /** Empties a graph; its previous content is kept as text to undo with. */
  clear(key: GraphKey): void {
    const graph = termOfKey(this.ox, key);
    const documents = this.owners !== undefined && this.owners.embeddedIn(key) > 0;
    const before = this.reversible || documents ? this.store.dump({ format: 'application/n-triples', from_graph_name: graph }) : '';
    clearGraph(this.store, key);
    if (this.reversible) this.undo.push(() => loadKeepingLabels(this.ox, this.store, before, { graph }));
    this.cleared.add(key);
    this.forget(key);
    // Empty now: what follows is tracked quad by quad again.
    this.dumped.delete(key);
    if (before !== '' || !this.reversible) this.dirty = true;
    if (documents) this.keepDocuments(key, before);
  }

  /**
   * After a graph was emptied: the quads documents embed in it go back, no longer the graph
   * store's, and are logged as added after the clear (a replay clears, then adds them).
   */
  private keepDocuments(key: GraphKey, before: string): void {
    const graph = termOfKey(this.ox, key);
    for (const t of this.ox.parse(before, { format: 'application/n-triples' }) as Oxigraph.Quad[]) {
      const q = this.ox.quad(t.subject, t.predicate, t.object, graph);
      const id = engineQuadId(q);
      if (this.owners!.docs(id) === 0) continue;
      this.store.add(q);
      this.undo.push(() => this.store.delete(q));
      this.added.set(quadKey(q), q);
      this.mark(id, 0, key);
    }
  }

  /**
   * Loads a payload whose target graphs are all empty (new, or just cleared): one fast
   * `Store.load`, undone by emptying those graphs again, logged by the graphs' final
   * content. With `to_graph_name`, triples go to that graph; without, the payload names
   * its graphs (N-Quads, TriG) and `graphs` lists every one. Parse errors throw before
   * anything is stored (`load` is transactional).
   */
  loadInto(graphs: readonly GraphKey[], text: string | Uint8Array, options: { format: string; base_iri?: string; to_graph_name?: GraphTerm }): void {
    this.markLoaded(graphs, text, options);
    // Emptying the graphs again would take documents' quads with them: rebuilt from IndexedDB instead.
    if (graphs.some((g) => this.owners && this.owners.embeddedIn(g) > 0)) this.reversible = false;
    this.store.load(text, options);
    this.undo.push(() => graphs.forEach((key) => clearGraph(this.store, key)));
    graphs.forEach((key) => this.dumpAtEnd(key));
    this.dirty = true;
  }

  /**
   * Adds a payload WITHOUT blank nodes with one `Store.load`, whatever the graphs hold,
   * and logs the payload as it is (no dump). The quads it added are not known one by
   * one, so it cannot be undone: {@link rollback} then reports the store as unsound.
   */
  loadLogged(graphs: readonly GraphKey[], text: string | Uint8Array, options: { format: string; base_iri?: string; to_graph_name?: GraphTerm }): void {
    // A large body goes to the engine a slice at a time: each call copies its input into the
    // engine's memory, which never shrinks, so one 220 MB call would keep 220 MB more for
    // good. Line formats only come here, so cutting at line ends is exact.
    for (const piece of linePieces(text, LOAD_SLICE_BYTES)) {
      this.markLoaded(graphs, piece, options);
      this.store.load(piece, options);
    }
    this.reversible = false;
    this.dirty = true;
    const graph = options.to_graph_name && keyOfTerm(options.to_graph_name);
    this.loads.push({ graphs: [...graphs], graph, text, format: options.format, base: options.base_iri });
  }

  /** Mirrors the registry in Oxigraph's set of named graphs. */
  setExists(key: GraphKey, exists: boolean): void {
    setGraphExists(this.store, key, exists);
    this.undo.push(() => setGraphExists(this.store, key, !exists));
    this.dirty = true;
  }

  private dumpAtEnd(key: GraphKey): void {
    if (this.dumped.has(key)) return;
    this.dumped.add(key);
    this.cleared.add(key);
    this.forget(key);
  }

  /** Drops what was recorded about a graph's quads: the graph is now logged as a whole. */
  private forget(key: GraphKey): void {
    for (const [k, q] of this.added) if (keyOfTerm(q.graph) === key) this.added.delete(k);
    for (const [k, q] of this.removed) if (keyOfTerm(q.graph) === key) this.removed.delete(k);
    for (let i = this.loads.length - 1; i >= 0; i--) {
      const load = this.loads[i];
      if (!load.graphs.includes(key)) continue;
      this.loads.splice(i, 1);
      // The payload's other graphs can no longer be logged by it.
      for (const other of load.graphs) if (other !== key) this.dumpAtEnd(other);
    }
  }

  /**
   * Puts the store back as it was before this change set. Returns false when that was
   * not possible (after {@link loadLogged}): the caller must rebuild the store from
   * what is committed.
   */
  rollback(): boolean {
    if (!this.reversible) return false;
    for (let i = this.undo.length - 1; i >= 0; i--) this.undo[i]();
    this.undo.length = 0;
    return true;
  }

  /** The durable form of the change, or undefined when nothing changed. */
  entry(): LogEntry | undefined {
    if (!this.dirty) return undefined;
    const added: AddedSection[] = [];
    for (const key of this.dumped) {
      const text = this.store.dump({ format: 'application/n-triples', from_graph_name: termOfKey(this.ox, key) });
      if (text !== '') added.push({ graph: key, text });
    }
    for (const { graph, text, format, base } of this.loads) added.push(graph === undefined ? { text, format, base } : { graph, text, format, base });
    if (this.added.size > 0) added.push({ text: toNQuads(this.added.values()) });
    const entry: LogEntry = { cleared: [...this.cleared], removed: toNQuads(this.removed.values()), added };
    if (this.marks.size > 0) entry.owners = ownerChanges([...this.marks.values()].map(({ id, mark, graph }) => ({ id, delta: 0, mark, graph })));
    const empty = entry.cleared.length === 0 && entry.removed === '' && entry.added.length === 0 && !entry.owners;
    return empty ? undefined : entry;
  }
}
