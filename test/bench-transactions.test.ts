/**
 * The transactions section's figures (bench/transactions.ts) from its in-page samples: the
 * ratio of transactional to bulk docs/s, the round-trip floor, the txid read over the plain
 * read at the timer's 0.1 ms, the targets' verdicts at their limits, and rows that follow
 * their tables' heads.
 */
import { describe, expect, test } from 'vitest';
import {
  TXN_PHASE_HEAD,
  TXN_READ_HEAD,
  TXN_WRITE_HEAD,
  readFigures,
  summarize90,
  transactionsPhaseRows,
  transactionsReadRows,
  transactionsTargets,
  transactionsWriteRows,
  writeFigures,
} from '../bench/transactions';
import type { TxnReadSamples, TxnWriteResult } from '../bench/scenarios/transactions-api';

/** 100 transactions of 10 documents: `txnMs` and `bulkMs` in total, a 2 ms ping. */
function writeResult(txnMs: number, bulkMs: number): TxnWriteResult {
  const transactions = 100;
  const per = (ms: number) => Array.from({ length: transactions }, () => ms / transactions);
  return {
    transactions,
    docsPerTransaction: 10,
    rounds: 10,
    documents: 1_000,
    txnMs,
    bulkMs,
    // The transactions of one bulk POST each take half as long as the bulk requests' total again.
    txnBulkMs: bulkMs * 1.5,
    txnBulkDocsPerSecond: (1_000 / (bulkMs * 1.5)) * 1000,
    txnBulkWhole: per(bulkMs * 1.5),
    transactionsPerSecond: (transactions / txnMs) * 1000,
    txnDocsPerSecond: (1_000 / txnMs) * 1000,
    bulkDocsPerSecond: (1_000 / bulkMs) * 1000,
    bulkRequestsPerSecond: (transactions / bulkMs) * 1000,
    txnPhases: { open: per(txnMs * 0.1), puts: per(txnMs * 0.8), commit: per(txnMs * 0.1), whole: per(txnMs) },
    txnPutMs: Array.from({ length: 1_000 }, () => txnMs / 1_000),
    bulkRequestMs: per(bulkMs),
    ping: Array.from({ length: transactions }, () => 2),
    plainPutMs: Array.from({ length: transactions }, () => 4),
    perRound: [],
  };
}

function readSamples(txid: number, plain: number): TxnReadSamples {
  const n = (ms: number) => Array.from({ length: 50 }, (_, i) => ms + (i % 2) * 0.01);
  return {
    uncommitted: 1_000,
    batchSize: 100,
    txnBulkMs: [40],
    committedBulkMs: [45],
    ping: n(2),
    txidUncommitted: n(txid),
    plain: n(plain),
    txidCommitted: n(plain),
    problems: [],
    searchCheck: { insideTotal: 1_000, outsideTotal: 0 },
  };
}

describe('summarize90', () => {
  test('adds the nearest-rank p90 to the summary', () => {
    const s = summarize90(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(s).toMatchObject({ n: 100, p50: 50, p90: 90, p95: 95, max: 100 });
  });
});

describe('writeFigures', () => {
  test('the ratio is transactional docs/s over bulk docs/s; the floor is 13 requests a transaction at the ping p50', () => {
    const w = writeFigures(writeResult(4_000, 1_000));
    expect(w.ratio).toBeCloseTo(0.25, 10);
    expect(w.transactionsPerSecond).toBeCloseTo(25, 10);
    expect(w.roundTripFloor.requestsPerTransaction).toBe(13);
    expect(w.roundTripFloor.ms).toBeCloseTo(26, 10);
    expect(w.roundTripFloor.docsPerSecond).toBeCloseTo(10_000 / 26, 6);
    expect(w.roundTripFloor.overBulk).toBeCloseTo(10_000 / 26 / 1_000, 6);
    // One bulk POST per transaction: 1.5 times the bulk requests' time, so 2/3 of their docs/s.
    expect(w.txnBulk.ratio).toBeCloseTo(1 / 1.5, 10);
    expect(w.txnBulk.docsPerSecond).toBeCloseTo(1_000 / 1.5, 6);
  });
});

describe('transactionsTargets', () => {
  test.each([
    { txnMs: 2_000, bulkMs: 1_000, met: true },
    { txnMs: 2_010, bulkMs: 1_000, met: false },
  ])('docs/s ratio at $txnMs ms against $bulkMs ms → met $met', ({ txnMs, bulkMs, met }) => {
    const t = transactionsTargets(writeFigures(writeResult(txnMs, bulkMs)), readFigures(readSamples(3, 3)));
    expect(t.txnDocsAtLeastHalfOfBulk.met).toBe(met);
    // 1.5 times the bulk time: 0.67, over the target whatever the PUTs took.
    expect(t.txnBulkDocsAtLeastHalfOfBulk.met).toBe(true);
  });

  test.each([
    { txid: 5, plain: 3, value: 2, met: true },
    { txid: 5.1, plain: 3, value: 2.1, met: false },
    { txid: 2.5, plain: 3, value: -0.5, met: true },
  ])('txid read p50 $txid against $plain → $value ms, met $met', ({ txid, plain, value, met }) => {
    const r = readFigures(readSamples(txid, plain));
    expect(r.txidOverPlainP50).toBe(value);
    const t = transactionsTargets(writeFigures(writeResult(2_000, 1_000)), r);
    expect(t.txidReadWithin2msOfPlain).toMatchObject({ value, met });
  });
});

describe('rows', () => {
  test('every row has a cell per column of its table', () => {
    const w = writeFigures(writeResult(4_000, 1_000));
    const r = readFigures(readSamples(3, 3.5));
    for (const row of transactionsWriteRows(w)) expect(row).toHaveLength(TXN_WRITE_HEAD.length);
    for (const row of transactionsPhaseRows(w)) expect(row).toHaveLength(TXN_PHASE_HEAD.length);
    for (const row of transactionsReadRows(r)) expect(row).toHaveLength(TXN_READ_HEAD.length);
    expect(transactionsWriteRows(w)[0][TXN_WRITE_HEAD.indexOf('docs/s vs bulk')]).toBe('0.25');
    expect(transactionsReadRows(r).map((row) => row[TXN_READ_HEAD.indexOf('p50 − ping p50')])).toEqual(['–', '1.0', '1.5', '1.5']);
  });
});
