import { describe, expect, test } from 'vitest';
import type { RangeOperator, RangeType } from '../search/query-model';
import { failure } from '../../../test/db-error';
import { castValue, lexicalOf, type RangeValue } from './range-values';
import { parseFacetOptions, RangeIndex, type FacetOptions, type RangeEntries } from './range-index';
import { seededRandom } from '../samples/prng';

/** A seeded generator of floats in [0, 1), so a failure can be replayed. */
const random = (seed: number) => seededRandom(seed).next;

/** An index over docs 1..n, each with the values given (as text, cast to `type`). */
function indexOf(type: RangeType, docs: Record<number, string[]>, collation?: string): RangeIndex {
  const index = new RangeIndex({ type, collation });
  for (const [key, raws] of Object.entries(docs)) index.add(Number(key), raws.map((r) => castValue(r, type)!));
  return index;
}

const sortedKeys = (s: Set<number>) => [...s].sort((a, b) => a - b);
const cast = (type: RangeType, ...raws: string[]) => raws.map((r) => castValue(r, type)!);
const facetNames = (index: RangeIndex, facet: Array<{ value: RangeValue; count: number }>) => facet.map((f) => [lexicalOf(f.value, index.type), f.count]);

// Doc 4 has two values (a JSON array): it matches a comparison when either value does.
const prices = { 1: ['5'], 2: ['10'], 3: ['10'], 4: ['3', '20'], 5: ['15'] };

describe('RangeIndex.matching', () => {
  test.for<{ name: string; op: RangeOperator; targets: string[]; expected: number[] }>([
    { name: 'EQ finds every document with the value', op: 'EQ', targets: ['10'], expected: [2, 3] },
    { name: 'EQ with several values is any of them', op: 'EQ', targets: ['5', '20'], expected: [1, 4] },
    { name: 'EQ of an absent value finds nothing', op: 'EQ', targets: ['11'], expected: [] },
    { name: 'LT is strict', op: 'LT', targets: ['10'], expected: [1, 4] },
    { name: 'LE includes the value', op: 'LE', targets: ['10'], expected: [1, 2, 3, 4] },
    { name: 'GT is strict', op: 'GT', targets: ['15'], expected: [4] },
    { name: 'GE includes the value', op: 'GE', targets: ['15'], expected: [4, 5] },
    { name: 'GT below every value finds all', op: 'GT', targets: ['0'], expected: [1, 2, 3, 4, 5] },
    { name: 'LT below every value finds none', op: 'LT', targets: ['3'], expected: [] },
    { name: 'LT with several values is below any of them', op: 'LT', targets: ['4', '11'], expected: [1, 2, 3, 4] },
    { name: 'NE finds documents with some other value', op: 'NE', targets: ['10'], expected: [1, 4, 5] },
    { name: 'NE with several values: a value equal to none of them', op: 'NE', targets: ['5', '10', '15'], expected: [4] },
    { name: 'NE of a multi-valued document needs only one other value', op: 'NE', targets: ['3'], expected: [1, 2, 3, 4, 5] },
    { name: 'EQ with no values finds nothing', op: 'EQ', targets: [], expected: [] },
    { name: 'NE with no values finds every document with a value', op: 'NE', targets: [], expected: [1, 2, 3, 4, 5] },
  ])('$name', ({ op, targets, expected }) => {
    const index = indexOf('int', prices);
    expect(sortedKeys(index.matching(op, cast('int', ...targets)))).toEqual(expected);
  });

  test('NaN compares with nothing: only NE finds it, and a NaN target matches only under NE', () => {
    const index = indexOf('double', { 1: ['NaN'], 2: ['1.5'], 3: ['-INF'] });
    const nan = castValue('NaN', 'double')!;
    expect(sortedKeys(index.matching('LT', cast('double', '2')))).toEqual([2, 3]);
    expect(sortedKeys(index.matching('GE', cast('double', '-INF')))).toEqual([2, 3]);
    expect(sortedKeys(index.matching('NE', cast('double', '1.5')))).toEqual([1, 3]);
    expect(sortedKeys(index.matching('EQ', [nan]))).toEqual([]);
    expect(sortedKeys(index.matching('NE', [nan]))).toEqual([1, 2, 3]);
  });

  test('strings compare under the index collation: equal spellings match, order is alphabetical', () => {
    const index = indexOf('string', { 1: ['café'], 2: ['cafe\u0301'], 3: ['Cafe'], 4: ['zebra'] });
    expect(sortedKeys(index.matching('EQ', ['café']))).toEqual([1, 2]);
    expect(sortedKeys(index.matching('LT', ['d']))).toEqual([1, 2, 3]);
    const codepoint = indexOf('string', { 1: ['café'], 2: ['cafe\u0301'], 3: ['Cafe'], 4: ['zebra'] }, 'http://marklogic.com/collation/codepoint');
    expect(sortedKeys(codepoint.matching('EQ', ['café']))).toEqual([1]);
    expect(sortedKeys(codepoint.matching('LT', ['a']))).toEqual([3]);
  });

  test('dateTimes compare on the timeline across time zones', () => {
    const index = indexOf('dateTime', { 1: ['2024-01-01T10:00:00+02:00'], 2: ['2024-01-01T09:00:00Z'], 3: ['2024-01-01T07:59:59Z'] });
    expect(sortedKeys(index.matching('EQ', cast('dateTime', '2024-01-01T08:00:00Z')))).toEqual([1]);
    expect(sortedKeys(index.matching('GE', cast('dateTime', '2024-01-01T03:00:00-05:00')))).toEqual([1, 2]);
  });

  test('decimals beyond double precision are told apart', () => {
    const index = indexOf('decimal', { 1: ['0.10000000000000000001'], 2: ['0.1'] });
    expect(sortedKeys(index.matching('GT', cast('decimal', '0.1')))).toEqual([1]);
  });
});

describe('RangeIndex writes', () => {
  test('adding a document again replaces its values', () => {
    const index = indexOf('int', prices);
    index.add(2, cast('int', '99'));
    expect(sortedKeys(index.matching('EQ', cast('int', '10')))).toEqual([3]);
    expect(sortedKeys(index.matching('EQ', cast('int', '99')))).toEqual([2]);
  });

  test('a removed document matches nothing; removing twice or an unknown key is harmless', () => {
    const index = indexOf('int', prices);
    index.matching('EQ', []); // the entries reach the sorted arrays
    index.remove(4);
    index.remove(4);
    index.remove(404);
    expect(sortedKeys(index.matching('GE', cast('int', '0')))).toEqual([1, 2, 3, 5]);
    expect(index.has(4)).toBe(false);
    expect(index.docCount).toBe(4);
  });

  test('adding no values removes the document', () => {
    const index = indexOf('int', prices);
    index.add(1, []);
    expect(index.has(1)).toBe(false);
    expect(sortedKeys(index.matching('EQ', cast('int', '5')))).toEqual([]);
  });

  test('a document repeating a value has it once, with its occurrences counted', () => {
    const index = indexOf('string', { 1: ['a', 'b', 'a'] });
    expect(index.valuesOf(1)).toEqual(['a', 'b']);
    expect(facetNames(index, index.facet(undefined, ['item-frequency']))).toEqual([['a', 2], ['b', 1]]);
    expect(facetNames(index, index.facet(undefined))).toEqual([['a', 1], ['b', 1]]);
  });


  test.for([
    { name: 'one write between reads (spliced in place)', batch: 1 },
    { name: 'a few writes between reads (spliced)', batch: 7 },
    { name: 'many writes between reads (merged)', batch: 150 },
  ])('after random adds, replaces and removes, matching and facets agree with a plain scan ($name)', ({ batch }) => {
    const rnd = random(batch);
    const index = new RangeIndex({ type: 'int' });
    const model = new Map<number, number[]>();
    for (let round = 0; round < 40; round++) {
      for (let w = 0; w < batch; w++) {
        const doc = Math.floor(rnd() * 200);
        if (rnd() < 0.25) {
          index.remove(doc);
          model.delete(doc);
        } else {
          const values = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => Math.floor(rnd() * 30));
          index.add(doc, values);
          model.set(doc, values);
        }
      }
      const target = Math.floor(rnd() * 30);
      const ops: Array<[RangeOperator, (v: number) => boolean]> = [
        ['EQ', (v) => v === target],
        ['LT', (v) => v < target],
        ['GE', (v) => v >= target],
        ['NE', (v) => v !== target],
      ];
      for (const [op, test] of ops) {
        const expected = [...model].filter(([, vs]) => vs.some(test)).map(([d]) => d).sort((a, b) => a - b);
        expect(sortedKeys(index.matching(op, [target])), `round ${round} ${op} ${target}`).toEqual(expected);
      }
      const counts = new Map<number, number>();
      for (const vs of model.values()) for (const v of new Set(vs)) counts.set(v, (counts.get(v) ?? 0) + 1);
      const expectedFacet = [...counts].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({ value, count }));
      expect(index.facet(undefined), `round ${round} facet`).toEqual(expectedFacet);
    }
  });
});

describe('RangeIndex.facet', () => {
  // genre values: french ×3, italian ×2, thai ×1, and doc 6 has two genres.
  const genres = { 1: ['french'], 2: ['italian'], 3: ['french'], 4: ['thai'], 5: ['italian'], 6: ['french', 'greek'] };

  test.for<{ name: string; options: string[]; expected: Array<[string, number]> }>([
    { name: 'item order, ascending, by default', options: [], expected: [['french', 3], ['greek', 1], ['italian', 2], ['thai', 1]] },
    { name: 'descending reverses item order', options: ['descending'], expected: [['thai', 1], ['italian', 2], ['greek', 1], ['french', 3]] },
    { name: 'frequency-order puts the most frequent first, ties in item order', options: ['frequency-order'], expected: [['french', 3], ['italian', 2], ['greek', 1], ['thai', 1]] },
    { name: 'frequency-order ascending puts the least frequent first', options: ['frequency-order', 'ascending'], expected: [['greek', 1], ['thai', 1], ['italian', 2], ['french', 3]] },
    { name: 'limit=N keeps the first N after ordering', options: ['frequency-order', 'descending', 'limit=2'], expected: [['french', 3], ['italian', 2]] },
    { name: 'limit=N in item order', options: ['limit=1'], expected: [['french', 3]] },
    { name: 'truncate=N is the same as limit=N', options: ['truncate=3'], expected: [['french', 3], ['greek', 1], ['italian', 2]] },
    { name: 'explicit item-order ascending', options: ['item-order', 'ascending'], expected: [['french', 3], ['greek', 1], ['italian', 2], ['thai', 1]] },
    { name: 'options that change nothing here are accepted', options: ['concurrent', 'document', 'timezone=Z', 'eager'], expected: [['french', 3], ['greek', 1], ['italian', 2], ['thai', 1]] },
  ])('$name', ({ options, expected }) => {
    const index = indexOf('string', genres);
    expect(facetNames(index, index.facet(undefined, options))).toEqual(expected);
  });

  test('counts only the documents of the query, and leaves out values none of them has', () => {
    const index = indexOf('string', genres);
    expect(facetNames(index, index.facet(new Set([1, 2, 6])))).toEqual([['french', 2], ['greek', 1], ['italian', 1]]);
    expect(facetNames(index, index.facet(new Set([])))).toEqual([]);
  });

  test('a small query set (counted from its documents) and a large one (a walk of the index) give the same counts', () => {
    const index = new RangeIndex({ type: 'int' });
    for (let d = 0; d < 1000; d++) index.add(d, [d % 7, (d * 3) % 11]);
    const few = new Set([1, 2, 3, 50, 999]);
    const many = new Set(Array.from({ length: 600 }, (_, i) => i));
    const byScan = (docs: Set<number>) => {
      const counts = new Map<number, number>();
      for (const d of docs) for (const v of new Set([d % 7, (d * 3) % 11])) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({ value, count }));
    };
    expect(index.facet(few)).toEqual(byScan(few));
    expect(index.facet(many)).toEqual(byScan(many));
  });

  test('collation-equal spellings are one facet value', () => {
    const index = indexOf('string', { 1: ['café'], 2: ['cafe\u0301'], 3: ['Café'] });
    expect(index.facet(undefined).map((f) => f.count)).toEqual([2, 1]);
  });

  test('numeric values facet in numeric order', () => {
    const index = indexOf('int', { 1: ['10'], 2: ['9'], 3: ['100'] });
    expect(facetNames(index, index.facet(undefined))).toEqual([['9', 1], ['10', 1], ['100', 1]]);
  });

  test.for<{ name: string; options: string[]; message: RegExp }>([
    { name: 'a limit that is not a number', options: ['limit=ten'], message: /limit=ten: limit takes a positive whole number/ },
    { name: 'a zero limit', options: ['limit=0'], message: /positive whole number/ },
    { name: 'an unknown option', options: ['sideways'], message: /unknown facet option "sideways"/ },
    { name: 'ascending and descending together', options: ['ascending', 'descending'], message: /ascending and descending contradict each other/ },
    { name: 'both orders together', options: ['item-order', 'frequency-order'], message: /item-order and frequency-order contradict/ },
  ])('rejects $name with 400 RESTAPI-INVALIDCONTENT', ({ options, message }) => {
    const index = indexOf('string', genres);
    const err = failure(() => index.facet(undefined, options));
    expect([err.status, err.code]).toEqual([400, 'RESTAPI-INVALIDCONTENT']);
    expect(err.message).toMatch(message);
  });

  test.for<{ name: string; options: string[]; expected: FacetOptions }>([
    { name: 'defaults', options: [], expected: { order: 'item', direction: 'ascending', frequency: 'fragment', empties: false } },
    { name: 'frequency order defaults to descending', options: ['frequency-order'], expected: { order: 'frequency', direction: 'descending', frequency: 'fragment', empties: false } },
    { name: 'the smaller of limit and truncate wins', options: ['limit=5', 'truncate=3'], expected: { order: 'item', direction: 'ascending', limit: 3, frequency: 'fragment', empties: false } },
    { name: 'empties and item-frequency', options: ['empties', 'item-frequency'], expected: { order: 'item', direction: 'ascending', frequency: 'item', empties: true } },
  ])('parseFacetOptions: $name', ({ options, expected }) => {
    expect(parseFacetOptions(options)).toEqual(expected);
  });
});

describe('RangeIndex.bucketCounts', () => {
  const buckets = [
    { lt: castValue('10', 'decimal') },
    { ge: castValue('10', 'decimal'), lt: castValue('50', 'decimal') },
    { ge: castValue('50', 'decimal') },
    { ge: castValue('1000', 'decimal'), lt: castValue('2000', 'decimal') },
  ];
  // doc 4 has two values in the middle bucket and one in the last.
  const docs = { 1: ['5'], 2: ['9.99'], 3: ['10'], 4: ['12', '49.99', '75'], 5: ['50'] };

  test('counts the documents with a value in [ge, lt), once per document, including empty buckets', () => {
    expect(indexOf('decimal', docs).bucketCounts(buckets)).toEqual([2, 2, 2, 0]);
  });

  test('item-frequency counts values instead of documents', () => {
    expect(indexOf('decimal', docs).bucketCounts(buckets, undefined, ['item-frequency'])).toEqual([2, 3, 2, 0]);
  });

  test('counts only the documents of the query', () => {
    expect(indexOf('decimal', docs).bucketCounts(buckets, new Set([1, 4]))).toEqual([1, 1, 1, 0]);
  });
});

describe('RangeIndex.sortValue', () => {
  test('a multi-valued document sorts by its smallest value ascending and its largest descending', () => {
    const index = indexOf('int', prices);
    expect(index.sortValue(4, 'ascending')).toBe(3);
    expect(index.sortValue(4, 'descending')).toBe(20);
    expect(index.sortValue(1)).toBe(5);
  });

  test('a document without values has no sort value', () => {
    expect(indexOf('int', prices).sortValue(42)).toBeUndefined();
  });

  test('compare orders sort values the index way', () => {
    const index = indexOf('string', {});
    expect(['b', 'A', 'a'].sort(index.compare)).toEqual(['a', 'A', 'b']);
  });
});

describe('RangeIndex.estimateBytes', () => {
  test('grows with the documents and values held, and shrinks back when they go', () => {
    const index = new RangeIndex({ type: 'string' });
    const empty = index.estimateBytes();
    for (let d = 0; d < 100; d++) index.add(d, [`value number ${d}`]);
    index.facet(undefined);
    const full = index.estimateBytes();
    expect(full).toBeGreaterThan(empty + 100 * 40);
    for (let d = 0; d < 100; d++) index.remove(d);
    index.facet(undefined);
    expect(index.estimateBytes()).toBe(empty);
  });
});

describe('RangeIndex at 100,000 documents', () => {
  test('builds, answers comparisons and facets, and takes single writes between reads (timings printed)', () => {
    const n = 100_000;
    const words = Array.from({ length: 500 }, (_, i) => `word${(i * 7919) % 500}`);
    const ints = new RangeIndex({ type: 'int' });
    const strings = new RangeIndex({ type: 'string' });
    const time = (label: string, work: () => void) => {
      const t0 = performance.now();
      work();
      const ms = performance.now() - t0;
      console.log(`[range-index 100k] ${label}: ${ms.toFixed(1)} ms`);
    };
    time('add 100k int docs + first read (sort)', () => {
      for (let d = 0; d < n; d++) ints.add(d, [(d * 31) % 10_000]);
      ints.matching('EQ', [0]);
    });
    time('add 100k string docs (root collation) + first read (sort)', () => {
      for (let d = 0; d < n; d++) strings.add(d, [words[d % words.length]]);
      strings.matching('EQ', ['word1']);
    });
    let hits = 0;
    time('100 int range queries (GE, ~50% of docs each)', () => {
      for (let q = 0; q < 100; q++) hits += ints.matching('GE', [5000]).size;
    });
    expect(hits).toBe(100 * 50_000);
    const half = new Set(Array.from({ length: n / 2 }, (_, i) => i * 2));
    let facet: ReturnType<RangeIndex['facet']> = [];
    time('string facet over 50k matching docs, frequency-order limit=10', () => {
      facet = strings.facet(half, ['frequency-order', 'limit=10']);
    });
    expect(facet).toHaveLength(10);
    time('string facet over all docs', () => {
      facet = strings.facet(undefined);
    });
    expect(facet).toHaveLength(500);
    time('100 × (one write, then a query)', () => {
      for (let w = 0; w < 100; w++) {
        strings.add(w, ['zzz-new']);
        expect(strings.matching('EQ', ['zzz-new']).size).toBe(w + 1);
      }
    });
    time('1,000 writes, then a query (merge)', () => {
      for (let w = 0; w < 1000; w++) ints.add(n + w, [w]);
      ints.matching('LT', [10]);
    });
    console.log(`[range-index 100k] estimateBytes: ints ${(ints.estimateBytes() / 1e6).toFixed(1)} MB, strings ${(strings.estimateBytes() / 1e6).toFixed(1)} MB`);
  });
});

describe('RangeIndex facets over a few documents (counted from columns)', () => {
  // 400 documents: doc d has the values d % 7 and, for every fifth, also d % 3 + 10 (and d % 7 again: a repeat).
  const docs: Record<number, string[]> = {};
  for (let d = 1; d <= 400; d++) docs[d] = d % 5 === 0 ? [String(d % 7), String((d % 3) + 10), String(d % 7)] : [String(d % 7)];
  // Few documents (counted from their own values before) and many (from a walk of the index before).
  const few = new Set(Array.from({ length: 30 }, (_, i) => 3 + i * 13));
  const many = new Set(Array.from({ length: 300 }, (_, i) => i + 1));
  const oracle = (restrictTo: Set<number>, frequency: 'fragment' | 'item') => {
    const counts = new Map<number, number>();
    for (const d of restrictTo) {
      const values = docs[d].map(Number);
      for (const v of new Set(values)) counts.set(v, (counts.get(v) ?? 0) + (frequency === 'item' ? values.filter((x) => x === v).length : 1));
    }
    return [...counts].sort((a, b) => a[0] - b[0]).map(([v, n]) => [String(v), n]);
  };
  test.for(['int', 'decimal'].flatMap((type) => [{ type, restrictTo: few }, { type, restrictTo: many }]) as Array<{ type: 'int' | 'decimal'; restrictTo: Set<number> }>)('$type over $restrictTo.size documents: value counts and bucket counts as the documents give them, fragment and item frequency', ({ type, restrictTo }) => {
    const index = indexOf(type, docs);
    for (const frequency of ['fragment', 'item'] as const) {
      const expected = oracle(restrictTo, frequency);
      expect(facetNames(index, index.counts(restrictTo, frequency)).map(([v, n]) => [String(Number(v)), n])).toEqual(expected);
      const buckets = [{ lt: castValue('3', type)! }, { ge: castValue('3', type)!, lt: castValue('11', type)! }, { ge: castValue('11', type)! }];
      const bucketOracle = [(v: number) => v < 3, (v: number) => v >= 3 && v < 11, (v: number) => v >= 11].map((inBucket) => {
        let n = 0;
        for (const d of restrictTo) {
          const hits = docs[d].map(Number).filter(inBucket).length;
          if (hits > 0) n += frequency === 'item' ? hits : 1;
        }
        return n;
      });
      expect(index.bucketCounts(buckets, restrictTo, frequency === 'item' ? ['item-frequency'] : [])).toEqual(bucketOracle);
    }
    // A write after the columns were made: they follow it.
    index.add(3, cast(type, '6'));
    const restricted = index.counts(restrictTo, 'fragment');
    expect(restricted.reduce((n, c) => n + c.count, 0)).toBe([...restrictTo].reduce((n, d) => n + new Set(d === 3 ? ['6'] : docs[d]).size, 0));
  });
});

describe('RangeIndex entries: what a snapshot keeps, restored', () => {
  // Per type: raw values to draw from, including collation-equal spellings, NaN, time zones and repeats.
  const pools: Array<{ type: RangeType; collation?: string; raws: string[] }> = [
    { type: 'int', raws: ['-3', '0', '7', '7', '12', '40'] },
    { type: 'decimal', raws: ['1.50', '1.5', '2', '10.25', '-0.1', '99999999999999999999.5'] },
    { type: 'double', raws: ['NaN', '-INF', '1.5', '2e3', '0'] },
    { type: 'string', collation: 'http://marklogic.com/collation/', raws: ['apple', 'Apple', 'APPLE', 'pear', 'café', 'cafe\u0301', 'zebra'] },
    { type: 'string', collation: 'http://marklogic.com/collation/codepoint', raws: ['b', 'B', 'a', 'ä'] },
    { type: 'dateTime', raws: ['2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00Z', '2023-06-30T23:59:59Z', '2025-02-03T04:05:06.789Z'] },
    { type: 'date', raws: ['2024-01-01', '2024-01-01+05:00', '1999-12-31'] },
  ];
  const restored = (index: RangeIndex, spec: { type: RangeType; collation?: string }) => RangeIndex.restore(spec, structuredClone(index.entries()));
  /** Everything a reader asks of an index, over `docs` documents, for comparing two indexes. */
  const answers = (index: RangeIndex, type: RangeType, raws: string[], docs: number) => {
    const targets = raws.map((r) => castValue(r, type)!);
    const few = new Set(Array.from({ length: 5 }, (_, i) => i * 7));
    const many = new Set(Array.from({ length: docs }, (_, i) => i).filter((d) => d % 3 !== 0));
    const lexical = (c: Array<{ value: RangeValue; count: number }>) => c.map((f) => [lexicalOf(f.value, type), f.count]);
    const ops: RangeOperator[] = ['EQ', 'NE', 'LT', 'LE', 'GT', 'GE'];
    return {
      matching: ops.flatMap((op) => targets.map((t) => sortedKeys(index.matching(op, [t])))),
      counts: [undefined, few, many].flatMap((r) => (['fragment', 'item'] as const).map((f) => lexical(index.counts(r, f)))),
      facets: lexical(index.facet(many, ['frequency-order', 'limit=3'])),
      buckets: [undefined, few, many].map((r) => index.bucketCounts([{ lt: targets[1] }, { ge: targets[1], lt: targets[2] }, { ge: targets[2] }], r, ['item-frequency'])),
      perDoc: Array.from({ length: docs + 2 }, (_, d) => ({
        has: index.has(d),
        values: index.valuesOf(d)?.map((v) => lexicalOf(v, type)),
        occurrences: index.docValues(d)?.occurrences,
        sort: [index.sortValue(d, 'ascending'), index.sortValue(d, 'descending')].map((v) => (v === undefined ? v : lexicalOf(v, type))),
      })),
      docCount: index.docCount,
    };
  };

  test.for(pools.map((p) => ({ ...p, label: `${p.type}${p.collation ? ` (${p.collation})` : ''}` })))('$label: a restored index answers every question as the index it was taken from, before and after writes', ({ type, collation, raws }) => {
    const rnd = random(raws.length * 31 + type.length);
    const pick = () => raws[Math.floor(rnd() * raws.length)];
    const docs = 60;
    const original = new RangeIndex({ type, collation });
    for (let d = 0; d < docs; d++) {
      if (d % 11 === 5) continue; // some documents have no value
      // One value mostly; some several, with repeats (item frequency).
      const n = d % 4 === 0 ? 2 + Math.floor(rnd() * 3) : 1;
      original.add(d, Array.from({ length: n }, pick).map((r) => castValue(r, type)!));
    }
    const back = restored(original, { type, collation });
    expect(answers(back, type, raws, docs)).toEqual(answers(original, type, raws, docs));
    // Writes reach both alike: replaces, removes, new documents, a single write (spliced) and many (merged).
    const write = (index: RangeIndex, seed: number, count: number) => {
      const r = random(seed);
      for (let w = 0; w < count; w++) {
        const d = Math.floor(r() * (docs + 5));
        if (r() < 0.3) index.remove(d);
        else index.add(d, [raws[Math.floor(r() * raws.length)]].map((x) => castValue(x, type)!));
      }
    };
    for (const [seed, count] of [[1, 1], [2, 100]]) {
      write(original, seed, count);
      write(back, seed, count);
      expect(answers(back, type, raws, docs)).toEqual(answers(original, type, raws, docs));
    }
  });

  test('an empty index restores empty; one restored twice from its own entries is the same', () => {
    const empty = restored(new RangeIndex({ type: 'int' }), { type: 'int' });
    expect(empty.docCount).toBe(0);
    expect(empty.counts(undefined, 'fragment')).toEqual([]);
    const index = indexOf('int', prices);
    const twice = restored(restored(index, { type: 'int' }), { type: 'int' });
    expect(answers(twice, 'int', ['3', '10', '15'], 6)).toEqual(answers(index, 'int', ['3', '10', '15'], 6));
  });

  test("values are kept as runs: a category's thousand entries are one run, and a count above one is kept apart", () => {
    const categories = ['books', 'games', 'tools'];
    const docs: Record<number, string[]> = {};
    for (let d = 0; d < 3000; d++) docs[d] = d === 42 ? ['games', 'games', 'games'] : [categories[d % 3]];
    const e = indexOf('string', docs).entries();
    expect(e.runValues).toEqual(categories);
    const perCategory = categories.map((c) => Object.values(docs).filter((vs) => vs.includes(c)).length);
    expect([...e.runLengths]).toEqual(perCategory);
    expect(e.keys.length).toBe(3000);
    // Doc 42's entry among the games, which are sorted by document key.
    const gamesStart = perCategory[0];
    const at = gamesStart + [...e.keys.subarray(gamesStart, gamesStart + perCategory[1])].indexOf(42);
    expect(at).toBeGreaterThanOrEqual(gamesStart);
    expect([...e.repeatedAt]).toEqual([at]);
    expect([...e.repeatedCounts]).toEqual([3]);
  });

  test.for([
    { name: 'runs shorter than the entries', damage: (e: RangeEntries) => ({ ...e, runLengths: e.runLengths.map((n, i) => (i === 0 ? n - 1 : n)) }) },
    { name: 'runs longer than the entries', damage: (e: RangeEntries) => ({ ...e, runLengths: e.runLengths.map((n, i) => (i === 0 ? n + 1 : n)) }) },
    { name: 'a run without its value', damage: (e: RangeEntries) => ({ ...e, runValues: e.runValues.slice(1) }) },
    { name: 'a count past the entries', damage: (e: RangeEntries) => ({ ...e, repeatedAt: Uint32Array.of(e.keys.length), repeatedCounts: Uint32Array.of(2) }) },
    { name: 'counts without positions', damage: (e: RangeEntries) => ({ ...e, repeatedCounts: Uint32Array.of(2) }) },
  ])('damaged entries are refused, not restored: $name', ({ damage }) => {
    const e = indexOf('int', prices).entries();
    expect(() => RangeIndex.restore({ type: 'int' }, damage(e))).toThrow(/range index entries/);
  });
});
