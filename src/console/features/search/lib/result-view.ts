/**
 * How one search result reads on the page: its snippet as pieces of plain and
 * highlighted text, where in the document each match is, or — for `raw` and
 * `extract-document-data` results — a preview of the content itself.
 */
import type { MatchText, SearchMatch, SearchResult } from '../../../../client/types';

export interface TextPiece {
  text: string;
  highlight: boolean;
}

export type ResultBody =
  | { kind: 'matches'; matches: Array<{ location: string; pieces: TextPiece[] }> }
  /** A custom snippet that returned text, or a raw / extracted document. */
  | { kind: 'text'; text: string; truncated: boolean }
  /** `empty-snippet`, or a snippet without matches (an empty query, a collection query). */
  | { kind: 'none'; reason: 'empty-snippet' | 'no-matches' };

export const MAX_PREVIEW_CHARS = 600;

/** A match's text as pieces; elements other than highlight (`{"<localname>": "…"}`) read as plain text. */
export function matchPieces(text: readonly MatchText[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const part of text) {
    if (typeof part === 'string') pieces.push({ text: part, highlight: false });
    else if (typeof part === 'object' && part !== null && typeof (part as { highlight?: unknown }).highlight === 'string') {
      pieces.push({ text: (part as { highlight: string }).highlight, highlight: true });
    } else if (typeof part === 'object' && part !== null) {
      pieces.push({ text: Object.values(part).map(String).join(''), highlight: false });
    }
  }
  return pieces.filter((p) => p.text !== '');
}

/**
 * Where a match is, without the `fn:doc("URI")` every path starts with:
 * `fn:doc("/a.json")/text("title")` → `text("title")`, `…/recipe/notes` → `/recipe/notes`.
 */
export function matchLocation(path: string, uri: string): string {
  const prefix = `fn:doc(${JSON.stringify(uri)})`;
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : path;
  return rest.replace(/^\/(?=text\(|object-node\(|array-node\()/, '');
}

export function resultBody(result: SearchResult): ResultBody {
  const { matches } = result;
  if (typeof matches === 'string') return preview(matches);
  if (Array.isArray(matches) && matches.length > 0) {
    return {
      kind: 'matches',
      matches: matches.map((m: SearchMatch) => ({ location: matchLocation(m.path, result.uri), pieces: matchPieces(m['match-text'] ?? []) })),
    };
  }
  if (result.content !== undefined) return preview(typeof result.content === 'string' ? result.content : JSON.stringify(result.content, null, 2));
  if (result.extracted) return preview(result.extracted.content.map((c) => (typeof c === 'string' ? c : JSON.stringify(c, null, 2))).join('\n'));
  return { kind: 'none', reason: matches === null ? 'empty-snippet' : 'no-matches' };
}

function preview(text: string): ResultBody {
  const truncated = text.length > MAX_PREVIEW_CHARS;
  return { kind: 'text', text: truncated ? `${text.slice(0, MAX_PREVIEW_CHARS)}…` : text, truncated };
}

/** `0.61` → `61%`: confidence is a fraction in [0, 1]. */
export function percent(fraction: number): string {
  return Number.isFinite(fraction) ? `${Math.round(fraction * 100)}%` : '–';
}
