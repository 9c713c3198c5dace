/**
 * Tabula's side of the peers section (bench/peers.ts), through the service worker: the
 * figures each peer is set beside, every one the time the page waits for its answer
 * (the worker hop, i.e. a ping's worth, included). Runs in the benchmark page.
 */
import { sparqlSelect, timedRequest } from './triples-api';
import { queries } from './triples-data';
import { benchDocuments } from './documents';
import { timed } from './latency';
import { JSON_TYPE, expectStatus, timedPing } from './search-api';
import { peerSearchQueries } from './peers-queries';

export interface TimedQuery {
  name: string;
  ms: number[];
  /** `GET /v1/ping` before each timed run, for reading the figures (not subtracted). */
  ping: number[];
  /** Rows of the SPARQL answer, or the search's total hits. */
  count: number;
}

/** The BSBM mix through the endpoint (GET, as the semantics section's target figure), each query `warmup + runs` times. */
export async function tabulaSparqlRuns({ triples, runs, warmup }: { triples: number; runs: number; warmup: number }): Promise<TimedQuery[]> {
  const out: TimedQuery[] = [];
  for (const q of queries(triples)) {
    const s: TimedQuery = { name: q.name, ms: [], ping: [], count: 0 };
    for (let i = 0; i < warmup + runs; i++) {
      const ping = await timedRequest('ping', triples);
      const { ms, body } = await sparqlSelect(q.text);
      s.count = (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length;
      if (i < warmup) continue;
      s.ping.push(ping.ms);
      s.ms.push(ms);
    }
    out.push(s);
  }
  return out;
}

/** Single-document latency: PUT of a new document (201), GET (200), PUT replacing it (204), phase by phase as PouchDB's. */
export async function tabulaSingleLatency({ count, warmup }: { count: number; warmup: number }): Promise<{ ping: number[]; create: number[]; get: number[]; replace: number[] }> {
  const docs = benchDocuments('/bench/single/', count + warmup);
  const url = (i: number) => `/v1/documents?uri=${encodeURIComponent(docs[i].uri)}`;
  const changed = (i: number) => JSON.stringify({ ...(JSON.parse(docs[i].text) as object), title: `changed ${i}` });
  const out = { ping: [] as number[], create: [] as number[], get: [] as number[], replace: [] as number[] };
  const phase = async (samples: number[], f: (i: number) => Promise<number>) => {
    for (let i = 0; i < warmup + count; i++) {
      const ms = await f(i);
      if (i >= warmup) samples.push(ms);
    }
  };
  await phase(out.ping, () => timedPing());
  await phase(out.create, (i) => timed(() => fetch(url(i), { method: 'PUT', headers: JSON_TYPE, body: docs[i].text }), 201, `PUT ${docs[i].uri}`));
  await phase(out.get, (i) => timed(() => fetch(url(i)), 200, `GET ${docs[i].uri}`));
  await phase(out.replace, (i) => timed(() => fetch(url(i), { method: 'PUT', headers: JSON_TYPE, body: changed(i) }), 204, `PUT ${docs[i].uri} again`));
  return out;
}

/** Stored options for the peers' comparison: no snippets and no facets (the peers compute neither), 10 results. */
const PEERS_OPTIONS = 'bench-peers';

/**
 * The peers' search queries through `GET /v1/search` with {@link PEERS_OPTIONS}, on the
 * database the search ingest (with indexing) filled. Each run follows a ping.
 */
export async function tabulaSearchRuns({ runs, warmup }: { runs: number; warmup: number }): Promise<TimedQuery[]> {
  const options = { options: { 'transform-results': { apply: 'empty-snippet' }, 'return-facets': false, 'page-length': 10 } };
  await expectStatus(await fetch(`/v1/config/query/${PEERS_OPTIONS}`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(options) }), [201, 204], 'PUT query options');
  const out: TimedQuery[] = [];
  for (const q of peerSearchQueries()) {
    const s: TimedQuery = { name: q.name, ms: [], ping: [], count: 0 };
    const url = `/v1/search?${new URLSearchParams({ options: PEERS_OPTIONS, format: 'json', q: q.q })}`;
    for (let i = 0; i < warmup + runs; i++) {
      const ping = await timedPing();
      const start = performance.now();
      const res = await fetch(url);
      const text = await res.text();
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`search ${q.q}: expected 200, got ${res.status}: ${text.slice(0, 300)}`);
      s.count = (JSON.parse(text) as { total: number }).total;
      if (i < warmup) continue;
      s.ping.push(ping);
      s.ms.push(ms);
    }
    out.push(s);
  }
  return out;
}
