/**
 * The media types of the semantics endpoints: which RDF syntaxes exist and how Oxigraph
 * names them, which types each kind of answer can be sent as, and what is sent when
 * Accept says nothing. docs/decisions/0009-sparql-formats.md gives the reasons.
 * Negotiation itself is src/api/http/negotiate.ts `negotiate` (the one place for it).
 */
import { DbError } from '../../db/errors';
import { mediaType as bareMediaType, negotiate } from '../http/negotiate';

/** How a syntax is written: by Oxigraph (`dump`), or by one of our writers. */
export type RdfWriter = 'oxigraph' | 'ntriples' | 'nquads' | 'turtle' | 'rdf-json';

export interface RdfFormat {
  /** Human name, used in messages. */
  readonly name: string;
  /** The media type answers are labelled with. */
  readonly mediaType: string;
  /** Other media types naming the same syntax (accepted in Accept and Content-Type). */
  readonly aliases: readonly string[];
  /** Oxigraph's name for the syntax (`load`, `parse`, `dump`), or null when Oxigraph has none. */
  readonly oxigraph: string | null;
  /** True for syntaxes that carry graph names (quads). */
  readonly dataset: boolean;
  readonly writer: RdfWriter;
}

const format = (f: RdfFormat) => f;

/** The RDF syntaxes, in the order offered to a wildcard Accept (`text/*` → Turtle). */
export const rdfFormats: readonly RdfFormat[] = [
  format({ name: 'N-Triples', mediaType: 'application/n-triples', aliases: [], oxigraph: 'application/n-triples', dataset: false, writer: 'ntriples' }),
  format({ name: 'Turtle', mediaType: 'text/turtle', aliases: [], oxigraph: 'text/turtle', dataset: false, writer: 'turtle' }),
  format({ name: 'N-Quads', mediaType: 'application/n-quads', aliases: [], oxigraph: 'application/n-quads', dataset: true, writer: 'nquads' }),
  format({ name: 'TriG', mediaType: 'application/trig', aliases: ['text/trig'], oxigraph: 'application/trig', dataset: true, writer: 'oxigraph' }),
  format({ name: 'RDF/XML', mediaType: 'application/rdf+xml', aliases: [], oxigraph: 'application/rdf+xml', dataset: false, writer: 'oxigraph' }),
  format({ name: 'JSON-LD', mediaType: 'application/ld+json', aliases: [], oxigraph: 'application/ld+json', dataset: true, writer: 'oxigraph' }),
  format({ name: 'N3', mediaType: 'text/n3', aliases: [], oxigraph: 'text/n3', dataset: false, writer: 'oxigraph' }),
  format({ name: 'RDF/JSON', mediaType: 'application/rdf+json', aliases: [], oxigraph: null, dataset: false, writer: 'rdf-json' }),
];

const byMediaType = new Map<string, RdfFormat>();
for (const f of rdfFormats) for (const t of [f.mediaType, ...f.aliases]) byMediaType.set(t, f);

/** The RDF syntax of a media type or Content-Type header (parameters ignored), if any. */
export function rdfFormatOf(contentType: string | null | undefined): RdfFormat | undefined {
  return byMediaType.get(bareMediaType(contentType));
}

export const HTML = 'text/html';

/** How a SELECT/ASK result is written for each media type it can be sent as. */
export type ResultsWriter = 'json' | 'xml' | 'csv' | 'tsv' | 'html';

const resultsWriters: Record<string, ResultsWriter> = {
  'application/sparql-results+xml': 'xml',
  'application/sparql-results+json': 'json',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/csv': 'csv',
  'application/sparql-results+csv': 'csv',
  'text/tab-separated-values': 'tsv',
  [HTML]: 'html',
};

export function sparqlResultsWriter(mediaType: string): ResultsWriter | undefined {
  return resultsWriters[bareMediaType(mediaType)];
}

/**
 * The kinds of answer the semantics endpoints give:
 * - `bindings`: a SELECT result; `boolean`: an ASK result; `graph`: triples (CONSTRUCT,
 *   DESCRIBE, `GET /v1/graphs?graph=`, `GET /v1/graphs/things?iri=`);
 * - `graph-list`: `GET /v1/graphs` without a graph; `subjects`: `GET /v1/graphs/things`
 *   without `iri`.
 */
export type AnswerKind = 'bindings' | 'boolean' | 'graph' | 'graph-list' | 'subjects';

const resultsTypes = Object.keys(resultsWriters);
const rdfTypes = rdfFormats.flatMap((f) => [f.mediaType, ...f.aliases]);

/** Supported types per kind; the first is the default (no Accept, or only `*` + `/*`). */
export const answerTypes: Record<AnswerKind, readonly string[]> = {
  bindings: resultsTypes,
  boolean: resultsTypes,
  // Turtle first: it is what a request without Accept gets, and unlike N-Triples it can
  // carry the path-form IRIs MarkLogic keeps as written (decision 0009).
  graph: ['text/turtle', ...rdfTypes.filter((t) => t !== 'text/turtle'), HTML],
  'graph-list': ['text/uri-list', 'text/plain', HTML],
  subjects: [HTML],
};

/** The media type to answer with for `kind`; 406 REST-UNACCEPTABLETYPE when Accept allows none. */
export function negotiateAnswer(req: Request, kind: AnswerKind): string {
  const supported = answerTypes[kind];
  return negotiate(req, supported, supported[0]);
}

/** The media type of a SPARQL query's answer (SELECT → bindings, ASK → boolean, CONSTRUCT/DESCRIBE → graph). */
export function negotiateSparqlResults(req: Request, kind: 'bindings' | 'boolean' | 'graph'): string {
  return negotiateAnswer(req, kind);
}

const TEXT_TYPES = new Set<string>([...resultsTypes, ...rdfTypes, ...answerTypes['graph-list']]);
const isText = (t: string) => t.startsWith('text/') || /\+(json|xml)$/.test(t) || TEXT_TYPES.has(t);

/**
 * The Content-Type header for an answer: text types get `; charset=utf-8` unless they
 * already carry a parameter, as the real server does (MarkLogic’s REST Application Developer’s Guide).
 */
export function contentTypeHeader(mediaType: string): string {
  if (mediaType.includes(';') || !isText(mediaType.toLowerCase())) return mediaType;
  return `${mediaType}; charset=utf-8`;
}

/** The syntax for a media type the negotiation chose; a 406 if it is not an RDF syntax. */
export function rdfFormatFor(mediaType: string): RdfFormat {
  const f = rdfFormatOf(mediaType);
  if (!f) throw new DbError('REST-UNACCEPTABLETYPE', `${mediaType} is not an RDF syntax; supported: ${rdfTypes.join(', ')}`);
  return f;
}
