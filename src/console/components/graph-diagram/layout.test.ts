import { describe, expect, it } from 'vitest';
import type { RdfTerm, Triple } from '../../../client/graphs';
import { bounds, layout, ROW_HEIGHT, type LayoutKind, type Point, type Size } from './layout';
import { buildDiagram, type DiagramModel } from './model';
import { placeLabels } from './label-placement';

const iri = (value: string): RdfTerm => ({ type: 'uri', value });
const t = (s: string, p: string, o: RdfTerm): Triple => ({ subject: iri(s), predicate: iri(p), object: o });
const FOCUS = 'http://ex.org/focus';
const P = 'http://ex.org/p';

/** A focus with `n` neighbours pointing at it and `n` it points at, each with a literal. */
function star(n: number): DiagramModel {
  const triples: Triple[] = [];
  for (let i = 0; i < n; i++) {
    triples.push(t(`http://ex.org/in${i}`, P, iri(FOCUS)), t(FOCUS, P, iri(`http://ex.org/out${i}`)));
    triples.push(t(`http://ex.org/out${i}`, 'http://ex.org/name', { type: 'literal', value: `Out ${i}` }));
  }
  return buildDiagram(triples, { focus: FOCUS });
}

const sizes = (model: DiagramModel): Map<string, Size> => new Map(model.nodes.map((n) => [n.id, { width: 70, height: 14 }]));

describe('layout', () => {
  const kinds: LayoutKind[] = ['force', 'hierarchical', 'radial'];

  it.each(kinds)('%s places every node at a finite point, the same way twice', (kind) => {
    const model = star(8);
    const a = layout(kind, { model, labels: sizes(model), focus: FOCUS });
    const b = layout(kind, { model, labels: sizes(model), focus: FOCUS });
    expect(a.size).toBe(model.nodes.length);
    for (const p of a.values()) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    expect([...a]).toEqual([...b]);
  });

  it('force pins the focus at the origin', () => {
    const model = star(5);
    expect(layout('force', { model, labels: sizes(model), focus: FOCUS }).get(FOCUS)).toEqual({ x: 0, y: 0 });
  });

  it("hierarchical puts the focus's subjects to its left and its objects to its right, one row apart", () => {
    const model = star(6);
    const p = layout('hierarchical', { model, labels: sizes(model), focus: FOCUS });
    const focus = p.get(FOCUS)!;
    for (let i = 0; i < 6; i++) {
      expect(p.get(`http://ex.org/in${i}`)!.x).toBeLessThan(focus.x);
      expect(p.get(`http://ex.org/out${i}`)!.x).toBeGreaterThan(focus.x);
    }
    const column = [...p.values()].filter((q) => q.x === p.get('http://ex.org/in0')!.x).map((q) => q.y).sort((a, b) => a - b);
    for (let i = 1; i < column.length; i++) expect(column[i] - column[i - 1]).toBeGreaterThanOrEqual(ROW_HEIGHT);
  });

  it('radial centres the focus and rings its neighbours by distance', () => {
    const model = star(6);
    const p = layout('radial', { model, labels: sizes(model), focus: FOCUS });
    const r = (id: string) => Math.hypot(p.get(id)!.x, p.get(id)!.y);
    expect(p.get(FOCUS)).toEqual({ x: 0, y: 0 });
    expect(r('http://ex.org/in0')).toBeCloseTo(r('http://ex.org/out3'));
    const leaf = model.nodes.find((n) => n.kind === 'literal')!.id;
    expect(r(leaf)).toBeGreaterThan(r('http://ex.org/out0'));
  });

  it('keeps most labels of a 120-node force layout apart at the fitted zoom (readability)', () => {
    const model = star(40);
    const labels = sizes(model);
    const p = layout('force', { model, labels, focus: FOCUS });
    const box = bounds(p.values());
    // The zoom at which the picture fits a 1100 × 700 canvas.
    const k = Math.min(1100 / box.width, 700 / box.height, 1.4);
    const boxes = [...p].map(([id, q]: [string, Point]) => ({ id, x: q.x * k - 35, y: q.y * k + 10, width: 70, height: 14 }));
    expect(model.nodes.length).toBe(121);
    expect(placeLabels(boxes).size / boxes.length).toBeGreaterThan(0.8);
  });
});
