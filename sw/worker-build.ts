/**
 * Build-time rewrites shared by the two worker builds — the service worker
 * (vite.sw.config.ts) and the engine host (vite.host.config.ts): each bundles the database
 * with Oxigraph's web build in one library-mode chunk.
 */
import type { Plugin } from 'vite';

/**
 * Library mode inlines every asset as base64; Oxigraph's web build names its wasm with
 * `new URL('web_bg.wasm', import.meta.url)`, which would put a second 5 MB copy inside
 * sw.js. `?no-inline` makes it the same emitted asset the worker imports (and precaches).
 */
export function oxigraphWasmAsAsset(): Plugin {
  const reference = "new URL('web_bg.wasm', import.meta.url)";
  return {
    name: 'tabula:oxigraph-wasm-asset',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]oxigraph[\\/]web\.js$/.test(id)) return null;
      if (!code.includes(reference)) this.error(`oxigraph/web.js no longer contains ${reference}: update this plugin`);
      // Same line, same length but for the query: the existing sourcemap stays right.
      return { code: code.replace(reference, "new URL('web_bg.wasm?no-inline', import.meta.url)"), map: null };
    },
  };
}

/**
 * FlexSearch's bundle can run an index in a Worker, and in Node loads `worker_threads`
 * with a dynamic `import()` — which a service worker may not run, and the worker
 * build refuses even unused. Tabula never asks FlexSearch for a worker (none can start from a service
 * worker anyway: docs/architecture.md, Platform facts), so that branch becomes a rejection.
 */
export function flexsearchWithoutWorkers(): Plugin {
  const dynamicImport = 'import("worker_threads")';
  return {
    name: 'tabula:flexsearch-without-workers',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]flexsearch[\\/]dist[\\/]flexsearch\.bundle\.module\.min\.mjs$/.test(id)) return null;
      if (!code.includes(dynamicImport)) this.error(`flexsearch no longer contains ${dynamicImport}: update this plugin`);
      return { code: code.replaceAll(dynamicImport, 'Promise.reject(new Error("FlexSearch workers are not available in a service worker"))'), map: null };
    },
  };
}

/**
 * The service worker is a classic script (docs/decisions/0031-classic-service-worker.md):
 * `import.meta` does not exist there. The bundled packages read it only to find files
 * next to themselves — Oxigraph's default wasm URL, FlexSearch's worker scripts (never
 * started: {@link flexsearchWithoutWorkers}) — so each reads what it read in the module
 * worker: the script's own URL, and no `dirname` (Node's only).
 */
export const classicWorkerDefines = {
  'import.meta.url': 'self.location.href',
  'import.meta.dirname': 'undefined',
};
