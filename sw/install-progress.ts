/**
 * Progress of the service worker's first install, told to the pages while it happens: most of a
 * first visit is spent here (fetching the precached files — the console, the engine host and the
 * RDF engine's ~4 MB wasm — after the worker's own script), and a page waiting on it should see
 * bytes move rather than a spinner (docs/decisions/0036-console-shell-theme-shortcuts-progress.md).
 *
 * Workbox fetches the precache one file at a time; a plugin on its precache strategy counts each
 * body's bytes as the cache reads it, and counts an entry already cached (a restarted install)
 * as received. The build lists each entry's size in the precache manifest (vite.sw.config.ts).
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import type { StartupMessage } from '../src/wire/tabula';

export interface SizedEntry {
  url: string;
  /** Bytes of the file; absent (the dev server's manifest) until its response says. */
  size?: number;
}

export interface InstallProgressOptions {
  entries: readonly (SizedEntry | string)[];
  /** Where messages go: the `tabula:startup` channel. */
  post(message: StartupMessage): void;
  /** Milliseconds between two posts while bytes flow. */
  intervalMs?: number;
  now?: () => number;
}

export interface InstallProgress {
  /** For `addPlugins` of workbox-precaching. */
  plugin: WorkboxPlugin;
  /** The install began: say so with nothing received yet. */
  started(): void;
  /** The files are in: the worker activates. */
  activating(): void;
  /** Answer a page asking where the worker is. */
  repeat(): void;
}

/** The precache key's path: Workbox adds `__WB_REVISION__` to the query of a revisioned URL. */
const pathOf = (url: string): string => new URL(url, 'http://x').pathname;

export function installProgress({ entries, post, intervalMs = 100, now = Date.now }: InstallProgressOptions): InstallProgress {
  const sizes = new Map<string, number | undefined>();
  for (const e of entries) {
    if (typeof e === 'string') sizes.set(pathOf(e), undefined);
    else sizes.set(pathOf(e.url), e.size);
  }
  let total = [...sizes.values()].reduce<number>((sum, size) => sum + (size ?? 0), 0);
  let received = 0;
  let phase: StartupMessage['phase'] = 'downloading';
  let file: string | undefined;
  let lastPost = -Infinity;
  // A worker restarted long after its install has nothing to report: only an install does.
  let begun = false;

  const send = (force: boolean) => {
    const at = now();
    if (!force && at - lastPost < intervalMs) return;
    lastPost = at;
    post({ type: 'tabula:startup', phase, received: Math.min(received, total), total, ...(file ? { file } : {}) });
  };

  const plugin: WorkboxPlugin = {
    // Already cached from an install that was cut short: those bytes need no download.
    cachedResponseWillBeUsed: async ({ request, cachedResponse, event }) => {
      if (event?.type === 'install' && cachedResponse) {
        received += sizes.get(pathOf(request.url)) ?? 0;
        send(false);
      }
      return cachedResponse ?? null;
    },
    fetchDidSucceed: async ({ request, response, event }) => {
      if (event?.type !== 'install' || !response.body) return response;
      const path = pathOf(request.url);
      const known = sizes.get(path);
      const expected = known ?? Number(response.headers.get('Content-Length') ?? 0);
      if (known === undefined) total += expected;
      file = path;
      const start = received;
      let counted = 0;
      send(true);
      const counter = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          counted += chunk.byteLength;
          received += chunk.byteLength;
          send(false);
          controller.enqueue(chunk);
        },
        flush() {
          // The file is in: its listed size counts, whatever the transfer's encoding made of it.
          received = start + Math.max(counted, expected);
          if (counted > expected) total += counted - expected;
          send(true);
        },
      });
      return new Response(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };

  return {
    plugin,
    started() {
      begun = true;
      phase = 'downloading';
      send(true);
    },
    activating() {
      begun = true;
      phase = 'activating';
      file = undefined;
      received = total;
      send(true);
    },
    repeat() {
      if (begun) send(true);
    },
  };
}
