/**
 * A presenter pauses with the console open, then runs a query: the answer must come from the
 * same, warm worker — the console posts it a keep-alive message every ~20 s
 * (src/console/lib/keep-worker-warm.ts). Playwright keeps every worker it watches alive, so the
 * pauses happen in the kit's `unwatched` browser, with Playwright disconnected. The second half
 * is the control: with no console open the same pause stops the worker, so the first half
 * would fail if the keep-alive did nothing. One test: each pause is ~40 s.
 */
import { test, expect } from 'tabula/testing';
import { replaceEditorText } from './editor';

/** Past Chromium's ~30 s idle limit, with room for a timer that fires late. */
const PAUSE_MS = 40_000;
const GRAPH = 'http://example.org/people';
const PEOPLE = ['Ada', 'Bob', 'Carol'];
const TURTLE = PEOPLE.map((name) => `<http://example.org/${name}> <http://xmlns.com/foaf/0.1/name> "${name}" .`).join('\n');
const QUERY = 'SELECT ?name WHERE { ?s <http://xmlns.com/foaf/0.1/name> ?name } ORDER BY ?name';

test.setTimeout(4 * 60_000);


test('with the console open the worker stays warm through a long pause; with no console it is stopped', async ({ unwatched }) => {
  let { page, tabula } = await unwatched.open('/');
  expect((await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}`, { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: TURTLE })).status).toBe(201);
  for (const name of PEOPLE) {
    const res = await tabula.fetch(`/v1/documents?uri=/people/${name}.json`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    expect(res.status).toBe(201);
  }
  await tabula.idle();

  // The presenter types the query, then talks for a while.
  await page.getByRole('link', { name: 'SPARQL' }).click();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await replaceEditorText(page.getByTestId('sparql-editor'), QUERY);
  const before = await tabula.status();
  expect(before.loads.triples, 'the graph write loaded the triple store').toBeGreaterThan(0);

  ({ page, tabula } = await unwatched.leaveAlone(PAUSE_MS));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText(`${PEOPLE.length} rows`);
  const after = await tabula.status();
  expect(after.started, 'the same worker answered: it was not stopped and started again').toBe(before.started);
  expect(after.loads.triples, 'the triple store was not loaded again').toBe(before.loads.triples);

  // The control: a page of the origin with no console in it, and the same pause.
  ({ tabula } = await unwatched.open('/favicon.svg'));
  const quiet = await tabula.status();
  ({ tabula } = await unwatched.leaveAlone(PAUSE_MS));
  const restarted = await tabula.status();
  expect(restarted.started, 'with no console open, the browser stopped the idle worker').not.toBe(quiet.started);
  expect(restarted.loads, 'a new worker has loaded nothing yet').toEqual({ triples: 0, search: 0 });
});
