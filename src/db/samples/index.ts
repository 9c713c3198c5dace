/**
 * The sample scenes bundled with Tabula (`/tabula/v1/samples/{name}`), each a scene archive's
 * entries built on demand by the same code every time (src/db/samples/README.md).
 */
import { city } from './city';
import { library } from './library';
import type { SampleScene } from './types';

export type { SampleScene };

export const samples: readonly SampleScene[] = [library, city];
