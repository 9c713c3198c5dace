/**
 * The RDF syntaxes the graph store reads and writes (MarkLogic’s Semantics Developer’s Guide, supported RDF formats),
 * with the media types MarkLogic uses, so imports and exports can offer them by name.
 */
import { localName } from './prefixes';

export interface RdfFormat {
  id: string;
  label: string;
  mediaType: string;
  /** File name extensions, the first one used for downloads. */
  extensions: readonly string[];
  /** Carries graph names (N-Quads, TriG): can address several graphs at once. */
  quads: boolean;
}

export const rdfFormats: readonly RdfFormat[] = [
  { id: 'turtle', label: 'Turtle', mediaType: 'text/turtle', extensions: ['ttl'], quads: false },
  { id: 'ntriples', label: 'N-Triples', mediaType: 'application/n-triples', extensions: ['nt'], quads: false },
  { id: 'nquads', label: 'N-Quads', mediaType: 'application/n-quads', extensions: ['nq'], quads: true },
  { id: 'trig', label: 'TriG', mediaType: 'application/trig', extensions: ['trig'], quads: true },
  { id: 'rdfxml', label: 'RDF/XML', mediaType: 'application/rdf+xml', extensions: ['rdf', 'owl', 'xml'], quads: false },
  { id: 'jsonld', label: 'JSON-LD', mediaType: 'application/ld+json', extensions: ['jsonld'], quads: false },
  { id: 'rdfjson', label: 'RDF/JSON', mediaType: 'application/rdf+json', extensions: ['rj', 'json'], quads: false },
];

export const DEFAULT_FORMAT = rdfFormats[0];

export function formatById(id: string): RdfFormat {
  return rdfFormats.find((f) => f.id === id) ?? DEFAULT_FORMAT;
}

/** The format a file name's extension names, if any. */
export function formatForFileName(name: string): RdfFormat | undefined {
  const ext = /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext ? rdfFormats.find((f) => f.extensions.includes(ext)) : undefined;
}

/** A file name for a graph exported in a format: its IRI's last segment, made safe for file systems. */
export function exportFileName(graph: string, format: RdfFormat): string {
  const base = localName(graph)
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'graph'}.${format.extensions[0]}`;
}
