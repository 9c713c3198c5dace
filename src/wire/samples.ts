/**
 * The bundled sample scenes on the wire: Tabula's own paths (docs/decisions/0025-scenes-and-tabula-paths.md),
 * which a MarkLogic server does not have.
 */

/** One sample scene, as the console offers it. */
export interface SampleSummary {
  /** The name in `POST /tabula/v1/samples/{name}`. */
  name: string;
  title: string;
  description: string;
}

/** `GET /tabula/v1/samples`. */
export interface SamplesList {
  samples: SampleSummary[];
}
