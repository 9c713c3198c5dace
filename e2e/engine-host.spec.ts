/**
 * The engine host (docs/decisions/0028-engine-host.md) through the real service worker:
 * SPARQL queries run in a worker the console page starts (when the first query asks for it), so while a long query runs the
 * database still answers another tab's ping and document read; the editor's Cancel ends
 * the query's work (the host is replaced: a new one is attached), and the next query is
 * answered; a query whose host's page closes mid-way is answered all the same, by a host
 * another page starts. Speed is the benchmark's business: these tests check what happens,
 * never how fast.
 */
import type { Page } from '@playwright/test';
import { openControlledPage, test, expect, type Tabula } from 'tabula/testing';
import { replaceEditorText } from './editor';

/** Seven variables of ten values each: ten million solutions to count, from no data at all. */
const LONG_COUNT = `# Count a lot\nSELECT (COUNT(*) AS ?n) WHERE {\n  ${['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((v) => `VALUES ?${v} { 1 2 3 4 5 6 7 8 9 10 }`).join('\n  ')}\n}`;

async function hostAttached(tabula: Tabula, hosts = 1): Promise<void> {
  await expect.poll(async () => (await tabula.status()).engineHost, { timeout: 15_000 }).toEqual({ attached: true, hosts });
}

/** The first SPARQL query asks the console page for its host, which it starts then. */
async function firstQuery(tabula: Tabula): Promise<void> {
  const res = await tabula.fetch(`/v1/graphs/sparql?query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, { headers: { accept: 'application/sparql-results+json' } });
  expect(res.status).toBe(200);
}

const runInEditor = async (page: Page, text: string) => {
  const editor = page.getByTestId('sparql-editor');
  await replaceEditorText(editor, text);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
};

test('while a long query runs another tab reads documents; Cancel ends the query and the next one is answered', async ({ page, tabula }) => {
  await page.goto('/#/sparql');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await firstQuery(tabula);
  await hostAttached(tabula);
  await tabula.fetch('/v1/documents?uri=/notes/today.json', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"note":"still here"}' });

  await runInEditor(page, LONG_COUNT);
  await expect(page.getByTestId('run-status')).toContainText('Running…');

  // Another tab, while the engine counts: the database answers it.
  const other = await page.context().newPage();
  await openControlledPage(other, '/index.html');
  const answers = await other.evaluate(async () => {
    const out: Array<[number, string]> = [];
    for (let i = 0; i < 5; i++) {
      const ping = await fetch('/v1/ping');
      const doc = await fetch('/v1/documents?uri=/notes/today.json');
      out.push([ping.status, await doc.text()]);
    }
    return out;
  });
  expect(answers).toEqual(Array.from({ length: 5 }, () => [204, '{"note":"still here"}']));
  await expect(page.getByTestId('run-status')).toContainText('Running…');

  // Cancel: the run says so, and the host that was counting is replaced by a new one.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-status')).toHaveText(/^Cancelled after \d/);
  await hostAttached(tabula, 2);

  await runInEditor(page, 'SELECT (COUNT(*) AS ?n) WHERE { VALUES ?x { 1 2 3 } }');
  await expect(page.getByTestId('result-count')).toHaveText('1 row');
  await expect(page.getByRole('table', { name: 'Solutions' }).locator('tbody tr')).toHaveText([/1\s*3/]);
  await other.close();
});

test('a query whose host page closes mid-way is answered by the host another page starts', async ({ page, tabula, context }) => {
  await openControlledPage(page, '/');
  // The console listens for the worker's call for a host once it has started: a query sent
  // before then finds no page to ask (the next query would ask again), and the host never came.
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await firstQuery(tabula);
  await hostAttached(tabula);
  await tabula.fetch('/v1/graphs?graph=http://example.org/g', { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: '<http://example.org/s> <http://example.org/p> 1, 2, 3 .' });

  // A second console page: it waits for the origin's host lock, and runs the host once the first page is gone.
  const asker = await context.newPage();
  await openControlledPage(asker, '/index.html');
  // A million solutions per triple: long enough to still be running when the host's page closes.
  const query = `SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o . ${['a', 'b', 'c', 'd', 'e', 'f'].map((v) => `VALUES ?${v} { 1 2 3 4 5 6 7 8 9 10 }`).join(' ')} }`;
  const answer = asker.evaluate(async (text) => {
    const res = await fetch(`/v1/graphs/sparql?query=${encodeURIComponent(text)}`, { headers: { accept: 'application/sparql-results+json' } });
    return { status: res.status, body: await res.json() };
  }, query);
  await asker.waitForTimeout(300);
  await page.close();
  const { status, body } = await answer;
  expect(status).toBe(200);
  expect(body.results.bindings[0].n.value).toBe(String(3 * 10 ** 6));
  const after = await asker.evaluate(() => fetch('/tabula/v1/status').then((r) => r.json()));
  expect(after.engineHost).toEqual({ attached: true, hosts: 2 });
});
