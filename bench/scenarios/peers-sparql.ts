/**
 * The SPARQL peers in the page (no service worker): the libraries a user would pick
 * instead of Tabula's endpoint, on the same BSBM-shaped triples and the same ten queries.
 *
 * - N3's `Store` (in memory) queried by Comunica (`@comunica/query-sparql-rdfjs`), the
 *   triples parsed from the same N-Triples text by N3's parser: parsing is part of the
 *   load, as a user holding the text must parse it too.
 * - quadstore over IndexedDB (`browser-level`), queried by quadstore-comunica, loaded by
 *   `multiPut` of the parsed quads in batches (each batch one IndexedDB transaction).
 *
 * Each query runs `warmup + runs` times, each to the array of its bindings (what a page
 * holds once it has its answer); a run over the cap is abandoned and the query reported as
 * such, and sampling stops once a query has used its budget (at least one timed run kept).
 * Runs in the peers page (bench/scenarios/peers-entry.ts).
 */
import { Parser, Store } from 'n3';
import { QueryEngine } from '@comunica/query-sparql-rdfjs';
import { Quadstore } from 'quadstore';
import { Engine } from 'quadstore-comunica';
import { BrowserLevel } from 'browser-level';
import { DataFactory } from 'rdf-data-factory';
import type { Bindings, Quad, ResultStream } from '@rdfjs/types';
import { dataset, queries } from './triples-data';
import { deleteDatabase } from './idb-baseline';

export type SparqlPeer = 'comunica-n3' | 'comunica-quadstore';

/** Quads per quadstore `multiPut`: quadstore's own stream import batches the same way. */
const QUADSTORE_BATCH = 10_000;

export interface PeerLoad {
  triples: number;
  /** Parse and store, from the N-Triples text to a store answering queries. */
  ms: number;
  /** Of which parsing. */
  parseMs: number;
  /** What the store counts after the load. */
  stored: number;
}

interface Queryable {
  queryBindings(text: string): Promise<ResultStream<Bindings> & { toArray(): Promise<Bindings[]>; destroy(): void }>;
}

let engine: Queryable | undefined;

function parse(text: string, factory?: DataFactory): { quads: Quad[]; ms: number } {
  const start = performance.now();
  const quads = new Parser({ format: 'N-Triples', ...(factory ? { factory } : {}) }).parse(text) as Quad[];
  return { quads, ms: performance.now() - start };
}

/** Loads the first `triples` lines into an N3 store and keeps Comunica over it for {@link peerQueries}. */
export function n3Load({ triples }: { triples: number }): PeerLoad {
  const text = `${dataset(triples).lines.join('\n')}\n`;
  const start = performance.now();
  const parsed = parse(text);
  const store = new Store();
  store.addQuads(parsed.quads);
  const ms = performance.now() - start;
  const comunica = new QueryEngine();
  engine = { queryBindings: (q) => comunica.queryBindings(q, { sources: [store] }) as ReturnType<Queryable['queryBindings']> };
  return { triples, ms, parseMs: parsed.ms, stored: store.size };
}

/** Loads the first `triples` lines into quadstore over a fresh IndexedDB database and keeps quadstore-comunica over it. */
export async function quadstoreLoad({ triples, dbName }: { triples: number; dbName: string }): Promise<PeerLoad> {
  // browser-level prefixes the name it is given with `level-js-`.
  await deleteDatabase(`level-js-${dbName}`);
  const text = `${dataset(triples).lines.join('\n')}\n`;
  const factory = new DataFactory();
  const store = new Quadstore({ backend: new BrowserLevel(dbName), dataFactory: factory });
  await store.open();
  const start = performance.now();
  const parsed = parse(text, factory);
  for (let i = 0; i < parsed.quads.length; i += QUADSTORE_BATCH) await store.multiPut(parsed.quads.slice(i, i + QUADSTORE_BATCH));
  const ms = performance.now() - start;
  const { items } = await store.get({});
  const quadstoreEngine = new Engine(store);
  engine = { queryBindings: (q) => quadstoreEngine.queryBindings(q) as unknown as ReturnType<Queryable['queryBindings']> };
  return { triples, ms, parseMs: parsed.ms, stored: items.length };
}

export interface PeerQueryOptions {
  triples: number;
  runs: number;
  warmup: number;
  /** A run longer than this is abandoned: the query is reported over the cap. */
  capMs: number;
  /** Sampling of a query stops once its runs have taken this long. */
  budgetMs: number;
}

export type PeerQueryOutcome =
  | { name: string; outcome: 'ok'; ms: number[]; rows: number }
  | { name: string; outcome: 'over-cap'; capMs: number }
  | { name: string; outcome: 'error'; message: string };

const OVER_CAP = Symbol('over the cap');

/** One run to the array of bindings, or OVER_CAP (the stream destroyed) after `capMs`. */
async function run(text: string, capMs: number): Promise<{ ms: number; rows: number } | typeof OVER_CAP> {
  const start = performance.now();
  const stream = await engineOf().queryBindings(text);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<typeof OVER_CAP>((resolve) => {
    timer = setTimeout(() => resolve(OVER_CAP), Math.max(0, capMs - (performance.now() - start)));
  });
  const answer = await Promise.race([stream.toArray(), cap]);
  clearTimeout(timer);
  if (answer === OVER_CAP) {
    stream.destroy();
    return OVER_CAP;
  }
  return { ms: performance.now() - start, rows: answer.length };
}

function engineOf(): Queryable {
  if (!engine) throw new Error('no peer store loaded: call n3Load or quadstoreLoad first');
  return engine;
}

/** The query mix on the kept store: per query its timed runs and row count, or why it has none. */
export async function peerQueries({ triples, runs, warmup, capMs, budgetMs }: PeerQueryOptions): Promise<PeerQueryOutcome[]> {
  const out: PeerQueryOutcome[] = [];
  for (const q of queries(triples)) {
    const ms: number[] = [];
    let rows = 0;
    let spent = 0;
    let warm = 0;
    let outcome: PeerQueryOutcome | undefined;
    while (ms.length < runs && outcome === undefined) {
      let r: Awaited<ReturnType<typeof run>>;
      try {
        r = await run(q.text, capMs);
      } catch (err) {
        outcome = { name: q.name, outcome: 'error', message: err instanceof Error ? err.message.slice(0, 200) : String(err) };
        break;
      }
      if (r === OVER_CAP) {
        outcome = { name: q.name, outcome: 'over-cap', capMs };
        break;
      }
      rows = r.rows;
      spent += r.ms;
      // A slow query skips the rest of its warm-up once it has used half the budget, and
      // stops after the run that exhausts it: the budget bounds the section's time.
      if (warm < warmup && spent < budgetMs / 2) {
        warm++;
        continue;
      }
      ms.push(r.ms);
      if (spent > budgetMs) break;
    }
    out.push(outcome ?? { name: q.name, outcome: 'ok', ms, rows });
  }
  return out;
}

/** Drops the kept store and engine. */
export function peerSparqlForget(): void {
  engine = undefined;
}
