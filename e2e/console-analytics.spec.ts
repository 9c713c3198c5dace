/**
 * The analytics page as a person uses it, through the real service worker: choose an option
 * set and a values definition, read the chart and the table, compute aggregates (and see the
 * server's refusal of one that does not apply), restrict the values with a query, open a value
 * in Search, and download what is shown as CSV. The data, the range indexes and the options are
 * set up with the API; every expected count is computed from the test's own products.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { copyEachSnippet } from './copy-request';
import { test, expect, type ApiFetch } from 'tabula/testing';

const JSON_TYPE = { 'content-type': 'application/json' };
const ROOT = 'http://marklogic.com/collation/';

const PRODUCTS = [
  { category: 'toys', price: 5, text: 'a wooden train' },
  { category: 'toys', price: 12.5, text: 'a tin robot' },
  { category: 'toys', price: 5, text: 'a wooden duck' },
  { category: 'toys', price: 20, text: 'a kite' },
  { category: 'books', price: 8, text: 'a book about wooden boats' },
  { category: 'books', price: 20, text: 'an atlas' },
  { category: 'garden', price: 12.5, text: 'a wooden rake' },
  { category: 'home', price: 30, text: 'a brass lamp' },
];

/** Each category with how many products have it, as the page first lists them: most frequent first, ties by name. */
function categoryCounts(products: typeof PRODUCTS): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const p of products) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

async function seed(apiFetch: ApiFetch): Promise<void> {
  for (const [i, p] of PRODUCTS.entries()) {
    const res = await apiFetch(`/v1/documents?uri=/products/${i}.json`, { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(p) });
    expect(res.status, res.text).toBeLessThan(300);
  }
  const category = { type: 'xs:string', collation: ROOT, 'json-property': 'category' };
  const price = { type: 'xs:decimal', 'json-property': 'price' };
  const options = {
    options: {
      values: [
        { name: 'category', range: category },
        { name: 'price', range: price },
      ],
      tuples: [{ name: 'category-price', range: [category, price] }],
    },
  };
  const stored = await apiFetch('/v1/config/query/shop', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(options) });
  expect(stored.status, stored.text).toBe(201);
  const index = (localname: string, type: string) => ({ 'scalar-type': type, 'namespace-uri': '', localname, collation: type === 'string' ? ROOT : '', 'range-value-positions': false, 'invalid-values': 'reject' });
  const props = { 'range-element-index': [index('category', 'string'), index('price', 'decimal')] };
  const indexed = await apiFetch('/manage/v2/databases/Documents/properties', { method: 'PUT', headers: JSON_TYPE, body: JSON.stringify(props) });
  expect(indexed.status, indexed.text).toBe(204);
  // The indexes are built in the background: reading their values fails until they are.
  for (const name of ['category', 'price']) {
    await expect.poll(async () => (await apiFetch(`/v1/values/${name}?options=shop&format=json`)).status, { timeout: 20_000 }).toBe(200);
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The table's rows as [value, frequency] pairs (the header row left out). */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: 'Values' }).locator('tbody tr:not([aria-hidden])');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

test('pick a definition, read the chart and the table, aggregate, restrict by a query, open a value in Search and download CSV', async ({ page, tabula, context }) => {
  await seed(tabula.fetch);
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/#\/analytics$/);

  // The default options define no values: the page says so.
  await expect(page.getByText('defines no values or tuples')).toBeVisible();

  // Choose the shop options: its definitions are offered; choose the category values.
  await page.getByLabel('Options').selectOption('shop');
  const definition = page.getByLabel('Definition');
  await expect(definition.locator('option')).toHaveText(['Choose values or tuples…', 'category', 'price', 'category-price']);
  await definition.selectOption('category');
  await expect(page).toHaveURL(/#\/analytics\?options=shop&name=category$/);

  // The chart: a bar per category, each labelled with its count.
  const counts = categoryCounts(PRODUCTS);
  const chart = page.getByTestId('values-chart').locator('svg[aria-label]').first();
  await expect(chart).toHaveAttribute('aria-label', `Bar chart of the frequency of each value of category: ${counts.length} bars`);
  for (const [value, n] of counts) await expect(page.getByTestId('values-chart').locator(`[aria-label="${value}: ${n}"]`)).toHaveCount(1);

  // The table: the most frequent first; a click on the column heading sorts by value.
  await expect.poll(() => tableRows(page)).toEqual(counts.map(([v, n]) => [v, String(n)]));
  await expect(page.getByRole('columnheader', { name: /Frequency/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'category' }).click();
  await expect(page.getByRole('columnheader', { name: /category/ })).toHaveAttribute('aria-sort', 'ascending');
  const byValue = [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  await expect.poll(() => tableRows(page)).toEqual(byValue.map(([v, n]) => [v, String(n)]));
  await shot(page, 'category');

  // Sum does not apply to strings: the server's own message says why, and the values stay.
  await page.getByRole('checkbox', { name: 'sum' }).check();
  await expect(page.getByRole('alert')).toContainText('400');
  await expect(page.getByRole('alert')).toContainText(/sum needs a numeric index/);
  await expect.poll(() => tableRows(page)).toHaveLength(counts.length);
  await page.getByRole('checkbox', { name: 'sum' }).uncheck();

  // The prices: a histogram at first (a numeric index), bars on request; sum and avg computed and formatted.
  await definition.selectOption('price');
  await expect(page.getByTestId('values-chart').locator('svg[aria-label]').first()).toHaveAttribute('aria-label', /^Histogram of price/);
  await page.getByRole('radio', { name: 'Bars' }).check();
  await expect(page.getByTestId('values-chart').locator('svg[aria-label]').first()).toHaveAttribute('aria-label', /^Bar chart of the frequency of each value of price/);
  await page.getByRole('checkbox', { name: 'sum' }).check();
  await page.getByRole('checkbox', { name: 'avg' }).check();
  await expect(page).toHaveURL(/aggregates=sum%2Cavg$/);
  const sum = PRODUCTS.reduce((s, p) => s + p.price, 0);
  const formatted = (n: number) => page.evaluate((x) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 }).format(x), n);
  await expect(page.getByTestId('aggregate-sum')).toHaveText(await formatted(sum));
  await expect(page.getByTestId('aggregate-avg')).toHaveText(await formatted(sum / PRODUCTS.length));
  expect(Number(await page.getByTestId('aggregate-sum').getAttribute('title'))).toBeCloseTo(sum, 9);
  await shot(page, 'price');

  // Back to the categories; a query restricts the documents counted, and the counts follow.
  await definition.selectOption('category');
  const box = page.getByRole('combobox', { name: 'Query' });
  await box.fill('wooden');
  await box.press('Enter');
  await expect(page).toHaveURL(/#\/analytics\?options=shop&name=category&q=wooden$/);
  const wooden = categoryCounts(PRODUCTS.filter((p) => p.text.includes('wooden')));
  await expect.poll(() => tableRows(page)).toEqual(wooden.map(([v, n]) => [v, String(n)]));
  await expect(page.getByTestId('values-summary')).toContainText(`${wooden.length} distinct values`);

  // The request and the response, and the same request as curl.
  await page.getByText('Request and response').click();
  await expect(page.getByTestId('request-line')).toHaveText(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/values\/category\?q=wooden&options=shop&format=json$/);
  await expect(page.getByTestId('raw-response').locator('.cm-content')).toContainText('"values-response"');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl -H 'Accept: application\/json' 'http:\/\/127\.0\.0\.1:\d+\/v1\/values\/category\?q=wooden&options=shop&format=json'$/);
  // The same request as fetch (relative: the page's own service worker) and through the official Node client.
  const copied = await copyEachSnippet(page, context, page.locator('.request-panel'));
  expect(copied.fetch).toContain(`fetch('/v1/values/category?q=wooden&options=shop&format=json', {`);
  expect(copied.node).toContain(`db.internal.sendRequest('/v1/values/category?q=wooden&options=shop&format=json'`);

  // Download CSV: the rows as shown, RFC 4180.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('category.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toBe(['category,frequency', ...wooden.map(([v, n]) => `${v},${n}`)].join('\r\n') + '\r\n');

  // A value opens Search with the documents that have it (among those the query matches).
  const [top, topCount] = wooden[0];
  await page.getByRole('table', { name: 'Values' }).getByRole('link', { name: top, exact: true }).click();
  await expect(page).toHaveURL(/#\/search\?q=wooden&options=shop&structuredQuery=/);
  await expect(page.getByTestId('structured-query')).toContainText('range-query');
  await expect(page.getByTestId('search-total')).toHaveText(`${topCount} result${topCount === 1 ? '' : 's'}`);
  await shot(page, 'search');
  await page.goBack();
  await expect(page).toHaveURL(/#\/analytics\?options=shop&name=category&q=wooden$/);
});

test('a tuples definition is a heat map of its pairs with correlation on offer', async ({ page, tabula }) => {
  await seed(tabula.fetch);
  await page.goto('/#/analytics?options=shop&name=category-price');
  const pairs = new Map<string, number>();
  for (const p of PRODUCTS) pairs.set(`${p.category}, ${p.price}`, (pairs.get(`${p.category}, ${p.price}`) ?? 0) + 1);
  await expect(page.getByTestId('values-chart').locator('svg[aria-label]').first()).toHaveAttribute('aria-label', /^Heat map of category-price/);
  for (const [pair, n] of pairs) await expect(page.getByTestId('values-chart').locator(`[aria-label="${pair}: ${n}"]`)).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'correlation' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Values' }).getByRole('columnheader')).toHaveText([/category/, 'price', /Frequency/]);
  await shot(page, 'tuples');
});
