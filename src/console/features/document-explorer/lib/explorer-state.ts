/**
 * The explorer's state lives in the hash (`#/documents?dir=/a/&uri=/a/x.json`), so
 * every view — a folder, a page, an open document and its tab — can be linked to,
 * reloaded and navigated with the back button.
 */
import { formatHash, parseHash } from '../../../lib/hash-route';
import { normaliseDir } from './directory-listing';

export type DocumentTab = 'content' | 'metadata';

export interface ExplorerState {
  dir: string;
  collection: string;
  /** 1-based page of the listing. */
  page: number;
  /** The open document. */
  uri?: string;
  tab: DocumentTab;
  /** `new`: the "New document" form instead of a document. */
  view?: 'new';
}

export const EXPLORER_PATH = '/documents';

export function readExplorerState(params: URLSearchParams): ExplorerState {
  const page = Number(params.get('page'));
  return {
    dir: normaliseDir(params.get('dir') ?? ''),
    collection: (params.get('collection') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    uri: params.get('uri') || undefined,
    tab: params.get('tab') === 'metadata' ? 'metadata' : 'content',
    view: params.get('view') === 'new' ? 'new' : undefined,
  };
}

export function explorerHref(state: Partial<ExplorerState>): string {
  return formatHash(EXPLORER_PATH, {
    dir: state.dir,
    collection: state.collection,
    page: state.page && state.page > 1 ? state.page : undefined,
    uri: state.view ? undefined : state.uri,
    tab: state.uri && state.tab === 'metadata' ? 'metadata' : undefined,
    view: state.view,
  });
}

/**
 * Whether going to `nextHash` closes the open document `uri`: another document, the New
 * document form, or another page. Another tab of the same document, a folder, a collection
 * or a page of the listing keep it open.
 */
export function leavesDocument(uri: string, nextHash: string): boolean {
  const next = parseHash(nextHash);
  if (next.path !== EXPLORER_PATH) return true;
  const state = readExplorerState(next.params);
  return state.view === 'new' || state.uri !== uri;
}
