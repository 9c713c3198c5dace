/**
 * How a piece of the triple store's snapshot is stored: N-Quads cut at line ends, as
 * deflated UTF-8. A cold start reads the whole snapshot back, and in this Chromium
 * IndexedDB hands large values to the worker at ~50 MB/s on the worker's own thread, so
 * the read could not overlap the engine's load; inflating is four to five times faster
 * than that, and N-Quads deflate ten- to sixteen-fold
 * (docs/decisions/0027-triple-cold-start.md).
 *
 * Pieces written as plain N-Quads strings — by earlier versions, and by a scene import,
 * which writes the archive's text as it comes — load as well; the next compaction
 * deflates them.
 */
import { deflateSync, inflateSync } from 'fflate';
import { utf8 } from '../util/bytes';

export interface DeflatedPiece {
  /** Bytes of the UTF-8 N-Quads once inflated. */
  size: number;
  deflated: Uint8Array;
  /** Whether the text mentions `_:` (blank nodes, whose labels a load must keep): known when deflating, so a load need not scan for it. */
  labelled: boolean;
}

/** A `triples-snapshot` value. */
export type SnapshotPiece = string | DeflatedPiece;

/**
 * fflate's level 6: on N-Quads it inflates a third faster than level 1 (the cold start's
 * path) and deflates about as fast (compaction's path, off any request's).
 */
const LEVEL = 6;

export function deflatePiece(nquads: string): DeflatedPiece {
  const bytes = utf8(nquads);
  return { size: bytes.length, deflated: deflateSync(bytes, { level: LEVEL }), labelled: nquads.includes('_:') };
}

/** The piece's N-Quads: UTF-8 bytes for a deflated piece, the text itself for a plain one. */
export function pieceNQuads(piece: SnapshotPiece): string | Uint8Array {
  return typeof piece === 'string' ? piece : inflateSync(piece.deflated, { out: new Uint8Array(piece.size) });
}

/** Whether the piece mentions `_:`; undefined for a plain piece (the load scans it). */
export const pieceLabelled = (piece: SnapshotPiece): boolean | undefined => (typeof piece === 'string' ? undefined : piece.labelled);

/** The piece's size once inflated (characters of a plain piece; the same for ASCII N-Quads). */
export const pieceSize = (piece: SnapshotPiece): number => (typeof piece === 'string' ? piece.length : piece.size);
