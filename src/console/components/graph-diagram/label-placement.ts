/**
 * Which node labels to draw at the current zoom so that none overlaps another:
 * labels are taken in priority order (the focus, the selected node, then the
 * best-connected) and one is drawn only where it collides with no label already
 * drawn. The rest show on hover and in the node list. A grid of buckets keeps
 * this cheap for hundreds of labels.
 */
export interface LabelBox {
  id: string;
  /** Screen coordinates of the label's top-left corner, and its size. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Drawn whatever it overlaps (the focus's, the selected node's): the others then keep clear of it. */
  always?: boolean;
}

const CELL = 64;

/**
 * The ids of the labels to draw, given boxes in priority order (first wins). `obstacles`
 * (the nodes' own shapes) are never drawn over, so no label hides a node.
 */
export function placeLabels(boxes: readonly LabelBox[], obstacles: readonly LabelBox[] = [], gap = 2): Set<string> {
  const grid = new Map<string, LabelBox[]>();
  const shown = new Set<string>();
  for (const box of obstacles) for (const c of cellsOf(box, 0)) (grid.get(c) ?? grid.set(c, []).get(c)!).push(box);
  for (const box of boxes) {
    const cells = cellsOf(box, gap);
    const collides = !box.always && cells.some((c) => grid.get(c)?.some((other) => overlaps(box, other, gap)));
    if (collides) continue;
    shown.add(box.id);
    for (const c of cells) (grid.get(c) ?? grid.set(c, []).get(c)!).push(box);
  }
  return shown;
}

function cellsOf(b: LabelBox, gap: number): string[] {
  const cells: string[] = [];
  for (let cx = Math.floor((b.x - gap) / CELL); cx <= Math.floor((b.x + b.width + gap) / CELL); cx++)
    for (let cy = Math.floor((b.y - gap) / CELL); cy <= Math.floor((b.y + b.height + gap) / CELL); cy++) cells.push(`${cx},${cy}`);
  return cells;
}

function overlaps(a: LabelBox, b: LabelBox, gap: number): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/** Cuts text to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** Roughly how wide a line of text is drawn, without measuring the DOM (average glyph widths of system UI fonts). */
export function textWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) units += /[ilj.,:;'|!1tfI ]/.test(ch) ? 0.32 : /[mwMW@]/.test(ch) ? 0.85 : /[A-Z0-9]/.test(ch) ? 0.64 : /[\u2E80-\u9FFF\uAC00-\uD7AF]/.test(ch) ? 1 : 0.54;
  return Math.ceil(units * fontSize);
}
