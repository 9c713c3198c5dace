/**
 * The peers section's verdicts (bench/peer-rows.ts): the ratio is peer time ÷ Tabula time,
 * Tabula "at least as fast" when the peer took as long or longer, a wrong answer is a win
 * for neither side, and a peer that could not run the work leaves nothing to compare;
 * and the section's rows as bench/peers.ts builds them from its figures.
 */
import { describe, expect, test } from 'vitest';
import { PEER_TABLE_HEAD, peerRow, peerRowCells, peerVerdicts, type PeerFigure, type RowInput, type Verdict } from '../bench/peer-rows';
import { peerRows } from '../bench/peers';
import type { Summary } from '../bench/stats';

const base = { section: 'sparql' as const, work: 'query point (p50)', peer: 'a peer' };

interface Case {
  name: string;
  tabulaMs: number;
  tabulaCount?: number;
  figure: PeerFigure;
  countsMustMatch?: boolean;
  verdict: Verdict;
}

const cases: Case[] = [
  { name: 'the peer slower', tabulaMs: 4, figure: { kind: 'ms', ms: 10 }, verdict: 'met' },
  { name: 'a tie counts for Tabula', tabulaMs: 5, figure: { kind: 'ms', ms: 5 }, verdict: 'met' },
  { name: 'the peer faster', tabulaMs: 8, figure: { kind: 'ms', ms: 2 }, verdict: 'NOT met' },
  { name: 'same row count', tabulaMs: 4, tabulaCount: 7, figure: { kind: 'ms', ms: 10, count: 7 }, countsMustMatch: true, verdict: 'met' },
  { name: 'a slower peer with a different row count', tabulaMs: 4, tabulaCount: 7, figure: { kind: 'ms', ms: 10, count: 6 }, countsMustMatch: true, verdict: 'answers differ' },
  { name: 'a faster peer with a different row count', tabulaMs: 4, tabulaCount: 7, figure: { kind: 'ms', ms: 1, count: 8 }, countsMustMatch: true, verdict: 'answers differ' },
  { name: 'hit counts shown only', tabulaMs: 4, tabulaCount: 90, figure: { kind: 'ms', ms: 10, count: 80 }, verdict: 'met' },
  { name: 'unsupported', tabulaMs: 4, figure: { kind: 'unsupported', reason: 'no phrase query' }, verdict: 'n/a' },
  { name: 'an error', tabulaMs: 4, figure: { kind: 'error', message: 'boom' }, verdict: 'n/a' },
  { name: 'over the cap, Tabula within it', tabulaMs: 4, figure: { kind: 'over-cap', capMs: 30_000 }, verdict: 'met' },
  { name: 'over the cap, Tabula beyond it too', tabulaMs: 31_000, figure: { kind: 'over-cap', capMs: 30_000 }, verdict: 'n/a' },
];

describe('peerRow', () => {
  test.each(cases)('$name → $verdict', ({ tabulaMs, tabulaCount, figure, countsMustMatch, verdict }) => {
    const input: RowInput = { ...base, tabulaMs, tabulaCount, figure, countsMustMatch };
    const row = peerRow(input);
    expect(row.verdict).toBe(verdict);
    expect(row.ratio).toBe(figure.kind === 'ms' ? figure.ms / tabulaMs : null);
    expect(row.tabulaCount).toBe(tabulaCount ?? null);
  });

  test('cells follow the head, the peer figure or its reason in place of a number', () => {
    for (const c of cases) {
      const row = peerRow({ ...base, tabulaMs: c.tabulaMs, tabulaCount: c.tabulaCount, figure: c.figure, countsMustMatch: c.countsMustMatch });
      const cells = peerRowCells(row);
      expect(cells).toHaveLength(PEER_TABLE_HEAD.length);
      expect(cells[PEER_TABLE_HEAD.indexOf('Tabula at least as fast')]).toBe(c.verdict);
      const peerCell = cells[PEER_TABLE_HEAD.indexOf('peer ms')];
      if (c.figure.kind === 'ms') expect(Number(peerCell)).toBeCloseTo(c.figure.ms, 1);
      else expect(peerCell).toMatch({ unsupported: /^unsupported$/, error: /^error$/, 'over-cap': /cap/ }[c.figure.kind]);
    }
  });
});

describe('peerVerdicts', () => {
  test('counts every verdict and lists the rows Tabula loses', () => {
    const rows = cases.map((c) => peerRow({ ...base, work: c.name, tabulaMs: c.tabulaMs, tabulaCount: c.tabulaCount, figure: c.figure, countsMustMatch: c.countsMustMatch }));
    const { counts, lost } = peerVerdicts(rows);
    for (const v of ['met', 'NOT met', 'answers differ', 'n/a'] as const) expect(counts[v]).toBe(cases.filter((c) => c.verdict === v).length);
    expect(lost.map((r) => r.work)).toEqual(cases.filter((c) => c.verdict === 'NOT met').map((c) => c.name));
  });
});

describe('peerRows', () => {
  const summary = (p50: number): Summary => ({ n: 1, p50, p95: p50, p99: p50, mean: p50, min: p50, max: p50 });
  const bulk = (batchSize: number, ms: number) => ({ total: 100, batchSize, batches: 1, ms, docsPerSecond: 100_000 / ms, maxBatchMs: ms });
  const tabulaQueries = [
    { name: 'point', rows: 29, tabula: 5, n3: { rows: 29, ms: 9 }, quadstore: { rows: 28, ms: 20 } },
    { name: 'star', rows: 3, tabula: 6, n3: { rows: 3, ms: 2 }, quadstore: { rows: 3, ms: 30 } },
  ];
  const results = {
    parameters: { triples: 10_000, total: 100, docs: 1_000, runs: 3 },
    sparql: {
      tabulaLoad: { perRequest: 'all', ms: 1_000 },
      tabulaQueries: tabulaQueries.map((q) => ({ name: q.name, tabula: summary(q.tabula), ping: summary(1), count: q.rows })),
      peers: (['comunica-n3', 'comunica-quadstore'] as const).map((peer) => ({
        peer,
        load: { triples: 10_000, ms: peer === 'comunica-n3' ? 500 : 20_000, parseMs: 100, stored: 10_000 },
        queries: tabulaQueries.map((q) => {
          const f = peer === 'comunica-n3' ? q.n3 : q.quadstore;
          return { name: q.name, outcome: 'ok' as const, rows: f.rows, summary: summary(f.ms) };
        }),
      })),
    },
    documents: {
      tabulaBulk: [bulk(10, 900), bulk(50, 700)],
      pouchBulk: [bulk(10, 800), bulk(50, 600)].map((b) => ({ ...b, adapter: 'idb' })),
      tabulaLatency: { ping: summary(1), create: summary(5), get: summary(4), replace: summary(6) },
      pouchLatency: { create: summary(3), get: summary(1), replace: summary(7) },
      adapter: 'idb',
    },
    search: {
      tabulaIngest: { ms: 2_000 },
      tabulaQueries: [{ name: 'one-term', tabula: summary(5), ping: summary(1), count: 90 }, { name: 'phrase', tabula: summary(6), ping: summary(1), count: 40 }],
      peers: [
        {
          peer: 'orama',
          build: { peer: 'orama', total: 1_000, ms: 1_000, docsPerSecond: 1_000 },
          queries: [{ name: 'one-term', outcome: 'ok', hits: 80, summary: summary(0.5) }, { name: 'phrase', outcome: 'unsupported', reason: 'none' }],
        },
      ],
    },
  } as unknown as Parameters<typeof peerRows>[0];
  const rows = peerRows(results);
  const find = (work: string, peer: string) => rows.find((r) => r.work.startsWith(work) && r.peer.includes(peer))!;

  test('a row per (work, peer): two loads and two per query for SPARQL, four for documents, index and queries per search peer', () => {
    expect(rows.filter((r) => r.section === 'sparql')).toHaveLength(2 + 2 * tabulaQueries.length);
    expect(rows.filter((r) => r.section === 'documents')).toHaveLength(4);
    expect(rows.filter((r) => r.section === 'search')).toHaveLength(1 + 2);
  });

  test('a SPARQL answer with another row count is flagged, whichever side is faster', () => {
    for (const q of tabulaQueries) {
      for (const [peer, f] of [['N3', q.n3], ['quadstore', q.quadstore]] as const) {
        const row = find(`query ${q.name}`, peer);
        expect(row.verdict).toBe(f.rows !== q.rows ? 'answers differ' : f.ms >= q.tabula ? 'met' : 'NOT met');
        expect(row.tabulaCount).toBe(q.rows);
      }
    }
  });

  test('bulk insert sets the fastest batch of each side beside the other', () => {
    const fastest = <T extends { ms: number }>(xs: T[]) => [...xs].sort((a, b) => a.ms - b.ms)[0];
    const tabula = fastest(results.documents.tabulaBulk);
    const pouch = fastest(results.documents.pouchBulk);
    const row = find('bulk insert', 'PouchDB');
    expect(row.tabulaMs).toBe(tabula.ms);
    expect(row.figure).toEqual({ kind: 'ms', ms: pouch.ms });
    expect(row.work).toContain(`Tabula ${tabula.batchSize}, PouchDB ${pouch.batchSize}`);
  });

  test('search hits are shown, not compared; a phrase the peer lacks is unsupported', () => {
    expect(find('search one-term', 'Orama')).toMatchObject({ verdict: 'NOT met', tabulaCount: 90, figure: { kind: 'ms', count: 80 } });
    expect(find('search phrase', 'Orama')).toMatchObject({ verdict: 'n/a', ratio: null, figure: { kind: 'unsupported' } });
  });
});
