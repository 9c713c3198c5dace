/**
 * The graph browser as a person uses it, through the real service worker: import a
 * Turtle file into a named graph, find it listed with its count, page through its
 * triples, open a node (outgoing, incoming, the diagram), edit the graph's
 * permissions, export it and delete it. Every step goes through the UI; the API is
 * consulted only to confirm what the UI claims.
 */
import type { Page } from '@playwright/test';
import { test, expect } from 'tabula/testing';
import { axeViolations, gating } from './axe';

/** No serious or critical axe finding on the page as it is, in the light theme and the dark one. */
async function expectAccessibleInBothThemes(page: Page) {
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    expect(gating(await axeViolations(page)), `${theme} theme`).toEqual([]);
  }
}

/** Nothing on the page is wider than a 390-pixel phone screen. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const GRAPH = 'http://example.org/graphs/people';
const EX = 'http://example.org/people/';
const FOAF = 'http://xmlns.com/foaf/0.1/';

// 28 triples: Ada (4), Bob (3), Carol (3), and six people who know Ada (3 each).
const others = Array.from({ length: 6 }, (_, i) => `ex:p${i} a foaf:Person ; foaf:name "Person ${i}" ; foaf:knows ex:ada .`);
const turtle = [
  `@prefix ex: <${EX}> .`,
  `@prefix foaf: <${FOAF}> .`,
  'ex:ada a foaf:Person ; foaf:name "Ada Lovelace"@en ; foaf:knows ex:bob , ex:carol .',
  'ex:bob a foaf:Person ; foaf:name "Bob" ; foaf:knows ex:carol .',
  'ex:carol a foaf:Person ; foaf:name "Carol" ; foaf:age 41 .',
  ...others,
  '',
].join('\n');

test('import a Turtle file into a named graph, browse it, open a node and its diagram, edit permissions, export and delete it', async ({ page, tabula }) => {
  await page.goto('/#/graphs');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await expect(page.getByText('No graphs yet')).toBeVisible();

  // Import: the format follows the file's extension; the target is a new named graph.
  await page.getByRole('link', { name: 'Import RDF…' }).click();
  await page.getByLabel('RDF file').setInputFiles({ name: 'people.ttl', mimeType: 'text/turtle', buffer: Buffer.from(turtle) });
  await expect(page.getByLabel('Format')).toHaveValue('turtle');
  await page.getByLabel('Graph IRI').fill(GRAPH);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Imported people.ttl into ${GRAPH}` })).toBeVisible();
  const stored = await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}`, { headers: { accept: 'application/n-triples' } });
  expect(stored.fromServiceWorker).toBe(true);
  expect(stored.text.trim().split('\n')).toHaveLength(28);

  // Listed with its count; open it and page through its triples.
  const list = page.getByRole('list', { name: 'Graphs' });
  const entry = list.getByRole('link', { name: `${GRAPH} 28 triples` });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole('heading', { name: GRAPH })).toBeVisible();
  await expect(page.getByTestId('graph-triple-count')).toHaveText('28 triples');
  const triples = page.getByRole('table', { name: 'Triples' });
  await expect(page.getByTestId('triples-status')).toHaveText('1–25 of 28');
  await expect(triples.locator('tbody tr')).toHaveCount(25);
  await expect(triples.locator('tbody tr').first()).toContainText('foaf:Person');
  await page.getByRole('link', { name: 'Next ›' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('triples-status')).toHaveText('26–28 of 28');
  await expect(triples.locator('tbody tr')).toHaveCount(3);
  await page.getByRole('link', { name: '‹ Prev' }).click();
  await expect(page.getByTestId('triples-status')).toHaveText('1–25 of 28');

  // A node's things view: what Ada says, and who points at her.
  await triples.getByRole('link', { name: `${EX}ada` }).first().click();
  await expect(page).toHaveURL(/#\/graphs\?iri=http%3A%2F%2Fexample\.org%2Fpeople%2Fada$/);
  await expect(page.getByRole('heading', { name: `${EX}ada` })).toBeVisible();
  const outgoing = page.getByRole('table', { name: 'Outgoing triples' });
  await expect(outgoing.locator('tbody tr')).toHaveCount(4);
  await expect(outgoing.getByRole('row', { name: /foaf:name/ })).toContainText('Ada Lovelace@en');
  await expect(outgoing.getByRole('row', { name: /foaf:knows/ })).toHaveCount(2);
  const incoming = page.getByRole('table', { name: 'Incoming triples' });
  await expect(incoming.locator('tbody tr')).toHaveCount(6);
  await expect(incoming.getByRole('link', { name: `${EX}p3` })).toBeVisible();

  await expect(page.getByTestId('outgoing-count')).toHaveText('(4)');
  await expect(page.getByTestId('incoming-count')).toHaveText('(6)');

  // The diagram: Ada, her class, her name, the two she knows and the six who know her.
  const diagram = page.getByRole('group', { name: `Neighbourhood of ${EX}ada` });
  await expect(diagram).toBeVisible();
  await expect(page.getByTestId('diagram-status')).toHaveText('11 nodes · 10 links');
  // Bob is named by his foaf:name, looked up by SPARQL (the diagram's triples do not hold it).
  const bob = diagram.getByRole('button', { name: `Bob (${EX}bob)` });
  await expect(bob).toHaveAttribute('aria-expanded', 'false');
  // Expanding Bob adds his name and his links to Person and Carol; Ada → Bob is already drawn.
  await bob.click();
  await expect(bob).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('diagram-status')).toHaveText('12 nodes · 13 links');
  await expect(page.getByTestId('diagram-selected')).toHaveText('Bob');
  await page.getByRole('button', { name: 'Open node' }).click();
  await expect(page.getByRole('heading', { name: `${EX}bob` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Outgoing triples' }).locator('tbody tr')).toHaveCount(3);

  // Permissions: the defaults, then one more granted and saved; an unknown role is refused with the API's message.
  await list.getByRole('link', { name: new RegExp(GRAPH) }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const permissions = page.getByRole('table', { name: 'Permissions' });
  await expect(permissions.getByRole('row', { name: /rest-reader/ })).toContainText('read');
  await expect(permissions.getByRole('row', { name: /rest-writer/ })).toContainText('update');
  await page.getByLabel('Role', { exact: true }).fill('rest-admin');
  await page.getByLabel('Capability').selectOption('read');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Permissions saved.' })).toBeVisible();
  await expect(permissions.getByRole('row', { name: /rest-admin/ })).toContainText('read');
  const saved = await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}&category=permissions`, { headers: { accept: 'application/json' } });
  expect(saved.json().permissions).toContainEqual({ 'role-name': 'rest-admin', capabilities: ['read'] });

  await page.getByLabel('Role', { exact: true }).fill('no-such-role');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expect(page.getByRole('alert')).toContainText('Could not save the permissions — 400');
  await expect(page.getByRole('alert')).toContainText('no-such-role');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(permissions.getByRole('row', { name: /no-such-role/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove read from rest-admin' }).click();
  await page.getByRole('button', { name: 'Save permissions' }).click();
  await expect(permissions.getByRole('row', { name: /rest-admin/ })).toHaveCount(0);

  // Export: a download named after the graph, in the chosen format.
  await page.getByLabel('Export format').selectOption('ntriples');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('people.nt');
  const exported = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(exported.trim().split('\n')).toHaveLength(28);
  expect(exported).toContain(`<${EX}ada> <${FOAF}name> "Ada Lovelace"@en .`);

  // Delete, confirming in the dialog: gone from the list and from the database.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete graph?' });
  await expect(dialog).toContainText(`${GRAPH} and its 28 triples will be deleted`);
  await dialog.getByRole('button', { name: 'Delete graph' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No graphs yet')).toBeVisible();
  expect((await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(GRAPH)}`, { method: 'HEAD' })).status).toBe(404);
});

test('a large N-Triples file goes in pieces of 10,000 statements; a paste that does not parse shows the parser message', async ({ page }) => {
  await page.goto('/#/graphs?view=import');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v1/graphs' && (r.method() === 'POST' || r.method() === 'PUT')) posts.push(r.method());
  });

  const lines = Array.from({ length: 25_000 }, (_, i) => `<${EX}n${i}> <${FOAF}name> "Node ${i}" .`).join('\n');
  await page.getByLabel('RDF file').setInputFiles({ name: 'big.nt', mimeType: 'application/n-triples', buffer: Buffer.from(lines) });
  await expect(page.getByLabel('Format')).toHaveValue('ntriples');
  await page.getByLabel('The default graph').check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported big.nt (25,000 statements) into Default graph' })).toBeVisible({ timeout: 30_000 });
  expect(posts).toEqual(['POST', 'POST', 'POST']);
  await expect(page.getByRole('list', { name: 'Graphs' }).getByRole('link', { name: 'Default graph 25,000 triples' })).toBeVisible();

  await page.getByLabel('Pasted text').check();
  await page.getByLabel('RDF text').fill('@prefix ex: <http://example.org/> .\nex:a ex:b .');
  await page.getByLabel('Format').selectOption('turtle');
  await page.getByLabel('A named graph').check();
  await page.getByLabel('Graph IRI').fill('http://example.org/graphs/broken');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Import failed — 400');
  await expect(page.getByRole('list', { name: 'Graphs' }).getByRole('link', { name: /broken/ })).toHaveCount(0);
});

// A catalogue: a hub with 120 items pointing at it, five tags, every node labelled.
const CATALOG = 'http://example.org/graphs/catalog';
const V = 'http://example.org/vocab/';
const C = 'http://example.org/catalog/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const ITEMS = 120;
const TAGS = 5;
const catalogTriples: Array<[string, string, string]> = [
  [`<${C}hub>`, `<${RDF_TYPE}>`, `<${V}Hub>`],
  [`<${C}hub>`, `<${RDFS_LABEL}>`, '"The hub"@en'],
  ...Array.from({ length: ITEMS }, (_, i): Array<[string, string, string]> => [
    [`<${C}item${i}>`, `<${RDF_TYPE}>`, `<${V}Item>`],
    [`<${C}item${i}>`, `<${V}partOf>`, `<${C}hub>`],
    [`<${C}item${i}>`, `<${V}rank>`, `"${i}"^^<http://www.w3.org/2001/XMLSchema#integer>`],
    [`<${C}item${i}>`, `<${RDFS_LABEL}>`, `"Item ${i}"`],
  ]).flat(),
  ...Array.from({ length: TAGS }, (_, i): Array<[string, string, string]> => [
    [`<${C}tag${i}>`, `<${RDF_TYPE}>`, `<${V}Tag>`],
    [`<${C}tag${i}>`, `<${RDFS_LABEL}>`, `"Tag ${i}"`],
  ]).flat(),
];

/** What the summary must say, computed from the data: [IRI, count] by count, then IRI. */
function expectedCounts(key: (t: [string, string, string]) => string | undefined, distinct?: (t: [string, string, string]) => string): Array<[string, number]> {
  const groups = new Map<string, Set<string>>();
  catalogTriples.forEach((t, i) => {
    const k = key(t);
    if (k) (groups.get(k) ?? groups.set(k, new Set()).get(k)!).add(distinct ? distinct(t) : String(i));
  });
  return [...groups]
    .map(([k, members]): [string, number] => [k.slice(1, -1), members.size])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

test("a graph's summary counts its classes and predicates; a predicate filters and pages its triples; a class lists its instances", async ({ page, tabula }) => {
  const put = await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(CATALOG)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/n-triples' },
    body: catalogTriples.map((t) => `${t.join(' ')} .`).join('\n'),
  });
  expect(put.status).toBe(201);
  await page.goto(`/#/graphs?graph=${encodeURIComponent(CATALOG)}`);
  await expect(page.getByTestId('graph-triple-count')).toHaveText(`${catalogTriples.length} triples`);

  const classes = expectedCounts((t) => (t[1] === `<${RDF_TYPE}>` ? t[2] : undefined), (t) => t[0]);
  const predicates = expectedCounts((t) => t[1]);
  const classList = page.getByRole('list', { name: 'Classes' });
  const predicateList = page.getByRole('list', { name: 'Predicates' });
  // Each row: the name (prefixed where a prefix is known) and the count, largest first.
  const rowText = (iri: string, n: number) => new RegExp(`${(iri.startsWith(RDF_TYPE.slice(0, -4)) ? 'rdf:' + iri.slice(43) : iri.startsWith(RDFS_LABEL.slice(0, -5)) ? 'rdfs:' + iri.slice(37) : iri).replace(/[.#/]/g, '\\$&')}\\s*${n}`);
  await expect(classList.getByRole('listitem')).toHaveText(classes.map(([iri, n]) => rowText(iri, n)));
  await expect(predicateList.getByRole('listitem')).toHaveText(predicates.map(([iri, n]) => rowText(iri, n)));
  expect(classes[0]).toEqual([`${V}Item`, ITEMS]);

  // A predicate from the summary: only its triples, paged with its total.
  const partOf = predicates.find(([iri]) => iri === `${V}partOf`)!;
  await predicateList.getByRole('link', { name: new RegExp(`^${V}partOf`) }).click();
  await expect(page).toHaveURL(/p=http%3A%2F%2Fexample\.org%2Fvocab%2FpartOf/);
  const triples = page.getByRole('table', { name: 'Triples' });
  await expect(page.getByTestId('triples-status')).toHaveText(`1–25 of ${partOf[1]}`);
  await expect(triples.locator('tbody tr')).toHaveCount(25);
  await expect(triples.locator('tbody tr').filter({ hasNotText: `${V}partOf` })).toHaveCount(0);
  await page.getByRole('link', { name: 'Next ›' }).click();
  await expect(page.getByTestId('triples-status')).toHaveText(`26–50 of ${partOf[1]}`);

  // The same filter by typing in the predicate box (`/` focuses it), by prefixed name.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  const filter = page.getByLabel('Predicate', { exact: true });
  await expect(filter).toBeFocused();
  await filter.fill('rdfs:label');
  await filter.press('Enter');
  const labels = predicates.find(([iri]) => iri === RDFS_LABEL)![1];
  await expect(page.getByTestId('triples-status')).toHaveText(`1–25 of ${labels}`);
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page.getByTestId('triples-status')).toHaveText(`1–25 of ${catalogTriples.length}`);

  // A class lists its instances, with their labels.
  await classList.getByRole('link', { name: new RegExp(`^${V}Tag`) }).click();
  const instances = page.getByRole('table', { name: `Instances of ${V}Tag` });
  await expect(page.getByTestId('instances-status')).toHaveText(`1–${TAGS} of ${TAGS}`);
  await expect(instances.getByRole('row', { name: /tag0/ })).toContainText('Tag 0');

  await classList.getByRole('link', { name: new RegExp(`^${V}Item`) }).click();
  await expect(page.getByTestId('instances-status')).toHaveText(`1–25 of ${ITEMS}`);
  await expectAccessibleInBothThemes(page);
  await expectFitsPhone(page);
});

test('a node with 120 incoming triples shows one page and the total; its diagram names nodes by label, goes full screen and back, and filters predicates', async ({ page, tabula }) => {
  await tabula.fetch(`/v1/graphs?graph=${encodeURIComponent(CATALOG)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/n-triples' },
    body: catalogTriples.map((t) => `${t.join(' ')} .`).join('\n'),
  });
  const hub = `${C}hub`;
  const incomingTotal = catalogTriples.filter((t) => t[2] === `<${hub}>`).length;
  const outgoingTotal = catalogTriples.filter((t) => t[0] === `<${hub}>`).length;
  await page.goto(`/#/graphs?iri=${encodeURIComponent(hub)}`);
  await expect(page.getByTestId('node-label')).toHaveText('The hub');
  await expect(page.getByTestId('incoming-count')).toHaveText(`(${incomingTotal})`);
  await expect(page.getByTestId('outgoing-count')).toHaveText(`(${outgoingTotal})`);
  const incoming = page.getByRole('table', { name: 'Incoming triples' });
  await expect(incoming.locator('tbody tr')).toHaveCount(25);
  await expect(page.getByTestId('incoming-status')).toHaveText(`1–25 of ${incomingTotal}`);
  await page.getByRole('button', { name: 'Next › incoming triples' }).click();
  await expect(page.getByTestId('incoming-status')).toHaveText(`26–50 of ${incomingTotal}`);
  await expect(incoming.locator('tbody tr')).toHaveCount(25);

  // The diagram draws the hub, its class and label, and the first 30 items pointing at it.
  const diagram = page.getByRole('group', { name: `Neighbourhood of ${hub}` });
  await expect(page.getByTestId('diagram-status')).toHaveText('33 nodes · 32 links');
  // The focus by the label its own triples give; an item by the label looked up by SPARQL.
  await expect(diagram.locator(`[data-node-id="${hub}"] text`)).toHaveText('The hub');
  await expect(diagram.getByRole('button', { name: `Item 0 (${C}item0)` })).toBeVisible();

  // Full screen: the diagram fills the window until Escape.
  await page.getByRole('button', { name: 'Full screen' }).click();
  const overlay = page.getByRole('dialog', { name: `Neighbourhood of ${hub} (full screen)` });
  await expect(overlay).toBeVisible();
  const viewport = page.viewportSize()!;
  const box = (await overlay.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expect(diagram).toBeVisible();

  // The predicate filter: hiding rdf:type removes the hub's link to its class, and the class with it.
  const typeLinks = diagram.locator(`[data-predicates~="${RDF_TYPE}"]`);
  await expect(typeLinks).toHaveCount(1);
  await page.getByRole('checkbox', { name: /^rdf:type/ }).uncheck();
  await expect(typeLinks).toHaveCount(0);
  await expect(page.getByTestId('diagram-status')).toHaveText('32 nodes · 31 links');
  await page.getByRole('checkbox', { name: /^rdf:type/ }).check();
  await expect(page.getByTestId('diagram-status')).toHaveText('33 nodes · 32 links');

  // Another layout keeps every node.
  await page.getByLabel('Layout').selectOption('hierarchical');
  await expect(page.getByTestId('diagram-status')).toHaveText('33 nodes · 32 links');

  await expectAccessibleInBothThemes(page);
  await expectFitsPhone(page);
  await expect(diagram).toBeVisible();
});
