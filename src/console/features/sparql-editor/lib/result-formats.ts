/**
 * The serialisations a result can be seen raw in or downloaded as, by query form
 * (MarkLogic’s REST API reference, /v1/graphs/sparql; docs/decisions/0009-sparql-formats.md). Solutions cannot be had as RDF nor
 * triples as results tables, so each form lists only what it can be asked for.
 */
import type { QueryForm } from '../../../../client/sparql';
import type { CodeLanguage } from '../../../components/code-editor';

export interface ResultFormat {
  /** The Accept value asked for. */
  mediaType: string;
  label: string;
  extension: string;
  /** How the raw view highlights it. */
  language: CodeLanguage;
}

const solutionFormats: readonly ResultFormat[] = [
  { mediaType: 'application/sparql-results+json', label: 'JSON', extension: 'srj', language: 'json' },
  { mediaType: 'application/sparql-results+xml', label: 'XML', extension: 'srx', language: 'xml' },
  { mediaType: 'text/csv', label: 'CSV', extension: 'csv', language: 'text' },
  { mediaType: 'text/tab-separated-values', label: 'TSV', extension: 'tsv', language: 'text' },
  { mediaType: 'text/html', label: 'HTML', extension: 'html', language: 'xml' },
];

const graphFormats: readonly ResultFormat[] = [
  { mediaType: 'text/turtle', label: 'Turtle', extension: 'ttl', language: 'text' },
  { mediaType: 'application/n-triples', label: 'N-Triples', extension: 'nt', language: 'text' },
  { mediaType: 'application/n-quads', label: 'N-Quads', extension: 'nq', language: 'text' },
  { mediaType: 'application/trig', label: 'TriG', extension: 'trig', language: 'text' },
  { mediaType: 'application/rdf+xml', label: 'RDF/XML', extension: 'rdf', language: 'xml' },
  { mediaType: 'application/ld+json', label: 'JSON-LD', extension: 'jsonld', language: 'json' },
  { mediaType: 'application/rdf+json', label: 'RDF/JSON', extension: 'rj', language: 'json' },
  { mediaType: 'text/n3', label: 'N3', extension: 'n3', language: 'text' },
  { mediaType: 'text/html', label: 'HTML', extension: 'html', language: 'xml' },
];

export function formatsFor(form: QueryForm): readonly ResultFormat[] {
  return form === 'CONSTRUCT' || form === 'DESCRIBE' ? graphFormats : solutionFormats;
}

/** `sparql-select-20240131-154502.csv`: sortable, and says what it holds. */
export function downloadName(form: QueryForm, format: ResultFormat, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `sparql-${form.toLowerCase()}-${stamp}.${format.extension}`;
}
