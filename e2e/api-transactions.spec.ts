/**
 * Multi-statement transactions (`/v1/transactions`, `txid`) through the real service worker and
 * the browser's IndexedDB. The Node API tests (src/api/transactions.test.ts) cover every
 * behaviour; these check what only a browser can show: a page's `fetch` follows the 303 to the
 * status through the worker, another tab sees nothing of a transaction until its commit, and a
 * worker stop loses an open transaction but never a committed one.
 */
import type { Page } from '@playwright/test';
import { test, expect, apiFetchIn, openControlledPage, type ApiFetch, type ApiResponse } from 'tabula/testing';

const docPath = (uri: string, txid?: string) => `/v1/documents?uri=${encodeURIComponent(uri)}${txid ? `&txid=${txid}` : ''}`;
const json = { 'content-type': 'application/json' };

/**
 * Opens a transaction as a page's script would: `fetch` follows the 303 with a GET through the
 * worker, so the answer is the status document, at the URL that names the transaction.
 */
async function openTransaction(page: Page, query = ''): Promise<string> {
  const answer = await page.evaluate(async (q) => {
    const res = await fetch(`/v1/transactions${q}`, { method: 'POST', headers: { Accept: 'application/json' } });
    return { status: res.status, redirected: res.redirected, url: res.url, body: await res.text() };
  }, query);
  expect(answer.status, answer.body).toBe(200);
  expect(answer.redirected).toBe(true);
  const status = JSON.parse(answer.body)['transaction-status'];
  expect(status['transaction-state']).toBe('active');
  const txid: string = status['transaction-id'];
  expect(txid).toMatch(/^\d+$/);
  expect(new URL(answer.url).pathname).toBe(`/v1/transactions/${txid}`);
  return txid;
}

/** Every answer in this file must come from the service worker. */
function fromWorker(api: ApiFetch): ApiFetch {
  return async (path, init) => {
    const res = await api(path, init);
    expect(res.fromServiceWorker, `${init?.method ?? 'GET'} ${path} answered by the service worker`).toBe(true);
    return res;
  };
}

/** A second tab of the same browser: the same database and worker, no share in the first tab's transaction. */
async function secondTab(page: Page): Promise<{ other: Page; api: ApiFetch }> {
  const other = await page.context().newPage();
  await openControlledPage(other, '/favicon.svg');
  return { other, api: fromWorker((path, init) => apiFetchIn(other, path, init)) };
}

const finish = (api: ApiFetch, txid: string, result: 'commit' | 'rollback') => api(`/v1/transactions/${txid}?result=${result}`, { method: 'POST' });

const total = async (api: ApiFetch, query: string): Promise<number> => (await api(`/v1/search?${query}&format=json`)).json().total;

function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.json().errorResponse.messageCode).toBe(code);
}

test('a transaction’s writes are invisible to another tab until the commit, then visible there', async ({ page, tabula }) => {
  const api = fromWorker(tabula.fetch);
  const txid = await openTransaction(page, '?name=e2e-order&timeLimit=120');
  const status = (await api(`/v1/transactions/${txid}?format=json`)).json()['transaction-status'];
  expect(status).toMatchObject({ 'transaction-id': txid, 'transaction-name': 'e2e-order', 'time-limit': '120', user: 'admin' });

  expect((await api(docPath('/tx/order.json', txid), { method: 'PUT', headers: json, body: '{"word":"zebrafish"}' })).status).toBe(201);
  expect((await api(docPath('/tx/order.json', txid))).json()).toEqual({ word: 'zebrafish' });
  expect(await total(api, `q=zebrafish&txid=${txid}`)).toBe(1);
  // The same tab outside the transaction sees the committed state: nothing.
  expect((await api(docPath('/tx/order.json'))).status).toBe(404);

  const { other, api: otherApi } = await secondTab(page);
  expect((await otherApi(docPath('/tx/order.json'))).status).toBe(404);
  expect(await total(otherApi, 'q=zebrafish')).toBe(0);

  expect((await finish(api, txid, 'commit')).status).toBe(204);
  expect((await otherApi(docPath('/tx/order.json'))).json()).toEqual({ word: 'zebrafish' });
  expect(await total(otherApi, 'q=zebrafish')).toBe(1);
  // Ended: its status and a second commit are refused.
  expectError(await otherApi(`/v1/transactions/${txid}?format=json`), 400, 'REST-INVALIDPARAM');
  expectError(await finish(api, txid, 'commit'), 400, 'XDMP-NOTXN');
  await other.close();
});

test('stopping the worker before the commit loses the transaction’s writes, and its id then answers 400', async ({ page, tabula }) => {
  const api = fromWorker(tabula.fetch);
  const txid = await openTransaction(page);
  expect((await api(docPath('/tx/draft.json', txid), { method: 'PUT', headers: json, body: '{"draft":1}' })).status).toBe(201);
  expect((await api(docPath('/tx/draft.json', txid))).status).toBe(200);

  await tabula.stopWorker();

  expect((await api(docPath('/tx/draft.json'))).status).toBe(404);
  expect(await total(api, 'q=draft')).toBe(0);
  expectError(await api(docPath('/tx/draft.json', txid)), 400, 'XDMP-RWINVAL');
  expectError(await api(`/v1/transactions/${txid}?format=json`), 400, 'REST-INVALIDPARAM');
  expectError(await finish(api, txid, 'commit'), 400, 'XDMP-NOTXN');
  // Nothing holds the document any more: a plain write takes it at once.
  expect((await api(docPath('/tx/draft.json'), { method: 'PUT', headers: json, body: '{"draft":2}' })).status).toBe(201);
});

test('a committed transaction survives a worker stop: its writes, deletes and metadata', async ({ page, tabula }) => {
  const api = fromWorker(tabula.fetch);
  expect((await api(docPath('/tx/old.json'), { method: 'PUT', headers: json, body: '{"old":true}' })).status).toBe(201);
  const txid = await openTransaction(page, '?name=e2e-durable');
  expect((await api(`${docPath('/tx/new.json', txid)}&collection=kept`, { method: 'PUT', headers: json, body: '{"new":true}' })).status).toBe(201);
  expect((await api(docPath('/tx/old.json', txid), { method: 'DELETE' })).status).toBe(204);
  expect((await finish(api, txid, 'commit')).status).toBe(204);

  await tabula.stopWorker();

  expect((await api(docPath('/tx/new.json'))).json()).toEqual({ new: true });
  expect((await api(docPath('/tx/old.json'))).status).toBe(404);
  expect((await api(`${docPath('/tx/new.json')}&category=collections&format=json`)).json()).toEqual({ collections: ['kept'] });
  expect(await total(api, 'collection=kept')).toBe(1);
  expect(tabula.workerStatuses()).toContain('running');
});

test('another tab writing a document the transaction holds waits for the commit, then writes over it', async ({ page, tabula }) => {
  const api = fromWorker(tabula.fetch);
  const txid = await openTransaction(page);
  expect((await api(docPath('/tx/held.json', txid), { method: 'PUT', headers: json, body: '{"by":"transaction"}' })).status).toBe(201);

  const { other, api: otherApi } = await secondTab(page);
  const waiting = otherApi(docPath('/tx/held.json'), { method: 'PUT', headers: json, body: '{"by":"other tab"}' });
  // The other tab's write is still waiting on the document a moment later; the transaction still reads its own.
  const settled = await Promise.race([waiting.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 500))]);
  expect(settled).toBe('waiting');
  expect((await api(docPath('/tx/held.json', txid))).json()).toEqual({ by: 'transaction' });

  expect((await finish(api, txid, 'commit')).status).toBe(204);
  expect((await waiting).status).toBe(204);
  expect((await api(docPath('/tx/held.json'))).json()).toEqual({ by: 'other tab' });
  await other.close();
});
