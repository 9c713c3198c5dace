/**
 * How a piece of the triple store's snapshot is stored: N-Quads cut at line ends, as a
 * `Blob` of their UTF-8 or deflated, in turn. A cold start reads the whole snapshot back
 * on the worker's one thread, where the engine's load takes most of the time: a deflated
 * piece is small to read but is inflated there; a Blob comes out of IndexedDB as a handle
 * and the browser reads its bytes off that thread, but in this Chromium not fast enough to
 * keep up with the engine on its own. In turn, the next Blob is read while the engine
 * loads and inflates the pieces before it (docs/decisions/0027-triple-cold-start.md).
 *
 * Plain N-Quads strings load as well (the first form, and what a scene import writes: the
 * archive's text as it comes); the next compaction rewrites them.
 */
import { utf8 } from '../util/bytes';
import { deflateRaw, inflateRaw } from '../util/deflate';

/** Every other piece a compaction writes. */
export interface BlobPiece {
  /** Bytes of the UTF-8 N-Quads. */
  size: number;
  blob: Blob;
  /** Whether the text mentions `_:` (blank nodes, whose labels a load must keep): known when writing, so a load need not scan for it. */
  labelled: boolean;
}

/**
 * The UTF-8 N-Quads as raw DEFLATE, made and inflated by the platform's zlib
 * (src/db/util/deflate.ts; pieces stored before 2026-11-27 were deflated by fflate at level
 * 6, the same format).
 */
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

export async function deflatePiece(nquads: string): Promise<DeflatedPiece> {
  const bytes = utf8(nquads);
  return { size: bytes.length, deflated: await deflateRaw(bytes), labelled: nquads.includes('_:') };
}

/**
 * The form a compaction stores a snapshot piece in: deflated. Blob and deflated pieces in
 * turn were measured too — a cold start inflates a deflated piece while the browser reads
 * the next Blob off the worker's thread — without a clear gain on a busy machine, for ten
 * times the bytes stored (docs/decisions/0027-triple-cold-start.md); Blob pieces still load.
 */
export const snapshotPiece = (nquads: string): Promise<SnapshotPiece> => deflatePiece(nquads);

/** The piece's N-Quads: UTF-8 bytes for a Blob or deflated piece, the text itself for a plain one. */
export async function pieceNQuads(piece: SnapshotPiece): Promise<string | Uint8Array> {
  if (typeof piece === 'string') return piece;
  if ('blob' in piece) return new Uint8Array(await piece.blob.arrayBuffer());
  return inflateRaw(piece.deflated, piece.size, 'a triple snapshot piece');
}

/** Whether the piece mentions `_:`; undefined for a plain piece (the load scans it). */
export const pieceLabelled = (piece: SnapshotPiece): boolean | undefined => (typeof piece === 'string' ? undefined : piece.labelled);

/** The piece's size in N-Quads (characters of a plain piece; the same for ASCII N-Quads). */
export const pieceSize = (piece: SnapshotPiece): number => (typeof piece === 'string' ? piece.length : piece.size);
