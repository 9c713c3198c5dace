/**
 * The RDF dataset a query (or an update's WHERE) runs against, by the spec's rules:
 * 1. nothing named → the default graph is the union of every graph the user may read,
 *    and the named graphs are the readable named graphs;
 * 2. `default-graph-uri` / FROM name graphs (the reserved default-graph IRI names the
 *    graph of unnamed triples);
 * 3. request parameters win over FROM / FROM NAMED (and USING over nothing);
 * graphs the user may not read are left out, so they are as good as empty.
 *
 * Oxigraph's `default_graph` / `named_graphs` options replace the query's own FROM /
 * FROM NAMED (checked in dataset.test.ts), so the query text is never rewritten for it.
 */
import type * as Oxigraph from 'oxigraph';
import { DEFAULT_KEY, termOfKey, type GraphKey } from './graph-names';
import type { GraphAccess } from './write-context';

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

/** The Oxigraph query options that evaluate `dataset` for this user. */
export function datasetOptions(access: GraphAccess, dataset: Dataset): DatasetOptions {
  const ox = access.ox;
  if (dataset.kind === 'as-written' && access.readsEverything()) return {};
  if (dataset.kind !== 'explicit') {
    if (access.readsEverything()) return { use_default_graph_as_union: true };
    const named = access.readableNamedGraphs();
    const defaults = access.canRead(DEFAULT_KEY) ? [DEFAULT_KEY, ...named] : named;
    return { default_graph: defaults.map((k) => termOfKey(ox, k)), named_graphs: named.map((k) => ox.namedNode(k)) };
  }
  // A graph that does not exist is simply empty; one the user may not read is left out.
  const visible = (k: GraphKey) => !access.exists(k) || access.canRead(k);
  return {
    default_graph: unique(dataset.defaultGraphs.filter(visible)).map((k) => termOfKey(ox, k)),
    named_graphs: unique(dataset.namedGraphs.filter((k) => k !== DEFAULT_KEY && visible(k))).map((k) => ox.namedNode(k)),
  };
}

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];
