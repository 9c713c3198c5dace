/**
 * The search page's state lives in the hash (`#/search?q=…&options=…&start=11`), so a
 * search can be linked to and reloaded, and every run, facet click and page turn is a
 * step the back button retraces. Only what the server is asked is kept there; what the
 * query box holds while typing is the page's own.
 */
import type { SearchQuery } from '../../../../client/search';
import { formatHash } from '../../../lib/hash-route';

export interface SearchState {
  /** The string query ('' matches every document). */
  q: string;
  /** The option set; `default` is the server's default set. */
  options: string;
  /** 1-based index of the first result shown. */
  start: number;
  pageLength: number;
  /**
   * A structured query (JSON or XML text) ANDed with `q`, sent as the API's `structuredQuery`
   * parameter: how another page (Analytics) links to the documents that have a value.
   */
  structuredQuery?: string;
}

export const SEARCH_ROUTE = '/search';
export const DEFAULT_OPTIONS = 'default';
export const PAGE_LENGTHS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_LENGTH = 10;

export function readSearchState(params: URLSearchParams): SearchState {
  const start = Number(params.get('start'));
  const pageLength = Number(params.get('pageLength'));
  return {
    q: params.get('q') ?? '',
    options: params.get('options') || DEFAULT_OPTIONS,
    start: Number.isSafeInteger(start) && start >= 1 ? start : 1,
    // Any sensible size a link carries is honoured, not only the picker's.
    pageLength: Number.isInteger(pageLength) && pageLength >= 1 && pageLength <= 1000 ? pageLength : DEFAULT_PAGE_LENGTH,
    ...(params.get('structuredQuery') ? { structuredQuery: params.get('structuredQuery')! } : {}),
  };
}

/** The hash of a search; defaults are left out so links stay short. */
export function searchHref(state: Partial<SearchState>): string {
  return formatHash(SEARCH_ROUTE, {
    q: state.q,
    options: state.options === DEFAULT_OPTIONS ? undefined : state.options,
    start: state.start && state.start > 1 ? state.start : undefined,
    pageLength: state.pageLength && state.pageLength !== DEFAULT_PAGE_LENGTH ? state.pageLength : undefined,
    structuredQuery: state.structuredQuery,
  });
}

/**
 * What the page asks `/v1/search`. The default set is named only by leaving `options`
 * out: a stored `default` is used either way, and a remote server needs no stored set.
 */
export function searchQueryOf(state: SearchState): SearchQuery {
  return {
    ...(state.q.trim() ? { q: state.q } : {}),
    ...(state.options !== DEFAULT_OPTIONS ? { options: state.options } : {}),
    start: state.start,
    pageLength: state.pageLength,
  };
}

/** Where the document explorer shows a document: its folder listed, the document open. */
export function documentHref(uri: string): string {
  const slash = uri.lastIndexOf('/');
  const dir = slash > 0 ? uri.slice(0, slash + 1) : undefined;
  return formatHash('/documents', { dir, uri });
}

export interface PageInfo {
  /** 1-based page number of `start`. */
  page: number;
  pages: number;
  /** Starts of the previous and next pages, when there are such pages. */
  previousStart?: number;
  nextStart?: number;
}

/** Paging by `start`, which need not fall on a page boundary (a link may say start=4). */
export function pageInfo(start: number, pageLength: number, total: number): PageInfo {
  const size = Math.max(1, pageLength);
  const page = Math.floor((start - 1) / size) + 1;
  const pages = Math.max(page, Math.ceil(total / size));
  return {
    page,
    pages,
    ...(start > 1 ? { previousStart: Math.max(1, start - size) } : {}),
    ...(start + size <= total ? { nextStart: start + size } : {}),
  };
}
