/**
 * The live preview's answer, shaped for display: each result's snippet as text pieces
 * (highlighted or not), each facet with its values. Search responses come from any
 * MarkLogic-compatible server, so nothing here assumes more than MarkLogic’s REST API reference, /v1/search says.
 */
import type { SearchFacet, SearchResponse, SearchResult } from '../../../../client/types';

export interface SnippetPiece {
  text: string;
  highlight: boolean;
}

/** One line per snippet match; empty for results without snippets (raw, empty-snippet). */
export function snippetLines(result: SearchResult): SnippetPiece[][] {
  if (!Array.isArray(result.matches)) return [];
  return result.matches.map((match) =>
    (Array.isArray(match?.['match-text']) ? match['match-text'] : []).map((piece): SnippetPiece => {
      if (typeof piece === 'string') return { text: piece, highlight: false };
      if (piece && typeof piece === 'object' && 'highlight' in piece && typeof piece.highlight === 'string') return { text: piece.highlight, highlight: true };
      // `{"<element>": "text"}`: text of another element, shown as plain text.
      return { text: Object.values(piece ?? {}).join(''), highlight: false };
    }),
  );
}

export interface FacetView {
  name: string;
  type: string;
  values: Array<{ name: string; count: number; label: string }>;
}

/** The facets in the order the server gave them (the options' order). */
export function facetViews(response: Pick<SearchResponse, 'facets'>): FacetView[] {
  return Object.entries(response.facets ?? {}).map(([name, facet]: [string, SearchFacet]) => ({
    name,
    type: facet?.type ?? '',
    values: (facet?.facetValues ?? []).map((v) => ({ name: String(v.name), count: Number(v.count) || 0, label: String(v.value ?? v.name) })),
  }));
}

/** The test query with `constraint:value` added (quoted when the value has spaces or quotes), unless it is there already. */
export function refinedQuery(qtext: string, constraint: string, value: string): string {
  const term = `${constraint}:${/[\s"()]/.test(value) || value === '' ? `"${value.replace(/"/g, '')}"` : value}`;
  const current = qtext.trim();
  if (current.split(/\s+/).includes(term)) return qtext;
  return current === '' ? term : `${current} ${term}`;
}
