/**
 * Multi-statement transactions through the service worker (`/v1/transactions`, `txid` on
 * `/v1/documents`), as a client in a page uses them. Runs in the page.
 *
 * - Opening: `POST /v1/transactions` answers 303 to the status document. A page's `fetch`
 *   follows it (a second request through the worker, part of what opening costs a page), so
 *   the id is read from the followed JSON status document (`Accept: application/json`) and
 *   checked against the URL it came from. `redirect: 'manual'` cannot be used: through a
 *   service worker, as anywhere in a page, it yields an opaque redirect (status 0, no
 *   headers), so the Location is unreadable; {@link txnManualRedirectProbe} records that.
 * - Writes ({@link txnWriteMix}): transactions of a few single-document PUTs with `txid`,
 *   each opened and committed, against the same number of documents written as bulk
 *   `POST /v1/documents` requests of the same size (the search bench's {@link bulkBodies}),
 *   interleaved in rounds so both see the same machine; between transactions, a ping and a
 *   single PUT without txid, for the round trip and the write outside a transaction.
 * - Reads ({@link txnReadLatency}): `GET /v1/documents?uri=…&txid=…` of documents a transaction
 *   holds uncommitted (written with `txid` as bulk POSTs first), against the same read without
 *   `txid` of committed documents with the same content, and a ping, each run taking all three.
 */
import { benchDocuments } from './documents';
import { bulkBodies, expectStatus, timedPing } from './search-api';
import type { TransactionStatusJson } from '../../src/wire/transactions';

/** The collection every document of the section is written in (a PUT's `collection`, the bulk bodies' metadata part). */
export const TXN_COLLECTION = 'bench-transactions';

interface TxnDocument {
  uri: string;
  text: string;
  collection: string;
}

/** The documents section's ~1 KB JSON records (bench/scenarios/documents.ts) under `prefix`, in the section's collection. */
function txnDocuments(prefix: string, count: number): TxnDocument[] {
  return benchDocuments(prefix, count).map((d) => ({ ...d, collection: TXN_COLLECTION }));
}

const enc = encodeURIComponent;
const JSON_ACCEPT = { accept: 'application/json' };

/** The transaction id of the status document a followed open landed on. */
function idOfStatus(res: Response, text: string): string {
  const id = (JSON.parse(text) as TransactionStatusJson)['transaction-status']['transaction-id'];
  const fromUrl = new URL(res.url).pathname.split('/').pop();
  if (!res.redirected || fromUrl !== id) throw new Error(`open: the 303 was not followed to the status of ${id} (redirected ${res.redirected}, url ${res.url})`);
  return id;
}

/** Opens a transaction: the 303 and the followed GET of its status, as a page's fetch makes them. */
export async function openTransaction(query = ''): Promise<string> {
  const res = await fetch(`/v1/transactions${query}`, { method: 'POST', headers: JSON_ACCEPT });
  return idOfStatus(res, await expectStatus(res, [200], 'open a transaction (POST /v1/transactions, followed)'));
}

async function finishTransaction(txid: string, result: 'commit' | 'rollback'): Promise<void> {
  await expectStatus(await fetch(`/v1/transactions/${txid}?result=${result}`, { method: 'POST' }), [204], `${result} ${txid}`);
}

async function putInTransaction(d: TxnDocument, txid: string): Promise<void> {
  const url = `/v1/documents?uri=${enc(d.uri)}&collection=${enc(d.collection)}&txid=${txid}`;
  await expectStatus(await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: d.text }), [201], `PUT ${d.uri} in ${txid}`);
}

async function bulkPost(body: { body: Blob; contentType: string }, txid?: string): Promise<void> {
  const url = txid === undefined ? '/v1/documents' : `/v1/documents?txid=${txid}`;
  await expectStatus(await fetch(url, { method: 'POST', headers: { 'content-type': body.contentType, ...JSON_ACCEPT }, body: body.body }), [200], `bulk POST${txid ? ` in ${txid}` : ''}`);
}

/** The document's text as `txid` (or no transaction) reads it; null when it answers 404. */
async function readText(uri: string, txid?: string): Promise<string | null> {
  const res = await fetch(`/v1/documents?uri=${enc(uri)}${txid === undefined ? '' : `&txid=${txid}`}`);
  const text = await res.text();
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`GET ${uri}${txid ? ` in ${txid}` : ''}: expected 200 or 404, got ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

const same = (text: string | null, d: TxnDocument) => text !== null && JSON.stringify(JSON.parse(text)) === d.text;

/** The URIs to spot-check among `count`: the first, the middle and the last. */
const spots = (count: number) => [...new Set([0, Math.floor(count / 2), count - 1])];

export interface ManualRedirectProbe {
  /** What `fetch(…, { redirect: 'manual' })` gave the page: `opaqueredirect`, status 0, when the 303 is hidden. */
  type: string;
  status: number;
  location: string | null;
}

/**
 * Once: what `redirect: 'manual'` gives a page for the open. The transaction it opens cannot be
 * named afterwards when the answer is opaque, so it gets a 1 s time limit and expires.
 */
export async function txnManualRedirectProbe(): Promise<ManualRedirectProbe> {
  const res = await fetch('/v1/transactions?timeLimit=1&name=bench-manual-redirect-probe', { method: 'POST', redirect: 'manual' });
  await res.arrayBuffer();
  return { type: res.type, status: res.status, location: res.headers.get('location') };
}

export interface TxnWriteOptions {
  /** Transactions to commit, and as many bulk requests. */
  transactions: number;
  /** Documents per transaction (one PUT each) and per bulk request. */
  docsPerTransaction: number;
  /** The two workloads alternate in this many rounds (each round a share of both, which goes first alternating). */
  rounds: number;
  /**
   * URI prefixes, distinct, each under no documents yet: transactions', bulk requests', the
   * single PUTs' without txid, and the transactions writing their documents as one bulk POST.
   */
  txnPrefix: string;
  bulkPrefix: string;
  singlePrefix: string;
  txnBulkPrefix: string;
}

export interface TxnWriteResult {
  transactions: number;
  docsPerTransaction: number;
  rounds: number;
  documents: number;
  /** Summed over every transaction (open to commit answered) and every bulk request. */
  txnMs: number;
  bulkMs: number;
  /** Summed over the transactions that write their documents as one bulk POST with txid (open, POST, commit). */
  txnBulkMs: number;
  txnBulkDocsPerSecond: number;
  /** Each of those transactions, ms. */
  txnBulkWhole: number[];
  transactionsPerSecond: number;
  txnDocsPerSecond: number;
  bulkDocsPerSecond: number;
  bulkRequestsPerSecond: number;
  /** Per transaction, ms: the open (the POST and the followed GET), its PUTs together, its commit; and the whole. */
  txnPhases: { open: number[]; puts: number[]; commit: number[]; whole: number[] };
  /** Every PUT with txid, ms. */
  txnPutMs: number[];
  /** Per bulk request, ms. */
  bulkRequestMs: number[];
  /**
   * Taken between the transactions, outside their times, one of each per transaction: `GET /v1/ping`
   * (the round trip every request of a transaction pays) and a single PUT without txid of a
   * document like theirs (what the same write costs outside a transaction).
   */
  ping: number[];
  plainPutMs: number[];
  /** Every round's figures, to see drift between rounds. */
  perRound: Array<{ transactions: number; txnMs: number; bulkMs: number; txnFirst: boolean }>;
}

/** One transaction: open, a PUT per document, commit; its phases' times and each PUT's. */
async function oneTransaction(docs: TxnDocument[]): Promise<{ open: number; puts: number; commit: number; put: number[] }> {
  const t0 = performance.now();
  const txid = await openTransaction();
  const t1 = performance.now();
  const put: number[] = [];
  for (const d of docs) {
    const s = performance.now();
    await putInTransaction(d, txid);
    put.push(performance.now() - s);
  }
  const t2 = performance.now();
  await finishTransaction(txid, 'commit');
  return { open: t1 - t0, puts: t2 - t1, commit: performance.now() - t2, put };
}

/** One transaction writing its documents as one bulk POST with txid: open, POST, commit; ms. */
async function oneBulkTransaction(body: { body: Blob; contentType: string }): Promise<number> {
  const start = performance.now();
  const txid = await openTransaction();
  await bulkPost(body, txid);
  await finishTransaction(txid, 'commit');
  return performance.now() - start;
}

async function timedPut(d: TxnDocument): Promise<number> {
  const start = performance.now();
  const res = await fetch(`/v1/documents?uri=${enc(d.uri)}&collection=${enc(d.collection)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: d.text });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 201) throw new Error(`PUT ${d.uri}: expected 201, got ${res.status}`);
  return ms;
}

/**
 * The same documents (the same texts, under two prefixes) written both ways in one page:
 * `transactions` transactions of `docsPerTransaction` PUTs, committed, and as many bulk
 * requests of `docsPerTransaction` documents. Bodies and texts are built before any clock
 * starts. A warm-up of one transaction and one bulk request (under the prefixes' `warmup/`)
 * runs first. Between transactions, outside their times, a ping and a single PUT without txid.
 * Afterwards every transaction's and bulk request's first and last document is read back
 * without `txid`: a lost write throws.
 */
export async function txnWriteMix(o: TxnWriteOptions): Promise<TxnWriteResult> {
  const n = o.transactions * o.docsPerTransaction;
  const txnDocs = txnDocuments(o.txnPrefix, n);
  const bulkDocs = txnDocuments(o.bulkPrefix, n);
  const singles = txnDocuments(o.singlePrefix, o.transactions);
  const bodies = bulkBodies(bulkDocs, o.docsPerTransaction);
  const txnBulkDocs = txnDocuments(o.txnBulkPrefix, n);
  const txnBulkBodies = bulkBodies(txnBulkDocs, o.docsPerTransaction);
  await oneTransaction(txnDocuments(`${o.txnPrefix}warmup/`, o.docsPerTransaction));
  await oneBulkTransaction(bulkBodies(txnDocuments(`${o.txnBulkPrefix}warmup/`, o.docsPerTransaction), o.docsPerTransaction)[0]);
  await bulkPost(bulkBodies(txnDocuments(`${o.bulkPrefix}warmup/`, o.docsPerTransaction), o.docsPerTransaction)[0]);

  const rounds = Math.max(1, Math.min(o.rounds, o.transactions));
  const result: TxnWriteResult = {
    transactions: o.transactions,
    docsPerTransaction: o.docsPerTransaction,
    rounds,
    documents: n,
    txnMs: 0,
    bulkMs: 0,
    txnBulkMs: 0,
    txnBulkDocsPerSecond: 0,
    txnBulkWhole: [],
    transactionsPerSecond: 0,
    txnDocsPerSecond: 0,
    bulkDocsPerSecond: 0,
    bulkRequestsPerSecond: 0,
    txnPhases: { open: [], puts: [], commit: [], whole: [] },
    txnPutMs: [],
    bulkRequestMs: [],
    ping: [],
    plainPutMs: [],
    perRound: [],
  };
  for (let r = 0; r < rounds; r++) {
    const from = Math.floor((r * o.transactions) / rounds);
    const to = Math.floor(((r + 1) * o.transactions) / rounds);
    const runTxns = async () => {
      let ms = 0;
      for (let t = from; t < to; t++) {
        const phases = await oneTransaction(txnDocs.slice(t * o.docsPerTransaction, (t + 1) * o.docsPerTransaction));
        const whole = phases.open + phases.puts + phases.commit;
        ms += whole;
        result.txnPhases.open.push(phases.open);
        result.txnPhases.puts.push(phases.puts);
        result.txnPhases.commit.push(phases.commit);
        result.txnPhases.whole.push(whole);
        result.txnPutMs.push(...phases.put);
        result.ping.push(await timedPing());
        result.plainPutMs.push(await timedPut(singles[t]));
      }
      return ms;
    };
    const runBulk = async () => {
      let ms = 0;
      for (let t = from; t < to; t++) {
        const s = performance.now();
        await bulkPost(bodies[t]);
        const one = performance.now() - s;
        ms += one;
        result.bulkRequestMs.push(one);
      }
      return ms;
    };
    const runTxnBulks = async () => {
      for (let t = from; t < to; t++) {
        const one = await oneBulkTransaction(txnBulkBodies[t]);
        result.txnBulkMs += one;
        result.txnBulkWhole.push(one);
      }
    };
    // Between the other two, so each of them goes first or last in turn.
    const txnFirst = r % 2 === 0;
    let txnMs: number;
    let bulkMs: number;
    if (txnFirst) {
      txnMs = await runTxns();
      await runTxnBulks();
      bulkMs = await runBulk();
    } else {
      bulkMs = await runBulk();
      await runTxnBulks();
      txnMs = await runTxns();
    }
    result.txnMs += txnMs;
    result.bulkMs += bulkMs;
    result.perRound.push({ transactions: to - from, txnMs, bulkMs, txnFirst });
  }

  // A benchmark of lost writes is worthless: each transaction's and each bulk request's first and last documents are read back.
  const lost: string[] = [];
  for (let t = 0; t < o.transactions; t++) {
    for (const i of new Set([0, o.docsPerTransaction - 1])) {
      for (const d of [txnDocs[t * o.docsPerTransaction + i], bulkDocs[t * o.docsPerTransaction + i], txnBulkDocs[t * o.docsPerTransaction + i]]) {
        if (!same(await readText(d.uri), d)) lost.push(d.uri);
      }
    }
  }
  if (lost.length > 0) throw new Error(`${lost.length} acknowledged documents are not readable as written: ${lost.slice(0, 5).join(', ')}`);

  result.transactionsPerSecond = (o.transactions / result.txnMs) * 1000;
  result.txnDocsPerSecond = (n / result.txnMs) * 1000;
  result.bulkDocsPerSecond = (n / result.bulkMs) * 1000;
  result.bulkRequestsPerSecond = (o.transactions / result.bulkMs) * 1000;
  result.txnBulkDocsPerSecond = (n / result.txnBulkMs) * 1000;
  return result;
}

export interface TxnReadOptions {
  /** Documents the transaction holds uncommitted while the reads run. */
  uncommitted: number;
  /** Documents per bulk POST (with `txid`) that writes them. */
  batchSize: number;
  runs: number;
  warmup: number;
  /** Distinct, under no documents yet: the committed copies go under `committed/`, the transaction's under `uncommitted/`. */
  prefix: string;
}

export interface TxnReadSamples {
  uncommitted: number;
  batchSize: number;
  /** The transaction's bulk writes (ms each) and the committed copies' (no txid). */
  txnBulkMs: number[];
  committedBulkMs: number[];
  /** `GET /v1/ping`, in each run. */
  ping: number[];
  /** `GET /v1/documents?uri=…&txid=…` of a document the transaction holds uncommitted. */
  txidUncommitted: number[];
  /** `GET /v1/documents?uri=…` of the committed copy (same content), no txid. */
  plain: number[];
  /** `GET /v1/documents?uri=…&txid=…` of the committed copy: the transaction reading what it did not change. */
  txidCommitted: number[];
  /** What the checks around the figures found (empty: all as expected). */
  problems: string[];
  /** A search inside the transaction (`txid`) and outside, by directory: how many of the uncommitted documents each finds (null: not run). */
  searchCheck: { insideTotal: number; outsideTotal: number } | null;
}

async function timedRead(uri: string, txid: string | undefined, what: string): Promise<{ ms: number; text: string }> {
  const start = performance.now();
  const res = await fetch(`/v1/documents?uri=${enc(uri)}${txid === undefined ? '' : `&txid=${txid}`}`);
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${what} ${uri}: expected 200, got ${res.status}: ${text.slice(0, 300)}`);
  return { ms, text };
}

async function searchTotal(directory: string, txid?: string): Promise<number> {
  const url = `/v1/search?${new URLSearchParams({ directory, pageLength: '0', format: 'json', ...(txid === undefined ? {} : { txid }) })}`;
  return (JSON.parse(await expectStatus(await fetch(url), [200], `search ${directory}${txid ? ` in ${txid}` : ''}`)) as { total: number }).total;
}

/**
 * The committed copies are written first (bulk, no txid), then a transaction is opened and
 * the same texts written in it under `uncommitted/` (bulk with `txid`). Checked before the
 * figures: the transaction reads its documents as written, a read without `txid` does not see
 * them, and the transaction reads the committed copies too. Then each run, in an order that
 * rotates: a ping, the transaction's read of one of its documents, the read without txid of
 * that document's committed copy, and the transaction's read of the committed copy. After the
 * figures: a search by directory inside the transaction finds every uncommitted document and
 * one outside none (a check, not a figure), then the transaction is rolled back and its
 * documents must be gone.
 */
export async function txnReadLatency(o: TxnReadOptions): Promise<TxnReadSamples> {
  const committed = txnDocuments(`${o.prefix}committed/`, o.uncommitted);
  const uncommitted = txnDocuments(`${o.prefix}uncommitted/`, o.uncommitted);
  const out: TxnReadSamples = {
    uncommitted: o.uncommitted,
    batchSize: o.batchSize,
    txnBulkMs: [],
    committedBulkMs: [],
    ping: [],
    txidUncommitted: [],
    plain: [],
    txidCommitted: [],
    problems: [],
    searchCheck: null,
  };
  for (const body of bulkBodies(committed, o.batchSize)) {
    const start = performance.now();
    await bulkPost(body);
    out.committedBulkMs.push(performance.now() - start);
  }
  // The longest time limit: the figures take a while, and an expired transaction would end them.
  const txid = await openTransaction('?name=bench-read&timeLimit=3600');
  for (const body of bulkBodies(uncommitted, o.batchSize)) {
    const start = performance.now();
    await bulkPost(body, txid);
    out.txnBulkMs.push(performance.now() - start);
  }

  for (const i of spots(o.uncommitted)) {
    if (!same(await readText(uncommitted[i].uri, txid), uncommitted[i])) throw new Error(`the transaction does not read ${uncommitted[i].uri} as it wrote it`);
    if ((await readText(uncommitted[i].uri)) !== null) throw new Error(`${uncommitted[i].uri}, uncommitted, is readable outside its transaction`);
    if (!same(await readText(committed[i].uri, txid), committed[i])) throw new Error(`the transaction does not read the committed ${committed[i].uri}`);
    if (!same(await readText(committed[i].uri), committed[i])) throw new Error(`${committed[i].uri} was not committed`);
  }

  const reads: Array<() => Promise<void>> = [];
  for (let run = 0; run < o.warmup + o.runs; run++) {
    const i = run % o.uncommitted;
    const keep = run >= o.warmup;
    const check = run === o.warmup || run === o.warmup + o.runs - 1;
    reads.length = 0;
    reads.push(async () => {
      const ms = await timedPing();
      if (keep) out.ping.push(ms);
    });
    reads.push(async () => {
      const { ms, text } = await timedRead(uncommitted[i].uri, txid, 'GET with txid');
      if (keep) out.txidUncommitted.push(ms);
      if (check && !same(text, uncommitted[i])) out.problems.push(`run ${run}: the transaction read ${uncommitted[i].uri} differently from what it wrote`);
    });
    reads.push(async () => {
      const { ms, text } = await timedRead(committed[i].uri, undefined, 'GET');
      if (keep) out.plain.push(ms);
      if (check && !same(text, committed[i])) out.problems.push(`run ${run}: ${committed[i].uri} read differently from what was written`);
    });
    reads.push(async () => {
      const { ms } = await timedRead(committed[i].uri, txid, 'GET committed with txid');
      if (keep) out.txidCommitted.push(ms);
    });
    // Rotated, so no request always follows the same one.
    for (let k = 0; k < reads.length; k++) await reads[(k + run) % reads.length]();
  }

  try {
    const directory = `${o.prefix}uncommitted/`;
    out.searchCheck = { insideTotal: await searchTotal(directory, txid), outsideTotal: await searchTotal(directory) };
    if (out.searchCheck.insideTotal !== o.uncommitted) out.problems.push(`a search by directory inside the transaction finds ${out.searchCheck.insideTotal} of its ${o.uncommitted} uncommitted documents`);
    if (out.searchCheck.outsideTotal !== 0) out.problems.push(`a search by directory outside the transaction finds ${out.searchCheck.outsideTotal} of its uncommitted documents`);
  } catch (err) {
    out.problems.push(`search check: ${err instanceof Error ? err.message : String(err)}`);
  }

  await finishTransaction(txid, 'rollback');
  for (const i of spots(o.uncommitted)) {
    if ((await readText(uncommitted[i].uri)) !== null) out.problems.push(`${uncommitted[i].uri} is readable after its transaction was rolled back`);
  }
  return out;
}
