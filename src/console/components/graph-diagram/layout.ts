/**
 * Where a diagram's nodes go, three ways:
 *
 * - `force`: a d3-force simulation run to rest synchronously (no animation frames to
 *   wait for; d3-force's randomness is seeded, so the same model gives the same
 *   picture), with each node's collision radius grown to half its label's width, so
 *   labels rarely overlap. Nodes placed before keep their places as starting points.
 * - `hierarchical`: layers left to right, an edge's subject left of its object
 *   (incoming neighbours of the focus to its left, outgoing to its right); within a
 *   layer nodes are ordered by the barycentre of their neighbours to cut crossings,
 *   and stacked one label-height apart, so labels (drawn to the right) never overlap.
 * - `radial`: the focus (or the best-connected node) in the middle, its neighbours on
 *   a ring around it, theirs on the next, each ring wide enough for its nodes.
 *
 * Pure: sizes come in, points go out.
 */
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import type { DiagramModel } from './model';

export type LayoutKind = 'force' | 'hierarchical' | 'radial';

export const LAYOUTS: ReadonlyArray<{ id: LayoutKind; label: string }> = [
  { id: 'force', label: 'Force' },
  { id: 'hierarchical', label: 'Hierarchical' },
  { id: 'radial', label: 'Radial' },
];

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface LayoutInput {
  model: DiagramModel;
  /** Each node's label box. */
  labels: ReadonlyMap<string, Size>;
  focus?: string;
  /** Positions from an earlier layout of the same kind: kept as starting points by `force`. */
  previous?: ReadonlyMap<string, Point>;
}

/** Ticks to rest: fewer for big pictures, where each tick costs more (d3-force's n log n charge and collisions). */
const ticksFor = (n: number) => (n <= 150 ? 300 : n <= 300 ? 200 : 130);
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Vertical room per node in a hierarchical layer: a label line and a little air. */
export const ROW_HEIGHT = 30;
const COLUMN_GAP = 90;
const RING_STEP = 150;

export function layout(kind: LayoutKind, input: LayoutInput): Map<string, Point> {
  if (input.model.nodes.length === 0) return new Map();
  if (kind === 'hierarchical') return hierarchical(input);
  if (kind === 'radial') return radial(input);
  return force(input);
}

interface SimNode extends SimulationNodeDatum {
  id: string;
  literal: boolean;
  r: number;
}

function force({ model, labels, focus, previous = new Map() }: LayoutInput): Map<string, Point> {
  const neighbours = adjacency(model);
  const placed = new Map<string, Point>();
  const nodes: SimNode[] = [];
  let fresh = 0;
  for (const node of model.nodes) {
    const label = labels.get(node.id);
    // A circle as wide as the label: generous vertically, but it is what keeps labels apart.
    const sim: SimNode = { id: node.id, literal: node.kind === 'literal', r: Math.max(16, (label?.width ?? 40) / 2 + 6) };
    const before = previous.get(node.id);
    if (node.id === focus) {
      sim.fx = 0;
      sim.fy = 0;
    } else if (before) {
      sim.x = before.x;
      sim.y = before.y;
    } else {
      // New nodes start next to a neighbour already placed, so an expansion grows the picture around it.
      const anchor = [...(neighbours.get(node.id) ?? [])].map((n) => previous.get(n) ?? placed.get(n)).find(Boolean);
      const angle = fresh * GOLDEN_ANGLE;
      const r = anchor ? 60 : 40 * Math.sqrt(fresh + 1);
      sim.x = (anchor?.x ?? 0) + r * Math.cos(angle);
      sim.y = (anchor?.y ?? 0) + r * Math.sin(angle);
      fresh++;
    }
    placed.set(node.id, { x: sim.fx ?? sim.x ?? 0, y: sim.fy ?? sim.y ?? 0 });
    nodes.push(sim);
  }
  const links: Array<SimulationLinkDatum<SimNode>> = model.edges.map((e) => ({ source: e.source, target: e.target }));
  const simulation = forceSimulation(nodes)
    .force(
      'link',
      forceLink<SimNode, SimulationLinkDatum<SimNode>>(links)
        .id((n) => n.id)
        .distance((l) => ((l.target as SimNode).literal ? 70 : 110) + ((l.source as SimNode).r + (l.target as SimNode).r) / 3),
    )
    .force('charge', forceManyBody<SimNode>().strength(-350).distanceMax(600))
    .force('collide', forceCollide<SimNode>((n) => n.r).iterations(nodes.length > 200 ? 1 : 2))
    .force('x', forceX<SimNode>(0).strength(0.02))
    .force('y', forceY<SimNode>(0).strength(0.03))
    .alpha(previous.size > 0 ? 0.6 : 1)
    .stop();
  const ticks = ticksFor(nodes.length);
  // Cool down to d3's resting alpha in exactly that many ticks.
  simulation.alphaDecay(1 - Math.pow(simulation.alphaMin() / simulation.alpha(), 1 / ticks));
  simulation.tick(ticks);
  return new Map(nodes.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]));
}

/** Undirected neighbours of every node. */
function adjacency(model: DiagramModel): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>(model.nodes.map((n) => [n.id, new Set()]));
  for (const e of model.edges) {
    out.get(e.source)?.add(e.target);
    out.get(e.target)?.add(e.source);
  }
  return out;
}

/** Connected components, each listed from its root: the focus, else its best-connected subject. */
function components(model: DiagramModel, focus: string | undefined): string[][] {
  const neighbours = adjacency(model);
  const outDegree = new Map<string, number>();
  const inDegree = new Map<string, number>();
  for (const e of model.edges) {
    outDegree.set(e.source, (outDegree.get(e.source) ?? 0) + 1);
    inDegree.set(e.target, (inDegree.get(e.target) ?? 0) + 1);
  }
  const seen = new Set<string>();
  const result: string[][] = [];
  const candidates = [...model.nodes].sort(
    (a, b) =>
      Number(b.id === focus) - Number(a.id === focus) ||
      Number(inDegree.has(a.id)) - Number(inDegree.has(b.id)) ||
      (outDegree.get(b.id) ?? 0) - (outDegree.get(a.id) ?? 0) ||
      b.degree - a.degree,
  );
  for (const start of candidates) {
    if (seen.has(start.id)) continue;
    const members: string[] = [];
    const queue = [start.id];
    seen.add(start.id);
    while (queue.length > 0) {
      const id = queue.shift()!;
      members.push(id);
      for (const n of neighbours.get(id) ?? []) {
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    result.push(members);
  }
  return result;
}

function hierarchical({ model, labels, focus }: LayoutInput): Map<string, Point> {
  const outgoing = new Map<string, string[]>();
  const incoming = new Map<string, string[]>();
  for (const e of model.edges) {
    (outgoing.get(e.source) ?? outgoing.set(e.source, []).get(e.source)!).push(e.target);
    (incoming.get(e.target) ?? incoming.set(e.target, []).get(e.target)!).push(e.source);
  }
  const out = new Map<string, Point>();
  let top = 0;
  for (const members of components(model, focus)) {
    // Breadth first from the root: one layer right along an edge, one left against it.
    const layer = new Map<string, number>([[members[0], 0]]);
    const queue = [members[0]];
    while (queue.length > 0) {
      const id = queue.shift()!;
      const l = layer.get(id)!;
      const next: Array<[string, number]> = [...(outgoing.get(id) ?? []).map((n): [string, number] => [n, l + 1]), ...(incoming.get(id) ?? []).map((n): [string, number] => [n, l - 1])];
      for (const [n, nl] of next) {
        if (layer.has(n)) continue;
        layer.set(n, nl);
        queue.push(n);
      }
    }
    const min = Math.min(...layer.values());
    const layers: string[][] = [];
    for (const id of members) (layers[layer.get(id)! - min] ??= []).push(id);

    // Barycentre ordering, sweeping right then left a few times.
    const index = new Map<string, number>();
    const reindex = (ids: string[]) => ids.forEach((id, i) => index.set(id, i));
    layers.forEach(reindex);
    const neighbourIds = (id: string) => [...(outgoing.get(id) ?? []), ...(incoming.get(id) ?? [])];
    for (let sweep = 0; sweep < 4; sweep++) {
      const order = sweep % 2 === 0 ? layers.map((_, i) => i) : layers.map((_, i) => layers.length - 1 - i);
      for (const li of order) {
        const adjacent = sweep % 2 === 0 ? li - 1 : li + 1;
        if (adjacent < 0 || adjacent >= layers.length) continue;
        const adjacentSet = new Set(layers[adjacent]);
        const centre = (id: string) => {
          const ns = neighbourIds(id).filter((n) => adjacentSet.has(n));
          return ns.length === 0 ? index.get(id)! : ns.reduce((s, n) => s + index.get(n)!, 0) / ns.length;
        };
        const keyed = layers[li].map((id) => ({ id, c: centre(id), i: index.get(id)! }));
        keyed.sort((a, b) => a.c - b.c || a.i - b.i);
        layers[li] = keyed.map((k) => k.id);
        reindex(layers[li]);
      }
    }

    const tallest = Math.max(...layers.map((l) => l.length));
    let x = 0;
    for (const ids of layers) {
      const offset = ((tallest - ids.length) * ROW_HEIGHT) / 2;
      ids.forEach((id, i) => out.set(id, { x, y: top + offset + i * ROW_HEIGHT }));
      const widest = Math.max(...ids.map((id) => labels.get(id)?.width ?? 40));
      x += widest + COLUMN_GAP;
    }
    top += tallest * ROW_HEIGHT + 2 * ROW_HEIGHT;
  }
  return out;
}

function radial({ model, labels, focus }: LayoutInput): Map<string, Point> {
  const neighbours = adjacency(model);
  const out = new Map<string, Point>();
  const angle = new Map<string, number>();
  const [first, ...rest] = components(model, focus);
  const centre = first[0];
  out.set(centre, { x: 0, y: 0 });
  angle.set(centre, 0);

  // Rings by distance from the centre; other components make up an outer ring of their own.
  const ring = new Map<string, number>([[centre, 0]]);
  const parent = new Map<string, string>();
  const queue = [centre];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const n of neighbours.get(id) ?? []) {
      if (ring.has(n)) continue;
      ring.set(n, ring.get(id)! + 1);
      parent.set(n, id);
      queue.push(n);
    }
  }
  const rings: string[][] = [];
  for (const [id, r] of ring) if (r > 0) (rings[r - 1] ??= []).push(id);
  const stray = rest.flat();
  if (stray.length > 0) rings.push(stray);

  let radius = 0;
  for (const ids of rings) {
    // Each node needs about its label's width along the ring (labels sit under their nodes).
    const needed = ids.reduce((s, id) => s + Math.max(34, (labels.get(id)?.width ?? 40) * 0.75), 0) / (2 * Math.PI);
    radius = Math.max(radius + RING_STEP, needed);
    const sorted = [...ids].sort((a, b) => (angle.get(parent.get(a) ?? '') ?? 0) - (angle.get(parent.get(b) ?? '') ?? 0));
    sorted.forEach((id, i) => {
      const a = -Math.PI / 2 + (2 * Math.PI * i) / sorted.length;
      angle.set(id, normalise(a));
      out.set(id, { x: radius * Math.cos(a), y: radius * Math.sin(a) });
    });
  }
  return out;
}

function normalise(a: number): number {
  const full = 2 * Math.PI;
  return ((a % full) + full) % full;
}

/** The box around every point, grown by `padding` on each side. */
export function bounds(points: Iterable<Point>, padding = 0): { x: number; y: number; width: number; height: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  if (minX === Infinity) return { x: -padding, y: -padding, width: 2 * padding, height: 2 * padding };
  return { x: minX - padding, y: minY - padding, width: maxX - minX + 2 * padding, height: maxY - minY + 2 * padding };
}
