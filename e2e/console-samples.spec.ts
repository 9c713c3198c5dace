/**
 * Sample data as a new user meets it, through the real service worker: the welcome on an
 * empty database, loading a sample, and the Search and SPARQL pages showing it. Expected
 * counts and titles are computed from the sample's own entries (src/db/samples).
 */
import { test, expect } from 'tabula/testing';
import { samples } from '../src/db/samples';

const library = samples.find((s) => s.name === 'library')!;
const entries = library.entries();
const dec = new TextDecoder();
const documentCount = [...entries.keys()].filter((k) => k.startsWith('documents/')).length;
/** The saved queries' titles: their first line, `# <title>`. */
const savedTitles = [...entries.entries()]
  .filter(([k]) => k.startsWith('documents/tabula/queries/'))
  .map(([, v]) => dec.decode(v).split('\n')[0].replace(/^#\s*/, ''));
const options = JSON.parse(dec.decode(entries.get('config/query-options/library.json'))) as {
  options: { constraint: Array<{ name: string; range?: { facet?: boolean } }> };
};
const facetName = options.options.constraint.find((c) => c.range && c.range.facet !== false)!.name;

test('an empty database welcomes a new user; loading the library sample fills Search and SPARQL', async ({ page, tabula }) => {
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const welcome = page.getByTestId('welcome');
  await expect(welcome.getByRole('heading', { level: 2, name: 'Welcome to Tabula' })).toBeVisible();
  for (const s of samples) await expect(welcome).toContainText(s.title);

  // The database is empty: Load needs no confirmation.
  await welcome.getByRole('listitem').filter({ hasText: library.title }).getByRole('button', { name: 'Load' }).click();
  await expect(welcome).toBeHidden({ timeout: 30_000 });
  const total = (await tabula.fetch('/v1/search?format=json&pageLength=0')).json().total;
  expect(total).toBe(documentCount);

  // Search: the library options' facets.
  await page.goto('/#/search?options=library');
  await expect(page.getByTestId('search-total')).toHaveText(`${documentCount.toLocaleString('en-US')} results`);
  await expect(page.getByRole('complementary', { name: 'Facets' }).getByRole('region', { name: new RegExp(facetName) })).toBeVisible();

  // SPARQL: the sample's saved queries are listed; one runs.
  await page.goto('/#/sparql');
  await page.getByText(/^Saved queries/).click();
  const saved = page.getByRole('list', { name: 'Saved queries' });
  for (const title of savedTitles) await expect(saved.getByRole('button', { name: title })).toBeVisible();
  await saved.getByRole('button', { name: savedTitles[0] }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText(/^[1-9][\d,]* rows?$/);
});

test('on a database that holds data, loading asks first; Cancel and a refused load change nothing', async ({ page, tabula }) => {
  expect((await tabula.fetch('/v1/documents?uri=/mine.json&perm:rest-reader=read', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"mine":true}' })).status).toBe(201);
  await page.goto('/#/search');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  // The search page has results, so no "Load sample data" there; the analytics page has no values definitions.
  await page.goto('/#/analytics');
  const offer = page.getByTestId('load-sample-data');
  await offer.getByRole('button', { name: library.title }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Replace this database with “${library.title}”`) });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await tabula.fetch('/v1/documents?uri=/mine.json')).status).toBe(200);

  // Acting as rest-writer: the server refuses with 403, the dialog says so, nothing changed.
  await page.getByLabel('Acting as').selectOption('rest-writer');
  await offer.getByRole('button', { name: library.title }).click();
  await dialog.getByRole('button', { name: 'Replace with the sample' }).click();
  await expect(dialog.getByRole('alert')).toContainText('403');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await tabula.fetch('/v1/documents?uri=/mine.json')).status).toBe(200);
});
