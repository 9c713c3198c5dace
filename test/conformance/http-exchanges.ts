/**
 * Running a W3C protocol or graph-store-protocol test: its HTTP exchanges, in order,
 * against Tabula's handler over a fresh database, each response checked against the
 * manifest's expectations (status or status class, Location, headers, result format,
 * ASK value, and an RDF body by graph isomorphism).
 *
 * Paths are mapped as test/conformance/README.md says: `/sparql/` →
 * `/v1/graphs/sparql`, `/gsp` → `/v1/graphs`.
 */
import { testApi, type TestApi } from '../helpers';
import { compareQuads } from './compare';
import { rdfFormatOf, readByIri } from './files';
import type { HttpExchange, HttpTest } from './manifest';
import { readRdf, readSrj, readSrx } from './results';

const EXACT_STATUS: Record<string, number> = {
  OK: 200,
  Created: 201,
  Accepted: 202,
  NoContent: 204,
  BadRequest: 400,
  NotFound: 404,
  MethodNotAllowed: 405,
  UnsupportedMediaType: 415,
};

/** Media types each `mf:expectedFormat` allows (the protocol spec's, plus the RDF forms rdf-test-suite accepts). */
const FORMATS: Record<string, string[]> = {
  boolean: ['application/sparql-results+xml', 'application/sparql-results+json'],
  tabular: ['application/sparql-results+xml', 'application/sparql-results+json', 'text/csv', 'text/tab-separated-values'],
  RDF: ['application/rdf+xml', 'text/turtle', 'application/n-triples', 'application/n-quads', 'application/trig', 'application/ld+json'],
};

/** The API path for a manifest path; undefined for direct graph identification (`/gsp/person/1.ttl`), which this API lacks. */
export function apiPath(path: string): string | undefined {
  const sparql = /^\/sparql\/?(\?.*)?$/.exec(path);
  if (sparql) return `/v1/graphs/sparql${sparql[1] ?? ''}`;
  const gsp = /^\/gsp(\?.*)?$/.exec(path);
  if (gsp) return `/v1/graphs${gsp[1] ?? ''}`;
  return undefined;
}

export async function runHttpTest(test: HttpTest): Promise<void> {
  const api = await testApi();
  try {
    await preload(api, test);
    const variables = new Map<string, string>();
    for (const [index, exchange] of test.exchanges.entries()) {
      try {
        await runExchange(api, exchange, variables);
      } catch (err) {
        throw new Error(`request ${index + 1} of ${test.exchanges.length} (${exchange.method} ${exchange.path}): ${(err as Error).message}`);
      }
    }
  } finally {
    api.db.close();
  }
}

/** `ut:graphData`: each file PUT into the graph its label names. */
async function preload(api: TestApi, test: HttpTest): Promise<void> {
  for (const { file, name } of test.graphData) {
    const res = await api.fetch(`/v1/graphs?graph=${encodeURIComponent(name)}&base=${encodeURIComponent(file)}`, {
      method: 'PUT',
      headers: { 'Content-Type': rdfFormatOf(file) },
      body: readByIri(file),
    });
    if (!res.ok) throw new Error(`preloading ${name}: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
  }
}

async function runExchange(api: TestApi, exchange: HttpExchange, variables: Map<string, string>): Promise<void> {
  const substitute = (text: string) => [...variables].reduce((out, [name, value]) => out.split(name).join(value), text);
  const path = apiPath(substitute(exchange.path));
  if (!path) throw new Error(`no mapping for the path ${exchange.path}`);
  const res = await api.fetch(path, {
    method: exchange.method,
    headers: exchange.headers,
    body: exchange.body === undefined ? undefined : encode(substitute(exchange.body), exchange.bodyEncoding),
  });
  const body = exchange.method === 'HEAD' ? '' : await res.text();
  const { expect } = exchange;
  const show = () => `${res.status} ${res.headers.get('content-type') ?? '(no Content-Type)'}\n${body.slice(0, 600)}`;

  if (!expect.statuses.some((s) => statusMatches(s, res.status))) throw new Error(`expected status ${expect.statuses.join(' or ')}, got ${show()}`);

  if (expect.location) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`expected a Location header, got ${show()}`);
    variables.set(expect.location, location);
  }

  for (const [name, value] of expect.headers) {
    const actual = res.headers.get(name);
    const same = name.toLowerCase() === 'content-type' ? mediaType(actual) === mediaType(value) : actual === value;
    if (!same) throw new Error(`expected ${name}: ${value}, got ${actual ?? '(none)'}`);
  }

  const type = mediaType(res.headers.get('content-type'));
  if (expect.format) {
    if (!FORMATS[expect.format].includes(type)) throw new Error(`expected a ${expect.format} result (${FORMATS[expect.format].join(', ')}), got ${show()}`);
    checkParses(expect.format, type, body);
  }
  if (expect.boolean !== undefined) {
    const result = type === 'application/sparql-results+json' ? readSrj(body) : readSrx(body);
    if (result.kind !== 'boolean' || result.value !== expect.boolean) throw new Error(`expected the boolean ${expect.boolean}, got ${show()}`);
  }

  if (expect.body !== undefined) {
    const expectedType = mediaType(expect.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'text/turtle');
    const base = new URL(path, 'http://www.example').href;
    const difference = compareQuads(readRdf(expect.body, expectedType, base), readRdf(body, type, base));
    if (difference) throw new Error(`the graph in the response differs from the expected one\n${difference}`);
  }
}

function statusMatches(expected: string, status: number): boolean {
  const range = /^StatusCode(\d)xx$/.exec(expected);
  if (range) return Math.floor(status / 100) === Number(range[1]);
  const exact = EXACT_STATUS[expected];
  if (exact === undefined) throw new Error(`unknown expected status hts:${expected}`);
  return status === exact;
}

/** A result in the format its media type claims, or the check fails with the parser's message. */
function checkParses(format: string, type: string, body: string): void {
  if (format === 'RDF') {
    readRdf(body, type, 'http://www.example/');
    return;
  }
  if (type === 'application/sparql-results+json' || type === 'application/sparql-results+xml') {
    const result = type === 'application/sparql-results+json' ? readSrj(body) : readSrx(body);
    const kind = format === 'boolean' ? 'boolean' : 'solutions';
    if (result.kind !== kind) throw new Error(`expected a ${format} result, got a ${result.kind} result`);
  }
}

const mediaType = (value: string | null): string => (value ?? '').split(';')[0].trim().toLowerCase();

/** The body bytes in the manifest's declared encoding; UTF-16 goes out little-endian with a byte-order mark, as runners send it. */
function encode(text: string, encoding = 'UTF-8'): Uint8Array<ArrayBuffer> {
  if (/^utf-?16$/i.test(encoding)) {
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      bytes[2 + i * 2] = code & 0xff;
      bytes[3 + i * 2] = code >> 8;
    }
    return bytes;
  }
  return new TextEncoder().encode(text);
}
