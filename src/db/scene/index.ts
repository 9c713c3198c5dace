/** Scenes: a whole database as one zip archive (docs/scenes.md). */
export { exportScene, EXPORT_STALL_MS } from './export';
export { mapSource, readScene, zipSource, type SceneProgress, type SceneSource } from './read';
export { commitScene, type ImportMode } from './commit';
export { sceneEntryPath, SCENE_FORMAT, SCENE_VERSION, QUADS as SCENE_QUADS } from './layout';
