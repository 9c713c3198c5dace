/**
 * The official MarkLogic Node.js client (`marklogic` 3.7.1) against the Node host, over real
 * HTTP with Digest authentication, for multi-statement transactions: `db.transactions.open`
 * (303 and the HostId cookie it keeps and sends back), `read` (the status document),
 * `commit`, `rollback`, and document calls with `txid` — what the client's own transaction
 * tests do: a probe outside the transaction finds nothing until the commit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { failure, officialClientHost, type Pending } from './official-client-support';

type Txid = string | { txid: string; cookies?: string[] };
interface DocumentDescriptor {
  uri: string;
  content?: unknown;
}
interface DatabaseClient {
  transactions: {
    open(options?: { transactionName?: string; timeLimit?: number }): Pending<Txid>;
    read(txid: Txid): Pending<{ 'transaction-status': Record<string, unknown> }>;
    commit(txid: Txid): Pending<{ txid: Txid; finished: string }>;
    rollback(txid: Txid): Pending<{ txid: Txid; finished: string }>;
  };
  documents: {
    write(arg: { documents: Array<{ uri: string; content: unknown; contentType?: string }>; txid?: Txid }): Pending<{ documents: Array<{ uri: string }> }>;
    read(arg: { uris: string[]; txid?: Txid }): Pending<DocumentDescriptor[]>;
    probe(arg: { uri: string; txid?: Txid }): Pending<{ exists: boolean }>;
    remove(arg: { uris: string[]; txid?: Txid }): Pending<unknown>;
  };
  graphs: {
    write(arg: { uri: string; contentType: string; data: string; txid?: Txid }): Pending<unknown>;
    read(arg: { uri: string; contentType: string; txid?: Txid }): Pending<unknown>;
    sparql(arg: { contentType: string; query: string; txid?: Txid }): Pending<{ boolean?: boolean }>;
    sparqlUpdate(arg: { data: string; txid?: Txid }): Pending<unknown>;
  };
  release(): void;
}

const host = officialClientHost<DatabaseClient>();
let writer: DatabaseClient;

beforeAll(async () => {
  await host.start();
  writer = host.connect('rest-writer');
});
afterAll(() => host.stop());

const idOf = (txid: Txid) => (typeof txid === 'string' ? txid : txid.txid);
const exists = async (uri: string, txid?: Txid) => (await writer.documents.probe({ uri, ...(txid ? { txid } : {}) }).result()).exists;

describe('the official client’s transactions', () => {
  test('open keeps the HostId cookie; read answers the status document with the name and time limit asked for', async () => {
    const txid = await writer.transactions.open({ transactionName: 'ocx-order', timeLimit: 60 }).result();
    expect(typeof txid === 'object' && txid.cookies?.[0]).toMatch(/^HostId=\d+/);
    const status = (await writer.transactions.read(txid).result())['transaction-status'];
    expect(status).toMatchObject({ 'transaction-id': idOf(txid), 'transaction-name': 'ocx-order', 'time-limit': '60' });
    expect((status.host as Record<string, string>)['host-id']).toMatch(/^\d+$/);
    await writer.transactions.rollback(txid).result();
  });

  test('documents written with txid are seen inside the transaction only, until the commit', async () => {
    const txid = await writer.transactions.open().result();
    await writer.documents.write({ documents: [{ uri: '/ocx/order.json', content: { id: 7, lines: 2 } }], txid }).result();
    expect(await exists('/ocx/order.json', txid)).toBe(true);
    expect(await exists('/ocx/order.json')).toBe(false);
    const [inside] = await writer.documents.read({ uris: ['/ocx/order.json'], txid }).result();
    expect(inside.content).toEqual({ id: 7, lines: 2 });
    const done = await writer.transactions.commit(txid).result();
    expect(done.finished).toBe('commit');
    expect(await exists('/ocx/order.json')).toBe(true);
  });

  test('a rollback leaves nothing, a delete inside included', async () => {
    await writer.documents.write({ documents: [{ uri: '/ocx/kept.json', content: { kept: true } }] }).result();
    const txid = await writer.transactions.open().result();
    await writer.documents.write({ documents: [{ uri: '/ocx/draft.json', content: { draft: true } }], txid }).result();
    await writer.documents.remove({ uris: ['/ocx/kept.json'], txid }).result();
    expect(await exists('/ocx/kept.json', txid)).toBe(false);
    await writer.transactions.rollback(txid).result();
    expect(await exists('/ocx/draft.json')).toBe(false);
    expect(await exists('/ocx/kept.json')).toBe(true);
  });

  test('a finished transaction: commit again and use of its id are refused with 400', async () => {
    const txid = await writer.transactions.open().result();
    await writer.transactions.commit(txid).result();
    const again = await failure(writer.transactions.commit(txid));
    expect(again.statusCode).toBe(400);
    expect(again.body?.errorResponse?.messageCode).toBe('XDMP-NOTXN');
    const late = await failure(writer.documents.write({ documents: [{ uri: '/ocx/late.json', content: {} }], txid }));
    expect(late.statusCode).toBe(400);
    expect(late.body?.errorResponse?.messageCode).toBe('XDMP-RWINVAL');
  });

  test('graphs.write, sparqlUpdate and sparql with txid run inside the transaction; others see them after the commit', async () => {
    const EX = 'http://ocx.example/';
    const ask = async (pattern: string, txid?: Txid) =>
      (await writer.graphs.sparql({ contentType: 'application/sparql-results+json', query: `ASK { ${pattern} }`, ...(txid ? { txid } : {}) }).result()).boolean;
    const txid = await writer.transactions.open().result();
    await writer.graphs.write({ uri: `${EX}orders`, contentType: 'application/n-triples', data: `<${EX}o7> <${EX}lines> "2" .`, txid }).result();
    await writer.graphs.sparqlUpdate({ data: `INSERT DATA { GRAPH <${EX}orders> { <${EX}o7> <${EX}status> "placed" } }`, txid }).result();
    const placed = `GRAPH <${EX}orders> { <${EX}o7> <${EX}lines> "2" ; <${EX}status> "placed" }`;
    expect(await ask(placed, txid)).toBe(true);
    expect(await ask(placed)).toBe(false);
    const outside = await failure(writer.graphs.read({ uri: `${EX}orders`, contentType: 'application/n-triples' }));
    expect(outside.statusCode).toBe(404);
    await writer.transactions.commit(txid).result();
    expect(await ask(placed)).toBe(true);
  });
});
