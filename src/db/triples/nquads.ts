/**
 * The durable form of triples: N-Quads text, in the engine's spelling (relative IRIs
 * under their scheme, blank nodes under the labels the engine gave them).
 *
 * Oxigraph's `Store.load` gives every blank node a fresh label (measured: `_:abc`
 * comes back as `_:c5b5…`), which would break the link between a snapshot and a later
 * log entry that names the same node. `parse` keeps labels but costs ~5× more per
 * quad, so only the lines that mention a blank node go that way; the rest are loaded.
 */
import type * as Oxigraph from 'oxigraph';

type OxigraphModule = typeof Oxigraph;

/** N-Quads of quads taken from the store (Oxigraph's term syntax is N-Quads'). */
export function toNQuads(quads: Iterable<Oxigraph.Quad>): string {
  let out = '';
  for (const q of quads) out += `${q.toString()} .\n`;
  return out;
}

/** How {@link loadKeepingLabels} loads. */
export interface LoadOptions {
  /** Load N-Triples into this graph (otherwise the text is N-Quads). */
  graph?: Oxigraph.NamedNode | Oxigraph.DefaultGraph;
  /**
   * Skip the engine's validation of IRIs and language tags: only for text that passed it
   * when it was written (a snapshot, a logged payload), where it makes a load about a
   * quarter faster.
   */
  lenient?: boolean;
  /** Whether the text mentions `_:`, when the caller knows (a snapshot piece records it); else it is scanned for. */
  labelled?: boolean;
}

/**
 * Adds N-Quads (or, with `graph`, N-Triples into that graph) to the store keeping
 * blank-node labels. Lines are self-contained in both formats, so the split is exact.
 * Text may come as UTF-8 bytes (a snapshot piece, src/db/triples/snapshot-piece.ts).
 */
export function loadKeepingLabels(ox: OxigraphModule, store: Oxigraph.Store, input: string | Uint8Array, options: LoadOptions = {}): void {
  if (input.length === 0) return;
  const parse = { ...parseOptions(options.graph), lenient: options.lenient ?? false };
  if (!(options.labelled ?? mentionsBlankNode(input))) {
    store.load(input, parse);
    return;
  }
  const text = typeof input === 'string' ? input : decoder.decode(input);
  const plain: string[] = [];
  const labelled: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    (line.includes('_:') ? labelled : plain).push(line);
  }
  if (plain.length > 0) store.load(`${plain.join('\n')}\n`, parse);
  for (const q of ox.parse(`${labelled.join('\n')}\n`, parse)) store.add(q);
}

const decoder = new TextDecoder();
const UNDERSCORE = 0x5f;
const COLON = 0x3a;

/** Whether `_:` occurs (a blank node, or those characters in a literal: then the slower path is merely not needed). */
export function mentionsBlankNode(input: string | Uint8Array): boolean {
  if (typeof input === 'string') return input.includes('_:');
  for (let i = input.indexOf(UNDERSCORE); i !== -1; i = input.indexOf(UNDERSCORE, i + 1)) if (input[i + 1] === COLON) return true;
  return false;
}

/** Removes the quads of N-Quads text (or N-Triples of one graph) from the store. */
export function removeQuads(
  ox: OxigraphModule,
  store: Oxigraph.Store,
  text: string,
  graph?: Oxigraph.NamedNode | Oxigraph.DefaultGraph,
): void {
  if (text === '') return;
  for (const q of ox.parse(text, parseOptions(graph))) store.delete(q);
}

/** N-Quads, or N-Triples loaded into `graph`. */
function parseOptions(graph?: Oxigraph.NamedNode | Oxigraph.DefaultGraph) {
  return graph ? { format: 'application/n-triples', to_graph_name: graph } : { format: 'application/n-quads' };
}

/** Splits text at line ends into pieces of about `size` characters (a line is never cut). */
export const splitAtLineEnds = (text: string, size: number): string[] => [...linePieces(text, size)] as string[];

const NEWLINE = 0x0a;

/** `text` in pieces of about `size` bytes (characters, for a string) cut after a line end; none for empty text. */
export function* linePieces(text: string | Uint8Array, size: number): Generator<string | Uint8Array> {
  if (text.length <= size) {
    if (text.length > 0) yield text;
    return;
  }
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length) {
      const nl = typeof text === 'string' ? text.indexOf('\n', end - 1) : text.indexOf(NEWLINE, end - 1);
      end = nl === -1 ? text.length : nl + 1;
    }
    yield typeof text === 'string' ? text.slice(start, end) : text.subarray(start, end);
    start = end;
  }
}
