/**
 * How a piece of the triple store's snapshot is stored: N-Quads cut at line ends, as a
 * `Blob` of their UTF-8. A cold start reads the whole snapshot back, and in this Chromium
 * a value read out of IndexedDB is unwrapped on the worker's own thread (~50 MB/s), so
 * that read could not overlap the engine's load; a Blob comes out of IndexedDB as a
 * handle, and its bytes are read by the browser off the worker's thread while the engine
 * loads the pieces before it (docs/decisions/0027-triple-cold-start.md).
 *
 * Two older forms load as well, and the next compaction rewrites them as Blobs: deflated
 * bytes (the form before, inflated on the worker's thread), and plain N-Quads strings (the
 * first form, and what a scene import writes: the archive's text as it comes).
 */
import { inflateSync } from 'fflate';

/** The form a compaction writes. */
export interface BlobPiece {
  /** Bytes of the UTF-8 N-Quads. */
  size: number;
  blob: Blob;
  /** Whether the text mentions `_:` (blank nodes, whose labels a load must keep): known when writing, so a load need not scan for it. */
  labelled: boolean;
}

/** The form compactions wrote before Blob pieces: the UTF-8 N-Quads deflated by fflate. */
export interface DeflatedPiece {
  /** Bytes of the UTF-8 N-Quads once inflated. */
  size: number;
  deflated: Uint8Array;
  labelled: boolean;
}

/** A `triples-snapshot` value. */
export type SnapshotPiece = string | DeflatedPiece | BlobPiece;

export function blobPiece(nquads: string): BlobPiece {
  // The Blob constructor encodes the text as UTF-8 itself (in the browser's code, not here).
  const blob = new Blob([nquads]);
  return { size: blob.size, blob, labelled: nquads.includes('_:') };
}

/** The piece's N-Quads: UTF-8 bytes for a Blob or deflated piece, the text itself for a plain one. */
export async function pieceNQuads(piece: SnapshotPiece): Promise<string | Uint8Array> {
  if (typeof piece === 'string') return piece;
  if ('blob' in piece) return new Uint8Array(await piece.blob.arrayBuffer());
  return inflateSync(piece.deflated, { out: new Uint8Array(piece.size) });
}

/** Whether the piece mentions `_:`; undefined for a plain piece (the load scans it). */
export const pieceLabelled = (piece: SnapshotPiece): boolean | undefined => (typeof piece === 'string' ? undefined : piece.labelled);

/** The piece's size in N-Quads (characters of a plain piece; the same for ASCII N-Quads). */
export const pieceSize = (piece: SnapshotPiece): number => (typeof piece === 'string' ? piece.length : piece.size);
