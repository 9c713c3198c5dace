/**
 * Triples embedded in documents, as a person meets them in the console, through the real
 * service worker (docs/decisions/0032-embedded-triples.md): a document shows the triples it
 * embeds, each node leads to the graph browser, a node lists the documents its triples come
 * from and leads back; and a search hands its documents to the SPARQL editor, whose query then
 * sees only their triples. The documents are written through the API; everything expected is
 * worked out from the table below, never read from an answer.
 */
import { test, expect, type ApiFetch } from 'tabula/testing';
import { shortenIri } from '../src/console/lib/rdf/prefixes';

const EX = 'http://example.org/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const DCT = 'http://purl.org/dc/terms/';
const SEM = 'http://marklogic.com/semantics';
const PEOPLE = `${EX}people`;
const MANAGED = `${EX}graphs/managed`;

const ADA = `${EX}people/ada`;
const BABBAGE = `${EX}people/babbage`;
const ENGINE = `${EX}machines/analytical-engine`;
const NOTE = `${EX}notes/1`;

type Term = { iri: string } | { literal: string; lang?: string };
interface Fact {
  s: string;
  p: string;
  o: Term;
}
interface Doc {
  uri: string;
  collections: string[];
  /** The text a search finds (the JSON `bio`, or the XML body). */
  bio: string;
  facts: Fact[];
  format: 'json' | 'xml' | 'text';
}

const DOCS: Doc[] = [
  {
    uri: '/people/ada.json',
    collections: [PEOPLE],
    bio: 'A mathematician who wrote the first program.',
    facts: [
      { s: ADA, p: `${FOAF}knows`, o: { iri: BABBAGE } },
      { s: ADA, p: `${FOAF}name`, o: { literal: 'Ada Lovelace', lang: 'en' } },
    ],
    format: 'json',
  },
  { uri: '/people/babbage.json', collections: [PEOPLE], bio: 'A mathematician who designed the engine.', facts: [{ s: BABBAGE, p: `${FOAF}made`, o: { iri: ENGINE } }], format: 'json' },
  { uri: '/people/nobody.json', collections: [PEOPLE], bio: 'Nobody in particular.', facts: [], format: 'json' },
  {
    uri: '/notes/engine.xml',
    collections: [],
    bio: 'Notes on the engine, by a mathematician.',
    facts: [
      { s: NOTE, p: `${DCT}subject`, o: { iri: ENGINE } },
      { s: NOTE, p: `${DCT}subject`, o: { iri: ADA } },
    ],
    format: 'xml',
  },
  { uri: '/notes/readme.txt', collections: [], bio: `A mathematician wrote ${ADA} here: text holds no triple.`, facts: [], format: 'text' },
];

/** A triple the graph store holds: no document's, so no document lists it. */
const MANAGED_FACT: Fact = { s: ADA, p: `${FOAF}age`, o: { literal: '36' } };

function content(d: Doc): string {
  if (d.format === 'text') return d.bio;
  if (d.format === 'json') {
    const object = (o: Term) => ('iri' in o ? o.iri : { value: o.literal, ...(o.lang ? { 'xml:lang': o.lang } : {}) });
    return JSON.stringify({ bio: d.bio, facts: d.facts.map((f) => ({ triple: { subject: f.s, predicate: f.p, object: object(f.o) } })) });
  }
  const object = (o: Term) => ('iri' in o ? `<sem:object>${o.iri}</sem:object>` : `<sem:object xml:lang="${o.lang}">${o.literal}</sem:object>`);
  const triples = d.facts.map((f) => `<sem:triple><sem:subject>${f.s}</sem:subject><sem:predicate>${f.p}</sem:predicate>${object(f.o)}</sem:triple>`);
  return `<note xmlns:sem="${SEM}"><body>${d.bio}</body>${triples.join('')}</note>`;
}

const CONTENT_TYPES = { json: 'application/json', xml: 'application/xml', text: 'text/plain' };

async function load(api: ApiFetch): Promise<void> {
  for (const d of DOCS) {
    const collections = d.collections.map((c) => `&collection=${encodeURIComponent(c)}`).join('');
    const res = await api(`/v1/documents?uri=${encodeURIComponent(d.uri)}${collections}`, { method: 'PUT', headers: { 'content-type': CONTENT_TYPES[d.format] }, body: content(d) });
    expect(res.status, res.text).toBe(201);
  }
  const { s, p, o } = MANAGED_FACT;
  const managed = await api(`/v1/graphs?graph=${encodeURIComponent(MANAGED)}`, { method: 'PUT', headers: { 'content-type': 'application/n-triples' }, body: `<${s}> <${p}> "${'literal' in o ? o.literal : ''}" .\n` });
  expect(managed.status, managed.text).toBeLessThan(300);
  // The options set the search journey reads its query with: `bio:` searches the JSON bios only.
  const options = { options: { constraint: [{ name: 'bio', word: { 'json-property': 'bio' } }] } };
  const stored = await api('/v1/config/query/people', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
  expect(stored.status, stored.text).toBeLessThan(300);
}

const doc = (uri: string) => DOCS.find((d) => d.uri === uri)!;
const isIri = (t: Term): t is { iri: string } => 'iri' in t;
/** The documents embedding a triple with `iri` as its subject or object, in URI order. */
const sourcesOf = (iri: string) =>
  DOCS.filter((d) => d.facts.some((f) => f.s === iri || (isIri(f.o) && f.o.iri === iri)))
    .map((d) => d.uri)
    .sort();
/** How a term reads in the console: a known namespace as its prefix, a literal with its language. */
const shown = (iri: string) => iri.replace(FOAF, 'foaf:').replace(DCT, 'dcterms:');
const objectText = (o: Term) => (isIri(o) ? shown(o.iri) : `${o.literal}${o.lang ? `@${o.lang}` : ''}`);
/** SPARQL's ORDER BY for these IRIs and plain strings: by code point. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byTriple = (a: Fact, b: Fact) => byCodePoint(a.s, b.s) || byCodePoint(a.p, b.p) || byCodePoint(isIri(a.o) ? a.o.iri : a.o.literal, isIri(b.o) ? b.o.iri : b.o.literal);
/** The cells of a document's "Embedded triples" table, as the explorer orders them (graph, then s, p, o). */
const embeddedRows = (d: Doc) => [...d.facts].sort(byTriple).map((f) => [shown(f.s), shown(f.p), objectText(f.o), d.collections[0] ?? 'default graph']);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a document shows the triples it embeds; a node lists the documents they come from, and leads back', async ({ page, tabula }) => {
  await load(tabula.fetch);
  const sparqlRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/graphs/sparql')) sparqlRequests.push(decodeURIComponent(r.url()));
  });

  // Open Ada's document from the explorer's listing.
  await page.goto('/#/documents');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByRole('list', { name: 'Folders' }).getByRole('link', { name: 'people/' }).click();
  await page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: /ada\.json/ }).click();
  await expect(page.getByRole('heading', { name: '/people/ada.json' })).toBeVisible();

  // Its triples: subject, predicate, object and graph (its collection), IRIs as links.
  const ada = doc('/people/ada.json');
  const section = page.getByRole('region', { name: /Embedded triples/ });
  await expect(section.getByRole('heading')).toHaveText(`Embedded triples (${ada.facts.length})`);
  const table = section.getByRole('table', { name: 'Embedded triples' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(ada.facts.length);
  for (const [i, cells] of embeddedRows(ada).entries()) await expect(rows.nth(i).locator('td')).toHaveText(cells);

  // A node of it opens the graph browser on that node.
  await table.getByRole('link', { name: BABBAGE }).click();
  await expect(page).toHaveURL(new RegExp(`#/graphs\\?iri=${encodeURIComponent(BABBAGE).replace(/\./g, '\\.')}$`));
  await expect(page.getByRole('heading', { name: BABBAGE, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Outgoing triples' }).locator('tbody tr')).toHaveCount(DOCS.flatMap((d) => d.facts).filter((f) => f.s === BABBAGE).length);

  // The documents its triples come from: Ada's (Babbage as object) and his own (as subject).
  const sources = page.getByRole('list', { name: 'Documents its triples come from' });
  await expect(sources.getByRole('link')).toHaveText(sourcesOf(BABBAGE));
  await expect(page.getByRole('region', { name: /Documents its triples come from/ }).getByRole('heading')).toHaveText(`Documents its triples come from (${sourcesOf(BABBAGE).length})`);

  // Back to Ada's document by its link.
  await sources.getByRole('link', { name: '/people/ada.json' }).click();
  await expect(page).toHaveURL(/#\/documents\?dir=%2Fpeople%2F&uri=%2Fpeople%2Fada\.json$/);
  await expect(page.getByRole('heading', { name: '/people/ada.json' })).toBeVisible();
  await expect(rows).toHaveCount(ada.facts.length);

  // Ada as a node: her managed triple is hers too, but only documents are listed.
  await table.getByRole('link', { name: ADA }).first().click();
  await expect(page.getByRole('heading', { name: ADA, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Outgoing triples' })).toContainText('foaf:age');
  await expect(sources.getByRole('link')).toHaveText(sourcesOf(ADA));

  // The XML note: its triples are in the default graph (it is in no collection).
  await sources.getByRole('link', { name: '/notes/engine.xml' }).click();
  await expect(page.getByRole('heading', { name: '/notes/engine.xml' })).toBeVisible();
  const note = doc('/notes/engine.xml');
  await expect(rows).toHaveCount(note.facts.length);
  for (const [i, cells] of embeddedRows(note).entries()) await expect(rows.nth(i).locator('td')).toHaveText(cells);

  // A JSON document without triples says so; a text one has no such section, and is never asked about.
  await page.goto('/#/documents?dir=/people/&uri=/people/nobody.json');
  await expect(section.getByTestId('no-embedded-triples')).toHaveText('This document embeds no triples.');
  await expect(section.getByRole('heading')).toHaveText('Embedded triples (0)');
  const before = sparqlRequests.length;
  await page.goto('/#/documents?dir=/notes/&uri=/notes/readme.txt');
  await expect(page.getByTestId('document-content')).toContainText('text holds no triple');
  await expect(section).toHaveCount(0);
  expect(sparqlRequests.slice(before), 'no SPARQL request for a text document').toEqual([]);
  // Each document's triples were asked for with a document-query naming it, as MarkLogic reads it.
  expect(sparqlRequests.some((url) => url.includes('"document-query":{"uri":["/people/ada.json"]}'))).toBe(true);
});

test('a search hands its documents to the SPARQL editor, whose query then sees only their triples', async ({ page, tabula }) => {
  await load(tabula.fetch);
  // `bio:` is the options set's constraint on the JSON bios: the note and the text mention the word elsewhere.
  const WORD = 'mathematician';
  const q = `bio:${WORD}`;
  const matching = DOCS.filter((d) => d.format === 'json' && d.bio.includes(WORD));
  expect(DOCS.filter((d) => d.bio.includes(WORD)).length).toBeGreaterThan(matching.length);

  await page.goto('/#/search');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByLabel('Options').selectOption('people');
  await page.getByRole('combobox', { name: 'Query' }).fill(q);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-total')).toHaveText(`${matching.length} results`);

  await page.getByRole('link', { name: 'Query these documents’ triples' }).click();
  // A new tab named after the search, its document query in view; the link is consumed.
  await expect(page).toHaveURL(/#\/sparql$/);
  const tab = page.getByRole('tablist', { name: 'Queries' }).getByRole('tab', { selected: true });
  await expect(tab).toHaveText(`Triples: ${q}`);
  const parameters = page.getByRole('region', { name: 'Request parameters' });
  await expect(parameters.getByLabel('String query')).toHaveValue(q);
  await expect(parameters.getByLabel('Options')).toHaveValue('people');
  await expect(page.getByTestId('matched-documents')).toHaveText(`Matches ${matching.length} documents: the query sees only their triples.`);
  await expect(page.getByRole('button', { name: 'Parameters (2)' })).toHaveAttribute('aria-expanded', 'true');

  // Run: the triples of those documents, each in its collection's graph; not the note's, not the graph store's.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const facts = matching.flatMap((d) => d.facts.map((f) => ({ ...f, g: d.collections[0] }))).sort(byTriple);
  await expect(page.getByTestId('result-count')).toHaveText(`${facts.length} rows`);
  const solutions = page.getByRole('table', { name: 'Solutions' });
  await expect(solutions.getByRole('columnheader')).toHaveText(['#', '?s', '?p', '?o', '?g']);
  // IRIs read as the results table writes them: with a bundled prefix where one fits (foaf:knows, ex:people).
  const cells = (f: (typeof facts)[number]) => [shortenIri(f.s), shortenIri(f.p), isIri(f.o) ? shortenIri(f.o.iri) : `${f.o.literal}${f.o.lang ? `@${f.o.lang}` : ''}`, shortenIri(f.g)];
  await expect(solutions.locator('tbody tr')).toHaveText(facts.map((f, i) => new RegExp(`^${[String(i + 1), ...cells(f)].map(escape).join('\\s*')}$`)));
  await expect(solutions).not.toContainText(NOTE);
  await expect(solutions).not.toContainText(`${FOAF}age`);

  // The request sent (and copied) carries the document query.
  const line = page.getByTestId('sent-request-line');
  await expect(line).toContainText(`q=${encodeURIComponent(q).replace(/%20/g, '+')}`);
  await expect(line).toContainText('options=people');

  // Narrowed by hand: the count follows as typing pauses, and the next run follows the count.
  await parameters.getByLabel('String query').fill(`${q} AND designed`);
  await expect(page.getByTestId('matched-documents')).toHaveText('Matches 1 document: the query sees only their triples.');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText(`${doc('/people/babbage.json').facts.length} row`);
});
