import * as ox from 'oxigraph';
import { describe, expect, test } from 'vitest';
import { engineQuadId, quadId, QuadOwners, type QuadId } from './quad-owners';
import { seededRandom } from '../../samples/prng';

/** A seeded generator of floats in [0, 1), so a failure can be replayed. */
const random = (seed: number) => seededRandom(seed).next;

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const s = ox.namedNode('http://example.org/s');
const p = ox.namedNode('http://example.org/p');
const g = ox.namedNode('http://example.org/g');

describe('quadId', () => {
  test('the same quad has the same id however it was made: parsed from N-Quads or built term by term', () => {
    const built = [
      ox.quad(s, p, ox.literal('chat', 'fr'), g),
      ox.quad(s, p, ox.literal('1', ox.namedNode(`${XSD}integer`)), ox.defaultGraph()),
      ox.quad(s, p, ox.namedNode('http://example.org/o'), g),
    ];
    const parsed = ox.parse(
      '<http://example.org/s> <http://example.org/p> "chat"@fr <http://example.org/g> .\n' +
        '<http://example.org/s> <http://example.org/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .\n' +
        '<http://example.org/s> <http://example.org/p> <http://example.org/o> <http://example.org/g> .\n',
      { format: 'application/n-quads' },
    ) as ox.Quad[];
    expect(parsed.map(engineQuadId)).toEqual(built.map(engineQuadId));
  });

  test('quads differing in any one term, or only in a term kind, datatype, language or graph, have different ids', () => {
    const variants = [
      ox.quad(s, p, ox.literal('o'), g),
      ox.quad(s, p, ox.literal('o'), ox.defaultGraph()),
      ox.quad(s, p, ox.literal('o', 'en'), g),
      ox.quad(s, p, ox.literal('o', ox.namedNode(`${XSD}token`)), g),
      ox.quad(s, p, ox.blankNode('o'), g),
      ox.quad(s, p, ox.literal('http://example.org/o'), g),
      ox.quad(s, p, ox.namedNode('http://example.org/o'), g),
      ox.quad(s, ox.namedNode('http://example.org/q'), ox.literal('o'), g),
      ox.quad(ox.namedNode('http://example.org/t'), p, ox.literal('o'), g),
      // A value whose characters could be read as the next term's, were the terms not delimited.
      ox.quad(s, p, ox.literal('o\u0000D'), g),
    ];
    const ids = variants.map((q) => engineQuadId(q).join(':'));
    expect(new Set(ids).size).toBe(variants.length);
  });

  test('ids of 500,000 distinct quads, differing in a few characters, do not collide', () => {
    // Plain terms: reading the fields off engine terms would take ~20 µs a quad.
    const [sf, pf, gf] = [s, p, g].map((t) => ({ termType: t.termType, value: t.value }));
    const ids = new Set<string>();
    for (let i = 0; i < 500_000; i++) ids.add(quadId(sf, pf, { termType: 'Literal', value: String(i), datatype: { value: `${XSD}string` }, language: '' }, gf).join(':'));
    expect(ids.size).toBe(500_000);
  });
});

describe('QuadOwners', () => {

  test('counts documents per quad, keeps the graph store mark while documents embed it, and forgets the quad at none', () => {
    const owners = new QuadOwners();
    const a: QuadId = [1, 2];
    expect(owners.docs(a)).toBe(0);
    expect(owners.addDoc(a, 'g')).toBe(0);
    expect(owners.addDoc(a, 'g')).toBe(1);
    owners.setManaged(a, true);
    expect(owners.managed(a)).toBe(true);
    expect(owners.removeDoc(a, 'g')).toEqual({ docs: 1, managed: true });
    expect(owners.removeDoc(a, 'g')).toEqual({ docs: 0, managed: true });
    expect(owners.size).toBe(0);
    expect(owners.managed(a)).toBe(false);
    // Embedded again: a fresh entry, not marked.
    owners.addDoc(a, 'g');
    expect(owners.managed(a)).toBe(false);
  });

  test('a quad no document embeds cannot be removed or marked', () => {
    const owners = new QuadOwners();
    expect(() => owners.removeDoc([5, 5], 'g')).toThrow(/no document embeds/);
    expect(() => owners.setManaged([5, 5], true)).toThrow(/no document embeds/);
  });

  test.for([
    { name: 'spread ids', pool: 300, sameHome: false },
    // Every id on the same home slot: one long probe run, so removals must move entries back.
    { name: 'ids sharing a home slot', pool: 60, sameHome: true },
  ])('random adds, removes and marks agree with a plain map, and survive a snapshot ($name)', ({ pool, sameHome }) => {
    const rnd = random(pool);
    const ids: QuadId[] = Array.from({ length: pool }, (_, i) => (sameHome ? [i + 1, 0x1000 * (i + 1)] : [(rnd() * 2 ** 32) >>> 0, (rnd() * 2 ** 32) >>> 0 || 1]));
    const owners = new QuadOwners();
    const model = new Map<number, { docs: number; managed: boolean }>();
    const graphOf = (i: number) => ['', 'http://example.org/g1', 'http://example.org/g2'][i % 3];
    const check = (table: QuadOwners, step: number) => {
      ids.forEach((id, i) => {
        const m = model.get(i);
        expect(table.docs(id), `step ${step}, id ${i}`).toBe(m?.docs ?? 0);
        expect(table.managed(id), `step ${step}, id ${i}`).toBe(m?.managed ?? false);
      });
      expect(table.size).toBe(model.size);
      for (const g of ['', 'http://example.org/g1', 'http://example.org/g2']) expect(table.embeddedIn(g)).toBe([...model.keys()].filter((i) => graphOf(i) === g).length);
    };
    for (let step = 0; step < 3000; step++) {
      const i = Math.floor(rnd() * pool);
      const m = model.get(i);
      const r = rnd();
      if (r < 0.5) {
        expect(owners.addDoc(ids[i], graphOf(i))).toBe(m?.docs ?? 0);
        model.set(i, { docs: (m?.docs ?? 0) + 1, managed: m?.managed ?? false });
      } else if (r < 0.85 && m) {
        expect(owners.removeDoc(ids[i], graphOf(i))).toEqual({ docs: m.docs - 1, managed: m.managed });
        if (m.docs === 1) model.delete(i);
        else m.docs--;
      } else if (m) {
        const managed = rnd() < 0.5;
        owners.setManaged(ids[i], managed);
        m.managed = managed;
      }
      if (step % 250 === 0) check(owners, step);
    }
    check(owners, 3000);
    const back = QuadOwners.restore(structuredClone(owners.snapshot()));
    check(back, -1);
  });

  test('grows past its first slots and keeps every entry', () => {
    const owners = new QuadOwners();
    const ids: QuadId[] = Array.from({ length: 10_000 }, (_, i) => [i, (i * 2654435761) >>> 0 || 1]);
    ids.forEach((id, i) => {
      for (let k = 0; k <= i % 3; k++) owners.addDoc(id, 'g');
    });
    expect(owners.size).toBe(10_000);
    ids.forEach((id, i) => expect(owners.docs(id)).toBe((i % 3) + 1));
  });

  test.for([
    { name: 'columns of different lengths', damage: { docs: Uint32Array.of(1, 1) } },
    { name: 'an entry without a document', damage: { docs: Uint32Array.of(0) } },
    { name: 'an entry with the empty id', damage: { hi: Uint32Array.of(0), lo: Uint32Array.of(0) } },
    { name: 'a mark other than 0 or 1', damage: { managed: Uint8Array.of(2) } },
    { name: 'graph counts that do not add up to the entries', damage: { graphCounts: Uint32Array.of(2) } },
    { name: 'a graph without its count', damage: { graphs: ['g', 'h'] } },
  ])('a damaged snapshot is refused: $name', ({ damage }) => {
    const owners = new QuadOwners();
    owners.addDoc([7, 9], 'g');
    expect(() => QuadOwners.restore({ ...owners.snapshot(), ...damage })).toThrow(/quad owners/);
  });

  test('a snapshot naming one quad twice is refused', () => {
    expect(() => QuadOwners.restore({ hi: Uint32Array.of(3, 3), lo: Uint32Array.of(4, 4), docs: Uint32Array.of(1, 2), managed: Uint8Array.of(0, 0), graphs: ['g'], graphCounts: Uint32Array.of(2) })).toThrow(/twice/);
  });
});
