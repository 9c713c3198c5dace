/**
 * The peers section, driven from Node: the libraries a user would pick instead of
 * Tabula, doing the same work in a page, beside Tabula doing it through the service
 * worker in the same run and the same browser (docs/decisions/0026-peer-benchmarks.md).
 *
 * - SPARQL, the BSBM-shaped triples (bench/scenarios/bsbm.ts): the load, then the ten
 *   queries — Comunica over an N3 store, quadstore-comunica over quadstore in IndexedDB.
 * - Documents, the documents section's ~1 KB records: bulk insert at the best batch size,
 *   single GET, PUT of a new document and PUT replacing one — PouchDB (`idb` adapter).
 * - Search, the search section's documents: the index build, then a one-term query, a
 *   two-term AND and a phrase — Orama and MiniSearch.
 *
 * Tabula's figures are the time the page waits for its answer, the worker hop (a ping's
 * worth) included; a peer's, the time its call takes in the page. Every peer runs in a
 * fresh page of its own context (bench/scenarios/peers-entry.ts, its own script), so one
 * peer's heap does not slow the next; Tabula's side runs in fresh worker databases.
 */
import type { BenchBrowser } from './browser';
import { controlledPage, plainPage } from './page';
import { fmt, table } from './report';
import { summarize, type Summary } from './stats';
import { PEER_TABLE_HEAD, fmtMs, peerRow, peerRowCells, peerVerdicts, type PeerFigure, type PeerRow } from './peer-rows';
import type { TriplesLoadResult } from './scenarios/triples-api';
import type { BulkResult } from './scenarios/bulk-ingest';
import type { SearchIngestResult } from './scenarios/search-api';
import type { PeerLoad, PeerQueryOutcome, SparqlPeer } from './scenarios/peers-sparql';
import type { PeerIndexBuild, PeerSearchOutcome, SearchPeer } from './scenarios/peers-search';
import type { TimedQuery } from './scenarios/peers-tabula';

export interface PeersOptions {
  triples: number;
  /** Triples per request of Tabula's bulk variants (the semantics section's, at most `triples`). */
  bulkVariants: Array<number | 'all'>;
  compactionWaitMs: number;
  runs: number;
  warmup: number;
  /** A peer's query run longer than this is abandoned. */
  capMs: number;
  /** A peer's query stops sampling once its runs have taken this long. */
  budgetMs: number;
  total: number;
  batchSizes: number[];
  latencyCount: number;
  latencyWarmup: number;
  docs: number;
  searchBatch: number;
}

/** The defaults other sections' options give (the same work, so the same sizes). */
export interface PeersDefaults {
  bulkVariants: Array<number | 'all'>;
  compactionWaitMs: number;
  total: number;
  batchSizes: number[];
  latencyCount: number;
  docs: number;
  searchBatch: number;
}

export function peersOptionsFromEnv(env: NodeJS.ProcessEnv, d: PeersDefaults): PeersOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not ${env[name]}`);
    return value;
  };
  const triples = int('BENCH_PEERS_TRIPLES', 100_000, 5_000);
  const capped = d.bulkVariants.map((v) => (v === 'all' || v >= triples ? 'all' : v));
  return {
    triples,
    bulkVariants: [...new Set(capped)],
    compactionWaitMs: d.compactionWaitMs,
    runs: int('BENCH_PEERS_RUNS', 20, 1),
    warmup: int('BENCH_PEERS_WARMUP', 3, 0),
    capMs: int('BENCH_PEERS_CAP', 30_000, 1),
    budgetMs: int('BENCH_PEERS_BUDGET', 60_000, 1),
    total: int('BENCH_PEERS_TOTAL', d.total, 1),
    batchSizes: env.BENCH_PEERS_BATCHES ? env.BENCH_PEERS_BATCHES.split(',').map(Number) : d.batchSizes,
    latencyCount: int('BENCH_PEERS_LATENCY', d.latencyCount, 1),
    latencyWarmup: 20,
    docs: int('BENCH_PEERS_DOCS', d.docs, 1_000),
    searchBatch: d.searchBatch,
  };
}

/** What the documents section measured, reused when it did exactly the same work. */
export interface PeersReuse {
  bulk?: BulkResult[];
}

const GRAPH = 'http://example.org/bench/peers';
const WORKER_DB = 'tabula:Documents';
const SEARCH_PREFIX = '/bench/search/';
const READY_TIMEOUT_MS = 30_000;

const SPARQL_PEERS: Array<{ id: SparqlPeer; label: string; store: string }> = [
  { id: 'comunica-n3', label: 'Comunica over N3 Store (memory)', store: 'N3 Store: parse + addQuads' },
  { id: 'comunica-quadstore', label: 'quadstore-comunica over quadstore (IndexedDB)', store: 'quadstore (browser-level): parse + multiPut' },
];
const SEARCH_PEERS: Array<{ id: SearchPeer; label: string; build: string }> = [
  { id: 'orama', label: 'Orama', build: 'Orama insertMultiple' },
  { id: 'minisearch', label: 'MiniSearch', build: 'MiniSearch addAll' },
];

interface QueryFigures {
  name: string;
  tabula: Summary;
  ping: Summary;
  count: number;
}

export interface PeersResults {
  parameters: PeersOptions & { reused: string[]; searchOptions: string };
  sparql: {
    tabulaLoads: TriplesLoadResult[];
    tabulaLoad: TriplesLoadResult;
    tabulaQueries: QueryFigures[];
    peers: Array<{ peer: SparqlPeer; load: PeerLoad; queries: Array<{ name: string; outcome: 'ok'; rows: number; summary: Summary } | Exclude<PeerQueryOutcome, { outcome: 'ok' }>> }>;
  };
  documents: {
    tabulaBulk: BulkResult[];
    tabulaBulkReused: boolean;
    pouchBulk: Array<BulkResult & { adapter: string }>;
    tabulaLatency: Record<'ping' | 'create' | 'get' | 'replace', Summary>;
    pouchLatency: Record<'create' | 'get' | 'replace', Summary>;
    adapter: string;
  };
  search: {
    tabulaIngest: SearchIngestResult;
    tabulaQueries: QueryFigures[];
    peers: Array<{ peer: SearchPeer; build: PeerIndexBuild; queries: Array<{ name: string; outcome: 'ok'; summary: Summary; hits: number } | { name: string; outcome: 'unsupported'; reason: string }> }>;
  };
  rows: PeerRow[];
}

const best = <T extends { ms: number }>(xs: T[]): T => xs.reduce((a, b) => (b.ms < a.ms ? b : a));

const queryFigures = (q: TimedQuery): QueryFigures => ({ name: q.name, tabula: summarize(q.ms), ping: summarize(q.ping), count: q.count });

export async function runPeers(
  browser: BenchBrowser,
  baseURL: string,
  script: string,
  peers: string,
  o: PeersOptions,
  reuse: PeersReuse,
  log: (line: string) => void,
): Promise<PeersResults> {
  const reused: string[] = [];

  // SPARQL, Tabula: each bulk variant into a fresh database, then the best again, left to compact, for the queries.
  const tabulaLoads: TriplesLoadResult[] = [];
  for (const perRequest of o.bulkVariants) {
    const page = await controlledPage(browser, baseURL, script);
    tabulaLoads.push(await page.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), { triples: o.triples, perRequest, graph: GRAPH, dbName: WORKER_DB, compactionWaitMs: 0 }));
    await page.close();
  }
  const loaded = tabulaLoads.filter((l) => l.outcome === 'ok');
  if (loaded.length === 0) throw new Error('no bulk-load variant was accepted');
  const tabulaLoad = best(loaded);
  log(`  Tabula loads ${o.triples} triples in ${fmt(tabulaLoad.ms / 1000)} s (${tabulaLoad.perRequest} per request)`);
  const queryPage = await controlledPage(browser, baseURL, script);
  await queryPage.evaluate((a) => window.tabulaBench.triplesBulkLoad(a), { triples: o.triples, perRequest: tabulaLoad.perRequest, graph: GRAPH, dbName: WORKER_DB, compactionWaitMs: o.compactionWaitMs });
  const tabulaQueries = (await queryPage.evaluate((a) => window.tabulaBench.tabulaSparqlRuns(a), { triples: o.triples, runs: o.runs, warmup: o.warmup })).map(queryFigures);
  await queryPage.close();

  const sparqlPeers: PeersResults['sparql']['peers'] = [];
  for (const p of SPARQL_PEERS) {
    const page = await plainPage(browser, baseURL, peers);
    const load =
      p.id === 'comunica-n3'
        ? await page.evaluate((a) => window.tabulaPeers.n3Load(a), { triples: o.triples })
        : await page.evaluate((a) => window.tabulaPeers.quadstoreLoad(a), { triples: o.triples, dbName: 'bench-peers-quadstore' });
    if (load.stored !== o.triples) throw new Error(`${p.label}: the store holds ${load.stored} of ${o.triples} triples`);
    log(`  ${p.label}: loads in ${fmt(load.ms / 1000)} s (parse ${fmt(load.parseMs / 1000)} s)`);
    const outcomes = await page.evaluate((a) => window.tabulaPeers.peerQueries(a), { triples: o.triples, runs: o.runs, warmup: o.warmup, capMs: o.capMs, budgetMs: o.budgetMs });
    await page.close();
    sparqlPeers.push({ peer: p.id, load, queries: outcomes.map((q) => (q.outcome === 'ok' ? { name: q.name, outcome: q.outcome, rows: q.rows, summary: summarize(q.ms) } : q)) });
    for (const q of outcomes.filter((x) => x.outcome !== 'ok')) log(`  ${p.label}: ${q.name} ${q.outcome === 'error' ? `failed: ${q.message}` : 'over the cap'}`);
  }

  // Documents.
  let tabulaBulk = reuse.bulk;
  if (tabulaBulk) reused.push('documents: Tabula bulk insert (the documents section)');
  else {
    tabulaBulk = [];
    for (const batchSize of o.batchSizes) {
      const page = await controlledPage(browser, baseURL, script);
      tabulaBulk.push(await page.evaluate((a) => window.tabulaBench.bulkIngest(a), { total: o.total, batchSize, prefix: `/bench/bulk-${batchSize}/` }));
      await page.close();
    }
  }
  const pouchBulk: PeersResults['documents']['pouchBulk'] = [];
  for (const batchSize of o.batchSizes) {
    const page = await plainPage(browser, baseURL, peers);
    pouchBulk.push(await page.evaluate((a) => window.tabulaPeers.pouchBulk(a), { total: o.total, batchSize, dbName: `bench-peers-${batchSize}` }));
    await page.close();
  }
  log(`  PouchDB bulk: ${pouchBulk.map((b) => `batch ${b.batchSize} ${fmt(b.docsPerSecond, 0)} docs/s`).join(', ')}`);
  const latencyOptions = { count: o.latencyCount, warmup: o.latencyWarmup };
  const tabulaLatencyPage = await controlledPage(browser, baseURL, script);
  const tl = await tabulaLatencyPage.evaluate((a) => window.tabulaBench.tabulaSingleLatency(a), latencyOptions);
  await tabulaLatencyPage.close();
  const pouchLatencyPage = await plainPage(browser, baseURL, peers);
  const pl = await pouchLatencyPage.evaluate((a) => window.tabulaPeers.pouchLatency(a), { ...latencyOptions, dbName: 'bench-peers-single' });
  await pouchLatencyPage.close();

  // Search.
  const searchPage = await controlledPage(browser, baseURL, script);
  const tabulaIngest = await searchPage.evaluate((a) => window.tabulaBench.searchIngest(a), { total: o.docs, batchSize: o.searchBatch, prefix: SEARCH_PREFIX, indexing: true, readyTimeoutMs: READY_TIMEOUT_MS });
  log(`  Tabula ingests ${o.docs} documents with indexing in ${fmt(tabulaIngest.ms / 1000)} s`);
  const tabulaSearch = (await searchPage.evaluate((a) => window.tabulaBench.tabulaSearchRuns(a), { runs: o.runs, warmup: o.warmup })).map(queryFigures);
  await searchPage.close();
  const searchPeers: PeersResults['search']['peers'] = [];
  for (const p of SEARCH_PEERS) {
    const page = await plainPage(browser, baseURL, peers);
    const build = await page.evaluate((a) => window.tabulaPeers.searchPeerIndex(a), { peer: p.id, total: o.docs, prefix: SEARCH_PREFIX });
    log(`  ${p.label} indexes ${o.docs} documents in ${fmt(build.ms / 1000)} s`);
    const outcomes: PeerSearchOutcome[] = await page.evaluate((a) => window.tabulaPeers.searchPeerQueries(a), { runs: o.runs, warmup: o.warmup });
    await page.close();
    searchPeers.push({ peer: p.id, build, queries: outcomes.map((q) => (q.outcome === 'ok' ? { name: q.name, outcome: q.outcome, hits: q.hits, summary: summarize(q.ms) } : q)) });
  }

  const results: Omit<PeersResults, 'rows'> = {
    parameters: { ...o, reused, searchOptions: 'Tabula: stored options with transform-results empty-snippet, no facets, page-length 10' },
    sparql: { tabulaLoads, tabulaLoad, tabulaQueries, peers: sparqlPeers },
    documents: {
      tabulaBulk,
      tabulaBulkReused: reuse.bulk !== undefined,
      pouchBulk,
      tabulaLatency: { ping: summarize(tl.ping), create: summarize(tl.create), get: summarize(tl.get), replace: summarize(tl.replace) },
      pouchLatency: { create: summarize(pl.create), get: summarize(pl.get), replace: summarize(pl.replace) },
      adapter: pl.adapter,
    },
    search: { tabulaIngest, tabulaQueries: tabulaSearch, peers: searchPeers },
  };
  return { ...results, rows: peerRows(results) };
}

/** Every (work, peer) row of the section's figures. */
export function peerRows(r: Omit<PeersResults, 'rows'>): PeerRow[] {
  const rows: PeerRow[] = [];
  const o = r.parameters;
  for (const p of r.sparql.peers) {
    const label = SPARQL_PEERS.find((x) => x.id === p.peer)!;
    rows.push(peerRow({ section: 'sparql', work: `load ${o.triples} triples (Tabula: ${r.sparql.tabulaLoad.perRequest} per request)`, peer: label.store, tabulaMs: r.sparql.tabulaLoad.ms, figure: { kind: 'ms', ms: p.load.ms } }));
  }
  for (const t of r.sparql.tabulaQueries) {
    for (const p of r.sparql.peers) {
      const q = p.queries.find((x) => x.name === t.name)!;
      const figure: PeerFigure =
        q.outcome === 'ok' ? { kind: 'ms', ms: q.summary.p50, count: q.rows } : q.outcome === 'over-cap' ? { kind: 'over-cap', capMs: q.capMs } : { kind: 'error', message: q.message };
      rows.push(peerRow({ section: 'sparql', work: `query ${t.name} (p50)`, peer: SPARQL_PEERS.find((x) => x.id === p.peer)!.label, tabulaMs: t.tabula.p50, tabulaCount: t.count, figure, countsMustMatch: true }));
    }
  }

  const d = r.documents;
  const tabulaBulk = best(d.tabulaBulk);
  const pouchBulk = best(d.pouchBulk);
  const pouch = `PouchDB (${d.adapter} adapter)`;
  rows.push(peerRow({ section: 'documents', work: `bulk insert ${o.total} documents (best batch: Tabula ${tabulaBulk.batchSize}, PouchDB ${pouchBulk.batchSize})`, peer: pouch, tabulaMs: tabulaBulk.ms, figure: { kind: 'ms', ms: pouchBulk.ms } }));
  const single = [
    ['get', 'single GET (p50)'],
    ['create', 'single PUT, new document (p50)'],
    ['replace', 'single PUT, replacing (PouchDB: with its _rev) (p50)'],
  ] as const;
  for (const [k, work] of single) rows.push(peerRow({ section: 'documents', work, peer: pouch, tabulaMs: d.tabulaLatency[k].p50, figure: { kind: 'ms', ms: d.pouchLatency[k].p50 } }));

  const s = r.search;
  for (const p of s.peers) {
    const label = SEARCH_PEERS.find((x) => x.id === p.peer)!;
    rows.push(peerRow({ section: 'search', work: `index ${o.docs} documents (Tabula: ingest with indexing)`, peer: label.build, tabulaMs: s.tabulaIngest.ms, figure: { kind: 'ms', ms: p.build.ms } }));
  }
  for (const t of s.tabulaQueries) {
    for (const p of s.peers) {
      const q = p.queries.find((x) => x.name === t.name)!;
      const figure: PeerFigure = q.outcome === 'ok' ? { kind: 'ms', ms: q.summary.p50, count: q.hits } : { kind: 'unsupported', reason: q.reason };
      rows.push(peerRow({ section: 'search', work: `search ${t.name} (p50; hits)`, peer: SEARCH_PEERS.find((x) => x.id === p.peer)!.label, tabulaMs: t.tabula.p50, tabulaCount: t.count, figure }));
    }
  }
  return rows;
}

export function printPeers(r: PeersResults): void {
  const titles: Record<PeerRow['section'], string> = {
    sparql: `SPARQL, ${r.parameters.triples} BSBM-shaped triples (Tabula through /v1/graphs and the endpoint; p50 of ${r.parameters.runs} runs)`,
    documents: `Documents, ${r.parameters.total} ~1 KB JSON records (Tabula through /v1/documents${r.documents.tabulaBulkReused ? '; its bulk figure from the documents section' : ''})`,
    search: `Search, ${r.parameters.docs} generated documents (Tabula: /v1/search, no snippets, no facets; p50 of ${r.parameters.runs} runs)`,
  };
  const pings: Record<PeerRow['section'], Summary> = {
    sparql: summarize(r.sparql.tabulaQueries.map((q) => q.ping.p50)),
    documents: r.documents.tabulaLatency.ping,
    search: summarize(r.search.tabulaQueries.map((q) => q.ping.p50)),
  };
  console.log('\nPeers: the same work in a page, beside Tabula through the service worker (times in ms; Tabula’s include the worker hop)');
  for (const section of ['sparql', 'documents', 'search'] as const) {
    console.log(`\n${titles[section]}`);
    console.log(table(PEER_TABLE_HEAD, r.rows.filter((x) => x.section === section).map(peerRowCells)));
    console.log(`  the worker hop in Tabula's figures: ping p50 ${fmtMs(pings[section].p50)} ms`);
  }
  const { counts, lost } = peerVerdicts(r.rows);
  console.log(`\nTabula at least as fast: met on ${counts.met} rows, NOT met on ${counts['NOT met']}, answers differ on ${counts['answers differ']}, nothing to compare on ${counts['n/a']}`);
  for (const row of lost) console.log(`  NOT met: ${row.work} — ${row.peer}: ratio ${fmt(row.ratio!)}`);
  if (r.parameters.reused.length > 0) console.log(`  reused: ${r.parameters.reused.join('; ')}`);
}
