/**
 * The document explorer as a person uses it, through the real service worker:
 * upload files, open one, read its metadata, edit it, delete it. Every step goes
 * through the UI; the API is consulted only to confirm what the UI claims.
 */
import { copyEachSnippet, shellWords } from './copy-request';
import { test, expect, type Tabula } from 'tabula/testing';
import { replaceEditorText } from './editor';
import { axeViolations, gating } from './axe';

const order = { id: 'o-1', items: [{ sku: 'A1', qty: 2 }], total: 12.5 };
const files = [
  { name: 'order.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(order)) },
  { name: 'note.xml', mimeType: 'application/xml', buffer: Buffer.from('<note><to>Kim</to><body>Call back</body></note>') },
  { name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('plain words\nsecond line') },
];

test('upload three files, open the JSON one, check its metadata, edit it and delete it', async ({ page, tabula }) => {
  // Ready: the database answered the console's ping, and the empty explorer shows.
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByTestId('connection-target')).toHaveText('This browser (IndexedDB)');
  await expect(page.getByText('No documents yet')).toBeVisible();

  // Upload by picking files.
  await page.getByLabel('Upload files', { exact: true }).setInputFiles(files);
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded 3 files' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Documents' });
  for (const f of files) await expect(list.getByRole('link', { name: new RegExp(f.name) })).toBeVisible();
  await expect(page.getByTestId('listing-status')).toHaveText('1–3 of 3');
  const stored = await tabula.fetch(`/v1/documents?uri=${encodeURIComponent('/readme.txt')}`);
  expect(stored.fromServiceWorker).toBe(true);
  expect(stored.text).toBe('plain words\nsecond line');

  // Open the JSON document: its content is shown pretty-printed.
  await list.getByRole('link', { name: /order\.json/ }).click();
  await expect(page).toHaveURL(/#\/documents\?uri=%2Forder\.json$/);
  await expect(page.getByRole('heading', { name: '/order.json' })).toBeVisible();
  const content = page.getByTestId('document-content').locator('.cm-content');
  await expect(content).toHaveText(JSON.stringify(order, null, 2), { useInnerText: true });

  // Its metadata: no collections yet, and no permissions: the console acts as admin, whose
  // default permissions are none (MarkLogic 10+).
  await page.getByRole('tab', { name: 'Metadata' }).click();
  const metadata = page.getByTestId('metadata-view');
  await expect(metadata.getByRole('region', { name: 'Collections' })).toContainText('None');
  await expect(metadata.getByRole('region', { name: 'Permissions' })).toContainText('None');

  // Replace the metadata: add a collection, then find the document by it.
  await page.getByRole('button', { name: 'Edit metadata' }).click();
  await replaceEditorText(page.getByTestId('metadata-editor'), JSON.stringify({ collections: ['orders'], quality: 2 }, null, 2));
  await page.getByRole('button', { name: 'Save metadata' }).click();
  await expect(metadata.getByRole('list', { name: 'Collections' })).toHaveText('orders');
  await expect(page.getByTestId('metadata-quality')).toHaveText('2');
  // The collection lexicon is off (MarkLogic's default): the name is typed and applied with Enter.
  await expect(page.getByText('The collection lexicon is off for this database')).toBeVisible();
  await page.getByRole('combobox', { name: 'Collection' }).fill('orders');
  await page.getByRole('combobox', { name: 'Collection' }).press('Enter');
  await expect(page.getByTestId('listing-status')).toHaveText('1–1 of 1');
  await expect(list.getByRole('link')).toHaveText([/order\.json/]);

  // Edit the content in the code editor and save: the new content is shown.
  await list.getByRole('link', { name: /order\.json/ }).click();
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edited = { ...order, total: 99, status: 'shipped' };
  await replaceEditorText(page.getByTestId('content-editor'), JSON.stringify(edited, null, 2));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('content-editor')).toBeHidden();
  await expect(content).toHaveText(JSON.stringify(edited, null, 2), { useInnerText: true });
  expect((await tabula.fetch(`/v1/documents?uri=${encodeURIComponent('/order.json')}`)).json()).toEqual(edited);

  // Delete it, confirming in the dialog: it is gone from the listing and the database.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete document?' });
  await expect(dialog).toContainText('/order.json');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '/order.json' })).toBeHidden();
  await expect(page.getByText('No documents in collection “orders”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear collection filter' }).click();
  await expect(page.getByTestId('listing-status')).toHaveText('1–2 of 2');
  await expect(list.getByRole('link', { name: /order\.json/ })).toHaveCount(0);
  expect((await tabula.fetch(`/v1/documents?uri=${encodeURIComponent('/order.json')}`)).status).toBe(404);
});

test('acting as rest-reader, a save is refused with the message the API gave, and the choice survives a reload', async ({ page, tabula }) => {
  // Readable by rest-reader, updatable by rest-writer: admin's own writes carry no permissions.
  const put = await tabula.fetch('/v1/documents?uri=%2Fshared%2Fplan.json&perm:rest-reader=read&perm:rest-writer=update', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"step":1}',
  });
  expect(put.status).toBe(201);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');

  await page.getByLabel('Acting as').selectOption('rest-reader');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('list', { name: 'Folders' }).getByRole('link', { name: 'shared/' }).click();
  await expect(page.getByRole('navigation', { name: 'Directory' })).toContainText('shared');
  await page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: /plan\.json/ }).click();
  await expect(page.getByTestId('document-content').locator('.cm-content')).toHaveText('{\n  "step": 1\n}', { useInnerText: true });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('Could not save — 403 Forbidden');
  await expect(refusal).toContainText('You do not have permission to this method and URL.');

  await page.reload();
  await expect(page.getByLabel('Acting as')).toHaveValue('rest-reader');
  await expect(page.getByRole('heading', { name: '/shared/plan.json' })).toBeVisible();
});

test('many files upload in batches of 50 and page 20 at a time; a dropped file lands in the open folder', async ({ page }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const bulkPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/documents') bulkPosts.push(r.headers()['content-type'] ?? '');
  });
  const many = Array.from({ length: 120 }, (_, i) => ({
    name: `item-${String(i).padStart(3, '0')}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ i })),
  }));
  await page.getByLabel('Upload files', { exact: true }).setInputFiles(many);
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded 120 files' })).toBeVisible();
  expect(bulkPosts).toHaveLength(3);
  expect(bulkPosts.every((t) => t.startsWith('multipart/mixed; boundary='))).toBe(true);

  const list = page.getByRole('table', { name: 'Documents' });
  await expect(page.getByTestId('listing-status')).toHaveText('1–20 of 120');
  await expect(list.getByRole('link')).toHaveCount(20);
  await page.getByRole('link', { name: 'Next ›' }).click();
  await expect(page.getByTestId('listing-status')).toHaveText('21–40 of 120');
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('link', { name: '‹ Prev' }).click();
  await expect(page.getByTestId('listing-status')).toHaveText('1–20 of 120');

  // Dropping a file while a folder is open names it after that folder.
  await page.goto('/#/documents?dir=%2Finbox%2F');
  const dropped = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped text'], 'dropped.txt', { type: 'text/plain' }));
    return data;
  });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded 1 file to /inbox/' })).toBeVisible();
  await expect(list.getByRole('link')).toHaveText([/dropped\.txt/]);
  await list.getByRole('link', { name: /dropped\.txt/ }).click();
  await expect(page.getByRole('heading', { name: '/inbox/dropped.txt' })).toBeVisible();
  await expect(page.getByTestId('document-content').locator('.cm-content')).toHaveText('dropped text', { useInnerText: true });
});

test('a document is created from the New document form, then its directory is deleted with everything in it', async ({ page }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.goto('/#/documents?dir=%2Fdrafts%2F');
  await page.getByRole('link', { name: 'New document' }).click();
  const form = page.getByRole('form', { name: 'New document' });
  await expect(form.getByLabel('URI')).toHaveValue('/drafts/new-document.json');
  await form.getByLabel('Format').selectOption('xml');
  await expect(form.getByLabel('URI')).toHaveValue('/drafts/new-document.xml');
  await form.getByLabel('URI').fill('/drafts/memo.xml');
  await form.getByLabel('Collections').fill('memos, 2024');
  await replaceEditorText(page.getByTestId('new-document-editor'), '<memo><to>Kim</to></memo>');
  await form.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByRole('heading', { name: '/drafts/memo.xml' })).toBeVisible();
  await expect(page.getByTestId('document-content').locator('.cm-content')).toHaveText('<memo>\n  <to>Kim</to>\n</memo>', {
    useInnerText: true,
  });
  await page.getByRole('tab', { name: 'Metadata' }).click();
  await expect(page.getByRole('list', { name: 'Collections' })).toHaveText(/memos\s*2024/);

  await page.getByRole('button', { name: 'Delete all…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete everything in directory /drafts/?' });
  await dialog.getByRole('button', { name: 'Delete all' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No documents in /drafts/.')).toBeVisible();
});

test('the console can be pointed at a REST server by URL, and shows why it cannot connect', async ({ page }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const connect = async (baseUrl: string, user: string, password: string) => {
    await page.getByRole('button', { name: 'Connection…' }).click();
    await page.getByLabel('A remote REST server').check();
    await page.getByLabel('Base URL').fill(baseUrl);
    await page.getByLabel('User', { exact: true }).fill(user);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
  };

  // Nothing listens on port 9.
  await connect('http://127.0.0.1:9', 'admin', 'admin');
  await expect(page.getByTestId('connection-status')).toContainText('Unreachable');
  await expect(page.getByRole('alert')).toContainText('Could not reach http://127.0.0.1:9/v1/search');

  // This origin as the "remote" server (its service worker answers): credentials now go as Basic.
  const origin = new URL(page.url()).origin;
  await connect(origin, 'rest-writer', 'wrong');
  await expect(page.getByTestId('connection-status')).toContainText('Not authorized');
  await connect(origin, 'rest-writer', 'rest-writer');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByText('No documents yet')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('connection-target')).toHaveText(origin);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
});


test('a document written by a script on the page appears in the open explorer without a reload', async ({ page, tabula }) => {
  await expect(page.getByText('No documents yet')).toBeVisible();
  const put = await tabula.fetch('/v1/documents?uri=/live/from-script.json', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"live":true}',
  });
  expect(put.status).toBe(201);
  const list = page.getByRole('table', { name: 'Documents' });
  await expect(list.getByRole('link', { name: /from-script\.json/ })).toBeVisible();
  await tabula.fetch('/v1/documents?uri=/live/from-script.json', { method: 'DELETE' });
  await expect(page.getByText('No documents yet')).toBeVisible();
});

test('the document view copies the read it sent, as the user the console acts as', async ({ page, tabula, context }) => {
  const put = await tabula.fetch('/v1/documents?uri=%2Fshared%2Fplan.json&perm:rest-reader=read', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"step":1}' });
  expect(put.status).toBe(201);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByLabel('Acting as').selectOption('rest-reader');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.goto('/#/documents?uri=%2Fshared%2Fplan.json');
  await expect(page.getByRole('heading', { name: '/shared/plan.json' })).toBeVisible();

  const panel = page.locator('.document-panel');
  await panel.getByText('Request', { exact: true }).click();
  await expect(panel.getByTestId('sent-request-line')).toHaveText(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/documents\?uri=%2Fshared%2Fplan\.json$/);
  const url = (await panel.getByTestId('sent-request-line').locator('code').textContent())!;
  const { curl, fetch, node } = await copyEachSnippet(page, context, panel);
  expect(shellWords(curl)).toEqual(['curl', '--anyauth', '-u', 'rest-reader', url]);
  expect(fetch).toContain(`fetch('/v1/documents?uri=%2Fshared%2Fplan.json', {`);
  expect(fetch).toMatch(/^\/\/ The console sent this as rest-reader/);
  expect(node).toContain(`user: 'rest-reader',`);
  expect(node).toContain(`db.internal.sendRequest('/v1/documents?uri=%2Fshared%2Fplan.json'`);
  for (const text of [curl, fetch, node]) expect(text).not.toContain("password: 'rest-reader'");

  // The metadata tab shows its own read: category=metadata, as JSON.
  await page.getByRole('tab', { name: 'Metadata' }).click();
  await panel.getByText('Request', { exact: true }).click();
  await expect(panel.getByTestId('sent-request-line')).toHaveText(/\/v1\/documents\?uri=%2Fshared%2Fplan\.json&category=metadata&format=json$/);
});

test('Reset database… empties this browser’s database once confirmed; a user who is not admin is refused', async ({ page, tabula }) => {
  for (const f of files) {
    const res = await tabula.fetch(`/v1/documents?uri=/${f.name}`, { method: 'PUT', headers: { 'content-type': f.mimeType }, body: f.buffer.toString() });
    expect(res.status).toBe(201);
  }
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByTestId('listing-status')).toHaveText(`1–${files.length} of ${files.length}`);

  // Acting as rest-writer: the server refuses, the dialog says so, and nothing is gone.
  await page.getByLabel('Acting as').selectOption('rest-writer');
  await page.getByRole('button', { name: 'Reset database…' }).click();
  const dialog = page.getByRole('dialog', { name: /Reset this browser/ });
  await dialog.getByRole('button', { name: 'Reset database' }).click();
  await expect(dialog.getByRole('alert')).toContainText('403');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await tabula.fetch('/v1/documents?uri=/order.json')).status).toBe(200);

  // As admin, Cancel changes nothing; confirming empties the database and the explorer.
  await page.getByLabel('Acting as').selectOption('');
  await page.getByRole('button', { name: 'Reset database…' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('listing-status')).toHaveText(`1–${files.length} of ${files.length}`);
  await page.getByRole('button', { name: 'Reset database…' }).click();
  await dialog.getByRole('button', { name: 'Reset database' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No documents yet')).toBeVisible();
  expect((await tabula.fetch('/v1/documents?uri=/order.json')).status).toBe(404);
});

// ---- Browsing from the lexicons, field columns, drafts and checking as you type ----

interface Person { name: string; age: number; city: string; bio: string }
const CITIES = ['Oslo', 'Rome', 'Lima', 'Kyiv'];
/** 25 people, 12 orders and 5 XML notes: three directories, more than one page at the root. */
const people: Array<{ uri: string; doc: Person; collections: string[] }> = Array.from({ length: 25 }, (_, i) => ({
  uri: `/people/p${String(i).padStart(2, '0')}.json`,
  // Ages out of URI order, so sorting by age visibly reorders the page.
  doc: { name: `Person ${i}`, age: 20 + ((i * 7) % 23), city: CITIES[i % CITIES.length], bio: `A long biography that is no column material, number ${i}. `.repeat(3) },
  collections: i % 5 === 0 ? ['people', 'vip'] : ['people'],
}));
const orders = Array.from({ length: 12 }, (_, i) => ({ uri: `/orders/o${i}.json`, doc: { id: `o-${i}`, total: i * 3 }, collections: [i % 3 === 0 ? 'orders/2024' : 'orders/2025'] }));
const notes = Array.from({ length: 5 }, (_, i) => ({ uri: `/notes/n${i}.xml`, xml: `<note id="${i}"><title>Note ${i}</title></note>`, collections: ['notes'] }));

async function loadCorpus(tabula: Tabula) {
  const put = async (uri: string, body: string, type: string, collections: string[]) => {
    const qs = new URLSearchParams({ uri });
    for (const c of collections) qs.append('collection', c);
    const res = await tabula.fetch(`/v1/documents?${qs}`, { method: 'PUT', headers: { 'content-type': type }, body });
    expect(res.status).toBe(201);
  };
  await Promise.all([
    ...people.map((p) => put(p.uri, JSON.stringify(p.doc), 'application/json', p.collections)),
    ...orders.map((o) => put(o.uri, JSON.stringify(o.doc), 'application/json', o.collections)),
    ...notes.map((n) => put(n.uri, n.xml, 'application/xml', n.collections)),
  ]);
}

const countIn = (collection: string) => [...people, ...orders, ...notes].filter((d) => d.collections.includes(collection)).length;

test('every folder and collection comes from the lexicons with its count; fields show beside URIs, sort and can be chosen', async ({ page, tabula }) => {
  // A range index on age (before the documents, so nothing waits for re-indexing): every page can sort by it.
  const ageIndex = { 'scalar-type': 'int', 'namespace-uri': '', localname: 'age', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };
  const indexed = await tabula.fetch('/manage/v2/databases/Documents/properties', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ 'range-element-index': [ageIndex] }) });
  expect(indexed.status).toBe(204);
  await loadCorpus(tabula);
  const total = people.length + orders.length + notes.length;
  await page.reload();
  await expect(page.getByTestId('listing-status')).toHaveText(`1–20 of ${total}`);

  // At the root, every directory is listed with its count, whatever the first page holds.
  const folders = page.getByRole('list', { name: 'Folders' });
  await expect(folders.getByRole('link')).toHaveText([`notes/${notes.length} documents`, `orders/${orders.length} documents`, `people/${people.length} documents`]);

  // Collections: the lexicon is off (MarkLogic's default) until turned on; then type-ahead.
  await page.getByRole('button', { name: 'Turn on the collection lexicon' }).click();
  const picker = page.getByRole('combobox', { name: 'Collection' });
  await picker.fill('ord');
  const options = page.getByRole('listbox', { name: 'Collections' }).getByRole('option');
  await expect(options).toHaveText([`orders/2024${countIn('orders/2024')} documents`, `orders/2025${countIn('orders/2025')} documents`]);
  await picker.press('ArrowDown');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(page).toHaveURL(/collection=orders%2F2025/);
  await expect(page.getByTestId('listing-status')).toHaveText(`1–${countIn('orders/2025')} of ${countIn('orders/2025')}`);
  await expect(folders.getByRole('link')).toHaveText([`orders/${countIn('orders/2025')} documents`]);

  // A typo lists nothing: it says so and offers what was meant.
  await picker.fill('peeple');
  await expect(page.getByRole('status').filter({ hasText: 'No collection matches “peeple”' })).toBeVisible();
  await page.getByRole('button', { name: `people (${countIn('people')})` }).click();
  await expect(page.getByTestId('listing-status')).toHaveText(`1–20 of ${countIn('people')}`);

  // The people: name first (name-like), then the common short fields; the long bio is left out.
  await page.getByRole('button', { name: 'Clear collection filter' }).click();
  await folders.getByRole('link', { name: /^people\// }).click();
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'name', 'age', 'city', 'Format']);
  const onPage = people.slice(0, 20);
  const ages = table.locator('tbody tr td:nth-child(3)');
  await expect(ages).toHaveText(onPage.map((p) => String(p.doc.age)));
  await table.getByRole('button', { name: 'age' }).click();
  await expect(ages).toHaveText(onPage.map((p) => p.doc.age).sort((a, b) => a - b).map(String));
  await expect(table.getByRole('columnheader', { name: 'age' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Sorted on this page only.')).toBeVisible();
  // With the index, every page sorts on the server: page 1 holds the youngest of all.
  await page.getByRole('button', { name: 'Sort all pages by age' }).click();
  await expect(page.getByText(`All ${people.length} sorted by age, with its range index.`)).toBeVisible();
  await expect(ages).toHaveText(people.map((p) => p.doc.age).sort((x, y) => x - y).slice(0, 20).map(String));

  // Columns chosen by hand are remembered for the database.
  await page.getByRole('button', { name: 'Columns: automatic' }).click();
  await page.getByRole('checkbox', { name: 'city' }).uncheck();
  await page.getByRole('button', { name: '← Move age left' }).click();
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'age▲', 'name', 'Format']);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('columnheader')).toHaveText(['Name', 'age', 'name', 'Format']);

  // 390 px: nothing wider than the screen; the table scrolls inside itself.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('region', { name: 'Documents (scrollable)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Colours change with a short transition here and there: check them once they have settled.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(gating(await axeViolations(page)), scheme).toEqual([]);
  }
});

test('an edit is checked as it is typed, kept as a draft, asked about on leaving, survives a reload and saves with mod+s', async ({ page, tabula }) => {
  const a = { title: 'Alpha', n: 1 };
  for (const [uri, doc] of [['/drafts/a.json', a], ['/drafts/b.json', { title: 'Beta', n: 2 }]] as const) {
    expect((await tabula.fetch(`/v1/documents?uri=${encodeURIComponent(uri)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) })).status).toBe(201);
  }
  await page.goto('/#/documents?dir=%2Fdrafts%2F&uri=%2Fdrafts%2Fa.json');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByTestId('content-editor');

  // Invalid JSON is marked where it is, before any Save, and Save waits.
  const invalid = '{\n  "title": "Alpha",\n  "n": 1\n  "extra": true\n}';
  await replaceEditorText(editor, invalid);
  const line = invalid.slice(0, invalid.indexOf('"extra"')).split('\n').length;
  const column = invalid.indexOf('"extra"') - invalid.lastIndexOf('\n', invalid.indexOf('"extra"'));
  await expect(page.getByTestId('content-problem')).toHaveText(new RegExp(`^Line ${line}, column ${column}: Expected "," or "}"`));
  // The mark is on the key's opening quote, where the comma was missed.
  await expect(editor.locator('.cm-lintRange-error')).toHaveText('"');
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // The editor with its marks, at 390 px: nothing wider than the screen, nothing axe finds serious.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(gating(await axeViolations(page))).toEqual([]);
  await page.setViewportSize(viewport);

  const edited = { ...a, title: 'Alpha 2' };
  await replaceEditorText(editor, JSON.stringify(edited, null, 2));
  await expect(page.getByTestId('content-problem')).toHaveText('Well-formed JSON.');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await expect(page.getByTestId('editor-draft-state')).toContainText('unsaved draft');
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row', { name: /a\.json/ })).toContainText('unsaved draft');

  // Opening another document asks first; Stay stays.
  await table.getByRole('link', { name: 'b.json' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave unsaved changes?' });
  await expect(ask).toContainText('/drafts/a.json');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/uri=%2Fdrafts%2Fa\.json/);
  await expect(editor.locator('.cm-content')).toHaveText(JSON.stringify(edited, null, 2), { useInnerText: true });
  await table.getByRole('link', { name: 'b.json' }).click();
  await ask.getByRole('button', { name: 'Keep draft and leave' }).click();
  await expect(page.getByRole('heading', { name: '/drafts/b.json' })).toBeVisible();

  // The draft survives a reload, and reopens in the editor; the database still has the original.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row', { name: /a\.json/ })).toContainText('unsaved draft');
  expect((await tabula.fetch('/v1/documents?uri=%2Fdrafts%2Fa.json')).json()).toEqual(a);
  await page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: 'a.json' }).click();
  await expect(editor.locator('.cm-content')).toHaveText(JSON.stringify(edited, null, 2), { useInnerText: true });

  // mod+s saves it; the draft is gone.
  await editor.locator('.cm-content').press('ControlOrMeta+s');
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('document-content').locator('.cm-content')).toHaveText(JSON.stringify(edited, null, 2), { useInnerText: true });
  expect((await tabula.fetch('/v1/documents?uri=%2Fdrafts%2Fa.json')).json()).toEqual(edited);
  await expect(page.getByRole('table', { name: 'Documents' }).getByText('unsaved draft')).toHaveCount(0);
});
