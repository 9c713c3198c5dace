/**
 * Sequential request latency through the service worker: `GET /v1/ping` (the floor:
 * a round trip page → worker → page that does no database work), then single-document
 * PUT and GET of ~1 KB JSON documents. Runs in the page.
 */
import { benchDocuments } from './documents';

export interface LatencyOptions {
  count: number;
  warmup: number;
}

export interface LatencySamples {
  ping: number[];
  put: number[];
  get: number[];
}

/** One request to its last byte, its status checked after the clock stops. */
export async function timed(request: () => Promise<Response>, expected: number, what: string): Promise<number> {
  const start = performance.now();
  const res = await request();
  await res.arrayBuffer();
  const elapsed = performance.now() - start;
  if (res.status !== expected) throw new Error(`${what}: expected ${expected}, got ${res.status}`);
  return elapsed;
}

export async function latency({ count, warmup }: LatencyOptions): Promise<LatencySamples> {
  const docs = benchDocuments('/bench/single/', count + warmup);
  const ping = (i: number) => timed(() => fetch('/v1/ping'), 204, `ping ${i}`);
  const put = (i: number) =>
    timed(
      () => fetch(`/v1/documents?uri=${encodeURIComponent(docs[i].uri)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: docs[i].text }),
      201,
      `PUT ${docs[i].uri}`,
    );
  const get = (i: number) => timed(() => fetch(`/v1/documents?uri=${encodeURIComponent(docs[i].uri)}`), 200, `GET ${docs[i].uri}`);

  const samples: LatencySamples = { ping: [], put: [], get: [] };
  for (let i = 0; i < warmup; i++) await ping(i);
  for (let i = 0; i < count; i++) samples.ping.push(await ping(i));
  // Warm-up documents are written (and read) but not measured.
  for (let i = 0; i < warmup; i++) await put(count + i);
  for (let i = 0; i < count; i++) samples.put.push(await put(i));
  for (let i = 0; i < warmup; i++) await get(count + i);
  for (let i = 0; i < count; i++) samples.get.push(await get(i));
  return samples;
}
