/**
 * The bundled samples: every entry is valid by Tabula's own rules, shown by writing each one
 * through the REST API of a fresh database (documents with their metadata, the quads, the
 * graphs' permissions, the option sets and the index settings), and what searches, facets,
 * values and SPARQL then answer is computed here from the entries themselves. Also: the
 * entries are the same bytes on every call, and the manifest counts what is there.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { testApi, type TestApi } from '../../../test/helpers';
import { samples, type SampleScene } from './index';
import { sceneEntryPath } from '../scene/layout';
import { SAVED_QUERIES_COLLECTION } from './scene-entries';

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const J = { 'content-type': 'application/json' };

interface Metadata {
  uri: string;
  format: string;
  mimeType: string;
  collections: string[];
  permissions: unknown[];
  properties: Record<string, unknown>;
  quality: number;
  metadataValues: Record<string, string>;
}

/** A scene read back from its entries: what a test computes its expectations from. */
function readScene(scene: SampleScene) {
  const entries = scene.entries();
  const json = (name: string) => JSON.parse(text(entries.get(name))) as unknown;
  const documents = [...entries.keys()]
    .filter((k) => k.startsWith('documents/'))
    .map((k) => {
      const path = k.slice('documents/'.length);
      return { path, content: text(entries.get(k)), metadata: json(`metadata/${path}.json`) as Metadata };
    });
  const options = [...entries.keys()].filter((k) => k.startsWith('config/query-options/')).map((k) => ({ name: k.slice('config/query-options/'.length, -'.json'.length), body: json(k) }));
  return {
    entries,
    manifest: json('manifest.json') as { format: string; version: number; created: string; generator: string; counts: { documents: number; triples: number } },
    documents,
    quads: text(entries.get('triples/quads.nq')).split('\n').filter((l) => l !== ''),
    graphs: json('triples/graphs.json') as Array<{ iri: string; permissions: unknown[] }>,
    options,
    database: json('config/database.json'),
  };
}

type Scene = ReturnType<typeof readScene>;

/** `[value, count]` pairs in count-descending then value order, as the tests compare them. */
function tally(values: Iterable<string>): Array<[string, number]> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const facetTally = (facet: { facetValues?: Array<{ name: string; count: number }> } | undefined) =>
  (facet?.facetValues ?? []).map((v) => [v.name, v.count] as [string, number]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

/** Writes a scene through the REST API, checking every answer, as an import would have to accept it. */
async function load(api: TestApi, scene: Scene): Promise<void> {
  const ok = async (path: string, init: RequestInit, what: string) => {
    const res = await api.fetch(path, init);
    expect(res.status, `${what}: ${await res.clone().text()}`).toBeLessThan(300);
  };
  await ok(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, { method: 'PUT', headers: J, body: JSON.stringify(scene.database) }, 'index settings');
  for (const { name, body } of scene.options) await ok(`/v1/config/query/${name}`, { method: 'PUT', headers: J, body: JSON.stringify(body) }, `options ${name}`);
  const boundary = 'sample-boundary';
  for (let i = 0; i < scene.documents.length; i += 100) {
    const parts = scene.documents.slice(i, i + 100).flatMap(({ content, metadata: { uri, format: _format, mimeType, ...metadata } }) => {
      const disposition = `attachment; filename="${uri}"`;
      return [
        `--${boundary}\r\nContent-Type: application/json\r\nContent-Disposition: ${disposition}; category=metadata\r\n\r\n${JSON.stringify(metadata)}\r\n`,
        `--${boundary}\r\nContent-Type: ${mimeType}\r\nContent-Disposition: ${disposition}; category=content\r\n\r\n${content}\r\n`,
      ];
    });
    await ok('/v1/documents', { method: 'POST', headers: { 'content-type': `multipart/mixed; boundary=${boundary}`, accept: 'application/json' }, body: `${parts.join('')}--${boundary}--\r\n` }, `documents from ${i}`);
  }
  await ok('/v1/graphs', { method: 'PUT', headers: { 'content-type': 'application/n-quads' }, body: `${scene.quads.join('\n')}\n` }, 'quads');
  for (const g of scene.graphs) {
    await ok(`/v1/graphs?graph=${encodeURIComponent(g.iri)}&category=permissions`, { method: 'PUT', headers: J, body: JSON.stringify({ permissions: g.permissions }) }, `permissions of ${g.iri}`);
  }
}

const search = async (api: TestApi, query: string) => (await (await api.fetch(`/v1/search?format=json&${query}`)).json()) as {
  total: number;
  facets?: Record<string, { facetValues?: Array<{ name: string; count: number }> }>;
};

async function sparql(api: TestApi, query: string): Promise<Array<Record<string, { value: string }>>> {
  const res = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: query });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { results: { bindings: Array<Record<string, { value: string }>> } }).results.bindings;
}

const values = async (api: TestApi, name: string, options: string, extra = '') => {
  const res = await api.fetch(`/v1/values/${name}?options=${options}&format=json${extra}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { 'values-response': { 'distinct-value'?: Array<{ _value: string; frequency: number }>; 'aggregate-result'?: Array<{ name: string; _value: string }> } })['values-response'];
};

const valueTally = (answer: Awaited<ReturnType<typeof values>>) =>
  (answer['distinct-value'] ?? []).map((v) => [v._value, v.frequency] as [string, number]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));

const jsonDocs = <T>(scene: Scene, prefix: string) => scene.documents.filter((d) => d.metadata.uri.startsWith(prefix)).map((d) => JSON.parse(d.content) as T);
const xmlDocs = (scene: Scene, prefix: string) => scene.documents.filter((d) => d.metadata.uri.startsWith(prefix)).map((d) => d.content);
const xmlValue = (xml: string, pattern: RegExp) => (pattern.exec(xml)?.[1] ?? '').replace(/&amp;/g, '&');

describe('sceneEntryPath', () => {
  test.for([
    ['/books/b1.json', 'books/b1.json'],
    ['/a b/ç?.xml', 'a%20b/%C3%A7%3F.xml'],
    ['/x/./../y~z_-.txt', 'x/%2E/%2E%2E/y~z_-.txt'],
    ['/tabula/queries/q.rq', 'tabula/queries/q.rq'],
    ['/100%/#h', '100%25/%23h'],
  ])('%s → %s', ([uri, path]) => {
    expect(sceneEntryPath(uri)).toBe(path);
  });
});

describe.each(samples.map((s) => [s.name, s] as const))('the %s sample', (_name, sample) => {
  const scene = readScene(sample);
  let api: TestApi;

  beforeAll(async () => {
    api = await testApi();
    await load(api, scene);
  }, 60_000);

  test('two builds are the same bytes, entry for entry, in the same order', () => {
    const again = sample.entries();
    expect([...again.keys()]).toEqual([...scene.entries.keys()]);
    for (const [name, bytes] of again) expect(Buffer.from(bytes).equals(Buffer.from(scene.entries.get(name) as Uint8Array)), name).toBe(true);
  });

  test('the manifest is version 1 of the scene format and counts what the scene holds; entries are named as the layout says', () => {
    expect(scene.manifest).toMatchObject({ format: 'tabula-scene', version: 1, generator: 'tabula samples' });
    expect(new Date(scene.manifest.created).toISOString()).toBe(scene.manifest.created);
    expect(scene.manifest.counts).toEqual({ documents: scene.documents.length, triples: scene.quads.length });
    expect(new Set(scene.quads).size, 'no triple is stated twice').toBe(scene.quads.length);
    for (const d of scene.documents) {
      expect(d.metadata.uri.startsWith('/')).toBe(true);
      expect(sceneEntryPath(d.metadata.uri)).toBe(d.path);
    }
    const metadataEntries = [...scene.entries.keys()].filter((k) => k.startsWith('metadata/'));
    expect(metadataEntries).toHaveLength(scene.documents.length);
    expect(scene.entries.has('config/properties.json')).toBe(false);
    expect([...scene.entries.keys()].some((k) => k.startsWith('security/'))).toBe(false);
    // Big enough for facets and paging to mean something, small enough to load at once.
    expect(scene.documents.length).toBeGreaterThanOrEqual(200);
    expect(scene.quads.length).toBeGreaterThanOrEqual(2000);
  });

  test('every document reads back byte for byte, with the format, MIME type and metadata its entries state', async () => {
    for (const d of scene.documents) {
      const res = await api.fetch(`/v1/documents?uri=${encodeURIComponent(d.metadata.uri)}`);
      expect(res.status, d.metadata.uri).toBe(200);
      expect(res.headers.get('content-type')).toMatch(new RegExp(`^${d.metadata.mimeType.replace(/[+.]/g, '\\$&')}`));
      expect(res.headers.get('vnd.marklogic.document-format')).toBe(d.metadata.format);
      expect(await res.text()).toBe(d.content);
      const { uri: _u, format: _f, mimeType: _m, ...metadata } = d.metadata;
      const stored = await (await api.fetch(`/v1/documents?uri=${encodeURIComponent(d.metadata.uri)}&category=metadata&format=json`)).json();
      expect(stored, d.metadata.uri).toEqual(metadata);
    }
  }, 60_000);

  test('every triple is stored, in its graph, and each graph has the permissions stated', async () => {
    const [all] = await sparql(api, 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }');
    expect(Number(all?.n?.value)).toBe(scene.quads.length);
    for (const g of scene.graphs) {
      const inGraph = scene.quads.filter((q) => q.endsWith(`<${g.iri}> .`)).length;
      const [row] = await sparql(api, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${g.iri}> { ?s ?p ?o } }`);
      expect(Number(row?.n?.value), g.iri).toBe(inGraph);
      const perms = await (await api.fetch(`/v1/graphs?graph=${encodeURIComponent(g.iri)}&category=permissions&format=json`)).json();
      expect(perms).toEqual({ permissions: g.permissions });
    }
  });

  test('the saved queries are in their collection, titled on their first line, and each one runs', async () => {
    const saved = scene.documents.filter((d) => d.metadata.collections.includes(SAVED_QUERIES_COLLECTION));
    expect(saved.length).toBeGreaterThanOrEqual(3);
    expect(saved.length).toBeLessThanOrEqual(5);
    expect((await search(api, `collection=${encodeURIComponent(SAVED_QUERIES_COLLECTION)}&pageLength=0`)).total).toBe(saved.length);
    for (const q of saved) {
      expect(q.metadata).toMatchObject({ format: 'text', mimeType: 'application/sparql-query' });
      expect(q.metadata.uri).toMatch(/^\/tabula\/queries\/[a-z0-9-]+\.rq$/);
      expect(q.content).toMatch(/^# \S.*\n/);
      const res = await api.fetch('/v1/graphs/sparql', { method: 'POST', headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json, application/n-triples' }, body: q.content });
      const body = await res.text();
      expect(res.status, `${q.metadata.uri}: ${body}`).toBe(200);
      expect(body.length, q.metadata.uri).toBeGreaterThan(50);
    }
  });

  test('the option set has constraints, facets, values and tuples, and every range index it needs exists', async () => {
    for (const { name } of scene.options) {
      const report = (await (await api.fetch(`/v1/config/indexes/${name}?format=json`)).json()) as unknown;
      expect(JSON.stringify(report), name).not.toMatch(/"missing"/);
      const options = scene.options.find((o) => o.name === name)?.body as { options: Record<string, unknown[]> };
      expect(options.options.constraint?.length).toBeGreaterThan(3);
      expect(options.options.values?.length).toBeGreaterThan(0);
      expect(options.options.tuples?.length).toBeGreaterThan(0);
    }
  });

  if (sample.name === 'library') describeLibrary(() => ({ api, scene }));
  if (sample.name === 'city') describeCity(() => ({ api, scene }));
});

interface BookJson { title: string; author: string; authorId: string; year: number; genres: string[]; format: string; language: string; price: number; synopsis: string }

function describeLibrary(get: () => { api: TestApi; scene: Scene }) {
  const books = () => jsonDocs<BookJson>(get().scene, '/books/');
  const authors = () => xmlDocs(get().scene, '/authors/');

  test('facets count the books with each genre, author, decade, price band and format', async () => {
    const { api, scene } = get();
    const answer = await search(api, 'options=library&pageLength=0');
    expect(answer.total).toBe(scene.documents.length);
    const all = books();
    expect(facetTally(answer.facets?.genre)).toEqual(tally(all.flatMap((b) => b.genres)));
    expect(facetTally(answer.facets?.format)).toEqual(tally(all.map((b) => b.format)));
    expect(facetTally(answer.facets?.year)).toEqual(tally(all.map((b) => `${Math.floor(b.year / 10) * 10}s`)));
    const band = (p: number) => (p < 10 ? 'under-10' : p < 20 ? '10-20' : p < 30 ? '20-30' : '30-plus');
    expect(facetTally(answer.facets?.price)).toEqual(tally(all.map((b) => band(b.price))));
    expect(facetTally(answer.facets?.author)).toEqual(tally(all.map((b) => b.author)).slice(0, 10));
    expect(facetTally(answer.facets?.country)).toEqual(tally(authors().map((a) => xmlValue(a, /country="([^"]*)"/))));
  });

  test.for(['mystery', 'literary fiction', 'poetry'])('genre:"%s" finds the books of that genre; with a word of the synopsis, those that also have it', async (genre) => {
    const { api } = get();
    const all = books().filter((b) => b.genres.includes(genre));
    expect((await search(api, `options=library&pageLength=0&q=${encodeURIComponent(`genre:"${genre}"`)}`)).total).toBe(all.length);
    const word = 'harbour';
    const expected = all.filter((b) => /\bharbour\b/i.test(b.synopsis)).length;
    expect((await search(api, `options=library&pageLength=0&q=${encodeURIComponent(`genre:"${genre}" synopsis:${word}`)}`)).total).toBe(expected);
  });

  test('values: the prices with their minimum, average and maximum; the author-year tuples', async () => {
    const { api } = get();
    const prices = books().map((b) => b.price);
    const answer = await values(api, 'price', 'library', '&aggregate=min&aggregate=max&aggregate=avg');
    expect(valueTally(answer)).toEqual(tally(prices.map(String)));
    const agg = Object.fromEntries((answer['aggregate-result'] ?? []).map((a) => [a.name, Number(a._value)]));
    expect(agg.min).toBe(Math.min(...prices));
    expect(agg.max).toBe(Math.max(...prices));
    expect(agg.avg).toBeCloseTo(prices.reduce((a, b) => a + b, 0) / prices.length, 6);
    const tuples = (await (await api.fetch('/v1/values/author-year?options=library&format=json')).json()) as { 'values-response': { tuple: unknown[] } };
    expect(tuples['values-response'].tuple).toHaveLength(new Set(books().map((b) => `${b.author}|${b.year}`)).size);
  });

  test('SPARQL: each author wrote the books the documents name, and influence is what the author documents say', async () => {
    const { api } = get();
    const rows = await sparql(api, 'SELECT ?name (COUNT(?b) AS ?n) WHERE { ?b <http://schema.org/author> ?a . ?a <http://www.w3.org/2000/01/rdf-schema#label> ?name } GROUP BY ?name');
    expect(rows.map((r) => [r.name?.value, Number(r.n?.value)]).sort()).toEqual(tally(books().map((b) => b.author)).sort());
    const influences = authors().reduce((n, a) => n + (a.match(/<influence /g)?.length ?? 0), 0);
    const [row] = await sparql(api, 'SELECT (COUNT(*) AS ?n) WHERE { ?a <http://tabula.example/library/vocab/influencedBy> ?b }');
    expect(Number(row?.n?.value)).toBe(influences);
  });
}

interface ReadingJson { station: string; district: string; pollutant: string; value: number; date: string; guideline: number; exceedsGuideline: boolean }

function describeCity(get: () => { api: TestApi; scene: Scene }) {
  const readings = () => jsonDocs<ReadingJson>(get().scene, '/measurements/');
  const reports = () => xmlDocs(get().scene, '/reports/');

  test('facets count the readings by pollutant, district and level, and the reports by topic, status, half-year and committee', async () => {
    const { api, scene } = get();
    const answer = await search(api, 'options=city&pageLength=0');
    expect(answer.total).toBe(scene.documents.length);
    const all = readings();
    expect(facetTally(answer.facets?.pollutant)).toEqual(tally(all.map((r) => r.pollutant)));
    expect(facetTally(answer.facets?.district)).toEqual(tally(all.map((r) => r.district)));
    const level = (v: number) => (v < 20 ? 'low' : v < 40 ? 'moderate' : v < 80 ? 'high' : 'very-high');
    expect(facetTally(answer.facets?.value)).toEqual(tally(all.map((r) => level(r.value))));
    expect(facetTally(answer.facets?.day)).toEqual(tally(all.map((r) => r.date)));
    const xml = reports();
    expect(facetTally(answer.facets?.topic)).toEqual(tally(xml.map((r) => xmlValue(r, /<r:topic>([^<]*)</))));
    expect(facetTally(answer.facets?.status)).toEqual(tally(xml.map((r) => xmlValue(r, /status="([^"]*)"/))));
    expect(facetTally(answer.facets?.area)).toEqual(tally(xml.map((r) => xmlValue(r, /<r:district>([^<]*)</))));
    const half = (d: string) => `${d.slice(0, 4)}-h${Number(d.slice(5, 7)) <= 6 ? 1 : 2}`;
    expect(facetTally(answer.facets?.published)).toEqual(tally(xml.map((r) => half(xmlValue(r, /<dc:date>([^<]*)</)))));
    expect(facetTally(answer.facets?.committee)).toEqual(tally(scene.documents.flatMap((d) => d.metadata.collections.filter((c) => c.startsWith('committee/')).map((c) => c.slice('committee/'.length)))));
  });

  test.for(['NO2', 'PM2.5', 'O3'])('pollutant:%s AND exceeds:true finds the readings over the guideline', async (pollutant) => {
    const { api } = get();
    const expected = readings().filter((r) => r.pollutant === pollutant && r.exceedsGuideline);
    expect(expected.every((r) => r.value > r.guideline)).toBe(true);
    expect((await search(api, `options=city&pageLength=0&q=${encodeURIComponent(`pollutant:"${pollutant}" AND exceeds:true`)}`)).total).toBe(expected.length);
  });

  test('values: every reading with its minimum and maximum; the district-pollutant tuples', async () => {
    const { api } = get();
    const all = readings().map((r) => r.value);
    const answer = await values(api, 'value', 'city', '&aggregate=min&aggregate=max');
    expect(valueTally(answer).map(([v, n]) => [Number(v), n])).toEqual(tally(all.map(String)).map(([v, n]) => [Number(v), n]));
    const agg = Object.fromEntries((answer['aggregate-result'] ?? []).map((a) => [a.name, Number(a._value)]));
    expect([agg.min, agg.max]).toEqual([Math.min(...all), Math.max(...all)]);
    const tuples = (await (await api.fetch('/v1/values/district-pollutant?options=city&format=json')).json()) as { 'values-response': { tuple: Array<{ frequency: number }> } };
    expect(tuples['values-response'].tuple.map((t) => t.frequency).sort()).toEqual(tally(readings().map((r) => `${r.district}|${r.pollutant}`)).map(([, n]) => n).sort());
  });

  test('SPARQL: the observations over their guideline are the readings the documents flag; reports under air quality follow the topic tree', async () => {
    const { api } = get();
    const [over] = await sparql(api, `PREFIX sosa: <http://www.w3.org/ns/sosa/>
      SELECT (COUNT(*) AS ?n) WHERE { ?o sosa:hasSimpleResult ?v ; sosa:observedProperty/<http://tabula.example/city/vocab/guideline> ?g FILTER (?v > ?g) }`);
    expect(Number(over?.n?.value)).toBe(readings().filter((r) => r.exceedsGuideline).length);
    // The topics under air quality, at any depth, read off the topic tree's own quads.
    const broader = new Map(get().scene.quads.flatMap((q) => {
      const m = /^<[^>]*\/topic\/([^>]*)> <http:\/\/www\.w3\.org\/2004\/02\/skos\/core#broader> <[^>]*\/topic\/([^>]*)>/.exec(q);
      return m ? [[m[1] as string, m[2] as string]] : [];
    }));
    const under = (t: string | undefined): boolean => t !== undefined && (t === 'air-quality' || under(broader.get(t)));
    const airTopics = [...broader.keys()].filter(under);
    expect(airTopics.length).toBeGreaterThan(1);
    const [air] = await sparql(api, `SELECT (COUNT(*) AS ?n) WHERE { ?r <http://purl.org/dc/terms/subject>/<http://www.w3.org/2004/02/skos/core#broader>* <http://tabula.example/city/topic/air-quality> }`);
    expect(Number(air?.n?.value)).toBe(reports().filter((r) => airTopics.includes(xmlValue(r, /<r:topic>([^<]*)</))).length);
  });
}
