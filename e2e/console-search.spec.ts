/**
 * The search page as a person uses it, through the real service worker: choose an option
 * set, type a query and take a suggestion, read highlighted snippets, the total and the
 * time, narrow by a facet and undo it, turn pages, go back, open a result in the document
 * explorer, read the request and the response as JSON and XML, use the cheat-sheet, and
 * see the API's own message for a bad query. The data and the options are set up with
 * the API; the API is otherwise consulted only to confirm what the page claims.
 */
import type { Page } from '@playwright/test';
import { copyEachSnippet, shellWords } from './copy-request';
import { test, expect, type ApiFetch } from 'tabula/testing';

const JSON_TYPE = { 'content-type': 'application/json' };

const DISHES = ['soup', 'salad', 'tart', 'stew', 'pasta', 'curry', 'risotto', 'gratin', 'chutney', 'sauce', 'bake', 'pie'];
const CUISINES = ['italian', 'french', 'indian'];

/**
 * Twelve tomato recipes in three cuisine collections (four each), a stew without tomato,
 * an XML note and a text note; options `recipes` (a collection facet, a range facet on
 * servings with its index, a word constraint) and `whole` (raw results).
 */
async function seed(apiFetch: ApiFetch): Promise<void> {
  const put = async (uri: string, body: string, type: string, collections: string[] = []) => {
    const qs = new URLSearchParams({ uri });
    for (const c of collections) qs.append('collection', c);
    const res = await apiFetch(`/v1/documents?${qs}`, { method: 'PUT', headers: { 'content-type': type }, body });
    expect(res.fromServiceWorker).toBe(true);
    expect(res.status, res.text).toBeLessThan(300);
  };
  for (const [i, dish] of DISHES.entries()) {
    const cuisine = CUISINES[i % 3];
    const recipe = { title: `Tomato ${dish}`, cuisine, servings: 2 + (i % 4), body: `A ${cuisine} ${dish} of ripe tomatoes, garlic and olive oil.` };
    await put(`/recipes/${cuisine}/${dish}.json`, JSON.stringify(recipe), 'application/json', ['recipes', cuisine]);
  }
  await put('/recipes/french/beef-stew.json', JSON.stringify({ title: 'Beef stew', cuisine: 'french', servings: 6, body: 'Slow cooked beef.' }), 'application/json', ['recipes', 'french']);
  await put('/notes/shopping.xml', '<note><item>Tomato paste</item><item>Basil</item></note>', 'application/xml');
  await put('/notes/todo.txt', 'Remember the tomato seedlings', 'text/plain');

  const options = {
    options: {
      constraint: [
        { name: 'coll', collection: { prefix: '' } },
        { name: 'servings', range: { type: 'xs:int', 'json-property': 'servings', facet: true } },
        { name: 'title', word: { 'json-property': 'title' } },
      ],
    },
  };
  const stored = await apiFetch('/v1/config/query/recipes', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(options) });
  expect(stored.status, stored.text).toBe(201);
  const raw = { options: { 'transform-results': { apply: 'raw' } } };
  expect((await apiFetch('/v1/config/query/whole', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(raw) })).status).toBe(201);
  const index = { 'scalar-type': 'int', 'namespace-uri': '', localname: 'servings', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };
  const indexed = await apiFetch('/manage/v2/databases/Documents/properties', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify({ 'range-element-index': [index] }) });
  expect(indexed.status, indexed.text).toBe(204);
  // The index is built in the background: searching with the range facet fails until it is.
  await expect
    .poll(async () => (await apiFetch('/v1/search?options=recipes&format=json&q=servings%20GE%201')).status, { timeout: 20_000 })
    .toBe(200);
}

/** A full-page screenshot in the test's output directory, to look at what the journey saw. */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('search with suggestions, read snippets, refine by a facet, page, go back, open a result and read the request and response', async ({ page, tabula }) => {
  await seed(tabula.fetch);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/#\/search$/);

  // With no query every document is listed; the default options have no facets.
  await expect(page.getByTestId('search-total')).toHaveText('15 results');
  await expect(page.getByRole('complementary', { name: 'Facets' })).toContainText('The option set has no facets');

  // Choose the recipes options: the collection and range facets appear.
  await page.getByLabel('Options').selectOption('recipes');
  await expect(page).toHaveURL(/#\/search\?options=recipes$/);
  const facets = page.getByRole('complementary', { name: 'Facets' });
  await expect(facets.getByRole('region', { name: /coll/ }).getByRole('button', { name: /^italian/ })).toContainText('4');
  await expect(facets.getByRole('region', { name: /servings/ })).toContainText('xs:int');

  // Type the start of a word: suggestions from the word lexicon; the arrow keys choose, Enter runs.
  const box = page.getByRole('combobox', { name: 'Query' });
  await box.click();
  await box.pressSequentially('tom');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  // Suggestions keep the spelling of the documents they come from (the recipes' titles say "Tomato").
  await expect(suggestions.getByRole('option')).toHaveText(['Tomato', 'tomatoes']);
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(suggestions.getByRole('option', { name: 'tomatoes' })).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await expect(suggestions.getByRole('option', { name: 'Tomato', exact: true })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'suggestions');
  await box.press('Enter');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue('Tomato');
  await expect(page).toHaveURL(/#\/search\?q=Tomato&options=recipes$/);

  // Results: the total, the time, highlighted snippets, format badges, score and confidence. A query word
  // with a capital is case-sensitive (MarkLogic's automatic case sensitivity): "Tomato" leaves out the
  // note that only says "tomato", so 13 of the 14 documents that mention it match.
  await expect(page.getByTestId('search-total')).toHaveText('13 results');
  await expect(page.getByTestId('search-time')).toHaveText(/^\d+(\.\d+)? m?s on the server · \d+(\.\d+)? m?s round trip$/);
  const results = page.getByRole('list', { name: 'Results' });
  await expect(results.getByTestId('search-result')).toHaveCount(10);
  const firstMarks = results.getByTestId('search-result').first().locator('mark');
  await expect(firstMarks.first()).toHaveText(/^tomato(es)?$/i);
  await expect(results.getByTestId('search-result').first()).toContainText(/score \d+ · confidence \d+%/);
  await shot(page, 'results');

  // A facet value narrows the query: it is appended to the text and shown as a chip.
  await facets.getByRole('region', { name: /coll/ }).getByRole('button', { name: /^italian/ }).click();
  await expect(page).toHaveURL(/#\/search\?q=Tomato\+coll%3Aitalian&options=recipes$/);
  await expect(box).toHaveValue('Tomato coll:italian');
  await expect(page.getByTestId('search-total')).toHaveText('4 results');
  await expect(results.getByRole('link')).toHaveText(Array(4).fill(/^\/recipes\/italian\//));
  await expect(page.getByRole('list', { name: 'Refinements' })).toHaveText(/coll: italian/);
  await expect(facets.getByRole('button', { name: /^italian/ })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'refined');

  // A range facet narrows further; removing the chip widens again.
  const servings = facets.getByRole('region', { name: /servings/ });
  await servings.getByRole('button', { name: /^2/ }).click();
  await expect(box).toHaveValue('Tomato coll:italian servings:2');
  // The total is read once the narrowed search has answered: reading it at once raced the
  // request and saw the previous total on a loaded machine.
  const byApi = (await tabula.fetch(`/v1/search?format=json&options=recipes&q=${encodeURIComponent('Tomato coll:italian servings:2')}`)).json();
  await expect(page.getByTestId('search-total')).toHaveText(`${byApi.total} result${byApi.total === 1 ? '' : 's'}`);
  await page.getByRole('button', { name: 'Remove coll: italian' }).click();
  await expect(box).toHaveValue('Tomato servings:2');
  await page.getByRole('button', { name: 'Remove servings: 2' }).click();
  await expect(box).toHaveValue('Tomato');
  await expect(page.getByTestId('search-total')).toHaveText('13 results');

  // Paging: the second page holds the last three; Back returns to the first page, then to the refinement.
  await page.getByRole('link', { name: 'Next ›' }).click();
  await expect(page).toHaveURL(/#\/search\?q=Tomato&options=recipes&start=11$/);
  await expect(page.getByTestId('search-page')).toHaveText('Page 2 of 2');
  await expect(results.getByTestId('search-result')).toHaveCount(3);
  await expect(results.getByTestId('search-result').first()).toContainText(/^11/);
  await page.goBack();
  await expect(page.getByTestId('search-page')).toHaveText('Page 1 of 2');
  await page.goBack();
  await page.goBack();
  await expect(box).toHaveValue('Tomato coll:italian servings:2');
  await page.goForward();
  await page.goForward();
  await expect(box).toHaveValue('Tomato');

  // The request and the response: the URL sent, the JSON read, and the XML asked for again.
  await page.getByText('Request and response').click();
  await expect(page.getByTestId('request-line')).toHaveText(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/search\?q=Tomato&options=recipes&start=1&pageLength=10&format=json$/);
  const parameters = page.getByRole('table', { name: 'Parameters' });
  await expect(parameters.getByRole('row', { name: /^q/ })).toContainText('Tomato');
  await expect(page.getByTestId('response-head')).toHaveText(/^200 · application\/json · /);
  const answer = page.getByTestId('raw-response').locator('.cm-content');
  await expect(answer).toContainText('"snippet-format": "snippet"');
  await expect(answer).toContainText('"total": 13');
  await page.getByRole('tab', { name: 'XML' }).click();
  await expect(page.getByTestId('response-head')).toHaveText(/^200 · application\/xml · /);
  await expect(answer).toContainText('<search:response');
  await expect(answer).toContainText('<search:highlight>');
  // Long lines scroll inside the viewer; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'request-panel');

  // Open a result: the explorer shows the document.
  const first = results.getByRole('link').first();
  const uri = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(`/#/documents?dir=${encodeURIComponent(uri.slice(0, uri.lastIndexOf('/') + 1))}&uri=${encodeURIComponent(uri)}`);
  await expect(page.getByRole('heading', { name: uri })).toBeVisible();
  await expect(page.getByTestId('document-content')).toContainText(/tomato/i);
  await page.goBack();
  await expect(page.getByTestId('search-total')).toHaveText('13 results');
});

test('the cheat-sheet inserts a constraint whose values are then suggested, and a bad query shows the API message', async ({ page, tabula }) => {
  await seed(tabula.fetch);
  await page.goto('/#/search?options=recipes');
  await expect(page.getByTestId('search-total')).toHaveText('15 results');

  // The cheat-sheet lists the grammar and the option set's constraints.
  await page.getByRole('button', { name: 'Query syntax' }).click();
  const sheet = page.getByRole('region', { name: 'Query syntax' });
  await expect(sheet.getByRole('table')).toContainText('NEAR/n');
  const constraints = sheet.getByRole('list', { name: 'Constraints' });
  await expect(constraints.getByRole('button')).toHaveText(['coll:', 'servings:', 'title:']);
  await expect(constraints).toContainText('servings GE 4');
  await shot(page, 'cheat-sheet');

  // Inserting a constraint puts it in the box, whose suggestions are now its values; a click takes one and runs it.
  const box = page.getByRole('combobox', { name: 'Query' });
  await box.fill('stew');
  await constraints.getByRole('button', { name: 'coll:' }).click();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('stew coll:');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option')).toHaveText(['stew coll:french', 'stew coll:indian', 'stew coll:italian', 'stew coll:recipes']);
  await suggestions.getByRole('option', { name: 'stew coll:french' }).click();
  await expect(page).toHaveURL(/#\/search\?q=stew\+coll%3Afrench&options=recipes$/);
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('link')).toHaveText(['/recipes/french/beef-stew.json']);

  // A phrase finds the XML note: its badge says so, and both words are highlighted.
  await box.fill('"tomato paste"');
  await box.press('Enter');
  await expect(page.getByTestId('search-total')).toHaveText('1 result');
  const note = page.getByRole('list', { name: 'Results' }).getByTestId('search-result');
  await expect(note.getByRole('link')).toHaveText('/notes/shopping.xml');
  await expect(note.locator('.badge')).toHaveText('xml');
  await expect(note.locator('mark')).toHaveText(['Tomato', 'paste']);

  // With options whose results are raw, each result shows the document itself.
  await page.getByLabel('Options').selectOption('whole');
  await expect(page).toHaveURL(/#\/search\?q=%22tomato\+paste%22&options=whole$/);
  await expect(note.locator('pre')).toHaveText(/^<note><item>Tomato paste<\/item>/);
  await expect(note.locator('mark')).toHaveCount(0);
  await page.getByLabel('Options').selectOption('recipes');

  // A range comparison from the sheet's example works as written.
  await box.fill('servings GE 6');
  await box.press('Enter');
  await expect(page.getByTestId('search-total')).toHaveText('1 result');
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('link')).toHaveText(['/recipes/french/beef-stew.json']);

  // A bad query: the API's 400 and its message, and the error body in the response panel.
  await box.fill('(tomato');
  await box.press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The search failed — 400 Bad Request');
  await expect(alert).toContainText('unbalanced parentheses');
  const direct = await tabula.fetch('/v1/search?format=json&options=recipes&q=%28tomato');
  expect(direct.status).toBe(400);
  await expect(alert).toContainText(direct.json().errorResponse.message);
  await page.getByText('Request and response').click();
  await expect(page.getByTestId('response-head')).toHaveText('400 Bad Request');
  await expect(page.getByTestId('raw-response').locator('.cm-content')).toContainText('"messageCode": "REST-INVALIDPARAM"');
  await shot(page, 'error');

  // An unknown option set named by a link says so.
  await page.goto('/#/search?options=nosuchset');
  await expect(page.getByRole('alert').filter({ hasText: 'The search failed' })).toContainText('No configured options: nosuchset');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not read the option set' })).toContainText('404 Not Found');
});

test('the request panel copies the search as curl, fetch and a Node client call', async ({ page, tabula, context }) => {
  await seed(tabula.fetch);
  await page.goto('/#/search?q=tomato&options=recipes');
  await expect(page.getByTestId('search-total')).toHaveText(/results?$/);
  await page.getByText('Request and response').click();
  const line = page.getByTestId('request-line');
  await expect(line).toHaveText(/^GET http/);
  const url = (await line.locator('code').textContent())!;
  expect(url).toMatch(/\/v1\/search\?q=tomato&options=recipes&.*format=json$/);
  const { curl, fetch, node } = await copyEachSnippet(page, context, page.locator('.request-panel'));

  // The curl command's words are the request: its Accept and its URL, no user, no password.
  expect(shellWords(curl)).toEqual(['curl', '-H', 'Accept: application/json', url]);
  // The console talks to its own service worker: fetch takes the URL relative to the origin.
  const relative = url.replace(/^https?:\/\/[^/]+/, '');
  expect(fetch).toContain(`fetch('${relative}', {`);
  expect(fetch).toContain(`'Accept': 'application/json'`);
  expect(node).toContain(`const marklogic = require('marklogic');`);
  expect(node).toContain(`db.internal.sendRequest('${relative}'`);
});
