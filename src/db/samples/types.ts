/**
 * A sample scene: a small, coherent database bundled with Tabula, built on demand as the
 * entries of a scene archive (docs/decisions/0025-scenes-and-tabula-paths.md, Layout) so it
 * is loaded by the same import as any scene.
 */
export interface SampleScene {
  /** The name in `/tabula/v1/samples/{name}`: lower case letters and hyphens. */
  name: string;
  title: string;
  /** One or two sentences for the console's welcome: what the scene holds and shows. */
  description: string;
  /** The scene's archive entries (entry name → bytes), the same bytes on every call. */
  entries(): Map<string, Uint8Array>;
}
