/**
 * What the samples have in common: their parts (documents with metadata, quads, graphs,
 * option sets, index settings) written out as scene archive entries in the layout of
 * docs/decisions/0025-scenes-and-tabula-paths.md (version 1), in one fixed order, so equal
 * parts always give equal bytes.
 */
import type { DocumentFormat, Permission } from '../../wire/documents';
import type { RangeElementAttributeIndex, RangeElementIndex } from '../../wire/indexes';
import type { QueryOptions } from '../options/types';
import { mimeTypeFor } from '../documents/format';
import { sceneEntryPath } from '../scene/layout';
import { ROOT_COLLATION } from '../indexes/collation';

export { ROOT_COLLATION };
import { escapeAttribute } from '../xml/escape';

/** The time every sample's manifest states: fixed, so two builds are byte for byte equal. */
export const SAMPLES_CREATED = '2025-01-01T00:00:00.000Z';

/** The collection the console's SPARQL page lists saved queries from. */
export const SAVED_QUERIES_COLLECTION = 'tabula/saved-queries';

/** What MarkLogic's rest-writer gives a new document: rest-reader reads, rest-writer updates. */
export const READABLE: Permission[] = [
  { 'role-name': 'rest-reader', capabilities: ['read'] },
  { 'role-name': 'rest-writer', capabilities: ['update'] },
];

export interface SampleDocument {
  uri: string;
  format: Exclude<DocumentFormat, 'binary'>;
  content: string;
  collections: string[];
  permissions?: Permission[];
  metadataValues?: Record<string, string>;
  quality?: number;
}

/** An RDF term: an IRI, or a literal (plain, language-tagged, or typed). */
export type Term = { iri: string } | { literal: string; lang?: string; datatype?: string };

export interface Quad {
  s: string;
  p: string;
  o: Term;
  /** Absent: the default graph. */
  g?: string;
}

export interface SampleParts {
  documents: SampleDocument[];
  quads: Quad[];
  /** Every named graph the quads use, with its permissions. */
  graphs: Array<{ iri: string; permissions: Permission[] }>;
  options: Record<string, { options: QueryOptions }>;
  database: {
    'range-element-index': RangeElementIndex[];
    'range-element-attribute-index': RangeElementAttributeIndex[];
    'collection-lexicon': boolean;
  };
}

/** The JSON metadata representation beside a document, plus its URI, format and MIME type. */
export function metadataEntry(doc: SampleDocument) {
  return {
    uri: doc.uri,
    format: doc.format,
    mimeType: mimeTypeFor(doc.uri, doc.format),
    collections: doc.collections,
    permissions: doc.permissions ?? READABLE,
    properties: {},
    quality: doc.quality ?? 0,
    metadataValues: doc.metadataValues ?? {},
  };
}

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

/** An N-Quads string literal's body: backslash, quote and line breaks escaped (N-Quads, ECHAR). */
const escapeLiteral = (text: string) => text.replace(/[\\"\n\r]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r' })[c] as string);

function termText(term: Term): string {
  if ('iri' in term) return `<${term.iri}>`;
  const body = `"${escapeLiteral(term.literal)}"`;
  if (term.lang) return `${body}@${term.lang}`;
  return term.datatype && term.datatype !== XSD_STRING ? `${body}^^<${term.datatype}>` : body;
}

export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
export const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
export const SCHEMA = 'http://schema.org/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

/**
 * Collects a sample's quads: `add` puts a triple in the given graph (by default the sample's
 * main one; `null` for the default graph), `text` and `typed` make literals.
 */
export function quadCollector(mainGraph: string) {
  const quads: Quad[] = [];
  return {
    quads,
    add: (s: string, p: string, o: Term, g: string | null = mainGraph) => void quads.push({ s, p, o, ...(g ? { g } : {}) }),
    text: (literal: string, lang?: string): Term => (lang ? { literal, lang } : { literal }),
    typed: (value: string | number, type: string): Term => ({ literal: String(value), datatype: `${XSD}${type}` }),
  };
}

/** One N-Quads line per quad; a default-graph triple has no graph term. */
export function toNQuads(quads: readonly Quad[]): string {
  return quads.map((q) => `<${q.s}> <${q.p}> ${termText(q.o)}${q.g ? ` <${q.g}>` : ''} .\n`).join('');
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => utf8(`${JSON.stringify(value, null, 2)}\n`);

export function sceneEntries(parts: SampleParts): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  entries.set('manifest.json', json({
    format: 'tabula-scene',
    version: 1,
    created: SAMPLES_CREATED,
    generator: 'tabula samples',
    counts: { documents: parts.documents.length, triples: parts.quads.length },
  }));
  for (const doc of parts.documents) entries.set(`documents/${sceneEntryPath(doc.uri)}`, utf8(doc.content));
  for (const doc of parts.documents) entries.set(`metadata/${sceneEntryPath(doc.uri)}.json`, json(metadataEntry(doc)));
  entries.set('triples/quads.nq', utf8(toNQuads(parts.quads)));
  entries.set('triples/graphs.json', json(parts.graphs));
  for (const [name, options] of Object.entries(parts.options)) entries.set(`config/query-options/${name}.json`, json(options));
  entries.set('config/database.json', json(parts.database));
  return entries;
}

/** A saved SPARQL query: a text document whose first line, `# <title>`, is its title. */
export function savedQuery(name: string, title: string, query: string): SampleDocument {
  return {
    uri: `/tabula/queries/${name}.rq`,
    format: 'text',
    content: `# ${title}\n${query.trim()}\n`,
    collections: [SAVED_QUERIES_COLLECTION],
  };
}

/** A range element index entry (a JSON property is an element in no namespace). */
export function elementIndex(type: 'string' | 'int' | 'decimal' | 'date' | 'dateTime', localname: string, namespace = ''): RangeElementIndex {
  return {
    'scalar-type': type,
    'namespace-uri': namespace,
    localname,
    collation: type === 'string' ? ROOT_COLLATION : '',
    'range-value-positions': false,
    'invalid-values': 'reject',
  };
}

/** Text for XML content or a double-quoted attribute (the attribute escaping covers both). */
export const xmlText = (text: string) => escapeAttribute(text, 'sample text');

/** `Castle Hill` → `castle-hill`: a name as a collection or IRI segment. */
export const slug = (name: string) => name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** `7` → `007`: numbered ids that sort as they read. */
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The first letter in capitals, for a phrase that starts a sentence. */
export const capital = (s: string) => s.replace(/^./, (c) => c.toUpperCase());
