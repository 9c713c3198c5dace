/**
 * The benchmark page: a quiet same-origin page (the static server's plain 404 page at
 * a file path: no script of its own, so its main thread does only the benchmark) with
 * the in-page scenarios installed as `window.tabulaBench`, controlled by the service
 * worker or not.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import type { BenchBrowser, BenchPage } from './browser';
import type * as Scenarios from './scenarios/page-entry';

declare global {
  interface Window {
    tabulaBench: typeof Scenarios;
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

/** Bundles the in-page scenarios into one classic script that sets `window.tabulaBench`. */
export async function pageScript(): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins: [oxigraphWasmByPath()],
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry: join(here, 'scenarios/page-entry.ts'), formats: ['iife'], name: 'tabulaBench', fileName: () => 'bench.js' },
    },
  });
  const output = Array.isArray(result) ? result[0] : result;
  if (!('output' in output)) throw new Error('vite build did not return its output');
  return output.output[0].code;
}

/**
 * A fresh context (fresh IndexedDB) with the quiet page controlled by the worker, the
 * scenarios installed. It registers /sw.js the way the console does.
 */
export async function controlledPage(browser: BenchBrowser, baseURL: string, script: string): Promise<BenchPage> {
  const page = await browser.newPage(`${baseURL}/bench-quiet-page.txt`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { type: 'module' });
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
