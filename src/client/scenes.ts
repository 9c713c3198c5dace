/**
 * The whole database through Tabula's own paths (`/tabula/v1/…`, docs/scenes.md): reset,
 * a scene's export and import, and the named snapshots kept in the browser. A MarkLogic
 * server has none of these paths (404), so a caller offers them only for Tabula.
 *
 * An import reports the server's phases by polling `GET /tabula/v1/scene/progress` while
 * the PUT is pending. Upload progress is not reported: `fetch` has no upload events, and
 * an XMLHttpRequest would bypass the `fetch` every request of this client goes through
 * (the one tests and hosts inject).
 *
 * @example
 * const scene = await client.database.exportScene(); // a File named as the server names it
 * await client.database.importScene(scene, { onProgress: (p) => console.log(p.phase, p.done, p.total) });
 * await client.snapshots.save('before the demo');
 */
import type { Send } from './transport';
import type { SceneImported, SceneProgress, SceneProgressAnswer, SnapshotInfo, SnapshotList } from '../wire/scenes';

export type { SceneImported, SceneProgress, SnapshotInfo } from '../wire/scenes';

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface ImportSceneOptions extends RequestOptions {
  /** `replace` (the default): the database holds the scene and nothing else; `merge`: the scene is written over it. */
  mode?: 'replace' | 'merge';
  /** The server's phase and counts, each time a poll finds the import running. */
  onProgress?: (progress: SceneProgress) => void;
  /** Milliseconds between polls of the progress. Default 250. */
  pollInterval?: number;
}

export interface DatabaseApi {
  /** Empties the database: documents, graphs, option sets, index settings, properties; users back to the seeded ones. Admin only. */
  reset(options?: RequestOptions): Promise<void>;
  /** `GET /tabula/v1/scene`: the whole database as one zip, named as the server's Content-Disposition names it. Admin only. */
  exportScene(options?: RequestOptions): Promise<File>;
  /** `PUT /tabula/v1/scene`: all or nothing; a damaged scene rejects with 400 TABULA-BADSCENE and changes nothing. Admin only. */
  importScene(scene: Blob, options?: ImportSceneOptions): Promise<SceneImported>;
}

export interface SnapshotsApi {
  /** Every snapshot, oldest first. */
  list(options?: RequestOptions): Promise<SnapshotInfo[]>;
  /** Saves the database under `name`, replacing a snapshot of that name. A bad name is 400 REST-INVALIDPARAM. */
  save(name: string, options?: RequestOptions): Promise<SnapshotInfo>;
  /** Replaces the database with the snapshot, as an import does. */
  restore(name: string, options?: RequestOptions): Promise<SceneImported>;
  remove(name: string, options?: RequestOptions): Promise<void>;
  /** The snapshot's scene, to keep or import elsewhere. */
  download(name: string, options?: RequestOptions): Promise<File>;
}

const DEFAULT_POLL_INTERVAL = 250;
const ZIP = 'application/zip';

export function createDatabaseApi(send: Send): DatabaseApi {
  return {
    async reset({ signal } = {}) {
      await (await send('POST', '/tabula/v1/reset', undefined, { signal })).body?.cancel();
    },

    async exportScene({ signal } = {}) {
      return fileOf(await send('GET', '/tabula/v1/scene', undefined, { signal }), 'scene.zip');
    },

    async importScene(scene, { signal, mode, onProgress, pollInterval = DEFAULT_POLL_INTERVAL } = {}) {
      const params = mode ? new URLSearchParams({ mode }) : undefined;
      const answer = send('PUT', '/tabula/v1/scene', params, { signal, headers: { 'Content-Type': ZIP }, body: scene }).then((res) => res.json() as Promise<SceneImported>);
      if (onProgress) {
        const poll = async () => (await send('GET', '/tabula/v1/scene/progress', undefined, { signal })).json() as Promise<SceneProgressAnswer>;
        await pollWhile(answer, pollInterval, poll, (progress) => {
          if (progress.importing) onProgress({ phase: progress.phase, done: progress.done, total: progress.total });
        });
      }
      return answer;
    },
  };
}

export function createSnapshotsApi(send: Send): SnapshotsApi {
  const path = (name: string, suffix = '') => `/tabula/v1/snapshots/${encodeURIComponent(name)}${suffix}`;
  return {
    async list({ signal } = {}) {
      return ((await (await send('GET', '/tabula/v1/snapshots', undefined, { signal })).json()) as SnapshotList).snapshots;
    },
    async save(name, { signal } = {}) {
      return (await send('PUT', path(name), undefined, { signal })).json() as Promise<SnapshotInfo>;
    },
    async restore(name, { signal } = {}) {
      return (await send('POST', path(name, '/restore'), undefined, { signal })).json() as Promise<SceneImported>;
    },
    async remove(name, { signal } = {}) {
      await (await send('DELETE', path(name), undefined, { signal })).body?.cancel();
    },
    async download(name, { signal } = {}) {
      return fileOf(await send('GET', path(name), undefined, { signal }), `${name}.zip`);
    },
  };
}

/**
 * Runs `poll` every `interval` ms until `pending` settles, handing each answer to `report`;
 * an answer that arrives after `pending` settled is dropped, so no progress follows the
 * outcome. A failed poll is skipped: progress is a courtesy, and the pending request's own
 * outcome is what the caller gets.
 */
async function pollWhile<T>(pending: Promise<unknown>, interval: number, poll: () => Promise<T>, report: (answer: T) => void): Promise<void> {
  let settled = false;
  const over = pending.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([over, new Promise<void>((resolve) => (timer = setTimeout(resolve, interval)))]);
    clearTimeout(timer);
    if (settled) break;
    const answer = await poll().then(
      (value) => ({ value }),
      () => undefined,
    );
    if (answer && !settled) report(answer.value);
  }
}

/** The answer's bytes as a File named by its Content-Disposition (RFC 6266), or `fallback`. */
async function fileOf(res: Response, fallback: string): Promise<File> {
  const blob = await res.blob();
  return new File([blob], dispositionName(res.headers.get('content-disposition')) ?? fallback, { type: blob.type || ZIP });
}

/** `filename*=UTF-8''…` first, then `filename="…"` or a bare token; percent-escapes decoded (Tabula writes a snapshot's name encoded). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const match = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header) ?? /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header) ?? /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (!match) return undefined;
  const raw = match[1].replace(/\\(.)/g, '$1');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
