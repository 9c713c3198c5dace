import { describe, expect, test, vi } from 'vitest';
import { Database } from '../database';
import { cancelledError, Deadline, SLICE_MS } from '../deadline';
import type { Permission } from '../documents/types';
import { effectiveRoles } from '../security/types';
import type { Principal } from '../security/types';
import type { QueryOptions } from '../options/types';
import type { Query, TermOptions } from './query-model';
import type { SearchResponse } from './response-model';

let counter = 0;
const admin: Principal = { name: 'admin', roles: effectiveRoles(['admin']) };
const appUser: Principal = { name: 'someone', roles: effectiveRoles(['app-user']) };

async function openDb(name = `search-${process.pid}-${++counter}-${Date.now()}`, search?: Database['search'] extends never ? never : { snapshotAfterChanges?: number; snapshotWhenIdleMs?: number }) {
  return Database.open({ indexedDB, name, search });
}

interface Doc {
  uri: string;
  json?: unknown;
  xml?: string;
  text?: string;
  collections?: string[];
  properties?: Record<string, unknown>;
  quality?: number;
  permissions?: Permission[];
}

async function put(db: Database, ...docs: Doc[]): Promise<void> {
  await db.documents.write(
    docs.map((d) => ({
      uri: d.uri,
      content:
        d.json !== undefined
          ? { format: 'json' as const, content: JSON.stringify(d.json), mimeType: 'application/json' }
          : d.xml !== undefined
            ? { format: 'xml' as const, content: d.xml, mimeType: 'application/xml' }
            : { format: 'text' as const, content: d.text ?? '', mimeType: 'text/plain' },
      metadata: {
        ...(d.collections ? { collections: d.collections } : {}),
        ...(d.properties ? { properties: { mode: 'replace' as const, value: d.properties } } : {}),
        ...(d.quality !== undefined ? { quality: d.quality } : {}),
        ...(d.permissions ? { permissions: { mode: 'replace' as const, value: d.permissions } } : {}),
      },
    })),
    admin,
  );
}

const word = (text: string | string[], options: TermOptions = {}, scope?: Query & { kind: 'word' } extends { scope?: infer S } ? S : never): Query => ({
  kind: 'word',
  text: Array.isArray(text) ? text : [text],
  options,
  ...(scope ? { scope } : {}),
});

async function run(db: Database, query: Query, extra: { options?: QueryOptions; start?: number; pageLength?: number; principal?: Principal } = {}): Promise<SearchResponse> {
  const { response } = await db.search.search({
    query,
    qtext: [],
    options: extra.options ?? {},
    start: extra.start ?? 1,
    pageLength: extra.pageLength ?? 10,
    principal: extra.principal ?? admin,
  });
  return response;
}

const uris = (r: SearchResponse) => (r.results ?? []).map((x) => x.uri).sort();

/** A small corpus with JSON, XML and text documents. */
async function corpus(): Promise<Database> {
  const db = await openDb();
  await put(
    db,
    { uri: '/recipes/soup.json', json: { title: 'Tomato soup with basil', cuisine: 'italian', servings: 4, vegan: true, notes: { tip: 'Roast the tomatoes first' } }, collections: ['recipes', 'italian'] },
    { uri: '/recipes/stew.xml', xml: '<recipe lang="fr"><title>Beef stew</title><notes>Thicker than a soup, cooked for hours</notes><servings>6</servings></recipe>', collections: ['recipes', 'french'] },
    { uri: '/recipes/salad.json', json: { title: 'Green salad', cuisine: 'French', servings: 2, tags: ['quick', 'raw'], notes: { tip: 'Running late? Skip the dressing.' } }, collections: ['recipes', 'french'] },
    { uri: '/notes/shopping.txt', text: 'Buy tomatoes, basil and café beans. Soup on Sunday.' },
    { uri: '/notes/Café.json', json: { title: 'Café au lait', body: 'Coffee with hot milk' }, properties: { author: 'Marie Curie', reviewed: true } },
  );
  return db;
}

describe('search: words and phrases', () => {
  test.for([
    { name: 'a word anywhere, case-insensitive for lower-case text', query: word('soup'), expected: ['/notes/shopping.txt', '/recipes/soup.json', '/recipes/stew.xml'] },
    { name: 'an upper-case word is case-sensitive', query: word('Soup'), expected: ['/notes/shopping.txt'] },
    { name: 'diacritics are ignored unless the text has some', query: word('cafe'), expected: ['/notes/Café.json', '/notes/shopping.txt'] },
    { name: 'a word with diacritics matches only them', query: word('café'), expected: ['/notes/Café.json', '/notes/shopping.txt'] },
    { name: 'stemming by default: "tomato" finds "tomatoes"', query: word('tomato'), expected: ['/notes/shopping.txt', '/recipes/soup.json'] },
    { name: 'unstemmed finds the word only', query: word('tomato', { stemmed: false }), expected: ['/recipes/soup.json'] },
    { name: '"run" finds "Running" (stemmed)', query: word('run'), expected: ['/recipes/salad.json'] },
    { name: 'a phrase needs its words adjacent and in order', query: word('tomato soup'), expected: ['/recipes/soup.json'] },
    { name: 'a phrase in the wrong order does not match', query: word('soup tomato'), expected: [] },
    { name: 'a phrase does not span two values', query: word('basil roast'), expected: [] },
    { name: 'wildcards when enabled', query: word('sal*', { wildcarded: true }), expected: ['/recipes/salad.json'] },
    { name: 'without wildcards the star is punctuation', query: word('sal*'), expected: [] },
    { name: 'several texts are ORed', query: word(['stew', 'salad']), expected: ['/recipes/salad.json', '/recipes/stew.xml'] },
    { name: 'numbers in JSON are values, not words', query: word('4'), expected: [] },
    { name: 'XML attribute values are searchable words', query: word('fr'), expected: ['/recipes/stew.xml'] },
  ])('$name', async ({ query, expected }) => {
    const db = await corpus();
    expect(uris(await run(db, query))).toEqual(expected);
  });
});

describe('search: scopes, values and structure', () => {
  test.for([
    { name: 'a word in a JSON property and its descendants', query: word('tomatoes', {}, { kind: 'json-property', name: 'notes' }), expected: ['/recipes/soup.json'] },
    { name: 'a word in a JSON property, not elsewhere', query: word('basil', {}, { kind: 'json-property', name: 'notes' }), expected: [] },
    { name: 'a word in an XML element', query: word('soup', {}, { kind: 'element', name: 'notes', ns: '' }), expected: ['/recipes/stew.xml'] },
    { name: 'json-property scopes do not see XML elements', query: word('stew', {}, { kind: 'json-property', name: 'title' }), expected: [] },
    {
      name: 'a container query scopes its words',
      query: { kind: 'container', scope: { kind: 'json-property', name: 'notes' }, query: { kind: 'and', queries: [word('skip'), word('dressing')] } } as Query,
      expected: ['/recipes/salad.json'],
    },
    { name: 'a value query matches the whole value, case-insensitively', query: { kind: 'value', values: ['french'], scope: { kind: 'json-property', name: 'cuisine' }, options: {} } as Query, expected: ['/recipes/salad.json'] },
    { name: 'a value query does not match part of a value', query: { kind: 'value', values: ['tomato'], scope: { kind: 'json-property', name: 'title' }, options: {} } as Query, expected: [] },
    { name: 'an exact value query respects case', query: { kind: 'value', values: ['french'], scope: { kind: 'json-property', name: 'cuisine' }, options: { exact: true } } as Query, expected: [] },
    { name: 'a number value', query: { kind: 'value', values: [4], scope: { kind: 'json-property', name: 'servings' }, options: {} } as Query, expected: ['/recipes/soup.json'] },
    { name: 'a boolean value', query: { kind: 'value', values: [true], scope: { kind: 'json-property', name: 'vegan' }, options: {} } as Query, expected: ['/recipes/soup.json'] },
    { name: 'array items are values of their property', query: { kind: 'value', values: ['raw'], scope: { kind: 'json-property', name: 'tags' }, options: {} } as Query, expected: ['/recipes/salad.json'] },
    { name: 'an XML element value compared as a number', query: { kind: 'value', values: [6], scope: { kind: 'element', name: 'servings', ns: '' }, options: {} } as Query, expected: ['/recipes/stew.xml'] },
    { name: 'properties queries search the document properties', query: { kind: 'properties', query: word('curie') } as Query, expected: ['/notes/Café.json'] },
    { name: 'content words are not properties', query: { kind: 'properties', query: word('coffee') } as Query, expected: [] },
    { name: 'collection', query: { kind: 'collection', uris: ['french'] } as Query, expected: ['/recipes/salad.json', '/recipes/stew.xml'] },
    { name: 'directory, one level', query: { kind: 'directory', uris: ['/notes/'], infinite: false } as Query, expected: ['/notes/Café.json', '/notes/shopping.txt'] },
    { name: 'directory of the root, one level, holds nothing here', query: { kind: 'directory', uris: ['/'], infinite: false } as Query, expected: [] },
    { name: 'document', query: { kind: 'document', uris: ['/recipes/soup.json', '/missing.json'] } as Query, expected: ['/recipes/soup.json'] },
    { name: 'not', query: { kind: 'not', query: { kind: 'collection', uris: ['recipes'] } } as Query, expected: ['/notes/Café.json', '/notes/shopping.txt'] },
    { name: 'and-not', query: { kind: 'and-not', positive: word('soup'), negative: { kind: 'collection', uris: ['french'] } } as Query, expected: ['/notes/shopping.txt', '/recipes/soup.json'] },
    // Positions run through the whole document: "Tomato soup with basil", "italian", then "Roast the tomatoes first" puts soup at 1 and tomatoes at 7.
    { name: 'near within the distance', query: { kind: 'near', queries: [word('tomatoes', { stemmed: false }), word('soup')], distance: 6 } as Query, expected: ['/notes/shopping.txt', '/recipes/soup.json'] },
    { name: 'near beyond the distance', query: { kind: 'near', queries: [word('tomatoes', { stemmed: false }), word('soup')], distance: 4 } as Query, expected: [] },
    { name: 'ordered near keeps the order', query: { kind: 'near', queries: [word('soup'), word('tomatoes', { stemmed: false })], distance: 10, ordered: true } as Query, expected: ['/recipes/soup.json'] },
    { name: 'an ordered AND keeps the order, any distance apart', query: { kind: 'and', queries: [word('soup'), word('sunday')], ordered: true } as Query, expected: ['/notes/shopping.txt'] },
    { name: 'an ordered AND in the wrong order matches nothing', query: { kind: 'and', queries: [word('sunday'), word('soup')], ordered: true } as Query, expected: [] },
    { name: 'not-in: a word outside a phrase', query: { kind: 'not-in', positive: word('soup'), negative: word('tomato soup') } as Query, expected: ['/notes/shopping.txt', '/recipes/stew.xml'] },
    { name: 'false', query: { kind: 'false' } as Query, expected: [] },
  ])('$name', async ({ query, expected }) => {
    const db = await corpus();
    expect(uris(await run(db, query, { pageLength: 100 }))).toEqual(expected);
  });
});

describe('search: the response', () => {
  test('total, paging and indexes; every document for the empty query, in URI order when scores tie', async () => {
    const db = await corpus();
    const all = await run(db, { kind: 'true' }, { start: 2, pageLength: 2 });
    expect(all.total).toBe(5);
    expect(all.results!.map((r) => [r.index, r.uri, r.score, r.confidence, r.fitness])).toEqual([
      [2, '/notes/shopping.txt', 0, 0, 0],
      [3, '/recipes/salad.json', 0, 0, 0],
    ]);
    expect((await run(db, { kind: 'true' }, { start: 9 })).results).toEqual([]);
  });

  test('relevance: more occurrences score higher; confidence and fitness stay within [0, 1]', async () => {
    const db = await openDb();
    await put(db, { uri: '/one.txt', text: 'apple pie' }, { uri: '/three.txt', text: 'apple apple apple crumble' }, { uri: '/none.txt', text: 'pear tart' });
    const r = await run(db, word('apple'));
    expect(r.results!.map((x) => x.uri)).toEqual(['/three.txt', '/one.txt']);
    expect(r.results![0].score).toBeGreaterThan(r.results![1].score);
    for (const x of r.results!) {
      expect(Number.isInteger(x.score)).toBe(true);
      expect(x.confidence).toBeGreaterThan(0);
      expect(x.confidence).toBeLessThanOrEqual(1);
      expect(x.fitness).toBeGreaterThan(0);
      expect(x.fitness).toBeLessThanOrEqual(1);
    }
  });

  test('a phrase ORed with a word ranks every match by how often it holds the phrase, also those only the word matched', async () => {
    const db = await openDb();
    const texts: Record<string, string> = { '/two.txt': 'red apple red apple pear', '/one.txt': 'red apple pear', '/apart.txt': 'apple red pear', '/pear.txt': 'pear' };
    await put(db, ...Object.entries(texts).map(([uri, text]) => ({ uri, text })));
    const r = await run(db, { kind: 'or', queries: [word('red apple'), word('pear')] });
    const score = new Map(r.results!.map((x) => [x.uri, x.score]));
    const phraseCount = (uri: string) => texts[uri].split('red apple').length - 1;
    const byCount = Object.keys(texts).sort((a, b) => phraseCount(b) - phraseCount(a) || (a < b ? -1 : 1));
    expect(r.results!.map((x) => x.uri)).toEqual(byCount);
    expect(score.get('/two.txt')!).toBeGreaterThan(score.get('/one.txt')!);
    expect(score.get('/one.txt')!).toBeGreaterThan(score.get('/apart.txt')!);
    expect(score.get('/apart.txt')).toBe(score.get('/pear.txt'));
  });

  test('a phrase counts only where it lies in one value: adjacent words of two values are not an occurrence', async () => {
    const db = await openDb();
    await put(
      db,
      // Word positions run on across values: "red" of a and "apple" of b stand side by side.
      { uri: '/split.json', json: { a: 'red', b: 'apple' } },
      { uri: '/once.json', json: { a: 'red', b: 'apple red apple' } },
      { uri: '/twice.json', json: { a: 'red apple', b: 'red apple' } },
      { uri: '/three-split.json', json: { a: 'big red', b: 'apple' } },
      { uri: '/three.json', json: { a: 'big red apple' } },
    );
    const r = await run(db, word('red apple'));
    // Ties (one occurrence each) in URI order.
    expect(r.results!.map((x) => x.uri)).toEqual(['/twice.json', '/once.json', '/three.json']);
    const score = new Map(r.results!.map((x) => [x.uri, x.score]));
    expect(score.get('/twice.json')!).toBeGreaterThan(score.get('/once.json')!);
    expect(uris(await run(db, word('big red apple')))).toEqual(['/three.json']);
  });

  test('a phrase whose words have several stemmed forms counts every occurrence of any form', async () => {
    const db = await openDb();
    // "apples" and "apple" are two keys of one stem: each form of the first word walks the second's positions anew.
    const texts: Record<string, string> = { '/both-forms.txt': 'apples pie apple pie', '/one.txt': 'apple pie pear', '/none.txt': 'pie apple' };
    await put(db, ...Object.entries(texts).map(([uri, text]) => ({ uri, text })));
    const r = await run(db, word('apple pie'));
    expect(r.results!.map((x) => x.uri)).toEqual(['/both-forms.txt', '/one.txt']);
    const score = new Map(r.results!.map((x) => [x.uri, x.score]));
    expect(score.get('/both-forms.txt')!).toBeGreaterThan(score.get('/one.txt')!);
  });

  test('pages come in full result order, also when only the first page is put in order (many matches)', async () => {
    const db = await openDb();
    // 300 documents, scores falling with the document number in steps of 3 (ties broken by URI).
    const docs = Array.from({ length: 300 }, (_, i) => ({ uri: `/d/${String(i).padStart(3, '0')}.txt`, text: `${'apple '.repeat(1 + Math.floor((300 - i) / 3))}pie` }));
    await put(db, ...docs);
    const all = await run(db, word('apple'), { pageLength: 300 });
    const expected = all.results!.map((r) => r.uri);
    expect(expected.slice(0, 4)).toEqual(['/d/000.txt', '/d/001.txt', '/d/002.txt', '/d/003.txt']);
    for (const start of [1, 11, 151, 291]) {
      const page = await run(db, word('apple'), { start, pageLength: 10 });
      expect(page.results!.map((r) => r.uri)).toEqual(expected.slice(start - 1, start + 9));
    }
  });

  test('a word ranked again in a few of its documents scores them the same from its frequency table as counted in their texts', async () => {
    const db = await openDb();
    // "apple" is in 40 documents, 1–4 times; "rare" in 3 of them: the AND ranks a small share of apple's documents.
    const docs = Array.from({ length: 40 }, (_, i) => ({ uri: `/f/${String(i).padStart(2, '0')}.txt`, text: `${'apple '.repeat(1 + (i % 4))}${i % 13 === 0 ? 'rare' : 'common'} filler` }));
    await put(db, ...docs);
    const query: Query = { kind: 'and', queries: [word('apple'), word('rare')] };
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push((await run(db, query)).results!.map((x) => [x.uri, x.score]));
    // "rare" is in documents 0, 13, 26 and 39, which hold "apple" 1, 2, 3 and 4 times.
    expect(runs[0].map(([uri]) => uri)).toEqual(['/f/39.txt', '/f/26.txt', '/f/13.txt', '/f/00.txt']);
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  test('quality boosts the score when the options weigh it, as qualities change, and after a reopen from the snapshot', async () => {
    const name = `quality-${process.pid}-${Date.now()}`;
    const db = await openDb(name);
    const order = async (d: Database) => (await run(d, word('apple'), { options: { 'quality-weight': 1 } })).results!.map((x) => x.uri);
    await put(db, { uri: '/a.txt', text: 'apple', quality: 0 }, { uri: '/b.txt', text: 'apple', quality: 0 });
    expect(await order(db)).toEqual(['/a.txt', '/b.txt']);
    await put(db, { uri: '/b.txt', text: 'apple', quality: 10 });
    expect(await order(db)).toEqual(['/b.txt', '/a.txt']);
    // b back to 0 and a negative quality for a: the quality term still counts while any document has one.
    await put(db, { uri: '/b.txt', text: 'apple', quality: 0 }, { uri: '/a.txt', text: 'apple', quality: -5 });
    expect(await order(db)).toEqual(['/b.txt', '/a.txt']);
    await db.search.snapshot();
    db.close();
    const again = await openDb(name);
    expect(await order(again)).toEqual(['/b.txt', '/a.txt']);
    await put(again, { uri: '/a.txt', text: 'apple', quality: 0 });
    expect(await order(again)).toEqual(['/a.txt', '/b.txt']);
    again.close();
  });

  test('snippets highlight what matched, with the match path', async () => {
    const db = await corpus();
    const r = await run(db, word('soup'), { pageLength: 10 });
    const soup = r.results!.find((x) => x.uri === '/recipes/soup.json')!;
    expect(soup.path).toBe('fn:doc("/recipes/soup.json")');
    expect(soup.matches).toEqual([{ path: 'fn:doc("/recipes/soup.json")/text("title")', text: ['Tomato ', { highlight: 'soup' }, ' with basil'] }]);
    const stew = r.results!.find((x) => x.uri === '/recipes/stew.xml')!;
    expect(stew.matches).toEqual([{ path: 'fn:doc("/recipes/stew.xml")/recipe/notes', text: ['Thicker than a ', { highlight: 'soup' }, ', cooked for hours'] }]);
  });

  test('a long text is cut around the highlight with ellipses', async () => {
    const db = await openDb();
    const words = Array.from({ length: 80 }, (_, i) => `w${i}`);
    words[40] = 'needle';
    await put(db, { uri: '/long.txt', text: words.join(' ') });
    const r = await run(db, word('needle'), { options: { 'transform-results': { apply: 'snippet', 'per-match-tokens': 5 } } });
    expect(r.results![0].matches).toEqual([{ path: 'fn:doc("/long.txt")', text: ['…w38 w39 ', { highlight: 'needle' }, ' w41 w42…'] }]);
  });

  test.for([
    { selected: 'include' as const, soup: { extracted: { kind: 'array', content: [{ title: 'Tomato soup with basil' }, { tip: 'Roast the tomatoes first' }] } }, stew: { extracted: { kind: 'element', content: ['<title>Beef stew</title>'] } } },
    { selected: 'include-with-ancestors' as const, soup: { extracted: { kind: 'object', content: [{ title: 'Tomato soup with basil', notes: { tip: 'Roast the tomatoes first' } }] } }, stew: { extracted: { kind: 'element', content: ['<recipe lang="fr"><title>Beef stew</title></recipe>'] } } },
    { selected: 'exclude' as const, soup: { extracted: { kind: 'object', content: [{ cuisine: 'italian', servings: 4, vegan: true, notes: {} }] } }, stew: { extracted: { kind: 'element', content: ['<recipe lang="fr"><notes>Thicker than a soup, cooked for hours</notes><servings>6</servings></recipe>'] } } },
  ])('extract-document-data, selected=$selected', async ({ selected, soup, stew }) => {
    const db = await corpus();
    // Absolute paths: /title is the JSON root's property, /recipe/title the XML root's child.
    const options: QueryOptions = { 'extract-document-data': { selected, 'extract-path': ['/title', '/notes/tip', '/recipe/title'] } };
    const r = await run(db, word('soup'), { options });
    const of = (uri: string) => {
      const x = r.results!.find((y) => y.uri === uri)!;
      return { extracted: x.extracted, ...(x.extractedNone ? { extractedNone: true } : {}) };
    };
    expect(of('/recipes/soup.json')).toEqual(soup);
    expect(of('/recipes/stew.xml')).toEqual(stew);
    expect(of('/notes/shopping.txt')).toEqual({ extracted: undefined, extractedNone: true });
  });

  test('collection facets count the matching documents per collection', async () => {
    const db = await corpus();
    const options: QueryOptions = { constraint: [{ name: 'coll', collection: { prefix: '' } }] };
    const r = await run(db, word('soup'), { options });
    expect(r.facets).toEqual({
      coll: {
        type: 'collection',
        values: [
          { name: 'french', count: 1, value: 'french' },
          { name: 'italian', count: 1, value: 'italian' },
          { name: 'recipes', count: 2, value: 'recipes' },
        ],
      },
    });
    const byFrequency = await run(db, { kind: 'true' }, { options: { constraint: [{ name: 'coll', collection: { prefix: '', 'facet-option': ['frequency-order', 'limit=2'] } }] } });
    expect(byFrequency.facets!.coll.values.map((v) => [v.name, v.count])).toEqual([
      ['recipes', 3],
      ['french', 2],
    ]);
  });

  test('a range query without a range index fails as on the real server', async () => {
    const db = await corpus();
    await expect(run(db, { kind: 'range', index: { scope: { kind: 'json-property', name: 'servings' }, type: 'int' }, operator: 'GT', values: ['2'] })).rejects.toMatchObject({
      code: 'XDMP-ELEMRIDXNOTFOUND',
      status: 400,
    });
  });

  test('documents the user may not read are invisible, in the results and in the total', async () => {
    const db = await openDb();
    await put(
      db,
      { uri: '/public.txt', text: 'secret plans' },
      { uri: '/shared.txt', text: 'secret plans', permissions: [{ 'role-name': 'app-user', capabilities: ['read'] }] },
    );
    expect((await run(db, word('secret'), { principal: admin })).total).toBe(2);
    // app-user may read only what names it (the defaults give rest-reader read).
    const r = await run(db, word('secret'), { principal: appUser });
    expect([r.total, uris(r)]).toEqual([1, ['/shared.txt']]);
  });
});

describe('search: kept in step with the documents, durably', () => {
  test('a write is findable by the next search, a replaced text is not, a deleted document is gone', async () => {
    const db = await openDb();
    await put(db, { uri: '/a.txt', text: 'first draft' });
    expect(uris(await run(db, word('draft')))).toEqual(['/a.txt']);
    await put(db, { uri: '/a.txt', text: 'final version' });
    expect(uris(await run(db, word('draft')))).toEqual([]);
    expect(uris(await run(db, word('final')))).toEqual(['/a.txt']);
    await db.documents.update('/a.txt', admin, undefined, (doc) => ({ content: `${doc.content as string} revised` }));
    expect(uris(await run(db, word('revised')))).toEqual(['/a.txt']);
    await db.documents.remove(['/a.txt'], admin);
    expect((await run(db, { kind: 'true' })).total).toBe(0);
  });

  test('metadata changes reach the index (collections)', async () => {
    const db = await openDb();
    await put(db, { uri: '/a.txt', text: 'x', collections: ['old'] });
    await run(db, { kind: 'true' });
    await db.documents.write([{ uri: '/a.txt', metadata: { collections: ['new'] } }], admin);
    expect(uris(await run(db, { kind: 'collection', uris: ['new'] }))).toEqual(['/a.txt']);
    await db.documents.resetMetadata(['/a.txt'], ['collections'], admin);
    expect(uris(await run(db, { kind: 'collection', uris: ['new'] }))).toEqual([]);
  });

  test('after a restart without a snapshot, every document is re-indexed from the store', async () => {
    const name = `search-restart-${process.pid}-${++counter}`;
    const db = await openDb(name);
    await put(db, { uri: '/a.txt', text: 'alpha' }, { uri: '/b.txt', text: 'beta' });
    db.close();
    const again = await openDb(name);
    expect(uris(await run(again, word('alpha')))).toEqual(['/a.txt']);
  });

  test('after a restart, the snapshot plus the changes made since come back exactly, deletes included', async () => {
    const name = `search-snapshot-${process.pid}-${++counter}`;
    const db = await openDb(name);
    await put(db, { uri: '/a.txt', text: 'alpha one' }, { uri: '/b.txt', text: 'beta one' }, { uri: '/c.json', json: { t: 'gamma' }, properties: { p: 'delta' } });
    await run(db, { kind: 'true' });
    await db.search.snapshot();
    expect(await db.idb.count('search-changes')).toBe(0);
    await put(db, { uri: '/a.txt', text: 'alpha two' }, { uri: '/d.txt', text: 'epsilon' });
    await db.documents.remove(['/b.txt'], admin);
    expect(await db.idb.count('search-changes')).toBe(2);
    db.close();
    const again = await openDb(name);
    expect(uris(await run(again, word('one')))).toEqual([]);
    expect(uris(await run(again, word('two')))).toEqual(['/a.txt']);
    expect(uris(await run(again, word('epsilon')))).toEqual(['/d.txt']);
    expect(uris(await run(again, word('beta')))).toEqual([]);
    expect(uris(await run(again, { kind: 'properties', query: word('delta') }))).toEqual(['/c.json']);
    expect(uris(await run(again, word('gamma', {}, { kind: 'json-property', name: 't' })))).toEqual(['/c.json']);
  });

  test('a snapshot is written by itself once enough changed and writes paused', async () => {
    const db = await openDb(undefined, { snapshotAfterChanges: 3, snapshotWhenIdleMs: 50 });
    await run(db, { kind: 'true' });
    await put(db, { uri: '/1.txt', text: 'a' }, { uri: '/2.txt', text: 'b' }, { uri: '/3.txt', text: 'c' });
    await db.search.settled();
    expect(await db.idb.count('search-snapshot')).toBeGreaterThan(0);
    expect(await db.idb.count('search-changes')).toBe(0);
  });
});

describe('search: range indexes', () => {
  const servings = { 'scalar-type': 'int', 'namespace-uri': '', localname: 'servings', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' };
  const cuisine = { 'scalar-type': 'string', 'namespace-uri': '', localname: 'cuisine', collation: 'http://marklogic.com/collation/', 'range-value-positions': false, 'invalid-values': 'reject' };
  const servingsRef = { scope: { kind: 'json-property' as const, name: 'servings' }, type: 'int' as const };
  const range = (operator: 'LT' | 'GE' | 'EQ', value: string): Query => ({ kind: 'range', index: servingsRef, operator, values: [value] });

  test('an index configured after the documents is built in the background, then answers comparisons (JSON properties and XML elements)', async () => {
    const db = await corpus();
    await run(db, { kind: 'true' });
    await db.indexes.update({ 'range-element-index': [servings] });
    await db.search.rangeIndexesSettled();
    // The index holds both formats' values; a json-property range matches JSON documents, an element range XML ones.
    expect(uris(await run(db, range('GE', '4')))).toEqual(['/recipes/soup.json']);
    expect(uris(await run(db, range('LT', '4')))).toEqual(['/recipes/salad.json']);
    const element: Query = { kind: 'range', index: { ...servingsRef, scope: { kind: 'element', name: 'servings', ns: '' } }, operator: 'GE', values: ['4'] };
    expect(uris(await run(db, element))).toEqual(['/recipes/stew.xml']);
    expect(db.search.rangeIndexStatus()).toMatchObject([{ state: 'ready', documents: 3 }]);
  });

  test('writes keep the index in step, and a value the index cannot take is refused, changing nothing', async () => {
    const db = await openDb();
    await db.indexes.update({ 'range-element-index': [servings] });
    await put(db, { uri: '/a.json', json: { servings: 3 } });
    expect(uris(await run(db, range('EQ', '3')))).toEqual(['/a.json']);
    await put(db, { uri: '/a.json', json: { servings: 5 } });
    expect(uris(await run(db, range('EQ', '3')))).toEqual([]);
    await expect(put(db, { uri: '/b.json', json: { servings: 'many' } })).rejects.toMatchObject({ code: 'XDMP-RANGEINDEX', status: 400 });
    expect(await db.documents.read('/b.json', admin)).toBeUndefined();
  });

  test('range facets, buckets and sorting by a range index', async () => {
    const db = await corpus();
    await db.indexes.update({ 'range-element-index': [servings, cuisine] });
    await db.search.rangeIndexesSettled();
    const options: QueryOptions = {
      constraint: [
        { name: 'cuisine', range: { type: 'xs:string', 'json-property': 'cuisine', collation: 'http://marklogic.com/collation/' } },
        { name: 'size', range: { type: 'xs:int', 'json-property': 'servings', bucket: [{ name: 'small', lt: '3', label: 'Small' }, { name: 'large', ge: '3', label: 'Large' }] } },
      ],
      'sort-order': [{ direction: 'descending', type: 'xs:int', 'json-property': 'servings' }],
    };
    const r = await run(db, { kind: 'collection', uris: ['recipes'] }, { options });
    expect(r.facets).toEqual({
      cuisine: { type: 'xs:string', values: [{ name: 'French', count: 1, value: 'French' }, { name: 'italian', count: 1, value: 'italian' }] },
      // The element index holds the XML stew's servings too (6).
      size: { type: 'bucketed', values: [{ name: 'small', count: 1, value: 'Small' }, { name: 'large', count: 2, value: 'Large' }] },
    });
    // The XML stew has servings too (element index): 6, 4, 2 descending.
    expect(r.results!.map((x) => x.uri)).toEqual(['/recipes/stew.xml', '/recipes/soup.json', '/recipes/salad.json']);
  });

  test('computed buckets: dates relative to now facet and match by bucket name', async () => {
    const db = await openDb();
    await db.indexes.update({ 'range-element-index': [{ 'scalar-type': 'dateTime', 'namespace-uri': '', localname: 'added', collation: '', 'range-value-positions': false, 'invalid-values': 'reject' }] });
    const now = Date.now();
    await put(db, { uri: '/new.json', json: { added: new Date(now - 60_000).toISOString() } }, { uri: '/old.json', json: { added: new Date(now - 40 * 86_400_000).toISOString() } });
    const options: QueryOptions = {
      constraint: [{ name: 'added', range: { type: 'xs:dateTime', 'json-property': 'added', 'computed-bucket': [{ name: 'recent', ge: '-P7D', lt: 'P1D', anchor: 'start-of-day', label: 'This week' }] } }],
    };
    const r = await run(db, { kind: 'true' }, { options });
    expect(r.facets!.added).toEqual({ type: 'bucketed', values: [{ name: 'recent', count: 1, value: 'This week' }] });
    const { parseQueryText } = await import('./grammar');
    expect(uris(await run(db, parseQueryText('added:recent', options), { options }))).toEqual(['/new.json']);
  });

  test('an index survives a restart through the snapshot, without re-indexing', async () => {
    const name = `search-ranges-${process.pid}-${++counter}`;
    const db = await openDb(name);
    await db.indexes.update({ 'range-element-index': [servings] });
    await put(db, { uri: '/a.json', json: { servings: 3 } }, { uri: '/b.json', json: { servings: 7 } });
    await run(db, { kind: 'true' });
    await db.search.snapshot();
    db.close();
    const again = await openDb(name);
    expect(uris(await run(again, range('GE', '5')))).toEqual(['/b.json']);
    expect(again.search.rangeIndexStatus()).toMatchObject([{ state: 'ready', documents: 2 }]);
  });

  describe('after a restart from the snapshot', () => {
    // Several values per document (arrays), repeats, and spellings the collation makes equal.
    const cuisineS2 = { ...cuisine, collation: 'http://marklogic.com/collation//S2' };
    const before: Doc[] = [
      { uri: '/a.json', json: { servings: [2, 8, 8], cuisine: 'Thai' } },
      { uri: '/b.json', json: { servings: 4, cuisine: 'thai' } },
      { uri: '/c.json', json: { servings: 8, cuisine: 'Greek' } },
      { uri: '/d.xml', xml: '<r><servings>1</servings><cuisine>greek</cuisine></r>' },
      { uri: '/e.json', json: { title: 'no values' } },
    ];
    const cuisineOptions: QueryOptions = {
      constraint: [
        { name: 'cuisine', range: { type: 'xs:string', element: { ns: '', name: 'cuisine' }, collation: cuisineS2.collation, 'facet-option': ['item-frequency'] } },
        { name: 'servings', range: { type: 'xs:int', element: { ns: '', name: 'servings' }, 'facet-option': ['item-frequency', 'descending'] } },
      ],
      'sort-order': [{ direction: 'descending', type: 'xs:int', element: { ns: '', name: 'servings' } }],
    };
    /** What a reader sees of both indexes: facets (item frequency), a sorted page, comparisons. */
    const seen = async (db: Database) => {
      const all = await run(db, { kind: 'true' }, { options: cuisineOptions, pageLength: 20 });
      const element = (operator: 'LT' | 'GE' | 'EQ', value: string): Query => ({ kind: 'range', index: { ...servingsRef, scope: { kind: 'element', name: 'servings', ns: '' } }, operator, values: [value] });
      return {
        facets: all.facets,
        order: (all.results ?? []).map((r) => r.uri),
        ge5: uris(await run(db, element('GE', '5'))),
        eq8: uris(await run(db, element('EQ', '8'))),
        lt3: uris(await run(db, element('LT', '3'))),
        status: db.search.rangeIndexStatus().map(({ key, state, documents }) => ({ key, state, documents })),
      };
    };
    const snapshotted = async (name: string) => {
      const db = await openDb(name);
      await db.indexes.update({ 'range-element-index': [servings, cuisineS2] });
      await put(db, ...before);
      await run(db, { kind: 'true' });
      await db.search.snapshot();
      return db;
    };

    test('both indexes come back as they were, and the writes since the snapshot reach them', async () => {
      const name = `search-ranges-restored-${process.pid}-${++counter}`;
      const db = await snapshotted(name);
      // Since the snapshot: a replace, a delete, a new document (the change log replays them on the next start).
      const after: Doc[] = [
        { uri: '/a.json', json: { servings: 3, cuisine: 'Lao' } },
        { uri: '/f.json', json: { servings: [9, 9], cuisine: 'THAI' } },
      ];
      await put(db, ...after);
      await db.documents.remove(['/c.json'], admin);
      const expected = await seen(db);
      // Worked out from the documents: /a 3 Lao, /b 4 thai, /d 1 greek, /f 9 9 THAI (thai and THAI one value under S2).
      expect(expected.facets!.cuisine.values.map((v) => [v.name.toLowerCase(), v.count])).toEqual([['greek', 1], ['lao', 1], ['thai', 2]]);
      expect(expected.facets!.servings.values.map((v) => [v.name, v.count])).toEqual([['9', 2], ['4', 1], ['3', 1], ['1', 1]]);
      expect(expected.order).toEqual(['/f.json', '/b.json', '/a.json', '/d.xml', '/e.json']);
      db.close();
      const again = await openDb(name);
      expect(await seen(again)).toEqual(expected);
      // Restored, not rebuilt: nothing is building.
      expect(again.search.rangeIndexStatus().every((s) => s.state === 'ready')).toBe(true);
      // And it keeps taking writes.
      await put(again, { uri: '/b.json', json: { servings: 12, cuisine: 'Lao' } });
      expect(uris(await run(again, range('GE', '10')))).toEqual(['/b.json']);
      expect((await run(again, { kind: 'true' }, { options: cuisineOptions })).facets!.cuisine.values.map((v) => [v.name.toLowerCase(), v.count])).toEqual([['greek', 1], ['lao', 2], ['thai', 1]]);
    });

    test('an index the snapshot does not hold is built again from the documents', async () => {
      const name = `search-ranges-added-${process.pid}-${++counter}`;
      const db = await openDb(name);
      await db.indexes.update({ 'range-element-index': [servings] });
      await put(db, ...before);
      await run(db, { kind: 'true' });
      await db.search.snapshot();
      await db.indexes.update({ 'range-element-index': [servings, cuisineS2] });
      await db.search.rangeIndexesSettled();
      const expected = await seen(db);
      db.close();
      const again = await openDb(name);
      await run(again, { kind: 'true' });
      await again.search.rangeIndexesSettled();
      expect(await seen(again)).toEqual(expected);
    });

    test('damaged entries in the snapshot are not used: the index is built again, with the same answers', async () => {
      const name = `search-ranges-damaged-${process.pid}-${++counter}`;
      const db = await snapshotted(name);
      const expected = await seen(db);
      db.close();
      const raw = await openDb(name);
      const head = (await raw.idb.get('search-snapshot', 0)) as { ranges: Array<{ entries: { runLengths: Uint32Array } }> };
      expect(head.ranges).toHaveLength(2);
      head.ranges[0].entries.runLengths = head.ranges[0].entries.runLengths.subarray(1);
      await raw.idb.put('search-snapshot', head, 0);
      raw.close();
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const again = await openDb(name);
        await run(again, { kind: 'true' });
        await again.search.rangeIndexesSettled();
        expect(await seen(again)).toEqual(expected);
        expect(errors.mock.calls.some(([m]) => String(m).includes('are damaged; building it again'))).toBe(true);
      } finally {
        errors.mockRestore();
      }
    });
  });
});

describe('search over a mixed corpus, checked against a brute-force oracle', () => {
  // 360 documents: JSON, XML and text in turn, each with three words from a small vocabulary.
  const vocab = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'heath', 'inlet', 'juniper', 'karst', 'lagoon'];
  const docs = Array.from({ length: 360 }, (_, i) => {
    const words = [vocab[i % 12], vocab[(i * 7 + 3) % 12], vocab[(i * 5 + 1) % 12]];
    const kind = i % 3 === 0 ? 'json' : i % 3 === 1 ? 'xml' : 'text';
    return { i, kind, words, tag: vocab[(i * 11) % 12] };
  });
  const toDoc = (d: (typeof docs)[number]): Doc =>
    d.kind === 'json'
      ? { uri: `/m/${d.i}.json`, json: { body: d.words.join(' '), tag: d.tag } }
      : d.kind === 'xml'
        ? { uri: `/m/${d.i}.xml`, xml: `<doc><body>${d.words.join(' ')}</body><tag>${d.tag}</tag></doc>` }
        : { uri: `/m/${d.i}.txt`, text: d.words.join(' ') };
  const uriOf = (d: (typeof docs)[number]) => toDoc(d).uri;
  let db: Database;

  const expectSame = async (query: Query, oracle: (d: (typeof docs)[number]) => boolean) => {
    const r = await run(db, query, { pageLength: 1000 });
    const expected = docs.filter(oracle).map(uriOf).sort();
    expect(uris(r)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  };
  const hasWord = (d: (typeof docs)[number], w: string) => d.words.includes(w) || (d.kind !== 'text' && d.tag === w);

  test('every query kind agrees with the oracle', async () => {
    db = await openDb();
    for (let i = 0; i < docs.length; i += 60) await put(db, ...docs.slice(i, i + 60).map(toDoc));
    await expectSame(word('cedar'), (d) => hasWord(d, 'cedar'));
    await expectSame({ kind: 'and', queries: [word('amber'), word('delta')] }, (d) => hasWord(d, 'amber') && hasWord(d, 'delta'));
    await expectSame({ kind: 'or', queries: [word('fjord'), word('karst')] }, (d) => hasWord(d, 'fjord') || hasWord(d, 'karst'));
    await expectSame({ kind: 'and-not', positive: word('grove'), negative: word('heath') }, (d) => hasWord(d, 'grove') && !hasWord(d, 'heath'));
    await expectSame({ kind: 'not', query: word('inlet') }, (d) => !hasWord(d, 'inlet'));
    await expectSame(word(`${vocab[1]} ${vocab[10]}`), (d) => d.words.join(' ').includes(`${vocab[1]} ${vocab[10]}`));
    await expectSame(word('lagoon', {}, { kind: 'json-property', name: 'tag' }), (d) => d.kind === 'json' && d.tag === 'lagoon');
    await expectSame(word('lagoon', {}, { kind: 'element', name: 'tag', ns: '' }), (d) => d.kind === 'xml' && d.tag === 'lagoon');
    await expectSame({ kind: 'value', values: ['birch'], scope: { kind: 'json-property', name: 'tag' }, options: {} }, (d) => d.kind === 'json' && d.tag === 'birch');
    await expectSame({ kind: 'near', queries: [word('amber'), word('ember')], distance: 1 }, (d) => {
      const all = d.kind === 'text' ? d.words : [...d.words, d.tag];
      const at = (w: string) => all.flatMap((x, j) => (x === w ? [j] : []));
      return at('amber').some((a) => at('ember').some((e) => Math.abs(a - e) <= 1));
    });
    await expectSame({ kind: 'directory', uris: ['/m/'], infinite: false }, () => true);
  });
});

describe('search: the snapshot (compact texts decoded on first need)', () => {
  const queries: Array<{ name: string; query: Query }> = [
    { name: 'a word', query: word('soup') },
    { name: 'a phrase', query: word('tomato soup') },
    { name: 'NEAR', query: { kind: 'near', queries: [word('soup'), word('hours')], distance: 5 } },
    { name: 'a word in a scope', query: word('roast', {}, { kind: 'json-property', name: 'tip' }) },
    { name: 'a number value', query: { kind: 'value', scope: { kind: 'json-property', name: 'servings' }, values: [4], options: {} } },
    { name: 'a boolean value', query: { kind: 'value', scope: { kind: 'json-property', name: 'vegan' }, values: [true], options: {} } },
    { name: 'a properties word', query: { kind: 'properties', query: word('curie') } },
    { name: 'a collection', query: { kind: 'collection', uris: ['french'] } },
    { name: 'everything', query: { kind: 'true' } },
  ];
  /** A response without its timings, which differ run to run. */
  const answer = (r: SearchResponse) => ({ ...r, metrics: undefined });

  test('a reload answers every query as before: as the first query (texts still packed) and once they are decoded', async () => {
    const db = await corpus();
    await put(db, { uri: '/extra/list.json', json: { n: -0.5, big: 2 ** 40, nothing: null, no: false, words: ['tomato', 'soup'] }, properties: { tags: ['x'] } });
    const before = await Promise.all(queries.map((q) => run(db, q.query).then(answer)));
    await db.search.snapshot();
    db.close();
    for (const [i, q] of queries.entries()) {
      const first = await openDb(db.name);
      expect(answer(await run(first, q.query)), `${q.name}, first after the reload`).toEqual(before[i]);
      first.close();
    }
    const again = await openDb(db.name);
    await run(again, { kind: 'false' });
    await again.search.settled();
    for (const [i, q] of queries.entries()) expect(answer(await run(again, q.query)), `${q.name}, texts decoded`).toEqual(before[i]);
    // Writes before and after the decoding replace and remove restored documents.
    await put(again, { uri: '/recipes/soup.json', json: { title: 'Onion broth' } });
    await again.documents.remove(['/notes/shopping.txt'], admin);
    expect(uris(await run(again, word('soup')))).toEqual(['/extra/list.json', '/recipes/stew.xml']);
  });

  test('a write reaching a restored document before its text is decoded removes its old words', async () => {
    const db = await corpus();
    await run(db, { kind: 'true' });
    await db.search.snapshot();
    db.close();
    const again = await openDb(db.name);
    await run(again, { kind: 'collection', uris: ['recipes'] });
    await put(again, { uri: '/recipes/soup.json', json: { title: 'Onion broth' } });
    expect(uris(await run(again, word('tomato')))).toEqual(['/notes/shopping.txt']);
    expect(uris(await run(again, word('broth')))).toEqual(['/recipes/soup.json']);
  });

  test('a snapshot of the layout before (no format in its record) is not read: every document is re-indexed', async () => {
    const db = await corpus();
    await run(db, { kind: 'true' });
    await db.search.snapshot();
    const before = await Promise.all(queries.map((q) => run(db, q.query).then(answer)));
    const meta = (await db.idb.get('config', 'search-snapshot')) as { watermark: number; pieces: number; format?: number };
    await db.idb.put('config', { watermark: meta.watermark, pieces: meta.pieces }, 'search-snapshot');
    db.close();
    const again = await openDb(db.name);
    for (const [i, q] of queries.entries()) expect(answer(await run(again, q.query)), q.name).toEqual(before[i]);
  });

  test('the first answers after a reload rank by the snapshot frequencies; writes before the texts are read hide the old words, and a snapshot keeps what they changed', async () => {
    const db = await corpus();
    // Repeated words: ranking by term frequency orders these three.
    await put(
      db,
      { uri: '/extra/one.json', json: { t: 'soup tomato' } },
      { uri: '/extra/two.json', json: { t: 'soup soup tomato tomato' } },
      { uri: '/extra/three.json', json: { t: 'soup soup soup' } },
    );
    const both: Query = { kind: 'and', queries: [word('soup'), word('tomato')] };
    const before = [answer(await run(db, word('soup'))), answer(await run(db, both))];
    await db.search.snapshot();
    db.close();
    const again = await openDb(db.name);
    expect(answer(await run(again, word('soup')))).toEqual(before[0]);
    expect(answer(await run(again, both))).toEqual(before[1]);
    // Straight after the first answers: the texts are read once the index has been quiet a moment.
    await put(again, { uri: '/recipes/soup.json', json: { title: 'Onion broth' } });
    await again.documents.remove(['/notes/shopping.txt', '/extra/one.json'], admin);
    const expectAfterWrites = async (d: Database) => {
      expect(uris(await run(d, word('tomato')))).toEqual(['/extra/two.json']);
      expect(uris(await run(d, word('broth')))).toEqual(['/recipes/soup.json']);
      expect(uris(await run(d, word('soup')))).toEqual(['/extra/three.json', '/extra/two.json', '/recipes/stew.xml']);
      expect(uris(await run(d, word('soup tomato')))).toEqual(['/extra/two.json']);
    };
    await expectAfterWrites(again);
    await again.search.snapshot();
    again.close();
    const third = await openDb(db.name);
    await expectAfterWrites(third);
    await third.search.settled();
    await expectAfterWrites(third);
    third.close();
  });

  test('a snapshot of the previous format (2) is ignored and rebuilt once: every document is re-indexed, a current snapshot replaces it and is read at the next start', async () => {
    const db = await corpus();
    await run(db, { kind: 'true' });
    await db.search.snapshot();
    const before = await Promise.all(queries.map((q) => run(db, q.query).then(answer)));
    const meta = (await db.idb.get('config', 'search-snapshot')) as { watermark: number; pieces: number; format: number };
    await db.idb.put('config', { watermark: meta.watermark, pieces: meta.pieces, format: meta.format - 1 }, 'search-snapshot');
    db.close();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const again = await openDb(db.name, { snapshotAfterChanges: 1, snapshotWhenIdleMs: 0 });
      for (const [i, q] of queries.entries()) expect(answer(await run(again, q.query)), q.name).toEqual(before[i]);
      expect(errors.mock.calls.filter((c) => String(c[0]).includes('older layout'))).toHaveLength(1);
      await again.search.settled();
      expect(((await again.idb.get('config', 'search-snapshot')) as { format: number }).format).toBe(meta.format);
      again.close();
      errors.mockClear();
      const third = await openDb(db.name);
      for (const [i, q] of queries.entries()) expect(answer(await run(third, q.query)), q.name).toEqual(before[i]);
      expect(errors).not.toHaveBeenCalled();
      third.close();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('search: writes while a search gives the thread away (docs/decisions/0029-cooperative-search.md)', () => {
  test('a running search sees the index as it began; writes acknowledged meanwhile are seen by the next search, which waits for it', async () => {
    const db = await openDb();
    const n = 60;
    await put(db, ...Array.from({ length: n }, (_, i) => ({ uri: `/fruit/${i}.json`, json: { text: `apple number ${i}` } })));
    expect((await run(db, word('apple'))).total).toBe(n);
    // A clock that says a slice is used up at every check: the search yields at each one.
    let now = 0;
    const deadline = Deadline.after(3600, { now: () => (now += SLICE_MS), secondMs: 1000 });
    const order: string[] = [];
    const running = db.search
      .search({ query: word('apple'), qtext: [], options: {}, start: 1, pageLength: n, principal: admin, deadline })
      .then(({ response }) => (order.push('running'), response));
    const removed = Array.from({ length: n / 2 }, (_, i) => `/fruit/${2 * i}.json`);
    await db.documents.remove(removed, admin);
    order.push('removed');
    const next = run(db, word('apple'), { pageLength: n }).then((r) => (order.push('next'), r));
    const [first, second] = await Promise.all([running, next]);
    expect(order).toEqual(['removed', 'running', 'next']);
    expect(first.total).toBe(n);
    expect(first.results).toHaveLength(n);
    // The removed documents are gone by the time their snippets are read: listed without matches.
    const gone = new Set(removed);
    for (const r of first.results ?? []) expect(r.matches?.length === 0).toBe(gone.has(r.uri));
    expect(second.total).toBe(n / 2);
    expect(uris(second)).toEqual(Array.from({ length: n / 2 }, (_, i) => `/fruit/${2 * i + 1}.json`).sort());
  });

  test('writes held back by a search that ends while a snapshot is being packed stay out of that snapshot, and survive a reopen', async () => {
    const name = `held-${process.pid}-${Date.now()}`;
    const db = await openDb(name);
    const n = 40;
    await put(db, ...Array.from({ length: n }, (_, i) => ({ uri: `/h/${i}.json`, json: { text: `plum ${i}` } })));
    expect((await run(db, word('plum'))).total).toBe(n);
    // White box: a request over the index that ends when the test says, and the snapshot's
    // packing, which lets that request end between its first two stages.
    const index = (db.search as unknown as { index: { serving<T>(work: () => Promise<T>): Promise<T>; pack(corpus: unknown): Promise<unknown> } }).index;
    let release!: () => void;
    const held = index.serving(() => new Promise<void>((resolve) => (release = resolve)));
    const removed = Array.from({ length: n / 2 }, (_, i) => `/h/${2 * i}.json`);
    await db.documents.remove(removed, admin);
    const pack = index.pack.bind(index);
    index.pack = (corpus) => {
      const packing = pack(corpus);
      release();
      return packing;
    };
    await db.search.snapshot();
    await held;
    const after = await run(db, word('plum'), { pageLength: n });
    expect(after.total).toBe(n / 2);
    db.close();
    const again = await openDb(name);
    const reopened = await run(again, word('plum'), { pageLength: n });
    expect(reopened.total).toBe(n / 2);
    expect(uris(reopened)).toEqual(uris(after));
    again.close();
  });

  test('a cancelled search stops at its next check with XDMP-CANCELED, and the writes it held back are applied', async () => {
    const db = await openDb();
    await put(db, ...Array.from({ length: 20 }, (_, i) => ({ uri: `/c/${i}.json`, json: { text: `pear ${i}` } })));
    await run(db, word('pear'));
    let now = 0;
    const deadline = Deadline.after(3600, { now: () => (now += SLICE_MS), secondMs: 1000 });
    const running = db.search.search({ query: word('pear'), qtext: [], options: {}, start: 1, pageLength: 20, principal: admin, deadline });
    await put(db, { uri: '/c/new.json', json: { text: 'pear new' } });
    deadline.cancel(cancelledError('c1'));
    await expect(running).rejects.toMatchObject({ code: 'XDMP-CANCELED' });
    expect((await run(db, word('pear'))).total).toBe(21);
  });
});
