/**
 * The instance's explicit limits: every input a request can make arbitrarily large or
 * deep is checked against one of these before it reaches a parser, an engine or
 * IndexedDB. Each sits far above any real document or query and far below what hurts
 * (a stack overflow, a blocked event loop, a WebAssembly trap). Past a limit the request
 * is refused with 400 TABULA-LIMIT (structure) or 413 RESTAPI-PAYLOADTOOLARGE (size),
 * the message naming the limit, and nothing changes.
 *
 * docs/limits.md lists them for users; keep the two in step.
 *
 * @example
 * checkLimit('maxNestingDepth', depth, 'JSON document');
 */
import { DbError } from './errors';

export const limits = {
  /**
   * Size of a scene archive `PUT /tabula/v1/scene` accepts (413 beyond it). Larger than the
   * request payload limit, because a scene is a whole database; an import holds the archive
   * in memory once while it reads it (docs/scenes.md).
   */
  maxSceneBytes: 1024 * 1024 * 1024,
  /**
   * Bytes of one document's content (413 beyond it): a document is one IndexedDB value, and
   * Chromium aborts the whole transaction for a value past 127 MiB. The request payload limit
   * (a setting, 256 MiB by default) lets larger bodies through for bulk triple loads.
   */
  maxDocumentBytes: 100 * 1024 * 1024,
  /**
   * Depth of nesting of a JSON value or XML element tree: documents, metadata, query and
   * option bodies, patches; of JSON-LD and RDF/XML payloads, and of `(`, `[`, `{` in Turtle,
   * TriG and N3 payloads.
   */
  maxNestingDepth: 512,
  /**
   * HTTP Digest: how far below the highest nc used with a nonce a counter may still
   * arrive (concurrent requests of one client overtake each other); older ones are
   * refused as replays. A multiple of 32 (a bitmap of 128 bytes per nonce).
   */
  digestNcWindow: 1024,
  /** HTTP Digest: nonces whose used counters are remembered at once (least recently used evicted, once idle for an hour). */
  digestTrackedNonces: 10_000,
  /**
   * Items of one collection `( … )` in a Turtle, TriG or N3 payload: two triples each; a
   * 200,000-item list takes the engine 7–25 s (real lists hold tens).
   */
  maxRdfListItems: 10_000,
  /** Characters of a SPARQL query or update (413 past it). */
  maxSparqlLength: 1024 * 1024,
  /** Depth of `{`, `(` and `[` in a SPARQL query or update (a real one nests < 20; the engine traps near 800). */
  maxSparqlNesting: 64,
  /** Property-path operators (`/`, `|`, `^`) in one SPARQL statement (a 256-step path takes seconds). */
  maxSparqlPathLength: 64,
  /** Other operators and UNION / MINUS / OPTIONAL in one SPARQL statement (the engine traps near 3,000). */
  maxSparqlChain: 256,
  /**
   * Triple patterns in one SPARQL query or update, DATA blocks, templates and VALUES aside
   * (a collection item is two): real queries have < 30; the optimiser takes 3 s for 256.
   */
  maxSparqlTriplePatterns: 64,
  /**
   * Bytes of a request's URL: its path and query string, percent-encoded: a GET search or
   * SPARQL query travels in it. Past it: 414 URI Too Long, the status HTTP names for it.
   */
  maxUrlBytes: 1_048_576,
  /**
   * Bytes of the request line and headers together (the Node host's parser limit):
   * the URL's limit plus 64 KiB of headers. Past it: 431 Request Header Fields Too Large.
   */
  maxRequestHeadBytes: 1_114_112,
  /**
   * Range indexes a database defines, one per name (an entry may list several): every
   * write computes a document's values for each. Real databases define tens.
   */
  maxRangeIndexes: 4096,
  /**
   * Distinct value combinations one `/v1/values` tuples request may count: a document's
   * combinations multiply (three arrays of a thousand values are a billion), and each
   * distinct one is held until the answer is written. A real co-occurrence report has
   * thousands.
   */
  maxValuesTuples: 1_000_000,
  /**
   * Documents one multi-statement transaction may change before its commit: its uncommitted
   * state lives in memory until then (docs/decisions/0033-transactions.md), and its commit is
   * one IndexedDB transaction.
   */
  maxTransactionDocuments: 10_000,
  /** Characters of content (bytes for binaries) and metadata one transaction may hold uncommitted. */
  maxTransactionBytes: 64 * 1024 * 1024,
  /** Transactions open at once: each holds its writes in memory until it commits, rolls back or expires. */
  maxOpenTransactions: 100,
  /** Databases a server holds besides its home one and Modules: each is an IndexedDB database, and an open one holds its engines in memory. */
  maxDatabases: 256,
  /** REST instances besides the built-in one: in the Node host each listens on a port. */
  maxInstances: 64,
} as const;

export type LimitName = keyof typeof limits;

/** The message detail that names a limit: `<what> exceeds maxNestingDepth (512)`. */
export const limitDetail = (name: LimitName, what: string): string => `${what} exceeds ${name} (${limits[name]})`;

/**
 * 400 TABULA-LIMIT naming the limit `what` went past; `status` for the limits HTTP has a
 * status of its own for (414 for the URL, 431 for the request head).
 */
export const limitError = (name: LimitName, what: string, status?: number): DbError =>
  new DbError('TABULA-LIMIT', limitDetail(name, what), status);

/** Throws {@link limitError} when `value` is over the limit. */
export function checkLimit(name: LimitName, value: number, what: string): void {
  if (value > limits[name]) throw limitError(name, what);
}
