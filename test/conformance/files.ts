/**
 * Where the W3C test files live on disk and what they are called on the web.
 *
 * Every file is addressed by its published IRI
 * (`https://w3c.github.io/rdf-tests/sparql/sparql11/<dir>/<file>`): that IRI is the base
 * for parsing it and, for `qt:graphData`, the name of the graph it becomes
 * (conformance README).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export const CONFORMANCE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/conformance');
export const PUBLISHED_BASE = 'https://w3c.github.io/rdf-tests/sparql/';

/** The published IRI of a file given by its path under the conformance folder (`sparql11/add/manifest.ttl`). */
export const iriOf = (relativePath: string): string => PUBLISHED_BASE + relativePath;

/** Reads a test file by its published IRI. Fails loudly for IRIs outside the suite: a runner bug. */
export function readByIri(iri: string): string {
  return readFileSync(localPath(iri), 'utf8');
}

export function isLocalIri(iri: string): boolean {
  return iri.startsWith(PUBLISHED_BASE);
}

function localPath(iri: string): string {
  if (!isLocalIri(iri)) throw new Error(`not a file of the W3C suite: ${iri}`);
  return resolve(CONFORMANCE_DIR, decodeURIComponent(iri.slice(PUBLISHED_BASE.length)));
}

export type RdfFormat = 'text/turtle' | 'application/rdf+xml' | 'application/n-triples' | 'application/n-quads' | 'application/trig';

/** The media type of an RDF file, by extension, as a graph store client would send it. */
export function rdfFormatOf(iri: string): RdfFormat {
  const ext = /\.([a-z]+)$/i.exec(iri)?.[1]?.toLowerCase();
  switch (ext) {
    case 'ttl':
      return 'text/turtle';
    case 'rdf':
      return 'application/rdf+xml';
    case 'nt':
      return 'application/n-triples';
    case 'nq':
      return 'application/n-quads';
    case 'trig':
      return 'application/trig';
    default:
      throw new Error(`no RDF format known for ${iri}`);
  }
}
