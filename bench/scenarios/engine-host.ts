/**
 * The engine host's figures (bench/engine-host.ts), in the benchmark page: start the host
 * the way the console does, and what a long SPARQL query does to everything else — a ping
 * and a document read sent while it runs, how soon a cancel ends it, and how soon the next
 * query is answered after (docs/decisions/0028-engine-host.md).
 */
import { runEngineHost } from '../../src/console/lib/engine-host';
import { timed } from './latency';
import { JSON_TYPE, timedPing } from './search-api';
import { sparqlSelect } from './triples-api';

const status = async (): Promise<{ engineHost: { attached: boolean; hosts: number } }> => (await fetch('/tabula/v1/status')).json();

/** Starts this page's engine host and waits until the worker has attached it (or `timeoutMs` passes). */
export async function engineHostStart({ timeoutMs }: { timeoutMs: number }): Promise<{ attachedMs: number }> {
  const start = performance.now();
  await runEngineHost();
  // A page starts its host when the service worker asks for one: on a SPARQL query that finds
  // none (docs/decisions/0028-engine-host.md, Started on first need), so queries are sent until it is attached.
  while (!(await status()).engineHost.attached) {
    await sparqlSelect('ASK {}');
    if (performance.now() - start > timeoutMs) throw new Error(`no engine host was attached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { attachedMs: performance.now() - start };
}

export interface LongQueryProbe {
  /** Ping and document GET latencies sent one after the other while the long query ran. */
  ping: number[];
  get: number[];
  /** The long query's own status, and when it answered, from its start. */
  queryStatus: number;
  queryMs: number;
  /** DELETE /tabula/v1/requests/{id}'s status, and the time from sending it to the query's answer. */
  cancelStatus?: number;
  cancelToAnswerMs?: number;
  /** From the long query's answer to the answer of the next (short) query. */
  nextQueryMs: number;
}

/**
 * Sends `text` (a query that runs for seconds), then pings and reads `docUri` while it runs,
 * for at most `probeMs` since it was sent; then cancels it when asked, and times the next query.
 */
export async function longQueryProbe({ text, probeMs, docUri, cancel }: { text: string; probeMs: number; docUri: string; cancel: boolean }): Promise<LongQueryProbe> {
  const id = `bench-long-${Date.now()}`;
  const start = performance.now();
  const running = fetch(`/v1/graphs/sparql?query=${encodeURIComponent(text)}`, { headers: { accept: 'application/sparql-results+json', 'Tabula-Request-Id': id } }).then(async (res) => {
    await res.arrayBuffer();
    return { status: res.status, at: performance.now() };
  });
  let answered = false;
  void running.then(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const ping: number[] = [];
  const get: number[] = [];
  // Only while the query runs: a ping sent then waits for whatever holds the worker.
  while (!answered && performance.now() - start < probeMs) {
    ping.push(await timedPing());
    get.push(await timed(() => fetch(`/v1/documents?uri=${encodeURIComponent(docUri)}`), 200, `GET ${docUri}`));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  let cancelStatus: number | undefined;
  let cancelToAnswerMs: number | undefined;
  if (cancel) {
    const sent = performance.now();
    cancelStatus = (await fetch(`/tabula/v1/requests/${id}`, { method: 'DELETE' })).status;
    // 404: nothing could be stopped (in the service worker the query had already answered).
    if (cancelStatus === 204) cancelToAnswerMs = (await running).at - sent;
  }
  const answer = await running;
  const next = performance.now();
  await sparqlSelect('ASK { ?s ?p ?o }');
  return { ping, get, queryStatus: answer.status, queryMs: answer.at - start, cancelStatus, cancelToAnswerMs, nextQueryMs: performance.now() - next };
}

/** A small JSON document for the probe to read. */
export async function engineHostDocument({ uri }: { uri: string }): Promise<void> {
  const res = await fetch(`/v1/documents?uri=${encodeURIComponent(uri)}`, { method: 'PUT', headers: JSON_TYPE, body: '{"probe":true}' });
  if (res.status !== 201 && res.status !== 204) throw new Error(`PUT ${uri}: ${res.status}`);
}
