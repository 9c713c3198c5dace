/**
 * Scenes and snapshots in the console as a person uses them, through the real service
 * worker: export the database (a download), reset it, import the file back (the file
 * chooser), and find every document, triple, graph permission, option set, index setting
 * and user as it was; a large scene shows the server's phase and counts while it imports;
 * a truncated file is refused with the server's message and changes nothing; a snapshot
 * saved in the console restores after the worker was stopped. The data is seeded with the
 * API, and the API is otherwise consulted only to confirm what the page claims.
 */
import type { Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { makeZip } from 'client-zip';
import { GRAPH_CATALOGUE } from '../src/client/graphs';
import { test, expect, type ApiFetch } from 'tabula/testing';

const J = { 'content-type': 'application/json' };
const G1 = 'http://example.org/people';
const G2 = 'http://example.org/places';
const ALICE = { name: 'alice', password: 'wonder land' };
const aliceAuth = { authorization: `Basic ${Buffer.from(`${ALICE.name}:${ALICE.password}`).toString('base64')}` };

/** Four documents (one per format), each with metadata of its own; the index is computed from this list. */
const documents = [
  { uri: '/order.json', type: 'application/json', body: JSON.stringify({ id: 'o-1', total: 12.5 }), query: 'collection=orders&perm:rest-reader=read&perm:rest-writer=update&quality=2&value:source=shop' },
  { uri: '/note.xml', type: 'application/xml', body: '<?xml version="1.0"?>\n<note  lang="en"><to>Kim</to></note>', query: 'collection=notes&collection=mail&perm:rest-reader=read' },
  { uri: '/readme.txt', type: 'text/plain', body: 'line one\r\nline two\n', query: 'perm:rest-reader=read' },
  { uri: '/pixel.png', type: 'image/png', body: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255, 1, 2]), query: 'collection=images&perm:rest-reader=read' },
];

/** Documents with collections, permissions, properties; two graphs (one with a blank node and its own permissions); an option set; a range index; a user. */
async function seed(apiFetch: ApiFetch): Promise<void> {
  const ok = async (path: string, init: Parameters<ApiFetch>[1]) => {
    const res = await apiFetch(path, init);
    expect(res.fromServiceWorker).toBe(true);
    expect(res.status, `${init?.method} ${path}: ${res.text}`).toBeLessThan(300);
  };
  for (const d of documents) await ok(`/v1/documents?uri=${encodeURIComponent(d.uri)}&${d.query}`, { method: 'PUT', headers: { 'content-type': d.type }, body: d.body });
  await ok('/v1/documents?uri=/pixel.png&category=properties', { method: 'PUT', headers: J, body: JSON.stringify({ properties: { caption: 'one pixel' } }) });
  await ok(`/v1/graphs?graph=${G1}`, { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: `<${G1}/ada> <http://xmlns.com/foaf/0.1/name> "Ada"@en ; <http://xmlns.com/foaf/0.1/knows> [ <http://xmlns.com/foaf/0.1/name> "Bob" ] .` });
  await ok(`/v1/graphs?graph=${G1}&category=permissions`, { method: 'POST', headers: J, body: JSON.stringify({ permissions: [{ 'role-name': 'rest-reader', capabilities: ['read'] }] }) });
  await ok(`/v1/graphs?graph=${G2}`, { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: `<${G2}/paris> <http://www.w3.org/2000/01/rdf-schema#label> "Paris", "Lutèce"@la .` });
  await ok('/v1/config/query/shop', { method: 'PUT', headers: J, body: JSON.stringify({ options: { constraint: [{ name: 'total', range: { type: 'xs:decimal', 'json-property': 'total' } }] } }) });
  const index = { 'scalar-type': 'decimal', 'namespace-uri': '', localname: 'total', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };
  await ok('/manage/v2/databases/Documents/properties', { method: 'PUT', headers: J, body: JSON.stringify({ 'range-element-index': [index] }) });
  await ok('/manage/v2/users', { method: 'POST', headers: J, body: JSON.stringify({ 'user-name': ALICE.name, password: ALICE.password, role: ['rest-reader'] }) });
}

/** Blank-node labels may be chosen afresh by a load; what they connect is what must match. */
const sortedQuads = (nquads: string) =>
  nquads
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.replace(/_:[A-Za-z0-9_.-]+/g, '_:b'))
    .sort();

/** Everything the scene must carry, read back through the API as admin. */
async function state(apiFetch: ApiFetch) {
  const docs = await Promise.all(
    documents.map(async ({ uri }) => {
      const content = await apiFetch(`/v1/documents?uri=${encodeURIComponent(uri)}`);
      const metadata = await apiFetch(`/v1/documents?uri=${encodeURIComponent(uri)}&category=metadata&format=json`);
      return { uri, status: content.status, type: content.headers['content-type'], bytes: content.body.toString('base64'), metadata: metadata.text };
    }),
  );
  const graphs = (await apiFetch('/v1/graphs')).text.split(/\r?\n/).filter(Boolean).sort();
  // GET /v1/graphs without a graph lists the graphs; each graph's own GET gives its triples.
  const quads = await Promise.all(
    graphs
      .filter((g) => g !== GRAPH_CATALOGUE)
      .map(async (g) => {
        const res = await apiFetch(`/v1/graphs?graph=${encodeURIComponent(g)}`, { headers: { accept: 'application/n-quads' } });
        expect(res.status, res.text).toBe(200);
        return res.text;
      }),
  );
  const graphPermissions = await Promise.all([G1, G2].map(async (g) => (await apiFetch(`/v1/graphs?graph=${g}&category=permissions&format=json`)).text));
  const options = (await apiFetch('/v1/config/query/shop?format=json')).text;
  const indexes = (await apiFetch('/manage/v2/databases/Documents/properties?format=json')).json()['range-element-index'];
  const aliceReads = (await apiFetch('/v1/documents?uri=/readme.txt', { headers: aliceAuth })).status;
  return { docs, nquads: sortedQuads(quads.join('\n')), graphs, graphPermissions, options, indexes, aliceReads };
}

async function openScenes(page: Page) {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('button', { name: 'Scenes and snapshots…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scenes and snapshots' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('export a scene, reset, import it with the file chooser: documents, triples, graph permissions, options, indexes and users come back', async ({ page, tabula }) => {
  const apiFetch = tabula.fetch;
  await seed(apiFetch);
  const before = await state(apiFetch);
  expect(before.aliceReads).toBe(200);
  expect(before.docs.every((d) => d.status === 200)).toBe(true);
  const triples = before.nquads.length;
  expect(triples).toBeGreaterThan(0);

  // Export: a download under the server's name, which the page reports.
  const dialog = await openScenes(page);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export scene' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tabula-Documents-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(dialog.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText(download.suggestedFilename());
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);

  // Reset (through the API): nothing left, alice gone.
  expect((await apiFetch('/tabula/v1/reset', { method: 'POST' })).status).toBe(204);
  expect((await apiFetch('/v1/documents?uri=/order.json')).status).toBe(404);
  expect((await apiFetch('/v1/documents?uri=/readme.txt', { headers: aliceAuth })).status).toBe(401);
  await expect(page.getByText('No documents yet')).toBeVisible();

  // Import through the file chooser; Replace is the default, and the page warns what it does.
  const section = dialog.getByRole('region', { name: 'Import' });
  await expect(section.getByLabel(/Replace/)).toBeChecked();
  await expect(section).toContainText('Replace deletes every document');
  const choosing = page.waitForEvent('filechooser');
  await section.getByText('choose a file').click();
  await (await choosing).setFiles(file);
  await expect(section.getByTestId('scene-drop-zone')).toContainText(download.suggestedFilename());
  await section.getByRole('button', { name: 'Import scene' }).click();
  await expect(section.getByRole('status')).toHaveText(`Imported ${documents.length} documents and ${triples.toLocaleString('en')} triples.`);

  expect(await state(apiFetch)).toEqual(before);
  // The pages refetched: the explorer lists the documents again.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Scenes and snapshots…' })).toBeFocused();
  await expect(page.getByTestId('listing-status')).toHaveText(`1–${documents.length} of ${documents.length}`);
});

test('a truncated scene is refused with the server’s message, and nothing changes', async ({ page, tabula }) => {
  const apiFetch = tabula.fetch;
  await seed(apiFetch);
  const before = await state(apiFetch);
  const exported = await apiFetch('/tabula/v1/scene');
  expect(exported.status).toBe(200);
  const file = test.info().outputPath('truncated.zip');
  await writeFile(file, exported.body.subarray(0, Math.floor(exported.body.length / 2)));

  const dialog = await openScenes(page);
  const section = dialog.getByRole('region', { name: 'Import' });
  await section.getByLabel('Scene file').setInputFiles(file);
  await section.getByRole('button', { name: 'Import scene' }).click();
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('Import failed; the database is unchanged');
  await expect(alert).toContainText('400');
  await expect(alert).toContainText(/truncated|not a zip/);
  await expect(section.getByRole('status')).toHaveCount(0);
  expect(await state(apiFetch)).toEqual(before);
  // The file is untouched on disk too: the page only read it.
  expect((await readFile(file)).length).toBe(Math.floor(exported.body.length / 2));
});

test('a large scene shows the server’s phase and counts while it imports, then what it wrote', async ({ page }) => {
  // Thousands of documents keep the import busy for several of the console's polls.
  const count = 5_000;
  const enc = new TextEncoder();
  const entries = [{ name: 'manifest.json', input: enc.encode(JSON.stringify({ format: 'tabula-scene', version: 1 })), lastModified: new Date(0) }];
  for (let i = 0; i < count; i++) entries.push({ name: `documents/d${i}.json`, input: enc.encode(JSON.stringify({ i })), lastModified: new Date(0) });
  const file = test.info().outputPath('large.zip');
  await writeFile(file, new Uint8Array(await new Response(makeZip(entries)).arrayBuffer()));

  const dialog = await openScenes(page);
  const section = dialog.getByRole('region', { name: 'Import' });
  await section.getByLabel('Scene file').setInputFiles(file);
  await section.getByRole('button', { name: 'Import scene' }).click();
  const progress = section.getByTestId('import-progress');
  await expect(progress).toContainText(/(Checking documents|Checking triples|Writing)\s*\d+ of \d+/);
  await expect(section.getByRole('status')).toHaveText(`Imported ${count.toLocaleString('en')} documents and 0 triples.`, { timeout: 30_000 });
  await expect(progress).toHaveCount(0);
});

test('a snapshot saved in the console restores after the service worker is stopped, and Search shows its documents', async ({ page, tabula }) => {
  const apiFetch = tabula.fetch;
  await seed(apiFetch);
  const before = await state(apiFetch);
  const dialog = await openScenes(page);
  const snapshots = dialog.getByRole('region', { name: 'Snapshots', exact: true });
  await expect(snapshots).toContainText('No snapshots yet.');

  // A name the server refuses: its message under the field, and no snapshot.
  const nameField = snapshots.getByLabel('Save current database as…');
  await nameField.fill(' before demo');
  await snapshots.getByRole('button', { name: 'Save snapshot' }).click();
  await expect(snapshots.getByRole('alert')).toContainText('no leading or trailing space');
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');

  const name = 'before demo';
  await nameField.fill(name);
  await expect(snapshots.getByRole('alert')).toHaveCount(0);
  await snapshots.getByRole('button', { name: 'Save snapshot' }).click();
  await expect(snapshots.getByRole('status').filter({ hasText: 'Saved' })).toContainText(`Saved “${name}” (${documents.length} documents`);
  const row = snapshots.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(documents.length));

  // Download: the snapshot's scene under its name.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download/ }).click();
  expect((await downloading).suggestedFilename()).toBe(`${name}.zip`);

  // The database changes, then the worker stops (as the browser stops an idle one).
  expect((await apiFetch('/v1/documents?uri=/order.json', { method: 'DELETE' })).status).toBe(204);
  expect((await apiFetch('/v1/documents?uri=/later.json', { method: 'PUT', headers: J, body: '{"later":true}' })).status).toBe(201);
  await tabula.stopWorker();

  // Restore, once confirmed: the database is the snapshot again.
  await row.getByRole('button', { name: /^Restore/ }).click();
  const confirm = page.getByRole('dialog', { name: `Restore the snapshot “${name}”?` });
  await confirm.getByRole('button', { name: 'Restore snapshot' }).click();
  await expect(confirm).toBeHidden();
  await expect(snapshots.getByRole('status').filter({ hasText: 'Restored' })).toHaveText(`Restored ${documents.length} documents and ${before.nquads.length} triples from “${name}”.`);
  expect(await state(apiFetch)).toEqual(before);
  expect((await apiFetch('/v1/documents?uri=/later.json')).status).toBe(404);

  // Search lists the saved documents.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page.getByTestId('search-total')).toHaveText(`${documents.length} results`);
  const results = page.getByRole('list', { name: 'Results' });
  for (const d of documents) await expect(results.getByRole('link', { name: d.uri })).toBeVisible();

  // Delete, once confirmed: gone from the list, the database untouched.
  await page.getByRole('button', { name: 'Scenes and snapshots…' }).click();
  await row.getByRole('button', { name: /^Delete/ }).click();
  const deleting = page.getByRole('dialog', { name: `Delete the snapshot “${name}”?` });
  await deleting.getByRole('button', { name: 'Delete snapshot' }).click();
  await expect(snapshots).toContainText('No snapshots yet.');
  expect((await apiFetch('/v1/documents?uri=/order.json')).status).toBe(200);
});

test('pointed at another REST server, the console offers no scenes or snapshots', async ({ page }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByRole('button', { name: 'Scenes and snapshots…' })).toBeVisible();
  await page.getByRole('button', { name: 'Connection…' }).click();
  await page.getByLabel('A remote REST server').check();
  await page.getByLabel('Base URL').fill(new URL(page.url()).origin);
  await page.getByLabel('User', { exact: true }).fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByRole('button', { name: 'Scenes and snapshots…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset database…' })).toHaveCount(0);
});
