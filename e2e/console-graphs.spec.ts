/**
 * The graph browser as a person uses it, through the real service worker: import a
 * Turtle file into a named graph, find it listed with its count, page through its
 * triples, open a node (outgoing, incoming, the diagram), edit the graph's
 * permissions, export it and delete it. Every step goes through the UI; the API is
 * consulted only to confirm what the UI claims.
 */
import { test, expect } from 'tabula/testing';

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

  // The diagram: Ada, her class, her name, the two she knows and the six who know her.
  const diagram = page.getByRole('group', { name: `Neighbourhood of ${EX}ada` });
  await expect(diagram).toBeVisible();
  await expect(page.getByTestId('diagram-status')).toHaveText('11 nodes · 10 links');
  const bob = diagram.getByRole('button', { name: `${EX}bob` });
  await expect(bob).toHaveAttribute('aria-expanded', 'false');
  // Expanding Bob adds his name and his links to Person and Carol; Ada → Bob is already drawn.
  await bob.click();
  await expect(bob).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('diagram-status')).toHaveText('12 nodes · 13 links');
  await page.getByRole('link', { name: `${EX}bob`, exact: true }).last().click();
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
