/**
 * What the W3C runners need from a SPARQL service, so the same tests run in-process
 * against Oxigraph (to validate the harness) and over HTTP through Tabula's handler.
 */
import type { QueryResult, RdfQuad } from './results';

/** The graph that holds triples loaded without a name, whatever the endpoint calls it. */
export const DEFAULT_GRAPH = Symbol('default graph');
export type GraphName = typeof DEFAULT_GRAPH | string;

/** A file of the suite loaded into a graph (merged when several name the same graph). */
export interface GraphLoad {
  graph: GraphName;
  /** The file's published IRI: where to read it, and its base IRI. */
  file: string;
}

/** The query dataset as the protocol's `default-graph-uri` / `named-graph-uri` give it. */
export interface QueryDataset {
  defaultGraphs: GraphName[];
  namedGraphs: string[];
}

/** The update dataset as `using-graph-uri` / `using-named-graph-uri` give it. */
export interface UpdateDataset {
  usingGraphs: GraphName[];
  usingNamedGraphs: string[];
}

/** How the result should come back: SPARQL JSON results, CSV, TSV, or an RDF graph. */
export type ResultForm = 'solutions' | 'csv' | 'tsv' | 'graph';

export interface Endpoint {
  readonly name: string;
  /**
   * True when a query or update that names no graph sees the union of all graphs
   * (this API's dataset rule 1) rather than only the unnamed-triples graph that the
   * W3C tests assume; the runners then name the dataset explicitly.
   */
  readonly unionDefaultGraph: boolean;
  load(graphs: GraphLoad[]): Promise<void>;
  query(text: string, options: { base: string; form: ResultForm; dataset?: QueryDataset }): Promise<QueryResult>;
  update(text: string, options: { base: string; dataset?: UpdateDataset }): Promise<void>;
  /** Every quad of the store (the unnamed-triples graph as the default graph). */
  dump(): Promise<RdfQuad[]>;
  /** Frees the store; the endpoint is not used afterwards. */
  close(): Promise<void>;
}

/** Runs `body` with a fresh endpoint and closes it whatever happens. */
export async function withEndpoint(open: () => Promise<Endpoint>, body: (endpoint: Endpoint) => Promise<void>): Promise<void> {
  const endpoint = await open();
  try {
    await body(endpoint);
  } finally {
    await endpoint.close();
  }
}

/** A request the endpoint refused; `syntax` when the refusal is a SPARQL syntax error. */
export class EndpointError extends Error {
  constructor(
    message: string,
    readonly syntax: boolean,
  ) {
    super(message);
  }
}
