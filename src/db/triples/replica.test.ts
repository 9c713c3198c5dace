/**
 * The engine host's read replica (docs/decisions/0028-engine-host.md) through the
 * database's own API: a database with a replica attached answers every query form as
 * the same database answers it alone, sees each acknowledged write at once, reloads
 * after a reset, and a query whose host never answers ends at its deadline, on cancel,
 * or when the host goes away (then it runs elsewhere).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { nodeOxigraph } from '../../../test/oxigraph';
import { Database } from '../database';
import { Deadline } from '../deadline';
import type { Principal } from '../security/types';
import type { QueryResult } from './query';
import type { FromHost, Port, ToHost } from './replica-protocol';
import { admin, lines, openDb, principal, reader, rejection, uniqueName } from './test-support';

const ttl = (text: string) => ({ text, format: 'text/turtle' });
const open: Array<{ close(): void }> = [];

afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

/** A database and, on the same storage, a replica attached to it over a real MessageChannel. */
async function withHost(name: string, options: { hostReturnMs?: number } = {}) {
  const db = await openDb(name, options);
  const replica = await Database.openTripleReplica({ indexedDB, name, oxigraph: nodeOxigraph });
  let end!: () => void;
  const gone = new Promise<void>((resolve) => (end = resolve));
  const restart = vi.fn();
  const channel = new MessageChannel();
  replica.serve(channel.port1 as unknown as Port<ToHost, FromHost>);
  db.attachEngineHost(channel.port2 as unknown as Port<FromHost, ToHost>, { gone, restart });
  open.push(channel.port1, channel.port2, { close: () => db.close() });
  return { db, restart, end };
}

const seed = async (db: Database) => {
  await db.triples.mergeGraph('http://g/public', ttl('<http://a> <http://knows> <http://b> . <http://a> <http://name> "Ann"@en . <http://b> <http://age> 41 .'), { principal: admin });
  await db.triples.mergeGraph('http://g/secret', ttl('<http://c> <http://knows> <http://a> .'), { principal: admin });
  await db.triples.update('INSERT DATA { GRAPH <http://g/secret> { <rel/x> <http://p> "relative" } }', { principal: admin });
  await db.triples.setGraphPermissions('http://g/secret', [{ 'role-name': 'viewer', capabilities: ['read'] }], 'merge', admin);
  await db.triples.mergeGraph('http://marklogic.com/semantics#default-graph', ttl('<http://d> <http://p> "in default" .'), { principal: admin });
  await db.triples.update('CREATE GRAPH <http://g/empty>', { principal: admin });
};

/** The answer in a comparable form: SELECT/ASK as their JSON object, quads as sorted lines. */
const comparable = (result: QueryResult): unknown => ('quads' in result ? lines(result.quads) : result.results);

const run = (db: Database, text: string, who: Principal, extra: Record<string, unknown> = {}) =>
  db.triples.prepareQuery(text, { principal: who, ...extra }).then((prepared) => db.triples.runQuery(prepared));

const QUERIES: Array<[string, string, Principal, Record<string, unknown>?]> = [
  ['SELECT over the union', 'SELECT ?s ?o WHERE { ?s ?p ?o } ORDER BY ?s ?o', admin],
  ['SELECT * in text order', 'SELECT * WHERE { ?s <http://knows> ?o } ORDER BY ?s', admin],
  ['the graphs, empty ones included', 'SELECT ?g WHERE { GRAPH ?g { } } ORDER BY ?g', admin],
  ['what a reader may see', 'SELECT ?g ?s WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?g ?s', reader],
  ['what a user with one graph\'s role may see', 'SELECT ?g ?s WHERE { GRAPH ?g { ?s ?p ?o } } ORDER BY ?g ?s', principal('viewer', 'viewer')],
  ['FROM a graph', 'SELECT ?s FROM <http://g/public> WHERE { ?s ?p ?o } ORDER BY ?s', admin],
  ['bindings', 'SELECT ?o WHERE { ?s <http://knows> ?o }', admin, { bindings: [{ name: 's', value: 'http://a' }] }],
  ['a page', 'SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s', admin, { start: 2, pageLength: 2 }],
  ['ASK', 'ASK { <http://b> <http://age> 41 }', reader],
  ['CONSTRUCT with a relative IRI and a language tag', 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', admin],
  ['DESCRIBE', 'DESCRIBE <http://a>', admin],
];

describe('a database with an engine host', () => {
  it.each(QUERIES)('answers %s as the database alone does', async (_label, text, who, extra) => {
    const name = uniqueName('replica-same');
    const { db } = await withHost(name);
    await seed(db);
    const alone = await openDb(name);
    open.push({ close: () => alone.close() });
    expect(comparable(await run(db, text, who, extra))).toEqual(comparable(await run(alone, text, who, extra)));
  });

  it.each([
    ['SELECT', 'SELECT ?p ?o WHERE { <http://a> ?p ?o } ORDER BY ?p ?o'],
    ['ASK', 'ASK { <http://b> <http://age> 41 }'],
  ])('hands back a %s answer as the engine\'s JSON text in UTF-8, moved rather than copied', async (_form, text) => {
    const name = uniqueName('replica-bytes');
    const { db } = await withHost(name);
    await seed(db);
    const alone = await openDb(name);
    open.push({ close: () => alone.close() });
    const hosted = (await run(db, text, admin)) as Extract<QueryResult, { form: 'SELECT' | 'ASK' }>;
    const here = (await run(alone, text, admin)) as Extract<QueryResult, { form: 'SELECT' | 'ASK' }>;
    expect(here.bytes).toBeUndefined();
    expect(here.json).toContain('"head"');
    expect(new TextDecoder().decode(hosted.bytes)).toBe(here.json);
    expect(hosted.json).toBe(here.json);
  });

  it('moves the answer\'s bytes to the database (the transfer list names their buffer)', async () => {
    const name = uniqueName('replica-transfer');
    const replica = await Database.openTripleReplica({ indexedDB, name, oxigraph: nodeOxigraph });
    const posted: Array<{ message: FromHost; transfer?: Transferable[] }> = [];
    const port: Port<ToHost, FromHost> = { postMessage: (message, transfer) => void posted.push({ message, transfer }), onmessage: null };
    replica.serve(port);
    port.onmessage!({ data: { type: 'query', id: 1, query: { form: 'ASK', text: 'ASK {}', unchecked: true, options: { principal: admin } } } });
    await vi.waitUntil(() => posted.length > 0);
    const [{ message, transfer }] = posted;
    const result = message.type === 'answer' ? message.result : undefined;
    expect(result && 'bytes' in result && transfer).toEqual([result && 'bytes' in result ? result.bytes.buffer : undefined]);
  });

  it('runs queries without loading the store in its own worker', async () => {
    const name = uniqueName('replica-cold');
    const writer = await openDb(name);
    await seed(writer);
    writer.close();
    const { db } = await withHost(name);
    const rows = await run(db, 'SELECT ?s WHERE { ?s <http://knows> ?o } ORDER BY ?s', admin);
    expect(comparable(rows)).toEqual({ head: { vars: ['s'] }, results: { bindings: [{ s: { type: 'uri', value: 'http://a' } }, { s: { type: 'uri', value: 'http://c' } }] } });
    expect(db.engineLoads().triples).toBe(0);
  });

  it('sees every acknowledged write at once: triples, graphs, permissions', async () => {
    const { db } = await withHost(uniqueName('replica-writes'));
    const count = async (who: Principal = admin) => {
      const result = await run(db, 'SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }', who);
      return Number((result as Extract<QueryResult, { form: 'SELECT' }>).results.results.bindings[0].n.value);
    };
    const graphs = async () => comparable(await run(db, 'SELECT ?g WHERE { GRAPH ?g { } } ORDER BY ?g', admin));
    expect(await count()).toBe(0);
    await db.triples.update('INSERT DATA { GRAPH <http://g/1> { <http://s> <http://p> 1, 2, 3 } }', { principal: admin });
    expect(await count()).toBe(3);
    await db.triples.update('DELETE DATA { GRAPH <http://g/1> { <http://s> <http://p> 2 } }', { principal: admin });
    expect(await count()).toBe(2);
    await db.triples.update('CREATE GRAPH <http://g/2>', { principal: admin });
    expect(await graphs()).toEqual({ head: { vars: ['g'] }, results: { bindings: ['http://g/1', 'http://g/2'].map((value) => ({ g: { type: 'uri', value } })) } });
    const viewer = principal('viewer', 'viewer');
    expect(await count(viewer)).toBe(0);
    await db.triples.setGraphPermissions('http://g/1', [{ 'role-name': 'viewer', capabilities: ['read'] }], 'merge', admin);
    expect(await count(viewer)).toBe(2);
    expect(await db.triples.deleteGraph('http://g/1', admin)).toBe(true);
    expect(await count()).toBe(0);
    expect(await graphs()).toEqual({ head: { vars: ['g'] }, results: { bindings: [{ g: { type: 'uri', value: 'http://g/2' } }] } });
  });

  it('reloads after a reset', async () => {
    const { db } = await withHost(uniqueName('replica-reset'));
    await seed(db);
    await db.reset(admin);
    expect(comparable(await run(db, 'ASK { ?s ?p ?o }', admin))).toEqual({ head: {}, boolean: false });
    await db.triples.update('INSERT DATA { <http://after> <http://p> "reset" }', { principal: admin });
    expect(comparable(await run(db, 'ASK { <http://after> ?p ?o }', admin))).toEqual({ head: {}, boolean: true });
  });

  it('reports a syntax error as the database alone does', async () => {
    const { db } = await withHost(uniqueName('replica-syntax'));
    const err = await rejection(run(db, 'SELECT ?s WHERE { ?s ?p }', admin));
    expect(err.code).toBe('RESTAPI-INVALIDCONTENT');
  });
});

/** A host that takes queries and never answers (one running a very long query). */
function silentHost() {
  const sent: ToHost[] = [];
  const port: Port<FromHost, ToHost> = { postMessage: (m) => void sent.push(m), onmessage: null };
  let end!: () => void;
  const gone = new Promise<void>((resolve) => (end = resolve));
  return { port, sent, gone, end, restart: vi.fn() };
}

/** The host answers the query it was sent `true` (an ASK); the database's answer, comparable. */
async function answeredTrue(host: ReturnType<typeof silentHost>, answer: Promise<QueryResult>): Promise<unknown> {
  await vi.waitUntil(() => host.sent.some((m) => m.type === 'query'));
  const query = host.sent.find((m) => m.type === 'query') as { id: number };
  host.port.onmessage!({ data: { type: 'answer', id: query.id, result: { form: 'ASK', json: '{"head":{},"boolean":true}' } } });
  return comparable(await answer);
}

describe('asking the pages for a host', () => {
  it('the first query with no host asks once, and runs on the host that arrives', async () => {
    const db = await openDb(uniqueName('replica-ask'), { hostReturnMs: 10_000 });
    open.push({ close: () => db.close() });
    const host = silentHost();
    const ask = vi.fn(async () => {
      setTimeout(() => db.attachEngineHost(host.port, host), 20);
      return true;
    });
    db.askForEngineHostWith(ask);
    const answer = run(db, 'ASK { ?s ?p ?o }', admin);
    expect(await answeredTrue(host, answer)).toEqual({ head: {}, boolean: true });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('with no page to ask, the query runs here at once; a host gone is asked for again', async () => {
    const db = await openDb(uniqueName('replica-no-page'), { hostReturnMs: 10_000 });
    open.push({ close: () => db.close() });
    const ask = vi.fn(async () => false);
    db.askForEngineHostWith(ask);
    expect(comparable(await run(db, 'ASK { ?s ?p ?o }', admin))).toEqual({ head: {}, boolean: false });
    expect(ask).toHaveBeenCalledTimes(1);
    await run(db, 'ASK { ?s ?p ?o }', admin);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('with no page to ask, a query after a while asks again, and runs on the host a console opened since starts', async () => {
    const db = await openDb(uniqueName('replica-page-later'), { hostReturnMs: 10_000, hostAskAgainMs: 50 });
    open.push({ close: () => db.close() });
    const host = silentHost();
    let pageOpen = false;
    const ask = vi.fn(async () => {
      if (pageOpen) setTimeout(() => db.attachEngineHost(host.port, host), 20);
      return pageOpen;
    });
    db.askForEngineHostWith(ask);
    expect(comparable(await run(db, 'ASK { ?s ?p ?o }', admin))).toEqual({ head: {}, boolean: false });
    pageOpen = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    const answer = run(db, 'ASK { ?s ?p ?o }', admin);
    expect(await answeredTrue(host, answer)).toEqual({ head: {}, boolean: true });
    expect(ask).toHaveBeenCalledTimes(2);
  });
});

describe('an ask no page heard', () => {
  it('is repeated while no host attached (twice at most), and the host it brings answers the next query', async () => {
    const db = await openDb(uniqueName('replica-ask-lost'), { hostReturnMs: 30 });
    open.push({ close: () => db.close() });
    const host = silentHost();
    // The page's listener is not there for the first ask: that one is lost.
    const ask = vi.fn(async () => {
      if (ask.mock.calls.length > 1) setTimeout(() => db.attachEngineHost(host.port, host), 5);
      return true;
    });
    db.askForEngineHostWith(ask);
    // No host within 30 ms: the query runs here.
    expect(comparable(await run(db, 'ASK { ?s ?p ?o }', admin))).toEqual({ head: {}, boolean: false });
    await vi.waitFor(() => expect(db.engineHost().attached).toBe(true), { timeout: 2_000 });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(await answeredTrue(host, run(db, 'ASK { ?s ?p ?o }', admin))).toEqual({ head: {}, boolean: true });
  });

  it('is not repeated past its retries when no page ever runs a host', async () => {
    const db = await openDb(uniqueName('replica-ask-unheard'), { hostReturnMs: 10 });
    open.push({ close: () => db.close() });
    const ask = vi.fn(async () => true);
    db.askForEngineHostWith(ask);
    await run(db, 'ASK { ?s ?p ?o }', admin);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ask).toHaveBeenCalledTimes(3);
  });
});

describe('a query the host does not answer', () => {
  it('ends at its deadline with XDMP-EXTIME, and the host is restarted', async () => {
    const db = await openDb(uniqueName('replica-deadline'));
    open.push({ close: () => db.close() });
    const host = silentHost();
    db.attachEngineHost(host.port, host);
    const err = await rejection(run(db, 'SELECT * WHERE { ?s ?p ?o }', admin, { deadline: Deadline.after(0.05) }));
    expect(err.code).toBe('XDMP-EXTIME');
    expect(host.restart).toHaveBeenCalledTimes(1);
    expect(host.sent.map((m) => m.type)).toEqual(['load', 'query']);
  });

  it('ends on cancel with XDMP-CANCELED; a second cancel finds nothing', async () => {
    const db = await openDb(uniqueName('replica-cancel'));
    open.push({ close: () => db.close() });
    const host = silentHost();
    db.attachEngineHost(host.port, host);
    const answer = run(db, 'SELECT * WHERE { ?s ?p ?o }', admin, { requestId: 'r-1' });
    await vi.waitUntil(() => host.sent.some((m) => m.type === 'query'));
    expect(db.cancelRequest('other', admin)).toBe(false);
    expect(db.cancelRequest('r-1', principal('someone-else', 'rest-reader'))).toBe(false);
    expect(db.cancelRequest('r-1', admin)).toBe(true);
    expect((await rejection(answer)).code).toBe('XDMP-CANCELED');
    expect(db.cancelRequest('r-1', admin)).toBe(false);
    expect(host.restart).toHaveBeenCalledTimes(1);
  });

  it('runs on the next host when its host goes away', async () => {
    const name = uniqueName('replica-next');
    const db = await openDb(name, { hostReturnMs: 10_000 });
    open.push({ close: () => db.close() });
    await db.triples.update('INSERT DATA { <http://s> <http://p> "next" }', { principal: admin });
    const first = silentHost();
    db.attachEngineHost(first.port, first);
    const answer = run(db, 'SELECT ?o WHERE { ?s ?p ?o }', admin);
    await vi.waitUntil(() => first.sent.some((m) => m.type === 'query'));
    first.end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = silentHost();
    db.attachEngineHost(next.port, next);
    await vi.waitUntil(() => next.sent.some((m) => m.type === 'query'));
    const query = next.sent.find((m) => m.type === 'query')!;
    next.port.onmessage!({ data: { type: 'answer', id: (query as { id: number }).id, result: { form: 'SELECT', json: '{"head":{"vars":["o"]},"results":{"bindings":[]}}' } } });
    expect(comparable(await answer)).toEqual({ head: { vars: ['o'] }, results: { bindings: [] } });
  });

  it('runs in the database itself when no host comes back in time', async () => {
    const db = await openDb(uniqueName('replica-fallback'), { hostReturnMs: 20 });
    open.push({ close: () => db.close() });
    await db.triples.update('INSERT DATA { <http://s> <http://p> "here" }', { principal: principal('admin', 'admin') });
    const host = silentHost();
    db.attachEngineHost(host.port, host);
    const answer = run(db, 'SELECT ?o WHERE { ?s ?p ?o }', admin);
    await vi.waitUntil(() => host.sent.some((m) => m.type === 'query'));
    host.end();
    expect(comparable(await answer)).toEqual({ head: { vars: ['o'] }, results: { bindings: [{ o: { type: 'literal', value: 'here' } }] } });
  });
});
