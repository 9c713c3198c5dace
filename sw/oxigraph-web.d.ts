// `newInstance` is added to oxigraph/web.js at build time by sw/oxigraph-instances.ts.
export {};

declare module 'oxigraph/web.js' {
  /** A new, uninitialised instance of the engine (its own classes and wasm memory); call its default export to initialise it. */
  export function newInstance(): typeof import('oxigraph/web.js');
}
