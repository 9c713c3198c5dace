/**
 * The benchmark page: a quiet same-origin page (the static server's plain 404 page at
 * a file path: no script of its own, so its main thread does only the benchmark) with
 * the in-page scenarios installed as `window.tabulaBench`, controlled by the service
 * worker or not.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import type { BenchBrowser, BenchPage } from './browser';
import type * as Scenarios from './scenarios/page-entry';
import type * as Peers from './scenarios/peers-entry';

declare global {
  interface Window {
    tabulaBench: typeof Scenarios;
    tabulaPeers: typeof Peers;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');

/** Where the page finds Oxigraph's wasm: the service-worker build emits it there (dist/web_bg.wasm). */
export const OXIGRAPH_WASM_PATH = '/web_bg.wasm';

/**
 * Oxigraph's web build names its wasm with `new URL('web_bg.wasm', import.meta.url)`:
 * a library build would inline it as a 5 MB data URL, and an IIFE has no
 * `import.meta`. The page passes the URL explicitly; this keeps the default harmless.
 */
function oxigraphWasmByPath(): Plugin {
  const reference = "new URL('web_bg.wasm', import.meta.url)";
  return {
    name: 'bench:oxigraph-wasm-by-path',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]oxigraph[\\/]web\.js$/.test(id)) return null;
      if (!code.includes(reference)) this.error(`oxigraph/web.js no longer contains ${reference}: update this plugin`);
      return { code: code.replace(reference, `new URL(${JSON.stringify(OXIGRAPH_WASM_PATH)}, self.location.href)`), map: null };
    },
  };
}

/**
 * The peers' stream code (readable-stream, safe-buffer) imports Node's `buffer`; Vite
 * leaves a builtin out of a browser build with a warning, which this Vite's bundler
 * cannot report from a library build (it panics). The npm `buffer` package (what those
 * libraries expect in a browser) is installed only nested under some of them, so every
 * bare `buffer` import is pointed at one copy of it.
 */
function bufferPolyfill(): Plugin {
  const from = [join(root, 'package.json'), join(root, 'node_modules/n3/package.json')];
  let path: string | undefined;
  for (const base of from) {
    try {
      path = createRequire(base).resolve('buffer/');
      break;
    } catch {
      // not installed there: try the next place
    }
  }
  return {
    name: 'bench:buffer-polyfill',
    enforce: 'pre',
    resolveId(id) {
      if (id !== 'buffer' && id !== 'buffer/') return null;
      if (!path) this.error('the npm buffer package is not installed (n3 depends on it)');
      return path;
    },
  };
}

/** Bundles one in-page entry into a classic script that sets `window[name]`. */
async function bundle(entry: string, name: string, plugins: Plugin[]): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins,
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: join(here, entry), formats: ['iife'], name, fileName: () => `${name}.js` },
      rollupOptions: {
        // quadstore-comunica's prebuilt bundle probes for `require` with a direct eval: harmless in a page, and dozens of lines of warning per run.
        onwarn(warning, warn) {
          if (warning.code !== 'EVAL') warn(warning);
        },
      },
    },
  });
  const output = Array.isArray(result) ? result[0] : result;
  if (!('output' in output)) throw new Error('vite build did not return its output');
  return output.output[0].code;
}

/** Bundles the in-page scenarios into one classic script that sets `window.tabulaBench`. */
export function pageScript(): Promise<string> {
  return bundle('scenarios/page-entry.ts', 'tabulaBench', [oxigraphWasmByPath()]);
}

/**
 * Bundles the peers' in-page scenarios (bench/scenarios/peers-entry.ts) into a second
 * classic script that sets `window.tabulaPeers`: Comunica alone is megabytes of code the
 * main page should not parse.
 */
export function peersScript(): Promise<string> {
  return bundle('scenarios/peers-entry.ts', 'tabulaPeers', [bufferPolyfill()]);
}

/**
 * A fresh context (fresh IndexedDB) with the quiet page controlled by the worker, the
 * scenarios installed. It registers /sw.js the way the console does.
 */
export async function controlledPage(browser: BenchBrowser, baseURL: string, script: string): Promise<BenchPage> {
  const page = await browser.newPage(`${baseURL}/bench-quiet-page.txt`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { type: 'classic' });
    const deadline = Date.now() + 30_000;
    while (navigator.serviceWorker.controller == null) {
      if (Date.now() > deadline) throw new Error('the service worker did not take control within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, undefined);
  await page.addScript(script);
  return page;
}

/** A fresh context with the quiet page and no service worker (in-page baselines). */
export async function plainPage(browser: BenchBrowser, baseURL: string, script: string): Promise<BenchPage> {
  const page = await browser.newPage(`${baseURL}/bench-quiet-page.txt`);
  await page.addScript(script);
  return page;
}
