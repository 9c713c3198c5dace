/**
 * Running one W3C evaluation or syntax test against an endpoint. Each function
 * throws (with the difference) when the endpoint's answer is wrong and returns
 * when it is right, so a Vitest `test` can call it directly.
 */
import { DEFAULT_GRAPH, EndpointError, type Endpoint, type GraphLoad, type QueryDataset, type ResultForm, type UpdateDataset } from './endpoint';
import { isLocalIri, rdfFormatOf, readByIri } from './files';
import type { QueryEvaluationTest, SyntaxTest, UpdateEvaluationTest } from './manifest';
import { compareQuads, compareResults } from './compare';
import { queryShape, tokenize, updateShape } from './query-shape';
import { readCsv, readRdf, readRdfResult, readSrj, readSrx, readTsv, type QueryResult, type RdfQuad } from './results';
import { iri } from './terms';

export async function runQueryEvaluation(test: QueryEvaluationTest, endpoint: Endpoint): Promise<void> {
  const text = readByIri(test.query);
  const shape = queryShape(text, test.query);
  const ownDataset = shape.from.length > 0 || shape.fromNamed.length > 0;

  const loads: GraphLoad[] = [
    ...test.data.map((file): GraphLoad => ({ graph: DEFAULT_GRAPH, file })),
    ...test.graphData.map(({ file, name }): GraphLoad => ({ graph: name, file })),
  ];
  // FROM / FROM NAMED name files of the suite: they must be in the store under their IRIs.
  for (const graph of new Set([...shape.from, ...shape.fromNamed])) {
    if (isLocalIri(graph) && !loads.some((l) => l.graph === graph)) loads.push({ graph, file: graph });
  }
  await endpoint.load(loads);

  // The test's dataset is its qt:data as the default graph and its qt:graphData as named
  // graphs, unless the query brings its own FROM / FROM NAMED.
  const dataset: QueryDataset | undefined =
    endpoint.unionDefaultGraph && !ownDataset ? { defaultGraphs: [DEFAULT_GRAPH], namedGraphs: test.graphData.map((g) => g.name) } : undefined;

  const expected = readExpected(test.result);
  const form: ResultForm = test.csvFormat ? 'csv' : /\.tsv$/.test(test.result) ? 'tsv' : shape.form === 'CONSTRUCT' || shape.form === 'DESCRIBE' ? 'graph' : 'solutions';
  const actual = await endpoint.query(text, { base: test.query, form, dataset });
  const difference = compareResults(expected, actual, { ordered: shape.orderBy });
  if (difference) throw new Error(`results differ from ${test.result}\n${difference}`);
}

/** The expected result file, by extension: .srx, .srj, .tsv, .csv, or RDF (a graph, or an `rs:` result set). */
export function readExpected(file: string): QueryResult {
  const text = readByIri(file);
  const ext = /\.([a-z]+)$/.exec(file)?.[1];
  switch (ext) {
    case 'srx':
      return readSrx(text);
    case 'srj':
      return readSrj(text);
    case 'tsv':
      return readTsv(text);
    case 'csv':
      return readCsv(text);
    default:
      return readRdfResult(text, rdfFormatOf(file), file);
  }
}

export async function runUpdateEvaluation(test: UpdateEvaluationTest, endpoint: Endpoint): Promise<void> {
  await endpoint.load([
    ...test.data.map((file): GraphLoad => ({ graph: DEFAULT_GRAPH, file })),
    ...test.graphData.map(({ file, name }): GraphLoad => ({ graph: name, file })),
  ]);
  const text = readByIri(test.request);
  await endpoint.update(text, { base: test.request, dataset: updateDataset(test, text, endpoint) });

  const expected: RdfQuad[] = [
    ...test.result.data.flatMap((file) => readRdf(readByIri(file), rdfFormatOf(file), file)),
    ...test.result.graphData.flatMap(({ file, name }) => readRdf(readByIri(file), rdfFormatOf(file), file).map((q) => ({ ...q, graph: iri(name) }))),
  ];
  const difference = compareQuads(expected, await endpoint.dump());
  if (difference) throw new Error(`the dataset after the update differs from the expected one\n${difference}`);
}

/**
 * The W3C tests read the WHERE clause against the unnamed-triples graph. Where the
 * endpoint would read the union of all graphs instead, name the dataset with
 * `using-graph-uri` (the unnamed graph) and `using-named-graph-uri` (every graph the
 * update could see: those loaded, and those its text names after GRAPH — an earlier
 * operation may create them). Not needed when nothing reads a pattern or no named
 * graph exists, and not allowed when the update has its own WITH or USING (dataset
 * rule 4): those operations name their dataset already (in this suite every such
 * update is a single operation).
 */
export function updateDataset(test: UpdateEvaluationTest, text: string, endpoint: Endpoint): UpdateDataset | undefined {
  if (!endpoint.unionDefaultGraph) return undefined;
  const shape = updateShape(text, test.request);
  if (!shape.readsPattern || shape.datasetClause) return undefined;
  const named = new Set(test.graphData.map((g) => g.name));
  const tokens = tokenize(text, test.request);
  tokens.forEach((t, k) => {
    if (t.kind === 'word' && t.text === 'GRAPH' && tokens[k + 1]?.kind === 'iri') named.add(tokens[k + 1].text);
  });
  // With no named graph anywhere, the union is the unnamed graph: nothing to say.
  if (named.size === 0) return undefined;
  return { usingGraphs: [DEFAULT_GRAPH], usingNamedGraphs: [...named] };
}

/**
 * A syntax test passes when the endpoint accepts (positive) or rejects as a syntax
 * error (negative) the text. Accepting means running it on an empty store, so an
 * evaluation error that is not about syntax (LOAD or SERVICE with no network) still
 * counts as accepted.
 */
export async function runSyntax(test: SyntaxTest, endpoint: Endpoint): Promise<void> {
  const text = readByIri(test.file);
  let error: EndpointError | undefined;
  try {
    if (test.language === 'query') {
      const shape = queryShape(text, test.file);
      const form: ResultForm = shape.form === 'CONSTRUCT' || shape.form === 'DESCRIBE' ? 'graph' : 'solutions';
      await endpoint.query(text, { base: test.file, form });
    } else {
      await endpoint.update(text, { base: test.file });
    }
  } catch (err) {
    if (!(err instanceof EndpointError)) throw err;
    error = err;
  }
  if (test.positive && error?.syntax) throw new Error(`rejected as a syntax error: ${error.message}`);
  if (!test.positive && !error?.syntax) throw new Error(error ? `refused, but not as a syntax error: ${error.message}` : 'accepted');
}
