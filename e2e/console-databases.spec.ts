/**
 * Several databases as a person uses them in the console, through the real service worker:
 * create one on the Databases page, switch to it, write a document there and see it only
 * there, read its counts, delete it once confirmed. Also: a database made from a sample, one
 * deleted behind the console's back (it goes back to the default and says so), the database
 * and the instance held while a transaction is open, and a REST instance used from the
 * connection bar and from the Databases page (its requests reach its content database; gone, the
 * console goes back to App-Services and says so). Every step goes through the UI; the API is
 * consulted only to set the scene and to confirm what the UI claims.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, type Tabula } from 'tabula/testing';
import { samples } from '../src/db/samples';
import { replaceEditorText } from './editor';

const library = samples.find((s) => s.name === 'library')!;
const libraryDocuments = [...library.entries().keys()].filter((k) => k.startsWith('documents/')).length;

/** The connection bar's database select. */
const databaseSelect = (page: Page) => page.getByRole('region', { name: 'Connection' }).getByLabel('Database', { exact: true });

/** The connection bar's REST instance select. */
const instanceSelect = (page: Page) => page.getByRole('region', { name: 'Connection' }).getByLabel('Instance', { exact: true });

/** The Databases page's row of REST instance `name`. */
const instanceRow = (page: Page, name: string): Locator =>
  page.getByRole('table', { name: 'REST instances' }).getByTestId('instance-row').filter({ has: page.locator('th .mono', { hasText: new RegExp(`^${name}$`) }) });

/** The Databases page's row of database `name`. */
const row = (page: Page, name: string): Locator =>
  page.getByRole('table', { name: 'Databases' }).getByTestId('database-row').filter({ has: page.locator('th .mono', { hasText: new RegExp(`^${name}$`) }) });

async function openDatabasesPage(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Databases' }).click();
  await expect(page.getByRole('heading', { name: 'Databases', level: 1 })).toBeVisible();
}

async function createDatabase(page: Page, name: string, start?: { sample: string }): Promise<void> {
  await page.getByRole('button', { name: 'New database…' }).click();
  const form = page.getByRole('form', { name: 'New database' });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill(name);
  if (start) {
    await form.getByRole('radio', { name: 'A sample' }).check();
    await form.getByLabel('Sample', { exact: true }).selectOption({ label: start.sample });
  }
  await form.getByRole('button', { name: 'Create database' }).click();
  await expect(form).toBeHidden({ timeout: 30_000 });
}

/** The database names the server lists, as the API answers them. */
async function listed(tabula: Tabula): Promise<string[]> {
  const body = (await tabula.fetch('/manage/v2/databases?format=json')).json() as { 'database-default-list': { 'list-items': { 'list-item': Array<{ nameref: string }> } } };
  return body['database-default-list']['list-items']['list-item'].map((i) => i.nameref);
}

test('create a database, use it, write a document there, go back to Documents, read the counts, delete it', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const select = databaseSelect(page);
  await expect(select.locator('option:checked')).toHaveText('Documents');

  // The Databases page: the built-in ones, each with its counts, Documents in use.
  await openDatabasesPage(page);
  for (const name of await listed(tabula)) await expect(row(page, name)).toBeVisible();
  await expect(row(page, 'Documents')).toContainText('in use');
  await expect(row(page, 'Documents').getByTestId('database-documents')).toHaveText('0');
  // Both are used by the built-in instance, which the page lists: neither may be deleted.
  const instances = page.getByRole('table', { name: 'REST instances' });
  await expect(instances.getByRole('row').filter({ hasText: 'App-Services' })).toContainText('Modules');
  await expect(row(page, 'Modules').getByRole('button', { name: 'Delete… Modules' })).toBeDisabled();

  // Create `demo`, empty: listed, with nothing in it.
  await createDatabase(page, 'demo');
  await expect(page.getByRole('status').filter({ hasText: 'Created the database “demo”, empty.' })).toBeVisible();
  await expect(row(page, 'demo').getByTestId('database-documents')).toHaveText('0');
  expect(await listed(tabula)).toContain('demo');
  await expect(select.locator('option', { hasText: /^demo$/ })).toHaveCount(1);

  // A name that is taken: the server's refusal, as it words it.
  await page.getByRole('button', { name: 'New database…' }).click();
  const form = page.getByRole('form', { name: 'New database' });
  await form.getByLabel('Name').fill('demo');
  await form.getByRole('button', { name: 'Create database' }).click();
  await expect(form.getByRole('alert')).toContainText('ADMIN-DUPLICATENAME');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Use it: the bar and the page say so, and it is kept across a reload.
  await row(page, 'demo').getByRole('button', { name: 'Use demo' }).click();
  await expect(select).toHaveValue('demo');
  await expect(page.getByTestId('database-in-use')).toHaveText('demo');
  await expect(row(page, 'demo')).toContainText('in use');
  await page.reload();
  await expect(databaseSelect(page)).toHaveValue('demo');

  // Write a document in the explorer: it is in `demo`, and the read the panel shows names it.
  const uri = '/notes/hello.json';
  const content = '{"hello": "demo"}';
  await page.goto('/#/documents');
  await page.getByRole('link', { name: 'New document' }).click();
  const newDocument = page.getByRole('form', { name: 'New document' });
  await newDocument.getByLabel('URI').fill(uri);
  await replaceEditorText(page.getByTestId('new-document-editor'), content);
  await newDocument.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: uri })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: /hello\.json/ })).toBeVisible();
  await page.locator('.document-panel').getByText('Request', { exact: true }).click();
  await expect(page.getByTestId('sent-request-line')).toContainText('database=demo');
  const stored = await tabula.fetch(`/v1/documents?uri=${encodeURIComponent(uri)}&database=demo`);
  expect(stored.status).toBe(200);
  expect((await tabula.fetch(`/v1/documents?uri=${encodeURIComponent(uri)}`)).status).toBe(404);

  // Back to Documents from the bar: the document is not there.
  await databaseSelect(page).selectOption({ label: 'Documents' });
  await expect(databaseSelect(page)).toHaveValue('');
  await page.goto('/#/documents');
  await expect(page.getByText('No documents yet')).toBeVisible();
  await page.goto('/#/documents?dir=%2Fnotes%2F');
  await expect(page.getByText('No documents in /notes/.')).toBeVisible();

  // The Databases page counts it in `demo`, and nothing in Documents.
  await openDatabasesPage(page);
  const demo = row(page, 'demo');
  await expect(demo.getByTestId('database-documents')).toHaveText('1');
  await expect(demo.getByTestId('database-triples')).toHaveText('0');
  const bytes = new TextEncoder().encode(stored.text).byteLength;
  await expect(demo.getByTestId('database-bytes')).toHaveAttribute('title', `${bytes.toLocaleString('en')} bytes`);
  await expect(row(page, 'Documents').getByTestId('database-documents')).toHaveText('0');

  // Delete it: the dialog names it; Cancel keeps it; confirming deletes it.
  await demo.getByRole('button', { name: 'Delete… demo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the database “demo”?' });
  await expect(dialog).toBeVisible();
  // A modal: focus moves into it, and comes back to the button that asked when it closes.
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(demo.getByRole('button', { name: 'Delete… demo' })).toBeFocused();
  await demo.getByRole('button', { name: 'Delete… demo' }).click();
  await dialog.getByRole('button', { name: 'Delete database' }).click();
  await expect(dialog).toBeHidden();
  await expect(demo).toHaveCount(0);
  await expect(databaseSelect(page).locator('option', { hasText: /^demo$/ })).toHaveCount(0);
  expect(await listed(tabula)).not.toContain('demo');
  expect((await tabula.fetch(`/v1/documents?uri=${encodeURIComponent(uri)}&database=demo`)).status).toBe(400);
});

test('a database made from a sample holds the sample; the console searches it once in use', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await openDatabasesPage(page);
  await createDatabase(page, 'lib', { sample: library.title });
  await expect(page.getByRole('status').filter({ hasText: `Created the database “lib” with the sample “${library.title}”.` })).toBeVisible();
  await expect(row(page, 'lib').getByTestId('database-documents')).toHaveText(libraryDocuments.toLocaleString('en'));
  // Only `lib` has it.
  expect((await tabula.fetch('/v1/search?format=json&pageLength=0&database=lib')).json().total).toBe(libraryDocuments);
  expect((await tabula.fetch('/v1/search?format=json&pageLength=0')).json().total).toBe(0);

  await row(page, 'lib').getByRole('button', { name: 'Use lib' }).click();
  await page.goto('/#/search?options=library');
  await expect(page.getByTestId('search-total')).toHaveText(`${libraryDocuments.toLocaleString('en-US')} results`);
});

test('a transaction holds the database; one deleted behind the console’s back sends it back to Documents, saying so', async ({ page, tabula }) => {
  expect((await tabula.fetch('/manage/v2/databases', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"database-name":"scratch"}' })).status).toBe(201);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const select = databaseSelect(page);

  // While a transaction is open, the database cannot change: not from the bar, not from the page.
  await page.getByRole('button', { name: 'Transaction…' }).click();
  await page.getByRole('form', { name: 'Open a transaction' }).getByRole('button', { name: 'Open transaction' }).click();
  const bar = page.getByRole('group', { name: 'Transaction' });
  await expect(bar).toBeVisible();
  await expect(select).toBeDisabled();
  await expect(instanceSelect(page)).toBeDisabled();
  await openDatabasesPage(page);
  await expect(row(page, 'scratch').getByRole('button', { name: 'Use scratch' })).toBeDisabled();
  await bar.getByRole('button', { name: 'Roll back' }).click();
  await expect(bar).toBeHidden();
  await expect(select).toBeEnabled();

  await select.selectOption('scratch');
  await expect(select).toHaveValue('scratch');
  await expect(page.getByTestId('database-in-use')).toHaveText('scratch');

  // A transaction opened in another database is that database's: its 303 leads back to it.
  await page.getByRole('button', { name: 'Transaction…' }).click();
  await page.getByRole('form', { name: 'Open a transaction' }).getByRole('button', { name: 'Open transaction' }).click();
  await expect(bar).toBeVisible();
  await expect(select).toBeDisabled();
  await bar.getByRole('button', { name: 'Commit' }).click();
  await expect(bar).toBeHidden();

  // Deleted by someone else (here, the API): the console notices, goes back, and says so.
  expect((await tabula.fetch('/manage/v2/databases/scratch', { method: 'DELETE' })).status).toBe(204);
  const notice = page.getByRole('region', { name: 'Database gone' });
  await expect(notice).toContainText('The database “scratch” no longer exists: the console now uses Documents.');
  await expect(select).toHaveValue('');
  await expect(page.getByTestId('database-in-use')).toHaveText('Documents');
  await expect(row(page, 'scratch')).toHaveCount(0);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
});

test('a REST instance: chosen in the bar, a document written there is in its database alone; back to App-Services; “Use” on the Databases page; gone, back to App-Services', async ({ page, tabula }) => {
  const created = await tabula.fetch('/v1/rest-apis', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rest-api":{"name":"shop"}}' });
  expect(created.status).toBe(201);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const instance = instanceSelect(page);
  await expect(instance).toHaveValue('');
  await expect(instance.locator('option:checked')).toHaveText('App-Services');
  await expect(instance.locator('option', { hasText: /^shop$/ })).toHaveCount(1);

  // Choosing it sends the database back to its default, the instance's content database, and the bar says so.
  await databaseSelect(page).selectOption('Modules');
  await expect(databaseSelect(page)).toHaveValue('Modules');
  await instance.selectOption('shop');
  await expect(instance).toHaveValue('shop');
  const changed = page.getByRole('region', { name: 'Instance changed' });
  await expect(changed).toContainText('The console now uses the REST instance “shop”: the database went back to its default, shop.');
  await expect(databaseSelect(page)).toHaveValue('');
  await expect(databaseSelect(page).locator('option:checked')).toHaveText('shop');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await changed.getByRole('button', { name: 'Dismiss' }).click();
  await expect(changed).toBeHidden();
  // Kept across a reload.
  await page.reload();
  await expect(instanceSelect(page)).toHaveValue('shop');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');

  // Write a document in the explorer: it goes under the instance's path, without naming a database.
  const uri = '/orders/first.json';
  const encoded = encodeURIComponent(uri);
  await page.goto('/#/documents');
  await page.getByRole('link', { name: 'New document' }).click();
  const newDocument = page.getByRole('form', { name: 'New document' });
  await newDocument.getByLabel('URI').fill(uri);
  await replaceEditorText(page.getByTestId('new-document-editor'), '{"order": 1}');
  await newDocument.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: uri })).toBeVisible();
  const listedDocument = page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: /first\.json/ });
  await expect(listedDocument).toBeVisible();
  await page.locator('.document-panel').getByText('Request', { exact: true }).click();
  const requestLine = page.getByTestId('sent-request-line');
  await expect(requestLine).toContainText(`/tabula/instances/shop/v1/documents?uri=${encoded}`);
  await expect(requestLine).not.toContainText('database=');
  // It is in the database `shop`, not in Documents.
  expect((await tabula.fetch(`/v1/documents?uri=${encoded}&database=shop`)).status).toBe(200);
  expect((await tabula.fetch(`/v1/documents?uri=${encoded}&database=Documents`)).status).toBe(404);
  expect((await tabula.fetch(`/v1/documents?uri=${encoded}`)).status).toBe(404);

  // Back to App-Services from the bar: the document is not listed.
  await instanceSelect(page).selectOption({ label: 'App-Services' });
  await expect(instanceSelect(page)).toHaveValue('');
  await expect(databaseSelect(page).locator('option:checked')).toHaveText('Documents');
  await expect(page.getByRole('region', { name: 'Instance changed' })).toContainText('the REST instance “App-Services”: the database went back to its default, Documents.');
  await page.goto('/#/documents');
  await expect(page.getByText('No documents yet')).toBeVisible();
  await expect(listedDocument).toHaveCount(0);

  // The Databases page: App-Services in use; “Use” on shop switches again.
  await openDatabasesPage(page);
  await expect(page.getByTestId('instance-in-use')).toHaveText('the REST instance “App-Services”');
  await expect(instanceRow(page, 'App-Services')).toContainText('in use');
  await expect(instanceRow(page, 'shop')).toContainText('/tabula/instances/shop/');
  await instanceRow(page, 'shop').getByRole('button', { name: 'Use shop' }).click();
  await expect(instanceSelect(page)).toHaveValue('shop');
  await expect(page.getByTestId('instance-in-use')).toHaveText('the REST instance “shop”');
  await expect(page.getByTestId('database-in-use')).toHaveText('shop');
  await expect(instanceRow(page, 'shop')).toContainText('in use');
  await expect(instanceRow(page, 'App-Services').getByRole('button', { name: 'Use App-Services' })).toBeEnabled();
  await expect(row(page, 'shop')).toContainText('in use');
  await expect(row(page, 'shop').getByTestId('database-documents')).toHaveText('1');
  await page.goto('/#/documents');
  await expect(listedDocument).toBeVisible();

  // Removed by someone else (here, the API): the console goes back to App-Services, and says so.
  expect((await tabula.fetch('/v1/rest-apis/shop', { method: 'DELETE' })).status).toBe(204);
  const gone = page.getByRole('region', { name: 'Instance gone' });
  await expect(gone).toContainText('The REST instance “shop” no longer exists: the console now uses the REST instance “App-Services” and the database Documents.');
  await expect(instanceSelect(page)).toHaveValue('');
  await expect(instanceSelect(page).locator('option', { hasText: /^shop$/ })).toHaveCount(0);
  await expect(page.getByText('No documents yet')).toBeVisible();
  await gone.getByRole('button', { name: 'Dismiss' }).click();
  await expect(gone).toBeHidden();
});
