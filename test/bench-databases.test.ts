/**
 * The databases section's pure parts (bench/databases.ts, bench/scenarios/databases-api.ts, and
 * the `database=` the search scenario's helpers add): the URLs sent, the runs' split over rounds
 * and databases, p50 over ping per mode and the ratio, the memory figures from CDP's readings,
 * and rows that follow their tables' heads.
 */
import { describe, expect, test } from 'vitest';
import {
  DB_LATENCY_HEAD,
  DB_MEMORY_HEAD,
  HOME,
  OTHER,
  databasesLatencyRows,
  databasesMemoryRows,
  heapSettled,
  latencyFigures,
  memoryFigures,
  memoryOf,
  workerDbName,
  type MemoryReading,
  type MemoryStage,
} from '../bench/databases';
import { databaseOfRun, runsPerRound, type DatabaseMode, type DatabasesModeSamples } from '../bench/scenarios/databases-api';
import { searchUrl, withDatabase } from '../bench/scenarios/search-api';

describe('withDatabase', () => {
  test('no database: the URL unchanged (the home database)', () => {
    expect(withDatabase('/v1/documents')).toBe('/v1/documents');
    expect(searchUrl({ q: 'a b' })).toBe('/v1/search?options=bench-search&format=json&q=a+b');
  });

  test('a database: added as the first or a further parameter, encoded', () => {
    expect(withDatabase('/tabula/v1/idle', 'b')).toBe('/tabula/v1/idle?database=b');
    expect(withDatabase('/v1/documents?uri=%2Fx.json', 'my db')).toBe('/v1/documents?uri=%2Fx.json&database=my%20db');
    expect(searchUrl({ q: 'a' }, 'b')).toBe('/v1/search?options=bench-search&format=json&q=a&database=b');
  });
});

describe('runs', () => {
  test('runsPerRound splits the runs as evenly as it can, the first rounds taking the remainder', () => {
    expect(runsPerRound(200, 10)).toEqual(Array.from({ length: 10 }, () => 20));
    expect(runsPerRound(23, 5)).toEqual([5, 5, 5, 4, 4]);
    expect(runsPerRound(2, 4)).toEqual([1, 1, 0, 0]);
  });

  test('databaseOfRun: the home database (null) or the other, alternating from the home one', () => {
    expect([0, 1, 2].map((i) => databaseOfRun('one', i, 'b'))).toEqual([null, null, null]);
    expect([0, 1, 2].map((i) => databaseOfRun('other', i, 'b'))).toEqual(['b', 'b', 'b']);
    expect([0, 1, 2, 3].map((i) => databaseOfRun('alternating', i, 'b'))).toEqual([null, 'b', null, 'b']);
  });

  test('workerDbName: the home database and a sibling, as src/db/database.ts names their storage', () => {
    expect(workerDbName(HOME)).toBe('tabula:Documents');
    expect(workerDbName(OTHER)).toBe('tabula:Documents/b');
  });
});

/** `n` runs of `mode`, each search `search(i)` ms after a 2 ms ping. */
function modeSamples(mode: DatabaseMode, n: number, search: (i: number) => number): DatabasesModeSamples {
  const database = Array.from({ length: n }, (_, i) => databaseOfRun(mode, i, OTHER));
  return {
    mode,
    database,
    api: database.map((_, i) => search(i)),
    ping: database.map(() => 2),
    baseline: [],
    metrics: database.map(() => ({ query: 1, facet: 1, snippet: 3, total: 5 })),
    totals: { '(home)': 1_600, ...(mode === 'one' ? {} : { [OTHER]: 1_600 }) },
  };
}

describe('latencyFigures', () => {
  test('p50 over ping per mode and per half of the alternating runs; the ratio of alternating to one', () => {
    const l = latencyFigures([
      modeSamples('one', 10, () => 12),
      modeSamples('other', 10, () => 13),
      // Home runs 12 ms, b runs 14 ms: the mode's p50 (nearest rank) is 12.
      modeSamples('alternating', 10, (i) => (i % 2 === 0 ? 12 : 14)),
    ]);
    expect(l.rows.map((r) => [r.name.trim(), r.api.n, r.overPingP50])).toEqual([
      [`${HOME} only`, 10, 10],
      [`${OTHER} only (database=${OTHER})`, 10, 11],
      [`alternating ${HOME} / ${OTHER}`, 10, 10],
      [`its ${HOME} runs`, 5, 10],
      [`its ${OTHER} runs`, 5, 12],
    ]);
    expect(l.ratio).toBe(1);
    expect(l.otherOverOne).toBeCloseTo(1.1, 10);
    expect(l.totals).toEqual({ '(home)': 1_600, [OTHER]: 1_600 });
    for (const row of databasesLatencyRows(l)) expect(row).toHaveLength(DB_LATENCY_HEAD.length);
  });

  test('alternating at 13 ms over a 10 ms search on one database: 1.3', () => {
    const l = latencyFigures([modeSamples('one', 4, () => 12), modeSamples('other', 4, () => 12), modeSamples('alternating', 4, () => 15)]);
    expect(l.ratio).toBeCloseTo(1.3, 10);
  });
});

const heap = (usedMB: number, backingMB: number, wasmMB = 0) => ({
  usedSize: usedMB * 1e6,
  totalSize: usedMB * 2e6,
  embedderHeapUsedSize: 0.5e6,
  backingStorageSize: backingMB * 1e6,
  wasmMemories: wasmMB > 0 ? 1 : 0,
  wasmMemoryBytes: wasmMB * 1e6,
});

/** A step's reading; at the idle answer the texts are not decoded yet: half the used heap, no more buffers than at the start. */
const reading = (stage: MemoryStage, open: string[], usedMB: number, backingMB: number, wasmMB = 0, settleMs: number | null = 2_000): MemoryReading => ({
  stage,
  open,
  requestMs: 100,
  heap: heap(usedMB, backingMB, wasmMB),
  heapAtIdle: heap(usedMB / 2, 2, wasmMB),
  settleMs,
});

describe('heapSettled', () => {
  test('the last three readings within 0.2 MB', () => {
    expect(heapSettled([10, 10])).toBe(false);
    expect(heapSettled([10, 10, 10.2])).toBe(true);
    expect(heapSettled([5, 8, 10, 10.1, 10])).toBe(true);
    expect(heapSettled([8, 10, 10])).toBe(false);
    expect(heapSettled([10, 10.1, 10.4])).toBe(false);
  });
});

describe('memoryFigures', () => {
  const run = (extra: number): MemoryReading[] => [
    reading('started', [HOME], 4, 2),
    reading('one', [HOME], 40 + extra, 10),
    reading('both', [HOME, OTHER], 76 + extra, 18),
  ];

  test('memoryOf: JS heap = used + embedder, the total adds the buffers and the wasm memories', () => {
    expect(memoryOf(reading('one', [HOME], 10, 3, 1.5))).toMatchObject({ jsHeapMB: 10.5, backingMB: 3, wasmMB: 1.5, totalMB: 15 });
    const { backingStorageSize: _, wasmMemoryBytes: __, ...old } = heap(10, 3);
    expect(memoryOf({ ...reading('one', [HOME], 10, 3), heap: old })).toMatchObject({ backingMB: null, wasmMB: null, totalMB: 10.5, totalAtIdleMB: 7.5 });
  });

  test('per stage the median of the runs; the second database is both − one, the first one − started', () => {
    const m = memoryFigures([run(2), run(0), run(1)]);
    expect(m.stages.map((s) => [s.stage, s.jsHeapMB, s.backingMB, s.totalMB, s.totalAtIdleMB, s.settleMs])).toEqual([
      ['started', 4.5, 2, 6.5, 4.5, 2_000],
      ['one', 41.5, 10, 51.5, 23, 2_000],
      ['both', 77.5, 18, 95.5, 41, 2_000],
    ]);
    expect(m.firstDatabaseMB).toEqual({ jsHeap: 37, backing: 8, total: 45 });
    expect(m.secondDatabaseMB).toEqual({ jsHeap: 36, backing: 8, total: 44 });
    expect(m.openAsExpected).toBe(true);
    for (const row of databasesMemoryRows(m)) expect(row).toHaveLength(DB_MEMORY_HEAD.length);
    expect(databasesMemoryRows(m)[2][DB_MEMORY_HEAD.indexOf('total vs step before')]).toBe('+44.0');
  });

  test('settled after: the slowest run; null when a run did not settle', () => {
    const slow = run(0).map((r) => (r.stage === 'both' ? { ...r, settleMs: 5_000 } : r));
    expect(memoryFigures([run(0), slow]).stages.map((s) => s.settleMs)).toEqual([2_000, 2_000, 5_000]);
    const unsettled = run(0).map((r) => (r.stage === 'one' ? { ...r, settleMs: null } : r));
    expect(memoryFigures([run(0), unsettled]).stages.map((s) => s.settleMs)).toEqual([2_000, null, 2_000]);
  });

  test('open not as expected: b open before it was searched, or closed after', () => {
    expect(memoryFigures([[reading('started', [HOME, OTHER], 4, 2), reading('one', [HOME], 40, 10), reading('both', [HOME, OTHER], 76, 18)]]).openAsExpected).toBe(false);
    expect(memoryFigures([[reading('started', [HOME], 4, 2), reading('one', [HOME], 40, 10), reading('both', [HOME], 76, 18)]]).openAsExpected).toBe(false);
  });
});
