/**
 * A multi-statement transaction as a person uses it in the console, through the real service
 * worker: open one in the connection bar, write documents in the explorer, see them marked
 * uncommitted and invisible outside, run SPARQL in it, then commit (or roll back, or let it expire). Every step
 * goes through the UI; the API, without the transaction, is consulted only to confirm what
 * the rest of the world sees.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, openControlledPage } from 'tabula/testing';
import { replaceEditorText } from './editor';

const docPath = (uri: string) => `/v1/documents?uri=${encodeURIComponent(uri)}`;

/** Opens a transaction from the connection bar and answers its id, as the bar shows it. */
async function openTransaction(page: Page, { name, timeLimit }: { name?: string; timeLimit?: number } = {}): Promise<{ bar: Locator; txid: string }> {
  await page.getByRole('button', { name: 'Transaction…' }).click();
  const form = page.getByRole('form', { name: 'Open a transaction' });
  if (name) await form.getByLabel('Transaction name').fill(name);
  if (timeLimit) await form.getByLabel('Time limit (seconds)').fill(String(timeLimit));
  await form.getByRole('button', { name: 'Open transaction' }).click();
  await expect(form).toBeHidden();
  const bar = page.getByRole('group', { name: 'Transaction' });
  await expect(bar).toBeVisible();
  const txid = (await bar.getByTestId('transaction-id').locator('code').textContent())!;
  expect(txid).toMatch(/^\d+$/);
  return { bar, txid };
}

/** Creates a JSON document from the explorer's New document form. */
async function createDocument(page: Page, dir: string, uri: string, content: string): Promise<void> {
  await page.goto(`/#/documents?dir=${encodeURIComponent(dir)}`);
  await page.getByRole('link', { name: 'New document' }).click();
  const form = page.getByRole('form', { name: 'New document' });
  await form.getByLabel('URI').fill(uri);
  await replaceEditorText(page.getByTestId('new-document-editor'), content);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: uri })).toBeVisible();
}

const uncommittedMarks = (page: Page) => page.locator('.badge--uncommitted');

test('open a transaction, edit one document and create another, see them private until the commit, then everyone’s', async ({ page, tabula }) => {
  expect((await tabula.fetch(docPath('/plans/plan.json'), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"step":1}' })).status).toBe(201);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');

  const { bar, txid } = await openTransaction(page, { name: 'edit-plan', timeLimit: 300 });
  await expect(bar.getByTestId('transaction-id')).toContainText('edit-plan');
  await expect(bar.getByRole('timer', { name: 'Time left' })).toHaveText(/^[45]:\d\d left$/);
  // The transaction belongs to this user on this server: neither can change while it is open.
  await expect(page.getByLabel('Acting as')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Connection…' })).toBeDisabled();

  // Edit the committed document inside the transaction.
  await page.goto('/#/documents?dir=%2Fplans%2F&uri=%2Fplans%2Fplan.json');
  const content = page.getByTestId('document-content').locator('.cm-content');
  await expect(content).toHaveText('{\n  "step": 1\n}', { useInnerText: true });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await replaceEditorText(page.getByTestId('content-editor'), '{"step": 2}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(content).toHaveText('{\n  "step": 2\n}', { useInnerText: true });
  const list = page.getByRole('table', { name: 'Documents' });
  await expect(list.getByRole('link', { name: /plan\.json/ })).toContainText('uncommitted');
  await expect(page.locator('.document-panel .panel__meta')).toContainText('uncommitted');
  // The read the panel shows (and copies) is the one sent: in the transaction.
  await page.locator('.document-panel').getByText('Request', { exact: true }).click();
  await expect(page.getByTestId('sent-request-line')).toContainText(`txid=${txid}`);

  // Create a new document in it.
  await createDocument(page, '/plans/', '/plans/budget.json', '{"total": 100}');
  await expect(list.getByRole('link', { name: /budget\.json/ })).toContainText('uncommitted');
  await expect(uncommittedMarks(page)).toHaveCount(3); // two in the listing, one in the open document's panel

  // Outside the transaction nothing has changed: for a request without txid, and for another tab's console.
  expect((await tabula.fetch(docPath('/plans/plan.json'))).json()).toEqual({ step: 1 });
  expect((await tabula.fetch(docPath('/plans/budget.json'))).status).toBe(404);
  const other = await page.context().newPage();
  await openControlledPage(other, '/#/documents?dir=%2Fplans%2F&uri=%2Fplans%2Fplan.json');
  await expect(other.getByTestId('document-content').locator('.cm-content')).toHaveText('{\n  "step": 1\n}', { useInnerText: true });
  await expect(other.getByTestId('listing-status')).toHaveText('1–1 of 1');
  await expect(other.getByRole('group', { name: 'Transaction' })).toHaveCount(0);
  await expect(uncommittedMarks(other)).toHaveCount(0);

  // Commit: the marks go, and everyone sees both documents.
  await bar.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Transaction “edit-plan” (${txid}) committed` })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(uncommittedMarks(page)).toHaveCount(0);
  await expect(page.getByTestId('listing-status')).toHaveText('1–2 of 2');
  await expect(page.getByTestId('document-content').locator('.cm-content')).toHaveText('{\n  "total": 100\n}', { useInnerText: true });
  expect((await tabula.fetch(docPath('/plans/plan.json'))).json()).toEqual({ step: 2 });
  expect((await tabula.fetch(docPath('/plans/budget.json'))).json()).toEqual({ total: 100 });
  await expect(page.getByLabel('Acting as')).toBeEnabled();
  // The other tab is told of the commit, as of any write, and shows it without a reload.
  await expect(other.getByTestId('document-content').locator('.cm-content')).toHaveText('{\n  "step": 2\n}', { useInnerText: true });
  await expect(other.getByTestId('listing-status')).toHaveText('1–2 of 2');
  await other.close();

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'committed' })).toHaveCount(0);
});

test('a rollback discards what the transaction wrote; its id is then refused', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const { bar, txid } = await openTransaction(page);
  await createDocument(page, '/drafts/', '/drafts/idea.json', '{"idea": "tabs"}');
  const list = page.getByRole('table', { name: 'Documents' });
  await expect(list.getByRole('link', { name: /idea\.json/ })).toContainText('uncommitted');
  expect((await tabula.fetch(docPath('/drafts/idea.json'))).status).toBe(404);

  // A reload of the tab goes on in the same transaction, marks included.
  await page.reload();
  await expect(bar.getByTestId('transaction-id').locator('code')).toHaveText(txid);
  await expect(list.getByRole('link', { name: /idea\.json/ })).toContainText('uncommitted');
  await expect(page.getByTestId('document-content').locator('.cm-content')).toHaveText('{\n  "idea": "tabs"\n}', { useInnerText: true });

  await bar.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByRole('status').filter({ hasText: `(${txid}) rolled back` })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByText('No documents in /drafts/.')).toBeVisible();
  await expect(uncommittedMarks(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('Could not read the document');
  expect((await tabula.fetch(docPath('/drafts/idea.json'))).status).toBe(404);
  expect((await tabula.fetch(`${docPath('/drafts/idea.json')}&txid=${txid}`)).status).toBe(400);
});

test('a transaction whose time limit passes is shown expired, its marks go, and the console stops using it', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const { bar, txid } = await openTransaction(page, { name: 'short', timeLimit: 8 });
  await createDocument(page, '/brief/', '/brief/note.json', '{"brief": true}');
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: /note\.json/ })).toContainText('uncommitted');

  await expect(page.getByRole('status').filter({ hasText: `Transaction “short” (${txid}) expired` })).toBeVisible({ timeout: 20_000 });
  await expect(bar).toBeHidden();
  await expect(uncommittedMarks(page)).toHaveCount(0);
  await expect(page.getByText('No documents in /brief/.')).toBeVisible();
  expect((await tabula.fetch(docPath('/brief/note.json'))).status).toBe(404);
  expect((await tabula.fetch(`${docPath('/brief/note.json')}&txid=${txid}`)).status).toBe(400);
});

test('a transaction lost with a stopped worker is noticed at the next request, and shown with the server’s refusal', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const { bar, txid } = await openTransaction(page, { name: 'fragile' });
  await createDocument(page, '/fragile/', '/fragile/a.json', '{"a": 1}');

  await tabula.stopWorker();
  await page.getByRole('button', { name: 'Refresh the listing' }).click();

  const notice = page.getByRole('status').filter({ hasText: `Transaction “fragile” (${txid}) is no longer open on the server` });
  await expect(notice).toBeVisible();
  await expect(bar).toBeHidden();
  // Why: the server's answer to its status.
  await expect(page.getByRole('region', { name: 'Transaction ended' }).getByRole('alert')).toContainText('400 Bad Request');
  await expect(uncommittedMarks(page)).toHaveCount(0);
  await expect(page.getByText('No documents in /fragile/.')).toBeVisible();
});

test('an update and a query in the SPARQL editor run inside the open transaction; the rest of the world sees the graph after the commit', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const { bar } = await openTransaction(page, { name: 'graph-edit' });
  await page.goto('/#/sparql');
  const editor = page.getByTestId('sparql-editor');
  const graph = 'http://example.org/tx-graph';
  await replaceEditorText(editor, `INSERT DATA { GRAPH <${graph}> { <http://example.org/order7> <http://example.org/status> "placed" } }`);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('update-result')).toContainText('Update applied');

  const ask = `ASK { GRAPH <${graph}> { <http://example.org/order7> <http://example.org/status> "placed" } }`;
  await replaceEditorText(editor, ask);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('ask-result')).toHaveText('true');
  // Outside the transaction, the graph is not there yet.
  const askOutside = async () =>
    (await tabula.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: ask })).json().boolean;
  expect(await askOutside()).toBe(false);

  await bar.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'committed' })).toBeVisible();
  expect(await askOutside()).toBe(true);
});
