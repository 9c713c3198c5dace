/**
 * The transactions benchmark, driven from Node: multi-statement transactions
 * (`/v1/transactions`, `txid` on `/v1/documents`) through the service worker, in one fresh
 * page (bench/scenarios/transactions-api.ts).
 *
 * 1. Writes: `transactions` transactions of `docsPerTransaction` documents each — open
 *    (`POST /v1/transactions`, whose 303 the page's fetch follows to the status document),
 *    one `PUT /v1/documents?uri=…&txid=…` per document, `POST /v1/transactions/{txid}?result=commit`
 *    — against the same documents (the documents section's ~1 KB JSON, same texts under another
 *    prefix, same collection) written as as many bulk `POST /v1/documents` multipart requests
 *    of `docsPerTransaction` (the search bench's body builder). The two alternate in rounds,
 *    so drift on a shared machine reaches both; each transaction's and request's first and
 *    last documents are read back afterwards (a lost write fails the run).
 * 2. Reads inside a transaction: `uncommitted` documents written in one open transaction
 *    (bulk POSTs with `txid` of `uncommittedBatch`), and the same texts committed under
 *    another prefix; then per run, in rotating order, `GET /v1/ping`, the transaction's
 *    `GET /v1/documents?uri=…&txid=…` of one of its documents, the read without `txid` of its
 *    committed copy, and the transaction's read of that committed copy. The transaction is
 *    rolled back afterwards.
 *
 * Targets, reported, not asserted: transactional docs/s ≥ 0.5 × bulk docs/s; the txid read's
 * p50 ≤ 2 ms over the read without txid. `BENCH_SKIP_TRANSACTIONS=1` leaves the section out.
 */
import type { BenchBrowser } from './browser';
import { controlledPage } from './page';
import { fmt, table } from './report';
import { percentile, summarize, type Summary } from './stats';
import type * as Api from './scenarios/transactions-api';

export interface TransactionsOptions {
  /** Transactions committed, and bulk requests of the comparison (BENCH_TXN_COUNT). */
  transactions: number;
  /** Documents per transaction and per bulk request (BENCH_TXN_DOCS). */
  docsPerTransaction: number;
  /** Rounds the two write workloads alternate in (BENCH_TXN_ROUNDS). */
  rounds: number;
  /** Documents the read benchmark's transaction holds uncommitted (BENCH_TXN_UNCOMMITTED). */
  uncommitted: number;
  /** Documents per bulk POST with txid writing them (BENCH_TXN_UNCOMMITTED_BATCH). */
  uncommittedBatch: number;
  /** Read runs, each a ping and the three reads (BENCH_TXN_READ_RUNS, BENCH_TXN_READ_WARMUP). */
  readRuns: number;
  readWarmup: number;
}

const PREFIX = '/bench/transactions/';
const LIMITS = { docsRatio: 0.5, txidReadOverPlainMs: 2 };
/** src/db/limits.ts: maxTransactionDocuments. */
const MAX_TRANSACTION_DOCUMENTS = 10_000;

export function transactionsOptionsFromEnv(env: NodeJS.ProcessEnv): TransactionsOptions {
  const int = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not ${env[name]}`);
    return value;
  };
  return {
    transactions: int('BENCH_TXN_COUNT', 1_000, 1),
    docsPerTransaction: int('BENCH_TXN_DOCS', 10, 1, MAX_TRANSACTION_DOCUMENTS),
    rounds: int('BENCH_TXN_ROUNDS', 10, 1),
    uncommitted: int('BENCH_TXN_UNCOMMITTED', 1_000, 1, MAX_TRANSACTION_DOCUMENTS),
    uncommittedBatch: int('BENCH_TXN_UNCOMMITTED_BATCH', 100, 1),
    readRuns: int('BENCH_TXN_READ_RUNS', 500, 1),
    readWarmup: int('BENCH_TXN_READ_WARMUP', 50, 0),
  };
}

/** A latency summary with the p90 the section reports beside the usual percentiles. */
export type Summary90 = Summary & { p90: number };

export function summarize90(samples: readonly number[]): Summary90 {
  return { ...summarize(samples), p90: percentile([...samples].sort((a, b) => a - b), 90) };
}

/** Differences at the timer's 0.1 ms resolution, not in float noise. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

export interface WriteFigures {
  transactions: number;
  docsPerTransaction: number;
  documents: number;
  rounds: number;
  txnSeconds: number;
  bulkSeconds: number;
  transactionsPerSecond: number;
  txnDocsPerSecond: number;
  bulkDocsPerSecond: number;
  bulkRequestsPerSecond: number;
  /** Transactional docs/s ÷ bulk docs/s. */
  ratio: number;
  /** Transactions writing their documents as one bulk POST with txid (open, POST, commit): docs/s, ÷ bulk docs/s, each one's ms. */
  txnBulk: { seconds: number; docsPerSecond: number; ratio: number; whole: Summary90 };
  /** Per transaction: the open (POST and the followed GET), its PUTs together, its commit, the whole. */
  txnPhasesMs: { open: Summary90; puts: Summary90; commit: Summary90; whole: Summary90 };
  bulkRequestMs: Summary90;
  /** Between the transactions: the ping, a PUT without txid; and every PUT with txid. */
  ping: Summary90;
  plainPutMs: Summary90;
  txnPutMs: Summary90;
  /**
   * What the round trips alone allow: a transaction is `docsPerTransaction + 3` requests (the
   * open's POST and followed GET, a PUT per document, the commit), each at least a ping.
   */
  roundTripFloor: { requestsPerTransaction: number; ms: number; docsPerSecond: number; overBulk: number };
  perRound: Api.TxnWriteResult['perRound'];
}

export interface ReadFigures {
  uncommitted: number;
  batchSize: number;
  /** The transaction's bulk POSTs with txid, and the committed copies' without, ms each. */
  txnBulkMs: Summary90;
  committedBulkMs: Summary90;
  ping: Summary90;
  txidUncommitted: Summary90 & { overPingP50: number };
  plain: Summary90 & { overPingP50: number };
  txidCommitted: Summary90 & { overPingP50: number };
  /** The txid read's p50 − the read without txid's p50. */
  txidOverPlainP50: number;
  searchCheck: Api.TxnReadSamples['searchCheck'];
  problems: string[];
}

export interface TransactionsTargets {
  txnDocsAtLeastHalfOfBulk: { target: string; ratio: number; met: boolean };
  /** The same target, each transaction writing its documents as one bulk POST with txid. */
  txnBulkDocsAtLeastHalfOfBulk: { target: string; ratio: number; met: boolean };
  txidReadWithin2msOfPlain: { target: string; value: number; met: boolean };
}

export interface TransactionsResults {
  parameters: TransactionsOptions & { prefix: string; documents: string; open: string };
  /** What `redirect: 'manual'` gave the page for an open (why the id is read from the followed status document). */
  manualRedirect: Api.ManualRedirectProbe;
  write: WriteFigures;
  read: ReadFigures;
  targets: TransactionsTargets;
}

export function writeFigures(w: Api.TxnWriteResult): WriteFigures {
  const ping = summarize90(w.ping);
  const requestsPerTransaction = w.docsPerTransaction + 3;
  const floorMs = requestsPerTransaction * ping.p50;
  const floorDocsPerSecond = (w.docsPerTransaction / floorMs) * 1000;
  return {
    transactions: w.transactions,
    docsPerTransaction: w.docsPerTransaction,
    documents: w.documents,
    rounds: w.rounds,
    txnSeconds: w.txnMs / 1000,
    bulkSeconds: w.bulkMs / 1000,
    transactionsPerSecond: w.transactionsPerSecond,
    txnDocsPerSecond: w.txnDocsPerSecond,
    bulkDocsPerSecond: w.bulkDocsPerSecond,
    bulkRequestsPerSecond: w.bulkRequestsPerSecond,
    ratio: w.txnDocsPerSecond / w.bulkDocsPerSecond,
    txnBulk: { seconds: w.txnBulkMs / 1000, docsPerSecond: w.txnBulkDocsPerSecond, ratio: w.txnBulkDocsPerSecond / w.bulkDocsPerSecond, whole: summarize90(w.txnBulkWhole) },
    txnPhasesMs: {
      open: summarize90(w.txnPhases.open),
      puts: summarize90(w.txnPhases.puts),
      commit: summarize90(w.txnPhases.commit),
      whole: summarize90(w.txnPhases.whole),
    },
    bulkRequestMs: summarize90(w.bulkRequestMs),
    ping,
    plainPutMs: summarize90(w.plainPutMs),
    txnPutMs: summarize90(w.txnPutMs),
    roundTripFloor: { requestsPerTransaction, ms: floorMs, docsPerSecond: floorDocsPerSecond, overBulk: floorDocsPerSecond / w.bulkDocsPerSecond },
    perRound: w.perRound,
  };
}

export function readFigures(r: Api.TxnReadSamples): ReadFigures {
  const ping = summarize90(r.ping);
  const overPing = (samples: number[]) => {
    const s = summarize90(samples);
    return { ...s, overPingP50: tenths(s.p50 - ping.p50) };
  };
  const txidUncommitted = overPing(r.txidUncommitted);
  const plain = overPing(r.plain);
  return {
    uncommitted: r.uncommitted,
    batchSize: r.batchSize,
    txnBulkMs: summarize90(r.txnBulkMs),
    committedBulkMs: summarize90(r.committedBulkMs),
    ping,
    txidUncommitted,
    plain,
    txidCommitted: overPing(r.txidCommitted),
    txidOverPlainP50: tenths(txidUncommitted.p50 - plain.p50),
    searchCheck: r.searchCheck,
    problems: r.problems,
  };
}

export function transactionsTargets(write: WriteFigures, read: ReadFigures): TransactionsTargets {
  return {
    txnDocsAtLeastHalfOfBulk: {
      target: `documents written in transactions of ${write.docsPerTransaction} PUTs ≥ ${LIMITS.docsRatio} × the same written as bulk requests of ${write.docsPerTransaction} (docs/s)`,
      ratio: write.ratio,
      met: write.ratio >= LIMITS.docsRatio,
    },
    txnBulkDocsAtLeastHalfOfBulk: {
      target: `documents written in transactions of one bulk POST of ${write.docsPerTransaction} with txid ≥ ${LIMITS.docsRatio} × the same written as bulk requests of ${write.docsPerTransaction} (docs/s)`,
      ratio: write.txnBulk.ratio,
      met: write.txnBulk.ratio >= LIMITS.docsRatio,
    },
    txidReadWithin2msOfPlain: {
      target: `GET with txid of one of ${read.uncommitted} uncommitted documents: p50 ≤ ${LIMITS.txidReadOverPlainMs} ms over the GET without txid of a committed one`,
      value: read.txidOverPlainP50,
      met: read.txidOverPlainP50 <= LIMITS.txidReadOverPlainMs,
    },
  };
}

export async function runTransactions(browser: BenchBrowser, baseURL: string, script: string, o: TransactionsOptions, log: (line: string) => void): Promise<TransactionsResults> {
  const page = await controlledPage(browser, baseURL, script);
  const manualRedirect = await page.evaluate(() => window.tabulaBench.txnManualRedirectProbe(), undefined);
  log(`  open with redirect: 'manual': ${manualRedirect.type}, status ${manualRedirect.status}, Location ${manualRedirect.location ?? 'unreadable'}; the id is read from the followed status document`);

  const w = await page.evaluate((a) => window.tabulaBench.txnWriteMix(a), {
    transactions: o.transactions,
    docsPerTransaction: o.docsPerTransaction,
    rounds: o.rounds,
    txnPrefix: `${PREFIX}txn/`,
    bulkPrefix: `${PREFIX}bulk/`,
    singlePrefix: `${PREFIX}single/`,
    txnBulkPrefix: `${PREFIX}txn-bulk/`,
  });
  const write = writeFigures(w);
  log(`  ${write.transactions} transactions of ${write.docsPerTransaction} PUTs: ${fmt(write.transactionsPerSecond, 1)} transactions/s, ${fmt(write.txnDocsPerSecond, 0)} docs/s; bulk requests of ${write.docsPerTransaction}: ${fmt(write.bulkDocsPerSecond, 0)} docs/s (${fmt(write.ratio)}×)`);

  const r = await page.evaluate((a) => window.tabulaBench.txnReadLatency(a), {
    uncommitted: o.uncommitted,
    batchSize: o.uncommittedBatch,
    runs: o.readRuns,
    warmup: o.readWarmup,
    prefix: `${PREFIX}read/`,
  });
  await page.close();
  const read = readFigures(r);
  log(`  reads inside a transaction holding ${read.uncommitted} uncommitted documents: txid p50 ${fmt(read.txidUncommitted.p50)} ms, without txid ${fmt(read.plain.p50)} ms, ping ${fmt(read.ping.p50)} ms`);
  for (const p of read.problems) log(`  WARNING: ${p}`);

  return {
    parameters: {
      ...o,
      prefix: PREFIX,
      documents: 'the documents section\'s ~1 KB JSON (bench/scenarios/documents.ts), in one collection',
      open: 'POST /v1/transactions with Accept: application/json, its 303 followed by the page\'s fetch to the JSON status document',
    },
    manualRedirect,
    write,
    read,
    targets: transactionsTargets(write, read),
  };
}

export const TXN_WRITE_HEAD = ['workload', 'transactions / requests', 'documents', 's', 'per s', 'docs/s', 'each p50 ms', 'p90', 'docs/s vs bulk'];
export const TXN_PHASE_HEAD = ['a transaction\'s phases, and single requests between the transactions (ms)', 'n', 'p50', 'p90', 'p99', 'max', 'p50 − ping p50'];
export const TXN_READ_HEAD = ['request', 'n', 'p50', 'p90', 'p95', 'p99', 'p50 − ping p50'];

/** The write table's rows: the transactions, the bulk requests, and the transactions' phases. */
export function transactionsWriteRows(w: WriteFigures): string[][] {
  const n = String(w.docsPerTransaction);
  return [
    [`transactions: open, ${n} × PUT with txid, commit`, String(w.transactions), String(w.documents), fmt(w.txnSeconds), fmt(w.transactionsPerSecond, 1), fmt(w.txnDocsPerSecond, 0), fmt(w.txnPhasesMs.whole.p50), fmt(w.txnPhasesMs.whole.p90), fmt(w.ratio)],
    [`transactions: open, bulk POST of ${n} with txid, commit`, String(w.transactions), String(w.documents), fmt(w.txnBulk.seconds), fmt(w.transactions / w.txnBulk.seconds, 1), fmt(w.txnBulk.docsPerSecond, 0), fmt(w.txnBulk.whole.p50), fmt(w.txnBulk.whole.p90), fmt(w.txnBulk.ratio)],
    [`bulk POST of ${n} (multipart)`, String(w.transactions), String(w.documents), fmt(w.bulkSeconds), fmt(w.bulkRequestsPerSecond, 1), fmt(w.bulkDocsPerSecond, 0), fmt(w.bulkRequestMs.p50), fmt(w.bulkRequestMs.p90), '1.00'],
  ];
}

/** The phase table's rows: a transaction's open, PUTs, commit and whole, then the ping and the PUTs one by one. */
export function transactionsPhaseRows(w: WriteFigures): string[][] {
  const row = (name: string, s: Summary90, overPing: boolean) => [name, String(s.n), fmt(s.p50), fmt(s.p90), fmt(s.p99), fmt(s.max), overPing ? fmt(s.p50 - w.ping.p50, 1) : '–'];
  return [
    row('open (POST, 303 followed to GET status)', w.txnPhasesMs.open, false),
    row(`${w.docsPerTransaction} × PUT with txid`, w.txnPhasesMs.puts, false),
    row('commit', w.txnPhasesMs.commit, true),
    row('whole transaction', w.txnPhasesMs.whole, false),
    row('GET /v1/ping', w.ping, false),
    row('one PUT with txid', w.txnPutMs, true),
    row('one PUT without txid', w.plainPutMs, true),
    row(`bulk POST of ${w.docsPerTransaction}`, w.bulkRequestMs, true),
  ];
}

/** The read table's rows: the ping, then each read with its p50 over the ping's. */
export function transactionsReadRows(r: ReadFigures): string[][] {
  const row = (name: string, s: Summary90, over: string) => [name, String(s.n), fmt(s.p50), fmt(s.p90), fmt(s.p95), fmt(s.p99), over];
  return [
    row('GET /v1/ping', r.ping, '–'),
    row(`GET with txid, uncommitted (1 of ${r.uncommitted} in the transaction)`, r.txidUncommitted, fmt(r.txidUncommitted.overPingP50, 1)),
    row('GET without txid, committed', r.plain, fmt(r.plain.overPingP50, 1)),
    row('GET with txid, committed (not changed by the transaction)', r.txidCommitted, fmt(r.txidCommitted.overPingP50, 1)),
  ];
}

export function printTransactions(t: TransactionsResults): void {
  const w = t.write;
  console.log(`\nTransactional writes through the service worker (${w.documents} ~1 KB JSON documents each way, alternating in ${w.rounds} rounds; a transaction's open is the POST and the GET its 303 leads to)`);
  console.log(table(TXN_WRITE_HEAD, transactionsWriteRows(w)));
  console.log(table(TXN_PHASE_HEAD, transactionsPhaseRows(w)));
  const f = w.roundTripFloor;
  console.log(`  round trips alone: ${f.requestsPerTransaction} requests a transaction × ping p50 ${fmt(w.ping.p50)} ms = ${fmt(f.ms, 1)} ms, at most ${fmt(f.docsPerSecond, 0)} docs/s (${fmt(f.overBulk)} × bulk)`);

  const r = t.read;
  console.log(`\nReads inside a transaction holding ${r.uncommitted} uncommitted documents (written as bulk POSTs of ${r.batchSize} with txid, p50 ${fmt(r.txnBulkMs.p50, 0)} ms each; without txid ${fmt(r.committedBulkMs.p50, 0)} ms) — ms, sequential, every run all four in rotating order`);
  console.log(table(TXN_READ_HEAD, transactionsReadRows(r)));
  console.log(`  txid read p50 − read without txid p50: ${fmt(r.txidOverPlainP50, 1)} ms`);
  if (r.searchCheck) console.log(`  search by directory finds ${r.searchCheck.insideTotal} of the uncommitted documents inside the transaction, ${r.searchCheck.outsideTotal} outside`);
  for (const p of r.problems) console.log(`  WARNING: ${p}`);

  console.log('\nTransactions targets (reported, not asserted):');
  const line = (met: boolean, text: string) => console.log(`  ${met ? 'met    ' : 'NOT met'}  ${text}`);
  const g = t.targets;
  line(g.txnDocsAtLeastHalfOfBulk.met, `${g.txnDocsAtLeastHalfOfBulk.target}: ${fmt(g.txnDocsAtLeastHalfOfBulk.ratio)}`);
  line(g.txnBulkDocsAtLeastHalfOfBulk.met, `${g.txnBulkDocsAtLeastHalfOfBulk.target}: ${fmt(g.txnBulkDocsAtLeastHalfOfBulk.ratio)}`);
  line(g.txidReadWithin2msOfPlain.met, `${g.txidReadWithin2msOfPlain.target}: ${fmt(g.txidReadWithin2msOfPlain.value, 1)} ms`);
}
