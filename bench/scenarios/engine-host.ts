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
  /** Ping and document GET latencies sent one after the other while the long request ran. */
  ping: number[];
  get: number[];
  /** The long request's own status, and when it answered, from its start. */
  queryStatus: number;
  queryMs: number;
  /** DELETE /tabula/v1/requests/{id}'s status, and the time from sending it to the request's answer. */
  cancelStatus?: number;
  cancelToAnswerMs?: number;
  /** From the long request's answer to the answer of the next (short) one. */
  nextQueryMs: number;
}

/**
 * Sends `url` (a request that runs for seconds: a SPARQL query, a search), then pings and reads
 * `docUri` while it runs, for at most `probeMs` since it was sent; then cancels it when asked,
 * and times the next request, `nextUrl`.
 */
export async function longRequestProbe({ url, accept, probeMs, docUri, cancel, nextUrl }: { url: string; accept: string; probeMs: number; docUri: string; cancel: boolean; nextUrl: string }): Promise<LongQueryProbe> {
  const id = `bench-long-${Date.now()}`;
  const start = performance.now();
  const running = fetch(url, { headers: { accept, 'Tabula-Request-Id': id } }).then(async (res) => {
    await res.arrayBuffer();
    return { status: res.status, at: performance.now() };
  });
  let answered = false;
  void running.then(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const ping: number[] = [];
  const get: number[] = [];
  // Only while the request runs: a ping sent then waits for whatever holds the worker.
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
  await timed(() => fetch(nextUrl, { headers: { accept } }), 200, nextUrl);
  return { ping, get, queryStatus: answer.status, queryMs: answer.at - start, cancelStatus, cancelToAnswerMs, nextQueryMs: performance.now() - next };
}

/** {@link longRequestProbe} of a SPARQL query (`text`), the next request a short ASK. */
export function longQueryProbe({ text, probeMs, docUri, cancel }: { text: string; probeMs: number; docUri: string; cancel: boolean }): Promise<LongQueryProbe> {
  const sparql = (q: string) => `/v1/graphs/sparql?query=${encodeURIComponent(q)}`;
  return longRequestProbe({ url: sparql(text), accept: 'application/sparql-results+json', probeMs, docUri, cancel, nextUrl: sparql('ASK { ?s ?p ?o }') });
}

/** A small JSON document for the probe to read. */
export async function engineHostDocument({ uri }: { uri: string }): Promise<void> {
  const res = await fetch(`/v1/documents?uri=${encodeURIComponent(uri)}`, { method: 'PUT', headers: JSON_TYPE, body: '{"probe":true}' });
  if (res.status !== 201 && res.status !== 204) throw new Error(`PUT ${uri}: ${res.status}`);
}
