/**
 * WebAssembly traps of the RDF engine. A trap (an Oxigraph panic becomes `unreachable`;
 * a deep recursion overruns its stack in linear memory, `memory access out of bounds`,
 * or the host's, a RangeError) unwinds out of the wasm without restoring its stack
 * pointer, borrow flags or allocator: the whole module instance is broken from then on,
 * every Store of it included. Such an error is never turned into a parse or query error
 * on the way up: the triple store must see it to replace the instance
 * (docs/decisions/0014-engine-traps.md).
 */

/** Whether an error thrown by an engine call is a trap (the module instance is unusable). */
export function isEngineTrap(e: unknown): boolean {
  // RangeError covers "Maximum call stack size exceeded" (the host's stack, unwound through
  // wasm frames) and a failed memory grow; both leave the instance as a trap does.
  return e instanceof WebAssembly.RuntimeError || e instanceof RangeError;
}

/** Rethrows `e` when it is a trap: for the catch blocks that reword the engine's errors. */
export function rethrowTrap(e: unknown): void {
  if (isEngineTrap(e)) throw e;
}
