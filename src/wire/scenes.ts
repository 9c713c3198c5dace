/**
 * Scenes and named snapshots on the wire: Tabula's own paths `/tabula/v1/scene` and
 * `/tabula/v1/snapshots` (docs/scenes.md; docs/decisions/0025-scenes-and-tabula-paths.md).
 * The archives themselves are zip bytes; these are the JSON answers around them.
 */

/** What an import (or a snapshot's restore) wrote: `PUT /tabula/v1/scene`'s 200 body. */
export interface SceneImported {
  documents: number;
  triples: number;
  graphs: number;
  queryOptions: number;
}

/** Where a running import is: reading documents or triples (`done` of `total`), or writing. */
export interface SceneProgress {
  phase: 'documents' | 'triples' | 'writing';
  done: number;
  total: number;
}

/** `GET /tabula/v1/scene/progress`. */
export type SceneProgressAnswer = { importing: false } | ({ importing: true } & SceneProgress);

/** One named snapshot, as `PUT /tabula/v1/snapshots/{name}` answers and the list holds it. */
export interface SnapshotInfo {
  name: string;
  /** ISO time it was saved. */
  created: string;
  /** Bytes of its archive. */
  size: number;
  /** What the manifest counted (`documents`, `triples`, …). */
  counts: Record<string, number>;
}

/** `GET /tabula/v1/snapshots`: oldest first. */
export interface SnapshotList {
  snapshots: SnapshotInfo[];
}
