/**
 * The RDF dataset a query (or an update's WHERE) runs against, by MarkLogic's and the SPARQL 1.1 Protocol's rules:
 * 1. nothing named → the default graph is the union of every graph the user may read,
 *    and the named graphs are the readable named graphs;
 * 2. `default-graph-uri` / FROM name graphs (the reserved default-graph IRI names the
 *    graph of unnamed triples);
 * 3. request parameters win over FROM / FROM NAMED (and USING over nothing);
 * graphs the user may not read are left out, so they are as good as empty.
 *
 * Oxigraph's `default_graph` / `named_graphs` options replace the query's own FROM /
 * FROM NAMED (checked in query.test.ts, "request parameters win over FROM / FROM NAMED"), so the query text is never rewritten for it.
 *
 * The default graph's reserved IRI names it as a named graph too (MarkLogic keeps it as a
 * collection of that name): `GRAPH <…#default-graph>`, FROM NAMED, `named-graph-uri`,
 * USING NAMED. Oxigraph's named graphs are IRIs only, so for such a query the default
 * graph's quads are put under that IRI for the time of the (synchronous) evaluation and
 * dropped after it, see {@link evaluate}. `GRAPH ?g` over the union sees it only when the
 * query names it, so the W3C dataset semantics hold for queries that do not.
 */
import type * as Oxigraph from 'oxigraph';
import { DEFAULT_GRAPH_IRI, DEFAULT_KEY, termOfKey, type GraphKey } from './graph-names';
import type { GraphAccess } from './graph-access';

export type Dataset =
  | { kind: 'union' }
  | { kind: 'explicit'; defaultGraphs: GraphKey[]; namedGraphs: GraphKey[] }
  /** The query's own FROM / FROM NAMED, read by Oxigraph: only for users who may read every graph. */
  | { kind: 'as-written' };

export const UNION: Dataset = { kind: 'union' };
export const AS_WRITTEN: Dataset = { kind: 'as-written' };

export interface DatasetOptions {
  use_default_graph_as_union?: boolean;
  default_graph?: Array<Oxigraph.NamedNode | Oxigraph.DefaultGraph>;
  named_graphs?: Oxigraph.NamedNode[];
}

/** Picks the dataset: the first of these that names any graph wins. */
export function chooseDataset(...candidates: Array<{ defaultGraphs?: GraphKey[]; namedGraphs?: GraphKey[] } | undefined>): Dataset {
  for (const c of candidates) {
    if (!c) continue;
    const defaultGraphs = c.defaultGraphs ?? [];
    const namedGraphs = c.namedGraphs ?? [];
    if (defaultGraphs.length > 0 || namedGraphs.length > 0) return { kind: 'explicit', defaultGraphs, namedGraphs };
  }
  return UNION;
}

/**
 * The Oxigraph query options that evaluate `dataset` for this user. `namesDefault`: the
 * query's patterns name the default graph by its reserved IRI (`GRAPH <…#default-graph>`),
 * which then is one of the union's named graphs.
 */
export function datasetOptions(access: GraphAccess, dataset: Dataset, namesDefault = false): DatasetOptions {
  const ox = access.ox;
  if (dataset.kind === 'as-written' && access.readsEverything() && !namesDefault) return {};
  if (dataset.kind !== 'explicit') {
    // The common case, first and without making any engine term: each is an object in the wasm heap.
    if (access.readsEverything() && !namesDefault) return { use_default_graph_as_union: true };
    const defaultAsNamed = access.canRead(DEFAULT_KEY) ? [ox.namedNode(DEFAULT_GRAPH_IRI)] : [];
    const named = access.readableNamedGraphs();
    const defaults = access.canRead(DEFAULT_KEY) ? [DEFAULT_KEY, ...named] : named;
    const namedTerms = named.map((k) => ox.namedNode(k));
    return { default_graph: defaults.map((k) => termOfKey(ox, k)), named_graphs: namesDefault ? [...namedTerms, ...defaultAsNamed] : namedTerms };
  }
  // A graph that does not exist is simply empty; one the user may not read is left out.
  const visible = (k: GraphKey) => !access.exists(k) || access.canRead(k);
  const named = unique(dataset.namedGraphs.filter(visible));
  return {
    default_graph: unique(dataset.defaultGraphs.filter(visible)).map((k) => termOfKey(ox, k)),
    named_graphs: named.map((k) => (k === DEFAULT_KEY ? ox.namedNode(DEFAULT_GRAPH_IRI) : ox.namedNode(k))),
  };
}

/**
 * Runs an evaluation with `options`; when they list the default graph among the named
 * graphs, its quads are visible under the reserved IRI meanwhile. The copy keeps blank
 * nodes (quads are added one by one, not dumped and reloaded), is made and dropped in
 * the same synchronous turn as the evaluation (no other request sees it), and is dropped
 * whether the evaluation succeeds or throws.
 */
export function evaluate<T>(store: Oxigraph.Store, ox: typeof Oxigraph, options: DatasetOptions, run: () => T): T {
  if (!options.named_graphs?.some((g) => g.value === DEFAULT_GRAPH_IRI)) return run();
  const alias = ox.namedNode(DEFAULT_GRAPH_IRI);
  try {
    for (const q of store.match(null, null, null, ox.defaultGraph())) store.add(ox.quad(q.subject, q.predicate, q.object, alias));
    return run();
  } finally {
    store.update(`DROP SILENT GRAPH <${DEFAULT_GRAPH_IRI}>`);
  }
}

/** Whether query patterns name the default graph by its reserved IRI (sparqljs expands prefixed names). */
export const namesDefaultGraph = (patterns: unknown): boolean => patterns !== undefined && JSON.stringify(patterns).includes(DEFAULT_GRAPH_IRI);

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];
