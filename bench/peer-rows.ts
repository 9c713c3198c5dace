/**
 * The peers section's rows (bench/peers.ts): one piece of work, Tabula's time beside a
 * peer's, the ratio and whether Tabula is at least as fast. Kept apart from the driver
 * so the verdicts can be tested without a browser (test/bench-peer-rows.test.ts).
 */
import { fmt } from './report';

/** What a peer made of one piece of work. */
export type PeerFigure =
  | { kind: 'ms'; ms: number; count?: number }
  | { kind: 'unsupported'; reason: string }
  | { kind: 'over-cap'; capMs: number }
  | { kind: 'error'; message: string };

export type Verdict = 'met' | 'NOT met' | 'answers differ' | 'n/a';

export interface PeerRow {
  section: 'sparql' | 'documents' | 'search';
  work: string;
  peer: string;
  /** The time the page waits for Tabula's answer (through the service worker). */
  tabulaMs: number;
  /** SPARQL rows or search hits of Tabula's answer. */
  tabulaCount: number | null;
  figure: PeerFigure;
  /** Peer time ÷ Tabula time (> 1: Tabula is faster); null without a peer time. */
  ratio: number | null;
  verdict: Verdict;
}

export interface RowInput {
  section: PeerRow['section'];
  work: string;
  peer: string;
  tabulaMs: number;
  tabulaCount?: number | null;
  figure: PeerFigure;
  /** The peer must give as many answers as Tabula (SPARQL rows); otherwise counts are shown only (search hits, which stemming moves). */
  countsMustMatch?: boolean;
}

/**
 * The verdict of "Tabula at least as fast": a wrong answer wins for neither side; a peer
 * that cannot run the work (unsupported, or an error) leaves nothing to compare; a peer
 * stopped at its cap loses only if Tabula answered within that cap.
 */
export function peerRow({ section, work, peer, tabulaMs, tabulaCount = null, figure, countsMustMatch = false }: RowInput): PeerRow {
  const row = { section, work, peer, tabulaMs, tabulaCount, figure };
  switch (figure.kind) {
    case 'unsupported':
    case 'error':
      return { ...row, ratio: null, verdict: 'n/a' };
    case 'over-cap':
      return { ...row, ratio: null, verdict: tabulaMs <= figure.capMs ? 'met' : 'n/a' };
    case 'ms': {
      const ratio = figure.ms / tabulaMs;
      if (countsMustMatch && figure.count !== tabulaCount) return { ...row, ratio, verdict: 'answers differ' };
      return { ...row, ratio, verdict: figure.ms >= tabulaMs ? 'met' : 'NOT met' };
    }
  }
}

/** Milliseconds with the digits that matter at that size. */
export const fmtMs = (ms: number): string => fmt(ms, ms >= 100 ? 0 : ms >= 10 ? 1 : 2);

function figureCell(f: PeerFigure): string {
  switch (f.kind) {
    case 'ms':
      return fmtMs(f.ms);
    case 'unsupported':
      return 'unsupported';
    case 'over-cap':
      return `over ${fmt(f.capMs / 1000, 0)} s cap`;
    case 'error':
      return 'error';
  }
}

/** The table's head; the ratio's direction is spelled out in it. */
export const PEER_TABLE_HEAD = ['work', 'peer', 'Tabula ms', 'peer ms', 'peer ÷ Tabula (> 1: Tabula faster)', 'Tabula at least as fast', 'answers Tabula / peer'];

/** One table row of cells, in {@link PEER_TABLE_HEAD}'s order. */
export function peerRowCells(r: PeerRow): string[] {
  const peerCount = r.figure.kind === 'ms' && r.figure.count !== undefined ? String(r.figure.count) : '–';
  return [
    r.work,
    r.peer,
    fmtMs(r.tabulaMs),
    figureCell(r.figure),
    r.ratio === null ? '–' : fmt(r.ratio),
    r.verdict,
    r.tabulaCount === null && peerCount === '–' ? '–' : `${r.tabulaCount ?? '–'} / ${peerCount}`,
  ];
}

/** The rows Tabula loses, and how many rows have each verdict. */
export function peerVerdicts(rows: readonly PeerRow[]): { counts: Record<Verdict, number>; lost: PeerRow[] } {
  const counts: Record<Verdict, number> = { met: 0, 'NOT met': 0, 'answers differ': 0, 'n/a': 0 };
  for (const r of rows) counts[r.verdict]++;
  return { counts, lost: rows.filter((r) => r.verdict === 'NOT met') };
}
