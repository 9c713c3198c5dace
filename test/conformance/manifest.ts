/**
 * The W3C test manifests, read into typed test cases.
 *
 * Manifests are Turtle (parsed with Oxigraph); `mf:include` is followed and each
 * manifest contributes its `mf:entries` list in order — entries defined in a file but
 * missing from the list (e.g. `head_non_existing_direct`) do not run, as in the suite.
 */
import * as oxigraph from 'oxigraph';
import { iriOf, readByIri } from './files';

const MF = 'http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#';
const QT = 'http://www.w3.org/2001/sw/DataAccess/tests/test-query#';
const UT = 'http://www.w3.org/2009/sparql/tests/test-update#';
const DAWGT = 'http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const HT = 'http://www.w3.org/2011/http#';
const CNT = 'http://www.w3.org/2011/content#';
const SD = 'http://www.w3.org/ns/sparql-service-description#';

interface TestBase {
  /** The test's IRI, as the suite names it. */
  id: string;
  name: string;
  comment?: string;
  /** `dawgt:approval` local name (Approved, Proposed, …), when given. */
  approval?: string;
  /** `mf:requires` IRIs. */
  requires: string[];
}

/** A named graph of the initial or expected dataset: the file, and the graph's name. */
export interface GraphFile {
  file: string;
  name: string;
}

export interface QueryEvaluationTest extends TestBase {
  kind: 'query-evaluation';
  query: string;
  /** Files merged into the default graph. */
  data: string[];
  /** Files loaded as named graphs called by their own IRI. */
  graphData: GraphFile[];
  result: string;
  /** `mf:CSVResultFormatTest`: the endpoint's CSV serialisation is what is compared. */
  csvFormat: boolean;
  /** Needs an entailment regime (`sd:entailmentRegime`). */
  entailment: boolean;
  /** Needs SERVICE (`qt:serviceData`). */
  service: boolean;
}

export interface UpdateEvaluationTest extends TestBase {
  kind: 'update-evaluation';
  request: string;
  data: string[];
  graphData: GraphFile[];
  result: { data: string[]; graphData: GraphFile[] };
}

export interface SyntaxTest extends TestBase {
  kind: 'syntax';
  language: 'query' | 'update';
  positive: boolean;
  file: string;
}

export interface HttpExpectation {
  /** `hts:` status IRIs' local names: exact (`OK`, `Created`) or classes (`StatusCode2xx`). */
  statuses: string[];
  format?: 'boolean' | 'tabular' | 'RDF';
  boolean?: boolean;
  /** Template variable to bind to the `Location` header (`$LOCATION$`). */
  location?: string;
  headers: Array<[string, string]>;
  body?: string;
}

export interface HttpExchange {
  method: string;
  /** As written in the manifest: starts with `/sparql/` or `/gsp`. */
  path: string;
  headers: Array<[string, string]>;
  body?: string;
  /** `cnt:characterEncoding` of the body (UTF-8 unless said otherwise). */
  bodyEncoding?: string;
  expect: HttpExpectation;
}

export interface HttpTest extends TestBase {
  kind: 'protocol' | 'graph-store';
  /** Graphs to preload (`ut:graphData`): the file and the graph IRI (its label). */
  graphData: GraphFile[];
  exchanges: HttpExchange[];
}

export type TestCase = QueryEvaluationTest | UpdateEvaluationTest | SyntaxTest | HttpTest;

/** Reads a manifest (by its path under the conformance folder) and every manifest it includes. */
export function readManifest(relativePath: string): TestCase[] {
  return readManifestIri(iriOf(relativePath));
}

function readManifestIri(iri: string): TestCase[] {
  const graph = new Graph(oxigraph.parse(readByIri(iri), { format: 'text/turtle', base_iri: iri }));
  const tests: TestCase[] = [];
  // Usually `<>`, but a few SPARQL 1.0 manifests are a blank node.
  for (const manifest of graph.subjectsOfType(MF + 'Manifest')) {
    for (const include of graph.objects(manifest, MF + 'include')) {
      for (const child of graph.list(include)) tests.push(...readManifestIri(child.value));
    }
    for (const entries of graph.objects(manifest, MF + 'entries')) {
      for (const entry of graph.list(entries)) {
        const test = readTest(graph, entry);
        if (test) tests.push(test);
      }
    }
  }
  return tests;
}

type Term = oxigraph.NamedNode | oxigraph.BlankNode | oxigraph.Literal | oxigraph.Quad | oxigraph.DefaultGraph | oxigraph.Variable;

/** Just enough of an RDF graph to walk a manifest: objects of a subject's property, and lists. */
class Graph {
  private readonly bySubject = new Map<string, oxigraph.Quad[]>();
  private readonly typed: oxigraph.Quad[] = [];

  constructor(quads: Iterable<oxigraph.Quad>) {
    for (const quad of quads) {
      if (quad.predicate.value === RDF + 'type') this.typed.push(quad);
      const key = keyOf(quad.subject);
      const list = this.bySubject.get(key);
      if (list) list.push(quad);
      else this.bySubject.set(key, [quad]);
    }
  }

  subjectsOfType(type: string): Term[] {
    return this.typed.filter((q) => q.object.value === type).map((q) => q.subject);
  }

  objects(subject: Term, predicate: string): Term[] {
    return (this.bySubject.get(keyOf(subject)) ?? []).filter((q) => q.predicate.value === predicate).map((q) => q.object);
  }

  object(subject: Term, predicate: string): Term | undefined {
    return this.objects(subject, predicate)[0];
  }

  iri(subject: Term, predicate: string): string | undefined {
    const term = this.object(subject, predicate);
    return term?.termType === 'NamedNode' ? term.value : undefined;
  }

  iris(subject: Term, predicate: string): string[] {
    return this.objects(subject, predicate).flatMap((t) => (t.termType === 'NamedNode' ? [t.value] : []));
  }

  text(subject: Term, predicate: string): string | undefined {
    const term = this.object(subject, predicate);
    return term?.termType === 'Literal' ? term.value : undefined;
  }

  types(subject: Term): string[] {
    return this.iris(subject, RDF + 'type');
  }

  list(head: Term): Term[] {
    const items: Term[] = [];
    let node: Term | undefined = head;
    while (node && !(node.termType === 'NamedNode' && node.value === RDF + 'nil')) {
      const first = this.object(node, RDF + 'first');
      if (!first) throw new Error(`malformed RDF list at ${node.value}`);
      items.push(first);
      node = this.object(node, RDF + 'rest');
    }
    return items;
  }
}

const keyOf = (term: Term): string => `${term.termType}:${term.value}`;

const SYNTAX_TYPES: Record<string, { language: 'query' | 'update'; positive: boolean }> = {
  PositiveSyntaxTest: { language: 'query', positive: true },
  NegativeSyntaxTest: { language: 'query', positive: false },
  PositiveSyntaxTest11: { language: 'query', positive: true },
  NegativeSyntaxTest11: { language: 'query', positive: false },
  PositiveUpdateSyntaxTest11: { language: 'update', positive: true },
  NegativeUpdateSyntaxTest11: { language: 'update', positive: false },
};

const RUNNABLE = ['QueryEvaluationTest', 'CSVResultFormatTest', 'UpdateEvaluationTest', 'ProtocolTest', 'GraphStoreProtocolTest'];

function readTest(graph: Graph, node: Term): TestCase | undefined {
  const types = graph.types(node).filter((t) => t.startsWith(MF)).map((t) => t.slice(MF.length));
  const approval = graph.iri(node, DAWGT + 'approval');
  const base: TestBase = {
    id: node.value,
    name: graph.text(node, MF + 'name') ?? node.value,
    comment: graph.text(node, RDFS + 'comment'),
    approval: approval?.startsWith(DAWGT) ? approval.slice(DAWGT.length) : undefined,
    requires: graph.iris(node, MF + 'requires'),
  };
  const known = types.some((t) => t in SYNTAX_TYPES || RUNNABLE.includes(t));
  // Other kinds (service description tests) have no runner here.
  if (!known) return undefined;
  const action = graph.object(node, MF + 'action');
  if (!action) throw new Error(`test without mf:action: ${node.value}`);

  if (types.includes('QueryEvaluationTest') || types.includes('CSVResultFormatTest')) {
    const query = graph.iri(action, QT + 'query');
    const result = graph.iri(node, MF + 'result');
    if (!query || !result) throw new Error(`query test without qt:query or mf:result: ${node.value}`);
    return {
      ...base,
      kind: 'query-evaluation',
      query,
      data: graph.iris(action, QT + 'data'),
      graphData: graph.iris(action, QT + 'graphData').map((file) => ({ file, name: file })),
      result,
      csvFormat: types.includes('CSVResultFormatTest'),
      entailment: graph.objects(action, SD + 'entailmentRegime').length > 0,
      service: graph.objects(action, QT + 'serviceData').length > 0,
    };
  }
  if (types.includes('UpdateEvaluationTest')) {
    const request = graph.iri(action, UT + 'request');
    const result = graph.object(node, MF + 'result');
    if (!request || !result) throw new Error(`update test without ut:request or mf:result: ${node.value}`);
    return {
      ...base,
      kind: 'update-evaluation',
      request,
      data: graph.iris(action, UT + 'data'),
      graphData: labelledGraphs(graph, action),
      result: { data: graph.iris(result, UT + 'data'), graphData: labelledGraphs(graph, result) },
    };
  }
  const syntax = types.map((t) => SYNTAX_TYPES[t]).find(Boolean);
  if (syntax) {
    if (action.termType !== 'NamedNode') throw new Error(`syntax test whose action is not a file: ${node.value}`);
    return { ...base, kind: 'syntax', ...syntax, file: action.value };
  }
  if (types.includes('ProtocolTest') || types.includes('GraphStoreProtocolTest')) {
    const requests = graph.object(action, HT + 'requests');
    return {
      ...base,
      kind: types.includes('ProtocolTest') ? 'protocol' : 'graph-store',
      graphData: labelledGraphs(graph, node),
      exchanges: requests ? graph.list(requests).map((request) => readExchange(graph, request)) : [],
    };
  }
  return undefined;
}

/** `ut:graphData [ ut:graph <file> ; rdfs:label "graph IRI" ]`: in update and protocol tests the name is the label. */
function labelledGraphs(graph: Graph, node: Term): GraphFile[] {
  return graph.objects(node, UT + 'graphData').map((entry) => {
    const file = graph.iri(entry, UT + 'graph');
    const name = graph.text(entry, RDFS + 'label');
    if (!file || !name) throw new Error(`ut:graphData without ut:graph or rdfs:label under ${node.value}`);
    return { file, name };
  });
}

function readExchange(graph: Graph, request: Term): HttpExchange {
  const method = graph.text(request, HT + 'methodName');
  const path = graph.text(request, HT + 'absolutePath');
  const response = graph.object(request, HT + 'resp');
  if (!method || !path || !response) throw new Error(`incomplete ht:Request in ${request.value}`);
  const format = graph.text(response, MF + 'expectedFormat');
  const booleanTerm = graph.object(response, MF + 'expectedBoolean');
  return {
    method,
    path,
    headers: readHeaders(graph, request),
    body: readBody(graph, request),
    bodyEncoding: bodyEncoding(graph, request),
    expect: {
      statuses: graph.iris(response, MF + 'expectedStatus').map((iri) => iri.replace(/^.*#/, '')),
      format: format as HttpExpectation['format'],
      boolean: booleanTerm ? booleanTerm.value === 'true' : undefined,
      location: graph.text(response, MF + 'expectedLocation'),
      headers: readHeaders(graph, response),
      body: readBody(graph, response),
    },
  };
}

function readHeaders(graph: Graph, node: Term): Array<[string, string]> {
  const list = graph.object(node, HT + 'headers');
  if (!list) return [];
  return graph.list(list).map((header) => [graph.text(header, HT + 'fieldName') ?? '', graph.text(header, HT + 'fieldValue') ?? '']);
}

function bodyEncoding(graph: Graph, node: Term): string | undefined {
  const body = graph.object(node, HT + 'body');
  return body ? graph.text(body, CNT + 'characterEncoding') : undefined;
}

function readBody(graph: Graph, node: Term): string | undefined {
  const body = graph.object(node, HT + 'body');
  return body ? graph.text(body, CNT + 'chars') : undefined;
}
