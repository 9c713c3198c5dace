/**
 * The Options page as a person uses it, through the real service worker: create an
 * option set from the starter template, add a range constraint from the snippets, see
 * the server refuse a bad edit (a duplicate constraint name) marked in the editor and
 * fix it, preview test queries with the unsaved options, save, add the range index the
 * set needs and watch it being built until it is ready, see the preview's facets, then
 * search with the set. Also: the XML form, unsaved edits surviving a visit elsewhere,
 * deleting a set, and values and tuples definitions with the index and lexicon they need. The API is consulted only to seed data and confirm what the page
 * claims.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, type ApiFetch } from 'tabula/testing';
import { replaceEditorText } from './editor';
import { buildMultipart, quoteParam } from '../src/client/multipart';

const JSON_TYPE = { 'content-type': 'application/json' };
const CATEGORIES = ['lamps', 'chairs', 'tables'];
const SINGULAR: Record<string, string> = { lamps: 'lamp', chairs: 'chair', tables: 'table' };
const MATERIALS = ['brass', 'oak', 'walnut', 'steel', 'glass', 'linen', 'marble'];
const PRODUCTS = 3000;

interface Product {
  title: string;
  price: number;
  body: string;
}

const product = (i: number): { uri: string; category: string; value: Product } => {
  const category = CATEGORIES[i % CATEGORIES.length];
  const material = MATERIALS[i % MATERIALS.length];
  const noun = SINGULAR[category];
  return {
    uri: `/products/${category}/${i}.json`,
    category,
    value: { title: `${material[0].toUpperCase()}${material.slice(1)} ${noun}`, price: (i % 100) + 0.5, body: `A ${material} ${noun} for a quiet room.` },
  };
};

const all = Array.from({ length: PRODUCTS }, (_, i) => product(i));
const count = (test: (p: Product, category: string) => boolean) => all.filter((p) => test(p.value, p.category)).length;

/** What the preview says of a total, with the starter template's 10 results a page. */
const totalText = (n: number) => `${n === 1 ? '1 document' : `${n} documents`}${n > 10 ? ', first 10 shown' : ''}`;

/** Three thousand products (or those given) in three collections, written in batches (each one transaction). */
async function seed(apiFetch: ApiFetch, products = all): Promise<void> {
  for (let start = 0; start < products.length; start += 500) {
    const parts = products.slice(start, start + 500).flatMap(({ uri, category, value }) => {
      const name = `attachment; filename=${quoteParam(uri)}`;
      return [
        { headers: { 'Content-Type': 'application/json', 'Content-Disposition': `${name}; category=metadata` }, body: JSON.stringify({ collections: [category] }) },
        { headers: { 'Content-Type': 'application/json', 'Content-Disposition': `${name}; category=content` }, body: JSON.stringify(value) },
      ];
    });
    const { body, contentType } = buildMultipart(parts);
    const res = await apiFetch('/v1/documents', { method: 'POST', headers: { 'content-type': contentType, accept: 'application/json' }, body: new Uint8Array(await body.arrayBuffer()) });
    expect(res.fromServiceWorker).toBe(true);
    expect(res.status, res.text).toBe(200);
  }
}

/** A full-page screenshot in the test's output directory, to look at what the journey saw. */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });


/** Double-clicks the word inside a JSON string token of the line that contains `line`, and types over it. */
async function retypeWord(editor: Locator, line: string, token: string, replacement: string, which: 'first' | 'last' = 'first') {
  const lines = editor.locator('.cm-line').filter({ hasText: line });
  // The innermost span: a lint mark may wrap the token's own.
  const target = (which === 'first' ? lines.first() : lines.last()).locator('span', { hasText: new RegExp(`^${token}$`) }).last();
  await target.dblclick();
  await editor.page().keyboard.type(replacement);
}

test('create a set with a collection and a range constraint, fix a refused edit, preview, save, add its index, and search with it', async ({ page, tabula }) => {
  test.setTimeout(150_000);
  await seed(tabula.fetch);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Options' }).click();
  await expect(page).toHaveURL(/#\/options$/);
  const sets = page.getByTestId('option-set-list');
  await expect(sets.getByRole('link')).toHaveText([/default\s*REST defaults/]);

  // A new set from the starter template: a collection facet, a word constraint, snippets.
  await page.getByRole('link', { name: 'New option set' }).click();
  const form = page.getByRole('form', { name: 'New option set' });
  await form.getByLabel('Name').fill('default');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toContainText('There is already a set named default');
  await form.getByLabel('Name').fill('shop');
  await expect(form.getByRole('radio', { name: /Starter/ })).toBeChecked();
  await shot(page, 'new-set');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/options\?set=shop$/);
  await expect(sets.getByRole('link')).toHaveText([/default/, /shop/]);
  const editorPanel = page.getByTestId('option-set-editor');
  await expect(editorPanel.getByRole('heading', { name: 'shop' })).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  const editor = page.getByTestId('options-editor');
  await expect(editor.locator('.cm-content')).toContainText('"name": "coll"');

  // The preview already runs with the set: every product, and the collection facet.
  const preview = page.getByRole('region', { name: /Preview with these options/ });
  await expect(preview.getByTestId('preview-total')).toHaveText(totalText(PRODUCTS));
  await expect(preview.getByTestId('preview-facet').filter({ hasText: 'coll' })).toContainText('lamps1000');

  // A range constraint from the snippets: the editor has unsaved changes, and the set now
  // needs a decimal index on price that the database does not have, so the preview fails.
  await page.getByRole('button', { name: 'Range — number with buckets' }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  await expect(editor.locator('.cm-content')).toContainText('"name": "price"');
  const needed = page.getByRole('table', { name: 'Range indexes these options need' });
  await expect(needed.getByTestId('needed-index')).toHaveText([/JSON property price\s*decimal\s*—\s*constraint price\s*Missing/]);
  await expect(preview.getByRole('alert')).toContainText('The test query failed — 400 Bad Request');
  await expect(preview.getByRole('alert')).toContainText('No decimal element range index for price');
  await expect(sets.getByRole('link', { name: /shop/ })).toContainText('●');

  // A bad edit: renaming the new constraint to a name already used. The server's objection
  // (from the live preview) is listed under the editor and marked on the repeated name.
  await retypeWord(editor, '"name": "price"', '"price"', 'coll');
  const problems = page.getByTestId('options-problems');
  await expect(problems).toContainText('The server would refuse these options');
  await expect(problems).toContainText('Operator or constraint name "coll" is used more than once (must be unique).');
  await expect(editor.locator('.cm-lintRange-error')).toHaveText(['"coll"']);
  await expect(page.getByTestId('preview-refused')).toBeVisible();
  await shot(page, 'refused-edit');
  // Saving anyway: refused, nothing stored.
  await editorPanel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(problems).toContainText('Not saved: the server refused these options');
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  const storedBefore = await tabula.fetch('/v1/config/query/shop?format=json');
  expect(storedBefore.json().options.constraint.map((c: { name: string }) => c.name)).toEqual(['coll', 'title']);

  // The fix: the second "coll" back to "price". The marks and the list go away.
  await retypeWord(editor, '"name": "coll"', '"coll"', 'price', 'last');
  await expect(problems).toBeHidden();
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(0);
  await editorPanel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await expect(sets.getByRole('link', { name: /shop/ })).not.toContainText('●');
  await expect(sets.getByRole('link', { name: /shop/ })).toContainText('needs index');
  const stored = await tabula.fetch('/v1/config/query/shop?format=json');
  expect(stored.fromServiceWorker).toBe(true);
  const constraints = stored.json().options.constraint as Array<{ name: string; range?: { type: string; 'json-property': string } }>;
  expect(constraints.map((c) => c.name)).toEqual(['coll', 'title', 'price']);
  expect(constraints[2].range).toMatchObject({ type: 'xs:decimal', 'json-property': 'price' });

  // The index it needs, in the range index editor. A second entry for the same index is
  // caught before saving.
  await page.getByRole('link', { name: 'edit the range indexes' }).click();
  await expect(page).toHaveURL(/#\/options\?view=indexes$/);
  const indexes = page.getByTestId('range-index-editor');
  await expect(indexes).toContainText('No range indexes yet.');
  await indexes.getByRole('button', { name: 'Add index' }).click();
  await indexes.getByLabel('Row 1: JSON property or element name').fill('price');
  await expect(indexes.getByLabel('Row 1: collation')).toBeEnabled();
  await indexes.getByLabel('Row 1: type').selectOption('decimal');
  await expect(indexes.getByLabel('Row 1: collation')).toBeDisabled();
  await indexes.getByRole('button', { name: 'Add index' }).click();
  await indexes.getByLabel('Row 2: JSON property or element name').fill('price');
  await indexes.getByLabel('Row 2: type').selectOption('decimal');
  await expect(indexes.getByTestId('range-index-row').nth(1)).toContainText('price already has this decimal index (row 1)');
  await expect(indexes.getByRole('button', { name: 'Save indexes' })).toBeDisabled();
  await indexes.getByRole('button', { name: 'Remove row 2' }).click();
  await expect(indexes.getByTestId('index-save-state')).toHaveText('Unsaved changes');
  await indexes.getByRole('button', { name: 'Save indexes' }).click();

  // Built in the background over the 3000 documents, then ready.
  const state = indexes.getByTestId('range-index-row').first().getByTestId('index-state');
  await expect(state).toHaveText(/Building|Ready/);
  if (/Building/.test(await state.innerText())) {
    await expect(state.getByTestId('progress-text')).toHaveText(/^\d+ of \d+$/);
    await shot(page, 'index-building');
  }
  await expect(state).toHaveText('✓ Ready', { timeout: 30_000 });
  await expect(indexes.getByTestId('index-save-state')).toHaveText('Saved');
  const properties = await tabula.fetch('/manage/v2/databases/Documents/properties?format=json');
  expect(properties.json()['range-element-index']).toEqual([
    { 'scalar-type': 'decimal', 'namespace-uri': '', localname: 'price', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' },
  ]);
  await shot(page, 'index-ready');

  // Back to the set: the index is ready, and the preview shows both facets.
  await expect(sets.getByRole('link', { name: /shop/ })).not.toContainText('needs index');
  await sets.getByRole('link', { name: /shop/ }).click();
  await expect(needed.getByTestId('needed-index')).toHaveText([/JSON property price.*Ready/]);
  const cheap = count((p) => p.price < 10);
  await expect(preview.getByTestId('preview-facet').filter({ hasText: 'price' })).toContainText(`Under 10${cheap}`);

  // A test query: highlighted snippets; a facet value refines it.
  await preview.getByLabel('Test query').fill('brass');
  await expect(preview.getByTestId('preview-total')).toHaveText(totalText(count((p) => p.title.startsWith('Brass'))));
  await expect(preview.getByRole('list', { name: 'Preview results' }).locator('mark').first()).toHaveText(/^brass$/i);
  await preview.getByTestId('preview-facet').filter({ hasText: 'price' }).getByRole('button', { name: /^Under 10/ }).click();
  await expect(preview.getByLabel('Test query')).toHaveValue('brass price:cheap');
  const brassCheap = count((p) => p.title.startsWith('Brass') && p.price < 10);
  await expect(preview.getByTestId('preview-total')).toHaveText(totalText(brassCheap));
  await shot(page, 'preview');

  // The saved set in a search, as any client would use it…
  const search = await tabula.fetch('/v1/search?format=json&options=shop&q=brass%20price:cheap');
  expect(search.fromServiceWorker).toBe(true);
  expect(search.status, search.text).toBe(200);
  const answer = search.json();
  expect(answer.total).toBe(brassCheap);
  expect(answer.facets.price.facetValues.map((v: { name: string }) => v.name)).toEqual(['cheap']);
  expect(answer.facets.coll.facetValues.reduce((n: number, v: { count: number }) => n + v.count, 0)).toBe(brassCheap);

  // …and on the Search page.
  await page.goto('/#/search?q=brass+price%3Acheap&options=shop');
  await expect(page.getByTestId('search-total')).toHaveText(`${brassCheap} results`);
  await shot(page, 'search-page');
});

test('read and replace a set as XML, keep unsaved edits while visiting another set, insert snippets, and delete a set after confirming', async ({ page, tabula }) => {
  const put = await tabula.fetch('/v1/config/query/notes', {
    method: 'PUT',
    headers: JSON_TYPE,
    body: JSON.stringify({ options: { constraint: [{ name: 'kind', value: { 'json-property': 'kind' } }] } }),
  });
  expect(put.status, put.text).toBe(201);
  await page.goto('/#/options?set=notes');
  const editorPanel = page.getByTestId('option-set-editor');
  await expect(editorPanel.getByRole('heading', { name: 'notes' })).toBeVisible();

  // The XML form, read-only until asked; then replaced from XML.
  await editorPanel.getByRole('tab', { name: 'XML' }).click();
  const xml = page.getByTestId('options-xml');
  await expect(xml.locator('.cm-content')).toContainText('<constraint name="kind">');
  await expect(xml.locator('.cm-content')).toHaveAttribute('contenteditable', 'false');
  await shot(page, 'xml-view');
  await editorPanel.getByRole('button', { name: 'Edit XML' }).click();
  await replaceEditorText(
    xml,
    '<options xmlns="http://marklogic.com/appservices/search">\n  <constraint name="kind">\n    <value>\n      <json-property>kind</json-property>\n    </value>\n  </constraint>\n  <page-length>7</page-length>\n</options>',
  );
  await editorPanel.getByRole('button', { name: 'Save XML' }).click();
  await expect(editorPanel.getByRole('button', { name: 'Edit XML' })).toBeVisible();
  expect((await tabula.fetch('/v1/config/query/notes?format=json')).json().options['page-length']).toBe(7);
  // Broken XML is refused with the server's message, and nothing changes.
  await editorPanel.getByRole('button', { name: 'Edit XML' }).click();
  await replaceEditorText(xml, '<options xmlns="http://marklogic.com/appservices/search"><page-length>8</page-length>');
  await editorPanel.getByRole('button', { name: 'Save XML' }).click();
  await expect(editorPanel.getByRole('alert')).toContainText('Not saved — 400 Bad Request');
  expect((await tabula.fetch('/v1/config/query/notes?format=json')).json().options['page-length']).toBe(7);
  await editorPanel.getByRole('button', { name: 'Cancel' }).click();

  // The JSON tab shows the set as now stored; an unsaved edit survives visiting another set.
  await editorPanel.getByRole('tab', { name: 'JSON' }).click();
  const editor = page.getByTestId('options-editor');
  await expect(editor.locator('.cm-content')).toContainText('"page-length": 7');
  await retypeWord(editor, '"page-length": 7', '7', '9');
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  const sets = page.getByTestId('option-set-list');
  await sets.getByRole('link', { name: /default/ }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Not stored: the REST defaults');
  await expect(sets.getByRole('link', { name: /notes/ })).toContainText('●');
  await sets.getByRole('link', { name: /notes/ }).click();
  await expect(editor.locator('.cm-content')).toContainText('"page-length": 9');
  await editorPanel.getByRole('button', { name: 'Revert' }).click();
  await expect(editor.locator('.cm-content')).toContainText('"page-length": 7');
  await expect(page.getByTestId('save-state')).toHaveText('Saved');

  // A snippet whose name is taken is inserted under a free one, and says so.
  await page.getByRole('button', { name: 'Collection', exact: true }).click();
  await page.getByRole('button', { name: 'Collection', exact: true }).click();
  await expect(editorPanel).toContainText('Inserted as "coll2": "coll" is taken.');
  await expect(editor.locator('.cm-content')).toContainText('"name": "coll2"');
  await editorPanel.getByRole('button', { name: 'Revert' }).click();
  await expect(editor.locator('.cm-content')).not.toContainText('"coll');

  // Every snippet together makes a set the server accepts.
  const snippets = page.getByRole('complementary', { name: 'Snippets' }).getByRole('button');
  for (let i = 0; i < (await snippets.count()); i++) await snippets.nth(i).click();
  await editorPanel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await expect(page.getByTestId('options-problems')).toBeHidden();
  const everything = (await tabula.fetch('/v1/config/query/notes?format=json')).json().options;
  expect(everything.constraint.map((c: { name: string }) => c.name)).toEqual(['kind', 'coll', 'status', 'title', 'genre', 'price', 'published', 'address', 'heading', 'prop']);
  expect(everything['transform-results']).toEqual({ apply: 'raw' });

  // Delete, after confirming.
  await editorPanel.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete notes?' });
  await expect(dialog).toContainText('options=notes will fail');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await editorPanel.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/#\/options$/);
  await expect(sets.getByRole('link')).toHaveText([/default/]);
  expect((await tabula.fetch('/v1/config/query/notes')).status).toBe(404);
});

test('add values and tuples definitions, see what index or lexicon each lacks, add it, preview the values, save and reopen', async ({ page, tabula }) => {
  test.setTimeout(120_000);
  const products = all.slice(0, 200);
  await seed(tabula.fetch, products);
  const put = await tabula.fetch('/v1/config/query/catalog', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ options: { 'page-length': 10 } }) });
  expect(put.status, put.text).toBe(201);
  await page.goto('/#/options?set=catalog');
  const editorPanel = page.getByTestId('option-set-editor');
  await expect(editorPanel.getByRole('heading', { name: 'catalog' })).toBeVisible();
  const definitions = page.getByRole('region', { name: 'Values and tuples' });
  await expect(definitions).toContainText('No values or tuples definitions yet.');

  // A values definition on the titles, which have no range index yet. The form refuses a
  // nameless definition and shows the JSON it will write.
  await definitions.getByRole('button', { name: 'Add values' }).click();
  const form = page.getByRole('form', { name: 'New values definition' });
  await form.getByRole('button', { name: 'Add values' }).click();
  await expect(form).toContainText('Name the definition');
  await form.getByLabel('Name').fill('titles');
  await form.getByLabel('Index 1: JSON property').fill('title');
  await form.getByRole('checkbox', { name: 'count' }).check();
  await expect(form.getByTestId('values-form-json')).toContainText('"json-property": "title"');
  await form.getByRole('button', { name: 'Add values' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  const editor = page.getByTestId('options-editor');
  await expect(editor.locator('.cm-content')).toContainText('"name": "titles"');
  const titles = definitions.getByTestId('values-definition').filter({ hasText: 'titles' });
  await expect(titles.getByTestId('values-warning')).toHaveText(/no string range index on JSON property title/);
  const valuesPreview = page.getByRole('region', { name: /Values with these options/ });
  await expect(valuesPreview.getByRole('alert')).toContainText('The values of titles could not be listed');
  await shot(page, 'values-missing-index');

  // The index, added from the warning: built, the warning goes, and the preview shows the
  // first ten titles in order with how many products have each.
  await titles.getByRole('button', { name: 'Add the string index on title' }).click();
  await expect(titles.getByTestId('values-warning')).toHaveCount(0, { timeout: 30_000 });
  const counts = new Map<string, number>();
  for (const p of products) counts.set(p.value.title, (counts.get(p.value.title) ?? 0) + 1);
  const firstTen = [...counts.keys()].sort().slice(0, 10);
  await expect(valuesPreview.getByTestId('values-preview-row')).toHaveText(firstTen.map((t) => new RegExp(`^${t}\\s*${counts.get(t)}$`)), { timeout: 30_000 });
  await expect(valuesPreview.getByTestId('values-preview-aggregate')).toHaveText([/count\s*=\s*\d+/]);
  await shot(page, 'values-preview');

  // The collection lexicon is off until turned on; then the collections and their counts.
  await definitions.getByRole('button', { name: 'Add values' }).click();
  await form.getByLabel('Name').fill('categories');
  await form.getByRole('radio', { name: 'Collection lexicon' }).check();
  await form.getByRole('button', { name: 'Add values' }).click();
  const categories = definitions.getByTestId('values-definition').filter({ hasText: 'categories' });
  await expect(categories.getByTestId('values-warning')).toHaveText(/collection lexicon is turned off/);
  await categories.getByRole('button', { name: 'Turn on the collection lexicon' }).click();
  await expect(categories.getByTestId('values-warning')).toHaveCount(0);
  await valuesPreview.getByLabel('Definition to preview').selectOption('categories');
  const perCategory = [...CATEGORIES].sort().map((c) => new RegExp(`^${c}\\s*${products.filter((p) => p.category === c).length}$`));
  await expect(valuesPreview.getByTestId('values-preview-row')).toHaveText(perCategory);

  // A tuples definition of title and price: the price index is missing, and said so.
  await definitions.getByRole('button', { name: 'Add tuples' }).click();
  const tuplesForm = page.getByRole('form', { name: 'New tuples definition' });
  await tuplesForm.getByLabel('Name').fill('title-price');
  await tuplesForm.getByLabel('Index 1: JSON property').fill('title');
  await tuplesForm.getByLabel('Index 2: type').selectOption('decimal');
  await tuplesForm.getByLabel('Index 2: JSON property').fill('price');
  await tuplesForm.getByRole('button', { name: 'Add tuples' }).click();
  const pairs = definitions.getByTestId('values-definition').filter({ hasText: 'title-price' });
  await expect(pairs).toContainText('string JSON property title × decimal JSON property price');
  await expect(pairs.getByTestId('values-warning')).toHaveText([/no decimal range index on JSON property price/]);

  // Save, reopen: all three are there as stored.
  await editorPanel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  const stored = (await tabula.fetch('/v1/config/query/catalog?format=json')).json().options;
  expect(stored.values.map((v: { name: string }) => v.name)).toEqual(['titles', 'categories']);
  expect(stored.values[0]).toMatchObject({ range: { type: 'xs:string', 'json-property': 'title' }, aggregate: [{ apply: 'count' }] });
  expect(stored.tuples.map((t: { name: string }) => t.name)).toEqual(['title-price']);
  await page.reload();
  await expect(definitions.getByTestId('values-definition')).toHaveText([/titles\s*values/, /categories\s*values/, /title-price\s*tuples/]);

  // Edit one and remove another through the form: the text changes as if typed.
  await definitions.getByRole('button', { name: 'Edit values titles' }).click();
  const editForm = page.getByRole('form', { name: 'Edit values definition' });
  await editForm.getByLabel('Limit').fill('3');
  await editForm.getByRole('button', { name: 'Apply' }).click();
  await expect(editor.locator('.cm-content')).toContainText('"limit=3"');
  await expect(valuesPreview.getByTestId('values-preview-row')).toHaveCount(3);
  await definitions.getByRole('button', { name: 'Remove values categories' }).click();
  await expect(definitions.getByTestId('values-definition')).toHaveText([/titles/, /title-price/]);
  await expect(editor.locator('.cm-content')).not.toContainText('categories');
  await shot(page, 'values-edited');
});
