/**
 * Build-time rewrite of Oxigraph's web build (`oxigraph/web.js`) so the service worker
 * can make more than one instance of the engine. wasm-bindgen's glue keeps its wasm
 * instance in module scope and its init refuses to run twice, and a service worker cannot
 * `import()` a second copy; but a WebAssembly trap breaks an instance for good
 * (docs/decisions/0014-engine-traps.md). The module's body becomes the body of a function,
 * `newInstance()`, each call giving a new set of classes over a new, uninitialised wasm
 * instance; the module's own exports are those of a first call, so existing imports are
 * unchanged.
 *
 * Used by vite.sw.config.ts (and the dev server's worker build in vite.config.ts);
 * sw/oxigraph-web.d.ts declares `newInstance` for TypeScript.
 */
import type { Plugin } from 'vite';

const EXPORT_LIST = /^export \{ initSync, __wbg_init as default \};[ \t]*$/m;
const EXPORTED_DECLARATION = /^export (class|function) ([A-Za-z_$][\w$]*)/gm;

/** The web build's code with its body wrapped in `newInstance()`; throws when the glue's shape changed. */
export function withInstanceFactory(code: string): string {
  if (!EXPORT_LIST.test(code)) throw new Error('oxigraph/web.js no longer ends with `export { initSync, __wbg_init as default };`');
  const names: string[] = [];
  const body = code
    .replace(EXPORTED_DECLARATION, (_match, kind: string, name: string) => {
      names.push(name);
      return `${kind} ${name}`;
    })
    .replace(EXPORT_LIST, '');
  if (/^export\b/m.test(body)) throw new Error('oxigraph/web.js has an export this rewrite does not know');
  const list = names.join(', ');
  return (
    `function newInstance() {\n${body}\nreturn { ${list}, initSync, default: __wbg_init };\n}\n` +
    `const first = newInstance();\n` +
    `export const { ${list}, initSync } = first;\n` +
    `export default first.default;\n` +
    `export { newInstance };\n`
  );
}

/** The Vite plugin applying {@link withInstanceFactory} to `oxigraph/web.js`. */
export function oxigraphInstances(): Plugin {
  return {
    name: 'tabula:oxigraph-instances',
    transform(code, id) {
      if (!/[\\/]oxigraph[\\/]web\.js$/.test(id)) return null;
      return { code: withInstanceFactory(code), map: null };
    },
  };
}
