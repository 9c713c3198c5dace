/**
 * Faults armed through the kit (`tabula.faults`, POST /tabula/v1/faults) as a demo uses them: the
 * next search fails the way the database would fail it, the console shows the message a person
 * reads, and the search after works again. Expected messages come from the API itself, asked
 * with the same fault armed.
 */
import { test, expect } from 'tabula/testing';

const TITLES = ['Tomato soup', 'Tomato salad', 'Bean stew'];
const MATCHING = TITLES.filter((t) => t.includes('Tomato')).length;

test.beforeEach(async ({ page, tabula }) => {
  for (const [i, title] of TITLES.entries()) {
    const res = await tabula.fetch(`/v1/documents?uri=/dishes/${i}.json`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title }) });
    expect(res.status).toBe(201);
  }
  await tabula.idle();
  await page.goto('/#/search');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
});

const cases: Array<{ name: string; plan: { status: number } | { error: 'quota' }; title: string }> = [
  { name: 'a 503', plan: { status: 503 }, title: '503 Service Unavailable' },
  { name: 'a storage quota error', plan: { error: 'quota' }, title: '500 Internal Server Error' },
];

for (const { name, plan, title } of cases) test(`${name} for the next request: the search shows the error a person would see, then works again`, async ({ page, tabula }) => {
  // What the API answers with this fault armed, asked directly: the console searches by the same
  // GET /v1/search (a 503's message names the method and path, not the query).
  await tabula.faults(plan);
  const direct = await tabula.fetch('/v1/search?format=json&q=tomato');
  expect(direct.status).toBe(Number(title.split(' ')[0]));
  const message: string = direct.json().errorResponse.message;

  const box = page.getByRole('combobox', { name: 'Query' });
  // Typing asks for suggestions: the fault is armed once they are in, so it is the search's.
  const suggested = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/suggest');
  await box.fill('tomato');
  await suggested;
  await box.press('Escape');
  await tabula.faults(plan);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The search failed' });
  await expect(alert).toContainText(`The search failed — ${title}`);
  await expect(alert).toContainText(message);
  expect((await tabula.fetch('/tabula/v1/faults')).json()).toEqual({ faults: null });

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-total')).toHaveText(`${MATCHING} results`);
  await expect(alert).toHaveCount(0);
});

test('a search held up can be stopped: the page offers Stop, and stopping ends the search in the database too', async ({ page, tabula }) => {
  const box = page.getByRole('combobox', { name: 'Query' });
  const suggested = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/suggest');
  await box.fill('tomato');
  await suggested;
  await box.press('Escape');
  // A minute's latency for the next request: the search, held where a slow one would run.
  await tabula.faults({ latencyMs: 60_000 });
  const cancel = page.waitForRequest((r) => r.method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/tabula/v1/requests/'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  // The first page's results (of the empty query) stay on screen under a line that says what is going on.
  const progress = results.getByRole('status').filter({ hasText: /searching|stopped/i });
  await expect(progress).toHaveText(/^Still searching…/);
  await results.getByRole('button', { name: 'Stop' }).click();
  // The page's fetch is abandoned, and the database is told to end the search (204: it was running).
  expect((await (await cancel).response())?.status()).toBe(204);
  await expect(progress).toHaveText('Search stopped: the results below are the previous search’s.');
  await expect(results.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  expect((await tabula.fetch('/tabula/v1/faults')).json()).toEqual({ faults: null });

  // The same search again is answered at once.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-total')).toHaveText(`${MATCHING} results`);
  await expect(progress).toHaveCount(0);
});
