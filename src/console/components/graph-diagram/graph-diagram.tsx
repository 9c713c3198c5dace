/**
 * A node-link diagram of any list of triples: the graph browser's neighbourhood view
 * (which grows it by expansion) and the SPARQL page's CONSTRUCT and DESCRIBE results.
 *
 * Readable at a few hundred nodes: nodes and labels are drawn at a constant size
 * whatever the zoom, labels are placed so that none overlaps another (the rest show
 * on hover, in the node list and in the selected node's details), and link labels
 * show when there are few links or for the node under the pointer. Nodes are named
 * by their best label (src/console/lib/rdf/labels.ts). Layout, predicate filter,
 * zoom, pan, fit, resize and full screen are the reader's to control. Why SVG and
 * d3-force rather than a canvas library: docs/decisions/0035-console-graph-diagram.md.
 */
import { useCallback, useEffect, useId, type JSX, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { Triple } from '../../../client/graphs';
import { nodeName, termKey } from '../../lib/rdf/labels';
import { prefixedName as compactIri } from '../../lib/rdf/prefixes';
import { useShortcut } from '../../lib/shortcuts';
import { placeLabels, textWidth, truncate, type LabelBox } from './label-placement';
import { bounds, layout, LAYOUTS, type LayoutKind, type Point, type Size } from './layout';
import { buildDiagram, iriNodes, type DiagramEdge, type DiagramNode } from './model';
import { useLabels } from './use-labels';
import './graph-diagram.css';

export interface GraphDiagramProps {
  triples: readonly Triple[];
  /** The node the picture is about: drawn larger, pinned in the middle, its triples drawn first. */
  focus?: string;
  /** Opens a node (the graph browser's things view); offered on the selected node and by double-click. */
  onOpenNode?: (iri: string) => void;
  /** The diagram's accessible name. */
  ariaLabel: string;
  /** Grows the picture: called when an IRI node not yet in `expandedNodes` is activated. */
  onExpandNode?: (iri: string) => void;
  /** Nodes whose neighbours are already drawn. */
  expandedNodes?: ReadonlySet<string>;
  /** The node being expanded now. */
  expandingNode?: string;
  /** Said after the node and link counts, e.g. how many links an expansion left out. */
  note?: string;
}

interface Transform {
  x: number;
  y: number;
  k: number;
}

const MIN_ZOOM = 0.1;
const MAX_ZOOM = 4;
const DRAG_THRESHOLD = 4;
const LABEL_CHARS = 28;
const LABEL_FONT = 11;
const LABEL_HEIGHT = 14;
/** Up to this many links, every link is labelled (when the zoom leaves room). */
const EDGE_LABELS_MAX = 60;
const EDGE_LABEL_CHARS = 32;
const DEFAULT_HEIGHT = 520;
/** Below this zoom most labels of a force layout collide; a first view does not go below it. */
const READABLE_ZOOM = 0.55;

const radius = (node: DiagramNode, focus: boolean) => (focus ? 12 : node.kind === 'literal' ? 5 : 8);

export function GraphDiagram({ triples, focus, onOpenNode, ariaLabel, onExpandNode, expandedNodes, expandingNode, note }: GraphDiagramProps): JSX.Element {
  const ids = { filter: useId(), list: useId(), layout: useId(), details: useId() };
  const [layoutKind, setLayoutKind] = useState<LayoutKind>('force');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [run, setRun] = useState(0);
  const [selected, setSelected] = useState<string | undefined>(focus);
  const [hovered, setHovered] = useState<string>();
  const [active, setActive] = useState<string | undefined>(focus);
  const [fullScreen, setFullScreen] = useState(false);
  const [size, setSize] = useState<Size>({ width: 600, height: DEFAULT_HEIGHT });
  const [transform, setTransform] = useState<Transform>({ x: 300, y: DEFAULT_HEIGHT / 2, k: 1 });
  const [dragged, setDragged] = useState<{ base: unknown; moves: Map<string, Point> }>({ base: null, moves: new Map() });
  const svgRef = useRef<SVGSVGElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const gesture = useRef<{ kind: 'pan' | 'node'; id?: string; start: Point; origin: Point; moved: boolean } | null>(null);
  const suppressClick = useRef(false);
  const previous = useRef<Map<string, Point>>(new Map());

  const model = useMemo(() => buildDiagram(triples, { focus, hiddenPredicates: hidden }), [triples, focus, hidden]);
  const nodes = useMemo(() => new Map(model.nodes.map((n) => [n.id, n])), [model]);
  const iris = useMemo(() => iriNodes(model), [model]);
  const labels = useLabels(triples, iris);

  const names = useMemo(() => {
    const out = new Map<string, { full: string; short: string; size: Size }>();
    for (const node of model.nodes) {
      const full = fullName(node, labels);
      const short = truncate(full, LABEL_CHARS);
      out.set(node.id, { full, short, size: { width: textWidth(short, LABEL_FONT), height: LABEL_HEIGHT } });
    }
    return out;
  }, [model, labels]);
  // The layout depends on label widths, not on the label objects: only a changed width re-runs it.
  const sizesKey = useMemo(() => [...names].map(([id, n]) => `${id}=${n.size.width}`).join('\n'), [names]);

  const base = useMemo(() => {
    const sizes = new Map([...names].map(([id, n]) => [id, n.size]));
    return layout(layoutKind, { model, labels: sizes, focus, previous: layoutKind === 'force' ? previous.current : undefined });
    // `sizesKey` stands for `names`; `run` re-runs the same layout on request.
  }, [model, layoutKind, focus, sizesKey, run]);
  const moves = dragged.base === base ? dragged.moves : undefined;
  const positions = useMemo(() => (moves && moves.size > 0 ? new Map([...base].map(([id, p]) => [id, moves.get(id) ?? p])) : base), [base, moves]);
  useEffect(() => {
    previous.current = positions;
  }, [positions]);

  // Canvas size follows its box, which the reader can resize (and full screen changes).
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setSize({ width: Math.max(1, frame.clientWidth), height: Math.max(1, frame.clientHeight) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  /** Shows the whole picture; `readable` keeps the zoom where labels still fit, centred on the focus, even if the edges then lie outside. */
  const fit = useCallback(
    (readable = false) => {
      const box = bounds(positions.values());
      // Room for labels hanging below and beside the outermost nodes.
      const padX = Math.min(90, size.width * 0.12);
      const padY = Math.min(40, size.height * 0.08);
      const whole = Math.min((size.width - 2 * padX) / Math.max(box.width, 1), (size.height - 2 * padY) / Math.max(box.height, 1), 1.4);
      const k = clamp(readable ? Math.max(whole, READABLE_ZOOM) : whole, MIN_ZOOM, MAX_ZOOM);
      const centre = k > whole && focus && positions.get(focus) ? positions.get(focus)! : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      setTransform({ k, x: size.width / 2 - centre.x * k, y: size.height / 2 - centre.y * k });
    },
    [positions, size, focus],
  );
  // A new layout, or a new canvas size, is shown whole — or, when whole would be too small to read, around the focus.
  useEffect(() => fit(true), [base, size]);

  const screen = useCallback((p: Point): Point => ({ x: p.x * transform.k + transform.x, y: p.y * transform.k + transform.y }), [transform]);
  const labelRight = layoutKind === 'hierarchical';

  // The node a reader points at (or chose, other than the focus) has its links and their labels lit.
  const highlight = hovered ?? (selected !== focus ? selected : undefined);
  const reverse = useMemo(() => new Set(model.edges.map((e) => `${e.target}\u0000${e.source}`)), [model]);

  // Where each edge runs on screen. In the hierarchical layout an edge leaves its subject after the subject's label.
  const edgeLines = useMemo(() => {
    const out = new Map<string, ReturnType<typeof edgeGeometry>>();
    for (const edge of model.edges) {
      const a = positions.get(edge.source);
      const b = positions.get(edge.target);
      if (!a || !b) continue;
      const sa = screen(a);
      const sb = screen(b);
      const source = nodes.get(edge.source)!;
      let ra = radius(source, edge.source === focus) + 2;
      if (labelRight && sb.x > sa.x + ra) ra += 4 + (names.get(edge.source)?.size.width ?? 0);
      const rb = radius(nodes.get(edge.target)!, edge.target === focus) + 3;
      out.set(edge.id, edgeGeometry(sa, sb, ra, rb, reverse.has(edge.id) ? 16 : 0));
    }
    return out;
  }, [model, positions, screen, nodes, focus, labelRight, names, reverse]);

  // Which labels fit: node labels in priority order, then link labels, none overlapping another or any node.
  const { shownLabels, shownEdgeLabels } = useMemo(() => {
    const priority = (n: DiagramNode) =>
      (n.id === hovered ? 0 : n.id === selected ? 1 : n.id === focus ? 2 : expandedNodes?.has(n.id) ? 3 : n.kind === 'literal' ? 5 : 4) * 1e6 - n.degree;
    const obstacles: LabelBox[] = [];
    const boxes: LabelBox[] = [];
    for (const n of [...model.nodes].sort((a, b) => priority(a) - priority(b))) {
      const p = positions.get(n.id);
      const label = names.get(n.id);
      if (!p || !label) continue;
      const s = screen(p);
      const r = radius(n, n.id === focus);
      obstacles.push({ id: n.id, x: s.x - r, y: s.y - r, width: 2 * r, height: 2 * r });
      const { width, height } = label.size;
      const always = n.id === hovered || n.id === selected || n.id === focus;
      boxes.push(labelRight ? { id: n.id, x: s.x + r + 4, y: s.y - height / 2, width, height, always } : { id: n.id, x: s.x - width / 2, y: s.y + r + 2, width, height, always });
    }
    const edgeBoxes: LabelBox[] = [];
    const allEdges = model.edges.length <= EDGE_LABELS_MAX;
    for (const edge of model.edges) {
      const lit = highlight !== undefined && (edge.source === highlight || edge.target === highlight);
      const line = edgeLines.get(edge.id);
      if (!line || !(allEdges || lit)) continue;
      const width = textWidth(truncate(edgeText(edge), EDGE_LABEL_CHARS), 9.5);
      // Only along a link long enough to hold it; the box is the rotated label's bounding box.
      if (line.length < width + 12) continue;
      const cos = Math.abs(Math.cos(line.angle));
      const sin = Math.abs(Math.sin(line.angle));
      const w = width * cos + 12 * sin;
      const h = width * sin + 12 * cos;
      edgeBoxes.push({ id: edge.id, x: line.labelX - w / 2, y: line.labelY - h / 2, width: w, height: h });
    }
    // Lit links' labels first: they are what the reader is looking at.
    const isLit = (id: string) => highlight !== undefined && (id.startsWith(`${highlight}\u0000`) || id.endsWith(`\u0000${highlight}`));
    edgeBoxes.sort((a, b) => Number(!isLit(a.id)) - Number(!isLit(b.id)));
    // Node ids and edge ids never clash: an edge id holds a NUL between its ends.
    const shown = placeLabels([...boxes, ...edgeBoxes], obstacles);
    return { shownLabels: shown, shownEdgeLabels: shown };
  }, [model, positions, names, screen, hovered, selected, focus, expandedNodes, labelRight, edgeLines, highlight]);

  const activate = (node: DiagramNode) => {
    setSelected(node.id);
    setActive(node.id);
    if (onExpandNode && node.kind === 'iri' && !expandedNodes?.has(node.id) && !expandingNode) onExpandNode(node.id);
  };

  // ---- Pointer: pan the background, drag a node, wheel to zoom. ----
  const local = (e: { clientX: number; clientY: number }): Point => {
    const r = svgRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    // React's wheel listener is passive, so it could not stop the page scrolling while zooming.
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      setTransform((t) => zoomAround(t, { x: e.clientX - r.left, y: e.clientY - r.top }, Math.exp(-e.deltaY * 0.0015)));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);
  const onPointerDown = (e: ReactPointerEvent<SVGElement>, node?: DiagramNode) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    const origin = node ? positions.get(node.id)! : { x: transform.x, y: transform.y };
    gesture.current = { kind: node ? 'node' : 'pan', id: node?.id, start: local(e), origin, moved: false };
  };
  const onPointerMove = (e: ReactPointerEvent<SVGElement>) => {
    const g = gesture.current;
    if (!g) return;
    const p = local(e);
    const dx = p.x - g.start.x;
    const dy = p.y - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    g.moved = true;
    if (g.kind === 'pan') {
      setTransform((t) => ({ ...t, x: g.origin.x + dx, y: g.origin.y + dy }));
    } else {
      const movesNow = new Map(moves ?? []);
      movesNow.set(g.id!, { x: g.origin.x + dx / transform.k, y: g.origin.y + dy / transform.k });
      setDragged({ base, moves: movesNow });
    }
  };
  const onPointerUp = () => {
    suppressClick.current = gesture.current?.moved ?? false;
    gesture.current = null;
  };

  // ---- Keyboard: one node in the tab order at a time; arrows move to the nearest node that way. ----
  const keyNodes = model.nodes.filter((n) => n.kind !== 'literal');
  const tabStop = active && nodes.has(active) && nodes.get(active)!.kind !== 'literal' ? active : keyNodes[0]?.id;
  const focusNode = (id: string) => {
    setActive(id);
    svgRef.current?.querySelector<SVGGElement>(`[data-node-id="${cssEscape(id)}"]`)?.focus();
  };
  const onNodeKey = (e: ReactKeyboardEvent, node: DiagramNode) => {
    if (e.key === 'Enter' && e.shiftKey && node.kind === 'iri' && onOpenNode) {
      e.preventDefault();
      onOpenNode(node.id);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate(node);
      return;
    }
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key];
    if (!dir) return;
    e.preventDefault();
    const from = positions.get(node.id)!;
    let best: string | undefined;
    let bestScore = Infinity;
    for (const other of keyNodes) {
      const p = positions.get(other.id);
      if (!p || other.id === node.id) continue;
      const along = (p.x - from.x) * dir[0] + (p.y - from.y) * dir[1];
      if (along <= 0) continue;
      const across = Math.abs((p.x - from.x) * dir[1] - (p.y - from.y) * dir[0]);
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = other.id;
      }
    }
    if (best) focusNode(best);
  };

  // ---- Full screen: a modal overlay over the page; Escape or the button leaves it. ----
  const toggleFullScreen = useCallback(() => setFullScreen((f) => !f), []);
  useShortcut({ keys: 'f', description: 'Diagram full screen (Escape leaves)', group: 'Diagram' }, toggleFullScreen);
  useEffect(() => {
    if (!fullScreen) return;
    const root = rootRef.current;
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    toggleRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setFullScreen(false);
      } else if (e.key === 'Tab' && root) {
        // Keep focus inside the overlay, as a modal dialog does.
        const focusable = [...root.querySelectorAll<HTMLElement | SVGElement>('button, [href], input, select, summary, [tabindex="0"]')].filter((el) => !(el as HTMLButtonElement).disabled);
        if (focusable.length === 0) return;
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = before;
      toggleRef.current?.focus();
    };
  }, [fullScreen]);

  const togglePredicate = (iri: string, shown: boolean) =>
    setHidden((h) => {
      const next = new Set(h);
      if (shown) next.delete(iri);
      else next.add(iri);
      return next;
    });

  const selectedNode = selected ? nodes.get(selected) : undefined;
  const shownPredicates = model.predicates.filter((p) => !hidden.has(p.iri)).length;

  return (
    <div
      ref={rootRef}
      className={`graph-diagram${fullScreen ? ' graph-diagram--full-screen' : ''}`}
      role={fullScreen ? 'dialog' : undefined}
      aria-modal={fullScreen ? true : undefined}
      aria-label={fullScreen ? `${ariaLabel} (full screen)` : undefined}
    >
      <div className="graph-diagram__toolbar">
        <span className="muted graph-diagram__status" data-testid="diagram-status">
          {model.nodes.length} {model.nodes.length === 1 ? 'node' : 'nodes'} · {model.edges.length} {model.edges.length === 1 ? 'link' : 'links'}
        </span>
        <span className="graph-diagram__controls">
          <label className="visually-hidden" htmlFor={ids.layout}>
            Layout
          </label>
          <select id={ids.layout} className="input input--compact" value={layoutKind} onChange={(e) => setLayoutKind(e.target.value as LayoutKind)}>
            {LAYOUTS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
          <button type="button" className="button button--small" onClick={() => setRun((r) => r + 1)} title="Lay the nodes out again, forgetting moves">
            Re-run layout
          </button>
          <button type="button" className="button button--small" aria-label="Zoom in" onClick={() => setTransform((t) => zoomAround(t, { x: size.width / 2, y: size.height / 2 }, 1.25))}>
            +
          </button>
          <button type="button" className="button button--small" aria-label="Zoom out" onClick={() => setTransform((t) => zoomAround(t, { x: size.width / 2, y: size.height / 2 }, 0.8))}>
            −
          </button>
          <button type="button" className="button button--small" onClick={() => fit()}>
            Fit
          </button>
          <button ref={toggleRef} type="button" className="button button--small" aria-keyshortcuts="f" onClick={toggleFullScreen}>
            {fullScreen ? 'Exit full screen' : 'Full screen'}
          </button>
        </span>
      </div>

      <div className="graph-diagram__body">
        <div ref={frameRef} className="graph-diagram__frame">
          <svg
            ref={svgRef}
            className={`graph-diagram__canvas${expandingNode ? ' graph-diagram__canvas--busy' : ''}`}
            width={size.width}
            height={size.height}
            role="group"
            aria-label={ariaLabel}
            onPointerDown={(e) => onPointerDown(e)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <defs>
              <marker id={`${ids.details}-arrow`} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" className="graph-diagram__arrow" />
              </marker>
            </defs>
            {model.edges.map((edge) => {
              const geometry = edgeLines.get(edge.id);
              if (!geometry) return null;
              const lit = highlight !== undefined && (edge.source === highlight || edge.target === highlight);
              return (
                <g key={edge.id} className={`graph-diagram__edge${lit ? ' graph-diagram__edge--lit' : ''}`} data-predicates={edge.predicates.join(' ')}>
                  <path d={geometry.path} markerEnd={`url(#${ids.details}-arrow)`}>
                    <title>{edge.predicates.join('\n')}</title>
                  </path>
                  {shownEdgeLabels.has(edge.id) && (
                    <text transform={geometry.labelTransform} y={3} textAnchor="middle" className="graph-diagram__edge-label">
                      {truncate(edgeText(edge), EDGE_LABEL_CHARS)}
                    </text>
                  )}
                </g>
              );
            })}
            {model.nodes.map((node) => {
              const p = positions.get(node.id);
              if (!p) return null;
              const s = screen(p);
              const isFocus = node.id === focus;
              const interactive = node.kind !== 'literal';
              const expandable = onExpandNode !== undefined && node.kind === 'iri';
              const r = radius(node, isFocus);
              const name = names.get(node.id)!;
              const className = [
                'graph-diagram__node',
                `graph-diagram__node--${node.kind}`,
                isFocus && 'graph-diagram__node--focus',
                expandedNodes?.has(node.id) && 'graph-diagram__node--expanded',
                node.id === selected && 'graph-diagram__node--selected',
                node.id === expandingNode && 'graph-diagram__node--loading',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <g
                  key={node.id}
                  className={className}
                  transform={`translate(${s.x} ${s.y})`}
                  data-node-id={node.id}
                  role={interactive ? 'button' : undefined}
                  tabIndex={interactive ? (node.id === tabStop ? 0 : -1) : undefined}
                  aria-label={interactive ? accessibleName(node, name.full) : undefined}
                  aria-expanded={expandable ? (expandedNodes?.has(node.id) ?? false) : undefined}
                  aria-describedby={interactive && node.id === selected ? ids.details : undefined}
                  onPointerDown={(e) => onPointerDown(e, node)}
                  onPointerEnter={() => setHovered(node.id)}
                  onPointerLeave={() => setHovered((h) => (h === node.id ? undefined : h))}
                  onFocus={() => setActive(node.id)}
                  onClick={() => {
                    if (suppressClick.current) return;
                    activate(node);
                  }}
                  onDoubleClick={() => node.kind === 'iri' && onOpenNode?.(node.id)}
                  onKeyDown={(e) => onNodeKey(e, node)}
                >
                  <title>{nodeTitle(node, name.full)}</title>
                  {node.kind === 'literal' ? <rect x={-r} y={-r} width={2 * r} height={2 * r} rx={1.5} /> : <circle r={r} />}
                  {shownLabels.has(node.id) && (
                    <text
                      className="graph-diagram__label"
                      x={labelRight ? r + 4 : 0}
                      y={labelRight ? 4 : r + 12}
                      textAnchor={labelRight ? 'start' : 'middle'}
                    >
                      {name.short}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </div>

        <aside className="graph-diagram__side" aria-label="Diagram details">
          <div id={ids.details} className="graph-diagram__selected" aria-live="polite">
            {selectedNode ? (
              <SelectedNode
                node={selectedNode}
                name={names.get(selectedNode.id)?.full ?? selectedNode.id}
                triples={triples}
                onOpenNode={onOpenNode}
                expandable={onExpandNode !== undefined && selectedNode.kind === 'iri' && !expandedNodes?.has(selectedNode.id)}
                onExpand={() => activate(selectedNode)}
                busy={expandingNode !== undefined}
              />
            ) : (
              <p className="hint">Select a node to see its name and values.</p>
            )}
          </div>

          <details className="graph-diagram__filter" open>
            <summary>
              Predicates{' '}
              <span className="muted" data-testid="diagram-predicates-status">
                ({shownPredicates} of {model.predicates.length} shown)
              </span>
            </summary>
            <div className="graph-diagram__filter-actions">
              <button type="button" className="graph-diagram__text-button" onClick={() => setHidden(new Set())}>
                Show all
              </button>
              <button type="button" className="graph-diagram__text-button" onClick={() => setHidden(new Set(model.predicates.map((p) => p.iri)))}>
                Hide all
              </button>
            </div>
            <ul className="graph-diagram__predicates" id={ids.filter} aria-label="Predicates drawn">
              {model.predicates.map((p) => (
                <li key={p.iri}>
                  <label className="graph-diagram__check" title={p.iri}>
                    <input type="checkbox" checked={!hidden.has(p.iri)} onChange={(e) => togglePredicate(p.iri, e.target.checked)} />
                    <span className="graph-diagram__predicate-name">{compactIri(p.iri) ?? p.iri}</span>
                    <span className="muted"> ({p.count})</span>
                  </label>
                </li>
              ))}
            </ul>
          </details>

          <details className="graph-diagram__list">
            <summary>Node list ({keyNodes.length})</summary>
            <ul aria-label="Nodes in the diagram" id={ids.list}>
              {keyNodes.map((n) => (
                <li key={n.id}>
                  <button type="button" className="graph-diagram__text-button" aria-pressed={n.id === selected} title={n.kind === 'iri' ? n.id : undefined} onClick={() => activate(n)}>
                    {names.get(n.id)?.full ?? n.id}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        </aside>
      </div>

      <p className="hint graph-diagram__legend">
        {onExpandNode ? 'Click a node to add its neighbours' : 'Click a node to see it'}
        {onOpenNode ? ', double-click (or Shift+Enter) to open it' : ''}; drag to move nodes or the picture; scroll to zoom; arrow keys move between nodes.
        {model.omitted > 0 && ` ${model.omitted} more ${model.omitted === 1 ? 'triple is' : 'triples are'} not drawn, to keep it legible.`}
        {note && ` ${note}`}
      </p>
    </div>
  );
}

function SelectedNode({
  node,
  name,
  triples,
  onOpenNode,
  expandable,
  onExpand,
  busy,
}: {
  node: DiagramNode;
  name: string;
  triples: readonly Triple[];
  onOpenNode?: (iri: string) => void;
  expandable: boolean;
  onExpand: () => void;
  busy: boolean;
}) {
  const values = node.kind === 'literal' ? [] : triples.filter((t) => termKey(t.subject) === node.id && t.object.type === 'literal').slice(0, 12);
  return (
    <div>
      <p className="graph-diagram__selected-name" data-testid="diagram-selected">
        {name}
      </p>
      {node.kind === 'iri' && name !== node.id && <p className="mono graph-diagram__selected-iri">{node.id}</p>}
      {values.length > 0 && (
        <dl className="graph-diagram__values">
          {values.map((t, i) => (
            <div key={i}>
              <dt title={t.predicate.value}>{compactIri(t.predicate.value) ?? t.predicate.value}</dt>
              <dd>
                {truncate(t.object.value, 120)}
                {t.object.type === 'literal' && t.object.lang && <span className="muted"> @{t.object.lang}</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="graph-diagram__selected-actions">
        {node.kind === 'iri' && onOpenNode && (
          <button type="button" className="button button--small" onClick={() => onOpenNode(node.id)}>
            Open node
          </button>
        )}
        {expandable && (
          <button type="button" className="button button--small" disabled={busy} onClick={onExpand}>
            Expand
          </button>
        )}
      </div>
    </div>
  );
}

function fullName(node: DiagramNode, labels: ReadonlyMap<string, string>): string {
  const term = node.term;
  if (term.type === 'uri') return nodeName(term.value, labels, compactIri);
  if (term.type === 'bnode') return labels.get(node.id) ?? `_:${term.value}`;
  return `"${term.value.replace(/\s+/g, ' ')}"`;
}

function accessibleName(node: DiagramNode, name: string): string {
  return node.kind === 'iri' && name !== node.id ? `${name} (${node.id})` : name;
}

function nodeTitle(node: DiagramNode, name: string): string {
  const term = node.term;
  if (term.type === 'literal') return `"${term.value}"${term.lang ? `@${term.lang}` : term.datatype ? `^^${compactIri(term.datatype) ?? term.datatype}` : ''}`;
  return name === node.id ? node.id : `${name}\n${node.id}`;
}

function edgeText(edge: DiagramEdge): string {
  return edge.predicates.map((p) => compactIri(p) ?? p.replace(/^.*[#/](?=[^#/]+$)/, '')).join(', ');
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

function zoomAround(t: Transform, p: Point, factor: number): Transform {
  const k = clamp(t.k * factor, MIN_ZOOM, MAX_ZOOM);
  const f = k / t.k;
  // Keep the point under the pointer where it is.
  return { k, x: p.x - (p.x - t.x) * f, y: p.y - (p.y - t.y) * f };
}

/**
 * An edge from a to b, shortened to the nodes' rims; bent to one side when the two
 * nodes link both ways, so the two arrows do not coincide. Its label sits at the
 * middle, along the edge and upright.
 */
function edgeGeometry(a: Point, b: Point, ra: number, rb: number, bend: number) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy) || 1;
  const ux = dx / d;
  const uy = dy / d;
  const x1 = a.x + ux * ra;
  const y1 = a.y + uy * ra;
  const x2 = b.x - ux * rb;
  const y2 = b.y - uy * rb;
  const mx = (a.x + b.x) / 2 - uy * bend;
  const my = (a.y + b.y) / 2 + ux * bend;
  let angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  else if (angle < -90) angle += 180;
  const path = bend === 0 ? `M${x1},${y1} L${x2},${y2}` : `M${x1},${y1} Q${mx},${my} ${x2},${y2}`;
  // The middle of the drawn part: of the segment, or of the quadratic curve at t = ½.
  const lx = bend === 0 ? (x1 + x2) / 2 : (x1 + 2 * mx + x2) / 4;
  const ly = bend === 0 ? (y1 + y2) / 2 : (y1 + 2 * my + y2) / 4;
  return { path, labelTransform: `translate(${lx} ${ly}) rotate(${angle})`, labelX: lx, labelY: ly, angle: (angle * Math.PI) / 180, length: Math.hypot(x2 - x1, y2 - y1) };
}

function cssEscape(id: string): string {
  return typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(id) : id.replace(/["\\]/g, '\\$&');
}
