/**
 * The graph browser's state lives in the hash (`#/graphs?graph=…&page=2`,
 * `#/graphs?iri=…`), so every view — a graph, a page of its triples, a node — can
 * be linked to (the SPARQL editor links IRIs here), reloaded and navigated with
 * the back button.
 */
import { formatHash } from '../../../lib/hash-route';

export type GraphTab = 'triples' | 'permissions';

export interface BrowserState {
  /** The open graph; with `view: 'import'`, the import's preselected target. */
  graph?: string;
  /** 1-based page of the open graph's triples (or of a class's instances). */
  page: number;
  /** The predicate the open graph's triples are filtered by. */
  predicate?: string;
  /** The class whose instances are listed instead of the triples. */
  class?: string;
  tab: GraphTab;
  /** The node whose things view is open. */
  iri?: string;
  view?: 'import';
}

export const GRAPHS_PATH = '/graphs';

export function readBrowserState(params: URLSearchParams): BrowserState {
  const page = Number(params.get('page'));
  return {
    graph: params.get('graph') || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    predicate: params.get('p') || undefined,
    class: params.get('class') || undefined,
    tab: params.get('tab') === 'permissions' ? 'permissions' : 'triples',
    iri: params.get('iri') || undefined,
    view: params.get('view') === 'import' ? 'import' : undefined,
  };
}

export function graphsHref(state: Partial<BrowserState> = {}): string {
  const graphView = !state.view && !state.iri && state.graph;
  return formatHash(GRAPHS_PATH, {
    view: state.view,
    graph: state.graph,
    iri: state.view ? undefined : state.iri,
    page: graphView && state.page && state.page > 1 ? state.page : undefined,
    // A class's instances and a predicate's triples are two views: a class wins.
    class: graphView ? state.class : undefined,
    p: graphView && !state.class ? state.predicate : undefined,
    tab: graphView && state.tab === 'permissions' ? 'permissions' : undefined,
  });
}

/** The things view of a node. */
export const nodeHref = (iri: string) => graphsHref({ iri });

/** A graph, on its first page of triples. */
export const graphHref = (graph: string) => graphsHref({ graph });
