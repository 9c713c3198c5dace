/**
 * `/v1/values` through the handler: every parameter, source, response form and error, with
 * the expected answers computed here from the corpus (the shop below), never read off the
 * implementation. The database side (lexicons, tuples, permissions in depth) is tested in
 * src/db/search/run-values.test.ts and src/db/values/.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { beforeAll, describe, expect, test } from 'vitest';
import { errorOf, testApi, type TestApi } from '../../test/helpers';

const J = { 'content-type': 'application/json' };
const ROOT = 'http://marklogic.com/collation/';
const SEARCH_NS = 'http://marklogic.com/appservices/search';

interface Product {
  uri: string;
  category: string;
  /** In cents, so sums are exact here. */
  cents: number;
  qty: number;
  tags: string[];
  text: string;
  collections: string[];
}

/** The shop: repeated tags inside a document, equal prices, two collections, words to query. */
const SHOP: Product[] = [
  { uri: '/p/1.json', category: 'home', cents: 1999, qty: 3, tags: ['light', 'home', 'light'], text: 'a brass lamp', collections: ['shop'] },
  { uri: '/p/2.json', category: 'garden', cents: 550, qty: 10, tags: ['tool'], text: 'a steel rake', collections: ['shop'] },
  { uri: '/p/3.json', category: 'home', cents: 4200, qty: 1, tags: ['decor'], text: 'a brass mirror', collections: ['shop'] },
  { uri: '/p/4.json', category: 'toys', cents: 550, qty: 7, tags: [], text: 'a wooden train', collections: ['shop', 'sale'] },
  { uri: '/p/5.json', category: 'garden', cents: 1225, qty: 2, tags: ['tool', 'outdoor'], text: 'a brass hose nozzle', collections: ['shop', 'sale'] },
  { uri: '/p/6.json', category: 'Books', cents: 800, qty: 4, tags: ['paper'], text: 'a book about lamps', collections: [] },
];
/** An XML product: element range references read it, json-property ones do not. */
const XML_DOC = { uri: '/x/1.xml', body: '<item><category>home</category><price>7.75</price></item>' };

const index = (localname: string, type: string) => ({ 'scalar-type': type, 'namespace-uri': '', localname, collation: type === 'string' ? ROOT : '', 'range-value-positions': false, 'invalid-values': 'reject' });
const category = { type: 'xs:string', collation: ROOT, 'json-property': 'category' };
const price = { type: 'xs:decimal', 'json-property': 'price' };
const qty = { type: 'xs:int', 'json-property': 'qty' };

const OPTIONS = {
  options: {
    values: [
      { name: 'category', range: category },
      { name: 'price', range: price, aggregate: [{ apply: 'sum' }] },
      { name: 'qty', range: qty },
      { name: 'tags', range: { type: 'xs:string', collation: ROOT, 'json-property': 'tags' } },
      { name: 'category-by-frequency', range: category, 'values-option': ['frequency-order'] },
      { name: 'category-limited', range: category, 'values-option': ['limit=2'] },
      { name: 'tags-by-fragment', range: { type: 'xs:string', collation: ROOT, 'json-property': 'tags' }, 'values-option': ['fragment-frequency'] },
      { name: 'xml-category', range: { type: 'xs:string', collation: ROOT, element: { ns: '', name: 'category' } } },
      { name: 'qty-consistent', range: qty, style: 'consistent' },
      { name: 'collections', collection: { prefix: '' } },
      { name: 'uris', uri: null },
      { name: 'unindexed', range: { type: 'xs:string', collation: ROOT, 'json-property': 'colour' } },
    ],
    tuples: [
      { name: 'category-price', range: [category, price] },
      { name: 'price-qty', indexes: [{ range: { ...price, facet: false } }, { range: { ...qty, facet: false } }], aggregate: [{ apply: 'correlation' }] },
    ],
  },
};

// ---- what the answers must be, computed from SHOP ----

type Counted = Array<[string, number]>;
const byCodepoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** ICU root collation at its default strength orders "Books" among the b's. */
const byRoot = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'variant' });
const decimal = (cents: number) => String(cents / 100);

function counted<T>(items: T[], keyOf: (t: T) => string, order: (a: string, b: string) => number): Counted {
  const m = new Map<string, number>();
  for (const it of items) m.set(keyOf(it), (m.get(keyOf(it)) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => order(a[0], b[0]));
}
const categories = (docs: Product[]) => counted(docs, (p) => p.category, byRoot);
const prices = (docs: Product[]) =>
  counted(docs, (p) => String(p.cents).padStart(8, '0'), byCodepoint).map(([k, n]): [string, number] => [decimal(Number(k)), n]);
const asJson = (c: Counted) => c.map(([value, frequency]) => ({ frequency, _value: value }));
const matching = (word: string) => SHOP.filter((p) => p.text.split(' ').some((w) => w === word));

function weighted(docs: Product[]) {
  const values = docs.map((p) => p.cents / 100);
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  const sorted = [...values].sort((a, b) => a - b);
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { n, sumCents: docs.reduce((a, p) => a + p.cents, 0), mean, variance, populationVariance: (variance * (n - 1)) / n, median };
}

let api: TestApi;

beforeAll(async () => {
  api = await testApi();
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    expect(r.status, await r.clone().text()).toBeLessThan(300);
  };
  for (const p of SHOP) {
    const qs = new URLSearchParams({ uri: p.uri });
    for (const c of p.collections) qs.append('collection', c);
    await ok(api.fetch(`/v1/documents?${qs}`, { method: 'PUT', headers: J, body: JSON.stringify({ category: p.category, price: p.cents / 100, qty: p.qty, tags: p.tags, text: p.text }) }));
  }
  await ok(api.fetch(`/v1/documents?uri=${XML_DOC.uri}`, { method: 'PUT', headers: { 'content-type': 'application/xml' }, body: XML_DOC.body }));
  await ok(api.fetch('/v1/config/query/shop', { method: 'PUT', headers: J, body: JSON.stringify(OPTIONS) }));
  await ok(
    api.fetch(`/manage/v2/databases/${encodeURIComponent(api.db.name)}/properties`, {
      method: 'PUT',
      headers: J,
      body: JSON.stringify({
        'range-element-index': [index('category', 'string'), index('price', 'decimal'), index('qty', 'int'), index('tags', 'string')],
        'collection-lexicon': true,
        'uri-lexicon': true,
      }),
    }),
  );
  await api.db.search.ready();
  await api.db.search.rangeIndexesSettled();
});

interface ValuesJson {
  name: string;
  type?: string;
  types?: { type: string[] };
  'distinct-value'?: Array<{ frequency: number; _value: string }>;
  tuple?: Array<{ frequency: number; 'distinct-value': string[] }>;
  'aggregate-result'?: Array<{ name: string; _value: string }>;
  metrics?: Record<string, string>;
}

async function values(path: string, init?: RequestInit): Promise<ValuesJson> {
  const res = await api.fetch(path, init);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return (JSON.parse(text) as { 'values-response': ValuesJson })['values-response'];
}
const aggregates = (r: ValuesJson) => Object.fromEntries((r['aggregate-result'] ?? []).map((a) => [a.name, a._value]));

describe('GET /v1/values: the list of definitions', () => {
  const names = [...OPTIONS.options.values, ...OPTIONS.options.tuples].map((d) => d.name);

  test('JSON: every values then tuples definition, with its URI', async () => {
    const res = await api.fetch('/v1/values?options=shop&format=json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ 'values-list': { values: names.map((name) => ({ name, uri: `/v1/values/${name}?options=shop` })) } });
  });

  test('XML: rapi:values-list', async () => {
    const res = await api.fetch('/v1/values?options=shop', { headers: { accept: 'application/xml' } });
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
    const list = doc.documentElement!;
    expect([list.namespaceURI, list.localName]).toEqual(['http://marklogic.com/rest-api', 'values-list']);
    const entries = Array.from(list.getElementsByTagNameNS('http://marklogic.com/rest-api', 'values'));
    expect(entries.map((e) => e.getElementsByTagNameNS('http://marklogic.com/rest-api', 'name')[0].textContent)).toEqual(names);
    expect(entries[0].getElementsByTagNameNS('http://marklogic.com/rest-api', 'uri')[0].textContent).toBe(`/v1/values/${names[0]}?options=shop`);
  });

  test('the default option set has no definitions; /LATEST is /v1', async () => {
    expect(await (await api.fetch('/LATEST/values?format=json')).json()).toEqual({ 'values-list': { values: [] } });
  });

  test('unknown options: 400', async () => {
    expect(await errorOf(await api.fetch('/v1/values?options=nope&format=json'))).toMatchObject({ status: 400, code: 'REST-INVALIDPARAM', message: expect.stringContaining('nope') });
  });
});

describe('GET /v1/values/{name}: values', () => {
  const cases: Array<{ name: string; path: string; expected: () => Partial<ValuesJson> }> = [
    { name: 'a string index in collation order', path: 'category?options=shop', expected: () => ({ name: 'category', type: 'xs:string', 'distinct-value': asJson(categories(SHOP)) }) },
    {
      name: 'a decimal index (the definition applies sum)',
      path: 'price?options=shop',
      expected: () => ({ type: 'xs:decimal', 'distinct-value': asJson(prices(SHOP)), 'aggregate-result': [{ name: 'sum', _value: decimal(weighted(SHOP).sumCents) }] }),
    },
    {
      name: 'item frequency counts repeats in a document (the default)',
      path: 'tags?options=shop',
      expected: () => ({ 'distinct-value': asJson(counted(SHOP.flatMap((p) => p.tags.map((tag) => ({ tag }))), (t) => t.tag, byRoot)) }),
    },
    {
      name: 'frequency=fragment counts documents',
      path: 'tags?options=shop&frequency=fragment',
      expected: () => ({ 'distinct-value': asJson(counted(SHOP.flatMap((p) => [...new Set(p.tags)].map((tag) => ({ tag }))), (t) => t.tag, byRoot)) }),
    },
    {
      name: 'fragment-frequency in the definition',
      path: 'tags-by-fragment?options=shop',
      expected: () => ({ 'distinct-value': asJson(counted(SHOP.flatMap((p) => [...new Set(p.tags)].map((tag) => ({ tag }))), (t) => t.tag, byRoot)) }),
    },
    { name: 'direction=descending', path: 'category?options=shop&direction=descending', expected: () => ({ 'distinct-value': asJson(categories(SHOP).reverse()) }) },
    {
      name: 'frequency-order: most frequent first, ties in item order',
      path: 'category-by-frequency?options=shop',
      expected: () => ({ 'distinct-value': asJson([...categories(SHOP)].sort((a, b) => b[1] - a[1])) }),
    },
    { name: 'limit=2 in the definition', path: 'category-limited?options=shop', expected: () => ({ 'distinct-value': asJson(categories(SHOP).slice(0, 2)) }) },
    { name: 'the limit parameter', path: 'category?options=shop&limit=3', expected: () => ({ 'distinct-value': asJson(categories(SHOP).slice(0, 3)) }) },
    { name: 'start and pageLength', path: 'category?options=shop&start=2&pageLength=2', expected: () => ({ 'distinct-value': asJson(categories(SHOP).slice(1, 3)) }) },
    {
      name: 'paging does not change the aggregates',
      path: 'price?options=shop&pageLength=1&aggregate=count',
      expected: () => ({ 'distinct-value': asJson(prices(SHOP).slice(0, 1)), 'aggregate-result': [{ name: 'sum', _value: decimal(weighted(SHOP).sumCents) }, { name: 'count', _value: String(SHOP.length) }] }),
    },
    { name: 'q restricts to the matching documents', path: 'category?options=shop&q=brass', expected: () => ({ 'distinct-value': asJson(categories(matching('brass'))) }) },
    {
      name: 'structuredQuery restricts',
      path: `category?options=shop&structuredQuery=${encodeURIComponent(JSON.stringify({ query: { queries: [{ 'term-query': { text: ['lamp'] } }] } }))}`,
      expected: () => ({ 'distinct-value': asJson(categories(SHOP.filter((p) => /\blamps?\b/.test(p.text)))) }),
    },
    {
      name: 'collection restricts (repeatable, ORed)',
      path: 'category?options=shop&collection=sale',
      expected: () => ({ 'distinct-value': asJson(categories(SHOP.filter((p) => p.collections.includes('sale')))) }),
    },
    { name: 'directory restricts', path: 'uris?options=shop&directory=/x/', expected: () => ({ 'distinct-value': [{ frequency: 1, _value: XML_DOC.uri }] }) },
    {
      name: 'a query that matches nothing: no distinct-value at all',
      path: 'category?options=shop&q=zeppelin',
      expected: () => ({ name: 'category', type: 'xs:string' }),
    },
    { name: 'an element reference reads XML documents', path: 'xml-category?options=shop', expected: () => ({ 'distinct-value': [{ frequency: 1, _value: 'home' }] }) },
    {
      name: 'the collection lexicon',
      path: 'collections?options=shop',
      expected: () => ({ type: 'xs:string', 'distinct-value': asJson(counted(SHOP.flatMap((p) => p.collections.map((c) => ({ c })) ), (x) => x.c, byCodepoint)) }),
    },
    {
      name: 'the URI lexicon',
      path: 'uris?options=shop',
      expected: () => ({ type: 'xs:string', 'distinct-value': asJson(counted([...SHOP.map((p) => p.uri), XML_DOC.uri].map((u) => ({ u })), (x) => x.u, byCodepoint)) }),
    },
    {
      name: 'style consistent answers as tuples',
      path: 'qty-consistent?options=shop',
      expected: () => ({ types: { type: ['xs:int'] }, tuple: [...SHOP].sort((a, b) => a.qty - b.qty).map((p) => ({ frequency: 1, 'distinct-value': [String(p.qty)] })) }),
    },
    { name: 'view=values leaves out the aggregates', path: 'price?options=shop&view=values&aggregate=avg', expected: () => ({ 'distinct-value': asJson(prices(SHOP)) }) },
    {
      name: 'view=aggregate leaves out the values',
      path: 'price?options=shop&view=aggregate',
      expected: () => ({ name: 'price', type: 'xs:decimal', 'aggregate-result': [{ name: 'sum', _value: decimal(weighted(SHOP).sumCents) }] }),
    },
  ];

  test.for(cases)('$name', async ({ path, expected }) => {
    const r = await values(`/v1/values/${path}&format=json`);
    const want = expected();
    const { metrics, ...rest } = r;
    expect(metrics).toEqual({ 'values-resolution-time': expect.stringMatching(/^PT/), 'aggregate-resolution-time': expect.stringMatching(/^PT/), 'total-time': expect.stringMatching(/^PT/) });
    // Keys the case does not name must be absent (an empty result has no distinct-value).
    for (const key of ['distinct-value', 'tuple', 'aggregate-result'] as const) if (!(key in want)) expect(rest[key], key).toBeUndefined();
    expect(rest).toMatchObject(want);
  });

  test('database names this database; another is XDMP-NOSUCHDB', async () => {
    expect((await values(`/v1/values/category?options=shop&format=json&database=${encodeURIComponent(api.db.name)}`))['distinct-value']).toEqual(asJson(categories(SHOP)));
    expect(await errorOf(await api.fetch('/v1/values/category?options=shop&format=json&database=Elsewhere'))).toMatchObject({ code: 'XDMP-NOSUCHDB' });
    expect(await errorOf(await api.fetch('/v1/values?options=shop&format=json&database=Elsewhere'))).toMatchObject({ code: 'XDMP-NOSUCHDB' });
  });

  test('/LATEST/values/{name} is /v1/values/{name}', async () => {
    expect((await values('/LATEST/values/category?options=shop&format=json'))['distinct-value']).toEqual(asJson(categories(SHOP)));
  });
});

describe('aggregates', () => {
  const stats = weighted(SHOP);
  const close = (actual: string | undefined, expected: number) => {
    expect(actual).toBeDefined();
    expect(Number(actual)).toBeCloseTo(expected, 10);
  };

  test('every one-index built-in on a decimal index, frequency-weighted', async () => {
    const names = ['count', 'sum', 'min', 'max', 'avg', 'median', 'stddev', 'stddev-population', 'variance', 'variance-population'];
    const r = aggregates(await values(`/v1/values/price?options=shop&format=json&view=aggregate&${names.map((n) => `aggregate=${n}`).join('&')}`));
    const cents = SHOP.map((p) => p.cents);
    // sum (the definition's) first, then the request's in order, each once.
    expect(Object.keys(r)).toEqual(['sum', ...names.filter((n) => n !== 'sum')]);
    expect(r.count).toBe(String(stats.n));
    expect(r.sum).toBe(decimal(stats.sumCents));
    expect(r.min).toBe(decimal(Math.min(...cents)));
    expect(r.max).toBe(decimal(Math.max(...cents)));
    close(r.avg, stats.mean);
    close(r.median, stats.median);
    close(r.variance, stats.variance);
    close(r['variance-population'], stats.populationVariance);
    close(r.stddev, Math.sqrt(stats.variance));
    close(r['stddev-population'], Math.sqrt(stats.populationVariance));
  });

  test('restricted by a query', async () => {
    const docs = matching('brass');
    const r = aggregates(await values('/v1/values/price?options=shop&format=json&q=brass&aggregate=avg'));
    expect(r.sum).toBe(decimal(docs.reduce((a, p) => a + p.cents, 0)));
    close(r.avg, weighted(docs).mean);
  });

  test('a string index takes count, min and max (collation order)', async () => {
    const r = aggregates(await values('/v1/values/category?options=shop&format=json&aggregate=count&aggregate=min&aggregate=max'));
    const ordered = categories(SHOP).map(([v]) => v);
    expect(r).toEqual({ count: String(SHOP.length), min: ordered[0], max: ordered[ordered.length - 1] });
  });

  test('two-index aggregates on a tuples definition', async () => {
    const xs = SHOP.map((p) => p.cents / 100);
    const ys = SHOP.map((p) => p.qty);
    const n = xs.length;
    const mx = xs.reduce((a, b) => a + b) / n;
    const my = ys.reduce((a, b) => a + b) / n;
    const sxy = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
    const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    const syy = ys.reduce((a, y) => a + (y - my) ** 2, 0);
    const r = aggregates(await values('/v1/values/price-qty?options=shop&format=json&aggregate=covariance&aggregate=covariance-population&aggregate=count'));
    close(r.correlation, sxy / Math.sqrt(sxx * syy));
    close(r.covariance, sxy / (n - 1));
    close(r['covariance-population'], sxy / n);
    expect(r.count).toBe(String(n));
  });

  test('no result, no entry: avg over nothing', async () => {
    const r = await values('/v1/values/price?options=shop&format=json&q=zeppelin&aggregate=avg&aggregate=count');
    expect(r['aggregate-result']).toEqual([{ name: 'count', _value: '0' }]);
  });
});

describe('tuples', () => {
  test('co-occurring values with frequencies, in item order, with their types', async () => {
    const r = await values('/v1/values/category-price?options=shop&format=json');
    const combos = counted(SHOP, (p) => `${p.category}\u0000${String(p.cents).padStart(8, '0')}`, (a, b) => {
      const [ca, pa] = a.split('\u0000');
      const [cb, pb] = b.split('\u0000');
      return byRoot(ca, cb) || byCodepoint(pa, pb);
    });
    expect(r.types).toEqual({ type: ['xs:string', 'xs:decimal'] });
    expect(r.tuple).toEqual(
      combos.map(([key, frequency]) => {
        const [c, p] = key.split('\u0000');
        return { frequency, 'distinct-value': [c, decimal(Number(p))] };
      }),
    );
  });

  test('restricted by a query', async () => {
    const r = await values('/v1/values/category-price?options=shop&format=json&q=brass');
    expect(r.tuple?.map((t) => t['distinct-value'])).toEqual(
      matching('brass')
        .map((p) => [p.category, decimal(p.cents)])
        .sort((a, b) => byRoot(a[0], b[0]) || Number(a[1]) - Number(b[1])),
    );
  });
});

describe('POST /v1/values/{name}', () => {
  test('a combined query with inline options defining the values (the official client’s form)', async () => {
    const body = {
      search: {
        options: { values: [{ name: 'inline', range: { type: 'xs:int', 'json-property': 'qty', facet: false }, style: 'default' }] },
        query: { queries: [{ 'collection-query': { uri: ['sale'] } }] },
      },
    };
    const r = await values('/v1/values/inline?format=json&aggregate=sum', { method: 'POST', headers: J, body: JSON.stringify(body) });
    const sale = SHOP.filter((p) => p.collections.includes('sale'));
    expect(r['distinct-value']).toEqual(asJson(counted(sale, (p) => String(p.qty).padStart(4, '0'), byCodepoint).map(([k, n]) => [String(Number(k)), n])));
    expect(aggregates(r)).toEqual({ sum: String(sale.reduce((a, p) => a + p.qty, 0)) });
  });

  test('ranges without a type take their index’s (valuesBuilder.fromIndexes(\'name\') sends none)', async () => {
    const body = (options: unknown) => ({ method: 'POST', headers: J, body: JSON.stringify({ search: { options } }) });
    const one = await values('/v1/values/v?format=json', body({ values: [{ name: 'v', style: 'consistent', range: { 'json-property': 'category', facet: false } }] }));
    expect(one.types).toEqual({ type: ['xs:string'] });
    expect(one.tuple?.map((t) => [t['distinct-value'][0], t.frequency])).toEqual(categories(SHOP));
    const two = await values('/v1/values/t?format=json', body({ tuples: [{ name: 't', indexes: [{ range: { 'json-property': 'price' } }, { range: { 'json-property': 'qty' } }] }] }));
    expect(two.types).toEqual({ type: ['xs:decimal', 'xs:int'] });
    expect(two.tuple).toHaveLength(SHOP.length);
    const missing = await errorOf(await api.fetch('/v1/values/m?format=json', body({ values: [{ name: 'm', range: { 'json-property': 'colour' } }] })));
    expect(missing).toMatchObject({ status: 400, code: 'XDMP-ELEMRIDXNOTFOUND', message: expect.stringContaining('colour') });
  });

  test('a stored definition restricted by a posted structured query and q together', async () => {
    const body = { query: { queries: [{ 'collection-query': { uri: ['shop'] } }] } };
    const r = await values('/v1/values/category?options=shop&format=json&q=brass', { method: 'POST', headers: J, body: JSON.stringify(body) });
    expect(r['distinct-value']).toEqual(asJson(categories(matching('brass').filter((p) => p.collections.includes('shop')))));
  });
});

describe('XML', () => {
  const parse = async (path: string) => {
    const res = await api.fetch(path, { headers: { accept: 'application/xml' } });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    return new DOMParser().parseFromString(text, 'application/xml').documentElement!;
  };
  const children = (el: Element, name: string, ns: string | null = SEARCH_NS) => Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ns);

  test('values-response in the search namespace; frequency and name as attributes; metrics in no namespace', async () => {
    const root = await parse('/v1/values/price?options=shop&aggregate=max');
    expect([root.namespaceURI, root.localName, root.getAttribute('name'), root.getAttribute('type')]).toEqual([SEARCH_NS, 'values-response', 'price', 'xs:decimal']);
    expect(children(root, 'distinct-value').map((e) => [e.textContent, Number(e.getAttribute('frequency'))])).toEqual(prices(SHOP));
    expect(children(root, 'aggregate-result').map((e) => [e.getAttribute('name'), e.textContent])).toEqual([
      ['sum', decimal(weighted(SHOP).sumCents)],
      ['max', decimal(Math.max(...SHOP.map((p) => p.cents)))],
    ]);
    const [metrics] = children(root, 'metrics', null);
    expect(Array.from(metrics.childNodes).map((n) => (n as Element).localName)).toEqual(['values-resolution-time', 'aggregate-resolution-time', 'total-time']);
  });

  test('tuples: types, then tuples of typed distinct values', async () => {
    const root = await parse('/v1/values/category-price?options=shop&q=mirror');
    const [types] = children(root, 'types');
    expect(children(types, 'type').map((t) => t.textContent)).toEqual(['xs:string', 'xs:decimal']);
    const tuples = children(root, 'tuple');
    const [mirror] = matching('mirror');
    expect(tuples.map((t) => [t.getAttribute('frequency'), ...children(t, 'distinct-value').map((v) => `${v.getAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'type')}:${v.textContent}`)])).toEqual([
      ['1', `xs:string:${mirror.category}`, `xs:decimal:${decimal(mirror.cents)}`],
    ]);
  });

  test('an empty result', async () => {
    const root = await parse('/v1/values/category?options=shop&q=zeppelin');
    expect(children(root, 'distinct-value')).toEqual([]);
    expect(children(root, 'metrics', null)).toHaveLength(1);
  });
});

describe('errors: a clear 400 that changes nothing', () => {
  const cases: Array<{ name: string; path: string; init?: RequestInit; status?: number; code: string; message: RegExp }> = [
    { name: 'no such definition', path: '/v1/values/nope?options=shop', code: 'REST-INVALIDPARAM', message: /No values or tuples specification named: nope/ },
    { name: 'unknown options', path: '/v1/values/category?options=nope', code: 'REST-INVALIDPARAM', message: /nope/ },
    { name: 'a range index that does not exist', path: '/v1/values/unindexed?options=shop', code: 'XDMP-ELEMRIDXNOTFOUND', message: /colour/ },
    { name: 'an unknown aggregate', path: '/v1/values/price?options=shop&aggregate=mode', code: 'SEARCH-INVALAGGREGATE', message: /unknown aggregate "mode"/ },
    { name: 'avg of a string index', path: '/v1/values/category?options=shop&aggregate=avg', code: 'SEARCH-INVALAGGREGATE', message: /avg needs a numeric index/ },
    { name: 'correlation of one index', path: '/v1/values/price?options=shop&aggregate=correlation', code: 'SEARCH-INVALAGGREGATE', message: /correlation needs two indexes/ },
    { name: 'covariance of a string and a number', path: '/v1/values/category-price?options=shop&aggregate=covariance', code: 'SEARCH-INVALAGGREGATE', message: /two numeric indexes/ },
    { name: 'aggregatePath (user-defined aggregates)', path: '/v1/values/price?options=shop&aggregatePath=/ext/udf.so', code: 'REST-INVALIDPARAM', message: /aggregatePath/ },
    { name: 'transform', path: '/v1/values/price?options=shop&transform=t', code: 'TABULA-UNSUPPORTED', message: /transform/ },
    { name: 'an unknown parameter', path: '/v1/values/price?options=shop&colour=red', code: 'REST-UNSUPPORTEDPARAM', message: /colour/ },
    { name: 'view=results', path: '/v1/values/price?options=shop&view=results', code: 'REST-INVALIDPARAM', message: /view=results/ },
    { name: 'direction=sideways', path: '/v1/values/price?options=shop&direction=sideways', code: 'REST-INVALIDPARAM', message: /direction/ },
    { name: 'frequency=often', path: '/v1/values/price?options=shop&frequency=often', code: 'REST-INVALIDPARAM', message: /frequency/ },
    { name: 'start=0', path: '/v1/values/price?options=shop&start=0', code: 'REST-INVALIDPARAM', message: /start/ },
    { name: 'pageLength=-1', path: '/v1/values/price?options=shop&pageLength=-1', code: 'REST-INVALIDPARAM', message: /pageLength/ },
    { name: 'limit=0', path: '/v1/values/price?options=shop&limit=0', code: 'REST-INVALIDPARAM', message: /limit/ },
    { name: 'a repeated view', path: '/v1/values/price?options=shop&view=all&view=values', code: 'REST-REPEATEDPARAM', message: /view/ },
    { name: 'a malformed string query', path: '/v1/values/price?options=shop&q=(brass', code: 'REST-INVALIDPARAM', message: /./ },
    {
      name: 'a malformed POST body',
      path: '/v1/values/price?options=shop',
      init: { method: 'POST', headers: J, body: '{"search": ' },
      code: 'RESTAPI-INVALIDCONTENT',
      message: /JSON/,
    },
    { name: 'PUT is not a values method', path: '/v1/values/price?options=shop', init: { method: 'PUT', headers: J, body: '{}' }, status: 405, code: 'REST-UNSUPPORTEDMETHOD', message: /PUT/ },
  ];

  test.for(cases)('$name', async ({ path, init, status, code, message }) => {
    const error = await errorOf(await api.fetch(`${path}&format=json`, init));
    expect(error).toMatchObject({ status: status ?? 400, code });
    expect(error.message).toMatch(message);
    // Nothing changed: the next request is answered as before.
    expect((await values('/v1/values/category?options=shop&format=json'))['distinct-value']).toEqual(asJson(categories(SHOP)));
  });

  test('the URI and collection lexicons must be enabled', async () => {
    const other = await testApi();
    await other.fetch('/v1/config/query/lex', { method: 'PUT', headers: J, body: JSON.stringify({ options: { values: [{ name: 'c', collection: null }, { name: 'u', uri: null }] } }) });
    await other.fetch(`/manage/v2/databases/${encodeURIComponent(other.db.name)}/properties`, { method: 'PUT', headers: J, body: JSON.stringify({ 'collection-lexicon': false, 'uri-lexicon': false }) });
    expect(await errorOf(await other.fetch('/v1/values/c?options=lex&format=json'))).toMatchObject({ status: 400, code: 'XDMP-COLLXCNNOTFOUND' });
    expect(await errorOf(await other.fetch('/v1/values/u?options=lex&format=json'))).toMatchObject({ status: 400, code: 'XDMP-URILXCNNOTFOUND' });
  });
});
