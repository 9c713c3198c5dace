// The service worker build: sw/sw.ts → dist/sw.js, one classic-script chunk (an IIFE:
// a service worker may not use dynamic import(), so nothing can be split off, and only a
// classic one starts from V8's code cache: docs/decisions/0031-classic-service-worker.md). It runs
// after the console build and must not wipe it.
//
// The precache list is computed here rather than by workbox-build: the console build
// has already written everything to dist/, and hashing those files (plus any asset this
// build emits itself, such as wasm) is all injectManifest would do.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { oxigraphInstances } from './sw/oxigraph-instances.js';
import { classicWorkerDefines, flexsearchWithoutWorkers, oxigraphWasmAsAsset } from './sw/worker-build.js';

const swFileName = 'sw.js';

export default defineConfig({
  publicDir: false,
  // Workbox and other packages branch on it; a library build does not define it.
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...classicWorkerDefines },
  plugins: [oxigraphWasmAsAsset(), oxigraphInstances(), flexsearchWithoutWorkers(), injectPrecacheManifest({ distDir: 'dist', swFileName })],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: true,
    target: 'es2022',
    // Unminified: V8 caches the compiled worker anyway, stack traces stay readable, and
    // the injected precache list cannot skew the sourcemap (see below).
    minify: false,
    lib: { entry: 'sw/sw.ts', formats: ['iife'], name: 'tabulaServiceWorker', fileName: () => swFileName },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

interface PrecacheEntry {
  url: string;
  revision: string;
  /** Bytes of the file: Workbox ignores it; the worker reports install progress against it (sw/install-progress.ts). */
  size: number;
}

interface PrecacheOptions {
  /** The directory the console build wrote (dist/). */
  distDir: string;
  /** The worker's own output file name, never precached. */
  swFileName: string;
  /** Files larger than this stay out of the precache (and are reported). */
  maximumFileSizeBytes?: number;
}

const PLACEHOLDER = 'self.__WB_MANIFEST';

const revisionOf = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

const isPrecacheable = (path: string, swFileName: string): boolean =>
  path !== swFileName && !path.endsWith('.map') && !path.startsWith('.');

function listFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    out = statSync(full).isDirectory() ? out.concat(listFiles(full)) : out.concat(full);
  }
  return out;
}

/** The precache entries for files already in `distDir` plus those in `emitted`. */
function precacheEntries(
  options: PrecacheOptions,
  emitted: ReadonlyMap<string, Uint8Array | string> = new Map(),
): { entries: PrecacheEntry[]; skipped: string[] } {
  const limit = options.maximumFileSizeBytes ?? 8 * 1024 * 1024;
  const files = new Map<string, Uint8Array | string>();
  for (const full of listFiles(options.distDir)) {
    files.set(relative(options.distDir, full).split(sep).join('/'), readFileSync(full));
  }
  for (const [name, bytes] of emitted) files.set(name, bytes);

  const entries: PrecacheEntry[] = [];
  const skipped: string[] = [];
  for (const [path, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isPrecacheable(path, options.swFileName)) continue;
    if (bytes.length > limit) {
      skipped.push(path);
      continue;
    }
    entries.push({ url: `/${path}`, revision: revisionOf(bytes), size: typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength });
  }
  return { entries, skipped };
}

/**
 * Replaces the manifest placeholder in the worker chunk and checks the bundle is one
 * ES chunk with no dynamic `import()` (the browser refuses both in a service worker).
 */
function injectPrecacheManifest(options: PrecacheOptions): Plugin {
  return {
    name: 'tabula:inject-precache-manifest',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      if (chunks.length !== 1) {
        this.error(`the service worker must be one chunk, got ${chunks.map((c) => c.fileName).join(', ')}`);
      }
      const sw = chunks[0];
      if (sw.type !== 'chunk' || sw.fileName !== options.swFileName) {
        this.error(`expected the worker chunk ${options.swFileName}, got ${sw.fileName}`);
      }
      if (sw.dynamicImports.length > 0) {
        this.error(`dynamic import() is not allowed in a service worker: ${sw.dynamicImports.join(', ')}`);
      }
      // A classic script may not name it (sw/worker-build.ts replaces what the packages read).
      if (sw.code.includes('import.meta')) {
        this.error(`import.meta is not allowed in a classic service worker: ${sw.fileName} still names it`);
      }
      const occurrences = sw.code.split(PLACEHOLDER).length - 1;
      if (occurrences !== 1) {
        this.error(`expected ${PLACEHOLDER} exactly once in ${sw.fileName}, found it ${occurrences} times`);
      }

      const emitted = new Map<string, Uint8Array | string>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset') emitted.set(item.fileName, item.source);
      }
      const { entries, skipped } = precacheEntries(options, emitted);
      if (!entries.some((e) => e.url === '/index.html')) {
        this.error(`no index.html in ${options.distDir}: run the console build (vite build) first`);
      }
      for (const path of skipped) this.warn(`not precached (too large): ${path}`);
      sw.code = sw.code.replace(PLACEHOLDER, JSON.stringify(entries));
      // The worker is not minified (above), so the placeholder ends its own line
      // and this replacement leaves the sourcemap right everywhere else.
    },
  };
}
