import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/error-message';
import { useConnection } from '../../../lib/connection';
import { nodeHref } from '../lib/browser-state';
import { bounds, layoutDiagram, type Point } from '../lib/diagram-layout';
import { createDiagram, expandNode, iriNodeId, type DiagramModel, type DiagramNode } from '../lib/diagram-model';
import { nodeTriplesQueryOptions, type NodeTriples } from '../queries/node-triples';

interface View {
  model: DiagramModel;
  positions: Map<string, Point>;
}

/** Pan and zoom, applied to the whole drawing: `translate(x y) scale(k)`. */
interface Transform {
  x: number;
  y: number;
  k: number;
}

const IDENTITY: Transform = { x: 0, y: 0, k: 1 };
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;
const DRAG_THRESHOLD = 4;
/** Room around the outermost nodes for their labels (up to 24 characters, centred). */
const FRAME_PADDING = 90;
const radius = (node: DiagramNode, focus: boolean) => (focus ? 13 : node.kind === 'literal' ? 6 : 9);

function initialView(iri: string, data: NodeTriples): View {
  const model = expandNode(createDiagram(iri), iriNodeId(iri), [...data.outgoing, ...data.incoming]);
  return { model, positions: layoutDiagram(model) };
}

/**
 * The node's neighbourhood as a node-link diagram: click (or Enter on) a node to add
 * its neighbours, drag a node to move it, drag the background to pan, scroll to zoom.
 */
export function NeighbourhoodDiagram({ iri, initial }: { iri: string; initial: NodeTriples }) {
  const connection = useConnection();
  const queryClient = useQueryClient();
  const [view, setView] = useState(() => initialView(iri, initial));
  const [transform, setTransform] = useState(IDENTITY);
  const [selected, setSelected] = useState(view.model.focus);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const gesture = useRef<{ kind: 'pan' | 'node'; id?: string; start: DOMPoint; origin: Point; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  // The frame is fixed when the layout changes, not while dragging, so the picture does not jump.
  const [frame, setFrame] = useState(() => bounds(view.positions.values(), FRAME_PADDING));
  useEffect(() => setFrame(bounds(view.positions.values(), FRAME_PADDING)), [view.model]);

  const expand = useCallback(
    async (node: DiagramNode) => {
      setSelected(node.id);
      if (node.kind !== 'iri' || node.expanded || loading) return;
      setLoading(node.id);
      setError(null);
      try {
        const data = await queryClient.fetchQuery(nodeTriplesQueryOptions(connection, node.value));
        setView((v) => {
          const model = expandNode(v.model, node.id, [...data.outgoing, ...data.incoming]);
          return { model, positions: layoutDiagram(model, v.positions) };
        });
      } catch (err) {
        setError(err);
      } finally {
        setLoading(null);
      }
    },
    [connection, queryClient, loading],
  );

  /** A pointer position in drawing coordinates (before pan and zoom). */
  const toSvg = (clientX: number, clientY: number): DOMPoint => {
    const svg = svgRef.current!;
    return new DOMPoint(clientX, clientY).matrixTransform(svg.getScreenCTM()!.inverse());
  };

  // React's wheel listener is passive, so it cannot stop the page from scrolling while zooming.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM()!.inverse());
      setTransform((t) => zoomAround(t, p, Math.exp(-e.deltaY * 0.0015)));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (e: PointerEvent<SVGElement>, node?: DiagramNode) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    const start = toSvg(e.clientX, e.clientY);
    const origin = node ? view.positions.get(node.id)! : { x: transform.x, y: transform.y };
    gesture.current = { kind: node ? 'node' : 'pan', id: node?.id, start, origin, moved: false };
  };
  const onPointerMove = (e: PointerEvent<SVGElement>) => {
    const g = gesture.current;
    if (!g) return;
    const p = toSvg(e.clientX, e.clientY);
    const dx = p.x - g.start.x;
    const dy = p.y - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) * (svgRef.current!.getScreenCTM()!.a || 1) < DRAG_THRESHOLD) return;
    g.moved = true;
    if (g.kind === 'pan') {
      setTransform((t) => ({ ...t, x: g.origin.x + dx, y: g.origin.y + dy }));
    } else {
      const id = g.id!;
      setView((v) => {
        const positions = new Map(v.positions);
        positions.set(id, { x: g.origin.x + dx / transform.k, y: g.origin.y + dy / transform.k });
        return { ...v, positions };
      });
    }
  };
  const onPointerUp = () => {
    suppressClick.current = gesture.current?.moved ?? false;
    gesture.current = null;
  };

  const { model, positions } = view;
  const nodes = new Map(model.nodes.map((n) => [n.id, n]));
  const hidden = model.nodes.reduce((n, node) => n + node.hidden, 0);
  const selectedNode = nodes.get(selected);

  return (
    <div className="diagram">
      <div className="diagram__toolbar">
        <span className="muted" data-testid="diagram-status">
          {model.nodes.length} nodes · {model.links.length} links
        </span>
        <span className="diagram__zoom">
          <button type="button" className="button button--small" aria-label="Zoom in" onClick={() => setTransform((t) => zoomAround(t, centre(frame), 1.25))}>
            +
          </button>
          <button type="button" className="button button--small" aria-label="Zoom out" onClick={() => setTransform((t) => zoomAround(t, centre(frame), 0.8))}>
            −
          </button>
          <button type="button" className="button button--small" onClick={() => setTransform(IDENTITY)}>
            Fit
          </button>
        </span>
      </div>
      <svg
        ref={svgRef}
        className={`diagram__canvas${loading ? ' diagram__canvas--busy' : ''}`}
        viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={`Neighbourhood of ${iri}`}
        onPointerDown={(e) => onPointerDown(e)}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <defs>
          <marker id="diagram-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" className="diagram__arrow" />
          </marker>
        </defs>
        <g transform={`translate(${transform.x} ${transform.y}) scale(${transform.k})`}>
          {model.links.map((link) => {
            const a = positions.get(link.source)!;
            const b = positions.get(link.target)!;
            const line = trim(a, b, radius(nodes.get(link.source)!, link.source === model.focus) + 2, radius(nodes.get(link.target)!, link.target === model.focus) + 3);
            return (
              <g key={link.id} className="diagram__link">
                <line x1={line.x1} y1={line.y1} x2={line.x2} y2={line.y2} markerEnd="url(#diagram-arrow)" />
                <text transform={labelTransform(a, b)} y={-3} textAnchor="middle" className="diagram__link-label">
                  <title>{link.predicate}</title>
                  {link.label}
                </text>
              </g>
            );
          })}
          {model.nodes.map((node) => {
            const p = positions.get(node.id)!;
            const focus = node.id === model.focus;
            const interactive = node.kind === 'iri';
            const className = [
              'diagram__node',
              `diagram__node--${node.kind}`,
              focus && 'diagram__node--focus',
              node.expanded && 'diagram__node--expanded',
              node.id === selected && 'diagram__node--selected',
              node.id === loading && 'diagram__node--loading',
            ]
              .filter(Boolean)
              .join(' ');
            const r = radius(node, focus);
            return (
              <g
                key={node.id}
                className={className}
                transform={`translate(${p.x} ${p.y})`}
                data-node={node.value}
                role={interactive ? 'button' : undefined}
                tabIndex={interactive ? 0 : undefined}
                aria-label={interactive ? node.title : undefined}
                aria-expanded={interactive ? node.expanded : undefined}
                onPointerDown={(e) => onPointerDown(e, node)}
                onClick={() => {
                  if (suppressClick.current) return;
                  void expand(node);
                }}
                onKeyDown={(e: KeyboardEvent) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return;
                  e.preventDefault();
                  void expand(node);
                }}
              >
                <title>{node.title}</title>
                {node.kind === 'literal' ? <rect x={-r} y={-r} width={2 * r} height={2 * r} rx={2} /> : <circle r={r} />}
                <text y={r + 13} textAnchor="middle" className="diagram__label">
                  {node.label}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
      <p className="hint diagram__legend">
        Click a node to add its neighbours; drag to move nodes or the picture; scroll to zoom.
        {hidden > 0 && ` ${hidden} more ${hidden === 1 ? 'link is' : 'links are'} left out to keep it legible.`}
      </p>
      {selectedNode && selectedNode.kind === 'iri' && selectedNode.id !== model.focus && (
        <p className="diagram__selected">
          Selected: <a href={nodeHref(selectedNode.value)}>{selectedNode.title}</a>
        </p>
      )}
      {error != null && <ErrorMessage error={error} title="Could not expand the node" />}
    </div>
  );
}

function zoomAround(t: Transform, p: { x: number; y: number }, factor: number): Transform {
  const k = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, t.k * factor));
  const f = k / t.k;
  // Keep the point under the pointer where it is: p = t' + (p - t) * f.
  return { k, x: p.x - (p.x - t.x) * f, y: p.y - (p.y - t.y) * f };
}

function centre(frame: { x: number; y: number; width: number; height: number }) {
  return { x: frame.x + frame.width / 2, y: frame.y + frame.height / 2 };
}

/**
 * A link label sits at the link's middle, along it and upright: links to a busy node
 * run radially, so labels laid along them do not pile up around it.
 */
function labelTransform(a: Point, b: Point): string {
  let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  else if (angle < -90) angle += 180;
  return `translate(${(a.x + b.x) / 2} ${(a.y + b.y) / 2}) rotate(${angle})`;
}

/** The segment from a to b, shortened at both ends so it starts and ends at the nodes' edges. */
function trim(a: Point, b: Point, ra: number, rb: number) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy) || 1;
  return { x1: a.x + (dx / d) * ra, y1: a.y + (dy / d) * ra, x2: b.x - (dx / d) * rb, y2: b.y - (dy / d) * rb };
}
