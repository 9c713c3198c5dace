/**
 * Raw DEFLATE made and inflated by the platform (`CompressionStream` and
 * `DecompressionStream` with 'deflate-raw': zlib, in the browser's and Node's own code)
 * rather than in JavaScript. A cold start inflates the whole triple snapshot on the worker's
 * one thread, where JavaScript runs unoptimised at first: measured after a worker stop with
 * 100k triples, fflate took ~250 ms for the six pieces and the platform ~90 ms; deflating a
 * 4 MB piece for a compaction took fflate (level 6) ~130 ms and the platform ~90 ms, 6 %
 * smaller (docs/decisions/0027-triple-cold-start.md).
 */

/** `bytes` deflated (raw DEFLATE, zlib's default level). */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The `size` bytes `deflated` inflates to. Anything else — damaged data, more or fewer
 * bytes than `size` — is an error naming `what`.
 */
export async function inflateRaw(deflated: Uint8Array, size: number, what: string): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  const reader = new Blob([deflated as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  let at = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (e) {
      throw new Error(`${what} is damaged: it does not inflate (${e instanceof Error ? e.message : String(e)})`);
    }
    if (chunk.done) break;
    if (at + chunk.value.length > size) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`${what} inflates to more than the ${size} bytes recorded`);
    }
    out.set(chunk.value, at);
    at += chunk.value.length;
  }
  if (at !== size) throw new Error(`${what} inflates to ${at} bytes where ${size} were recorded`);
  return out;
}
