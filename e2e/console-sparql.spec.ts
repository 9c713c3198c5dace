/**
 * The SPARQL editor as a person uses it, through the real service worker: load data
 * with an update typed in the editor, query it (SELECT, ASK, CONSTRUCT), follow an IRI
 * into the graph browser, see a syntax error marked, complete prefixes and the data's
 * terms, download a result, find every run in the history after a reload, share tabs
 * and history with a second browser tab, and abandon a long query. The API is
 * consulted only to confirm what the UI claims.
 */
import type { Page } from '@playwright/test';
import { copyEachSnippet } from './copy-request';
import { openControlledPage, test, expect } from 'tabula/testing';
import { replaceEditorText } from './editor';

const GRAPH = 'http://example.org/graphs/people';
const EX = 'http://example.org/people/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const PROLOGUE = `PREFIX ex: <${EX}>\nPREFIX foaf: <${FOAF}>\n`;

const insertPeople = `${PROLOGUE}INSERT DATA {
  GRAPH <${GRAPH}> {
    ex:ada a foaf:Person ; foaf:name "Ada Lovelace"@en ; foaf:knows ex:bob .
    ex:bob a foaf:Person ; foaf:name "Bob" ; foaf:age 42 .
    ex:carol a foaf:Person ; foaf:name "Carol" .
  }
}`;
const selectNames = `${PROLOGUE}SELECT ?person ?name WHERE { ?person foaf:name ?name } ORDER BY ?name`;

test('load data with an update, query it every way, follow an IRI, and find the runs in the history after a reload', async ({ page, tabula }) => {
  await page.goto('/#/sparql');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const editor = page.getByTestId('sparql-editor');
  const status = page.getByTestId('run-status');

  // An update typed in the editor, run with Ctrl+Enter: it creates the graph.
  await replaceEditorText(editor, insertPeople);
  await expect(page.getByTestId('operation-kind')).toHaveText('Update');
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('update-result')).toContainText('Update applied');
  await expect(page.getByTestId('update-result')).toContainText('201 Created');
  const check = await tabula.fetch('/v1/graphs/sparql', {
    method: 'POST',
    headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' },
    body: `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${GRAPH}> { ?s ?p ?o } }`,
  });
  expect(check.fromServiceWorker).toBe(true);
  expect(check.json().results.bindings[0].n.value).toBe('8');

  // SELECT: a table whose IRIs use the query's prefixes and literals show their language.
  await replaceEditorText(editor, selectNames);
  await expect(page.getByTestId('operation-kind')).toHaveText('SELECT query');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText('3 rows');
  await expect(status.getByTestId('elapsed')).toHaveText(/^\d+(\.\d)? ms$|^\d+\.\d\d s$/);
  const solutions = page.getByRole('table', { name: 'Solutions' });
  await expect(solutions.getByRole('columnheader')).toHaveText(['#', '?person', '?name']);
  await expect(solutions.locator('tbody tr')).toHaveText([/1\s*ex:ada\s*Ada Lovelace\s*@en/, /2\s*ex:bob\s*Bob/, /3\s*ex:carol\s*Carol/]);

  // An IRI opens the graph browser on that node; coming back finds the result still there.
  await solutions.getByRole('link', { name: 'ex:ada' }).click();
  await expect(page).toHaveURL(/#\/graphs\?iri=http%3A%2F%2Fexample\.org%2Fpeople%2Fada$/);
  await page.goBack();
  await expect(page.getByTestId('result-count')).toHaveText('3 rows');

  // ASK: one big answer.
  await replaceEditorText(editor, `${PROLOGUE}ASK { ?who foaf:age 42 }`);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('ask-result')).toHaveText('true');

  // CONSTRUCT: a triples table, the raw Turtle, and a download in N-Triples.
  await replaceEditorText(editor, `${PROLOGUE}CONSTRUCT { ?a foaf:knows ?b } WHERE { ?a foaf:knows ?b }`);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 triple');
  await expect(page.getByRole('table', { name: 'Triples' }).locator('tbody tr')).toHaveText([/1\s*ex:ada\s*foaf:knows\s*ex:bob/]);
  await page.getByRole('tab', { name: 'Raw' }).click();
  await page.getByLabel('Raw format').selectOption('text/turtle');
  await expect(page.getByTestId('raw-result-type')).toContainText('text/turtle');
  await expect(page.getByTestId('raw-result').locator('.cm-content')).toContainText('knows');
  await page.getByText('Download', { exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^N-Triples/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sparql-construct-\d{8}-\d{6}\.nt$/);
  expect(await streamText(await download.createReadStream())).toBe(`<${EX}ada> <${FOAF}knows> <${EX}bob> .\n`);

  // A syntax error is marked as it is typed; run anyway, the server's refusal is shown.
  await replaceEditorText(editor, 'SELECT * WHERE { ?s ?p ?o . FILTER(?x = }');
  await expect(editor.locator('.cm-lintRange-error')).toHaveText('}');
  await expect(page.getByTestId('syntax-status')).toContainText("Line 1, column 41: Unexpected '}'");
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByRole('alert')).toContainText('The query failed — 400 Bad Request');
  await expect(page.getByTestId('run-error')).toHaveText(/^Syntax error at line 1, column 41: unexpected '}'/);

  // A second tab: prefix completion from the bundled list, then a predicate from the data.
  await page.getByRole('button', { name: 'New query tab' }).click();
  await expect(queryTabs(page).filter({ hasText: 'Query 2' })).toHaveAttribute('aria-selected', 'true');
  await replaceEditorText(editor, '');
  await page.keyboard.type('PREFIX fo');
  const completions = page.locator('.cm-tooltip-autocomplete');
  // Picked with the mouse: CodeMirror ignores Enter for a moment after the list changes.
  await completions.getByRole('option', { name: `foaf: <${FOAF}>` }).click();
  await page.keyboard.type('\nSELECT ?name WHERE { ?s foaf:na');
  await expect(completions.getByRole('option').first()).toContainText('foaf:name');
  await completions.getByRole('option', { name: /^foaf:name/ }).click();
  await page.keyboard.type(' ?name }');
  await expect(editor.locator('.cm-content')).toHaveText(`PREFIX foaf: <${FOAF}>\nSELECT ?name WHERE { ?s foaf:name ?name }`, { useInnerText: true });
  // An undeclared prefix offers its declaration, added above with the others.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n# see also rdfs:');
  await expect(completions).toBeHidden();
  await replaceEditorText(editor, 'SELECT * WHERE { ?s ');
  await page.keyboard.type('rdfs:');
  await completions.getByRole('option', { name: /PREFIX rdfs: / }).click();
  await expect(editor.locator('.cm-content')).toHaveText('PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\nSELECT * WHERE { ?s rdfs:', {
    useInnerText: true,
  });
  await replaceEditorText(editor, `PREFIX foaf: <${FOAF}>\nSELECT ?name WHERE { ?s foaf:name ?name }`);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('result-count')).toHaveText('3 rows');

  // After a reload: both tabs, and every run in the history, newest first.
  await page.reload();
  await expect(queryTabs(page)).toHaveText(['Query 1', 'Query 2']);
  const history = page.getByRole('list', { name: 'Run history' });
  await expect(history.getByRole('listitem')).toHaveText([
    /SELECT \?name WHERE.*3 rows/,
    /SELECT \* WHERE \{ \?s \?p \?o \. FILTER.*400: /,
    /CONSTRUCT \{ \?a foaf:knows \?b \}.*1 triple/,
    /ASK \{ \?who foaf:age 42 \}.*true/,
    /SELECT \?person \?name WHERE.*3 rows/,
    /INSERT DATA \{.*Update applied \(201\)/,
  ]);

  // A run from the history opens in a new tab, ready to run again.
  await history.getByRole('listitem').filter({ hasText: 'ASK' }).getByRole('button').click();
  await expect(queryTabs(page).filter({ hasText: 'Query 3' })).toHaveAttribute('aria-selected', 'true');
  await expect(editor.locator('.cm-content')).toHaveText(`${PROLOGUE}ASK { ?who foaf:age 42 }`, { useInnerText: true });
});

test('parameters bind a variable and choose the dataset; a second browser tab sees the runs and tabs of the first', async ({ page, tabula }) => {
  const put = await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}`, {
    method: 'PUT',
    headers: { 'content-type': 'text/turtle' },
    body: `@prefix ex: <${EX}> . @prefix foaf: <${FOAF}> .\nex:ada foaf:name "Ada" . ex:bob foaf:name "Bob" .\n`,
  });
  expect(put.status).toBe(201);
  await page.goto('/#/sparql');
  const editor = page.getByTestId('sparql-editor');
  await replaceEditorText(editor, `${PROLOGUE}SELECT ?name WHERE { ?person foaf:name ?name }`);

  // bind:person as an IRI: only Bob's name.
  await page.getByRole('button', { name: 'Parameters' }).click();
  await page.getByRole('button', { name: 'Add binding' }).click();
  await page.getByLabel('Variable of binding 1').fill('?person');
  await page.getByLabel('Value of binding 1').fill(`${EX}bob`);
  await expect(page.getByRole('button', { name: 'Parameters (1)' })).toBeVisible();
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 row');
  await expect(page.getByRole('table', { name: 'Solutions' }).locator('tbody tr')).toHaveText([/Bob/]);

  // A default graph that holds nothing of it: no solutions.
  await page.getByLabel(/Default graphs/).fill('http://example.org/graphs/elsewhere');
  await expect(page.getByRole('button', { name: 'Parameters (2)' })).toBeVisible();
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('result-count')).toHaveText('0 rows');
  await expect(page.getByText('No solutions.')).toBeVisible();

  // Without them, every graph and any person again.
  await page.getByRole('button', { name: 'Remove binding 1' }).click();
  await page.getByLabel(/Default graphs/).fill('');
  await expect(page.getByRole('button', { name: 'Parameters', exact: true })).toBeVisible();

  // A second browser tab on the editor: same tabs and history; what one does, the other sees.
  const other = await page.context().newPage();
  await openControlledPage(other, '/#/sparql');
  const otherHistory = other.getByRole('list', { name: 'Run history' });
  await expect(otherHistory.getByRole('listitem')).toHaveCount(2);
  await replaceEditorText(editor, `${PROLOGUE}ASK { ?s foaf:name "Ada" }`);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('ask-result')).toHaveText('true');
  await expect(otherHistory.getByRole('listitem')).toHaveCount(3);
  await expect(otherHistory.getByRole('listitem').first()).toContainText('ASK');
  await expect(other.getByTestId('sparql-editor').locator('.cm-content')).toContainText('ASK { ?s foaf:name "Ada" }');
  await other.getByRole('button', { name: 'New query tab' }).click();
  await expect(queryTabs(page)).toHaveText(['Query 1', 'Query 2']);
  // The tablist holds only tabs: Delete on a focused tab closes it.
  await queryTabs(page).filter({ hasText: 'Query 2' }).focus();
  await page.keyboard.press('Delete');
  await expect(queryTabs(other)).toHaveText(['Query 1']);
  await other.close();
});

test('a long query can be abandoned: Run turns into Cancel, and the history records it as cancelled', async ({ page }) => {
  await page.goto('/#/sparql');
  const editor = page.getByTestId('sparql-editor');
  // Ten million solutions to count, from no data at all: seconds of work for the engine.
  const values = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((v) => `VALUES ?${v} { 1 2 3 4 5 6 7 8 9 10 }`).join('\n  ');
  await replaceEditorText(editor, `# Count a lot\nSELECT (COUNT(*) AS ?n) WHERE {\n  ${values}\n}`);
  await expect(queryTabs(page)).toHaveText(['Count a lot']);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('run-status')).toContainText('Running…');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-status')).toHaveText(/^Cancelled after \d/);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Run history' }).getByRole('listitem')).toHaveText([/SELECT \(COUNT\(\*\) AS \?n\).*Cancelled/]);
});

test('a query saved with a title is listed after a reload, opens in a tab of its own and runs', async ({ page, tabula }) => {
  await page.goto('/#/sparql');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}`, {
    method: 'PUT',
    headers: { 'content-type': 'text/turtle' },
    body: `<${EX}ada> <${FOAF}name> "Ada" . <${EX}bob> <${FOAF}name> "Bob" .`,
  });
  const editor = page.getByTestId('sparql-editor');
  await replaceEditorText(editor, selectNames);

  await page.getByRole('button', { name: 'Save query…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this query' });
  await dialog.getByLabel('Title').fill('Everyone with a name');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Stored in the database, titled on its first line, in the saved queries' collection.
  const stored = await tabula.fetch('/v1/documents?uri=/tabula/queries/everyone-with-a-name.rq');
  expect(stored.text).toBe(`# Everyone with a name\n${selectNames}`);
  const metadata = await tabula.fetch('/v1/documents?uri=/tabula/queries/everyone-with-a-name.rq&category=collections&format=json');
  expect(metadata.json().collections).toEqual(['tabula/saved-queries']);

  await page.reload();
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  // The tabs come back from the browser's storage after the reload: the one tab this test used.
  await expect(queryTabs(page)).toHaveCount(1);
  const before = 1;
  await page.getByText(/^Saved queries/).click();
  await page.getByRole('list', { name: 'Saved queries' }).getByRole('button', { name: 'Everyone with a name' }).click();
  await expect(queryTabs(page)).toHaveCount(before + 1);
  await expect(editor.locator('.cm-content')).toHaveText(`# Everyone with a name\n${selectNames}`, { useInnerText: true });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText('2 rows');
});

/** The query tabs (the results have tabs of their own). */
const queryTabs = (page: Page) => page.getByRole('tablist', { name: 'Queries' }).getByRole('tab');


async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}


test('the request a run sent is shown and copied as curl, fetch and a Node client call', async ({ page, context }) => {
  await page.goto('/#/sparql');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const editor = page.getByTestId('sparql-editor');
  const query = `${PROLOGUE}SELECT ?name WHERE { ?person foaf:name ?name . FILTER(?name != "naïve 'quoted'") }`;
  await replaceEditorText(editor, query);
  await page.getByRole('button', { name: 'Parameters' }).click();
  await page.getByRole('button', { name: 'Add binding' }).click();
  await page.getByLabel('Variable of binding 1').fill('?person');
  await page.getByLabel('Value of binding 1').fill(`${EX}bob`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText('0 rows');

  // A short query goes by GET: the query and the binding are in the URL.
  const results = page.getByRole('region', { name: 'Results' });
  await results.getByText('Request', { exact: true }).click();
  const line = results.getByTestId('sent-request-line');
  await expect(line).toHaveText(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/graphs\/sparql\?bind%3Aperson=http%3A%2F%2Fexample\.org%2Fpeople%2Fbob&query=/);
  const url = (await line.locator('code').textContent())!;
  expect(new URL(url).searchParams.get('query')).toBe(query);
  const { curl, fetch, node } = await copyEachSnippet(page, context, results);
  expect(curl).toBe(`curl -H 'Accept: application/sparql-results+json' '${url}'`);
  expect(fetch).toContain(`fetch('${url.replace(/^https?:\/\/[^/]+/, '')}', {`);
  // The official client sends SPARQL by POST: the snippet says so and sends the GET as it was.
  expect(node).toMatch(/\/\/ db\.graphs\.sparql\(\) sends a query by POST/);
  expect(node).toContain('db.internal.sendRequest(');
});

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const people = [
  { id: 'ada', name: 'Ada Lovelace', age: 36, knows: 'bob' },
  { id: 'bob', name: 'Bob', age: 9, knows: 'carol' },
  { id: 'carol', name: 'Carol', age: 100 },
  { id: 'dave', name: 'Dave' },
] as { id: string; name: string; age?: number; knows?: string }[];
const peopleTurtle = people
  .map((p) =>
    [`<${EX}${p.id}> a <${FOAF}Person> ; <${FOAF}name> "${p.name}"`, p.age === undefined ? '' : ` ; <${FOAF}age> ${p.age}`, p.knows ? ` ; <${FOAF}knows> <${EX}${p.knows}>` : '', ' .'].join(''),
  )
  .join('\n');

test('results read like a spreadsheet: short IRIs, sort, filter, resize; a CONSTRUCT draws; a syntax error is one sentence, marked where the editor marks it', async ({ page, tabula }) => {
  const put = await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}`, { method: 'PUT', headers: { 'content-type': 'text/turtle' }, body: peopleTurtle });
  expect(put.status).toBe(201);
  await page.goto('/#/sparql');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const editor = page.getByTestId('sparql-editor');

  // No PREFIX in the query: rdf:type is still shortened, and whole on hover.
  await replaceEditorText(
    editor,
    `SELECT ?person ?p ?name ?age WHERE {\n  ?person ?p <${FOAF}Person> ; <${FOAF}name> ?name .\n  OPTIONAL { ?person <${FOAF}age> ?age }\n}`,
  );
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(page.getByTestId('result-count')).toHaveText(`${people.length} rows`);
  const solutions = page.getByRole('table', { name: 'Solutions' });
  const typeLinks = solutions.getByRole('link', { name: 'rdf:type', exact: true });
  await expect(typeLinks).toHaveCount(people.length);
  await expect(typeLinks.first()).toHaveAttribute('title', RDF_TYPE);
  await expect(solutions.getByRole('link', { name: `${EX}ada`, exact: true })).toHaveAttribute('title', `${EX}ada`);

  // Sorting by ?age: unbound first, then numerically (9 < 36 < 100), then the other way round.
  const nameCells = solutions.locator('tbody tr:not(.results-table__spacer) td:nth-child(4)');
  const byAge = [...people].sort((a, b) => (a.age ?? -Infinity) - (b.age ?? -Infinity)).map((p) => p.name);
  const ageHeader = solutions.getByRole('columnheader', { name: '?age' });
  await ageHeader.getByRole('button').click();
  await expect(ageHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameCells).toHaveText(byAge);
  await ageHeader.getByRole('button').click();
  await expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(nameCells).toHaveText([...byAge].reverse());

  // The filter matches what a cell shows or its whole IRI, and says how many rows match.
  const filter = page.getByRole('searchbox', { name: 'Filter solutions' });
  const needle = 'people/car';
  const matching = people.filter((p) => `${EX}${p.id}`.includes(needle) || p.name.toLowerCase().includes(needle));
  await filter.fill(needle);
  await expect(page.getByTestId('filter-count')).toHaveText(`${matching.length} of ${people.length} rows match`);
  await expect(nameCells).toHaveText(matching.map((p) => p.name));
  await filter.fill('');
  await expect(nameCells).toHaveCount(people.length);

  // A column's edge dragged 80 px to the right widens it by 80 px; the arrow keys by 16.
  const nameHeader = solutions.getByRole('columnheader', { name: '?name' });
  const before = (await nameHeader.boundingBox())!.width;
  const edge = solutions.getByRole('separator', { name: 'Resize column ?name' });
  const box = (await edge.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await nameHeader.boundingBox())!.width - before)).toBe(80);
  await edge.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await nameHeader.boundingBox())!.width - before)).toBe(96);

  // A CONSTRUCT has a Graph view: one node per person who knows or is known.
  await replaceEditorText(editor, `CONSTRUCT { ?a <${FOAF}knows> ?b } WHERE { ?a <${FOAF}knows> ?b }`);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  const knows = people.filter((p) => p.knows);
  await expect(page.getByTestId('result-count')).toHaveText(`${knows.length} triples`);
  await page.getByRole('tab', { name: 'Graph' }).click();
  const diagram = page.getByRole('group', { name: 'CONSTRUCT result as a graph' });
  const nodeIds = new Set(knows.flatMap((p) => [`${EX}${p.id}`, `${EX}${p.knows}`]));
  await expect(diagram.locator('[data-node-id]')).toHaveCount(nodeIds.size);
  await diagram.locator(`[data-node-id="${EX}ada"]`).click();
  await page.getByRole('button', { name: 'Open node' }).click();
  await expect(page).toHaveURL(/#\/graphs\?iri=http%3A%2F%2Fexample\.org%2Fpeople%2Fada$/);
  await page.goBack();
  await expect(page.getByTestId('result-count')).toHaveText(`${knows.length} triples`);

  // A syntax error on line 3: the editor marks it, the failed run says it in one sentence at the same place.
  const broken = `SELECT ?name WHERE {\n  ?s <${FOAF}name> ?name .\n  FILTER(?name = }\n`;
  const column = broken.split('\n')[2].indexOf('}') + 1;
  await replaceEditorText(editor, broken);
  await expect(page.getByTestId('syntax-status')).toContainText(`Line 3, column ${column}: Unexpected '}'`);
  const mark = editor.locator('.cm-lintRange-error');
  await expect(mark).toHaveText('}');
  const marked = await mark.evaluate((el) => {
    const line = el.closest('.cm-line')!;
    const range = document.createRange();
    range.setStart(line, 0);
    range.setEndBefore(el);
    return { line: [...line.parentElement!.querySelectorAll('.cm-line')].indexOf(line) + 1, column: range.toString().length + 1 };
  });
  expect(marked).toEqual({ line: 3, column });
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  const runError = page.getByTestId('run-error');
  await expect(runError).toHaveText(new RegExp(`^Syntax error at line 3, column ${column}: unexpected '}' — expected [a-z ]+$`));
  // The same failing run again: one history entry, counted twice.
  const history = page.getByRole('list', { name: 'Run history' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await editor.locator('.cm-content').press('ControlOrMeta+Enter');
  await expect(history.getByRole('listitem').first().getByTestId('history-count')).toHaveText('×2');
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText(`Syntax error at line 3, column ${column}`);
});
