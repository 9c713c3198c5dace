import { expect, test } from 'vitest';
import type { RdfTerm, Triple } from '../../../../client/graphs';
import { createDiagram, expandNode, iriNodeId, type DiagramModel } from './diagram-model';
import { bounds, layoutDiagram, type Point } from './diagram-layout';

const iri = (value: string): RdfTerm => ({ type: 'uri', value });
const star = (center: string, n: number, prefix: string): Triple[] =>
  Array.from({ length: n }, (_, i) => ({ subject: iri(center), predicate: iri('http://ex.org/p'), object: iri(`${prefix}${i}`) }));

const CENTER = 'http://ex.org/c';
const grown = (): DiagramModel => {
  const first = expandNode(createDiagram(CENTER), iriNodeId(CENTER), star(CENTER, 12, 'http://ex.org/n'));
  return expandNode(first, iriNodeId('http://ex.org/n0'), star('http://ex.org/n0', 8, 'http://ex.org/m'));
};

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

test('places every node at a finite point, the focus pinned at the origin', () => {
  const model = grown();
  const points = layoutDiagram(model);
  expect(points.size).toBe(model.nodes.length);
  for (const p of points.values()) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
  expect(points.get(model.focus)).toEqual({ x: 0, y: 0 });
});

test('gives the same picture for the same model', () => {
  expect([...layoutDiagram(grown())]).toEqual([...layoutDiagram(grown())]);
});

test('keeps nodes apart so their labels have room', () => {
  const points = [...layoutDiagram(grown()).values()];
  let closest = Infinity;
  for (let i = 0; i < points.length; i++) for (let j = i + 1; j < points.length; j++) closest = Math.min(closest, distance(points[i], points[j]));
  expect(closest).toBeGreaterThan(40);
});

test('an expansion grows the picture near the clicked node and barely moves what was placed', () => {
  const first = expandNode(createDiagram(CENTER), iriNodeId(CENTER), star(CENTER, 12, 'http://ex.org/n'));
  const before = layoutDiagram(first);
  const clicked = iriNodeId('http://ex.org/n3');
  const after = layoutDiagram(expandNode(first, clicked, star('http://ex.org/n3', 6, 'http://ex.org/k')), before);
  const moved = first.nodes.map((n) => distance(before.get(n.id)!, after.get(n.id)!));
  const spread = Math.max(...[...before.values()].map((p) => distance(p, { x: 0, y: 0 })));
  expect(Math.max(...moved)).toBeLessThan(spread);
  for (let i = 0; i < 6; i++) {
    const p = after.get(iriNodeId(`http://ex.org/k${i}`))!;
    expect(distance(p, after.get(clicked)!)).toBeLessThan(distance(p, after.get(first.focus)!));
  }
});

test('bounds frames every point with the padding, and an empty diagram with padding alone', () => {
  expect(bounds([{ x: -10, y: 5 }, { x: 30, y: -5 }], 10)).toEqual({ x: -20, y: -15, width: 60, height: 30 });
  expect(bounds([], 10)).toEqual({ x: -10, y: -10, width: 20, height: 20 });
});
