/**
 * Snippets (`transform-results apply="snippet"`, MarkLogic’s REST API reference, /v1/search): for a result, the text
 * nodes where the query's words matched, each cut to a window of `per-match-tokens`
 * words around its highlights, at most `max-matches` of them and `max-snippet-chars`
 * characters in all. A result the query matched without words (a collection or range
 * query, everything) shows the start of its first text instead, unhighlighted.
 *
 * Highlighting reuses the query's own matchers on the surface words, so what is
 * highlighted is exactly what matched.
 */
import type { StoredDocument } from '../documents/types';
import { contentNodes, matchPath, words, type ContentNode, type Token } from './analyze';
import type { PhraseMatcher } from './matchers';
import type { MatchText, SnippetMatch } from './response-model';

export interface SnippetOptions {
  perMatchTokens: number;
  maxMatches: number;
  maxSnippetChars: number;
}

export const DEFAULT_SNIPPET: SnippetOptions = { perMatchTokens: 30, maxMatches: 4, maxSnippetChars: 200 };

const ELLIPSIS = '…';

/** The snippet of a document for the content phrases of a query. */
export function snippet(doc: StoredDocument, phrases: PhraseMatcher[], options: SnippetOptions): SnippetMatch[] {
  let nodes: ContentNode[];
  try {
    nodes = contentNodes(doc).filter((n) => n.kind === 'text' && n.text.trim() !== '');
  } catch {
    return [];
  }
  const out: SnippetMatch[] = [];
  let budget = options.maxSnippetChars;
  for (const node of nodes) {
    if (out.length >= options.maxMatches || budget <= 0) break;
    const ws = words(node.text);
    const lit = highlighted(ws, phrases);
    if (lit.size === 0) continue;
    for (const window of windows(ws.length, lit, options.perMatchTokens)) {
      if (out.length >= options.maxMatches || budget <= 0) break;
      const text = pieces(node.text, ws, window, lit);
      budget -= textLength(text);
      out.push({ path: matchPath(doc.uri, doc.format, node.path), text: clip(text, budget) });
    }
  }
  if (out.length === 0 && nodes.length > 0) {
    // Matched without words: the document's opening text stands for it.
    const first = nodes[0];
    const ws = words(first.text);
    const window: [number, number] = [0, Math.min(ws.length, options.perMatchTokens)];
    const text = ws.length === 0 ? [first.text] : pieces(first.text, ws, window, new Set());
    out.push({ path: matchPath(doc.uri, doc.format, first.path), text: clip(text, options.maxSnippetChars) });
  }
  return out;
}

/** Indexes of the words any phrase matches (every word of a matched phrase). */
function highlighted(ws: Token[], phrases: PhraseMatcher[]): Set<number> {
  const lit = new Set<number>();
  for (const phrase of phrases) {
    const n = phrase.words.length;
    for (let p = 0; p + n <= ws.length; p++) {
      let ok = true;
      for (let j = 0; j < n && ok; j++) ok = phrase.words[j].matchesSurface(ws[p + j].text);
      if (ok) for (let j = 0; j < n; j++) lit.add(p + j);
    }
  }
  return lit;
}

/** Windows of `size` words (word index ranges) centred on runs of highlights, not overlapping. */
function windows(count: number, lit: Set<number>, size: number): Array<[number, number]> {
  const sorted = [...lit].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i];
    // Take the highlights that fit in one window with the first.
    let last = first;
    while (i + 1 < sorted.length && sorted[i + 1] - first < size) last = sorted[++i];
    i++;
    const span = last - first + 1;
    let start = Math.max(0, first - Math.floor((size - span) / 2));
    const end = Math.min(count, start + size);
    start = Math.max(0, end - size);
    const previous = out[out.length - 1];
    if (previous && start < previous[1]) start = previous[1];
    if (start < end) out.push([start, end]);
  }
  return out;
}

/** The text of words [start, end) of a node as plain and highlighted pieces, with ellipses where cut. */
function pieces(text: string, ws: Token[], [start, end]: [number, number], lit: Set<number>): MatchText[] {
  const out: MatchText[] = [];
  let plain = start > 0 ? ELLIPSIS : text.slice(0, ws[0]?.start ?? text.length);
  let at = ws[start].start;
  for (let i = start; i < end; i++) {
    const w = ws[i];
    if (lit.has(i)) {
      plain += text.slice(at, w.start);
      if (plain) out.push(plain);
      plain = '';
      out.push({ highlight: w.text });
    } else {
      plain += text.slice(at, w.end);
    }
    at = w.end;
  }
  plain += end < ws.length ? text.slice(at, ws[end].start).trimEnd() + ELLIPSIS : text.slice(at);
  if (plain) out.push(plain);
  return out;
}

const textLength = (t: MatchText[]): number => t.reduce((n, p) => n + (typeof p === 'string' ? p.length : p.highlight.length), 0);

/** Drops plain text from the end until the pieces fit `budget` characters (highlights are kept whole). */
function clip(text: MatchText[], budget: number): MatchText[] {
  let over = textLength(text) - Math.max(budget, 0);
  if (over <= 0) return text;
  const out = [...text];
  for (let i = out.length - 1; i >= 0 && over > 0; i--) {
    const p = out[i];
    if (typeof p !== 'string') continue;
    const keep = Math.max(0, p.length - over);
    over -= p.length - keep;
    out[i] = keep > 0 ? p.slice(0, keep).trimEnd() + ELLIPSIS : ELLIPSIS;
  }
  return out.filter((p) => p !== '');
}
