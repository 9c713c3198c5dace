/**
 * Where the diagram's nodes go: a d3-force simulation run to rest synchronously
 * (no animation frames to wait for, and the same model always gives the same
 * picture, since d3-force's randomness comes from a seeded generator).
 *
 * The focus is pinned at the origin. Nodes placed before keep their positions as
 * starting points and the simulation starts cooler when there are any, so an
 * expansion grows the picture around the clicked node instead of reshuffling it.
 */
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import type { DiagramModel } from './diagram-model';

export interface Point {
  x: number;
  y: number;
}

interface SimNode extends SimulationNodeDatum {
  id: string;
  literal: boolean;
}

const TICKS = 300;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Half the room a node and its label need, so labels rarely overlap. */
export const NODE_RADIUS = 38;

export function layoutDiagram(model: DiagramModel, previous: ReadonlyMap<string, Point> = new Map()): Map<string, Point> {
  const placed = new Map<string, Point>();
  const nodes: SimNode[] = [];
  const fresh = new Map<string, number>();
  for (const node of model.nodes) {
    const sim: SimNode = { id: node.id, literal: node.kind === 'literal' };
    const before = previous.get(node.id);
    if (node.id === model.focus) {
      sim.fx = 0;
      sim.fy = 0;
    } else if (before) {
      sim.x = before.x;
      sim.y = before.y;
    } else {
      // Seed new nodes around the node that brought them in: all round the focus, and
      // on the far side of any other node, so the picture grows outwards.
      const origin = (node.origin && (previous.get(node.origin) ?? placed.get(node.origin))) || { x: 0, y: 0 };
      const i = fresh.get(node.origin ?? '') ?? 0;
      fresh.set(node.origin ?? '', i + 1);
      const outwards = origin.x !== 0 || origin.y !== 0;
      const angle = outwards ? Math.atan2(origin.y, origin.x) + (((i * GOLDEN_ANGLE) % Math.PI) - Math.PI / 2) : i * GOLDEN_ANGLE;
      const r = 70 + 6 * i;
      sim.x = origin.x + r * Math.cos(angle);
      sim.y = origin.y + r * Math.sin(angle);
    }
    placed.set(node.id, { x: sim.fx ?? sim.x ?? 0, y: sim.fy ?? sim.y ?? 0 });
    nodes.push(sim);
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const links: Array<SimulationLinkDatum<SimNode>> = model.links.map((l) => ({ source: l.source, target: l.target }));

  const simulation = forceSimulation(nodes)
    .force(
      'link',
      forceLink<SimNode, SimulationLinkDatum<SimNode>>(links)
        .id((n) => n.id)
        .distance((l) => ((l.target as SimNode).literal ? 100 : 150)),
    )
    .force('charge', forceManyBody<SimNode>().strength(-400).distanceMax(700))
    .force('collide', forceCollide<SimNode>(NODE_RADIUS))
    .force('x', forceX<SimNode>(0).strength(0.03))
    .force('y', forceY<SimNode>(0).strength(0.03))
    .alpha(previous.size > 0 ? 0.5 : 1)
    .stop();
  simulation.tick(TICKS);

  const out = new Map<string, Point>();
  for (const [id, n] of byId) out.set(id, { x: n.x ?? 0, y: n.y ?? 0 });
  return out;
}

/** The box around every point, grown by `padding` on each side. */
export function bounds(points: Iterable<Point>, padding: number): { x: number; y: number; width: number; height: number } {
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
