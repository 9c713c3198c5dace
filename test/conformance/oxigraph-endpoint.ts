/**
 * The in-process endpoint: a fresh Oxigraph store, queried directly. It exists to
 * validate the harness — run through it, the suite must fail exactly the tests the
 * conformance README lists for Oxigraph — so that failures over HTTP can be blamed
 * on Tabula and not on the runner.
 */
import * as oxigraph from 'oxigraph';
import { DEFAULT_GRAPH, EndpointError, type Endpoint, type GraphLoad, type GraphName, type QueryDataset, type ResultForm } from './endpoint';
import { rdfFormatOf, readByIri } from './files';
import { queryShape } from './query-shape';
import { fromOxigraphQuad, readCsv, readRdf, readSrj, readTsv, type QueryResult, type RdfQuad } from './results';

const FORMATS: Record<ResultForm, string> = {
  solutions: 'application/sparql-results+json',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  graph: 'application/n-triples',
};

export class OxigraphEndpoint implements Endpoint {
  readonly name = 'in-process Oxigraph';
  private readonly store = new oxigraph.Store();

  /**
   * `unionDefaultGraph`: a query that names no dataset sees the union of all graphs,
   * as in this API — so the runner must name the W3C dataset explicitly, and getting
   * the same results as without it checks that it does so correctly.
   */
  constructor(readonly unionDefaultGraph = false) {}

  async load(graphs: GraphLoad[]): Promise<void> {
    for (const { graph, file } of graphs) {
      this.store.load(readByIri(file), { format: rdfFormatOf(file), base_iri: file, to_graph_name: graphTerm(graph) });
    }
  }

  async query(text: string, options: { base: string; form: ResultForm; dataset?: QueryDataset }): Promise<QueryResult> {
    const format = FORMATS[options.form];
    let output: unknown;
    try {
      output = this.store.query(text, {
        base_iri: options.base,
        results_format: format,
        use_default_graph_as_union: this.unionDefaultGraph && !options.dataset && !namesGraphs(text, options.base),
        ...(options.dataset && {
          default_graph: options.dataset.defaultGraphs.map(graphTerm),
          named_graphs: options.dataset.namedGraphs.map((g) => oxigraph.namedNode(g)),
        }),
      });
    } catch (err) {
      throw classify(err);
    }
    if (typeof output !== 'string') throw new Error(`Oxigraph returned ${typeof output} for results_format ${format}`);
    switch (options.form) {
      case 'solutions':
        return readSrj(output);
      case 'csv':
        return readCsv(output);
      case 'tsv':
        return readTsv(output);
      case 'graph':
        return { kind: 'graph', quads: readRdf(output, format, options.base) };
    }
  }

  async update(text: string, options: { base: string; dataset?: unknown }): Promise<void> {
    // Oxigraph's update API takes no dataset (nor a union default graph): its default graph is the unnamed one.
    if (options.dataset || this.unionDefaultGraph) throw new Error('the in-process endpoint runs updates only over the unnamed default graph');
    try {
      this.store.update(text, { base_iri: options.base });
    } catch (err) {
      throw classify(err);
    }
  }

  async dump(): Promise<RdfQuad[]> {
    return this.store.match(null, null, null, null).map(fromOxigraphQuad);
  }

  async close(): Promise<void> {
    // The store's WebAssembly memory is reclaimed with the object.
  }
}

/** Dataset rule 1 applies only when no graph is named: FROM NAMED alone still makes the default graph empty. */
function namesGraphs(text: string, base: string): boolean {
  const shape = queryShape(text, base);
  return shape.from.length > 0 || shape.fromNamed.length > 0;
}

const graphTerm = (graph: GraphName): oxigraph.NamedNode | oxigraph.DefaultGraph => (graph === DEFAULT_GRAPH ? oxigraph.defaultGraph() : oxigraph.namedNode(graph));

/**
 * Oxigraph reports parse errors with a position ("error at 1:25: …") or as one of the
 * parser's own checks on update blocks; anything else happened while evaluating.
 */
function classify(err: unknown): EndpointError {
  const message = err instanceof Error ? err.message : String(err);
  const syntax = /^error at \d+:\d+/.test(message) || /cannot be shared by multiple blocks/.test(message);
  return new EndpointError(message, syntax);
}
