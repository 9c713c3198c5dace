/**
 * The endpoint under test: Tabula's handler over a fresh database, spoken to the way
 * a W3C client would — data loaded with the graph store (`PUT`/`POST /v1/graphs`),
 * queries and updates sent with the SPARQL protocol (`POST /v1/graphs/sparql`), the
 * resulting dataset read back with `GET /v1/graphs`.
 */
import * as oxigraph from 'oxigraph';
import { testApi, type TestApi } from '../helpers';
import { DEFAULT_GRAPH, EndpointError, type Endpoint, type GraphLoad, type GraphName, type QueryDataset, type ResultForm, type UpdateDataset } from './endpoint';
import { rdfFormatOf, readByIri } from './files';
import { readCsv, readRdf, readSrj, readTsv, type QueryResult, type RdfQuad } from './results';

/** Where the API keeps unnamed triples (MarkLogic’s Semantics Developer’s Guide). */
export const ML_DEFAULT_GRAPH = 'http://marklogic.com/semantics#default-graph';
/** The graph catalogue the graph list also names; it holds no triples of the test's. */
export const ML_GRAPH_CATALOGUE = 'http://marklogic.com/semantics#graphs';

const ACCEPT: Record<ResultForm, string> = {
  solutions: 'application/sparql-results+json',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  graph: 'application/n-triples',
};

/** Why the HTTP suites cannot run yet (the SPARQL endpoint is not routed), or undefined. */
export async function httpUnavailable(): Promise<string | undefined> {
  return probe('/v1/graphs/sparql', { method: 'POST', headers: { 'Content-Type': 'application/sparql-query' }, body: 'ASK {}' });
}

/** Why the graph store suite cannot run yet, or undefined. */
export async function graphStoreUnavailable(): Promise<string | undefined> {
  return probe('/v1/graphs', { headers: { Accept: 'text/uri-list' } });
}

async function probe(path: string, init: RequestInit): Promise<string | undefined> {
  const api = await testApi();
  try {
    const res = await api.fetch(path, init);
    await res.body?.cancel();
    return res.status === 404 ? `${init.method ?? 'GET'} ${path} answers 404: the endpoint is not there yet` : undefined;
  } finally {
    api.db.close();
  }
}

/** A fresh database and handler per test: W3C tests assume an empty store, and some clear all of it. */
export async function httpEndpoint(): Promise<HttpEndpoint> {
  return new HttpEndpoint(await testApi());
}

export class HttpEndpoint implements Endpoint {
  readonly name = 'HTTP';
  readonly unionDefaultGraph = true;

  constructor(readonly api: TestApi) {}

  async load(graphs: GraphLoad[]): Promise<void> {
    const written = new Set<GraphName>();
    for (const { graph, file } of graphs) {
      const body = readByIri(file);
      const format = rdfFormatOf(file);
      // An empty body would delete the graph (MarkLogic's graph store: PUT with an empty graph), not create it.
      if (oxigraph.parse(body, { format, base_iri: file }).length === 0) continue;
      const res = await this.api.fetch(`/v1/graphs?${graphQuery(graph)}&base=${encodeURIComponent(file)}`, {
        method: written.has(graph) ? 'POST' : 'PUT',
        headers: { 'Content-Type': format },
        body,
      });
      written.add(graph);
      if (!res.ok) throw new Error(`loading ${file}: ${res.status} ${await res.text()}`);
      await res.body?.cancel();
    }
  }

  async query(text: string, options: { base: string; form: ResultForm; dataset?: QueryDataset }): Promise<QueryResult> {
    const params = new URLSearchParams({ base: options.base });
    for (const g of options.dataset?.defaultGraphs ?? []) params.append('default-graph-uri', graphIri(g));
    for (const g of options.dataset?.namedGraphs ?? []) params.append('named-graph-uri', g);
    const accept = ACCEPT[options.form];
    const res = await this.api.fetch(`/v1/graphs/sparql?${params}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sparql-query', Accept: accept },
      body: text,
    });
    const body = await res.text();
    if (res.status !== 200) throw refusal(res, body);
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== accept) throw new Error(`asked for ${accept}, got Content-Type ${res.headers.get('content-type')}`);
    switch (options.form) {
      case 'solutions':
        return readSrj(body);
      case 'csv':
        return readCsv(body);
      case 'tsv':
        return readTsv(body);
      case 'graph':
        return { kind: 'graph', quads: readRdf(body, accept, options.base) };
    }
  }

  async update(text: string, options: { base: string; dataset?: UpdateDataset }): Promise<void> {
    const params = new URLSearchParams({ base: options.base });
    for (const g of options.dataset?.usingGraphs ?? []) params.append('using-graph-uri', graphIri(g));
    for (const g of options.dataset?.usingNamedGraphs ?? []) params.append('using-named-graph-uri', g);
    const res = await this.api.fetch(`/v1/graphs/sparql?${params}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sparql-update' },
      body: text,
    });
    const body = await res.text();
    if (![200, 201, 204].includes(res.status)) throw refusal(res, body);
  }

  async dump(): Promise<RdfQuad[]> {
    const list = await this.api.fetch('/v1/graphs', { headers: { Accept: 'text/uri-list' } });
    const listing = await list.text();
    if (list.status !== 200) throw new Error(`GET /v1/graphs: ${list.status} ${listing}`);
    const quads: RdfQuad[] = [];
    for (const name of listing.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
      if (name === ML_GRAPH_CATALOGUE) continue;
      const graph: GraphName = name === ML_DEFAULT_GRAPH ? DEFAULT_GRAPH : name;
      const res = await this.api.fetch(`/v1/graphs?${graphQuery(graph)}`, { headers: { Accept: 'application/n-triples' } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET /v1/graphs?${graphQuery(graph)}: ${res.status} ${body}`);
      for (const quad of readRdf(body, 'application/n-triples', name)) {
        quads.push(graph === DEFAULT_GRAPH ? quad : { ...quad, graph: { type: 'uri', value: name } });
      }
    }
    return quads;
  }

  /** Closes and deletes the database, so a thousand tests do not keep a thousand in memory. */
  async close(): Promise<void> {
    const name = this.api.db.idb.name;
    this.api.db.close();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => resolve();
    });
  }
}

const graphIri = (graph: GraphName): string => (graph === DEFAULT_GRAPH ? ML_DEFAULT_GRAPH : graph);
/** `default` or `graph=<IRI>`, as the graph store addresses a graph (`?default` has no value). */
const graphQuery = (graph: GraphName): string => (graph === DEFAULT_GRAPH ? 'default' : `graph=${encodeURIComponent(graph)}`);

/** A refusal as an EndpointError: a syntax error is 400 RESTAPI-INVALIDCONTENT (MarkLogic’s answer to a SPARQL syntax error). */
function refusal(res: Response, body: string): EndpointError {
  const syntax = res.status === 400 && body.includes('RESTAPI-INVALIDCONTENT');
  return new EndpointError(`${res.status} ${body}`, syntax);
}
