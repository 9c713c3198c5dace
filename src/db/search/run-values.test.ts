import { beforeAll, describe, expect, test } from 'vitest';
import { Database } from '../database';
import { Deadline } from '../deadline';
import type { Permission } from '../documents/types';
import { comparatorFor, type RangeValue } from '../indexes/range-values';
import type { QueryOptions } from '../options/types';
import { effectiveRoles, type Principal } from '../security/types';
import { valuesDefinition } from '../values/definitions';
import type { Query } from './query-model';
import type { ValuesOutcome, ValuesRequest } from './run-values';

let counter = 0;
const admin: Principal = { name: 'admin', roles: effectiveRoles(['admin']) };
const reader: Principal = { name: 'reader', roles: effectiveRoles(['rest-reader']) };
const auditor: Principal = { name: 'auditor', roles: effectiveRoles(['rest-reader', 'auditor']) };
const publicRead: Permission[] = [{ 'role-name': 'rest-reader', capabilities: ['read'] }];
const auditorRead: Permission[] = [{ 'role-name': 'auditor', capabilities: ['read'] }];

interface Doc {
  uri: string;
  json?: { n?: number | number[]; tag?: string | string[] };
  /** XML `<rec lang="…"><score>…</score>…</rec>`. */
  xml?: { lang: string; scores: number[] };
  collections: string[];
  permissions: Permission[];
}

/** The corpus: repeats inside documents, a string order where codepoint and case differ, a secret document. */
const DOCS: Doc[] = [
  { uri: '/j/1.json', json: { n: [1, 2, 2], tag: ['a', 'b'] }, collections: ['c/one', 'c/two'], permissions: publicRead },
  { uri: '/j/2.json', json: { n: 2, tag: 'a' }, collections: ['c/one'], permissions: publicRead },
  { uri: '/j/3.json', json: { n: [3, 1], tag: ['B', 'B'] }, collections: ['other'], permissions: publicRead },
  { uri: '/j/4.json', json: { tag: 'c' }, collections: [], permissions: publicRead },
  { uri: '/j/secret.json', json: { n: 9, tag: 'z' }, collections: ['c/one', 'secret'], permissions: auditorRead },
  { uri: '/x/1.xml', xml: { lang: 'en', scores: [5, 5] }, collections: ['c/two'], permissions: publicRead },
  { uri: '/x/2.xml', xml: { lang: 'fr', scores: [7] }, collections: [], permissions: publicRead },
  { uri: '/x/3.xml', xml: { lang: 'en', scores: [3] }, collections: ['c/one'], permissions: publicRead },
];

const CODEPOINT = 'http://marklogic.com/collation/codepoint';
const int = (localname: string) => ({ 'scalar-type': 'int', 'namespace-uri': '', localname, collation: '', 'range-value-positions': false, 'invalid-values': 'reject' });
const tagIndex = { 'scalar-type': 'string', 'namespace-uri': '', localname: 'tag', collation: CODEPOINT, 'range-value-positions': false, 'invalid-values': 'reject' };
const langIndex = { 'scalar-type': 'string', 'parent-namespace-uri': '', 'parent-localname': 'rec', 'namespace-uri': '', localname: 'lang', collation: CODEPOINT, 'range-value-positions': false, 'invalid-values': 'reject' };

const OPTIONS: QueryOptions = {
  values: [
    { name: 'n', range: { type: 'xs:int', 'json-property': 'n' } },
    { name: 'tag', range: { type: 'xs:string', 'json-property': 'tag', collation: CODEPOINT } },
    { name: 'score', range: { type: 'xs:int', element: { name: 'score', ns: '' } } },
    { name: 'lang', range: { type: 'xs:string', element: { name: 'rec', ns: '' }, attribute: { name: 'lang', ns: '' }, collation: CODEPOINT } },
    { name: 'coll', collection: { prefix: 'c/' } },
    { name: 'all-colls', collection: null },
    { name: 'uris', uri: null },
    { name: 'n-by-freq', range: { type: 'xs:int', 'json-property': 'n' }, 'values-option': ['frequency-order'] },
    { name: 'n-limited', range: { type: 'xs:int', 'json-property': 'n' }, 'values-option': ['limit=2'] },
  ],
  tuples: [
    { name: 'n-tag', range: [{ type: 'xs:int', 'json-property': 'n' }, { type: 'xs:string', 'json-property': 'tag', collation: CODEPOINT }] },
    { name: 'lang-score', range: [{ type: 'xs:string', element: { name: 'rec', ns: '' }, attribute: { name: 'lang', ns: '' }, collation: CODEPOINT }, { type: 'xs:int', element: { name: 'score', ns: '' } }] },
  ],
} as unknown as QueryOptions;

let db: Database;

beforeAll(async () => {
  db = await Database.open({ indexedDB, name: `run-values-${process.pid}-${++counter}-${Date.now()}` });
  await db.roles.create({ name: 'auditor', roles: [], privileges: [], permissions: [] });
  await db.indexes.update({ 'range-element-index': [int('n'), int('score'), tagIndex], 'range-element-attribute-index': [langIndex], 'collection-lexicon': true });
  await db.documents.write(
    DOCS.map((d) => ({
      uri: d.uri,
      content: d.json
        ? { format: 'json' as const, content: JSON.stringify(d.json), mimeType: 'application/json' }
        : { format: 'xml' as const, content: `<rec lang="${d.xml!.lang}">${d.xml!.scores.map((s) => `<score>${s}</score>`).join('')}</rec>`, mimeType: 'application/xml' },
      metadata: { collections: d.collections, permissions: { mode: 'replace' as const, value: d.permissions } },
    })),
    admin,
  );
  await db.search.ready();
  await db.search.rangeIndexesSettled();
});

// ---- the expectations, computed from DOCS -------------------------------------------------

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const readableBy = (p: Principal) => (d: Doc) => p.roles.has('admin') || d.permissions.some((x) => p.roles.has(x['role-name']));

/** Each source's values of a document, every occurrence. */
const SOURCES: Record<string, (d: Doc) => RangeValue[]> = {
  n: (d) => list(d.json?.n),
  tag: (d) => list(d.json?.tag),
  score: (d) => d.xml?.scores ?? [],
  lang: (d) => (d.xml ? [d.xml.lang] : []),
  coll: (d) => d.collections.filter((c) => c.startsWith('c/')),
  'all-colls': (d) => d.collections,
  uris: (d) => [d.uri],
};
const compareOf = (source: string) => (['n', 'score'].includes(source) ? comparatorFor('int') : comparatorFor('string', CODEPOINT));

/** Distinct values with frequencies, ascending. */
function expectedValues(source: string, docs: Doc[], frequency: 'item' | 'fragment'): Array<{ value: RangeValue; frequency: number }> {
  const counts = new Map<RangeValue, number>();
  for (const d of docs) {
    const values = SOURCES[source](d);
    const counted = frequency === 'item' ? values : [...new Set(values)];
    for (const v of counted) counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const compare = compareOf(source);
  return [...counts].map(([value, f]) => ({ value, frequency: f })).sort((a, b) => compare(a.value, b.value));
}

/** Distinct tuples: each document's cartesian product; item frequency multiplies occurrences. */
function expectedTuples(sources: string[], docs: Doc[], frequency: 'item' | 'fragment'): Array<{ values: RangeValue[]; frequency: number }> {
  const counts = new Map<string, { values: RangeValue[]; frequency: number }>();
  for (const d of docs) {
    let combos: RangeValue[][] = [[]];
    for (const s of sources) {
      const values = frequency === 'item' ? SOURCES[s](d) : [...new Set(SOURCES[s](d))];
      combos = combos.flatMap((c) => values.map((v) => [...c, v]));
    }
    // Fragment frequency: a combination counts once per document.
    const inDoc = frequency === 'item' ? combos : [...new Map(combos.map((c) => [JSON.stringify(c), c])).values()];
    for (const c of inDoc) {
      const key = JSON.stringify(c);
      const found = counts.get(key);
      if (found) found.frequency++;
      else counts.set(key, { values: c, frequency: 1 });
    }
  }
  const compares = sources.map(compareOf);
  return [...counts.values()].sort((a, b) => {
    for (let i = 0; i < sources.length; i++) {
      const c = compares[i](a.values[i], b.values[i]);
      if (c !== 0) return c;
    }
    return 0;
  });
}

const everything: Query = { kind: 'true' } as Query;

async function run(name: string, extra: Partial<ValuesRequest> = {}): Promise<ValuesOutcome> {
  return db.search.values({ query: everything, principal: reader, definition: valuesDefinition(OPTIONS, name), ...extra });
}
const valuesOf = (o: ValuesOutcome) => (o.kind === 'values' ? o.values.map((v) => ({ value: v.value, frequency: v.frequency })) : []);
const tuplesOf = (o: ValuesOutcome) => (o.kind === 'tuples' ? o.tuples.map((t) => ({ values: [...t.values], frequency: t.frequency })) : []);

const visible = DOCS.filter(readableBy(reader));

describe('db.search.values: one index', () => {
  test.each(['n', 'tag', 'score', 'lang'])('range index %s: item frequency by default, ascending item order', async (name) => {
    const out = await run(name);
    expect(out.kind).toBe('values');
    expect(expectedValues(name, visible, 'item').length).toBeGreaterThan(1);
    expect(valuesOf(out)).toEqual(expectedValues(name, visible, 'item'));
    expect(out.kind === 'values' && out.all).toEqual(out.kind === 'values' && out.values);
  });

  test.each(['n', 'tag', 'score'])('range index %s: fragment frequency counts documents', async (name) => {
    const out = await run(name, { frequency: 'fragment' });
    expect(valuesOf(out)).toEqual(expectedValues(name, visible, 'fragment'));
  });

  test('item and fragment frequency differ where a document repeats a value', () => {
    expect(expectedValues('n', visible, 'item')).not.toEqual(expectedValues('n', visible, 'fragment'));
  });

  test('the type and collation come from the index', async () => {
    expect(await run('tag')).toMatchObject({ kind: 'values', type: 'string', collation: CODEPOINT });
    expect(await run('n')).toMatchObject({ kind: 'values', type: 'int' });
  });

  test('collection lexicon (prefix filtering) and URI lexicon', async () => {
    expect(valuesOf(await run('coll'))).toEqual(expectedValues('coll', visible, 'item'));
    expect(valuesOf(await run('all-colls'))).toEqual(expectedValues('all-colls', visible, 'item'));
    expect(valuesOf(await run('uris'))).toEqual(expectedValues('uris', visible, 'item'));
  });

  test('a binary document with properties reports its URI with a frequency of 2', async () => {
    const other = await Database.open({ indexedDB, name: `run-values-bin-${process.pid}-${++counter}-${Date.now()}` });
    const binary = (uri: string, properties?: Record<string, unknown>) => ({
      uri,
      content: { format: 'binary' as const, content: new Uint8Array([1, 2, 3]), mimeType: 'application/octet-stream' },
      metadata: properties ? { properties: { mode: 'replace' as const, value: properties } } : {},
    });
    await other.documents.write([binary('/b/plain.bin'), binary('/b/with-props.bin', { size: '3' })], admin);
    const out = await other.search.values({ query: everything, principal: admin, definition: valuesDefinition(OPTIONS, 'uris') });
    expect(valuesOf(out)).toEqual([
      { value: '/b/plain.bin', frequency: 1 },
      { value: '/b/with-props.bin', frequency: 2 },
    ]);
  });

  test('descending reverses item order; frequency order is most frequent first, ties in item order', async () => {
    expect(valuesOf(await run('tag', { direction: 'descending' }))).toEqual(expectedValues('tag', visible, 'item').reverse());
    const byFrequency = expectedValues('n', visible, 'item').sort((a, b) => b.frequency - a.frequency);
    expect(valuesOf(await run('n-by-freq'))).toEqual(byFrequency);
    const ascendingFrequency = expectedValues('n', visible, 'item').sort((a, b) => a.frequency - b.frequency);
    expect(valuesOf(await run('n-by-freq', { direction: 'ascending' }))).toEqual(ascendingFrequency);
  });

  test('limit bounds the lexicon before paging; start and pageLength slice', async () => {
    const all = expectedValues('n', visible, 'item');
    const limited = await run('n-limited');
    expect(valuesOf(limited)).toEqual(all.slice(0, 2));
    expect(limited.kind === 'values' && limited.all.length).toBe(2);
    expect(valuesOf(await run('n', { limit: 3, start: 2 }))).toEqual(all.slice(1, 3));
    const paged = await run('n', { start: 2, pageLength: 1 });
    expect(valuesOf(paged)).toEqual(all.slice(1, 2));
    // The aggregates read the whole list, not the page.
    expect(paged.kind === 'values' && paged.all.map((v) => v.value)).toEqual(all.map((v) => v.value));
  });

  test('a query restricts the documents', async () => {
    const query: Query = { kind: 'collection', uris: ['c/one'] } as Query;
    const matching = visible.filter((d) => d.collections.includes('c/one'));
    expect(valuesOf(await run('n', { query }))).toEqual(expectedValues('n', matching, 'item'));
    expect(valuesOf(await run('uris', { query }))).toEqual(expectedValues('uris', matching, 'item'));
  });

  test('a document readable only by a custom role counts only for a user with it', async () => {
    expect(valuesOf(await run('n'))).not.toContainEqual(expect.objectContaining({ value: 9 }));
    expect(valuesOf(await run('n', { principal: auditor }))).toEqual(expectedValues('n', DOCS.filter(readableBy(auditor)), 'item'));
    expect(valuesOf(await run('coll', { principal: auditor }))).toEqual(expectedValues('coll', DOCS.filter(readableBy(auditor)), 'item'));
  });
});

describe('db.search.values: tuples', () => {
  test('co-occurrences within a document, item and fragment frequency', async () => {
    // The corpus has a combination repeated inside one document, so the two frequencies differ.
    expect(expectedTuples(['n', 'tag'], visible, 'item')).not.toEqual(expectedTuples(['n', 'tag'], visible, 'fragment'));
    expect(tuplesOf(await run('n-tag'))).toEqual(expectedTuples(['n', 'tag'], visible, 'item'));
    expect(tuplesOf(await run('n-tag', { frequency: 'fragment' }))).toEqual(expectedTuples(['n', 'tag'], visible, 'fragment'));
    expect(tuplesOf(await run('lang-score'))).toEqual(expectedTuples(['lang', 'score'], visible, 'item'));
    expect(await run('n-tag')).toMatchObject({ kind: 'tuples', types: ['int', 'string'] });
  });

  test('descending, paging and a custom role', async () => {
    const all = expectedTuples(['n', 'tag'], visible, 'item');
    expect(tuplesOf(await run('n-tag', { direction: 'descending' }))).toEqual([...all].reverse());
    expect(tuplesOf(await run('n-tag', { start: 2, pageLength: 2 }))).toEqual(all.slice(1, 3));
    expect(tuplesOf(await run('n-tag', { principal: auditor }))).toEqual(expectedTuples(['n', 'tag'], DOCS.filter(readableBy(auditor)), 'item'));
  });
});

describe('db.search.values: tuples of lexicons', () => {
  test('a collection and the URI lexicon as a tuple', async () => {
    const definition = { ...valuesDefinition(OPTIONS, 'n-tag'), name: 'coll-uri', sources: [{ kind: 'collection' as const, prefix: 'c/' }, { kind: 'uri' as const }] };
    const out = await db.search.values({ query: everything, principal: reader, definition });
    expect(tuplesOf(out)).toEqual(expectedTuples(['coll', 'uris'], visible, 'item'));
  });
});

describe('db.search.values: refusals', () => {
  test('a request past its deadline stops with XDMP-EXTIME', async () => {
    await expect(run('n', { deadline: Deadline.after(0) })).rejects.toMatchObject({ code: 'XDMP-EXTIME' });
  });

  test('one document whose tuples multiply past counting stops at the deadline, not after', async () => {
    const wide = await Database.open({ indexedDB, name: `run-values-wide-${process.pid}-${++counter}-${Date.now()}` });
    await wide.indexes.update({ 'range-element-index': [int('a'), int('b'), int('c')] });
    const many = Array.from({ length: 400 }, (_, i) => i);
    // 400³ = 64 million combinations in one document.
    await wide.documents.write([{ uri: '/wide.json', content: { format: 'json' as const, content: JSON.stringify({ a: many, b: many, c: many }), mimeType: 'application/json' }, metadata: {} }], admin);
    await wide.search.ready();
    await wide.search.rangeIndexesSettled();
    const options = { tuples: [{ name: 'abc', range: ['a', 'b', 'c'].map((p) => ({ type: 'xs:int', 'json-property': p })) }] } as unknown as QueryOptions;
    // Without the check inside one document's combinations this runs for minutes (the test's timeout fails it).
    await expect(wide.search.values({ query: everything, principal: admin, definition: valuesDefinition(options, 'abc'), deadline: Deadline.after(0.3) })).rejects.toMatchObject({ code: 'XDMP-EXTIME' });
  });

  test('a range index that is not configured is refused as search refuses it', async () => {
    const options = { values: [{ name: 'v', range: { type: 'xs:int', 'json-property': 'missing' } }] } as unknown as QueryOptions;
    await expect(db.search.values({ query: everything, principal: reader, definition: valuesDefinition(options, 'v') })).rejects.toMatchObject({ code: 'XDMP-ELEMRIDXNOTFOUND' });
  });

  test('the collection and URI lexicons must be enabled', async () => {
    const other = await Database.open({ indexedDB, name: `run-values-off-${process.pid}-${++counter}-${Date.now()}` });
    // A new database: the URI lexicon on, the collection lexicon off.
    await expect(other.search.values({ query: everything, principal: admin, definition: valuesDefinition(OPTIONS, 'coll') })).rejects.toMatchObject({ code: 'XDMP-COLLXCNNOTFOUND', status: 400 });
    await other.indexes.update({ 'uri-lexicon': false });
    await expect(other.search.values({ query: everything, principal: admin, definition: valuesDefinition(OPTIONS, 'uris') })).rejects.toMatchObject({ code: 'XDMP-URILXCNNOTFOUND', status: 400 });
  });
});
