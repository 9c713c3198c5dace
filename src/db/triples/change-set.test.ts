import * as ox from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { ChangeSet, logRecords, replayEntry, type LogEntry } from './change-set';
import { linePieces, loadKeepingLabels } from './nquads';

const BASE = '<http://a> <http://p> "1" <http://g> .\n<http://b> <http://p> "2" <http://g> .\n<http://c> <http://p> "3" .\n_:k <http://p> "4" <http://h> .\n';
const q = (s: string, o: string, g?: string) => ox.quad(ox.namedNode(s), ox.namedNode('http://p'), ox.literal(o), g ? ox.namedNode(g) : ox.defaultGraph());
const nt = { format: 'application/n-triples', base_iri: 'tabula-relative:' };

type Step = (c: ChangeSet) => void;

const sorted = (store: ox.Store) => store.dump({ format: 'application/n-quads' }).split('\n').filter(Boolean).sort();

function fromBase(): ox.Store {
  const store = new ox.Store();
  loadKeepingLabels(ox, store, BASE);
  return store;
}

/** Applies steps to one store, replays the entry on another from the same start: both must end alike. */
function roundTrip(steps: Step[]): { live: string[]; replayed: string[] } {
  const live = fromBase();
  const changes = new ChangeSet(ox, live);
  steps.forEach((step) => step(changes));
  const replayed = fromBase();
  const entry = changes.entry();
  if (entry) replayEntry(ox, replayed, structuredClone(entry));
  return { live: sorted(live), replayed: sorted(replayed) };
}

describe('a log entry replays to the state the change left', () => {
  test.for<{ name: string; steps: Step[] }>([
    { name: 'adds and removes', steps: [(c) => c.add(q('http://x', '9')), (c) => c.delete(q('http://a', '1', 'http://g'))] },
    { name: 'a quad removed then added back', steps: [(c) => c.delete(q('http://c', '3')), (c) => c.add(q('http://c', '3'))] },
    { name: 'a quad added then removed', steps: [(c) => c.add(q('http://x', '9')), (c) => c.delete(q('http://x', '9'))] },
    { name: 'clear after adds', steps: [(c) => c.add(q('http://x', '9', 'http://g')), (c) => c.clear('http://g')] },
    { name: 'adds after a clear', steps: [(c) => c.clear('http://g'), (c) => c.add(q('http://a', '1', 'http://g')), (c) => c.add(q('http://y', '5', 'http://g'))] },
    { name: 'remove, clear, add back', steps: [(c) => c.delete(q('http://a', '1', 'http://g')), (c) => c.clear('http://g'), (c) => c.add(q('http://a', '1', 'http://g'))] },
    { name: 'a graph with a blank node cleared', steps: [(c) => c.clear('http://h')] },
    { name: 'a bulk load with blank nodes into a cleared graph', steps: [(c) => c.clear('http://g'), (c) => c.loadInto(['http://g'], '_:n <http://p> "7" .', { ...nt, to_graph_name: ox.namedNode('http://g') })] },
    { name: 'a logged load merged into a graph', steps: [(c) => c.loadLogged(['http://g'], '<http://z> <http://p> "8" .\n<http://a> <http://p> "1" .', { ...nt, to_graph_name: ox.namedNode('http://g') })] },
    {
      name: 'a logged load, then one of its quads removed',
      steps: [(c) => c.loadLogged(['http://g'], '<http://z> <http://p> "8" .', { ...nt, to_graph_name: ox.namedNode('http://g') }), (c) => c.delete(q('http://z', '8', 'http://g'))],
    },
    {
      name: 'a logged quad load over two graphs, then one graph cleared',
      steps: [
        (c) => c.loadLogged(['http://g', 'http://n'], '<http://z> <http://p> "8" <http://g> .\n<http://z> <http://p> "8" <http://n> .', { format: 'application/n-quads', base_iri: 'tabula-relative:' }),
        (c) => c.clear('http://g'),
      ],
    },
  ])('$name', ({ steps }) => {
    const { live, replayed } = roundTrip(steps);
    expect(replayed).toEqual(live);
  });
});

describe('undo', () => {
  test('quad changes, clears and reversible loads are undone exactly', () => {
    const store = fromBase();
    const before = sorted(store);
    const c = new ChangeSet(ox, store);
    c.add(q('http://x', '9'));
    c.delete(q('http://a', '1', 'http://g'));
    c.clear('http://h');
    c.loadInto(['http://new'], '_:n <http://p> "7" .', { ...nt, to_graph_name: ox.namedNode('http://new') });
    expect(c.rollback()).toBe(true);
    expect(sorted(store)).toEqual(before);
  });

  test('a logged load cannot be undone and says so', () => {
    const c = new ChangeSet(ox, fromBase());
    c.loadLogged(['http://g'], '<http://z> <http://p> "8" .', { ...nt, to_graph_name: ox.namedNode('http://g') });
    expect(c.rollback()).toBe(false);
  });

  test('nothing changed gives no entry', () => {
    const c = new ChangeSet(ox, fromBase());
    c.add(q('http://c', '3'));
    c.delete(q('http://none', '0'));
    expect(c.entry()).toBeUndefined();
  });
});

describe('linePieces', () => {
  const lines = Array.from({ length: 200 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${'x'.repeat(i % 37)}" .\n`).join('');
  const bytes = new TextEncoder().encode(lines);
  test.each([1, 50, 333, 4096, bytes.length - 1, bytes.length, bytes.length * 2])('bytes in pieces of %i: whole lines, nothing lost', (size) => {
    const pieces = [...linePieces(bytes, size)];
    const joined = new TextDecoder().decode(new Uint8Array(pieces.flatMap((p) => [...(p as Uint8Array)])));
    expect(joined).toBe(lines);
    for (const p of pieces) expect((p as Uint8Array).at(-1)).toBe(0x0a);
    if (size <= bytes.length / 2) expect(pieces.length).toBeGreaterThan(1);
  });

  test('a logged payload larger than a slice loads and replays whole', () => {
    const store = new ox.Store();
    const changes = new ChangeSet(ox, store);
    changes.loadLogged(['http://ex/g'], bytes, { format: 'application/n-triples', to_graph_name: ox.namedNode('http://ex/g') });
    expect(store.size).toBe(200);
    const replayed = new ox.Store();
    replayEntry(ox, replayed, changes.entry()!);
    expect(replayed.size).toBe(200);
  });
});

describe('logRecords: an entry as records small enough for IndexedDB', () => {
  const nt = (from: number, n: number) => Array.from({ length: n }, (_, i) => `<http://ex/s${from + i}> <http://ex/p> "${i}" .\n`).join('');
  const dumpOf = (store: ox.Store) => store.dump({ format: 'application/n-quads' }).split('\n').filter(Boolean).sort();
  const replayAll = (records: LogEntry[]) => {
    const store = new ox.Store();
    store.load(nt(10_000, 5), { format: 'application/n-triples', to_graph_name: ox.namedNode('http://ex/g') });
    for (const r of records) replayEntry(ox, store, r);
    return dumpOf(store);
  };
  const cases: Array<[string, LogEntry, number]> = [
    ['a small entry stays one record', { cleared: ['http://ex/g'], removed: '', added: [{ graph: 'http://ex/g', text: nt(0, 10) }] }, 1],
    ['a large text section is cut at line ends', { cleared: ['http://ex/g'], removed: '', added: [{ graph: 'http://ex/g', text: nt(0, 300) }] }, 2],
    [
      'large bytes as sent, with format, after a removal',
      { cleared: [], removed: '<http://ex/s10000> <http://ex/p> "0" <http://ex/g> .\n', added: [{ graph: 'http://ex/g', text: new TextEncoder().encode(nt(0, 300)), format: 'application/n-triples' }] },
      2,
    ],
    ['several sections', { cleared: [], removed: '', added: [{ graph: 'http://ex/g', text: nt(0, 100) }, { graph: 'http://ex/h', text: nt(100, 100) }, { graph: 'http://ex/g', text: nt(200, 100) }] }, 2],
  ];
  test.each(cases)('%s', (_, entry, atLeast) => {
    const max = 4096;
    const records = logRecords(entry, max);
    expect(records.length).toBeGreaterThanOrEqual(atLeast);
    for (const r of records.slice(1)) expect(r).toMatchObject({ cleared: [], removed: '' });
    for (const r of records) {
      const size = r.removed.length * 2 + r.added.reduce((n, a) => n + (typeof a.text === 'string' ? a.text.length * 2 : a.text.length), 0);
      // A record passes the limit only by its one line that would not fit alone.
      expect(size).toBeLessThanOrEqual(max + 200);
    }
    expect(replayAll(records)).toEqual(replayAll([entry]));
  });
});

test('logRecords stores a slice of a larger body in a buffer of its own (IndexedDB clones a view whole buffer and all)', () => {
  const body = new TextEncoder().encode(Array.from({ length: 300 }, (_, i) => `<http://ex/s${i}> <http://ex/p> "${i}" .\n`).join(''));
  const records = logRecords({ cleared: [], removed: '', added: [{ graph: 'http://ex/g', text: body.subarray(10 * 0, body.length), format: 'application/n-triples' }] }, 4096);
  expect(records.length).toBeGreaterThan(1);
  for (const r of records) for (const a of r.added) expect((a.text as Uint8Array).buffer.byteLength).toBe((a.text as Uint8Array).byteLength);
});
